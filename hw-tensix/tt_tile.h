/*
 * Tenstorrent Tensix tile
 *
 * One tile: L1, five baby RISC-V cores (BRISC, NCRISC, TRISC0-2) each with
 * its own view of the address space (private local RAM, core-dependent
 * MMIO routing), the tile control / debug registers and the Tensix
 * coprocessor.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_TENSIX_TT_TILE_H
#define HW_TENSIX_TT_TILE_H

#include "hw/qdev-core.h"
#include "exec/memory.h"
#include "tt_arch.h"
#include "tt_core.h"
#include "tt_tensix.h"
#include "tt_noc.h"
#include "tt_overlay.h"

#define TYPE_TT_TILE "tt-tile"
OBJECT_DECLARE_SIMPLE_TYPE(TTTileState, TT_TILE)

struct TTTileState {
    DeviceState parent_obj;

    /* Properties */
    uint8_t arch_id;
    uint32_t x, y;              /* NoC 0 coordinates */
    uint32_t noc_width;         /* NoC grid size (NoC 1 coordinates are */
    uint32_t noc_height;        /* mirrored: w - 1 - x, h - 1 - y) */
    uint32_t hartid_base;
    bool noc_view;              /* BRISC's view includes the NoC view */
    bool spin_park;             /* park cores spinning on memory */
    bool lazy_cores;            /* a core's vCPU comes with its release */
    bool tensix_fast_paths;     /* the coprocessor's "fast-paths" */
    MemoryRegion *noc;          /* the system (NoC) address space */
    TTSpinSched *spin_sched;    /* the machine's (set before realize) */

    const TTArchInfo *arch;

    MemoryRegion space;         /* tile-local view shared by all cores */
    MemoryRegion noc_window;    /* alias of 'space' in the NoC view */
    /*
     * All the tile's memories in one RAM block (tt_tile_ram_layout()):
     * L1 and the cores' local RAMs and IRAM are aliases into it
     */
    MemoryRegion ram;
    uint64_t local_ram_offset[TT_NUM_CORES];
    uint64_t iram_offset;
    MemoryRegion l1;            /* alias: the L1 */
    MemoryRegion regs;          /* tile control / debug / status */
    MemoryRegion local_alias[TT_NUM_CORES]; /* Blackhole slow alias */

    TTCore core[TT_NUM_CORES];
    TTTensixState tensix;
    TTNocNiu niu[TT_NUM_NOCS];
    TTOverlayState overlay;

    /* Deadlock diagnostic (tt_tile_deadlock.c), armed when a core parks */
    TTCoreWatch deadlock;

    /* Registers */
    uint32_t soft_reset;
    uint32_t reset_pc[TT_NUM_CORES];    /* Blackhole override values */
    uint32_t trisc_reset_pc_override;
    uint32_t ncrisc_reset_pc_override;
    uint32_t wall_clock_hi_latch;
    uint32_t pc_buf_override;
    uint32_t regs_store[0x1000 / 4];    /* other registers: storage */
};

/* Wake the cores of @t parked for @reason (and @arg, or any arg). */
static inline void tt_tile_wake(TTTileState *t, TTWaitReason reason,
                                uint32_t arg)
{
    tt_cores_wake(t->core, reason, arg);
}

/* The tile core @c belongs to */
static inline TTTileState *tt_core_tile(TTCore *c)
{
    return container_of(c - c->index, TTTileState, core[0]);
}

/*
 * Give core @i of @s its vCPU if it has none (lazy-cores: when it is first
 * released, or migrated in with one).  May drop the BQL while the vCPU's
 * thread starts.  False, with @errp set, if another agent is creating it.
 */
bool tt_tile_create_core(TTTileState *s, int i, Error **errp);

/*
 * Whether @cpu can map the RAM at @ram_addr: false when it is one of our
 * cores and @ram_addr is not in its tile's memory (the machine's
 * tcg_set_ram_cpu_filter(): making a page of a tile clean for translated
 * code sweeps that tile's five TLBs, not the chip's 700, and invalidating
 * a translation there clears five jump caches)
 */
bool tt_tile_cpu_may_map(CPUState *cpu, ram_addr_t ram_addr);

/* Register the custom CSRs (once per process). */
void tt_csr_register(void);
/* The core of a CPU created by a Tensix tile, or NULL. */
TTCore *tt_core_from_env(CPURISCVState *env);

/* Within the tile: the register block (tt_tile_regs.c) */
extern const MemoryRegionOps tt_tile_regs_ops;
/* Reset values of the registers; the cores' soft reset state with them */
void tt_tile_regs_reset(TTTileState *s);
/* After migration: re-queue the soft reset work still pending */
void tt_tile_regs_post_load(TTTileState *s);
/* The deadlock diagnostic (tt_tile_deadlock.c): the watch timer's handler */
void tt_tile_deadlock_timer(void *opaque);
/*
 * Append what each core and each Tensix thread waits on (one line each),
 * as the deadlock report and the "wait-state" property show it
 */
void tt_tile_describe_waits(TTTileState *s, GString *msg);

#endif
