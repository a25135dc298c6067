/*
 * Tensix Matrix Unit (FPU): the element-wise instructions ELWADD, ELWSUB
 * and ELWMUL.
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
} TTElw;

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
    if (s->arch->id == TT_ARCH_BLACKHOLE &&
        !TT_CFG_FIELD_OF(
            s->cfg.thd[t][TT_BH_THD_DISABLE_IMPLIED_SRCA_FMT_Base_ADDR32],
            TT_BH_THD_DISABLE_IMPLIED_SRCA_FMT_Base)) {
        qemu_log_mask(LOG_UNIMP, "tt-tensix: T%d: insn 0x%08x: Blackhole "
                      "ImpliedSrcAFmt is not modelled; using the "
                      "configured SrcA format %u\n", t, insn, fmt);
    }
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
} TTElwRow;

/* SrcB[..][BroadcastSrcBCol0 ? 0 : j] for the 16 columns */
static inline void tt_elw_srcb(const TTElwRow *r, uint32_t *b)
{
    for (int j = 0; j < COLS; j++) {
        b[j] = r->b[r->bcast_col0 ? 0 : j];
    }
}

static void tt_elw_row_float(const TTElw *e, const TTElwRow *r,
                             TTSrcStyle style, bool dst32, unsigned phase)
{
    uint32_t emask = style == TT_STYLE_FP16 ? 0x1f : 0xff;
    uint32_t bias = style == TT_STYLE_FP16 ? F_BIAS5 : F_BIAS8;
    uint32_t mmask = style == TT_STYLE_BF16 ? 0x3f8 : 0x3ff;
    uint64_t neg_b = e->op == TT_ELW_SUB ? F_SIGN : 0;
    /* SrcAFidelityBits / SrcBFidelityBits as double masks */
    uint64_t a_hi = ~0ull << 48, a_lo = ~0ull << 43;   /* 1+4, 1+9 bits */
    uint64_t b_hi = ~0ull << 46;                        /* 1+6 bits */
    bool acc = e->add_dst;
    uint32_t b[COLS];
    uint64_t res[COLS], d[COLS];

    tt_elw_srcb(r, b);
    for (int j = 0; j < COLS; j++) {
        uint64_t x = f_src(r->a[j], emask, bias, mmask);
        uint64_t y = f_src(b[j], emask, bias, mmask);

        if (e->op == TT_ELW_MUL) {
            double xa = u2d(x & a_hi), yb = u2d(y & b_hi);

            xa = (phase & 1) ? u2d(x & a_lo) - xa : xa;
            yb = (phase & 2) ? u2d(y) - yb : yb;
            res[j] = f_fp32(d2u(xa * yb));
        } else {
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
    if (acc) {
        for (int j = 0; j < COLS; j++) {
            uint32_t v = r->valid ? r->hi[j] : 0;

            if (dst32) {
                d[j] = f_dst32(v << 16 | (r->valid ? r->lo[j] : 0));
            } else if (style == TT_STYLE_FP16) {
                d[j] = f_dst_fp16(v);
            } else {
                d[j] = f_dst32(v << 16);
            }
        }
        for (int j = 0; j < COLS; j++) {
            res[j] = f_fp32(d2u(u2d(res[j]) + u2d(d[j])));
        }
    }
    for (int j = 0; j < COLS; j++) {
        if (dst32) {
            uint32_t v = f_to_dst32(res[j]);

            r->hi[j] = v >> 16;
            r->lo[j] = v & 0xffff;
        } else if (style == TT_STYLE_FP16) {
            r->hi[j] = f_to_dst_fp16(res[j]);
        } else {
            r->hi[j] = f_to_dst_bf16(res[j]);
        }
    }
}

static void tt_elw_row_int8(const TTElw *e, const TTElwRow *r, bool flush_b,
                            unsigned phase)
{
    uint32_t a_mask = (phase & 1) ? 0x41fff : 0x4e0ff;
    uint32_t b_mask = (phase & 2) ? 0x40fff : 0x7f0ff;
    uint32_t b[COLS];

    tt_elw_srcb(r, b);
    for (int j = 0; j < COLS; j++) {
        uint32_t dv = r->valid ? (uint32_t)r->hi[j] << 16 | r->lo[j] : 0;
        int32_t res;

        if (e->op == TT_ELW_MUL) {
            res = i_src(r->a[j] & a_mask, true) * i_src(b[j] & b_mask,
                                                         flush_b);
            res = i_sat_add(res, i_dst32(dv));
        } else {
            int32_t y = i_src(b[j], flush_b);

            res = i_src(r->a[j], true) + (e->op == TT_ELW_SUB ? -y : y);
            res = e->add_dst ? i_sat_add(res, i_dst32(dv)) : res;
        }
        dv = i_to_dst32(res);
        r->hi[j] = dv >> 16;
        r->lo[j] = dv & 0xffff;
    }
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

    /* Wait Gate: both of the matrix unit's banks must be its own */
    if (sr->a_client[sr->fpu_a_bank] != TT_SRC_CLIENT_MATRIX ||
        sr->b_client[sr->fpu_b_bank] != TT_SRC_CLIENT_MATRIX) {
        return TT_EXEC_STALL;
    }

    style = tt_fpu_style(s, t, insn, &dst32);
    flush_b = !TT_CFG_CFG(s, t, ALU_ACC_CTRL_Zero_Flag_disabled_src);
    a_row = rwc->srca & 0x38;
    b_row = rwc->srcb & (e->bcast_row ? 0x3f : 0x38);
    dst_row = e->dst_row + TT_CFG_THD(s, t, DEST_TARGET_REG_CFG_MATH_Offset);
    dst_row += rwc->dst + TT_CFG_CFG(s, t, DEST_REGW_BASE_Base);
    dst_row &= 0x3f8;
    phase = (rwc->fidelity + TT_CFG_THD(s, t, FIDELITY_BASE_Phase)) & 3;
    a = &sr->a[sr->fpu_a_bank];
    b = &sr->b[sr->fpu_b_bank];

    for (unsigned i = 0; i < TT_FPU_ROWS; i++) {
        TTElwRow r = {
            .a = a->v[a_row + i],
            .b = b->v[b_row + (e->bcast_row ? 0 : i)],
            .bcast_col0 = e->bcast_col0,
        };
        unsigned p = dst32 ? tt_dst_adj32(s, t, dst_row + i)
                           : tt_dst_adj16(s, t, dst_row + i);

        r.hi = s->dst.bits[p];
        r.lo = dst32 ? s->dst.bits[p + 8] : NULL;
        r.valid = s->dst.row_valid[p];
        if (style == TT_STYLE_INT8) {
            tt_elw_row_int8(e, &r, flush_b, phase);
        } else {
            tt_elw_row_float(e, &r, style, dst32, phase);
        }
        s->dst.row_valid[p] = 1;
    }

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
