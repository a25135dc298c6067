/*
 * QTest testcase for the Matrix Unit's data movement instructions (MOVA2D,
 * MOVDBGA2D, MOVB2D, MOVD2A, MOVD2B, MOVB2A) and ADDR_MOD application
 * (RWCs.md ApplyAddrMod, through MOV* and ZEROACC) on tt-blackhole and
 * tt-wormhole.
 *
 * Instructions are pushed through BRISC's INSTRN_BUF window 0 (thread 0);
 * Config state 0 is written through BRISC's TENSIX_CFG window, ThreadConfig
 * with SETC16.  SrcA/SrcB are filled with STOREIND (Src), Dst with MOV*;
 * the results are read back through "x-src-state", "x-dst-state" and
 * "rwc-state".
 *
 * Every expected value is derived by hand from the functional models in
 * tt-isa-documentation WormholeB0 TensixCoprocessor/MOVA2D.md, MOVB2D.md,
 * MOVD2A.md, MOVD2B.md, MOVB2A.md, MOVDBGA2D.md, RWCs.md, ZEROACC.md,
 * STOREIND_Src.md, Dst.md (Adj32), SrcASrcB.md; ThreadConfig and Config
 * word indices from tt-metal's cfg_defines.h.  Blackhole refuses SETDVALID
 * (tt_adc.c): there the banks go to the Matrix Unit with UNPACR_NOP's
 * SETDVALID form, one instruction per unpacker (tt_unpacr_nop_setdvalid).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "libqtest.h"
#include "tt-qtest-util.h"

#define TENSIX_PATH             "/machine/tile[0,0]/tensix"
#define CFG_BASE                0xFFEF0000u     /* Config[0] in BRISC's view */

#define NUM_SRC                 (2 * 2 * 64 * 16)
#define DST_ROWS                1024
#define NUM_DST                 (DST_ROWS * 16 + DST_ROWS)
#define NUM_RWC                 27

/* Opcodes (bits 31:24) */
#define OP_MOVD2A               0x08u
#define OP_MOVDBGA2D            0x09u
#define OP_MOVD2B               0x0Au
#define OP_MOVB2A               0x0Bu
#define OP_ZEROACC              0x10u
#define OP_MOVA2D               0x12u
#define OP_MOVB2D               0x13u
#define OP_CLEARDVALID          0x36u
#define OP_SETRWC               0x37u
#define OP_SETDVALID            0x57u
#define OP_STOREIND             0x66u
#define OP_SETC16               0xB2u

/*
 * Give the unpackers' SrcA (@flip bit 0) and/or SrcB (bit 1) banks to the
 * Matrix Unit from thread @t: SETDVALID on Wormhole, UNPACR_NOP's
 * SETDVALID form on Blackhole.
 */
static void setdvalid(QTestState *qts, bool bh, int t, unsigned flip)
{
    if (!bh) {
        tt_push(qts, t, (OP_SETDVALID << 24) | flip);
        return;
    }
    for (int u = 0; u < 2; u++) {
        if (flip & (1u << u)) {
            tt_push(qts, t, tt_unpacr_nop_setdvalid(true, u));
        }
    }
}

/* SETC16: ThreadConfig[thread][reg 23:16] = value 15:0 */
#define SETC16(reg, v)          ((OP_SETC16 << 24) | ((reg) << 16) | (v))
/* SETRWC with BitMask SrcA | SrcB | Dst | Fidelity and values 0 */
#define SETRWC_CLEAR            ((OP_SETRWC << 24) | 0xFu)

/* Config words (cfg_defines.h, both architectures) */
#define CFG_ALU_FORMAT_SPEC     0       /* SrcA_val 3:0, SrcA_override 4 */
#define CFG_ALU_ACC_CTRL        1       /* Fp32_enabled 29 */
#define CFG_ZERO_FLAG           2       /* Zero_Flag_disabled_src 0 */
#define SRCA_OVERRIDE           (1u << 4)
#define ACC_FP32                (1u << 29)

/* Data formats (ALU_FORMAT_SPEC, tt-metal DataFormat) */
#define FMT_FP16                1u
#define FMT_TF32                4u
#define FMT_BF16                5u

/* ADDR_MOD_AB: SrcAIncr 5:0, SrcACR 6, SrcAClear 7, SrcB 13:8, 14, 15 */
#define AB(ai, acr, aclr, bi, bcr, bclr) \
    ((ai) | ((acr) << 6) | ((aclr) << 7) | ((bi) << 8) | ((bcr) << 14) | \
     ((bclr) << 15))
/*
 * ADDR_MOD_DST: DestIncr 9:0, DestCR 10, DestClear 11, DestCToCR 12,
 * FidelityIncr 14:13, FidelityClear 15
 */
#define DST(di, cr, clr, c2cr, fi, fclr) \
    ((di) | ((cr) << 10) | ((clr) << 11) | ((c2cr) << 12) | ((fi) << 13) | \
     ((fclr) << 15))
/* ADDR_MOD_BIAS: BiasIncr 3:0, BiasClear 4 */
#define BIAS(inc, clr)          ((inc) | ((clr) << 4))

typedef struct TTArch {
    const char *name;
    const char *machine;
    bool bh;
    /* ThreadConfig words (cfg_defines.h, THREAD section) */
    unsigned ab0, ab_stride, dst0, bias0;
    int set_base;               /* ADDR_MOD_SET_Base; -1: none */
    unsigned fp16a_force;       /* FP16A_FORCE_Enable */
} TTArch;

static const TTArch tt_blackhole = {
    "blackhole", "tt-blackhole", true, 12, 1, 28, 47, -1, 55,
};
static const TTArch tt_wormhole = {
    "wormhole", "tt-wormhole", false, 7, 2, 23, 48, 2, 56,
};

/* ---------------------------------------------------------------------- */
/* Encodings (Bits32.lua; Blackhole: tt-llk's assembly.yaml)              */
/* ---------------------------------------------------------------------- */

/*
 * MOVA2D, MOVDBGA2D, MOVD2A, MOVD2B: UseDst32bLo 23, SrcRow 22:17,
 * AddrMod 16:15 (WH) / 16:14 (BH), instr_mod 14:12 (WH) / 13:12 (BH),
 * DstRow 11:0.
 */
static uint32_t mov(const TTArch *a, uint32_t op, int lo, int src, int am,
                    int mod, int dst)
{
    return (op << 24) | (lo << 23) | (src << 17) |
           (am << (a->bh ? 14 : 15)) | (mod << 12) | dst;
}

/* MOVB2D: Blackhole's instr_mod is 13:11 and DstRow 10:0 */
static uint32_t movb2d(const TTArch *a, int lo, int src, int am, int mod,
                       int dst)
{
    if (a->bh) {
        return (OP_MOVB2D << 24) | (lo << 23) | (src << 17) | (am << 14) |
               (mod << 11) | dst;
    }
    return mov(a, OP_MOVB2D, lo, src, am, mod, dst);
}

/* MOVB2A: SrcARow 23:17, AddrMod, instr_mod, SrcBRow 11:0 */
static uint32_t movb2a(const TTArch *a, int srca, int am, int mod, int srcb)
{
    return mov(a, OP_MOVB2A, 0, 0, am, mod, srcb) | (srca << 17);
}

/*
 * ZEROACC.  Wormhole: Imm10 9:0, AddrMod 16:15, Mode 20:19.  Blackhole:
 * where 13:0, addr_mode 16:14, clear_mode 23:19.
 */
static uint32_t zeroacc(const TTArch *a, int mode, int am, int imm)
{
    return (OP_ZEROACC << 24) | (mode << 19) | (am << (a->bh ? 14 : 15)) |
           imm;
}
enum { ONE_ROW, ROWS_16, HALF, ALL };

static void set_gpr(QTestState *qts, unsigned r, uint32_t v)
{
    tt_push(qts, 0, tt_setdmareg(2 * r, v & 0xFFFF));
    tt_push(qts, 0, tt_setdmareg(2 * r + 1, v >> 16));
}

/* ADDR_MOD section @i of thread 0 */
static void set_addr_mod(QTestState *qts, const TTArch *a, int i,
                         uint32_t ab, uint32_t dst, uint32_t bias)
{
    tt_push(qts, 0, SETC16(a->ab0 + i * a->ab_stride, ab));
    tt_push(qts, 0, SETC16(a->dst0 + i, dst));
    tt_push(qts, 0, SETC16(a->bias0 + i, bias));
}

static void set_cfg(QTestState *qts, unsigned word, uint32_t v)
{
    tt_assert_all_idle(qts);
    qtest_writel(qts, CFG_BASE + 4 * word, v);
}

/* ---------------------------------------------------------------------- */
/* Expected state                                                         */
/* ---------------------------------------------------------------------- */

typedef struct Want {
    uint32_t src[NUM_SRC];
    uint32_t dst[NUM_DST];
} Want;

/* Index into x-src-state of Src<b>[bank][row][col] */
static int si(int b, int bank, int row, int col)
{
    return ((b * 2 + bank) * 64 + row) * 16 + col;
}

/* Index into x-dst-state of DstBits[row][col] */
static int di(int row, int col)
{
    return row * 16 + col;
}

/* Dst.md Adj32 (Wormhole; Blackhole without DEST_ACCESS_CFG) */
static int adj32(int row)
{
    return ((row & 0x1f8) << 1) | (row & 0x207);
}

static void want_dst32(Want *w, int row, int col, uint32_t v)
{
    w->dst[di(adj32(row), col)] = v >> 16;
    w->dst[di(adj32(row) + 8, col)] = v & 0xffff;
}

static void check_state(QTestState *qts, const Want *w, const char *step)
{
    g_autofree uint32_t *got = g_new(uint32_t, NUM_DST);

    tt_qom_get_u32_list(qts, TENSIX_PATH, "x-src-state", got, NUM_SRC);
    for (int i = 0; i < NUM_SRC; i++) {
        if (got[i] != w->src[i]) {
            g_test_message("%s: Src%c[%d][%d][%d] = 0x%x, expected 0x%x",
                           step, i / (2 * 64 * 16) ? 'B' : 'A',
                           i / (64 * 16) % 2, i / 16 % 64, i % 16, got[i],
                           w->src[i]);
        }
        g_assert_cmphex(got[i], ==, w->src[i]);
    }
    tt_qom_get_u32_list(qts, TENSIX_PATH, "x-dst-state", got, NUM_DST);
    for (int i = 0; i < NUM_DST; i++) {
        if (got[i] != w->dst[i]) {
            g_test_message("%s: x-dst-state[%d] (row %d) = 0x%x, expected "
                           "0x%x", step, i, i / 16, got[i], w->dst[i]);
        }
        g_assert_cmphex(got[i], ==, w->dst[i]);
    }
}

/* Every thread has retired all its instructions, and the state is @w */
static void check(QTestState *qts, const Want *w, const char *step)
{
    tt_assert_all_idle(qts);
    check_state(qts, w, step);
}

/*
 * MOVA2D (thread 0), MOVB2D (thread 1), MOVB2A (thread 2) while the
 * Matrix Unit owns neither its SrcA nor its SrcB bank: each waits at its
 * thread's Wait Gate (the FIFOs are not idle) and changes nothing.
 */
static void check_waits(QTestState *qts, const TTArch *a, const Want *w)
{
    tt_push(qts, 0, mov(a, OP_MOVA2D, 0, 0, 1, 0, 400));
    tt_push(qts, 1, movb2d(a, 0, 0, 1, 0, 401));
    tt_push(qts, 2, movb2a(a, 50, 1, 0, 0));
    g_assert_cmphex(qtest_readl(qts, TT_INSTRN_BUF_STATUS), !=,
                    TT_IBS_ALL_IDLE);
    check_state(qts, w, "waits");
}

/* RWCs[0]: SrcA, SrcA_Cr, SrcB, SrcB_Cr, Dst, Dst_Cr, Fidelity, Extra */
static void check_rwc(QTestState *qts, const uint32_t want[8],
                      const char *step)
{
    uint32_t got[NUM_RWC];

    tt_assert_all_idle(qts);
    tt_qom_get_u32_list(qts, TENSIX_PATH, "rwc-state", got, NUM_RWC);
    for (int i = 0; i < 8; i++) {
        if (got[i] != want[i]) {
            g_test_message("%s: rwc-state[%d] = %u, expected %u", step, i,
                           got[i], want[i]);
        }
        g_assert_cmpuint(got[i], ==, want[i]);
    }
}

/* ---------------------------------------------------------------------- */
/* Source data                                                            */
/* ---------------------------------------------------------------------- */

/*
 * The 16-bit Dst-style BF16 (Sign, Man(7), Exp(8)) of datum (@r, @c):
 * every exponent is non-zero except (2, 5)'s, whose datum MOVA2D/MOVB2D
 * flush to zero (FlushDenormals: !(SrcVal & 0xff)).
 */
static uint32_t t16(int salt, int r, int c)
{
    uint32_t exp = (r == 2 && c == 5) ? 0 : 0x60 + salt + r + c;

    return ((c & 1) << 15) | (((r * 3 + c + salt) & 0x7f) << 8) | exp;
}

/* Src datum Sign,Man(10),Exp(8) with Man's low 3 bits zero */
static uint32_t src_of(uint32_t x16)
{
    return ((x16 & 0xff00) << 3) | (x16 & 0xff);
}

/*
 * STOREIND (Src) of GPR 20/21 with GPR 1 = address: datum 0 is GPR 20's
 * low half as Sign,Man(7),Exp(8), datum 1 its high half as standard BF16
 * (Sign, Exp(8), Man(7)), datums 2/3 the same of GPR 21.  SrcA row =
 * address / 4 - 4 (+ the unpacker's SrcRow, 0 here), SrcB row = address
 * / 4; column 4 * (address & 3).  Fills rows 0..@n-1 of the unpackers'
 * current bank @bank of Src<@b> with t16(@salt, r, c) and records them.
 */
static void fill_src(QTestState *qts, Want *w, int b, int bank, int salt,
                     int n)
{
    set_gpr(qts, 2, 0);
    for (int r = 0; r < n; r++) {
        for (int g = 0; g < 4; g++) {
            uint32_t v[4], hi1, hi3;

            for (int i = 0; i < 4; i++) {
                v[i] = t16(salt, r, 4 * g + i);
                w->src[si(b, bank, r, 4 * g + i)] = src_of(v[i]);
            }
            /* Standard BF16 of datums 1 and 3: Sign, Exp, Man */
            hi1 = (v[1] & 0x8000) | ((v[1] & 0xff) << 7) | ((v[1] >> 8) & 0x7f);
            hi3 = (v[3] & 0x8000) | ((v[3] & 0xff) << 7) | ((v[3] >> 8) & 0x7f);
            set_gpr(qts, 20, (hi1 << 16) | v[0]);
            set_gpr(qts, 21, (hi3 << 16) | v[2]);
            set_gpr(qts, 1, (b ? r : r + 4) * 4 + g);
            tt_push(qts, 0, (OP_STOREIND << 24) | (b << 21) | (4u << 14) |
                    (20u << 6) | 1);
        }
    }
}

static QTestState *start(const TTArch *a, Want *w)
{
    QTestState *qts = qtest_initf("-machine %s", a->machine);

    if (a->bh) {
        tt_bh_configured_src_fmts(qts);     /* test_implied_fmt: implied */
    }
    memset(w, 0, sizeof(*w));
    for (int r = 0; r < DST_ROWS; r++) {
        w->dst[DST_ROWS * 16 + r] = 1;      /* every row valid at reset */
    }
    return qts;
}

/* ---------------------------------------------------------------------- */
/* SrcA/SrcB -> Dst, banks, waits                                         */
/* ---------------------------------------------------------------------- */

static void test_to_dst(const void *data)
{
    const TTArch *a = data;
    g_autofree Want *w = g_new(Want, 1);
    QTestState *qts = start(a, w);
    uint32_t rwc[8] = { 0 };
    uint32_t mova2d = OP_MOVA2D;

    fill_src(qts, w, 0, 0, 0, 16);
    fill_src(qts, w, 1, 0, 7, 16);
    /* SETDVALID SrcA | SrcB: banks 0 go to the Matrix Unit */
    setdvalid(qts, a->bh, 0, 3);
    check(qts, w, "filled");

    /*
     * ADDR_MOD section 1: SrcAIncr 2, SrcBIncr 3, DestIncr 5,
     * FidelityIncr 1.  MOVA2D one row, SrcRow 3, DstRow
     * 10, AddrMod 1: SrcAFmt FP32 (reset), 8-bit exponent:
     * Dst16b[10][c] = RemoveLowMantissa(SrcA[0][3][c]) = t16(0, 3, c).
     */
    set_addr_mod(qts, a, 1, AB(2, 0, 0, 3, 0, 0), DST(5, 0, 0, 0, 1, 0), 0);
    tt_push(qts, 0, mov(a, mova2d, 0, 3, 1, 0, 10));
    for (int c = 0; c < 16; c++) {
        w->dst[di(10, c)] = t16(0, 3, c);
    }
    check(qts, w, "MOVA2D one row");
    rwc[0] = 2, rwc[2] = 3, rwc[4] = 5, rwc[6] = 1;
    check_rwc(qts, rwc, "MOVA2D one row");

    /*
     * Move8Rows (instr_mod bit 1), SrcRow 1 + RWC SrcA 2 = 3 & 0x38 = 0,
     * DstRow 20 + RWC Dst 5 = 25 & 0x3f8 = 24: rows 0..7 -> Dst 24..31.
     * Row 2 column 5 has a zero exponent byte: flushed to 0.
     */
    tt_push(qts, 0, mov(a, mova2d, 0, 1, 0, 2, 20));
    for (int r = 0; r < 8; r++) {
        for (int c = 0; c < 16; c++) {
            w->dst[di(24 + r, c)] = (r == 2 && c == 5) ? 0 : t16(0, r, c);
        }
    }
    check(qts, w, "MOVA2D 8 rows");
    check_rwc(qts, rwc, "MOVA2D 8 rows (AddrMod 0)");

    /*
     * 32-bit Dst.  SrcAFmt TF32 (override): Dst32b[Row][c] =
     * RemoveLowMantissa(v) << 16 | ((v >> 8) & 7) << 13 = t16 << 16 (the
     * STOREIND datums have Man's low 3 bits zero).  SrcRow 1 + 2 = 3,
     * DstRow 59 + 5 = 64.  Dst32b row 64 is DstBits[128] (high halves)
     * and DstBits[136] (low halves).
     */
    set_cfg(qts, CFG_ALU_FORMAT_SPEC, SRCA_OVERRIDE | FMT_TF32);
    tt_push(qts, 0, mov(a, mova2d, 0, 1, 0, 0, 59));
    for (int c = 0; c < 16; c++) {
        want_dst32(w, 64, c, t16(0, 3, c) << 16);
    }
    check(qts, w, "MOVA2D TF32");

    /*
     * UseDst32bLo with SrcAFmt BF16: only the low halves (DstBits[136])
     * change, to RemoveLowMantissa(SrcA[0][2][c]) (column 5 flushed).
     */
    set_cfg(qts, CFG_ALU_FORMAT_SPEC, SRCA_OVERRIDE | FMT_BF16);
    tt_push(qts, 0, mov(a, mova2d, 1, 0, 0, 0, 59));
    for (int c = 0; c < 16; c++) {
        w->dst[di(136, c)] = (c == 5) ? 0 : t16(0, 2, c);
    }
    check(qts, w, "MOVA2D UseDst32bLo");

    /*
     * SrcAFmt FP16: RemoveHighExponent: Sign, Man(10) = (v >> 8) & 0x3ff,
     * Exp(5) = v & 0x1f.  SrcRow 4 + 2 = 6, DstRow 95 + 5 = 100.
     */
    set_cfg(qts, CFG_ALU_FORMAT_SPEC, SRCA_OVERRIDE | FMT_FP16);
    tt_push(qts, 0, mov(a, mova2d, 0, 4, 0, 0, 95));
    for (int c = 0; c < 16; c++) {
        uint32_t v = src_of(t16(0, 6, c));

        w->dst[di(100, c)] = ((v >> 3) & 0x8000) | ((v >> 3) & 0x7fe0) |
                             (v & 0x1f);
    }
    check(qts, w, "MOVA2D FP16");
    set_cfg(qts, CFG_ALU_FORMAT_SPEC, 0);

    /*
     * MOVB2D (reads SrcB[MatrixUnit.SrcBBank], SrcAFmt FP32).  RWC SrcB is
     * 3.  Broadcast1RowTo8 | BroadcastCol0 (instr_mod 3): SrcRow 2 + 3 =
     * 5, DstRow 40 + 5 = 45 & 0x3f8 = 40: Dst rows 40..47, every column =
     * t16(7, 5, 0).
     */
    tt_push(qts, 0, movb2d(a, 0, 2, 0, 3, 40));
    for (int r = 40; r < 48; r++) {
        for (int c = 0; c < 16; c++) {
            w->dst[di(r, c)] = t16(7, 5, 0);
        }
    }
    check(qts, w, "MOVB2D broadcast");

    /*
     * Move4Rows (instr_mod 4): SrcRow 3 + 3 = 6 & 0x3c = 4, DstRow 50 + 5
     * = 55 & 0x3fc = 52: SrcB rows 4..7 -> Dst 52..55.  Then Broadcast
     * 1 row to 8 without BroadcastCol0 (instr_mod 2) from SrcRow 0 + 3 to
     * DstRow 3 + 5 = 8: rows 8..15 = SrcB row 3.
     */
    tt_push(qts, 0, movb2d(a, 0, 3, 0, 4, 50));
    tt_push(qts, 0, movb2d(a, 0, 0, 0, 2, 3));
    for (int c = 0; c < 16; c++) {
        for (int r = 0; r < 4; r++) {
            w->dst[di(52 + r, c)] = t16(7, 4 + r, c);
        }
        for (int r = 8; r < 16; r++) {
            w->dst[di(r, c)] = t16(7, 3, c);
        }
    }
    check(qts, w, "MOVB2D 4 rows");

    /*
     * MOVB2A (waits for SrcB; copies SrcB[0] rows to SrcA[0]): Move4Rows,
     * SrcBRow 0 + 3 = 3 & 0x3c = 0, SrcARow 40 + 2 = 42 & 0x3c = 40:
     * SrcB rows 0..3 -> SrcA rows 40..43, unchanged datums except the
     * flushed (2, 5).  AddrMod 1 afterwards: SrcA 4, SrcB 6, Dst 10,
     * Fidelity 2.
     */
    tt_push(qts, 0, movb2a(a, 40, 1, 2, 0));
    for (int r = 0; r < 4; r++) {
        for (int c = 0; c < 16; c++) {
            w->src[si(0, 0, 40 + r, c)] =
                (r == 2 && c == 5) ? 0 : src_of(t16(7, r, c));
        }
    }
    check(qts, w, "MOVB2A");
    rwc[0] = 4, rwc[2] = 6, rwc[4] = 10, rwc[6] = 2;
    check_rwc(qts, rwc, "MOVB2A");

    /*
     * Banks.  STOREIND now writes the unpackers' SrcA bank 1 (salt 20);
     * MOVA2D still reads bank 0.  SETDVALID SrcA gives bank 1 to the
     * Matrix Unit too; CLEARDVALID FlipSrcA returns bank 0 and moves
     * MatrixUnit.SrcABank to 1: MOVA2D now reads bank 1.  SETRWC clears
     * the RWCs first.  SrcRow 0, DstRow 300 / 301.
     */
    fill_src(qts, w, 0, 1, 20, 1);
    tt_push(qts, 0, SETRWC_CLEAR);
    tt_push(qts, 0, mov(a, OP_MOVA2D, 0, 0, 0, 0, 300));
    setdvalid(qts, a->bh, 0, 1);
    tt_push(qts, 0, (OP_CLEARDVALID << 24) | (1u << 22));
    tt_push(qts, 0, mov(a, OP_MOVA2D, 0, 0, 0, 0, 301));
    for (int c = 0; c < 16; c++) {
        w->dst[di(300, c)] = t16(0, 0, c);
        w->dst[di(301, c)] = t16(20, 0, c);
    }
    check(qts, w, "banks");

    /* CLEARDVALID Reset: every bank back to the unpackers */
    tt_push(qts, 0, (OP_CLEARDVALID << 24) | 1);
    tt_assert_all_idle(qts);
    check_waits(qts, a, w);
    qtest_quit(qts);
}

/* ---------------------------------------------------------------------- */
/* Dst -> SrcA/SrcB                                                       */
/* ---------------------------------------------------------------------- */

/* MOVD2A.md ShuffleBF16 / ShuffleFP16 / ShuffleTF32 */
static uint32_t shuffle_fp16(uint32_t x)
{
    return ((x & 0xffe0) << 3) | (x & 0x1f);
}

static uint32_t shuffle_tf32(uint32_t x)
{
    return (x & 0x7f800) | ((x & 7) << 8) | ((x & 0x7f8) >> 3);
}

static void test_from_dst(const void *data)
{
    const TTArch *a = data;
    g_autofree Want *w = g_new(Want, 1);
    QTestState *qts = start(a, w);
    uint32_t rwc[8] = { 0 };
    uint32_t mova2d = OP_MOVDBGA2D;
    uint32_t d[16];

    /*
     * Dst32b row 64 = t16(0, 1, c) << 16 | t16(0, 4, c) with two
     * MOVDBGA2D (no wait, Matrix Unit bank 0 = the unpackers' bank 0 after
     * reset): SrcAFmt TF32 then BF16 with UseDst32bLo.
     */
    fill_src(qts, w, 0, 0, 0, 8);
    set_cfg(qts, CFG_ALU_FORMAT_SPEC, SRCA_OVERRIDE | FMT_TF32);
    tt_push(qts, 0, mov(a, mova2d, 0, 1, 0, 0, 64));
    set_cfg(qts, CFG_ALU_FORMAT_SPEC, SRCA_OVERRIDE | FMT_BF16);
    tt_push(qts, 0, mov(a, mova2d, 1, 4, 0, 0, 64));
    for (int c = 0; c < 16; c++) {
        d[c] = (t16(0, 1, c) << 16) | t16(0, 4, c);
        want_dst32(w, 64, c, d[c]);
    }
    check(qts, w, "Dst32b");

    /*
     * ALU_ACC_CTRL_Fp32_enabled: 32-bit reads.  SrcAFmt TF32, MOVD2A
     * SrcRow 48, DstRow 64: SrcA[0][48][c] = ShuffleTF32(d >> 13), which
     * takes LoMan from the top 3 bits of the low half.  UseDst32bLo with
     * TF32: SrcRow 49 = d & 0x1fff.  ADDR_MOD section 2: SrcACR,
     * SrcAIncr 4: SrcA = SrcA_Cr = 4 after the first, 8 after the second;
     * so the second writes SrcRow 49 + 4 = 53.
     */
    set_addr_mod(qts, a, 2, AB(4, 1, 0, 0, 0, 0), 0, 0);
    set_cfg(qts, CFG_ALU_ACC_CTRL, ACC_FP32);
    set_cfg(qts, CFG_ALU_FORMAT_SPEC, SRCA_OVERRIDE | FMT_TF32);
    tt_push(qts, 0, mov(a, OP_MOVD2A, 0, 48, 2, 0, 64));
    tt_push(qts, 0, mov(a, OP_MOVD2A, 1, 49, 2, 0, 64));
    for (int c = 0; c < 16; c++) {
        w->src[si(0, 0, 48, c)] = shuffle_tf32(d[c] >> 13);
        w->src[si(0, 0, 53, c)] = d[c] & 0x1fff;
    }
    check(qts, w, "MOVD2A TF32");
    rwc[0] = rwc[1] = 8;
    check_rwc(qts, rwc, "MOVD2A SrcACR");

    /*
     * SrcAFmt BF16 (its style decides MOVD2B too): MOVD2B Move4Rows
     * (instr_mod 2), SrcRow 10 & 0x3c = 8, DstRow 66 & 0x3fc = 64: SrcB
     * rows 8..11 from Dst32b rows 64..67 = ShuffleBF16(d >> 16): row 64
     * gives back SrcA row 1's datums; rows 65..67 were never written
     * (zero).  SrcAFmt FP16, UseDst32bLo: SrcRow 20 = ShuffleFP16(d &
     * 0xffff).
     */
    set_cfg(qts, CFG_ALU_FORMAT_SPEC, SRCA_OVERRIDE | FMT_BF16);
    tt_push(qts, 0, mov(a, OP_MOVD2B, 0, 10, 0, 2, 66));
    set_cfg(qts, CFG_ALU_FORMAT_SPEC, SRCA_OVERRIDE | FMT_FP16);
    tt_push(qts, 0, mov(a, OP_MOVD2B, 1, 20, 0, 0, 64));
    for (int c = 0; c < 16; c++) {
        w->src[si(1, 0, 8, c)] = src_of(t16(0, 1, c));
        w->src[si(1, 0, 20, c)] = shuffle_fp16(d[c] & 0xffff);
    }
    check(qts, w, "MOVD2B");

    /*
     * 16-bit Dst (Fp32_enabled clear), SrcAFmt BF16: MOVD2A SrcRow 22 +
     * RWC SrcA 8 = 30 from Dst16b row 136 (+ RWC Dst 0), which holds the
     * low halves t16(0, 4, c): ShuffleBF16 gives SrcA row 4's datums back.
     */
    set_cfg(qts, CFG_ALU_ACC_CTRL, 0);
    set_cfg(qts, CFG_ALU_FORMAT_SPEC, SRCA_OVERRIDE | FMT_BF16);
    tt_push(qts, 0, mov(a, OP_MOVD2A, 0, 22, 0, 0, 136));
    for (int c = 0; c < 16; c++) {
        w->src[si(0, 0, 30, c)] = src_of(t16(0, 4, c));
    }
    check(qts, w, "MOVD2A 16-bit");
    qtest_quit(qts);
}

/* ---------------------------------------------------------------------- */
/* ApplyAddrMod through MOV* and ZEROACC                                  */
/* ---------------------------------------------------------------------- */

static void test_addr_mod(const void *data)
{
    const TTArch *a = data;
    g_autofree Want *w = g_new(Want, 1);
    QTestState *qts = start(a, w);
    /* SrcA, SrcA_Cr, SrcB, SrcB_Cr, Dst, Dst_Cr, Fidelity, Extra */
    uint32_t rwc[8] = { 0 };

    set_addr_mod(qts, a, 1, AB(2, 0, 0, 3, 0, 0), DST(5, 0, 0, 0, 1, 0), 0);
    set_addr_mod(qts, a, 2, AB(4, 1, 0, 0, 0, 1), DST(16, 1, 0, 0, 0, 0), 0);
    set_addr_mod(qts, a, 3, 0, DST(3, 0, 0, 1, 0, 1), BIAS(1, 0));
    set_addr_mod(qts, a, 5, AB(0, 0, 1, 0, 0, 0), DST(0, 0, 1, 0, 0, 0),
                 BIAS(0, 1));
    set_addr_mod(qts, a, 6, AB(0, 0, 0, 9, 0, 0), DST(7, 0, 0, 0, 2, 0), 0);

    /* MOVD2A (no wait) AddrMod 1: += 2, 3, 5, Fidelity 1 */
    tt_push(qts, 0, mov(a, OP_MOVD2A, 0, 0, 1, 0, 0));
    rwc[0] = 2, rwc[2] = 3, rwc[4] = 5, rwc[6] = 1;
    check_rwc(qts, rwc, "AddrMod 1");

    /*
     * AddrMod 2: SrcACR: SrcA_Cr += 4, SrcA = SrcA_Cr = 4; SrcBClear;
     * DestCR: Dst_Cr += 16, Dst = Dst_Cr = 16.
     */
    tt_push(qts, 0, mov(a, OP_MOVD2B, 0, 0, 2, 0, 0));
    rwc[0] = rwc[1] = 4, rwc[2] = 0, rwc[4] = rwc[5] = 16;
    check_rwc(qts, rwc, "AddrMod 2");

    /*
     * ZEROACC ONE_ROW, AddrMod 3: it invalidates Dst row Imm10 0 + RWC
     * Dst 16, then applies the mode: DestCToCR: Dst += 3, Dst_Cr = Dst =
     * 19; FidelityClear; BiasIncr 1: ExtraAddrModBit = 1.
     */
    tt_push(qts, 0, zeroacc(a, ONE_ROW, 3, 0));
    w->dst[DST_ROWS * 16 + 16] = 0;
    rwc[4] = rwc[5] = 19, rwc[6] = 0, rwc[7] = 1;
    check_rwc(qts, rwc, "ZEROACC AddrMod 3");

    /*
     * ExtraAddrModBit: AddrMod 1 selects section 5: SrcAClear, DestClear,
     * BiasClear.  16_ROWS Imm10 2 (rows 32..47) applies it too.
     */
    tt_push(qts, 0, zeroacc(a, ROWS_16, 1, 2));
    memset(&w->dst[DST_ROWS * 16 + 32], 0, 16 * sizeof(uint32_t));
    rwc[0] = rwc[1] = 0, rwc[4] = rwc[5] = 0, rwc[7] = 0;
    check_rwc(qts, rwc, "ZEROACC section 5");

    /*
     * Section 6: Wormhole AddrMod 2 with ADDR_MOD_SET_Base; Blackhole
     * AddrMod 6 (3 bits).  SrcB += 9, Dst += 7, Fidelity += 2.
     */
    if (a->set_base >= 0) {
        tt_push(qts, 0, SETC16(a->set_base, 1));
        tt_push(qts, 0, zeroacc(a, ONE_ROW, 2, 0x200));
    } else {
        tt_push(qts, 0, zeroacc(a, ONE_ROW, 6, 0x200));
    }
    w->dst[DST_ROWS * 16 + 0x200] = 0;
    rwc[2] = 9, rwc[4] = 7, rwc[6] = 2;
    check_rwc(qts, rwc, "section 6");

    /*
     * HALF_OF_DST and ALL_OF_DST do not apply their AddrMod (section 5
     * would clear Dst).  Wormhole AddrMod 1 (+ SET_Base), Blackhole 5.
     */
    tt_push(qts, 0, zeroacc(a, HALF, a->bh ? 5 : 1, 1));
    memset(&w->dst[DST_ROWS * 16 + 512], 0, 512 * sizeof(uint32_t));
    check_rwc(qts, rwc, "HALF_OF_DST");
    check(qts, w, "ZEROACC rows");
    qtest_quit(qts);
}

/*
 * Blackhole's implied Src formats (as Tenstorrent's ttsim has them; no
 * page): a bank handed over by UNPACR_NOP's SETDVALID takes
 * THCON_SEC<u>_REG2_Out_data_format (Config word 72 for SrcA, 120 for
 * SrcB) as its format, which MOVA2D (SrcA's bank) and MOVB2D (SrcB's)
 * take as SrcAFmt unless ThreadConfig DISABLE_IMPLIED_SRCA_FMT_Base is
 * set.  With 16-bit Dst only FP16 and the 8-bit exponent formats differ:
 * SrcA's bank is BF16, SrcB's FP16, the configured SrcAFmt FP16.
 */
static void test_implied_fmt(const void *data)
{
    const TTArch *a = data;
    g_autofree Want *w = g_new(Want, 1);
    QTestState *qts = start(a, w);

    tt_push(qts, 0, SETC16(2, 0));          /* implied formats on */
    tt_push(qts, 0, SETC16(3, 0));
    fill_src(qts, w, 0, 0, 0, 16);
    fill_src(qts, w, 1, 0, 7, 16);
    set_cfg(qts, CFG_ALU_FORMAT_SPEC, SRCA_OVERRIDE | FMT_FP16);
    set_cfg(qts, 72, FMT_BF16);             /* unpacker 0 */
    set_cfg(qts, 120, FMT_FP16);            /* unpacker 1 */
    setdvalid(qts, true, 0, 3);
    check(qts, w, "filled");

    /* MOVA2D SrcRow 3 -> Dst 10: SrcA's implied BF16, not FP16 */
    tt_push(qts, 0, mov(a, OP_MOVA2D, 0, 3, 0, 0, 10));
    for (int c = 0; c < 16; c++) {
        w->dst[di(10, c)] = t16(0, 3, c);
    }
    check(qts, w, "MOVA2D implied BF16");

    /* MOVB2D SrcRow 4 -> Dst 11: SrcB's implied FP16, not SrcA's BF16 */
    tt_push(qts, 0, movb2d(a, 0, 4, 0, 0, 11));
    for (int c = 0; c < 16; c++) {
        uint32_t v = src_of(t16(7, 4, c));

        w->dst[di(11, c)] = ((v >> 3) & 0x8000) | ((v >> 3) & 0x7fe0) |
                            (v & 0x1f);
    }
    check(qts, w, "MOVB2D implied FP16");

    /* DISABLE_IMPLIED_SRCA_FMT_Base: the configured FP16 */
    tt_push(qts, 0, SETC16(2, 1));
    tt_push(qts, 0, mov(a, OP_MOVA2D, 0, 3, 0, 0, 12));
    for (int c = 0; c < 16; c++) {
        uint32_t v = src_of(t16(0, 3, c));

        w->dst[di(12, c)] = ((v >> 3) & 0x8000) | ((v >> 3) & 0x7fe0) |
                            (v & 0x1f);
    }
    check(qts, w, "MOVA2D configured FP16");
    qtest_quit(qts);
}

int main(int argc, char **argv)
{
    static const TTTestCase tests[] = {
        { "to-dst", test_to_dst },
        { "from-dst", test_from_dst },
        { "addr-mod", test_addr_mod },
    };

    g_test_init(&argc, &argv, NULL);
    tt_add_test("tensix/mov", tt_blackhole.name, "implied-fmt",
                &tt_blackhole, test_implied_fmt);
    tt_add_tests("tensix/mov", tt_blackhole.name, &tt_blackhole, tests,
                 G_N_ELEMENTS(tests));
    tt_add_tests("tensix/mov", tt_wormhole.name, &tt_wormhole, tests,
                 G_N_ELEMENTS(tests));
    return g_test_run();
}
