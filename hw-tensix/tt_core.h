/*
 * Tenstorrent Tensix tile: one baby RISC-V core and how it blocks
 *
 * A core's access that must wait (a full FIFO, TTSync, a mailbox, a PCBuf)
 * parks the core: it halts with a reason (TTCore.wait, wait_arg) and
 * re-executes the access from scratch once a state change wakes it.  This
 * layer knows nothing of the tile or the coprocessor: both use it.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_TENSIX_TT_CORE_H
#define HW_TENSIX_TT_CORE_H

#include "hw/cpu/cluster.h"
#include "exec/memory.h"
#include "qemu/timer.h"
#include "target/riscv/cpu.h"
#include "tt_arch.h"

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
    TT_WAIT_PACK_META,      /* arg: packer (TDMA-RISC metadata FIFO peek) */
    TT_WAIT_SPIN,           /* arg: pc of a loop polling memory */
} TTWaitReason;

#define TT_WAIT_ARG_ANY 0xffffffffu

/* How long after a core parks the owner looks for a deadlock */
#define TT_DEADLOCK_CHECK_NS    (200 * SCALE_MS)

/*
 * The deadlock watch the cores of one tile share (owned by the tile):
 * parking arms @timer, waking clears @reported.
 */
typedef struct TTCore TTCore;

/*
 * Spin-loop parking's clock, one per machine: one timer checks the parked
 * cores of every tile when the earliest is due (QEMU keeps a clock's
 * timers in one sorted list: one per tile made re-arming them the idle
 * chip's main cost)
 */
typedef struct TTSpinSched {
    QEMUTimer *timer;
    GPtrArray *watches;         /* TTCoreWatch *: the tiles' */
    QEMUTimer *slice;           /* one TCG thread: the turns' end */
} TTSpinSched;

/*
 * With one TCG thread (-accel tcg,thread=single: docs/decisions.md), the
 * cores take turns; a core that neither parks nor reads the clock
 * (tt_core_yield) ends its turn after TT_SPIN_SLICE_NS, not QEMU's 100 ms.
 */
#define TT_SPIN_SLICE_NS        (1 * SCALE_MS)

typedef struct TTCoreWatch {
    QEMUTimer *timer;
    bool reported;              /* the current deadlock was reported */
    /* Spin-loop parking: the machine's clock; registered with it */
    TTSpinSched *sched;
    bool sched_registered;
    TTCore *cores;              /* the tile's TT_NUM_CORES */
} TTCoreWatch;

/* Set up @sched (once, before any core of its machine runs) */
void tt_spin_sched_init(TTSpinSched *sched);

/*
 * Spin-loop parking (tt_core_spin): a loop that changes nothing but
 * registers (no translation block with anything else ran: tt_spin_dirty)
 * and whose registers are the same after TT_SPIN_THRESHOLD iterations in
 * a row (TT_SPIN_THRESHOLD_RR for a loop on RAM words with one TCG thread,
 * where no other core can run while it spins) can only be left when
 * memory changes.  The core parks; the words
 * its loop reads are watched if they are RAM: checked whenever what
 * writes them has written (a core of the tile back in a polling loop
 * after a store, the tile's coprocessor, a NoC packet or atomic into the
 * tile, the DPRINT reader) and, for anything else (the host, a
 * debugger), by the machine's spin clock every TT_SPIN_PERIOD_RAM_NS.
 * A loop that reads anything else (MMIO) is woken every spin_period,
 * which doubles from TT_SPIN_PERIOD_MIN_NS to TT_SPIN_PERIOD_MAX_NS while
 * it parks again at the same place.  Only timing changes: the loop runs
 * again once woken, exactly as it would have.
 */
#define TT_SPIN_THRESHOLD       256
#define TT_SPIN_THRESHOLD_RR    4
#define TT_SPIN_PERIOD_MIN_NS   (10 * SCALE_US)
#define TT_SPIN_PERIOD_MAX_NS   (1 * SCALE_MS)
#define TT_SPIN_PERIOD_RAM_NS   TT_SPIN_PERIOD_MAX_NS
#define TT_SPIN_MAX_WATCH       8

typedef struct TTSpinWatch {
    const uint8_t *host;        /* a RAM word the loop reads */
    uint32_t size;
    uint32_t val;               /* what it held when the core parked */
} TTSpinWatch;

struct TTCore {
    int index;                  /* TT_CORE_* */
    uint32_t x, y;              /* the tile's NoC 0 coordinates (logs) */
    TTCoreWatch *watch;
    CPUClusterState cluster;
    /*
     * The vCPU; valid only once @created.  A tile with lazy-cores creates
     * it when the core is first released from soft reset (a held core
     * runs nothing), so a whole chip costs only the cores that run.
     */
    RISCVCPU cpu;
    bool created;
    bool creating;              /* being created (the BQL is dropped) */
    bool created_mig;           /* migration: the source had the vCPU */
    uint64_t resetvec;          /* its resetvec property when created */
    AddressSpace *view_as;      /* @view for loaders before @created */
    MemoryRegion view;          /* this core's address space */
    MemoryRegion local_ram;     /* alias into the tile's RAM block */
    MemoryRegion tile_alias;    /* the tile's shared space, low priority */
    MemoryRegion noc_alias;     /* the NoC view above 4 GiB */
    MemoryRegion unmapped;      /* catch-all: logs, reads 0 */
    MemoryRegion iram;          /* Wormhole NCRISC only (alias, as above) */

    bool held;                  /* in soft reset */
    bool release_pending;       /* released, reset work not yet run */
    uint32_t wait;              /* TTWaitReason */
    uint32_t wait_arg;
    uint32_t cfg0[7];           /* CSRs 0x7C0-0x7C6 */
    uint32_t sstatus[8];        /* CSRs 0xBC2-0xBC9 */

    /* Spin-loop parking; only TTCore.wait is migrated (see post_load) */
    uint32_t spin_pc;           /* the loop of the last back edge */
    uint32_t spin_count;        /* back edges in a row with spin_gpr */
    uint32_t spin_gpr[32];
    int spin_nwatch;            /* words watched; -1: wake every period */
    TTSpinWatch spin_watch[TT_SPIN_MAX_WATCH];
    int64_t spin_period;
    int64_t spin_deadline;      /* next check (QEMU_CLOCK_VIRTUAL) */
    uint32_t spin_park_pc;      /* where it last parked, with which */
    uint32_t spin_park_gpr[32]; /* registers: there again, back off */
    uint64_t spin_parks;        /* statistics ("spin-parks" property) */
    uint64_t spin_writer_wakes; /* woken by its writer's check, not time */
};

/* @c's vCPU, or NULL if it has none yet (TTCore.created) */
static inline CPUState *tt_core_cpu(TTCore *c)
{
    return c->created ? CPU(&c->cpu) : NULL;
}
/*
 * An address space on @c's view: its vCPU's, or (before it has one) an
 * address space of the view's own, for loaders and the mover
 */
AddressSpace *tt_core_as(TTCore *c);
/* True when the access in progress comes from @c's own vCPU (may block). */
bool tt_core_can_block(TTCore *c);
/*
 * Park core @c until tt_cores_wake(@reason, @arg); the access is restarted
 * from scratch afterwards.  Only call when tt_core_can_block(), before any
 * side effect of the access.  The MMIO dispatch is left by longjmp, so
 * every region of a device whose accesses may park must have its
 * re-entrancy guard disabled (MemoryRegion.disable_reentrancy_guard), or
 * the device's guard stays engaged.
 */
G_NORETURN void tt_core_park(TTCore *c, TTWaitReason reason, uint32_t arg);
/*
 * The running core reads a clock: it waits for time to pass (a delay, a
 * poll with a timeout).  With one TCG thread, end its turn at the next
 * block so that the other cores run meanwhile, as they would on silicon,
 * rather than after QEMU's round-robin slice of 100 ms.
 */
void tt_core_yield(void);
/*
 * Wake the cores among @cores (a tile's TT_NUM_CORES) parked for @reason
 * (and @arg, or any arg with TT_WAIT_ARG_ANY).
 */
void tt_cores_wake(TTCore *cores, TTWaitReason reason, uint32_t arg);
/*
 * After the coprocessor ran: wake the cores of @cores parked for FIFO
 * room, TTSync (thread idle) or the MOP expander, and those spinning on
 * RAM words that changed, in one pass
 */
void tt_cores_wake_coproc(TTCore *cores);
/*
 * Spin-loop parking: @c's RISC-V callback (riscv_cpu_set_tt_spin_fn),
 * and its tile's watch registered with the watch's clock (c->watch, whose
 * cores and sched must be set).
 */
void tt_core_spin_init(TTCore *c);
/*
 * Something in the tile may have changed what parked spinning cores read:
 * wake those whose words changed (or are not watched)
 */
void tt_cores_spin_check(TTCore *cores);
/* What core @c is waiting for, in words (deadlock reports) */
void tt_core_describe_wait(const TTCore *c, GString *out);

/*
 * Floating point (tt_core_fp.c): the Blackhole cores' arithmetic, set up
 * once the vCPU exists; sync after cfg0 changes (reset, CSR write, load)
 */
void tt_core_fp_init(TTCore *c);
void tt_core_fp_sync(TTCore *c);
extern const VMStateDescription vmstate_tt_core;

#endif
