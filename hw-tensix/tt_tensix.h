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
#include "tt_frontend.h"
#include "tt_sync.h"
#include "tt_thcon.h"
#include "tt_cfg.h"
#include "tt_mover.h"
#include "tt_adc.h"
#include "tt_srcregs.h"

#define TYPE_TT_TENSIX "tt-tensix"
OBJECT_DECLARE_SIMPLE_TYPE(TTTensixState, TT_TENSIX)

typedef struct TTTileState TTTileState;

#define TT_NUM_GPRS         64
#define TT_TENSIX_POLL_NS   20000   /* retry period of memory waits */
#define TT_MAILBOX_DEPTH    4
#define TT_NUM_MAILBOX_CORES 4      /* B, T0, T1, T2 */

/* tt_cfg_qstatus instruction classes (CSRs.md) */
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

typedef struct TTThread {
    uint32_t gpr[TT_NUM_GPRS];  /* ScalarUnit.md GPRs[thread][64] */
    uint64_t retired;           /* statistics, not migrated */
} TTThread;

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
    MemoryRegion cfg_mmio[TT_NUM_CORES];
    MemoryRegion tdma[TT_NUM_CORES];        /* TDMA-RISC (tt_mover.c) */
    MemoryRegion mop_cfg[TT_NUM_CORES];     /* TRISCs (tt_frontend.c) */

    /* State */
    TTFrontend fe[TT_NUM_THREADS];
    TTThread thread[TT_NUM_THREADS];
    TTSyncState sync;
    TTThconState thcon;
    TTCfgState cfg;
    TTMoverState mover;
    TTAdcState adc;
    TTSrcRegs src;
    TTMailbox mbox[TT_NUM_MAILBOX_CORES][TT_NUM_MAILBOX_CORES]; /* [from][to] */
    TTPcBuf pcbuf[TT_NUM_THREADS];

    /* The tile's NoC-visible space (L1 and registers), for unit accesses */
    AddressSpace tile_as;

    /* Re-entrancy guard of the execution loop */
    bool running;
    bool rerun;
    /* A thread waits in ThCon on memory: retry it from poll_timer */
    bool poll_needed;
    QEMUTimer *poll_timer;
    /* Bumped when a thread's frontend is flushed (soft reset) */
    uint32_t flush_gen[TT_NUM_THREADS];
};

/*
 * Push @insn into thread @t's FIFO.  Returns false, without side effects,
 * when the FIFO is full (the caller blocks).  @flags: TT_FIFO_* (see
 * tt_frontend.h).
 */
bool tt_tensix_push(TTTensixState *s, int t, uint32_t insn, unsigned flags);
/* Soft reset of @core: discard its thread's FIFO and its mailboxes */
void tt_tensix_core_reset(TTTensixState *s, int core);
/* RISCV_DEBUG_REG_INSTRN_BUF_STATUS */
uint32_t tt_tensix_fifo_status(TTTensixState *s);
/* Describe thread @t's state for diagnostics (deadlock reports) */
void tt_tensix_describe_thread(TTTensixState *s, int t, char *buf,
                               size_t len);
/* RISCV_DEBUG_REG_TRISC_PC_BUF_OVERRIDE changed: re-check waiting cores */
void tt_tensix_pcbuf_override_changed(TTTensixState *s);
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
