/*
 * Tenstorrent Tensix tile
 *
 * L1, the five baby RISC-V cores with their private views of the address
 * space, the tile control / debug / status registers (soft reset, reset
 * PCs, wall clock) and the Tensix coprocessor.
 *
 * Address spaces: the tile's shared, NoC-visible space ("space": L1 and
 * the registers every agent sees) is mapped into the system address space
 * at the tile's NoC address (y << 42 | x << 36).  Each core's view is a
 * container holding, above an alias of "space", its local data RAM and
 * its core-dependent MMIO windows (INSTRN_BUF routing, REGFILE, PC_BUF,
 * mailboxes, TENSIX_CFG), plus the NoC view above 4 GiB so that tools
 * using the first CPU's address space (qtest, the generic loader) reach
 * every tile.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/error-report.h"
#include "qemu/units.h"
#include "qemu/main-loop.h"
#include "qemu/timer.h"
#include "qemu/host-utils.h"
#include "qapi/error.h"
#include "hw/qdev-properties.h"
#include "hw/registerfields.h"
#include "hw/misc/unimp.h"
#include "hw/sysbus.h"
#include "hw/core/cpu.h"
#include "migration/vmstate.h"
#include "system/reset.h"
#include "tt_tile.h"
#include "trace.h"

/* Tile control / debug / status registers (TT_TILE_REGS_BASE + offset) */
REG32(CFGREG_RD_CNTL, 0x058)
REG32(CFGREG_RDDATA, 0x078)
REG32(TRISC_PC_BUF_OVERRIDE, 0x090)
REG32(INSTRN_BUF_CTRL0, 0x0A0)
REG32(INSTRN_BUF_CTRL1, 0x0A4)
REG32(INSTRN_BUF_STATUS, 0x0A8)
REG32(SOFT_RESET_0, 0x1B0)
    FIELD(SOFT_RESET_0, BRISC, 11, 1)
    FIELD(SOFT_RESET_0, TRISC0, 12, 1)
    FIELD(SOFT_RESET_0, TRISC1, 13, 1)
    FIELD(SOFT_RESET_0, TRISC2, 14, 1)
    FIELD(SOFT_RESET_0, NCRISC, 18, 1)
REG32(WALL_CLOCK_L, 0x1F0)
REG32(WALL_CLOCK_1, 0x1F4)
REG32(WALL_CLOCK_H, 0x1F8)
REG32(DISABLE_RESET, 0x224)             /* Blackhole */
REG32(TRISC0_RESET_PC, 0x228)           /* Blackhole */
REG32(TRISC1_RESET_PC, 0x22C)
REG32(TRISC2_RESET_PC, 0x230)
REG32(TRISC_RESET_PC_OVERRIDE, 0x234)
REG32(NCRISC_RESET_PC, 0x238)
REG32(NCRISC_RESET_PC_OVERRIDE, 0x23C)

/* After machine reset, only BRISC runs (all four others held). */
#define TT_SOFT_RESET_DEFAULT   0x47000u

static const char *const tt_core_names[TT_NUM_CORES] = {
    "brisc", "ncrisc", "trisc0", "trisc1", "trisc2",
};

static const int tt_soft_reset_bit[TT_NUM_CORES] = {
    [TT_CORE_BRISC] = R_SOFT_RESET_0_BRISC_SHIFT,
    [TT_CORE_NCRISC] = R_SOFT_RESET_0_NCRISC_SHIFT,
    [TT_CORE_TRISC0] = R_SOFT_RESET_0_TRISC0_SHIFT,
    [TT_CORE_TRISC1] = R_SOFT_RESET_0_TRISC1_SHIFT,
    [TT_CORE_TRISC2] = R_SOFT_RESET_0_TRISC2_SHIFT,
};

/* ---------------------------------------------------------------------- */
/* Parking cores on blocking accesses                                     */
/* ---------------------------------------------------------------------- */

bool tt_core_can_block(TTCore *c)
{
    return current_cpu == CPU(&c->cpu);
}

static const char *tt_mbox_core_names[TT_NUM_MAILBOX_CORES] = {
    "BRISC", "TRISC0", "TRISC1", "TRISC2",
};

/* What core @c is waiting for, in words */
static void tt_core_describe_wait(TTCore *c, GString *out)
{
    TTTensixState *ts = &c->tile->tensix;
    uint32_t a = c->wait_arg;

    switch (c->wait) {
    case TT_WAIT_FIFO:
        g_string_append_printf(out, "pushing into the full instruction FIFO "
                               "of Tensix thread T%u", a);
        break;
    case TT_WAIT_THREAD_IDLE:
        g_string_append_printf(out, "TTSync: waiting for Tensix thread T%u "
                               "to have nothing in flight", a);
        break;
    case TT_WAIT_MOP_IDLE:
        g_string_append_printf(out, "TTSync: waiting for the T%u MOP "
                               "expander to finish", a);
        break;
    case TT_WAIT_MBOX_READ:
        g_string_append_printf(out, "reading the empty mailbox %s->%s",
                               tt_mbox_core_names[a / 4],
                               tt_mbox_core_names[a % 4]);
        break;
    case TT_WAIT_MBOX_WRITE:
        g_string_append_printf(out, "writing the full mailbox %s->%s",
                               tt_mbox_core_names[a / 4],
                               tt_mbox_core_names[a % 4]);
        break;
    case TT_WAIT_PCBUF_PUSH:
        g_string_append_printf(out, "pushing into the full PCBuf %u", a);
        break;
    case TT_WAIT_PCBUF_POP:
        g_string_append_printf(out, "reading the empty PCBuf %u", a);
        break;
    case TT_WAIT_PCBUF_SYNC:
        g_string_append_printf(out, "reading PCBuf %u: waiting for it to "
                               "drain, TRISC%u to wait on it and thread T%u "
                               "to go idle", a, a, a);
        break;
    case TT_WAIT_FOREVER:
        g_string_append(out, "hung by a store to INSTRN1/2_BUF_BASE");
        break;
    default:
        g_string_append(out, "halted (wfi) with no interrupt source");
        break;
    }
    (void)ts;
}

/*
 * Called with a core about to park: if now no core of the tile can run
 * (each is held in reset or waiting), nothing inside the tile can ever
 * wake them; say so, with what everyone waits for, instead of hanging
 * silently.  (Agents outside the tile, such as the host through QMP or
 * gdb, could still intervene: this is a warning, not an exit.)
 */
#define TT_DEADLOCK_CHECK_NS    (200 * SCALE_MS)

static void tt_tile_check_deadlock(TTTileState *s)
{
    g_autoptr(GString) msg = NULL;
    bool any_waiting = false;

    if (s->deadlock_reported) {
        return;
    }
    for (int i = 0; i < TT_NUM_CORES; i++) {
        TTCore *c = &s->core[i];

        if (c->held) {
            continue;
        }
        if (c->release_pending ||
            (c->wait == TT_WAIT_NONE && !CPU(&c->cpu)->halted)) {
            /* someone can still run: look again later */
            timer_mod(s->deadlock_timer,
                      qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) +
                      TT_DEADLOCK_CHECK_NS);
            return;
        }
        any_waiting = true;
    }
    if (!any_waiting) {
        return;
    }
    msg = g_string_new(NULL);
    g_string_append_printf(msg, "tt-tile(%u,%u): deadlock: no core can run",
                           s->x, s->y);
    for (int i = 0; i < TT_NUM_CORES; i++) {
        static const char *const label[TT_NUM_CORES] = {
            "BRISC", "NCRISC", "TRISC0", "TRISC1", "TRISC2",
        };
        TTCore *c = &s->core[i];

        g_string_append_printf(msg, "\n  %-6s ", label[i]);
        if (c->held) {
            g_string_append(msg, "held in soft reset");
        } else {
            tt_core_describe_wait(c, msg);
        }
    }
    for (int t = 0; t < TT_NUM_THREADS; t++) {
        char buf[256];

        tt_tensix_describe_thread(&s->tensix, t, buf, sizeof(buf));
        g_string_append_printf(msg, "\n  T%d     %s", t, buf);
    }
    warn_report("%s", msg->str);
    s->deadlock_reported = true;
}

static void tt_tile_deadlock_timer(void *opaque)
{
    TTTileState *s = opaque;

    for (int i = 0; i < TT_NUM_CORES; i++) {
        if (s->core[i].wait != TT_WAIT_NONE) {
            tt_tile_check_deadlock(s);
            return;
        }
    }
    /* nobody parked any more: nothing to watch */
}

void tt_core_park(TTCore *c, TTWaitReason reason, uint32_t arg)
{
    CPUState *cs = CPU(&c->cpu);

    assert(bql_locked() && tt_core_can_block(c));
    trace_tt_core_park(c->tile->x, c->tile->y, tt_core_names[c->index],
                       reason, arg);
    c->wait = reason;
    c->wait_arg = arg;
    cs->halted = 1;
    cs->exception_index = EXCP_HLT;
    if (!timer_pending(c->tile->deadlock_timer)) {
        timer_mod(c->tile->deadlock_timer,
                  qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) + TT_DEADLOCK_CHECK_NS);
    }
    /*
     * We leave the MMIO dispatch by longjmp, so access_with_adjusted_size()
     * will not clear the owners' re-entrancy guards: do it here, or every
     * later access to their regions is refused as re-entrant I/O.
     */
    DEVICE(c->tile)->mem_reentrancy_guard.engaged_in_io = false;
    DEVICE(&c->tile->tensix)->mem_reentrancy_guard.engaged_in_io = false;
    /* Restart the load/store from scratch once woken (mips_itu.c idiom) */
    cpu_loop_exit_restore(cs, cs->mem_io_pc);
}

static void tt_core_unpark(TTCore *c)
{
    CPUState *cs = CPU(&c->cpu);

    trace_tt_core_wake(c->tile->x, c->tile->y, tt_core_names[c->index],
                       c->wait, c->wait_arg);
    c->wait = TT_WAIT_NONE;
    c->wait_arg = 0;
    c->tile->deadlock_reported = false;
    if (!c->held) {
        cs->halted = 0;
        qemu_cpu_kick(cs);
    }
}

void tt_tile_wake(TTTileState *t, TTWaitReason reason, uint32_t arg)
{
    for (int i = 0; i < TT_NUM_CORES; i++) {
        TTCore *c = &t->core[i];

        if (c->wait == reason &&
            (arg == TT_WAIT_ARG_ANY || c->wait_arg == arg)) {
            tt_core_unpark(c);
        }
    }
}

TTCore *tt_core_from_env(CPURISCVState *env)
{
    RISCVCPU *cpu = env_archcpu(env);
    Object *parent = OBJECT(cpu)->parent;

    /* Our cores are the "cpu" child of a cluster that is a tile's child. */
    if (parent && object_dynamic_cast(parent, TYPE_CPU_CLUSTER) &&
        OBJECT(parent)->parent &&
        object_dynamic_cast(OBJECT(parent)->parent, TYPE_TT_TILE)) {
        return container_of(cpu, TTCore, cpu);
    }
    return NULL;
}

/* ---------------------------------------------------------------------- */
/* Soft reset                                                             */
/* ---------------------------------------------------------------------- */

static uint32_t tt_core_reset_pc(TTTileState *s, int core)
{
    const TTArchInfo *a = s->arch;
    uint32_t pc = a->default_reset_pc[core];
    uint32_t en, val;

    if (core == TT_CORE_BRISC) {
        return pc;
    }
    if (a->reset_pc_in_cfg) {
        TTTensixState *ts = &s->tensix;

        if (core == TT_CORE_NCRISC) {
            en = tt_tensix_cfg_read(ts, 0, a->cfg_ncrisc_reset_pc_en) & 1;
            val = tt_tensix_cfg_read(ts, 0, a->cfg_ncrisc_reset_pc);
        } else {
            int t = TT_TRISC_THREAD(core);

            en = extract32(tt_tensix_cfg_read(ts, 0, a->cfg_trisc_reset_pc_en),
                           t, 1);
            val = tt_tensix_cfg_read(ts, 0, a->cfg_trisc_reset_pc + t);
        }
    } else if (core == TT_CORE_NCRISC) {
        en = s->ncrisc_reset_pc_override & 1;
        val = s->reset_pc[core];
    } else {
        en = extract32(s->trisc_reset_pc_override, TT_TRISC_THREAD(core), 1);
        val = s->reset_pc[core];
    }
    return en ? val : pc;
}

static void tt_core_hold_work(CPUState *cs, run_on_cpu_data data)
{
    TTCore *c = data.host_ptr;

    if (c->held) {
        cs->halted = 1;
    }
}

static void tt_core_release_work(CPUState *cs, run_on_cpu_data data)
{
    TTCore *c = data.host_ptr;
    TTTileState *s = c->tile;
    uint32_t pc;

    if (c->held) {
        return;     /* held again before this ran */
    }
    c->release_pending = false;
    pc = tt_core_reset_pc(s, c->index);
    cpu_reset(cs);
    cpu_env(cs)->pc = pc;
    if (s->arch->local_ram_clears_on_release) {
        /* DISABLE_RESET: bit 2k for T_k, 6 for B, 8 for NC */
        static const int bit[TT_NUM_CORES] = { 6, 8, 0, 2, 4 };

        if (!extract32(s->regs_store[A_DISABLE_RESET / 4], bit[c->index], 1)) {
            memset(memory_region_get_ram_ptr(&c->local_ram), 0,
                   memory_region_size(&c->local_ram));
        }
    }
    trace_tt_core_release(s->x, s->y, tt_core_names[c->index], pc);
    cs->halted = 0;
}

static void tt_tile_set_soft_reset(TTTileState *s, uint32_t val)
{
    uint32_t old = s->soft_reset;

    trace_tt_tile_soft_reset(s->x, s->y, old, val);
    s->soft_reset = val;
    /* Bit 9: THCON configuration (and Scalar Unit) soft reset */
    if (extract32(old ^ val, 9, 1)) {
        tt_cfg_thcon_soft_reset(&s->tensix, extract32(val, 9, 1));
    }
    for (int i = 0; i < TT_NUM_CORES; i++) {
        TTCore *c = &s->core[i];
        CPUState *cs = CPU(&c->cpu);
        bool was = extract32(old, tt_soft_reset_bit[i], 1);
        bool now = extract32(val, tt_soft_reset_bit[i], 1);

        if (now && !was) {
            /* Entering reset (SoftReset.md) */
            c->held = true;
            c->release_pending = false;
            c->wait = TT_WAIT_NONE;
            tt_tensix_core_reset(&s->tensix, i);
            trace_tt_core_hold(s->x, s->y, tt_core_names[i]);
            async_run_on_cpu(cs, tt_core_hold_work, RUN_ON_CPU_HOST_PTR(c));
        } else if (!now && was) {
            c->held = false;
            c->release_pending = true;
            c->wait = TT_WAIT_NONE;
            async_run_on_cpu(cs, tt_core_release_work,
                             RUN_ON_CPU_HOST_PTR(c));
        }
    }
    /* Mover, TDMA-RISC and packer-metadata soft reset bits */
    tt_mover_soft_reset(&s->tensix, old, val);
    /* Discarded FIFO entries and mailbox contents free space */
    tt_tensix_kick(&s->tensix);
    tt_tile_wake(s, TT_WAIT_MBOX_WRITE, TT_WAIT_ARG_ANY);
}

/* ---------------------------------------------------------------------- */
/* Tile control / debug / status registers                                */
/* ---------------------------------------------------------------------- */

static uint64_t tt_wall_clock(TTTileState *s)
{
    return muldiv64(qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL), s->arch->clock_hz,
                    NANOSECONDS_PER_SECOND);
}

static uint64_t tt_regs_read(void *opaque, hwaddr addr, unsigned size)
{
    TTTileState *s = opaque;
    uint32_t val = 0;
    uint64_t now;

    switch (addr) {
    case A_SOFT_RESET_0:
        val = s->soft_reset;
        break;
    case A_TRISC_PC_BUF_OVERRIDE:
        val = s->pc_buf_override;
        break;
    case A_WALL_CLOCK_L:
        now = tt_wall_clock(s);
        s->wall_clock_hi_latch = now >> 32;
        val = now;
        break;
    case A_WALL_CLOCK_1:
        val = tt_wall_clock(s) >> 32;
        break;
    case A_WALL_CLOCK_H:
        val = s->wall_clock_hi_latch;
        break;
    case A_INSTRN_BUF_STATUS:
        val = tt_tensix_fifo_status(&s->tensix);
        break;
    case A_CFGREG_RDDATA:
        val = tt_tensix_cfg_peek(&s->tensix,
                                 (s->regs_store[A_CFGREG_RD_CNTL / 4] &
                                  0x7ff) * 4);
        break;
    case A_TRISC0_RESET_PC:
    case A_TRISC1_RESET_PC:
    case A_TRISC2_RESET_PC:
        if (s->arch->reset_pc_in_cfg) {
            goto plain;
        }
        val = s->reset_pc[TT_CORE_TRISC0 + (addr - A_TRISC0_RESET_PC) / 4];
        break;
    case A_NCRISC_RESET_PC:
        if (s->arch->reset_pc_in_cfg) {
            goto plain;
        }
        val = s->reset_pc[TT_CORE_NCRISC];
        break;
    case A_TRISC_RESET_PC_OVERRIDE:
        if (s->arch->reset_pc_in_cfg) {
            goto plain;
        }
        val = s->trisc_reset_pc_override;
        break;
    case A_NCRISC_RESET_PC_OVERRIDE:
        if (s->arch->reset_pc_in_cfg) {
            goto plain;
        }
        val = s->ncrisc_reset_pc_override;
        break;
    default:
    plain:
        val = s->regs_store[addr / 4];
        break;
    }
    trace_tt_tile_reg_read(s->x, s->y, addr, val);
    return val;
}

static void tt_regs_write(void *opaque, hwaddr addr, uint64_t val64,
                          unsigned size)
{
    TTTileState *s = opaque;
    uint32_t val = val64;

    trace_tt_tile_reg_write(s->x, s->y, addr, val);
    switch (addr) {
    case A_SOFT_RESET_0:
        tt_tile_set_soft_reset(s, val);
        return;
    case A_WALL_CLOCK_L:
        s->wall_clock_hi_latch = tt_wall_clock(s) >> 32;
        return;
    case A_WALL_CLOCK_1:
    case A_WALL_CLOCK_H:
    case A_INSTRN_BUF_STATUS:
    case A_CFGREG_RDDATA:
        return;     /* read-only */
    case A_TRISC0_RESET_PC:
    case A_TRISC1_RESET_PC:
    case A_TRISC2_RESET_PC:
        if (!s->arch->reset_pc_in_cfg) {
            s->reset_pc[TT_CORE_TRISC0 + (addr - A_TRISC0_RESET_PC) / 4] = val;
            return;
        }
        break;
    case A_NCRISC_RESET_PC:
        if (!s->arch->reset_pc_in_cfg) {
            s->reset_pc[TT_CORE_NCRISC] = val;
            return;
        }
        break;
    case A_TRISC_RESET_PC_OVERRIDE:
        if (!s->arch->reset_pc_in_cfg) {
            s->trisc_reset_pc_override = val & 7;
            return;
        }
        break;
    case A_NCRISC_RESET_PC_OVERRIDE:
        if (!s->arch->reset_pc_in_cfg) {
            s->ncrisc_reset_pc_override = val & 1;
            return;
        }
        break;
    case A_CFGREG_RD_CNTL:
    case A_DISABLE_RESET:
        break;
    case A_TRISC_PC_BUF_OVERRIDE:
        s->pc_buf_override = val & 0x3fffffff;
        tt_tensix_pcbuf_override_changed(&s->tensix);
        return;
    case A_INSTRN_BUF_CTRL0:
    case A_INSTRN_BUF_CTRL1:
    default:
        qemu_log_mask(LOG_UNIMP, "tt-tile(%u,%u): register 0x%08" PRIx64
                      " = 0x%08x stored, no effect modelled yet\n", s->x,
                      s->y, (uint64_t)(TT_TILE_REGS_BASE + addr), val);
        break;
    }
    s->regs_store[addr / 4] = val;
}

static const MemoryRegionOps tt_regs_ops = {
    .read = tt_regs_read,
    .write = tt_regs_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid.min_access_size = 4,
    .valid.max_access_size = 4,
    .impl.min_access_size = 4,
    .impl.max_access_size = 4,
};

/* Catch-all for addresses nothing decodes (silicon: loads hang) */
static uint64_t tt_unmapped_read(void *opaque, hwaddr addr, unsigned size)
{
    TTCore *c = opaque;

    qemu_log_mask(LOG_GUEST_ERROR, "tt-tile(%u,%u) %s: load from unmapped "
                  "address 0x%08" PRIx64 " (silicon stalls forever); "
                  "returns 0\n", c->tile->x, c->tile->y,
                  tt_core_names[c->index], (uint64_t)addr);
    return 0;
}

static void tt_unmapped_write(void *opaque, hwaddr addr, uint64_t val,
                              unsigned size)
{
    TTCore *c = opaque;

    qemu_log_mask(LOG_GUEST_ERROR, "tt-tile(%u,%u) %s: store of 0x%" PRIx64
                  " to unmapped address 0x%08" PRIx64 " discarded\n",
                  c->tile->x, c->tile->y, tt_core_names[c->index], val,
                  (uint64_t)addr);
}

static const MemoryRegionOps tt_unmapped_ops = {
    .read = tt_unmapped_read,
    .write = tt_unmapped_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid.min_access_size = 1,
    .valid.max_access_size = 8,
};

/* ---------------------------------------------------------------------- */
/* Realize                                                                */
/* ---------------------------------------------------------------------- */

static void tt_tile_map_unimp(TTTileState *s, MemoryRegion *into,
                              const char *what, hwaddr base, uint64_t size)
{
    DeviceState *dev = qdev_new(TYPE_UNIMPLEMENTED_DEVICE);
    g_autofree char *name = g_strdup_printf("tt-%s(%u,%u)", what, s->x, s->y);

    qdev_prop_set_string(dev, "name", name);
    qdev_prop_set_uint64(dev, "size", size);
    object_property_add_child(OBJECT(s), what, OBJECT(dev));
    sysbus_realize_and_unref(SYS_BUS_DEVICE(dev), &error_fatal);
    memory_region_add_subregion(into, base,
                                sysbus_mmio_get_region(SYS_BUS_DEVICE(dev),
                                                       0));
}

static bool tt_core_realize(TTTileState *s, int i, Error **errp)
{
    const TTArchInfo *a = s->arch;
    TTCore *c = &s->core[i];
    TTTensixState *ts = &s->tensix;
    Object *obj = OBJECT(s);
    g_autofree char *name = NULL;

    c->tile = s;
    c->index = i;

    /* The core's view of the address space */
    name = g_strdup_printf("tt-view-%s(%u,%u)", tt_core_names[i], s->x, s->y);
    memory_region_init(&c->view, obj, name, UINT64_MAX);
    g_clear_pointer(&name, g_free);
    memory_region_init_io(&c->unmapped, obj, &tt_unmapped_ops, c,
                          "tt-unmapped", TT_NOC_TILE_SPAN);
    memory_region_add_subregion_overlap(&c->view, 0, &c->unmapped, -2);
    memory_region_init_alias(&c->tile_alias, obj, "tt-tile-space", &s->space,
                             0, TT_NOC_TILE_SPAN);
    memory_region_add_subregion_overlap(&c->view, 0, &c->tile_alias, -1);
    /*
     * The NoC view above 4 GiB: an RV32 core without an MMU only issues
     * 32-bit addresses, so this serves accesses made through the first
     * CPU's address space (qtest, the generic loader with cpu-num=0).
     * Every address space containing it holds a rendering of the whole
     * chip, so only the machine's first BRISC gets it ("noc-view").
     */
    if (s->noc_view && i == TT_CORE_BRISC) {
        memory_region_init_alias(&c->noc_alias, obj, "tt-noc", s->noc,
                                 TT_NOC_TILE_SPAN,
                                 UINT64_MAX - TT_NOC_TILE_SPAN);
        memory_region_add_subregion(&c->view, TT_NOC_TILE_SPAN,
                                    &c->noc_alias);
    }

    name = g_strdup_printf("tt-local-ram-%s(%u,%u)", tt_core_names[i],
                           s->x, s->y);
    if (!memory_region_init_ram(&c->local_ram, obj, name,
                                a->local_ram_size[i], errp)) {
        return false;
    }
    g_clear_pointer(&name, g_free);
    memory_region_add_subregion(&c->view, TT_LOCAL_RAM_BASE, &c->local_ram);
    if (a->has_local_ram_alias) {
        name = g_strdup_printf("tt-local-ram-alias-%s", tt_core_names[i]);
        memory_region_init_alias(&s->local_alias[i], obj, name, &c->local_ram,
                                 0, a->local_ram_size[i]);
        g_clear_pointer(&name, g_free);
        memory_region_add_subregion(&s->space,
                                    TT_LOCAL_ALIAS_BASE + 0x2000 *
                                    (i == TT_CORE_BRISC ? 0 :
                                     i == TT_CORE_NCRISC ? 1 : i),
                                    &s->local_alias[i]);
    }

    if (i == TT_CORE_NCRISC) {
        if (a->ncrisc_iram_size) {
            name = g_strdup_printf("tt-ncrisc-iram(%u,%u)", s->x, s->y);
            if (!memory_region_init_ram(&c->iram, obj, name,
                                        a->ncrisc_iram_size, errp)) {
                return false;
            }
            memory_region_add_subregion(&c->view, TT_NCRISC_IRAM_BASE,
                                        &c->iram);
        }
    } else {
        /* Core-dependent Tensix windows */
        for (int w = 0; w < TT_NUM_THREADS; w++) {
            memory_region_add_subregion(&c->view, TT_INSTRN_BUF_BASE +
                                        w * TT_INSTRN_BUF_STRIDE,
                                        &ts->instrn_buf[i][w]);
        }
        for (int w = 0; w < (i == TT_CORE_BRISC ? TT_NUM_THREADS : 1); w++) {
            memory_region_add_subregion(&c->view, TT_PC_BUF_BASE +
                                        w * TT_PC_BUF_STRIDE,
                                        &ts->pc_buf[i][w]);
        }
        memory_region_add_subregion(&c->view, TT_REGFILE_BASE,
                                    &ts->regfile[i]);
        memory_region_add_subregion(&c->view, TT_MAILBOX_BASE,
                                    &ts->mailbox[i]);
        memory_region_add_subregion(&c->view, TT_CFG_BASE,
                                    &ts->cfg_mmio[i]);
        memory_region_add_subregion(&c->view, TT_TDMA_RISC_BASE,
                                    &ts->tdma[i]);
        if (TT_CORE_IS_TRISC(i)) {
            memory_region_add_subregion(&c->view, TT_MOP_CFG_BASE,
                                        &ts->mop_cfg[i]);
        }
    }

    /* The core */
    object_initialize_child(obj, tt_core_names[i], &c->cluster,
                            TYPE_CPU_CLUSTER);
    /*
     * Translation blocks are looked up by RAM offset, so cores of
     * different tiles never share them wrongly; within a tile, BRISC and
     * the TRISCs decode alike (.ttinsn) and NCRISC differently.  So two
     * clusters serve the whole machine (QEMU allows 255): 0 for the cores
     * with .ttinsn, 1 for NCRISC.  gdb shows them as two inferiors.
     */
    qdev_prop_set_uint32(DEVICE(&c->cluster), "cluster-id",
                         i == TT_CORE_NCRISC ? 1 : 0);
    object_initialize_child(OBJECT(&c->cluster), "cpu", &c->cpu, a->cpu_type);
    c->cpu.env.mhartid = s->hartid_base + i;
    qdev_prop_set_uint64(DEVICE(&c->cpu), "resetvec", a->default_reset_pc[i]);
    qdev_prop_set_bit(DEVICE(&c->cpu), "start-powered-off",
                      i != TT_CORE_BRISC);
    qdev_prop_set_bit(DEVICE(&c->cpu), "x-tt-tensix", i != TT_CORE_NCRISC);
    object_property_set_link(OBJECT(&c->cpu), "memory", OBJECT(&c->view),
                             &error_abort);
    if (!qdev_realize(DEVICE(&c->cpu), NULL, errp)) {
        return false;
    }
    if (!qdev_realize(DEVICE(&c->cluster), NULL, errp)) {
        return false;
    }
    qemu_register_resettable(OBJECT(&c->cpu));
    return true;
}

static void tt_tile_realize(DeviceState *dev, Error **errp)
{
    TTTileState *s = TT_TILE(dev);
    Object *obj = OBJECT(dev);
    const TTArchInfo *a;
    g_autofree char *name = NULL;

    if (s->arch_id >= TT_ARCH__MAX) {
        error_setg(errp, "tt-tile: invalid architecture %u", s->arch_id);
        return;
    }
    if (!s->noc) {
        error_setg(errp, "tt-tile: 'noc' link not set");
        return;
    }
    if (s->x >= 64 || s->y >= 64) {
        error_setg(errp, "tt-tile: NoC coordinates (%u,%u) out of range "
                   "(0..63)", s->x, s->y);
        return;
    }
    if (s->x >= s->noc_width || s->y >= s->noc_height ||
        s->noc_width > 64 || s->noc_height > 64) {
        error_setg(errp, "tt-tile: (%u,%u) is outside the %ux%u NoC grid",
                   s->x, s->y, s->noc_width, s->noc_height);
        return;
    }
    a = s->arch = tt_arch_get(s->arch_id);
    s->deadlock_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL,
                                     tt_tile_deadlock_timer, s);

    /* The shared (NoC-visible) tile space */
    name = g_strdup_printf("tt-tile(%u,%u)", s->x, s->y);
    memory_region_init(&s->space, obj, name, TT_NOC_TILE_SPAN);
    g_clear_pointer(&name, g_free);
    name = g_strdup_printf("tt-l1(%u,%u)", s->x, s->y);
    if (!memory_region_init_ram(&s->l1, obj, name, a->l1_size, errp)) {
        return;
    }
    memory_region_add_subregion(&s->space, 0, &s->l1);
    memory_region_init_io(&s->regs, obj, &tt_regs_ops, s, "tt-tile-regs",
                          0x1000);
    memory_region_add_subregion(&s->space, TT_TILE_REGS_BASE, &s->regs);
    tt_tile_map_unimp(s, &s->space, "pic", TT_PIC_BASE, 0x1000);
    for (int n = 0; n < TT_NUM_NOCS; n++) {
        tt_noc_init(s, &s->niu[n], n);
        memory_region_add_subregion(&s->space,
                                    TT_NOC_REGS_BASE + n * TT_NOC_REGS_SIZE,
                                    &s->niu[n].mmio);
    }
    tt_overlay_init(s, &s->overlay);
    memory_region_add_subregion(&s->space, TT_OVERLAY_BASE,
                                &s->overlay.mmio);

    memory_region_init_alias(&s->noc_window, obj, "tt-tile-noc-window",
                             &s->space, 0, TT_NOC_TILE_SPAN);
    memory_region_add_subregion(s->noc, TT_NOC_ADDR(s->x, s->y, 0),
                                &s->noc_window);

    /* The coprocessor: its windows exist before the cores map them */
    object_initialize_child(obj, "tensix", &s->tensix, TYPE_TT_TENSIX);
    qdev_prop_set_uint8(DEVICE(&s->tensix), "arch", s->arch_id);
    object_property_set_link(OBJECT(&s->tensix), "tile", obj, &error_abort);
    if (!qdev_realize(DEVICE(&s->tensix), NULL, errp)) {
        return;
    }
    qemu_register_resettable(OBJECT(&s->tensix));
    if (a->tdma_noc_visible) {
        /* Wormhole: NCRISC and the NoC reach TDMA-RISC too */
        memory_region_add_subregion(&s->space, TT_TDMA_RISC_BASE,
                                    &s->tensix.tdma[TT_CORE_NCRISC]);
    }

    /* BRISC first: it is first_cpu, whose view qtest and the loader use */
    for (int i = 0; i < TT_NUM_CORES; i++) {
        if (!tt_core_realize(s, i, errp)) {
            return;
        }
    }
}

static void tt_tile_reset_hold(Object *obj, ResetType type)
{
    TTTileState *s = TT_TILE(obj);

    s->soft_reset = TT_SOFT_RESET_DEFAULT;
    memset(s->reset_pc, 0, sizeof(s->reset_pc));
    s->trisc_reset_pc_override = 0;
    s->ncrisc_reset_pc_override = 0;
    s->wall_clock_hi_latch = 0;
    s->pc_buf_override = 0;
    s->deadlock_reported = false;
    if (s->deadlock_timer) {
        timer_del(s->deadlock_timer);
    }
    memset(s->regs_store, 0, sizeof(s->regs_store));
    for (int n = 0; n < TT_NUM_NOCS; n++) {
        tt_noc_reset(&s->niu[n]);
    }
    tt_overlay_reset(&s->overlay);
    for (int i = 0; i < TT_NUM_CORES; i++) {
        TTCore *c = &s->core[i];

        c->held = extract32(TT_SOFT_RESET_DEFAULT, tt_soft_reset_bit[i], 1);
        c->release_pending = false;
        c->wait = TT_WAIT_NONE;
        c->wait_arg = 0;
        memset(c->cfg0, 0, sizeof(c->cfg0));
        c->cfg0[0] = 16 << 13;      /* cfg0.StMergeTimer resets to 16 */
        memset(c->sstatus, 0, sizeof(c->sstatus));
    }
}

static const VMStateDescription vmstate_tt_core = {
    .name = "tt-core",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_BOOL(held, TTCore),
        VMSTATE_UINT32(wait, TTCore),
        VMSTATE_UINT32(wait_arg, TTCore),
        VMSTATE_UINT32_ARRAY(cfg0, TTCore, 7),
        VMSTATE_UINT32_ARRAY(sstatus, TTCore, 8),
        VMSTATE_END_OF_LIST()
    }
};

static const VMStateDescription vmstate_tt_tile = {
    .name = TYPE_TT_TILE,
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32(soft_reset, TTTileState),
        VMSTATE_UINT32_ARRAY(reset_pc, TTTileState, TT_NUM_CORES),
        VMSTATE_UINT32(trisc_reset_pc_override, TTTileState),
        VMSTATE_UINT32(ncrisc_reset_pc_override, TTTileState),
        VMSTATE_UINT32(wall_clock_hi_latch, TTTileState),
        VMSTATE_UINT32(pc_buf_override, TTTileState),
        VMSTATE_UINT32_ARRAY(regs_store, TTTileState, 0x1000 / 4),
        VMSTATE_STRUCT_ARRAY(core, TTTileState, TT_NUM_CORES, 1,
                             vmstate_tt_core, TTCore),
        VMSTATE_STRUCT_ARRAY(niu, TTTileState, TT_NUM_NOCS, 1,
                             vmstate_tt_noc_niu, TTNocNiu),
        VMSTATE_STRUCT(overlay, TTTileState, 1, vmstate_tt_overlay,
                       TTOverlayState),
        VMSTATE_END_OF_LIST()
    }
};

static const Property tt_tile_properties[] = {
    DEFINE_PROP_UINT8("arch", TTTileState, arch_id, TT_ARCH_BLACKHOLE),
    DEFINE_PROP_UINT32("x", TTTileState, x, 0),
    DEFINE_PROP_UINT32("y", TTTileState, y, 0),
    DEFINE_PROP_UINT32("noc-width", TTTileState, noc_width, 1),
    DEFINE_PROP_UINT32("noc-height", TTTileState, noc_height, 1),
    DEFINE_PROP_UINT32("hartid-base", TTTileState, hartid_base, 0),
    DEFINE_PROP_BOOL("noc-view", TTTileState, noc_view, false),
    DEFINE_PROP_LINK("noc", TTTileState, noc, TYPE_MEMORY_REGION,
                     MemoryRegion *),
};

static void tt_tile_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);

    dc->desc = "Tenstorrent Tensix tile";
    dc->realize = tt_tile_realize;
    dc->vmsd = &vmstate_tt_tile;
    dc->user_creatable = false;
    rc->phases.hold = tt_tile_reset_hold;
    device_class_set_props(dc, tt_tile_properties);
}

static const TypeInfo tt_tile_info = {
    .name = TYPE_TT_TILE,
    .parent = TYPE_DEVICE,
    .instance_size = sizeof(TTTileState),
    .class_init = tt_tile_class_init,
};

static void tt_tile_register_types(void)
{
    type_register_static(&tt_tile_info);
}

type_init(tt_tile_register_types)
