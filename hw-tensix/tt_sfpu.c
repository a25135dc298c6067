/*
 * Tensix Vector Unit (SFPU): its state, the Dst <-> LReg movement
 * (SFPLOAD, SFPSTORE), immediates (SFPLOADI), configuration (SFPCONFIG),
 * SFPNOP and lane predication (SFPENCC, SFPSETCC, SFPPUSHC, SFPPOPC,
 * SFPCOMPC).  The arithmetic and bit operations are in tt_sfpu_ops.c.
 *
 * tt-isa-documentation WormholeB0 and BlackholeA0
 * TensixCoprocessor/VectorUnit.md, LReg.md, SFPLOAD.md, SFPSTORE.md,
 * SFPLOADI.md, SFPCONFIG.md, SFPNOP.md, SFPENCC.md, SFPSETCC.md,
 * SFPPUSHC.md, SFPPOPC.md, SFPCOMPC.md, SFPLOADMACRO.md (LoadMacroConfig);
 * Dst.md and RWCs.md (ApplyPartialAddrMod).  See docs/units/sfpu.md.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/bitops.h"
#include "qemu/host-utils.h"
#include "qapi/error.h"
#include "qapi/visitor.h"
#include "qapi/qapi-builtin-visit.h"
#include "migration/vmstate.h"
#include "tt_log.h"
#include "tt_unit.h"

#define LANES           TT_SFPU_LANES
#define SIGN            0x80000000u

/* ---------------------------------------------------------------------- */
/* Lane predication (VectorUnit.md)                                       */
/* ---------------------------------------------------------------------- */

/*
 * Recompute TTSfpuState.lm_uniform after LoadMacroConfig changed: macro m
 * is uniform when Misc, Sequence[m] and the templates Sequence[m] selects
 * are the same in every lane
 */
static void tt_sfpu_lm_changed(TTSfpuState *u)
{
    unsigned seq_same = 0, tmpl_same = 0;
    bool misc_same = true;

    for (unsigned i = 0; i < TT_SFPU_MACROS; i++) {
        bool seq = true, tmpl = true;

        for (int l = 1; l < LANES; l++) {
            seq &= u->lm_sequence[i][l] == u->lm_sequence[i][0];
            tmpl &= u->lm_template[i][l] == u->lm_template[i][0];
        }
        seq_same |= seq << i;
        tmpl_same |= tmpl << i;
    }
    for (int l = 1; l < LANES; l++) {
        misc_same &= u->lm_misc[l] == u->lm_misc[0];
    }
    u->lm_uniform = 0;
    for (unsigned m = 0; m < TT_SFPU_MACROS && misc_same; m++) {
        bool same = seq_same & BIT(m);

        for (unsigned i = 0; i < TT_SFPU_SUBUNITS; i++) {
            unsigned sel = extract32(u->lm_sequence[m][0], i * 8, 3);

            if (sel >= 4) {
                same &= !!(tmpl_same & BIT(sel - 4));
            }
        }
        u->lm_uniform |= same << m;
    }
    u->lm_gen++;
}

void tt_sfpu_backdoor(TTCoproc *s, uint32_t insn, unsigned vd,
                      uint8_t act[LANES])
{
    TTSfpuState *u = &s->sfpu;
    uint8_t a[LANES] TT_SFPU_NOINIT;    /* a local: no aliasing with u */
    bool written = false;

    if (u->seq.mx_on || vd < 12) {
        memset(act, 1, LANES);
        return;
    }
    /* VD >= 12: the lanes with DISABLE_BACKDOOR_LOAD */
    for (int l = 0; l < LANES; l++) {
        a[l] = (u->lane_config[l] & TT_SFPU_LC_DISABLE_BACKDOOR_LOAD) >> 1;
    }
    memcpy(act, a, sizeof(a));
    for (int l = 0; l < LANES; l++) {
        if (!act[l]) {
            u->lm_template[vd - 12][l] = insn;
            written = true;
        }
    }
    if (written) {
        tt_sfpu_lm_changed(u);
    }
}

/* Recompute TTSfpuState.row_enabled after lane_config changed */
static void tt_sfpu_lane_config_changed(TTSfpuState *u)
{
    for (int l = 0; l < LANES; l++) {
        u->row_enabled[l] = !((u->lane_config[l % 8] >>
                               (TT_SFPU_LC_ROW_MASK_SHIFT + l / 8)) & 1);
    }
}

void tt_sfpu_lane_enabled(TTCoproc *s, uint8_t en[LANES])
{
    TTSfpuState *u = &s->sfpu;
    uint8_t e[LANES] TT_SFPU_NOINIT;

    /* Bytes of 0 or 1 throughout: one vector operation per term */
    for (int l = 0; l < LANES; l++) {
        e[l] = u->row_enabled[l] & ((u->use_flags[l] ^ 1) | u->flags[l]);
    }
    memcpy(en, e, sizeof(e));
}

bool tt_sfpu_any_lane_enabled(TTCoproc *s)
{
    uint8_t en[LANES];

    tt_sfpu_lane_enabled(s, en);
    for (int l = 0; l < LANES; l++) {
        if (en[l]) {
            return true;
        }
    }
    return false;
}

void tt_sfpu_active_enabled(TTCoproc *s, uint32_t insn, unsigned vd,
                            uint8_t en[LANES])
{
    uint8_t act[LANES] TT_SFPU_NOINIT;

    tt_sfpu_backdoor(s, insn, vd, act);
    tt_sfpu_lane_enabled(s, en);
    for (int l = 0; l < LANES; l++) {
        en[l] &= act[l];
    }
}

void tt_sfpu_commit(TTCoproc *s, unsigned vd, const uint32_t *r,
                    const uint8_t *en)
{
    uint32_t d[LANES] TT_SFPU_NOINIT;  /* a local: no aliasing with @r */

    if (vd >= 8 && vd != TT_SFPU_LREG_MACRO) {
        return;
    }
    memcpy(d, s->sfpu.lreg[vd], sizeof(d));
    for (int l = 0; l < LANES; l++) {
        uint32_t m = -(uint32_t)en[l];

        d[l] = (r[l] & m) | (d[l] & ~m);
    }
    memcpy(s->sfpu.lreg[vd], d, sizeof(d));
}

static uint32_t tt_sfpu_prng_step(uint32_t x)
{
    return (~(uint32_t)ctpop32(x & 0x80200003) << 31) | (x >> 1);
}

/*
 * The pages do not say how one 32-bit value seeds 32 lanes; Tenstorrent's
 * ttsim (v1.10.0) steps the seed 32 times, then gives lanes 31 down to 0
 * every second state after that (docs/decisions.md)
 */
void tt_sfpu_seed_prng(TTCoproc *s, uint32_t seed)
{
    for (int i = 0; i < 32; i++) {
        seed = tt_sfpu_prng_step(seed);
    }
    for (int l = TT_SFPU_LANES - 1; l >= 0; l--) {
        seed = tt_sfpu_prng_step(tt_sfpu_prng_step(seed));
        s->sfpu.prng[l] = seed;
    }
}

uint32_t tt_sfpu_prng(TTSfpuState *u, int l)
{
    uint32_t x = u->prng[l];

    u->prng[l] = tt_sfpu_prng_step(x);
    return x;
}

/* ---------------------------------------------------------------------- */
/* SFPLOAD, SFPSTORE                                                      */
/* ---------------------------------------------------------------------- */

/* Mod0 of SFPLOAD.md / SFPSTORE.md */
enum {
    MOD0_FMT_SRCB, MOD0_FMT_FP16, MOD0_FMT_BF16, MOD0_FMT_FP32,
    MOD0_FMT_INT32, MOD0_FMT_INT8, MOD0_FMT_UINT16, MOD0_FMT_HI16,
    MOD0_FMT_INT16, MOD0_FMT_LO16, MOD0_FMT_INT32_ALL, MOD0_FMT_ZERO,
    MOD0_FMT_INT32_SM, MOD0_FMT_INT8_COMP, MOD0_FMT_LO16_ONLY,
    MOD0_FMT_HI16_ONLY,
};

/* Data formats whose SrcB style is BF16 (SFPLOAD.md, MOD0_FMT_SRCB) */
#define SRCB_BF16_FORMATS ((1u << 0) | (1u << 4) | (1u << 5) | (1u << 6) | \
                           (1u << 7) | (1u << 15) | (1u << 8) | (1u << 9))

static bool tt_sfpu_is_bh(TTCoproc *s)
{
    return s->arch->id == TT_ARCH_BLACKHOLE;
}

/* MOD0_FMT_SRCB resolved from the configuration, other modes unchanged */
static unsigned tt_sfpu_mod0(TTCoproc *s, int t, unsigned mod0)
{
    unsigned fmt;

    if (mod0 != MOD0_FMT_SRCB) {
        return mod0;
    }
    if (TT_CFG_CFG(s, t, ALU_ACC_CTRL_SFPU_Fp32_enabled)) {
        return MOD0_FMT_FP32;
    }
    fmt = TT_CFG_CFG(s, t, ALU_FORMAT_SPEC_REG_SrcB_override) ?
          TT_CFG_CFG(s, t, ALU_FORMAT_SPEC_REG_SrcB_val) :
          TT_CFG_CFG(s, t, ALU_FORMAT_SPEC_REG1_SrcB);
    return (SRCB_BF16_FORMATS >> fmt) & 1 ? MOD0_FMT_BF16 : MOD0_FMT_FP16;
}

/* The operands of SFPLOAD / SFPSTORE (and SFPLOADMACRO's load) */
typedef struct TTSfpuMove {
    unsigned vd, mod0, addr_mod;
    unsigned addr;              /* uint10_t Addr after the adjustments */
} TTSfpuMove;

/*
 * Decode SFPLOAD (@store false) or SFPSTORE and compute Addr.  Blackhole's
 * MOD0_FMT_INT32_ALL moves RWCs[t].Sp (SFPLOAD: decrement first if not 0;
 * SFPSTORE: increment after), by ThreadConfig SFPU_STACK_Incr.
 */
static TTSfpuMove tt_sfpu_move_decode(TTCoproc *s, int t, uint32_t insn,
                                      bool store)
{
    TTRwc *rwc = &s->adc.rwc[t];
    TTSfpuMove m;
    unsigned imm10, dst_off;

    if (tt_sfpu_is_bh(s)) {
        imm10 = FIELD_EX32(insn, BH_SFPLOAD, dest_reg_addr);
        m.addr_mod = FIELD_EX32(insn, BH_SFPLOAD, sfpu_addr_mode);
        m.mod0 = FIELD_EX32(insn, BH_SFPLOAD, instr_mod0);
        m.vd = FIELD_EX32(insn, BH_SFPLOAD, lreg_ind);
    } else {
        imm10 = FIELD_EX32(insn, WH_SFPLOAD, dest_reg_addr);
        m.addr_mod = FIELD_EX32(insn, WH_SFPLOAD, sfpu_addr_mode);
        m.mod0 = FIELD_EX32(insn, WH_SFPLOAD, instr_mod0);
        m.vd = FIELD_EX32(insn, WH_SFPLOAD, lreg_ind);
    }
    m.mod0 = tt_sfpu_mod0(s, t, m.mod0);

    m.addr = extract32(imm10, 0, 10) +
             TT_CFG_THD(s, t, DEST_TARGET_REG_CFG_MATH_Offset);
    dst_off = (rwc->dst + TT_CFG_CFG(s, t, DEST_REGW_BASE_Base)) & 0x3ff;
    if (!tt_sfpu_is_bh(s)) {
        m.addr += m.mod0 == MOD0_FMT_INT32_ALL ? dst_off & 3 : dst_off;
    } else {
        uint32_t incr = TT_CFG_FIELD_OF(
            s->cfg.thd[t][TT_BH_THD_SFPU_STACK_Incr_ADDR32],
            TT_BH_THD_SFPU_STACK_Incr);
        unsigned sp_off;

        if (m.mod0 == MOD0_FMT_INT32_ALL && !store && rwc->sp != 0) {
            rwc->sp = (rwc->sp - incr) & MAKE_64BIT_MASK(0, TT_RWC_SP_BITS);
        }
        sp_off = (rwc->sp + TT_CFG_CFG_BH(s, t, DEST_SP_BASE_Base)) & 0x3ff;
        if (m.mod0 == MOD0_FMT_INT32_ALL) {
            m.addr += sp_off + (dst_off & 3);
            if (store) {
                rwc->sp = (rwc->sp + incr) &
                          MAKE_64BIT_MASK(0, TT_RWC_SP_BITS);
            }
        } else {
            m.addr += dst_off + (sp_off & 3);
        }
    }
    m.addr &= 0x3ff;
    return m;
}

/* SFPSTORE is decoded with SFPLOAD's fields */
#define TT_SFPU_SAME_FIELD(A, I, F) \
    QEMU_BUILD_BUG_ON((int)R_##A##_SFPSTORE_##F##_SHIFT != \
                      (int)R_##A##_##I##_##F##_SHIFT)
TT_SFPU_SAME_FIELD(WH, SFPLOAD, dest_reg_addr);
TT_SFPU_SAME_FIELD(WH, SFPLOAD, sfpu_addr_mode);
TT_SFPU_SAME_FIELD(WH, SFPLOAD, instr_mod0);
TT_SFPU_SAME_FIELD(WH, SFPLOAD, lreg_ind);
TT_SFPU_SAME_FIELD(BH, SFPLOAD, dest_reg_addr);
TT_SFPU_SAME_FIELD(BH, SFPLOAD, sfpu_addr_mode);
TT_SFPU_SAME_FIELD(BH, SFPLOAD, instr_mod0);
TT_SFPU_SAME_FIELD(BH, SFPLOAD, lreg_ind);

/* Row and column of Dst lane @l reaches (SFPLOAD.md, SFPSTORE.md) */
static unsigned tt_sfpu_row(unsigned addr, int l)
{
    return ((addr & ~3u) + l / 8) & 0x3ff;
}

static unsigned tt_sfpu_col(TTSfpuState *u, unsigned addr, int l,
                            uint32_t exchange)
{
    return (l & 7) * 2 + ((addr & 2) || (u->lane_config[l & 7] & exchange));
}

/* Dst -> LReg conversions (SFPLOAD.md) */
static uint32_t tt_sfpu_unshuffle_fp32(uint32_t x)
{
    uint32_t hi = x >> 16;

    hi = (hi & 0x8000) | ((hi & 0xff) << 7) | ((hi & 0x7f00) >> 8);
    return (hi << 16) | (x & 0xffff);
}

static uint32_t tt_sfpu_read_fp16(uint16_t x, bool inf)
{
    uint32_t sign = x >> 15, man = (x >> 5) & 0x3ff, exp = x & 0x1f;

    if (inf && exp == 0x1f && man == 0x3ff) {
        exp = 255;
        man = 0;
    } else if (exp != 0) {
        exp += 112;
    }
    return (sign << 31) | (exp << 23) | (man << 13);
}

static uint32_t tt_sfpu_signmag_to_twos(uint32_t x)
{
    uint32_t mag = x & 0x7fffffff;

    return x & SIGN ? -mag : mag;
}

static uint32_t tt_sfpu_twos_to_signmag(uint32_t x)
{
    uint32_t sign = x & SIGN;

    return sign | ((sign ? -x : x) & 0x7fffffff);
}

/* The SFPLOAD modes that read Dst32b (the others read Dst16b) */
static bool tt_sfpu_load_is_dst32(unsigned mod0)
{
    switch (mod0) {
    case MOD0_FMT_FP32:
    case MOD0_FMT_INT32:
    case MOD0_FMT_INT32_ALL:
    case MOD0_FMT_INT32_SM:
        return true;
    }
    return false;
}

/* The Dst -> LReg[m->vd] part of SFPLOAD (and of SFPLOADMACRO) */
static void tt_sfpu_load_exec(TTCoproc *s, int t, const TTSfpuMove *mp)
{
    TTSfpuState *u = &s->sfpu;
    TTSfpuMove m = *mp;
    bool bh = tt_sfpu_is_bh(s);
    bool dst32 = tt_sfpu_load_is_dst32(m.mod0);
    uint8_t en[LANES];

    if (m.vd >= 8) {
        return;
    }
    tt_sfpu_lane_enabled(s, en);
    for (int l = 0; l < LANES; l++) {
        uint32_t lc = u->lane_config[l], *d = &u->lreg[m.vd][l];
        unsigned row = tt_sfpu_row(m.addr, l);
        unsigned col = tt_sfpu_col(u, m.addr, l,
                                   TT_SFPU_LC_DEST_RD_COL_EXCHANGE);
        uint32_t x;

        if (lc & TT_SFPU_LC_BLOCK_SFPU_RD_FROM_DEST) {
            continue;
        }
        if (!en[l] && m.mod0 != MOD0_FMT_INT32_ALL) {
            continue;
        }
        x = dst32 ? tt_dst_read32(s, t, row, col)
                  : tt_dst_read16(s, t, row, col);
        switch (m.mod0) {
        case MOD0_FMT_FP16:
            x = tt_sfpu_read_fp16(x, lc & TT_SFPU_LC_ENABLE_FP16A_INF);
            break;
        case MOD0_FMT_BF16:
            x = tt_sfpu_unshuffle_fp32(x << 16);
            break;
        case MOD0_FMT_FP32:
        case MOD0_FMT_INT32:
        case MOD0_FMT_INT32_ALL:
            x = tt_sfpu_unshuffle_fp32(x);
            break;
        case MOD0_FMT_INT32_SM:
            x = tt_sfpu_unshuffle_fp32(x);
            if (!bh) {
                x = tt_sfpu_signmag_to_twos(x);
            }
            break;
        case MOD0_FMT_INT8:
            /* Sign, Mag(7 bits; Blackhole 8) at bit 5 */
            x = ((x >> 15) << 31) | ((x >> 5) & (bh ? 0xff : 0x7f));
            break;
        case MOD0_FMT_INT8_COMP:
            x = ((x >> 15) << 31) | ((x >> 5) & 0x3ff);
            if (!bh) {
                x = tt_sfpu_signmag_to_twos(x);
            }
            break;
        case MOD0_FMT_LO16_ONLY:
            x = (*d & 0xffff0000) | x;
            break;
        case MOD0_FMT_HI16_ONLY:
            x = (x << 16) | (*d & 0xffff);
            break;
        case MOD0_FMT_INT16:
            x = ((x >> 15) << 31) | (x & 0x7fff);
            break;
        case MOD0_FMT_UINT16:
        case MOD0_FMT_LO16:
            break;
        case MOD0_FMT_HI16:
            x <<= 16;
            break;
        default:                /* MOD0_FMT_ZERO */
            x = 0;
            break;
        }
        *d = x;
        if (m.vd < 4 && (lc & TT_SFPU_LC_ENABLE_DEST_INDEX) &&
            (lc & TT_SFPU_LC_CAPTURE_DEFAULT_DEST_INDEX)) {
            u->lreg[m.vd + 4][l] = (row << 4) | col;
        }
    }
}

static TTExec tt_sfpload_body(TTCoproc *s, int t, uint32_t insn)
{
    TTSfpuMove m = tt_sfpu_move_decode(s, t, insn, false);

    tt_sfpu_load_exec(s, t, &m);
    tt_rwc_apply_addr_mod(s, t, m.addr_mod, false);
    return TT_EXEC_DONE;
}

/* LReg -> Dst conversions (SFPSTORE.md) */
static uint16_t tt_sfpu_bf16_shuffle(uint16_t x)
{
    return (x & 0x8000) | ((x & 0x7f) << 8) | ((x & 0x7f80) >> 7);
}

static uint16_t tt_sfpu_fp16_shuffle(uint16_t x)
{
    return (x & 0x8000) | ((x & 0x3ff) << 5) | ((x & 0x7c00) >> 10);
}

static uint32_t tt_sfpu_shuffle_fp32(uint32_t x)
{
    return ((uint32_t)tt_sfpu_bf16_shuffle(x >> 16) << 16) | (x & 0xffff);
}

/* ToFP16: flush below 2^-14, saturate above, truncate the mantissa */
static uint16_t tt_sfpu_to_fp16(uint32_t x)
{
    int32_t exp = (int32_t)((x >> 23) & 0xff) - 112;
    uint32_t man = x & 0x7fffff;

    if (exp <= 0) {
        exp = 0;
        man = 0;
    } else if (exp > 31) {
        exp = 31;
        man = 0x7fffff;
    }
    return ((x >> 31) << 15) | (exp << 10) | (man >> 13);
}

/* Flush a denormal to a zero of its sign (ToBF16 before >> 16, ToFP32) */
static uint32_t tt_sfpu_flush(uint32_t x)
{
    return x & 0x7f800000 ? x : x & SIGN;
}

/* SignMag11ToFP16: the integer "8" layout, exponent fixed at 16 */
static uint16_t tt_sfpu_int8(uint32_t x)
{
    return ((x >> 31) << 15) | (16 << 10) | (x & 0x3ff);
}

/*
 * The LReg -> Dst part of SFPSTORE: everything but the address
 * computation and ApplyPartialAddrMod, which an SFPSTORE the sequencer
 * runs skips (SFPLOADMACRO.md).  Not in the lanes seq.mx_skip.
 */
static void tt_sfpu_store_exec(TTCoproc *s, int t, uint32_t insn,
                               const TTSfpuMove *mp)
{
    TTSfpuState *u = &s->sfpu;
    TTSfpuMove m = *mp;
    bool bh = tt_sfpu_is_bh(s);
    uint32_t skip = u->seq.mx_skip;
    uint8_t act[LANES], en[LANES];

    tt_sfpu_backdoor(s, insn, m.vd, act);
    tt_sfpu_lane_enabled(s, en);
    for (int l = 0; l < LANES; l++) {
        uint32_t x = u->lreg[m.vd][l];
        unsigned row = tt_sfpu_row(m.addr, l);
        unsigned col = tt_sfpu_col(u, m.addr, l,
                                   TT_SFPU_LC_DEST_WR_COL_EXCHANGE);

        if ((u->lane_config[l] & TT_SFPU_LC_BLOCK_DEST_WR_FROM_SFPU) ||
            !act[l] || (!en[l] && m.mod0 != MOD0_FMT_INT32_ALL) ||
            ((skip >> l) & 1)) {
            continue;
        }
        switch (m.mod0) {
        case MOD0_FMT_FP16:
            tt_dst_write16(s, t, row, col,
                           tt_sfpu_fp16_shuffle(tt_sfpu_to_fp16(x)));
            break;
        case MOD0_FMT_BF16:
            tt_dst_write16(s, t, row, col,
                           tt_sfpu_bf16_shuffle(tt_sfpu_flush(x) >> 16));
            break;
        case MOD0_FMT_FP32:
            tt_dst_write32(s, t, row, col,
                           tt_sfpu_shuffle_fp32(bh ? tt_sfpu_flush(x) : x));
            break;
        case MOD0_FMT_INT32:
        case MOD0_FMT_INT32_ALL:
            tt_dst_write32(s, t, row, col, tt_sfpu_shuffle_fp32(x));
            break;
        case MOD0_FMT_INT32_SM:
            tt_dst_write32(s, t, row, col, tt_sfpu_shuffle_fp32(
                               bh ? x : tt_sfpu_twos_to_signmag(x)));
            break;
        case MOD0_FMT_INT8:
            tt_dst_write16(s, t, row, col,
                           tt_sfpu_fp16_shuffle(tt_sfpu_int8(x)));
            break;
        case MOD0_FMT_INT8_COMP:
            tt_dst_write16(s, t, row, col, tt_sfpu_fp16_shuffle(
                               tt_sfpu_int8(bh ? x
                                               : tt_sfpu_twos_to_signmag(x))));
            break;
        case MOD0_FMT_LO16_ONLY:
        case MOD0_FMT_UINT16:
            tt_dst_write16(s, t, row, col, x & 0xffff);
            break;
        case MOD0_FMT_HI16_ONLY:
            tt_dst_write16(s, t, row, col, x >> 16);
            break;
        case MOD0_FMT_INT16:
            tt_dst_write16(s, t, row, col, ((x >> 31) << 15) | (x & 0x7fff));
            break;
        case MOD0_FMT_LO16:
            tt_dst_write32(s, t, row, col, ror32(x, 16));
            break;
        case MOD0_FMT_HI16:
            tt_dst_write32(s, t, row, col, x);
            break;
        default:                /* MOD0_FMT_ZERO */
            tt_dst_write16(s, t, row, col, 0);
            break;
        }
    }
}

static TTExec tt_sfpstore_body(TTCoproc *s, int t, uint32_t insn)
{
    TTSfpuMove m = tt_sfpu_move_decode(s, t, insn, true);

    tt_sfpu_store_exec(s, t, insn, &m);
    tt_rwc_apply_addr_mod(s, t, m.addr_mod, false);
    return TT_EXEC_DONE;
}

/* ---------------------------------------------------------------------- */
/* SFPLOADI, SFPNOP, SFPCONFIG                                            */
/* ---------------------------------------------------------------------- */

static TTExec tt_sfploadi_body(TTCoproc *s, int t, uint32_t insn)
{
    unsigned vd = FIELD_EX32(insn, SFPLOADI, lreg_ind);
    unsigned mod0 = FIELD_EX32(insn, SFPLOADI, instr_mod0);
    uint32_t imm = FIELD_EX32(insn, SFPLOADI, imm16);
    uint32_t *d = s->sfpu.lreg[vd];
    uint32_t keep, val;
    uint8_t en[LANES];

    if (vd >= 8) {
        return TT_EXEC_DONE;    /* LReg[11..14]: only through SFPCONFIG */
    }
    switch (mod0) {
    case 0:                     /* FLOATB: BF16 */
        keep = 0;
        val = imm << 16;
        break;
    case 1:                     /* FLOATA: FP16, rebiased, nothing special */
        keep = 0;
        val = ((imm >> 15) << 31) | ((((imm >> 10) & 0x1f) + 112) << 23) |
              ((imm & 0x3ff) << 13);
        break;
    case 2:                     /* USHORT */
        keep = 0;
        val = imm;
        break;
    case 4:                     /* SHORT */
        keep = 0;
        val = (uint32_t)(int32_t)(int16_t)imm;
        break;
    case 8:                     /* UPPER */
        keep = 0x0000ffff;
        val = imm << 16;
        break;
    case 10:                    /* LOWER */
        keep = 0xffff0000;
        val = imm;
        break;
    default:
        tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: T%d: SFPLOADI with "
                    "undefined Mod0 %u: no effect\n", t, mod0);
        return TT_EXEC_DONE;
    }
    tt_sfpu_lane_enabled(s, en);
    for (int l = 0; l < LANES; l++) {
        uint32_t m = -(uint32_t)en[l];

        d[l] = (((d[l] & keep) | val) & m) | (d[l] & ~m);
    }
    return TT_EXEC_DONE;
}

static TTExec tt_sfpnop_body(TTCoproc *s, int t, uint32_t insn)
{
    return TT_EXEC_DONE;
}

enum {
    MOD1_IMM16_IS_VALUE = 1,
    MOD1_BITWISE_OR = 2,
    MOD1_BITWISE_AND = 4,
    MOD1_BITWISE_XOR = 6,
    MOD1_IMM16_IS_LANE_MASK = 8,
};

/* SFPCONFIG's defaults of LReg[11..14] (also their reset values) */
static const uint32_t tt_sfpu_lreg_default[4] = {
    0xbf800000,                 /* -1.0 */
    0x37800000,                 /* 1 / 65536 */
    0xbf2cc4c7,                 /* -0.67487759 */
    0xbeb08ff9,                 /* -0.34484843 */
};

static uint32_t tt_sfpu_bitwise(unsigned mod1, uint32_t old, uint32_t v)
{
    switch (mod1 & 6) {
    case MOD1_BITWISE_OR:
        return old | v;
    case MOD1_BITWISE_AND:
        return old & v;
    case MOD1_BITWISE_XOR:
        return old ^ v;
    }
    return v;
}

static TTExec tt_sfpconfig_body(TTCoproc *s, int t, uint32_t insn)
{
    TTSfpuState *u = &s->sfpu;
    unsigned mod1 = FIELD_EX32(insn, SFPCONFIG, instr_mod1);
    unsigned vd = tt_sfpu_vd(s, FIELD_EX32(insn, SFPCONFIG, config_dest));
    uint32_t imm = FIELD_EX32(insn, SFPCONFIG, imm16_math);
    bool use_imm = mod1 & MOD1_IMM16_IS_VALUE;

    for (int l = 0; l < LANES; l++) {
        uint32_t src = u->lreg[0][l & 7];
        uint32_t v = use_imm ? imm : src;

        if ((mod1 & MOD1_IMM16_IS_LANE_MASK) &&
            !extract32(imm, (l & 7) * 2, 1)) {
            continue;
        }
        if (u->use_flags[l & 7] && !u->flags[l & 7]) {
            continue;
        }
        switch (vd) {
        case 0 ... 3:
            u->lm_template[vd][l] = src;
            break;
        case 4 ... 7:
            u->lm_sequence[vd - 4][l] = v;
            break;
        case 8:
            u->lm_misc[l] = tt_sfpu_bitwise(mod1, u->lm_misc[l], v) &
                            TT_SFPU_MISC_MASK;
            break;
        case 11 ... 14:
            u->lreg[vd][l] = use_imm ? tt_sfpu_lreg_default[vd - 11] : src;
            break;
        case 15: {
            uint32_t old = u->lane_config[l];
            uint32_t lc = tt_sfpu_bitwise(mod1, old, v & TT_SFPU_LC_MASK);

            if (use_imm) {
                lc |= old & ~0xffffu;
            }
            u->lane_config[l] = lc & TT_SFPU_LC_MASK;
            break;
        }
        default:                /* 9, 10: nothing */
            break;
        }
    }
    tt_sfpu_lane_config_changed(u);
    if (vd <= 8) {
        tt_sfpu_lm_changed(u);
    }
    return TT_EXEC_DONE;
}

/* ---------------------------------------------------------------------- */
/* Predication: SFPENCC, SFPSETCC, SFPPUSHC, SFPPOPC, SFPCOMPC            */
/* ---------------------------------------------------------------------- */

static TTExec tt_sfpencc_body(TTCoproc *s, int t, uint32_t insn)
{
    TTSfpuState *u = &s->sfpu;
    unsigned mod1 = FIELD_EX32(insn, SFPENCC, instr_mod1);
    unsigned vd = tt_sfpu_vd(s, FIELD_EX32(insn, SFPENCC, lreg_dest));
    unsigned imm2 = extract32(FIELD_EX32(insn, SFPENCC, imm12_math), 0, 2);
    uint8_t act[LANES];

    tt_sfpu_backdoor(s, insn, vd, act);
    for (int l = 0; l < LANES; l++) {
        uint8_t use = u->use_flags[l];

        if (mod1 & 2) {             /* EI: from Imm2 bit 0 */
            use = imm2 & 1;
        } else if (mod1 & 1) {      /* EC: invert */
            use = !use;
        }
        u->use_flags[l] = act[l] ? use : u->use_flags[l];
        /* RI: LaneFlags from Imm2 bit 1, else true */
        u->flags[l] = act[l] ? (mod1 & 8 ? (imm2 >> 1) & 1 : 1) : u->flags[l];
    }
    return TT_EXEC_DONE;
}

static TTExec tt_sfpsetcc_body(TTCoproc *s, int t, uint32_t insn)
{
    TTSfpuState *u = &s->sfpu;
    unsigned mod1 = FIELD_EX32(insn, SFPSETCC, instr_mod1);
    unsigned vd = tt_sfpu_vd(s, FIELD_EX32(insn, SFPSETCC, lreg_dest));
    unsigned vc = tt_sfpu_vc(s, FIELD_EX32(insn, SFPSETCC, lreg_c));
    bool imm1 = extract32(FIELD_EX32(insn, SFPSETCC, imm12_math), 0, 1);
    const uint32_t *c = u->lreg[vc];
    uint8_t en[LANES];

    tt_sfpu_active_enabled(s, insn, vd, en);
    for (int l = 0; l < LANES; l++) {
        int32_t x = c[l];
        bool f;

        if (!u->use_flags[l] || (mod1 & 8)) {
            f = false;
        } else if (mod1 & 1) {
            f = imm1;
        } else if (mod1 == 0) {
            f = x < 0;
        } else if (mod1 == 2) {
            f = x != 0;
        } else if (mod1 == 4) {
            f = x >= 0;
        } else {
            f = x == 0;
        }
        u->flags[l] = en[l] ? f : u->flags[l];
    }
    return TT_EXEC_DONE;
}

/* BooleanOp of SFPPOPC.md / Blackhole SFPPUSHC.md, @op 1..12 */
static bool tt_sfpu_boolean_op(unsigned op, bool a, bool b)
{
    switch (op) {
    case 1:
        return b;
    case 2:
        return !b;
    case 3:
        return a && b;
    case 4:
        return a || b;
    case 5:
        return a && !b;
    case 6:
        return a || !b;
    case 7:
        return !a && b;
    case 8:
        return !a || b;
    case 9:
        return !a && !b;
    case 10:
        return !a || !b;
    case 11:
        return a != b;
    default:
        return a == b;
    }
}

static TTExec tt_sfppushc_body(TTCoproc *s, int t, uint32_t insn)
{
    TTSfpuState *u = &s->sfpu;
    unsigned vd = tt_sfpu_vd(s, FIELD_EX32(insn, SFPPUSHC, lreg_dest));
    /* Wormhole's Mod1 is 0 (a plain push) whatever the bits say */
    unsigned mod1 = tt_sfpu_is_bh(s) ? FIELD_EX32(insn, SFPPUSHC, instr_mod1)
                                      : 0;
    uint8_t act[LANES];
    bool logged = false;

    tt_sfpu_backdoor(s, insn, vd, act);
    for (int l = 0; l < LANES; l++) {
        unsigned n = u->stack_size[l];
        unsigned top = n - 1;

        if (!act[l]) {
            continue;
        }
        if (mod1 == 0) {
            if (n >= TT_SFPU_STACK) {
                if (!logged) {
                    tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: T%d: "
                                "SFPPUSHC on a full flag stack: not "
                                "pushed\n", t);
                    logged = true;
                }
                continue;
            }
            u->stack_flags[n][l] = u->flags[l];
            u->stack_use[n][l] = u->use_flags[l];
            u->stack_size[l] = n + 1;
            continue;
        }
        if (n == 0) {
            if (!logged) {
                tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: T%d: SFPPUSHC "
                            "Mod1 %u on an empty flag stack: no effect\n",
                            t, mod1);
                logged = true;
            }
            continue;
        }
        if (mod1 <= 12) {
            u->stack_use[top][l] = u->use_flags[l];
            u->stack_flags[top][l] = tt_sfpu_boolean_op(
                mod1, u->stack_flags[top][l], u->flags[l]);
        } else if (mod1 == 13) {
            u->flags[l] = !u->flags[l];
            u->stack_use[top][l] = u->use_flags[l];
            u->stack_flags[top][l] = u->flags[l];
        } else {
            u->stack_use[top][l] = 1;
            u->stack_flags[top][l] = mod1 == 14;
        }
    }
    return TT_EXEC_DONE;
}

static TTExec tt_sfppopc_body(TTCoproc *s, int t, uint32_t insn)
{
    TTSfpuState *u = &s->sfpu;
    unsigned vd = tt_sfpu_vd(s, FIELD_EX32(insn, SFPPOPC, lreg_dest));
    unsigned mod1 = FIELD_EX32(insn, SFPPOPC, instr_mod1);
    bool wh = !tt_sfpu_is_bh(s);
    uint8_t act[LANES];
    bool logged = false;

    tt_sfpu_backdoor(s, insn, vd, act);
    for (int l = 0; l < LANES; l++) {
        unsigned n = u->stack_size[l];
        bool top_flags = n ? u->stack_flags[n - 1][l] : false;
        bool top_use = n ? u->stack_use[n - 1][l] : false;

        if (!act[l]) {
            continue;
        }
        if (mod1 == 0) {
            if (n == 0) {
                if (!logged) {
                    tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: T%d: SFPPOPC "
                                "on an empty flag stack: flags cleared\n",
                                t);
                    logged = true;
                }
            } else {
                u->stack_size[l] = n - 1;
            }
        } else if (wh && n == TT_SFPU_STACK) {
            /* Wormhole's bug: a peek at a full stack overwrites its bottom */
            u->stack_flags[0][l] = top_flags;
            u->stack_use[0][l] = top_use;
        }

        if (mod1 == 0) {
            u->use_flags[l] = top_use;
            u->flags[l] = top_flags;
        } else if (mod1 <= 12) {
            u->use_flags[l] = top_use;
            u->flags[l] = tt_sfpu_boolean_op(mod1, u->flags[l], top_flags);
        } else if (mod1 == 13) {
            u->flags[l] = !u->flags[l];
        } else {
            u->use_flags[l] = 1;
            u->flags[l] = mod1 == 14;
        }
    }
    return TT_EXEC_DONE;
}

static TTExec tt_sfpcompc_body(TTCoproc *s, int t, uint32_t insn)
{
    TTSfpuState *u = &s->sfpu;
    unsigned vd = tt_sfpu_vd(s, FIELD_EX32(insn, SFPCOMPC, lreg_dest));
    uint8_t act[LANES];

    tt_sfpu_backdoor(s, insn, vd, act);
    for (int l = 0; l < LANES; l++) {
        unsigned n = u->stack_size[l];
        bool top_flags = n ? u->stack_flags[n - 1][l] : true;
        bool top_use = n ? u->stack_use[n - 1][l] : true;
        bool f = top_use && u->use_flags[l] && top_flags && !u->flags[l];

        u->flags[l] = act[l] ? f : u->flags[l];
    }
    return TT_EXEC_DONE;
}

/* ---------------------------------------------------------------------- */
/* SFPLOADMACRO and its sequencer                                         */
/* ---------------------------------------------------------------------- */

/* SFPLOADMACRO is decoded with SFPLOAD's fields */
#define TT_SFPU_LM_FIELD(A, F) \
    QEMU_BUILD_BUG_ON((int)R_##A##_SFPLOADMACRO_##F##_SHIFT != \
                      (int)R_##A##_SFPLOAD_##F##_SHIFT)
TT_SFPU_LM_FIELD(WH, sfpu_addr_mode);
TT_SFPU_LM_FIELD(WH, instr_mod0);
TT_SFPU_LM_FIELD(WH, lreg_ind);
TT_SFPU_LM_FIELD(BH, sfpu_addr_mode);
TT_SFPU_LM_FIELD(BH, instr_mod0);
TT_SFPU_LM_FIELD(BH, lreg_ind);
QEMU_BUILD_BUG_ON(TT_SFPU_ARCH_BYTES % 4);

/*
 * The sub-units (bits 1 << TT_SFPU_*) that can execute @insn's opcode:
 * the table of SFPLOADMACRO.md, plus the load sub-unit of VectorUnit.md
 */
static unsigned tt_sfpu_subunits(TTCoproc *s, uint32_t insn)
{
    unsigned bh_only = tt_sfpu_is_bh(s) ? ~0u : 0;

    switch (TT_INSN_OPCODE(insn)) {
    case TT_OP_SFPNOP:
        return BIT(TT_SFPU_SIMPLE) | BIT(TT_SFPU_MAD) | BIT(TT_SFPU_ROUND) |
               BIT(TT_SFPU_LOAD);
    case TT_OP_SFPLOAD:
    case TT_OP_SFPLOADI:
    case TT_OP_SFPLOADMACRO:
        return BIT(TT_SFPU_LOAD);
    case TT_OP_SFPSTORE:
        return BIT(TT_SFPU_STORE);
    case TT_OP_SFPSHFT2:
    case TT_OP_SFP_STOCH_RND:
        return BIT(TT_SFPU_ROUND);
    case TT_OP_SFPADD:
    case TT_OP_SFPADDI:
    case TT_OP_SFPLUT:
    case TT_OP_SFPLUTFP32:
    case TT_OP_SFPMAD:
    case TT_OP_SFPMUL:
    case TT_OP_SFPMULI:
        return BIT(TT_SFPU_MAD);
    case TT_OP_SFPMUL24:
        return BIT(TT_SFPU_MAD) & bh_only;
    case TT_OP_SFPARECIP:
    case TT_OP_SFPGT:
    case TT_OP_SFPLE:
        return BIT(TT_SFPU_SIMPLE) & bh_only;
    case TT_OP_SFPABS:
    case TT_OP_SFPAND:
    case TT_OP_SFPCAST:
    case TT_OP_SFPCOMPC:
    case TT_OP_SFPCONFIG:
    case TT_OP_SFPDIVP2:
    case TT_OP_SFPENCC:
    case TT_OP_SFPEXEXP:
    case TT_OP_SFPEXMAN:
    case TT_OP_SFPIADD:
    case TT_OP_SFPLZ:
    case TT_OP_SFPMOV:
    case TT_OP_SFPNOT:
    case TT_OP_SFPOR:
    case TT_OP_SFPPOPC:
    case TT_OP_SFPPUSHC:
    case TT_OP_SFPSETCC:
    case TT_OP_SFPSETEXP:
    case TT_OP_SFPSETMAN:
    case TT_OP_SFPSETSGN:
    case TT_OP_SFPSHFT:
    case TT_OP_SFPSWAP:
    case TT_OP_SFPTRANSP:
    case TT_OP_SFPXOR:
        return BIT(TT_SFPU_SIMPLE);
    }
    return 0;
}

/* The sub-unit an instruction issued by a thread goes to */
static unsigned tt_sfpu_issue_unit(TTCoproc *s, uint32_t insn)
{
    unsigned m = tt_sfpu_subunits(s, insn);

    return m & BIT(TT_SFPU_LOAD) ? TT_SFPU_LOAD : ctz32(m);
}

/* Forget the instruction of slot @k (in lane @l, while per lane) */
static void tt_sfpu_seq_clear(TTSfpuSeq *q, unsigned k, int l)
{
    memset(q->per_lane ? &q->lane_slot[k][l] : &q->slot[k], 0,
           sizeof(TTSfpuSlot));
}

/* Recompute TTSfpuSeq.active from the slots */
static void tt_sfpu_seq_update_active(TTSfpuSeq *q)
{
    q->active = 0;
    for (unsigned k = 0; k < TT_SFPU_SLOTS; k++) {
        if (!q->per_lane) {
            q->active |= (uint32_t)q->slot[k].valid << k;
            continue;
        }
        for (int l = 0; l < LANES; l++) {
            q->active |= (uint32_t)q->lane_slot[k][l].valid << k;
        }
    }
    if (!q->active) {
        q->per_lane = false;
    }
}

/*
 * Every slot moves down by one; the slots 0 have run.  An empty
 * sequencer keeps one slot per sub-unit and delay again.
 */
static void tt_sfpu_seq_shift(TTSfpuSeq *q)
{
    for (unsigned k0 = 0; k0 < TT_SFPU_SLOTS; k0 += TT_SFPU_DELAYS) {
        unsigned top = k0 + TT_SFPU_DELAYS - 1;

        if (q->per_lane) {
            memmove(q->lane_slot[k0], q->lane_slot[k0 + 1],
                    (TT_SFPU_DELAYS - 1) * sizeof(q->lane_slot[0]));
            memset(q->lane_slot[top], 0, sizeof(q->lane_slot[0]));
        } else {
            memmove(&q->slot[k0], &q->slot[k0 + 1],
                    (TT_SFPU_DELAYS - 1) * sizeof(q->slot[0]));
            memset(&q->slot[top], 0, sizeof(q->slot[0]));
        }
    }
    q->active = (q->active >> 1) & 0x7f7f7f7fu;
    if (!q->active) {
        q->per_lane = false;
    }
}

/* From one slot per sub-unit and delay to one per lane: the same in all */
static void tt_sfpu_seq_to_lanes(TTSfpuSeq *q)
{
    for (unsigned k = 0; k < TT_SFPU_SLOTS; k++) {
        for (int l = 0; l < LANES; l++) {
            q->lane_slot[k][l] = q->slot[k];
        }
    }
    memset(q->slot, 0, sizeof(q->slot));
    q->per_lane = true;
}

unsigned tt_sfpu_vb(TTCoproc *s, unsigned normal)
{
    const TTSfpuSeq *q = &s->sfpu.seq;

    return q->mx_on && (q->mx_ovr & TT_SFPU_OVR_VB) ? q->mx_vb : normal;
}

unsigned tt_sfpu_vc(TTCoproc *s, unsigned normal)
{
    const TTSfpuSeq *q = &s->sfpu.seq;

    return q->mx_on && (q->mx_ovr & TT_SFPU_OVR_VC) ? q->mx_vc : normal;
}

unsigned tt_sfpu_vd(TTCoproc *s, unsigned normal)
{
    return s->sfpu.seq.mx_on ? s->sfpu.seq.mx_vd : normal;
}

/* Is some outstanding instruction of the WaitForElapsedInstructions kind? */
static bool tt_sfpu_seq_counts_insns(const TTSfpuSeq *q)
{
    for (unsigned k = 0; k < TT_SFPU_SLOTS; k++) {
        if (!q->per_lane) {
            if (q->slot[k].valid && q->slot[k].by_insn) {
                return true;
            }
            continue;
        }
        for (int l = 0; l < LANES; l++) {
            if (q->lane_slot[k][l].valid && q->lane_slot[k][l].by_insn) {
                return true;
            }
        }
    }
    return false;
}

/*
 * Run the instruction @e of sub-unit @unit, with its thread and operands;
 * its Dst writes leave the lanes @skip alone
 */
static void tt_sfpu_seq_run(TTCoproc *s, unsigned unit, const TTSfpuSlot *e,
                            uint32_t skip)
{
    TTSfpuSeq *q = &s->sfpu.seq;
    uint32_t insn = e->insn;
    int t = e->thread;

    q->mx_on = true;
    q->mx_ovr = e->ovr;
    q->mx_vb = e->vb;
    q->mx_vc = e->vc;
    q->mx_vd = e->vd;
    q->mx_skip = skip;
    if (unit == TT_SFPU_STORE) {
        TTSfpuMove m = {
            .vd = e->vd,
            .mod0 = tt_sfpu_mod0(s, t, e->mod0),
            .addr = e->addr,
        };

        tt_sfpu_store_exec(s, t, insn, &m);
    } else {
        /* tt_sfpu_subunits() accepted it: an opcode of this architecture */
        tt_isa_lookup(s->arch->id, insn)->exec(s, t, insn);
    }
    q->mx_on = false;
    q->mx_skip = 0;
}

/* The words of the architectural state that differ from @pre, into @acc */
static void tt_sfpu_merge(uint32_t *acc, const TTSfpuState *u,
                          const uint32_t *pre)
{
    const uint32_t *now = (const uint32_t *)u;

    for (size_t i = 0; i < TT_SFPU_ARCH_BYTES / 4; i++) {
        if (now[i] != pre[i]) {
            acc[i] = now[i];
        }
    }
}

/*
 * The architectural state, field by field: every one an array whose last
 * index is the lane, of @size bytes in all, of elements 1 << @shift bytes
 */
#define TT_SFPU_FIELD(f, sh) \
    { offsetof(TTSfpuState, f), sizeof(((TTSfpuState *)0)->f), sh }
static const struct {
    size_t offset, size;
    unsigned shift;
} tt_sfpu_lane_fields[] = {
    TT_SFPU_FIELD(lreg, 2),
    TT_SFPU_FIELD(flags, 0),
    TT_SFPU_FIELD(use_flags, 0),
    TT_SFPU_FIELD(stack_flags, 0),
    TT_SFPU_FIELD(stack_use, 0),
    TT_SFPU_FIELD(stack_size, 0),
    TT_SFPU_FIELD(lane_config, 2),
    TT_SFPU_FIELD(lm_template, 2),
    TT_SFPU_FIELD(lm_sequence, 2),
    TT_SFPU_FIELD(lm_misc, 2),
    TT_SFPU_FIELD(prng, 2),
    TT_SFPU_FIELD(shflror_vc, 2),
};
/* Every byte of the architectural state is in one of those fields */
QEMU_BUILD_BUG_ON(offsetof(TTSfpuState, shflror_vc) +
                  sizeof(((TTSfpuState *)0)->shflror_vc) !=
                  TT_SFPU_ARCH_BYTES);
QEMU_BUILD_BUG_ON(sizeof(((TTSfpuState *)0)->lreg) +
                  sizeof(((TTSfpuState *)0)->flags) +
                  sizeof(((TTSfpuState *)0)->use_flags) +
                  sizeof(((TTSfpuState *)0)->stack_flags) +
                  sizeof(((TTSfpuState *)0)->stack_use) +
                  sizeof(((TTSfpuState *)0)->stack_size) +
                  sizeof(((TTSfpuState *)0)->lane_config) +
                  sizeof(((TTSfpuState *)0)->lm_template) +
                  sizeof(((TTSfpuState *)0)->lm_sequence) +
                  sizeof(((TTSfpuState *)0)->lm_misc) +
                  sizeof(((TTSfpuState *)0)->prng) +
                  sizeof(((TTSfpuState *)0)->shflror_vc) !=
                  TT_SFPU_ARCH_BYTES);

/* tt_sfpu_merge() of the bytes of the lanes @lanes only */
static void tt_sfpu_merge_lanes(void *acc, const TTSfpuState *u,
                                const void *pre, uint32_t lanes)
{
    const uint8_t *now = (const uint8_t *)u, *p = pre;
    uint8_t *a = acc;

    for (size_t f = 0; f < ARRAY_SIZE(tt_sfpu_lane_fields); f++) {
        size_t off = tt_sfpu_lane_fields[f].offset;
        unsigned shift = tt_sfpu_lane_fields[f].shift;

        for (size_t j = 0; j < tt_sfpu_lane_fields[f].size; j++) {
            size_t i = off + j;

            if (now[i] != p[i] && ((lanes >> ((j >> shift) % LANES)) & 1)) {
                a[i] = now[i];
            }
        }
    }
}

/*
 * The state as it was before an instruction time, which every instruction
 * that runs in it reads: the architectural state and what derives from it
 */
typedef struct TTSfpuPre {
    uint32_t arch[TT_SFPU_ARCH_BYTES / 4];
    uint8_t row_enabled[LANES];
    uint8_t lm_uniform;
} TTSfpuPre;

static void tt_sfpu_save_pre(TTSfpuPre *p, const TTSfpuState *u)
{
    memcpy(p->arch, u, sizeof(p->arch));
    memcpy(p->row_enabled, u->row_enabled, sizeof(p->row_enabled));
    p->lm_uniform = u->lm_uniform;
}

static void tt_sfpu_restore_pre(TTSfpuState *u, const TTSfpuPre *p)
{
    memcpy(u, p->arch, sizeof(p->arch));
    memcpy(u->row_enabled, p->row_enabled, sizeof(p->row_enabled));
    u->lm_uniform = p->lm_uniform;
}

/*
 * The merged writes @acc become the state; derive from it what changed
 * (@lm_gen: TTSfpuState.lm_gen before the instruction time)
 */
static void tt_sfpu_set_merged(TTSfpuState *u, const uint32_t *acc,
                               uint32_t lm_gen)
{
    memcpy(u, acc, TT_SFPU_ARCH_BYTES);
    tt_sfpu_lane_config_changed(u);
    if (u->lm_gen != lm_gen) {
        tt_sfpu_lm_changed(u);
    }
}

/*
 * tt_sfpu_seq_tick() while the slots are per lane: the lanes whose slot
 * 0 of a sub-unit holds the same instruction run it together, and only
 * their part of the state takes its writes; @insn is discarded in the
 * lanes whose sub-unit a scheduled instruction takes, and runs in the
 * others.
 */
static TTExec tt_sfpu_seq_tick_lanes(TTCoproc *s, int t, uint32_t insn,
                                     TTExecFn *body)
{
    TTSfpuState *u = &s->sfpu;
    TTSfpuSeq *q = &u->seq;
    TTSfpuPre pre;
    uint32_t acc[TT_SFPU_ARCH_BYTES / 4];
    unsigned unit = body ? tt_sfpu_issue_unit(s, insn) : TT_SFPU_LOAD;
    uint32_t taken = 0, lm_gen = u->lm_gen;
    bool first = true;
    TTExec r = TT_EXEC_DONE;

    tt_sfpu_save_pre(&pre, u);
    memcpy(acc, u, sizeof(acc));
    for (unsigned i = 0; i < TT_SFPU_SUBUNITS; i++) {
        const TTSfpuSlot *row = q->lane_slot[i * TT_SFPU_DELAYS];
        uint32_t todo = 0;

        for (int l = 0; l < LANES; l++) {
            todo |= (uint32_t)row[l].valid << l;
        }
        while (todo) {
            TTSfpuSlot e = row[ctz32(todo)];
            uint32_t group = 0;

            for (int l = 0; l < LANES; l++) {
                if (((todo >> l) & 1) && !memcmp(&row[l], &e, sizeof(e))) {
                    group |= BIT(l);
                }
            }
            todo &= ~group;
            if (!first) {
                tt_sfpu_restore_pre(u, &pre);
            }
            first = false;
            tt_sfpu_seq_run(s, i, &e, ~group);
            tt_sfpu_merge_lanes(acc, u, pre.arch, group);
            if (i == unit) {
                taken |= group;
            }
        }
    }
    tt_sfpu_seq_shift(q);
    if (body && taken) {
        tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: T%d: Vector Unit "
                    "instruction 0x%08x issued to a sub-unit that an "
                    "SFPLOADMACRO instruction takes at the same time: "
                    "discarded in lanes 0x%08x\n", t, insn, taken);
    }
    if (body && taken != UINT32_MAX) {
        tt_sfpu_restore_pre(u, &pre);
        q->mx_skip = taken;
        r = body(s, t, insn);
        q->mx_skip = 0;
        tt_sfpu_merge_lanes(acc, u, pre.arch, ~taken);
    }
    tt_sfpu_set_merged(u, acc, lm_gen);
    return r;
}

/* tt_sfpu_seq_tick() with one slot per sub-unit and delay */
static TTExec tt_sfpu_seq_tick_all(TTCoproc *s, int t, uint32_t insn,
                                   TTExecFn *body)
{
    TTSfpuState *u = &s->sfpu;
    TTSfpuSeq *q = &u->seq;
    TTSfpuPre pre;
    uint32_t acc[TT_SFPU_ARCH_BYTES / 4];
    unsigned unit = body ? tt_sfpu_issue_unit(s, insn) : TT_SFPU_LOAD;
    uint32_t lm_gen = u->lm_gen;
    bool taken = false, first = true;
    TTExec r = TT_EXEC_DONE;

    tt_sfpu_save_pre(&pre, u);
    memcpy(acc, u, sizeof(acc));
    for (unsigned i = 0; i < TT_SFPU_SUBUNITS; i++) {
        TTSfpuSlot e = q->slot[i * TT_SFPU_DELAYS];

        if (!e.valid) {
            continue;
        }
        if (!first) {
            tt_sfpu_restore_pre(u, &pre);
        }
        first = false;
        tt_sfpu_seq_run(s, i, &e, 0);
        tt_sfpu_merge(acc, u, pre.arch);
        taken |= i == unit;
    }
    tt_sfpu_seq_shift(q);
    if (body && taken) {
        tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: T%d: Vector Unit "
                    "instruction 0x%08x issued to a sub-unit that an "
                    "SFPLOADMACRO instruction takes at the same time: "
                    "discarded\n", t, insn);
    } else if (body) {
        tt_sfpu_restore_pre(u, &pre);
        r = body(s, t, insn);
        tt_sfpu_merge(acc, u, pre.arch);
    }
    tt_sfpu_set_merged(u, acc, lm_gen);
    return r;
}

/*
 * One Vector Unit instruction time: the instructions of the slots 0 run,
 * then the slots move down, then @insn of thread @t (@body, none if NULL)
 * runs unless a scheduled instruction took its sub-unit.  All of them
 * read the state as it was before (one cycle: they execute together);
 * their writes are merged, in the order Simple, MAD, Round, Store, @insn.
 */
static TTExec tt_sfpu_seq_tick(TTCoproc *s, int t, uint32_t insn,
                               TTExecFn *body)
{
    TTSfpuSeq *q = &s->sfpu.seq;

    if (!(q->active & 0x01010101u)) {
        tt_sfpu_seq_shift(q);
        return body ? body(s, t, insn) : TT_EXEC_DONE;
    }
    return q->per_lane ? tt_sfpu_seq_tick_lanes(s, t, insn, body)
                       : tt_sfpu_seq_tick_all(s, t, insn, body);
}

/*
 * While no outstanding instruction counts instructions, the outstanding
 * ones count cycles, which this model does not have: they run now, as
 * they would if the next Vector Unit instruction came after they are
 * done (docs/decisions.md, "SFPLOADMACRO").
 */
static void tt_sfpu_seq_settle(TTCoproc *s, int t)
{
    TTSfpuSeq *q = &s->sfpu.seq;

    while (q->active && !tt_sfpu_seq_counts_insns(q)) {
        tt_sfpu_seq_tick(s, t, 0, NULL);
    }
}

TTExec tt_sfpu_issue(TTCoproc *s, int t, uint32_t insn, TTExecFn *body)
{
    TTSfpuSeq *q = &s->sfpu.seq;
    TTExec r;

    if (q->mx_on) {
        return body(s, t, insn);
    }
    r = q->active ? tt_sfpu_seq_tick(s, t, insn, body) : body(s, t, insn);
    tt_sfpu_seq_settle(s, t);
    return r;
}

/* An SFPLOADMACRO being scheduled */
typedef struct TTSfpuMacro {
    int t;
    unsigned macro;
    unsigned vd, mod0, addr;    /* the load's VD, Mod0 as encoded, Addr */
    bool logged;                /* a guest error was logged */
} TTSfpuMacro;

enum {
    TT_SFPU_SCHED_NONE,         /* schedule nothing, forget nothing */
    TT_SFPU_SCHED_FORGET,       /* forget the slot, schedule nothing */
    TT_SFPU_SCHED_SET,          /* schedule into the slot */
};

/*
 * The loop body of SFPLOADMACRO.md's functional model for sub-unit @i in
 * lane @l: the instruction to schedule into @e, with its delay in @delay;
 * TT_SFPU_SCHED_*
 */
static int tt_sfpu_sched_one(TTCoproc *s, TTSfpuMacro *mc, unsigned i,
                             int l, TTSfpuSlot *e, unsigned *delay)
{
    TTSfpuState *u = &s->sfpu;
    uint32_t misc = u->lm_misc[l];
    unsigned bits = extract32(u->lm_sequence[mc->macro][l], i * 8, 8);
    unsigned sel = bits & 7;
    uint32_t insn;

    *delay = extract32(bits, 3, 3);
    /*
     * Nothing to schedule: nothing forgotten either (docs/decisions.md,
     * "SFPLOADMACRO")
     */
    if (sel == 0) {
        return TT_SFPU_SCHED_NONE;
    }
    switch (sel) {
    case 1:
        if (!mc->logged) {
            tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: T%d: SFPLOADMACRO "
                        "macro %u: undefined instruction select 1 for "
                        "sub-unit %u (lane %d): nothing scheduled\n",
                        mc->t, mc->macro, i, l);
            mc->logged = true;
        }
        return *delay != 7 ? TT_SFPU_SCHED_FORGET : TT_SFPU_SCHED_NONE;
    case 2:
        insn = TT_OP_SFPNOP << 24;
        break;
    case 3:
        insn = TT_OP_SFPSTORE << 24;        /* VD 0 */
        break;
    default:
        insn = u->lm_template[sel - 4][l];
        break;
    }
    if (!(tt_sfpu_subunits(s, insn) & BIT(i))) {
        if (i == TT_SFPU_STORE) {
            if (!mc->logged) {
                tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: T%d: "
                            "SFPLOADMACRO macro %u: instruction 0x%08x for "
                            "the Store sub-unit (lane %d): nothing "
                            "scheduled\n", mc->t, mc->macro, insn, l);
                mc->logged = true;
            }
            return *delay != 7 ? TT_SFPU_SCHED_FORGET : TT_SFPU_SCHED_NONE;
        }
        insn = TT_OP_SFPNOP << 24;
    }
    memset(e, 0, sizeof(*e));
    e->insn = insn;
    e->valid = 1;
    e->by_insn = extract32(misc, 8 + i, 1);
    e->thread = mc->t;
    if (i != TT_SFPU_STORE) {
        e->ovr = bits & 0x80 ? TT_SFPU_OVR_VB : TT_SFPU_OVR_VC;
        e->vb = mc->vd;
        e->vc = mc->vd;
        e->vd = bits & 0x40 ? TT_SFPU_LREG_MACRO : mc->vd;
    } else {
        e->vd = bits & 0x40 ? TT_SFPU_LREG_MACRO :
                bits & 0x80 ? FIELD_EX32(insn, WH_SFPSTORE, lreg_ind) :
                mc->vd;
        e->mod0 = extract32(misc, 4 + mc->macro, 1) ? mc->mod0
                                                    : extract32(misc, 0, 4);
        e->addr = mc->addr;
    }
    return TT_SFPU_SCHED_SET;
}

/*
 * The scheduling part of SFPLOADMACRO.md's functional model, for macro
 * @macro with the load's @vd, Mod0 @mod0 (as encoded) and Dst @addr.
 * A macro whose configuration is the same in every lane schedules once
 * for all lanes (lane 0's); another, or one while the sequencer is per
 * lane, schedules lane by lane.
 */
static void tt_sfpu_schedule(TTCoproc *s, int t, unsigned macro,
                             unsigned vd, unsigned mod0, unsigned addr)
{
    TTSfpuState *u = &s->sfpu;
    TTSfpuSeq *q = &u->seq;
    TTSfpuMacro mc = {
        .t = t, .macro = macro, .vd = vd, .mod0 = mod0, .addr = addr,
    };
    bool lanes = q->per_lane || !(u->lm_uniform & BIT(macro));

    if (lanes && !q->per_lane) {
        tt_sfpu_seq_to_lanes(q);
    }
    for (int l = 0; l < (lanes ? LANES : 1); l++) {
        for (unsigned i = 0; i < TT_SFPU_SUBUNITS; i++) {
            TTSfpuSlot e;
            unsigned delay, k;

            switch (tt_sfpu_sched_one(s, &mc, i, l, &e, &delay)) {
            case TT_SFPU_SCHED_FORGET:
                k = i * TT_SFPU_DELAYS + delay;
                tt_sfpu_seq_clear(q, k, l);
                q->active &= lanes ? ~0u : ~BIT(k);
                break;
            case TT_SFPU_SCHED_SET:
                k = i * TT_SFPU_DELAYS + delay;
                if (lanes) {
                    q->lane_slot[k][l] = e;
                } else {
                    q->slot[k] = e;
                }
                q->active |= BIT(k);
                break;
            }
        }
    }
    if (lanes) {
        tt_sfpu_seq_update_active(q);
    }
}

/*
 * SFPLOAD with VD = VDHi:VDLo, Imm10 = Imm9:VDHi, then schedule the
 * instructions of macro MacroIndex.  The SFPSTOREs scheduled use the
 * load's Addr.
 */
static TTExec tt_sfploadmacro_body(TTCoproc *s, int t, uint32_t insn)
{
    TTSfpuMove m = tt_sfpu_move_decode(s, t, insn, false);
    unsigned lreg_ind = m.vd, mod0, imm;

    if (tt_sfpu_is_bh(s)) {
        imm = FIELD_EX32(insn, BH_SFPLOADMACRO, dest_reg_addr);
        mod0 = FIELD_EX32(insn, BH_SFPLOADMACRO, instr_mod0);
    } else {
        imm = FIELD_EX32(insn, WH_SFPLOADMACRO, dest_reg_addr);
        mod0 = FIELD_EX32(insn, WH_SFPLOADMACRO, instr_mod0);
    }
    m.vd = (lreg_ind & 3) | ((imm & 1) << 2);
    tt_sfpu_load_exec(s, t, &m);
    tt_rwc_apply_addr_mod(s, t, m.addr_mod, false);
    tt_sfpu_schedule(s, t, lreg_ind >> 2, m.vd, mod0, m.addr);
    return TT_EXEC_DONE;
}

/* ---------------------------------------------------------------------- */
/* QOM property, reset, migration                                         */
/* ---------------------------------------------------------------------- */

static void tt_sfpu_get_state(Object *obj, Visitor *v, const char *name,
                              void *opaque, Error **errp)
{
    TTSfpuState *u = &((TTCoproc *)opaque)->sfpu;
    uint32List *list = NULL, **tail = &list;

    for (int r = 0; r < TT_SFPU_LREGS; r++) {
        for (int l = 0; l < LANES; l++) {
            QAPI_LIST_APPEND(tail, u->lreg[r][l]);
        }
    }
    for (int l = 0; l < LANES; l++) {
        QAPI_LIST_APPEND(tail, u->flags[l]);
    }
    for (int l = 0; l < LANES; l++) {
        QAPI_LIST_APPEND(tail, u->use_flags[l]);
    }
    for (int l = 0; l < LANES; l++) {
        QAPI_LIST_APPEND(tail, u->stack_size[l]);
    }
    for (int i = 0; i < TT_SFPU_STACK; i++) {
        for (int l = 0; l < LANES; l++) {
            QAPI_LIST_APPEND(tail, u->stack_flags[i][l]);
        }
        for (int l = 0; l < LANES; l++) {
            QAPI_LIST_APPEND(tail, u->stack_use[i][l]);
        }
    }
    for (int l = 0; l < LANES; l++) {
        QAPI_LIST_APPEND(tail, u->lane_config[l]);
    }
    for (int i = 0; i < TT_SFPU_MACROS; i++) {
        for (int l = 0; l < LANES; l++) {
            QAPI_LIST_APPEND(tail, u->lm_template[i][l]);
        }
    }
    for (int i = 0; i < TT_SFPU_MACROS; i++) {
        for (int l = 0; l < LANES; l++) {
            QAPI_LIST_APPEND(tail, u->lm_sequence[i][l]);
        }
    }
    for (int l = 0; l < LANES; l++) {
        QAPI_LIST_APPEND(tail, u->lm_misc[l]);
    }
    visit_type_uint32List(v, name, &list, errp);
    qapi_free_uint32List(list);
}

void tt_sfpu_add_properties(TTCoproc *s)
{
    Object *obj = s->owner;

    if (object_property_find(obj, "x-sfpu-state")) {
        return;
    }
    object_property_add(obj, "x-sfpu-state", "uint32List",
                        tt_sfpu_get_state, NULL, NULL, s);
    object_property_set_description(obj, "x-sfpu-state",
        "Vector Unit (read-only): LReg[0-16][lane 0-31], LaneFlags, "
        "UseLaneFlagsForLaneEnable, flag stack sizes and entries, "
        "LaneConfig, LoadMacroConfig (see tt_sfpu.h)");
}

/* The read-only LRegs (LReg.md) */
static void tt_sfpu_set_constants(TTSfpuState *u)
{
    for (int l = 0; l < LANES; l++) {
        u->lreg[TT_SFPU_LREG_0_8373][l] = 0x3f56594b;
        u->lreg[TT_SFPU_LREG_ZERO][l] = 0;
        u->lreg[TT_SFPU_LREG_ONE][l] = 0x3f800000;
        u->lreg[TT_SFPU_LREG_LANE2][l] = 2 * l;
    }
}

void tt_sfpu_reset(TTCoproc *s)
{
    TTSfpuState *u = &s->sfpu;

    memset(u, 0, sizeof(*u));
    tt_sfpu_set_constants(u);
    tt_sfpu_lane_config_changed(u);
    tt_sfpu_lm_changed(u);
    for (int i = 0; i < 4; i++) {
        for (int l = 0; l < LANES; l++) {
            u->lreg[11 + i][l] = tt_sfpu_lreg_default[i];
        }
    }
}

static bool tt_sfpu_needed(void *opaque)
{
    return true;
}

/* A stream without the sequencer subsections: nothing outstanding */
static int tt_sfpu_pre_load(void *opaque)
{
    TTSfpuState *u = &((TTCoproc *)opaque)->sfpu;

    memset(&u->seq, 0, sizeof(u->seq));
    return 0;
}

/* Only what tt_sfpu_sched_one() can produce, in sub-unit @unit */
static bool tt_sfpu_slot_ok(TTCoproc *s, unsigned unit, const TTSfpuSlot *e)
{
    static const TTSfpuSlot empty;

    if (!e->valid) {
        return !memcmp(e, &empty, sizeof(empty));
    }
    return e->valid == 1 && e->by_insn <= 1 && e->ovr <= 3 &&
           e->vb <= 15 && e->vc <= 15 && e->vd <= TT_SFPU_LREG_MACRO &&
           e->mod0 <= 15 && e->addr <= 0x3ff &&
           e->thread < TT_NUM_THREADS &&
           (tt_sfpu_subunits(s, e->insn) & BIT(unit));
}

static int tt_sfpu_post_load(void *opaque, int version_id)
{
    TTCoproc *s = opaque;
    TTSfpuState *u = &s->sfpu;
    TTSfpuSeq *q = &u->seq;

    tt_sfpu_set_constants(u);
    for (int l = 0; l < LANES; l++) {
        if (u->stack_size[l] > TT_SFPU_STACK) {
            return -EINVAL;
        }
        u->flags[l] = !!u->flags[l];
        u->use_flags[l] = !!u->use_flags[l];
        u->lane_config[l] &= TT_SFPU_LC_MASK;
        u->lm_misc[l] &= TT_SFPU_MISC_MASK;
        for (int i = 0; i < TT_SFPU_STACK; i++) {
            u->stack_flags[i][l] = !!u->stack_flags[i][l];
            u->stack_use[i][l] = !!u->stack_use[i][l];
        }
    }
    tt_sfpu_lane_config_changed(u);
    tt_sfpu_lm_changed(u);

    /* The sequencer (its subsections' contents, checked there) */
    q->per_lane = false;
    for (unsigned k = 0; k < TT_SFPU_SLOTS; k++) {
        for (int l = 0; l < LANES; l++) {
            q->per_lane |= q->lane_slot[k][l].valid;
        }
    }
    if (q->per_lane) {
        for (unsigned k = 0; k < TT_SFPU_SLOTS; k++) {
            if (q->slot[k].valid) {
                return -EINVAL;
            }
        }
    }
    tt_sfpu_seq_update_active(q);
    /* Outstanding work that counts cycles has run already */
    if (q->active && !tt_sfpu_seq_counts_insns(q)) {
        return -EINVAL;
    }
    return 0;
}

static bool tt_sfpu_seq_needed(void *opaque)
{
    TTSfpuSeq *q = &((TTCoproc *)opaque)->sfpu.seq;

    return q->active && !q->per_lane;
}

static int tt_sfpu_seq_post_load(void *opaque, int version_id)
{
    TTCoproc *s = opaque;

    for (unsigned k = 0; k < TT_SFPU_SLOTS; k++) {
        if (!tt_sfpu_slot_ok(s, k / TT_SFPU_DELAYS, &s->sfpu.seq.slot[k])) {
            return -EINVAL;
        }
    }
    return 0;
}

static bool tt_sfpu_lanes_needed(void *opaque)
{
    return ((TTCoproc *)opaque)->sfpu.seq.per_lane;
}

static int tt_sfpu_lanes_post_load(void *opaque, int version_id)
{
    TTCoproc *s = opaque;

    for (unsigned k = 0; k < TT_SFPU_SLOTS; k++) {
        for (int l = 0; l < LANES; l++) {
            if (!tt_sfpu_slot_ok(s, k / TT_SFPU_DELAYS,
                                 &s->sfpu.seq.lane_slot[k][l])) {
                return -EINVAL;
            }
        }
    }
    return 0;
}

static const VMStateDescription vmstate_tt_sfpu_slot = {
    .name = "tt-tensix/sfpu/slot",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32(insn, TTSfpuSlot),
        VMSTATE_UINT32(addr, TTSfpuSlot),
        VMSTATE_UINT8(valid, TTSfpuSlot),
        VMSTATE_UINT8(by_insn, TTSfpuSlot),
        VMSTATE_UINT8(ovr, TTSfpuSlot),
        VMSTATE_UINT8(vb, TTSfpuSlot),
        VMSTATE_UINT8(vc, TTSfpuSlot),
        VMSTATE_UINT8(vd, TTSfpuSlot),
        VMSTATE_UINT8(mod0, TTSfpuSlot),
        VMSTATE_UINT8(thread, TTSfpuSlot),
        VMSTATE_END_OF_LIST()
    }
};

/*
 * The SFPLOADMACRO sequencer, when it holds scheduled instructions: one
 * slot per sub-unit and delay (version 2: slots as structures)
 */
static const VMStateDescription vmstate_tt_sfpu_seq = {
    .name = "tt-tensix/sfpu/seq",
    .version_id = 2,
    .minimum_version_id = 2,
    .needed = tt_sfpu_seq_needed,
    .post_load = tt_sfpu_seq_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_STRUCT_ARRAY(sfpu.seq.slot, TTCoproc, TT_SFPU_SLOTS, 1,
                             vmstate_tt_sfpu_slot, TTSfpuSlot),
        VMSTATE_END_OF_LIST()
    }
};

/* ... or one per lane (TTSfpuSeq.per_lane) */
static const VMStateDescription vmstate_tt_sfpu_lanes = {
    .name = "tt-tensix/sfpu/seq-lanes",
    .version_id = 1,
    .minimum_version_id = 1,
    .needed = tt_sfpu_lanes_needed,
    .post_load = tt_sfpu_lanes_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_STRUCT_2DARRAY(sfpu.seq.lane_slot, TTCoproc, TT_SFPU_SLOTS,
                               LANES, 1, vmstate_tt_sfpu_slot, TTSfpuSlot),
        VMSTATE_END_OF_LIST()
    }
};

const VMStateDescription vmstate_tt_sfpu = {
    .name = "tt-tensix/sfpu",
    .version_id = 1,
    .minimum_version_id = 1,
    .needed = tt_sfpu_needed,
    .pre_load = tt_sfpu_pre_load,
    .post_load = tt_sfpu_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_2DARRAY(sfpu.lreg, TTCoproc, TT_SFPU_LREGS, LANES),
        VMSTATE_UINT8_ARRAY(sfpu.flags, TTCoproc, LANES),
        VMSTATE_UINT8_ARRAY(sfpu.use_flags, TTCoproc, LANES),
        VMSTATE_UINT8_2DARRAY(sfpu.stack_flags, TTCoproc, TT_SFPU_STACK,
                              LANES),
        VMSTATE_UINT8_2DARRAY(sfpu.stack_use, TTCoproc, TT_SFPU_STACK,
                              LANES),
        VMSTATE_UINT8_ARRAY(sfpu.stack_size, TTCoproc, LANES),
        VMSTATE_UINT32_ARRAY(sfpu.lane_config, TTCoproc, LANES),
        VMSTATE_UINT32_2DARRAY(sfpu.lm_template, TTCoproc, TT_SFPU_MACROS,
                               LANES),
        VMSTATE_UINT32_2DARRAY(sfpu.lm_sequence, TTCoproc, TT_SFPU_MACROS,
                               LANES),
        VMSTATE_UINT32_ARRAY(sfpu.lm_misc, TTCoproc, LANES),
        VMSTATE_UINT32_ARRAY(sfpu.prng, TTCoproc, LANES),
        VMSTATE_UINT32_ARRAY(sfpu.shflror_vc, TTCoproc, LANES),
        VMSTATE_END_OF_LIST()
    },
    .subsections = (const VMStateDescription * const []) {
        &vmstate_tt_sfpu_seq,
        &vmstate_tt_sfpu_lanes,
        NULL
    }
};

/* ---------------------------------------------------------------------- */
/* The instructions: issue through the sequencer (tt_sfpu_issue)          */
/* ---------------------------------------------------------------------- */

TT_SFPU_INSN(tt_sfpload)
TT_SFPU_INSN(tt_sfpstore)
TT_SFPU_INSN(tt_sfploadi)
TT_SFPU_INSN(tt_sfpnop)
TT_SFPU_INSN(tt_sfpconfig)
TT_SFPU_INSN(tt_sfpencc)
TT_SFPU_INSN(tt_sfpsetcc)
TT_SFPU_INSN(tt_sfppushc)
TT_SFPU_INSN(tt_sfppopc)
TT_SFPU_INSN(tt_sfpcompc)
TT_SFPU_INSN(tt_sfploadmacro)
