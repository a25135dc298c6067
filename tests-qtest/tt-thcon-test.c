/*
 * QTest testcase for the Tensix Scalar Unit (ThCon) on tt-blackhole and
 * tt-wormhole: the parts whose results only QOM can show so far.
 *
 * Instructions are pushed through BRISC's INSTRN_BUF windows (window t
 * feeds Tensix thread t, so CurrentThread == t); GPRs are read through
 * BRISC's REGFILE window, ADCs through the "adc-state" property and
 * SrcA/SrcB through "x-src-state" of the tt-tensix device.
 *
 * - REG2FLOP (ADC mode): operand sizing (SizeSel, Shift8), Cr, ADCSel,
 *   Channel, OverrideThread/ThreadSel (REG2FLOP_ADC.md);
 * - STOREIND (SrcA/SrcB): BF16 conversion, row/column formation, the
 *   SrcA rows -4..-1 that write nothing, SrcB row >= 16 (STOREIND_Src.md);
 * - migration of a Scalar Unit held by a retrying ATCAS (ScalarUnit.md:
 *   no other thread's ThCon instruction enters meanwhile).
 *
 * Every expected value is derived by hand from the functional models in
 * tt-isa-documentation WormholeB0 TensixCoprocessor; encodings from the
 * pages' diagrams (Diagrams/Src/Bits32.lua).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "libqtest.h"
#include "tt-qtest-util.h"
#include "qobject/qdict.h"
#include "qobject/qlist.h"
#include "qobject/qnum.h"

#define TENSIX_PATH             "/machine/tile[0,0]/tensix"

#define IBS_EMPTY(t)            (1u << (4 + (t)))

#define NOP                     0x02000000u
/*
 * REG2FLOP (ADC): InputReg 5:0, XYZW 7:6, Cr 8, ADCSel 10:9, Channel 11,
 * ThreadSel 17:16, Shift8 19:18, OverrideThread 20, 1 at bit 21,
 * SizeSel 23:22.
 */
#define REG2FLOP_ADC(size, ovr, shift8, tsel, ch, adc, cr, xyzw, reg) \
    ((0x48u << 24) | ((size) << 22) | (1u << 21) | ((ovr) << 20) | \
     ((shift8) << 18) | ((tsel) << 16) | ((ch) << 11) | ((adc) << 9) | \
     ((cr) << 8) | ((xyzw) << 6) | (reg))
/*
 * STOREIND (Src): AddrReg 5:0, DataReg 11:6, OffsetIncrement 13:12,
 * OffsetHalfReg 20:14, StoreToSrcB 21, 0 at 22 and 23
 */
#define STOREIND_SRC(to_b, ohalf, inc, reg, areg) \
    ((0x66u << 24) | ((to_b) << 21) | ((ohalf) << 14) | ((inc) << 12) | \
     ((reg) << 6) | (areg))
/* ATCAS: AddrReg 5:0, Ofs 13:12, CmpVal 17:14, SetVal 21:18 */
#define ATCAS(set, cmp, ofs, areg) \
    ((0x64u << 24) | ((set) << 18) | ((cmp) << 14) | ((ofs) << 12) | (areg))

/* SETADC (SETADC.md): NewValue 17:0, XYZW 19:18, Channel 20, units 23:21 */
#define SETADC(units, ch, xyzw, v) \
    ((0x50u << 24) | ((units) << 21) | ((ch) << 20) | ((xyzw) << 18) | (v))

enum { X, Y, Z, W };
enum { IU0, IU1, IPK };

#define NUM_ADC                 144     /* 3 threads x 3 units x 2 ch x 8 */
#define NUM_SRC                 (2 * 2 * 64 * 16)

typedef struct TTArch {
    const char *name;
    const char *machine;
    bool bh;
    /* Config words (tt-metal cfg_defines.h) */
    unsigned pk0;               /* THCON_SEC0_REG1 (packer 0's block) */
    unsigned edge0;             /* PCK_EDGE_OFFSET_SEC0 */
    unsigned rd_ctrl;           /* PCK_DEST_RD_CTRL */
    unsigned dst_ofs0;          /* DEST_TARGET_REG_CFG_PACK_SEC0 */
    /* ThreadConfig word of ENABLE_ACC_STATS */
    unsigned acc_stats;
} TTArch;

static const TTArch tt_blackhole = {
    "blackhole", "tt-blackhole", true, 68, 24, 18, 180, 45,
};
static const TTArch tt_wormhole = {
    "wormhole", "tt-wormhole", false, 56, 20, 14, 152, 46,
};

static QTestState *tt_start(const TTArch *a)
{
    return qtest_initf("-machine %s", a->machine);
}

static void set_gpr(QTestState *qts, int t, unsigned r, uint32_t v)
{
    tt_push(qts, t, tt_setdmareg(2 * r, v & 0xFFFF));
    tt_push(qts, t, tt_setdmareg(2 * r + 1, v >> 16));
}

/* Index into adc-state of ADCs[t].<unit>.Channel[ch].<d> (cr: _Cr) */
static int ai(int t, int unit, int ch, int d, int cr)
{
    return (((t * 3 + unit) * 2 + ch) * 4 + d) * 2 + cr;
}

/* Index into x-src-state of Src<b>[bank][row][col] */
static int si(int b, int bank, int row, int col)
{
    return ((b * 2 + bank) * 64 + row) * 16 + col;
}

/* ---------------------------------------------------------------------- */

/*
 * Thread 1, GPR 3 = 0x89ABCDEF.  Counter widths (ADCs.md): X 18 bits,
 * Y 13, Z 8, W 8.  Each case names the ADC value it writes; every other
 * entry of adc-state must keep what the SETADCs before gave it.
 */
static void test_reg2flop_adc(const void *data)
{
    QTestState *qts = tt_start(data);
    uint32_t got[NUM_ADC], want[NUM_ADC];

    /* Non-zero starting values for the entries that become 0 below */
    tt_push(qts, 1, SETADC(2, 1, Y, 0x123));      /* T1 Unpacker[1] Ch1 Y */
    tt_push(qts, 1, SETADC(1, 0, W, 0x45));       /* T1 Unpacker[0] Ch0 W */
    set_gpr(qts, 1, 3, 0x89ABCDEFu);
    tt_qom_get_u32_list(qts, TENSIX_PATH, "adc-state", want, NUM_ADC);
    g_assert_cmphex(want[ai(1, IU1, 1, Y, 0)], ==, 0x123);
    g_assert_cmphex(want[ai(1, IU0, 0, W, 0)], ==, 0x45);

    /* SizeSel 1, Shift8 0: the whole GPR; X keeps 18 bits: 0x3CDEF */
    tt_push(qts, 1, REG2FLOP_ADC(1, 0, 0, 0, 0, IU0, 0, X, 3));
    want[ai(1, IU0, 0, X, 0)] = 0x3CDEF;
    /* SizeSel 1, Shift8 != 0: Value = 0 */
    tt_push(qts, 1, REG2FLOP_ADC(1, 0, 1, 0, 1, IU1, 0, Y, 3));
    want[ai(1, IU1, 1, Y, 0)] = 0;
    /* SizeSel 2, Shift8 2: Value >> 16 = 0x89AB; Z keeps 8 bits: 0xAB */
    tt_push(qts, 1, REG2FLOP_ADC(2, 0, 2, 0, 0, IPK, 0, Z, 3));
    want[ai(1, IPK, 0, Z, 0)] = 0xAB;
    /* SizeSel 2, Shift8 0: 0xCDEF into Y_Cr (13 bits): 0x0DEF */
    tt_push(qts, 1, REG2FLOP_ADC(2, 0, 0, 0, 1, IU0, 1, Y, 3));
    want[ai(1, IU0, 1, Y, 1)] = 0x0DEF;
    /* SizeSel 2, Shift8 1: Value = 0 */
    tt_push(qts, 1, REG2FLOP_ADC(2, 0, 1, 0, 0, IU0, 0, W, 3));
    want[ai(1, IU0, 0, W, 0)] = 0;
    /* SizeSel 3, Shift8 3: (Value >> 24) & 0xFF = 0x89 into W */
    tt_push(qts, 1, REG2FLOP_ADC(3, 0, 3, 0, 1, IPK, 0, W, 3));
    want[ai(1, IPK, 1, W, 0)] = 0x89;
    /* SizeSel 3, Shift8 1: 0xCD into Z_Cr */
    tt_push(qts, 1, REG2FLOP_ADC(3, 0, 1, 0, 1, IU1, 1, Z, 3));
    want[ai(1, IU1, 1, Z, 1)] = 0xCD;
    /* OverrideThread, ThreadSel 2: ADCs[2] instead of ADCs[1] */
    tt_push(qts, 1, REG2FLOP_ADC(3, 1, 0, 2, 0, IU1, 0, X, 3));
    want[ai(2, IU1, 0, X, 0)] = 0xEF;
    /* OverrideThread with ThreadSel 3, and ADCSel 3: nothing written */
    tt_push(qts, 1, REG2FLOP_ADC(1, 1, 0, 3, 0, IU0, 0, X, 3));
    tt_push(qts, 1, REG2FLOP_ADC(1, 0, 0, 0, 0, 3, 0, X, 3));

    tt_assert_all_idle(qts);
    tt_qom_get_u32_list(qts, TENSIX_PATH, "adc-state", got, NUM_ADC);
    for (int i = 0; i < NUM_ADC; i++) {
        if (got[i] != want[i]) {
            g_test_message("adc-state[%d] = 0x%x, expected 0x%x", i,
                           got[i], want[i]);
        }
        g_assert_cmphex(got[i], ==, want[i]);
    }
    qtest_quit(qts);
}

/* ---------------------------------------------------------------------- */

/*
 * Datum conversion (ReadBF16Lo / ReadBF16Hi, 19-bit Src format
 * Sign 18, Man 17:8, Exp 7:0):
 *   GPR 20 = 0x3F80C000: lo 0xC000 (Sign 1, Man 0x40, Exp 0) -> 0x60000;
 *            hi: Sign 0, Exp (x >> 23) & 0xFF = 0x7F, Man 0 -> 0x0007F.
 *   GPR 21 = 0xC1234567: lo 0x4567 (Sign 0, Man 0x45, Exp 0x67) ->
 *            (0x4500 << 3) | 0x67 = 0x22867; hi: Sign 1, Exp 0x82,
 *            Man 0x23 -> 0x40000 | 0x11800 | 0x82 = 0x51882.
 * Unpacker state after reset: bank 0, SrcRow 0.
 */
static const uint32_t datum[4] = { 0x60000, 0x0007F, 0x22867, 0x51882 };

static void test_storeind_src(const void *data)
{
    QTestState *qts = tt_start(data);
    g_autofree uint32_t *got = g_new(uint32_t, NUM_SRC);
    g_autofree uint32_t *want = g_new0(uint32_t, NUM_SRC);

    set_gpr(qts, 0, 20, 0x3F80C000u);
    set_gpr(qts, 0, 21, 0xC1234567u);
    set_gpr(qts, 0, 2, 0);                  /* Offset: low half of GPR 2 */

    /*
     * SrcA: Addr = GPR 1 + (Offset >> 4) = 0x16: Row (0x16 >> 2) - 4 = 1,
     * Column0 (0x16 & 3) * 4 = 8.  DataReg 23 & 0x3c = 20.
     */
    set_gpr(qts, 0, 1, 0x16);
    tt_push(qts, 0, STOREIND_SRC(0, 4, 0, 23, 1));
    for (int i = 0; i < 4; i++) {
        want[si(0, 0, 1, 8 + i)] = datum[i];
    }
    /* SrcA rows -4..-1 (Addr 0x0F: Row -1) write nothing */
    set_gpr(qts, 0, 1, 0x0F);
    tt_push(qts, 0, STOREIND_SRC(0, 4, 0, 20, 1));
    /*
     * SrcB: Addr = 0x20 + (0x10 >> 4) = 0x21: Row 8, Column0 4; the
     * offset then grows by 16 (OffsetIncrement 3).
     */
    set_gpr(qts, 0, 1, 0x20);
    set_gpr(qts, 0, 2, 0x10);
    tt_push(qts, 0, STOREIND_SRC(1, 4, 3, 20, 1));
    for (int i = 0; i < 4; i++) {
        want[si(1, 0, 8, 4 + i)] = datum[i];
    }
    g_assert_cmphex(qtest_readl(qts, tt_gpr_addr(0, 2)), ==, 0x20);
    /* SrcB Row 16 (Addr 0x40 - 2): undefined behaviour, dropped */
    set_gpr(qts, 0, 1, 0x3E);
    tt_push(qts, 0, STOREIND_SRC(1, 4, 0, 20, 1));

    tt_assert_all_idle(qts);
    tt_qom_get_u32_list(qts, TENSIX_PATH, "x-src-state", got, NUM_SRC);
    for (int i = 0; i < NUM_SRC; i++) {
        if (got[i] != want[i]) {
            g_test_message("x-src-state[%d] = 0x%x, expected 0x%x", i,
                           got[i], want[i]);
        }
        g_assert_cmphex(got[i], ==, want[i]);
    }
    qtest_quit(qts);
}

/* ---------------------------------------------------------------------- */

/*
 * Thread 2 retries ATCAS (L1 word 0x40000 = 0x10000005, CmpVal 5) and so
 * holds the Scalar Unit; thread 1's SETDMAREG waits.  After migration the
 * destination still has the unit held: a kick (a NOP into thread 0) runs
 * threads 0, 1, 2 in that order, so thread 1 would slip through before
 * thread 2 retries if the hold had been lost.  Once L1 says 5, ATCAS
 * stores SetVal 9 and thread 1 proceeds.
 */
static void test_migrate_busy(const void *data)
{
    const TTArch *arch = data;
    QTestState *src = tt_start(data), *dst;
    uint32_t status;

    qtest_writel(src, 0x40000, 0x10000005u);
    set_gpr(src, 2, 1, 0x40000 / 16);
    set_gpr(src, 1, 7, 0);
    tt_push(src, 2, ATCAS(9, 5, 0, 1));
    tt_push(src, 1, tt_setdmareg(14, 0x7777));
    status = qtest_readl(src, TT_INSTRN_BUF_STATUS);
    g_assert_cmphex(status & (IBS_EMPTY(1) | IBS_EMPTY(2)), ==, 0);

    dst = tt_migrate_via_file(src, arch->machine);
    tt_push(dst, 0, NOP);
    status = qtest_readl(dst, TT_INSTRN_BUF_STATUS);
    g_assert_cmphex(status & (IBS_EMPTY(1) | IBS_EMPTY(2)), ==, 0);
    g_assert_cmphex(qtest_readl(dst, tt_gpr_addr(1, 7)), ==, 0);
    g_assert_cmphex(qtest_readl(dst, 0x40000), ==, 0x10000005u);

    qtest_writel(dst, 0x40000, 5);
    tt_push(dst, 0, NOP);
    tt_assert_all_idle(dst);
    g_assert_cmphex(qtest_readl(dst, 0x40000), ==, 9);
    g_assert_cmphex(qtest_readl(dst, tt_gpr_addr(1, 7)), ==, 0x7777);
    qtest_quit(dst);
}

/* ---------------------------------------------------------------------- */
/* SETDMAREG special: packer state (SETDMAREG_Special.md)                 */
/* ---------------------------------------------------------------------- */

#define CFG_BASE                0xFFEF0000u     /* Config[0] in BRISC's view */
#define OP_MOVA2D               0x12u
#define OP_PACR                 0x41u
#define OP_SETC16               0xB2u
#define OP_SETDVALID            0x57u
#define OP_CLREXPHIST           0x21u
#define BF16                    5u
#define OUT0                    0x20000u        /* packer 0's output */

/*
 * SETDMAREG special: ResultSize 23:22, WhichPackers 18:15, InputSource
 * 14:11, InputHalfReg 10:8, 1 at bit 7, ResultHalfReg 6:0
 */
static uint32_t setdmareg_sig(unsigned size, unsigned which, unsigned src,
                              unsigned in_half, unsigned res_half)
{
    return (TT_OP_SETDMAREG << 24) | (size << 22) | (which << 15) |
           (src << 11) | (in_half << 8) | (1u << 7) | res_half;
}

static void set_cfg(QTestState *qts, unsigned word, uint32_t v)
{
    tt_assert_all_idle(qts);
    qtest_writel(qts, CFG_BASE + 4 * word, v);
}

static uint32_t gpr(QTestState *qts, int t, unsigned r)
{
    tt_assert_all_idle(qts);
    return qtest_readl(qts, tt_gpr_addr(t, r));
}

/* Dst16b BF16 layout (Sign 15, Man 14:8, Exp 7:0) of a standard BF16 */
static uint16_t dst_bf16(uint16_t b)
{
    return (b & 0x8000) | ((b & 0x7f) << 8) | ((b >> 7) & 0xff);
}

/*
 * Dst16b row 0 = @v (standard BF16), rows 1..7 = 0: STOREIND (Src) of
 * SrcA row 0 (ReadBF16Lo takes the Dst layout, ReadBF16Hi a standard
 * BF16), SETDVALID, MOVA2D of 8 rows with SrcA BF16 and
 * Zero_Flag_disabled_src (the patterns land unchanged, tt-pack-test.c).
 */
static void load_dst_row0(QTestState *qts, const TTArch *a,
                          const uint16_t *v)
{
    set_cfg(qts, 1, BF16 << 17);        /* ALU_FORMAT_SPEC_REG0_SrcA */
    set_cfg(qts, 2, 1);                 /* Zero_Flag_disabled_src */
    set_gpr(qts, 0, 2, 0);
    for (int g = 0; g < 4; g++) {
        set_gpr(qts, 0, 20, (v[4 * g + 1] << 16) | dst_bf16(v[4 * g]));
        set_gpr(qts, 0, 21, (v[4 * g + 3] << 16) | dst_bf16(v[4 * g + 2]));
        set_gpr(qts, 0, 1, 4 * 4 + g);  /* Row 4 - 4 = 0, Column 4g */
        tt_push(qts, 0, STOREIND_SRC(0, 4, 0, 20, 1));
    }
    tt_push(qts, 0, a->bh ? tt_unpacr_nop_setdvalid(true, 0)
                          : (OP_SETDVALID << 24) | 1);
    tt_push(qts, 0, (OP_MOVA2D << 24) | (2u << 12));
    set_cfg(qts, 1, 0);
    set_cfg(qts, 2, 0);
}

/*
 * Packer 0 of thread @t: 16 datums of Dst16b row @row, BF16 in and out
 * (IntermediateFormat BF16, Read_raw), to OUT0 with no tile header
 * (Sub_l1_tile_header_size), Add_tile_header_size; compressed when
 * @compress (Row_start_section_size 1); one PACR with Last.
 */
static void pack_row(QTestState *qts, const TTArch *a, int t, unsigned row,
                     bool compress)
{
    uint32_t w2 = (BF16 << 4) | (BF16 << 8) | (1u << 15) | (1u << 22);

    set_cfg(qts, 1, BF16 << 25);        /* ALU_FORMAT_SPEC_REG2_Dstacc */
    set_cfg(qts, a->rd_ctrl, 4);        /* Read_raw */
    set_cfg(qts, a->dst_ofs0, row);     /* Dst datum offset row << 4 */
    set_cfg(qts, a->pk0, compress);
    set_cfg(qts, a->pk0 + 1, OUT0 >> 4);
    set_cfg(qts, a->pk0 + 2, compress ? w2 : w2 | 1);
    set_cfg(qts, a->pk0 + 3, 0);
    /* Thread t's packer ADCs: Channel[0].X = 0, Channel[1].X = 15 */
    tt_push(qts, t, SETADC(4, 0, X, 0));
    tt_push(qts, t, SETADC(4, 1, X, 15));
    /* PACR: PackerMask 1 (11:8), Last (0) */
    tt_push(qts, t, (OP_PACR << 24) | (1u << 8) | 1u);
    tt_assert_all_idle(qts);
}

static QTestState *pack_start(const TTArch *a)
{
    QTestState *qts = tt_start(a);

    set_cfg(qts, a->edge0, 0xffff);     /* no datum masked */
    return qts;
}

/*
 * InputSource 6, 7 and 9 (ExponentHistogram.md): one row of BF16 datums
 * through packer 0 with ENABLE_ACC_STATS.  Bins (exponent & 31): 1.0
 * (127) x3 -> 31; 2.0 (128) x2 and 0 x7 -> 0; 4.0 (129) -> 1; 0.5 (126)
 * -> 30; 128.0 (134) -> 6; 2^23 (150) -> 22.  Maximum exponent 150.
 */
static void test_setdmareg_hist(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = pack_start(a);
    static const uint16_t row[16] = {
        0x3f80, 0x3f80, 0x3f80, 0x4000, 0x4000, 0x4080, 0x3f00, 0x4300,
        0x4b00,
    };

    load_dst_row0(qts, a, row);
    tt_push(qts, 0, (OP_SETC16 << 24) | (a->acc_stats << 16) | 1);
    pack_row(qts, a, 0, 0, false);
    for (int r = 16; r < 40; r++) {
        set_gpr(qts, 1, r, 0xAAAAAAAAu);
    }

    /* Mode 6, packer 0, 128 bits into GPRs 16..19 (ResultHalfReg 33) */
    tt_push(qts, 1, setdmareg_sig(2, 0, 6, 0, 33));
    g_assert_cmphex(gpr(qts, 1, 16), ==, 0x00000109);  /* bins 0, 1 */
    g_assert_cmphex(gpr(qts, 1, 17), ==, 0x00010000);  /* bin 6 */
    g_assert_cmphex(gpr(qts, 1, 18), ==, 0);
    g_assert_cmphex(gpr(qts, 1, 19), ==, 0);
    /* Mode 7: bins 16..31 into GPRs 20..23 */
    tt_push(qts, 1, setdmareg_sig(2, 0, 7, 0, 40));
    g_assert_cmphex(gpr(qts, 1, 20), ==, 0);
    g_assert_cmphex(gpr(qts, 1, 21), ==, 0x00010000);  /* bin 22 */
    g_assert_cmphex(gpr(qts, 1, 22), ==, 0);
    g_assert_cmphex(gpr(qts, 1, 23), ==, 0x03010000);  /* bins 30, 31 */
    /* WhichPackers 0xD: packer 1 (& 3), which never ran: all 0 */
    tt_push(qts, 1, setdmareg_sig(2, 0xd, 6, 0, 48));
    for (int r = 24; r < 28; r++) {
        g_assert_cmphex(gpr(qts, 1, r), ==, 0);
    }
    /* WhichPackers 4: packer 0 again; 16 bits: Values half 7 (bins 30, 31) */
    tt_push(qts, 1, setdmareg_sig(0, 4, 7, 7, 57));
    g_assert_cmphex(gpr(qts, 1, 28), ==, 0x0301AAAAu);
    /* 32 bits: Values[1] (InputHalfReg 2 or 3) into GPR 29 */
    tt_push(qts, 1, setdmareg_sig(1, 0, 6, 3, 58));
    g_assert_cmphex(gpr(qts, 1, 29), ==, 0x00010000);
    /* Mode 9: packer 0's ExponentHistogramMaxExponent */
    tt_push(qts, 1, setdmareg_sig(1, 3, 9, 0, 60));
    g_assert_cmphex(gpr(qts, 1, 30), ==, 150);

    /* CLREXPHIST resets both */
    tt_push(qts, 0, OP_CLREXPHIST << 24);
    tt_push(qts, 1, setdmareg_sig(2, 0, 7, 0, 64));
    tt_push(qts, 1, setdmareg_sig(1, 0, 9, 0, 62));
    g_assert_cmphex(gpr(qts, 1, 35), ==, 0);
    g_assert_cmphex(gpr(qts, 1, 31), ==, 0);
    qtest_quit(qts);
}

/*
 * InputSource 0, 1, 2 and 8 (SETDMAREG_Special.md, TDMA-RISC.md):
 * thread 2 packs a compressed row of 16 zeros from Dst row 1
 * (Compression.md: the first zero, 14 absorbed, the last: RSI 16 bytes +
 * one group of 32 datums and counters, 64 + 16 bytes = 6 units; the row
 * is all zeros: AllZeroFlags 1), then thread 0 packs row 0 uncompressed
 * (32 bytes: LastTileSize 2, AllZeroFlags 0).  Add_tile_header_size
 * adds 1 to AccTileSize.
 */
static void test_setdmareg_sizes(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = pack_start(a);
    static const uint16_t row[16] = { 0x3f80 };

    load_dst_row0(qts, a, row);
    pack_row(qts, a, 2, 1, true);

    /* Mode 0 from thread 2: AccTileSize 7, LastTileSize 6; packers 1-3 0 */
    tt_push(qts, 2, setdmareg_sig(2, 0, 0, 0, 8));
    g_assert_cmphex(gpr(qts, 2, 4), ==, 0x00070006);
    g_assert_cmphex(gpr(qts, 2, 5), ==, 0);
    g_assert_cmphex(gpr(qts, 2, 7), ==, 0);
    /* From thread 1: AccTileSize[1] 0, LastThread is 2 */
    tt_push(qts, 1, setdmareg_sig(2, 0, 0, 0, 8));
    g_assert_cmphex(gpr(qts, 1, 4), ==, 0);
    /* Mode 1: AllZeroFlags of the four packers */
    tt_push(qts, 0, setdmareg_sig(2, 0, 1, 0, 16));
    g_assert_cmphex(gpr(qts, 0, 8), ==, 1);
    g_assert_cmphex(gpr(qts, 0, 9), ==, 0);
    /*
     * Mode 2, the tile header of packer 0 as thread 2 sees it, ResultSize
     * 3 (reserved fields kept): TileSize 6 + 1, DataFormat BF16 (19:16),
     * DisableZeroCompression 0 (20), AllZeroFlags 1
     */
    for (int r = 12; r < 16; r++) {
        set_gpr(qts, 2, r, 0xAAAAAAAAu);
    }
    tt_push(qts, 2, setdmareg_sig(3, 0, 2, 0, 24));
    g_assert_cmphex(gpr(qts, 2, 12), ==, 0xAAAA0007u);
    g_assert_cmphex(gpr(qts, 2, 13), ==, 0xAA05AAAAu);
    g_assert_cmphex(gpr(qts, 2, 14), ==, 1);
    g_assert_cmphex(gpr(qts, 2, 15), ==, 0xAAAAAAAAu);

    /* Thread 0 packs row 0 uncompressed: 2 units, AllZeroFlags 0 */
    pack_row(qts, a, 0, 0, false);
    tt_push(qts, 0, setdmareg_sig(1, 0, 0, 0, 0));
    g_assert_cmphex(gpr(qts, 0, 0), ==, 0x00030002);
    tt_push(qts, 2, setdmareg_sig(1, 0, 0, 0, 0));
    g_assert_cmphex(gpr(qts, 2, 0), ==, 0x00070000);
    /* Mode 2 from thread 0, 128 bits: Disable_zero_compress 1 now */
    tt_push(qts, 0, setdmareg_sig(2, 0, 2, 0, 32));
    g_assert_cmphex(gpr(qts, 0, 16), ==, 3);
    g_assert_cmphex(gpr(qts, 0, 17), ==, 0x00150000);
    g_assert_cmphex(gpr(qts, 0, 18), ==, 0);
    /* ... from thread 1: TileSize 0 + 1 */
    tt_push(qts, 1, setdmareg_sig(2, 0, 2, 0, 32));
    g_assert_cmphex(gpr(qts, 1, 16), ==, 1);

    /*
     * Mode 8, WhichPackers 0xE: AllZeroFlags.Bit[0] of each packer (0
     * now); packers 1-3 reset: packer 0 keeps its AccTileSize
     */
    set_gpr(qts, 0, 1, 0xAAAAAAAAu);
    tt_push(qts, 0, setdmareg_sig(1, 0xe, 8, 0, 2));
    g_assert_cmphex(gpr(qts, 0, 1), ==, 0);
    tt_push(qts, 0, setdmareg_sig(1, 0, 0, 0, 0));
    g_assert_cmphex(gpr(qts, 0, 0), ==, 0x00030002);
    /* WhichPackers 1: packer 0's AccTileSize[0..2] reset */
    tt_push(qts, 0, setdmareg_sig(1, 1, 8, 0, 2));
    tt_push(qts, 0, setdmareg_sig(1, 0, 0, 0, 0));
    g_assert_cmphex(gpr(qts, 0, 0), ==, 0x00000002);
    tt_push(qts, 2, setdmareg_sig(1, 0, 0, 0, 0));
    g_assert_cmphex(gpr(qts, 2, 0), ==, 0);
    /* TDMA-RISC (BRISC's view) sees the same state */
    g_assert_cmphex(qtest_readl(qts, 0xFFB11018), ==, 2);
    g_assert_cmphex(qtest_readl(qts, 0xFFB1101C) & 0xffff, ==, 0);
    qtest_quit(qts);
}

static void add_tests(const TTArch *a)
{
    static const TTTestCase tests[] = {
        { "reg2flop-adc", test_reg2flop_adc },
        { "storeind-src", test_storeind_src },
        { "migrate-busy", test_migrate_busy },
        { "setdmareg-hist", test_setdmareg_hist },
        { "setdmareg-sizes", test_setdmareg_sizes },
    };

    tt_add_tests("tensix/thcon", a->name, a, tests, G_N_ELEMENTS(tests));
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    add_tests(&tt_blackhole);
    add_tests(&tt_wormhole);
    return g_test_run();
}
