/*
 * Tensix unpackers: format conversion (FormatConversion() of
 * tt-isa-documentation WormholeB0 TensixCoprocessor/UNPACR_Regular.md,
 * Unpackers/FormatConversion.md, FloatBitPatterns.md).
 *
 * Every routine here is a pure, table-free bit operation on one datum, so
 * that the loops of tt_unpack_convert() (tt_unpack.c) over 16 datums
 * vectorise.  The choices where the pages leave a case open (FP32ToFP16,
 * Blackhole's FP8 E4M3, undefined format pairs) are in
 * docs/units/unpack.md and docs/decisions.md ("Unpackers: UNPACR").
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_TENSIX_TT_UNPACK_FMT_H
#define HW_TENSIX_TT_UNPACK_FMT_H

/* The 4-bit InDataFormat / OutDataFormat codes (FormatConversion.md) */
enum {
    TT_DF_FP32 = 0,
    TT_DF_FP16 = 1,
    TT_DF_BFP8A = 2,
    TT_DF_BFP4A = 3,
    TT_DF_TF32 = 4,
    TT_DF_BF16 = 5,
    TT_DF_BFP8 = 6,
    TT_DF_BFP4 = 7,
    TT_DF_INT32 = 8,
    TT_DF_INT16 = 9,
    TT_DF_FP8 = 10,
    TT_DF_BFP2A = 11,
    TT_DF_INT8 = 14,
    TT_DF_BFP2 = 15,
};

/* ---- Final re-arrangements (UNPACR_Regular.md supporting definitions) */

/* WriteSrcTF32: Sign,Exp(8),Man(10) -> Sign(18),Man(17:8),Exp(7:0) */
static inline uint32_t tt_unp_src_tf32(uint32_t x)
{
    return (x & 0x40000) | ((x & 0x3ff) << 8) | ((x & 0x3fc00) >> 10);
}

/* WriteSrcBF16(x) = WriteSrcTF32(x << 3) */
static inline uint32_t tt_unp_src_bf16(uint32_t x)
{
    return ((x & 0x8000) << 3) | ((x & 0x7f) << 11) | ((x >> 7) & 0xff);
}

/* WriteSrcFP16(x) = WriteSrcTF32(((x & 0x8000) << 3) | (x & 0x7fff)) */
static inline uint32_t tt_unp_src_fp16(uint32_t x)
{
    return ((x & 0x8000) << 3) | ((x & 0x3ff) << 8) | ((x >> 10) & 0x1f);
}

/* WriteDstBF16: Sign,Exp(8),Man(7) -> Sign,Man(7),Exp(8) */
static inline uint32_t tt_unp_dst_bf16(uint32_t x)
{
    return (x & 0x8000) | ((x & 0x7f) << 8) | ((x & 0x7f80) >> 7);
}

/* WriteDstFP16: Sign,Exp(5),Man(10) -> Sign,Man(10),Exp(5) */
static inline uint32_t tt_unp_dst_fp16(uint32_t x)
{
    return (x & 0x8000) | ((x & 0x3ff) << 5) | ((x & 0x7c00) >> 10);
}

/* WriteDstFP32: WriteDstBF16 of the high half, the low half unchanged */
static inline uint32_t tt_unp_dst_fp32(uint32_t x)
{
    return (tt_unp_dst_bf16(x >> 16) << 16) | (x & 0xffff);
}

/* ---- Widening conversions ----------------------------------------- */

/* FP32 -> BF16: exponent 0 flushed to (signed) zero, then truncation */
static inline uint32_t tt_unp_fp32_to_bf16(uint32_t x)
{
    if (!(x & 0x7f800000)) {
        x &= 0x80000000u;
    }
    return x >> 16;
}

/*
 * FP32ToFP16, which the page uses but does not define.  Modelled on the
 * packers' documented narrowing (Packers/FormatConversion.md: saturate
 * when the exponent narrows, truncate the mantissa, flush what is below
 * FP16's normal range, NaN becomes the largest magnitude), with the
 * coprocessor's FP16, whose exponent 31 is an ordinary exponent
 * (FloatBitPatterns.md): |x| >= 2^17 and FP32 Inf/NaN give Sign|0x7fff,
 * |x| < 2^-14 gives a signed zero.
 */
static inline uint32_t tt_unp_fp32_to_fp16(uint32_t x)
{
    uint32_t sign = (x >> 16) & 0x8000;
    int32_t exp = (int32_t)((x >> 23) & 0xff) - 127 + 15;

    if (((x >> 23) & 0xff) == 0xff || exp > 31) {
        return sign | 0x7fff;
    }
    if (exp <= 0) {
        return sign;
    }
    return sign | ((uint32_t)exp << 10) | ((x >> 13) & 0x3ff);
}

/* Leading zeros of a non-zero 8-bit value */
static inline uint32_t tt_unp_clz8(uint32_t mag)
{
    return __builtin_clz(mag) - 24;
}

/* BFP8ToBF16 (FloatBitPatterns.md); BFP4/BFP2 pass the datum shifted up */
static inline uint32_t tt_unp_bfp8_to_bf16(uint32_t datum, uint32_t exp)
{
    uint32_t sign = (datum >> 7) & 1;
    uint32_t mag = (datum << 1) & 0xff;
    uint32_t lz;

    if (mag == 0) {
        return sign ? 0xff80 : 0;
    }
    lz = tt_unp_clz8(mag);
    mag = (mag << lz) & 0xff;
    exp = (exp - lz) & 0xff;
    return (sign << 15) | (exp << 7) | (mag & 0x7e);
}

/*
 * BFP8aToFP16.  An exponent that leaves 5 bits (UndefinedBehaviour()):
 * its low 5 bits are used, and *@bad is set for the caller to log.
 */
static inline uint32_t tt_unp_bfp8a_to_fp16(uint32_t datum, uint32_t exp,
                                            bool *bad)
{
    uint32_t sign = (datum >> 7) & 1;
    uint32_t mag = (datum << 1) & 0xff;
    uint32_t lz;

    if (mag == 0) {
        return sign ? 0xfc00 : 0;
    }
    lz = tt_unp_clz8(mag);
    mag = (mag << lz) & 0xff;
    exp = (exp - lz) & 0xff;
    *bad |= (exp & 0xe0) != 0;
    return (sign << 15) | ((exp & 0x1f) << 10) | ((mag & 0x7e) << 3);
}

/*
 * Blackhole FP8 E5M2: as Wormhole's (the FP16 of its top byte) except the
 * pattern with exponent and mantissa all ones (0x7f / 0xff), which becomes
 * FP16 0x7fff / 0xffff, as Tenstorrent's ttsim has it (docs/decisions.md)
 */
static inline uint32_t tt_unp_e5m2_bh_to_fp16(uint32_t d)
{
    return (d & 0x7f) == 0x7f ? (d << 8) | 0xff : d << 8;
}

/*
 * Blackhole FP8 E4M3 (THCON_SEC<n>_REG1_Unp_LF8_4b_exp), which no page
 * describes; tt-llk says the unpacker produces FP16.  Modelled as the
 * exact value in FP16 (every E4M3 value is an FP16 normal): exponent + 8,
 * mantissa at the top; E4M3 denormals normalised; 0x7f/0xff (NaN in
 * OCP E4M3) are plain values (+-480) like every other pattern.
 */
static inline uint32_t tt_unp_e4m3_to_fp16(uint32_t d)
{
    uint32_t sign = (d & 0x80) << 8;
    uint32_t exp = (d >> 3) & 0xf;
    uint32_t man = d & 7;
    uint32_t p;

    if (exp) {
        return sign | ((exp + 8) << 10) | (man << 7);
    }
    if (!man) {
        return sign;
    }
    p = 31 - __builtin_clz(man);            /* 0..2: value man * 2^-9 */
    return sign | ((p + 6) << 10) | (((man << (10 - p)) & 0x3ff));
}

/*
 * INT8 -> integer "8" overlaid on FP16: sign-magnitude, or unsigned when
 * ALU_FORMAT_SPEC_REG0_Src<x>Unsigned; exponent field 16 unless zero
 */
static inline uint32_t tt_unp_int8_to_fp16(uint32_t d, bool is_unsigned)
{
    uint32_t sign = is_unsigned ? 0 : d & 0x80;

    d -= sign;
    if (d) {
        d |= 16 << 10;
    }
    return d | (sign << 8);
}

/* INT16: opaque; into Src as ((x & 0xff00) << 3) | (x & 0xff) */
static inline uint32_t tt_unp_src_int16(uint32_t x)
{
    return ((x & 0xff00) << 3) | (x & 0xff);
}

#endif
