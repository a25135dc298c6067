/*
 * Tenstorrent Tensix machines: tt-blackhole and tt-wormhole
 *
 * A grid of Tensix tiles (one by default) in the NoC address space:
 * tile (x, y)'s local address A is at system address
 * (y << 42) | (x << 36) | A.  Each tile runs its five baby cores under TCG.
 *
 * Loading programs:
 *   -kernel F          ELF into every tile's BRISC view; BRISC starts at
 *                      its entry point after machine reset (silicon: 0)
 *   -M ...,brisc-elf=F,ncrisc-elf=F,trisc0-elf=F,trisc1-elf=F,trisc2-elf=F
 *                      one ELF per core, loaded through that core's view
 *                      (so 0xFFB0xxxx segments land in its local RAM);
 *                      the core starts at its reset PC when released
 *   -device loader,... QEMU's generic loader (cpu-num=0 is tile 0's BRISC)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/error-report.h"
#include "qemu/units.h"
#include "qapi/error.h"
#include "qapi/visitor.h"
#include "hw/boards.h"
#include "hw/loader.h"
#include "hw/qdev-properties.h"
#include "elf.h"
#include "exec/address-spaces.h"
#include "system/reset.h"
#include "tt_tile.h"

#define TYPE_TT_MACHINE MACHINE_TYPE_NAME("tt-tensix-base")
OBJECT_DECLARE_TYPE(TTMachineState, TTMachineClass, TT_MACHINE)

#define TT_MAX_GRID 64      /* 6-bit NoC coordinates */

static const char *tt_elf_props[TT_NUM_CORES] = {
    "brisc-elf", "ncrisc-elf", "trisc0-elf", "trisc1-elf", "trisc2-elf",
};

struct TTMachineClass {
    MachineClass parent_class;
    TTArchId arch;
};

struct TTMachineState {
    MachineState parent_obj;

    uint32_t grid_width;
    uint32_t grid_height;
    uint32_t tile_x;
    uint32_t tile_y;
    char *core_elf[TT_NUM_CORES];

    TTTileState *tiles;
    uint32_t num_tiles;
};

static const char *tt_core_label[TT_NUM_CORES] = {
    "BRISC", "NCRISC", "TRISC0", "TRISC1", "TRISC2",
};

typedef struct TTElfCheck {
    TTCore *core;
    const char *file;
} TTElfCheck;

/* True if [addr, addr + len) is RAM in @c's view */
static bool tt_core_range_is_ram(TTCore *c, uint64_t addr, uint64_t len)
{
    MemoryRegionSection sec = memory_region_find(&c->view, addr, len ?: 1);
    bool ok = sec.mr && memory_region_is_ram(sec.mr) &&
              int128_get64(sec.size) == (len ?: 1);

    if (sec.mr) {
        memory_region_unref(sec.mr);
    }
    return ok;
}

/* load_elf's per-segment address hook: reject segments outside RAM */
static uint64_t tt_elf_check_segment(void *opaque, uint64_t addr)
{
    TTElfCheck *chk = opaque;

    if (!tt_core_range_is_ram(chk->core, addr, 1)) {
        error_report("tt: ELF '%s': segment at 0x%08" PRIx64 " is outside "
                     "the memory of tile (%u,%u) %s (L1, its local RAM%s)",
                     chk->file, addr, chk->core->tile->x, chk->core->tile->y,
                     tt_core_label[chk->core->index],
                     chk->core->index == TT_CORE_NCRISC &&
                     chk->core->tile->arch->ncrisc_iram_size ? ", its IRAM"
                                                             : "");
        exit(1);
    }
    return addr;
}

static void tt_load_elf(TTCore *c, const char *file, uint64_t *entry)
{
    AddressSpace *as = CPU(&c->cpu)->as;
    TTElfCheck chk = { .core = c, .file = file };
    uint64_t low, high;
    ssize_t size;

    size = load_elf_as(file, NULL, tt_elf_check_segment, &chk, entry, &low,
                       &high, NULL, ELFDATA2LSB, EM_RISCV, 1, 0, as);
    if (size < 0) {
        error_report("tt: could not load ELF '%s' for tile (%u,%u) %s: %s",
                     file, c->tile->x, c->tile->y, tt_core_label[c->index],
                     load_elf_strerror(size));
        exit(1);
    }
}

static void tt_machine_init(MachineState *ms)
{
    TTMachineState *m = TT_MACHINE(ms);
    TTMachineClass *mc = TT_MACHINE_GET_CLASS(ms);

    if (!m->grid_width || !m->grid_height ||
        m->tile_x + m->grid_width > TT_MAX_GRID ||
        m->tile_y + m->grid_height > TT_MAX_GRID) {
        error_report("tt: grid %ux%u at (%u,%u) does not fit the 64x64 NoC "
                     "coordinate space", m->grid_width, m->grid_height,
                     m->tile_x, m->tile_y);
        exit(1);
    }
    if (ms->smp.max_cpus < TT_NUM_CORES * m->grid_width * m->grid_height) {
        error_report("tt: a %ux%u grid has %u cores; -smp %u is too small "
                     "(leave -smp out, or give at least -smp %u)",
                     m->grid_width, m->grid_height,
                     TT_NUM_CORES * m->grid_width * m->grid_height,
                     ms->smp.max_cpus,
                     TT_NUM_CORES * m->grid_width * m->grid_height);
        exit(1);
    }
    tt_csr_register();

    m->num_tiles = m->grid_width * m->grid_height;
    m->tiles = g_new0(TTTileState, m->num_tiles);
    for (uint32_t i = 0; i < m->num_tiles; i++) {
        TTTileState *t = &m->tiles[i];
        uint32_t x = m->tile_x + i % m->grid_width;
        uint32_t y = m->tile_y + i / m->grid_width;
        g_autofree char *name = g_strdup_printf("tile[%u,%u]", x, y);

        object_initialize_child(OBJECT(ms), name, t, TYPE_TT_TILE);
        qdev_prop_set_uint8(DEVICE(t), "arch", mc->arch);
        qdev_prop_set_uint32(DEVICE(t), "x", x);
        qdev_prop_set_uint32(DEVICE(t), "y", y);
        qdev_prop_set_uint32(DEVICE(t), "noc-width",
                             m->tile_x + m->grid_width);
        qdev_prop_set_uint32(DEVICE(t), "noc-height",
                             m->tile_y + m->grid_height);
        qdev_prop_set_uint32(DEVICE(t), "hartid-base", i * TT_NUM_CORES);
        object_property_set_link(OBJECT(t), "noc",
                                 OBJECT(get_system_memory()), &error_abort);
        qdev_realize(DEVICE(t), NULL, &error_fatal);
        qemu_register_resettable(OBJECT(t));
    }

    for (uint32_t i = 0; i < m->num_tiles; i++) {
        TTTileState *t = &m->tiles[i];

        if (ms->kernel_filename) {
            uint64_t entry = 0;

            tt_load_elf(&t->core[TT_CORE_BRISC], ms->kernel_filename, &entry);
            t->core[TT_CORE_BRISC].cpu.env.resetvec = entry;
        }
        for (int c = 0; c < TT_NUM_CORES; c++) {
            if (m->core_elf[c]) {
                uint64_t entry;

                tt_load_elf(&t->core[c], m->core_elf[c], &entry);
            }
        }
    }
}

static void tt_machine_get_u32(Object *obj, Visitor *v, const char *name,
                               void *opaque, Error **errp)
{
    uint32_t *p = (uint32_t *)((char *)obj + (uintptr_t)opaque);

    visit_type_uint32(v, name, p, errp);
}

static void tt_machine_set_u32(Object *obj, Visitor *v, const char *name,
                               void *opaque, Error **errp)
{
    TTMachineState *m = TT_MACHINE(obj);
    MachineState *ms = MACHINE(obj);
    uint32_t *p = (uint32_t *)((char *)obj + (uintptr_t)opaque);
    uint64_t need;

    if (!visit_type_uint32(v, name, p, errp)) {
        return;
    }
    /*
     * The accelerator sizes its per-vCPU state from -smp before the board
     * is built: make the default CPU count follow the grid (5 cores per
     * tile).  An explicit smaller -smp is refused in tt_machine_init().
     */
    need = (uint64_t)TT_NUM_CORES * m->grid_width * m->grid_height;
    if (need > ms->smp.max_cpus && need <= MACHINE_GET_CLASS(ms)->max_cpus) {
        ms->smp.cpus = ms->smp.max_cpus = ms->smp.cores = need;
        ms->smp.sockets = ms->smp.threads = 1;
    }
}


#define TT_DEFINE_ELF_PROP(n)                                                \
    static char *tt_get_elf##n(Object *obj, Error **errp)                    \
    {                                                                        \
        return g_strdup(TT_MACHINE(obj)->core_elf[n]);                       \
    }                                                                        \
    static void tt_set_elf##n(Object *obj, const char *v, Error **errp)      \
    {                                                                        \
        g_free(TT_MACHINE(obj)->core_elf[n]);                                \
        TT_MACHINE(obj)->core_elf[n] = g_strdup(v);                          \
    }

TT_DEFINE_ELF_PROP(0)
TT_DEFINE_ELF_PROP(1)
TT_DEFINE_ELF_PROP(2)
TT_DEFINE_ELF_PROP(3)
TT_DEFINE_ELF_PROP(4)

static void tt_machine_instance_init(Object *obj)
{
    TTMachineState *m = TT_MACHINE(obj);

    m->grid_width = 1;
    m->grid_height = 1;
}

static void tt_machine_instance_finalize(Object *obj)
{
    TTMachineState *m = TT_MACHINE(obj);

    for (int i = 0; i < TT_NUM_CORES; i++) {
        g_free(m->core_elf[i]);
    }
}

static void tt_machine_class_init(ObjectClass *oc, void *data)
{
    MachineClass *mc = MACHINE_CLASS(oc);
    static const struct {
        const char *name;
        size_t offset;
        const char *desc;
    } u32_props[] = {
        { "grid-width", offsetof(TTMachineState, grid_width),
          "Number of Tensix tiles in X (default 1)" },
        { "grid-height", offsetof(TTMachineState, grid_height),
          "Number of Tensix tiles in Y (default 1)" },
        { "tile-x", offsetof(TTMachineState, tile_x),
          "NoC 0 X coordinate of the first tile (default 0)" },
        { "tile-y", offsetof(TTMachineState, tile_y),
          "NoC 0 Y coordinate of the first tile (default 0)" },
    };
    static char *(*getters[TT_NUM_CORES])(Object *, Error **) = {
        tt_get_elf0, tt_get_elf1, tt_get_elf2, tt_get_elf3, tt_get_elf4,
    };
    static void (*setters[TT_NUM_CORES])(Object *, const char *, Error **) = {
        tt_set_elf0, tt_set_elf1, tt_set_elf2, tt_set_elf3, tt_set_elf4,
    };

    mc->init = tt_machine_init;
    mc->default_cpus = TT_NUM_CORES;
    mc->min_cpus = 1;
    mc->max_cpus = TT_NUM_CORES * TT_MAX_GRID * TT_MAX_GRID;
    mc->default_ram_size = 0;
    mc->no_parallel = 1;
    mc->no_serial = 1;
    mc->no_floppy = 1;
    mc->no_cdrom = 1;

    for (size_t i = 0; i < ARRAY_SIZE(u32_props); i++) {
        object_class_property_add(oc, u32_props[i].name, "uint32",
                                  tt_machine_get_u32, tt_machine_set_u32,
                                  NULL, (void *)u32_props[i].offset);
        object_class_property_set_description(oc, u32_props[i].name,
                                              u32_props[i].desc);
    }
    for (int i = 0; i < TT_NUM_CORES; i++) {
        g_autofree char *desc =
            g_strdup_printf("ELF file loaded through core %s's view of "
                            "every tile", tt_elf_props[i]);

        object_class_property_add_str(oc, tt_elf_props[i], getters[i],
                                      setters[i]);
        object_class_property_set_description(oc, tt_elf_props[i], desc);
    }
}

static void tt_blackhole_class_init(ObjectClass *oc, void *data)
{
    MachineClass *mc = MACHINE_CLASS(oc);

    TT_MACHINE_CLASS(oc)->arch = TT_ARCH_BLACKHOLE;
    mc->desc = "Tenstorrent Blackhole Tensix tiles";
}

static void tt_wormhole_class_init(ObjectClass *oc, void *data)
{
    MachineClass *mc = MACHINE_CLASS(oc);

    TT_MACHINE_CLASS(oc)->arch = TT_ARCH_WORMHOLE_B0;
    mc->desc = "Tenstorrent Wormhole B0 Tensix tiles";
}

static const TypeInfo tt_machine_types[] = {
    {
        .name = TYPE_TT_MACHINE,
        .parent = TYPE_MACHINE,
        .abstract = true,
        .instance_size = sizeof(TTMachineState),
        .instance_init = tt_machine_instance_init,
        .instance_finalize = tt_machine_instance_finalize,
        .class_size = sizeof(TTMachineClass),
        .class_init = tt_machine_class_init,
    }, {
        .name = MACHINE_TYPE_NAME("tt-blackhole"),
        .parent = TYPE_TT_MACHINE,
        .class_init = tt_blackhole_class_init,
    }, {
        .name = MACHINE_TYPE_NAME("tt-wormhole"),
        .parent = TYPE_TT_MACHINE,
        .class_init = tt_wormhole_class_init,
    },
};

DEFINE_TYPES(tt_machine_types)
