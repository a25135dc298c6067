/*
 * Tenstorrent Tensix coprocessor: interfaces between the core of the model
 * (tt_tensix.c: FIFO push, execution loop, MMIO windows) and the units
 * (tt_frontend.c, tt_sync.c, tt_thcon.c, tt_cfg.c, tt_mover.c, tt_adc.c).
 *
 * Each unit keeps its state in its own struct embedded in TTTensixState,
 * provides reset/realize hooks and a vmstate subsection, and an execute
 * function with the TTExecFn signature.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_TENSIX_TT_TENSIX_INT_H
#define HW_TENSIX_TT_TENSIX_INT_H

#include "tt_tensix.h"
#include "tt_opcodes.h"

typedef enum TTExec {
    TT_EXEC_DONE,       /* retired: the frontend moves on */
    TT_EXEC_STALL,      /* cannot start yet: no side effects, retry later */
} TTExec;

/*
 * Execute @insn (already past the Wait Gate) for thread @t.  A unit that
 * returns TT_EXEC_STALL must not have changed any state; it is retried on
 * the next tt_tensix_kick().
 */
typedef TTExec TTExecFn(TTTensixState *s, int t, uint32_t insn);

extern const char *const tt_core_name[TT_NUM_CORES];

/*
 * Host pointer to L1 bytes [@addr, @addr + @len), or NULL if the range is
 * not entirely inside L1.  For units that move data (mover, ThCon, and
 * later unpackers/packers); use s->tile_as for anything else.
 */
uint8_t *tt_tensix_l1(TTTensixState *s, uint32_t addr, uint32_t len);

/* tt_cfg_qstatus class bits (TT_QCLASS_*) of an instruction */
uint32_t tt_tensix_qclass(TTTensixState *s, uint32_t insn);

/* Log an instruction (or a mode of one) that is not modelled yet. */
void tt_unimp_insn(TTTensixState *s, int t, uint32_t insn, const char *what);

/* ---- Frontend: FIFO, MOP expander, replay expander (tt_frontend.c) ---- */
/*
 * The next instruction thread @t presents to its Wait Gate, expanding MOP,
 * MOP_CFG and REPLAY as needed; false if there is none.  Calling it twice
 * without tt_frontend_consume() returns the same instruction.
 */
bool tt_frontend_peek(TTTensixState *s, int t, uint32_t *insn);
/* The instruction returned by tt_frontend_peek() has left the gate. */
void tt_frontend_consume(TTTensixState *s, int t);
/* Nothing queued or being expanded */
bool tt_frontend_idle(TTTensixState *s, int t);
/* The MOP expander is idle and no MOP waits in the FIFO before it */
bool tt_frontend_mop_idle(TTTensixState *s, int t);
/* Discard the FIFO and any expansion in progress (TRISC soft reset) */
void tt_frontend_flush(TTTensixState *s, int t);
/* tt_cfg_qstatus classes of instructions pushed by TRISC t still queued */
uint32_t tt_frontend_qclasses(TTTensixState *s, int t);
void tt_frontend_reset(TTTensixState *s);
void tt_frontend_realize(TTTensixState *s);
extern const VMStateDescription vmstate_tt_frontend;

/* ---- Sync Unit (tt_sync.c) ---- */
TTExecFn tt_sync_exec;
/* Wait Gate: does the latched STALLWAIT/SEMWAIT hold back @insn? */
bool tt_sync_gate_blocks(TTTensixState *s, int t, uint32_t insn);
void tt_sync_reset(TTTensixState *s);
extern const VMStateDescription vmstate_tt_sync;

/* ---- Scalar Unit, ThCon (tt_thcon.c) ---- */
TTExecFn tt_thcon_exec;
void tt_thcon_reset(TTTensixState *s);
void tt_thcon_realize(TTTensixState *s);
extern const VMStateDescription vmstate_tt_thcon;

/* ---- Configuration Unit (tt_cfg.c) ---- */
TTExecFn tt_cfg_exec;
/* Reading: tt_tensix_cfg_read() (tt_tensix.h) */
/* Write Config[@state][@index]; words >= the global base hit both states */
void tt_cfg_write_word(TTTensixState *s, int state, uint32_t index,
                       uint32_t value);
/* The Config state thread @t's instructions use (CFG_STATE_ID) */
int tt_cfg_state_id(TTTensixState *s, int t);
void tt_cfg_reset(TTTensixState *s);
void tt_cfg_realize(TTTensixState *s);
extern const VMStateDescription vmstate_tt_cfg;

/* ---- Mover and TDMA-RISC (tt_mover.c) ---- */
TTExecFn tt_mover_exec;
void tt_mover_reset(TTTensixState *s);
void tt_mover_realize(TTTensixState *s);
extern const VMStateDescription vmstate_tt_mover;

/* ---- Miscellaneous Unit: ADCs, RWCs (tt_adc.c) ---- */
TTExecFn tt_adc_exec;
void tt_adc_reset(TTTensixState *s);
extern const VMStateDescription vmstate_tt_adc;

#endif
