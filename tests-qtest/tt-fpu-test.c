/*
 * QTest testcase for the Tensix matrix unit's element-wise instructions
 * ELWADD, ELWSUB and ELWMUL on tt-wormhole and tt-blackhole (and MVMUL,
 * DOTPV, GAPOOL, GMPOOL and the legacy MFCONV3S1, CONV3S1/2, APOOL3S1/2,
 * MPOOL3S1/2 further down).
 *
 * SrcA/SrcB are filled with STOREIND (Src) (BF16-shaped datums: Sign(18)
 * Man(17:11) Exp(7:0), STOREIND_Src.md), handed to the matrix unit with
 * SETDVALID, and the results read back through "x-dst-state".  Every
 * expected value is worked out by hand from tt-isa-documentation
 * WormholeB0 ELWADD.md / ELWSUB.md / ELWMUL.md, MatrixUnit.md, SrcASrcB.md
 * (layouts, fidelity phases), Dst.md (layouts, Adj32) and
 * FloatBitPatterns.md, with the choices of docs/decisions.md ("Matrix
 * unit: element-wise instructions"): FP32 arithmetic rounding to nearest
 * even, results below 2^-126 become +0, 2^128 and above the exponent-255
 * pattern, narrowing to BF16/FP16 rounds to nearest even.
 *
 * Blackhole refuses SETDVALID (tt_adc.c): there UNPACR_NOP's SETDVALID
 * form hands the banks over, one instruction per unpacker.  The expected
 * values are the same on both architectures (the pages name no Blackhole
 * difference for these data; Blackhole's implied formats are not
 * modelled, docs/decisions.md).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "libqtest.h"
#include "tt-qtest-util.h"

#define TENSIX_PATH             "/machine/tile[0,0]/tensix"
#define CFG_BASE                0xFFEF0000u     /* Config[0] in BRISC's view */

#define DST_ROWS                1024
#define NUM_DST                 (DST_ROWS * 16 + DST_ROWS)
#define NUM_RWC                 27

/* Opcodes (assembly.yaml) */
#define OP_ELWMUL               0x27u
#define OP_ELWADD               0x28u
#define OP_ELWSUB               0x30u
#define OP_SETRWC               0x37u
#define OP_SETDVALID            0x57u
#define OP_STOREIND             0x66u
#define OP_SETC16               0xB2u

/* STOREIND (Src): AddrReg 5:0, DataReg 11:6, OffsetHalfReg 20:14, SrcB 21 */
#define STOREIND_SRC(to_b, ohalf, reg, areg) \
    ((OP_STOREIND << 24) | ((to_b) << 21) | ((ohalf) << 14) | \
     ((reg) << 6) | (areg))
#define SETDVALID(flip)         ((OP_SETDVALID << 24) | (flip))
/*
 * SrcA and SrcB: the unpackers' banks to the matrix unit, from thread @t
 * (Blackhole: UNPACR_NOP's SETDVALID form for unpackers 0 and 1)
 */
#define SETDVALID_AB(qts, bh, t)                                        \
    do {                                                                \
        if (bh) {                                                       \
            tt_push((qts), (t), tt_unpacr_nop_setdvalid(true, 0));      \
            tt_push((qts), (t), tt_unpacr_nop_setdvalid(true, 1));      \
        } else {                                                        \
            tt_push((qts), (t), SETDVALID(3));                          \
        }                                                               \
    } while (0)
/* SETRWC: SrcA 9:6, SrcB 13:10, Dst 17:14, BitMask 5:0 (SrcA, SrcB, Dst) */
#define SETRWC(d, b, a)         ((OP_SETRWC << 24) | ((d) << 14) | \
                                 ((b) << 10) | ((a) << 6) | 7u)
#define SETC16(reg, v)          ((OP_SETC16 << 24) | ((reg) << 16) | (v))

/* Datums.  Src BF16: Sign(18) Man(17:11) Exp(7:0); FP16 exponent 4:0 */
#define S(s, e, m)              (((s) << 18) | ((m) << 11) | (e))
/* Src integer "8": Sign(18) Mag(17:8) Exp(7:0) (Mag a multiple of 8) */
#define I8(s, mag, e)           (((s) << 18) | ((mag) << 8) | (e))
/* Dst16b BF16: Sign(15) Man(14:8) Exp(7:0); FP16: Man(14:5) Exp(4:0) */
#define D(s, e, m)              (((s) << 15) | ((m) << 8) | (e))
#define D16(s, e, m)            (((s) << 15) | ((m) << 5) | (e))

/*
 * Configuration (tt-metal cfg_defines.h).  Config, both architectures:
 * word 0: ALU_FORMAT_SPEC_REG_SrcA_val 3:0, _override 4; word 1:
 * ALU_FORMAT_SPEC_REG0_SrcA 20:17, ALU_ACC_CTRL_Fp32_enabled 29,
 * INT8_math_enabled 31; word 2: ALU_ACC_CTRL_Zero_Flag_disabled_src 0.
 */
#define FMT_SRCA(f)             ((f) << 17)
#define ACC_FP32                (1u << 29)
#define ACC_INT8                (1u << 31)
#define ZF_DISABLED_SRC         1u
enum { FMT_FP16 = 1, FMT_TF32 = 4, FMT_BF16 = 5 };

typedef struct TTArch {
    const char *name;
    const char *machine;
    bool bh;
    unsigned am_shift;          /* AddrMod: bit 15 (WH), 14 (BH) */
    /* ThreadConfig words */
    unsigned fidelity_base;     /* FIDELITY_BASE_Phase */
    unsigned fp16a_force;       /* FP16A_FORCE_Enable */
    unsigned addr_mod_ab0;      /* ADDR_MOD_AB_SEC0 */
    unsigned addr_mod_dst0;     /* ADDR_MOD_DST_SEC0 */
} TTArch;

static const TTArch tt_blackhole = {
    "blackhole", "tt-blackhole", true, 14, 11, 55, 12, 28,
};
static const TTArch tt_wormhole = {
    "wormhole", "tt-wormhole", false, 15, 6, 56, 7, 23,
};

static uint32_t elw(const TTArch *a, uint32_t op, uint32_t flip, bool acc,
                    uint32_t bcast, uint32_t am, uint32_t dst)
{
    return (op << 24) | (flip << 22) | ((uint32_t)acc << 21) |
           (bcast << 19) | (am << a->am_shift) | dst;
}

static QTestState *tt_start(const TTArch *a)
{
    QTestState *qts = qtest_initf("-machine %s", a->machine);

    if (a->bh) {
        tt_bh_configured_src_fmts(qts);     /* implied formats: tt-mov-test */
    }
    return qts;
}

static void set_gpr(QTestState *qts, int t, unsigned r, uint32_t v)
{
    tt_push(qts, t, tt_setdmareg(2 * r, v & 0xFFFF));
    tt_push(qts, t, tt_setdmareg(2 * r + 1, v >> 16));
}

static void cfg_write(QTestState *qts, unsigned word, uint32_t v)
{
    tt_assert_all_idle(qts);
    qtest_writel(qts, CFG_BASE + 4 * word, v);
}

/*
 * STOREIND (Src) halves: the low half is read as Sign Man(7) Exp(8), the
 * high half as Sign Exp(8) Man(7) (STOREIND_Src.md)
 */
static uint32_t half_lo(uint32_t d)
{
    return ((d >> 18) << 15) | (((d >> 11) & 0x7f) << 8) | (d & 0xff);
}

static uint32_t half_hi(uint32_t d)
{
    return ((d >> 18) << 15) | ((d & 0xff) << 7) | ((d >> 11) & 0x7f);
}

/*
 * Src<b>[Unpackers[b].SrcBank][@row][0..15] = @d via thread @t (row <
 * 16): Addr = GPR 1 (GPR 2 low half, the offset, is 0): SrcA Row (Addr >>
 * 2) - 4, SrcB Row Addr >> 2, Column0 (Addr & 3) * 4.
 */
static void put_row(QTestState *qts, int t, int b, int row, const uint32_t *d)
{
    for (int g = 0; g < 4; g++) {
        const uint32_t *q = d + 4 * g;

        g_assert((q[0] | q[1] | q[2] | q[3]) >> 19 == 0);
        set_gpr(qts, t, 20, half_lo(q[0]) | half_hi(q[1]) << 16);
        set_gpr(qts, t, 21, half_lo(q[2]) | half_hi(q[3]) << 16);
        set_gpr(qts, t, 1, (row + (b ? 0 : 4)) * 4 + g);
        tt_push(qts, t, STOREIND_SRC(b, 4, 20, 1));
    }
}

/* Rows 0..7 of SrcA = @a_row0 (row 0) / @a (others), SrcB likewise */
static void fill(QTestState *qts, const uint32_t *a_row0, uint32_t a,
                 const uint32_t *b_row0, uint32_t b)
{
    uint32_t ra[16], rb[16];

    set_gpr(qts, 0, 2, 0);
    for (int row = 0; row < 8; row++) {
        for (int j = 0; j < 16; j++) {
            ra[j] = row ? a : a_row0[j];
            rb[j] = row ? b : b_row0[j];
        }
        put_row(qts, 0, 0, row, ra);
        put_row(qts, 0, 1, row, rb);
    }
}

static void get_dst(QTestState *qts, uint32_t *dst)
{
    tt_assert_all_idle(qts);
    tt_qom_get_u32_list(qts, TENSIX_PATH, "x-dst-state", dst, NUM_DST);
}

/*
 * Dst16b rows @row..@row+7 (physical rows, Adj16 the identity here):
 * row @row columns 0..15 = @row0, the other rows @rest in every column
 * (SAME_ROWS: like @row0)
 */
#define SAME_ROWS               0x10000u
static void check16(QTestState *qts, unsigned row, const uint16_t *row0,
                    uint32_t rest, const char *step)
{
    g_autofree uint32_t *got = g_new(uint32_t, NUM_DST);

    get_dst(qts, got);
    for (unsigned i = 0; i < 8; i++) {
        for (unsigned j = 0; j < 16; j++) {
            uint32_t want = i && rest != SAME_ROWS ? rest : row0[j];
            uint32_t v = got[(row + i) * 16 + j];

            if (v != want) {
                g_test_message("%s: Dst16b[%u][%u] = 0x%04x, expected "
                               "0x%04x", step, row + i, j, v, want);
            }
            g_assert_cmphex(v, ==, want);
        }
        g_assert_cmpuint(got[DST_ROWS * 16 + row + i], ==, 1);
    }
}

/*
 * Dst32b[@row][@col] (Dst.md: DstBits[Adj32] high half, DstBits[Adj32 +
 * 8] low half, Adj32(r) = ((r & 0x1f8) << 1) | (r & 0x207))
 */
static uint32_t dst32(const uint32_t *got, unsigned row, unsigned col)
{
    unsigned p = ((row & 0x1f8) << 1) | (row & 0x207);

    return got[p * 16 + col] << 16 | got[(p + 8) * 16 + col];
}

static void check32(QTestState *qts, unsigned row, unsigned col,
                    uint32_t want, const char *step)
{
    g_autofree uint32_t *got = g_new(uint32_t, NUM_DST);
    uint32_t v;

    get_dst(qts, got);
    v = dst32(got, row, col);
    if (v != want) {
        g_test_message("%s: Dst32b[%u][%u] = 0x%08x, expected 0x%08x", step,
                       row, col, v, want);
    }
    g_assert_cmphex(v, ==, want);
}

/* ---------------------------------------------------------------------- */
/* BF16 into Dst16b: ELWADD, ELWSUB, AddDst                               */
/* ---------------------------------------------------------------------- */

/* SrcA / SrcB row 0; the other rows and columns 13..15 are 1.0 and 2.0 */
static const uint32_t bf_a[16] = {
    S(0, 127, 0),       /* 1.0 */
    S(0, 127, 0x40),    /* 1.5 */
    S(0, 127, 0x7f),    /* 1.9921875 */
    S(0, 0, 0x55),      /* denormal: 0 */
    S(1, 127, 0),       /* -1.0 */
    S(0, 127, 0),       /* 1.0 */
    S(0, 127, 1),       /* 1.0078125 */
    S(0, 127, 0),       /* 1.0 */
    S(0, 255, 0),       /* 2^128, a finite number to the matrix unit */
    S(0, 254, 0x7f),    /* 1.9921875 * 2^127 */
    S(0, 1, 0x40),      /* 1.5 * 2^-126 */
    S(0, 157, 0),       /* 2^30 */
    S(1, 0, 0),         /* -0 */
    S(0, 127, 0), S(0, 127, 0), S(0, 127, 0),
};
static const uint32_t bf_b[16] = {
    S(0, 128, 0),       /* 2.0 */
    S(1, 128, 0x20),    /* -2.5 */
    S(0, 120, 0),       /* 2^-7 */
    S(0, 127, 0),       /* 1.0 */
    S(0, 127, 0),       /* 1.0 */
    S(0, 119, 0),       /* 2^-8 */
    S(0, 119, 0),       /* 2^-8 */
    S(0, 119, 0x40),    /* 1.5 * 2^-8 */
    S(1, 254, 0),       /* -2^127 */
    S(0, 254, 0x7f),
    S(1, 1, 0),         /* -2^-126 */
    S(0, 127, 0),       /* 1.0 */
    S(1, 0, 0),         /* -0 */
    S(0, 128, 0), S(0, 128, 0), S(0, 128, 0),
};
/* SrcA + SrcB as BF16 */
static const uint16_t bf_add[16] = {
    D(0, 128, 0x40),    /* 3.0 */
    D(1, 127, 0),       /* -1.0 */
    D(0, 128, 0),       /* 2.0: carry into the exponent */
    D(0, 127, 0),       /* the denormal read as 0 */
    0,                  /* -1 + 1 = +0, never -0 */
    D(0, 127, 0),       /* 1 + 2^-8: tie, to even (down) */
    D(0, 127, 2),       /* 1.0078125 + 2^-8: tie, to even (up) */
    D(0, 127, 1),       /* 1 + 1.5 * 2^-8: above half, up */
    D(0, 254, 0),       /* 2^128 - 2^127 = 2^127 */
    D(0, 255, 0),       /* too large: the exponent-255 pattern */
    0,                  /* 0.5 * 2^-126, a denormal: +0 */
    D(0, 157, 0),       /* 2^30 + 1 rounds to 2^30 in FP32 */
    0,                  /* -0 + -0 = +0 */
    D(0, 128, 0x40), D(0, 128, 0x40), D(0, 128, 0x40),
};
/* SrcA - SrcB as BF16 */
static const uint16_t bf_sub[16] = {
    D(1, 127, 0),       /* 1 - 2 = -1 */
    D(0, 129, 0),       /* 1.5 + 2.5 = 4 */
    D(0, 127, 0x7e),    /* 1.984375, exact */
    D(1, 127, 0),       /* 0 - 1 */
    D(1, 128, 0),       /* -2 */
    D(0, 126, 0x7f),    /* 0.99609375, exact */
    D(0, 127, 0),       /* 1.00390625: tie, to even (down) */
    D(0, 126, 0x7e),    /* 0.994140625: tie, to even */
    D(0, 255, 0),       /* 2^128 + 2^127: saturated */
    0,                  /* x - x = +0 */
    D(0, 2, 0x20),      /* 2.5 * 2^-126 */
    D(0, 157, 0),
    0,                  /* -0 - -0 = +0 */
    D(1, 127, 0), D(1, 127, 0), D(1, 127, 0),
};
/* Dst (SrcA + SrcB) += SrcA + SrcB */
static const uint16_t bf_add2[16] = {
    D(0, 129, 0x40),    /* 6.0 */
    D(1, 128, 0),       /* -2.0 */
    D(0, 129, 0),       /* 4.0 */
    D(0, 128, 0),       /* 2.0 */
    0,
    D(0, 128, 0),       /* 1.0 + 1.00390625 (unrounded) = 2 + 2^-8: down */
    D(0, 128, 2),       /* 1.015625 + 1.01171875: 1.75 ulps, up */
    D(0, 128, 1),       /* 1.0078125 + 1.005859375: 0.875 ulps, up */
    D(0, 255, 0),       /* 2^127 + 2^127 = 2^128 */
    D(0, 255, 0),       /* 2^128 + 2^128: saturated */
    0,
    D(0, 158, 0),       /* 2^31 */
    0,
    D(0, 129, 0x40), D(0, 129, 0x40), D(0, 129, 0x40),
};

static void test_bf16(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = tt_start(a);

    cfg_write(qts, 1, FMT_SRCA(FMT_BF16));
    fill(qts, bf_a, S(0, 127, 0), bf_b, S(0, 128, 0));
    SETDVALID_AB(qts, a->bh, 0);

    /* DstRow 21 & 0x3f8 = 16: rows 16..23 */
    tt_push(qts, 0, elw(a, OP_ELWADD, 0, false, 0, 0, 21));
    check16(qts, 16, bf_add, D(0, 128, 0x40), "ELWADD");
    tt_push(qts, 0, elw(a, OP_ELWADD, 0, true, 0, 0, 16));
    check16(qts, 16, bf_add2, D(0, 129, 0x40), "ELWADD AddDst");

    /*
     * ELWSUB; DstRow = (8 + DEST_TARGET_REG_CFG_MATH_Offset 0x10 +
     * RWCs.Dst 3 + DEST_REGW_BASE_Base 0x20) & 0x3f8 = 0x38
     */
    tt_push(qts, 0, SETC16(1, 0x10));
    tt_push(qts, 0, SETRWC(3, 0, 0));
    cfg_write(qts, 6, 0x20);
    tt_push(qts, 0, elw(a, OP_ELWSUB, 0, false, 0, 0, 8));
    check16(qts, 0x38, bf_sub, D(1, 127, 0), "ELWSUB");
    qtest_quit(qts);
}

/* ---------------------------------------------------------------------- */
/* FP32 Dst                                                               */
/* ---------------------------------------------------------------------- */

static void test_fp32(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = tt_start(a);
    uint32_t ra[16], rb[16];

    for (int j = 0; j < 16; j++) {
        ra[j] = S(0, 127, 0);
        rb[j] = S(0, 128, 0);
    }
    rb[0] = S(0, 107, 0);                       /* 1 + 2^-20 */
    ra[1] = S(0, 151, 0);                       /* 2^24 + 1 */
    rb[1] = S(0, 127, 0);
    ra[2] = S(0, 151, 0);
    rb[2] = S(0, 128, 0x40);                    /* 2^24 + 3 */
    ra[3] = rb[3] = S(0, 254, 0x7f);            /* overflow */
    cfg_write(qts, 1, FMT_SRCA(FMT_BF16) | ACC_FP32);
    fill(qts, ra, S(0, 127, 0), rb, S(0, 128, 0));
    SETDVALID_AB(qts, a->bh, 0);

    /*
     * Dst32b FP32 is Sign ManHi(7) Exp(8) ManLo(16).  Rows 16..23: 1 +
     * 2^-20 = 0x3F800008; 2^24 + 1, a tie, to even 0x4B800000; 2^24 + 3,
     * a tie, to even 2^24 + 4 = 0x4B800002; overflow 0x7F800000; 3.0
     * 0x40400000.
     */
    tt_push(qts, 0, elw(a, OP_ELWADD, 0, false, 0, 0, 16));
    check32(qts, 16, 0, 0x007F0008, "FP32 1 + 2^-20");
    check32(qts, 16, 1, 0x00970000, "FP32 2^24 + 1");
    check32(qts, 16, 2, 0x00970002, "FP32 2^24 + 3");
    check32(qts, 16, 3, 0x00FF0000, "FP32 overflow");
    check32(qts, 23, 15, 0x40800000, "FP32 3.0");
    /* AddDst: 2 + 2^-19 = 0x40000008; 2^25; 2^25 + 8; 6.0 */
    tt_push(qts, 0, elw(a, OP_ELWADD, 0, true, 0, 0, 16));
    check32(qts, 16, 0, 0x00800008, "FP32 AddDst");
    check32(qts, 16, 1, 0x00980000, "FP32 AddDst 2^25");
    check32(qts, 16, 2, 0x00980002, "FP32 AddDst 2^25 + 8");
    check32(qts, 16, 3, 0x00FF0000, "FP32 AddDst overflow");
    check32(qts, 17, 4, 0x40810000, "FP32 AddDst 6.0");

    /*
     * The same datums as FP16 (exponent in bits 4:0) into FP32: SrcA
     * exponent 127 & 0x1f = 31 is 2^16 (a finite number), SrcB exponent
     * 128 & 0x1f = 0 is zero: 2^16 - 0 = 0x47800000.
     */
    cfg_write(qts, 1, FMT_SRCA(FMT_FP16) | ACC_FP32);
    tt_push(qts, 0, elw(a, OP_ELWSUB, 0, false, 0, 0, 32));
    check32(qts, 32, 15, 0x008F0000, "FP16 to FP32: 2^16 - 0");
    qtest_quit(qts);
}

/* ---------------------------------------------------------------------- */
/* FP16                                                                   */
/* ---------------------------------------------------------------------- */

static void test_fp16(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = tt_start(a);
    uint32_t ra[16], rb[16];
    uint16_t want[16];

    /* FP16 in Src: Man(17:8) Exp(4:0); S() sets Man's top 7 bits */
    for (int j = 0; j < 16; j++) {
        ra[j] = S(0, 15, 0);                    /* 1.0 */
        rb[j] = S(0, 16, 0);                    /* 2.0 */
        want[j] = D16(0, 16, 0x200);            /* 3.0 */
    }
    ra[1] = rb[1] = S(0, 31, 0x7f);             /* 1.9921875 * 2^16 */
    want[1] = D16(0, 31, 0x3ff);                /* saturated: 0x7FFF */
    ra[2] = S(0, 1, 0x40);                      /* 1.5 * 2^-14 */
    rb[2] = S(1, 1, 0);                         /* -2^-14 */
    want[2] = 0;                                /* 2^-15: +0 */
    ra[3] = S(0, 26, 1);                        /* 2064 */
    rb[3] = S(0, 16, 0x40);                     /* 3.0 */
    want[3] = D16(0, 26, 10);                   /* 2067: tie, to 2068 */
    ra[4] = S(0, 26, 1);
    rb[4] = S(0, 15, 0);                        /* 1.0 */
    want[4] = D16(0, 26, 8);                    /* 2065: tie, to 2064 */
    ra[5] = S(0, 0xE0 | 15, 0);                 /* exponent bits 7:5 unused */
    want[5] = D16(0, 16, 0x200);
    cfg_write(qts, 1, FMT_SRCA(FMT_FP16));
    fill(qts, ra, S(0, 15, 0), rb, S(0, 16, 0));
    SETDVALID_AB(qts, a->bh, 0);
    tt_push(qts, 0, elw(a, OP_ELWADD, 0, false, 0, 0, 0));
    check16(qts, 0, want, D16(0, 16, 0x200), "FP16");

    /*
     * FP16A_FORCE_Enable wins over INT8_math_enabled and over a BF16
     * format (through ALU_FORMAT_SPEC_REG_SrcA_override): FP16, Dst16b.
     */
    cfg_write(qts, 0, 0x10 | FMT_BF16);
    cfg_write(qts, 1, ACC_INT8);
    tt_push(qts, 0, SETC16(a->fp16a_force, 1));
    tt_push(qts, 0, elw(a, OP_ELWADD, 0, false, 0, 0, 8));
    check16(qts, 8, want, D16(0, 16, 0x200), "FP16A_FORCE");
    qtest_quit(qts);
}

/* ---------------------------------------------------------------------- */
/* ELWMUL fidelity phases, ELWADD's fidelity divisions                    */
/* ---------------------------------------------------------------------- */

static void test_fidelity(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = tt_start(a);
    uint32_t ra[16], rb[16];

    for (int j = 0; j < 16; j++) {
        ra[j] = S(0, 127, 0);
        rb[j] = S(0, 128, 0);
    }
    ra[0] = rb[0] = S(0, 127, 0x7f);            /* 255/128 */
    ra[1] = S(1, 127, 0x40);                    /* -1.5 */
    rb[1] = S(0, 128, 0x40);                    /* 3.0 */
    cfg_write(qts, 1, FMT_SRCA(FMT_BF16) | ACC_FP32);
    fill(qts, ra, S(0, 127, 0), rb, S(0, 128, 0));
    SETDVALID_AB(qts, a->bh, 0);

    /*
     * SrcA phase 0: implicit 1 and 4 mantissa bits (31/16), phase 1 the
     * next 3 (7/128); SrcB phase 0: 1 and 6 bits (127/64), phase 2 the
     * last bit (1/128).  Each phase into its own rows (Dst starts zero),
     * FIDELITY_BASE_Phase giving the phase:
     *   0: 31/16 * 127/64 = 3937/1024 = 0x40761000
     *   1: 7/128 * 127/64 = 889/8192 = 0x3DDE4000
     *   2: 31/16 * 1/128 = 31/2048 = 0x3C780000
     *   3: 7/128 * 1/128 = 7/16384 = 0x39E00000
     * and all four onto rows 40..47: 65025/16384 = 0x407E0100, the
     * exact product.  -1.5 * 3.0 = -4.5 in phase 0, nothing after.
     */
    static const uint32_t phase[4] = {
        0x76801000, 0x5E7B4000, 0x78780000, 0x60730000,
    };
    for (unsigned p = 0; p < 4; p++) {
        tt_push(qts, 0, SETC16(a->fidelity_base, p));
        tt_push(qts, 0, elw(a, OP_ELWMUL, 0, false, 0, 0, 8 * p));
        tt_push(qts, 0, elw(a, OP_ELWMUL, 0, false, 0, 0, 40));
        check32(qts, 8 * p, 0, phase[p], "ELWMUL phase");
        check32(qts, 8 * p, 1, p ? 0 : 0x90810000, "ELWMUL -4.5");
        check32(qts, 8 * p + 7, 2, p ? 0 : 0x00800000, "ELWMUL 2.0");
    }
    check32(qts, 40, 0, 0x7E800100, "ELWMUL four phases");
    check32(qts, 40, 1, 0x90810000, "ELWMUL four phases -4.5");

    /* ELWADD divides by 32 in phase 1, by 4096 in phase 3 */
    tt_push(qts, 0, SETC16(a->fidelity_base, 1));
    tt_push(qts, 0, elw(a, OP_ELWADD, 0, false, 0, 0, 48));
    check32(qts, 49, 5, 0x407B0000, "ELWADD phase 1: 3/32");
    tt_push(qts, 0, SETC16(a->fidelity_base, 3));
    tt_push(qts, 0, elw(a, OP_ELWADD, 0, false, 0, 0, 48));
    check32(qts, 49, 5, 0x40740000, "ELWADD phase 3: 3/4096");
    qtest_quit(qts);
}

/* ---------------------------------------------------------------------- */
/* Integer "8" into integer "32"                                          */
/* ---------------------------------------------------------------------- */

static void test_int8(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = tt_start(a);
    uint32_t ra[16], rb[16];
    uint32_t sat_a[16];

    for (int j = 0; j < 16; j++) {
        ra[j] = I8(0, 16, 16);
        rb[j] = I8(0, 8, 16);
        sat_a[j] = S(1, 254, 0x7f);             /* -1.99 * 2^127 */
    }
    ra[0] = I8(0, 248, 16);
    rb[0] = I8(0, 1016, 16);
    ra[1] = I8(0, 1016, 16);
    rb[1] = I8(0, 8, 16);
    ra[2] = I8(1, 248, 16);
    rb[2] = I8(0, 1016, 16);
    ra[3] = I8(0, 64, 16);
    rb[3] = I8(0, 64, 0);                       /* exponent 0: flushed? */
    ra[4] = I8(0, 64, 0);                       /* SrcA: always flushed */
    rb[4] = I8(0, 8, 16);
    fill(qts, ra, I8(0, 16, 16), rb, I8(0, 8, 16));
    /* Rows 8..15: the saturation set-up */
    for (int row = 8; row < 16; row++) {
        put_row(qts, 0, 0, row, sat_a);
        put_row(qts, 0, 1, row, sat_a);
    }
    SETDVALID_AB(qts, a->bh, 0);
    cfg_write(qts, 1, ACC_INT8);

    /*
     * Integer "32" in Dst32b: sign-magnitude with FP32's shuffle,
     * Sign(31) Mag[22:16](30:24) Mag[30:23](23:16) Mag[15:0](15:0).
     */
    tt_push(qts, 0, elw(a, OP_ELWADD, 0, false, 0, 0, 0));
    check32(qts, 0, 0, 1264, "INT8 248 + 1016");
    check32(qts, 0, 1, 0x00000400, "INT8 1016 + 8");
    check32(qts, 0, 2, 0x00000300, "INT8 -248 + 1016");
    check32(qts, 0, 3, 64, "INT8 SrcB exponent 0 flushed");
    check32(qts, 0, 4, 8, "INT8 SrcA exponent 0 flushed");
    check32(qts, 7, 9, 24, "INT8 16 + 8");
    tt_push(qts, 0, elw(a, OP_ELWSUB, 0, true, 0, 0, 0));
    check32(qts, 0, 0, 496, "INT8 AddDst 1264 + 248 - 1016");
    check32(qts, 0, 1, 2032, "INT8 AddDst 1024 + 1016 - 8");
    check32(qts, 0, 2, 0x80000000 | 496, "INT8 AddDst 768 - 248 - 1016");
    cfg_write(qts, 2, ZF_DISABLED_SRC);
    tt_push(qts, 0, elw(a, OP_ELWADD, 0, false, 0, 0, 8));
    check32(qts, 8, 3, 128, "INT8 SrcB exponent 0 kept");
    check32(qts, 8, 4, 8, "INT8 SrcA exponent 0 still flushed");
    cfg_write(qts, 2, 0);

    /*
     * ELWMUL phases (SrcASrcB.md, integer): SrcA 248 = 0b11111000:
     * phases 0/2 bits 7:5 (224), 1/3 bits 4:0 (24); SrcB 1016: phases 0/1
     * bits 9:4 (1008), 2/3 bits 3:0 (8).  Products 225792, 24192, 1792,
     * 192; sum 251968 = 0x3D840.  SrcA 1016's bits 9:8 are never used:
     * 1016 * 8 accumulates 248 * 8 = 1984.
     */
    static const uint32_t phase[4] = {
        0x03007200, 0x00005E80, 0x00000700, 0x000000C0,
    };
    for (unsigned p = 0; p < 4; p++) {
        tt_push(qts, 0, SETC16(a->fidelity_base, p));
        tt_push(qts, 0, elw(a, OP_ELWMUL, 0, false, 0, 0, 16 + 8 * p));
        tt_push(qts, 0, elw(a, OP_ELWMUL, 0, false, 0, 0, 48));
        check32(qts, 16 + 8 * p, 0, phase[p], "INT8 ELWMUL phase");
    }
    check32(qts, 48, 0, 0x0300D840, "INT8 ELWMUL 248 * 1016");
    check32(qts, 48, 1, 1984, "INT8 ELWMUL 1016 * 8");
    check32(qts, 48, 2, 0x8300D840, "INT8 ELWMUL -248 * 1016");

    /*
     * Saturation: rows 56..63 column 0 hold -2^128 as FP32 (0x00FF0000
     * with the sign: Mag 0x7F800000), from an FP32 ELWADD of rows 8..15.
     * Then ELWMUL phase 0 of -248 * 1016 (-225792) onto it: after 37,
     * -2147449344 (0xFFFF7A00); the 38th clamps at -(2^31 - 1).
     */
    cfg_write(qts, 1, FMT_SRCA(FMT_BF16) | ACC_FP32);
    tt_push(qts, 0, SETC16(a->fidelity_base, 0));
    tt_push(qts, 0, SETRWC(0, 8, 8));
    tt_push(qts, 0, elw(a, OP_ELWADD, 0, false, 0, 0, 56));
    check32(qts, 56, 2, 0x80FF0000, "FP32 -2^128");
    cfg_write(qts, 1, ACC_INT8);
    tt_push(qts, 0, SETRWC(0, 0, 0));
    for (int i = 0; i < 37; i++) {
        tt_push(qts, 0, elw(a, OP_ELWMUL, 0, false, 0, 0, 56));
    }
    check32(qts, 56, 2, 0xFFFF7A00, "INT8 37 products");
    tt_push(qts, 0, elw(a, OP_ELWMUL, 0, false, 0, 0, 56));
    check32(qts, 56, 2, 0xFFFFFFFF, "INT8 saturated");
    qtest_quit(qts);
}

/* ---------------------------------------------------------------------- */
/* Broadcast, bank hand-over, address modes                               */
/* ---------------------------------------------------------------------- */

static void test_banks(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = tt_start(a);
    uint32_t ra[16], rb[16], rwc[NUM_RWC];
    uint16_t want[16];

    for (int j = 0; j < 16; j++) {
        ra[j] = S(0, 127, 0);                   /* 1.0 */
        rb[j] = S(0, 129, 0);                   /* 4.0 */
    }
    rb[0] = S(0, 128, 0);                       /* 2.0 */
    cfg_write(qts, 1, FMT_SRCA(FMT_BF16));
    set_gpr(qts, 0, 2, 0);
    for (int row = 0; row < 8; row++) {
        put_row(qts, 0, 0, row, ra);
    }
    put_row(qts, 0, 1, 3, rb);                  /* SrcB row 3 only */
    SETDVALID_AB(qts, a->bh, 0);
    tt_push(qts, 0, SETRWC(0, 3, 0));

    /* Both broadcasts: SrcB[3][0] everywhere: 3.0 */
    tt_push(qts, 0, elw(a, OP_ELWADD, 0, false, 3, 0, 0));
    for (int j = 0; j < 16; j++) {
        want[j] = D(0, 128, 0x40);
    }
    check16(qts, 0, want, D(0, 128, 0x40), "broadcast row and column");
    /* Row broadcast: SrcB row 3 (not masked to 0) in every row */
    tt_push(qts, 0, elw(a, OP_ELWADD, 0, false, 2, 0, 8));
    for (int j = 1; j < 16; j++) {
        want[j] = D(0, 129, 0x20);              /* 5.0 */
    }
    check16(qts, 8, want, SAME_ROWS, "broadcast row");
    /* Column 0 broadcast: SrcB row 3 & 0x38 = 0: row 3 of 8 gets 2.0 */
    tt_push(qts, 0, elw(a, OP_ELWADD, 0, false, 1, 0, 16));
    {
        g_autofree uint32_t *got = g_new(uint32_t, NUM_DST);

        get_dst(qts, got);
        g_assert_cmphex(got[19 * 16 + 7], ==, D(0, 128, 0x40));
        g_assert_cmphex(got[18 * 16 + 7], ==, D(0, 127, 0));
    }

    /*
     * AddrMod 1 (ADDR_MOD_AB_SEC1 / DST_SEC1 are zero: nothing moves);
     * AddrMod 0 with SEC0 SrcAIncr 8, SrcBIncr 5, DestIncr 16,
     * FidelityIncr 1: SrcA 8, SrcB 3 + 5, Dst 16, FidelityPhase 1.
     */
    tt_push(qts, 0, elw(a, OP_ELWADD, 0, false, 0, 1, 24));
    tt_push(qts, 0, SETC16(a->addr_mod_ab0, 8 | 5 << 8));
    tt_push(qts, 0, SETC16(a->addr_mod_dst0, 16 | 1 << 13));
    tt_push(qts, 0, elw(a, OP_ELWADD, 0, false, 0, 0, 24));
    tt_assert_all_idle(qts);
    tt_qom_get_u32_list(qts, TENSIX_PATH, "rwc-state", rwc, NUM_RWC);
    g_assert_cmpuint(rwc[0], ==, 8);            /* SrcA */
    g_assert_cmpuint(rwc[2], ==, 8);            /* SrcB */
    g_assert_cmpuint(rwc[4], ==, 16);           /* Dst */
    g_assert_cmpuint(rwc[6], ==, 1);            /* FidelityPhase */

    /*
     * FlipSrcA | FlipSrcB: the banks go back to the unpackers and the
     * matrix unit moves to bank 1, which it does not own: the next
     * ELWADD waits until thread 1 fills SrcA bank 1 rows 8..15 with 1.0
     * and its SETDVALID hands bank 1 over: 1.0 + 0 into rows 64..71,
     * divided by 32 as FidelityPhase is still 1.
     */
    tt_push(qts, 0, SETC16(a->addr_mod_ab0, 0));
    tt_push(qts, 0, SETC16(a->addr_mod_dst0, 0));
    tt_push(qts, 0, elw(a, OP_ELWADD, 3, false, 0, 1, 0));
    tt_push(qts, 0, elw(a, OP_ELWADD, 0, false, 0, 1, 64 - 16));
    g_assert_cmphex(qtest_readl(qts, TT_INSTRN_BUF_STATUS) & 0x10, ==, 0);
    set_gpr(qts, 1, 2, 0);
    for (int row = 8; row < 16; row++) {
        put_row(qts, 1, 0, row, ra);
    }
    g_assert_cmphex(qtest_readl(qts, TT_INSTRN_BUF_STATUS) & 0x10, ==, 0);
    SETDVALID_AB(qts, a->bh, 1);
    for (int j = 0; j < 16; j++) {
        want[j] = D(0, 122, 0);
    }
    check16(qts, 64, want, D(0, 122, 0), "after the hand-over");
    qtest_quit(qts);
}

/* The Wait Gate: with the banks still the unpackers', nothing happens */
static void test_wait(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = tt_start(a);
    g_autofree uint32_t *got = g_new(uint32_t, NUM_DST);

    tt_push(qts, 0, elw(a, OP_ELWADD, 3, false, 0, 0, 0));
    g_assert_cmphex(qtest_readl(qts, TT_INSTRN_BUF_STATUS) & 0x10, ==, 0);
    tt_qom_get_u32_list(qts, TENSIX_PATH, "x-dst-state", got, NUM_DST);
    for (int i = 0; i < 16; i++) {
        g_assert_cmphex(got[i], ==, 0);
    }
    qtest_quit(qts);
}

/* ---------------------------------------------------------------------- */
/* MVMUL, DOTPV, GAPOOL, GMPOOL                                           */
/* ---------------------------------------------------------------------- */

#define OP_MVMUL                0x26u
#define OP_DOTPV                0x29u
#define OP_GMPOOL               0x33u
#define OP_GAPOOL               0x34u

/* BF16 Src datum of the small integer @n (0 <= n < 256) */
static uint32_t bf_int(unsigned n)
{
    unsigned e = 0;

    if (!n) {
        return 0;
    }
    while (n >> (e + 1)) {
        e++;
    }
    return S(0, 127 + e, ((n << 7) >> e) & 0x7f);
}

/*
 * SrcA (16x16) and SrcB (8x16) of the matrix tests, zero where not set:
 *   SrcA column 0: 1.0; column 1: 2.0 (row 0), -3.0 (row 1); column 2:
 *   255/128 (row 0); column 3: k in row k; column 4: -(k + 1); column
 *   5: 3.0 in rows 2 and 9, else -1.0; column 7: -0.5 (row 0).
 *   SrcB row 0: 1.0 everywhere; row 1: 1.5, 0.5; row 2: 1.0, 2^-8;
 *   row 3: 1/16 everywhere; row 4: 255/128; row 5: 1.0, 3 * 2^-8;
 *   row 6: -2.0, 1.0; row 7: 1.0 in column 15.
 */
static void mm_fill(QTestState *qts, bool bh)
{
    uint32_t ra[16], rb[16];

    set_gpr(qts, 0, 2, 0);
    for (unsigned k = 0; k < 16; k++) {
        memset(ra, 0, sizeof(ra));
        ra[0] = S(0, 127, 0);
        ra[1] = k == 0 ? S(0, 128, 0) : k == 1 ? S(1, 128, 0x40) : 0;
        ra[2] = k == 0 ? S(0, 127, 0x7f) : 0;
        ra[3] = bf_int(k);
        ra[4] = bf_int(k + 1) | 1u << 18;
        ra[5] = (k == 2 || k == 9) ? S(0, 128, 0x40) : S(1, 127, 0);
        ra[7] = k == 0 ? S(1, 126, 0) : 0;
        put_row(qts, 0, 0, k, ra);
    }
    for (unsigned i = 0; i < 8; i++) {
        memset(rb, 0, sizeof(rb));
        for (unsigned k = 0; k < 16; k++) {
            rb[k] = i == 0 ? S(0, 127, 0) : i == 3 ? S(0, 123, 0) : 0;
        }
        switch (i) {
        case 1:
            rb[0] = S(0, 127, 0x40);
            rb[1] = S(0, 126, 0);
            break;
        case 2:
            rb[0] = S(0, 127, 0);
            rb[1] = S(0, 119, 0);
            break;
        case 4:
            rb[0] = S(0, 127, 0x7f);
            break;
        case 5:
            rb[0] = S(0, 127, 0);
            rb[1] = S(0, 120, 0x40);
            break;
        case 6:
            rb[0] = S(1, 128, 0);
            rb[1] = S(0, 127, 0);
            break;
        case 7:
            rb[15] = S(0, 127, 0);
            break;
        }
        put_row(qts, 0, 1, i, rb);
    }
    SETDVALID_AB(qts, bh, 0);
}

/*
 * Dst16b rows @row.. (@n of them): columns 0..3 @want, columns 6 and
 * 8..15 (zero in SrcA) 0; columns 4, 5, 7 (GMPOOL's) are not checked
 */
static void check_mm16(QTestState *qts, unsigned row, unsigned n,
                       const uint16_t (*want)[4], const char *step)
{
    g_autofree uint32_t *got = g_new(uint32_t, NUM_DST);

    get_dst(qts, got);
    for (unsigned i = 0; i < n; i++) {
        for (unsigned j = 0; j < 16; j++) {
            uint32_t w = j < 4 ? want[i][j] : 0;
            uint32_t v = got[(row + i) * 16 + j];

            if (j == 4 || j == 5 || j == 7) {
                continue;
            }

            if (v != w) {
                g_test_message("%s: Dst16b[%u][%u] = 0x%04x, expected "
                               "0x%04x", step, row + i, j, v, w);
            }
            g_assert_cmphex(v, ==, w);
        }
        g_assert_cmpuint(got[DST_ROWS * 16 + row + i], ==, 1);
    }
}

/*
 * SrcB @ SrcA with SrcA phase 0 (implicit bit and 4 mantissa bits: 255/128
 * reads as 31/16) and SrcB phase 0 (6 bits: 255/128 reads as 127/64),
 * rounded into BF16 Dst (ties to even), columns 0..3 by row.
 */
static const uint16_t mm_lofi[8][4] = {
    /* 16 sums of 1.0; 2 - 3; 31/16; 0 + 1 + ... + 15 = 120 */
    { D(0, 131, 0), D(1, 127, 0), D(0, 127, 0x78), D(0, 133, 0x70) },
    /* 1.5 + 0.5; 3 - 1.5; 1.5 * 31/16 = 2.90625; 0.5 */
    { D(0, 128, 0), D(0, 127, 0x40), D(0, 128, 0x3a), D(0, 126, 0) },
    /* 1 + 2^-8: tie, down; 2 - 3 * 2^-8 = 1 + 126.5/128: tie, down */
    { D(0, 127, 0), D(0, 127, 0x7e), D(0, 127, 0x78), D(0, 119, 0) },
    /* averages: 16/16; -1/16; 31/256; 120/16 = 7.5 */
    { D(0, 127, 0), D(1, 123, 0), D(0, 123, 0x78), D(0, 129, 0x70) },
    /* 127/64; 127/32; 3937/1024 = 2 * (1 + 118.0625/128): down */
    { D(0, 127, 0x7e), D(0, 128, 0x7e), D(0, 128, 0x76), 0 },
    /* 1 + 1.5/128: tie, up; 2 - 9 * 2^-8 = 1 + 123.5/128: tie, up */
    { D(0, 127, 2), D(0, 127, 0x7c), D(0, 127, 0x78), D(0, 120, 0x40) },
    /* -2 + 1; -4 - 3; -2 * 31/16; 1 */
    { D(1, 127, 0), D(1, 129, 0x60), D(1, 128, 0x78), D(0, 127, 0) },
    /* SrcA row 15 */
    { D(0, 127, 0), 0, 0, D(0, 130, 0x70) },
};

static void test_mvmul(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = tt_start(a);
    uint16_t want[8][4];

    cfg_write(qts, 1, FMT_SRCA(FMT_BF16));
    mm_fill(qts, a->bh);

    /* LoFi (phase 0); DstRow 13 & 0x3f8 = 8: rows 8..15 */
    tt_push(qts, 0, elw(a, OP_MVMUL, 0, false, 0, 0, 13));
    check_mm16(qts, 8, 8, mm_lofi, "MVMUL LoFi");

    /* += : the same again, doubled (2 * the BF16 values: exact) */
    tt_push(qts, 0, elw(a, OP_MVMUL, 0, false, 0, 0, 8));
    for (unsigned i = 0; i < 8; i++) {
        for (unsigned j = 0; j < 4; j++) {
            want[i][j] = mm_lofi[i][j] ? mm_lofi[i][j] + 1 : 0;
        }
    }
    check_mm16(qts, 8, 8, want, "MVMUL +=");

    /*
     * BroadcastSrcBRow with RWCs.SrcB = 3 (not masked): SrcB row 3 (1/16
     * everywhere) @ SrcA, into the even rows of 7 only: DstRow 17 &
     * 0x3f9 = 17, rows 17, 19, 21, 23; rows 18, 20, 22 stay zero.
     */
    tt_push(qts, 0, SETRWC(0, 3, 0));
    tt_push(qts, 0, elw(a, OP_MVMUL, 0, false, 1, 0, 17));
    {
        g_autofree uint32_t *got = g_new(uint32_t, NUM_DST);

        get_dst(qts, got);
        for (unsigned i = 0; i < 7; i++) {
            for (unsigned j = 0; j < 4; j++) {
                g_assert_cmphex(got[(17 + i) * 16 + j], ==,
                                i & 1 ? 0 : mm_lofi[3][j]);
            }
            if (!(i & 1)) {
                g_assert_cmpuint(got[DST_ROWS * 16 + 17 + i], ==, 1);
            }
        }
    }
    qtest_quit(qts);
}

/*
 * HiFi4: the four fidelity phases accumulated into FP32 Dst give the
 * exact products, Dst32b layout (Sign ManHi(7) Exp(8) ManLo(16))
 */
static const uint32_t mm_hifi[8][4] = {
    /* 16; -1; 255/128; 120 */
    { 0x00830000, 0x807F0000, 0x7F7F0000, 0x70850000 },
    /* 2; 1.5; 1.5 * 255/128 = 2.98828125; 0.5 */
    { 0x00800000, 0x407F0000, 0x3F804000, 0x007E0000 },
    /* 1 + 2^-8; 2 - 3 * 2^-8; 255/128; 2^-8: exact in FP32 */
    { 0x007F8000, 0x7E7F8000, 0x7F7F0000, 0x00770000 },
    /* 1; -1/16; 255/2048; 7.5 */
    { 0x007F0000, 0x807B0000, 0x7F7B0000, 0x70810000 },
    /* 255/128; 255/64; 65025/16384; 0 */
    { 0x7F7F0000, 0x7F800000, 0x7E800100, 0x00000000 },
    /* 1 + 3 * 2^-8; 2 - 9 * 2^-8; 255/128; 3 * 2^-8 */
    { 0x017F8000, 0x7B7F8000, 0x7F7F0000, 0x40780000 },
    /* -1; -7; -255/64; 1 */
    { 0x807F0000, 0xE0810000, 0xFF800000, 0x007F0000 },
    /* 1; 0; 0; 15 */
    { 0x007F0000, 0x00000000, 0x00000000, 0x70820000 },
};

static void test_mvmul_hifi(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = tt_start(a);
    g_autofree uint32_t *got = g_new(uint32_t, NUM_DST);

    cfg_write(qts, 1, FMT_SRCA(FMT_BF16) | ACC_FP32);
    mm_fill(qts, a->bh);
    for (unsigned p = 0; p < 4; p++) {
        tt_push(qts, 0, SETC16(a->fidelity_base, p));
        tt_push(qts, 0, elw(a, OP_MVMUL, 0, false, 0, 0, 16));
        if (p == 0) {
            /* LoFi into FP32: 127/64 and 3937/1024, not yet exact */
            get_dst(qts, got);
            g_assert_cmphex(dst32(got, 20, 0), ==, 0x7E7F0000);
            g_assert_cmphex(dst32(got, 20, 2), ==, 0x76801000);
        }
    }
    get_dst(qts, got);
    for (unsigned i = 0; i < 8; i++) {
        for (unsigned j = 0; j < 16; j++) {
            uint32_t w = j < 4 ? mm_hifi[i][j] : 0;

            if (j == 4 || j == 5 || j == 7) {
                continue;
            }
            if (dst32(got, 16 + i, j) != w) {
                g_test_message("HiFi4: Dst32b[%u][%u] = 0x%08x, expected "
                               "0x%08x", 16 + i, j, dst32(got, 16 + i, j), w);
            }
            g_assert_cmphex(dst32(got, 16 + i, j), ==, w);
        }
    }

    /* DOTPV: as MVMUL, ignoring BroadcastSrcBRow and AddDst */
    tt_push(qts, 0, SETC16(a->fidelity_base, 0));
    tt_push(qts, 0, SETRWC(0, 3, 0));
    tt_push(qts, 0, elw(a, OP_DOTPV, 0, false, 1, 0, 40));
    get_dst(qts, got);
    g_assert_cmphex(dst32(got, 40, 3), ==, 0x70850000);     /* 120 */
    g_assert_cmphex(dst32(got, 47, 3), ==, 0x70820000);     /* 15 */
    g_assert_cmphex(dst32(got, 44, 0), ==, 0x7E7F0000);     /* 127/64 */
    qtest_quit(qts);
}

/*
 * GAPOOL: SrcB rows 0..3 @ SrcA into the aligned 4 rows (DstRow 6 &
 * 0x3fc = 4); row 3 (1/16 everywhere) is the average of each column.
 * GMPOOL: the largest datum of each SrcA column (scaled by SrcB row 0,
 * 1.0: no scaling) and Dst's row.
 */
static void test_pool(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = tt_start(a);
    g_autofree uint32_t *got = g_new(uint32_t, NUM_DST);
    /* columns 0..7 of the GMPOOL rows */
    static const uint16_t max_fresh[8] = {
        D(0, 127, 0), D(0, 128, 0), D(0, 127, 0x7f), D(0, 130, 0x70),
        0,                  /* all negative: Dst's 0 is larger */
        D(0, 128, 0x40),    /* 3.0 twice */
        0,                  /* all zero */
        0,                  /* -0.5 and zeros: 0 */
    };
    static const uint16_t max_dst[8] = {
        D(0, 131, 0),       /* Dst 16 > 1.0 */
        D(0, 128, 0),       /* Dst -1 < 2.0 */
        D(0, 127, 0x7f),    /* Dst 31/16 < 255/128 */
        D(0, 133, 0x70),    /* Dst 120 > 15 */
        D(1, 127, 0),       /* Dst -136 < -1.0: negative maximum */
        D(0, 128, 0x40),
        0,
        0,
    };

    cfg_write(qts, 1, FMT_SRCA(FMT_BF16));
    mm_fill(qts, a->bh);
    tt_push(qts, 0, elw(a, OP_GAPOOL, 0, false, 0, 0, 6));
    check_mm16(qts, 4, 4, mm_lofi, "GAPOOL");
    get_dst(qts, got);
    g_assert_cmphex(got[8 * 16 + 0], ==, 0);    /* 4 rows: not SrcB row 4 */
    g_assert_cmphex(got[3 * 16 + 0], ==, 0);

    /* GMPOOL into rows 32..35, zero (Dst 0 reads as 2^-127 scaled) */
    tt_push(qts, 0, elw(a, OP_GMPOOL, 0, false, 1, 0, 34));
    get_dst(qts, got);
    for (unsigned j = 0; j < 16; j++) {
        g_assert_cmphex(got[32 * 16 + j], ==, j < 8 ? max_fresh[j] : 0);
        for (unsigned i = 33; i < 36; i++) {
            g_assert_cmphex(got[i * 16 + j], ==, 0);
        }
    }

    /* GMPOOL with Dst rows 4..7 (GAPOOL's): max with row 4, rows 5..7 0 */
    tt_push(qts, 0, elw(a, OP_GMPOOL, 0, false, 1, 0, 4));
    get_dst(qts, got);
    for (unsigned j = 0; j < 16; j++) {
        g_assert_cmphex(got[4 * 16 + j], ==, j < 8 ? max_dst[j] : 0);
        for (unsigned i = 5; i < 8; i++) {
            g_assert_cmphex(got[i * 16 + j], ==, 0);
        }
    }
    qtest_quit(qts);
}

/* ---------------------------------------------------------------------- */
/* MVMUL: INT8, TF32, FP16, fidelity phases, Dst rounding; GMPOOL ArgMax  */
/* ---------------------------------------------------------------------- */

#define OP_MOVD2A               0x08u
#define OP_MOVD2B               0x0Au
#define OP_ZEROSRC              0x11u
/* MOVD2A / MOVD2B with Move4Rows (instr_mod bit 1): src 22:17, dst 11:0 */
#define MOVD2X4(op, src, dst)   (((op) << 24) | ((src) << 17) | \
                                 (2u << 12) | (dst))
/* ZEROSRC: both banks of SrcA and SrcB to zero */
#define ZEROSRC_ALL             ((OP_ZEROSRC << 24) | (1u << 2) | 3u)
/* GMPOOL's max_pool_index_en (ArgMax): bit 14 on both */
#define GMPOOL_ARGMAX           (1u << 14)

/* Src<b> row @row (< 16) of the unpackers' bank: @n datums at columns */
static void put_cols(QTestState *qts, int b, int row, const uint32_t *v,
                     unsigned n)
{
    uint32_t d[16] = { 0 };

    memcpy(d, v, n * sizeof(*v));
    put_row(qts, 0, b, row, d);
}

/*
 * Integer "8" (Sign(18) Mag(17:8) Exp(7:0); STOREIND writes Mag's top 7
 * bits, so magnitudes are multiples of 8) into integer "32" Dst32b.
 * SrcB row 0: 1016, 8, 64 (exponent 0), 64; SrcA column 0: 248 (row 0),
 * 1016 (row 1); column 1: -248, 1016; column 2: 64 in row 2; column 3:
 * 64 with exponent 0 in row 3.  Phase masks (MVMUL.md, SrcASrcB.md):
 * SrcA even phases magnitude bits 7:5 (248 -> 224), odd phases bits 4:0
 * (248 -> 24); 1016's bits 9:8 are never used (1016 -> 224 / 24).  SrcB
 * phases 0, 1 bits 9:4 (1016 -> 1008, 8 -> 0), phases 2, 3 bits 3:0
 * (1016 -> 8, 8 -> 8).  Dst32b integer: Sign(31) Mag[22:16](30:24)
 * Mag[30:23](23:16) Mag[15:0](15:0).
 */
static void test_mvmul_int8(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = tt_start(a);
    g_autofree uint32_t *got = g_new(uint32_t, NUM_DST);
    uint32_t sat[16];
    static const uint32_t b0[4] = {
        I8(0, 1016, 16), I8(0, 8, 16), I8(0, 64, 0), I8(0, 64, 16),
    };
    static const uint32_t a0[2] = { I8(0, 248, 16), I8(1, 248, 16) };
    static const uint32_t a1[2] = { I8(0, 1016, 16), I8(0, 1016, 16) };
    static const uint32_t a2[3] = { 0, 0, I8(0, 64, 16) };
    static const uint32_t a3[4] = { 0, 0, 0, I8(0, 64, 0) };
    /*
     * Column 0 by phase: 1008 * 224 + 0 = 225792; 1008 * 24 = 24192;
     * 8 * 224 + 8 * 224 = 3584; 8 * 24 + 8 * 24 = 384; sum 253952 =
     * (248 + 8) * ... = 1016 * 248 + 8 * 248.  Column 1: -225792,
     * -24192, -1792 + 1792 = 0, -192 + 192 = 0; sum -249984.
     */
    static const uint32_t want[4][2] = {
        { 0x03007200, 0x83007200 },
        { 0x00005E80, 0x80005E80 },
        { 0x00000E00, 0x00000000 },
        { 0x00000180, 0x00000000 },
    };

    set_gpr(qts, 0, 2, 0);
    put_cols(qts, 1, 0, b0, 4);
    put_cols(qts, 0, 0, a0, 2);
    put_cols(qts, 0, 1, a1, 2);
    put_cols(qts, 0, 2, a2, 3);
    put_cols(qts, 0, 3, a3, 4);
    /* Rows 8..15 of both: 1.99 * 2^127 (BF16), for the saturation */
    for (int j = 0; j < 16; j++) {
        sat[j] = S(0, 254, 0x7f);
    }
    for (int row = 8; row < 16; row++) {
        put_row(qts, 0, 0, row, sat);
        put_row(qts, 0, 1, row, sat);
    }
    SETDVALID_AB(qts, a->bh, 0);
    cfg_write(qts, 1, ACC_INT8);

    for (unsigned p = 0; p < 4; p++) {
        tt_push(qts, 0, SETC16(a->fidelity_base, p));
        tt_push(qts, 0, elw(a, OP_MVMUL, 0, false, 0, 0, 16 + 8 * p));
        tt_push(qts, 0, elw(a, OP_MVMUL, 0, false, 0, 0, 48));
    }
    get_dst(qts, got);
    for (unsigned p = 0; p < 4; p++) {
        g_assert_cmphex(dst32(got, 16 + 8 * p, 0), ==, want[p][0]);
        g_assert_cmphex(dst32(got, 16 + 8 * p, 1), ==, want[p][1]);
        /* SrcB exponent 0 (flushed), SrcA exponent 0 (always flushed) */
        g_assert_cmphex(dst32(got, 16 + 8 * p, 2), ==, 0);
        g_assert_cmphex(dst32(got, 16 + 8 * p, 3), ==, 0);
        /* SrcB rows 1..7 are zero */
        g_assert_cmphex(dst32(got, 17 + 8 * p, 0), ==, 0);
    }
    g_assert_cmphex(dst32(got, 48, 0), ==, 0x0300E000);      /* 253952 */
    g_assert_cmphex(dst32(got, 48, 1), ==, 0x8300D080);      /* -249984 */

    /* Zero_Flag_disabled_src: SrcB's 64 counts (64 * 64), SrcA's not */
    cfg_write(qts, 2, ZF_DISABLED_SRC);
    tt_push(qts, 0, SETC16(a->fidelity_base, 0));
    tt_push(qts, 0, elw(a, OP_MVMUL, 0, false, 0, 0, 0));
    get_dst(qts, got);
    g_assert_cmphex(dst32(got, 0, 0), ==, 0x03007200);
    g_assert_cmphex(dst32(got, 0, 2), ==, 4096);
    g_assert_cmphex(dst32(got, 0, 3), ==, 0);
    cfg_write(qts, 2, 0);

    /*
     * Saturation: Dst32b rows 56..63 = +2^128 as FP32 (0x00FF0000, an
     * integer magnitude of 0x7F800000) from an FP32 ELWADD of rows
     * 8..15; MVMUL phase 0 adds 225792 to column 0 (SrcA rows 8..15 meet
     * SrcB columns 8..15, all zero): after 37 0x7FFF7A00, then the 38th
     * clamps at 2^31 - 1.
     */
    cfg_write(qts, 1, FMT_SRCA(FMT_BF16) | ACC_FP32);
    tt_push(qts, 0, SETRWC(0, 8, 8));
    tt_push(qts, 0, elw(a, OP_ELWADD, 0, false, 0, 0, 56));
    cfg_write(qts, 1, ACC_INT8);
    tt_push(qts, 0, SETRWC(0, 0, 0));
    for (int i = 0; i < 37; i++) {
        tt_push(qts, 0, elw(a, OP_MVMUL, 0, false, 0, 0, 56));
    }
    check32(qts, 56, 0, 0x7FFF7A00, "INT8 MVMUL 37 times");
    tt_push(qts, 0, elw(a, OP_MVMUL, 0, false, 0, 0, 56));
    check32(qts, 56, 0, 0x7FFFFFFF, "INT8 MVMUL saturated");
    qtest_quit(qts);
}

/*
 * SrcA rows 0..3 and SrcB rows 0..3 of the matrix unit's banks with full
 * 10-bit mantissas, which STOREIND cannot write: Dst rows 0..7 = @hi +
 * @lo (ELWADD of BF16 / FP16 parts with config word 1 @parts_cfg, the
 * sums exact), ZEROSRC, then MOVD2A (Move4Rows) of Dst rows 0..3 into
 * SrcA rows 0..3 and MOVD2B of Dst rows 4..7 into SrcB rows 0..3 with
 * @move_cfg.  The datums are checked through x-src-state (@want_a0:
 * SrcA[0][0], @want_b0: SrcB[0][0]).
 */
static void src_from_sums(QTestState *qts, const TTArch *a,
                          uint32_t parts_cfg, uint32_t move_cfg,
                          const uint32_t (*hi)[4], const uint32_t (*lo)[4],
                          uint32_t want_a0, uint32_t want_b0)
{
    g_autofree uint32_t *src = g_new(uint32_t, TT_NUM_SRC);

    set_gpr(qts, 0, 2, 0);
    for (int row = 0; row < 8; row++) {
        put_cols(qts, 0, row, hi[row], 4);
        put_cols(qts, 1, row, lo[row], 4);
    }
    SETDVALID_AB(qts, a->bh, 0);
    cfg_write(qts, 1, parts_cfg);
    tt_push(qts, 0, elw(a, OP_ELWADD, 0, false, 0, 0, 0));
    tt_push(qts, 0, ZEROSRC_ALL);
    cfg_write(qts, 1, move_cfg);
    tt_push(qts, 0, MOVD2X4(OP_MOVD2A, 0, 0));
    tt_push(qts, 0, MOVD2X4(OP_MOVD2B, 0, 4));
    tt_assert_all_idle(qts);
    tt_qom_get_u32_list(qts, TENSIX_PATH, "x-src-state", src, TT_NUM_SRC);
    g_assert_cmphex(src[tt_src_index(0, 0, 0, 0)], ==, want_a0);
    g_assert_cmphex(src[tt_src_index(1, 0, 0, 0)], ==, want_b0);
    g_assert_cmphex(src[tt_src_index(0, 0, 4, 0)], ==, 0);
}

/*
 * The operands of the TF32 and FP16 tests, as the values the matrix unit
 * sees (x-src-state of the datums is checked):
 *   SrcA[0][0] = 1 + 0x2B3/1024 = 1715/1024; phase 0 uses the implicit
 *   bit and mantissa bits 9:6 (1 + 10/16 = 13/8), odd phases bits 5:1
 *   (2^-5 + 2^-6 + 2^-9 = 25/512); bit 0 is never used (857/512).
 *   SrcB[0][0] = 1 + 0x1DD/1024 = 1501/1024; phases 0, 1 use the
 *   implicit bit and bits 9:4 (93/64), phases 2, 3 bits 3:0 (13/1024).
 *   SrcB row 1: 1.0 in columns 0..2, so Dst row 1 column j is
 *   SrcA[0][j] + SrcA[1][j] + SrcA[2][j].
 * Products by phase (exact): 13/8 * 93/64 = 1209/512; 25/512 * 93/64 =
 * 2325/32768; 13/8 * 13/1024 = 169/8192; 25/512 * 13/1024 = 325/2^19;
 * their sum 857/512 * 1501/1024 = 1286357/2^19.
 */
static void test_mvmul_tf32(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = tt_start(a);
    g_autofree uint32_t *got = g_new(uint32_t, NUM_DST);
    /*
     * BF16 parts: SrcA[0][0] = (1 + 0x56/128) + 1.5 * 2^-9; SrcA column
     * 1: 2^24, 1.0, 1.0; column 3: 1.0, 2^-8, 2^-30.  SrcB[0][0] = (1 +
     * 0x3B/128) + 1.25 * 2^-8.
     */
    static const uint32_t hi[8][4] = {
        { S(0, 127, 0x56), S(0, 151, 0), 0, S(0, 127, 0) },
        { 0, S(0, 127, 0), 0, S(0, 119, 0) },
        { 0, S(0, 127, 0), 0, S(0, 97, 0) },
        { 0 },
        { S(0, 127, 0x3B) },
        { S(0, 127, 0), S(0, 127, 0), S(0, 127, 0) },
    };
    static const uint32_t lo[8][4] = {
        { S(0, 118, 0x40) }, { 0 }, { 0 }, { 0 },
        { S(0, 119, 0x20) },
    };
    /*
     * Dst32b FP32 (Sign ManHi(7) Exp(8) ManLo(16)) by phase, then all
     * four accumulated: row 0 column 0, row 1 columns 0 and 1.  Row 1
     * column 1 is 2^24 + 1 + 1 = 2^24 + 2, exact in the sum and rounded
     * once (a float adding one product at a time would keep 2^24).
     */
    static const uint32_t want[5][3] = {
        { 0x17802000, 0x507F0000, 0x00970001 },     /* 1209/512; 13/8 */
        { 0x117B5000, 0x487A0000, 0 },              /* 2325/32768; 25/512 */
        { 0x29790000, 0, 0 },                       /* 169/8192 */
        { 0x22748000, 0, 0 },                       /* 325/2^19 */
        { 0x1D8006A8, 0x567F4000, 0x00970001 },     /* exact; 857/512 */
    };

    src_from_sums(qts, a, FMT_SRCA(FMT_BF16) | ACC_FP32,
                  FMT_SRCA(FMT_TF32) | ACC_FP32, hi, lo,
                  (0x2B3 << 8) | 127, (0x1DD << 8) | 127);
    for (unsigned p = 0; p < 4; p++) {
        tt_push(qts, 0, SETC16(a->fidelity_base, p));
        tt_push(qts, 0, elw(a, OP_MVMUL, 0, false, 0, 0, 16 + 8 * p));
        tt_push(qts, 0, elw(a, OP_MVMUL, 0, false, 0, 0, 48));
    }
    get_dst(qts, got);
    for (unsigned p = 0; p < 5; p++) {
        unsigned row = p < 4 ? 16 + 8 * p : 48;

        g_assert_cmphex(dst32(got, row, 0), ==, want[p][0]);
        g_assert_cmphex(dst32(got, row + 1, 0), ==, want[p][1]);
        g_assert_cmphex(dst32(got, row + 1, 1), ==, want[p][2]);
        g_assert_cmphex(dst32(got, row + 2, 0), ==, 0);
    }
    /* 1 + 2^-8 + 2^-30 in FP32: 1 + 2^-8 */
    g_assert_cmphex(dst32(got, 17, 3), ==, 0x007F8000);

    /*
     * TF32 into BF16 Dst (Fp32_enabled clear), phase 0, Dst16b rows
     * 512..519: 1209/512 = 2 * (1 + 23.125/128) to BF16 2 * (1 +
     * 23/128); 13/8; 2^24 + 2 to 2^24.  1 + 2^-8 + 2^-30 is first
     * rounded to FP32 (1 + 2^-8), a tie in BF16, to even: 1.0 (rounding
     * the exact sum once would give 1 + 2^-7).
     */
    cfg_write(qts, 1, FMT_SRCA(FMT_TF32));
    tt_push(qts, 0, SETC16(a->fidelity_base, 0));
    tt_push(qts, 0, elw(a, OP_MVMUL, 0, false, 0, 0, 512));
    get_dst(qts, got);
    g_assert_cmphex(got[512 * 16 + 0], ==, D(0, 128, 23));
    g_assert_cmphex(got[513 * 16 + 0], ==, D(0, 127, 0x50));
    g_assert_cmphex(got[513 * 16 + 1], ==, D(0, 151, 0));
    g_assert_cmphex(got[513 * 16 + 3], ==, D(0, 127, 0));
    /*
     * += onto BF16 Dst: 2.359375 + 1209/512 = 4.720703125 = 4 * (1 +
     * 23.0625/128): down; 1.0 + (1 + 2^-8) = 2 + 2^-8: down to 2.0
     */
    tt_push(qts, 0, elw(a, OP_MVMUL, 0, false, 0, 0, 512));
    get_dst(qts, got);
    g_assert_cmphex(got[512 * 16 + 0], ==, D(0, 129, 23));
    g_assert_cmphex(got[513 * 16 + 3], ==, D(0, 128, 0));
    qtest_quit(qts);
}

/*
 * FP16 (Src: Sign(18) Man(17:8) Exp(4:0), bias 15) into FP16 Dst16b
 * (Sign(15) Man(14:5) Exp(4:0)), the operands of test_mvmul_tf32 at
 * FP16 exponents.  Each phase's result rounds to 11 bits (ties to even):
 * 1209/512 = 2 * (1 + 185/1024); 2325/32768 = 2^-4 * (1 + 138.5/1024):
 * a tie, to 138; 169/8192 = 2^-6 * (1 + 328/1024); 325/2^19 = 2^-11 *
 * (1 + 276/1024).  Accumulated in Dst16b, each step rounded: 1209/512 +
 * 2325/32768 = 2 * (1 + 221.3/1024) -> 221; + 169/8192 -> 2 * (1 +
 * 231.8/1024) -> 232; + 325/2^19 -> 232.  Row 1: 13/8, 25/512, 857/512
 * (SrcA's LSB dropped: 0x2B2); column 1 2048 + 1 + 1 = 2050 (exact once,
 * 2 * 1025); column 2 3 * 49152 = 147456, beyond the largest FP16 value
 * with exponent 31 (131008): that value.
 */
static void test_mvmul_fp16(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = tt_start(a);
    g_autofree uint32_t *got = g_new(uint32_t, NUM_DST);
    static const uint32_t hi[8][4] = {
        { S(0, 15, 0x56), S(0, 26, 0), S(0, 30, 0x40) },
        { 0, S(0, 15, 0), S(0, 30, 0x40) },
        { 0, S(0, 15, 0), S(0, 30, 0x40) },
        { 0 },
        { S(0, 15, 0x3B) },
        { S(0, 15, 0), S(0, 15, 0), S(0, 15, 0) },
    };
    static const uint32_t lo[8][4] = {
        { S(0, 6, 0x40) }, { 0 }, { 0 }, { 0 },
        { S(0, 7, 0x20) },
    };
    static const uint16_t want[5][4] = {
        { D16(0, 16, 185), D16(0, 15, 0x280), D16(0, 26, 1), 0x7FFF },
        { D16(0, 11, 138), D16(0, 10, 0x240), 0, 0 },
        { D16(0, 9, 328), 0, 0, 0 },
        { D16(0, 4, 276), 0, 0, 0 },
        { D16(0, 16, 232), D16(0, 15, 0x2B2), D16(0, 26, 1), 0x7FFF },
    };

    src_from_sums(qts, a, FMT_SRCA(FMT_FP16), FMT_SRCA(FMT_FP16), hi, lo,
                  (0x2B3 << 8) | 15, (0x1DD << 8) | 15);
    for (unsigned p = 0; p < 4; p++) {
        tt_push(qts, 0, SETC16(a->fidelity_base, p));
        tt_push(qts, 0, elw(a, OP_MVMUL, 0, false, 0, 0, 16 + 8 * p));
        tt_push(qts, 0, elw(a, OP_MVMUL, 0, false, 0, 0, 48));
    }
    get_dst(qts, got);
    for (unsigned p = 0; p < 5; p++) {
        unsigned row = p < 4 ? 16 + 8 * p : 48;

        g_assert_cmphex(got[row * 16 + 0], ==, want[p][0]);
        for (unsigned j = 0; j < 3; j++) {
            g_assert_cmphex(got[(row + 1) * 16 + j], ==, want[p][j + 1]);
        }
        g_assert_cmphex(got[(row + 2) * 16 + 0], ==, 0);
    }
    qtest_quit(qts);
}

/*
 * GMPOOL ArgMax (GMPOOL.md): SrcB row 0 scales SrcA row i by its
 * exponent (1.0 everywhere; column 1: exponent 0, row 1 is minus
 * infinity; column 6: 2.0, row 6 counts double).  Rows are visited 4, 5,
 * 6, 7, 0, 1, 2, 3, 8, ..., 15, a later tie wins, and only rows 0..7
 * set the index, NONLINEAR_I_TRANSFORM[i] = {0, 3, 6, 1, 4, 7, 2, 5}[i]
 * plus IndexPhase >> 4 (IndexPhase = (Dst + 0x100) & 0xf00).  SrcA (1.0
 * where not listed, columns 8..15 zero):
 *   col 0: 1.0 everywhere: row 6 (2.0) wins -> index 2;
 *   col 1: 4.0 in row 2 -> 6;
 *   col 2: 2.0 in row 5, 4.0 in row 9: row 6 ties row 5 later (2),
 *          row 9 wins without an index;
 *   col 3: 3.0 in rows 0 and 4: row 0 visited later -> 0;
 *   col 4: 5.0 in rows 3 and 7: row 3 visited later -> 1;
 *   col 5: -1.0 everywhere: Dst's value stays, index 0;
 *   col 6: 8.0 in row 1 (minus infinity), 0.5 in row 0, else 0 -> 0;
 *   col 7: 1.0 in row 12 only: no index.
 */
static void test_gmpool_argmax(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = tt_start(a);
    g_autofree uint32_t *got = g_new(uint32_t, NUM_DST);
    uint32_t ra[16], rb[16];
    /*
     * BF16 style, Dst32b (DstStyle BF16, index in bits 11:0); Dst 0
     * reads as exponent 127 (1.0 in the doubled bias of Src * SrcB), so
     * positive maxima beat it.  Written: Sign ManHi(7) Exp - 127 | index.
     */
    static const uint32_t bf_first[16] = {
        0x00800112, 0x00810116, 0x00810112, 0x40800110,
        0x20810111, 0x00000100, 0x007E0110, 0x007F0100,
        0x100, 0x100, 0x100, 0x100, 0x100, 0x100, 0x100, 0x100,
    };
    /*
     * Again on the result: IndexPhase 0x200; Dst's maxima tie with the
     * same rows, which win again with the new phase (col 2: row 9 ties
     * 4.0 without an index: 0x12 stays)
     */
    static const uint32_t bf_second[8] = {
        0x00800222, 0x00810226, 0x00810212, 0x40800220,
        0x20810221, 0x00000200, 0x007E0220, 0x007F0200,
    };
    /*
     * TF32 style: DstStyle INT32, only the index is written; Dst 0 reads
     * as 0, which SrcA zeros tie (col 7: rows 4..7, 0, 2, 3 tie, last 3
     * -> 1, then row 12 wins without an index).
     */
    static const uint32_t tf_first[8] = {
        0x112, 0x116, 0x112, 0x110, 0x111, 0x100, 0x110, 0x111,
    };

    set_gpr(qts, 0, 2, 0);
    for (unsigned i = 0; i < 16; i++) {
        for (unsigned j = 0; j < 16; j++) {
            ra[j] = j < 8 ? S(0, 127, 0) : 0;
        }
        ra[1] = i == 2 ? S(0, 129, 0) : ra[1];
        ra[2] = i == 5 ? S(0, 128, 0) : i == 9 ? S(0, 129, 0) : ra[2];
        ra[3] = (i == 0 || i == 4) ? S(0, 128, 0x40) : ra[3];
        ra[4] = (i == 3 || i == 7) ? S(0, 129, 0x20) : ra[4];
        ra[5] = S(1, 127, 0);
        ra[6] = i == 1 ? S(0, 130, 0) : i == 0 ? S(0, 126, 0) : 0;
        ra[7] = i == 12 ? S(0, 127, 0) : 0;
        put_row(qts, 0, 0, i, ra);
        rb[i] = i == 1 ? 0 : i == 6 ? S(0, 128, 0) : S(0, 127, 0);
    }
    put_row(qts, 0, 1, 0, rb);
    SETDVALID_AB(qts, a->bh, 0);

    cfg_write(qts, 1, FMT_SRCA(FMT_BF16) | ACC_FP32);
    tt_push(qts, 0, elw(a, OP_GMPOOL, 0, false, 0, 0, 66) | GMPOOL_ARGMAX);
    get_dst(qts, got);
    for (unsigned j = 0; j < 16; j++) {
        g_assert_cmphex(dst32(got, 64, j), ==, bf_first[j]);
        for (unsigned i = 65; i < 68; i++) {
            g_assert_cmphex(dst32(got, i, j), ==, 0x100);
        }
    }
    tt_push(qts, 0, elw(a, OP_GMPOOL, 0, false, 0, 0, 64) | GMPOOL_ARGMAX);
    get_dst(qts, got);
    for (unsigned j = 0; j < 8; j++) {
        g_assert_cmphex(dst32(got, 64, j), ==, bf_second[j]);
        g_assert_cmphex(dst32(got, 67, j), ==, 0x200);
    }

    /* TF32: rows 68..71 */
    cfg_write(qts, 1, FMT_SRCA(FMT_TF32) | ACC_FP32);
    tt_push(qts, 0, elw(a, OP_GMPOOL, 0, false, 0, 0, 68) | GMPOOL_ARGMAX);
    get_dst(qts, got);
    for (unsigned j = 0; j < 16; j++) {
        g_assert_cmphex(dst32(got, 68, j), ==, j < 8 ? tf_first[j] : 0x111);
    }

    /* BF16 into Dst16b: the index is in the low half, not written */
    cfg_write(qts, 1, FMT_SRCA(FMT_BF16));
    tt_push(qts, 0, elw(a, OP_GMPOOL, 0, false, 0, 0, 512) | GMPOOL_ARGMAX);
    get_dst(qts, got);
    for (unsigned j = 0; j < 8; j++) {
        g_assert_cmphex(got[512 * 16 + j], ==, bf_first[j] >> 16);
        g_assert_cmphex(got[513 * 16 + j], ==, 0);
    }
    qtest_quit(qts);
}

/*
 * The matrix unit keeps SrcA / SrcB in its operand form between
 * instructions (docs/units/fpu.md, "Speed"): every writer must make it
 * see the new data.  BF16, LoFi (1.0, 2.0, 0.5 are exact), Dst16b:
 *   SrcA rows 0..15 1.0; SrcB rows 0..3 1.0, rows 4..7 2.0: 16 and 32;
 *   MOVB2A (Move4Rows) SrcB rows 4..7 into SrcA rows 0..3: 4 * 2 + 12 =
 *   20 and 40;
 *   ZEROSRC of SrcA (both banks): 0;
 *   with FlipSrcA | FlipSrcB to bank 1, filled by STOREIND (SrcA 1.0,
 *   SrcB rows 0..3 2.0) and handed over: 32; then back to bank 0,
 *   rewritten by STOREIND (SrcA rows 0..7 0.5, rows 8..15 zero after
 *   the ZEROSRC) and handed over: 4 and 8.
 */
static void test_mvmul_rewrite(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = tt_start(a);
    uint32_t one[16], two[16], half[16];

    for (int j = 0; j < 16; j++) {
        one[j] = S(0, 127, 0);
        two[j] = S(0, 128, 0);
        half[j] = S(0, 126, 0);
    }
    cfg_write(qts, 1, FMT_SRCA(FMT_BF16));
    set_gpr(qts, 0, 2, 0);
    for (int row = 0; row < 16; row++) {
        put_row(qts, 0, 0, row, one);
    }
    for (int row = 0; row < 8; row++) {
        put_row(qts, 0, 1, row, row < 4 ? one : two);
    }
    SETDVALID_AB(qts, a->bh, 0);

    tt_push(qts, 0, elw(a, OP_MVMUL, 0, false, 0, 0, 0));
    tt_push(qts, 0, (0x0Bu << 24) | (0u << 17) | (2u << 12) | 4u);
    tt_push(qts, 0, elw(a, OP_MVMUL, 0, false, 0, 0, 8));
    tt_push(qts, 0, (OP_ZEROSRC << 24) | (1u << 2) | 1u);
    tt_push(qts, 0, elw(a, OP_MVMUL, 0, false, 0, 0, 16));
    {
        g_autofree uint32_t *got = g_new(uint32_t, NUM_DST);

        get_dst(qts, got);
        for (int j = 0; j < 16; j++) {
            g_assert_cmphex(got[0 * 16 + j], ==, D(0, 131, 0));     /* 16 */
            g_assert_cmphex(got[4 * 16 + j], ==, D(0, 132, 0));     /* 32 */
            g_assert_cmphex(got[8 * 16 + j], ==, D(0, 131, 0x20));  /* 20 */
            g_assert_cmphex(got[12 * 16 + j], ==, D(0, 132, 0x20)); /* 40 */
            g_assert_cmphex(got[16 * 16 + j], ==, 0);
            g_assert_cmphex(got[20 * 16 + j], ==, 0);
        }
    }

    /* Flip to bank 1 (the unpackers' after the first hand-over) */
    tt_push(qts, 0, elw(a, OP_MVMUL, 3, false, 0, 0, 24));
    for (int row = 0; row < 16; row++) {
        put_row(qts, 0, 0, row, one);
    }
    for (int row = 0; row < 4; row++) {
        put_row(qts, 0, 1, row, two);
    }
    SETDVALID_AB(qts, a->bh, 0);
    tt_push(qts, 0, elw(a, OP_MVMUL, 3, false, 0, 0, 32));
    /* Back on bank 0, the unpackers' again */
    for (int row = 0; row < 8; row++) {
        put_row(qts, 0, 0, row, half);
    }
    SETDVALID_AB(qts, a->bh, 0);
    tt_push(qts, 0, elw(a, OP_MVMUL, 0, false, 0, 0, 40));
    {
        g_autofree uint32_t *got = g_new(uint32_t, NUM_DST);

        get_dst(qts, got);
        for (int j = 0; j < 16; j++) {
            g_assert_cmphex(got[32 * 16 + j], ==, D(0, 132, 0));    /* 32 */
            g_assert_cmphex(got[40 * 16 + j], ==, D(0, 129, 0));    /* 4 */
            g_assert_cmphex(got[44 * 16 + j], ==, D(0, 130, 0));    /* 8 */
        }
    }
    qtest_quit(qts);
}

/* ---------------------------------------------------------------------- */
/* Legacy: MFCONV3S1, CONV3S1/2, APOOL3S1/2 (Dst += 0), MPOOL3S1/2        */
/* ---------------------------------------------------------------------- */

/*
 * MatrixUnit.md "Legacy instructions": MFCONV3S1, CONV3S1, CONV3S2,
 * APOOL3S1 and APOOL3S2 compute Dst += 0; MPOOL3S1 and MPOOL3S2 do what
 * GMPOOL would with SrcA all zero.  The choices (docs/decisions.md
 * "Matrix unit: legacy instructions"): Dst += 0 is ELWADD with AddDst
 * and zero operands on the 8 rows ELWADD would write (DstRow & 0x3f8),
 * so a row that is not valid becomes a valid zero row and every datum
 * goes through ELWADD's x + 0 (an exponent-0 datum, -0 or a denormal,
 * becomes +0; an exponent-255 datum 2^128 with a zero mantissa, keeping
 * its sign); MPOOL3S* is GMPOOL.md's model with every SrcA datum 0,
 * SrcB row RWCs.SrcB & 0x38 still scaling (an exponent of 0 makes the
 * zero minus infinity).
 *
 * Encodings (assembly.yaml): clear_dvalid 23:22 {FlipSrcB, FlipSrcA};
 * AddrMod from bit 15 (Blackhole CONV3S1, CONV3S2, MFCONV3S1: bit 14),
 * 2 bits used on Wormhole, 3 on Blackhole; MPOOL3S*'s index_en bit 14;
 * DstRow 9:0.
 */
#define OP_ZEROACC              0x10u
#define OP_MOVA2D               0x12u
#define OP_CONV3S1              0x22u
#define OP_CONV3S2              0x23u
#define OP_MPOOL3S1             0x24u
#define OP_APOOL3S1             0x25u
#define OP_MPOOL3S2             0x31u
#define OP_APOOL3S2             0x32u
#define OP_MFCONV3S1            0x3Au
#define LEGACY_INDEX_EN         (1u << 14)

static uint32_t legacy(const TTArch *a, uint32_t op, uint32_t flip,
                       uint32_t am, uint32_t dst)
{
    bool pool = op == OP_MPOOL3S1 || op == OP_MPOOL3S2 ||
                op == OP_APOOL3S1 || op == OP_APOOL3S2;

    return (op << 24) | (flip << 22) | (am << (a->bh && !pool ? 14 : 15)) |
           dst;
}

/* MOVA2D, 8 rows (instr_mod bit 1): SrcA rows 0..7 to Dst rows @dst.. */
static uint32_t mova2d8(uint32_t dst)
{
    return (OP_MOVA2D << 24) | (2u << 12) | dst;
}

/*
 * ZEROACC: 16 rows (Mode 1) from 16 * @blk made undefined (Wormhole:
 * Mode 20:19, UseDst32b 21; Blackhole: clear_mode 23:19, 32-bit 18), or
 * all of Dst (Mode 3)
 */
static uint32_t zeroacc(const TTArch *a, uint32_t mode, bool dst32,
                        uint32_t blk)
{
    return (OP_ZEROACC << 24) | (mode << 19) |
           ((uint32_t)dst32 << (a->bh ? 18 : 21)) | blk;
}

/* DstRowValid[@row..]: read while a thread may be waiting */
static void check_valid(QTestState *qts, unsigned row, unsigned n,
                        uint32_t want, const char *step)
{
    g_autofree uint32_t *got = g_new(uint32_t, NUM_DST);

    tt_qom_get_u32_list(qts, TENSIX_PATH, "x-dst-state", got, NUM_DST);
    for (unsigned i = 0; i < n; i++) {
        if (got[DST_ROWS * 16 + row + i] != want) {
            g_test_message("%s: DstRowValid[%u] = %u, expected %u", step,
                           row + i, got[DST_ROWS * 16 + row + i], want);
        }
        g_assert_cmpuint(got[DST_ROWS * 16 + row + i], ==, want);
    }
}

/*
 * SrcA row 0 of the legacy tests (written to Dst by MOVA2D with
 * ALU_ACC_CTRL_Zero_Flag_disabled_src, so exponent-0 datums survive):
 * BF16 Dst16b gets Sign Man(7) Exp(8), D() of the same fields.
 */
static const uint32_t lg_a[16] = {
    S(0, 127, 0),       /* 1.0 */
    S(1, 128, 0x40),    /* -3.0 */
    S(1, 0, 0),         /* -0 */
    S(0, 0, 0x55),      /* a denormal */
    S(1, 0, 0x2a),      /* a negative denormal */
    S(0, 255, 0x7f),    /* exponent 255 with a mantissa */
    S(1, 255, 0),       /* -2^128 */
    S(0, 254, 0x7f),    /* the largest below 2^128 */
    S(0, 1, 0),         /* 2^-126 */
    S(1, 1, 0x7f),
    S(0, 130, 10), S(0, 131, 11), S(0, 132, 12), S(0, 133, 13),
    S(0, 134, 14), S(0, 135, 15),
};
/* BF16 Dst += 0 (ELWADD's x + 0, rounded to FP32 then BF16) */
static const uint16_t lg_add0[16] = {
    D(0, 127, 0), D(1, 128, 0x40),
    0,                  /* -0 + 0 = +0 */
    0, 0,               /* denormals flushed */
    D(0, 255, 0),       /* 2^128 and up: the exponent-255 pattern */
    D(1, 255, 0), D(0, 254, 0x7f), D(0, 1, 0), D(1, 1, 0x7f),
    D(0, 130, 10), D(0, 131, 11), D(0, 132, 12), D(0, 133, 13),
    D(0, 134, 14), D(0, 135, 15),
};
/*
 * The same datums as FP16 (MOVA2D: Sign Man(10) = Man(7) << 3, Exp(5) =
 * the low 5 exponent bits) after Dst += 0: exponent 0 (-3.0's 128 & 31,
 * -0, the denormals) gives +0; exponent 31 is finite (2^16 and 2^16 *
 * 2040/1024 stay, below the 131008 limit); 2^-14 stays.
 */
static const uint16_t lg_add0_fp16[16] = {
    D16(0, 31, 0), 0, 0, 0, 0, D16(0, 31, 0x3f8), D16(1, 31, 0),
    D16(0, 30, 0x3f8), D16(0, 1, 0), D16(1, 1, 0x3f8),
    D16(0, 2, 80), D16(0, 3, 88), D16(0, 4, 96), D16(0, 5, 104),
    D16(0, 6, 112), D16(0, 7, 120),
};

/* Dst += 0 into BF16 and FP16 Dst16b, every instruction */
static void test_legacy_add0(const void *data)
{
    static const uint32_t ops[5] = {
        OP_CONV3S1, OP_CONV3S2, OP_APOOL3S1, OP_APOOL3S2, OP_MFCONV3S1,
    };
    static const uint16_t zero[16];
    static const uint32_t zero_b[16];
    const TTArch *a = data;
    QTestState *qts = tt_start(a);

    cfg_write(qts, 1, FMT_SRCA(FMT_BF16));
    cfg_write(qts, 2, ZF_DISABLED_SRC);
    fill(qts, lg_a, S(0, 128, 0x40), zero_b, 0);
    SETDVALID_AB(qts, a->bh, 0);

    /*
     * Per instruction, rows R = 64 + 32k: R..R+7 MOVA2D's copy of SrcA
     * (rows 1..7 3.0), then Dst += 0 with DstRow R + 5 (& 0x3f8 = R);
     * rows R+16..R+23 hold a copy too but are made undefined (ZEROACC,
     * 16 rows R+16..R+31): Dst += 0 with DstRow R + 23 makes R+16..R+23
     * valid zero rows; R+24..R+31 stay undefined.
     */
    for (unsigned k = 0; k < G_N_ELEMENTS(ops); k++) {
        unsigned r = 64 + 32 * k;

        tt_push(qts, 0, mova2d8(r));
        tt_push(qts, 0, mova2d8(r + 16));
        tt_push(qts, 0, zeroacc(a, 1, false, (r + 16) / 16));
        check_valid(qts, r + 16, 16, 0, "ZEROACC");
        tt_push(qts, 0, legacy(a, ops[k], 0, 0, r + 5));
        tt_push(qts, 0, legacy(a, ops[k], 0, 0, r + 23));
        check16(qts, r, lg_add0, D(0, 128, 0x40), "Dst += 0 BF16");
        check16(qts, r + 16, zero, 0, "Dst += 0 undefined rows");
        check_valid(qts, r + 24, 8, 0, "Dst += 0: 8 rows only");
    }

    /* FP16 (Dst16b): rows 1..7 (3.0's exponent 128 & 31 = 0) become 0 */
    cfg_write(qts, 1, FMT_SRCA(FMT_FP16));
    tt_push(qts, 0, mova2d8(320));
    tt_push(qts, 0, legacy(a, OP_CONV3S2, 0, 0, 320));
    check16(qts, 320, lg_add0_fp16, 0, "Dst += 0 FP16");
    qtest_quit(qts);
}

/* Dst += 0 into 32-bit Dst: FP32 and integer "32" */
static void test_legacy_add0_32(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = tt_start(a);
    uint32_t ra[16], rb[16];

    for (int j = 0; j < 16; j++) {
        ra[j] = S(0, 127, 0);                   /* 1.0 */
        rb[j] = S(0, 128, 0);                   /* 2.0 */
    }
    rb[0] = S(0, 107, 0);                       /* 2^-20 */
    rb[1] = S(0, 119, 0);                       /* 2^-8 */
    ra[2] = S(1, 127, 0);                       /* -1.0 */
    rb[2] = 0;
    ra[3] = S(1, 0, 0);                         /* -0 */
    cfg_write(qts, 1, FMT_SRCA(FMT_BF16) | ACC_FP32);
    cfg_write(qts, 2, ZF_DISABLED_SRC);
    fill(qts, ra, S(0, 127, 0), rb, S(0, 128, 0));
    SETDVALID_AB(qts, a->bh, 0);

    /*
     * ELWADD into Dst32b rows 8..15 (FP32: Sign ManHi(7) Exp(8)
     * ManLo(16)): 1 + 2^-20 = 0x007F0008, 1 + 2^-8 = 0x007F8000, -1.0 =
     * 0x807F0000, -0 + 2.0 = 0x00800000, 3.0 = 0x40800000.  Dst += 0
     * keeps every bit (the 24-bit values are exact).
     */
    tt_push(qts, 0, elw(a, OP_ELWADD, 0, false, 0, 0, 8));
    tt_push(qts, 0, legacy(a, OP_CONV3S1, 0, 0, 8));
    check32(qts, 8, 0, 0x007F0008, "FP32 Dst += 0: 1 + 2^-20");
    check32(qts, 8, 1, 0x007F8000, "FP32 Dst += 0: 1 + 2^-8");
    check32(qts, 8, 2, 0x807F0000, "FP32 Dst += 0: -1.0");
    check32(qts, 8, 3, 0x00800000, "FP32 Dst += 0: 2.0");
    check32(qts, 15, 15, 0x40800000, "FP32 Dst += 0: 3.0");

    /*
     * Undefined Dst32b rows 16..31 (ZEROACC UseDst32b, block 1) holding
     * ELWADD's values: Dst += 0 on rows 16..23 writes zeros and makes
     * them valid (DstRowValid of Adj32(r) = ((r & 0x1f8) << 1) | (r &
     * 0x207): rows 32..39); rows 24..31 (48..55) stay undefined.
     */
    tt_push(qts, 0, elw(a, OP_ELWADD, 0, false, 0, 0, 16));
    tt_push(qts, 0, zeroacc(a, 1, true, 1));
    check_valid(qts, 32, 8, 0, "ZEROACC Dst32b");
    tt_push(qts, 0, legacy(a, OP_APOOL3S1, 0, 0, 16));
    check32(qts, 16, 0, 0, "FP32 Dst += 0 undefined row");
    check32(qts, 23, 15, 0, "FP32 Dst += 0 undefined row 7");
    check_valid(qts, 32, 8, 1, "FP32 Dst += 0 undefined rows");
    check_valid(qts, 48, 8, 0, "FP32 Dst += 0: 8 rows only");

    /*
     * -0 in Dst32b: MOVA2D with SrcAFmt TF32 writes Val16b << 16, SrcA
     * row 0 column 3 giving 0x80000000, column 0 0x007F0000, into rows
     * 24..31 and 40..47.  TF32 style, FP32 Dst: -0 + 0 = +0.
     */
    cfg_write(qts, 1, FMT_SRCA(FMT_TF32) | ACC_FP32);
    tt_push(qts, 0, mova2d8(24));
    tt_push(qts, 0, mova2d8(40));
    check32(qts, 24, 3, 0x80000000, "MOVA2D -0");
    tt_push(qts, 0, legacy(a, OP_MFCONV3S1, 0, 0, 24));
    check32(qts, 24, 3, 0, "FP32 Dst += 0: -0");
    check32(qts, 24, 0, 0x007F0000, "FP32 Dst += 0: 1.0");

    /*
     * Integer "32" (INT8_math_enabled): sign-magnitude, Saturate(0 +
     * Dst): the integer -0 (0x80000000) becomes 0, every other value
     * (rows 8..15: magnitudes 0x3F800008, 0x3F808000, -0x3F800000,
     * 0x40000000, 0x40400000) is kept.
     */
    cfg_write(qts, 1, ACC_INT8);
    tt_push(qts, 0, legacy(a, OP_APOOL3S2, 0, 0, 40));
    check32(qts, 40, 3, 0, "INT32 Dst += 0: -0");
    check32(qts, 40, 0, 0x007F0000, "INT32 Dst += 0");
    tt_push(qts, 0, legacy(a, OP_CONV3S2, 0, 0, 8));
    check32(qts, 8, 0, 0x007F0008, "INT32 Dst += 0: 1 + 2^-20 bits");
    check32(qts, 8, 1, 0x007F8000, "INT32 Dst += 0: 1 + 2^-8 bits");
    check32(qts, 8, 2, 0x807F0000, "INT32 Dst += 0: negative");
    check32(qts, 15, 15, 0x40800000, "INT32 Dst += 0: 3.0 bits");
    tt_push(qts, 0, zeroacc(a, 1, true, 1));
    tt_push(qts, 0, legacy(a, OP_MFCONV3S1, 0, 0, 16));
    check32(qts, 16, 0, 0, "INT32 Dst += 0 undefined row");
    check_valid(qts, 32, 8, 1, "INT32 Dst += 0 undefined rows");
    qtest_quit(qts);
}

/*
 * MPOOL3S1 / MPOOL3S2: GMPOOL.md with SrcA zero.  Each SrcA datum is +0
 * (AsComparable 0) when SrcB[RWCs.SrcB & 0x38][i] has a non-zero
 * exponent, else minus infinity; Dst row DstRow & 0x3fc reads (BF16
 * style, Dst16b) as Exponent = e + 127, MagOrMan = Man << 3 (a zero
 * exponent field is 2^-127 scaled: positive), an undefined row as all
 * ones (-(382 << 10 | 0x3f8), above minus infinity).  So with a scaling
 * exponent every non-negative Dst datum is kept (the denormal too: its
 * bits are rewritten unchanged) and every negative one (and -0, and an
 * undefined row) becomes +0; without one, Dst is kept and an undefined
 * row becomes all ones.  Rows 1..3 of the block are written 0.
 */
static const uint16_t lg_relu[16] = {
    D(0, 127, 0), 0, 0, D(0, 0, 0x55), 0, D(0, 255, 0x7f), 0,
    D(0, 254, 0x7f), D(0, 1, 0), 0,
    D(0, 130, 10), D(0, 131, 11), D(0, 132, 12), D(0, 133, 13),
    D(0, 134, 14), D(0, 135, 15),
};

static void check_pool16(QTestState *qts, unsigned row, const uint16_t *want,
                         uint16_t fill_all, const char *step)
{
    g_autofree uint32_t *got = g_new(uint32_t, NUM_DST);

    get_dst(qts, got);
    for (unsigned j = 0; j < 16; j++) {
        uint32_t w = want ? want[j] : fill_all;

        if (got[row * 16 + j] != w) {
            g_test_message("%s: Dst16b[%u][%u] = 0x%04x, expected 0x%04x",
                           step, row, j, got[row * 16 + j], w);
        }
        g_assert_cmphex(got[row * 16 + j], ==, w);
        for (unsigned i = 1; i < 4; i++) {
            g_assert_cmphex(got[(row + i) * 16 + j], ==, 0);
        }
    }
    for (unsigned i = 0; i < 4; i++) {
        g_assert_cmpuint(got[DST_ROWS * 16 + row + i], ==, 1);
    }
}

static void test_legacy_mpool(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = tt_start(a);
    uint32_t row4[16], b0[16], b4[16];

    /*
     * SrcA: row 0 lg_a, rows 1..7 3.0 except row 4 (1.0, 1.0, -1.0,
     * then 3.0), row 12 3.0 (the one row SrcB scales: a GMPOOL would
     * give 3.0 * 2^0 in every column) -- all ignored by MPOOL3S*, which
     * reads SrcA as zero.  SrcB row 0: a non-zero exponent only in
     * column 12 (SrcA row 12's scale, 1.0); row 4: 2^-20, 2^-8 (for
     * ELWADD); rows 8..15 zero.
     */
    for (int j = 0; j < 16; j++) {
        row4[j] = S(0, 128, 0x40);
        b0[j] = b4[j] = 0;
    }
    row4[0] = row4[1] = S(0, 127, 0);
    row4[2] = S(1, 127, 0);
    b0[12] = S(0, 127, 0);
    b4[0] = S(0, 107, 0);
    b4[1] = S(0, 119, 0);
    cfg_write(qts, 1, FMT_SRCA(FMT_BF16));
    cfg_write(qts, 2, ZF_DISABLED_SRC);
    fill(qts, lg_a, S(0, 128, 0x40), b0, 0);
    put_row(qts, 0, 0, 4, row4);
    put_row(qts, 0, 1, 4, b4);
    for (int j = 0; j < 16; j++) {
        row4[j] = S(0, 128, 0x40);
    }
    put_row(qts, 0, 0, 12, row4);
    SETDVALID_AB(qts, a->bh, 0);

    /* Rows 64..71 = SrcA; MPOOL3S1 DstRow 66 & 0x3fc = 64 */
    tt_push(qts, 0, mova2d8(64));
    tt_push(qts, 0, legacy(a, OP_MPOOL3S1, 0, 0, 66));
    check_pool16(qts, 64, lg_relu, 0, "MPOOL3S1 BF16");
    /* Undefined rows 80..95: MPOOL3S2 on 80..83: +0 beats all ones */
    tt_push(qts, 0, mova2d8(80));
    tt_push(qts, 0, zeroacc(a, 1, false, 5));
    tt_push(qts, 0, legacy(a, OP_MPOOL3S2, 0, 0, 80));
    check_pool16(qts, 80, NULL, 0, "MPOOL3S2 undefined row");
    check_valid(qts, 84, 12, 0, "MPOOL3S2: 4 rows only");

    /*
     * RWCs.SrcB 8: SrcB row 8, every exponent zero: minus infinity
     * everywhere, Dst (re-encoded unchanged) wins; an undefined row
     * becomes all ones.
     */
    tt_push(qts, 0, SETRWC(0, 8, 0));
    tt_push(qts, 0, mova2d8(96));
    tt_push(qts, 0, zeroacc(a, 1, false, 7));
    tt_push(qts, 0, legacy(a, OP_MPOOL3S1, 0, 0, 96));
    tt_push(qts, 0, legacy(a, OP_MPOOL3S2, 0, 0, 115));
    {
        uint16_t keep[16];

        for (int j = 0; j < 16; j++) {
            keep[j] = half_lo(lg_a[j]);
        }
        check_pool16(qts, 96, keep, 0, "MPOOL3S1 unscaled");
    }
    check_pool16(qts, 112, NULL, 0xffff, "MPOOL3S2 minus infinity");
    check_valid(qts, 116, 12, 0, "MPOOL3S2 unscaled: 4 rows only");

    /*
     * 32-bit Dst, BF16 style: DstStyle TF32, MagOrMan = ManHi << 3 |
     * Man[15:13], the low 13 mantissa bits dropped on writing.  ELWADD
     * row 4 into Dst32b row 132: 1 + 2^-20 (0x007F0008) -> 0x007F0000;
     * 1 + 2^-8 (0x007F8000) kept; -1.0 -> 0; 3.0 (0x40800000) kept;
     * rows 133..135 zero.
     */
    cfg_write(qts, 1, FMT_SRCA(FMT_BF16) | ACC_FP32);
    tt_push(qts, 0, SETRWC(0, 0, 0));
    tt_push(qts, 0, elw(a, OP_ELWADD, 0, false, 0, 0, 128));
    tt_push(qts, 0, elw(a, OP_ELWADD, 0, false, 0, 0, 136));
    tt_push(qts, 0, elw(a, OP_ELWADD, 0, false, 0, 0, 144));
    check32(qts, 132, 0, 0x007F0008, "ELWADD 1 + 2^-20");
    tt_push(qts, 0, legacy(a, OP_MPOOL3S1, 0, 0, 132));
    check32(qts, 132, 0, 0x007F0000, "MPOOL3S1 TF32: low bits dropped");
    check32(qts, 132, 1, 0x007F8000, "MPOOL3S1 TF32: 1 + 2^-8");
    check32(qts, 132, 2, 0, "MPOOL3S1 TF32: -1.0");
    check32(qts, 132, 15, 0x40800000, "MPOOL3S1 TF32: 3.0");
    check32(qts, 133, 0, 0, "MPOOL3S1 TF32: row 1");
    check32(qts, 135, 15, 0, "MPOOL3S1 TF32: row 3");
    check32(qts, 128, 0, 0x007F0000, "MPOOL3S1 TF32: other block");

    /*
     * index_en (GMPOOL's ArgMax, DstStyle BF16 with the index in the low
     * bits), row 140: IndexPhase = (Dst + 0x100) & 0xf00 = 0x100, no
     * SrcA row 0..7 has a scale (only row 12 does), so MaxIndex stays
     * Dst & 0xff: 0x007F0008 -> 0x007F0108; 0x007F8000 -> 0x007F0100;
     * -1.0 loses to row 12's +0 -> 0x100; 3.0 -> 0x40800100.  Rows
     * 141..143: (Dst + 0x100) & 0xf00 = 0x100.
     */
    tt_push(qts, 0, legacy(a, OP_MPOOL3S2, 0, 0, 140) | LEGACY_INDEX_EN);
    check32(qts, 140, 0, 0x007F0108, "MPOOL3S2 index_en 1 + 2^-20");
    check32(qts, 140, 1, 0x007F0100, "MPOOL3S2 index_en 1 + 2^-8");
    check32(qts, 140, 2, 0x00000100, "MPOOL3S2 index_en -1.0");
    check32(qts, 140, 15, 0x40800100, "MPOOL3S2 index_en 3.0");
    check32(qts, 141, 0, 0x100, "MPOOL3S2 index_en row 1");

    /*
     * Integer "32": the sign and the low 19 magnitude bits read, 13
     * written (GMPOOL.md): 0x007F0008 -> 8; 0x007F8000 (magnitude bits
     * 15 and 23..29) -> 0; negative -> +0; 0x40800000 -> 0.
     */
    cfg_write(qts, 1, ACC_INT8);
    tt_push(qts, 0, legacy(a, OP_MPOOL3S1, 0, 0, 148));
    check32(qts, 148, 0, 8, "MPOOL3S1 INT32 13 bits");
    check32(qts, 148, 1, 0, "MPOOL3S1 INT32 bit 15");
    check32(qts, 148, 2, 0, "MPOOL3S1 INT32 negative");
    check32(qts, 148, 15, 0, "MPOOL3S1 INT32 3.0 bits");
    qtest_quit(qts);
}

/*
 * AddrMod: ADDR_MOD_AB_SEC<n> (Wormhole ThreadConfig word 7 + 2n,
 * Blackhole 12 + n) SrcAIncr 1, SrcBIncr 2, ADDR_MOD_DST_SEC<n> (23 + n,
 * 28 + n) DestIncr 8, FidelityIncr 1, in section 1 on Wormhole and 5 on
 * Blackhole; every instruction is given AddrMod 5 (bits 2:0): Wormhole
 * uses bits 1:0 (section 1), Blackhole all three.  Dst starts undefined
 * (ZEROACC all); RWCs.Dst moves each instruction 8 rows on: Dst += 0
 * makes its 8 rows valid zeros, MPOOL3S* 4 (with RWCs.SrcB 4: SrcB row
 * 0, 1.0, scales: +0; with 8: row 8 zero: all ones).
 */
static void test_legacy_rwc(const void *data)
{
    static const uint32_t ops[7] = {
        OP_CONV3S1, OP_CONV3S2, OP_MPOOL3S1, OP_APOOL3S1, OP_MPOOL3S2,
        OP_APOOL3S2, OP_MFCONV3S1,
    };
    const TTArch *a = data;
    QTestState *qts = tt_start(a);
    g_autofree uint32_t *got = g_new(uint32_t, NUM_DST);
    uint32_t one[16], rwc[NUM_RWC];
    unsigned sec = a->bh ? 5 : 1;

    for (int j = 0; j < 16; j++) {
        one[j] = S(0, 127, 0);
    }
    cfg_write(qts, 1, FMT_SRCA(FMT_BF16));
    fill(qts, one, S(0, 127, 0), one, S(0, 127, 0));
    SETDVALID_AB(qts, a->bh, 0);
    tt_push(qts, 0, zeroacc(a, 3, false, 0));
    tt_push(qts, 0, SETC16(a->addr_mod_ab0 + (a->bh ? 1 : 2) * sec,
                           1 | 2 << 8));
    tt_push(qts, 0, SETC16(a->addr_mod_dst0 + sec, 8 | 1 << 13));
    for (unsigned k = 0; k < G_N_ELEMENTS(ops); k++) {
        tt_push(qts, 0, legacy(a, ops[k], 0, 5, 0));
    }
    tt_assert_all_idle(qts);
    tt_qom_get_u32_list(qts, TENSIX_PATH, "rwc-state", rwc, NUM_RWC);
    g_assert_cmpuint(rwc[0], ==, 7);            /* SrcA */
    g_assert_cmpuint(rwc[2], ==, 14);           /* SrcB */
    g_assert_cmpuint(rwc[4], ==, 56);           /* Dst */
    g_assert_cmpuint(rwc[6], ==, 3);            /* FidelityPhase (2 bits) */

    get_dst(qts, got);
    for (unsigned r = 0; r < 64; r++) {
        unsigned k = r / 8;
        bool pool = ops[k % 7] == OP_MPOOL3S1 || ops[k % 7] == OP_MPOOL3S2;
        bool valid = k < 7 && (!pool || r % 8 < 4);
        uint32_t want = ops[k % 7] == OP_MPOOL3S2 && r == 32 ? 0xffff : 0;

        g_assert_cmpuint(got[DST_ROWS * 16 + r], ==, valid);
        if (valid) {
            for (unsigned j = 0; j < 16; j++) {
                g_assert_cmphex(got[r * 16 + j], ==, want);
            }
        }
    }
    qtest_quit(qts);
}

/*
 * clear_dvalid: FlipSrcA alone hands SrcA back (the next instruction
 * waits for SrcA bank 1 only: SrcB stays the matrix unit's), FlipSrcB
 * alone SrcB.  Thread 1 hands the banks over (Wormhole SETDVALID,
 * Blackhole UNPACR_NOP's SETDVALID form for the one unpacker).
 */
static void test_legacy_flip(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = tt_start(a);
    uint32_t one[16];

    for (int j = 0; j < 16; j++) {
        one[j] = S(0, 127, 0);
    }
    cfg_write(qts, 1, FMT_SRCA(FMT_BF16));
    fill(qts, one, S(0, 127, 0), one, S(0, 127, 0));
    SETDVALID_AB(qts, a->bh, 0);
    tt_push(qts, 0, zeroacc(a, 3, false, 0));

    tt_push(qts, 0, legacy(a, OP_CONV3S1, 1, 0, 0));
    tt_push(qts, 0, legacy(a, OP_APOOL3S1, 0, 0, 8));
    g_assert_cmphex(qtest_readl(qts, TT_INSTRN_BUF_STATUS) & 0x10, ==, 0);
    check_valid(qts, 8, 8, 0, "APOOL3S1 waiting");
    tt_push(qts, 1, a->bh ? tt_unpacr_nop_setdvalid(true, 0) : SETDVALID(1));
    tt_assert_all_idle(qts);
    check_valid(qts, 0, 16, 1, "after the SrcA hand-over");

    tt_push(qts, 0, legacy(a, OP_MPOOL3S1, 2, 0, 16));
    tt_push(qts, 0, legacy(a, OP_MPOOL3S2, 0, 0, 20));
    g_assert_cmphex(qtest_readl(qts, TT_INSTRN_BUF_STATUS) & 0x10, ==, 0);
    check_valid(qts, 16, 4, 1, "MPOOL3S1 FlipSrcB");
    check_valid(qts, 20, 4, 0, "MPOOL3S2 waiting");
    tt_push(qts, 1, a->bh ? tt_unpacr_nop_setdvalid(true, 1) : SETDVALID(2));
    tt_assert_all_idle(qts);
    check_valid(qts, 20, 4, 1, "after the SrcB hand-over");
    qtest_quit(qts);
}

static void add_tests(const TTArch *a)
{
    static const TTTestCase tests[] = {
        { "wait", test_wait },
        { "bf16", test_bf16 },
        { "fp32", test_fp32 },
        { "fp16", test_fp16 },
        { "fidelity", test_fidelity },
        { "int8", test_int8 },
        { "banks", test_banks },
        { "mvmul", test_mvmul },
        { "mvmul-hifi", test_mvmul_hifi },
        { "pool", test_pool },
        { "mvmul-int8", test_mvmul_int8 },
        { "mvmul-tf32", test_mvmul_tf32 },
        { "mvmul-fp16", test_mvmul_fp16 },
        { "gmpool-argmax", test_gmpool_argmax },
        { "mvmul-rewrite", test_mvmul_rewrite },
        { "legacy-add0", test_legacy_add0 },
        { "legacy-add0-32", test_legacy_add0_32 },
        { "legacy-mpool", test_legacy_mpool },
        { "legacy-rwc", test_legacy_rwc },
        { "legacy-flip", test_legacy_flip },
    };

    tt_add_tests("tensix/fpu", a->name, a, tests, G_N_ELEMENTS(tests));
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    add_tests(&tt_blackhole);
    add_tests(&tt_wormhole);
    return g_test_run();
}
