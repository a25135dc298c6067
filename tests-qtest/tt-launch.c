/*
 * tt-launch: boot Tensix firmware and launch kernels on tt-blackhole /
 * tt-wormhole, the way tt-metal's slow-dispatch host does
 * (reference/boot-and-launch.md sections 4 and 7, Dec-2024 layout).
 *
 * Built on libqtest: QEMU runs with "-accel tcg" (the cores execute; the
 * trailing "-accel qtest" libqtest adds is only a fallback), and every
 * host access goes through the qtest protocol into the system address
 * space, which is the NoC view: tile (x, y)'s local address A is at
 * (y << 42) | (x << 36) | A.
 *
 * Firmware (any ELFs following the Dec-2024 protocol; the project's own
 * is tests-qtest/firmware/ttfw) is loaded like tt-metal's host does:
 * PT_LOAD segments at their VMA, except local-RAM segments (0xFFB0xxxx),
 * which go to MEM_<CORE>_INIT_LOCAL_L1_BASE_SCRATCH + (vaddr - 0xFFB00000),
 * and Wormhole NCRISC IRAM segments (0xFFC0xxxx), which go to the staging
 * area MEM_NCRISC_INIT_IRAM_L1_BASE.  Kernels are loaded by LMA into the
 * kernel-config ring (ttfw convention: linked at fixed slots, see
 * firmware/ttfw/ttfw_layout.h); runtime arguments, semaphores and the
 * circular-buffer configuration go to the start of the ring.
 *
 * --layout metal-2026 instead boots tt-metal's own 2026 Blackhole
 * firmware with the upload sequence of tt-metal's host (ttm_boot), on one
 * tile or on every worker (--tile all), and launches kernels on it the
 * way tt-metal's slow-dispatch host does (ttm_launch): kernel ELFs linked
 * at their address in the kernel area of the ring, or the launcher's own
 * marker kernel (--marker).
 *
 * This file is both the command-line tool (docs/launcher.md; run it with
 * scripts/tt-launch) and a library: tt-launch-test.c includes it with
 * TT_LAUNCH_NO_MAIN defined (no main(); it runs the tool as ttl_main()).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include <elf.h>
#include "qemu/bswap.h"
#include <getopt.h>
#include "libqtest.h"
#include "qobject/qdict.h"
#include "qobject/qlist.h"
#include "tt-qtest-util.h"
#include "firmware/ttfw/ttfw_layout.h"

/* ---------------------------------------------------------------------- */
/* Per-architecture facts                                                 */
/* ---------------------------------------------------------------------- */

enum { TTL_BRISC, TTL_NCRISC, TTL_TRISC0, TTL_TRISC1, TTL_TRISC2,
       TTL_NUM_CORES };

static const char *const ttl_core_name[TTL_NUM_CORES] = {
    "BRISC", "NCRISC", "TRISC0", "TRISC1", "TRISC2",
};
static const char *const ttl_proc_name[TTL_NUM_CORES] = {
    "brisc", "ncrisc", "trisc0", "trisc1", "trisc2",
};

#define TTL_MAX_DRAM_CH     8
#define TTL_MAX_BANKS       12
#define TTL_GRID            64      /* 6-bit NoC coordinates */

typedef struct TTLArch {
    const char *name;           /* "blackhole" */
    const char *machine;        /* QEMU machine */
    const char *fwdir;          /* subdirectory of a ttfw build */
    bool wh;
    uint32_t l1_size;           /* what the hardware has */
    uint32_t fw_base[TTL_NUM_CORES];
    uint32_t fw_size[TTL_NUM_CORES];
    uint32_t scratch[TTL_NUM_CORES];
    uint32_t local_size[TTL_NUM_CORES];
    uint32_t kcfg_base;
    uint32_t bank_scratch;
    uint32_t num_dram_banks;
    uint32_t first_x, first_y;  /* first worker of the full chip */
    uint32_t chip_w, chip_h;    /* full-chip NoC grid */
    uint32_t num_dram_ch;
    uint8_t dram_xy[TTL_MAX_DRAM_CH][2];    /* the port used, NoC 0 */
    uint64_t dram_ch_size;
    uint32_t dram_align;
    uint64_t pcie_base;
} TTLArch;

/*
 * DRAM: the three NoC coordinates of a channel all show the same memory
 * (tt_soc.c layouts, from the vendor SoC descriptors); ttfw uses the
 * second one of each channel ("port 1"), which is never (0,0): qtest
 * reaches NoC address 0-4 GiB through the first tile's BRISC view
 * instead of the NoC view.
 */
static const TTLArch ttl_arch_bh = {
    .name = "blackhole", .machine = "tt-blackhole", .fwdir = "bh",
    .wh = false,
    .l1_size = 1536 * 1024,
    .fw_base = { TTFW_MEM_BRISC_FW_BASE, TTFW_BH_NCRISC_FW_BASE,
                 TTFW_BH_TRISC0_FW_BASE, TTFW_BH_TRISC1_FW_BASE,
                 TTFW_BH_TRISC2_FW_BASE },
    .fw_size = { TTFW_BH_BRISC_FW_SIZE, TTFW_MEM_NCRISC_FW_SIZE,
                 TTFW_MEM_TRISC_FW_SIZE, TTFW_MEM_TRISC_FW_SIZE,
                 TTFW_MEM_TRISC_FW_SIZE },
    .scratch = { TTFW_BH_BRISC_SCRATCH, TTFW_BH_NCRISC_SCRATCH,
                 TTFW_BH_TRISC0_SCRATCH, TTFW_BH_TRISC1_SCRATCH,
                 TTFW_BH_TRISC2_SCRATCH },
    .local_size = { TTFW_BH_LOCAL_SIZE_BNC, TTFW_BH_LOCAL_SIZE_BNC,
                    TTFW_BH_LOCAL_SIZE_T, TTFW_BH_LOCAL_SIZE_T,
                    TTFW_BH_LOCAL_SIZE_T },
    .kcfg_base = TTFW_BH_KERNEL_CONFIG_BASE,
    .bank_scratch = TTFW_BH_BANK_TO_NOC_SCRATCH,
    .num_dram_banks = TTFW_BH_NUM_DRAM_BANKS,
    .first_x = 1, .first_y = 2,
    .chip_w = 17, .chip_h = 12,
    .num_dram_ch = 8,
    .dram_xy = { { 0, 1 }, { 0, 10 }, { 0, 4 }, { 0, 7 },
                 { 9, 1 }, { 9, 10 }, { 9, 4 }, { 9, 7 } },
    .dram_ch_size = 0xFF000000ull,
    .dram_align = 64,
    .pcie_base = 1ull << 60,
};

static const TTLArch ttl_arch_wh = {
    .name = "wormhole_b0", .machine = "tt-wormhole", .fwdir = "wh",
    .wh = true,
    .l1_size = 1464 * 1024,
    .fw_base = { TTFW_MEM_BRISC_FW_BASE, TTFW_WH_NCRISC_FW_BASE,
                 TTFW_WH_TRISC0_FW_BASE, TTFW_WH_TRISC1_FW_BASE,
                 TTFW_WH_TRISC2_FW_BASE },
    .fw_size = { TTFW_WH_BRISC_FW_SIZE, TTFW_MEM_NCRISC_FW_SIZE,
                 TTFW_MEM_TRISC_FW_SIZE, TTFW_MEM_TRISC_FW_SIZE,
                 TTFW_MEM_TRISC_FW_SIZE },
    .scratch = { TTFW_WH_BRISC_SCRATCH, TTFW_WH_NCRISC_SCRATCH,
                 TTFW_WH_TRISC0_SCRATCH, TTFW_WH_TRISC1_SCRATCH,
                 TTFW_WH_TRISC2_SCRATCH },
    .local_size = { TTFW_WH_LOCAL_SIZE_BNC, TTFW_WH_LOCAL_SIZE_BNC,
                    TTFW_WH_LOCAL_SIZE_T, TTFW_WH_LOCAL_SIZE_T,
                    TTFW_WH_LOCAL_SIZE_T },
    .kcfg_base = TTFW_WH_KERNEL_CONFIG_BASE,
    .bank_scratch = TTFW_WH_BANK_TO_NOC_SCRATCH,
    .num_dram_banks = TTFW_WH_NUM_DRAM_BANKS,
    .first_x = 1, .first_y = 1,
    .chip_w = 10, .chip_h = 12,
    .num_dram_ch = 6,
    .dram_xy = { { 0, 1 }, { 0, 6 }, { 5, 1 }, { 5, 9 }, { 5, 4 },
                 { 5, 6 } },
    .dram_ch_size = 2ull << 30,
    .dram_align = 32,
    .pcie_base = 1ull << 35,
};

static G_GNUC_UNUSED const TTLArch *ttl_arch_by_name(const char *s)
{
    if (!strcmp(s, "bh") || !strcmp(s, "blackhole") ||
        !strcmp(s, "tt-blackhole")) {
        return &ttl_arch_bh;
    }
    if (!strcmp(s, "wh") || !strcmp(s, "wormhole") ||
        !strcmp(s, "wormhole_b0") || !strcmp(s, "tt-wormhole")) {
        return &ttl_arch_wh;
    }
    return NULL;
}

/* DRAM bank -> channel and offset (ttfw_layout.h: WH 12 banks, BH 8) */
static void ttl_dram_bank(const TTLArch *a, uint32_t bank, uint32_t *ch,
                          uint64_t *offset)
{
    if (a->wh) {
        *ch = bank / 2;
        *offset = (uint64_t)(bank & 1) << 30;
    } else {
        *ch = bank;
        *offset = 0;
    }
}

/* ---------------------------------------------------------------------- */
/* State                                                                  */
/* ---------------------------------------------------------------------- */

typedef struct TTLSeg {
    uint32_t vaddr, paddr, filesz, memsz;
    const uint8_t *data;
} TTLSeg;

#define TTL_MAX_SEGS 16

typedef struct TTLElf {
    char *path;
    uint8_t *buf;
    gsize len;
    uint32_t entry;
    int nseg;
    TTLSeg seg[TTL_MAX_SEGS];
} TTLElf;

typedef struct TTLTile {
    uint32_t x, y;
} TTLTile;

#define TTL_MAX_TILES 256

/* One program: what tt-metal's Program holds for one core */
typedef struct TTLProgram {
    const char *kernel[TTL_NUM_CORES];      /* ELF paths, or NULL */
    uint32_t rta[TTFW_NUM_CLASSES][TTFW_KCFG_MAX_RTA];
    uint32_t num_rta[TTFW_NUM_CLASSES];
    uint32_t crta[TTFW_NUM_CLASSES][TTFW_KCFG_MAX_CRTA];
    uint32_t num_crta[TTFW_NUM_CLASSES];
    uint32_t sem[TTFW_KCFG_NUM_SEMS];
    struct {
        bool set;
        uint32_t addr, size, page_size;
    } cb[TTFW_NUM_CBS];
    uint32_t brisc_noc;
} TTLProgram;

typedef struct TTLaunch {
    const TTLArch *arch;
    QTestState *qts;
    GString *err;               /* the last error */
    bool verbose;
    double timeout_s;
    bool full_chip;
    uint32_t noc_w, noc_h;
    bool tensix[TTL_GRID][TTL_GRID];
    uint32_t ntiles;
    TTLTile tiles[TTL_MAX_TILES];   /* booted and launched on */
    uint32_t launches;
    /* where the last program's kernels sit (for fault reports) */
    TTLElf kelf[TTL_NUM_CORES];
    /* the metal-2026 firmware (for hang reports) */
    TTLElf fw[TTL_NUM_CORES];
    uint32_t arc_status;        /* ARC SCRATCH_RAM_2 (metal-2026, soc=full) */
    /*
     * metal-2026: NoC n translates (NIU_CFG_0 bit 14 of the first tile)
     * and its X / Y translation tables, for the bank tables
     */
    bool xlat[2];
    uint8_t xlat_x[2][32], xlat_y[2][32];
    bool xlat_missing;          /* a tile no translated coordinate reaches */
    /* metal-2026: the marker kernel (--marker): its record, its code */
    uint32_t marker;            /* L1 address of the record; 0: none */
    uint32_t marker_code;
    uint32_t marker_runs;       /* launches of it so far */
    /* timings, seconds; metal-2026: t_boot from the release to ready */
    double t_start, t_upload, t_boot, t_launch_last, t_launch_total;
    double t_go_total;          /* metal-2026: from GO to the last DONE */
} TTLaunch;

static bool G_GNUC_PRINTF(2, 3) ttl_fail(TTLaunch *l, const char *fmt, ...)
{
    va_list ap;

    if (!l->err) {
        l->err = g_string_new(NULL);
    }
    g_string_truncate(l->err, 0);
    va_start(ap, fmt);
    g_string_append_vprintf(l->err, fmt, ap);
    va_end(ap);
    return false;
}

static double ttl_now(void)
{
    return g_get_monotonic_time() / 1e6;
}

static uint64_t ttl_noc(uint32_t x, uint32_t y, uint64_t a)
{
    return ((uint64_t)y << 42) | ((uint64_t)x << 36) | a;
}

/* ---------------------------------------------------------------------- */
/* NoC access through qtest                                               */
/* ---------------------------------------------------------------------- */

static void ttl_write(TTLaunch *l, uint32_t x, uint32_t y, uint64_t a,
                      const void *buf, size_t len)
{
    if (len > 256) {
        qtest_bufwrite(l->qts, ttl_noc(x, y, a), buf, len);
    } else if (len) {
        qtest_memwrite(l->qts, ttl_noc(x, y, a), buf, len);
    }
}

static void ttl_read(TTLaunch *l, uint32_t x, uint32_t y, uint64_t a,
                     void *buf, size_t len)
{
    if (len > 256) {
        qtest_bufread(l->qts, ttl_noc(x, y, a), buf, len);
    } else if (len) {
        qtest_memread(l->qts, ttl_noc(x, y, a), buf, len);
    }
}

static void ttl_w32(TTLaunch *l, uint32_t x, uint32_t y, uint64_t a,
                    uint32_t v)
{
    qtest_writel(l->qts, ttl_noc(x, y, a), v);
}

static uint32_t ttl_r32(TTLaunch *l, uint32_t x, uint32_t y, uint64_t a)
{
    return qtest_readl(l->qts, ttl_noc(x, y, a));
}

static void ttl_zero(TTLaunch *l, uint32_t x, uint32_t y, uint64_t a,
                     size_t len)
{
    if (len) {
        qtest_memset(l->qts, ttl_noc(x, y, a), 0, len);
    }
}

/* ---------------------------------------------------------------------- */
/* ELF files                                                              */
/* ---------------------------------------------------------------------- */

static void ttl_elf_free(TTLElf *e)
{
    g_free(e->path);
    g_free(e->buf);
    memset(e, 0, sizeof(*e));
}

/* Read and check an ELF: 32-bit little-endian RISC-V executable */
static bool ttl_elf_open(TTLaunch *l, const char *path, const char *what,
                         TTLElf *e)
{
    g_autoptr(GError) gerr = NULL;
    const Elf32_Ehdr *eh;

    memset(e, 0, sizeof(*e));
    if (!g_file_get_contents(path, (char **)&e->buf, &e->len, &gerr)) {
        return ttl_fail(l, "%s: cannot read '%s': %s", what, path,
                        gerr->message);
    }
    e->path = g_strdup(path);
    eh = (const Elf32_Ehdr *)e->buf;
    if (e->len < sizeof(*eh) || memcmp(eh->e_ident, ELFMAG, SELFMAG)) {
        return ttl_fail(l, "%s: '%s' is not an ELF file", what, path);
    }
    if (eh->e_ident[EI_CLASS] != ELFCLASS32 ||
        eh->e_ident[EI_DATA] != ELFDATA2LSB ||
        le16_to_cpu(eh->e_machine) != EM_RISCV) {
        return ttl_fail(l, "%s: '%s' is not a 32-bit little-endian RISC-V "
                        "ELF (class %u, data %u, machine %u)", what, path,
                        eh->e_ident[EI_CLASS], eh->e_ident[EI_DATA],
                        le16_to_cpu(eh->e_machine));
    }
    if (le16_to_cpu(eh->e_type) != ET_EXEC) {
        return ttl_fail(l, "%s: '%s' is not an executable (e_type %u); link "
                        "it at its final addresses", what, path,
                        le16_to_cpu(eh->e_type));
    }
    uint32_t phoff = le32_to_cpu(eh->e_phoff);
    uint32_t phnum = le16_to_cpu(eh->e_phnum);
    uint32_t phentsize = le16_to_cpu(eh->e_phentsize);

    if (phnum && (phentsize != sizeof(Elf32_Phdr) ||
                  (uint64_t)phoff + (uint64_t)phnum * phentsize > e->len)) {
        return ttl_fail(l, "%s: '%s': program headers outside the file",
                        what, path);
    }
    e->entry = le32_to_cpu(eh->e_entry);
    for (uint32_t i = 0; i < phnum; i++) {
        const Elf32_Phdr *ph =
            (const Elf32_Phdr *)(e->buf + phoff + i * phentsize);
        TTLSeg *s;

        if (le32_to_cpu(ph->p_type) != PT_LOAD ||
            le32_to_cpu(ph->p_memsz) == 0) {
            continue;
        }
        if (e->nseg == TTL_MAX_SEGS) {
            return ttl_fail(l, "%s: '%s': more than %d PT_LOAD segments",
                            what, path, TTL_MAX_SEGS);
        }
        s = &e->seg[e->nseg++];
        s->vaddr = le32_to_cpu(ph->p_vaddr);
        s->paddr = le32_to_cpu(ph->p_paddr);
        s->filesz = le32_to_cpu(ph->p_filesz);
        s->memsz = le32_to_cpu(ph->p_memsz);
        if (s->filesz > s->memsz ||
            (uint64_t)le32_to_cpu(ph->p_offset) + s->filesz > e->len ||
            (uint64_t)s->vaddr + s->memsz > 0x100000000ull ||
            (uint64_t)s->paddr + s->memsz > 0x100000000ull) {
            return ttl_fail(l, "%s: '%s': PT_LOAD segment %u is malformed "
                            "(vaddr 0x%08x, filesz 0x%x, memsz 0x%x)", what,
                            path, i, s->vaddr, s->filesz, s->memsz);
        }
        s->data = e->buf + le32_to_cpu(ph->p_offset);
    }
    if (!e->nseg) {
        return ttl_fail(l, "%s: '%s' has nothing to load", what, path);
    }
    return true;
}

/* ---------------------------------------------------------------------- */
/* Machine                                                                */
/* ---------------------------------------------------------------------- */

/* Which coordinates hold Tensix tiles: the machine's tile[x,y] children */
static void ttl_probe_machine(TTLaunch *l)
{
    l->full_chip = tt_qom_topology(l->qts, &l->tensix[0][0], TTL_GRID);
}

/* The NoC 0 coordinates of every Tensix tile, row-major */
static uint32_t ttl_all_tiles(TTLaunch *l, TTLTile *out, uint32_t max)
{
    uint32_t n = 0;

    for (uint32_t y = 0; y < TTL_GRID; y++) {
        for (uint32_t x = 0; x < TTL_GRID; x++) {
            if (l->tensix[x][y] && n < max) {
                out[n].x = x;
                out[n].y = y;
                n++;
            }
        }
    }
    return n;
}

static volatile sig_atomic_t ttl_starting;

static void ttl_sigchld(int sig)
{
    static const char msg[] =
        "tt-launch: QEMU exited while starting (see its message above)\n";

    if (ttl_starting) {
        if (write(2, msg, sizeof(msg) - 1) < 0) {
            /* nothing to do */
        }
        _exit(1);
    }
}

/*
 * Start QEMU: @machine_opts is the -machine argument without the machine
 * name (e.g. "grid-width=2,tile-x=1"), @extra more QEMU arguments.  Every
 * Tensix tile is held in soft reset (SOFT_RESET_0 = 0x47800, as UMD's
 * "assert" leaves them) before the VM runs.
 */
static bool ttl_start(TTLaunch *l, const TTLArch *arch,
                      const char *machine_opts, const char *extra,
                      bool exit_if_qemu_dies)
{
    TTLTile all[TTL_MAX_TILES];
    uint32_t n, maxx = 0, maxy = 0;
    double t0 = ttl_now();
    struct sigaction sa = { .sa_handler = ttl_sigchld }, old;

    l->arch = arch;
    if (l->timeout_s <= 0) {
        l->timeout_s = 10;
    }
    if (exit_if_qemu_dies) {
        ttl_starting = 1;
        sigaction(SIGCHLD, &sa, &old);
    }
    /*
     * The extra arguments before "-accel tcg": QEMU takes the first
     * accelerator given, so "-accel tcg,thread=single" in them is used
     */
    l->qts = qtest_initf("-machine %s%s%s %s -accel tcg -S", arch->machine,
                         machine_opts && *machine_opts ? "," : "",
                         machine_opts ? machine_opts : "",
                         extra ? extra : "");
    if (exit_if_qemu_dies) {
        ttl_starting = 0;
        sigaction(SIGCHLD, &old, NULL);
    }
    ttl_probe_machine(l);
    n = ttl_all_tiles(l, all, TTL_MAX_TILES);
    if (!n) {
        return ttl_fail(l, "machine %s has no Tensix tile", arch->machine);
    }
    for (uint32_t i = 0; i < n; i++) {
        ttl_w32(l, all[i].x, all[i].y, TTFW_SOFT_RESET_0,
                TTFW_SOFT_RESET_ALL_HELD);
        maxx = MAX(maxx, all[i].x);
        maxy = MAX(maxy, all[i].y);
    }
    if (l->full_chip) {
        l->noc_w = arch->chip_w;
        l->noc_h = arch->chip_h;
    } else {
        l->noc_w = maxx + 1;
        l->noc_h = maxy + 1;
    }
    qtest_qmp_assert_success(l->qts, "{'execute': 'cont'}");
    l->t_start = ttl_now() - t0;
    return true;
}

/* Host CPU seconds process @pid has used (user + system), or -1 */
static double ttl_cpu_seconds(pid_t pid)
{
    g_autofree char *path = g_strdup_printf("/proc/%d/stat", (int)pid);
    g_autofree char *text = NULL;
    unsigned long long ut, st;
    const char *p;

    if (!g_file_get_contents(path, &text, NULL, NULL)) {
        return -1;
    }
    /* Fields after "(comm)": state is field 3, utime 14, stime 15 */
    p = strrchr(text, ')');
    if (!p || sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u "
                     "%llu %llu", &ut, &st) != 2) {
        return -1;
    }
    return (double)(ut + st) / sysconf(_SC_CLK_TCK);
}

/*
 * --idle SEC: leave the chip to itself for @sec seconds (every core idle
 * in its firmware, or whatever it does) and report the host CPU time
 * QEMU used meanwhile: what an idle chip costs
 */
static void ttl_idle(TTLaunch *l, double sec)
{
    pid_t pid = qtest_pid(l->qts);
    double c0 = ttl_cpu_seconds(pid), t0 = ttl_now(), c1, t1;

    g_usleep(sec * G_USEC_PER_SEC);
    c1 = ttl_cpu_seconds(pid);
    t1 = ttl_now();
    if (c0 < 0 || c1 < 0) {
        fprintf(stderr, "tt-launch: --idle: cannot read QEMU's CPU time "
                "from /proc\n");
        return;
    }
    fprintf(stderr, "tt-launch: idle %.1f s: QEMU used %.2f s of host CPU "
            "(%.1f %% of one host CPU)\n", t1 - t0, c1 - c0,
            100 * (c1 - c0) / (t1 - t0));
}

static void ttl_stop(TTLaunch *l)
{
    if (l->qts) {
        qtest_quit(l->qts);
        l->qts = NULL;
    }
    for (int c = 0; c < TTL_NUM_CORES; c++) {
        ttl_elf_free(&l->kelf[c]);
        ttl_elf_free(&l->fw[c]);
    }
    if (l->err) {
        g_string_free(l->err, true);
        l->err = NULL;
    }
}

static bool ttl_check_tile(TTLaunch *l, uint32_t x, uint32_t y,
                           const char *what)
{
    if (x >= TTL_GRID || y >= TTL_GRID || !l->tensix[x][y]) {
        GString *have = g_string_new(NULL);
        TTLTile all[8];
        uint32_t n = ttl_all_tiles(l, all, 8);

        for (uint32_t i = 0; i < n; i++) {
            g_string_append_printf(have, "%s(%u,%u)", i ? " " : "",
                                   all[i].x, all[i].y);
        }
        ttl_fail(l, "%s: there is no Tensix tile at (%u,%u) in this "
                 "machine (tiles: %s%s)", what, x, y, have->str,
                 n == 8 ? " ..." : "");
        g_string_free(have, true);
        return false;
    }
    return true;
}

/* NoC 0 coordinates and local address of DRAM bank @bank, offset @off */
static G_GNUC_UNUSED bool ttl_dram_target(TTLaunch *l, uint32_t bank,
                                          uint64_t off, uint64_t len,
                                          uint32_t *x, uint32_t *y,
                                          uint64_t *addr)
{
    const TTLArch *a = l->arch;
    uint32_t ch;
    uint64_t base;

    if (bank >= a->num_dram_banks) {
        return ttl_fail(l, "DRAM bank %u does not exist (%s has banks 0-%u)",
                        bank, a->name, a->num_dram_banks - 1);
    }
    if (!l->full_chip) {
        return ttl_fail(l, "DRAM bank %u: this machine has no DRAM (only "
                        "Tensix tiles); use --soc full, or L1 of a tile "
                        "(--write-l1/--read-l1)", bank);
    }
    ttl_dram_bank(a, bank, &ch, &base);
    if (off + len > a->dram_ch_size - base ||
        (a->wh && off + len > (1ull << 30))) {
        return ttl_fail(l, "DRAM bank %u: [0x%" PRIx64 ", 0x%" PRIx64 ") is "
                        "outside the bank", bank, off, off + len);
    }
    *x = a->dram_xy[ch][0];
    *y = a->dram_xy[ch][1];
    *addr = base + off;
    return true;
}

/* ---------------------------------------------------------------------- */
/* Tile state for diagnostics                                             */
/* ---------------------------------------------------------------------- */

/* The mailbox bytes from 0x10 to the end of the ttfw fault records */
#define TTL_SNAP_BASE   TTFW_NCRISC_RESUME_ADDR
#define TTL_SNAP_END    (TTFW_FAULT(TTL_NUM_CORES))

typedef struct TTLSnap {
    uint8_t b[TTL_SNAP_END - TTL_SNAP_BASE];
} TTLSnap;

static uint32_t snap32(const TTLSnap *s, uint32_t a)
{
    return ldl_le_p(&s->b[a - TTL_SNAP_BASE]);
}

static uint8_t snap8(const TTLSnap *s, uint32_t a)
{
    return s->b[a - TTL_SNAP_BASE];
}

static void ttl_snapshot(TTLaunch *l, const TTLTile *t, TTLSnap *s)
{
    ttl_read(l, t->x, t->y, TTL_SNAP_BASE, s->b, sizeof(s->b));
}

static const char *ttl_signal_name(uint8_t v)
{
    switch (v) {
    case TTFW_RUN_MSG_INIT:
        return "INIT";
    case TTFW_RUN_MSG_GO:
        return "GO";
    case TTFW_RUN_MSG_RESET_READ_PTR:
        return "RESET_READ_PTR";
    case TTFW_RUN_MSG_DONE:
        return "DONE";
    default:
        return "?";
    }
}

static const char *ttl_sync_name(uint8_t v)
{
    switch (v) {
    case TTFW_RUN_SYNC_MSG_INIT:
        return "INIT";
    case TTFW_RUN_SYNC_MSG_GO:
        return "GO";
    case TTFW_RUN_SYNC_MSG_DONE:
        return "DONE";
    default:
        return "?";
    }
}

/* What a ttfw waypoint means */
static const char *ttl_waypoint_meaning(const char *wp)
{
    static const struct {
        const char *wp, *meaning;
    } tab[] = {
        { "", "has not started its firmware (or the firmware writes no "
              "waypoints)" },
        { "I", "is initialising its firmware" },
        { "INRW", "waits for NCRISC to store its resume address" },
        { "NTW", "waits for the subordinates' run bytes to be DONE" },
        { "NTD", "has seen the subordinates done" },
        { "GW", "waits for the go message" },
        { "GD", "has seen GO and is setting up the launch" },
        { "W", "waits for its run byte to be GO" },
        { "R", "is running its kernel" },
        { "D", "has finished its kernel" },
        { "TS", "waits for its Tensix thread to go idle (tensix_sync)" },
        { "FALT", "has faulted" },
    };

    for (size_t i = 0; i < ARRAY_SIZE(tab); i++) {
        if (!strcmp(wp, tab[i].wp)) {
            return tab[i].meaning;
        }
    }
    return "is at an unknown waypoint";
}

static const char *ttl_mcause_name(uint32_t c)
{
    static const char *const names[] = {
        "instruction address misaligned", "instruction access fault",
        "illegal instruction", "breakpoint", "load address misaligned",
        "load access fault", "store address misaligned",
        "store access fault", "ecall from U-mode", "ecall from S-mode",
        "reserved", "ecall from M-mode",
    };

    if (c & 0x80000000u) {
        return "interrupt";
    }
    return c < ARRAY_SIZE(names) ? names[c] : "exception";
}

/* PC of core @c of tile @t, from QEMU's monitor; false if unknown */
static bool ttl_core_pc(TTLaunch *l, const TTLTile *t, int c, uint32_t *pc)
{
    QDict *resp = qtest_qmp(l->qts, "{'execute': 'query-cpus-fast'}");
    QList *list = qdict_get_qlist(resp, "return");
    g_autofree char *path = g_strdup_printf("/machine/tile[%u,%u]/%s/cpu",
                                            t->x, t->y, ttl_proc_name[c]);
    QListEntry *e;
    bool found = false;

    QLIST_FOREACH_ENTRY(list, e) {
        QDict *cpu = qobject_to(QDict, qlist_entry_obj(e));
        QDict *hmp;
        const char *regs, *p;

        if (strcmp(qdict_get_str(cpu, "qom-path"), path)) {
            continue;
        }
        hmp = qtest_qmp(l->qts, "{'execute': 'human-monitor-command', "
                        "'arguments': {'command-line': 'info registers', "
                        "'cpu-index': %" PRId64 "}}",
                        qdict_get_int(cpu, "cpu-index"));
        regs = qdict_get_try_str(hmp, "return");
        p = regs ? strstr(regs, " pc ") : NULL;
        if (p) {
            *pc = g_ascii_strtoull(p + 4, NULL, 16);
            found = true;
        }
        qobject_unref(hmp);
        break;
    }
    qobject_unref(resp);
    return found;
}

/* Where @pc is: "kernel 'x.elf' + 0x10", "firmware", ... */
static void ttl_describe_pc(TTLaunch *l, int c, uint32_t pc, GString *out)
{
    const TTLArch *a = l->arch;
    TTLElf *k = &l->kelf[c];

    for (int i = 0; k->path && i < k->nseg; i++) {
        if (pc >= k->seg[i].vaddr && pc < k->seg[i].vaddr + k->seg[i].memsz) {
            g_string_append_printf(out, " (kernel '%s' + 0x%x)", k->path,
                                   pc - k->entry);
            return;
        }
    }
    if (pc >= a->fw_base[c] && pc < a->fw_base[c] + a->fw_size[c]) {
        g_string_append_printf(out, " (%s firmware + 0x%x)",
                               ttl_proc_name[c], pc - a->fw_base[c]);
    }
}

/* Append one line per core: waypoint, run byte, fault, pc */
static void ttl_describe_tile(TTLaunch *l, const TTLTile *t,
                              const TTLSnap *s, bool with_pc, GString *out)
{
    uint8_t sig = snap8(s, TTFW_GO_MSG_SIGNAL);

    g_string_append_printf(out, "\n  go_message.signal 0x%02x (%s), "
                           "slave_sync %02x %02x %02x %02x (NCRISC TRISC0 "
                           "TRISC1 TRISC2)", sig, ttl_signal_name(sig),
                           snap8(s, TTFW_SLAVE_SYNC_DM1),
                           snap8(s, TTFW_SLAVE_SYNC_TRISC(0)),
                           snap8(s, TTFW_SLAVE_SYNC_TRISC(1)),
                           snap8(s, TTFW_SLAVE_SYNC_TRISC(2)));
    for (int c = 0; c < TTL_NUM_CORES; c++) {
        char wp[5] = { 0 };
        uint32_t w = snap32(s, TTFW_WAYPOINT(c)), pc;

        for (int i = 0; i < 4; i++) {
            uint8_t ch = w >> (8 * i);

            if (!ch) {
                break;
            }
            wp[i] = g_ascii_isprint(ch) ? ch : '?';
        }
        g_string_append_printf(out, "\n  %-6s waypoint \"%s\": %s",
                               ttl_core_name[c], wp,
                               ttl_waypoint_meaning(wp));
        if (c != TTL_BRISC) {
            uint8_t rb = snap8(s, c == TTL_NCRISC ? TTFW_SLAVE_SYNC_DM1 :
                                  TTFW_SLAVE_SYNC_TRISC(c - TTL_TRISC0));

            g_string_append_printf(out, "; run byte 0x%02x (%s)", rb,
                                   ttl_sync_name(rb));
        }
        if (snap32(s, TTFW_FAULT(c)) == TTFW_FAULT_MAGIC) {
            uint32_t mepc = snap32(s, TTFW_FAULT(c) + 8);

            g_string_append_printf(out, "; FAULT: %s (mcause %u) at pc "
                                   "0x%08x",
                                   ttl_mcause_name(snap32(s, TTFW_FAULT(c) +
                                                             4)),
                                   snap32(s, TTFW_FAULT(c) + 4), mepc);
            ttl_describe_pc(l, c, mepc, out);
            g_string_append_printf(out, ", mtval 0x%08x",
                                   snap32(s, TTFW_FAULT(c) + 12));
        } else if (with_pc && ttl_core_pc(l, t, c, &pc)) {
            g_string_append_printf(out, "; pc 0x%08x", pc);
            ttl_describe_pc(l, c, pc, out);
        }
    }
}

/* First faulted core of a snapshot, or -1 */
static int ttl_faulted_core(const TTLSnap *s)
{
    for (int c = 0; c < TTL_NUM_CORES; c++) {
        if (snap32(s, TTFW_FAULT(c)) == TTFW_FAULT_MAGIC) {
            return c;
        }
    }
    return -1;
}

/*
 * Poll every tile's go message until it says DONE.  @accept is the other
 * value it may hold meanwhile (INIT at boot, GO at a launch); anything
 * else is fatal, as in tt-metal.  Faults are reported at once.
 */
static bool ttl_wait_done(TTLaunch *l, uint8_t accept, const char *what)
{
    bool done[TTL_MAX_TILES] = { false };
    uint32_t remaining = l->ntiles;
    double t0 = ttl_now();
    gulong sleep_us = 20;

    while (remaining) {
        for (uint32_t i = 0; i < l->ntiles; i++) {
            const TTLTile *t = &l->tiles[i];
            TTLSnap s;
            uint8_t sig;
            int fc;

            if (done[i]) {
                continue;
            }
            ttl_snapshot(l, t, &s);
            sig = snap8(&s, TTFW_GO_MSG_SIGNAL);
            fc = ttl_faulted_core(&s);
            if (fc >= 0) {
                GString *d = g_string_new(NULL);

                ttl_describe_tile(l, t, &s, true, d);
                ttl_fail(l, "tile (%u,%u) %s: %s: the core faulted:%s",
                         t->x, t->y, ttl_core_name[fc], what, d->str);
                g_string_free(d, true);
                return false;
            }
            if (sig == TTFW_RUN_MSG_DONE) {
                done[i] = true;
                remaining--;
            } else if (sig != accept) {
                GString *d = g_string_new(NULL);

                ttl_describe_tile(l, t, &s, true, d);
                ttl_fail(l, "tile (%u,%u): %s: go_message.signal is 0x%02x "
                         "(%s), expected 0x%02x or DONE:%s", t->x, t->y,
                         what, sig, ttl_signal_name(sig), accept, d->str);
                g_string_free(d, true);
                return false;
            }
        }
        if (!remaining) {
            break;
        }
        if (ttl_now() - t0 > l->timeout_s) {
            GString *d = g_string_new(NULL);

            for (uint32_t i = 0; i < l->ntiles; i++) {
                TTLSnap s;

                if (done[i]) {
                    continue;
                }
                ttl_snapshot(l, &l->tiles[i], &s);
                g_string_append_printf(d, "\n tile (%u,%u):", l->tiles[i].x,
                                       l->tiles[i].y);
                ttl_describe_tile(l, &l->tiles[i], &s, true, d);
            }
            ttl_fail(l, "%s: no DONE after %.1f s from %u tile%s:%s", what,
                     l->timeout_s, remaining, remaining > 1 ? "s" : "",
                     d->str);
            g_string_free(d, true);
            return false;
        }
        g_usleep(sleep_us);
        sleep_us = MIN(sleep_us * 2, 1000);
    }
    return true;
}

/* ---------------------------------------------------------------------- */
/* Boot                                                                   */
/* ---------------------------------------------------------------------- */

static bool ttl_set_tiles(TTLaunch *l, const TTLTile *tiles, uint32_t n)
{
    if (n > TTL_MAX_TILES) {
        return ttl_fail(l, "too many tiles (%u, at most %u)", n,
                        TTL_MAX_TILES);
    }
    for (uint32_t i = 0; i < n; i++) {
        if (!ttl_check_tile(l, tiles[i].x, tiles[i].y, "--tile")) {
            return false;
        }
        for (uint32_t j = 0; j < i; j++) {
            if (tiles[j].x == tiles[i].x && tiles[j].y == tiles[i].y) {
                return ttl_fail(l, "tile (%u,%u) given twice", tiles[i].x,
                                tiles[i].y);
            }
        }
        l->tiles[i] = tiles[i];
    }
    l->ntiles = n;
    return true;
}

/* core_info_msg_t (boot-and-launch.md section 5.4) */
static void ttl_core_info(TTLaunch *l, uint8_t *ci)
{
    const TTLArch *a = l->arch;
    uint32_t n = 0;

    memset(ci, 0, TTFW_CORE_INFO_SIZE);
    stq_le_p(ci + TTFW_CI_NOC_PCIE_BASE, a->pcie_base);
    stq_le_p(ci + TTFW_CI_NOC_PCIE_END, a->pcie_base + (4ull << 30));
    stq_le_p(ci + TTFW_CI_NOC_DRAM_BASE, 0);
    stq_le_p(ci + TTFW_CI_NOC_DRAM_END, a->dram_ch_size);
    for (uint32_t i = 0; i < TTFW_CI_NUM_NON_WORKER; i++) {
        uint8_t *e = ci + TTFW_CI_NON_WORKER + 3 * i;

        e[0] = e[1] = 0xFF;
        e[2] = TTFW_CORE_TYPE_UNKNOWN;
    }
    for (uint32_t i = 0; i < TTFW_CI_NUM_VIRT_NON_WORKER; i++) {
        uint8_t *e = ci + TTFW_CI_VIRT_NON_WORKER + 3 * i;

        e[0] = e[1] = 0xFF;
        e[2] = TTFW_CORE_TYPE_UNKNOWN;
    }
    if (l->full_chip) {
        for (uint32_t ch = 0; ch < a->num_dram_ch; ch++) {
            uint8_t *e = ci + TTFW_CI_NON_WORKER + 3 * n++;

            e[0] = a->dram_xy[ch][0];
            e[1] = a->dram_xy[ch][1];
            e[2] = TTFW_CORE_TYPE_DRAM;
        }
    }
    ci[TTFW_CI_HARVESTED_Y] = ci[TTFW_CI_HARVESTED_Y + 1] = 0xFF;
    ci[TTFW_CI_VIRT_HARVESTED_Y] = ci[TTFW_CI_VIRT_HARVESTED_Y + 1] = 0xFF;
    ci[TTFW_CI_NOC_SIZE_X] = l->noc_w;
    ci[TTFW_CI_NOC_SIZE_Y] = l->noc_h;
}

/* NoC-@noc XY encoding of NoC 0 (x, y) for the bank tables */
static uint16_t ttl_bank_xy(TTLaunch *l, int noc, uint32_t x, uint32_t y)
{
    if (noc) {
        x = (l->noc_w - 1 - x) & 0x3F;
        y = (l->noc_h - 1 - y) & 0x3F;
    }
    return l->arch->wh ? (y << 10) | (x << 4) : (y << 6) | x;
}

/* The bank tables at MEM_BANK_TO_NOC_SCRATCH, for tile @t */
static void ttl_bank_tables(TTLaunch *l, const TTLTile *t, GByteArray *b)
{
    const TTLArch *a = l->arch;
    uint8_t w[4];

    for (int noc = 0; noc < 2; noc++) {
        for (uint32_t bank = 0; bank < a->num_dram_banks; bank++) {
            uint32_t ch;
            uint64_t off;

            ttl_dram_bank(a, bank, &ch, &off);
            stw_le_p(w, ttl_bank_xy(l, noc, a->dram_xy[ch][0],
                                    a->dram_xy[ch][1]));
            g_byte_array_append(b, w, 2);
        }
    }
    for (int noc = 0; noc < 2; noc++) {
        stw_le_p(w, ttl_bank_xy(l, noc, t->x, t->y));
        g_byte_array_append(b, w, 2);
    }
    for (uint32_t bank = 0; bank < a->num_dram_banks; bank++) {
        uint32_t ch;
        uint64_t off;

        ttl_dram_bank(a, bank, &ch, &off);
        stl_le_p(w, (uint32_t)off);
        g_byte_array_append(b, w, 4);
    }
    stl_le_p(w, 0);                 /* bank_to_l1_offset[0] */
    g_byte_array_append(b, w, 4);
}

/*
 * Where a firmware segment goes in L1 (tt-metal's host loader); false
 * with an error naming the tile, core and address if it fits nowhere.
 * @iram_end: the end of Wormhole NCRISC IRAM segments, updated.
 */
static bool ttl_fw_dest(TTLaunch *l, const TTLTile *t, int c,
                        const TTLElf *e, const TTLSeg *s, uint32_t *dst,
                        uint32_t *iram_end)
{
    const TTLArch *a = l->arch;
    uint32_t v = s->vaddr, end = s->vaddr + s->memsz;

    if (v >= TTFW_MEM_LOCAL_BASE && v < TTFW_MEM_LOCAL_BASE + 0x10000) {
        if (end > TTFW_MEM_LOCAL_BASE + a->local_size[c]) {
            return ttl_fail(l, "tile (%u,%u) %s firmware '%s': local-RAM "
                            "segment [0x%08x, 0x%08x) does not fit the "
                            "%s's %u KiB of local RAM", t->x, t->y,
                            ttl_core_name[c], e->path, v, end,
                            ttl_core_name[c], a->local_size[c] / 1024);
        }
        *dst = a->scratch[c] + (v - TTFW_MEM_LOCAL_BASE);
        return true;
    }
    if (a->wh && c == TTL_NCRISC && v >= TTFW_MEM_NCRISC_IRAM_BASE &&
        v < TTFW_MEM_NCRISC_IRAM_BASE + TTFW_MEM_NCRISC_IRAM_SIZE) {
        if (end > TTFW_MEM_NCRISC_IRAM_BASE + TTFW_MEM_NCRISC_FW_SIZE) {
            return ttl_fail(l, "tile (%u,%u) NCRISC firmware '%s': IRAM "
                            "segment [0x%08x, 0x%08x) goes past the %u-byte "
                            "firmware area (kernels follow it)", t->x, t->y,
                            e->path, v, end, TTFW_MEM_NCRISC_FW_SIZE);
        }
        *dst = TTFW_WH_NCRISC_IRAM_STAGING + (v - TTFW_MEM_NCRISC_IRAM_BASE);
        *iram_end = MAX(*iram_end, end - TTFW_MEM_NCRISC_IRAM_BASE);
        return true;
    }
    if (v < a->fw_base[c] || end > a->fw_base[c] + a->fw_size[c]) {
        return ttl_fail(l, "tile (%u,%u) %s firmware '%s': segment "
                        "[0x%08x, 0x%08x) is outside the %s firmware area "
                        "[0x%08x, 0x%08x) and outside its local RAM "
                        "(0xFFB00000)%s", t->x, t->y, ttl_core_name[c],
                        e->path, v, end, ttl_core_name[c], a->fw_base[c],
                        a->fw_base[c] + a->fw_size[c],
                        a->wh && c == TTL_NCRISC ? " and IRAM (0xFFC00000)"
                                                 : "");
    }
    *dst = v;
    return true;
}

/* Blackhole NIU configuration: NIU_CFG_0 (NOC_CFG(0)) of NoC n, bit 14 */
#define TTM_NIU_CFG_0(noc)      (0xFFB20100 + 0x10000 * (noc))
#define TTM_NIU_CFG_0_TRANSLATE (1u << 14)
/* NOC_X/Y_ID_TRANSLATE_TABLE_0 (NOC_CFG(6), NOC_CFG(0xC)): 5-bit entries */
#define TTM_NIU_X_TABLE(noc)    (TTM_NIU_CFG_0(noc) + 4 * 0x6)
#define TTM_NIU_Y_TABLE(noc)    (TTM_NIU_CFG_0(noc) + 4 * 0xC)
#define TTM_XLAT_WORDS          6
#define TTM_XLAT_PER_WORD       6

/*
 * Boot the firmware in @fwdir ({brisc,ncrisc,trisc0,trisc1,trisc2}.elf)
 * on every tile of @tiles (Device::initialize_and_launch_firmware).
 */
static bool ttl_boot(TTLaunch *l, const char *fwdir, const TTLTile *tiles,
                     uint32_t ntiles)
{
    const TTLArch *a = l->arch;
    TTLElf fw[TTL_NUM_CORES];
    bool ok = false;
    double t0 = ttl_now();

    memset(fw, 0, sizeof(fw));
    if (!ttl_set_tiles(l, tiles, ntiles)) {
        return false;
    }
    for (int c = 0; c < TTL_NUM_CORES; c++) {
        g_autofree char *p = g_strdup_printf("%s/%s.elf", fwdir,
                                             ttl_proc_name[c]);
        g_autofree char *what = g_strdup_printf("%s firmware",
                                                ttl_core_name[c]);

        if (!ttl_elf_open(l, p, what, &fw[c])) {
            goto out;
        }
        if (fw[c].entry != a->fw_base[c]) {
            ttl_fail(l, "%s firmware '%s': entry point 0x%08x, but the %s "
                     "starts at its firmware base 0x%08x (%s Dec-2024 "
                     "layout)", ttl_core_name[c], p, fw[c].entry,
                     ttl_core_name[c], a->fw_base[c], a->name);
            goto out;
        }
    }

    for (uint32_t i = 0; i < l->ntiles; i++) {
        const TTLTile *t = &l->tiles[i];
        uint8_t ci[TTFW_CORE_INFO_SIZE], msg[TTFW_LAUNCH_MSG_SIZE];
        g_autoptr(GByteArray) banks = g_byte_array_new();
        uint32_t iram_end = 0;

        /* 1. all cores held */
        ttl_w32(l, t->x, t->y, TTFW_SOFT_RESET_0, TTFW_SOFT_RESET_ALL_HELD);
        /* 2. core_info, 3. bank tables, 4. jump word */
        ttl_core_info(l, ci);
        ttl_write(l, t->x, t->y, TTFW_CORE_INFO, ci, sizeof(ci));
        /*
         * Blackhole's ARC tables move DRAM and the other kinds of tile;
         * Wormhole's firmware tables keep 0..15 raw (translation adds
         * coordinates 16..), so physical ones still reach their tiles
         */
        if (i == 0 && !a->wh &&
            ((ttl_r32(l, t->x, t->y, TTM_NIU_CFG_0(0)) |
              ttl_r32(l, t->x, t->y, TTM_NIU_CFG_0(1))) &
             TTM_NIU_CFG_0_TRANSLATE)) {
            ttl_fail(l, "tile (%u,%u): NoC coordinate translation is on "
                     "(NIU_CFG_0 bit 14): the Dec-2024 layout writes "
                     "physical coordinates (start Blackhole soc=full with "
                     "noc-translation=off)", t->x, t->y);
            goto out;
        }
        ttl_bank_tables(l, t, banks);
        ttl_write(l, t->x, t->y, a->bank_scratch, banks->data, banks->len);
        ttl_w32(l, t->x, t->y, 0, TTFW_JUMP_WORD);
        /* 5. firmware images; no stale debug records */
        ttl_zero(l, t->x, t->y, TTFW_WATCHER, TTFW_DPRINT_BUF - TTFW_WATCHER);
        for (int c = 0; c < TTL_NUM_CORES; c++) {
            for (int j = 0; j < fw[c].nseg; j++) {
                const TTLSeg *s = &fw[c].seg[j];
                uint32_t dst;

                if (!ttl_fw_dest(l, t, c, &fw[c], s, &dst, &iram_end)) {
                    goto out;
                }
                ttl_write(l, t->x, t->y, dst, s->data, s->filesz);
                if (dst == s->vaddr) {
                    /* .bss of an L1 segment; local RAM: crt0 zeroes it */
                    ttl_zero(l, t->x, t->y, dst + s->filesz,
                             s->memsz - s->filesz);
                }
            }
        }
        if (a->wh && !iram_end) {
            ttl_fail(l, "NCRISC firmware '%s' has no IRAM (0xFFC00000) "
                     "segment: Wormhole NCRISC runs from IRAM",
                     fw[TTL_NCRISC].path);
            goto out;
        }
        /* 6. launch ring: mode HOST, NCRISC firmware size */
        memset(msg, 0, sizeof(msg));
        msg[TTFW_KC_MODE] = TTFW_DISPATCH_MODE_HOST;
        stw_le_p(msg + TTFW_KC_NCRISC_KERNEL_SIZE16, (iram_end + 15) / 16);
        for (uint32_t m = 0; m < TTFW_LAUNCH_MSG_ENTRIES; m++) {
            ttl_write(l, t->x, t->y, TTFW_LAUNCH_MSG(m), msg, sizeof(msg));
        }
        /* 7. go message INIT, read pointer 0 */
        ttl_w32(l, t->x, t->y, TTFW_GO_MSG, (uint32_t)TTFW_RUN_MSG_INIT << 24);
        ttl_w32(l, t->x, t->y, TTFW_LAUNCH_MSG_RD_PTR, 0);
        ttl_w32(l, t->x, t->y, TTFW_SLAVE_SYNC, 0);
    }
    /* 8. L1 barrier, then release BRISC only */
    for (uint32_t i = 0; i < l->ntiles; i++) {
        const TTLTile *t = &l->tiles[i];

        ttl_w32(l, t->x, t->y, TTFW_MEM_L1_BARRIER, 0xBA77);
        (void)ttl_r32(l, t->x, t->y, TTFW_MEM_L1_BARRIER);
        ttl_w32(l, t->x, t->y, TTFW_SOFT_RESET_0, TTFW_SOFT_RESET_BRISC_RUN);
    }
    /* 9. wait for DONE */
    ok = ttl_wait_done(l, TTFW_RUN_MSG_INIT, "firmware boot");
out:
    for (int c = 0; c < TTL_NUM_CORES; c++) {
        ttl_elf_free(&fw[c]);
    }
    l->t_boot = ttl_now() - t0;
    return ok;
}

/* ---------------------------------------------------------------------- */
/* tt-metal's 2026 Blackhole firmware (--layout metal-2026)               */
/* ---------------------------------------------------------------------- */

/*
 * tt-metal's own Blackhole firmware as built in January 2026 (e.g.
 * ../shared/firmware/blackhole-p100a, README.md there): the layout and
 * the host's upload sequence of a P100A, per worker tile; the mailbox
 * structures as the firmware's DWARF declares them (docs/launcher.md,
 * "The launch protocol of the 2026 firmware").
 */
#define TTM_SYNC                0x68        /* NCRISC TRISC0 TRISC1 TRISC2 */
#define TTM_LAUNCH_RD_PTR       0x6c
#define TTM_LAUNCH(i)           (0x70 + 96 * (i))   /* launch_msg_t[8] */
#define TTM_LAUNCH_SIZE         96
#define TTM_GO_MSG              0x370       /* go_messages[0] */
#define TTM_GO_SIGNAL           0x373
#define TTM_GO_MSG_INDEX        0x3a0
#define TTM_RUN_MSG_INIT        0x40
#define TTM_RUN_MSG_GO          0x80
#define TTM_RUN_MSG_DONE        0x00
/* kernel_config_msg_t (launch_msg_t) offsets */
#define TTM_KC_CONFIG_BASE(t)   (0x00 + 4 * (t))    /* u32 x3, core type */
#define TTM_KC_SEM_OFFSET(t)    (0x0c + 2 * (t))    /* u16 x3 */
#define TTM_KC_LOCAL_CB_OFFSET  0x12                /* u16 */
#define TTM_KC_REMOTE_CB_OFFSET 0x14                /* u16 */
#define TTM_KC_RTA_OFFSET(p)    (0x16 + 4 * (p))    /* u16, per processor */
#define TTM_KC_CRTA_OFFSET(p)   (0x18 + 4 * (p))    /* u16 */
#define TTM_KC_MODE             0x2a
#define TTM_KC_TEXT_OFFSET(p)   (0x2c + 4 * (p))    /* u32 x5 */
#define TTM_KC_LOCAL_CB_MASK    0x40                /* u32 */
#define TTM_KC_BRISC_NOC_ID     0x44
#define TTM_KC_BRISC_NOC_MODE   0x45
#define TTM_KC_MIN_REMOTE_CB    0x46
#define TTM_KC_HOST_ID          0x48                /* u32 */
#define TTM_KC_ENABLES          0x4c                /* u32 */
#define TTM_DISPATCH_MODE_HOST  1
#define TTM_NUM_CBS             32
/*
 * The kernel-config ring of a slow-dispatch launch: kernel_config_base =
 * MEM_MAP_END (0x82b0, where BRISC's local-RAM image is staged at the
 * upload and which the firmware has consumed once ready); the
 * configuration (ttfw_layout.h's TTFW_KCFG_* offsets), then the kernels,
 * up to the bank tables.
 */
#define TTM_KCFG_BASE           0x82b0
#define TTM_KERNEL_AREA         (TTM_KCFG_BASE + TTFW_KCFG_SIZE)
#define TTM_RING_END            0x112b0
#define TTM_L1_FREE             0x11ad0     /* after the logical maps */
#define TTM_BANK_TABLES         0x112b0     /* MEM_BANK_TO_NOC_SCRATCH */
#define TTM_LOGICAL_TO_VIRTUAL  0x11ab0     /* MEM_LOGICAL_TO_VIRTUAL_... */
#define TTM_NUM_DRAM_BANKS      7           /* P100A: one channel harvested */
#define TTM_NUM_L1_BANKS        110
#define TTM_MAX_LOGICAL_COLS    20          /* the firmware's array sizes */
#define TTM_MAX_LOGICAL_ROWS    12
#define TTM_L1_BANK_COLS        11          /* logical columns of L1 banks */
#define TTM_RESET_PC_TRISC0     0xFFB12228  /* TRISC1 +4, TRISC2 +8 */
#define TTM_RESET_PC_NCRISC     0xFFB12238
#define TTM_ARC_X               8
#define TTM_ARC_Y               0
#define TTM_ARC_BOOT_STATUS     0x80030408ull   /* SCRATCH_RAM_2 */

static const uint32_t ttm_fw_base[TTL_NUM_CORES] = {
    0x3840, 0x5440, 0x5a40, 0x6040, 0x6640,
};
static const uint32_t ttm_fw_size[TTL_NUM_CORES] = {
    0x1c00, 0x600, 0x600, 0x600, 0x600,
};
/* Where the host stages each core's local-RAM image */
static const uint32_t ttm_scratch[TTL_NUM_CORES] = {
    0x82b0, 0xa2b0, 0xc2b0, 0xd2b0, 0xe2b0,
};

/* "jal x0, @target" at address 0 */
static uint32_t ttm_jal(uint32_t target)
{
    return (((target >> 20) & 1) << 31) | (((target >> 1) & 0x3FF) << 21) |
           (((target >> 11) & 1) << 20) | (((target >> 12) & 0xFF) << 12) |
           0x6F;
}

/*
 * NoC-@noc coordinates (y << 6 | x) of the tile at NoC 0 (x, y), a DRAM
 * port if @dram, else a Tensix worker.
 *
 * Physical when NoC @noc does not translate: NoC 1 mirrors over the whole
 * chip (README: x' = 16 - x, y' = 11 - y), also in a grid smaller than
 * the chip.
 *
 * Translated when it does (NIU_CFG_0 bit 14), as tt-metal writes them:
 * the pre-translation coordinates of tt-umd's translated ranges (Tensix
 * x 1-16, y 2-11; DRAM x 17-18, y 12-23) that NoC @noc's tables (read
 * from the first tile) take to the tile.  The ARC's NoC 1 tables mirror
 * NoC 0's, so both NoCs get the same numbers.  A tile no such coordinate
 * reaches sets xlat_missing.
 */
static uint16_t ttm_xy(TTLaunch *l, int noc, uint32_t x, uint32_t y,
                       bool dram)
{
    uint32_t x0 = dram ? 17 : 1, x1 = dram ? 18 : 16;
    uint32_t y0 = dram ? 12 : 2, y1 = dram ? 23 : 11;
    uint32_t tx = UINT32_MAX, ty = UINT32_MAX;

    if (noc) {
        x = l->arch->chip_w - 1 - x;
        y = l->arch->chip_h - 1 - y;
    }
    if (!l->xlat[noc]) {
        return (y << 6) | x;
    }
    for (uint32_t i = x0; i <= x1 && tx == UINT32_MAX; i++) {
        if (l->xlat_x[noc][i] == x) {
            tx = i;
        }
    }
    for (uint32_t i = y0; i <= y1 && ty == UINT32_MAX; i++) {
        if (l->xlat_y[noc][i] == y) {
            ty = i;
        }
    }
    if (tx == UINT32_MAX || ty == UINT32_MAX) {
        l->xlat_missing = true;
        return (y << 6) | x;
    }
    return (ty << 6) | tx;
}

/*
 * The bank-to-NoC tables of a P100A (MEM_BANK_TO_NOC_SCRATCH):
 * uint16 dram_bank_to_noc_xy[2][7], uint16 l1_bank_to_noc_xy[2][110],
 * int32 bank_to_dram_offset[7], int32 bank_to_l1_offset[110]; then
 * (MEM_LOGICAL_TO_VIRTUAL_SCRATCH) uint8 worker_logical_col_to_virtual_col
 * [20], uint8 worker_logical_row_to_virtual_row[12].
 *
 * DRAM bank b: channel b (0-6; channel 7 is the harvested one) at its
 * port 1, offset 0.  L1 bank b: the worker at logical column b % 11, row
 * b / 11 (the chip's first 11 worker columns: x 1-7, 10-13; rows
 * 2-11), offset 0.
 * Coordinates: ttm_xy() (translated when the NoC translates, as after
 * the ARC's boot on a Blackhole soc=full; physical otherwise).
 */
static void ttm_bank_tables(TTLaunch *l, GByteArray *b, GByteArray *lv)
{
    const TTLArch *a = l->arch;
    /* the worker columns of a Blackhole chip (soc=full), NoC 0 */
    static const uint8_t col[] = { 1, 2, 3, 4, 5, 6, 7, 10, 11, 12, 13, 14,
                                   15, 16 };
    const uint32_t ncol = ARRAY_SIZE(col);
    uint8_t w[4];

    for (int noc = 0; noc < 2; noc++) {
        for (uint32_t bank = 0; bank < TTM_NUM_DRAM_BANKS; bank++) {
            stw_le_p(w, ttm_xy(l, noc, a->dram_xy[bank][0],
                               a->dram_xy[bank][1], true));
            g_byte_array_append(b, w, 2);
        }
    }
    for (int noc = 0; noc < 2; noc++) {
        for (uint32_t bank = 0; bank < TTM_NUM_L1_BANKS; bank++) {
            uint32_t c = bank % TTM_L1_BANK_COLS;

            stw_le_p(w, ttm_xy(l, noc, col[c],
                               a->first_y + bank / TTM_L1_BANK_COLS, false));
            g_byte_array_append(b, w, 2);
        }
    }
    memset(w, 0, sizeof(w));
    for (uint32_t bank = 0; bank < TTM_NUM_DRAM_BANKS + TTM_NUM_L1_BANKS;
         bank++) {
        g_byte_array_append(b, w, 4);
    }
    /* virtual = NoC 0 coordinates, translated when NoC 0 translates */
    for (uint32_t i = 0; i < TTM_MAX_LOGICAL_COLS; i++) {
        w[0] = i < ncol ? ttm_xy(l, 0, col[i], a->first_y, false) & 0x3F
                        : 0;
        g_byte_array_append(lv, w, 1);
    }
    for (uint32_t i = 0; i < TTM_MAX_LOGICAL_ROWS; i++) {
        w[0] = i < a->chip_h - a->first_y
               ? ttm_xy(l, 0, col[0], a->first_y + i, false) >> 6 : 0;
        g_byte_array_append(lv, w, 1);
    }
}

/* Where a firmware segment goes in L1; false (and why) if nowhere */
static bool ttm_fw_dest(TTLaunch *l, int c, const TTLElf *e,
                        const TTLSeg *s, uint32_t *dst)
{
    uint32_t v = s->vaddr, end = s->vaddr + s->memsz;
    uint32_t local = c <= TTL_NCRISC ? TTFW_BH_LOCAL_SIZE_BNC
                                     : TTFW_BH_LOCAL_SIZE_T;

    if (v >= TTFW_MEM_LOCAL_BASE && v < TTFW_MEM_LOCAL_BASE + 0x10000) {
        if (end > TTFW_MEM_LOCAL_BASE + local) {
            return ttl_fail(l, "%s firmware '%s': local-RAM segment "
                            "[0x%08x, 0x%08x) does not fit the %s's %u KiB "
                            "of local RAM", ttl_core_name[c], e->path, v,
                            end, ttl_core_name[c], local / 1024);
        }
        *dst = ttm_scratch[c] + (v - TTFW_MEM_LOCAL_BASE);
        return true;
    }
    if (v < ttm_fw_base[c] || end > ttm_fw_base[c] + ttm_fw_size[c]) {
        return ttl_fail(l, "%s firmware '%s': segment [0x%08x, 0x%08x) is "
                        "outside the %s firmware area [0x%08x, 0x%08x) of "
                        "the metal-2026 layout and outside its local RAM "
                        "(0xFFB00000)", ttl_core_name[c], e->path, v, end,
                        ttl_core_name[c], ttm_fw_base[c],
                        ttm_fw_base[c] + ttm_fw_size[c]);
    }
    *dst = v;
    return true;
}

/*
 * ELF @e's symbol table: @n symbols at *@syms, names in *@str (@strsz
 * bytes); false if it has none (or a malformed one).
 */
static bool ttl_elf_symtab(const TTLElf *e, const Elf32_Sym **syms,
                           uint32_t *n, const char **str, uint32_t *strsz)
{
    const Elf32_Ehdr *eh = (const Elf32_Ehdr *)e->buf;
    uint32_t shoff, shnum;

    if (!e->buf) {
        return false;
    }
    shoff = le32_to_cpu(eh->e_shoff);
    shnum = le16_to_cpu(eh->e_shnum);
    if (!shoff || le16_to_cpu(eh->e_shentsize) != sizeof(Elf32_Shdr) ||
        (uint64_t)shoff + (uint64_t)shnum * sizeof(Elf32_Shdr) > e->len) {
        return false;
    }
    for (uint32_t i = 0; i < shnum; i++) {
        const Elf32_Shdr *sh = (const Elf32_Shdr *)(e->buf + shoff) + i;
        const Elf32_Shdr *st;
        uint32_t so, ss, link = le32_to_cpu(sh->sh_link);

        if (le32_to_cpu(sh->sh_type) != SHT_SYMTAB || link >= shnum) {
            continue;
        }
        st = (const Elf32_Shdr *)(e->buf + shoff) + link;
        so = le32_to_cpu(st->sh_offset);
        ss = le32_to_cpu(st->sh_size);
        *n = le32_to_cpu(sh->sh_size) / sizeof(Elf32_Sym);
        if ((uint64_t)so + ss > e->len ||
            (uint64_t)le32_to_cpu(sh->sh_offset) +
            (uint64_t)*n * sizeof(Elf32_Sym) > e->len) {
            return false;
        }
        *syms = (const Elf32_Sym *)(e->buf + le32_to_cpu(sh->sh_offset));
        *str = (const char *)e->buf + so;
        *strsz = ss;
        return true;
    }
    return false;
}

/* The name of symbol @sym, or NULL if outside the string table */
static const char *ttl_sym_name(const Elf32_Sym *sym, const char *str,
                                uint32_t strsz)
{
    uint32_t name = le32_to_cpu(sym->st_name);

    return name < strsz && memchr(str + name, 0, strsz - name) ?
           str + name : NULL;
}

/* The function of ELF @e holding @addr (its symbol table), or NULL */
static const char *ttl_elf_func(const TTLElf *e, uint32_t addr,
                                uint32_t *off)
{
    const Elf32_Sym *syms;
    const char *str;
    uint32_t n, strsz;

    if (!ttl_elf_symtab(e, &syms, &n, &str, &strsz)) {
        return NULL;
    }
    for (uint32_t j = 0; j < n; j++) {
        uint32_t v = le32_to_cpu(syms[j].st_value);
        uint32_t sz = le32_to_cpu(syms[j].st_size);
        const char *name = ttl_sym_name(&syms[j], str, strsz);

        if (ELF32_ST_TYPE(syms[j].st_info) == STT_FUNC && addr >= v &&
            addr - v < sz && name) {
            *off = addr - v;
            return name;
        }
    }
    return NULL;
}

/* The value of ELF @e's symbol @want; false if it has none */
static bool ttl_elf_sym(const TTLElf *e, const char *want, uint32_t *value)
{
    const Elf32_Sym *syms;
    const char *str;
    uint32_t n, strsz;

    if (!ttl_elf_symtab(e, &syms, &n, &str, &strsz)) {
        return false;
    }
    for (uint32_t j = 0; j < n; j++) {
        const char *name = ttl_sym_name(&syms[j], str, strsz);

        if (name && !strcmp(name, want) &&
            le16_to_cpu(syms[j].st_shndx) != SHN_UNDEF) {
            *value = le32_to_cpu(syms[j].st_value);
            return true;
        }
    }
    return false;
}

/* The cpu-index of each core of tile @t (-1: not found) */
static void ttl_tile_cpus(TTLaunch *l, const TTLTile *t, int64_t *idx)
{
    QDict *resp = qtest_qmp(l->qts, "{'execute': 'query-cpus-fast'}");
    QList *list = qdict_get_qlist(resp, "return");
    QListEntry *e;

    for (int c = 0; c < TTL_NUM_CORES; c++) {
        idx[c] = -1;
    }
    QLIST_FOREACH_ENTRY(list, e) {
        QDict *cpu = qobject_to(QDict, qlist_entry_obj(e));
        const char *path = qdict_get_str(cpu, "qom-path");

        for (int c = 0; c < TTL_NUM_CORES; c++) {
            g_autofree char *want = g_strdup_printf(
                "/machine/tile[%u,%u]/%s/cpu", t->x, t->y, ttl_proc_name[c]);

            if (!strcmp(path, want)) {
                idx[c] = qdict_get_int(cpu, "cpu-index");
            }
        }
    }
    qobject_unref(resp);
}

/* PC of the vCPU @idx, from QEMU's monitor; false if unknown */
static bool ttl_cpu_pc(TTLaunch *l, int64_t idx, uint32_t *pc)
{
    QDict *hmp;
    const char *regs, *p;
    bool found = false;

    if (idx < 0) {
        return false;
    }
    hmp = qtest_qmp(l->qts, "{'execute': 'human-monitor-command', "
                    "'arguments': {'command-line': 'info registers', "
                    "'cpu-index': %" PRId64 "}}", idx);
    regs = qdict_get_try_str(hmp, "return");
    p = regs ? strstr(regs, " pc ") : NULL;
    if (p) {
        *pc = g_ascii_strtoull(p + 4, NULL, 16);
        found = true;
    }
    qobject_unref(hmp);
    return found;
}

#define TTM_MARKER_WORDS        14          /* the marker kernel's code */

/*
 * ", brisc firmware main+0x478" for @pc of core @c, if in its firmware;
 * ", kernel 'k.elf' kernel+0x8" or ", marker kernel + 0x20" if in the
 * core's kernel of the last launch.
 */
static void ttm_describe_pc(TTLaunch *l, int c, uint32_t pc, GString *out)
{
    uint32_t off;
    const char *fn = ttl_elf_func(&l->fw[c], pc, &off);
    const TTLElf *k = &l->kelf[c];

    if (fn) {
        g_string_append_printf(out, ", %s firmware %s+0x%x",
                               ttl_proc_name[c], fn, off);
        return;
    }
    if (pc >= ttm_fw_base[c] && pc < ttm_fw_base[c] + ttm_fw_size[c]) {
        g_string_append_printf(out, ", %s firmware + 0x%x", ttl_proc_name[c],
                               pc - ttm_fw_base[c]);
        return;
    }
    if (c == TTL_BRISC && l->marker && pc >= l->marker_code &&
        pc < l->marker_code + 4 * TTM_MARKER_WORDS) {
        g_string_append_printf(out, ", marker kernel + 0x%x",
                               pc - l->marker_code);
        return;
    }
    for (int i = 0; k->path && i < k->nseg; i++) {
        if (pc >= k->seg[i].vaddr && pc - k->seg[i].vaddr < k->seg[i].memsz) {
            fn = ttl_elf_func(k, pc, &off);
            if (fn) {
                g_string_append_printf(out, ", kernel '%s' %s+0x%x", k->path,
                                       fn, off);
            } else {
                g_string_append_printf(out, ", kernel '%s' + 0x%x", k->path,
                                       pc - k->entry);
            }
            return;
        }
    }
}

/* The core a line of the wait-state ("  NCRISC spinning ...") is about */
static int ttm_wait_line_core(const char *s)
{
    for (int c = 0; c < TTL_NUM_CORES; c++) {
        size_t n = strlen(ttl_core_name[c]);

        if (!strncmp(s, ttl_core_name[c], n) && s[n] == ' ') {
            return c;
        }
    }
    return -1;
}

/*
 * What tile @t's cores are doing: the go signal, the sync word, and the
 * model's wait-state of the tile (every core and Tensix thread), each
 * core's pc with its firmware function.  The pcs come from the
 * wait-state: QEMU's "info registers" shows a running core's pc as of
 * its last exit from translated code, which may be long ago.
 */
static void ttm_describe_tile(TTLaunch *l, const TTLTile *t, GString *out)
{
    uint32_t sync = ttl_r32(l, t->x, t->y, TTM_SYNC);
    uint8_t sig = ttl_r32(l, t->x, t->y, TTM_GO_MSG) >> 24;
    g_autofree char *path = g_strdup_printf("/machine/tile[%u,%u]", t->x,
                                            t->y);
    QDict *resp;

    g_string_append_printf(out, "\n tile (%u,%u): go signal (0x%x) 0x%02x "
                           "(%s), sync word (0x%x) %02x %02x %02x %02x "
                           "(NCRISC TRISC0 TRISC1 TRISC2)", t->x, t->y,
                           TTM_GO_SIGNAL, sig,
                           sig == TTM_RUN_MSG_INIT ? "INIT" :
                           sig == TTM_RUN_MSG_GO ? "GO" :
                           sig == TTM_RUN_MSG_DONE ? "DONE" : "?",
                           TTM_SYNC, sync & 0xFF, (sync >> 8) & 0xFF,
                           (sync >> 16) & 0xFF, sync >> 24);
    resp = qtest_qmp(l->qts, "{'execute': 'qom-get', 'arguments': "
                     "{'path': %s, 'property': 'wait-state'}}", path);
    if (qdict_haskey(resp, "return")) {
        g_auto(GStrv) lines = g_strsplit(qdict_get_str(resp, "return"),
                                         "\n", -1);

        /* lines[0] is "tile(x,y):" */
        for (int i = 1; lines[0] && lines[i]; i++) {
            const char *s = lines[i] + strspn(lines[i], " ");
            const char *p = g_strrstr(s, "(pc 0x");
            int c = ttm_wait_line_core(s);

            if (c >= 0 && p && g_str_has_suffix(p, ")")) {
                g_string_append_printf(out, "\n  %.*s", (int)(strlen(s) - 1),
                                       s);
                ttm_describe_pc(l, c, g_ascii_strtoull(p + 4, NULL, 16),
                                out);
                g_string_append_c(out, ')');
            } else if (*s) {
                g_string_append_printf(out, "\n  %s", s);
            }
        }
    } else {
        int64_t idx[TTL_NUM_CORES];

        ttl_tile_cpus(l, t, idx);
        for (int c = 0; c < TTL_NUM_CORES; c++) {
            uint32_t pc;

            g_string_append_printf(out, "\n  %-6s ", ttl_core_name[c]);
            if (!ttl_cpu_pc(l, idx[c], &pc)) {
                g_string_append(out, "pc unknown");
                continue;
            }
            g_string_append_printf(out, "(pc 0x%08x", pc);
            ttm_describe_pc(l, c, pc, out);
            g_string_append_c(out, ')');
        }
    }
    qobject_unref(resp);
}

/*
 * Tile @t at boot (@launch 0): 1 firmware ready (README: go DONE, sync
 * 00 {00,03} 00 00), 0 not yet (go INIT).  At launch @launch: 1 done (go
 * DONE), 0 running (GO).  -1: a go signal that is neither.
 */
static int ttm_tile_state(TTLaunch *l, const TTLTile *t, uint32_t launch)
{
    uint8_t sig = ttl_r32(l, t->x, t->y, TTM_GO_MSG) >> 24;
    uint32_t sync;
    uint8_t t0;

    if (sig == (launch ? TTM_RUN_MSG_GO : TTM_RUN_MSG_INIT)) {
        return 0;
    }
    if (sig != TTM_RUN_MSG_DONE) {
        return -1;
    }
    if (launch) {
        return 1;
    }
    sync = ttl_r32(l, t->x, t->y, TTM_SYNC);
    t0 = (sync >> 8) & 0xFF;
    return (sync & 0xFFFF00FF) == 0 && (t0 == 0 || t0 == 3);
}

/*
 * Wait until every booted tile is ready (@launch 0) or has finished
 * launch @launch (go DONE); the hang report otherwise.
 */
static bool ttm_wait(TTLaunch *l, uint32_t launch)
{
    bool done[TTL_MAX_TILES] = { false };
    uint32_t remaining = l->ntiles;
    double t0 = ttl_now(), t_shown = t0;
    gulong sleep_us = 20;
    g_autofree char *what = launch ? g_strdup_printf("launch %u", launch)
                                   : g_strdup("firmware boot");
    const char *state = launch ? "done" : "ready";

    for (;;) {
        for (uint32_t i = 0; i < l->ntiles; i++) {
            int st;

            if (done[i]) {
                continue;
            }
            st = ttm_tile_state(l, &l->tiles[i], launch);
            if (st < 0) {
                GString *d = g_string_new(NULL);

                ttm_describe_tile(l, &l->tiles[i], d);
                ttl_fail(l, "%s: tile (%u,%u): the go signal is neither %s "
                         "(0x%02x) nor DONE (0x00):%s", what, l->tiles[i].x,
                         l->tiles[i].y, launch ? "GO" : "INIT",
                         launch ? TTM_RUN_MSG_GO : TTM_RUN_MSG_INIT, d->str);
                g_string_free(d, true);
                return false;
            }
            if (st) {
                done[i] = true;
                remaining--;
            }
        }
        if (!remaining) {
            return true;
        }
        if (l->verbose && ttl_now() - t_shown >= 1) {
            t_shown = ttl_now();
            printf("%u of %u tiles %s after %.1f s\n",
                   l->ntiles - remaining, l->ntiles, state, t_shown - t0);
            fflush(stdout);
        }
        if (ttl_now() - t0 > l->timeout_s) {
            GString *list = g_string_new(NULL);
            GString *d = g_string_new(NULL);
            uint32_t shown = 0;

            for (uint32_t i = 0; i < l->ntiles; i++) {
                if (done[i]) {
                    continue;
                }
                g_string_append_printf(list, " (%u,%u)", l->tiles[i].x,
                                       l->tiles[i].y);
                if (shown++ < 4) {
                    ttm_describe_tile(l, &l->tiles[i], d);
                }
            }
            ttl_fail(l, "%s: %u of %u tile%s not %s after %.1f s:%s%s%s",
                     what, remaining, l->ntiles, l->ntiles > 1 ? "s" : "",
                     state, l->timeout_s, list->str, d->str,
                     shown > 4 ? "\n (the first 4 shown)" : "");
            g_string_free(list, true);
            g_string_free(d, true);
            return false;
        }
        g_usleep(sleep_us);
        sleep_us = MIN(sleep_us * 2, 1000);
    }
}

/*
 * Boot tt-metal's 2026 Blackhole firmware in @fwdir on @tiles with the
 * host's upload sequence (the firmware's README), then wait until every
 * tile is ready.
 */
static bool ttm_boot(TTLaunch *l, const char *fwdir, const TTLTile *tiles,
                     uint32_t ntiles)
{
    g_autoptr(GByteArray) banks = g_byte_array_new();
    g_autoptr(GByteArray) lv = g_byte_array_new();
    double t0 = ttl_now();

    if (l->arch->wh) {
        return ttl_fail(l, "--layout metal-2026: Blackhole firmware only "
                        "(use -m bh)");
    }
    if (!ttl_set_tiles(l, tiles, ntiles)) {
        return false;
    }
    for (int c = 0; c < TTL_NUM_CORES; c++) {
        g_autofree char *p = g_strdup_printf("%s/%s.elf", fwdir,
                                             ttl_proc_name[c]);
        g_autofree char *what = g_strdup_printf("%s firmware",
                                                ttl_core_name[c]);

        ttl_elf_free(&l->fw[c]);
        if (!ttl_elf_open(l, p, what, &l->fw[c])) {
            return false;
        }
        if (l->fw[c].entry != ttm_fw_base[c]) {
            return ttl_fail(l, "%s firmware '%s': entry point 0x%08x, but "
                            "the metal-2026 layout starts the %s at 0x%08x",
                            ttl_core_name[c], p, l->fw[c].entry,
                            ttl_core_name[c], ttm_fw_base[c]);
        }
        for (int j = 0; j < l->fw[c].nseg; j++) {
            uint32_t dst;

            if (!ttm_fw_dest(l, c, &l->fw[c], &l->fw[c].seg[j], &dst)) {
                return false;
            }
        }
    }
    /*
     * NoC translation (NIU_CFG_0 bit 14, as the first tile's NIUs have
     * it; on Blackhole silicon and soc=full the ARC firmware sets it at
     * boot): the bank tables get translated coordinates on a NoC that
     * translates, physical ones on one that does not (ttm_xy()).
     */
    l->xlat_missing = false;
    for (int noc = 0; noc < 2; noc++) {
        const TTLTile *t = &l->tiles[0];

        l->xlat[noc] = ttl_r32(l, t->x, t->y, TTM_NIU_CFG_0(noc)) &
                       TTM_NIU_CFG_0_TRANSLATE;
        for (uint32_t i = 0; l->xlat[noc] && i < TTM_XLAT_WORDS; i++) {
            uint32_t wx = ttl_r32(l, t->x, t->y, TTM_NIU_X_TABLE(noc) + 4 * i);
            uint32_t wy = ttl_r32(l, t->x, t->y, TTM_NIU_Y_TABLE(noc) + 4 * i);

            for (uint32_t e = 0; e < TTM_XLAT_PER_WORD; e++) {
                uint32_t idx = i * TTM_XLAT_PER_WORD + e;

                if (idx < 32) {
                    l->xlat_x[noc][idx] = (wx >> (5 * e)) & 31;
                    l->xlat_y[noc][idx] = (wy >> (5 * e)) & 31;
                }
            }
        }
        if (l->verbose) {
            printf("NoC %d coordinate translation (NIU_CFG_0 bit 14): %s\n",
                   noc, l->xlat[noc] ? "on: translated coordinates in the "
                   "bank tables" : "off: physical coordinates");
        }
    }
    if (l->full_chip) {
        l->arc_status = ttl_r32(l, TTM_ARC_X, TTM_ARC_Y,
                                TTM_ARC_BOOT_STATUS);
        if (l->verbose) {
            printf("ARC boot status (SCRATCH_RAM_2) 0x%x: %s\n",
                   l->arc_status, (l->arc_status & 7) == 5 ? "booted" :
                   "not booted (no ARC firmware in the model; not needed "
                   "to boot the tiles)");
        }
    }
    ttm_bank_tables(l, banks, lv);
    if (l->xlat_missing) {
        return ttl_fail(l, "NoC coordinate translation is on (NIU_CFG_0 bit "
                        "14) but the translation tables take no coordinate "
                        "of the translated Tensix (x 1-16, y 2-11) or DRAM "
                        "(x 17-18, y 12-23) ranges to a tile the bank "
                        "tables name");
    }

    for (uint32_t i = 0; i < l->ntiles; i++) {
        const TTLTile *t = &l->tiles[i];

        /* 1. all five cores held */
        ttl_w32(l, t->x, t->y, TTFW_SOFT_RESET_0, TTFW_SOFT_RESET_ALL_HELD);
        /* 2. every PT_LOAD segment, zero-filled; local RAM staged */
        for (int c = 0; c < TTL_NUM_CORES; c++) {
            for (int j = 0; j < l->fw[c].nseg; j++) {
                const TTLSeg *s = &l->fw[c].seg[j];
                uint32_t dst;

                ttm_fw_dest(l, c, &l->fw[c], s, &dst);
                ttl_write(l, t->x, t->y, dst, s->data, s->filesz);
                ttl_zero(l, t->x, t->y, dst + s->filesz,
                         s->memsz - s->filesz);
            }
        }
        /* 3. a JAL to the BRISC firmware at L1 0 */
        ttl_w32(l, t->x, t->y, 0, ttm_jal(ttm_fw_base[TTL_BRISC]));
        /* 4. go message RUN_MSG_INIT */
        ttl_w32(l, t->x, t->y, TTM_GO_MSG, (uint32_t)TTM_RUN_MSG_INIT << 24);
        /* 5. reset PCs */
        for (int c = TTL_TRISC0; c <= TTL_TRISC2; c++) {
            ttl_w32(l, t->x, t->y, TTM_RESET_PC_TRISC0 + 4 * (c - TTL_TRISC0),
                    ttm_fw_base[c]);
        }
        ttl_w32(l, t->x, t->y, TTM_RESET_PC_NCRISC, ttm_fw_base[TTL_NCRISC]);
        /* 6. bank tables (and the logical-to-virtual maps) */
        ttl_write(l, t->x, t->y, TTM_BANK_TABLES, banks->data, banks->len);
        ttl_write(l, t->x, t->y, TTM_LOGICAL_TO_VIRTUAL, lv->data, lv->len);
    }
    l->t_upload = ttl_now() - t0;
    t0 = ttl_now();
    /* 7. every tile has its image: flush, then release BRISC */
    for (uint32_t i = 0; i < l->ntiles; i++) {
        const TTLTile *t = &l->tiles[i];

        (void)ttl_r32(l, t->x, t->y, TTFW_SOFT_RESET_0);
        ttl_w32(l, t->x, t->y, TTFW_SOFT_RESET_0, TTFW_SOFT_RESET_BRISC_RUN);
    }
    if (!ttm_wait(l, 0)) {
        l->t_boot = ttl_now() - t0;
        return false;
    }
    l->t_boot = ttl_now() - t0;
    return true;
}

/* ---------------------------------------------------------------------- */
/* Launch                                                                 */
/* ---------------------------------------------------------------------- */

static const TTLSeg *ttl_seg_of(const TTLElf *e, uint32_t vaddr)
{
    for (int i = 0; i < e->nseg; i++) {
        if (vaddr >= e->seg[i].vaddr &&
            vaddr - e->seg[i].vaddr < e->seg[i].memsz) {
            return &e->seg[i];
        }
    }
    return NULL;
}

/*
 * Check kernel @c's ELF against the ring and compute its text offset
 * (LMA of the entry - kernel_config_base) and, for the Wormhole NCRISC,
 * the size of its IRAM text in 16-byte units.
 */
static bool ttl_kernel_place(TTLaunch *l, int c, const TTLElf *e,
                             uint32_t *text_off, uint32_t *size16)
{
    const TTLArch *a = l->arch;
    uint32_t lo = a->kcfg_base + TTFW_KCFG_SIZE;
    uint32_t hi = a->kcfg_base + TTFW_KERNEL_RING_SIZE;
    const TTLSeg *ts = ttl_seg_of(e, e->entry);
    bool iram = a->wh && c == TTL_NCRISC;

    if (!ts) {
        return ttl_fail(l, "%s kernel '%s': entry point 0x%08x is in no "
                        "loadable segment", ttl_core_name[c], e->path,
                        e->entry);
    }
    for (int i = 0; i < e->nseg; i++) {
        const TTLSeg *s = &e->seg[i];

        if (s->paddr < lo || s->paddr + s->filesz > hi) {
            return ttl_fail(l, "%s kernel '%s': segment loaded at "
                            "[0x%08x, 0x%08x) (vaddr 0x%08x) is outside the "
                            "kernel area of the %s ring [0x%08x, 0x%08x): "
                            "built for the other architecture, or not with "
                            "ttfw/build.sh --kernel", ttl_core_name[c],
                            e->path, s->paddr, s->paddr + s->filesz,
                            s->vaddr, a->name, lo, hi);
        }
    }
    if (iram) {
        if (e->entry != TTFW_WH_NCRISC_KERNEL_IRAM || ts->vaddr != e->entry) {
            return ttl_fail(l, "NCRISC kernel '%s': Wormhole NCRISC kernels "
                            "run from IRAM and must start at 0x%08x (entry "
                            "0x%08x)", e->path, TTFW_WH_NCRISC_KERNEL_IRAM,
                            e->entry);
        }
        if (ts->memsz > TTFW_MEM_NCRISC_IRAM_SIZE - TTFW_MEM_NCRISC_FW_SIZE) {
            return ttl_fail(l, "NCRISC kernel '%s': %u bytes of code do not "
                            "fit IRAM behind the firmware", e->path,
                            ts->memsz);
        }
        *size16 = (ts->filesz + 15) / 16;
    } else if (ts->vaddr != ts->paddr) {
        return ttl_fail(l, "%s kernel '%s': its code is linked at 0x%08x "
                        "but loaded at 0x%08x; only Wormhole NCRISC kernels "
                        "run elsewhere than the ring", ttl_core_name[c],
                        e->path, ts->vaddr, ts->paddr);
    }
    if ((ts->paddr & 15) || ts->vaddr != e->entry) {
        return ttl_fail(l, "%s kernel '%s': the entry point 0x%08x must be "
                        "the 16-byte aligned start of its code",
                        ttl_core_name[c], e->path, e->entry);
    }
    /*
     * ttfw kernels start at a slot: kernel_config_base + 0x800 + 0x2000 k.
     * The slots of the two architectures never coincide, so this also
     * catches a kernel built for the other one.
     */
    if ((ts->paddr - lo) % TTFW_KERNEL_SLOT_SIZE) {
        return ttl_fail(l, "%s kernel '%s': its code is loaded at 0x%08x, "
                        "not at a kernel slot of the %s ring (0x%08x + "
                        "0x%x k): built for the other architecture, or not "
                        "with ttfw/build.sh --kernel", ttl_core_name[c],
                        e->path, ts->paddr, a->name, lo,
                        TTFW_KERNEL_SLOT_SIZE);
    }
    *text_off = ts->paddr - a->kcfg_base;
    return true;
}

/*
 * The kernel configuration of @p (TTFW_KCFG_SIZE bytes at @cfg, the same
 * layout for both firmware layouts): runtime args, common runtime args,
 * semaphores, local CBs; *@cb_end is one past the last CB given, *@cb_mask
 * has a bit per CB given.
 */
static bool ttl_build_kcfg(TTLaunch *l, const TTLProgram *p, uint8_t *cfg,
                           uint32_t *cb_end, uint32_t *cb_mask)
{
    memset(cfg, 0, TTFW_KCFG_SIZE);
    *cb_end = 0;
    *cb_mask = 0;
    for (uint32_t cls = 0; cls < TTFW_NUM_CLASSES; cls++) {
        for (uint32_t i = 0; i < p->num_rta[cls]; i++) {
            stl_le_p(cfg + TTFW_KCFG_RTA(cls) + 4 * i, p->rta[cls][i]);
        }
        for (uint32_t i = 0; i < p->num_crta[cls]; i++) {
            stl_le_p(cfg + TTFW_KCFG_CRTA(cls) + 4 * i, p->crta[cls][i]);
        }
    }
    for (uint32_t s = 0; s < TTFW_KCFG_NUM_SEMS; s++) {
        stl_le_p(cfg + TTFW_KCFG_SEM + TTFW_KCFG_SEM_STRIDE * s, p->sem[s]);
    }
    for (uint32_t i = 0; i < TTFW_NUM_CBS; i++) {
        uint8_t *w = cfg + TTFW_KCFG_LOCAL_CB + 16 * i;

        if (!p->cb[i].set) {
            continue;
        }
        if (!p->cb[i].page_size || p->cb[i].size % p->cb[i].page_size ||
            (p->cb[i].addr & 15) || (p->cb[i].size & 15) ||
            (p->cb[i].page_size & 15) ||
            (uint64_t)p->cb[i].addr + p->cb[i].size > l->arch->l1_size) {
            return ttl_fail(l, "CB %u: address 0x%x, size 0x%x, page size "
                            "0x%x: need 16-byte aligned values, a size that "
                            "is a multiple of the page size, inside L1", i,
                            p->cb[i].addr, p->cb[i].size, p->cb[i].page_size);
        }
        stl_le_p(w, p->cb[i].addr);
        stl_le_p(w + 4, p->cb[i].size);
        stl_le_p(w + 8, p->cb[i].size / p->cb[i].page_size);
        stl_le_p(w + 12, p->cb[i].page_size);
        *cb_end = i + 1;
        *cb_mask |= 1u << i;
    }
    return true;
}

/*
 * Launch @p on every booted tile and wait for DONE (LaunchProgram):
 * kernel images, runtime args, semaphores and CB config into the ring,
 * the launch message into launch[0], then GO.
 */
static bool ttl_launch(TTLaunch *l, const TTLProgram *p)
{
    const TTLArch *a = l->arch;
    const uint32_t base = a->kcfg_base;
    uint8_t msg[TTFW_LAUNCH_MSG_SIZE];
    uint8_t cfg[TTFW_KCFG_SIZE];
    uint32_t text_off[TTL_NUM_CORES] = { 0 }, size16 = 0, enables = 0;
    uint32_t cb_end, cb_mask;
    double t0 = ttl_now();
    bool ok;
    g_autofree char *what = NULL;

    /* Kernel ELFs: check where they go, and that they do not overlap */
    for (int c = 0; c < TTL_NUM_CORES; c++) {
        ttl_elf_free(&l->kelf[c]);
    }
    for (int c = 0; c < TTL_NUM_CORES; c++) {
        g_autofree char *w = g_strdup_printf("%s kernel", ttl_core_name[c]);
        uint32_t s16 = 0;

        if (!p->kernel[c]) {
            continue;
        }
        if (!ttl_elf_open(l, p->kernel[c], w, &l->kelf[c]) ||
            !ttl_kernel_place(l, c, &l->kelf[c], &text_off[c], &s16)) {
            return false;
        }
        if (c == TTL_NCRISC) {
            size16 = s16;
        }
        enables |= c == TTL_BRISC ? TTFW_ENABLE_DM0 :
                   c == TTL_NCRISC ? TTFW_ENABLE_DM1 : TTFW_ENABLE_COMPUTE;
        for (int d = 0; d < c; d++) {
            for (int i = 0; l->kelf[d].path && i < l->kelf[d].nseg; i++) {
                for (int j = 0; j < l->kelf[c].nseg; j++) {
                    const TTLSeg *s = &l->kelf[d].seg[i];
                    const TTLSeg *u = &l->kelf[c].seg[j];

                    if (s->paddr < u->paddr + u->filesz &&
                        u->paddr < s->paddr + s->filesz) {
                        return ttl_fail(l, "kernels '%s' (%s) and '%s' (%s) "
                                        "overlap in the ring at 0x%08x",
                                        l->kelf[d].path, ttl_proc_name[d],
                                        l->kelf[c].path, ttl_proc_name[c],
                                        MAX(s->paddr, u->paddr));
                    }
                }
            }
        }
    }

    if (!ttl_build_kcfg(l, p, cfg, &cb_end, &cb_mask)) {
        return false;
    }

    /* The launch message (kernel_config_msg_t) */
    memset(msg, 0, sizeof(msg));
    stw_le_p(msg + TTFW_KC_NCRISC_KERNEL_SIZE16, size16);
    stl_le_p(msg + TTFW_KC_KERNEL_CONFIG_BASE(TTFW_CORE_TYPE_TENSIX), base);
    stw_le_p(msg + TTFW_KC_SEM_OFFSET(TTFW_CORE_TYPE_TENSIX), TTFW_KCFG_SEM);
    stw_le_p(msg + TTFW_KC_LOCAL_CB_OFFSET, TTFW_KCFG_LOCAL_CB);
    stw_le_p(msg + TTFW_KC_REMOTE_CB_OFFSET, TTFW_KCFG_REMOTE_CB);
    for (uint32_t cls = 0; cls < TTFW_NUM_CLASSES; cls++) {
        stw_le_p(msg + TTFW_KC_RTA_OFFSET(cls), TTFW_KCFG_RTA(cls));
        stw_le_p(msg + TTFW_KC_CRTA_OFFSET(cls), TTFW_KCFG_CRTA(cls));
    }
    for (int c = 0; c < TTL_NUM_CORES; c++) {
        stl_le_p(msg + TTFW_KC_KERNEL_TEXT_OFFSET(c), text_off[c]);
    }
    stw_le_p(msg + TTFW_KC_HOST_ASSIGNED_ID, l->launches + 1);
    msg[TTFW_KC_MODE] = TTFW_DISPATCH_MODE_HOST;
    msg[TTFW_KC_BRISC_NOC_ID] = p->brisc_noc & 1;
    msg[TTFW_KC_BRISC_NOC_MODE] = 0;
    msg[TTFW_KC_MAX_LOCAL_CB_END] = cb_end;
    msg[TTFW_KC_MIN_REMOTE_CB_START] = TTFW_NUM_CBS;
    msg[TTFW_KC_ENABLES] = enables;

    for (uint32_t i = 0; i < l->ntiles; i++) {
        const TTLTile *t = &l->tiles[i];

        ttl_write(l, t->x, t->y, base, cfg, sizeof(cfg));
        for (int c = 0; c < TTL_NUM_CORES; c++) {
            for (int j = 0; l->kelf[c].path && j < l->kelf[c].nseg; j++) {
                const TTLSeg *s = &l->kelf[c].seg[j];

                ttl_write(l, t->x, t->y, s->paddr, s->data, s->filesz);
            }
        }
        ttl_write(l, t->x, t->y, TTFW_LAUNCH_MSG(0), msg, sizeof(msg));
    }
    /* Barrier, then GO on every tile */
    for (uint32_t i = 0; i < l->ntiles; i++) {
        const TTLTile *t = &l->tiles[i];

        (void)ttl_r32(l, t->x, t->y, TTFW_MEM_L1_BARRIER);
        ttl_w32(l, t->x, t->y, TTFW_GO_MSG, (uint32_t)TTFW_RUN_MSG_GO << 24);
    }
    l->launches++;
    what = g_strdup_printf("launch %u", l->launches);
    ok = ttl_wait_done(l, TTFW_RUN_MSG_GO, what);
    l->t_launch_last = ttl_now() - t0;
    l->t_launch_total += l->t_launch_last;
    return ok;
}

/* ---------------------------------------------------------------------- */
/* Launch on tt-metal's 2026 firmware (--layout metal-2026)               */
/* ---------------------------------------------------------------------- */

/* RV32I encodings (the marker kernel) */
enum { RV_RA = 1, RV_T0 = 5, RV_T1 = 6, RV_T2 = 7, RV_T3 = 28, RV_T4 = 29 };

static uint32_t rv_u(uint32_t opc, uint32_t rd, uint32_t imm20)
{
    return (imm20 << 12) | (rd << 7) | opc;
}

static uint32_t rv_i(uint32_t opc, uint32_t f3, uint32_t rd, uint32_t rs1,
                     int32_t imm)
{
    return ((uint32_t)imm << 20) | (rs1 << 15) | (f3 << 12) | (rd << 7) | opc;
}

static uint32_t rv_sw(uint32_t rs1, uint32_t rs2, int32_t imm)
{
    return (((uint32_t)imm >> 5 & 0x7F) << 25) | (rs2 << 20) | (rs1 << 15) |
           (2 << 12) | (((uint32_t)imm & 0x1F) << 7) | 0x23;
}

#define RV_LW(rd, rs1, imm)     rv_i(0x03, 2, rd, rs1, imm)
#define RV_ADDI(rd, rs1, imm)   rv_i(0x13, 0, rd, rs1, imm)
#define RV_SLLI(rd, rs1, sh)    rv_i(0x13, 1, rd, rs1, sh)
#define RV_SRLI(rd, rs1, sh)    rv_i(0x13, 5, rd, rs1, sh)
#define RV_LUI(rd, imm20)       rv_u(0x37, rd, imm20)
#define RV_RET                  rv_i(0x67, 0, 0, RV_RA, 0)

#define TTM_NOC0_NODE_ID        0xFFB20044  /* NOC_NODE_ID, NoC 0 */
#define TTM_MARKER_VALUE(n)     (0x600D0000u + (n))

/*
 * The marker kernel (BRISC): a C function without arguments, as the
 * firmware calls kernels, that uses only t0-t4.  Its runtime args, read
 * through the firmware's pointer rta_l1_base (at @rta_sym, in BRISC's
 * local RAM): A = rta[0], V = rta[1].  It stores V at L1 A, the tile's
 * NoC 0 node ID (y << 6 | x) at A + 4, increments the word at A + 8 (its
 * runs), and returns.
 */
static void ttm_marker_code(uint32_t rta_sym, uint32_t *w)
{
    uint32_t hi = (rta_sym + 0x800) >> 12;
    int32_t lo = (int32_t)(rta_sym - (hi << 12));
    int n = 0;

    w[n++] = RV_LUI(RV_T0, hi & 0xFFFFF);
    w[n++] = RV_LW(RV_T0, RV_T0, lo);               /* t0 = rta_l1_base */
    w[n++] = RV_LW(RV_T1, RV_T0, 0);                /* t1 = A */
    w[n++] = RV_LW(RV_T2, RV_T0, 4);                /* t2 = V */
    w[n++] = RV_LUI(RV_T3, TTM_NOC0_NODE_ID >> 12);
    w[n++] = RV_LW(RV_T3, RV_T3, TTM_NOC0_NODE_ID & 0xFFF);
    w[n++] = RV_SLLI(RV_T3, RV_T3, 20);             /* y << 6 | x */
    w[n++] = RV_SRLI(RV_T3, RV_T3, 20);
    w[n++] = RV_LW(RV_T4, RV_T1, 8);
    w[n++] = RV_ADDI(RV_T4, RV_T4, 1);
    w[n++] = rv_sw(RV_T1, RV_T2, 0);
    w[n++] = rv_sw(RV_T1, RV_T3, 4);
    w[n++] = rv_sw(RV_T1, RV_T4, 8);
    w[n++] = RV_RET;
    assert(n == TTM_MARKER_WORDS);
}

/* One piece of a launch's code in the ring */
typedef struct TTMImage {
    int core;
    uint32_t addr, filesz, memsz;
    const uint8_t *data;
    const char *name;
} TTMImage;

/*
 * Check kernel @c's ELF for the metal-2026 ring: every segment where it
 * is linked, inside the kernel area; *@text_off = its entry point -
 * kernel_config_base (the firmware calls kernel_config_base +
 * kernel_text_offset[c]).
 */
static bool ttm_kernel_place(TTLaunch *l, int c, const TTLElf *e,
                             uint32_t *text_off)
{
    if (!ttl_seg_of(e, e->entry)) {
        return ttl_fail(l, "%s kernel '%s': entry point 0x%08x is in no "
                        "loadable segment", ttl_core_name[c], e->path,
                        e->entry);
    }
    for (int i = 0; i < e->nseg; i++) {
        const TTLSeg *s = &e->seg[i];

        if (s->paddr != s->vaddr) {
            return ttl_fail(l, "%s kernel '%s': segment linked at 0x%08x "
                            "but loaded at 0x%08x: metal-2026 kernels run "
                            "where they are loaded", ttl_core_name[c],
                            e->path, s->vaddr, s->paddr);
        }
        if (s->vaddr < TTM_KERNEL_AREA ||
            (uint64_t)s->vaddr + s->memsz > TTM_RING_END) {
            return ttl_fail(l, "%s kernel '%s': segment [0x%08x, 0x%08x) is "
                            "outside the kernel area [0x%08x, 0x%08x) of the "
                            "metal-2026 ring: link the kernel there",
                            ttl_core_name[c], e->path, s->vaddr,
                            s->vaddr + s->memsz, TTM_KERNEL_AREA,
                            TTM_RING_END);
        }
    }
    if (e->entry & 3) {
        return ttl_fail(l, "%s kernel '%s': entry point 0x%08x is not "
                        "4-byte aligned", ttl_core_name[c], e->path,
                        e->entry);
    }
    *text_off = e->entry - TTM_KCFG_BASE;
    return true;
}

/*
 * After launch @n of the marker kernel (its @runs-th): the record on
 * every tile.
 */
static bool ttm_check_marker(TTLaunch *l, uint32_t n, uint32_t runs)
{
    for (uint32_t i = 0; i < l->ntiles; i++) {
        const TTLTile *t = &l->tiles[i];
        uint8_t b[12];
        uint32_t want[3] = {
            TTM_MARKER_VALUE(n), (t->y << 6) | t->x, runs,
        };

        ttl_read(l, t->x, t->y, l->marker, b, sizeof(b));
        if (ldl_le_p(b) != want[0] || ldl_le_p(b + 4) != want[1] ||
            ldl_le_p(b + 8) != want[2]) {
            return ttl_fail(l, "launch %u: tile (%u,%u): the marker "
                            "kernel's record at 0x%x reads 0x%08x 0x%08x "
                            "0x%08x, expected 0x%08x 0x%08x 0x%08x (value, "
                            "NoC 0 node ID, runs)", n, t->x, t->y, l->marker,
                            ldl_le_p(b), ldl_le_p(b + 4), ldl_le_p(b + 8),
                            want[0], want[1], want[2]);
        }
    }
    return true;
}

/*
 * Launch @p (and the marker kernel, with --marker, as BRISC's kernel) on
 * every tile booted with tt-metal's 2026 firmware, as tt-metal's
 * slow-dispatch host does: the kernel configuration and the kernels
 * into the ring, launch[0] with mode HOST, go_message_index 0, then GO
 * on every tile, and wait until every go signal is DONE again.
 */
static bool ttm_launch(TTLaunch *l, const TTLProgram *p)
{
    uint8_t msg[TTM_LAUNCH_SIZE];
    uint8_t cfg[TTFW_KCFG_SIZE];
    uint8_t code[4 * TTM_MARKER_WORDS];
    uint32_t text_off[TTL_NUM_CORES] = { 0 }, enables = 0, cb_end, cb_mask;
    TTMImage img[TTL_NUM_CORES * TTL_MAX_SEGS + 1];
    uint32_t nimg = 0, n = l->launches + 1;
    double t0 = ttl_now(), t_go;
    bool ok;

    for (int c = 0; c < TTL_NUM_CORES; c++) {
        ttl_elf_free(&l->kelf[c]);
    }
    if (l->marker) {
        uint32_t sym, w[TTM_MARKER_WORDS];

        if (p->kernel[TTL_BRISC]) {
            return ttl_fail(l, "--marker and a BRISC kernel exclude each "
                            "other: the marker kernel is BRISC's");
        }
        if (!ttl_elf_sym(&l->fw[TTL_BRISC], "rta_l1_base", &sym) ||
            sym < TTFW_MEM_LOCAL_BASE || (sym & 3) ||
            sym >= TTFW_MEM_LOCAL_BASE + TTFW_BH_LOCAL_SIZE_BNC) {
            return ttl_fail(l, "--marker: the BRISC firmware '%s' has no "
                            "symbol rta_l1_base in its local RAM (the "
                            "marker kernel reads its runtime args through "
                            "it)", l->fw[TTL_BRISC].path);
        }
        ttm_marker_code(sym, w);
        for (int i = 0; i < TTM_MARKER_WORDS; i++) {
            stl_le_p(code + 4 * i, w[i]);
        }
        l->marker_code = TTM_KERNEL_AREA;
        img[nimg++] = (TTMImage) {
            .core = TTL_BRISC, .addr = l->marker_code, .data = code,
            .filesz = sizeof(code), .memsz = sizeof(code),
            .name = "the marker kernel",
        };
        text_off[TTL_BRISC] = l->marker_code - TTM_KCFG_BASE;
        enables |= 1u << TTL_BRISC;
    }
    for (int c = 0; c < TTL_NUM_CORES; c++) {
        g_autofree char *w = g_strdup_printf("%s kernel", ttl_core_name[c]);
        TTLElf *e = &l->kelf[c];

        if (!p->kernel[c]) {
            continue;
        }
        if (!ttl_elf_open(l, p->kernel[c], w, e) ||
            !ttm_kernel_place(l, c, e, &text_off[c])) {
            return false;
        }
        for (int j = 0; j < e->nseg; j++) {
            img[nimg++] = (TTMImage) {
                .core = c, .addr = e->seg[j].vaddr, .data = e->seg[j].data,
                .filesz = e->seg[j].filesz, .memsz = e->seg[j].memsz,
                .name = e->path,
            };
        }
        /* DM0, DM1, MATH0-2: one bit per processor */
        enables |= 1u << c;
    }
    if ((enables & 0x1C) && (enables & 0x1C) != 0x1C) {
        return ttl_fail(l, "--layout metal-2026: the firmware starts trisc0, "
                        "trisc1 and trisc2 together: give each of them a "
                        "kernel, or none");
    }
    for (uint32_t i = 0; i < nimg; i++) {
        for (uint32_t j = 0; j < i; j++) {
            const TTMImage *u = &img[i], *v = &img[j];

            if (u->core != v->core && u->addr < v->addr + v->memsz &&
                v->addr < u->addr + u->memsz) {
                return ttl_fail(l, "kernels '%s' (%s) and '%s' (%s) overlap "
                                "in the ring at 0x%08x", v->name,
                                ttl_proc_name[v->core], u->name,
                                ttl_proc_name[u->core],
                                MAX(u->addr, v->addr));
            }
        }
    }
    if (!ttl_build_kcfg(l, p, cfg, &cb_end, &cb_mask)) {
        return false;
    }
    if (l->marker) {
        stl_le_p(cfg + TTFW_KCFG_RTA(TTFW_CLASS_DM0), l->marker);
        stl_le_p(cfg + TTFW_KCFG_RTA(TTFW_CLASS_DM0) + 4,
                 TTM_MARKER_VALUE(n));
    }

    /* launch_msg_t */
    memset(msg, 0, sizeof(msg));
    stl_le_p(msg + TTM_KC_CONFIG_BASE(TTFW_CORE_TYPE_TENSIX), TTM_KCFG_BASE);
    stw_le_p(msg + TTM_KC_SEM_OFFSET(TTFW_CORE_TYPE_TENSIX), TTFW_KCFG_SEM);
    stw_le_p(msg + TTM_KC_LOCAL_CB_OFFSET, TTFW_KCFG_LOCAL_CB);
    stw_le_p(msg + TTM_KC_REMOTE_CB_OFFSET, TTFW_KCFG_REMOTE_CB);
    for (int c = 0; c < TTL_NUM_CORES; c++) {
        uint32_t cls = c == TTL_BRISC ? TTFW_CLASS_DM0 :
                       c == TTL_NCRISC ? TTFW_CLASS_DM1 : TTFW_CLASS_COMPUTE;

        stw_le_p(msg + TTM_KC_RTA_OFFSET(c), TTFW_KCFG_RTA(cls));
        stw_le_p(msg + TTM_KC_CRTA_OFFSET(c), TTFW_KCFG_CRTA(cls));
        stl_le_p(msg + TTM_KC_TEXT_OFFSET(c), text_off[c]);
    }
    msg[TTM_KC_MODE] = TTM_DISPATCH_MODE_HOST;
    stl_le_p(msg + TTM_KC_LOCAL_CB_MASK, cb_mask);
    msg[TTM_KC_BRISC_NOC_ID] = p->brisc_noc & 1;
    msg[TTM_KC_BRISC_NOC_MODE] = 0;                 /* dedicated NoCs */
    msg[TTM_KC_MIN_REMOTE_CB] = TTM_NUM_CBS;        /* no remote CBs */
    stl_le_p(msg + TTM_KC_HOST_ID, n);
    stl_le_p(msg + TTM_KC_ENABLES, enables);

    for (uint32_t i = 0; i < l->ntiles; i++) {
        const TTLTile *t = &l->tiles[i];

        ttl_write(l, t->x, t->y, TTM_KCFG_BASE, cfg, sizeof(cfg));
        for (uint32_t j = 0; j < nimg; j++) {
            ttl_write(l, t->x, t->y, img[j].addr, img[j].data,
                      img[j].filesz);
            ttl_zero(l, t->x, t->y, img[j].addr + img[j].filesz,
                     img[j].memsz - img[j].filesz);
        }
        if (l->marker && !l->marker_runs) {
            ttl_zero(l, t->x, t->y, l->marker, 12);
        }
        ttl_w32(l, t->x, t->y, TTM_GO_MSG_INDEX, 0);
        ttl_write(l, t->x, t->y, TTM_LAUNCH(0), msg, sizeof(msg));
    }
    /* qtest's writes are done when they return: no barrier needed */
    t_go = ttl_now();
    if (l->verbose) {
        printf("launch %u: configuration, kernels and launch message "
               "written to %u tile%s in %.3f s\n", n, l->ntiles,
               l->ntiles > 1 ? "s" : "", t_go - t0);
    }
    for (uint32_t i = 0; i < l->ntiles; i++) {
        ttl_w32(l, l->tiles[i].x, l->tiles[i].y, TTM_GO_MSG,
                (uint32_t)TTM_RUN_MSG_GO << 24);
    }
    l->launches = n;
    ok = ttm_wait(l, n);
    l->t_go_total += ttl_now() - t_go;
    if (ok && l->marker) {
        ok = ttm_check_marker(l, n, ++l->marker_runs);
    }
    l->t_launch_last = ttl_now() - t0;
    l->t_launch_total += l->t_launch_last;
    return ok;
}

/* ---------------------------------------------------------------------- */
/* Command line                                                           */
/* ---------------------------------------------------------------------- */

typedef enum { XFER_WRITE_L1, XFER_WRITE_DRAM, XFER_READ_L1,
               XFER_READ_DRAM } XferKind;

typedef struct Xfer {
    XferKind kind;
    uint32_t x, y, bank;
    uint64_t addr, len;
    char *file;             /* read: FILE or "-"; write: FILE */
    GByteArray *words;      /* write: "words:..." data */
} Xfer;

static void G_GNUC_NORETURN G_GNUC_PRINTF(1, 2) die(const char *fmt, ...)
{
    va_list ap;

    fprintf(stderr, "tt-launch: ");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\n");
    exit(1);
}

static void usage(FILE *f)
{
    fprintf(f,
"Usage: tt-launch -m bh|wh [options]\n"
"Boot Tensix firmware on tiles of tt-blackhole / tt-wormhole and launch\n"
"kernels the way tt-metal's slow-dispatch host does (docs/launcher.md).\n"
"\n"
"Machine:\n"
"  -m, --machine A          bh | wh (tt-blackhole | tt-wormhole)\n"
"      --soc full           the whole chip (every worker, DRAM); default: a\n"
"                           grid of Tensix tiles covering the tiles used\n"
"  -t, --tile X,Y           boot and launch on this tile (repeatable;\n"
"                           default the chip's first worker: BH 1,2, WH 1,1)\n"
"  -t, --tile all           every Tensix tile of --soc full / --grid\n"
"      --grid X,Y,WxH       the Tensix grid (default: the smallest one\n"
"                           holding --tile and --*-l1 coordinates)\n"
"  -q, --qemu-args STR      more QEMU arguments (e.g. \"-d guest_errors\")\n"
"\n"
"Firmware and program:\n"
"  -f, --fw DIR             firmware {brisc,ncrisc,trisc0-2}.elf (default:\n"
"                           $TTFW_DIR/bh or /wh)\n"
"      --layout L           dec-2024 (default: ttfw, Dec-2024 tt-metal) or\n"
"                           metal-2026 (tt-metal's 2026 Blackhole firmware,\n"
"                           uploaded and launched as tt-metal's host does)\n"
"  -k, --kernel P=ELF       kernel of processor P: brisc ncrisc trisc0\n"
"                           trisc1 trisc2\n"
"  -a, --rtargs C=V,V,...   runtime args of class C: brisc (dm0), ncrisc\n"
"                           (dm1), compute (trisc); up to 64\n"
"  -c, --common-rtargs C=V,...  common runtime args, up to 32\n"
"  -s, --sem N=V            semaphore N (0-15) initial value\n"
"  -b, --cb ID=ADDR,SIZE,PAGE   local circular buffer ID (0-31)\n"
"  -n, --noc N              NoC of the BRISC kernel (NCRISC: the other)\n"
"  -r, --repeat N           launch the program N times (default 1)\n"
"      --marker ADDR        metal-2026: launch the launcher's own BRISC\n"
"                           kernel, which writes a record at L1 ADDR of\n"
"                           every tile; checked after every launch\n"
"      --boot-only          boot the firmware and stop\n"
"\n"
"Data (writes before the first launch, reads after the last):\n"
"      --write-l1 X,Y:ADDR=FILE|words:V,V,...\n"
"      --write-dram BANK:OFFSET=FILE|words:V,V,...\n"
"      --read-l1 X,Y:ADDR:LEN=FILE|-     (-: hex words on stdout)\n"
"      --read-dram BANK:OFFSET:LEN=FILE|-\n"
"\n"
"Other:\n"
"      --timeout SEC        wait for DONE at most SEC seconds (default 10)\n"
"  -T, --timing             print how long each phase took\n"
"      --idle SEC           then leave the chip alone SEC seconds and print\n"
"                           the host CPU time QEMU used meanwhile\n"
"  -v, --verbose            say what is done\n"
"  -h, --help\n"
"\n"
"Environment: QTEST_QEMU_BINARY (qemu-system-riscv32; set by\n"
"scripts/tt-launch), TTFW_DIR.\n");
}

static uint64_t parse_num(const char *s, const char *what)
{
    char *end;
    uint64_t v;

    errno = 0;
    v = g_ascii_strtoull(s, &end, 0);
    if (errno || end == s || *end) {
        die("%s: '%s' is not a number", what, s);
    }
    return v;
}

static uint32_t parse_u32(const char *s, const char *what)
{
    uint64_t v = parse_num(s, what);

    if (v > UINT32_MAX) {
        die("%s: %s does not fit 32 bits", what, s);
    }
    return v;
}

/* "X,Y" */
static void parse_xy(const char *s, uint32_t *x, uint32_t *y,
                     const char *what)
{
    g_auto(GStrv) v = g_strsplit(s, ",", -1);

    if (g_strv_length(v) != 2) {
        die("%s: '%s' is not X,Y", what, s);
    }
    *x = parse_u32(v[0], what);
    *y = parse_u32(v[1], what);
    if (*x >= TTL_GRID || *y >= TTL_GRID) {
        die("%s: (%u,%u): NoC coordinates are 0-63", what, *x, *y);
    }
}

/* "V,V,..." into @out (at most @max) */
static uint32_t parse_list(const char *s, uint32_t *out, uint32_t max,
                           const char *what)
{
    g_auto(GStrv) v = g_strsplit(s, ",", -1);
    uint32_t n = g_strv_length(v);

    if (n > max) {
        die("%s: %u values, at most %u", what, n, max);
    }
    for (uint32_t i = 0; i < n; i++) {
        out[i] = parse_u32(v[i], what);
    }
    return n;
}

static int parse_proc(const char *s, const char *what)
{
    for (int c = 0; c < TTL_NUM_CORES; c++) {
        if (!strcmp(s, ttl_proc_name[c])) {
            return c;
        }
    }
    die("%s: unknown processor '%s' (brisc ncrisc trisc0 trisc1 trisc2)",
        what, s);
}

static uint32_t parse_class(const char *s, const char *what)
{
    if (!strcmp(s, "brisc") || !strcmp(s, "dm0")) {
        return TTFW_CLASS_DM0;
    }
    if (!strcmp(s, "ncrisc") || !strcmp(s, "dm1")) {
        return TTFW_CLASS_DM1;
    }
    if (!strcmp(s, "compute") || !strcmp(s, "trisc")) {
        return TTFW_CLASS_COMPUTE;
    }
    die("%s: unknown class '%s' (brisc ncrisc compute)", what, s);
}

/* Split "LHS=RHS" */
static void split_eq(const char *arg, char **lhs, char **rhs,
                     const char *what)
{
    const char *eq = strchr(arg, '=');

    if (!eq) {
        die("%s: '%s' has no '='", what, arg);
    }
    *lhs = g_strndup(arg, eq - arg);
    *rhs = g_strdup(eq + 1);
}

static Xfer *parse_xfer(XferKind kind, const char *arg, const char *what)
{
    Xfer *x = g_new0(Xfer, 1);
    g_autofree char *lhs = NULL;
    g_autofree char *rhs = NULL;
    g_auto(GStrv) f = NULL;
    bool read = kind == XFER_READ_L1 || kind == XFER_READ_DRAM;
    bool l1 = kind == XFER_WRITE_L1 || kind == XFER_READ_L1;
    uint32_t want = (l1 ? 2 : 2) + (read ? 1 : 0);

    x->kind = kind;
    split_eq(arg, &lhs, &rhs, what);
    f = g_strsplit(lhs, ":", -1);
    if (g_strv_length(f) != want) {
        die("%s: '%s': expected %s%s=%s", what, arg,
            l1 ? "X,Y:ADDR" : "BANK:OFFSET", read ? ":LEN" : "",
            read ? "FILE|-" : "FILE|words:V,...");
    }
    if (l1) {
        parse_xy(f[0], &x->x, &x->y, what);
    } else {
        x->bank = parse_u32(f[0], what);
    }
    x->addr = parse_num(f[1], what);
    if (read) {
        x->len = parse_num(f[2], what);
        x->file = g_strdup(rhs);
    } else if (g_str_has_prefix(rhs, "words:")) {
        g_auto(GStrv) v = g_strsplit(rhs + 6, ",", -1);

        x->words = g_byte_array_new();
        for (uint32_t i = 0; v[i]; i++) {
            uint8_t w[4];

            stl_le_p(w, parse_u32(v[i], what));
            g_byte_array_append(x->words, w, 4);
        }
        x->len = x->words->len;
    } else {
        x->file = g_strdup(rhs);
    }
    return x;
}

/* Resolve a transfer's target: NoC 0 tile and local address */
static bool xfer_target(TTLaunch *l, Xfer *x, uint64_t len, uint32_t *tx,
                        uint32_t *ty, uint64_t *ta)
{
    if (x->kind == XFER_WRITE_L1 || x->kind == XFER_READ_L1) {
        if (!ttl_check_tile(l, x->x, x->y, "L1 access")) {
            return false;
        }
        if (x->addr + len > l->arch->l1_size) {
            return ttl_fail(l, "tile (%u,%u): L1 [0x%" PRIx64 ", 0x%" PRIx64
                            ") is outside its %u KiB of L1", x->x, x->y,
                            x->addr, x->addr + len,
                            l->arch->l1_size / 1024);
        }
        *tx = x->x;
        *ty = x->y;
        *ta = x->addr;
        return true;
    }
    return ttl_dram_target(l, x->bank, x->addr, len, tx, ty, ta);
}

static void do_xfer(TTLaunch *l, Xfer *x)
{
    uint32_t tx, ty;
    uint64_t ta;

    if (x->kind == XFER_WRITE_L1 || x->kind == XFER_WRITE_DRAM) {
        g_autofree char *buf = NULL;
        gsize len;
        g_autoptr(GError) gerr = NULL;
        const void *data;

        if (x->words) {
            data = x->words->data;
            len = x->words->len;
        } else {
            if (!g_file_get_contents(x->file, &buf, &len, &gerr)) {
                die("cannot read '%s': %s", x->file, gerr->message);
            }
            data = buf;
        }
        if (!xfer_target(l, x, len, &tx, &ty, &ta)) {
            die("%s", l->err->str);
        }
        ttl_write(l, tx, ty, ta, data, len);
        if (l->verbose) {
            printf("wrote %zu bytes at (%u,%u):0x%" PRIx64 "\n", (size_t)len,
                   tx, ty, ta);
        }
    } else {
        g_autofree uint8_t *buf = g_malloc0(x->len ?: 1);
        g_autoptr(GError) gerr = NULL;

        if (!xfer_target(l, x, x->len, &tx, &ty, &ta)) {
            die("%s", l->err->str);
        }
        ttl_read(l, tx, ty, ta, buf, x->len);
        if (!strcmp(x->file, "-")) {
            /* 8 little-endian words a line, after the local address */
            for (uint64_t i = 0; i < x->len; i += 4) {
                uint8_t w[4] = { 0 };

                memcpy(w, buf + i, MIN(4, x->len - i));
                if (i % 32 == 0) {
                    printf("%s0x%08" PRIx64 ":", i ? "\n" : "", ta + i);
                }
                printf(" 0x%08x", ldl_le_p(w));
            }
            printf("\n");
        } else if (!g_file_set_contents(x->file, (char *)buf, x->len,
                                        &gerr)) {
            die("cannot write '%s': %s", x->file, gerr->message);
        }
    }
}

/* libqtest's g_test_message()s ("starting QEMU: ...") only with -v */
static bool print_verbose;

static void print_handler(const gchar *s)
{
    if (print_verbose) {
        fputs(s, stdout);
    }
}

/*
 * Refuse, before QEMU starts, a tile (@what: the option naming it) that
 * the machine asked for cannot have: outside the chip's NoC grid, or
 * outside an explicit --grid.  The default grid grows to cover every
 * tile named, so a tile outside the chip would ask for a grid that is no
 * chip (tile (63,63): 4096 tiles, 20480 cores, which never start).
 */
static void check_machine_tile(const TTLArch *arch, bool have_grid,
                               uint32_t gx, uint32_t gy, uint32_t gw,
                               uint32_t gh, uint32_t x, uint32_t y,
                               const char *what)
{
    if (x >= arch->chip_w || y >= arch->chip_h) {
        die("%s: tile (%u,%u) is not on %s: its NoC grid is %ux%u (X 0-%u, "
            "Y 0-%u)", what, x, y, arch->machine, arch->chip_w,
            arch->chip_h, arch->chip_w - 1, arch->chip_h - 1);
    }
    if (have_grid && (x < gx || x >= gx + gw || y < gy || y >= gy + gh)) {
        die("%s: tile (%u,%u) is outside --grid %u,%u,%ux%u (tiles (%u,%u) "
            "to (%u,%u))", what, x, y, gx, gy, gw, gh, gx, gy,
            gx + gw - 1, gy + gh - 1);
    }
}

static int ttl_main(int argc, char **argv)
{
    enum { OPT_SOC = 256, OPT_GRID, OPT_WRITE_L1, OPT_WRITE_DRAM,
           OPT_READ_L1, OPT_READ_DRAM, OPT_TIMEOUT, OPT_BOOT_ONLY,
           OPT_LAYOUT, OPT_MARKER, OPT_IDLE };
    static const struct option opts[] = {
        { "machine", required_argument, NULL, 'm' },
        { "soc", required_argument, NULL, OPT_SOC },
        { "tile", required_argument, NULL, 't' },
        { "grid", required_argument, NULL, OPT_GRID },
        { "qemu-args", required_argument, NULL, 'q' },
        { "fw", required_argument, NULL, 'f' },
        { "layout", required_argument, NULL, OPT_LAYOUT },
        { "kernel", required_argument, NULL, 'k' },
        { "rtargs", required_argument, NULL, 'a' },
        { "common-rtargs", required_argument, NULL, 'c' },
        { "sem", required_argument, NULL, 's' },
        { "cb", required_argument, NULL, 'b' },
        { "noc", required_argument, NULL, 'n' },
        { "repeat", required_argument, NULL, 'r' },
        { "boot-only", no_argument, NULL, OPT_BOOT_ONLY },
        { "marker", required_argument, NULL, OPT_MARKER },
        { "idle", required_argument, NULL, OPT_IDLE },
        { "write-l1", required_argument, NULL, OPT_WRITE_L1 },
        { "write-dram", required_argument, NULL, OPT_WRITE_DRAM },
        { "read-l1", required_argument, NULL, OPT_READ_L1 },
        { "read-dram", required_argument, NULL, OPT_READ_DRAM },
        { "timeout", required_argument, NULL, OPT_TIMEOUT },
        { "timing", no_argument, NULL, 'T' },
        { "verbose", no_argument, NULL, 'v' },
        { "help", no_argument, NULL, 'h' },
        { NULL, 0, NULL, 0 },
    };
    TTLaunch l = { 0 };
    TTLProgram *prog = g_new0(TTLProgram, 1);
    const TTLArch *arch = NULL;
    TTLTile tiles[TTL_MAX_TILES];
    uint32_t ntiles = 0, repeat = 1, marker = 0;
    bool full = false, timing = false, boot_only = false, have_grid = false;
    bool all_tiles = false, metal = false;
    uint32_t gx = 0, gy = 0, gw = 0, gh = 0;
    const char *fwdir = NULL, *qemu_args = "";
    GPtrArray *xfers = g_ptr_array_new();
    g_autofree char *machine_opts = NULL;
    g_autofree char *fwpath = NULL;
    double t_all = ttl_now(), idle = 0;
    int opt;

    while ((opt = getopt_long(argc, argv, "m:t:q:f:k:a:c:s:b:n:r:Tvh", opts,
                              NULL)) != -1) {
        g_autofree char *lhs = NULL;
        g_autofree char *rhs = NULL;

        switch (opt) {
        case 'm':
            arch = ttl_arch_by_name(optarg);
            if (!arch) {
                die("--machine: '%s' is not bh or wh", optarg);
            }
            break;
        case OPT_SOC:
            if (strcmp(optarg, "full") && strcmp(optarg, "grid")) {
                die("--soc: '%s' is not 'full' or 'grid'", optarg);
            }
            full = !strcmp(optarg, "full");
            break;
        case 't':
            if (!strcmp(optarg, "all")) {
                all_tiles = true;
                break;
            }
            if (ntiles == TTL_MAX_TILES) {
                die("--tile: at most %u tiles", TTL_MAX_TILES);
            }
            parse_xy(optarg, &tiles[ntiles].x, &tiles[ntiles].y, "--tile");
            ntiles++;
            break;
        case OPT_GRID: {
            unsigned a, b, c, d;
            char tail;

            if (sscanf(optarg, "%u,%u,%ux%u%c", &a, &b, &c, &d, &tail) != 4 ||
                !c || !d || a + c > TTL_GRID || b + d > TTL_GRID) {
                die("--grid: '%s' is not X,Y,WxH inside the 64x64 NoC",
                    optarg);
            }
            gx = a, gy = b, gw = c, gh = d;
            have_grid = true;
            break;
        }
        case 'q':
            qemu_args = optarg;
            break;
        case 'f':
            fwdir = optarg;
            break;
        case OPT_LAYOUT:
            if (strcmp(optarg, "dec-2024") && strcmp(optarg, "metal-2026")) {
                die("--layout: '%s' is not dec-2024 or metal-2026", optarg);
            }
            metal = !strcmp(optarg, "metal-2026");
            break;
        case 'k':
            split_eq(optarg, &lhs, &rhs, "--kernel");
            prog->kernel[parse_proc(lhs, "--kernel")] = g_strdup(rhs);
            break;
        case 'a':
        case 'c': {
            uint32_t cls;

            split_eq(optarg, &lhs, &rhs, opt == 'a' ? "--rtargs"
                                                    : "--common-rtargs");
            cls = parse_class(lhs, "--rtargs");
            if (opt == 'a') {
                prog->num_rta[cls] = parse_list(rhs, prog->rta[cls],
                                                TTFW_KCFG_MAX_RTA, "--rtargs");
            } else {
                prog->num_crta[cls] = parse_list(rhs, prog->crta[cls],
                                                 TTFW_KCFG_MAX_CRTA,
                                                 "--common-rtargs");
            }
            break;
        }
        case 's': {
            uint32_t n;

            split_eq(optarg, &lhs, &rhs, "--sem");
            n = parse_u32(lhs, "--sem");
            if (n >= TTFW_KCFG_NUM_SEMS) {
                die("--sem: semaphore %u: there are %u (0-%u)", n,
                    TTFW_KCFG_NUM_SEMS, TTFW_KCFG_NUM_SEMS - 1);
            }
            prog->sem[n] = parse_u32(rhs, "--sem");
            break;
        }
        case 'b': {
            uint32_t id, v[3];

            split_eq(optarg, &lhs, &rhs, "--cb");
            id = parse_u32(lhs, "--cb");
            if (id >= TTFW_NUM_CBS) {
                die("--cb: CB %u: there are %u (0-%u)", id, TTFW_NUM_CBS,
                    TTFW_NUM_CBS - 1);
            }
            if (parse_list(rhs, v, 3, "--cb") != 3) {
                die("--cb: '%s': expected ID=ADDR,SIZE,PAGE", optarg);
            }
            prog->cb[id].set = true;
            prog->cb[id].addr = v[0];
            prog->cb[id].size = v[1];
            prog->cb[id].page_size = v[2];
            break;
        }
        case 'n':
            prog->brisc_noc = parse_u32(optarg, "--noc");
            if (prog->brisc_noc > 1) {
                die("--noc: %u is not 0 or 1", prog->brisc_noc);
            }
            break;
        case 'r':
            repeat = parse_u32(optarg, "--repeat");
            break;
        case OPT_IDLE: {
            char *end;

            idle = g_ascii_strtod(optarg, &end);
            if (*end || !(idle > 0 && idle <= 3600)) {
                die("--idle: '%s' is not a number of seconds (0 < SEC <= "
                    "3600)", optarg);
            }
            break;
        }
        case OPT_BOOT_ONLY:
            boot_only = true;
            break;
        case OPT_MARKER:
            marker = parse_u32(optarg, "--marker");
            if ((marker & 3) || marker < TTM_L1_FREE ||
                (uint64_t)marker + 12 > ttl_arch_bh.l1_size) {
                die("--marker: 0x%x: need a 4-byte aligned L1 address from "
                    "0x%x (after the firmware's area and the kernel ring) "
                    "to 0x%x", marker, TTM_L1_FREE,
                    ttl_arch_bh.l1_size - 12);
            }
            break;
        case OPT_WRITE_L1:
            g_ptr_array_add(xfers, parse_xfer(XFER_WRITE_L1, optarg,
                                              "--write-l1"));
            break;
        case OPT_WRITE_DRAM:
            g_ptr_array_add(xfers, parse_xfer(XFER_WRITE_DRAM, optarg,
                                              "--write-dram"));
            break;
        case OPT_READ_L1:
            g_ptr_array_add(xfers, parse_xfer(XFER_READ_L1, optarg,
                                              "--read-l1"));
            break;
        case OPT_READ_DRAM:
            g_ptr_array_add(xfers, parse_xfer(XFER_READ_DRAM, optarg,
                                              "--read-dram"));
            break;
        case OPT_TIMEOUT:
            l.timeout_s = g_ascii_strtod(optarg, NULL);
            if (l.timeout_s <= 0) {
                die("--timeout: '%s' is not a positive number", optarg);
            }
            break;
        case 'T':
            timing = true;
            break;
        case 'v':
            l.verbose = true;
            break;
        case 'h':
            usage(stdout);
            return 0;
        default:
            usage(stderr);
            return 2;
        }
    }
    if (optind != argc) {
        die("unexpected argument '%s' (see --help)", argv[optind]);
    }
    if (!arch) {
        die("--machine bh|wh is required (see --help)");
    }
    print_verbose = l.verbose;
    g_set_print_handler(print_handler);
    if (metal) {
        if (arch->wh) {
            die("--layout metal-2026: tt-metal's 2026 Blackhole firmware "
                "layout; use -m bh");
        }
        if ((prog->kernel[TTL_TRISC0] || prog->kernel[TTL_TRISC1] ||
             prog->kernel[TTL_TRISC2]) &&
            !(prog->kernel[TTL_TRISC0] && prog->kernel[TTL_TRISC1] &&
              prog->kernel[TTL_TRISC2])) {
            die("--layout metal-2026: the firmware starts trisc0, trisc1 "
                "and trisc2 together: give each of them a kernel, or none");
        }
        if (!fwdir) {
            die("--layout metal-2026 needs --fw DIR (tt-metal's Blackhole "
                "firmware, e.g. ../shared/firmware/blackhole-p100a)");
        }
    }
    if (marker) {
        if (!metal) {
            die("--marker: the marker kernel runs on tt-metal's 2026 "
                "firmware: needs --layout metal-2026");
        }
        if (prog->kernel[TTL_BRISC]) {
            die("--marker and -k brisc= exclude each other: the marker "
                "kernel is BRISC's");
        }
        if (prog->num_rta[TTFW_CLASS_DM0]) {
            die("--marker sets BRISC's runtime args itself: no -a brisc=");
        }
        if (boot_only) {
            die("--marker launches a kernel: not with --boot-only");
        }
        l.marker = marker;
    }
    if (all_tiles) {
        if (ntiles) {
            die("--tile all and --tile X,Y exclude each other");
        }
        if (!full && !have_grid) {
            die("--tile all needs --soc full or --grid");
        }
    }
    if (!ntiles && !all_tiles) {
        tiles[0].x = arch->first_x;
        tiles[0].y = arch->first_y;
        ntiles = 1;
    }
    if (have_grid && (gx + gw > arch->chip_w || gy + gh > arch->chip_h)) {
        die("--grid %u,%u,%ux%u does not fit %s: its NoC grid is %ux%u",
            gx, gy, gw, gh, arch->machine, arch->chip_w, arch->chip_h);
    }
    for (uint32_t i = 0; i < ntiles; i++) {
        check_machine_tile(arch, have_grid && !full, gx, gy, gw, gh,
                           tiles[i].x, tiles[i].y, "--tile");
    }
    for (guint i = 0; i < xfers->len; i++) {
        Xfer *x = g_ptr_array_index(xfers, i);

        if (x->kind == XFER_WRITE_L1 || x->kind == XFER_READ_L1) {
            check_machine_tile(arch, have_grid && !full, gx, gy, gw, gh,
                               x->x, x->y, x->kind == XFER_WRITE_L1 ?
                               "--write-l1" : "--read-l1");
        }
    }
    if (!fwdir) {
        const char *env = getenv("TTFW_DIR");

        if (!env) {
            die("no firmware: give --fw DIR or set TTFW_DIR (scripts/"
                "tt-launch builds tests-qtest/firmware/ttfw and sets it)");
        }
        fwpath = g_strdup_printf("%s/%s", env, arch->fwdir);
        fwdir = fwpath;
    }

    /* The machine */
    if (full) {
        if (have_grid) {
            die("--grid and --soc full exclude each other");
        }
        /*
         * Blackhole: the ARC's NoC translation is on after reset (the
         * machine's noc-translation); the Dec-2024 layout writes physical
         * coordinates and its firmware takes its own from NOC_NODE_ID,
         * so it runs on the chip as it is before the ARC's set-up.
         * Wormhole's translation leaves raw coordinates as they are.
         */
        machine_opts = g_strdup(!arch->wh && !metal
                                ? "soc=full,noc-translation=off"
                                : "soc=full");
    } else {
        if (!have_grid) {
            uint32_t x0 = UINT32_MAX, y0 = UINT32_MAX, x1 = 0, y1 = 0;

            for (uint32_t i = 0; i < ntiles; i++) {
                x0 = MIN(x0, tiles[i].x);
                y0 = MIN(y0, tiles[i].y);
                x1 = MAX(x1, tiles[i].x);
                y1 = MAX(y1, tiles[i].y);
            }
            for (guint i = 0; i < xfers->len; i++) {
                Xfer *x = g_ptr_array_index(xfers, i);

                if (x->kind == XFER_WRITE_L1 || x->kind == XFER_READ_L1) {
                    x0 = MIN(x0, x->x);
                    y0 = MIN(y0, x->y);
                    x1 = MAX(x1, x->x);
                    y1 = MAX(y1, x->y);
                }
            }
            gx = x0, gy = y0, gw = x1 - x0 + 1, gh = y1 - y0 + 1;
        }
        machine_opts = g_strdup_printf("grid-width=%u,grid-height=%u,"
                                       "tile-x=%u,tile-y=%u", gw, gh, gx, gy);
    }
    if (l.verbose) {
        printf("starting QEMU: -machine %s,%s\n", arch->machine,
               machine_opts);
    }
    if (!ttl_start(&l, arch, machine_opts, qemu_args, true)) {
        die("%s", l.err->str);
    }
    if (all_tiles) {
        ntiles = ttl_all_tiles(&l, tiles, TTL_MAX_TILES);
    }
    if (l.verbose) {
        printf("booting the firmware in %s (%s layout) on %u tile%s\n",
               fwdir, metal ? "metal-2026" : "dec-2024", ntiles,
               ntiles > 1 ? "s" : "");
    }
    if (!(metal ? ttm_boot(&l, fwdir, tiles, ntiles)
                : ttl_boot(&l, fwdir, tiles, ntiles))) {
        die("%s", l.err->str);
    }
    if (l.verbose && metal) {
        printf("firmware ready on %u tile%s\n", l.ntiles,
               l.ntiles > 1 ? "s" : "");
    }
    for (guint i = 0; i < xfers->len; i++) {
        Xfer *x = g_ptr_array_index(xfers, i);

        if (x->kind == XFER_WRITE_L1 || x->kind == XFER_WRITE_DRAM) {
            do_xfer(&l, x);
        }
    }
    if (!boot_only) {
        bool any = l.marker != 0;

        for (int c = 0; c < TTL_NUM_CORES; c++) {
            any |= prog->kernel[c] != NULL;
        }
        for (uint32_t r = 0; any && r < repeat; r++) {
            if (!(metal ? ttm_launch(&l, prog) : ttl_launch(&l, prog))) {
                die("%s", l.err->str);
            }
            if (l.verbose) {
                printf("launch %u done in %.3f s\n", l.launches,
                       l.t_launch_last);
            }
        }
    }
    if (idle > 0) {
        ttl_idle(&l, idle);
    }
    for (guint i = 0; i < xfers->len; i++) {
        Xfer *x = g_ptr_array_index(xfers, i);

        if (x->kind == XFER_READ_L1 || x->kind == XFER_READ_DRAM) {
            do_xfer(&l, x);
        }
    }
    if (timing && metal) {
        g_autofree char *launches = !l.launches ? g_strdup("") :
            g_strdup_printf(", %u launch%s %.3f s (GO to DONE %.3f s)",
                            l.launches, l.launches == 1 ? "" : "es",
                            l.t_launch_total, l.t_go_total);

        fprintf(stderr, "tt-launch: QEMU start %.3f s, firmware upload "
                "%.3f s, boot %.3f s (%u tile%s ready)%s, total %.3f s\n",
                l.t_start, l.t_upload, l.t_boot, l.ntiles,
                l.ntiles == 1 ? "" : "s", launches, ttl_now() - t_all);
    } else if (timing) {
        fprintf(stderr, "tt-launch: QEMU start %.3f s, firmware boot %.3f s, "
                "%u launch%s %.3f s, total %.3f s\n", l.t_start, l.t_boot,
                l.launches, l.launches == 1 ? "" : "es", l.t_launch_total,
                ttl_now() - t_all);
    }
    ttl_stop(&l);
    return 0;
}

#ifndef TT_LAUNCH_NO_MAIN
int main(int argc, char **argv)
{
    return ttl_main(argc, argv);
}
#endif /* TT_LAUNCH_NO_MAIN */
