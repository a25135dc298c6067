/*
 * Tenstorrent Tensix tile: the baby cores' floating point arithmetic
 *
 * BlackholeA0/TensixTile/BabyRISCV/InstructionSet.md: every baby core has
 * part of F and of Zfh, TRISC2 part of V.  fadd, fsub, fmul and the fmadd
 * family (.s and .h, and the FP32 vector forms) treat denormal inputs as
 * zero, flush denormal results to zero and compute "somewhere between
 * separate multiply/add and fused multiply/add": Miscellaneous/FMA's
 * fma_model_bh, the model of the Vector Unit's SFPMAD, which this file
 * hands to the CPU (riscv_cpu_set_tt_fp_fn, riscv_cpu_set_tt_fp16_fn).
 *
 * CSRs.md cfg0: EnBFloat (bit 30) switches the .h instructions to bfloat16,
 * EnBFloatRTNE (bit 31) makes bfloat16 round to nearest even instead of
 * towards zero.
 *
 * The 16-bit formats: the pages give the .h instructions "the same
 * caveats" as the .s ones and no model of their own, so the .h
 * multiply-add is fma_model_bh with the format's widths (the product cut
 * to the addend's precision plus three bits, and so on); FP32's widths
 * give tt_sfpu_fma() back bit for bit.  docs/decisions.md ("Blackhole
 * baby cores' floating point") records the choice.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/host-utils.h"
#include "tt_core.h"
#include "tt_sfpu_fma.h"

#define TT_CFG0_EN_BFLOAT       (1u << 30)
#define TT_CFG0_EN_BFLOAT_RTNE  (1u << 31)

/* A binary floating-point format of at most 32 bits */
typedef struct TTFpFormat {
    int man;                    /* fraction bits */
    int emax;                   /* all-ones exponent field */
    int bias;
    uint32_t sign;              /* the sign bit */
    uint32_t qnan;              /* the only NaN result */
} TTFpFormat;

static const TTFpFormat tt_fp16 = { 10, 31, 15, 0x8000, 0x7e00 };
static const TTFpFormat tt_bf16 = { 7, 255, 127, 0x8000, 0x7fc0 };

/*
 * x * y + z on bit patterns of format @f as fma_model_bh computes it
 * (tt_sfpu_fma() for FP32), rounding to nearest even if @rne, else
 * towards zero.
 */
static uint32_t tt_core_fma_fmt(const TTFpFormat *f, uint32_t x,
                                uint32_t y, uint32_t z, bool rne)
{
    uint32_t fmask = (1u << f->man) - 1, one = 1u << f->man;
    int xe = (x >> f->man) & f->emax, ye = (y >> f->man) & f->emax;
    int ze = (z >> f->man) & f->emax;
    uint32_t xf = x & fmask, yf = y & fmask, zf = z & fmask;
    uint32_t ps = (x ^ y) & f->sign, zs = z & f->sign, rs, rm, r;
    uint64_t prod, pm, zm, cut = (1ull << (f->man - 3)) - 1;
    int pe, re, n;

    /* Significands with the implicit bit; a denormal is zero */
    prod = (uint64_t)(xe ? xf | one : 0) * (ye ? yf | one : 0);
    zm = (uint64_t)(ze ? zf | one : 0) << 3;
    /* The product at the addend's scale, three extra bits, sticky */
    pm = (prod >> (f->man - 3)) | ((prod & cut) != 0);
    pe = xe + ye - f->bias;

    if (xe == f->emax || ye == f->emax || ze == f->emax || pe >= f->emax) {
        bool invalid = (xe == f->emax && (xf || !ye)) ||
                       (ye == f->emax && (yf || !xe));
        bool big = xe == f->emax || ye == f->emax;
        bool zinf = ze == f->emax && !zf, znan = ze == f->emax && zf;

        if (invalid || znan || (zinf && big && zs != ps)) {
            return f->qnan;
        }
        return zinf ? z : ps | ((uint32_t)f->emax << f->man);
    }
    if (pm == 0 || pe < 0) {
        return zm ? z : zs & ps;
    }

    /* Align to the larger exponent and add the magnitudes */
    re = MAX(pe, ze);
    pm = tt_fma_align(pm, re - pe);
    zm = tt_fma_align(zm, re - ze);
    rs = pm >= zm ? ps : zs;
    rm = ps == zs ? pm + zm : (pm >= zm ? pm - zm : zm - pm);
    if (rm == 0) {
        return zs & ps;
    }

    /* Normalise to bit man + 3 */
    n = (28 - f->man) - clz32(rm);
    re += n;
    if (re >= f->emax) {
        return rs | ((uint32_t)f->emax << f->man);
    }
    if (re <= 0) {
        n += 1;
        re = 0;
    }
    if (n <= 0) {
        rm <<= -n;
    } else {
        rm = (rm >> n) | ((rm & (n == 1 ? 1 : 3)) != 0);
    }

    r = ((uint32_t)re << f->man) + ((rm >> 3) & fmask);
    if (rne) {
        r += ((rm & 7) + (r & 1)) > 4;
    }
    if (r < one) {
        return rs;              /* denormal: a zero of the result's sign */
    }
    return rs | r;
}

static uint32_t tt_core_fma32(uint32_t x, uint32_t y, uint32_t z)
{
    return tt_sfpu_fma(x, y, z, false);
}

static uint16_t tt_core_fma16(uint16_t x, uint16_t y, uint16_t z, int mode)
{
    if (mode == TT_H_FP16) {
        return tt_core_fma_fmt(&tt_fp16, x, y, z, true);
    }
    return tt_core_fma_fmt(&tt_bf16, x, y, z, mode == TT_H_BF16_RNE);
}

void tt_core_fp_init(TTCore *c)
{
    if (c->cpu.cfg.tt_bh_fp) {
        riscv_cpu_set_tt_fp_fn(&c->cpu.env, tt_core_fma32);
        riscv_cpu_set_tt_fp16_fn(&c->cpu.env, tt_core_fma16);
        tt_core_fp_sync(c);
    }
}

void tt_core_fp_sync(TTCore *c)
{
    uint32_t cfg0 = c->cfg0[0];

    if (!c->created) {
        return;
    }
    if (!(cfg0 & TT_CFG0_EN_BFLOAT)) {
        c->cpu.env.tt_h_mode = TT_H_FP16;
    } else {
        c->cpu.env.tt_h_mode = cfg0 & TT_CFG0_EN_BFLOAT_RTNE ?
                               TT_H_BF16_RNE : TT_H_BF16_RTZ;
    }
}
