/*
 * Tensix Vector Unit (SFPU) state: LRegs, lane predication (LaneFlags,
 * UseLaneFlagsForLaneEnable, the flag stack), LaneConfig and
 * LoadMacroConfig, the PRNG (VectorUnit.md, LReg.md, SFPCONFIG.md,
 * SFPLOADMACRO.md).  The instructions are in tt_sfpu.c (state, Dst
 * movement, predication), tt_sfpu_ops.c (arithmetic, integer and bit
 * operations) and tt_sfpu_conv.c (conversions, cross-lane movement);
 * docs/units/sfpu.md.
 *
 * Every per-lane quantity is an array indexed by lane (32 lanes, the
 * 4x8 grid of LReg.md in row-major order), so that an instruction is a
 * loop over one row of each array.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_TENSIX_TT_SFPU_H
#define HW_TENSIX_TT_SFPU_H

#include "tt_isa.h"

#define TT_SFPU_LANES       32
#define TT_SFPU_LREGS       17      /* LReg[0..16] */
#define TT_SFPU_STACK       8       /* FlagStack capacity */
#define TT_SFPU_MACROS      4       /* LoadMacroConfig templates/sequences */

/* Fixed LRegs (LReg.md) */
#define TT_SFPU_LREG_0_8373 8       /* FP32 0.8373 */
#define TT_SFPU_LREG_ZERO   9
#define TT_SFPU_LREG_ONE    10      /* FP32 1.0 */
#define TT_SFPU_LREG_LANE2  15      /* lane i holds 2 * i */
#define TT_SFPU_LREG_MACRO  16      /* only via SFPLOADMACRO */

/* LaneConfig bits (SFPCONFIG.md) */
#define TT_SFPU_LC_ENABLE_FP16A_INF         (1u << 0)
#define TT_SFPU_LC_DISABLE_BACKDOOR_LOAD    (1u << 1)
#define TT_SFPU_LC_ENABLE_DEST_INDEX        (1u << 2)
#define TT_SFPU_LC_CAPTURE_DEFAULT_DEST_INDEX (1u << 3)
#define TT_SFPU_LC_BLOCK_DEST_WR_FROM_SFPU  (1u << 4)
#define TT_SFPU_LC_BLOCK_SFPU_RD_FROM_DEST  (1u << 5)
#define TT_SFPU_LC_DEST_RD_COL_EXCHANGE     (1u << 6)
#define TT_SFPU_LC_DEST_WR_COL_EXCHANGE     (1u << 7)
#define TT_SFPU_LC_ROW_MASK_SHIFT           12
#define TT_SFPU_LC_MASK                     0x3ffffu    /* uint18_t */
#define TT_SFPU_MISC_MASK                   0xfffu      /* uint12_t */

/*
 * The SFPLOADMACRO sequencer (SFPLOADMACRO.md): for each of the Simple,
 * MAD, Round and Store sub-units, the instructions scheduled for future
 * execution, one slot per remaining delay.  Slot [unit * 8 + n] executes
 * when the n+1-th Vector Unit instruction from now issues; every issue
 * moves the other slots down by one (docs/units/sfpu.md, "SFPLOADMACRO").
 */
#define TT_SFPU_SUBUNITS    4       /* Simple, MAD, Round, Store */
#define TT_SFPU_DELAYS      8       /* Delay 0..7 */
#define TT_SFPU_SLOTS       (TT_SFPU_SUBUNITS * TT_SFPU_DELAYS)

enum {
    TT_SFPU_SIMPLE,
    TT_SFPU_MAD,
    TT_SFPU_ROUND,
    TT_SFPU_STORE,
    TT_SFPU_LOAD,               /* issue only: never scheduled */
};

/* TTSfpuSlot.ovr bits: which of VB, VC the sequence overrides */
#define TT_SFPU_OVR_VB      1
#define TT_SFPU_OVR_VC      2

/* One slot: an instruction scheduled for future execution (16 bytes) */
typedef struct TTSfpuSlot {
    uint32_t insn;              /* instruction word (template) */
    uint32_t addr;              /* Store: SFPLOADMACRO's Dst Addr */
    uint8_t valid;
    uint8_t by_insn;            /* WaitForElapsedInstructions */
    uint8_t ovr;                /* TT_SFPU_OVR_* */
    uint8_t vb;
    uint8_t vc;
    uint8_t vd;                 /* 0..15, or 16 */
    uint8_t mod0;               /* Store: Mod0 (SRCB not resolved) */
    uint8_t thread;             /* the SFPLOADMACRO's thread */
} TTSfpuSlot;

/*
 * LoadMacroConfig may differ between lanes, and then so does what each
 * lane schedules.  While every lane's slots are alike (always, when
 * every SFPLOADMACRO so far had a configuration alike in all lanes: what
 * tt-llk does) the sequencer keeps one slot per sub-unit and delay,
 * @slot; from the first SFPLOADMACRO whose configuration differs between
 * lanes until the sequencer is empty again (@per_lane), one per lane,
 * @lane_slot[slot][lane], and a lane runs only what it scheduled
 * (docs/units/sfpu.md).
 */
typedef struct TTSfpuSeq {
    TTSfpuSlot slot[TT_SFPU_SLOTS];
    TTSfpuSlot lane_slot[TT_SFPU_SLOTS][TT_SFPU_LANES];
    /* Not migrated: derived, or only set while one instruction runs */
    bool per_lane;                  /* the migration has lane_slot */
    uint32_t active;                /* bit k: slot k valid (in some lane) */
    bool mx_on;                     /* a scheduled instruction is running */
    uint8_t mx_ovr, mx_vb, mx_vc, mx_vd;
    /*
     * Lanes the running instruction must leave alone outside the state
     * that the sequencer merges by lane (its Dst writes); 0 but while an
     * instruction runs in some lanes only
     */
    uint32_t mx_skip;
} TTSfpuSeq;

typedef struct TTSfpuState {
    uint32_t lreg[TT_SFPU_LREGS][TT_SFPU_LANES];    /* LReg[17][32] */
    uint8_t flags[TT_SFPU_LANES];                   /* LaneFlags */
    uint8_t use_flags[TT_SFPU_LANES];   /* UseLaneFlagsForLaneEnable */
    /* FlagStack[lane]: entry 0 is the bottom, stack_size[lane] - 1 the top */
    uint8_t stack_flags[TT_SFPU_STACK][TT_SFPU_LANES];
    uint8_t stack_use[TT_SFPU_STACK][TT_SFPU_LANES];
    uint8_t stack_size[TT_SFPU_LANES];
    uint32_t lane_config[TT_SFPU_LANES];            /* LaneConfig (18 bits) */
    /* LoadMacroConfig[lane] */
    uint32_t lm_template[TT_SFPU_MACROS][TT_SFPU_LANES];
    uint32_t lm_sequence[TT_SFPU_MACROS][TT_SFPU_LANES];
    uint32_t lm_misc[TT_SFPU_LANES];                /* Misc (12 bits) */
    uint32_t prng[TT_SFPU_LANES];                   /* AdvancePRNG state */
    /*
     * Wormhole SFPSHFT2: the VC the last SUBVEC_SHFLROR1(_AND_COPY4)
     * read, which SUBVEC_SHFLSHR1 shifts into column 0 (HardwareBug())
     */
    uint32_t shflror_vc[TT_SFPU_LANES];
    /* Everything above is the architectural state; the sequencer follows */
    TTSfpuSeq seq;
    /*
     * Derived from lane_config (tt_sfpu_lane_config_changed(), after every
     * change and after migration): 1 where the lane's row is not masked
     * off (ROW_MASK bit of lane_config[lane % 8] for row lane / 8)
     */
    uint8_t row_enabled[TT_SFPU_LANES];
    /*
     * Derived from LoadMacroConfig (after every change and after
     * migration): bit m set when macro m's configuration (Sequence[m],
     * Misc, the templates it selects) is the same in every lane
     */
    uint8_t lm_uniform;
    uint32_t lm_gen;                /* counts the changes */
} TTSfpuState;

/* Bytes of TTSfpuState before the sequencer (the architectural state) */
#define TT_SFPU_ARCH_BYTES  offsetof(TTSfpuState, seq)

/* ---- Shared by tt_sfpu.c and tt_sfpu_ops.c ---- */

/*
 * For a per-lane local array of the hot paths that is written in full
 * before it is read: not zero-filled first by QEMU's
 * -ftrivial-auto-var-init=zero (a "rep stos" per array, which cost more
 * than a whole SFPMAD's arithmetic).
 */
#define TT_SFPU_HAS_NOINIT  __has_attribute(uninitialized)
#if TT_SFPU_HAS_NOINIT
#define TT_SFPU_NOINIT  __attribute__((uninitialized))
#else
#define TT_SFPU_NOINIT
#endif

/*
 * Issue of Vector Unit instruction @insn by thread @t, whose functional
 * model is @body: first the sequencer moves on by one instruction (the
 * scheduled instructions due now run, in parallel with @insn), then @body
 * runs, unless a scheduled instruction took its sub-unit.  A scheduled
 * instruction runs its own body through the same function.
 */
TTExec tt_sfpu_issue(TTCoproc *s, int t, uint32_t insn, TTExecFn *body);

/* Each Vector Unit instruction tt_sfpX is tt_sfpu_issue() of tt_sfpX_body */
#define TT_SFPU_INSN(fn)                                        \
    TTExec fn(TTCoproc *s, int t, uint32_t insn)                \
    {                                                           \
        return tt_sfpu_issue(s, t, insn, fn##_body);            \
    }

/*
 * The operand indices of an instruction: @normal as its functional model
 * computes them from its bits, or those SFPLOADMACRO's sequence gives
 * when the sequencer runs it (SFPLOADMACRO.md).  VB and VC are each
 * overridden by only one of the two sequence bit settings.
 */
unsigned tt_sfpu_vb(TTCoproc *s, unsigned normal);
unsigned tt_sfpu_vc(TTCoproc *s, unsigned normal);
unsigned tt_sfpu_vd(TTCoproc *s, unsigned normal);

/*
 * The lanes an instruction with result index @vd acts on, before
 * LaneEnabled: "VD < 12 || LaneConfig.DISABLE_BACKDOOR_LOAD".  In the
 * other lanes (VD >= 12 with the back door open, SFPCONFIG.md LaneConfig)
 * the instruction's bits are written to LoadMacroConfig.InstructionTemplate
 * [VD - 12] instead.  Fills @act (0/1).  For an instruction the sequencer
 * runs, DISABLE_BACKDOOR_LOAD reads as true (SFPLOADMACRO.md).
 */
void tt_sfpu_backdoor(TTCoproc *s, uint32_t insn, unsigned vd,
                      uint8_t act[TT_SFPU_LANES]);
/* IsLaneEnabled(Lane) of VectorUnit.md for every lane, into @en (0/1) */
void tt_sfpu_lane_enabled(TTCoproc *s, uint8_t en[TT_SFPU_LANES]);
/* Both: @en = act && LaneEnabled, after the back-door writes */
void tt_sfpu_active_enabled(TTCoproc *s, uint32_t insn, unsigned vd,
                            uint8_t en[TT_SFPU_LANES]);
/*
 * LReg[@vd] = @r in the lanes @en, for results written "if (VD < 8 ||
 * VD == 16)": nothing for the other indices
 */
void tt_sfpu_commit(TTCoproc *s, unsigned vd, const uint32_t *r,
                    const uint8_t *en);
/* AdvancePRNG(@l) of VectorUnit.md */
uint32_t tt_sfpu_prng(TTSfpuState *u, int l);
/*
 * A write to Config PRNG_SEED_Seed_Val (BackendConfiguration.md: "(re-)seed
 * all the PRNGs"): every lane's AdvancePRNG state, as ttsim derives it
 */
void tt_sfpu_seed_prng(TTCoproc *s, uint32_t seed);
/* tt_cfg_qstatus's sfpu_cc (CSRs.md): is any lane's LaneEnabled true? */
bool tt_sfpu_any_lane_enabled(TTCoproc *s);

/*
 * Read-only QOM property "x-sfpu-state" of the tt-tensix device, for tests
 * and debuggers: uint32 list of LReg[0..16][lane 0..31], LaneFlags[32],
 * UseLaneFlagsForLaneEnable[32], the flag stack's size per lane [32],
 * its entries (depth 0 = bottom .. 7: LaneFlags[32] then
 * UseLaneFlagsForLaneEnable[32]), LaneConfig[32],
 * LoadMacroConfig InstructionTemplate[0..3][32], Sequence[0..3][32],
 * Misc[32].  1472 values.  Idempotent.
 */
#define TT_SFPU_STATE_WORDS (TT_SFPU_LREGS * 32 + 3 * 32 + \
                             TT_SFPU_STACK * 64 + 32 + 8 * 32 + 32)
void tt_sfpu_add_properties(TTCoproc *s);

/* Power-on state (docs/units/sfpu.md) */
void tt_sfpu_reset(TTCoproc *s);
extern const VMStateDescription vmstate_tt_sfpu;

#endif
