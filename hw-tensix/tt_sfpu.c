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

void tt_sfpu_backdoor(TTCoproc *s, uint32_t insn, unsigned vd,
                      uint8_t act[LANES])
{
    TTSfpuState *u = &s->sfpu;
    uint8_t a[LANES];           /* a local: no aliasing with the state */

    for (int l = 0; l < LANES; l++) {
        a[l] = (vd < 12) |
               ((u->lane_config[l] & TT_SFPU_LC_DISABLE_BACKDOOR_LOAD) >> 1);
    }
    memcpy(act, a, sizeof(a));
    if (vd < 12) {
        return;
    }
    for (int l = 0; l < LANES; l++) {
        if (!act[l]) {
            u->lm_template[vd - 12][l] = insn;
        }
    }
}

void tt_sfpu_lane_enabled(TTCoproc *s, uint8_t en[LANES])
{
    TTSfpuState *u = &s->sfpu;
    uint8_t e[LANES];

    for (int l = 0; l < LANES; l++) {
        uint32_t masked = (u->lane_config[l & 7] >>
                           (TT_SFPU_LC_ROW_MASK_SHIFT + l / 8)) & 1;

        e[l] = (masked ^ 1) & ((u->use_flags[l] ^ 1) | u->flags[l]);
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
    uint8_t act[LANES];

    tt_sfpu_backdoor(s, insn, vd, act);
    tt_sfpu_lane_enabled(s, en);
    for (int l = 0; l < LANES; l++) {
        en[l] &= act[l];
    }
}

void tt_sfpu_commit(TTCoproc *s, unsigned vd, const uint32_t *r,
                    const uint8_t *en)
{
    uint32_t d[LANES];          /* a local: no aliasing with @r */

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

TTExec tt_sfpload(TTCoproc *s, int t, uint32_t insn)
{
    TTSfpuState *u = &s->sfpu;
    TTSfpuMove m = tt_sfpu_move_decode(s, t, insn, false);
    bool bh = tt_sfpu_is_bh(s);
    bool dst32 = tt_sfpu_load_is_dst32(m.mod0);
    uint8_t en[LANES];

    if (m.vd >= 8) {
        goto done;
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
done:
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

TTExec tt_sfpstore(TTCoproc *s, int t, uint32_t insn)
{
    TTSfpuState *u = &s->sfpu;
    TTSfpuMove m = tt_sfpu_move_decode(s, t, insn, true);
    bool bh = tt_sfpu_is_bh(s);
    uint8_t act[LANES], en[LANES];

    tt_sfpu_backdoor(s, insn, m.vd, act);
    tt_sfpu_lane_enabled(s, en);
    for (int l = 0; l < LANES; l++) {
        uint32_t x = u->lreg[m.vd][l];
        unsigned row = tt_sfpu_row(m.addr, l);
        unsigned col = tt_sfpu_col(u, m.addr, l,
                                   TT_SFPU_LC_DEST_WR_COL_EXCHANGE);

        if ((u->lane_config[l] & TT_SFPU_LC_BLOCK_DEST_WR_FROM_SFPU) ||
            !act[l] || (!en[l] && m.mod0 != MOD0_FMT_INT32_ALL)) {
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
    tt_rwc_apply_addr_mod(s, t, m.addr_mod, false);
    return TT_EXEC_DONE;
}

/* ---------------------------------------------------------------------- */
/* SFPLOADI, SFPNOP, SFPCONFIG                                            */
/* ---------------------------------------------------------------------- */

TTExec tt_sfploadi(TTCoproc *s, int t, uint32_t insn)
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

TTExec tt_sfpnop(TTCoproc *s, int t, uint32_t insn)
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

TTExec tt_sfpconfig(TTCoproc *s, int t, uint32_t insn)
{
    TTSfpuState *u = &s->sfpu;
    unsigned mod1 = FIELD_EX32(insn, SFPCONFIG, instr_mod1);
    unsigned vd = FIELD_EX32(insn, SFPCONFIG, config_dest);
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
    return TT_EXEC_DONE;
}

/* ---------------------------------------------------------------------- */
/* Predication: SFPENCC, SFPSETCC, SFPPUSHC, SFPPOPC, SFPCOMPC            */
/* ---------------------------------------------------------------------- */

TTExec tt_sfpencc(TTCoproc *s, int t, uint32_t insn)
{
    TTSfpuState *u = &s->sfpu;
    unsigned mod1 = FIELD_EX32(insn, SFPENCC, instr_mod1);
    unsigned vd = FIELD_EX32(insn, SFPENCC, lreg_dest);
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

TTExec tt_sfpsetcc(TTCoproc *s, int t, uint32_t insn)
{
    TTSfpuState *u = &s->sfpu;
    unsigned mod1 = FIELD_EX32(insn, SFPSETCC, instr_mod1);
    unsigned vd = FIELD_EX32(insn, SFPSETCC, lreg_dest);
    unsigned vc = FIELD_EX32(insn, SFPSETCC, lreg_c);
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

TTExec tt_sfppushc(TTCoproc *s, int t, uint32_t insn)
{
    TTSfpuState *u = &s->sfpu;
    unsigned vd = FIELD_EX32(insn, SFPPUSHC, lreg_dest);
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

TTExec tt_sfppopc(TTCoproc *s, int t, uint32_t insn)
{
    TTSfpuState *u = &s->sfpu;
    unsigned vd = FIELD_EX32(insn, SFPPOPC, lreg_dest);
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

TTExec tt_sfpcompc(TTCoproc *s, int t, uint32_t insn)
{
    TTSfpuState *u = &s->sfpu;
    unsigned vd = FIELD_EX32(insn, SFPCOMPC, lreg_dest);
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
    for (int i = 0; i < 4; i++) {
        for (int l = 0; l < LANES; l++) {
            u->lreg[11 + i][l] = tt_sfpu_lreg_default[i];
        }
    }
}

static int tt_sfpu_post_load(void *opaque, int version_id)
{
    TTSfpuState *u = &((TTCoproc *)opaque)->sfpu;

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
    return 0;
}

static bool tt_sfpu_needed(void *opaque)
{
    return true;
}

const VMStateDescription vmstate_tt_sfpu = {
    .name = "tt-tensix/sfpu",
    .version_id = 1,
    .minimum_version_id = 1,
    .needed = tt_sfpu_needed,
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
    }
};
