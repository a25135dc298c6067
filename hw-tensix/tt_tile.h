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
#include "hw/cpu/cluster.h"
#include "exec/memory.h"
#include "target/riscv/cpu.h"
#include "tt_arch.h"
#include "tt_tensix.h"
#include "tt_noc.h"
#include "tt_overlay.h"

#define TYPE_TT_TILE "tt-tile"
OBJECT_DECLARE_SIMPLE_TYPE(TTTileState, TT_TILE)

/* Why a core is parked on an access (TTCore.wait) */
typedef enum TTWaitReason {
    TT_WAIT_NONE,
    TT_WAIT_FIFO,           /* arg: thread whose FIFO is full */
    TT_WAIT_THREAD_IDLE,    /* arg: thread (TTSync CoprocessorDoneCheck) */
    TT_WAIT_MOP_IDLE,       /* arg: thread (MOPExpanderDoneCheck) */
    TT_WAIT_MBOX_READ,      /* arg: mailbox index from*4+to */
    TT_WAIT_MBOX_WRITE,     /* arg: mailbox index from*4+to */
    TT_WAIT_PCBUF_PUSH,     /* arg: PCBuf index (BRISC, FIFO full) */
    TT_WAIT_PCBUF_POP,      /* arg: PCBuf index (TRISC, FIFO empty) */
    TT_WAIT_PCBUF_SYNC,     /* arg: PCBuf index (BRISC read: T_i done) */
    TT_WAIT_FOREVER,        /* hung as on silicon; only reset releases it */
} TTWaitReason;

#define TT_WAIT_ARG_ANY 0xffffffffu

typedef struct TTCore {
    TTTileState *tile;
    int index;                  /* TT_CORE_* */
    CPUClusterState cluster;
    RISCVCPU cpu;
    MemoryRegion view;          /* this core's address space */
    MemoryRegion local_ram;
    MemoryRegion tile_alias;    /* the tile's shared space, low priority */
    MemoryRegion noc_alias;     /* the NoC view above 4 GiB */
    MemoryRegion unmapped;      /* catch-all: logs, reads 0 */
    MemoryRegion mop_cfg;       /* TRISCs only (until the MOP expander) */
    MemoryRegion iram;          /* Wormhole NCRISC only */

    bool held;                  /* in soft reset */
    bool release_pending;       /* released, reset work not yet run */
    uint32_t wait;              /* TTWaitReason */
    uint32_t wait_arg;
    uint32_t cfg0[7];           /* CSRs 0x7C0-0x7C6 */
    uint32_t sstatus[8];        /* CSRs 0xBC2-0xBC9 */
} TTCore;

struct TTTileState {
    DeviceState parent_obj;

    /* Properties */
    uint8_t arch_id;
    uint32_t x, y;              /* NoC 0 coordinates */
    uint32_t noc_width;         /* NoC grid size (NoC 1 coordinates are */
    uint32_t noc_height;        /* mirrored: w - 1 - x, h - 1 - y) */
    uint32_t hartid_base;
    bool noc_view;              /* BRISC's view includes the NoC view */
    MemoryRegion *noc;          /* the system (NoC) address space */

    const TTArchInfo *arch;

    MemoryRegion space;         /* tile-local view shared by all cores */
    MemoryRegion noc_window;    /* alias of 'space' in the NoC view */
    MemoryRegion l1;
    MemoryRegion regs;          /* tile control / debug / status */
    MemoryRegion tdma;          /* TDMA-RISC (mover) */
    MemoryRegion local_alias[TT_NUM_CORES]; /* Blackhole slow alias */

    TTCore core[TT_NUM_CORES];
    TTTensixState tensix;
    TTNocNiu niu[TT_NUM_NOCS];
    TTOverlayState overlay;

    /* Deadlock diagnostic: checked a while after a core parks */
    QEMUTimer *deadlock_timer;
    bool deadlock_reported;

    /* Registers */
    uint32_t soft_reset;
    uint32_t reset_pc[TT_NUM_CORES];    /* Blackhole override values */
    uint32_t trisc_reset_pc_override;
    uint32_t ncrisc_reset_pc_override;
    uint32_t wall_clock_hi_latch;
    uint32_t pc_buf_override;
    uint32_t regs_store[0x1000 / 4];    /* other registers: storage */
};

/* True when the access in progress comes from @c's own vCPU (may block). */
bool tt_core_can_block(TTCore *c);
/*
 * Park core @c until tt_tile_wake(@reason, @arg); the access is restarted
 * from scratch afterwards.  Only call when tt_core_can_block(), before any
 * side effect of the access.
 */
G_NORETURN void tt_core_park(TTCore *c, TTWaitReason reason, uint32_t arg);
/* Wake the cores of @t parked for @reason (and @arg, or any arg). */
void tt_tile_wake(TTTileState *t, TTWaitReason reason, uint32_t arg);
/* Register the custom CSRs (once per process). */
void tt_csr_register(void);
/* The tile and core of a CPU created by a Tensix tile, or NULL. */
TTCore *tt_core_from_env(CPURISCVState *env);

#endif
