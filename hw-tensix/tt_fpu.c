/*
 * Tensix Matrix Unit (FPU): the element-wise instructions ELWADD, ELWSUB
 * and ELWMUL; MVMUL, DOTPV, GAPOOL (Dst += SrcB @ SrcA) and GMPOOL
 * (MVMUL.md, DOTPV.md, GAPOOL.md, GMPOOL.md; docs/decisions.md "Matrix
 * unit: MVMUL, DOTPV, GAPOOL, GMPOOL"); the legacy MFCONV3S1, CONV3S1,
 * CONV3S2, APOOL3S1, APOOL3S2 (Dst += 0), MPOOL3S1 and MPOOL3S2 (GMPOOL
 * of a zero SrcA) (MatrixUnit.md "Legacy instructions").
 *
 * tt-isa-documentation WormholeB0 TensixCoprocessor/ELWADD.md, ELWSUB.md,
 * ELWMUL.md, MatrixUnit.md (pseudocode helpers), SrcASrcB.md (datum
 * layouts, fidelity phases), Dst.md (datum layouts), FloatBitPatterns.md;
 * BlackholeA0 MatrixUnit.md shares the Wormhole pages.  The pages call
 * their floating-point model a rough guide; the model implemented here,
 * and every choice the pages leave open, are in docs/units/fpu.md and
 * docs/decisions.md ("Matrix unit: element-wise instructions").
 *
 * Floating-point values are carried as the bits of a host double whose
 * significand is kept to FP32's 24 bits and whose exponent may exceed
 * FP32's range (an exponent field of 255 is a finite number to the
 * matrix unit).  Conversions are bit operations on whole rows of 16
 * datums, without per-datum branches, so that the compiler vectorises
 * them.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/bitops.h"
#include "host/cpuinfo.h"
#include "tt_log.h"
#include "tt_unit.h"

#define TT_FPU_ROWS     8       /* rows of one element-wise instruction */
#define COLS            TT_SRC_COLS

/* Data formats (ALU_FORMAT_SPEC_*, Unpackers/FormatConversion.md) */
enum {
    TT_FMT_FP32 = 0, TT_FMT_FP16 = 1, TT_FMT_BFP8A = 2, TT_FMT_BFP4A = 3,
    TT_FMT_TF32 = 4, TT_FMT_BF16 = 5, TT_FMT_BFP8 = 6, TT_FMT_BFP4 = 7,
    TT_FMT_INT32 = 8, TT_FMT_INT16 = 9, TT_FMT_FP8 = 10, TT_FMT_BFP2A = 11,
    TT_FMT_INT8 = 14, TT_FMT_BFP2 = 15,
};
#define TT_FMT_BIT(f)   (1u << TT_FMT_##f)
/* ELWADD.md: the formats whose SrcAStyle is BF16, and FP16 */
#define TT_FMT_STYLE_BF16 (TT_FMT_BIT(FP32) | TT_FMT_BIT(BF16) |           \
                           TT_FMT_BIT(BFP8) | TT_FMT_BIT(BFP4) |           \
                           TT_FMT_BIT(BFP2) | TT_FMT_BIT(INT32) |          \
                           TT_FMT_BIT(INT16))
#define TT_FMT_STYLE_FP16 (TT_FMT_BIT(FP16) | TT_FMT_BIT(FP8) |            \
                           TT_FMT_BIT(BFP8A) | TT_FMT_BIT(BFP4A) |         \
                           TT_FMT_BIT(BFP2A) | TT_FMT_BIT(INT8))

typedef enum TTSrcStyle {
    TT_STYLE_BF16,
    TT_STYLE_FP16,
    TT_STYLE_TF32,
    TT_STYLE_INT8,
} TTSrcStyle;

typedef enum TTElwOp {
    TT_ELW_ADD,
    TT_ELW_SUB,
    TT_ELW_MUL,
} TTElwOp;

/* The operands of ELWADD / ELWSUB / ELWMUL (ELWADD.md, Syntax) */
typedef struct TTElw {
    TTElwOp op;
    unsigned dst_row;           /* u10 DstRow */
    unsigned addr_mod;          /* 2 bits (Wormhole), 3 bits (Blackhole) */
    bool bcast_col0;            /* BroadcastSrcBCol0 */
    bool bcast_row;             /* BroadcastSrcBRow */
    bool add_dst;               /* AddDst (always for ELWMUL) */
    bool flip_a, flip_b;        /* FlipSrcA, FlipSrcB */
    bool zero_src;              /* legacy Dst += 0: SrcA, SrcB read as 0 */
} TTElw;

/* All-zero Src rows: the operands of the legacy instructions */
static const uint32_t tt_fpu_zero_rows[16][COLS];

/* ---------------------------------------------------------------------- */
/* Number formats                                                         */
/* ---------------------------------------------------------------------- */

#define F_SIGN          (1ull << 63)
#define F_EXP(e)        ((uint64_t)(e) << 52)
/* Biased double exponents of 2^-126, 2^128, 2^-14 and 2^16 */
#define F_E_MIN32       (1023 - 126)
#define F_E_SAT32       (1023 + 128)
#define F_E_MIN16       (1023 - 14)
#define F_E_MAX16       (1023 + 16)
#define F_BIAS8         (1023 - 127)    /* 8-bit exponent field to double */
#define F_BIAS5         (1023 - 15)     /* 5-bit exponent field to double */

static inline double u2d(uint64_t u)
{
    double d;

    memcpy(&d, &u, sizeof(d));
    return d;
}

static inline uint64_t d2u(double d)
{
    uint64_t u;

    memcpy(&u, &d, sizeof(u));
    return u;
}

/* Round to nearest, ties to even, keeping @bits bits of significand */
static inline uint64_t f_round(uint64_t u, unsigned bits)
{
    unsigned drop = 53 - bits;
    uint64_t half = (1ull << (drop - 1)) - 1;

    u += half + ((u >> drop) & 1);
    return u & ~((1ull << drop) - 1);
}

/*
 * The result of one floating-point operation of the matrix unit: FP32
 * precision (24 bits, round to nearest even), magnitudes below 2^-126
 * (denormals and zeros) become +0, magnitudes of 2^128 and more become
 * the exponent-255 pattern, 2^128 (FloatBitPatterns.md).
 */
static inline uint64_t f_fp32(uint64_t u)
{
    uint64_t e;

    u = f_round(u, 24);
    e = (u >> 52) & 0x7ff;
    u = e < F_E_MIN32 ? 0 : u;
    return e >= F_E_SAT32 ? (u & F_SIGN) | F_EXP(F_E_SAT32) : u;
}

/*
 * A Src datum (SrcASrcB.md: Sign(18) Man(17:8) Exp(7:0), FP16 with the
 * exponent in bits 4:0) as a double; a zero exponent (zero or denormal)
 * reads as a signed zero.  BF16 ignores the three low mantissa bits.
 */
static inline uint64_t f_src(uint32_t x, uint32_t emask, uint32_t bias,
                             uint32_t mmask)
{
    uint64_t e = x & emask;
    uint64_t m = (x >> 8) & mmask;
    uint64_t nz = -(uint64_t)(e != 0);

    return ((uint64_t)(x >> 18) << 63) |
           (nz & (F_EXP(e + bias) | (m << 42)));
}

/*
 * FP32 (Dst.md: Sign(31) ManHi(30:24) Exp(23:16) ManLo(15:0)) as a
 * double; BF16 in Dst16b is the same with ManLo = 0.
 */
static inline uint64_t f_dst32(uint32_t v)
{
    uint64_t e = (v >> 16) & 0xff;
    uint64_t m = ((uint64_t)((v >> 24) & 0x7f) << 16) | (v & 0xffff);
    uint64_t nz = -(uint64_t)(e != 0);

    return ((uint64_t)(v >> 31) << 63) |
           (nz & (F_EXP(e + F_BIAS8) | (m << 29)));
}

/* FP16 in Dst16b (Sign(15) Man(14:5) Exp(4:0)) as a double */
static inline uint64_t f_dst_fp16(uint16_t v)
{
    uint64_t e = v & 0x1f;
    uint64_t m = (v >> 5) & 0x3ff;
    uint64_t nz = -(uint64_t)(e != 0);

    return ((uint64_t)(v >> 15) << 63) |
           (nz & (F_EXP(e + F_BIAS5) | (m << 42)));
}

/* A result of f_fp32() as Dst32b FP32 */
static inline uint32_t f_to_dst32(uint64_t u)
{
    uint32_t e = ((u >> 52) & 0x7ff) - F_BIAS8;
    uint32_t m = (u >> 29) & 0x7fffff;
    uint32_t nz = -(uint32_t)(u << 1 != 0);

    return ((uint32_t)(u >> 63) << 31) |
           (nz & (((m >> 16) << 24) | ((e & 0xff) << 16) | (m & 0xffff)));
}

/* A result of f_fp32() rounded to BF16, as Dst16b BF16 */
static inline uint16_t f_to_dst_bf16(uint64_t u)
{
    uint64_t r = f_round(u, 8);
    uint64_t e = (r >> 52) & 0x7ff;
    uint32_t m, nz;

    r = e >= F_E_SAT32 ? (r & F_SIGN) | F_EXP(F_E_SAT32) : r;
    e = ((r >> 52) & 0x7ff) - F_BIAS8;
    m = (r >> 45) & 0x7f;
    nz = -(uint32_t)(r << 1 != 0);
    return ((uint32_t)(r >> 63) << 15) | (nz & ((m << 8) | (e & 0xff)));
}

/*
 * A result of f_fp32() rounded to FP16, as Dst16b FP16: below 2^-14 +0,
 * beyond the largest value (exponent 31, mantissa 1023) that value.
 */
static inline uint16_t f_to_dst_fp16(uint64_t u)
{
    uint64_t r = f_round(u, 11);
    uint64_t e = (r >> 52) & 0x7ff;
    uint64_t max = F_EXP(F_E_MAX16) | (0x3ffull << 42);
    uint32_t m, nz;

    r = e < F_E_MIN16 ? 0 : r;
    r = e > F_E_MAX16 ? (r & F_SIGN) | max : r;
    e = ((r >> 52) & 0x7ff) - F_BIAS5;
    m = (r >> 42) & 0x3ff;
    nz = -(uint32_t)(r << 1 != 0);
    return ((uint32_t)(r >> 63) << 15) | (nz & ((m << 5) | (e & 0x1f)));
}

/* Integer "8" in Src (Sign(18) Mag(17:8) Exp(7:0)); MatrixUnit.md */
static inline int32_t i_src(uint32_t x, bool flush)
{
    int32_t mag = (x >> 8) & 0x3ff;
    int32_t v = (x >> 18) ? -mag : mag;

    return (flush && !(x & 0xff)) ? 0 : v;
}

/* Dst32b integer "32": sign-magnitude with FP32's bit shuffle */
static inline int32_t i_dst32(uint32_t v)
{
    int32_t mag = ((v >> 16) & 0xff) << 23 | ((v >> 24) & 0x7f) << 16 |
                  (v & 0xffff);

    return (v >> 31) ? -mag : mag;
}

static inline uint32_t i_to_dst32(int32_t x)
{
    uint32_t mag = x < 0 ? -(uint32_t)x : (uint32_t)x;

    return ((uint32_t)(x < 0) << 31) | (((mag >> 16) & 0x7f) << 24) |
           (((mag >> 23) & 0xff) << 16) | (mag & 0xffff);
}

/* SaturateAddInt32: clamps at +-(2^31 - 1) */
static inline int32_t i_sat_add(int32_t x, int32_t y)
{
    int64_t r = (int64_t)x + y;

    r = r > INT32_MAX ? INT32_MAX : r;
    return r < -INT32_MAX ? -INT32_MAX : r;
}

/*
 * SrcAFidelityBits / SrcBFidelityBits (MatrixUnit.md) of a Src datum as
 * a double: SrcA phase 0 keeps the implicit bit and 4 mantissa bits,
 * phase bit 0 the next 5; SrcB phase 0 the implicit bit and 6 bits,
 * phase bit 1 the rest.
 */
static inline double f_fid_a(uint64_t x, unsigned phase)
{
    uint64_t hi = x & (~0ull << 48);
    uint64_t lo = d2u(u2d(x & (~0ull << 43)) - u2d(hi));
    uint64_t m = -(uint64_t)(phase & 1);

    /* a select by bit mask, not a branch: loops over datums vectorise */
    return u2d((lo & m) | (hi & ~m));
}

static inline double f_fid_b(uint64_t y, unsigned phase)
{
    uint64_t hi = y & (~0ull << 46);
    uint64_t lo = d2u(u2d(y) - u2d(hi));
    uint64_t m = -(uint64_t)((phase >> 1) & 1);

    return u2d((lo & m) | (hi & ~m));
}

/* ---------------------------------------------------------------------- */
/* Configuration                                                          */
/* ---------------------------------------------------------------------- */

/* ELWADD.md "Determine the data formats" */
static TTSrcStyle tt_fpu_style(TTCoproc *s, int t, uint32_t insn,
                               bool *dst32)
{
    uint32_t fmt;

    if (TT_CFG_THD(s, t, FP16A_FORCE_Enable)) {
        *dst32 = false;
        return TT_STYLE_FP16;
    }
    if (TT_CFG_CFG(s, t, ALU_ACC_CTRL_INT8_math_enabled)) {
        *dst32 = true;
        return TT_STYLE_INT8;
    }
    *dst32 = TT_CFG_CFG(s, t, ALU_ACC_CTRL_Fp32_enabled);
    fmt = TT_CFG_CFG(s, t, ALU_FORMAT_SPEC_REG_SrcA_override) ?
          TT_CFG_CFG(s, t, ALU_FORMAT_SPEC_REG_SrcA_val) :
          TT_CFG_CFG(s, t, ALU_FORMAT_SPEC_REG0_SrcA);
    fmt = tt_src_fmt(s, t, 0, 0, fmt);      /* Blackhole: implied */
    if (TT_FMT_STYLE_BF16 & (1u << fmt)) {
        return TT_STYLE_BF16;
    }
    if (TT_FMT_STYLE_FP16 & (1u << fmt)) {
        return TT_STYLE_FP16;
    }
    return TT_STYLE_TF32;
}

/* ---------------------------------------------------------------------- */
/* One row of 16 datums                                                   */
/* ---------------------------------------------------------------------- */

typedef struct TTElwRow {
    const uint32_t *a;          /* SrcA row */
    const uint32_t *b;          /* SrcB row */
    bool bcast_col0;
    uint16_t *hi, *lo;          /* DstBits rows: Dst16b (hi) / Dst32b */
    bool valid;                 /* the Dst row was valid before */
    uint8_t *valid_bit;         /* ELW: its DstRowValid, read, then set */
} TTElwRow;

/* SrcB[..][BroadcastSrcBCol0 ? 0 : j] for the 16 columns */
static inline void tt_elw_srcb(const TTElwRow *r, uint32_t *b)
{
    if (r->bcast_col0) {
        for (int j = 0; j < COLS; j++) {
            b[j] = r->b[0];
        }
    } else {
        memcpy(b, r->b, COLS * sizeof(*b));
    }
}

/*
 * Dst[row] (+)= @res (results of f_fp32()), in Dst's format; a Dst row
 * that is not valid reads as zero
 */
static void tt_fpu_dst_row(const TTElwRow *r, uint64_t *res,
                           TTSrcStyle style, bool dst32, bool acc)
{
    uint16_t *hi = r->hi, *lo = r->lo;     /* see tt_mm_write_fast */
    uint64_t d[COLS];

    if (acc) {
        uint32_t keep = r->valid ? 0xffff : 0;

        if (dst32) {
            for (int j = 0; j < COLS; j++) {
                d[j] = f_dst32((hi[j] & keep) << 16 | (lo[j] & keep));
            }
        } else if (style == TT_STYLE_FP16) {
            for (int j = 0; j < COLS; j++) {
                d[j] = f_dst_fp16(hi[j] & keep);
            }
        } else {
            for (int j = 0; j < COLS; j++) {
                d[j] = f_dst32((uint32_t)(hi[j] & keep) << 16);
            }
        }
        for (int j = 0; j < COLS; j++) {
            res[j] = f_fp32(d2u(u2d(res[j]) + u2d(d[j])));
        }
    }
    /* one loop per format, without branches inside (vectorised) */
    if (dst32) {
        for (int j = 0; j < COLS; j++) {
            uint32_t v = f_to_dst32(res[j]);

            hi[j] = v >> 16;
            lo[j] = v & 0xffff;
        }
    } else if (style == TT_STYLE_FP16) {
        for (int j = 0; j < COLS; j++) {
            hi[j] = f_to_dst_fp16(res[j]);
        }
    } else {
        for (int j = 0; j < COLS; j++) {
            hi[j] = f_to_dst_bf16(res[j]);
        }
    }
}

static void tt_elw_row_float(const TTElw *e, const TTElwRow *r,
                             TTSrcStyle style, bool dst32, unsigned phase)
{
    uint32_t emask = style == TT_STYLE_FP16 ? 0x1f : 0xff;
    uint32_t bias = style == TT_STYLE_FP16 ? F_BIAS5 : F_BIAS8;
    uint32_t mmask = style == TT_STYLE_BF16 ? 0x3f8 : 0x3ff;
    uint64_t neg_b = e->op == TT_ELW_SUB ? F_SIGN : 0;
    uint32_t b[COLS];
    uint64_t res[COLS];

    tt_elw_srcb(r, b);
    /* one loop per operation, without branches inside (vectorised) */
    if (e->op == TT_ELW_MUL) {
        for (int j = 0; j < COLS; j++) {
            uint64_t x = f_src(r->a[j], emask, bias, mmask);
            uint64_t y = f_src(b[j], emask, bias, mmask);

            res[j] = f_fp32(d2u(f_fid_a(x, phase) * f_fid_b(y, phase)));
        }
    } else {
        for (int j = 0; j < COLS; j++) {
            uint64_t x = f_src(r->a[j], emask, bias, mmask);
            uint64_t y = f_src(b[j], emask, bias, mmask);

            res[j] = f_fp32(d2u(u2d(x) + u2d(y ^ neg_b)));
        }
    }
    if (e->op != TT_ELW_MUL && (phase & 1)) {
        for (int j = 0; j < COLS; j++) {
            res[j] = f_fp32(d2u(u2d(res[j]) * (1.0 / 32)));
        }
    }
    if (e->op != TT_ELW_MUL && (phase & 2)) {
        for (int j = 0; j < COLS; j++) {
            res[j] = f_fp32(d2u(u2d(res[j]) * (1.0 / 128)));
        }
    }
    tt_fpu_dst_row(r, res, style, dst32, e->add_dst);
}

static void tt_elw_row_int8(const TTElw *e, const TTElwRow *r, bool flush_b,
                            unsigned phase)
{
    uint32_t a_mask = (phase & 1) ? 0x41fff : 0x4e0ff;
    uint32_t b_mask = (phase & 2) ? 0x40fff : 0x7f0ff;
    uint32_t keep = r->valid ? UINT32_MAX : 0;
    int32_t neg_b = e->op == TT_ELW_SUB ? -1 : 1;
    bool acc = e->op == TT_ELW_MUL || e->add_dst;
    uint16_t *hi = r->hi, *lo = r->lo;     /* see tt_mm_write_fast */
    uint32_t b[COLS];
    int32_t res[COLS];

    tt_elw_srcb(r, b);
    /* one loop per operation, without branches inside (vectorised) */
    if (e->op == TT_ELW_MUL) {
        for (int j = 0; j < COLS; j++) {
            res[j] = i_src(r->a[j] & a_mask, true) *
                     i_src(b[j] & b_mask, flush_b);
        }
    } else {
        for (int j = 0; j < COLS; j++) {
            res[j] = i_src(r->a[j], true) + neg_b * i_src(b[j], flush_b);
        }
    }
    if (acc) {
        /* Dst as it was (zero if the row was not valid) */
        for (int j = 0; j < COLS; j++) {
            uint32_t dv = ((uint32_t)hi[j] << 16 | lo[j]) & keep;

            res[j] = i_sat_add(res[j], i_dst32(dv));
        }
    }
    for (int j = 0; j < COLS; j++) {
        uint32_t dv = i_to_dst32(res[j]);

        hi[j] = dv >> 16;
        lo[j] = dv & 0xffff;
    }
}

/*
 * The TT_FPU_ROWS rows of an ELWADD, ELWSUB or ELWMUL, in order (two may
 * be one Dst row), each reading its DstRowValid, then setting it
 */
static inline void tt_elw_rows_body(const TTElw *e, TTElwRow *rows,
                                    TTSrcStyle style, bool dst32,
                                    bool flush_b, unsigned phase)
{
    for (unsigned i = 0; i < TT_FPU_ROWS; i++) {
        TTElwRow *r = &rows[i];

        r->valid = *r->valid_bit;
        if (style == TT_STYLE_INT8) {
            tt_elw_row_int8(e, r, flush_b, phase);
        } else {
            tt_elw_row_float(e, r, style, dst32, phase);
        }
        *r->valid_bit = 1;
    }
}

/* Compiled for the baseline ISA (x86-64: SSE2) */
static QEMU_FLATTEN void tt_elw_rows(const TTElw *e, TTElwRow *rows,
                                     TTSrcStyle style, bool dst32,
                                     bool flush_b, unsigned phase)
{
    tt_elw_rows_body(e, rows, style, dst32, flush_b, phase);
}

#ifdef CPUINFO_AVX2
/*
 * The same compiled for AVX2 (x86 hosts), chosen at run time: 4 doubles
 * per instruction.  No multiply is followed by an add before the result
 * is rounded (f_fp32), so no fused multiply-add can change a result.
 */
static QEMU_FLATTEN __attribute__((target("avx2")))
void tt_elw_rows_avx2(const TTElw *e, TTElwRow *rows, TTSrcStyle style,
                      bool dst32, bool flush_b, unsigned phase)
{
    tt_elw_rows_body(e, rows, style, dst32, flush_b, phase);
}
#endif

/* tt_elw_rows() for this host; the vector build with fast paths on */
static void tt_elw_run(TTCoproc *s, const TTElw *e, TTElwRow *rows,
                       TTSrcStyle style, bool dst32, bool flush_b,
                       unsigned phase)
{
#ifdef CPUINFO_AVX2
    if (s->fast_paths && (cpuinfo & CPUINFO_AVX2)) {
        tt_elw_rows_avx2(e, rows, style, dst32, flush_b, phase);
        return;
    }
#endif
    tt_elw_rows(e, rows, style, dst32, flush_b, phase);
}

/* ---------------------------------------------------------------------- */
/* The instructions                                                       */
/* ---------------------------------------------------------------------- */

static TTExec tt_elw(TTCoproc *s, int t, uint32_t insn, const TTElw *e)
{
    TTSrcRegs *sr = &s->src;
    TTRwc *rwc = &s->adc.rwc[t];
    const TTSrcBank *a, *b;
    unsigned a_row, b_row, dst_row, phase;
    TTSrcStyle style;
    bool dst32, flush_b;
    TTElwRow rows[TT_FPU_ROWS];

    /* Wait Gate: both of the matrix unit's banks must be its own */
    if (sr->a_client[sr->fpu_a_bank] != TT_SRC_CLIENT_MATRIX ||
        sr->b_client[sr->fpu_b_bank] != TT_SRC_CLIENT_MATRIX) {
        return TT_EXEC_STALL;
    }

    style = tt_fpu_style(s, t, insn, &dst32);
    flush_b = !TT_CFG_CFG(s, t, ALU_ACC_CTRL_Zero_Flag_disabled_src);
    a_row = rwc->srca & 0x38;
    tt_src_note_srca_row(sr, a_row);
    b_row = rwc->srcb & (e->bcast_row ? 0x3f : 0x38);
    dst_row = e->dst_row + TT_CFG_THD(s, t, DEST_TARGET_REG_CFG_MATH_Offset);
    dst_row += rwc->dst + TT_CFG_CFG(s, t, DEST_REGW_BASE_Base);
    dst_row &= 0x3f8;
    phase = (rwc->fidelity + TT_CFG_THD(s, t, FIDELITY_BASE_Phase)) & 3;
    a = &sr->a[sr->fpu_a_bank];
    b = &sr->b[sr->fpu_b_bank];

    for (unsigned i = 0; i < TT_FPU_ROWS; i++) {
        unsigned p = dst32 ? tt_dst_adj32(s, t, dst_row + i)
                           : tt_dst_adj16(s, t, dst_row + i);

        rows[i] = (TTElwRow) {
            .a = e->zero_src ? tt_fpu_zero_rows[i] : a->v[a_row + i],
            .b = e->zero_src ? tt_fpu_zero_rows[i] :
                 b->v[b_row + (e->bcast_row ? 0 : i)],
            .bcast_col0 = e->bcast_col0,
            .hi = s->dst.bits[p],
            .lo = dst32 ? s->dst.bits[p + 8] : NULL,
            .valid_bit = &s->dst.row_valid[p],
        };
    }
    tt_elw_run(s, e, rows, style, dst32, flush_b, phase);

    if (e->flip_a || e->flip_b) {
        tt_src_setrwc_flip(s, t, e->flip_a, e->flip_b);
        tt_unit_changed(s);
    }
    tt_rwc_apply_addr_mod(s, t, e->addr_mod, true);
    return TT_EXEC_DONE;
}

/*
 * The encodings (ELWADD.md diagram; tt-llk's assembly.yaml): dst holds
 * DstRow in its bits 9:0; Wormhole's addr_mode holds the 2-bit AddrMod in
 * its bits 1:0, Blackhole's the 3-bit AddrMod in bits 2:0; instr_mod19 is
 * {BroadcastSrcBRow, BroadcastSrcBCol0}; clear_dvalid {FlipSrcB,
 * FlipSrcA}.  ELWMUL ignores dest_accum_en: it always accumulates.
 */
#define TT_ELW_FIELD(s, insn, NAME, F)                                  \
    ((s)->arch->id == TT_ARCH_WORMHOLE_B0 ?                             \
     FIELD_EX32(insn, WH_##NAME, F) : FIELD_EX32(insn, BH_##NAME, F))
#define TT_ELW_DECODE(s, insn, NAME, e)                                 \
    tt_elw_decode(s, e, TT_ELW_FIELD(s, insn, NAME, dst),               \
                  TT_ELW_FIELD(s, insn, NAME, addr_mode),               \
                  TT_ELW_FIELD(s, insn, NAME, dest_accum_en),           \
                  TT_ELW_FIELD(s, insn, NAME, instr_mod19),             \
                  TT_ELW_FIELD(s, insn, NAME, clear_dvalid))

static void tt_elw_decode(TTCoproc *s, TTElw *e, uint32_t dst,
                          uint32_t addr_mode, uint32_t accum,
                          uint32_t mod19, uint32_t flip)
{
    e->dst_row = extract32(dst, 0, 10);
    e->addr_mod = extract32(addr_mode, 0,
                            s->arch->id == TT_ARCH_WORMHOLE_B0 ? 2 : 3);
    e->add_dst = accum;
    e->bcast_col0 = extract32(mod19, 0, 1);
    e->bcast_row = extract32(mod19, 1, 1);
    e->flip_a = extract32(flip, 0, 1);
    e->flip_b = extract32(flip, 1, 1);
}

TTExec tt_elwadd(TTCoproc *s, int t, uint32_t insn)
{
    TTElw e = { .op = TT_ELW_ADD };

    TT_ELW_DECODE(s, insn, ELWADD, &e);
    return tt_elw(s, t, insn, &e);
}

TTExec tt_elwsub(TTCoproc *s, int t, uint32_t insn)
{
    TTElw e = { .op = TT_ELW_SUB };

    TT_ELW_DECODE(s, insn, ELWSUB, &e);
    return tt_elw(s, t, insn, &e);
}

TTExec tt_elwmul(TTCoproc *s, int t, uint32_t insn)
{
    TTElw e = { .op = TT_ELW_MUL };

    TT_ELW_DECODE(s, insn, ELWMUL, &e);
    e.add_dst = true;
    return tt_elw(s, t, insn, &e);
}

/* ---------------------------------------------------------------------- */
/* MVMUL, DOTPV, GAPOOL: Dst += SrcB @ SrcA                               */
/* ---------------------------------------------------------------------- */

/* The operands of MVMUL / DOTPV / GAPOOL (MVMUL.md, Syntax) */
typedef struct TTMm {
    unsigned dst_row;           /* u10 DstRow */
    unsigned addr_mod;
    unsigned rows;              /* NumRows: 8 (MVMUL, DOTPV), 4 (GAPOOL) */
    bool bcast_row;             /* BroadcastSrcBRow (MVMUL only) */
    bool flip_a, flip_b;
} TTMm;

/*
 * The operand cache (tt_fpu.h).  A block is converted for a key: the
 * style, and for SrcB in the integer style whether a zero exponent reads
 * as zero (ALU_ACC_CTRL_Zero_Flag_disabled_src).
 */
#define TT_FPU_KEY_VALID    8u
#define TT_FPU_KEY_FLUSH_B  4u

void tt_fpu_reset(TTCoproc *s)
{
    memset(s->fpu.tag, 0, sizeof(s->fpu.tag));
}

/*
 * Rows 8 * @blk.. of Src<@u> bank @bank as both fidelity slices: SrcA
 * with SrcAFidelityBits (phase bit 0 clear: the implicit bit and
 * mantissa bits 9:6; set: bits 5:1; an FP16 / TF32 LSB is never used,
 * MVMUL.md), SrcB with SrcBFidelityBits (phase bit 1 clear: the implicit
 * bit and bits 9:4; set: the rest); integer "8" with ReadSrcInt8 of the
 * phase masks (SrcA 0x4e0ff / 0x41fff, SrcB 0x7f0ff / 0x40fff).  Every
 * value is exact in a double (integers too).
 */
static void tt_fpu_convert(TTFpuBlock *out, const uint32_t (*v)[COLS],
                           unsigned u, uint32_t key)
{
    TTSrcStyle style = key & 3;
    uint32_t emask = style == TT_STYLE_FP16 ? 0x1f : 0xff;
    uint32_t bias = style == TT_STYLE_FP16 ? F_BIAS5 : F_BIAS8;
    uint32_t mmask = style == TT_STYLE_BF16 ? 0x3f8 : u ? 0x3ff : 0x3fe;
    uint32_t mask0 = u ? 0x7f0ff : 0x4e0ff;
    uint32_t mask1 = u ? 0x40fff : 0x41fff;
    bool flush = !u || (key & TT_FPU_KEY_FLUSH_B);

    for (unsigned r = 0; r < TT_FPU_BLOCK_ROWS; r++) {
        double *s0 = out->v[r][0], *s1 = out->v[r][1];

        if (style == TT_STYLE_INT8) {
            for (int j = 0; j < COLS; j++) {
                s0[j] = i_src(v[r][j] & mask0, flush);
                s1[j] = i_src(v[r][j] & mask1, flush);
            }
        } else if (!u) {
            for (int j = 0; j < COLS; j++) {
                uint64_t x = f_src(v[r][j], emask, bias, mmask);

                s0[j] = f_fid_a(x, 0);
                s1[j] = f_fid_a(x, 1);
            }
        } else {
            for (int j = 0; j < COLS; j++) {
                uint64_t y = f_src(v[r][j], emask, bias, mmask);

                s0[j] = f_fid_b(y, 0);
                s1[j] = f_fid_b(y, 2);
            }
        }
    }
}

/* Block @blk of Src<@u> bank @bank for @key, converted if need be */
static const TTFpuBlock *tt_fpu_block(TTCoproc *s, unsigned u,
                                      unsigned bank, unsigned blk,
                                      uint32_t key)
{
    TTFpuTag *tag = &s->fpu.tag[u][bank][blk];
    TTFpuBlock *out = &s->fpu.blk[u][bank][blk];
    uint64_t gen = s->src.gen[u][bank];

    if (tag->key != key || tag->gen != gen) {
        const TTSrcBank *b = u ? &s->src.b[bank] : &s->src.a[bank];

        tt_fpu_convert(out, &b->v[blk * TT_FPU_BLOCK_ROWS], u, key);
        tag->key = key;
        tag->gen = gen;
    }
    return out;
}

/*
 * One instruction's products and Dst updates, with everything decided:
 * Dst row i (i in rows[]) += b[i] @ a, where a[k] is SrcA row k and b[i]
 * SrcB row i, both the phase's slice.
 */
typedef struct TTMmJob {
    const double *a[16];
    const double *b[8];
    TTElwRow dst[8];
    uint8_t rows[8];            /* the Dst rows written, an even count */
    unsigned nrows;
    TTSrcStyle style;
    bool dst32;
} TTMmJob;

/*
 * Vectors of 2 and 4 doubles (GCC / clang vector extensions): the
 * baseline build uses pairs (SSE2, NEON), the AVX2 one quadruples.
 */
typedef double TTv2 __attribute__((vector_size(16)));
typedef double TTv4 __attribute__((vector_size(32)));

static inline TTv4 v4_load(const double *p)
{
    TTv4 v;

    memcpy(&v, p, sizeof(v));
    return v;
}

/*
 * o0 = b0 @ a, o1 = b1 @ a (16 columns each): the 16 products of a column
 * summed in a double in the order k = 0..15, starting from +0.  The
 * products are exact (at most 5 x 7 significant bits, or integers below
 * 2^18), so a fused multiply-add rounds exactly as the add alone.  Two
 * rows share the loads of a; the accumulators stay in registers.
 */
static inline void tt_mm_dot2_v4(const double *const *a, const double *b0,
                                 const double *b1, double *o0, double *o1)
{
    TTv4 x0 = { 0 }, x1 = { 0 }, x2 = { 0 }, x3 = { 0 };
    TTv4 y0 = { 0 }, y1 = { 0 }, y2 = { 0 }, y3 = { 0 };

    for (int k = 0; k < 16; k++) {
        const double *ak = a[k];
        TTv4 a0 = v4_load(ak), a1 = v4_load(ak + 4);
        TTv4 a2 = v4_load(ak + 8), a3 = v4_load(ak + 12);
        TTv4 p = { b0[k], b0[k], b0[k], b0[k] };
        TTv4 q = { b1[k], b1[k], b1[k], b1[k] };

        x0 += p * a0;
        x1 += p * a1;
        x2 += p * a2;
        x3 += p * a3;
        y0 += q * a0;
        y1 += q * a1;
        y2 += q * a2;
        y3 += q * a3;
    }
    memcpy(o0, &x0, sizeof(x0));
    memcpy(o0 + 4, &x1, sizeof(x1));
    memcpy(o0 + 8, &x2, sizeof(x2));
    memcpy(o0 + 12, &x3, sizeof(x3));
    memcpy(o1, &y0, sizeof(y0));
    memcpy(o1 + 4, &y1, sizeof(y1));
    memcpy(o1 + 8, &y2, sizeof(y2));
    memcpy(o1 + 12, &y3, sizeof(y3));
}

/* The same with pairs, one row at a time (8 accumulators) */
static inline void tt_mm_dot2_v2(const double *const *a, const double *b0,
                                 const double *b1, double *o0, double *o1)
{
    const double *b[2] = { b0, b1 };
    double *o[2] = { o0, o1 };

    for (int i = 0; i < 2; i++) {
        TTv2 x[8] = { { 0 } };

        for (int k = 0; k < 16; k++) {
            TTv2 p = { b[i][k], b[i][k] };

            for (int c = 0; c < 8; c++) {
                TTv2 ak;

                memcpy(&ak, a[k] + 2 * c, sizeof(ak));
                x[c] += p * ak;
            }
        }
        memcpy(o[i], x, sizeof(x));
    }
}

/* FP32 bits: exponent field 255, or 0 with a mantissa (denormal) */
static inline uint32_t f32_odd(uint32_t x)
{
    uint32_t e = x & 0x7f800000;

    return (e == 0x7f800000) | ((e == 0) & ((x & 0x7fffff) != 0));
}

/*
 * The float Dst update of tt_mm_write on host floats, for rows whose
 * values all stay in FP32's normal range (or are zero): there (float)acc
 * is f_fp32(acc), round to nearest even at 24 bits, and a float addition
 * of two FP32 values rounds exactly as f_fp32 of their double sum (53 >=
 * 2 * 24 + 2: the double rounding is innocuous).  Dst is read and
 * written as FP32 bit patterns with integer operations, 16 datums per
 * loop, which the compiler vectorises (8 lanes with AVX2).  A result or
 * Dst datum outside the normal range (a denormal, an exponent-255 Dst
 * datum, 2^128 and up) makes it return false having written nothing: the
 * caller then takes the double path.
 */
static inline bool tt_mm_write_fast(const TTElwRow *r, const double *acc,
                                    TTSrcStyle style, bool dst32)
{
    /* locals: a store through r->hi could otherwise change r->hi */
    uint16_t *hi = r->hi, *lo = r->lo;
    uint32_t keep = r->valid ? 0xffff : 0;
    uint32_t x[COLS], d[COLS], bad[COLS], odd = 0;

    /* Dst as FP32 bits; an exponent field of 0 reads as a signed zero */
    if (dst32) {
        for (int j = 0; j < COLS; j++) {
            uint32_t v = (hi[j] & keep) << 16 | (lo[j] & keep);

            d[j] = (v & 0x80000000) | ((v >> 16 & 0xff) << 23) |
                   ((v >> 24 & 0x7f) << 16) | (v & 0xffff);
        }
    } else if (style == TT_STYLE_FP16) {
        for (int j = 0; j < COLS; j++) {
            uint32_t v = hi[j] & keep, e = v & 0x1f;

            d[j] = (v >> 15) << 31 |
                   (e ? (e + 112) << 23 | ((v >> 5) & 0x3ff) << 13 : 0);
        }
    } else {
        for (int j = 0; j < COLS; j++) {
            uint32_t v = hi[j] & keep;

            d[j] = (v >> 15) << 31 | (v & 0xff) << 23 | ((v >> 8) & 0x7f) << 16;
        }
    }
    /* x = (float)acc + Dst, and which lanes left the normal range */
    for (int j = 0; j < COLS; j++) {
        float fs = acc[j], fd, fr;
        uint32_t xs, e = d[j] & 0x7f800000;
        uint32_t dd = e ? d[j] : d[j] & 0x80000000;

        memcpy(&xs, &fs, sizeof(xs));
        memcpy(&fd, &dd, sizeof(fd));
        fr = fs + fd;
        memcpy(&x[j], &fr, sizeof(fr));
        bad[j] = f32_odd(xs) | (e == 0x7f800000) | f32_odd(x[j]);
        x[j] = x[j] << 1 ? x[j] : 0;        /* never -0 */
    }
    for (int j = 0; j < COLS; j++) {
        odd |= bad[j];
    }
    if (odd) {
        return false;
    }
    if (dst32) {
        for (int j = 0; j < COLS; j++) {
            hi[j] = (x[j] >> 31) << 15 | ((x[j] >> 16) & 0x7f) << 8 |
                       ((x[j] >> 23) & 0xff);
            lo[j] = x[j] & 0xffff;
        }
    } else if (style == TT_STYLE_FP16) {
        /* 11 bits, to nearest even; below 2^-14 +0, above 131008 that */
        for (int j = 0; j < COLS; j++) {
            uint32_t y = (x[j] + 0xfff + ((x[j] >> 13) & 1)) & ~0x1fffu;
            uint32_t e = (y >> 23) & 0xff;
            uint32_t v = (y >> 31) << 15 | ((y >> 13) & 0x3ff) << 5 |
                         ((e - 112) & 0x1f);

            v = e > 143 ? (y >> 31) << 15 | 0x7fff : v;
            hi[j] = e < 113 ? 0 : v;
        }
    } else {
        /* 8 bits, to nearest even; a carry to exponent 255 is 2^128 */
        for (int j = 0; j < COLS; j++) {
            uint32_t b = (x[j] + 0x7fff + ((x[j] >> 16) & 1)) >> 16;

            hi[j] = (b & 0x8000) | (b & 0x7f) << 8 | ((b >> 7) & 0xff);
        }
    }
    return true;
}

/*
 * Dst row @r += @acc: floats rounded once to FP32 then added as ELWADD
 * does (tt_fpu_dst_row); integers (exact in the double) saturating onto
 * integer "32"
 */
static inline void tt_mm_write(const TTElwRow *r, const double *acc,
                               TTSrcStyle style, bool dst32)
{
    if (style == TT_STYLE_INT8) {
        uint16_t *hi = r->hi, *lo = r->lo;
        uint32_t keep = r->valid ? 0xffff : 0;

        for (int j = 0; j < COLS; j++) {
            uint32_t dv = (hi[j] & keep) << 16 | (lo[j] & keep);

            dv = i_to_dst32(i_sat_add((int32_t)acc[j], i_dst32(dv)));
            hi[j] = dv >> 16;
            lo[j] = dv & 0xffff;
        }
    } else if (!tt_mm_write_fast(r, acc, style, dst32)) {
        uint64_t res[COLS];

        for (int j = 0; j < COLS; j++) {
            res[j] = f_fp32(d2u(acc[j]));
        }
        tt_fpu_dst_row(r, res, style, dst32, true);
    }
}

static inline void tt_mm_job_body(const TTMmJob *jb, bool wide)
{
    for (unsigned n = 0; n < jb->nrows; n += 2) {
        unsigned i0 = jb->rows[n], i1 = jb->rows[n + 1];
        double o0[COLS], o1[COLS];

        if (wide) {
            tt_mm_dot2_v4(jb->a, jb->b[i0], jb->b[i1], o0, o1);
        } else {
            tt_mm_dot2_v2(jb->a, jb->b[i0], jb->b[i1], o0, o1);
        }
        tt_mm_write(&jb->dst[i0], o0, jb->style, jb->dst32);
        tt_mm_write(&jb->dst[i1], o1, jb->style, jb->dst32);
    }
}

/* Compiled for the baseline ISA (x86-64: SSE2) */
static QEMU_FLATTEN void tt_mm_job(const TTMmJob *jb)
{
    tt_mm_job_body(jb, false);
}

#ifdef CPUINFO_AVX2
/*
 * The same compiled for AVX2 and FMA (x86 hosts), chosen at run time: 4
 * doubles or 32-bit lanes x 8 per instruction, fused multiply-adds
 * (exact, see tt_mm_dot2_v4)
 */
static QEMU_FLATTEN __attribute__((target("avx2,fma")))
void tt_mm_job_avx2(const TTMmJob *jb)
{
    tt_mm_job_body(jb, true);
}

/* The AVX2 build with the fast paths on (tt_unit.h), else the baseline */
static void tt_mm_run(TTCoproc *s, const TTMmJob *jb)
{
    static int avx2 = -1;

    if (avx2 < 0) {
        avx2 = (cpuinfo & CPUINFO_AVX2) && __builtin_cpu_supports("fma");
    }
    if (avx2 && s->fast_paths) {
        tt_mm_job_avx2(jb);
    } else {
        tt_mm_job(jb);
    }
}
#else
static void tt_mm_run(TTCoproc *s, const TTMmJob *jb)
{
    tt_mm_job(jb);
}
#endif

/* The Wait Gate of every matrix unit instruction */
static bool tt_fpu_banks_ready(TTCoproc *s)
{
    TTSrcRegs *sr = &s->src;

    return sr->a_client[sr->fpu_a_bank] == TT_SRC_CLIENT_MATRIX &&
           sr->b_client[sr->fpu_b_bank] == TT_SRC_CLIENT_MATRIX;
}

/* DstRow + MATH_Offset + RWCs.Dst + DEST_REGW_BASE_Base */
static unsigned tt_fpu_dst_base(TTCoproc *s, int t, unsigned dst_row)
{
    return dst_row + TT_CFG_THD(s, t, DEST_TARGET_REG_CFG_MATH_Offset) +
           s->adc.rwc[t].dst + TT_CFG_CFG(s, t, DEST_REGW_BASE_Base);
}

/* FlipSrcA / FlipSrcB, then ApplyAddrMod */
static void tt_fpu_finish(TTCoproc *s, int t, bool flip_a, bool flip_b,
                          unsigned addr_mod)
{
    if (flip_a || flip_b) {
        tt_src_setrwc_flip(s, t, flip_a, flip_b);
        tt_unit_changed(s);
    }
    tt_rwc_apply_addr_mod(s, t, addr_mod, true);
}

static TTExec tt_mm(TTCoproc *s, int t, uint32_t insn, const TTMm *m)
{
    TTSrcRegs *sr = &s->src;
    TTRwc *rwc = &s->adc.rwc[t];
    TTMmJob jb;
    const TTFpuBlock *a0, *a1, *b;
    unsigned nrows, a_row, b_row, dst_row, phase, sa, sb, step, p[8];
    uint32_t key, key_b;
    bool dst32;

    if (!tt_fpu_banks_ready(s)) {
        return TT_EXEC_STALL;
    }

    jb.style = tt_fpu_style(s, t, insn, &dst32);
    jb.dst32 = dst32;
    nrows = m->bcast_row ? 7 : m->rows;
    step = m->bcast_row ? 2 : 1;
    a_row = rwc->srca & 0x38;
    tt_src_note_srca_row(&s->src, a_row);
    b_row = rwc->srcb & (m->bcast_row ? 0x3f : 0x38);
    dst_row = tt_fpu_dst_base(s, t, m->dst_row) & (0x400 - nrows);
    phase = (rwc->fidelity + TT_CFG_THD(s, t, FIDELITY_BASE_Phase)) & 3;
    sa = phase & 1;
    sb = (phase >> 1) & 1;

    /* SrcA rows 56..71: past the 64 rows of a bank (docs/decisions.md) */
    if (a_row == 0x38) {
        tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: T%d: insn 0x%08x: SrcA "
                    "rows 56..71: rows 64..71 read as rows 0..7\n", t,
                    insn);
    }
    key = TT_FPU_KEY_VALID | jb.style;
    key_b = key;
    if (jb.style == TT_STYLE_INT8 &&
        !TT_CFG_CFG(s, t, ALU_ACC_CTRL_Zero_Flag_disabled_src)) {
        key_b |= TT_FPU_KEY_FLUSH_B;
    }
    a0 = tt_fpu_block(s, 0, sr->fpu_a_bank, a_row >> 3, key);
    a1 = tt_fpu_block(s, 0, sr->fpu_a_bank, ((a_row >> 3) + 1) & 7, key);
    b = tt_fpu_block(s, 1, sr->fpu_b_bank, b_row >> 3, key_b);
    for (unsigned k = 0; k < TT_FPU_BLOCK_ROWS; k++) {
        jb.a[k] = a0->v[k][sa];
        jb.a[k + TT_FPU_BLOCK_ROWS] = a1->v[k][sa];
    }

    jb.nrows = 0;
    for (unsigned i = 0; i < nrows; i += step) {
        p[i] = dst32 ? tt_dst_adj32(s, t, dst_row + i)
                     : tt_dst_adj16(s, t, dst_row + i);
        jb.b[i] = b->v[(b_row & 7) + (m->bcast_row ? 0 : i)][sb];
        jb.dst[i].hi = s->dst.bits[p[i]];
        jb.dst[i].lo = dst32 ? s->dst.bits[p[i] + 8] : NULL;
        jb.dst[i].valid = s->dst.row_valid[p[i]];
        jb.rows[jb.nrows++] = i;
    }
    tt_mm_run(s, &jb);
    for (unsigned n = 0; n < jb.nrows; n++) {
        s->dst.row_valid[p[jb.rows[n]]] = 1;
    }
    tt_fpu_finish(s, t, m->flip_a, m->flip_b, m->addr_mod);
    return TT_EXEC_DONE;
}

/*
 * Encodings (MVMUL.md, DOTPV.md, GAPOOL.md diagrams; assembly.yaml):
 * DstRow in bits 9:0 of dst; AddrMod in the low 2 (Wormhole) or 3
 * (Blackhole) bits of addr_mode (GAPOOL / GMPOOL on Blackhole:
 * pool_addr_mode); instr_mod19 bit 0 is MVMUL's BroadcastSrcBRow;
 * clear_dvalid is {FlipSrcB, FlipSrcA}.  DOTPV's dest_accum_en and
 * GAPOOL's max_pool_index_en are ignored (the pages give them as 0).
 */
static void tt_fpu_decode(TTCoproc *s, TTMm *m, uint32_t dst,
                          uint32_t addr_mode, uint32_t flip)
{
    m->dst_row = extract32(dst, 0, 10);
    m->addr_mod = extract32(addr_mode, 0,
                            s->arch->id == TT_ARCH_WORMHOLE_B0 ? 2 : 3);
    m->flip_a = extract32(flip, 0, 1);
    m->flip_b = extract32(flip, 1, 1);
}

TTExec tt_mvmul(TTCoproc *s, int t, uint32_t insn)
{
    TTMm m = { .rows = 8 };

    tt_fpu_decode(s, &m, TT_ELW_FIELD(s, insn, MVMUL, dst),
                  TT_ELW_FIELD(s, insn, MVMUL, addr_mode),
                  TT_ELW_FIELD(s, insn, MVMUL, clear_dvalid));
    m.bcast_row = TT_ELW_FIELD(s, insn, MVMUL, instr_mod19) & 1;
    return tt_mm(s, t, insn, &m);
}

TTExec tt_dotpv(TTCoproc *s, int t, uint32_t insn)
{
    TTMm m = { .rows = 8 };

    tt_fpu_decode(s, &m, TT_ELW_FIELD(s, insn, DOTPV, dst),
                  TT_ELW_FIELD(s, insn, DOTPV, addr_mode),
                  TT_ELW_FIELD(s, insn, DOTPV, clear_dvalid));
    return tt_mm(s, t, insn, &m);
}

/* GAPOOL and GMPOOL name AddrMod pool_addr_mode on Blackhole */
#define TT_POOL_ADDR_MODE(s, insn, NAME)                                \
    ((s)->arch->id == TT_ARCH_WORMHOLE_B0 ?                             \
     FIELD_EX32(insn, WH_##NAME, addr_mode) :                           \
     FIELD_EX32(insn, BH_##NAME, pool_addr_mode))

TTExec tt_gapool(TTCoproc *s, int t, uint32_t insn)
{
    TTMm m = { .rows = 4 };

    tt_fpu_decode(s, &m, TT_ELW_FIELD(s, insn, GAPOOL, dst),
                  TT_POOL_ADDR_MODE(s, insn, GAPOOL),
                  TT_ELW_FIELD(s, insn, GAPOOL, clear_dvalid));
    return tt_mm(s, t, insn, &m);
}

/* ---------------------------------------------------------------------- */
/* GMPOOL: max along SrcA columns (GMPOOL.md)                             */
/* ---------------------------------------------------------------------- */

enum { TT_DSTS_BF16, TT_DSTS_FP16, TT_DSTS_TF32, TT_DSTS_INT32 };

/* GMPOOL.md's Datum: Sign, a 9-bit Exponent, a 10-bit MagOrMan */
typedef struct TTPoolDatum {
    uint32_t sign, exp, man;
} TTPoolDatum;

static int32_t tt_pool_cmp(TTPoolDatum x)
{
    int32_t v = (int32_t)((x.exp << 10) + x.man);

    return x.sign ? -v : v;
}

static TTPoolDatum tt_pool_read_dst(uint32_t v, int style)
{
    TTPoolDatum d = { .sign = v >> 31 };

    switch (style) {
    case TT_DSTS_INT32:
        d.man = v & 0x3ff;
        d.exp = ((v >> 10) & 0x3f) + (((v >> 24) & 7) << 6);
        break;
    case TT_DSTS_FP16:
        d.exp = ((v >> 16) & 0x1f) + 15;
        d.man = (v >> 21) & 0x3ff;
        break;
    default:
        d.exp = ((v >> 16) & 0xff) + 127;
        d.man = ((v >> 24) & 0x7f) << 3;
        d.man += style == TT_DSTS_TF32 ? (v >> 13) & 7 : 0;
        break;
    }
    d.exp &= 0x1ff;
    return d;
}

static uint32_t tt_pool_write_dst(TTPoolDatum d, int style)
{
    uint32_t x;

    switch (style) {
    case TT_DSTS_INT32:
        return (d.sign << 31) | ((d.exp & 7) << 10) | d.man;
    case TT_DSTS_FP16:
        if ((d.exp & 0x3f) == 0) {
            return 0;
        }
        return (d.sign << 31) | (d.man << 21) | (((d.exp - 15) & 0x1f) << 16);
    default:
        if (d.exp == 0) {
            return 0;
        }
        x = (d.sign << 31) | ((d.man & 0x3f8) << 21) |
            (((d.exp - 127) & 0xff) << 16);
        return x + (style == TT_DSTS_TF32 ? (d.man & 7) << 13 : 0);
    }
}

static TTPoolDatum tt_pool_read_src(uint32_t a, TTSrcStyle style, uint32_t b)
{
    TTPoolDatum r = { 0 };
    uint32_t ae = a & 0xff, be = b & 0xff;

    if (be == 0) {
        return (TTPoolDatum) { 1, 0x1ff, 0x3ff };   /* minus infinity */
    }
    if (ae == 0) {
        return r;                                   /* flushed to +0 */
    }
    r.sign = a >> 18;
    r.man = (a >> 8) & 0x3ff;
    switch (style) {
    case TT_STYLE_INT8:
        r.exp = 0;
        break;
    case TT_STYLE_FP16:
        r.exp = (ae & 0x1f) + (be & 0x1f);
        break;
    case TT_STYLE_BF16:
        r.man &= 0x3f8;
        /* fall through */
    default:
        r.exp = ae + be;
        break;
    }
    return r;
}

/*
 * GMPOOL.md's model; with @zero_a every SrcA datum reads as zero (the
 * legacy MPOOL3S1 / MPOOL3S2, docs/decisions.md)
 */
static TTExec tt_pool_max(TTCoproc *s, int t, uint32_t insn, const TTMm *m,
                          bool argmax, bool zero_a)
{
    static const uint8_t idx_map[8] = { 0, 3, 6, 1, 4, 7, 2, 5 };
    TTSrcRegs *sr = &s->src;
    TTRwc *rwc = &s->adc.rwc[t];
    const uint32_t (*av)[COLS];
    const TTSrcBank *b;
    bool dst32;
    TTSrcStyle style;
    int dstyle;
    unsigned a_row, b_row, dst_row, p[4];

    if (!tt_fpu_banks_ready(s)) {
        return TT_EXEC_STALL;
    }

    style = tt_fpu_style(s, t, insn, &dst32);
    switch (style) {
    case TT_STYLE_INT8:
        dstyle = TT_DSTS_INT32;
        break;
    case TT_STYLE_TF32:
        dstyle = argmax ? TT_DSTS_INT32 :
                 dst32 ? TT_DSTS_TF32 : TT_DSTS_BF16;
        break;
    case TT_STYLE_FP16:
        dstyle = (argmax || !dst32) ? TT_DSTS_FP16 : TT_DSTS_TF32;
        break;
    default:
        dstyle = (argmax || !dst32) ? TT_DSTS_BF16 : TT_DSTS_TF32;
        break;
    }

    a_row = rwc->srca & 0x30;
    tt_src_note_srca_row(sr, a_row);
    b_row = rwc->srcb & 0x38;
    dst_row = tt_fpu_dst_base(s, t, m->dst_row) & 0x3fc;
    av = zero_a ? tt_fpu_zero_rows : &sr->a[sr->fpu_a_bank].v[a_row];
    b = &sr->b[sr->fpu_b_bank];
    for (unsigned i = 0; i < 4; i++) {
        p[i] = dst32 ? tt_dst_adj32(s, t, dst_row + i)
                     : tt_dst_adj16(s, t, dst_row + i);
    }

    for (int j = 0; j < COLS; j++) {
        /* a Dst row that is not valid reads as minus infinity (all ones) */
        uint32_t dv = 0xffffffff;
        TTPoolDatum max;
        uint32_t idx, phase_bits;

        if (s->dst.row_valid[p[0]]) {
            dv = (uint32_t)s->dst.bits[p[0]][j] << 16 |
                 (dst32 ? s->dst.bits[p[0] + 8][j] : 0);
        }
        dv = dst32 ? dv : dv & 0xffff0000;
        max = tt_pool_read_dst(dv, dstyle);
        idx = dv & 0xff;
        phase_bits = (dv + 0x100) & 0xf00;
        for (unsigned i_ = 0; i_ < 16; i_++) {
            unsigned i = i_ < 8 ? i_ ^ 4 : i_;
            TTPoolDatum x = tt_pool_read_src(av[i][j], style,
                                             b->v[b_row][i]);

            if (tt_pool_cmp(x) >= tt_pool_cmp(max)) {
                max = x;
                idx = i < 8 ? (phase_bits >> 4) + idx_map[i] : idx;
            }
        }
        if (argmax) {
            uint32_t ir = phase_bits | (idx & 0xff);

            dv = dstyle == TT_DSTS_INT32 ? ir :
                 tt_pool_write_dst(max, dstyle) | ir;
        } else {
            dv = tt_pool_write_dst(max, dstyle);
        }
        s->dst.bits[p[0]][j] = dv >> 16;
        if (dst32) {
            s->dst.bits[p[0] + 8][j] = dv & 0xffff;
        }
        for (unsigned i = 1; i < 4; i++) {
            uint32_t o = 0;

            if (dst32 && argmax) {
                o = s->dst.row_valid[p[i]] ?
                    (uint32_t)s->dst.bits[p[i]][j] << 16 |
                    s->dst.bits[p[i] + 8][j] : 0xffffffff;
                o = (o + 0x100) & 0xf00;
            }
            s->dst.bits[p[i]][j] = o >> 16;
            if (dst32) {
                s->dst.bits[p[i] + 8][j] = o & 0xffff;
            }
        }
    }
    for (unsigned i = 0; i < 4; i++) {
        s->dst.row_valid[p[i]] = 1;
    }
    tt_fpu_finish(s, t, m->flip_a, m->flip_b, m->addr_mod);
    return TT_EXEC_DONE;
}

TTExec tt_gmpool(TTCoproc *s, int t, uint32_t insn)
{
    TTMm m;

    tt_fpu_decode(s, &m, TT_ELW_FIELD(s, insn, GMPOOL, dst),
                  TT_POOL_ADDR_MODE(s, insn, GMPOOL),
                  TT_ELW_FIELD(s, insn, GMPOOL, clear_dvalid));
    return tt_pool_max(s, t, insn, &m,
                       TT_ELW_FIELD(s, insn, GMPOOL, max_pool_index_en),
                       false);
}

/* ---------------------------------------------------------------------- */
/* Legacy: MFCONV3S1, CONV3S1/2, APOOL3S1/2, MPOOL3S1/2 (MatrixUnit.md)   */
/* ---------------------------------------------------------------------- */

/*
 * MatrixUnit.md "Legacy instructions": MFCONV3S1, CONV3S1, CONV3S2,
 * APOOL3S1 and APOOL3S2 compute Dst += 0: ELWADD with AddDst and both
 * operands zero (tt_elw: the Wait Gate, the 8 Dst rows, the Dst format's
 * x + 0, an undefined row read as 0 and made valid, the flips and
 * ApplyAddrMod).  MPOOL3S1 and MPOOL3S2 are GMPOOL with SrcA all zero
 * (tt_pool_max).  docs/decisions.md "Matrix unit: legacy instructions".
 *
 * Encodings (assembly.yaml): dst (DstRow, bits 9:0); the CONV ones'
 * addr_mode (Wormhole 16:15, Blackhole 16:14), the POOL ones' addr_mode
 * / Blackhole pool_addr_mode (from bit 15), of which the low 2
 * (Wormhole) or 3 (Blackhole) bits are AddrMod; clear_dvalid {FlipSrcB,
 * FlipSrcA}; MPOOL3S*'s index_en (bit 14, GMPOOL's max_pool_index_en)
 * is ArgMax.  APOOL3S*'s index_en and the CONV ones' rotate_weights (for
 * an earlier architecture's backprop) are ignored: all they do is Dst +=
 * 0.
 */
static TTExec tt_fpu_add_zero(TTCoproc *s, int t, uint32_t insn,
                              uint32_t dst, uint32_t addr_mode,
                              uint32_t flip)
{
    TTElw e = { .op = TT_ELW_ADD, .zero_src = true };

    tt_elw_decode(s, &e, dst, addr_mode, 1, 0, flip);
    return tt_elw(s, t, insn, &e);
}

#define TT_CONV_LEGACY(s, t, insn, NAME)                                \
    tt_fpu_add_zero(s, t, insn, TT_ELW_FIELD(s, insn, NAME, dst),       \
                    TT_ELW_FIELD(s, insn, NAME, addr_mode),             \
                    TT_ELW_FIELD(s, insn, NAME, clear_dvalid))
#define TT_APOOL_LEGACY(s, t, insn, NAME)                               \
    tt_fpu_add_zero(s, t, insn, TT_ELW_FIELD(s, insn, NAME, dst),       \
                    TT_POOL_ADDR_MODE(s, insn, NAME),                   \
                    TT_ELW_FIELD(s, insn, NAME, clear_dvalid))

TTExec tt_mfconv3s1(TTCoproc *s, int t, uint32_t insn)
{
    return TT_CONV_LEGACY(s, t, insn, MFCONV3S1);
}

TTExec tt_conv3s1(TTCoproc *s, int t, uint32_t insn)
{
    return TT_CONV_LEGACY(s, t, insn, CONV3S1);
}

TTExec tt_conv3s2(TTCoproc *s, int t, uint32_t insn)
{
    return TT_CONV_LEGACY(s, t, insn, CONV3S2);
}

TTExec tt_apool3s1(TTCoproc *s, int t, uint32_t insn)
{
    return TT_APOOL_LEGACY(s, t, insn, APOOL3S1);
}

TTExec tt_apool3s2(TTCoproc *s, int t, uint32_t insn)
{
    return TT_APOOL_LEGACY(s, t, insn, APOOL3S2);
}

static TTExec tt_fpu_max_zero(TTCoproc *s, int t, uint32_t insn,
                              uint32_t dst, uint32_t addr_mode,
                              uint32_t flip, uint32_t index_en)
{
    TTMm m;

    tt_fpu_decode(s, &m, dst, addr_mode, flip);
    return tt_pool_max(s, t, insn, &m, index_en, true);
}

#define TT_MPOOL_LEGACY(s, t, insn, NAME)                               \
    tt_fpu_max_zero(s, t, insn, TT_ELW_FIELD(s, insn, NAME, dst),       \
                    TT_POOL_ADDR_MODE(s, insn, NAME),                   \
                    TT_ELW_FIELD(s, insn, NAME, clear_dvalid),          \
                    TT_ELW_FIELD(s, insn, NAME, index_en))

TTExec tt_mpool3s1(TTCoproc *s, int t, uint32_t insn)
{
    return TT_MPOOL_LEGACY(s, t, insn, MPOOL3S1);
}

TTExec tt_mpool3s2(TTCoproc *s, int t, uint32_t insn)
{
    return TT_MPOOL_LEGACY(s, t, insn, MPOOL3S2);
}
