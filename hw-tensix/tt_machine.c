/*
 * Tenstorrent Tensix machines: tt-blackhole and tt-wormhole
 *
 * A grid of Tensix tiles (one by default) in the NoC address space:
 * tile (x, y)'s local address A is at system address
 * (y << 42) | (x << 36) | A.  Each tile runs its five baby cores under TCG.
 *
 * Layouts:
 *   (default)          grid-width x grid-height tiles from (tile-x, tile-y)
 *                      in a NoC of (tile-x + grid-width) x (tile-y +
 *                      grid-height); nothing else on the NoC
 *   -M ...,soc=full    the whole chip (tt_soc.c): a Tensix tile at every
 *                      worker coordinate (WH 80, BH 140), DRAM channels at
 *                      their DRAM tiles, Ethernet, PCIe, ARC, ... tiles;
 *                      NoC grid WH 10x12, BH 17x12.  After reset every
 *                      tile is held (SOFT_RESET_0 = 0x47800, the silicon
 *                      reset value), except the first worker (WH (1,1),
 *                      BH (1,2)) when a BRISC program is given: a host or
 *                      that program releases the others over the NoC.
 *                      NoC coordinate translation programmed as the
 *                      firmware leaves it at boot, NIU_CFG_0 bit 14 set on
 *                      both NoCs (Blackhole: every tile; Wormhole: every
 *                      Tensix tile) (option noc-translation, default on)
 *
 * Loading programs:
 *   -kernel F          ELF into every tile's BRISC view; BRISC starts at
 *                      its entry point after machine reset (silicon: 0);
 *                      with soc=full only the first worker's BRISC starts
 *   -M ...,brisc-elf=F,ncrisc-elf=F,trisc0-elf=F,trisc1-elf=F,trisc2-elf=F
 *                      one ELF per core, loaded through that core's view
 *                      (so 0xFFB0xxxx segments land in its local RAM);
 *                      the core starts at its reset PC when released
 *   -device loader,... QEMU's generic loader (cpu-num=0 is tile 0's BRISC,
 *                      the only view that also reaches the NoC above 4 GiB);
 *                      the machine's RAM size (-m, default the chip's DRAM)
 *                      only bounds its raw images
 *
 * Host mistakes (docs/errors.md) end start-up with a message and exit 1:
 * an option out of its range (checked in 64 bits), an ELF that is not an
 * RV32 executable or loads outside the memory of its core (checked before
 * QEMU's loader sees it), options these machines have no use for (-bios,
 * -dtb, -initrd, -append, -shim, dt-compatible, -cpu).
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
#include "hw/qdev-properties-system.h"
#include "chardev/char.h"
#include "elf.h"
#include "exec/address-spaces.h"
#include "exec/cputlb.h"
#include "system/tcg.h"
#include "system/reset.h"
#include "tt_tile.h"
#include "tt_soc.h"
#include "tt_dprint.h"
#include "tt_log.h"

#define TYPE_TT_MACHINE MACHINE_TYPE_NAME("tt-tensix-base")
OBJECT_DECLARE_TYPE(TTMachineState, TTMachineClass, TT_MACHINE)

#define TT_MAX_GRID 64      /* 6-bit NoC coordinates */


/* SOFT_RESET_0: reset value on silicon (all five cores held) */
#define TT_SOFT_RESET_ALL_HELD  0x47800u
#define TT_SOFT_RESET_ADDR      (TT_TILE_REGS_BASE + 0x1B0)

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
    bool full_chip;             /* soc=full */
    bool no_spin_park;          /* spin-park=off */
    bool no_tensix_fast;        /* tensix-fast-paths=off */
    bool eager_cores;           /* lazy-cores=off */
    bool no_noc_xlat;           /* noc-translation=off */
    bool noc_xlat_given;        /* noc-translation given at all */
    TTSpinSched spin_sched;     /* spin-loop parking's clock (tt_core.h) */
    char *core_elf[TT_NUM_CORES];

    TTTileState *tiles;
    uint32_t num_tiles;
    TTSocState soc;             /* soc=full: the non-Tensix tiles */

    /* DPRINT server (tt_dprint.c): dprint=on, dprint-chardev, -base */
    bool dprint;
    char *dprint_chardev;
    uint32_t dprint_base;
    TTDprintState *dprint_srv;
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

/* What memory @c has, for messages */
static const char *tt_core_memory_desc(TTCore *c)
{
    return c->index == TT_CORE_NCRISC && tt_core_tile(c)->arch->ncrisc_iram_size
           ? "L1, its local RAM, its IRAM" : "L1, its local RAM";
}

/* load_elf's per-segment address hook: reject segments outside RAM */
static uint64_t tt_elf_check_segment(void *opaque, uint64_t addr)
{
    TTElfCheck *chk = opaque;
    TTCore *c = chk->core;

    if (!tt_core_range_is_ram(c, addr, 1)) {
        error_report("tt: ELF '%s': segment at 0x%08" PRIx64 " is outside "
                     "the memory of tile (%u,%u) %s (%s)", chk->file, addr,
                     c->x, c->y, tt_core_name[c->index],
                     tt_core_memory_desc(c));
        exit(1);
    }
    return addr;
}

#define TT_ELF_MAX_PHNUM    256     /* far more than any firmware has */

/* A 32-bit ELF field (ldl_le_p() returns a signed int) */
static uint32_t tt_elf_u32(const uint8_t *p)
{
    return (uint32_t)ldl_le_p(p);
}

/* Field @f of program header @i in the table @ph */
#define TT_PH(ph, i, f) \
    tt_elf_u32((ph) + (i) * sizeof(Elf32_Phdr) + offsetof(Elf32_Phdr, f))

/*
 * The bytes QEMU's ELF loader writes for program header @i: p_memsz,
 * unless the zero-filled tail overlaps another PT_LOAD segment, when it
 * writes p_filesz only (elf_ops.h.inc; how ROM images keep .data's load
 * image behind the code).  64-bit, so nothing wraps.
 */
static uint64_t tt_elf_load_len(const uint8_t *ph, uint32_t phnum,
                                uint32_t i)
{
    uint64_t start = TT_PH(ph, i, p_paddr);
    uint64_t filesz = TT_PH(ph, i, p_filesz);
    uint64_t memsz = TT_PH(ph, i, p_memsz);

    if (memsz <= filesz) {
        return memsz;
    }
    for (uint32_t j = 0; j < phnum; j++) {
        uint64_t o_start = TT_PH(ph, j, p_paddr);
        uint64_t o_end = o_start + TT_PH(ph, j, p_memsz);

        if (j != i && TT_PH(ph, j, p_type) == PT_LOAD &&
            o_start < start + memsz && start + filesz < o_end) {
            return filesz;
        }
    }
    return memsz;
}

/*
 * Check @file before QEMU's loader sees it, as a program for core @c:
 * a little-endian RV32 executable (ELFCLASS32, ET_EXEC, EM_RISCV) whose
 * header and program headers are inside the file, with at least one
 * PT_LOAD segment, every PT_LOAD with p_filesz <= p_memsz, its data
 * inside the file, and the bytes it loads inside RAM that @c reaches
 * (L1, its local RAM, Wormhole NCRISC's IRAM).  On a mistake, the reason
 * (naming the file and the segment) in @errp.
 */
static bool tt_elf_validate(TTCore *c, const char *file, Error **errp)
{
    g_autofree char *who = g_strdup_printf("tile (%u,%u) %s", c->x, c->y,
                                           tt_core_name[c->index]);
    uint8_t eh[sizeof(Elf32_Ehdr)];
    g_autofree uint8_t *ph = NULL;
    uint32_t phoff, phnum, nload = 0;
    uint16_t type, machine, phentsize;
    struct stat st;
    uint64_t fsize;
    bool ok = false;
    int fd;

    fd = qemu_open(file, O_RDONLY, errp);
    if (fd < 0) {
        error_prepend(errp, "tt: ELF for %s: ", who);
        return false;
    }
    if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
        error_setg(errp, "tt: ELF '%s' for %s: not a regular file", file,
                   who);
        goto out;
    }
    fsize = st.st_size;
    if (fsize < EI_NIDENT || pread(fd, eh, EI_NIDENT, 0) != EI_NIDENT ||
        memcmp(eh, ELFMAG, SELFMAG)) {
        error_setg(errp, "tt: '%s' for %s is not an ELF file", file, who);
        goto out;
    }
    if (eh[EI_CLASS] != ELFCLASS32) {
        error_setg(errp, "tt: ELF '%s' for %s: class %u is not ELFCLASS32 "
                   "(%s): the cores are RV32 (build with -march=rv32im_zicsr "
                   "-mabi=ilp32)", file, who, eh[EI_CLASS],
                   eh[EI_CLASS] == ELFCLASS64 ? "a 64-bit ELF" : "unknown");
        goto out;
    }
    if (eh[EI_DATA] != ELFDATA2LSB) {
        error_setg(errp, "tt: ELF '%s' for %s: not little-endian "
                   "(ELFDATA2LSB)", file, who);
        goto out;
    }
    if (fsize < sizeof(eh) ||
        pread(fd, eh, sizeof(eh), 0) != sizeof(eh)) {
        error_setg(errp, "tt: ELF '%s' for %s: truncated ELF header", file,
                   who);
        goto out;
    }
    type = lduw_le_p(eh + offsetof(Elf32_Ehdr, e_type));
    machine = lduw_le_p(eh + offsetof(Elf32_Ehdr, e_machine));
    if (type != ET_EXEC) {
        error_setg(errp, "tt: ELF '%s' for %s: type %u is not ET_EXEC "
                   "(%s): link it into an executable", file, who, type,
                   type == ET_REL ? "a relocatable object, ET_REL" :
                   type == ET_DYN ? "a shared object or PIE, ET_DYN" :
                   "not an executable");
        goto out;
    }
    if (machine != EM_RISCV) {
        error_setg(errp, "tt: ELF '%s' for %s: machine %u is not EM_RISCV "
                   "(%u)", file, who, machine, EM_RISCV);
        goto out;
    }
    phoff = tt_elf_u32(eh + offsetof(Elf32_Ehdr, e_phoff));
    phnum = lduw_le_p(eh + offsetof(Elf32_Ehdr, e_phnum));
    phentsize = lduw_le_p(eh + offsetof(Elf32_Ehdr, e_phentsize));
    if (phentsize != sizeof(Elf32_Phdr) || phnum > TT_ELF_MAX_PHNUM ||
        (uint64_t)phoff + (uint64_t)phnum * phentsize > fsize) {
        error_setg(errp, "tt: ELF '%s' for %s: bad program header table "
                   "(e_phoff 0x%x, e_phnum %u, e_phentsize %u, file of %"
                   PRIu64 " bytes)", file, who, phoff, phnum, phentsize,
                   fsize);
        goto out;
    }
    ph = g_malloc0(phnum * sizeof(Elf32_Phdr) + 1);
    if (pread(fd, ph, phnum * sizeof(Elf32_Phdr), phoff) !=
        phnum * sizeof(Elf32_Phdr)) {
        error_setg(errp, "tt: ELF '%s' for %s: cannot read its program "
                   "headers", file, who);
        goto out;
    }
    for (uint32_t i = 0; i < phnum; i++) {
        uint64_t offset = TT_PH(ph, i, p_offset);
        uint64_t paddr = TT_PH(ph, i, p_paddr);
        uint64_t filesz = TT_PH(ph, i, p_filesz);
        uint64_t memsz = TT_PH(ph, i, p_memsz);
        uint64_t len;

        if (TT_PH(ph, i, p_type) != PT_LOAD) {
            continue;
        }
        nload++;
        if (filesz > memsz) {
            error_setg(errp, "tt: ELF '%s' for %s: segment %u (PT_LOAD at "
                       "0x%08" PRIx64 "): p_filesz 0x%" PRIx64 " is larger "
                       "than p_memsz 0x%" PRIx64, file, who, i, paddr, filesz,
                       memsz);
            goto out;
        }
        if (offset + filesz > fsize) {
            error_setg(errp, "tt: ELF '%s' for %s: segment %u (PT_LOAD at "
                       "0x%08" PRIx64 "): its data [0x%" PRIx64 ", 0x%"
                       PRIx64 ") is beyond the end of the file (%" PRIu64
                       " bytes)", file, who, i, paddr, offset,
                       offset + filesz, fsize);
            goto out;
        }
        len = tt_elf_load_len(ph, phnum, i);
        if (len && (paddr + len > 0x100000000ULL ||
                    !tt_core_range_is_ram(c, paddr, len))) {
            error_setg(errp, "tt: ELF '%s': segment %u [0x%08" PRIx64 ", 0x%08"
                       PRIx64 ") is outside the memory of %s (%s)", file, i,
                       paddr, paddr + len, who, tt_core_memory_desc(c));
            goto out;
        }
    }
    if (!nload) {
        error_setg(errp, "tt: ELF '%s' for %s: no PT_LOAD segment", file,
                   who);
        goto out;
    }
    ok = true;
out:
    qemu_close(fd);
    return ok;
}

static void tt_load_elf(TTCore *c, const char *file, uint64_t *entry)
{
    AddressSpace *as = tt_core_as(c);
    TTElfCheck chk = { .core = c, .file = file };
    Error *err = NULL;
    uint64_t low, high;
    ssize_t size;

    if (!tt_elf_validate(c, file, &err)) {
        error_report_err(err);
        exit(1);
    }
    size = load_elf_as(file, NULL, tt_elf_check_segment, &chk, entry, &low,
                       &high, NULL, ELFDATA2LSB, EM_RISCV, 1, 0, as);
    if (size < 0) {
        error_report("tt: could not load ELF '%s' for tile (%u,%u) %s: %s",
                     file, c->x, c->y, tt_core_name[c->index],
                     load_elf_strerror(size));
        exit(1);
    }
}

/*
 * Options QEMU offers every machine that mean nothing here: refuse them
 * rather than ignore them.  (-append "" cannot be told from no -append.)
 */
static void tt_machine_refuse_unused(MachineState *ms)
{
    const char *how = "; load programs with -kernel, -M ...,brisc-elf=F "
        "(and ncrisc-, trisc0-, trisc1-, trisc2-elf) or -device loader";
    const char *opt = NULL, *why = NULL;

    if (ms->firmware) {
        opt = "-bios / -M firmware";
        why = "the Tensix tiles have no boot firmware to replace";
    } else if (ms->dtb || ms->dt_compatible) {
        opt = ms->dtb ? "-dtb" : "-M dt-compatible";
        why = "these machines describe no hardware in a device tree";
    } else if (ms->initrd_filename) {
        opt = "-initrd";
        why = "there is no Linux kernel to take an initial RAM disk";
    } else if (ms->kernel_cmdline && *ms->kernel_cmdline) {
        opt = "-append";
        why = "there is no Linux kernel to take a command line (a "
              "semihosting program's arguments: -semihosting-config "
              "enable=on,arg=...)";
    } else if (ms->shim_filename) {
        opt = "-shim";
        why = "there is no UEFI shim to load";
    } else if (ms->cpu_type) {
        opt = "-cpu";
        why = "each core's CPU model is fixed by the machine (tt-wh on "
              "tt-wormhole; tt-bh on tt-blackhole, tt-bh-t2 for its "
              "TRISC2; NCRISC without .ttinsn); leave -cpu out";
        how = "";
    }
    if (opt) {
        error_report("tt: %s is not supported by %s: %s%s", opt,
                     MACHINE_GET_CLASS(ms)->name, why, how);
        exit(1);
    }
}

/* Number of Tensix tiles the options ask for */
static uint32_t tt_machine_num_tiles(TTMachineState *m)
{
    if (m->full_chip) {
        return tt_soc_num_workers(
            tt_soc_layout(TT_MACHINE_GET_CLASS(m)->arch));
    }
    return m->grid_width * m->grid_height;
}

/* True when a program starts BRISC (of every tile) after reset */
static bool tt_machine_has_brisc_program(MachineState *ms)
{
    return ms->kernel_filename || TT_MACHINE(ms)->core_elf[TT_CORE_BRISC];
}

static void tt_machine_init(MachineState *ms)
{
    TTMachineState *m = TT_MACHINE(ms);
    TTMachineClass *mc = TT_MACHINE_GET_CLASS(ms);
    const TTSocLayout *l = tt_soc_layout(mc->arch);
    uint32_t noc_w, noc_h, ncores;

    tt_machine_refuse_unused(ms);
    if (m->noc_xlat_given && !m->full_chip) {
        error_report("tt: noc-translation is an option of soc=full only "
                     "(on a grid translation is off after reset, the "
                     "tables the identity)");
        exit(1);
    }
    if (m->full_chip) {
        if (m->grid_width != 1 || m->grid_height != 1 || m->tile_x ||
            m->tile_y) {
            error_report("tt: soc=full places the tiles itself; leave out "
                         "grid-width, grid-height, tile-x and tile-y");
            exit(1);
        }
        noc_w = l->width;
        noc_h = l->height;
    } else {
        /* Each is bounded by its setter; summed in 64 bits all the same */
        if (!m->grid_width || !m->grid_height ||
            (uint64_t)m->tile_x + m->grid_width > TT_MAX_GRID ||
            (uint64_t)m->tile_y + m->grid_height > TT_MAX_GRID) {
            error_report("tt: grid %ux%u at (%u,%u) does not fit the 64x64 "
                         "NoC coordinate space", m->grid_width,
                         m->grid_height, m->tile_x, m->tile_y);
            exit(1);
        }
        /*
         * The NoC is the chip's, whatever part of it the grid models:
         * NoC 1 coordinates mirror over the whole chip (x1 = W - 1 - x),
         * and NOC_NODE_ID reports the chip's size.  Only a grid that does
         * not fit the chip gets a NoC of its own extent.
         */
        noc_w = m->tile_x + m->grid_width;
        noc_h = m->tile_y + m->grid_height;
        if (noc_w <= l->width && noc_h <= l->height) {
            noc_w = l->width;
            noc_h = l->height;
        }
    }
    m->num_tiles = tt_machine_num_tiles(m);
    ncores = TT_NUM_CORES * m->num_tiles;
    if (ms->smp.max_cpus < ncores) {
        error_report("tt: %u Tensix tiles have %u cores; -smp %u is too "
                     "small (leave -smp out, or give at least -smp %u)",
                     m->num_tiles, ncores, ms->smp.max_cpus, ncores);
        exit(1);
    }
    tt_csr_register();
    if (tcg_enabled()) {
        /* Cores see only their own tile's memory */
        tcg_set_ram_cpu_filter(tt_tile_cpu_may_map);
    }

    /*
     * One memory topology update for the whole chip instead of one per
     * region added: every core has its own address space, and each update
     * re-renders all of them.
     */
    memory_region_transaction_begin();
    m->tiles = g_new0(TTTileState, m->num_tiles);
    tt_spin_sched_init(&m->spin_sched);
    for (uint32_t i = 0; i < m->num_tiles; i++) {
        TTTileState *t = &m->tiles[i];
        uint32_t x, y;
        g_autofree char *name = NULL;

        if (m->full_chip) {
            tt_soc_worker_xy(l, i, &x, &y);
        } else {
            x = m->tile_x + i % m->grid_width;
            y = m->tile_y + i / m->grid_width;
        }
        name = g_strdup_printf("tile[%u,%u]", x, y);
        object_initialize_child(OBJECT(ms), name, t, TYPE_TT_TILE);
        qdev_prop_set_uint8(DEVICE(t), "arch", mc->arch);
        qdev_prop_set_uint32(DEVICE(t), "x", x);
        qdev_prop_set_uint32(DEVICE(t), "y", y);
        qdev_prop_set_uint32(DEVICE(t), "noc-width", noc_w);
        qdev_prop_set_uint32(DEVICE(t), "noc-height", noc_h);
        qdev_prop_set_uint32(DEVICE(t), "hartid-base", i * TT_NUM_CORES);
        qdev_prop_set_bit(DEVICE(t), "noc-view", i == 0);
        qdev_prop_set_bit(DEVICE(t), "spin-park", !m->no_spin_park);
        qdev_prop_set_bit(DEVICE(t), "tensix-fast-paths", !m->no_tensix_fast);
        /*
         * On the full chip every tile starts held: a core gets its vCPU
         * when first released.  Not the first tile: its BRISC is
         * first_cpu, whose address space qtest and the loader use.
         */
        qdev_prop_set_bit(DEVICE(t), "lazy-cores",
                          m->full_chip && i > 0 && !m->eager_cores);
        object_property_set_link(OBJECT(t), "noc",
                                 OBJECT(get_system_memory()), &error_abort);
        t->spin_sched = &m->spin_sched;
        qdev_realize(DEVICE(t), NULL, &error_fatal);
        qemu_register_resettable(OBJECT(t));
    }
    if (m->full_chip) {
        object_initialize_child(OBJECT(ms), "chip", &m->soc, TYPE_TT_SOC);
        qdev_prop_set_uint8(DEVICE(&m->soc), "arch", mc->arch);
        object_property_set_link(OBJECT(&m->soc), "noc",
                                 OBJECT(get_system_memory()), &error_abort);
        qdev_realize(DEVICE(&m->soc), NULL, &error_fatal);
    }
    memory_region_transaction_commit();

    for (uint32_t i = 0; i < m->num_tiles; i++) {
        TTTileState *t = &m->tiles[i];

        if (ms->kernel_filename) {
            uint64_t entry = 0;

            tt_load_elf(&t->core[TT_CORE_BRISC], ms->kernel_filename, &entry);
            t->core[TT_CORE_BRISC].resetvec = entry;
            if (t->core[TT_CORE_BRISC].created) {
                t->core[TT_CORE_BRISC].cpu.env.resetvec = entry;
            }
        }
        for (int c = 0; c < TT_NUM_CORES; c++) {
            if (m->core_elf[c]) {
                uint64_t entry;

                tt_load_elf(&t->core[c], m->core_elf[c], &entry);
            }
        }
    }

    /* DPRINT server: only exists (and polls) with dprint=on */
    if (m->dprint) {
        DeviceState *dev = qdev_new(TYPE_TT_DPRINT);

        m->dprint_srv = TT_DPRINT(dev);
        m->dprint_srv->tiles = m->tiles;
        object_property_add_child(OBJECT(ms), "dprint-server", OBJECT(dev));
        qdev_prop_set_uint32(dev, "num-tiles", m->num_tiles);
        qdev_prop_set_uint32(dev, "base", m->dprint_base);
        if (m->dprint_chardev) {
            Chardev *chr = qemu_chr_find(m->dprint_chardev);

            if (!chr) {
                error_report("tt: dprint-chardev: no chardev '%s'",
                             m->dprint_chardev);
                exit(1);
            }
            qdev_prop_set_chr(dev, "chardev", chr);
        }
        qdev_realize_and_unref(dev, NULL, &error_fatal);
    } else if (m->dprint_chardev) {
        warn_report("tt: dprint-chardev without dprint=on is ignored");
    }
}

/*
 * Machine reset.  A tile comes out of reset with BRISC released
 * (tt_tile.c); on the full chip, hold every tile instead (SOFT_RESET_0 =
 * 0x47800, the register's silicon reset value), so that the cores of
 * tiles nobody uses stay halted and cost no host CPU, except the first
 * worker when a BRISC program was given.  Done through the register, as a
 * host would.
 *
 * Full chip: then, unless noc-translation=off, the NoC coordinate
 * translation the firmware programs at boot, before any host talks to the
 * chip, through the NIUs' configuration registers, NIU_CFG_0 bit 14 last
 * (Blackhole: tt_soc_bh_noc_translation(), every NIU, as the ARC does;
 * Wormhole: tt_soc_wh_noc_translation(), every Tensix NIU).
 */
static void tt_machine_reset(MachineState *ms, ResetType type)
{
    TTMachineState *m = TT_MACHINE(ms);

    qemu_devices_reset(type);
    if (m->dprint_srv) {
        tt_dprint_reset(m->dprint_srv);    /* after the ELF images */
    }
    if (!m->full_chip) {
        return;
    }
    for (uint32_t i = 0; i < m->num_tiles; i++) {
        TTTileState *t = &m->tiles[i];

        if (i == 0 && tt_machine_has_brisc_program(ms)) {
            continue;
        }
        address_space_stl_le(&address_space_memory,
                             TT_NOC_ADDR(t->x, t->y, TT_SOFT_RESET_ADDR),
                             TT_SOFT_RESET_ALL_HELD, MEMTXATTRS_UNSPECIFIED,
                             NULL);
    }
    if (m->no_noc_xlat) {
        return;
    }
    if (TT_MACHINE_GET_CLASS(ms)->arch == TT_ARCH_BLACKHOLE) {
        tt_soc_bh_noc_translation(m->soc.layout, &address_space_memory);
    } else {
        tt_soc_wh_noc_translation(m->soc.layout, &address_space_memory);
    }
}

/*
 * The accelerator sizes its per-vCPU state from -smp before the board is
 * built: make the CPU count follow the tiles (5 cores each).  QEMU applies
 * -smp before the machine properties, so a smaller explicit -smp is
 * raised as well; tt_machine_init() refuses whatever is still too small.
 */
static void tt_machine_fit_smp(TTMachineState *m)
{
    MachineState *ms = MACHINE(m);
    uint64_t need = (uint64_t)TT_NUM_CORES * tt_machine_num_tiles(m);

    if (need > ms->smp.max_cpus && need <= MACHINE_GET_CLASS(ms)->max_cpus) {
        ms->smp.cpus = ms->smp.max_cpus = ms->smp.cores = need;
        ms->smp.sockets = ms->smp.threads = 1;
    }
}

/* The machine's 32-bit options and their ranges */
typedef struct TTMachineU32Prop {
    const char *name;
    size_t offset;
    uint32_t min, max;
    const char *desc;
    const char *range;          /* for the error: why min..max */
} TTMachineU32Prop;

static const TTMachineU32Prop tt_machine_u32_props[] = {
    { "grid-width", offsetof(TTMachineState, grid_width), 1, TT_MAX_GRID,
      "Number of Tensix tiles in X (default 1)",
      "1 to 64 tiles (6-bit NoC coordinates)" },
    { "grid-height", offsetof(TTMachineState, grid_height), 1, TT_MAX_GRID,
      "Number of Tensix tiles in Y (default 1)",
      "1 to 64 tiles (6-bit NoC coordinates)" },
    { "tile-x", offsetof(TTMachineState, tile_x), 0, TT_MAX_GRID - 1,
      "NoC 0 X coordinate of the first tile (default 0)",
      "a NoC coordinate, 0 to 63" },
    { "tile-y", offsetof(TTMachineState, tile_y), 0, TT_MAX_GRID - 1,
      "NoC 0 Y coordinate of the first tile (default 0)",
      "a NoC coordinate, 0 to 63" },
    /* Checked against L1 by the DPRINT server (tt_dprint.c) */
    { "dprint-base", offsetof(TTMachineState, dprint_base), 0, UINT32_MAX,
      "L1 offset of the five DPRINT buffers (default 0x268, "
      "tt-metal Dec-2024 mailboxes)", NULL },
};

static void tt_machine_get_u32(Object *obj, Visitor *v, const char *name,
                               void *opaque, Error **errp)
{
    const TTMachineU32Prop *p = opaque;
    uint32_t *val = (uint32_t *)((char *)obj + p->offset);

    visit_type_uint32(v, name, val, errp);
}

static void tt_machine_set_u32(Object *obj, Visitor *v, const char *name,
                               void *opaque, Error **errp)
{
    const TTMachineU32Prop *p = opaque;
    uint32_t *val = (uint32_t *)((char *)obj + p->offset);
    uint64_t value;

    /* 64 bits: a value above 4G is out of range too, never truncated */
    if (!visit_type_uint64(v, name, &value, errp)) {
        return;
    }
    if (value < p->min || value > p->max) {
        error_setg(errp, "tt: %s=%" PRIu64 " is out of range: %s", name,
                   value, p->range);
        return;
    }
    *val = value;
    tt_machine_fit_smp(TT_MACHINE(obj));
}

static char *tt_machine_get_soc(Object *obj, Error **errp)
{
    return g_strdup(TT_MACHINE(obj)->full_chip ? "full" : "grid");
}

static void tt_machine_set_soc(Object *obj, const char *value, Error **errp)
{
    TTMachineState *m = TT_MACHINE(obj);

    if (!strcmp(value, "full")) {
        m->full_chip = true;
    } else if (!strcmp(value, "grid")) {
        m->full_chip = false;
    } else {
        error_setg(errp, "tt: soc: '%s' is not 'grid' or 'full'", value);
        return;
    }
    tt_machine_fit_smp(m);
}

/* DPRINT server properties (tt_dprint.c) */
static bool tt_machine_get_dprint(Object *obj, Error **errp)
{
    return TT_MACHINE(obj)->dprint;
}

static void tt_machine_set_dprint(Object *obj, bool value, Error **errp)
{
    TT_MACHINE(obj)->dprint = value;
}

static char *tt_machine_get_dprint_chardev(Object *obj, Error **errp)
{
    return g_strdup(TT_MACHINE(obj)->dprint_chardev);
}

static void tt_machine_set_dprint_chardev(Object *obj, const char *value,
                                          Error **errp)
{
    g_free(TT_MACHINE(obj)->dprint_chardev);
    TT_MACHINE(obj)->dprint_chardev = g_strdup(value);
}

/* spin-park: park cores spinning on memory (tt_core.h) */
static bool tt_machine_get_spin_park(Object *obj, Error **errp)
{
    return !TT_MACHINE(obj)->no_spin_park;
}

static void tt_machine_set_spin_park(Object *obj, bool value, Error **errp)
{
    TT_MACHINE(obj)->no_spin_park = !value;
}

/* tensix-fast-paths: the coprocessors' fast paths (tt_unit.h) */
static bool tt_machine_get_tensix_fast(Object *obj, Error **errp)
{
    return !TT_MACHINE(obj)->no_tensix_fast;
}

static void tt_machine_set_tensix_fast(Object *obj, bool value,
                                       Error **errp)
{
    TT_MACHINE(obj)->no_tensix_fast = !value;
}

/* lazy-cores: on the full chip, create a core's vCPU on first release */
static bool tt_machine_get_lazy_cores(Object *obj, Error **errp)
{
    return !TT_MACHINE(obj)->eager_cores;
}

static void tt_machine_set_lazy_cores(Object *obj, bool value, Error **errp)
{
    TT_MACHINE(obj)->eager_cores = !value;
}

/* noc-translation: soc=full, translation as the firmware leaves it */
static bool tt_machine_get_noc_xlat(Object *obj, Error **errp)
{
    return !TT_MACHINE(obj)->no_noc_xlat;
}

static void tt_machine_set_noc_xlat(Object *obj, bool value, Error **errp)
{
    TT_MACHINE(obj)->no_noc_xlat = !value;
    TT_MACHINE(obj)->noc_xlat_given = true;
}

/*
 * Strict mode (tt_log.h): a machine-wide switch, settable at run time
 * with qom-set /machine strict
 */
static bool tt_machine_get_strict(Object *obj, Error **errp)
{
    return tt_strict;
}

static void tt_machine_set_strict(Object *obj, bool value, Error **errp)
{
    tt_strict = value;
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
    m->dprint_base = TT_DPRINT_DEFAULT_BASE;
}

static void tt_machine_instance_finalize(Object *obj)
{
    TTMachineState *m = TT_MACHINE(obj);

    for (int i = 0; i < TT_NUM_CORES; i++) {
        g_free(m->core_elf[i]);
    }
    g_free(m->dprint_chardev);
}

static void tt_machine_class_init(ObjectClass *oc, void *data)
{
    MachineClass *mc = MACHINE_CLASS(oc);
    static char *(*getters[TT_NUM_CORES])(Object *, Error **) = {
        tt_get_elf0, tt_get_elf1, tt_get_elf2, tt_get_elf3, tt_get_elf4,
    };
    static void (*setters[TT_NUM_CORES])(Object *, const char *, Error **) = {
        tt_set_elf0, tt_set_elf1, tt_set_elf2, tt_set_elf3, tt_set_elf4,
    };

    mc->init = tt_machine_init;
    mc->reset = tt_machine_reset;
    mc->default_cpus = TT_NUM_CORES;
    mc->min_cpus = 1;
    mc->max_cpus = TT_NUM_CORES * TT_MAX_GRID * TT_MAX_GRID;
    mc->no_parallel = 1;
    mc->no_serial = 1;
    mc->no_floppy = 1;
    mc->no_cdrom = 1;

    for (size_t i = 0; i < ARRAY_SIZE(tt_machine_u32_props); i++) {
        const TTMachineU32Prop *p = &tt_machine_u32_props[i];

        object_class_property_add(oc, p->name, "uint32", tt_machine_get_u32,
                                  tt_machine_set_u32, NULL, (void *)p);
        object_class_property_set_description(oc, p->name, p->desc);
    }
    object_class_property_add_bool(oc, "dprint", tt_machine_get_dprint,
                                   tt_machine_set_dprint);
    object_class_property_set_description(oc, "dprint",
        "Decode and print tt-metal DPRINT buffers (default off)");
    object_class_property_add_str(oc, "dprint-chardev",
                                  tt_machine_get_dprint_chardev,
                                  tt_machine_set_dprint_chardev);
    object_class_property_set_description(oc, "dprint-chardev",
        "Chardev id for the DPRINT output (default stdout)");
    object_class_property_add_bool(oc, "strict", tt_machine_get_strict,
                                   tt_machine_set_strict);
    object_class_property_set_description(oc, "strict",
        "Stop the machine at the first guest error or use of something "
        "not modelled, naming the core, PC and Tensix instruction "
        "(default off)");
    object_class_property_add_bool(oc, "spin-park", tt_machine_get_spin_park,
                                   tt_machine_set_spin_park);
    object_class_property_set_description(oc, "spin-park",
        "Park a core whose loop only reads memory that does not change, "
        "until it changes (default on; off: cores spin as on silicon, "
        "same results, more host CPU)");
    object_class_property_add_bool(oc, "tensix-fast-paths",
                                   tt_machine_get_tensix_fast,
                                   tt_machine_set_tensix_fast);
    object_class_property_set_description(oc, "tensix-fast-paths",
        "The Tensix coprocessors' fast paths: the execution loop's inline "
        "frontend and Wait Gate cases, the vector unit's vectorised lane "
        "loops, translation blocks ended at the cores' register accesses "
        "(default on; off: the general code alone, same results, "
        "slower)");
    object_class_property_add_bool(oc, "lazy-cores",
                                   tt_machine_get_lazy_cores,
                                   tt_machine_set_lazy_cores);
    object_class_property_set_description(oc, "lazy-cores",
        "soc=full: give a core its vCPU (and host thread) when it is first "
        "released from soft reset, so that tiles nobody uses cost nothing "
        "(default on; off: all at start-up, as gdb then sees every core)");
    object_class_property_add_bool(oc, "noc-translation",
                                   tt_machine_get_noc_xlat,
                                   tt_machine_set_noc_xlat);
    object_class_property_set_description(oc, "noc-translation",
        "soc=full: after every reset, the NoC coordinate translation the "
        "firmware programs at boot, NIU_CFG_0 bit 14 on both NoCs "
        "(tt-blackhole: every tile, Tensix x/y unchanged, DRAM at x 17/18 "
        "y 12-23, PCIe 19-24, Ethernet 20-31 y 25, ...; tt-wormhole: "
        "every Tensix tile, 0-15 unchanged, x 16-25 and y 16-27 the "
        "columns and rows by kind) (default on; off: translation "
        "disabled, the tables the identity)");
    object_class_property_add_str(oc, "soc", tt_machine_get_soc,
                                  tt_machine_set_soc);
    object_class_property_set_description(oc, "soc",
        "Tile layout: 'grid' (default: grid-width x grid-height Tensix "
        "tiles) or 'full' (the whole chip: every Tensix worker, DRAM, "
        "Ethernet, PCIe, ARC tiles at their NoC coordinates)");
    for (int i = 0; i < TT_NUM_CORES; i++) {
        g_autofree char *desc =
            g_strdup_printf("ELF file loaded through %s's view of "
                            "every tile", tt_core_name[i]);

        object_class_property_add_str(oc, tt_elf_props[i], getters[i],
                                      setters[i]);
        object_class_property_set_description(oc, tt_elf_props[i], desc);
    }
}

/*
 * The machine's RAM size (-m) is the chip's DRAM, though no RAM is
 * allocated from it (the tiles' L1, local RAMs and DRAM channels are the
 * memory).  QEMU's generic loader bounds a raw image by it: with 0,
 * "-device loader,file=F,addr=A" could load nothing.
 */
static void tt_machine_class_set_ram_size(MachineClass *mc, TTArchId arch)
{
    const TTSocLayout *l = tt_soc_layout(arch);

    mc->default_ram_size = l->num_dram * l->dram_size;
}

static void tt_blackhole_class_init(ObjectClass *oc, void *data)
{
    MachineClass *mc = MACHINE_CLASS(oc);

    TT_MACHINE_CLASS(oc)->arch = TT_ARCH_BLACKHOLE;
    tt_machine_class_set_ram_size(mc, TT_ARCH_BLACKHOLE);
    mc->desc = "Tenstorrent Blackhole Tensix tiles";
}

static void tt_wormhole_class_init(ObjectClass *oc, void *data)
{
    MachineClass *mc = MACHINE_CLASS(oc);

    TT_MACHINE_CLASS(oc)->arch = TT_ARCH_WORMHOLE_B0;
    tt_machine_class_set_ram_size(mc, TT_ARCH_WORMHOLE_B0);
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
