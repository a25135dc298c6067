/*
 * QTest testcase for the Tensix packers (PACR, PACR_SETREG) on tt-wormhole
 * and tt-blackhole.
 *
 * Dst is filled through SrcA: STOREIND (Src) writes 16-bit patterns into
 * SrcA (as tt-mov-test.c does) and MOVA2D copies 8 rows at a time into
 * Dst16b with SrcAFmt BF16 and Zero_Flag_disabled_src, so any 16-bit
 * pattern lands unchanged in a physical Dst row (32-bit datums are two
 * physical rows, Dst.md Adj32).  The packers are configured by Config
 * writes (cfg_defines.h word indices per architecture below), PACR is
 * pushed into thread 0, and L1 is read back with qtest memory reads.
 *
 * Every expected value is worked out by hand from tt-isa-documentation
 * WormholeB0 PACR.md, PACR_SETREG.md, the Packers/ pages, Dst.md (bit layouts)
 * and FloatBitPatterns.md, with the choices of docs/units/pack.md
 * (rounding to nearest with ties away from zero, BFP magnitudes saturated
 * at 127, nibbles low first, the compression layout).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "libqtest.h"
#include "tt-qtest-util.h"

#define TENSIX_PATH             "/machine/tile[0,0]/tensix"
#define CFG_BASE                0xFFEF0000u     /* Config[0] in BRISC's view */

#define OP_MOVA2D               0x12u
#define OP_MOVB2D               0x13u
#define OP_SETADC               0x50u
#define OP_PACR                 0x41u
#define OP_PACR_SETREG          0x4Au
#define OP_STOREIND             0x66u
#define OP_SETC16               0xB2u
#define OP_SETDVALID            0x57u

#define NUM_ADC                 144
#define PACK_STATE_PER          36

/* Data formats (FormatConversion.md) */
enum {
    FP32 = 0, FP16 = 1, BFP8A = 2, BFP4A = 3, TF32 = 4, BF16 = 5, BFP8 = 6,
    BFP4 = 7, INT32 = 8, INT16 = 9, FP8 = 10, BFP2A = 11, INT8 = 14,
    BFP2 = 15,
};

typedef struct TTArch {
    const char *name;
    const char *machine;
    bool bh;
    /* Config words (cfg_defines.h) */
    unsigned pk[4];             /* THCON_SEC0_REG1, SEC0_REG8, SEC1_REG1/8 */
    unsigned xy0, zw0, xy1, zw1, base0, base1, rd_ctrl, face_sel, row_map0;
    unsigned edge0, counters0, descale, descale_val0, dst_ofs0;
    unsigned ystride_shift;     /* Ystride / Wstride position */
    unsigned l1acc_bit;         /* Pack_L1_Acc in word 3 of a block */
    /* ThreadConfig words */
    unsigned am0, acc_stats;
} TTArch;

static const TTArch tt_wormhole = {
    "wormhole", "tt-wormhole", false, { 56, 84, 96, 124 },
    8, 9, 10, 11, 12, 13, 14, 15, 16, 20, 24, 7, 165, 152, 12, 21, 31, 46,
};
static const TTArch tt_blackhole = {
    "blackhole", "tt-blackhole", true, { 68, 96, 116, 144 },
    12, 13, 14, 15, 16, 17, 18, 19, 20, 24, 28, 8, 187, 180, 16, 19, 37, 45,
};

/* ---------------------------------------------------------------------- */
/* Helpers                                                                */
/* ---------------------------------------------------------------------- */

static void set_cfg(QTestState *qts, unsigned word, uint32_t v)
{
    tt_assert_all_idle(qts);
    qtest_writel(qts, CFG_BASE + 4 * word, v);
}

static void set_gpr(QTestState *qts, unsigned r, uint32_t v)
{
    tt_push(qts, 0, tt_setdmareg(2 * r, v & 0xFFFF));
    tt_push(qts, 0, tt_setdmareg(2 * r + 1, v >> 16));
}

/* SETADC: NewValue 17:0, XYZW 19:18, Channel 20, PK 23 */
static void set_adc(QTestState *qts, int ch, int xyzw, uint32_t v)
{
    tt_push(qts, 0, (OP_SETADC << 24) | (4u << 21) | (ch << 20) |
            (xyzw << 18) | v);
}

/* The packers' ADCs of thread 0: Channel[0].X = 0, Channel[1].X = n - 1 */
static void set_count(QTestState *qts, uint32_t n)
{
    set_adc(qts, 0, 0, 0);
    set_adc(qts, 1, 0, n - 1);
}

/*
 * PACR (Bits32.lua; Blackhole assembly.yaml has the same positions):
 * Last 0, Flush 1, Concat 4, OvrdThreadId 7, PackerMask 11:8, ZeroWrite
 * 12, AddrMod 16:15; Blackhole AddrCntContext 14:13.
 */
static uint32_t pacr(int am, int zw, int mask, int ovrd, int concat,
                     int flush, int last)
{
    return (OP_PACR << 24) | (am << 15) | (zw << 12) | (mask << 8) |
           (ovrd << 7) | (concat << 4) | (flush << 1) | last;
}

/* Word 2 of a packer block: formats, no compression, no tile header */
static uint32_t pk_w2(unsigned out, unsigned in)
{
    return 1u | (out << 4) | (in << 8) | (1u << 15);
}

/* Packer @i: L1_Dest_addr @l1 (16-byte units), the other words given */
static void set_pk(QTestState *qts, const TTArch *a, int i, uint32_t w0,
                   uint32_t l1, uint32_t w2, uint32_t w3)
{
    set_cfg(qts, a->pk[i], w0);
    set_cfg(qts, a->pk[i] + 1, l1);
    set_cfg(qts, a->pk[i] + 2, w2);
    set_cfg(qts, a->pk[i] + 3, w3);
}

/* Word 1: IntermediateFormat (ALU_FORMAT_SPEC_REG2_Dstacc) and srnd bits */
static void set_ifmt(QTestState *qts, unsigned ifmt, uint32_t extra)
{
    set_cfg(qts, 1, (ifmt << 25) | extra);
}

/* PCK_DEST_RD_CTRL: Read_32b_data 0, Read_unsigned 1, Read_int8 2, R10 3 */
#define RD_32B                  1u
#define RD_UNSIGNED             2u
#define RD_RAW                  4u
#define RD_ROUND10              8u

/* Dst16b BF16 layout (Sign 15, Man 14:8, Exp 7:0) of a standard BF16 */
static uint16_t dst_bf16(uint16_t b)
{
    return (b & 0x8000) | ((b & 0x7f) << 8) | ((b >> 7) & 0xff);
}

/* Dst16b FP16 layout (Sign 15, Man 14:5, Exp 4:0) of an FP16 */
static uint16_t dst_fp16(uint16_t h)
{
    return (h & 0x8000) | ((h & 0x3ff) << 5) | ((h >> 10) & 0x1f);
}

/* Dst32b layout (Sign 31, ManHi 30:24, Exp 23:16, ManLo 15:0) of an FP32 */
static uint32_t dst_fp32(uint32_t f)
{
    return (f & 0x8000ffffu) | (((f >> 23) & 0xff) << 16) |
           (((f >> 16) & 0x7f) << 24);
}

/*
 * STOREIND (Src) of row @r of Src<@b> (the unpackers' bank): 16 patterns
 * @v in Dst16b layout (Sign, Man(7), Exp(8)).  Datums 1 and 3 of each
 * STOREIND are standard BF16 (ReadBF16Hi); only rows 0..15 exist for it
 * (STOREIND_Src.md).
 */
static void src_row(QTestState *qts, int b, int r, const uint16_t *v16)
{
    for (int g = 0; g < 4; g++) {
        const uint16_t *v = &v16[4 * g];
        uint32_t hi1 = (v[1] & 0x8000) | ((v[1] & 0xff) << 7) |
                       ((v[1] >> 8) & 0x7f);
        uint32_t hi3 = (v[3] & 0x8000) | ((v[3] & 0xff) << 7) |
                       ((v[3] >> 8) & 0x7f);

        set_gpr(qts, 20, (hi1 << 16) | v[0]);
        set_gpr(qts, 21, (hi3 << 16) | v[2]);
        set_gpr(qts, 1, (b ? r : r + 4) * 4 + g);
        tt_push(qts, 0, (OP_STOREIND << 24) | (b << 21) | (4u << 14) |
                (20u << 6) | 1);
    }
}

/*
 * Fill physical Dst rows @phys0 .. @phys0 + @n - 1 (@n 8 or 16) with
 * @rows: SrcA rows 0..n-1 by STOREIND, SETDVALID, MOVA2D 8 rows at a
 * time.  Once per machine (the bank is not handed back).
 */
static void load_dst(QTestState *qts, const TTArch *a,
                     const uint16_t (*rows)[16], int n, int phys0)
{
    set_cfg(qts, 1, 5u << 17);          /* ALU_FORMAT_SPEC_REG0_SrcA BF16 */
    set_cfg(qts, 2, 1);                 /* Zero_Flag_disabled_src */
    g_assert(n <= 16);
    set_gpr(qts, 2, 0);
    for (int r = 0; r < n; r++) {
        src_row(qts, 0, r, rows[r]);
    }
    if (a->bh) {
        tt_push(qts, 0, tt_unpacr_nop_setdvalid(true, 0));
    } else {
        tt_push(qts, 0, (OP_SETDVALID << 24) | 1);
    }
    for (int g = 0; g < n / 8; g++) {
        tt_push(qts, 0, (OP_MOVA2D << 24) | ((8u * g) << 17) | (2u << 12) |
                (phys0 + 8 * g));
    }
    set_cfg(qts, 1, 0);
    set_cfg(qts, 2, 0);
}

/*
 * Fill the 32-bit Dst rows whose high halves are physical rows @phys0 ..
 * @phys0 + 7 (low halves 8 rows further) with @v[8][16]
 */
static void load_dst32_at(QTestState *qts, const TTArch *a,
                          const uint32_t (*v)[16], int phys0)
{
    uint16_t rows[16][16];

    for (int r = 0; r < 8; r++) {
        for (int c = 0; c < 16; c++) {
            uint32_t d = dst_fp32(v[r][c]);

            rows[r][c] = d >> 16;
            rows[r + 8][c] = d & 0xffff;
        }
    }
    load_dst(qts, a, rows, 16, phys0);
}

/* Fill 32-bit Dst rows 0..7 (physical rows 0..15) with @v[8][16] */
static void load_dst32(QTestState *qts, const TTArch *a,
                       const uint32_t (*v)[16])
{
    load_dst32_at(qts, a, v, 0);
}

static void l1_fill(QTestState *qts, uint32_t addr, uint8_t v, size_t len)
{
    g_autofree uint8_t *b = g_malloc(len);

    memset(b, v, len);
    qtest_memwrite(qts, addr, b, len);
}

static uint16_t l1_r16(QTestState *qts, uint32_t addr)
{
    return qtest_readw(qts, addr);
}

static uint32_t l1_r32(QTestState *qts, uint32_t addr)
{
    return qtest_readl(qts, addr);
}

static uint8_t l1_r8(QTestState *qts, uint32_t addr)
{
    return qtest_readb(qts, addr);
}

static void check16(QTestState *qts, uint32_t addr, const uint16_t *want,
                    int n, const char *what)
{
    tt_assert_all_idle(qts);
    for (int i = 0; i < n; i++) {
        uint16_t got = l1_r16(qts, addr + 2 * i);

        if (got != want[i]) {
            g_test_message("%s: datum %d = 0x%04x, expected 0x%04x", what, i,
                           got, want[i]);
        }
        g_assert_cmphex(got, ==, want[i]);
    }
}

static void check32(QTestState *qts, uint32_t addr, const uint32_t *want,
                    int n, const char *what)
{
    tt_assert_all_idle(qts);
    for (int i = 0; i < n; i++) {
        uint32_t got = l1_r32(qts, addr + 4 * i);

        if (got != want[i]) {
            g_test_message("%s: datum %d = 0x%08x, expected 0x%08x", what, i,
                           got, want[i]);
        }
        g_assert_cmphex(got, ==, want[i]);
    }
}

static void check8(QTestState *qts, uint32_t addr, const uint8_t *want,
                   int n, const char *what)
{
    tt_assert_all_idle(qts);
    for (int i = 0; i < n; i++) {
        uint8_t got = l1_r8(qts, addr + i);

        if (got != want[i]) {
            g_test_message("%s: byte %d = 0x%02x, expected 0x%02x", what, i,
                           got, want[i]);
        }
        g_assert_cmphex(got, ==, want[i]);
    }
}

/*
 * A machine with tt-llk's edge mask set-up: PCK_EDGE_OFFSET_SEC0 mask all
 * ones, every row mapped to it (the reset value 0 masks every datum).
 */
static QTestState *start(const TTArch *a)
{
    QTestState *qts = qtest_initf("-machine %s", a->machine);

    set_cfg(qts, a->edge0, 0xffff);
    return qts;
}

#define OUT0    0x20000u        /* packer 0's output (byte address) */

/* ---------------------------------------------------------------------- */
/* Format conversions                                                     */
/* ---------------------------------------------------------------------- */

/*
 * BF16 in 16-bit Dst.  Identity (Read_raw): every pattern unchanged,
 * denormals and NaN included.  Rounding (IntermediateFormat BF16 without
 * Read_raw): denormals and -0 become +0, NaN becomes +inf; the rest keeps
 * its bits (BF16 has no bits to round away).
 */
static void test_bf16(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = start(a);
    static const uint16_t b[16] = {
        0x3f80, 0xc020, 0x0001, 0x8000, 0x7fc1, 0xff80, 0x7f7f, 0x3f81,
        0x8001, 0x4049, 0x0080, 0xbf80, 0x1234, 0x5678, 0x7f80, 0x0000,
    };
    static const uint16_t rounded[16] = {
        0x3f80, 0xc020, 0x0000, 0x0000, 0x7f80, 0xff80, 0x7f7f, 0x3f81,
        0x0000, 0x4049, 0x0080, 0xbf80, 0x1234, 0x5678, 0x7f80, 0x0000,
    };
    uint16_t rows[8][16] = { { 0 } };

    for (int c = 0; c < 16; c++) {
        rows[0][c] = dst_bf16(b[c]);
    }
    load_dst(qts, a, rows, 8, 0);
    set_ifmt(qts, BF16, 0);
    set_cfg(qts, a->rd_ctrl, RD_RAW);
    set_pk(qts, a, 0, 0, OUT0 >> 4, pk_w2(BF16, BF16), 0);
    set_count(qts, 16);
    tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 0, 1));
    check16(qts, OUT0, b, 16, "BF16 identity");

    set_cfg(qts, a->rd_ctrl, 0);
    set_cfg(qts, a->pk[0] + 1, (OUT0 >> 4) + 0x10);
    tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 0, 1));
    check16(qts, OUT0 + 0x100, rounded, 16, "BF16 rounding");
    qtest_quit(qts);
}

static const uint32_t fp32_in[16] = {
    0x3f808000, 0x3f807fff, 0xbf808000, 0x7f7f8000, 0x00400000, 0x80000000,
    0x7fc00001, 0x3f7fffff, 0x3f801000, 0x3f800fff, 0xc0001000, 0x3f80ffff,
    0x80400000, 0x12345678, 0x7f800000, 0x40490fdb,
};

/*
 * FP32 in 32-bit Dst.  Early rounding to BF16 (ties away from zero, carry
 * into the exponent, overflow to +inf, NaN to inf, denormals and -0 to
 * +0) and to TF32 (13 bits dropped); identity; late truncation to BF16
 * (denormals flushed, sign kept, NaN kept).
 */
static void test_fp32(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = start(a);
    static const uint16_t bf16_round[16] = {
        0x3f81, 0x3f80, 0xbf81, 0x7f80, 0x0000, 0x0000, 0x7f80, 0x3f80,
        0x3f80, 0x3f80, 0xc000, 0x3f81, 0x0000, 0x1234, 0x7f80, 0x4049,
    };
    static const uint32_t tf32_round[16] = {
        0x3f808000, 0x3f808000, 0xbf808000, 0x7f7f8000, 0x00000000,
        0x00000000, 0x7f800000, 0x3f800000, 0x3f802000, 0x3f800000,
        0xc0002000, 0x3f810000, 0x00000000, 0x12346000, 0x7f800000,
        0x40490000,
    };
    static const uint16_t bf16_trunc[16] = {
        0x3f80, 0x3f80, 0xbf80, 0x7f7f, 0x0000, 0x8000, 0x7fc0, 0x3f7f,
        0x3f80, 0x3f80, 0xc000, 0x3f80, 0x8000, 0x1234, 0x7f80, 0x4049,
    };
    static const uint16_t bf16_raw[16] = {
        0x3f80, 0x3f80, 0xbf80, 0x7f7f, 0x0040, 0x8000, 0x7fc0, 0x3f7f,
        0x3f80, 0x3f80, 0xc000, 0x3f80, 0x8040, 0x1234, 0x7f80, 0x4049,
    };
    uint32_t v[8][16] = { { 0 } };

    memcpy(v[0], fp32_in, sizeof(fp32_in));
    load_dst32(qts, a, v);
    set_count(qts, 16);

    /* Early rounding to BF16: IntermediateFormat BF16, In/Out BF16 */
    set_ifmt(qts, BF16, 0);
    set_cfg(qts, a->rd_ctrl, RD_32B);
    set_pk(qts, a, 0, 0, OUT0 >> 4, pk_w2(BF16, BF16), 0);
    tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 0, 1));
    check16(qts, OUT0, bf16_round, 16, "FP32 -> BF16 rounding");

    /* Early rounding to TF32, out FP32 */
    set_ifmt(qts, TF32, 0);
    set_pk(qts, a, 0, 0, (OUT0 >> 4) + 0x10, pk_w2(FP32, TF32), 0);
    tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 0, 1));
    check32(qts, OUT0 + 0x100, tf32_round, 16, "FP32 -> TF32 rounding");

    /* FP32 with Round_10b_mant is the same TF32 rounding */
    set_ifmt(qts, FP32, 0);
    set_cfg(qts, a->rd_ctrl, RD_32B | RD_ROUND10);
    set_pk(qts, a, 0, 0, (OUT0 >> 4) + 0x20, pk_w2(FP32, TF32), 0);
    tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 0, 1));
    check32(qts, OUT0 + 0x200, tf32_round, 16, "FP32 Round_10b_mant");

    /* Identity: denormals and NaN preserved */
    set_cfg(qts, a->rd_ctrl, RD_32B);
    set_pk(qts, a, 0, 0, (OUT0 >> 4) + 0x30, pk_w2(FP32, FP32), 0);
    tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 0, 1));
    check32(qts, OUT0 + 0x300, fp32_in, 16, "FP32 identity");

    /* Late truncation FP32 -> BF16 */
    set_pk(qts, a, 0, 0, (OUT0 >> 4) + 0x40, pk_w2(BF16, FP32), 0);
    tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 0, 1));
    check16(qts, OUT0 + 0x400, bf16_trunc, 16, "FP32 -> BF16 truncation");

    /*
     * Read_raw with IntermediateFormat BF16: early truncation; the late
     * BF16 -> BF16 keeps the denormals it leaves (0x0040, 0x8040).
     */
    set_ifmt(qts, BF16, 0);
    set_cfg(qts, a->rd_ctrl, RD_32B | RD_RAW);
    set_pk(qts, a, 0, 0, (OUT0 >> 4) + 0x50, pk_w2(BF16, BF16), 0);
    tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 0, 1));
    check16(qts, OUT0 + 0x500, bf16_raw, 16, "FP32 -> BF16 raw");
    qtest_quit(qts);
}

/*
 * FP16 in 16-bit Dst: rounding (denormals and -0 to +0), FP8 (the top
 * byte), E5M6 rounding then BFP8a, BFP4a, BFP2a (shared exponent 17);
 * FP32 to FP16 late (saturation to
 * 0x7fff, exponent 31 kept, flush below 2^-14, truncation).
 */
static void test_fp16(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = start(a);
    static const uint16_t h0[16] = {
        0x3c00, 0xbe00, 0x0001, 0x8000, 0x7fff, 0x3c01, 0x3c07, 0x3c04,
        0x3c08, 0x3c0c, 0x3c06, 0x4248, 0x03ff, 0xfc00, 0x7bff, 0x0400,
    };
    static const uint16_t h0_round[16] = {
        0x3c00, 0xbe00, 0x0000, 0x0000, 0x7fff, 0x3c01, 0x3c07, 0x3c04,
        0x3c08, 0x3c0c, 0x3c06, 0x4248, 0x0000, 0xfc00, 0x7bff, 0x0400,
    };
    static const uint8_t h0_fp8[16] = {
        0x3c, 0xbe, 0x00, 0x80, 0x7f, 0x3c, 0x3c, 0x3c,
        0x3c, 0x3c, 0x3c, 0x42, 0x03, 0xfc, 0x7b, 0x04,
    };
    static const uint16_t h1[16] = {
        0x3c00, 0x3e00, 0xb800, 0x4000, 0x3c08, 0x3c18, 0x4010, 0x4030,
        0x4018, 0x0000, 0x3400, 0x2c00, 0x43ff, 0xc200, 0x4208, 0x3c00,
    };
    static const uint8_t h1_bfp8a[16] = {
        0x10, 0x18, 0x88, 0x20, 0x10, 0x11, 0x21, 0x22,
        0x21, 0x00, 0x04, 0x01, 0x40, 0xb0, 0x31, 0x10,
    };
    static const uint32_t f[16] = {
        0x3fc00000, 0x7f000000, 0x35800000, 0xb8800000, 0x38000000,
        0x7fc00000, 0xff800000, 0x477fe000, 0x47800000, 0x3f801fff,
        0xc0490fdb, 0x00000000, 0xb5800000, 0x387fe000, 0x38800000,
        0x477ff000,
    };
    static const uint16_t f_fp16[16] = {
        0x3e00, 0x7fff, 0x0000, 0x8400, 0x0000, 0x7fff, 0xffff, 0x7bff,
        0x7c00, 0x3c00, 0xc248, 0x0000, 0x8000, 0x0000, 0x0400, 0x7bff,
    };
    static const uint8_t h1_bfp4a[8] = {
        0x11, 0x20, 0x11, 0x22, 0x02, 0x00, 0xb4, 0x13,
    };
    static const uint8_t h1_bfp2a[4] = { 0x00, 0x00, 0x00, 0x01 };
    static const uint8_t exp_line[16] = { 0x11 };

    /* Dst16b rows 16 and 17: FP16 */
    {
        uint16_t r2[8][16] = { { 0 } };

        for (int c = 0; c < 16; c++) {
            r2[0][c] = dst_fp16(h0[c]);
            r2[1][c] = dst_fp16(h1[c]);
        }
        load_dst(qts, a, r2, 8, 16);
    }
    set_count(qts, 16);
    /* Dst row 16: DEST_TARGET_REG_CFG_PACK_SEC0_Offset = 16 */
    set_cfg(qts, a->dst_ofs0, 16);

    set_ifmt(qts, FP16, 0);
    set_cfg(qts, a->rd_ctrl, 0);
    set_pk(qts, a, 0, 0, OUT0 >> 4, pk_w2(FP16, FP16), 0);
    tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 0, 1));
    check16(qts, OUT0, h0_round, 16, "FP16 rounding");

    set_cfg(qts, a->rd_ctrl, RD_RAW);
    set_pk(qts, a, 0, 0, (OUT0 >> 4) + 0x10, pk_w2(FP16, FP16), 0);
    tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 0, 1));
    check16(qts, OUT0 + 0x100, h0, 16, "FP16 identity");

    set_ifmt(qts, FP8, 0);
    set_pk(qts, a, 0, 0, (OUT0 >> 4) + 0x20, pk_w2(FP8, FP8), 0);
    tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 0, 1));
    check8(qts, OUT0 + 0x200, h0_fp8, 16, "FP16 -> FP8");

    /* Row 17: E5M6 rounding, BFP8a; exponent section 1 (16 bytes) */
    set_cfg(qts, a->dst_ofs0, 17);
    set_ifmt(qts, BFP8A, 0);
    set_cfg(qts, a->rd_ctrl, 0);
    set_pk(qts, a, 0, 1u << 16, (OUT0 >> 4) + 0x30, pk_w2(BFP8A, BFP8A), 0);
    tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 0, 1));
    check8(qts, OUT0 + 0x300, exp_line, 16, "BFP8a exponent");
    check8(qts, OUT0 + 0x310, h1_bfp8a, 16, "BFP8a datums");

    /* The same block as BFP4a and BFP2a: top 3 / 1 magnitude bits */
    set_pk(qts, a, 0, 1u << 16, (OUT0 >> 4) + 0x40, pk_w2(BFP4A, BFP8A), 0);
    tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 0, 1));
    check8(qts, OUT0 + 0x400, exp_line, 1, "BFP4a exponent");
    check8(qts, OUT0 + 0x410, h1_bfp4a, 8, "BFP4a datums");
    set_pk(qts, a, 0, 1u << 16, (OUT0 >> 4) + 0x50, pk_w2(BFP2A, BFP8A), 0);
    tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 0, 1));
    check8(qts, OUT0 + 0x500, exp_line, 1, "BFP2a exponent");
    check8(qts, OUT0 + 0x510, h1_bfp2a, 4, "BFP2a datums");
    qtest_quit(qts);

    /* FP32 -> FP16 late (a fresh machine: 32-bit Dst row 0) */
    qts = start(a);
    {
        uint32_t v[8][16] = { { 0 } };

        memcpy(v[0], f, sizeof(f));
        load_dst32(qts, a, v);
    }
    set_count(qts, 16);
    set_ifmt(qts, FP32, 0);
    set_cfg(qts, a->rd_ctrl, RD_32B);
    set_pk(qts, a, 0, 0, OUT0 >> 4, pk_w2(FP16, FP32), 0);
    tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 0, 1));
    check16(qts, OUT0, f_fp16, 16, "FP32 -> FP16");
    qtest_quit(qts);
}


/*
 * BFP8 / BFP4 / BFP2 from BF16: shared exponent the largest (128),
 * magnitudes (1.m << 7) >> (E - e + 1) rounded to nearest, ties away,
 * saturated at 127; BFP4/BFP2 the top 3/1 magnitude bits; a zero
 * magnitude has no sign.  Exponent section 1 (16 bytes) before the data;
 * a partial block at Last is converted alone and both streams padded.
 */
static void test_bfp(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = start(a);
    static const uint16_t b[16] = {
        0x3f80, 0x3fc0, 0x3f40, 0xc040, 0x3f81, 0x3f83, 0x3f82, 0x4000,
        0x407f, 0xba80, 0x0001, 0x0000, 0x3f80, 0x3f80, 0x3f80, 0x3f80,
    };
    static const uint8_t bfp8[32] = {
        0x20, 0x30, 0x18, 0xe0, 0x20, 0x21, 0x21, 0x40,
        0x7f, 0x00, 0x00, 0x00, 0x20, 0x20, 0x20, 0x20,
        /* second block: 8.0 and three 1.0 with exponent 130, padding */
        0x40, 0x08, 0x08, 0x08,
    };
    static const uint8_t exps[16] = { 0x80, 0x82 };
    static const uint8_t bfp4[16] = {
        0x32, 0xe1, 0x22, 0x42, 0x07, 0x00, 0x22, 0x22,
    };
    static const uint8_t bfp2[16] = { 0xc0, 0x40, 0x01, 0x00 };
    uint16_t rows[8][16] = { { 0 } };

    for (int c = 0; c < 16; c++) {
        rows[0][c] = dst_bf16(b[c]);
        rows[1][c] = dst_bf16(c == 0 ? 0x4100 : 0x3f80);
    }
    load_dst(qts, a, rows, 8, 0);
    l1_fill(qts, OUT0, 0xaa, 0x400);
    set_ifmt(qts, BF16, 0);
    set_cfg(qts, a->rd_ctrl, RD_RAW);

    set_count(qts, 20);
    set_pk(qts, a, 0, 1u << 16, OUT0 >> 4, pk_w2(BFP8, BF16), 0);
    tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 0, 1));
    check8(qts, OUT0, exps, 16, "BFP8 exponents");
    check8(qts, OUT0 + 16, bfp8, 32, "BFP8 datums");

    set_count(qts, 16);
    set_pk(qts, a, 0, 1u << 16, (OUT0 >> 4) + 0x10, pk_w2(BFP4, BF16), 0);
    tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 0, 1));
    check8(qts, OUT0 + 0x100, exps, 1, "BFP4 exponent");
    check8(qts, OUT0 + 0x110, bfp4, 16, "BFP4 datums");

    set_pk(qts, a, 0, 1u << 16, (OUT0 >> 4) + 0x20, pk_w2(BFP2, BF16), 0);
    tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 0, 1));
    check8(qts, OUT0 + 0x200, exps, 1, "BFP2 exponent");
    check8(qts, OUT0 + 0x210, bfp2, 16, "BFP2 datums");
    qtest_quit(qts);
}

/*
 * INT32 identity; INT8 from INT32 shifted right by 4 (INT_DESCALE mode 0),
 * rounded (ties away) and saturated at 127 (UINT8: 255, negative 0); raw
 * INT8 (sign and low 7 bits).
 */
static void test_int(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = start(a);
    static const uint32_t v[16] = {
        0x00000018, 0x80000017, 0x00001000, 0x80001000, 0x00000008,
        0x00000007, 0x80000007, 0x000007f7, 0x000007f8, 0x00000010,
        0x80000010, 0x00000000, 0x00000020, 0x000000ff, 0x0000000c,
        0x00000004,
    };
    static const uint8_t int8[16] = {
        0x02, 0x81, 0x7f, 0xff, 0x01, 0x00, 0x00, 0x7f,
        0x7f, 0x01, 0x81, 0x00, 0x02, 0x10, 0x01, 0x00,
    };
    static const uint8_t uint8[16] = {
        0x02, 0x00, 0xff, 0x00, 0x01, 0x00, 0x00, 0x7f,
        0x80, 0x01, 0x00, 0x00, 0x02, 0x10, 0x01, 0x00,
    };
    static const uint8_t raw8[16] = {
        0x18, 0x97, 0x00, 0x80, 0x08, 0x07, 0x87, 0x77,
        0x78, 0x10, 0x90, 0x00, 0x20, 0x7f, 0x0c, 0x04,
    };
    static const uint32_t i32[16] = {
        0x80001234, 0x7fffffff, 0x00000001, 0x12345678, 0xffffffff,
        0x00800000, 0x00010000, 0x40000001,
    };
    uint32_t dv[8][16] = { { 0 } };

    memcpy(dv[0], i32, sizeof(i32));
    memcpy(dv[1], v, sizeof(v));
    load_dst32(qts, a, dv);
    set_count(qts, 16);
    set_cfg(qts, a->rd_ctrl, RD_32B);
    set_ifmt(qts, INT32, 0);
    set_pk(qts, a, 0, 0, OUT0 >> 4, pk_w2(INT32, INT32), 0);
    tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 0, 1));
    check32(qts, OUT0, i32, 16, "INT32 identity");


    /* Dst32b row 1: DEST_TARGET_REG_CFG_PACK_SEC0_Offset = 1 */
    set_cfg(qts, a->dst_ofs0, 1);
    set_cfg(qts, a->descale, 1);            /* INT_DESCALE_Enable, mode 0 */
    set_cfg(qts, a->descale_val0, 4);
    set_ifmt(qts, INT8, 0);
    set_pk(qts, a, 0, 0, (OUT0 >> 4) + 0x10, pk_w2(INT8, INT8), 0);
    tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 0, 1));
    check8(qts, OUT0 + 0x100, int8, 16, "INT32 -> INT8");

    set_cfg(qts, a->rd_ctrl, RD_32B | RD_UNSIGNED);
    set_pk(qts, a, 0, 0, (OUT0 >> 4) + 0x20, pk_w2(INT8, INT8), 0);
    tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 0, 1));
    check8(qts, OUT0 + 0x200, uint8, 16, "INT32 -> UINT8");

    set_cfg(qts, a->rd_ctrl, RD_32B | RD_RAW);
    set_pk(qts, a, 0, 0, (OUT0 >> 4) + 0x30, pk_w2(INT8, INT8), 0);
    tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 0, 1));
    check8(qts, OUT0 + 0x300, raw8, 16, "INT32 -> INT8 raw");


    qtest_quit(qts);
}

/*
 * Dst32b row 640 (DEST_TARGET_REG_CFG_PACK_SEC0_Offset 640) is a 10-bit
 * row: Adj32(640) = ((640 & 0x1f8) << 1) | (640 & 0x207) = 768, in the
 * second half of Dst (tt-llk's double buffer with 32-bit Dst), not row
 * 128 (Adj32 256, left zero)
 */
static void test_dst32_high(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = start(a);
    uint32_t dv[8][16] = { { 0 } };
    uint32_t want[16];

    for (int c = 0; c < 16; c++) {
        dv[0][c] = want[c] = 0x01000000u * c + 0x640;
    }
    load_dst32_at(qts, a, dv, 768);
    set_count(qts, 16);
    set_cfg(qts, a->rd_ctrl, RD_32B);
    set_ifmt(qts, INT32, 0);
    set_cfg(qts, a->dst_ofs0, 640);
    set_pk(qts, a, 0, 0, OUT0 >> 4, pk_w2(INT32, INT32), 0);
    tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 0, 1));
    check32(qts, OUT0, want, 16, "INT32 from Dst32b row 640");
    qtest_quit(qts);
}

/* INT16 identity of arbitrary 16-bit patterns */
static void test_int16(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = start(a);
    static const uint16_t i16[16] = {
        0xabcd, 0x1234, 0x8000, 0x7fff, 0x0001, 0xffff, 0x00ff, 0xff00,
        0x5555, 0xaaaa, 0x0000, 0x8001, 0x4000, 0x0080, 0x7f80, 0xc000,
    };
    uint16_t rows[8][16] = { { 0 } };

    memcpy(rows[0], i16, sizeof(i16));
    load_dst(qts, a, rows, 8, 0);
    set_count(qts, 16);
    set_ifmt(qts, INT16, 0);
    set_pk(qts, a, 0, 0, OUT0 >> 4, pk_w2(INT16, INT16), 0);
    tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 0, 1));
    check16(qts, OUT0, i16, 16, "INT16 identity");
    qtest_quit(qts);
}

/*
 * Stochastic rounding (ALU_ROUNDING_MODE_Gasket_srnd_en): the PRNG starts
 * at 0 and its low 16 bits stay 0 for the first 16 steps, so every datum
 * rounds up, exact ones included (the bias the page describes); without
 * it 1.0 stays 1.0.
 */
static void test_stochastic(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = start(a);
    uint32_t v[8][16];
    uint16_t up[16], same[16];

    for (int c = 0; c < 16; c++) {
        v[0][c] = 0x3f800000;
        up[c] = 0x3f81;
        same[c] = 0x3f80;
    }
    for (int r = 1; r < 8; r++) {
        memcpy(v[r], v[0], sizeof(v[0]));
    }
    load_dst32(qts, a, v);
    set_count(qts, 16);
    set_cfg(qts, a->rd_ctrl, RD_32B);
    set_ifmt(qts, BF16, 0);
    set_pk(qts, a, 0, 0, OUT0 >> 4, pk_w2(BF16, BF16), 0);
    tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 0, 1));
    check16(qts, OUT0, same, 16, "deterministic");
    set_ifmt(qts, BF16, 2);                 /* Gasket_srnd_en */
    set_pk(qts, a, 0, 0, (OUT0 >> 4) + 0x10, pk_w2(BF16, BF16), 0);
    tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 0, 1));
    check16(qts, OUT0 + 0x100, up, 16, "stochastic");
    qtest_quit(qts);
}

/* ---------------------------------------------------------------------- */
/* Pipeline features                                                      */
/* ---------------------------------------------------------------------- */

/*
 * L1 accumulation (Pack_L1_Acc): BF16 1.0 + {2.0, -1.0, 0.5} = {3.0, +0,
 * 1.5}; FP32 1.5 + 0.25 = 1.75; INT32 5 + -7 = -2, 0x7fffffff + 1
 * saturates.
 */
static void test_accumulate(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = start(a);
    static const uint16_t bin[8] = {
        0x4000, 0xbf80, 0x3f00, 0x4000, 0x4000, 0x4000, 0x4000, 0x4000,
    };
    static const uint16_t bout[8] = {
        0x4040, 0x0000, 0x3fc0, 0x4040, 0x4040, 0x4040, 0x4040, 0x4040,
    };
    uint16_t rows[8][16] = { { 0 } };
    uint32_t acc = 1u << a->l1acc_bit;

    for (int c = 0; c < 8; c++) {
        rows[0][c] = dst_bf16(bin[c]);
        qtest_writew(qts, OUT0 + 2 * c, 0x3f80);
    }
    load_dst(qts, a, rows, 8, 0);
    set_count(qts, 8);
    set_ifmt(qts, BF16, 0);
    set_cfg(qts, a->rd_ctrl, RD_RAW);
    set_pk(qts, a, 0, 0, OUT0 >> 4, pk_w2(BF16, BF16), acc);
    tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 0, 1));
    check16(qts, OUT0, bout, 8, "BF16 accumulate");
    qtest_quit(qts);

    qts = start(a);
    {
        uint32_t v[8][16] = { { 0 } };
        static const uint32_t f_out[4] = {
            0x3fe00000, 0x3fe00000, 0x3fe00000, 0x3fe00000,
        };
        static const uint32_t i_out[4] = {
            0x80000002, 0x7fffffff, 0x80000002, 0x7fffffff,
        };

        for (int c = 0; c < 4; c++) {
            v[0][c] = 0x3e800000;
            v[1][c] = c & 1 ? 0x7fffffff : 0x80000007;
            qtest_writel(qts, OUT0 + 4 * c, 0x3fc00000);
            qtest_writel(qts, OUT0 + 0x100 + 4 * c, c & 1 ? 1 : 5);
        }
        load_dst32(qts, a, v);
        set_count(qts, 4);
        set_cfg(qts, a->rd_ctrl, RD_32B);
        set_ifmt(qts, FP32, 0);
        set_pk(qts, a, 0, 0, OUT0 >> 4, pk_w2(FP32, FP32), acc);
        tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 0, 1));
        check32(qts, OUT0, f_out, 4, "FP32 accumulate");
        set_cfg(qts, a->dst_ofs0, 1);
        set_ifmt(qts, INT32, 0);
        set_pk(qts, a, 0, 0, (OUT0 >> 4) + 0x10, pk_w2(INT32, INT32), acc);
        tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 0, 1));
        check32(qts, OUT0 + 0x100, i_out, 4, "INT32 accumulate");
    }
    qtest_quit(qts);
}

/*
 * ZeroWrite: zeros instead of Dst.  Flush: no datums, but the output
 * buffers are padded (4 BF16 datums = 8 bytes, then 8 zero bytes) and
 * the next PACR starts at a new address.  Wormhole PackerMask 0 is
 * packer 0 only.
 */
static void test_zero_flush(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = start(a);
    static const uint16_t zeros[16];
    static const uint16_t four[8] = {
        0x3f80, 0x3f80, 0x3f80, 0x3f80, 0, 0, 0, 0,
    };
    uint16_t rows[8][16];
    uint32_t ps[4 * PACK_STATE_PER];

    for (int c = 0; c < 16; c++) {
        rows[0][c] = dst_bf16(0x3f80);
    }
    for (int r = 1; r < 8; r++) {
        memcpy(rows[r], rows[0], sizeof(rows[0]));
    }
    load_dst(qts, a, rows, 8, 0);
    l1_fill(qts, OUT0, 0xaa, 0x400);
    set_ifmt(qts, BF16, 0);
    set_cfg(qts, a->rd_ctrl, RD_RAW);
    set_count(qts, 16);
    set_pk(qts, a, 0, 0, OUT0 >> 4, pk_w2(BF16, BF16), 0);
    set_pk(qts, a, 1, 0, (OUT0 >> 4) + 0x20, pk_w2(BF16, BF16), 0);
    tt_push(qts, 0, pacr(0, 1, 1, 0, 0, 0, 1));
    check16(qts, OUT0, zeros, 16, "ZeroWrite");
    g_assert_cmphex(l1_r8(qts, OUT0 + 32), ==, 0xaa);

    /* 4 datums without Last, then Flush */
    set_count(qts, 4);
    set_pk(qts, a, 0, 0, (OUT0 >> 4) + 0x10, pk_w2(BF16, BF16), 0);
    tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 0, 0));
    tt_assert_all_idle(qts);
    g_assert_cmphex(l1_r8(qts, OUT0 + 0x108), ==, 0xaa);
    tt_qom_get_u32_list(qts, TENSIX_PATH, "x-pack-state", ps, 4 * 36);
    g_assert_cmphex(ps[33], ==, OUT0 + 0x108);      /* data stream */
    g_assert_cmpuint(ps[35], ==, 0);                /* NeedsNewAddress */
    tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 1, 0));
    check16(qts, OUT0 + 0x100, four, 8, "Flush padding");
    tt_qom_get_u32_list(qts, TENSIX_PATH, "x-pack-state", ps, 4 * 36);
    g_assert_cmpuint(ps[35], ==, 1);

    /*
     * PackerMask 0: Wormhole packer 0 only (packer 1's output stays
     * 0xaa); Blackhole (ReadIntfSel 0, assembly.yaml) the one packer's
     * four read interfaces: 64 datums, packer 1's output untouched too.
     */
    set_count(qts, 16);
    set_pk(qts, a, 0, 0, (OUT0 >> 4) + 0x30, pk_w2(BF16, BF16), 0);
    tt_push(qts, 0, pacr(0, 0, 0, 0, 0, 0, 1));
    tt_assert_all_idle(qts);
    g_assert_cmphex(l1_r16(qts, OUT0 + 0x300), ==, 0x3f80);
    g_assert_cmphex(l1_r16(qts, OUT0 + 0x31e), ==, 0x3f80);
    g_assert_cmphex(l1_r16(qts, OUT0 + 0x320), ==, a->bh ? 0x3f80 : 0xaaaa);
    g_assert_cmphex(l1_r16(qts, OUT0 + 0x37e), ==, a->bh ? 0x3f80 : 0xaaaa);
    g_assert_cmphex(l1_r16(qts, OUT0 + 0x200), ==, 0xaaaa);
    qtest_quit(qts);
}

/*
 * Blackhole has one packer reading Dst through four interfaces (tt-llk's
 * NUM_PACKERS 1; as Tenstorrent's ttsim has it): interface k of
 * ReadIntfSel reads Channel[1].X - Channel[0].X + 1 datums from Dst row
 * start + k, or start + 16k with DstAccessMode (strided), in turn into one
 * output stream.  Dst row r holds BF16 1.0 + r / 8 (rows 16.. are zero).
 */
static void test_read_intf_bh(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = start(a);
    static const struct {
        unsigned sel;
        bool strided;
        int rows[4];                /* Dst row of each output block; -1 end */
    } cases[] = {
        { 0x0, false, { 0, 1, 2, 3 } },
        { 0x5, false, { 0, 2, -1 } },
        { 0xa, false, { 1, 3, -1 } },
        { 0x3, true, { 0, 16, -1 } },
        { 0x1, false, { 0, -1 } },
    };
    uint16_t rows[16][16];

    for (int r = 0; r < 16; r++) {
        for (int c = 0; c < 16; c++) {
            rows[r][c] = dst_bf16(0x3f80 + 0x10 * r);  /* 1 + r / 8 */
        }
    }
    load_dst(qts, a, rows, 16, 0);
    set_ifmt(qts, BF16, 0);
    set_cfg(qts, a->rd_ctrl, RD_RAW);
    set_count(qts, 16);
    for (size_t n = 0; n < G_N_ELEMENTS(cases); n++) {
        uint32_t out = OUT0 + 0x100 * n;

        l1_fill(qts, out, 0xaa, 0x100);
        set_pk(qts, a, 0, 0, out >> 4, pk_w2(BF16, BF16), 0);
        tt_push(qts, 0, pacr(0, 0, cases[n].sel, 0, 0, 0, 1) |
                        ((uint32_t)cases[n].strided << 17));
        tt_assert_all_idle(qts);
        for (int k = 0; k < 4; k++) {
            int r = cases[n].rows[k];
            uint16_t want = r < 0 ? 0xaaaa : r < 16 ? 0x3f80 + 0x10 * r : 0;

            g_assert_cmphex(l1_r16(qts, out + 32 * k), ==, want);
            g_assert_cmphex(l1_r16(qts, out + 32 * k + 30), ==, want);
            if (r < 0) {
                break;
            }
        }
    }
    qtest_quit(qts);
}

/*
 * Edge masking: Dst row 0 uses PCK_EDGE_OFFSET_SEC0 (mask 0x00ff), row 1
 * SEC1 (0xf0f0) through TILE_ROW_SET_MAPPING_0 (row 1 -> 1): masked
 * datums become 0, or -inf with PCK_EDGE_MODE_mode.
 */
static void test_edge(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = start(a);
    uint16_t rows[8][16], want0[32], want1[32];

    for (int r = 0; r < 8; r++) {
        for (int c = 0; c < 16; c++) {
            rows[r][c] = dst_bf16(0x3f80);
        }
    }
    for (int i = 0; i < 32; i++) {
        bool keep = i < 16 ? (0x00ff >> i) & 1 : (0xf0f0 >> (i - 16)) & 1;

        want0[i] = keep ? 0x3f80 : 0;
        want1[i] = keep ? 0x3f80 : 0xff80;
    }
    load_dst(qts, a, rows, 8, 0);
    set_ifmt(qts, BF16, 0);
    set_cfg(qts, a->rd_ctrl, RD_RAW);
    set_count(qts, 32);
    set_cfg(qts, a->edge0, 0x00ff);
    set_cfg(qts, a->edge0 + 1, 0xf0f0);
    set_cfg(qts, a->row_map0, 1u << 2);
    set_pk(qts, a, 0, 0, OUT0 >> 4, pk_w2(BF16, BF16), 0);
    tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 0, 1));
    check16(qts, OUT0, want0, 32, "edge mask zero");
    set_cfg(qts, a->edge0, 0x00ff | (1u << 16));
    set_pk(qts, a, 0, 0, (OUT0 >> 4) + 0x10, pk_w2(BF16, BF16), 0);
    tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 0, 1));
    check16(qts, OUT0 + 0x100, want1, 32, "edge mask -inf");
    qtest_quit(qts);
}

/*
 * ReLU (STACC_RELU in Config word 2: ApplyRelu 5:2, ReluThreshold 21:6):
 * ZERO, MIN_THRESHOLD and MAX_THRESHOLD with the BF16 threshold 1.0.
 */
static void test_relu(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = start(a);
    static const uint16_t in[8] = {
        0xbf80, 0x4000, 0x8000, 0x3f00, 0x3f80, 0x3fc0, 0xc040, 0x0000,
    };
    static const uint16_t want[3][8] = {
        { 0, 0x4000, 0, 0x3f00, 0x3f80, 0x3fc0, 0, 0 },
        { 0, 0x4000, 0, 0, 0, 0x3fc0, 0, 0 },
        { 0, 0x3f80, 0, 0x3f00, 0x3f80, 0x3f80, 0, 0 },
    };
    uint16_t rows[8][16] = { { 0 } };

    for (int c = 0; c < 8; c++) {
        rows[0][c] = dst_bf16(in[c]);
    }
    load_dst(qts, a, rows, 8, 0);
    set_ifmt(qts, BF16, 0);
    set_cfg(qts, a->rd_ctrl, RD_RAW);
    set_count(qts, 8);
    for (int m = 1; m <= 3; m++) {
        set_cfg(qts, 2, (m << 2) | (0x3f80u << 6));
        set_pk(qts, a, 0, 0, (OUT0 >> 4) + 0x10 * m, pk_w2(BF16, BF16), 0);
        tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 0, 1));
        check16(qts, OUT0 + 0x100 * m, want[m - 1], 8, "ReLU");
    }
    qtest_quit(qts);
}

/*
 * Downsampling: mask 0x5555 keeps the even datums; mask 0x0003 over 32
 * datums keeps 0, 1, 16, 17 (the mask rotates once per input datum); the
 * 8 bytes left of the 16-byte line are zero-padded at Last.
 */
static void test_downsample(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = start(a);
    uint16_t rows[8][16] = { { 0 } }, want[16], want2[8];

    for (int r = 0; r < 2; r++) {
        for (int c = 0; c < 16; c++) {
            rows[r][c] = dst_bf16(0x3f80 + 16 * r + c);
        }
    }
    for (int i = 0; i < 8; i++) {
        want[i] = 0x3f80 + 2 * i;
    }
    want2[0] = 0x3f80;
    want2[1] = 0x3f81;
    want2[2] = 0x3f90;
    want2[3] = 0x3f91;
    memset(&want2[4], 0, 8);
    load_dst(qts, a, rows, 8, 0);
    l1_fill(qts, OUT0, 0xaa, 0x200);
    set_ifmt(qts, BF16, 0);
    set_cfg(qts, a->rd_ctrl, RD_RAW);
    set_count(qts, 16);
    set_pk(qts, a, 0, 0, OUT0 >> 4, pk_w2(BF16, BF16), 0x5555);
    tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 0, 1));
    check16(qts, OUT0, want, 8, "downsample 0x5555");
    g_assert_cmphex(l1_r8(qts, OUT0 + 16), ==, 0xaa);
    set_count(qts, 32);
    set_pk(qts, a, 0, 0, (OUT0 >> 4) + 0x10, pk_w2(BF16, BF16), 0x0003);
    tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 0, 1));
    check16(qts, OUT0 + 0x100, want2, 8, "downsample 0x0003");
    qtest_quit(qts);
}

/*
 * Exponent histogram (ENABLE_ACC_STATS): bins of the low 5 exponent bits
 * (1.0: 127 -> 31, 2.0: 128 -> 0, 0.5: 126 -> 30, 0: 0) and the maximum
 * exponent; then exponent thresholding at 127 zeroes 0.5 and -0.5.
 */
static void test_hist_threshold(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = start(a);
    static const uint16_t in[16] = {
        0x3f80, 0x3f80, 0x3f80, 0x3f80, 0x4000, 0x4000, 0x4000, 0x3f00,
        0xbf00, 0, 0, 0, 0, 0, 0, 0,
    };
    static const uint16_t thr[16] = {
        0x3f80, 0x3f80, 0x3f80, 0x3f80, 0x4000, 0x4000, 0x4000, 0, 0,
    };
    uint16_t rows[8][16] = { { 0 } };
    uint32_t ps[4 * PACK_STATE_PER];

    for (int c = 0; c < 16; c++) {
        rows[0][c] = dst_bf16(in[c]);
    }
    load_dst(qts, a, rows, 8, 0);
    set_ifmt(qts, BF16, 0);
    set_cfg(qts, a->rd_ctrl, RD_RAW);
    set_count(qts, 16);
    tt_push(qts, 0, (OP_SETC16 << 24) | (a->acc_stats << 16) | 1);
    set_pk(qts, a, 0, 0, OUT0 >> 4, pk_w2(BF16, BF16),
           (1u << 20) | (127u << 24));
    tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 0, 1));
    check16(qts, OUT0, thr, 16, "exponent threshold");
    tt_qom_get_u32_list(qts, TENSIX_PATH, "x-pack-state", ps, 4 * 36);
    for (int b = 0; b < 32; b++) {
        uint32_t want = b == 31 ? 4 : b == 0 ? 10 : b == 30 ? 2 : 0;

        g_assert_cmpuint(ps[b], ==, want);
    }
    g_assert_cmpuint(ps[32], ==, 128);
    g_assert_cmpuint(ps[PACK_STATE_PER + 32], ==, 0);   /* packer 1 */

    /* CLREXPHIST.md: Reset() of every packer's histogram and maximum */
    tt_push(qts, 0, 0x21u << 24);                       /* CLREXPHIST */
    tt_qom_get_u32_list(qts, TENSIX_PATH, "x-pack-state", ps, 4 * 36);
    for (int b = 0; b <= 32; b++) {
        g_assert_cmpuint(ps[b], ==, 0);
    }
    qtest_quit(qts);
}


/* ---------------------------------------------------------------------- */
/* Compression                                                            */
/* ---------------------------------------------------------------------- */

/* Word 2 with compression on (Disable_zero_compress 0) */
static uint32_t pk_w2c(unsigned out, unsigned in)
{
    return pk_w2(out, in) & ~1u;
}

/*
 * Compression.md with Row_start_section_size 1: the RSI array (0, then
 * the augmented count at each row end) at the tile's address, padded to
 * 16 bytes; then groups of 32 datums and 32 4-bit counters.  A zero datum
 * that is neither the first nor the last of its row is absorbed by the
 * previous datum's counter, up to 15.
 */
static void test_compress(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = start(a);
    uint16_t rows[8][16] = { { 0 } };
    static const uint16_t rsi1[8] = { 0, 3 };
    static const uint16_t dat1[32] = { 0x3f80, 0x4000, 0x0000 };
    static const uint8_t cnt1[16] = { 0xa3, 0x00 };
    static const uint16_t rsi2[8] = { 0, 2 };
    static const uint16_t dat2[32] = { 0x3f80, 0x40a0 };
    static const uint8_t cnt2[16] = { 0x0e };
    static const uint16_t rsi3[8] = { 0, 3 };
    static const uint16_t dat3[32] = { 0x3f80, 0x0000, 0x4000 };
    static const uint8_t cnt3[16] = { 0x1f, 0x00 };
    static const uint8_t bexp[16] = { 0x80 };
    static const uint8_t bdat[32] = { 0x20, 0x40 };
    static const uint8_t bcnt[16] = { 0x0e };

    /* Row 0: 1.0 0 0 0 2.0 0 x 11; row 1: 1.0 0 x 7 | 0 x 7 5.0 */
    rows[0][0] = dst_bf16(0x3f80);
    rows[0][4] = dst_bf16(0x4000);
    rows[1][0] = dst_bf16(0x3f80);
    rows[1][15] = dst_bf16(0x40a0);
    /* Rows 2-3: 1.0, 17 zeros, 2.0 */
    rows[2][0] = dst_bf16(0x3f80);
    rows[3][2] = dst_bf16(0x4000);
    /* Row 4: 1.0, 14 zeros, 2.0 */
    rows[4][0] = dst_bf16(0x3f80);
    rows[4][15] = dst_bf16(0x4000);
    load_dst(qts, a, rows, 8, 0);
    l1_fill(qts, OUT0, 0xaa, 0x800);
    set_ifmt(qts, BF16, 0);
    set_cfg(qts, a->rd_ctrl, RD_RAW);

    /* One PACR, one row */
    set_count(qts, 16);
    set_pk(qts, a, 0, 1, OUT0 >> 4, pk_w2c(BF16, BF16), 0);
    tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 0, 1));
    check16(qts, OUT0, rsi1, 8, "RSI");
    check16(qts, OUT0 + 16, dat1, 32, "compressed datums");
    check8(qts, OUT0 + 80, cnt1, 16, "RLE counters");
    g_assert_cmphex(l1_r8(qts, OUT0 + 96), ==, 0xaa);

    /* Concat: two PACRs of 8 datums form one row */
    set_count(qts, 8);
    set_cfg(qts, a->dst_ofs0, 1);
    set_pk(qts, a, 0, 1, (OUT0 >> 4) + 0x10, pk_w2c(BF16, BF16), 0);
    tt_push(qts, 0, pacr(0, 0, 1, 0, 1, 0, 0));
    /* Second half of row 1: X starts at 8 (Xstride 2 bytes) */
    set_cfg(qts, a->xy0, 2);
    set_adc(qts, 0, 0, 8);
    set_adc(qts, 1, 0, 15);
    tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 0, 1));
    check16(qts, OUT0 + 0x100, rsi2, 8, "RSI (Concat)");
    check16(qts, OUT0 + 0x110, dat2, 32, "datums (Concat)");
    check8(qts, OUT0 + 0x150, cnt2, 16, "counters (Concat)");

    /* Counter saturation: 17 zeros after 1.0 */
    set_cfg(qts, a->dst_ofs0, 2);
    set_count(qts, 19);
    set_pk(qts, a, 0, 1, (OUT0 >> 4) + 0x20, pk_w2c(BF16, BF16), 0);
    tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 0, 1));
    check16(qts, OUT0 + 0x200, rsi3, 8, "RSI (saturation)");
    check16(qts, OUT0 + 0x210, dat3, 32, "datums (saturation)");
    check8(qts, OUT0 + 0x250, cnt3, 16, "counters (saturation)");

    /* BFP8: RSI, exponent section, then 32 datums + counters */
    set_cfg(qts, a->dst_ofs0, 4);
    set_count(qts, 16);
    set_pk(qts, a, 0, 1 | (1u << 16), (OUT0 >> 4) + 0x30,
           pk_w2c(BFP8, BF16), 0);
    tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 0, 1));
    check16(qts, OUT0 + 0x300, rsi2, 8, "RSI (BFP8)");
    check8(qts, OUT0 + 0x310, bexp, 16, "exponents (BFP8)");
    check8(qts, OUT0 + 0x320, bdat, 32, "datums (BFP8)");
    check8(qts, OUT0 + 0x340, bcnt, 16, "counters (BFP8)");

    if (!a->bh) {
        /* Metadata (TDMA-RISC): AllZeroFlags of an all-zero row */
        set_cfg(qts, a->dst_ofs0, 5);
        set_pk(qts, a, 0, 1, (OUT0 >> 4) + 0x40, pk_w2c(BF16, BF16), 0);
        tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 0, 1));
        tt_assert_all_idle(qts);
        g_assert_cmphex(qtest_readl(qts, 0xFFB11020), ==, 1);
        g_assert_cmphex(l1_r16(qts, OUT0 + 0x402), ==, 2);
        g_assert_cmphex(l1_r8(qts, OUT0 + 0x450), ==, 0x0e);
    }
    qtest_quit(qts);
}

/* ---------------------------------------------------------------------- */
/* Addressing                                                             */
/* ---------------------------------------------------------------------- */

/* adc-state index of ADCs[t].Packers.Channel[ch] counter @k */
static int adc_idx(int t, int ch, int k)
{
    return ((t * 3 + 2) * 2 + ch) * 8 + k;
}
enum { A_X, A_XCR, A_Y, A_YCR, A_Z, A_ZCR, A_W, A_WCR };

/*
 * ADDR_MOD_PACK: YsrcIncr 3:0, YsrcCR 4, YsrcClear 5, YdstIncr 9:6,
 * YdstCR 10, YdstClear 11, ZsrcIncr 12, ZsrcClear 13, ZdstIncr 14,
 * ZdstClear 15
 */
#define AM(ysi, ysc, yscl, ydi, ydc, ydcl, zsi, zscl, zdi, zdcl)         \
    ((ysi) | ((ysc) << 4) | ((yscl) << 5) | ((ydi) << 6) | ((ydc) << 10) | \
     ((ydcl) << 11) | ((zsi) << 12) | ((zscl) << 13) | ((zdi) << 14) |    \
     ((zdcl) << 15))

/*
 * Input address from Ystride (32 bytes: one BF16 Dst row per Y) and the
 * DEST_TARGET_REG_CFG_PACK offset; output address from Ystride 16 (16-byte
 * units) of Channel[1].Y; ADC updates through ADDR_MOD_PACK: increments,
 * CR, clears, Z.
 */
static void test_adc(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = start(a);
    uint16_t rows[8][16];
    uint16_t want[16];
    uint32_t adc[NUM_ADC];

    for (int r = 0; r < 8; r++) {
        for (int c = 0; c < 16; c++) {
            rows[r][c] = dst_bf16(0x3f80 + 16 * r + c);
        }
    }
    load_dst(qts, a, rows, 8, 0);
    set_ifmt(qts, BF16, 0);
    set_cfg(qts, a->rd_ctrl, RD_RAW);
    set_count(qts, 16);
    set_cfg(qts, a->xy0, 32u << a->ystride_shift);
    set_cfg(qts, a->xy1, 16u << a->ystride_shift);
    tt_push(qts, 0, (OP_SETC16 << 24) | ((a->am0 + 1) << 16) |
            AM(3, 0, 0, 2, 0, 0, 1, 0, 0, 1));
    tt_push(qts, 0, (OP_SETC16 << 24) | ((a->am0 + 2) << 16) |
            AM(2, 1, 0, 1, 1, 0, 0, 1, 1, 0));
    tt_push(qts, 0, (OP_SETC16 << 24) | ((a->am0 + 3) << 16) |
            AM(0, 0, 1, 0, 0, 1, 0, 0, 0, 0));
    set_adc(qts, 0, 2, 2);          /* Channel[0].Z = 2 */
    set_adc(qts, 1, 2, 5);          /* Channel[1].Z = 5 */
    set_pk(qts, a, 0, 0, OUT0 >> 4, pk_w2(BF16, BF16), 0);

    /* AddrMod 1: reads row 0 to OUT0; then Y0 3, Z0 3, Y1 2, Z1 0 */
    tt_push(qts, 0, pacr(1, 0, 1, 0, 0, 0, 1));
    tt_assert_all_idle(qts);
    tt_qom_get_u32_list(qts, TENSIX_PATH, "adc-state", adc, NUM_ADC);
    g_assert_cmpuint(adc[adc_idx(0, 0, A_Y)], ==, 3);
    g_assert_cmpuint(adc[adc_idx(0, 0, A_Z)], ==, 3);
    g_assert_cmpuint(adc[adc_idx(0, 1, A_Y)], ==, 2);
    g_assert_cmpuint(adc[adc_idx(0, 1, A_Z)], ==, 0);
    for (int c = 0; c < 16; c++) {
        want[c] = 0x3f80 + c;
    }
    check16(qts, OUT0, want, 16, "row 0");

    /* Z0 = 3 with Zstride 0: row Y0 = 3; output Y1 2 * 16 units */
    tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 0, 1));
    for (int c = 0; c < 16; c++) {
        want[c] = 0x3f80 + 48 + c;
    }
    check16(qts, OUT0 + 32 * 16, want, 16, "row Y = 3");

    /* DEST_TARGET_REG_CFG_PACK_SEC0_Offset 4: row 7; AddrMod 2 (CR) */
    set_cfg(qts, a->dst_ofs0, 4);
    tt_push(qts, 0, pacr(2, 0, 1, 0, 0, 0, 1));
    for (int c = 0; c < 16; c++) {
        want[c] = 0x3f80 + 112 + c;
    }
    check16(qts, OUT0 + 32 * 16, want, 16, "row 3 + 4");
    tt_qom_get_u32_list(qts, TENSIX_PATH, "adc-state", adc, NUM_ADC);
    /* YsrcCR: Y_Cr 0 + 2, Y = 2; YdstCR: Y_Cr 0 + 1, Y = 1 */
    g_assert_cmpuint(adc[adc_idx(0, 0, A_Y)], ==, 2);
    g_assert_cmpuint(adc[adc_idx(0, 0, A_YCR)], ==, 2);
    g_assert_cmpuint(adc[adc_idx(0, 1, A_Y)], ==, 1);
    g_assert_cmpuint(adc[adc_idx(0, 1, A_YCR)], ==, 1);
    g_assert_cmpuint(adc[adc_idx(0, 0, A_Z)], ==, 0);   /* ZsrcClear */
    g_assert_cmpuint(adc[adc_idx(0, 1, A_Z)], ==, 1);   /* ZdstIncr */
    tt_push(qts, 0, pacr(2, 0, 1, 0, 0, 0, 1));
    tt_assert_all_idle(qts);
    tt_qom_get_u32_list(qts, TENSIX_PATH, "adc-state", adc, NUM_ADC);
    g_assert_cmpuint(adc[adc_idx(0, 0, A_Y)], ==, 4);
    g_assert_cmpuint(adc[adc_idx(0, 0, A_YCR)], ==, 4);
    tt_push(qts, 0, pacr(3, 0, 1, 0, 0, 0, 1));
    tt_assert_all_idle(qts);
    tt_qom_get_u32_list(qts, TENSIX_PATH, "adc-state", adc, NUM_ADC);
    g_assert_cmpuint(adc[adc_idx(0, 0, A_Y)], ==, 0);
    g_assert_cmpuint(adc[adc_idx(0, 0, A_YCR)], ==, 0);
    g_assert_cmpuint(adc[adc_idx(0, 1, A_Y)], ==, 0);
    g_assert_cmpuint(adc[adc_idx(0, 1, A_YCR)], ==, 0);
    qtest_quit(qts);
}

/*
 * OvrdThreadId: the ADC of Addr_cnt_context (Wormhole) / PACR's
 * AddrCntContext (Blackhole) = 2 is read and advanced, thread 0's not.
 */
static void test_ovrd(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = start(a);
    uint16_t rows[8][16];
    uint16_t want[8];
    uint32_t adc[NUM_ADC];

    for (int r = 0; r < 8; r++) {
        for (int c = 0; c < 16; c++) {
            rows[r][c] = dst_bf16(0x3f80 + 16 * r + c);
        }
    }
    load_dst(qts, a, rows, 8, 0);
    set_ifmt(qts, BF16, 0);
    set_cfg(qts, a->rd_ctrl, RD_RAW);
    set_cfg(qts, a->xy0, 32u << a->ystride_shift);
    tt_push(qts, 0, (OP_SETC16 << 24) | ((a->am0 + 1) << 16) |
            AM(1, 0, 0, 0, 0, 0, 0, 0, 0, 0));
    /* ADCs[2]: Channel[0].Y = 5, X 0..7 (SETADC from thread 2) */
    tt_push(qts, 2, (OP_SETADC << 24) | (4u << 21) | (1u << 18) | 5);
    tt_push(qts, 2, (OP_SETADC << 24) | (4u << 21) | (1u << 20) | 7);
    set_count(qts, 16);
    set_pk(qts, a, 0, 0, OUT0 >> 4,
           pk_w2(BF16, BF16) | (a->bh ? 0 : 2u << 2), 0);
    tt_push(qts, 0, pacr(1, 0, 1, 1, 0, 0, 1) | (a->bh ? 2u << 13 : 0));
    for (int c = 0; c < 8; c++) {
        want[c] = 0x3f80 + 80 + c;
    }
    check16(qts, OUT0, want, 8, "ADCs[2]");
    g_assert_cmphex(l1_r16(qts, OUT0 + 16), ==, 0);
    tt_qom_get_u32_list(qts, TENSIX_PATH, "adc-state", adc, NUM_ADC);
    g_assert_cmpuint(adc[adc_idx(2, 0, A_Y)], ==, 6);
    g_assert_cmpuint(adc[adc_idx(0, 0, A_Y)], ==, 0);
    qtest_quit(qts);
}

/*
 * A 32x32 BF16 tile as tt-llk packs it: one PACR to all four packers,
 * each 256 datums from its face (DEST_TARGET_REG_CFG_PACK_SEC[i].Offset =
 * 16 i), packer 0's L1_Dest_addr with bit 31 and the others relative to
 * it, one 16-byte header (Sub_l1_tile_header_size 0).  Its host time is
 * measured by the tensix-pack benchmark (tests-qtest/bench/bench-pack.c,
 * docs/performance.md), not here.
 */
static void test_tile(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = start(a);
    uint16_t rows[64][16];
    uint32_t base = OUT0 >> 4;
    uint32_t insn = pacr(0, 0, 0xf, 0, 1, 0, 1);

    /*
     * SrcA rows 0..15: A(r, c) = 0x3c00 + 16 r + c; SrcB: B = 0x4400 + ..
     * Dst faces: 0 = A, 1 = B (MOVB2D, 4 rows at a time), 2 = A rows
     * 8..15 then 0..7, 3 = B rows 8..15 then 0..7.
     */
    set_cfg(qts, 1, 5u << 17);
    set_cfg(qts, 2, 1);
    set_gpr(qts, 2, 0);
    for (int r = 0; r < 16; r++) {
        uint16_t va[16], vb[16];

        for (int c = 0; c < 16; c++) {
            va[c] = dst_bf16(0x3c00 + 16 * r + c);
            vb[c] = dst_bf16(0x4400 + 16 * r + c);
            rows[r][c] = 0x3c00 + 16 * r + c;
            rows[16 + r][c] = 0x4400 + 16 * r + c;
            rows[32 + (r ^ 8)][c] = 0x3c00 + 16 * r + c;
            rows[48 + (r ^ 8)][c] = 0x4400 + 16 * r + c;
        }
        src_row(qts, 0, r, va);
        src_row(qts, 1, r, vb);
    }
    if (a->bh) {
        tt_push(qts, 0, tt_unpacr_nop_setdvalid(true, 0));
        tt_push(qts, 0, tt_unpacr_nop_setdvalid(true, 1));
    } else {
        tt_push(qts, 0, (OP_SETDVALID << 24) | 3);
    }
    for (int g = 0; g < 2; g++) {
        tt_push(qts, 0, (OP_MOVA2D << 24) | ((8u * g) << 17) | (2u << 12) |
                (8 * g));
        tt_push(qts, 0, (OP_MOVA2D << 24) | ((8u * g) << 17) | (2u << 12) |
                (32 + 8 * (g ^ 1)));
    }
    for (int q = 0; q < 4; q++) {
        unsigned mod_shift = a->bh ? 11 : 12;

        tt_push(qts, 0, (OP_MOVB2D << 24) | ((4u * q) << 17) |
                (4u << mod_shift) | (16 + 4 * q));
        tt_push(qts, 0, (OP_MOVB2D << 24) | ((4u * q) << 17) |
                (4u << mod_shift) | (48 + 4 * (q ^ 2)));
    }
    set_cfg(qts, 1, 0);
    set_cfg(qts, 2, 0);
    set_ifmt(qts, BF16, 0);
    set_cfg(qts, a->rd_ctrl, 0);
    if (a->bh) {
        /*
         * Blackhole's one packer: one read interface, the 64 Dst rows in
         * turn (tt-llk's MOPs split this into PACRs of up to 4 rows)
         */
        set_count(qts, 1024);
        set_pk(qts, a, 0, 4, (1u << 31) | base,
               pk_w2(BF16, BF16) & ~(1u << 15), 0);
        set_cfg(qts, a->dst_ofs0, 0);
        insn = pacr(0, 0, 1, 0, 1, 0, 1);
    } else {
        set_count(qts, 256);
        for (int i = 0; i < 4; i++) {
            uint32_t l1 = i ? 32 * i - 1 : (1u << 31) | base;

            set_pk(qts, a, i, 4, l1, pk_w2(BF16, BF16) & ~(1u << 15), 0);
            set_cfg(qts, a->dst_ofs0 + i, 16 * i);
        }
    }
    tt_push(qts, 0, insn);
    tt_assert_all_idle(qts);
    for (int i = 0; i < 4; i++) {
        for (int d = 0; d < 256; d++) {
            uint16_t got = l1_r16(qts, OUT0 + 16 + 512 * i + 2 * d);

            g_assert_cmphex(got, ==, rows[16 * i + d / 16][d % 16]);
        }
    }
    qtest_quit(qts);
}

/*
 * L1 as packer 0's input (Source_interface_selection, L1_source_addr 1:
 * 0x40000): BF16 to FP32 (widened), FP32 to BF16 (truncated), and 8-bit
 * data read as BF16 (sign and mantissa, exponent zero).
 */
static void test_l1_source(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = start(a);
    static const uint16_t in16[4] = { 0x3f80, 0xc049, 0x0001, 0x7f80 };
    static const uint32_t out32[4] = {
        0x3f800000, 0xc0490000, 0x00010000, 0x7f800000,
    };
    static const uint32_t in32[4] = {
        0x3f80ffff, 0xc0490fdb, 0x00010000, 0x7f800001,
    };
    /* The FP32 denormal is flushed (mantissa narrows), NaN -> inf */
    static const uint16_t out16[4] = { 0x3f80, 0xc049, 0x0000, 0x7f80 };
    static const uint8_t in8[4] = { 0xc5, 0x45, 0x80, 0x7f };
    static const uint16_t out8[4] = { 0x8045, 0x0045, 0x8000, 0x007f };
    uint32_t src = (1u << 16) | (1u << 24);

    for (int i = 0; i < 4; i++) {
        qtest_writew(qts, 0x40000 + 2 * i, in16[i]);
        qtest_writel(qts, 0x40100 + 4 * i, in32[i]);
        qtest_writeb(qts, 0x40200 + i, in8[i]);
    }
    set_count(qts, 4);
    set_pk(qts, a, 0, 0, OUT0 >> 4, pk_w2(FP32, BF16) | src, 0);
    tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 0, 1));
    check32(qts, OUT0, out32, 4, "L1 BF16 -> FP32");
    set_cfg(qts, a->base0, 0x100);
    set_pk(qts, a, 0, 0, (OUT0 >> 4) + 0x10, pk_w2(BF16, FP32) | src, 0);
    tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 0, 1));
    check16(qts, OUT0 + 0x100, out16, 4, "L1 FP32 -> BF16");
    set_cfg(qts, a->base0, 0x200);
    set_pk(qts, a, 0, 0, (OUT0 >> 4) + 0x20, pk_w2(BF16, BFP8) | src, 0);
    tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 0, 1));
    check16(qts, OUT0 + 0x200, out8, 4, "L1 8-bit -> BF16");
    qtest_quit(qts);
}

/*
 * PACR_SETREG.  Wormhole: SetPackRegAddr (TDMA-RISC 0xFFB11038) = hi 1,
 * mid 4: SetRegBase[0] = 0x40010; AddrMid 2: 0xFFB42010 (overlay stream
 * 2); SetRegHiScaler[1] = 3 (0xFFB1103C bits 17:9) for BF16 (format & 3
 * = 1): 0x123 + ((0x123 * 3) << 12) = 0x369123.  The packers' buffers are
 * flushed first.  Blackhole (assembly.yaml): two ModeSel writes load
 * 0x00369123, SetRegBase is 0 (no TDMA-RISC), StreamId 0x20: 0xFFB20000
 * (NoC 0's NOC_TARG_ADDR_LO).
 */
static void test_setreg(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = start(a);
    uint16_t rows[8][16] = { { 0 } };
    static const uint16_t four[8] = {
        0x3f80, 0x3f80, 0x3f80, 0x3f80, 0, 0, 0, 0,
    };
    uint32_t ps[4 * PACK_STATE_PER];

    for (int c = 0; c < 16; c++) {
        rows[0][c] = dst_bf16(0x3f80);
    }
    load_dst(qts, a, rows, 8, 0);
    l1_fill(qts, OUT0, 0xaa, 0x100);
    set_ifmt(qts, BF16, 0);
    set_cfg(qts, a->rd_ctrl, RD_RAW);
    set_count(qts, 4);
    set_pk(qts, a, 0, 0, OUT0 >> 4, pk_w2(BF16, BF16), 0);
    tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 0, 0));
    if (!a->bh) {
        qtest_writel(qts, 0xFFB11038, (1u << 20) | 4);
        qtest_writel(qts, 0xFFB1103C, 3u << 9);
        tt_push(qts, 0, (OP_PACR_SETREG << 24) | (1u << 23) |
                (0x123u << 12) | (0xfu << 8) | (2u << 2) | (1u << 1));
        tt_assert_all_idle(qts);
        g_assert_cmphex(qtest_readl(qts, 0xFFB42010), ==, 0x369123);
    } else {
        tt_push(qts, 0, (OP_PACR_SETREG << 24) | (1u << 22) |
                (0x9123u << 3));
        tt_push(qts, 0, (OP_PACR_SETREG << 24) | (1u << 22) |
                (0x0036u << 3) | (1u << 2));
        tt_push(qts, 0, (OP_PACR_SETREG << 24) | (1u << 23) |
                (0x20u << 2) | (1u << 1));
        tt_assert_all_idle(qts);
        g_assert_cmphex(qtest_readl(qts, 0xFFB20000), ==, 0x369123);
    }
    check16(qts, OUT0, four, 8, "SETREG flush");
    tt_qom_get_u32_list(qts, TENSIX_PATH, "x-pack-state", ps, 4 * 36);
    g_assert_cmpuint(ps[35], ==, 1);
    qtest_quit(qts);
}

/*
 * Tile metadata (TDMA-RISC.md, Wormhole): after a Last, PACKED_SIZE of
 * packer 0 for thread 0 is the tile's size in 16-byte units (2 for 16
 * BF16 datums), 0 for thread 1; ACC_PACKED_SIZE accumulates it plus
 * Add_tile_header_size; Enable_out_fifo pushes it to the metadata FIFO.
 */
static void test_metadata(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = start(a);
    uint16_t rows[8][16] = { { 0 } };

    load_dst(qts, a, rows, 8, 0);
    set_ifmt(qts, BF16, 0);
    set_count(qts, 16);
    set_pk(qts, a, 0, 0, OUT0 >> 4,
           pk_w2(BF16, BF16) | (1u << 14) | (1u << 22), 0);
    tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 0, 1));
    tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 0, 1));
    tt_assert_all_idle(qts);
    g_assert_cmphex(qtest_readl(qts, 0xFFB11018), ==, 2);
    g_assert_cmphex(qtest_readl(qts, 0xFFB11058), ==, 0);
    g_assert_cmphex(qtest_readl(qts, 0xFFB1101C) & 0xffff, ==, 6);
    g_assert_cmphex(qtest_readl(qts, 0xFFB11030), ==, 2);
    g_assert_cmphex(qtest_readl(qts, 0xFFB11038) & 3, ==, 0);  /* not empty */
    qtest_quit(qts);
}


/*
 * Migration ("tt-tensix/pack"): a tile's output stream continues after
 * migration (4 datums before, 4 after, contiguous), the histogram too.
 */
static void test_migrate(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = start(a);
    uint16_t rows[8][16] = { { 0 } };
    uint16_t want[8];
    uint32_t ps[4 * PACK_STATE_PER];

    for (int c = 0; c < 16; c++) {
        rows[0][c] = dst_bf16(0x3f80 + c);
    }
    for (int c = 0; c < 8; c++) {
        want[c] = 0x3f80 + (c & 3);
    }
    load_dst(qts, a, rows, 8, 0);
    set_ifmt(qts, BF16, 0);
    set_cfg(qts, a->rd_ctrl, RD_RAW);
    set_count(qts, 4);
    tt_push(qts, 0, (OP_SETC16 << 24) | (a->acc_stats << 16) | 1);
    set_pk(qts, a, 0, 0, OUT0 >> 4, pk_w2(BF16, BF16), 0);
    tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 0, 0));
    tt_assert_all_idle(qts);
    qts = tt_migrate_via_file(qts, a->machine);
    tt_push(qts, 0, pacr(0, 0, 1, 0, 0, 0, 1));
    check16(qts, OUT0, want, 8, "after migration");
    tt_qom_get_u32_list(qts, TENSIX_PATH, "x-pack-state", ps, 4 * 36);
    g_assert_cmpuint(ps[31], ==, 8);                /* exponent 127 */
    g_assert_cmpuint(ps[33], ==, OUT0 + 16);
    qtest_quit(qts);
}

/* ---------------------------------------------------------------------- */

static const TTTestCase tests[] = {
    { "bf16", test_bf16 },
    { "fp32", test_fp32 },
    { "fp16", test_fp16 },
    { "bfp", test_bfp },
    { "int", test_int },
    { "int16", test_int16 },
    { "stochastic", test_stochastic },
    { "accumulate", test_accumulate },
    { "zero-flush", test_zero_flush },
    { "edge", test_edge },
    { "relu", test_relu },
    { "downsample", test_downsample },
    { "hist-threshold", test_hist_threshold },
    { "dst32-high-rows", test_dst32_high },
    { "compress", test_compress },
    { "adc", test_adc },
    { "ovrd", test_ovrd },
    { "tile", test_tile },
    { "l1-source", test_l1_source },
    { "setreg", test_setreg },
    { "migrate", test_migrate },
};

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    tt_add_tests("/tensix/pack", tt_wormhole.name, &tt_wormhole, tests,
                 ARRAY_SIZE(tests));
    tt_add_tests("/tensix/pack", tt_blackhole.name, &tt_blackhole, tests,
                 ARRAY_SIZE(tests));
    tt_add_test("/tensix/pack", tt_blackhole.name, "read-interfaces",
                &tt_blackhole, test_read_intf_bh);
    tt_add_test("/tensix/pack", tt_wormhole.name, "metadata", &tt_wormhole,
                test_metadata);
    return g_test_run();
}
