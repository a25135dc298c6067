/*
 * Tenstorrent Tensix tile
 *
 * The tt-tile device: L1, the five baby RISC-V cores with their private
 * views of the address space, the coprocessor, the NoC interfaces and the
 * overlay as children; reset and migration state.  The registers are in
 * tt_tile_regs.c, parking cores in tt_core.c, the deadlock diagnostic in
 * tt_tile_deadlock.c.
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
#include "qapi/visitor.h"
#include "hw/qdev-properties.h"
#include "hw/misc/unimp.h"
#include "hw/sysbus.h"
#include "hw/core/cpu.h"
#include "migration/vmstate.h"
#include "system/reset.h"
#include "system/runstate.h"
#include "hw/qdev-core.h"
#include "tt_log.h"
#include "tt_tile.h"
#include "trace.h"

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

bool tt_tile_cpu_may_map(CPUState *cpu, ram_addr_t ram_addr)
{
    TTCore *c = tt_core_from_env(cpu_env(cpu));
    MemoryRegion *ram;

    /*
     * A core's view holds its own tile's memory and MMIO; tiles reach each
     * other only through the NoC (MMIO).  The first BRISC's view also has
     * the whole NoC above 4 GiB, which an RV32 core without MMU never
     * addresses, so no TLB entry maps it.
     */
    if (!c) {
        return true;
    }
    ram = &tt_core_tile(c)->ram;
    return ram_addr - memory_region_get_ram_addr(ram) <
           memory_region_size(ram);
}

/* Catch-all for addresses nothing decodes (silicon: loads hang) */
static uint64_t tt_unmapped_read(void *opaque, hwaddr addr, unsigned size)
{
    TTCore *c = opaque;

    tt_log_mask(LOG_GUEST_ERROR, "tt-tile(%u,%u) %s: load from unmapped "
                "address 0x%08" PRIx64 " (silicon stalls forever); "
                "returns 0\n", c->x, c->y,
                tt_core_id[c->index], (uint64_t)addr);
    return 0;
}

static void tt_unmapped_write(void *opaque, hwaddr addr, uint64_t val,
                              unsigned size)
{
    TTCore *c = opaque;

    tt_log_mask(LOG_GUEST_ERROR, "tt-tile(%u,%u) %s: store of 0x%" PRIx64
                " to unmapped address 0x%08" PRIx64 " discarded\n",
                c->x, c->y, tt_core_id[c->index], val,
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

/*
 * A core parks (tt_core_park) by leaving the MMIO dispatch with a longjmp,
 * so the guard of a region it parks in would stay engaged; and the
 * coprocessor, which runs inside the pushing core's access, reaches the
 * tile's registers and overlay as an agent of its own.  So no region the
 * tile owns uses the re-entrancy guard (only I/O regions dispatch through
 * it: containers, aliases and RAM never engage it).
 */
static void tt_tile_no_reentrancy_guard(MemoryRegion *mr)
{
    mr->disable_reentrancy_guard = true;
}

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

/*
 * Lay the tile's memories out in its one RAM block: L1 at 0, then each
 * core's local RAM and Wormhole's NCRISC IRAM, each on a (4 KiB) page
 * boundary, so each is mapped as whole pages.  Returns the block's size,
 * rounded up to 4 MiB (TT_TILE_RAM_ALIGN):
 *  - QEMU syncs the dirty bitmap of a block whose length is a multiple of
 *    256 KiB (64 pages: a word of the bitmap) a word at a time, but any
 *    other block page by page, flushing every vCPU's TLB for each page,
 *    which made migrating a whole chip take minutes (one block per
 *    memory: 7 per tile, WH L1 1464 KiB);
 *  - TCG keeps its per-page code state in leaves of 4 MiB of RAM offsets,
 *    created when code in one of their pages is first translated.  A
 *    store to a page that is clean for code and has no leaf takes the
 *    slow path every time (nothing records that the page holds no code).
 *    The tile's RAM is made clean for code in one pass (tt_tile_realize,
 *    tt_tile_set_soft_reset), so each tile's block must share a leaf with
 *    the tile's own code: blocks of 4 MiB, which the tiles, created
 *    first, get at multiples of 4 MiB.  The rest of the 4 MiB is never
 *    mapped and costs no memory.
 */
#define TT_TILE_RAM_ALIGN       (4 * MiB)

static uint64_t tt_tile_ram_layout(TTTileState *s)
{
    const TTArchInfo *a = s->arch;
    uint64_t end = a->l1_size;

    for (int i = 0; i < TT_NUM_CORES; i++) {
        s->local_ram_offset[i] = ROUND_UP(end, 4 * KiB);
        end = s->local_ram_offset[i] + a->local_ram_size[i];
    }
    s->iram_offset = ROUND_UP(end, 4 * KiB);
    end = s->iram_offset + a->ncrisc_iram_size;
    return ROUND_UP(end, TT_TILE_RAM_ALIGN);
}

static bool tt_core_realize(TTTileState *s, int i, Error **errp)
{
    const TTArchInfo *a = s->arch;
    TTCore *c = &s->core[i];
    TTTensixState *ts = &s->tensix;
    Object *obj = OBJECT(s);
    g_autofree char *name = NULL;

    c->index = i;
    c->x = s->x;
    c->y = s->y;
    c->watch = &s->deadlock;

    /* The core's view of the address space */
    name = g_strdup_printf("tt-view-%s(%u,%u)", tt_core_id[i], s->x, s->y);
    memory_region_init(&c->view, obj, name, UINT64_MAX);
    g_clear_pointer(&name, g_free);
    memory_region_init_io(&c->unmapped, obj, &tt_unmapped_ops, c,
                          "tt-unmapped", TT_NOC_TILE_SPAN);
    tt_tile_no_reentrancy_guard(&c->unmapped);
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

    name = g_strdup_printf("tt-local-ram-%s(%u,%u)", tt_core_id[i],
                           s->x, s->y);
    memory_region_init_alias(&c->local_ram, obj, name, &s->ram,
                             s->local_ram_offset[i], a->local_ram_size[i]);
    g_clear_pointer(&name, g_free);
    memory_region_add_subregion(&c->view, TT_LOCAL_RAM_BASE, &c->local_ram);
    if (a->has_local_ram_alias) {
        name = g_strdup_printf("tt-local-ram-alias-%s", tt_core_id[i]);
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
            memory_region_init_alias(&c->iram, obj, name, &s->ram,
                                     s->iram_offset, a->ncrisc_iram_size);
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
                                    &ts->cp.cfg_mmio[i]);
        memory_region_add_subregion(&c->view, TT_TDMA_RISC_BASE,
                                    &ts->cp.tdma[i]);
        if (TT_CORE_IS_TRISC(i)) {
            memory_region_add_subregion(&c->view, TT_MOP_CFG_BASE,
                                        &ts->cp.mop_cfg[i]);
            if (a->has_dst_riscv_window) {
                memory_region_add_subregion(&c->view, TT_DST_RISCV_BASE,
                                            &ts->cp.dst_mmio[i]);
            }
        }
    }

    /* The core: now, or (lazy-cores) when first released */
    c->resetvec = a->default_reset_pc[i];
    if (s->lazy_cores) {
        return true;
    }
    return tt_tile_create_core(s, i, errp);
}

/* Serialises tt_tile_create_core() (under the BQL) */
static bool tt_creating_core;
static QemuCond tt_create_cond;

bool tt_tile_create_core(TTTileState *s, int i, Error **errp)
{
    const TTArchInfo *a = s->arch;
    TTCore *c = &s->core[i];
    CPUState *cs;
    bool ok = false;

    if (c->created) {
        return true;
    }
    if (c->creating) {
        /* Another agent's store is creating it (the BQL is dropped) */
        error_setg(errp, "tt-tile(%u,%u): %s is being created", s->x, s->y,
                   tt_core_id[i]);
        return false;
    }
    c->creating = true;
    /*
     * One vCPU at a time: qemu_init_vcpu() waits for its thread with the
     * BQL dropped, on a condition variable every creation shares and
     * signals once, so concurrent creations could miss their wake-up.
     */
    while (tt_creating_core) {
        qemu_cond_wait_bql(&tt_create_cond);
    }
    tt_creating_core = true;
    object_initialize_child(OBJECT(s), tt_core_id[i], &c->cluster,
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
    DEVICE(&c->cluster)->hotplugged = false;
    object_initialize_child(OBJECT(&c->cluster), "cpu", &c->cpu,
                            i == TT_CORE_TRISC2 && a->trisc2_cpu_type ?
                            a->trisc2_cpu_type : a->cpu_type);
    cs = CPU(&c->cpu);
    /*
     * A fixed index (the vCPU's instance in the migration stream, its
     * number for gdb and -device loader,cpu-num), whatever the order in
     * which lazy cores are created; and no automatic resume (below).
     */
    cs->cpu_index = s->hartid_base + i;
    DEVICE(&c->cpu)->hotplugged = false;
    c->cpu.env.mhartid = s->hartid_base + i;
    qdev_prop_set_uint64(DEVICE(&c->cpu), "resetvec", c->resetvec);
    qdev_prop_set_bit(DEVICE(&c->cpu), "start-powered-off",
                      i != TT_CORE_BRISC || s->lazy_cores);
    /*
     * The models have XTTensix on; NCRISC has no .ttinsn.  The extension
     * properties exist only with TCG (target/riscv adds them there): under
     * qtest no instruction runs, so there is nothing to switch off.
     */
    if (i == TT_CORE_NCRISC &&
        object_property_find(OBJECT(&c->cpu), "xttensix")) {
        qdev_prop_set_bit(DEVICE(&c->cpu), "xttensix", false);
    }
    qdev_prop_set_uint64(DEVICE(&c->cpu), "tt-instrn-buf", TT_INSTRN_BUF_BASE);
    object_property_set_link(OBJECT(&c->cpu), "memory", OBJECT(&c->view),
                             &error_abort);
    if (!qdev_realize(DEVICE(&c->cpu), NULL, errp) ||
        !qdev_realize(DEVICE(&c->cluster), NULL, errp)) {
        object_unparent(OBJECT(&c->cluster));
        goto out;
    }
    c->created = true;
    qemu_register_resettable(OBJECT(&c->cpu));
    tt_core_fp_init(c);
    if (s->spin_park) {
        tt_core_spin_init(c);
    }
    if (s->tensix_fast_paths) {
        /* MMIO in the middle of a block: end blocks there once seen */
        riscv_cpu_learn_io_pcs(&c->cpu.env);
    }
    /* Created after the machine started: it runs with the others */
    if (phase_check(PHASE_MACHINE_READY) && runstate_is_running()) {
        cpu_resume(cs);
    }
    trace_tt_core_create(s->x, s->y, tt_core_id[i]);
    ok = true;
out:
    tt_creating_core = false;
    qemu_cond_broadcast(&tt_create_cond);
    c->creating = false;
    return ok;
}

/* A store to the overlay: run the threads, whose waits may read it */
static void tt_tile_overlay_changed(void *opaque)
{
    TTTileState *s = opaque;

    tt_tensix_kick(&s->tensix);
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
    s->deadlock.cores = s->core;
    if (!s->spin_sched) {
        /* A tile on its own: a clock of its own */
        s->spin_sched = g_new0(TTSpinSched, 1);
        tt_spin_sched_init(s->spin_sched);
    }
    s->deadlock.sched = s->spin_sched;
    s->deadlock.timer = timer_new_ns(QEMU_CLOCK_VIRTUAL,
                                     tt_tile_deadlock_timer, s);

    /* The shared (NoC-visible) tile space */
    name = g_strdup_printf("tt-tile(%u,%u)", s->x, s->y);
    memory_region_init(&s->space, obj, name, TT_NOC_TILE_SPAN);
    g_clear_pointer(&name, g_free);
    name = g_strdup_printf("tt-tile-ram(%u,%u)", s->x, s->y);
    if (!memory_region_init_ram(&s->ram, obj, name, tt_tile_ram_layout(s),
                                errp)) {
        return;
    }
    if (s->lazy_cores) {
        /*
         * Clean for translated code from the start: no vCPU exists that
         * could map it (the sweep is of the first tile's five), and the
         * host's uploads keep it clean, so its first release needs no
         * sweep of every vCPU's TLB (tt_tile_set_soft_reset)
         */
        memory_region_reset_dirty(&s->ram, 0, memory_region_size(&s->ram),
                                  DIRTY_MEMORY_CODE);
    }
    g_clear_pointer(&name, g_free);
    name = g_strdup_printf("tt-l1(%u,%u)", s->x, s->y);
    memory_region_init_alias(&s->l1, obj, name, &s->ram, 0, a->l1_size);
    memory_region_add_subregion(&s->space, 0, &s->l1);
    memory_region_init_io(&s->regs, obj, &tt_tile_regs_ops, s,
                          "tt-tile-regs", 0x1000);
    tt_tile_no_reentrancy_guard(&s->regs);
    memory_region_add_subregion(&s->space, TT_TILE_REGS_BASE, &s->regs);
    tt_tile_map_unimp(s, &s->space, "pic", TT_PIC_BASE, 0x1000);
    for (int n = 0; n < TT_NUM_NOCS; n++) {
        tt_noc_init(s, &s->niu[n], n);
        s->niu[n].cores = s->core;
        memory_region_add_subregion(&s->space,
                                    TT_NOC_REGS_BASE + n * TT_NOC_REGS_SIZE,
                                    &s->niu[n].mmio);
    }
    tt_overlay_init(&s->overlay, obj, s->x, s->y, tt_tile_overlay_changed,
                    s);
    memory_region_add_subregion(&s->space, TT_OVERLAY_BASE,
                                &s->overlay.mmio);

    memory_region_init_alias(&s->noc_window, obj, "tt-tile-noc-window",
                             &s->space, 0, TT_NOC_TILE_SPAN);
    memory_region_add_subregion(s->noc, TT_NOC_ADDR(s->x, s->y, 0),
                                &s->noc_window);

    /* The coprocessor: its windows exist before the cores map them */
    object_initialize_child(obj, "tensix", &s->tensix, TYPE_TT_TENSIX);
    qdev_prop_set_uint8(DEVICE(&s->tensix), "arch", s->arch_id);
    qdev_prop_set_bit(DEVICE(&s->tensix), "fast-paths", s->tensix_fast_paths);
    object_property_set_link(OBJECT(&s->tensix), "l1", OBJECT(&s->l1),
                             &error_abort);
    object_property_set_link(OBJECT(&s->tensix), "space", OBJECT(&s->space),
                             &error_abort);
    s->tensix.cp.cores = s->core;
    s->tensix.cp.overlay = &s->overlay;
    if (!qdev_realize(DEVICE(&s->tensix), NULL, errp)) {
        return;
    }
    qemu_register_resettable(OBJECT(&s->tensix));
    if (a->tdma_noc_visible) {
        /* Wormhole: NCRISC and the NoC reach TDMA-RISC too */
        memory_region_add_subregion(&s->space, TT_TDMA_RISC_BASE,
                                    &s->tensix.cp.tdma[TT_CORE_NCRISC]);
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

    tt_tile_regs_reset(s);
    s->deadlock.reported = false;
    if (s->deadlock.timer) {
        timer_del(s->deadlock.timer);
    }
    for (int n = 0; n < TT_NUM_NOCS; n++) {
        tt_noc_reset(&s->niu[n]);
    }
    tt_overlay_reset(&s->overlay);
    for (int i = 0; i < TT_NUM_CORES; i++) {
        TTCore *c = &s->core[i];

        c->wait = TT_WAIT_NONE;
        c->wait_arg = 0;
        memset(c->cfg0, 0, sizeof(c->cfg0));
        c->cfg0[0] = 16 << 13;      /* cfg0.StMergeTimer resets to 16 */
        tt_core_fp_sync(c);
        memset(c->sstatus, 0, sizeof(c->sstatus));
    }
}

static int tt_tile_pre_load(void *opaque)
{
    TTTileState *s = opaque;

    for (int i = 0; i < TT_NUM_CORES; i++) {
        s->core[i].created_mig = false;
    }
    return 0;
}

static int tt_tile_post_load(void *opaque, int version_id)
{
    TTTileState *s = opaque;

    /* The cores the source had created (the vCPUs' sections follow) */
    for (int i = 0; i < TT_NUM_CORES; i++) {
        Error *err = NULL;

        if (s->core[i].created_mig && !tt_tile_create_core(s, i, &err)) {
            error_report_err(err);
            return -EINVAL;
        }
    }
    tt_tile_regs_post_load(s);
    return 0;
}

static const VMStateDescription vmstate_tt_tile = {
    .name = TYPE_TT_TILE,
    .version_id = 2,
    .minimum_version_id = 2,
    .pre_load = tt_tile_pre_load,
    .post_load = tt_tile_post_load,
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
        VMSTATE_TIMER_PTR(deadlock.timer, TTTileState),
        VMSTATE_BOOL(deadlock.reported, TTTileState),
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
    DEFINE_PROP_BOOL("spin-park", TTTileState, spin_park, true),
    DEFINE_PROP_BOOL("lazy-cores", TTTileState, lazy_cores, false),
    DEFINE_PROP_BOOL("tensix-fast-paths", TTTileState, tensix_fast_paths,
                     true),
    DEFINE_PROP_LINK("noc", TTTileState, noc, TYPE_MEMORY_REGION,
                     MemoryRegion *),
};

/*
 * "wait-state" (read-only): what every core and Tensix thread of the tile
 * waits on, for `qom-get` from QMP or the monitor (hang diagnosis)
 */
static char *tt_tile_get_wait_state(Object *obj, Error **errp)
{
    TTTileState *s = TT_TILE(obj);
    g_autoptr(GString) msg = g_string_new(NULL);

    g_string_append_printf(msg, "tile(%u,%u):", s->x, s->y);
    tt_tile_describe_waits(s, msg);
    return g_string_free(g_steal_pointer(&msg), false);
}

/*
 * A spin-loop statistic summed over the tile's cores (read-only; @opaque:
 * the TTCore field's offset): "spin-parks", how often they parked on a
 * loop; "spin-writer-wakes", how often one was woken by the check of what
 * wrote its words (a peer, the coprocessor, the NoC, DPRINT), not by the
 * spin clock
 */
static void tt_tile_get_spin_stat(Object *obj, Visitor *v, const char *name,
                                  void *opaque, Error **errp)
{
    TTTileState *s = TT_TILE(obj);
    uint64_t n = 0;

    for (int i = 0; i < TT_NUM_CORES; i++) {
        n += *(uint64_t *)((char *)&s->core[i] + (uintptr_t)opaque);
    }
    visit_type_uint64(v, name, &n, errp);
}

static void tt_tile_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);

    object_class_property_add_str(klass, "wait-state",
                                  tt_tile_get_wait_state, NULL);
    object_class_property_add(klass, "spin-parks", "uint64",
                              tt_tile_get_spin_stat, NULL, NULL,
                              (void *)offsetof(TTCore, spin_parks));
    object_class_property_add(klass, "spin-writer-wakes", "uint64",
                              tt_tile_get_spin_stat, NULL, NULL,
                              (void *)offsetof(TTCore, spin_writer_wakes));

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
    qemu_cond_init(&tt_create_cond);
    type_register_static(&tt_tile_info);
}

type_init(tt_tile_register_types)
