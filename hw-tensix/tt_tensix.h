/*
 * Tenstorrent Tensix coprocessor
 *
 * The coprocessor of one Tensix tile: three threads, each with a frontend
 * (instruction FIFO, MOP expander, replay expander, Wait Gate) feeding the
 * shared backend units (sync, ThCon, configuration, mover, ADCs, unpackers,
 * matrix unit, SFPU, packers).
 *
 * Execution model: an infinitely fast coprocessor is a legal timing, since
 * software may only rely on the synchronisation the ISA gives it.  Pushed
 * instructions therefore execute eagerly, in the pushing core's access,
 * until their thread blocks at its Wait Gate; any change of shared state
 * re-runs the blocked threads (tt_tensix_kick).  No timers; deterministic
 * for a given order of pushes.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_TENSIX_TT_TENSIX_H
#define HW_TENSIX_TT_TENSIX_H

#include "hw/qdev-core.h"
#include "exec/memory.h"
#include "qom/object.h"
#include "tt_unit.h"

#define TYPE_TT_TENSIX "tt-tensix"
OBJECT_DECLARE_SIMPLE_TYPE(TTTensixState, TT_TENSIX)

#define TT_MAILBOX_DEPTH    4
#define TT_NUM_MAILBOX_CORES 4      /* B, T0, T1, T2 */
#define TT_PCBUF_DEPTH      16

/* PCBufs.md: a FIFO from RISCV B to RISCV T_i */
typedef struct TTPcBuf {
    uint32_t data[TT_PCBUF_DEPTH];
    uint32_t head;
    uint32_t count;
} TTPcBuf;

typedef struct TTMailbox {
    uint32_t data[TT_MAILBOX_DEPTH];
    uint32_t head;
    uint32_t count;
} TTMailbox;

struct TTTensixState {
    DeviceState parent_obj;

    /* Properties */
    uint8_t arch_id;
    MemoryRegion *l1;           /* the tile's L1 */
    MemoryRegion *space;        /* the tile's NoC-visible space */

    /* The coprocessor core: threads and units (tt_unit.h) */
    TTCoproc cp;

    /* Per-core MMIO windows (tt_tensix_mmio.c), mapped by the tile */
    MemoryRegion instrn_buf[TT_NUM_CORES][TT_NUM_THREADS];
    MemoryRegion regfile[TT_NUM_CORES];
    MemoryRegion pc_buf[TT_NUM_CORES][TT_NUM_THREADS];
    MemoryRegion mailbox[TT_NUM_CORES];

    TTMailbox mbox[TT_NUM_MAILBOX_CORES][TT_NUM_MAILBOX_CORES]; /* [from][to] */
    TTPcBuf pcbuf[TT_NUM_THREADS];
    uint32_t pc_buf_override;   /* the tile's TRISC_PC_BUF_OVERRIDE */
};

/*
 * Before realize, the tile sets cp.cores (its TT_NUM_CORES cores, which
 * the windows park and wake) and cp.overlay (its stream registers), and
 * the "l1" and "space" links.
 */

/*
 * Push @insn into thread @t's FIFO and run the threads.  Returns false,
 * without side effects, when the FIFO is full (the caller blocks).
 * @flags: TT_FIFO_* (see tt_frontend.h).
 */
bool tt_tensix_push(TTTensixState *s, int t, uint32_t insn, unsigned flags);
/* Soft reset of @core: discard its thread's FIFO and its mailboxes */
void tt_tensix_core_reset(TTTensixState *s, int core);
/*
 * SOFT_RESET_0 changed from @old to @val: reset the units it names
 * (ThCon configuration, mover, TDMA-RISC, packer metadata); then run the
 * threads, whose discarded entries free space.
 */
void tt_tensix_soft_reset(TTTensixState *s, uint32_t old, uint32_t val);
/* RISCV_DEBUG_REG_TRISC_PC_BUF_OVERRIDE was written */
void tt_tensix_set_pcbuf_override(TTTensixState *s, uint32_t val);
/* RISCV_DEBUG_REG_INSTRN_BUF_STATUS */
uint32_t tt_tensix_fifo_status(TTTensixState *s);
/* Describe thread @t's state for diagnostics (deadlock reports) */
void tt_tensix_describe_thread(TTTensixState *s, int t, char *buf,
                               size_t len);
/* Run every thread until none makes progress, then wake waiting cores. */
void tt_tensix_kick(TTTensixState *s);
/* tt_cfg_qstatus / tt_cfg_bstatus for core @core */
uint32_t tt_tensix_qstatus(TTTensixState *s, int core);
uint32_t tt_tensix_bstatus(TTTensixState *s, int core);
/* Config word (state 0 view of global words) for the tile's reset PCs */
uint32_t tt_tensix_cfg_read(TTTensixState *s, int state, uint32_t index);
/* What a 32-bit RISC-V load at TENSIX_CFG_BASE + @offset returns */
uint32_t tt_tensix_cfg_peek(TTTensixState *s, uint32_t offset);
/* MMIO windows (tt_tensix_mmio.c) */
void tt_tensix_mmio_init(TTTensixState *s);

#endif
