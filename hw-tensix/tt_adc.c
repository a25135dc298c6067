/*
 * Tensix address counters: ADCs (SETADC, SETADCXY, SETADCZW, SETADCXX,
 * INCADCXY, INCADCZW, ADDRCRXY, ADDRCRZW, executed by the Miscellaneous
 * Unit) and RWCs (SETRWC, INCRWC, which belong to the Matrix Unit but
 * only touch RWCs), plus SETDVALID, the other Miscellaneous Unit
 * instruction.
 *
 * tt-isa-documentation WormholeB0 TensixCoprocessor/ADCs.md, RWCs.md,
 * MiscellaneousUnit.md and the instruction pages.  Operands are read with
 * the generated fields of tt_isa_fields.h (tt-llk's assembly.yaml), which
 * agree with the encoding diagrams (Diagrams/Src/Bits32.lua) for both
 * architectures except for what assembly.yaml leaves out: the
 * ThreadOverride fields (inside Value or Ch1_Y) and Blackhole's SETRWC
 * SFPU SP bit (inside BitMask).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/bitops.h"
#include "qapi/error.h"
#include "qapi/visitor.h"
#include "qapi/util.h"
#include "qapi/qapi-builtin-visit.h"
#include "migration/vmstate.h"
#include "tt_log.h"
#include "tt_unit.h"
#include "trace.h"

static const char *const tt_adc_unit_name[TT_ADC_NUM_UNITS] = {
    "Unpacker[0]", "Unpacker[1]", "Packers",
};

static const char *const tt_adc_counter_name[TT_ADC_NUM_COUNTERS] = {
    "X", "Y", "Z", "W",
};

/* ADCs.md: uint18_t X, uint13_t Y, uint8_t Z, uint8_t W */
static const uint32_t tt_adc_mask[TT_ADC_NUM_COUNTERS] = {
    0x3ffff, 0x1fff, 0xff, 0xff,
};

#define TT_RWC_DST_MASK     MAKE_64BIT_MASK(0, TT_RWC_DST_BITS)
#define TT_RWC_SRC_MASK     MAKE_64BIT_MASK(0, TT_RWC_SRC_BITS)
#define TT_RWC_FID_MASK     MAKE_64BIT_MASK(0, TT_RWC_FIDELITY_BITS)
#define TT_RWC_SP_MASK      MAKE_64BIT_MASK(0, TT_RWC_SP_BITS)

/* Per-architecture facts of SETRWC (SETRWC.md) */
typedef struct TTAdcArchInfo {
    uint32_t setrwc_reserved;   /* SETRWC bits 5:0 with no meaning */
    bool setrwc_sp;             /* SETRWC BitMask bit 4 sets RWCs[t].Sp */
} TTAdcArchInfo;

static const TTAdcArchInfo tt_adc_arch[TT_ARCH__MAX] = {
    [TT_ARCH_WORMHOLE_B0] = {
        .setrwc_reserved = 0x30,
        .setrwc_sp = false,
    },
    [TT_ARCH_BLACKHOLE] = {
        .setrwc_reserved = 0x20,
        .setrwc_sp = true,
    },
};

/* ---------------------------------------------------------------------- */
/* Accessors for the data path                                            */
/* ---------------------------------------------------------------------- */

uint32_t tt_adc_width(int xyzw)
{
    return tt_adc_mask[xyzw & 3];
}

TTAdcChannel *tt_adc_channel(TTCoproc *s, int set, int unit, int ch)
{
    return &s->adc.adc[set][unit].ch[ch];
}

void tt_adc_set(TTAdcChannel *c, int xyzw, uint32_t value)
{
    c->val[xyzw] = value & tt_adc_mask[xyzw];
}

void tt_adc_set_cr(TTAdcChannel *c, int xyzw, uint32_t value)
{
    c->cr[xyzw] = value & tt_adc_mask[xyzw];
}

void tt_adc_inc(TTAdcChannel *c, int xyzw, uint32_t inc)
{
    c->val[xyzw] = (c->val[xyzw] + inc) & tt_adc_mask[xyzw];
}

static void tt_adc_trace(TTCoproc *s, int set, int unit, int ch,
                         int xyzw)
{
    TTAdcChannel *c = tt_adc_channel(s, set, unit, ch);

    trace_tt_adc_counter(set, tt_adc_unit_name[unit], ch,
                         tt_adc_counter_name[xyzw], c->val[xyzw],
                         c->cr[xyzw]);
}

/*
 * The trace point out of line, and inline only its test: the counter
 * instructions (INCRWC, SETRWC, ...) are cheap and run millions of times
 * per kernel
 */
static G_NO_INLINE void tt_rwc_trace_emit(TTCoproc *s, int t)
{
    TTRwc *r = &s->adc.rwc[t];

    trace_tt_adc_rwc(t, r->srca, r->srca_cr, r->srcb, r->srcb_cr, r->dst,
                     r->dst_cr, r->fidelity);
}

static inline void tt_rwc_trace(TTCoproc *s, int t)
{
    if (trace_event_get_state_backends(TRACE_TT_ADC_RWC)) {
        tt_rwc_trace_emit(s, t);
    }
}

void tt_adc_write_counter(TTCoproc *s, int t, unsigned which,
                          uint32_t value)
{
    int xyzw = extract32(which, 0, 2);
    bool cr = extract32(which, 2, 1);
    int unit = extract32(which, 3, 2);
    int ch = extract32(which, 5, 1);
    TTAdcChannel *c;

    /* REG2FLOP_ADC.md: WhichThread >= 3 and ADCSel == 3 just return */
    if (t < 0 || t >= TT_ADC_NUM_SETS || unit >= TT_ADC_NUM_UNITS) {
        return;
    }
    c = tt_adc_channel(s, t, unit, ch);
    if (cr) {
        tt_adc_set_cr(c, xyzw, value);
    } else {
        tt_adc_set(c, xyzw, value);
    }
    tt_adc_trace(s, t, unit, ch, xyzw);
}

/* ---------------------------------------------------------------------- */
/* ApplyAddrMod (RWCs.md)                                                 */
/* ---------------------------------------------------------------------- */

/*
 * One ADDR_MOD section: ADDR_MOD_AB_SEC<i>, ADDR_MOD_DST_SEC<i>,
 * ADDR_MOD_BIAS_SEC<i> (and Blackhole's ADDR_MOD_AB2_SEC<i>) decoded.
 */
typedef struct TTAddrMod {
    uint32_t a_incr, b_incr, d_incr, fid_incr, bias_incr;
    bool a_cr, a_clear, b_cr, b_clear;
    bool d_cr, d_clear, d_c_to_cr, fid_clear, bias_clear;
    bool ab2;                   /* AB2 SrcAIncr/SrcBIncr set (BH only) */
} TTAddrMod;

/* Word of ThreadConfig[@t] holding field ADDR_MOD_<REG>_SEC<@i>_<F> */
/* ThreadConfig word of field ADDR_MOD_<REG>_SEC<i>_<F> of architecture A */
#define TT_AM_SEC(A, REG, F, i) \
    TT_##A##_THD_ADDR_MOD_##REG##_SEC##i##_##F##_ADDR32
#define TT_AM_STRIDE(A, REG, F) \
    (TT_AM_SEC(A, REG, F, 1) - TT_AM_SEC(A, REG, F, 0))

/* Word of ThreadConfig[@t] holding field ADDR_MOD_<REG>_SEC<@i>_<F> */
#define TT_AM_WORD(s, t, A, REG, F, i) \
    ((s)->cfg.thd[t][TT_AM_SEC(A, REG, F, 0) + (i) * TT_AM_STRIDE(A, REG, F)])
#define TT_AM_GET(w, A, REG, F) \
    TT_CFG_FIELD_OF(w, TT_##A##_THD_ADDR_MOD_##REG##_SEC0_##F)

/*
 * The sections are evenly spaced (SEC<i> = SEC0 + i * stride) and every
 * field of a section shares its word: checked for each register.
 */
#define TT_AM_CHECK_SEC(A, REG, F, i)                                   \
    QEMU_BUILD_BUG_ON(TT_AM_SEC(A, REG, F, i) !=                        \
                      TT_AM_SEC(A, REG, F, 0) + i * TT_AM_STRIDE(A, REG, F))
#define TT_AM_CHECK_STRIDE(A, REG, F) do {                              \
    TT_AM_CHECK_SEC(A, REG, F, 2); TT_AM_CHECK_SEC(A, REG, F, 3);       \
    TT_AM_CHECK_SEC(A, REG, F, 4); TT_AM_CHECK_SEC(A, REG, F, 5);       \
    TT_AM_CHECK_SEC(A, REG, F, 6); TT_AM_CHECK_SEC(A, REG, F, 7);       \
} while (0)
#define TT_AM_CHECK_SAME(A, REG, F, G)                                  \
    QEMU_BUILD_BUG_ON(TT_AM_SEC(A, REG, F, 0) != TT_AM_SEC(A, REG, G, 0))

/* Decode section @i of ThreadConfig[@t] with architecture @A's layout */
#define TT_AM_DECODE(s, t, A, i, m) do {                                \
    uint32_t ab_ = TT_AM_WORD(s, t, A, AB, SrcAIncr, i);                \
    uint32_t dst_ = TT_AM_WORD(s, t, A, DST, DestIncr, i);              \
    uint32_t bias_ = TT_AM_WORD(s, t, A, BIAS, BiasIncr, i);            \
                                                                        \
    (m)->a_incr = TT_AM_GET(ab_, A, AB, SrcAIncr);                      \
    (m)->a_cr = TT_AM_GET(ab_, A, AB, SrcACR);                          \
    (m)->a_clear = TT_AM_GET(ab_, A, AB, SrcAClear);                    \
    (m)->b_incr = TT_AM_GET(ab_, A, AB, SrcBIncr);                      \
    (m)->b_cr = TT_AM_GET(ab_, A, AB, SrcBCR);                          \
    (m)->b_clear = TT_AM_GET(ab_, A, AB, SrcBClear);                    \
    (m)->d_incr = TT_AM_GET(dst_, A, DST, DestIncr);                    \
    (m)->d_cr = TT_AM_GET(dst_, A, DST, DestCR);                        \
    (m)->d_clear = TT_AM_GET(dst_, A, DST, DestClear);                  \
    (m)->d_c_to_cr = TT_AM_GET(dst_, A, DST, DestCToCR);                \
    (m)->fid_incr = TT_AM_GET(dst_, A, DST, FidelityIncr);              \
    (m)->fid_clear = TT_AM_GET(dst_, A, DST, FidelityClear);            \
    (m)->bias_incr = TT_AM_GET(bias_, A, BIAS, BiasIncr);               \
    (m)->bias_clear = TT_AM_GET(bias_, A, BIAS, BiasClear);             \
} while (0)

static void tt_addr_mod_decode_wh(TTCoproc *s, int t, unsigned i,
                                  TTAddrMod *m)
{
    TT_AM_CHECK_STRIDE(WH, AB, SrcAIncr);
    TT_AM_CHECK_STRIDE(WH, DST, DestIncr);
    TT_AM_CHECK_STRIDE(WH, BIAS, BiasIncr);
    TT_AM_CHECK_SAME(WH, AB, SrcAIncr, SrcACR);
    TT_AM_CHECK_SAME(WH, AB, SrcAIncr, SrcAClear);
    TT_AM_CHECK_SAME(WH, AB, SrcAIncr, SrcBIncr);
    TT_AM_CHECK_SAME(WH, AB, SrcAIncr, SrcBCR);
    TT_AM_CHECK_SAME(WH, AB, SrcAIncr, SrcBClear);
    TT_AM_CHECK_SAME(WH, DST, DestIncr, DestCR);
    TT_AM_CHECK_SAME(WH, DST, DestIncr, DestClear);
    TT_AM_CHECK_SAME(WH, DST, DestIncr, DestCToCR);
    TT_AM_CHECK_SAME(WH, DST, DestIncr, FidelityIncr);
    TT_AM_CHECK_SAME(WH, DST, DestIncr, FidelityClear);
    TT_AM_CHECK_SAME(WH, BIAS, BiasIncr, BiasClear);

    TT_AM_DECODE(s, t, WH, i, m);
    m->ab2 = false;             /* Wormhole has no ADDR_MOD_AB2 */
}

static void tt_addr_mod_decode_bh(TTCoproc *s, int t, unsigned i,
                                  TTAddrMod *m)
{
    uint32_t ab2;

    TT_AM_CHECK_STRIDE(BH, AB, SrcAIncr);
    TT_AM_CHECK_STRIDE(BH, DST, DestIncr);
    TT_AM_CHECK_STRIDE(BH, BIAS, BiasIncr);
    TT_AM_CHECK_STRIDE(BH, AB2, SrcAIncr);
    TT_AM_CHECK_SAME(BH, AB, SrcAIncr, SrcACR);
    TT_AM_CHECK_SAME(BH, AB, SrcAIncr, SrcAClear);
    TT_AM_CHECK_SAME(BH, AB, SrcAIncr, SrcBIncr);
    TT_AM_CHECK_SAME(BH, AB, SrcAIncr, SrcBCR);
    TT_AM_CHECK_SAME(BH, AB, SrcAIncr, SrcBClear);
    TT_AM_CHECK_SAME(BH, DST, DestIncr, DestCR);
    TT_AM_CHECK_SAME(BH, DST, DestIncr, DestClear);
    TT_AM_CHECK_SAME(BH, DST, DestIncr, DestCToCR);
    TT_AM_CHECK_SAME(BH, DST, DestIncr, FidelityIncr);
    TT_AM_CHECK_SAME(BH, DST, DestIncr, FidelityClear);
    TT_AM_CHECK_SAME(BH, BIAS, BiasIncr, BiasClear);
    TT_AM_CHECK_SAME(BH, AB2, SrcAIncr, SrcBIncr);

    TT_AM_DECODE(s, t, BH, i, m);
    ab2 = TT_AM_WORD(s, t, BH, AB2, SrcAIncr, i);
    m->ab2 = TT_AM_GET(ab2, BH, AB2, SrcAIncr) ||
             TT_AM_GET(ab2, BH, AB2, SrcBIncr);
}

void tt_rwc_apply_addr_mod(TTCoproc *s, int t, uint32_t addr_mod,
                           bool update_fidelity)
{
    TTRwc *r = &s->adc.rwc[t];
    unsigned index = addr_mod & 7;      /* uint3_t Index = AddrMod */
    bool set_base = false;
    TTAddrMod m;

    if (s->arch->id == TT_ARCH_WORMHOLE_B0) {
        set_base = TT_CFG_FIELD_OF(
            s->cfg.thd[t][TT_WH_THD_ADDR_MOD_SET_Base_ADDR32],
            TT_WH_THD_ADDR_MOD_SET_Base);
    }
    /*
     * Index += 4 in uint3_t: on Blackhole (3-bit AddrMod, no
     * ADDR_MOD_SET_Base) ExtraAddrModBit wraps 4..7 to 0..3.
     */
    if (r->extra_addr_mod || set_base) {
        index = (index + 4) & 7;
    }
    if (s->arch->id == TT_ARCH_WORMHOLE_B0) {
        tt_addr_mod_decode_wh(s, t, index, &m);
    } else {
        tt_addr_mod_decode_bh(s, t, index, &m);
    }
    if (m.ab2) {
        tt_log_mask(LOG_UNIMP, "tt-tensix: T%d: ADDR_MOD_AB2_SEC%u "
                    "SrcAIncr/SrcBIncr (undocumented) ignored\n", t, index);
    }

    if (m.a_clear) {
        r->srca = r->srca_cr = 0;
    } else if (m.a_cr) {
        r->srca_cr = (r->srca_cr + m.a_incr) & TT_RWC_SRC_MASK;
        r->srca = r->srca_cr;
    } else {
        r->srca = (r->srca + m.a_incr) & TT_RWC_SRC_MASK;
    }
    if (m.b_clear) {
        r->srcb = r->srcb_cr = 0;
    } else if (m.b_cr) {
        r->srcb_cr = (r->srcb_cr + m.b_incr) & TT_RWC_SRC_MASK;
        r->srcb = r->srcb_cr;
    } else {
        r->srcb = (r->srcb + m.b_incr) & TT_RWC_SRC_MASK;
    }
    if (m.d_clear) {
        r->dst = r->dst_cr = 0;
    } else if (m.d_c_to_cr) {
        r->dst = (r->dst + m.d_incr) & TT_RWC_DST_MASK;
        r->dst_cr = r->dst;
    } else if (m.d_cr) {
        r->dst_cr = (r->dst_cr + m.d_incr) & TT_RWC_DST_MASK;
        r->dst = r->dst_cr;
    } else {
        r->dst = (r->dst + m.d_incr) & TT_RWC_DST_MASK;
    }
    if (update_fidelity) {
        if (m.fid_clear) {
            r->fidelity = 0;
        } else {
            r->fidelity = (r->fidelity + m.fid_incr) & TT_RWC_FID_MASK;
        }
    }
    if (m.bias_clear) {
        r->extra_addr_mod = 0;
    } else if (m.bias_incr & 3) {
        r->extra_addr_mod ^= 1;     /* uint1_t += 1 */
    }
    tt_rwc_trace(s, t);
}

/* ---------------------------------------------------------------------- */
/* Miscellaneous Unit instructions                                        */
/* ---------------------------------------------------------------------- */

static G_NO_INLINE void tt_adc_reserved_log(TTCoproc *s, int t,
                                            uint32_t insn, uint32_t mask)
{
    char buf[160];

    tt_insn_format(s->arch->id, insn, buf, sizeof(buf));
    tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: T%d: %s (insn 0x%08x): "
                "reserved bits 0x%06x set, ignored\n", t, buf, insn,
                insn & mask);
}

/* Reserved bits @mask of @insn set: logged; inline, the usual case clear */
static inline void tt_adc_reserved(TTCoproc *s, int t, uint32_t insn,
                                   uint32_t mask)
{
    if (unlikely(insn & mask)) {
        tt_adc_reserved_log(s, t, insn, mask);
    }
}

/* WhichThread = ThreadOverride == 0 ? CurrentThread : ThreadOverride - 1 */
static int tt_adc_which_thread(int t, uint32_t override)
{
    return override == 0 ? t : override - 1;
}

/*
 * SETADC: one counter and its checkpoint = NewValue.  Bits 17:16 of the
 * Value field are ThreadOverride (SETADC.md).
 */
TTExec tt_setadc(TTCoproc *s, int t, uint32_t insn)
{
    uint32_t new_value = FIELD_EX32(insn, SETADC, Value);
    int xyzw = FIELD_EX32(insn, SETADC, DimensionIndex);
    int ch = FIELD_EX32(insn, SETADC, ChannelIndex);
    uint32_t units = FIELD_EX32(insn, SETADC, CntSetMask);
    int set = tt_adc_which_thread(t, new_value >> 16);

    for (int u = 0; u < TT_ADC_NUM_UNITS; u++) {
        if (units & (1u << u)) {
            TTAdcChannel *c = tt_adc_channel(s, set, u, ch);

            /*
             * The whole 18-bit NewValue, ThreadOverride bits included, is
             * assigned: X keeps bits 17:16, Y/Z/W truncate them away.
             */
            tt_adc_set(c, xyzw, new_value);
            tt_adc_set_cr(c, xyzw, new_value);
            tt_adc_trace(s, set, u, ch, xyzw);
        }
    }
    return TT_EXEC_DONE;
}

/*
 * SETADCXX: Channel[0].X = X0Val, Channel[1].X = X1Val, and checkpoints.
 * The x_end2 field is 11 bits wide; SETADCXX.md takes X1Val from its
 * bits 9:0 (instruction bits 19:10), bit 20 is reserved.
 */
TTExec tt_setadcxx(TTCoproc *s, int t, uint32_t insn)
{
    uint32_t xval[2] = {
        FIELD_EX32(insn, SETADCXX, x_start),
        FIELD_EX32(insn, SETADCXX, x_end2) & 0x3ff,
    };
    uint32_t units = FIELD_EX32(insn, SETADCXX, CntSetMask);

    tt_adc_reserved(s, t, insn, 1u << 20);
    for (int u = 0; u < TT_ADC_NUM_UNITS; u++) {
        if (!(units & (1u << u))) {
            continue;
        }
        for (int ch = 0; ch < TT_ADC_NUM_CHANNELS; ch++) {
            TTAdcChannel *c = tt_adc_channel(s, t, u, ch);

            tt_adc_set(c, TT_ADC_X, xval[ch]);
            tt_adc_set_cr(c, TT_ADC_X, xval[ch]);
            tt_adc_trace(s, t, u, ch, TT_ADC_X);
        }
    }
    return TT_EXEC_DONE;
}

enum { TT_ADC_OP_SET, TT_ADC_OP_INC, TT_ADC_OP_ADDRCR };

/*
 * The operand fields of SETADCXY/ZW, INCADCXY/ZW and ADDRCRXY/ZW.  val[k]
 * (k = 0..3: Ch0_X, Ch0_Y, Ch1_X, Ch1_Y) and BitMask bit k name, in order,
 * Channel[0].<d0>, Channel[0].<d1>, Channel[1].<d0>, Channel[1].<d1> with
 * (d0, d1) = (X, Y) or (Z, W).
 *
 * The generated fields are wider than the functional models' operands
 * (SETADCXY.md, INCADCXY.md, ADDRCRXY.md and their ZW pages): Ch1_Y is
 * 6 bits wide (instruction bits 20:15), of which bits 2:0 are the value,
 * bits 4:3 are ThreadOverride and bit 5 is reserved; BitMask is 6 bits
 * wide, of which bits 3:0 are used and bits 5:4 are reserved.  INCADCXY/ZW
 * have no BitMask: they apply all four values.
 */
typedef struct TTAdcXyzwOps {
    uint32_t cnt_set_mask;      /* PK:U1:U0 */
    uint32_t bit_mask;
    uint32_t val[4];
} TTAdcXyzwOps;

static void tt_adc_xyzw(TTCoproc *s, int t, uint32_t insn, int d0, int op,
                        const TTAdcXyzwOps *o)
{
    uint32_t units = o->cnt_set_mask;
    uint32_t bits = op == TT_ADC_OP_INC ? 0xf : o->bit_mask & 0xf;
    int set = tt_adc_which_thread(t, extract32(o->val[3], 3, 2));

    tt_adc_reserved(s, t, insn, (1u << 20) | (op == TT_ADC_OP_INC ?
                                              0x3f : 0x30));
    for (int u = 0; u < TT_ADC_NUM_UNITS; u++) {
        if (!(units & (1u << u))) {
            continue;
        }
        for (int k = 0; k < 4; k++) {
            TTAdcChannel *c = tt_adc_channel(s, set, u, k >> 1);
            int d = d0 + (k & 1);
            uint32_t v = o->val[k] & 7;

            if (!(bits & (1u << k))) {
                continue;
            }
            switch (op) {
            case TT_ADC_OP_SET:
                tt_adc_set(c, d, v);
                tt_adc_set_cr(c, d, v);
                break;
            case TT_ADC_OP_INC:
                tt_adc_inc(c, d, v);
                break;
            case TT_ADC_OP_ADDRCR:
                tt_adc_set_cr(c, d, c->cr[d] + v);
                c->val[d] = c->cr[d];
                break;
            }
            tt_adc_trace(s, set, u, k >> 1, d);
        }
    }
}

TTExec tt_setadcxy(TTCoproc *s, int t, uint32_t insn)
{
    TTAdcXyzwOps o = {
        .cnt_set_mask = FIELD_EX32(insn, SETADCXY, CntSetMask),
        .bit_mask = FIELD_EX32(insn, SETADCXY, BitMask),
        .val = {
            FIELD_EX32(insn, SETADCXY, Ch0_X),
            FIELD_EX32(insn, SETADCXY, Ch0_Y),
            FIELD_EX32(insn, SETADCXY, Ch1_X),
            FIELD_EX32(insn, SETADCXY, Ch1_Y),
        },
    };

    tt_adc_xyzw(s, t, insn, TT_ADC_X, TT_ADC_OP_SET, &o);
    return TT_EXEC_DONE;
}

TTExec tt_incadcxy(TTCoproc *s, int t, uint32_t insn)
{
    TTAdcXyzwOps o = {
        .cnt_set_mask = FIELD_EX32(insn, INCADCXY, CntSetMask),
        .val = {
            FIELD_EX32(insn, INCADCXY, Ch0_X),
            FIELD_EX32(insn, INCADCXY, Ch0_Y),
            FIELD_EX32(insn, INCADCXY, Ch1_X),
            FIELD_EX32(insn, INCADCXY, Ch1_Y),
        },
    };

    tt_adc_xyzw(s, t, insn, TT_ADC_X, TT_ADC_OP_INC, &o);
    return TT_EXEC_DONE;
}

TTExec tt_addrcrxy(TTCoproc *s, int t, uint32_t insn)
{
    TTAdcXyzwOps o = {
        .cnt_set_mask = FIELD_EX32(insn, ADDRCRXY, CntSetMask),
        .bit_mask = FIELD_EX32(insn, ADDRCRXY, BitMask),
        .val = {
            FIELD_EX32(insn, ADDRCRXY, Ch0_X),
            FIELD_EX32(insn, ADDRCRXY, Ch0_Y),
            FIELD_EX32(insn, ADDRCRXY, Ch1_X),
            FIELD_EX32(insn, ADDRCRXY, Ch1_Y),
        },
    };

    tt_adc_xyzw(s, t, insn, TT_ADC_X, TT_ADC_OP_ADDRCR, &o);
    return TT_EXEC_DONE;
}

/*
 * assembly.yaml (and so tt_isa_fields.h) names the fields of SETADCZW,
 * INCADCZW and ADDRCRZW Ch0_X, Ch0_Y, Ch1_X, Ch1_Y, although they hold
 * Channel[0].Z, Channel[0].W, Channel[1].Z, Channel[1].W (tt-llk's encoder
 * calls them Ch0_Z, Ch0_W, Ch1_Z, Ch1_W).
 */
TTExec tt_setadczw(TTCoproc *s, int t, uint32_t insn)
{
    TTAdcXyzwOps o = {
        .cnt_set_mask = FIELD_EX32(insn, SETADCZW, CntSetMask),
        .bit_mask = FIELD_EX32(insn, SETADCZW, BitMask),
        .val = {
            FIELD_EX32(insn, SETADCZW, Ch0_X),      /* Ch0_Z */
            FIELD_EX32(insn, SETADCZW, Ch0_Y),      /* Ch0_W */
            FIELD_EX32(insn, SETADCZW, Ch1_X),      /* Ch1_Z */
            FIELD_EX32(insn, SETADCZW, Ch1_Y),      /* Ch1_W */
        },
    };

    tt_adc_xyzw(s, t, insn, TT_ADC_Z, TT_ADC_OP_SET, &o);
    return TT_EXEC_DONE;
}

TTExec tt_incadczw(TTCoproc *s, int t, uint32_t insn)
{
    TTAdcXyzwOps o = {
        .cnt_set_mask = FIELD_EX32(insn, INCADCZW, CntSetMask),
        .val = {
            FIELD_EX32(insn, INCADCZW, Ch0_X),      /* Ch0_Z */
            FIELD_EX32(insn, INCADCZW, Ch0_Y),      /* Ch0_W */
            FIELD_EX32(insn, INCADCZW, Ch1_X),      /* Ch1_Z */
            FIELD_EX32(insn, INCADCZW, Ch1_Y),      /* Ch1_W */
        },
    };

    tt_adc_xyzw(s, t, insn, TT_ADC_Z, TT_ADC_OP_INC, &o);
    return TT_EXEC_DONE;
}

TTExec tt_addrcrzw(TTCoproc *s, int t, uint32_t insn)
{
    TTAdcXyzwOps o = {
        .cnt_set_mask = FIELD_EX32(insn, ADDRCRZW, CntSetMask),
        .bit_mask = FIELD_EX32(insn, ADDRCRZW, BitMask),
        .val = {
            FIELD_EX32(insn, ADDRCRZW, Ch0_X),      /* Ch0_Z */
            FIELD_EX32(insn, ADDRCRZW, Ch0_Y),      /* Ch0_W */
            FIELD_EX32(insn, ADDRCRZW, Ch1_X),      /* Ch1_Z */
            FIELD_EX32(insn, ADDRCRZW, Ch1_Y),      /* Ch1_W */
        },
    };

    tt_adc_xyzw(s, t, insn, TT_ADC_Z, TT_ADC_OP_ADDRCR, &o);
    return TT_EXEC_DONE;
}

/*
 * SETDVALID gives SrcA/SrcB banks to the Matrix Unit (tt_srcregs.c).  The
 * setvalid field is 24 bits wide; SETDVALID.md uses its bits 1:0 (SrcA,
 * SrcB), the rest are reserved.
 */
TTExec tt_setdvalid(TTCoproc *s, int t, uint32_t insn)
{
    tt_adc_reserved(s, t, insn, MAKE_64BIT_MASK(2, 22));
    if (s->arch->id == TT_ARCH_BLACKHOLE) {
        /*
         * Not documented for Blackhole; Tenstorrent's simulator refuses it
         * there (its interaction with the implied SrcA/SrcB formats is
         * ill-specified; UNPACR_NOP's SETDVALID is the supported form).
         */
        tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: T%d: SETDVALID (insn "
                    "0x%08x) is unsupported on Blackhole (use UNPACR_NOP "
                    "SETDVALID); dropped\n", t, insn);
        return TT_EXEC_DONE;
    }
    tt_src_set_dvalid(s, t, FIELD_EX32(insn, SETDVALID, setvalid) & 3);
    return TT_EXEC_DONE;
}

/* ---------------------------------------------------------------------- */
/* RWC instructions                                                       */
/* ---------------------------------------------------------------------- */

/*
 * SETRWC.  The functional model adds the checkpoint (or counter) to the
 * 4-bit field value; the sum is taken at the counter's width (RWCs are
 * stepped past 15 this way, e.g. Dst_Cr += 8 per face).
 *
 * BitMask: SrcA 0, SrcB 1, Dst 2, Fidelity 3, Blackhole SP 4 (the rest
 * reserved, TTAdcArchInfo.setrwc_reserved); rwc_cr: SrcACr 0, SrcBCr 1,
 * DstCr 2, DstCToCr 3; clear_ab_vld: FlipSrcA 0, FlipSrcB 1.
 */
TTExec tt_setrwc(TTCoproc *s, int t, uint32_t insn)
{
    const TTAdcArchInfo *ai = &tt_adc_arch[s->arch->id];
    TTRwc *r = &s->adc.rwc[t];
    uint32_t bit_mask = FIELD_EX32(insn, SETRWC, BitMask);
    uint32_t rwc_cr = FIELD_EX32(insn, SETRWC, rwc_cr);
    uint32_t clear_ab_vld = FIELD_EX32(insn, SETRWC, clear_ab_vld);
    uint32_t a_val = FIELD_EX32(insn, SETRWC, rwc_a);
    uint32_t b_val = FIELD_EX32(insn, SETRWC, rwc_b);
    uint32_t d_val = FIELD_EX32(insn, SETRWC, rwc_d);
    bool src_a = extract32(bit_mask, 0, 1), src_b = extract32(bit_mask, 1, 1);
    bool dst = extract32(bit_mask, 2, 1), fidelity = extract32(bit_mask, 3, 1);
    bool a_cr = extract32(rwc_cr, 0, 1), b_cr = extract32(rwc_cr, 1, 1);
    bool d_cr = extract32(rwc_cr, 2, 1), d_c_to_cr = extract32(rwc_cr, 3, 1);

    tt_adc_reserved(s, t, insn, ai->setrwc_reserved);
    if (src_a) {
        if (a_cr) {
            a_val += r->srca_cr;
        }
        r->srca = r->srca_cr = a_val & TT_RWC_SRC_MASK;
    }
    if (src_b) {
        if (b_cr) {
            b_val += r->srcb_cr;
        }
        r->srcb = r->srcb_cr = b_val & TT_RWC_SRC_MASK;
    }
    if (dst || d_c_to_cr) {
        uint32_t v = d_val;

        if (d_c_to_cr) {
            v += r->dst;
        } else if (d_cr) {
            v += r->dst_cr;
        }
        r->dst = r->dst_cr = v & TT_RWC_DST_MASK;
    }
    if (fidelity) {
        r->fidelity = 0;
    }
    if (ai->setrwc_sp && extract32(bit_mask, 4, 1)) {
        /* SP set value: [3:0] rwc_a, [7:4] rwc_b, [11:8] rwc_d */
        r->sp = (FIELD_EX32(insn, SETRWC, rwc_a) |
                 FIELD_EX32(insn, SETRWC, rwc_b) << 4 |
                 FIELD_EX32(insn, SETRWC, rwc_d) << 8) & TT_RWC_SP_MASK;
    }
    tt_rwc_trace(s, t);

    if (clear_ab_vld) {
        tt_src_setrwc_flip(s, t, extract32(clear_ab_vld, 0, 1),
                           extract32(clear_ab_vld, 1, 1));
    }
    return TT_EXEC_DONE;
}

/*
 * INCRWC: += to the counters, or to the checkpoints then copied back.  The
 * rwc_cr field is 6 bits wide; INCRWC.md uses its bits 2:0 (SrcACr,
 * SrcBCr, DstCr), bits 5:3 are reserved.
 */
TTExec tt_incrwc(TTCoproc *s, int t, uint32_t insn)
{
    TTRwc *r = &s->adc.rwc[t];
    uint32_t a_inc = FIELD_EX32(insn, INCRWC, rwc_a);
    uint32_t b_inc = FIELD_EX32(insn, INCRWC, rwc_b);
    uint32_t d_inc = FIELD_EX32(insn, INCRWC, rwc_d);
    uint32_t rwc_cr = FIELD_EX32(insn, INCRWC, rwc_cr) & 7;

    tt_adc_reserved(s, t, insn, 0x3f | MAKE_64BIT_MASK(21, 3));
    if (extract32(rwc_cr, 0, 1)) {
        r->srca_cr = (r->srca_cr + a_inc) & TT_RWC_SRC_MASK;
        r->srca = r->srca_cr;
    } else {
        r->srca = (r->srca + a_inc) & TT_RWC_SRC_MASK;
    }
    if (extract32(rwc_cr, 1, 1)) {
        r->srcb_cr = (r->srcb_cr + b_inc) & TT_RWC_SRC_MASK;
        r->srcb = r->srcb_cr;
    } else {
        r->srcb = (r->srcb + b_inc) & TT_RWC_SRC_MASK;
    }
    if (extract32(rwc_cr, 2, 1)) {
        r->dst_cr = (r->dst_cr + d_inc) & TT_RWC_DST_MASK;
        r->dst = r->dst_cr;
    } else {
        r->dst = (r->dst + d_inc) & TT_RWC_DST_MASK;
    }
    tt_rwc_trace(s, t);
    return TT_EXEC_DONE;
}

/* ---------------------------------------------------------------------- */
/* Debug daisychain                                                       */
/* ---------------------------------------------------------------------- */

/* ---------------------------------------------------------------------- */
/* QOM properties, reset, migration                                       */
/* ---------------------------------------------------------------------- */

static void tt_adc_get_adc_state(Object *obj, Visitor *v, const char *name,
                                 void *opaque, Error **errp)
{
    TTCoproc *s = opaque;
    uint32List *list = NULL, **tail = &list;

    for (int t = 0; t < TT_ADC_NUM_SETS; t++) {
        for (int u = 0; u < TT_ADC_NUM_UNITS; u++) {
            for (int ch = 0; ch < TT_ADC_NUM_CHANNELS; ch++) {
                TTAdcChannel *c = tt_adc_channel(s, t, u, ch);

                for (int d = 0; d < TT_ADC_NUM_COUNTERS; d++) {
                    QAPI_LIST_APPEND(tail, c->val[d]);
                    QAPI_LIST_APPEND(tail, c->cr[d]);
                }
            }
        }
    }
    visit_type_uint32List(v, name, &list, errp);
    qapi_free_uint32List(list);
}

static void tt_adc_get_rwc_state(Object *obj, Visitor *v, const char *name,
                                 void *opaque, Error **errp)
{
    TTCoproc *s = opaque;
    uint32List *list = NULL, **tail = &list;

    for (int t = 0; t < TT_NUM_THREADS; t++) {
        TTRwc *r = &s->adc.rwc[t];

        QAPI_LIST_APPEND(tail, r->srca);
        QAPI_LIST_APPEND(tail, r->srca_cr);
        QAPI_LIST_APPEND(tail, r->srcb);
        QAPI_LIST_APPEND(tail, r->srcb_cr);
        QAPI_LIST_APPEND(tail, r->dst);
        QAPI_LIST_APPEND(tail, r->dst_cr);
        QAPI_LIST_APPEND(tail, r->fidelity);
        QAPI_LIST_APPEND(tail, r->extra_addr_mod);
        QAPI_LIST_APPEND(tail, r->sp);
    }
    visit_type_uint32List(v, name, &list, errp);
    qapi_free_uint32List(list);
}

void tt_adc_add_properties(TTCoproc *s)
{
    Object *obj = s->owner;

    if (object_property_find(obj, "adc-state")) {
        return;
    }
    object_property_add(obj, "adc-state", "uint32List",
                        tt_adc_get_adc_state, NULL, NULL, s);
    object_property_set_description(obj, "adc-state",
        "ADCs (read-only): for thread 0-2, Unpacker[0], Unpacker[1], "
        "Packers, channel 0-1: X, X_Cr, Y, Y_Cr, Z, Z_Cr, W, W_Cr");
    object_property_add(obj, "rwc-state", "uint32List",
                        tt_adc_get_rwc_state, NULL, NULL, s);
    object_property_set_description(obj, "rwc-state",
        "RWCs (read-only): for thread 0-2: SrcA, SrcA_Cr, SrcB, SrcB_Cr, "
        "Dst, Dst_Cr, FidelityPhase, ExtraAddrModBit, Sp");
}

void tt_adc_reset(TTCoproc *s)
{
    memset(&s->adc, 0, sizeof(s->adc));
}

/* Keep a migrated-in state within the documented widths */
static int tt_adc_post_load(void *opaque, int version_id)
{
    TTCoproc *s = opaque;

    for (int t = 0; t < TT_ADC_NUM_SETS; t++) {
        for (int u = 0; u < TT_ADC_NUM_UNITS; u++) {
            for (int ch = 0; ch < TT_ADC_NUM_CHANNELS; ch++) {
                TTAdcChannel *c = tt_adc_channel(s, t, u, ch);

                for (int d = 0; d < TT_ADC_NUM_COUNTERS; d++) {
                    c->val[d] &= tt_adc_mask[d];
                    c->cr[d] &= tt_adc_mask[d];
                }
            }
        }
    }
    for (int t = 0; t < TT_NUM_THREADS; t++) {
        TTRwc *r = &s->adc.rwc[t];

        r->srca &= TT_RWC_SRC_MASK;
        r->srca_cr &= TT_RWC_SRC_MASK;
        r->srcb &= TT_RWC_SRC_MASK;
        r->srcb_cr &= TT_RWC_SRC_MASK;
        r->dst &= TT_RWC_DST_MASK;
        r->dst_cr &= TT_RWC_DST_MASK;
        r->fidelity &= TT_RWC_FID_MASK;
        r->extra_addr_mod &= 1;
        r->sp &= TT_RWC_SP_MASK;
    }
    return 0;
}

static const VMStateDescription vmstate_tt_adc_channel = {
    .name = "tt-adc-channel",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_ARRAY(val, TTAdcChannel, TT_ADC_NUM_COUNTERS),
        VMSTATE_UINT32_ARRAY(cr, TTAdcChannel, TT_ADC_NUM_COUNTERS),
        VMSTATE_END_OF_LIST()
    }
};

static const VMStateDescription vmstate_tt_adc_set = {
    .name = "tt-adc",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_STRUCT_ARRAY(ch, TTAdc, TT_ADC_NUM_CHANNELS, 1,
                             vmstate_tt_adc_channel, TTAdcChannel),
        VMSTATE_END_OF_LIST()
    }
};

static const VMStateDescription vmstate_tt_rwc = {
    .name = "tt-rwc",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32(srca, TTRwc),
        VMSTATE_UINT32(srca_cr, TTRwc),
        VMSTATE_UINT32(srcb, TTRwc),
        VMSTATE_UINT32(srcb_cr, TTRwc),
        VMSTATE_UINT32(dst, TTRwc),
        VMSTATE_UINT32(dst_cr, TTRwc),
        VMSTATE_UINT32(fidelity, TTRwc),
        VMSTATE_UINT32(extra_addr_mod, TTRwc),
        VMSTATE_UINT32(sp, TTRwc),
        VMSTATE_END_OF_LIST()
    }
};

const VMStateDescription vmstate_tt_adc = {
    .name = "tt-tensix/adc",
    .version_id = 1,
    .minimum_version_id = 1,
    .post_load = tt_adc_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_STRUCT_2DARRAY(adc.adc, TTCoproc, TT_ADC_NUM_SETS,
                               TT_ADC_NUM_UNITS, 1, vmstate_tt_adc_set,
                               TTAdc),
        VMSTATE_STRUCT_ARRAY(adc.rwc, TTCoproc, TT_NUM_THREADS, 1,
                             vmstate_tt_rwc, TTRwc),
        VMSTATE_END_OF_LIST()
    }
};
