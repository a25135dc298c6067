/*
 * Tensix Vector Unit (SFPU): the FP32 multiply-add of SFPMAD, SFPADD,
 * SFPMUL, SFPADDI and SFPMULI, bit for bit, on Wormhole B0 and Blackhole.
 *
 * Written from tt-isa-documentation Miscellaneous/FMA/README.md (how the
 * two architectures' fused multiply-add differs from IEEE754's) and the
 * SFPMAD.md pages.  Compared against Tenstorrent's reference model
 * (fma.c there) on random and edge-case inputs outside this repository;
 * see docs/units/sfpu.md.
 *
 * The including file provides clz32() (qemu/host-utils.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_TENSIX_TT_SFPU_FMA_H
#define HW_TENSIX_TT_SFPU_FMA_H

#define TT_FP32_SIGN    0x80000000u
#define TT_FP32_INF     0x7f800000u
#define TT_FP32_QNAN    0x7fc00000u     /* Blackhole's only NaN */
#define TT_FP32_WH_NAN  0x7f800001u     /* Wormhole: at least these bits */

/*
 * Shift @v right by @n, folding the lost bits into bit 0 ("sticky") only
 * when something is left: a value shifted out entirely becomes 0.
 */
static inline uint64_t tt_fma_align(uint64_t v, int n)
{
    uint64_t r;

    if (n >= 64) {
        return 0;
    }
    r = v >> n;
    if (r && (r << n) != v) {
        r |= 1;
    }
    return r;
}

/*
 * x * y + z on FP32 bit patterns, as the Vector Unit computes it (@wh:
 * Wormhole B0, else Blackhole).  What both do:
 *
 * - denormal inputs are zeros (of their sign);
 * - the exact 48-bit product is cut to the addend's precision plus three
 *   bits (guard, round, sticky): 27 or 28 significant bits, the bits cut
 *   off ORed into the lowest;
 * - a product below 2^-126 on its own counts as exactly zero, and one of
 *   2^128 or more on its own as an infinity;
 * - the smaller of product and addend is aligned to the larger's exponent
 *   with a sticky bit that is only kept if some bit survives the shift;
 * - one rounding to nearest, ties to even, of the normalised sum.
 *
 * Blackhole (IEEE754 signs): NaN results are 0x7fc00000; an exact zero
 * sum is -0 only if both product and addend are negative; a result whose
 * exponent would be 0 is denormalised by one place, its sticky bit
 * collecting only the lowest one or two bits shifted out, then a result
 * still below 2^-126 after rounding is a zero of the result's sign.
 *
 * Wormhole: every zero result is +0; NaN results are 0x7f800001 with the
 * sign of the product (invalid product, or an infinite product and an
 * addend infinity of the other sign) or of a NaN addend, ORed with the
 * bits the rest of the computation produces; a finite product that
 * overflows on its own, added to an infinity of the other sign, is NaN;
 * a sum below 2^-126 before rounding is +0, and a sum of exponent field
 * 0 (denormal range) is rounded without its implicit bit, then flushed
 * to +0 unless rounding carries it to 2^-126; normalising right by two
 * bits keeps only the lowest one as sticky.
 */
static inline uint32_t tt_sfpu_fma(uint32_t x, uint32_t y, uint32_t z,
                                   bool wh)
{
    int xe = (x >> 23) & 0xff, ye = (y >> 23) & 0xff, ze = (z >> 23) & 0xff;
    uint32_t xf = x & 0x7fffff, yf = y & 0x7fffff, zf = z & 0x7fffff;
    uint32_t ps = (x ^ y) & TT_FP32_SIGN, zs = z & TT_FP32_SIGN;
    uint32_t nan = 0, rs, rm, r;
    uint64_t prod, pm, zm;
    int pe, re, n;

    /* Significands with the implicit bit; a denormal is zero */
    prod = (uint64_t)(xe ? xf | 0x800000 : 0) * (ye ? yf | 0x800000 : 0);
    zm = (uint64_t)(ze ? zf | 0x800000 : 0) << 3;
    /* Product at the addend's scale: value = pm * 2^(pe - 150 - 3) */
    pm = (prod >> 20) | ((prod & 0xfffff) != 0);
    pe = xe + ye - 127;

    if (xe == 255 || ye == 255 || ze == 255 || pe >= 255) {
        bool invalid = (xe == 255 && (xf || !ye)) ||
                       (ye == 255 && (yf || !xe));
        bool big = xe == 255 || ye == 255 || (wh && pe >= 255);
        bool zinf = ze == 255 && !zf, znan = ze == 255 && zf;

        if (!wh) {
            if (invalid || znan || (zinf && big && zs != ps)) {
                return TT_FP32_QNAN;
            }
            return zinf ? z : ps | TT_FP32_INF;
        }
        if (invalid || (zinf && big && zs != ps)) {
            nan = ps | TT_FP32_WH_NAN;
        } else if (znan) {
            nan = zs | TT_FP32_WH_NAN;
        } else {
            return zinf ? z : ps | TT_FP32_INF;
        }
        /* Wormhole carries on with the NaN, which gains the sum's bits */
        pe = MIN(pe, 255);
    }

    if (pm == 0 || pe < 0) {
        if (!nan) {
            return zm ? z : (wh ? 0 : zs & ps);
        }
        pm = 0;
        pe = 0;
    }

    /* Align to the larger exponent and add the magnitudes */
    re = MAX(pe, ze);
    pm = tt_fma_align(pm, re - pe);
    zm = tt_fma_align(zm, re - ze);
    rs = pm >= zm ? ps : zs;
    if (ps == zs) {
        rm = pm + zm;
    } else {
        rm = pm >= zm ? pm - zm : zm - pm;
    }
    if (rm == 0) {
        return wh ? nan : zs & ps;
    }

    /* Normalise to bit 26 (23 fraction bits and 3 below) */
    n = 5 - clz32(rm);
    re += n;
    if (re >= 255) {
        return nan ? nan : rs | TT_FP32_INF;
    }
    if (re <= 0) {
        if (wh) {
            if (re < 0) {
                return nan;
            }
        } else {
            n += 1;
            re = 0;
        }
    }
    if (n <= 0) {
        rm <<= -n;
    } else if (wh) {
        rm = (rm >> n) | (rm & 1);
    } else {
        rm = (rm >> n) | ((rm & (n == 1 ? 1 : 3)) != 0);
    }

    /* Round to nearest, ties to even; a carry may reach the exponent */
    r = ((uint32_t)re << 23) + ((rm >> 3) & 0x7fffff);
    r += ((rm & 7) + (r & 1)) > 4;
    if (r < 0x800000) {
        return wh ? nan : rs;
    }
    return (nan ? nan : rs) | r;
}

#endif
