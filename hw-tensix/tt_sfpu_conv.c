/*
 * Tensix Vector Unit (SFPU): data type conversions (SFPCAST, SFPSTOCHRND)
 * and the instructions that move data between lanes or registers
 * (SFPSWAP, SFPTRANSP, SFPSHFT2).
 *
 * tt-isa-documentation WormholeB0 TensixCoprocessor/SFPCAST.md,
 * SFPSTOCHRND_FloatFloat.md, SFPSTOCHRND_FloatInt.md,
 * SFPSTOCHRND_IntInt.md, SFPSWAP.md, SFPTRANSP.md, SFPSHFT2.md;
 * BlackholeA0 SFPCAST_IntFloat.md, SFPCAST_IntInt.md, SFPCAST_IntAbs.md,
 * the SFPSTOCHRND pages (RoundingMode) and SFPSHFT2.md (SHFLSHR1 fixed).
 * See docs/units/sfpu.md.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/bitops.h"
#include "qemu/host-utils.h"
#include "tt_log.h"
#include "tt_unit.h"

#define LANES           TT_SFPU_LANES
#define SIGN            0x80000000u

static bool tt_sfpu_bh(TTCoproc *s)
{
    return s->arch->id == TT_ARCH_BLACKHOLE;
}

/* ---------------------------------------------------------------------- */
/* SFPCAST                                                                */
/* ---------------------------------------------------------------------- */

#define SFPCAST_MOD1_RND_STOCH  1
#define SFPCAST_MOD1_INT32_ABS  2       /* Blackhole */
#define SFPCAST_MOD1_INT32_SM32 3       /* Blackhole */

/* SignMag32ToFp32, rounding to nearest even or with 7 PRNG bits */
static uint32_t tt_sfpu_sm32_to_fp32(TTSfpuState *u, int l, uint32_t c,
                                     bool stoch)
{
    uint32_t mag = c & ~SIGN;
    uint32_t lz = mag ? clz32(mag) : 157;
    uint32_t norm = mag << (lz & 31);
    uint32_t d = (c & SIGN) + ((157 - lz) << 23) + (norm >> 8);

    if (stoch) {
        d += (norm & 0xfe) > ((tt_sfpu_prng(u, l) >> 9) & 0xfe);
    } else {
        d += (norm & 0x80) && (norm & 0x17f);
    }
    return d;
}

static TTExec tt_sfpcast_body(TTCoproc *s, int t, uint32_t insn)
{
    TTSfpuState *u = &s->sfpu;
    unsigned mod1 = FIELD_EX32(insn, SFPCAST, instr_mod1);
    unsigned vd = tt_sfpu_vd(s, FIELD_EX32(insn, SFPCAST, lreg_dest));
    unsigned vc = tt_sfpu_vc(s, extract32(FIELD_EX32(insn, SFPCAST,
                                                     lreg_src_c), 0, 4));
    unsigned mode = tt_sfpu_bh(s) ? mod1 & 3 : mod1 & SFPCAST_MOD1_RND_STOCH;
    uint32_t r[LANES];
    uint8_t en[LANES];

    if (mode >= SFPCAST_MOD1_INT32_ABS) {
        /* The new Blackhole modes have no back door */
        tt_sfpu_lane_enabled(s, en);
    } else {
        tt_sfpu_active_enabled(s, insn, vd, en);
    }
    for (int l = 0; l < LANES; l++) {
        uint32_t c = u->lreg[vc][l];

        switch (mode) {
        case SFPCAST_MOD1_INT32_ABS:
            r[l] = c & SIGN ? -c : c;
            break;
        case SFPCAST_MOD1_INT32_SM32:
            r[l] = (c & SIGN) | (c & SIGN ? -c : c);
            break;
        default:
            /* The PRNG advances only in lanes that execute */
            r[l] = en[l] ? tt_sfpu_sm32_to_fp32(u, l, c, mode) : 0;
            break;
        }
    }
    tt_sfpu_commit(s, vd, r, en);
    return TT_EXEC_DONE;
}

/* ---------------------------------------------------------------------- */
/* SFPSTOCHRND                                                            */
/* ---------------------------------------------------------------------- */

enum {
    STOCHRND_FP32_TO_FP16A, STOCHRND_FP32_TO_FP16B, STOCHRND_FP32_TO_UINT8,
    STOCHRND_FP32_TO_INT8, STOCHRND_INT32_TO_UINT8, STOCHRND_INT32_TO_INT8,
    STOCHRND_FP32_TO_UINT16, STOCHRND_FP32_TO_INT16,
};

/* FP32 -> FP32 with 10 (FP16A) or 7 (FP16B) mantissa bits */
static uint32_t tt_sfpu_rnd_float(uint32_t x, unsigned mod1, uint32_t prng)
{
    unsigned exp = (x >> 23) & 0xff;
    unsigned cut = mod1 == STOCHRND_FP32_TO_FP16A ? 13 : 16;
    uint32_t lost;

    if (exp == 0) {
        return 0;
    }
    if (exp == 255) {
        return x & 0xff800000;
    }
    lost = x & MAKE_64BIT_MASK(0, cut);
    x -= lost;
    if (lost >= (prng >> (23 - cut))) {
        x += 1u << cut;
    }
    return x;
}

/* FP32 -> sign-magnitude integer of at most @max, signed or not */
static uint32_t tt_sfpu_rnd_fp_int(uint32_t c, bool keep_sign, uint32_t max,
                                   uint32_t prng)
{
    uint32_t sign = keep_sign ? c & SIGN : 0;
    int exp = (int)((c >> 23) & 0xff) - 127;
    uint64_t mag;

    if (exp < -1) {
        return 0;
    }
    if (exp >= 16) {
        return sign + max;
    }
    mag = 0x800000 | (c & 0x7fffff);
    mag = exp >= 0 ? mag << exp : mag >> -exp;
    mag = (mag >> 23) + ((mag & 0x7fffff) >= prng);
    mag = MIN(mag, max);
    return mag ? sign + mag : 0;
}

/* Sign-magnitude integer >> shift, rounded, clamped to 8 bits */
static uint32_t tt_sfpu_rnd_int(uint32_t c, unsigned shift, bool is_signed,
                                uint32_t prng)
{
    uint32_t sign = c & SIGN;
    uint64_t mag = (uint64_t)(c & ~SIGN) << 23;

    mag >>= shift;
    mag = (mag >> 23) + ((mag & 0x7fffff) >= prng);
    if (!is_signed) {
        return MIN(mag, 255);
    }
    mag = MIN(mag, 127);
    return mag ? sign + mag : 0;
}

static TTExec tt_sfp_stoch_rnd_body(TTCoproc *s, int t, uint32_t insn)
{
    TTSfpuState *u = &s->sfpu;
    unsigned mod1 = extract32(FIELD_EX32(insn, SFP_STOCH_RND, instr_mod1),
                              0, 3);
    bool use_imm5 = extract32(FIELD_EX32(insn, SFP_STOCH_RND, instr_mod1),
                              3, 1);
    unsigned vd = tt_sfpu_vd(s, FIELD_EX32(insn, SFP_STOCH_RND, lreg_dest));
    unsigned vc = tt_sfpu_vc(s, FIELD_EX32(insn, SFP_STOCH_RND, lreg_src_c));
    unsigned vb = tt_sfpu_vb(s, FIELD_EX32(insn, SFP_STOCH_RND, lreg_src_b));
    unsigned imm5 = FIELD_EX32(insn, SFP_STOCH_RND, imm8_math);
    unsigned rnd = FIELD_EX32(insn, SFP_STOCH_RND, rnd_mode);
    uint32_t r[LANES];
    uint8_t en[LANES];

    /*
     * Wormhole: StochasticRounding (bit 0), else nearest (ties away).
     * Blackhole RoundingMode: 0 nearest, 1 stochastic, 2 toward zero (as
     * buggy as the pages say), 3 (not defined) stochastic.
     */
    rnd &= tt_sfpu_bh(s) ? 3 : 1;
    tt_sfpu_active_enabled(s, insn, vd, en);
    for (int l = 0; l < LANES; l++) {
        uint32_t c = u->lreg[vc][l], prng;

        if (!en[l]) {
            r[l] = 0;
            continue;
        }
        prng = tt_sfpu_prng(u, l) & 0x7fffff;
        if (rnd == 0) {
            prng = 0x400000;
        } else if (rnd == 2) {
            prng = 0x7fffff;
        }
        switch (mod1) {
        case STOCHRND_FP32_TO_FP16A:
        case STOCHRND_FP32_TO_FP16B:
            r[l] = tt_sfpu_rnd_float(c, mod1, prng);
            break;
        case STOCHRND_FP32_TO_UINT8:
            r[l] = tt_sfpu_rnd_fp_int(c, false, 255, prng);
            break;
        case STOCHRND_FP32_TO_INT8:
            r[l] = tt_sfpu_rnd_fp_int(c, true, 127, prng);
            break;
        case STOCHRND_FP32_TO_UINT16:
            r[l] = tt_sfpu_rnd_fp_int(c, false, 65535, prng);
            break;
        case STOCHRND_FP32_TO_INT16:
            r[l] = tt_sfpu_rnd_fp_int(c, true, 32767, prng);
            break;
        default:                /* INT32_TO_UINT8, INT32_TO_INT8 */
            r[l] = tt_sfpu_rnd_int(c, use_imm5 ? imm5 : u->lreg[vb][l] & 31,
                                   mod1 == STOCHRND_INT32_TO_INT8, prng);
            break;
        }
    }
    tt_sfpu_commit(s, vd, r, en);
    return TT_EXEC_DONE;
}

/* ---------------------------------------------------------------------- */
/* SFPSWAP                                                                */
/* ---------------------------------------------------------------------- */

/* SignMagIsSmaller(C, D): sign-magnitude (or FP32 total order) C < D */
static bool tt_sfpu_sm_less(uint32_t c, uint32_t d)
{
    c ^= (uint32_t)((int32_t)c >> 30) >> 1;
    d ^= (uint32_t)((int32_t)d >> 30) >> 1;
    return (int32_t)c < (int32_t)d;
}

/* VDGetsMin per Mod1 (bit per lane); 0: unconditional swap */
static const uint32_t tt_sfpu_swap_min[16] = {
    0, 0xffffffff, 0x0000ffff, 0x00ff00ff, 0xff0000ff, 0x000000ff,
    0x0000ff00, 0x00ff0000, 0xff000000,
};

static TTExec tt_sfpswap_body(TTCoproc *s, int t, uint32_t insn)
{
    TTSfpuState *u = &s->sfpu;
    unsigned mod1 = FIELD_EX32(insn, SFPSWAP, instr_mod1);
    unsigned vd = tt_sfpu_vd(s, FIELD_EX32(insn, SFPSWAP, lreg_dest));
    unsigned vc = tt_sfpu_vc(s, FIELD_EX32(insn, SFPSWAP, lreg_src_c));
    uint32_t gets_min = tt_sfpu_swap_min[mod1];
    uint8_t en[LANES];

    tt_sfpu_active_enabled(s, insn, vd, en);
    for (int l = 0; l < LANES; l++) {
        uint32_t lc = u->lane_config[l];
        uint32_t cv = u->lreg[vc][l], dv = u->lreg[vd][l];
        bool swap = true;

        if (!en[l]) {
            continue;
        }
        if (mod1 != 0) {
            swap = tt_sfpu_sm_less(cv, dv) == extract32(gets_min, l, 1);
            if (lc & (1u << 8)) {           /* EXCHANGE_SRCB_SRCC */
                swap = !swap;
            }
        }
        if (!swap) {
            continue;
        }
        if (lc & TT_SFPU_LC_ENABLE_DEST_INDEX) {
            unsigned ca = 4 + (vc & 3), da = 4 + (vd & 3);
            uint32_t cav = u->lreg[ca][l], dav = u->lreg[da][l];

            if (vc < 4) {
                u->lreg[vc][l] = dv;
            }
            if (vd < 4) {
                u->lreg[vd][l] = cv;
            }
            u->lreg[ca][l] = dav;
            u->lreg[da][l] = cav;
        } else {
            if (vc < 8) {
                u->lreg[vc][l] = dv;
            }
            if (vd < 8) {
                u->lreg[vd][l] = cv;
            }
        }
    }
    return TT_EXEC_DONE;
}

/* ---------------------------------------------------------------------- */
/* SFPTRANSP, SFPSHFT2                                                    */
/* ---------------------------------------------------------------------- */

/*
 * "VD < 12 || LaneConfig.DISABLE_BACKDOOR_LOAD" outside a lanewise
 * block: the model reads lane 0's LaneConfig (SFPCONFIG writes every
 * lane alike); the back door writes the template in the lanes where it
 * is open.
 */
static bool tt_sfpu_acts(TTCoproc *s, uint32_t insn, unsigned vd)
{
    uint8_t act[LANES];

    tt_sfpu_backdoor(s, insn, vd, act);
    return act[0];
}

/* Transpose4(Base) of SFPTRANSP.md */
static void tt_sfpu_transpose4(TTSfpuState *u, unsigned base,
                               const uint8_t *en)
{
    for (unsigned col = 0; col < 8; col++) {
        for (unsigned i = 0; i < 4; i++) {
            for (unsigned j = 0; j < i; j++) {
                uint32_t ij = u->lreg[base + i][j * 8 + col];
                uint32_t ji = u->lreg[base + j][i * 8 + col];

                if (en[j * 8 + col]) {
                    u->lreg[base + i][j * 8 + col] = ji;
                }
                if (en[i * 8 + col]) {
                    u->lreg[base + j][i * 8 + col] = ij;
                }
            }
        }
    }
}

static TTExec tt_sfptransp_body(TTCoproc *s, int t, uint32_t insn)
{
    unsigned vd = tt_sfpu_vd(s, FIELD_EX32(insn, SFPTRANSP, lreg_dest));
    uint8_t en[LANES];

    if (tt_sfpu_acts(s, insn, vd)) {
        tt_sfpu_lane_enabled(s, en);
        tt_sfpu_transpose4(&s->sfpu, 0, en);
        tt_sfpu_transpose4(&s->sfpu, 4, en);
    }
    return TT_EXEC_DONE;
}

enum {
    SHFT2_COPY4, SHFT2_SUBVEC_CHAINED_COPY4, SHFT2_SUBVEC_SHFLROR1_AND_COPY4,
    SHFT2_SUBVEC_SHFLROR1, SHFT2_SUBVEC_SHFLSHR1, SHFT2_SHFT_LREG,
    SHFT2_SHFT_IMM,
};

/* LReg[0..2] = LReg[1..3], LReg[3] = @l3 in the lanes @en */
static void tt_sfpu_copy4(TTSfpuState *u, const uint32_t *l3,
                          const uint8_t *en)
{
    for (int l = 0; l < LANES; l++) {
        if (en[l]) {
            u->lreg[0][l] = u->lreg[1][l];
            u->lreg[1][l] = u->lreg[2][l];
            u->lreg[2][l] = u->lreg[3][l];
            u->lreg[3][l] = l3[l];
        }
    }
}

/* Rotate each group of eight lanes of @vc right by one lane */
static void tt_sfpu_ror1(uint32_t *out, const uint32_t *vc)
{
    for (int l = 0; l < LANES; l++) {
        out[l] = l & 7 ? vc[l - 1] : vc[l + 7];
    }
}

static TTExec tt_sfpshft2_body(TTCoproc *s, int t, uint32_t insn)
{
    TTSfpuState *u = &s->sfpu;
    unsigned mod1 = FIELD_EX32(insn, SFPSHFT2, instr_mod1);
    unsigned vd = tt_sfpu_vd(s, FIELD_EX32(insn, SFPSHFT2, lreg_dest));
    unsigned vc = tt_sfpu_vc(s, FIELD_EX32(insn, SFPSHFT2, lreg_src_c));
    uint32_t imm12 = FIELD_EX32(insn, SFPSHFT2, imm12_math);
    unsigned vb = tt_sfpu_vb(s, extract32(imm12, 0, 4));
    uint32_t vcv[LANES], r[LANES];
    uint8_t act[LANES], en[LANES];
    int32_t n;

    tt_sfpu_backdoor(s, insn, vd, act);
    tt_sfpu_lane_enabled(s, en);
    memcpy(vcv, u->lreg[vc], sizeof(vcv));
    switch (mod1) {
    case SHFT2_COPY4:
    case SHFT2_SUBVEC_CHAINED_COPY4:
        for (int l = 0; l < LANES; l++) {
            en[l] &= act[l];
            r[l] = mod1 == SHFT2_COPY4 || l >= 24 ? 0 : u->lreg[0][l + 8];
        }
        tt_sfpu_copy4(u, r, en);
        break;
    case SHFT2_SUBVEC_SHFLROR1_AND_COPY4:
    case SHFT2_SUBVEC_SHFLROR1:
        if (!act[0]) {
            break;
        }
        if (vd < 12) {
            memcpy(u->shflror_vc, vcv, sizeof(vcv));
        }
        tt_sfpu_ror1(r, vcv);
        if (mod1 == SHFT2_SUBVEC_SHFLROR1) {
            tt_sfpu_commit(s, vd, r, en);
        } else {
            tt_sfpu_copy4(u, r, en);
        }
        break;
    case SHFT2_SUBVEC_SHFLSHR1:
        /*
         * Column 0 should get 0; Wormhole's bug gives it column 7 of the
         * VC the last SHFLROR1(_AND_COPY4) read
         */
        for (int l = 0; l < LANES; l++) {
            if (l & 7) {
                r[l] = vcv[l - 1];
            } else {
                r[l] = tt_sfpu_bh(s) ? 0 : u->shflror_vc[l + 7];
            }
        }
        tt_sfpu_commit(s, vd, r, en);
        break;
    case SHFT2_SHFT_LREG:
    case SHFT2_SHFT_IMM:
        for (int l = 0; l < LANES; l++) {
            uint32_t x = u->lreg[vb][l];

            n = mod1 == SHFT2_SHFT_IMM ? sextract32(imm12, 0, 12)
                                       : (int32_t)vcv[l];
            r[l] = n >= 0 ? x << (n & 31) : x >> (-n & 31);
        }
        tt_sfpu_commit(s, vd, r, en);
        break;
    default:
        tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: T%d: SFPSHFT2 with "
                    "undefined Mod1 %u: no effect\n", t, mod1);
        break;
    }
    return TT_EXEC_DONE;
}

/* ---------------------------------------------------------------------- */
/* The instructions: issue through the sequencer (tt_sfpu_issue)          */
/* ---------------------------------------------------------------------- */

TT_SFPU_INSN(tt_sfpcast)
TT_SFPU_INSN(tt_sfp_stoch_rnd)
TT_SFPU_INSN(tt_sfpswap)
TT_SFPU_INSN(tt_sfptransp)
TT_SFPU_INSN(tt_sfpshft2)
