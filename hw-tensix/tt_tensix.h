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
#include "tt_arch.h"

#define TYPE_TT_TENSIX "tt-tensix"
OBJECT_DECLARE_SIMPLE_TYPE(TTTensixState, TT_TENSIX)

typedef struct TTTileState TTTileState;

#define TT_FIFO_DEPTH       32
#define TT_NUM_GPRS         64
#define TT_NUM_SEMAPHORES   8
#define TT_MAILBOX_DEPTH    4
#define TT_NUM_MAILBOX_CORES 4      /* B, T0, T1, T2 */
#define TT_CFG_MAX_WORDS    256
#define TT_THD_CFG_MAX_WORDS 128

/* FIFO entry flags (stored in a parallel array) */
#define TT_FIFO_FROM_TRISC  (1u << 0)   /* counts in tt_cfg_qstatus */
#define TT_FIFO_BYPASS_MOP  (1u << 1)   /* pushed by BRISC: after MOP */

/* tt_cfg_qstatus instruction classes */
enum {
    TT_QCLASS_REPLAY,
    TT_QCLASS_MOP,
    TT_QCLASS_THCON,
    TT_QCLASS_MOVER,
    TT_QCLASS_UNPACK,
    TT_QCLASS_PACK,
    TT_QCLASS_CFG,
    TT_QCLASS_SYNC,
    TT_QCLASS_MISC,
    TT_QCLASS_SFPU,
    TT_QCLASS_FPU,
    TT_QCLASS__MAX
};

/* The Wait Gate's latched STALLWAIT / SEMWAIT */
typedef struct TTWaitLatch {
    uint8_t opcode;             /* 0 (NOP-like): nothing latched */
    uint16_t cond_mask;
    uint16_t block_mask;
    uint8_t sem_mask;
} TTWaitLatch;

typedef struct TTThread {
    /* Instruction FIFO before the MOP expander (ring buffer) */
    uint32_t fifo[TT_FIFO_DEPTH];
    uint8_t fifo_flags[TT_FIFO_DEPTH];
    uint32_t fifo_head;
    uint32_t fifo_count;

    TTWaitLatch wait;
    uint32_t gpr[TT_NUM_GPRS];

    /* Statistics (not migrated) */
    uint64_t retired;
} TTThread;

typedef struct TTSemaphore {
    uint8_t value;
    uint8_t max;
} TTSemaphore;

typedef struct TTMailbox {
    uint32_t data[TT_MAILBOX_DEPTH];
    uint32_t head;
    uint32_t count;
} TTMailbox;

/* One (core, window) MMIO view: the opaque of core-dependent regions. */
typedef struct TTCoreView {
    TTTensixState *s;
    int core;
    int index;                  /* window index where relevant */
} TTCoreView;

struct TTTensixState {
    DeviceState parent_obj;

    /* Properties */
    uint8_t arch_id;
    TTTileState *tile;

    const TTArchInfo *arch;

    /* Per-core MMIO windows, mapped by the tile into each core's view */
    TTCoreView view[TT_NUM_CORES][TT_NUM_THREADS];
    MemoryRegion instrn_buf[TT_NUM_CORES][TT_NUM_THREADS];
    MemoryRegion regfile[TT_NUM_CORES];
    MemoryRegion pc_buf[TT_NUM_CORES][TT_NUM_THREADS];
    MemoryRegion mailbox[TT_NUM_CORES];
    MemoryRegion cfg[TT_NUM_CORES];

    /* State */
    TTThread thread[TT_NUM_THREADS];
    TTSemaphore sem[TT_NUM_SEMAPHORES];
    TTMailbox mbox[TT_NUM_MAILBOX_CORES][TT_NUM_MAILBOX_CORES]; /* [from][to] */
    uint32_t cfg_regs[2][TT_CFG_MAX_WORDS];     /* Config[state][word] */
    uint32_t thd_cfg[TT_NUM_THREADS][TT_THD_CFG_MAX_WORDS];

    /* Re-entrancy guard of the execution loop */
    bool running;
    bool rerun;
};

/*
 * Push @insn into thread @t's FIFO.  Returns false, without side effects,
 * when the FIFO is full (the caller blocks).  @flags: TT_FIFO_*.
 */
bool tt_tensix_push(TTTensixState *s, int t, uint32_t insn, unsigned flags);
/* Re-run every thread until none makes progress, then wake waiting cores. */
void tt_tensix_kick(TTTensixState *s);
/* True when thread @t has nothing queued or held at its Wait Gate. */
bool tt_tensix_thread_idle(TTTensixState *s, int t);
/* tt_cfg_qstatus / tt_cfg_bstatus for core @core */
uint32_t tt_tensix_qstatus(TTTensixState *s, int core);
uint32_t tt_tensix_bstatus(TTTensixState *s, int core);
/* Config word (state 0 view of global words) for the tile's reset PCs */
uint32_t tt_tensix_cfg_read(TTTensixState *s, int state, uint32_t index);
/* What a 32-bit RISC-V load at TENSIX_CFG_BASE + @offset returns */
uint32_t tt_tensix_cfg_peek(TTTensixState *s, uint32_t offset);

#endif
