/*
 * QTest testcase for the Tensix unpackers on tt-wormhole and tt-blackhole:
 * UNPACR_NOP (clear forms, SETDVALID form, Wormhole's overlay clear) and
 * UNPACR (Regular, IncrementContextCounter, FlushCache), seen through
 * "x-src-state", "x-dst-state", "adc-state" and the overlay registers.
 *
 * Expected values, worked out by hand: WormholeB0 UNPACR_NOP_ZEROSRC.md
 * (NegativeInfSrcA: ~0 in a 19-bit datum = 0x7FFFF, SrcA only on
 * Wormhole; UnpackBank, or both banks; the wait on the Matrix Unit's bank
 * unless WaitLikeUnpacr), UNPACR_NOP_SETDVALID.md, CLEARDVALID.md,
 * MOVA2D.md (8-bit exponent: Dst16b = Sign << 15 | Man[9:3] << 8 | Exp),
 * SrcASrcB.md layouts.  Blackhole (no UNPACR_NOP page; tt-llk's
 * assembly.yaml): -inf clears SrcB too; 1.0 is 0x7F (BF16/TF32), 0xF
 * (FP16), 0x110 (integer "8": magnitude 1 at bit 8, exponent field 16);
 * the immediate is UNP<n>_NOP_REG_CLR_VAL's low 19 bits.
 *
 * UNPACR: UNPACR_Regular.md's functional model and FormatConversion(),
 * FloatBitPatterns.md (BFP8ToBF16, BFP8aToFP16), and the choices of
 * docs/units/unpack.md (FP32ToFP16, Blackhole FP8 E4M3).  Src datums are
 * Sign(18) Man(17:8) Exp(7:0); Dst16b Sign(15) Man Exp.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "libqtest.h"
#include "tt-qtest-util.h"

#define TENSIX_PATH             "/machine/tile[0,0]/tensix"
#define CFG_BASE                0xFFEF0000u     /* Config[0] in BRISC's view */
#define NUM_DST                 (1024 * 16 + 1024)
#define NUM_ADC                 144

#define OP_CLEARDVALID          0x36u
#define OP_MOVA2D               0x12u
#define OP_UNPACR               0x42u
#define OP_SETADC               0x50u
#define OP_SETC16               0xB2u
#define BH_CFG_UNP1_CLR_VAL     63      /* UNP1_NOP_REG_CLR_VAL (Blackhole) */

/* Data formats (FormatConversion.md) */
enum {
    FP32 = 0, FP16 = 1, BFP8A = 2, TF32 = 4, BF16 = 5, BFP8 = 6, BFP4 = 7,
    INT32 = 8, INT16 = 9, FP8 = 10, BFP2A = 11, INT8 = 14,
};

/* The L1 tile: Base_address (16-byte units); its data 16 bytes further */
#define TILE_BASE               0x1000u
#define TILE_DATA               ((TILE_BASE + 1) * 16)

typedef struct TTArch {
    const char *name;
    const char *machine;
    bool bh;
    /* Config words (tt-metal cfg_defines.h) */
    unsigned thcon;             /* THCON_SEC0_REG0_TileDescriptor */
    unsigned sec;               /* THCON_SEC1 - THCON_SEC0 */
    unsigned base1[2], base1_shift;     /* UNP<n>_ADDR_BASE_REG_1_Base */
    unsigned zw1[2], w_shift;   /* UNP<n>_ADDR_CTRL_ZW_REG_1: Z 0, W */
    unsigned forced_exp0;       /* UNP0_FORCED_SHARED_EXP, add_dest bit 8 */
    /* ThreadConfig words */
    unsigned srca_set;          /* SRCA_SET: Base 1:0, SetOvrdWithAddr 2 */
    unsigned misc;              /* UNPACK_MISC_CFG: CfgContextOffset 3:0 */
    /* UNP0_BLOBS_Y_START_CNTX_01, _23 (Config) */
    unsigned blobs01;
} TTArch;

static const TTArch tt_blackhole = {
    "blackhole", "tt-blackhole", true, 64, 48, { 49, 61 }, 0, { 57, 59 },
    16, 50, 5, 41, 51,
};
static const TTArch tt_wormhole = {
    "wormhole", "tt-wormhole", false, 52, 40, { 40, 48 }, 16, { 45, 47 },
    12, 41, 3, 39, 42,
};

/* THCON_SEC<u> word @w (0 = TileDescriptor, 8 = REG2 word 0, ...) */
enum {
    TD0 = 0, TD1 = 1, TD2 = 2, TD3 = 3, REG1_W3 = 7, REG2 = 8, REG2_W1 = 9,
    LIMIT = 10, FIFO = 11, BASE = 12, DEST_CNTX = 20, XDIM_CNTX = 22,
    OFFSET = 28,
};
/* REG2 word 0 bits */
#define R2_CTX_COUNT(n)         ((n) << 6)
#define R2_HALOIZE              (1u << 8)
#define R2_TILEIZE              (1u << 9)
#define R2_SRC_SET_UPD          (1u << 10)
#define R2_IF_SEL               (1u << 11)
#define R2_UPSAMPLE(r)          ((r) << 12)
#define R2_INTERLEAVE           (1u << 15)
#define R2_SHIFT(c, v)          ((v) << (16 + 4 * (c)))
/* REG2 word 1 bits */
#define R2W1_UNCOMPRESSED(c)    (1u << (c))
#define R2W1_IF_SEL(c)          (1u << (4 + (c)))
#define R2W1_FORCE_EXP          (1u << 8)

static uint32_t unpacr(int u, uint32_t incs, uint32_t ctx, uint32_t adc,
                       bool multi, bool flip, bool zero, bool use_cnt)
{
    return (OP_UNPACR << 24) | ((uint32_t)u << 23) | (incs << 15) |
           (ctx << 10) | (adc << 8) | ((uint32_t)multi << 7) |
           ((uint32_t)flip << 6) | ((uint32_t)zero << 4) |
           ((uint32_t)use_cnt << 3);
}

/* UNPACR with RowSearch (bit 2) */
#define ROW_SEARCH              (1u << 2)
/* UNPACR IncrementContextCounter (CfgContextCntInc, bit 13) */
#define UNPACR_INC_CTX(u)       ((OP_UNPACR << 24) | ((uint32_t)(u) << 23) | \
                                 (1u << 13))

/* Plain UNPACR: no context, no increments */
#define UNPACR(u)               unpacr((u), 0, 0, 0, false, false, false, \
                                       false)
/* ADC increments: Ch1YInc 7:6, Ch1ZInc 5:4, Ch0YInc 3:2, Ch0ZInc 1:0 */
#define INCS(c1y, c1z, c0y, c0z) (((c1y) << 6) | ((c1z) << 4) | \
                                  ((c0y) << 2) | (c0z))

static uint32_t setadc(uint32_t units, uint32_t ch, uint32_t xyzw,
                       uint32_t v)
{
    return (OP_SETADC << 24) | (units << 21) | (ch << 20) | (xyzw << 18) | v;
}

static void cfg(QTestState *qts, unsigned word, uint32_t v)
{
    tt_assert_all_idle(qts);
    qtest_writel(qts, CFG_BASE + 4 * word, v);
}

static void sec(QTestState *qts, const TTArch *a, int u, unsigned w,
                uint32_t v)
{
    cfg(qts, a->thcon + u * a->sec + w, v);
}

static void setc16(QTestState *qts, unsigned reg, uint32_t v)
{
    tt_push(qts, 0, (OP_SETC16 << 24) | (reg << 16) | v);
}

/*
 * A tile of unpacker @u: @in format, out format @out, @xdim x 1 x @zdim,
 * uncompressed unless @compressed, at TILE_BASE; the output address base
 * @base1 (bytes) and Ch1.X = @n - 1 (so @n datums from X = 0).
 */
static void tile(QTestState *qts, const TTArch *a, int u, unsigned in,
                 unsigned out, unsigned xdim, unsigned zdim, unsigned n,
                 uint32_t base1)
{
    sec(qts, a, u, TD0, in | (1u << 4) | (xdim << 16));
    sec(qts, a, u, TD1, 1 | (zdim << 16));
    sec(qts, a, u, REG2, out);
    sec(qts, a, u, BASE, TILE_BASE);
    cfg(qts, a->base1[u], base1 << a->base1_shift);
    tt_push(qts, 0, setadc(1u << u, 1, 0, n - 1));
}

static void l1_write(QTestState *qts, uint32_t addr, const void *p,
                     size_t n)
{
    qtest_memwrite(qts, addr, p, n);
}

static void get_src(QTestState *qts, uint32_t *w)
{
    tt_assert_all_idle(qts);
    tt_qom_get_u32_list(qts, TENSIX_PATH, "x-src-state", w, TT_NUM_SRC);
}

static void get_dst(QTestState *qts, uint32_t *w)
{
    tt_assert_all_idle(qts);
    tt_qom_get_u32_list(qts, TENSIX_PATH, "x-dst-state", w, NUM_DST);
}

/* ---------------------------------------------------------------------- */
/* UNPACR_NOP                                                             */
/* ---------------------------------------------------------------------- */

/* Wormhole ZEROSRC form: WaitLikeUnpacr 4, BothBanks 3, NegativeInfSrcA 2 */
static uint32_t wh_clear(int u, int wait, int both, int neg_inf)
{
    return (TT_OP_UNPACR_NOP << 24) | (u << 23) | (wait << 4) | (both << 3) |
           (neg_inf << 2) | 1u;
}

/* Wormhole OverlayClear form 3: WhichStream 21:16, ClearCount 14:4 */
static uint32_t wh_overlay_clear(int u, uint32_t stream, uint32_t count)
{
    return (TT_OP_UNPACR_NOP << 24) | (u << 23) | (stream << 16) |
           (count << 4) | 3u;
}

/* ThreadConfig NOC_OVERLAY_MSG_CLEAR_StreamId_0 (Wormhole cfg_defines.h) */
#define WH_THD_MSG_CLEAR_STREAM0    40
/* STREAM_REG_ADDR(s, STREAM_MSG_DATA_CLEAR_REG_INDEX 22), Wormhole */
#define WH_MSG_DATA_CLEAR(s)        (0xFFB40000u + (s) * 0x1000u + 22 * 4)

/*
 * Blackhole UNP_CLR_SRC: Set_Dvalid 8, Clr_to1_fmt_Ctrl 7:6,
 * Stall_Clr_Cntrl 5, Bank_Clr_Ctrl 4, Src_ClrVal_Ctrl 3:2, Unpack_Pop 1
 */
static uint32_t bh_clear(int u, int stall, int both, int val, int fmt)
{
    return (TT_OP_UNPACR_NOP << 24) | (u << 23) | (fmt << 6) |
           (stall << 5) | (both << 4) | (val << 2) | 1u;
}

static void test_clear(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = qtest_initf("-machine %s", a->machine);
    g_autofree uint32_t *w = g_new0(uint32_t, TT_NUM_SRC);

    if (!a->bh) {
        /* -inf into SrcA[UnpackBank = 0] only */
        tt_push(qts, 0, wh_clear(0, 0, 0, 1));
        tt_src_fill_bank(w, 0, 0, 0x7ffff);
        tt_check_src(qts, TENSIX_PATH, w, "SrcA -inf");
        /* NegativeInfSrcA has no effect on SrcB: both banks stay 0 */
        tt_push(qts, 0, wh_clear(1, 1, 1, 1));
        tt_check_src(qts, TENSIX_PATH, w, "SrcB -inf");
        /* BothBanks, 0: SrcA bank 0 back to 0 */
        tt_push(qts, 0, wh_clear(0, 1, 1, 0));
        tt_src_fill_bank(w, 0, 0, 0);
        tt_check_src(qts, TENSIX_PATH, w, "SrcA both banks");
        /* Nop (mode 2) changes nothing */
        tt_push(qts, 0, (TT_OP_UNPACR_NOP << 24) | 2u);
        tt_check_src(qts, TENSIX_PATH, w, "Nop");
        /*
         * UNPACR_NOP_OverlayClear.md: 1 into STREAM_MSG_DATA_CLEAR (22)
         * of the stream ThreadConfig's NOC_OVERLAY_MSG_CLEAR_StreamId
         * names (T0's words 40 and 41) when ClearCount is 0, else of
         * WhichStream; nothing else written
         */
        setc16(qts, WH_THD_MSG_CLEAR_STREAM0, 5);
        setc16(qts, WH_THD_MSG_CLEAR_STREAM0 + 1, 9);
        tt_push(qts, 0, TT_OP_UNPACR_NOP << 24);
        g_assert_cmphex(qtest_readl(qts, WH_MSG_DATA_CLEAR(5)), ==, 1);
        g_assert_cmphex(qtest_readl(qts, WH_MSG_DATA_CLEAR(5) - 4), ==, 0);
        g_assert_cmphex(qtest_readl(qts, WH_MSG_DATA_CLEAR(9)), ==, 0);
        tt_push(qts, 0, wh_overlay_clear(1, 7, 2));
        g_assert_cmphex(qtest_readl(qts, WH_MSG_DATA_CLEAR(7)), ==, 1);
        g_assert_cmphex(qtest_readl(qts, WH_MSG_DATA_CLEAR(9)), ==, 0);
        tt_push(qts, 0, wh_overlay_clear(1, 7, 0));
        g_assert_cmphex(qtest_readl(qts, WH_MSG_DATA_CLEAR(9)), ==, 1);
        tt_check_src(qts, TENSIX_PATH, w, "OverlayClear");
    } else {
        tt_push(qts, 0, bh_clear(0, 0, 0, 1, 0));
        tt_src_fill_bank(w, 0, 0, 0x7ffff);
        tt_push(qts, 0, bh_clear(1, 0, 0, 1, 0));
        tt_src_fill_bank(w, 1, 0, 0x7ffff);
        tt_check_src(qts, TENSIX_PATH, w, "-inf");
        /* 1.0 in BF16 into both SrcA banks */
        tt_push(qts, 0, bh_clear(0, 1, 1, 2, 1));
        tt_src_fill_bank(w, 0, 0, 0x7f);
        tt_src_fill_bank(w, 0, 1, 0x7f);
        tt_check_src(qts, TENSIX_PATH, w, "SrcA 1.0 both banks");
        tt_push(qts, 0, bh_clear(1, 0, 0, 2, 2));
        tt_src_fill_bank(w, 1, 0, 0x110);
        tt_check_src(qts, TENSIX_PATH, w, "SrcB 1 (int8)");
        tt_push(qts, 0, bh_clear(1, 0, 0, 2, 0));
        tt_src_fill_bank(w, 1, 0, 0xf);
        tt_check_src(qts, TENSIX_PATH, w, "SrcB 1.0 (FP16)");
        /* The immediate's low 19 bits: 0xFFF12345 -> 0x12345 */
        qtest_writel(qts, CFG_BASE + 4 * BH_CFG_UNP1_CLR_VAL, 0xFFF12345u);
        tt_push(qts, 0, bh_clear(1, 1, 0, 3, 0));
        tt_src_fill_bank(w, 1, 0, 0x12345);
        tt_check_src(qts, TENSIX_PATH, w, "SrcB immediate");
        tt_push(qts, 0, (TT_OP_UNPACR_NOP << 24) | 2u);
        tt_check_src(qts, TENSIX_PATH, w, "UNP_NOP");
    }
    qtest_quit(qts);
}

static void test_handover(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = qtest_initf("-machine %s", a->machine);
    g_autofree uint32_t *w = g_new0(uint32_t, TT_NUM_SRC);
    g_autofree uint32_t *dst = g_new(uint32_t, NUM_DST);
    /* SrcA bank 0's datum and MOVA2D's Dst16b of it */
    uint32_t v = a->bh ? 0x7f : 0x7ffff;
    uint32_t d16 = a->bh ? 0x007f : 0xffff;

    tt_push(qts, 0, a->bh ? bh_clear(0, 0, 0, 2, 1) : wh_clear(0, 0, 0, 1));
    tt_src_fill_bank(w, 0, 0, v);
    tt_check_src(qts, TENSIX_PATH, w, "bank 0");

    /* MOVA2D (one row, SrcRow 0 -> DstRow 5) waits: SrcA is unpackers' */
    tt_push(qts, 0, (OP_MOVA2D << 24) | 5u);
    g_assert_cmphex(qtest_readl(qts, TT_INSTRN_BUF_STATUS) & 0x10, ==, 0);
    tt_qom_get_u32_list(qts, TENSIX_PATH, "x-dst-state", dst, NUM_DST);
    g_assert_cmphex(dst[5 * 16], ==, 0);

    /* SETDVALID form from thread 1: bank 0 to the Matrix Unit, MOVA2D runs */
    tt_push(qts, 1, tt_unpacr_nop_setdvalid(a->bh, 0));
    tt_assert_all_idle(qts);
    tt_qom_get_u32_list(qts, TENSIX_PATH, "x-dst-state", dst, NUM_DST);
    for (int c = 0; c < 16; c++) {
        g_assert_cmphex(dst[5 * 16 + c], ==, d16);
    }

    /*
     * A clear waiting on the Matrix Unit's bank (WaitLikeUnpacr /
     * Stall_Clr_Cntrl 0): bank 0 is the Matrix Unit's, so it waits.
     * CLEARDVALID FlipSrcA gives bank 0 back (MatrixUnit.SrcABank becomes
     * 1); the clear then fills UnpackBank, 1 since the hand-over.
     */
    tt_push(qts, 2, a->bh ? bh_clear(0, 0, 0, 2, 1) : wh_clear(0, 0, 0, 1));
    g_assert_cmphex(qtest_readl(qts, TT_INSTRN_BUF_STATUS) & 0x40, ==, 0);
    tt_push(qts, 0, (OP_CLEARDVALID << 24) | (1u << 22));
    tt_src_fill_bank(w, 0, 1, v);
    tt_check_src(qts, TENSIX_PATH, w, "after CLEARDVALID");
    qtest_quit(qts);
}

/* ---------------------------------------------------------------------- */
/* UNPACR: format conversion                                              */
/* ---------------------------------------------------------------------- */

typedef struct ConvCase {
    const char *what;
    unsigned in, out;
    unsigned flags;
    uint8_t exp;                /* BFP: the exponent of the 16 datums */
    uint32_t d[16];             /* L1 datums (packed by size) */
    uint32_t src[16];           /* expected Src datums */
} ConvCase;

#define CV_UNSIGNED     1       /* ALU_FORMAT_SPEC_REG0_SrcAUnsigned */
#define CV_E4M3         2       /* Blackhole only: Unp_LF8_4b_exp */
#define CV_FORCE_EXP    4       /* Force_shared_exp, FORCED_SHARED_EXP */
#define CV_BH           8       /* Blackhole only */
#define CV_WH           16      /* Wormhole only */

static const ConvCase conv_cases[] = {
    { "BF16", BF16, BF16, 0, 0,
      { 0x3f80, 0xc049, 0x8000, 0x7f80, 0x7fc1, 0x0001 },
      { 0x7f, 0x64880, 0x40000, 0xff, 0x208ff, 0x800 } },
    /* BF16 read into a TF32 Src (tt-llk's FP32 accumulation) */
    { "BF16->TF32", BF16, TF32, 0, 0, { 0xc049 }, { 0x64880 } },
    { "FP32->TF32", FP32, TF32, 0, 0,
      { 0x3fc00001, 0x807fffff, 0x7f800000 },
      { 0x2007f, 0x7ff00, 0xff } },
    { "FP32->BF16", FP32, BF16, 0, 0,
      { 0x807fffff, 0x3f812345, 0x00400000 },
      { 0x40000, 0x87f, 0 } },
    { "FP32->FP16", FP32, FP16, 0, 0,
      { 0x3f800000, 0x47c00000, 0x48000000, 0xff800000, 0x38800000,
        0x38000000, 0xb8000000, 0x7fc00000, 0x3f801fff },
      { 0xf, 0x2001f, 0x3ff1f, 0x7ff1f, 0x1, 0, 0x40000, 0x3ff1f, 0xf } },
    { "FP16", FP16, FP16, 0, 0, { 0x3c00, 0xfc00, 0x0001, 0x8000 },
      { 0xf, 0x4001f, 0x100, 0x40000 } },
    { "FP8", FP8, FP8, CV_WH, 0, { 0x3c, 0xff, 0x80, 0x01 },
      { 0xf, 0x7001f, 0x40000, 0x10000 } },
    /*
     * Blackhole E5M2: exponent and mantissa all ones (0x7f, 0xff) become
     * FP16 0x7fff / 0xffff (ttsim); 0xfe stays 0xfe00
     */
    { "FP8 BH", FP8, FP8, CV_BH, 0, { 0x3c, 0xff, 0x7f, 0xfe, 0x01 },
      { 0xf, 0x7ff1f, 0x3ff1f, 0x6001f, 0x10000 } },
    { "FP8 E4M3", FP8, FP16, CV_E4M3 | CV_BH, 0,
      { 0x38, 0x01, 0x7f, 0x8b, 0x03, 0x80 },
      { 0xf, 0x6, 0x38017, 0x58009, 0x20007, 0x40000 } },
    { "INT8", INT8, INT8, 0, 0, { 0x85, 0x80, 0x7f, 0x00 },
      { 0x40510, 0x40000, 0x7f10, 0 } },
    { "UINT8", INT8, INT8, CV_UNSIGNED, 0, { 0x85, 0xff, 0x00 },
      { 0x8510, 0xff10, 0 } },
    { "INT16", INT16, INT16, 0, 0, { 0xabcd, 0x00ff },
      { 0x558cd, 0xff } },
    { "BFP8", BFP8, BFP8, 0, 0x80, { 0x40, 0x01, 0xc3, 0x80, 0x00, 0x7f },
      { 0x80, 0x7a, 0x43080, 0x400ff, 0, 0x3f080 } },
    { "BFP8 forced", BFP8, BF16, CV_FORCE_EXP, 0x7f, { 0x40, 0x20 },
      { 0x7f, 0x7e } },
    { "BFP4", BFP4, BFP4, 0, 0x7f, { 0x5, 0x9, 0x8, 0x7 },
      { 0x1007f, 0x4007d, 0x400ff, 0x3007f } },
    { "BFP8a", BFP8A, BFP8A, 0, 15, { 0x40, 0x10, 0x80, 0x60 },
      { 0xf, 0xd, 0x4001f, 0x2000f } },
    { "BFP2a", BFP2A, BFP2A, 0, 15, { 1, 3, 2, 0 },
      { 0xf, 0x4000f, 0x4001f, 0 } },
};

static unsigned fmt_bits(unsigned f)
{
    switch (f) {
    case FP32: case TF32: case INT32:
        return 32;
    case FP16: case BF16: case INT16:
        return 16;
    case BFP4:
        return 4;
    case BFP2A:
        return 2;
    default:
        return 8;
    }
}

/* Pack 16 datums of @bits each, little-endian bit order */
static size_t pack(const uint32_t *d, unsigned bits, uint8_t *buf)
{
    size_t n = 16 * bits / 8;

    memset(buf, 0, n);
    for (int i = 0; i < 16; i++) {
        uint64_t b = (uint64_t)i * bits;

        for (unsigned k = 0; k < bits; k++, b++) {
            buf[b / 8] |= ((d[i] >> k) & 1) << (b % 8);
        }
    }
    return n;
}

static bool is_bfp(unsigned f)
{
    return f == BFP8 || f == BFP4 || f == BFP8A || f == BFP2A;
}

/*
 * Every case twice: into SrcA row 0 from an output address at a row start
 * (16 datums at a time) and into SrcB rows 1..2 from the middle of a row
 * (datum by datum): both must give the hand-computed values.
 */
static void test_conversions(const void *data)
{
    const TTArch *a = data;

    for (size_t c = 0; c < ARRAY_SIZE(conv_cases); c++) {
        const ConvCase *cc = &conv_cases[c];
        QTestState *qts;
        g_autofree uint32_t *w = g_new0(uint32_t, TT_NUM_SRC);
        uint8_t buf[80];
        uint32_t data_addr = TILE_DATA;
        unsigned bits = fmt_bits(cc->in);
        /* OutAddr is in bytes of OutDataFormat's size */
        unsigned scale = fmt_bits(cc->out) >= 16 ? fmt_bits(cc->out) / 8 : 1;
        size_t n;

        if (((cc->flags & CV_BH) && !a->bh) ||
            ((cc->flags & CV_WH) && a->bh)) {
            continue;
        }
        qts = qtest_initf("-machine %s", a->machine);
        if (is_bfp(cc->in) && !(cc->flags & CV_FORCE_EXP)) {
            uint8_t e[16] = { cc->exp };

            l1_write(qts, TILE_DATA, e, sizeof(e));
            data_addr += 16;
        }
        n = pack(cc->d, bits, buf);
        l1_write(qts, data_addr, buf, n);
        for (int u = 0; u < 2; u++) {
            /* SrcA: OutAddr 64 (row 4 - 4 = 0); SrcB: OutAddr 24 */
            tile(qts, a, u, cc->in, cc->out, 16, 1, 16,
                 (u ? 24 : 64) * scale);
            if (cc->flags & CV_FORCE_EXP) {
                sec(qts, a, u, REG2_W1, R2W1_FORCE_EXP);
                cfg(qts, a->forced_exp0 + (u ? (a->bh ? 12 : 8) : 0),
                    cc->exp);
            }
            if (cc->flags & CV_E4M3) {
                sec(qts, a, u, REG1_W3, 1u << 22);
            }
        }
        if (cc->flags & CV_UNSIGNED) {
            cfg(qts, 1, (1u << 15) | (1u << 16));
        }
        tt_push(qts, 0, UNPACR(0));
        tt_push(qts, 0, UNPACR(1));
        for (int i = 0; i < 16; i++) {
            w[tt_src_index(0, 0, 0, i)] = cc->src[i];
            w[tt_src_index(1, 0, 1 + (8 + i) / 16, (8 + i) % 16)] =
                cc->src[i];
        }
        tt_check_src(qts, TENSIX_PATH, w, cc->what);
        qtest_quit(qts);
    }
}

/* Unpack to Dst: BF16 16-bit, FP32 32-bit (high and low halves), INT8 */
static void test_dst(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = qtest_initf("-machine %s", a->machine);
    g_autofree uint32_t *d = g_new(uint32_t, NUM_DST);
    uint16_t bf[16] = { 0xc049, 0x3f80 };
    uint32_t f32[16] = { 0x3fc00001, 0x8000ffff };
    uint8_t i8[16] = { 0x85 };

    /* BF16: OutAddr 2 * 16 + 16 * 5 (row 5 - 4 = 1), Dst16b row 1 */
    l1_write(qts, TILE_DATA, bf, sizeof(bf));
    tile(qts, a, 0, BF16, BF16, 16, 1, 16, 2 * 16 * 5);
    sec(qts, a, 0, REG2, BF16 | R2_IF_SEL);
    tt_push(qts, 0, UNPACR(0));
    get_dst(qts, d);
    g_assert_cmphex(d[1 * 16 + 0], ==, 0xc980);
    g_assert_cmphex(d[1 * 16 + 1], ==, 0x007f);
    g_assert_cmphex(d[1 * 16 + 2], ==, 0);

    /*
     * FP32 -> FP32: OutAddr (4 * 16 * 6) >> 2 = 96: Dst32b row 2, i.e.
     * DstBits rows Adj32(2) = 2 (high halves) and 10 (low halves)
     */
    l1_write(qts, TILE_DATA, f32, sizeof(f32));
    tile(qts, a, 0, FP32, FP32, 16, 1, 16, 4 * 16 * 6);
    sec(qts, a, 0, REG2, FP32 | R2_IF_SEL);
    tt_push(qts, 0, UNPACR(0));
    get_dst(qts, d);
    g_assert_cmphex(d[2 * 16 + 0], ==, 0x407f);
    g_assert_cmphex(d[10 * 16 + 0], ==, 0x0001);
    g_assert_cmphex(d[2 * 16 + 1], ==, 0x8000);
    g_assert_cmphex(d[10 * 16 + 1], ==, 0xffff);

    /*
     * A whole INT32 face (256 datums) from OutAddr 4 * 16 * 20 >> 2 = 320:
     * Dst32b rows 16..31, i.e. DstBits rows 32..39 and 48..55 (high
     * halves) and 40..47 and 56..63 (low halves)
     */
    {
        g_autofree uint32_t *face = g_new(uint32_t, 256);

        for (unsigned i = 0; i < 256; i++) {
            face[i] = 0x10000 * i + i;
        }
        l1_write(qts, TILE_DATA, face, 4 * 256);
        tile(qts, a, 0, INT32, INT32, 256, 1, 256, 4 * 16 * 20);
        sec(qts, a, 0, REG2, INT32 | R2_IF_SEL);
        tt_push(qts, 0, UNPACR(0));
        get_dst(qts, d);
        for (unsigned r = 0; r < 16; r++) {
            unsigned p = 32 + ((r & 8) << 1) + (r & 7);

            for (unsigned c = 0; c < 16; c++) {
                unsigned i = 16 * r + c;

                /* Integer "32" overlaid on the FP32 layout (WriteDstFP32) */
                g_assert_cmphex(d[p * 16 + c], ==,
                                ((i & 0x7f) << 8) | (i >> 7));
                g_assert_cmphex(d[(p + 8) * 16 + c], ==, i);
            }
        }
    }

    /* INT8 -5 into Dst16b row 20 from the middle of a row: 0x80b0 */
    l1_write(qts, TILE_DATA, i8, sizeof(i8));
    tile(qts, a, 0, INT8, INT8, 16, 1, 1, 16 * 24 + 3);
    sec(qts, a, 0, REG2, INT8 | R2_IF_SEL);
    tt_push(qts, 0, UNPACR(0));
    get_dst(qts, d);
    g_assert_cmphex(d[20 * 16 + 3], ==, 0x80b0);
    g_assert_cmphex(d[16 * 1024 + 20], ==, 1);
    qtest_quit(qts);
}

/* ---------------------------------------------------------------------- */
/* UNPACR: addressing                                                     */
/* ---------------------------------------------------------------------- */

/* BF16 datums 0x3f80 + i at L1 datum i (Src datum 0x7f | i << 11) */
static void fill_bf16(QTestState *qts, uint32_t addr, unsigned n)
{
    g_autofree uint16_t *v = g_new(uint16_t, n);

    for (unsigned i = 0; i < n; i++) {
        v[i] = 0x3f80 + (i & 0x7f);
    }
    l1_write(qts, addr, v, 2 * n);
}

#define SRC_BF16(i)             (0x7fu | (((i) & 0x7f) << 11))

/*
 * Ch0 Z/W select the face (FirstDatum = ((W * ZDim + Z) * YDim + Y) *
 * XDim + X), Ch1 Y/Z the output; the increments apply to the thread's
 * ADCs (and WhichADC's); Unpack_Src_Reg_Set_Upd advances SrcRow by 16.
 */
static void test_adc(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = qtest_initf("-machine %s", a->machine);
    g_autofree uint32_t *w = g_new(uint32_t, TT_NUM_SRC);
    uint32_t adc[NUM_ADC];

    fill_bf16(qts, TILE_DATA, 64);
    /* XDim 16, YDim 1, ZDim 4: face z is datums 16z..16z+15 */
    tile(qts, a, 0, BF16, BF16, 16, 4, 16, 2 * 64);
    /* Ch1 Ystride 2 * 16 bytes: one output row per Ch1.Y */
    cfg(qts, a->zw1[0] - 1, (2 * 16) << (a->bh ? 16 : 12));
    sec(qts, a, 0, REG2, BF16 | R2_SRC_SET_UPD);
    tt_push(qts, 0, setadc(1, 0, 2, 2));            /* Ch0.Z = 2 */
    /* Ch0ZInc 1, Ch1YInc 3: face 2 to row 0 (SrcRow 0) */
    tt_push(qts, 0, unpacr(0, INCS(3, 0, 0, 1), 0, 0, false, false, false,
                           false));
    /* face 3 to Row 3 - 0 + SrcRow 16 = row 19 */
    tt_push(qts, 0, unpacr(0, INCS(0, 2, 2, 1), 0, 0, false, false, false,
                           false));
    get_src(qts, w);
    for (int i = 0; i < 16; i++) {
        g_assert_cmphex(w[tt_src_index(0, 0, 0, i)], ==, SRC_BF16(32 + i));
        g_assert_cmphex(w[tt_src_index(0, 0, 19, i)], ==, SRC_BF16(48 + i));
    }
    tt_qom_get_u32_list(qts, TENSIX_PATH, "adc-state", adc, NUM_ADC);
    /* Thread 0, unpacker 0: Ch0 Y 2 (idx 2), Z 2 + 2 = 4 (idx 4) */
    g_assert_cmpuint(adc[2], ==, 2);
    g_assert_cmpuint(adc[4], ==, 4);
    /* Ch1 Y 3, Z 2 */
    g_assert_cmpuint(adc[8 + 2], ==, 3);
    g_assert_cmpuint(adc[8 + 4], ==, 2);
    /* Other threads untouched */
    g_assert_cmpuint(adc[48 + 4], ==, 0);

    /* MultiContextMode, ContextADC 2: ADCs[2] incremented too */
    tt_push(qts, 0, unpacr(0, INCS(0, 0, 1, 0), 0, 2, true, false, true,
                           false));
    tt_qom_get_u32_list(qts, TENSIX_PATH, "adc-state", adc, NUM_ADC);
    g_assert_cmpuint(adc[2], ==, 3);
    g_assert_cmpuint(adc[96 + 2], ==, 1);
    g_assert_cmpuint(adc[48 + 2], ==, 0);
    qtest_quit(qts);
}

/*
 * Contexts: MultiContextMode selects Base_cntx / Offset_cntx,
 * Tile_x_dim_cntx, Dest_cntx and the override formats; UseContextCounter
 * walks the counter through 2^Context_count contexts; CfgContextOffset
 * is added; IncrementContextCounter; FlushCache does nothing.
 */
static void test_context(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = qtest_initf("-machine %s", a->machine);
    g_autofree uint32_t *w = g_new(uint32_t, TT_NUM_SRC);

    fill_bf16(qts, TILE_DATA, 64);
    tile(qts, a, 0, FP16, FP16, 0, 1, 16, 0);
    /* Context 1: base TILE_BASE + 2 (32 bytes = 16 datums further) */
    sec(qts, a, 0, BASE + 1, TILE_BASE);
    sec(qts, a, 0, OFFSET + 1, 2);
    /* Dest_cntx0 = 64 (row 0), Dest_cntx1 = 64 + 16 * 5 (row 5) */
    sec(qts, a, 0, DEST_CNTX, 64 | ((64 + 80) << 16));
    sec(qts, a, 0, XDIM_CNTX, 16 | (16 << 16));
    /* Ovrd_data_format: contexts 0 and 1 read BF16 */
    sec(qts, a, 0, REG2, FP16 | (1u << 14) | R2_CTX_COUNT(1));
    sec(qts, a, 0, OFFSET, (BF16 << 16) | (BF16 << 20));
    sec(qts, a, 0, OFFSET + 1, 2 | (BF16 << 16) | (BF16 << 20));
    sec(qts, a, 0, REG2_W1, R2W1_UNCOMPRESSED(0) | R2W1_UNCOMPRESSED(1));
    /* Counter 0 -> context 0 (row 0), counter 1 -> context 1 (row 5) */
    tt_push(qts, 0, unpacr(0, 0, 0, 0, true, false, false, true));
    tt_push(qts, 0, unpacr(0, 0, 0, 0, true, false, false, true));
    get_src(qts, w);
    for (int i = 0; i < 16; i++) {
        g_assert_cmphex(w[tt_src_index(0, 0, 0, i)], ==, SRC_BF16(i));
        g_assert_cmphex(w[tt_src_index(0, 0, 5, i)], ==, SRC_BF16(16 + i));
    }
    /*
     * The counter wrapped to 0 (2^1 contexts).  IncrementContextCounter
     * makes it 1; FlushCache changes nothing; the next UNPACR uses
     * context 1 again, with AllDatumsAreZero: row 5 becomes 0.
     */
    tt_push(qts, 0, (OP_UNPACR << 24) | (1u << 13));
    tt_push(qts, 0, (OP_UNPACR << 24) | (1u << 7) | (1u << 1));
    tt_push(qts, 0, unpacr(0, 0, 0, 0, true, false, true, true));
    get_src(qts, w);
    g_assert_cmphex(w[tt_src_index(0, 0, 5, 3)], ==, 0);
    g_assert_cmphex(w[tt_src_index(0, 0, 0, 3)], ==, SRC_BF16(3));
    /* ContextNumber 0 + CfgContextOffset 1 = context 1: row 5 again */
    setc16(qts, a->misc, 1);
    tt_push(qts, 0, unpacr(0, 0, 0, 0, true, false, false, false));
    get_src(qts, w);
    g_assert_cmphex(w[tt_src_index(0, 0, 5, 3)], ==, SRC_BF16(19));
    qtest_quit(qts);
}

/* FlipSrc hands the bank over; the next UNPACR waits for its bank */
static void test_flip(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = qtest_initf("-machine %s", a->machine);
    g_autofree uint32_t *w = g_new(uint32_t, TT_NUM_SRC);

    fill_bf16(qts, TILE_DATA, 32);
    tile(qts, a, 1, BF16, BF16, 16, 1, 16, 0);
    /* SrcB bank 0, row 0, then the bank goes to the Matrix Unit */
    tt_push(qts, 0, unpacr(1, 0, 0, 0, false, true, false, false));
    /* bank 1, row 0; FlipSrc: both banks are the Matrix Unit's */
    tt_push(qts, 0, unpacr(1, 0, 0, 0, false, true, false, false));
    /* Waits: SrcB bank 0 is not the unpackers' */
    tt_push(qts, 0, unpacr(1, 0, 0, 0, false, false, true, false));
    g_assert_cmphex(qtest_readl(qts, TT_INSTRN_BUF_STATUS) & 0x10, ==, 0);
    tt_qom_get_u32_list(qts, TENSIX_PATH, "x-src-state", w, TT_NUM_SRC);
    g_assert_cmphex(w[tt_src_index(1, 0, 0, 2)], ==, SRC_BF16(2));
    g_assert_cmphex(w[tt_src_index(1, 1, 0, 2)], ==, SRC_BF16(2));
    /* CLEARDVALID FlipSrcB gives bank 0 back: the zeroes land there */
    tt_push(qts, 1, (OP_CLEARDVALID << 24) | (2u << 22));
    get_src(qts, w);
    g_assert_cmphex(w[tt_src_index(1, 0, 0, 2)], ==, 0);
    g_assert_cmphex(w[tt_src_index(1, 1, 0, 2)], ==, SRC_BF16(2));
    qtest_quit(qts);
}

/*
 * Column shift (Shift_amount_cntx0), transpose (Haloize_mode),
 * upsampling with zeroes and with interleave, tilize (RowStride), the
 * circular buffer wrap (Unpack_limit_address / Unpack_fifo_size) and a
 * compressed row.  SRCA_SET_SetOvrdWithAddr: Row = OutAddr / 16 - 4.
 */
static void test_layout(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = qtest_initf("-machine %s", a->machine);
    g_autofree uint32_t *w = g_new(uint32_t, TT_NUM_SRC);
    uint16_t v[16];
    uint8_t comp[16 + 64 + 16] = { 0 };

    fill_bf16(qts, TILE_DATA, 128);
    setc16(qts, a->srca_set, 4);

    /* ColShift 3: column c of the output lands in c - 3; 0..2 dropped */
    tile(qts, a, 0, BF16, BF16, 16, 1, 16, 2 * 64);
    sec(qts, a, 0, REG2, BF16 | R2_SHIFT(0, 3));
    tt_push(qts, 0, UNPACR(0));
    get_src(qts, w);
    g_assert_cmphex(w[tt_src_index(0, 0, 0, 0)], ==, SRC_BF16(3));
    g_assert_cmphex(w[tt_src_index(0, 0, 0, 12)], ==, SRC_BF16(15));
    g_assert_cmphex(w[tt_src_index(0, 0, 0, 13)], ==, 0);

    /* Transpose: datum 16 r + c to row 16 + c, column r */
    tile(qts, a, 0, BF16, BF16, 32, 1, 32, 2 * (64 + 256));
    sec(qts, a, 0, REG2, BF16 | R2_HALOIZE);
    tt_push(qts, 0, UNPACR(0));
    get_src(qts, w);
    for (int i = 0; i < 32; i++) {
        g_assert_cmphex(w[tt_src_index(0, 0, 16 + i % 16, i / 16)], ==,
                        SRC_BF16(i));
    }
    g_assert_cmphex(w[tt_src_index(0, 0, 16, 2)], ==, 0);

    /* Row 33: datums 0..15, then interleave (rate 1) of datums 16..23 */
    tile(qts, a, 0, BF16, BF16, 64, 1, 16, 2 * 16 * 37);
    sec(qts, a, 0, REG2, BF16);
    tt_push(qts, 0, UNPACR(0));
    sec(qts, a, 0, REG2, BF16 | R2_UPSAMPLE(1) | R2_INTERLEAVE);
    tt_push(qts, 0, setadc(1, 0, 0, 16));
    tt_push(qts, 0, setadc(1, 1, 0, 23));
    tt_push(qts, 0, UNPACR(0));
    get_src(qts, w);
    for (int i = 0; i < 16; i++) {
        g_assert_cmphex(w[tt_src_index(0, 0, 33, i)], ==,
                        i & 1 ? SRC_BF16(i) : SRC_BF16(16 + i / 2));
    }
    /* Rate 2 with zeroes: UpsampleZeroes = 3, datums 32..35 */
    sec(qts, a, 0, REG2, BF16 | R2_UPSAMPLE(2));
    tt_push(qts, 0, setadc(1, 0, 0, 32));
    tt_push(qts, 0, setadc(1, 1, 0, 35));
    tt_push(qts, 0, UNPACR(0));
    get_src(qts, w);
    for (int i = 0; i < 16; i++) {
        g_assert_cmphex(w[tt_src_index(0, 0, 33, i)], ==,
                        i & 3 ? 0 : SRC_BF16(32 + i / 4));
    }

    /*
     * Tilize, RowStride 4 << 4 = 64 bytes: datums 0..15 and 32..47.
     * Blackhole reads rows of 32 16-bit datums (ttsim's unpack row
     * width): datums 0..31, RowStride not reached.
     */
    tile(qts, a, 0, BF16, BF16, 64, 1, 32, 2 * 16 * 44);
    tt_push(qts, 0, setadc(1, 0, 0, 0));
    sec(qts, a, 0, REG2, BF16 | R2_TILEIZE | R2_SHIFT(0, 4));
    tt_push(qts, 0, UNPACR(0));
    get_src(qts, w);
    for (int i = 0; i < 16; i++) {
        g_assert_cmphex(w[tt_src_index(0, 0, 40, i)], ==, SRC_BF16(i));
        g_assert_cmphex(w[tt_src_index(0, 0, 41, i)], ==,
                        SRC_BF16((a->bh ? 16 : 32) + i));
    }
    if (a->bh) {
        /* 64 datums, RowStride 128 bytes (8 << 4): 0..31, then 64..95 */
        fill_bf16(qts, TILE_DATA, 128);
        tile(qts, a, 0, BF16, BF16, 128, 1, 64, 2 * 16 * 44);
        tt_push(qts, 0, setadc(1, 0, 0, 0));
        sec(qts, a, 0, REG2, BF16 | R2_TILEIZE | R2_SHIFT(0, 8));
        tt_push(qts, 0, UNPACR(0));
        get_src(qts, w);
        for (int i = 0; i < 16; i++) {
            g_assert_cmphex(w[tt_src_index(0, 0, 41, i)], ==,
                            SRC_BF16(16 + i));
            g_assert_cmphex(w[tt_src_index(0, 0, 42, i)], ==,
                            SRC_BF16(64 + i));
            g_assert_cmphex(w[tt_src_index(0, 0, 43, i)], ==,
                            SRC_BF16(80 + i));
        }
    }

    /*
     * Wrap: limit 0x1001 (byte 0x10010), FIFO 0x10: the second row
     * (0x10030 > 0x10010) is read from 0x10030 - 0x100 = 0xff30.
     * Blackhole's rows are 32 datums: no wrap point inside them, the
     * datums 16..31 come from 0x10030 on.
     */
    for (int i = 0; i < 16; i++) {
        v[i] = 0x4000 + i;
    }
    l1_write(qts, 0xff30, v, sizeof(v));
    tile(qts, a, 0, BF16, BF16, 64, 1, 32, 2 * 16 * 52);
    sec(qts, a, 0, REG2, BF16);
    sec(qts, a, 0, LIMIT, TILE_BASE + 1);
    sec(qts, a, 0, FIFO, 0x10);
    tt_push(qts, 0, UNPACR(0));
    get_src(qts, w);
    for (int i = 0; i < 16; i++) {
        g_assert_cmphex(w[tt_src_index(0, 0, 48, i)], ==, SRC_BF16(i));
        g_assert_cmphex(w[tt_src_index(0, 0, 49, i)], ==,
                        a->bh ? SRC_BF16(16 + i) : 0x80 | i << 11);
    }
    if (a->bh) {
        /* 64 datums: the second 32-datum row wraps from 0x10050 to 0xff50 */
        l1_write(qts, 0xff50, v, sizeof(v));
        tile(qts, a, 0, BF16, BF16, 64, 1, 64, 2 * 16 * 52);
        sec(qts, a, 0, LIMIT, TILE_BASE + 1);
        sec(qts, a, 0, FIFO, 0x10);
        tt_push(qts, 0, UNPACR(0));
        get_src(qts, w);
        for (int i = 0; i < 16; i++) {
            g_assert_cmphex(w[tt_src_index(0, 0, 50, i)], ==, 0x80 | i << 11);
        }
    }
    sec(qts, a, 0, LIMIT, 0);
    sec(qts, a, 0, FIFO, 0);

    /*
     * Compressed (IsUncompressed 0), YDim 1: row start indices {0, 3} in
     * 16 bytes, then 32 datums and 32 deltas; datums 0x4000..0x4002 with
     * 2, 0 and 1 zeroes after them.  Row 50 held datums 0..15.
     */
    tile(qts, a, 0, BF16, BF16, 16, 1, 16, 2 * 16 * 54);
    tt_push(qts, 0, UNPACR(0));
    comp[2] = 3;
    for (int i = 0; i < 3; i++) {
        comp[16 + 2 * i] = i;
        comp[16 + 2 * i + 1] = 0x40;
    }
    comp[16 + 64] = 0x02;
    comp[16 + 64 + 1] = 0x01;
    l1_write(qts, TILE_DATA, comp, sizeof(comp));
    sec(qts, a, 0, TD0, BF16 | (16u << 16));
    tt_push(qts, 0, UNPACR(0));
    get_src(qts, w);
    g_assert_cmphex(w[tt_src_index(0, 0, 50, 0)], ==, 0x80);
    g_assert_cmphex(w[tt_src_index(0, 0, 50, 1)], ==, 0);
    g_assert_cmphex(w[tt_src_index(0, 0, 50, 2)], ==, 0);
    g_assert_cmphex(w[tt_src_index(0, 0, 50, 3)], ==, 0x880);
    g_assert_cmphex(w[tt_src_index(0, 0, 50, 4)], ==, 0x1080);
    g_assert_cmphex(w[tt_src_index(0, 0, 50, 5)], ==, 0);
    g_assert_cmphex(w[tt_src_index(0, 0, 50, 6)], ==, SRC_BF16(6));

    /*
     * SetOvrdWithAddr and an output row of 70 - 4 = 66: undefined on
     * Wormhole (the write is dropped), SrcA row 66 & 63 = 2 on Blackhole
     * (ttsim)
     */
    {
        uint32_t before[16];

        for (int i = 0; i < 16; i++) {
            before[i] = w[tt_src_index(0, 0, 2, i)];
        }
        fill_bf16(qts, TILE_DATA, 16);
        tile(qts, a, 0, BF16, BF16, 16, 1, 16, 2 * 16 * 70);
        sec(qts, a, 0, REG2, BF16);
        tt_push(qts, 0, UNPACR(0));
        get_src(qts, w);
        for (int i = 0; i < 16; i++) {
            g_assert_cmphex(w[tt_src_index(0, 0, 2, i)], ==,
                            a->bh ? SRC_BF16(i) : before[i]);
        }
    }
    qtest_quit(qts);
}

/* ---------------------------------------------------------------------- */
/* UNPACR: RowSearch and DecompressDrop                                   */
/* ---------------------------------------------------------------------- */

/* A second tile, compressed: Base_address in 16-byte units */
#define TILE2_BASE              0x1100u
#define TILE2_DATA              ((TILE2_BASE + 1) * 16)

/* Thread 0's unpacker 0 Channel[0] X and Y */
static void ch0_xy(QTestState *qts, uint32_t x, uint32_t y)
{
    tt_push(qts, 0, setadc(1, 0, 0, x));
    tt_push(qts, 0, setadc(1, 0, 1, y));
}

/* SrcA bank 0 row @r, columns 0..15, is @want */
static void check_row(QTestState *qts, int r, const uint32_t *want,
                      const char *what)
{
    g_autofree uint32_t *w = g_new(uint32_t, TT_NUM_SRC);

    get_src(qts, w);
    for (int c = 0; c < 16; c++) {
        if (w[tt_src_index(0, 0, r, c)] != want[c]) {
            g_test_message("%s: SrcA row %d column %d = 0x%x, expected "
                           "0x%x", what, r, c, w[tt_src_index(0, 0, r, c)],
                           want[c]);
        }
        g_assert_cmphex(w[tt_src_index(0, 0, r, c)], ==, want[c]);
    }
}

/*
 * The compressed tile at TILE2_BASE (UNPACR_Regular.md's layout): the
 * row start indices {0, 2, 30, 34} (16 bytes), then 64 datums in groups
 * of 32 BF16 datums (64 bytes) followed by their 32 4-bit deltas (16
 * bytes, low nibble first); datum k is 0x3f80 + k (SRC_BF16(k)); the
 * deltas (zeroes after the datum) are 1 after datums 2 and 31, 2 after
 * datums 4 and 32, else 0.
 */
static void compressed_tile(QTestState *qts)
{
    uint8_t b[16 + 2 * (64 + 16)] = { 0 };
    static const uint16_t rs[4] = { 0, 2, 30, 34 };

    for (int i = 0; i < 4; i++) {
        b[2 * i] = rs[i];
    }
    for (int k = 0; k < 64; k++) {
        unsigned g = 16 + (k / 32) * 80 + 2 * (k % 32);

        b[g] = 0x80 + k;
        b[g + 1] = 0x3f;
    }
    b[16 + 64 + 1] = 0x01;              /* nibble 2 */
    b[16 + 64 + 2] = 0x02;              /* nibble 4 */
    b[16 + 64 + 15] = 0x10;             /* nibble 31 (high) */
    b[16 + 80 + 64] = 0x02;             /* nibble 32 (low) */
    l1_write(qts, TILE2_DATA, b, sizeof(b));
}

/*
 * RowSearch (UNPACR_Regular.md).  Uncompressed without BlobsPerXYPlane:
 * XPos 0, YPos Ch0.Y, XEnd Ch1.X (no + 1).  With BlobsPerXYPlane 3 and
 * BlobsYStart {0, 1, 3, 0, ...}: XPos = BlobsYStart[Ch0.Y & 7] << 4, XEnd
 * = BlobsYStart[(Ch0.X & 7) + 1] << 4, or XDim & 0x1f0 at the last blob;
 * in MultiContextMode unpacker 0 takes BlobsYStart from
 * UNP0_BLOBS_Y_START_CNTX[WhichContext & 2].  Compressed: YDim becomes
 * BlobsPerXYPlane; FirstDatum = RowStart[Ch0.Y], InputNumDatums =
 * RowStart[Ch0.X + 1] - FirstDatum.  Without RowSearch, a compressed row
 * read from the middle drops Ch0.X expanded datums and writes Ch1.X + 1 -
 * Ch0.X of them (DecompressDrop, DecompressNumDatums), across groups.
 * SrcA rows: OutAddr / 16 - 4 (SrcRow 0).
 */
static void test_row_search(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = qtest_initf("-machine %s", a->machine);
    uint32_t want[16];

    fill_bf16(qts, TILE_DATA, 64);
    compressed_tile(qts);

    /* Uncompressed, no blobs: XDim 16, YDim 4, Ch0.Y 2: datums 32..36 */
    tile(qts, a, 0, BF16, BF16, 16, 1, 6, 2 * 16 * 4);
    sec(qts, a, 0, TD1, 4);
    ch0_xy(qts, 7, 2);
    tt_push(qts, 0, UNPACR(0) | ROW_SEARCH);
    for (int c = 0; c < 16; c++) {
        want[c] = c < 5 ? SRC_BF16(32 + c) : 0;
    }
    check_row(qts, 0, want, "RowSearch, no blobs");
    /* The same without RowSearch: XPos 7 > XEnd 6, nothing moves */
    tt_push(qts, 0, UNPACR(0));
    check_row(qts, 0, want, "XEnd below XPos");

    /*
     * Blobs: XDim 64, YDim 1, BlobsPerXYPlane 3, BlobsYStart nibbles
     * {0, 1, 3}.  Ch0.Y 1, Ch0.X 1: XPos 16, XEnd BlobsYStart[2] << 4 = 48:
     * datums 16..47 into rows 1 and 2
     */
    tile(qts, a, 0, BF16, BF16, 64, 1, 16, 2 * 16 * 5);
    sec(qts, a, 0, TD0, BF16 | (1u << 4) | (3u << 8) | (64u << 16));
    sec(qts, a, 0, TD2, 0x0310u << 16);
    ch0_xy(qts, 1, 1);
    tt_push(qts, 0, UNPACR(0) | ROW_SEARCH);
    for (int c = 0; c < 16; c++) {
        want[c] = SRC_BF16(16 + c);
    }
    check_row(qts, 1, want, "blob 1, row 1");
    for (int c = 0; c < 16; c++) {
        want[c] = SRC_BF16(32 + c);
    }
    check_row(qts, 2, want, "blob 1, row 2");
    /* Ch0.Y 10 (& 7 = 2), Ch0.X 10 ((& 7) + 1 = 3, the last): 48..63 */
    tile(qts, a, 0, BF16, BF16, 64, 1, 16, 2 * 16 * 7);
    sec(qts, a, 0, TD0, BF16 | (1u << 4) | (3u << 8) | (64u << 16));
    ch0_xy(qts, 10, 10);
    tt_push(qts, 0, UNPACR(0) | ROW_SEARCH);
    for (int c = 0; c < 16; c++) {
        want[c] = SRC_BF16(48 + c);
    }
    check_row(qts, 3, want, "last blob");

    /*
     * MultiContextMode, context 2 (ContextNumber 2): BlobsYStart from
     * _CNTX_23 = {1, 2}, not _CNTX_01 = {3, 3}; Ch0 X 0, Y 0: datums
     * 16..31; Tile_x_dim_cntx[2] 64, Base_cntx[2], Dest_cntx[2] = 128
     * (row 4), Disable_zero_compress_cntx[2]
     */
    cfg(qts, a->blobs01, 0x33);
    cfg(qts, a->blobs01 + 1, 0x21);
    sec(qts, a, 0, XDIM_CNTX + 1, 64);
    sec(qts, a, 0, BASE + 2, TILE_BASE);
    sec(qts, a, 0, DEST_CNTX + 1, 128);
    sec(qts, a, 0, REG2_W1, R2W1_UNCOMPRESSED(2));
    ch0_xy(qts, 0, 0);
    tt_push(qts, 0, unpacr(0, 0, 2, 0, true, false, false, false) |
            ROW_SEARCH);
    for (int c = 0; c < 16; c++) {
        want[c] = SRC_BF16(16 + c);
    }
    check_row(qts, 4, want, "BlobsYStart of context 2");
    sec(qts, a, 0, REG2_W1, 0);

    /* Rows 5..8 hold datums 0..63 before the compressed reads */
    tile(qts, a, 0, BF16, BF16, 64, 1, 64, 2 * 16 * 9);
    sec(qts, a, 0, TD2, 0);
    tt_push(qts, 0, UNPACR(0));

    /*
     * Compressed, blobs 3 (row start section (3 + 1) * 2 -> 16 bytes),
     * RowSearch, Ch0.Y 2, Ch0.X 2: FirstDatum 30, 34 - 30 = 4 datums,
     * across the group boundary: d30, d31, 0, d32, 0, 0, d33
     */
    sec(qts, a, 0, TD0, BF16 | (3u << 8) | (64u << 16));
    sec(qts, a, 0, BASE, TILE2_BASE);
    ch0_xy(qts, 2, 2);
    tt_push(qts, 0, UNPACR(0) | ROW_SEARCH);
    for (int c = 0; c < 16; c++) {
        want[c] = SRC_BF16(c);
    }
    want[0] = SRC_BF16(30);
    want[1] = SRC_BF16(31);
    want[2] = 0;
    want[3] = SRC_BF16(32);
    want[4] = 0;
    want[5] = 0;
    want[6] = SRC_BF16(33);
    check_row(qts, 5, want, "compressed RowSearch");
    /* Ch0.Y 0, Ch0.X 0: RowStart[0] .. RowStart[1]: d0, d1 into row 6 */
    cfg(qts, a->base1[0], (2 * 16 * 10) << a->base1_shift);
    ch0_xy(qts, 0, 0);
    tt_push(qts, 0, UNPACR(0) | ROW_SEARCH);
    for (int c = 0; c < 16; c++) {
        want[c] = c < 2 ? SRC_BF16(c) : SRC_BF16(16 + c);
    }
    check_row(qts, 6, want, "compressed RowSearch, row 0");

    /*
     * DecompressDrop: no blobs, YDim 3, Ch0.Y 0 (FirstDatum 0), Ch0.X 3,
     * Ch1.X 9: the expanded stream d0 d1 d2 0 d3 d4 0 0 d5 d6 ... loses 3
     * and gives 7: 0 d3 d4 0 0 d5 d6 (row 7)
     */
    sec(qts, a, 0, TD0, BF16 | (64u << 16));
    sec(qts, a, 0, TD1, 3);
    cfg(qts, a->base1[0], (2 * 16 * 11) << a->base1_shift);
    ch0_xy(qts, 3, 0);
    tt_push(qts, 0, setadc(1, 1, 0, 9));
    tt_push(qts, 0, UNPACR(0));
    for (int c = 0; c < 16; c++) {
        want[c] = SRC_BF16(32 + c);
    }
    want[0] = 0;
    want[1] = SRC_BF16(3);
    want[2] = SRC_BF16(4);
    want[3] = 0;
    want[4] = 0;
    want[5] = SRC_BF16(5);
    want[6] = SRC_BF16(6);
    check_row(qts, 7, want, "DecompressDrop");
    /*
     * Ch0.Y 2 (FirstDatum 30, the middle of group 0), Ch0.X 1, Ch1.X 4:
     * d30 d31 0 d32 0 ... loses 1, gives 4: d31 0 d32 0 (row 8)
     */
    cfg(qts, a->base1[0], (2 * 16 * 12) << a->base1_shift);
    ch0_xy(qts, 1, 2);
    tt_push(qts, 0, setadc(1, 1, 0, 4));
    tt_push(qts, 0, UNPACR(0));
    for (int c = 0; c < 16; c++) {
        want[c] = SRC_BF16(48 + c);
    }
    want[0] = SRC_BF16(31);
    want[1] = 0;
    want[2] = SRC_BF16(32);
    want[3] = 0;
    check_row(qts, 8, want, "DecompressDrop across groups");
    qtest_quit(qts);
}

/* ---------------------------------------------------------------------- */
/* UNPACR: context counters                                               */
/* ---------------------------------------------------------------------- */

/*
 * Unpacker 0 in MultiContextMode with 2^2 contexts, all reading the BF16
 * datums 0..15 at TILE_BASE, context c writing SrcA row c (Dest_cntx[c] =
 * 64 + 16c); unpacker 1 with 2^1 contexts, context 1 reading datums
 * 16..31 into SrcB row 0.
 */
static void ctx_setup(QTestState *qts, const TTArch *a)
{
    fill_bf16(qts, TILE_DATA, 32);
    tile(qts, a, 0, BF16, BF16, 0, 1, 16, 0);
    sec(qts, a, 0, REG2, BF16 | R2_CTX_COUNT(2));
    sec(qts, a, 0, REG2_W1, 0xf);       /* contexts 0..3 uncompressed */
    sec(qts, a, 0, XDIM_CNTX, 16 | (16u << 16));
    sec(qts, a, 0, XDIM_CNTX + 1, 16 | (16u << 16));
    sec(qts, a, 0, DEST_CNTX, 64 | (80u << 16));
    sec(qts, a, 0, DEST_CNTX + 1, 96 | (112u << 16));
    for (int c = 1; c < 4; c++) {
        sec(qts, a, 0, BASE + c, TILE_BASE);
    }
    tile(qts, a, 1, BF16, BF16, 16, 1, 16, 0);
    sec(qts, a, 1, REG2, BF16 | R2_CTX_COUNT(1));
    sec(qts, a, 1, REG2_W1, 0x3);
    sec(qts, a, 1, BASE + 1, TILE_BASE + 2);
}

/* MultiContextMode, UseContextCounter; ContextADC 0 */
#define UNPACR_CNT(u, zero)     unpacr((u), 0, 0, 0, true, false, (zero), \
                                       true)

/*
 * BackendConfiguration.md: writing 1 to ThreadConfig[t]
 * .UNPACK_MISC_CFG_CfgContextCntReset_0/1 (bits 4 and 12) resets
 * Unpackers[0/1].ContextCounter[t] only.  The counters migrate
 * ("tt-tensix/unpack").
 */
static void test_ctx_counter(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = qtest_initf("-machine %s", a->machine);
    g_autofree uint32_t *w = g_new(uint32_t, TT_NUM_SRC);

    ctx_setup(qts, a);
    /* T0: unpacker 0 counter 2, unpacker 1 counter 1; T1: unpacker 0 1 */
    tt_push(qts, 0, UNPACR_INC_CTX(0));
    tt_push(qts, 0, UNPACR_INC_CTX(0));
    tt_push(qts, 0, UNPACR_INC_CTX(1));
    tt_push(qts, 1, UNPACR_INC_CTX(0));
    /* CfgContextCntReset_1: T0's unpacker 1 counter only */
    setc16(qts, a->misc, 1u << 12);
    tt_push(qts, 0, UNPACR_CNT(0, false));         /* context 2: row 2 */
    tt_push(qts, 0, UNPACR_CNT(1, false));         /* context 0: 0..15 */
    get_src(qts, w);
    for (int i = 0; i < 16; i++) {
        g_assert_cmphex(w[tt_src_index(0, 0, 2, i)], ==, SRC_BF16(i));
        g_assert_cmphex(w[tt_src_index(0, 0, 0, i)], ==, 0);
        g_assert_cmphex(w[tt_src_index(1, 0, 0, i)], ==, SRC_BF16(i));
    }
    /* T0's unpacker 0 counter is 3; CfgContextCntReset_0 makes it 0 */
    setc16(qts, a->misc, 1u << 4);
    tt_push(qts, 0, UNPACR_CNT(0, false));         /* context 0: row 0 */
    /* T1's counter was not reset: context 1, row 1 */
    tt_push(qts, 1, UNPACR_CNT(0, false));
    get_src(qts, w);
    for (int i = 0; i < 16; i++) {
        g_assert_cmphex(w[tt_src_index(0, 0, 0, i)], ==, SRC_BF16(i));
        g_assert_cmphex(w[tt_src_index(0, 0, 1, i)], ==, SRC_BF16(i));
        g_assert_cmphex(w[tt_src_index(0, 0, 3, i)], ==, 0);
    }

    /* T2: counter 3; T0 is at 1, T1 at 2; all survive migration */
    tt_push(qts, 2, UNPACR_INC_CTX(0));
    tt_push(qts, 2, UNPACR_INC_CTX(0));
    tt_push(qts, 2, UNPACR_INC_CTX(0));
    tt_assert_all_idle(qts);
    qts = tt_migrate_via_file(qts, a->machine);
    tt_push(qts, 2, UNPACR_CNT(0, false));         /* context 3: row 3 */
    tt_push(qts, 0, UNPACR_CNT(0, true));          /* context 1: zeros */
    tt_push(qts, 1, UNPACR_CNT(0, true));          /* context 2: zeros */
    get_src(qts, w);
    for (int i = 0; i < 16; i++) {
        g_assert_cmphex(w[tt_src_index(0, 0, 3, i)], ==, SRC_BF16(i));
        g_assert_cmphex(w[tt_src_index(0, 0, 1, i)], ==, 0);
        g_assert_cmphex(w[tt_src_index(0, 0, 2, i)], ==, 0);
        g_assert_cmphex(w[tt_src_index(0, 0, 0, i)], ==, SRC_BF16(i));
    }
    qtest_quit(qts);
}

/* ---------------------------------------------------------------------- */
/* Blackhole: Dst address remapping                                       */
/* ---------------------------------------------------------------------- */

#define BH_CFG_DEST_ACCESS      220     /* DEST_ACCESS_CFG (Blackhole) */
#define DEST_REMAP_ADDRS        2u      /* remap_addrs, bit 1 */
#define DEST_SWIZZLE_32B        1u      /* swizzle_32b, bit 0 */

/*
 * BlackholeA0 Dst.md: Adj16(r) with remap_addrs is (r & 0x3c7) ^ ((r &
 * 0x030) >> 1) ^ ((r & 0x008) << 2); Adj32 applies it, then with
 * swizzle_32b (r & 0x3f3) ^ ((r & 0x018) >> 1) ^ ((r & 0x004) << 1), then
 * ((r & 0x1f8) << 1) | (r & 0x207).  Unpacks to Dst go through them.
 */
static void test_dst_remap(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = qtest_initf("-machine %s", a->machine);
    g_autofree uint32_t *d = g_new(uint32_t, NUM_DST);
    uint16_t bf[16] = { 0xc049, 0x3f80 };
    uint32_t f32[16] = { 0x3fc00001, 0x8000ffff };
    uint8_t i8[16] = { 0x85 };

    cfg(qts, BH_CFG_DEST_ACCESS, DEST_REMAP_ADDRS);

    /* BF16 into Dst16b row 8 (OutAddr 16 * 12): Adj16(8) = 32 */
    l1_write(qts, TILE_DATA, bf, sizeof(bf));
    tile(qts, a, 0, BF16, BF16, 16, 1, 16, 2 * 16 * 12);
    sec(qts, a, 0, REG2, BF16 | R2_IF_SEL);
    tt_push(qts, 0, UNPACR(0));
    get_dst(qts, d);
    g_assert_cmphex(d[32 * 16 + 0], ==, 0xc980);
    g_assert_cmphex(d[32 * 16 + 1], ==, 0x007f);
    g_assert_cmphex(d[8 * 16 + 0], ==, 0);

    /*
     * FP32 into Dst32b row 8: Adj16(8) = 32, then (32 & 0x1f8) << 1 = 64:
     * high halves in DstBits row 64, low halves in row 72
     */
    l1_write(qts, TILE_DATA, f32, sizeof(f32));
    tile(qts, a, 0, FP32, FP32, 16, 1, 16, 4 * 16 * 12);
    sec(qts, a, 0, REG2, FP32 | R2_IF_SEL);
    tt_push(qts, 0, UNPACR(0));
    get_dst(qts, d);
    g_assert_cmphex(d[64 * 16 + 0], ==, 0x407f);
    g_assert_cmphex(d[72 * 16 + 0], ==, 0x0001);
    g_assert_cmphex(d[64 * 16 + 1], ==, 0x8000);
    g_assert_cmphex(d[72 * 16 + 1], ==, 0xffff);
    g_assert_cmphex(d[16 * 16 + 0], ==, 0);

    /*
     * With swizzle_32b too, Dst32b row 4: Adj16(4) = 4, swizzled to 8,
     * then (8 & 0x1f8) << 1 = 16: DstBits rows 16 and 24
     */
    cfg(qts, BH_CFG_DEST_ACCESS, DEST_REMAP_ADDRS | DEST_SWIZZLE_32B);
    tile(qts, a, 0, FP32, FP32, 16, 1, 16, 4 * 16 * 8);
    sec(qts, a, 0, REG2, FP32 | R2_IF_SEL);
    tt_push(qts, 0, UNPACR(0));
    get_dst(qts, d);
    g_assert_cmphex(d[16 * 16 + 0], ==, 0x407f);
    g_assert_cmphex(d[24 * 16 + 0], ==, 0x0001);
    g_assert_cmphex(d[4 * 16 + 0], ==, 0);

    /*
     * Datum by datum: INT8 -5 into Dst16b row 40, column 3 (OutAddr
     * 16 * 44 + 3): Adj16(40) = (0x20 >> 1) ^ (0x08 << 2) = 48
     */
    l1_write(qts, TILE_DATA, i8, sizeof(i8));
    tile(qts, a, 0, INT8, INT8, 16, 1, 1, 16 * 44 + 3);
    sec(qts, a, 0, REG2, INT8 | R2_IF_SEL);
    tt_push(qts, 0, UNPACR(0));
    get_dst(qts, d);
    g_assert_cmphex(d[48 * 16 + 3], ==, 0x80b0);
    g_assert_cmphex(d[16 * 1024 + 48], ==, 1);
    g_assert_cmphex(d[40 * 16 + 3], ==, 0);
    qtest_quit(qts);
}

static void add(const TTArch *a)
{
    static const TTTestCase tests[] = {
        { "clear", test_clear },
        { "handover", test_handover },
        { "conversions", test_conversions },
        { "dst", test_dst },
        { "adc", test_adc },
        { "context", test_context },
        { "flip", test_flip },
        { "layout", test_layout },
        { "row-search", test_row_search },
        { "ctx-counter", test_ctx_counter },
    };

    tt_add_tests("tensix/unpack", a->name, a, tests, ARRAY_SIZE(tests));
    if (a->bh) {
        tt_add_test("tensix/unpack", a->name, "dst-remap", a,
                    test_dst_remap);
    }
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    add(&tt_blackhole);
    add(&tt_wormhole);
    return g_test_run();
}
