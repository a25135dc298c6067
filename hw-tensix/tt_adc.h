/*
 * Tensix address counters: ADCs (unpackers/packers) and RWCs (matrix unit,
 * vector unit).
 *
 * tt-isa-documentation WormholeB0 TensixCoprocessor/ADCs.md, RWCs.md.
 * The instructions that manipulate them (SETADC*, INCADC*, ADDRCR*,
 * SETRWC, INCRWC) are in tt_adc.c; this header is the interface the
 * unpackers, packers, matrix unit, vector unit and ThCon (REG2FLOP) use.
 *
 * Every counter is held in the low bits of a uint32_t and is always kept
 * within its documented width: write it through the helpers below (or
 * mask with tt_adc_width()), never directly.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_TENSIX_TT_ADC_H
#define HW_TENSIX_TT_ADC_H

#include "tt_isa.h"

/* ---- ADCs (ADCs.md) ---- */

/* The three ADC sets of each ADCs[thread] (instruction mask bit order) */
enum {
    TT_ADC_UNPACKER0,           /* ADCs[t].Unpacker[0]; U0 bits */
    TT_ADC_UNPACKER1,           /* ADCs[t].Unpacker[1]; U1 bits */
    TT_ADC_PACKERS,             /* ADCs[t].Packers; PK bits */
    TT_ADC_NUM_UNITS
};

/* The four counters of a channel (XYZW fields of SETADC and REG2FLOP) */
enum {
    TT_ADC_X,                   /* uint18_t */
    TT_ADC_Y,                   /* uint13_t */
    TT_ADC_Z,                   /* uint8_t */
    TT_ADC_W,                   /* uint8_t */
    TT_ADC_NUM_COUNTERS
};

#define TT_ADC_NUM_CHANNELS 2
#define TT_ADC_NUM_SETS     3   /* ADCs[3], indexed by thread (or override) */

typedef struct TTAdcChannel {
    uint32_t val[TT_ADC_NUM_COUNTERS];  /* X, Y, Z, W */
    uint32_t cr[TT_ADC_NUM_COUNTERS];   /* X_Cr, Y_Cr, Z_Cr, W_Cr */
} TTAdcChannel;

typedef struct TTAdc {
    TTAdcChannel ch[TT_ADC_NUM_CHANNELS];
} TTAdc;

/* ---- RWCs (RWCs.md) ---- */

#define TT_RWC_DST_BITS     10
#define TT_RWC_SRC_BITS     6
#define TT_RWC_FIDELITY_BITS 2
/*
 * Blackhole only: RWCs[t].Sp, the Vector Unit's Dst stack pointer (BH
 * SFPLOAD.md / SFPSTORE.md), set by SETRWC BitMask bit 4 to the 12-bit
 * value {DstVal, SrcBVal, SrcAVal} (assembly.yaml).  Its width is not
 * documented; the 12 bits SETRWC can write are kept.
 */
#define TT_RWC_SP_BITS      12

typedef struct TTRwc {
    uint32_t srca, srca_cr;     /* uint6_t */
    uint32_t srcb, srcb_cr;     /* uint6_t */
    uint32_t dst, dst_cr;       /* uint10_t */
    uint32_t fidelity;          /* uint2_t FidelityPhase */
    uint32_t extra_addr_mod;    /* uint1_t ExtraAddrModBit */
    uint32_t sp;                /* Blackhole: Sp (see above); 0 on Wormhole */
} TTRwc;

typedef struct TTAdcState {
    TTAdc adc[TT_ADC_NUM_SETS][TT_ADC_NUM_UNITS];   /* ADCs[t].<unit> */
    TTRwc rwc[TT_NUM_THREADS];                      /* RWCs[t] */
} TTAdcState;

/* Width mask of ADC counter @xyzw (TT_ADC_X..W) */
uint32_t tt_adc_width(int xyzw);

/*
 * ADCs[@set].<@unit>.Channel[@ch] (@set < 3, @unit < 3, @ch < 2; the
 * caller validates guest-controlled indices).  For reading; write through
 * the helpers below so that the widths hold.
 */
TTAdcChannel *tt_adc_channel(TTCoproc *s, int set, int unit,
                             int ch);

/* Ch.<xyzw> = value (truncated to the counter's width) */
void tt_adc_set(TTAdcChannel *c, int xyzw, uint32_t value);
/* Ch.<xyzw>_Cr = value */
void tt_adc_set_cr(TTAdcChannel *c, int xyzw, uint32_t value);
/* Ch.<xyzw> += inc, wrapping at the counter's width (UNPACR, PACR) */
void tt_adc_inc(TTAdcChannel *c, int xyzw, uint32_t inc);

/*
 * For REG2FLOP (REG2FLOP_ADC.md): write @value to the ADC counter that
 * instruction bits 11:6 (@which) name, in ADCs[@t]:
 *   which bits 1:0 XYZW, bit 2 Cr, bits 4:3 ADCSel, bit 5 Channel
 * i.e. Cr ? Ch.<XYZW>_Cr = value : Ch.<XYZW> = value, truncated to the
 * counter's width.  Following the functional model, ADCSel == 3 and
 * @t >= 3 (an OverrideThread with ThreadSel 3) write nothing.  @t is the
 * already resolved WhichThread; @value the already sized GPR value.
 */
void tt_adc_write_counter(TTCoproc *s, int t, unsigned which,
                          uint32_t value);

/*
 * RWCs.md ApplyAddrMod(AddrMod, UpdateFidelityPhase) for thread @t, with
 * the ADDR_MOD_* ThreadConfig of thread @t.  Matrix Unit instructions pass
 * update_fidelity = true; SFPLOAD/SFPSTORE/SFPLOADMACRO false
 * (ApplyPartialAddrMod).  @addr_mod: the instruction's 2-bit (Wormhole)
 * or 3-bit (Blackhole) AddrMod field, already extracted.
 */
void tt_rwc_apply_addr_mod(TTCoproc *s, int t, uint32_t addr_mod,
                           bool update_fidelity);

/*
 * Read-only QOM properties on the tt-tensix device for debuggers and
 * tests (qom-get):
 *   "adc-state": uint32 list of 144: for t in 0..2, unit in (Unpacker[0],
 *       Unpacker[1], Packers), channel in 0..1: X, X_Cr, Y, Y_Cr, Z, Z_Cr,
 *       W, W_Cr
 *   "rwc-state": uint32 list of 27: for t in 0..2: SrcA, SrcA_Cr, SrcB,
 *       SrcB_Cr, Dst, Dst_Cr, FidelityPhase, ExtraAddrModBit, Sp
 * Idempotent.
 */
void tt_adc_add_properties(TTCoproc *s);

void tt_adc_reset(TTCoproc *s);
extern const VMStateDescription vmstate_tt_adc;

#endif
