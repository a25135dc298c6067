/*
 * Tenstorrent Tensix coprocessor: what a backend unit may use
 *
 * The coprocessor's units (frontend, sync, ThCon, configuration, mover,
 * ADCs, and the data path as it lands) are written against this header
 * only: the coprocessor state they share (TTCoproc), the decoded form of
 * an instruction, L1 access, re-running the threads, and the log helpers.
 * Nothing here knows the tile or the QOM device that embeds TTCoproc
 * (tt_tensix.h); they sit above the units and call down into them.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_TENSIX_TT_UNIT_H
#define HW_TENSIX_TT_UNIT_H

#include "exec/memory.h"
#include "tt_arch.h"
#include "tt_isa.h"
#include "tt_opcodes.h"
#include "tt_isa_fields.h"
#include "tt_core.h"
#include "tt_frontend.h"
#include "tt_sync.h"
#include "tt_thcon.h"
#include "tt_cfg.h"
#include "tt_mover.h"
#include "tt_adc.h"
#include "tt_srcregs.h"
#include "tt_dstregs.h"
#include "tt_fpu.h"
#include "tt_pack.h"
#include "tt_unpack.h"
#include "tt_sfpu.h"

typedef struct TTOverlayState TTOverlayState;

#define TT_NUM_GPRS         64
#define TT_TENSIX_POLL_NS   20000   /* retry period of memory waits */

#define TT_THREAD_HISTORY   4   /* retired instructions kept for diagnosis */

typedef struct TTThread {
    uint32_t gpr[TT_NUM_GPRS];  /* ScalarUnit.md GPRs[thread][64] */
    uint64_t retired;           /* statistics, not migrated */
    /* the last retired instructions, [retired % TT_THREAD_HISTORY] next */
    uint32_t history[TT_THREAD_HISTORY];    /* not migrated */
} TTThread;

/* One (core, window) MMIO view: the opaque of core-dependent regions. */
typedef struct TTCoreView {
    TTCoproc *s;
    int core;
    int index;                  /* window index where relevant */
} TTCoreView;

/*
 * The coprocessor core of one tile: three threads and the backend units
 * they share.  Embedded in the tt-tensix device (TTTensixState.cp).
 */
struct TTCoproc {
    Object *owner;              /* owner of the units' MMIO windows */
    const TTArchInfo *arch;

    /* Set by the tile before realize */
    TTCore *cores;              /* the tile's TT_NUM_CORES cores */
    TTOverlayState *overlay;    /* stream registers (STREAMWAIT) */
    MemoryRegion *l1;
    AddressSpace tile_as;       /* the tile's NoC-visible space */
    uint32_t soft_reset;        /* the tile's SOFT_RESET_0 */

    /* Per-core MMIO windows owned by units, mapped by the tile */
    TTCoreView view[TT_NUM_CORES][TT_NUM_THREADS];
    MemoryRegion cfg_mmio[TT_NUM_CORES];    /* TENSIX_CFG (tt_cfg.c) */
    MemoryRegion tdma[TT_NUM_CORES];        /* TDMA-RISC (tt_mover.c) */
    MemoryRegion mop_cfg[TT_NUM_CORES];     /* TRISCs (tt_frontend.c) */
    MemoryRegion dst_mmio[TT_NUM_CORES];    /* BH TRISCs (tt_dst_riscv.c) */

    /* State */
    TTFrontend fe[TT_NUM_THREADS];
    TTThread thread[TT_NUM_THREADS];
    TTSyncState sync;
    TTThconState thcon;
    TTCfgState cfg;
    TTMoverState mover;
    TTAdcState adc;
    TTSrcRegs src;
    TTDstRegs dst;
    TTFpuState fpu;             /* matrix unit operand cache (tt_fpu.c) */
    TTPackState pack;
    TTUnpackState unpack;
    TTSfpuState sfpu;           /* vector unit (tt_sfpu.c) */

    /* Execution loop (tt_exec.c) */
    bool running;               /* re-entrancy guard of the loop */
    bool rerun;                 /* shared state changed: run again */
    bool poll_needed;           /* a thread waits on memory: poll_timer */
    /*
     * Property "fast-paths" (configuration, not state): the execution
     * loop's inline frontend and Wait Gate cases, the vector unit's
     * vector lane loops, the AVX2 builds of the matrix unit; off:
     * the general code alone, same results
     */
    bool fast_paths;
    QEMUTimer *poll_timer;
    uint32_t flush_gen[TT_NUM_THREADS];     /* bumped by a soft reset */
};

/*
 * The instruction functions (one per instruction, named after it) have
 * the TTExecFn signature declared in tt_isa.h: they get the thread and the
 * instruction word, whose fields they read with FIELD_EX32(insn, NAME,
 * Field) from the generated tt_isa_fields.h.  A function that returns
 * TT_EXEC_STALL must not have changed any state; it is retried when the
 * threads next run.
 */

/*
 * Host pointer to L1 bytes [@addr, @addr + @len), or NULL if the range is
 * not entirely inside L1.  For units that move data (mover, ThCon, and
 * the unpackers/packers); use s->tile_as for anything else.
 */
uint8_t *tt_unit_l1(TTCoproc *s, uint32_t addr, uint32_t len);

/*
 * Shared state changed in a way that may let a held thread go on (a
 * semaphore, a mutex, a bank hand-over): the execution loop runs the
 * threads again before it returns.
 */
static inline void tt_unit_changed(TTCoproc *s)
{
    s->rerun = true;
}

/* Log an instruction (or a mode of one) that is not modelled yet. */
void tt_unimp_insn(TTCoproc *s, int t, uint32_t insn, const char *what);

#endif
