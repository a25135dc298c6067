/*
 * QTest: host mistakes on the command line of tt-blackhole / tt-wormhole
 * (docs/errors.md): every machine option out of its range, options that
 * mean nothing on these machines, bad ELF files through -kernel and every
 * per-core *-elf option.  Each must end QEMU at start-up with exit status
 * 1 and a message naming the mistake; none may hang (QEMU runs under
 * timeout(1), -S: a configuration wrongly accepted would wait, not run)
 * or crash.  Also: the generic loader lines of README.md, as written, and
 * good ELF files at the edges of what is accepted.
 *
 * The ELF files are written here, byte by byte, into a temporary
 * directory.  Expected messages are the ones docs/errors.md documents.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include <elf.h>
#include "qemu/bswap.h"
#include "libqtest.h"

#define TIMEOUT_S       "30"    /* per QEMU run; start-up takes < 1 s */

typedef struct Arch {
    const char *name;
    const char *machine;
    bool wh;
    uint32_t l1_size;
} Arch;

static const Arch arch_bh = {
    .name = "bh", .machine = "tt-blackhole", .wh = false,
    .l1_size = 1536 * 1024,
};

static const Arch arch_wh = {
    .name = "wh", .machine = "tt-wormhole", .wh = true,
    .l1_size = 1464 * 1024,
};

static const char *const core_name[5] = {
    "BRISC", "NCRISC", "TRISC0", "TRISC1", "TRISC2",
};
static const char *const core_opt[5] = {
    "brisc-elf", "ncrisc-elf", "trisc0-elf", "trisc1-elf", "trisc2-elf",
};

static char *tmp_dir;

/* ---------------------------------------------------------------------- */
/* Running QEMU to its error                                              */
/* ---------------------------------------------------------------------- */

/*
 * Run QEMU with @args (space-separated; no spaces inside an argument)
 * and expect exit status 1 and @want in its error output.
 */
static void expect_fail(const char *args, const char *want)
{
    const char *qemu = g_getenv("QTEST_QEMU_BINARY");
    g_autofree char *line = g_strdup_printf(
        "timeout -k 5 " TIMEOUT_S " %s -display none -monitor none "
        "-serial none -nodefaults -S %s", qemu, args);
    g_auto(GStrv) argv = g_strsplit(line, " ", -1);
    g_autofree char *out = NULL, *err = NULL;
    g_autoptr(GError) gerr = NULL;
    int status;

    g_assert_nonnull(qemu);
    g_test_message("%s", line);
    g_assert_true(g_spawn_sync(NULL, argv, NULL, G_SPAWN_SEARCH_PATH, NULL,
                               NULL, &out, &err, &status, &gerr));
    g_assert_no_error(gerr);
    g_test_message("-> %s", err);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 1) {
        g_error("%s: expected exit status 1, got %s %d (124: timed out); "
                "output: %s", args, WIFEXITED(status) ? "status" : "signal",
                WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status),
                err);
    }
    if (!strstr(err, want)) {
        g_error("%s: the error '%s' does not contain '%s'", args, err,
                want);
    }
}

/* ---------------------------------------------------------------------- */
/* ELF files                                                              */
/* ---------------------------------------------------------------------- */

typedef struct Seg {
    uint32_t type, paddr, filesz, memsz;
    bool offset_past_end;       /* p_offset beyond the end of the file */
} Seg;

typedef struct ElfSpec {
    uint8_t cls;                /* 0: ELFCLASS32 */
    uint16_t type;              /* 0: ET_EXEC */
    uint16_t machine;           /* 0: EM_RISCV */
    uint32_t nseg;
    Seg seg[2];
} ElfSpec;

/*
 * Write @name: the ELF header, the program headers, then each segment's
 * p_filesz bytes (word i of segment s: 0x5E000000 | s << 16 | i).  A
 * 64-bit ELF gets a 64-bit header and program headers, as an RV64
 * toolchain writes them.
 */
static char *write_elf(const char *name, const ElfSpec *e)
{
    bool is64 = e->cls == ELFCLASS64;
    uint32_t ehsize = is64 ? sizeof(Elf64_Ehdr) : sizeof(Elf32_Ehdr);
    uint32_t phsize = is64 ? sizeof(Elf64_Phdr) : sizeof(Elf32_Phdr);
    uint32_t off = ehsize + e->nseg * phsize, total = off;
    g_autofree uint8_t *b = NULL;
    char *path = g_build_filename(tmp_dir, name, NULL);

    for (uint32_t s = 0; s < e->nseg; s++) {
        total += e->seg[s].offset_past_end ? 0 : e->seg[s].filesz;
    }
    b = g_malloc0(total);
    memcpy(b, ELFMAG, SELFMAG);
    b[EI_CLASS] = e->cls ?: ELFCLASS32;
    b[EI_DATA] = ELFDATA2LSB;
    b[EI_VERSION] = EV_CURRENT;
    /* e_type, e_machine, e_version are at the same offsets in both */
    stw_le_p(b + 16, e->type ?: ET_EXEC);
    stw_le_p(b + 18, e->machine ?: EM_RISCV);
    stl_le_p(b + 20, EV_CURRENT);
    if (is64) {
        stq_le_p(b + offsetof(Elf64_Ehdr, e_entry), e->seg[0].paddr);
        stq_le_p(b + offsetof(Elf64_Ehdr, e_phoff), ehsize);
        stw_le_p(b + offsetof(Elf64_Ehdr, e_ehsize), ehsize);
        stw_le_p(b + offsetof(Elf64_Ehdr, e_phentsize), phsize);
        stw_le_p(b + offsetof(Elf64_Ehdr, e_phnum), e->nseg);
    } else {
        stl_le_p(b + offsetof(Elf32_Ehdr, e_entry), e->seg[0].paddr);
        stl_le_p(b + offsetof(Elf32_Ehdr, e_phoff), ehsize);
        stw_le_p(b + offsetof(Elf32_Ehdr, e_ehsize), ehsize);
        stw_le_p(b + offsetof(Elf32_Ehdr, e_phentsize), phsize);
        stw_le_p(b + offsetof(Elf32_Ehdr, e_phnum), e->nseg);
    }
    for (uint32_t s = 0; s < e->nseg; s++) {
        const Seg *g = &e->seg[s];
        uint8_t *p = b + ehsize + s * phsize;
        uint32_t data = g->offset_past_end ? total + 0x1000 : off;

        if (is64) {
            stl_le_p(p + offsetof(Elf64_Phdr, p_type), g->type ?: PT_LOAD);
            stl_le_p(p + offsetof(Elf64_Phdr, p_flags), PF_R | PF_W | PF_X);
            stq_le_p(p + offsetof(Elf64_Phdr, p_offset), data);
            stq_le_p(p + offsetof(Elf64_Phdr, p_vaddr), g->paddr);
            stq_le_p(p + offsetof(Elf64_Phdr, p_paddr), g->paddr);
            stq_le_p(p + offsetof(Elf64_Phdr, p_filesz), g->filesz);
            stq_le_p(p + offsetof(Elf64_Phdr, p_memsz), g->memsz);
        } else {
            stl_le_p(p + offsetof(Elf32_Phdr, p_type), g->type ?: PT_LOAD);
            stl_le_p(p + offsetof(Elf32_Phdr, p_flags), PF_R | PF_W | PF_X);
            stl_le_p(p + offsetof(Elf32_Phdr, p_offset), data);
            stl_le_p(p + offsetof(Elf32_Phdr, p_vaddr), g->paddr);
            stl_le_p(p + offsetof(Elf32_Phdr, p_paddr), g->paddr);
            stl_le_p(p + offsetof(Elf32_Phdr, p_filesz), g->filesz);
            stl_le_p(p + offsetof(Elf32_Phdr, p_memsz), g->memsz);
        }
        if (!g->offset_past_end) {
            for (uint32_t i = 0; i + 4 <= g->filesz; i += 4) {
                stl_le_p(b + off + i, 0x5E000000u | s << 16 | i / 4);
            }
            off += g->filesz;
        }
    }
    g_assert_true(g_file_set_contents(path, (char *)b, total, NULL));
    return path;
}

/* A good one-segment ELF: @len bytes at @paddr */
static char *good_elf(const char *name, uint32_t paddr, uint32_t len)
{
    ElfSpec e = { .nseg = 1, .seg = { { .paddr = paddr, .filesz = len,
                                        .memsz = len } } };

    return write_elf(name, &e);
}

/* ---------------------------------------------------------------------- */
/* Machine options                                                        */
/* ---------------------------------------------------------------------- */

static void test_options(const void *data)
{
    const Arch *a = data;
    g_autofree char *grid_xlat = NULL;
    static const struct {
        const char *opts;
        const char *want;
    } cases[] = {
        /* issue 11: SIGTRAP in g_malloc; either option may be set first */
        { "grid-width=3435973837,tile-x=858993459", "is out of range: " },
        { "grid-width=3435973837",
          "tt: grid-width=3435973837 is out of range: 1 to 64 tiles" },
        { "grid-width=0", "tt: grid-width=0 is out of range: 1 to 64" },
        { "grid-width=65", "tt: grid-width=65 is out of range: 1 to 64" },
        { "grid-height=0", "tt: grid-height=0 is out of range: 1 to 64" },
        { "grid-height=4294967295",
          "tt: grid-height=4294967295 is out of range: 1 to 64" },
        /* above 32 bits: never truncated to a small value */
        { "grid-height=4294967297",
          "tt: grid-height=4294967297 is out of range: 1 to 64" },
        { "tile-x=64", "tt: tile-x=64 is out of range: a NoC coordinate, "
          "0 to 63" },
        { "tile-y=4294967296", "tt: tile-y=4294967296 is out of range: a "
          "NoC coordinate, 0 to 63" },
        { "tile-x=-1", "is out of range: a NoC coordinate, 0 to 63" },
        { "tile-x=abc", "tile-x" },
        /* each in range, together past the 64x64 NoC */
        { "grid-width=40,tile-x=30",
          "tt: grid 40x1 at (30,0) does not fit the 64x64 NoC coordinate "
          "space" },
        { "grid-height=64,tile-y=1",
          "tt: grid 1x64 at (0,1) does not fit the 64x64 NoC" },
        { "soc=half", "soc: 'half' is not 'grid' or 'full'" },
        { "soc=full,grid-width=2", "tt: soc=full places the tiles itself; "
          "leave out grid-width, grid-height, tile-x and tile-y" },
        { "soc=full,tile-y=1", "tt: soc=full places the tiles itself" },
        { "dprint=on,dprint-base=0xffffff00",
          "tt: dprint-base 0xffffff00: the 5 DPRINT buffers" },
        { "dprint=on,dprint-base=0x266", "tt: dprint-base 0x266" },
        { "dprint=on,dprint-chardev=nothere",
          "tt: dprint-chardev: no chardev 'nothere'" },
    };

    for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
        g_autofree char *args = g_strdup_printf("-M %s,%s", a->machine,
                                                cases[i].opts);

        expect_fail(args, cases[i].want);
    }

    /*
     * noc-translation: only the full chip translates (the firmware's boot
     * state); a grid never
     */
    grid_xlat = g_strdup_printf("-M %s,noc-translation=on", a->machine);
    expect_fail(grid_xlat, "tt: noc-translation is an option of soc=full "
                "only");
}

/* The last NoC coordinates in range start */
static void test_options_edges(const void *data)
{
    const Arch *a = data;
    QTestState *qts;

    qts = qtest_initf("-machine %s,tile-x=63,tile-y=63", a->machine);
    qtest_writel(qts, 0x100, 0xC0FFEE);
    g_assert_cmphex(qtest_readl(qts, 0x100), ==, 0xC0FFEE);
    qtest_quit(qts);
    qts = qtest_initf("-machine %s,grid-width=2,tile-x=62", a->machine);
    qtest_quit(qts);
}

/* ---------------------------------------------------------------------- */
/* Options that mean nothing here                                         */
/* ---------------------------------------------------------------------- */

static void test_unused_options(const void *data)
{
    const Arch *a = data;
    g_autofree char *elf = good_elf("unused.elf", 0x10000, 16);
    g_autofree char *blob = g_build_filename(tmp_dir, "blob", NULL);
    const char *cpu = a->wh ? "tt-wh" : "tt-bh";
    struct {
        char *args;
        char *want;
    } cases[] = {
        { g_strdup_printf("-bios %s", blob),
          g_strdup_printf("tt: -bios / -M firmware is not supported by %s: "
                          "the Tensix tiles have no boot firmware",
                          a->machine) },
        { g_strdup_printf("-dtb %s", blob),
          g_strdup_printf("tt: -dtb is not supported by %s: these machines "
                          "describe no hardware in a device tree",
                          a->machine) },
        { g_strdup_printf("-kernel %s -initrd %s", elf, blob),
          g_strdup_printf("tt: -initrd is not supported by %s: there is no "
                          "Linux kernel to take an initial RAM disk",
                          a->machine) },
        { g_strdup_printf("-kernel %s -append console=ttyS0", elf),
          g_strdup_printf("tt: -append is not supported by %s: there is no "
                          "Linux kernel to take a command line",
                          a->machine) },
        /* even the model the machine uses: -cpu would change them all */
        { g_strdup_printf("-cpu %s", cpu),
          g_strdup_printf("tt: -cpu is not supported by %s: each core's CPU "
                          "model is fixed by the machine", a->machine) },
        { g_strdup_printf("-cpu %s,xttensix=off", cpu),
          g_strdup_printf("tt: -cpu is not supported by %s", a->machine) },
        { g_strdup_printf("-M %s,shim=%s -kernel %s", a->machine, blob,
                          elf),
          g_strdup_printf("tt: -shim is not supported by %s: there is no "
                          "UEFI shim to load", a->machine) },
        { g_strdup_printf("-M %s,dt-compatible=x", a->machine),
          g_strdup_printf("tt: -M dt-compatible is not supported by %s",
                          a->machine) },
    };

    g_assert_true(g_file_set_contents(blob, "blob", 4, NULL));
    for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
        g_autofree char *args = NULL;

        if (g_str_has_prefix(cases[i].args, "-M ")) {
            args = g_strdup(cases[i].args);
        } else {
            args = g_strdup_printf("-M %s %s", a->machine, cases[i].args);
        }
        expect_fail(args, cases[i].want);
        g_free(cases[i].args);
        g_free(cases[i].want);
    }
}

/* ---------------------------------------------------------------------- */
/* ELF validation                                                         */
/* ---------------------------------------------------------------------- */

/*
 * One bad ELF through -kernel (@core < 0) or -M ...,<core>-elf=F; @want
 * is the message after "tt: ELF '<path>' for tile (0,0) <CORE>: " (or,
 * for @outside, after "tt: ELF '<path>': ").
 */
static void expect_elf_fail(const Arch *a, int core, const char *path,
                            const char *want)
{
    g_autofree char *args = core < 0 ?
        g_strdup_printf("-M %s -kernel %s", a->machine, path) :
        g_strdup_printf("-M %s,%s=%s", a->machine, core_opt[core], path);

    expect_fail(args, want);
}

static void test_elf(const void *data)
{
    const Arch *a = data;
    ElfSpec rv64 = { .cls = ELFCLASS64, .nseg = 1,
                     .seg = { { .paddr = 0x10000, .filesz = 16,
                                .memsz = 16 } } };
    ElfSpec rel = rv64, arm = rv64, big = rv64, fm = rv64, past = rv64;
    ElfSpec l1end = rv64, wrap = rv64, none = rv64, nomem = rv64;
    g_autofree char *p_rv64 = NULL, *p_rel = NULL, *p_arm = NULL;
    g_autofree char *p_big = NULL, *p_fm = NULL, *p_past = NULL;
    g_autofree char *p_l1end = NULL, *p_wrap = NULL, *p_none = NULL;
    g_autofree char *p_nomem = NULL;
    g_autofree char *p_notelf = g_build_filename(tmp_dir, "notelf", NULL);
    g_autofree char *p_missing = g_build_filename(tmp_dir, "missing.elf",
                                                  NULL);

    rel.cls = arm.cls = big.cls = fm.cls = past.cls = ELFCLASS32;
    l1end.cls = wrap.cls = none.cls = nomem.cls = ELFCLASS32;
    rel.type = ET_REL;
    arm.machine = EM_ARM;
    /* issue 11: a 4 GiB segment took 17 s to refuse */
    big.seg[0].memsz = 0xFFFFFFFFu;
    /* issue 11: p_filesz > p_memsz hung start-up */
    fm.seg[0].filesz = 0x100;
    fm.seg[0].memsz = 0x10;
    past.seg[0].offset_past_end = true;
    /* 16 bytes at L1's last 8: one byte too many is outside */
    l1end.seg[0].paddr = a->l1_size - 8;
    /* wraps past 4 GiB */
    wrap.seg[0].paddr = 0xFFFFFFF0u;
    wrap.seg[0].filesz = wrap.seg[0].memsz = 0x20;
    none.seg[0].type = PT_NOTE;
    /* zero-filled tail beyond L1, overlapping nothing: loaded, so refused */
    nomem.seg[0].paddr = a->l1_size - 16;
    nomem.seg[0].memsz = 0x20;

    p_rv64 = write_elf("rv64.elf", &rv64);
    p_rel = write_elf("rel.elf", &rel);
    p_arm = write_elf("arm.elf", &arm);
    p_big = write_elf("big.elf", &big);
    p_fm = write_elf("filesz.elf", &fm);
    p_past = write_elf("past.elf", &past);
    p_l1end = write_elf("l1end.elf", &l1end);
    p_wrap = write_elf("wrap.elf", &wrap);
    p_none = write_elf("none.elf", &none);
    p_nomem = write_elf("nomem.elf", &nomem);
    g_assert_true(g_file_set_contents(p_notelf, "hello, world", 12, NULL));

    for (int core = -1; core < 5; core++) {
        const char *cn = core_name[core < 0 ? 0 : core];
        const char *mem = a->wh && core == 1 ?
            "L1, its local RAM, its IRAM" : "L1, its local RAM";
        struct {
            const char *path;
            char *want;
        } cases[] = {
            { p_rv64, g_strdup_printf("tt: ELF '%s' for tile (0,0) %s: class "
                                      "2 is not ELFCLASS32 (a 64-bit ELF): "
                                      "the cores are RV32", p_rv64, cn) },
            { p_rel, g_strdup_printf("tt: ELF '%s' for tile (0,0) %s: type 1 "
                                     "is not ET_EXEC (a relocatable object, "
                                     "ET_REL)", p_rel, cn) },
            { p_arm, g_strdup_printf("tt: ELF '%s' for tile (0,0) %s: machine "
                                     "40 is not EM_RISCV (243)", p_arm, cn) },
            { p_big, g_strdup_printf("tt: ELF '%s': segment 0 [0x00010000, "
                                     "0x10000ffff) is outside the memory of "
                                     "tile (0,0) %s (%s)", p_big, cn, mem) },
            { p_fm, g_strdup_printf("tt: ELF '%s' for tile (0,0) %s: segment "
                                    "0 (PT_LOAD at 0x00010000): p_filesz "
                                    "0x100 is larger than p_memsz 0x10",
                                    p_fm, cn) },
            { p_past, g_strdup_printf("tt: ELF '%s' for tile (0,0) %s: "
                                      "segment 0 (PT_LOAD at 0x00010000): "
                                      "its data [0x%x, 0x%x) is beyond the "
                                      "end of the file (%u bytes)", p_past,
                                      cn, 52 + 32 + 0x1000,
                                      52 + 32 + 0x1010, 52 + 32) },
            { p_l1end, g_strdup_printf("tt: ELF '%s': segment 0 [0x%08x, "
                                       "0x%08x) is outside the memory of "
                                       "tile (0,0) %s", p_l1end,
                                       a->l1_size - 8, a->l1_size + 8,
                                       cn) },
            { p_wrap, g_strdup_printf("tt: ELF '%s': segment 0 [0xfffffff0, "
                                      "0x100000010) is outside the memory of "
                                      "tile (0,0) %s", p_wrap, cn) },
            { p_nomem, g_strdup_printf("tt: ELF '%s': segment 0 [0x%08x, "
                                       "0x%08x) is outside", p_nomem,
                                       a->l1_size - 16, a->l1_size + 16) },
            { p_none, g_strdup_printf("tt: ELF '%s' for tile (0,0) %s: no "
                                      "PT_LOAD segment", p_none, cn) },
            { p_notelf, g_strdup_printf("tt: '%s' for tile (0,0) %s is not "
                                        "an ELF file", p_notelf, cn) },
            { p_missing, g_strdup_printf("tt: ELF for tile (0,0) %s: Could "
                                         "not open '%s'", cn, p_missing) },
        };

        /* Every case through -kernel; the per-core options: three */
        for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
            if (core < 0 || i == 0 || i == 4 || i == 7) {
                expect_elf_fail(a, core, cases[i].path, cases[i].want);
            }
            g_free(cases[i].want);
        }
    }
}

/*
 * Good ELFs at the edges: a segment ending exactly at L1's end; a
 * segment whose zero-filled tail (past L1's end) overlaps the next
 * segment, so that QEMU loads only its file bytes (elf_ops.h.inc); one
 * segment in each core's local RAM through its own option.
 */
static void test_elf_good(const void *data)
{
    const Arch *a = data;
    ElfSpec tail = { .nseg = 2, .seg = {
        { .paddr = a->l1_size - 16, .filesz = 8, .memsz = 0x1000 },
        { .paddr = a->l1_size - 8, .filesz = 8, .memsz = 8 },
    } };
    g_autofree char *end = good_elf("end.elf", a->l1_size - 16, 16);
    g_autofree char *tl = write_elf("tail.elf", &tail);
    g_autofree char *local = good_elf("local.elf", 0xFFB00000u, 16);
    QTestState *qts;

    qts = qtest_initf("-machine %s -kernel %s", a->machine, end);
    for (uint32_t i = 0; i < 4; i++) {
        g_assert_cmphex(qtest_readl(qts, a->l1_size - 16 + 4 * i), ==,
                        0x5E000000u | i);
    }
    qtest_quit(qts);

    qts = qtest_initf("-machine %s -kernel %s", a->machine, tl);
    g_assert_cmphex(qtest_readl(qts, a->l1_size - 16), ==, 0x5E000000u);
    g_assert_cmphex(qtest_readl(qts, a->l1_size - 12), ==, 0x5E000001u);
    g_assert_cmphex(qtest_readl(qts, a->l1_size - 8), ==, 0x5E010000u);
    g_assert_cmphex(qtest_readl(qts, a->l1_size - 4), ==, 0x5E010001u);
    qtest_quit(qts);

    qts = qtest_initf("-machine %s,brisc-elf=%s,ncrisc-elf=%s,trisc0-elf=%s,"
                      "trisc1-elf=%s,trisc2-elf=%s", a->machine, local,
                      local, local, local, local);
    /* qtest goes through BRISC's view: its local RAM */
    g_assert_cmphex(qtest_readl(qts, 0xFFB00000u), ==, 0x5E000000u);
    g_assert_cmphex(qtest_readl(qts, 0xFFB0000Cu), ==, 0x5E000003u);
    qtest_quit(qts);
}

/* ---------------------------------------------------------------------- */
/* README.md: -device loader, as written there                            */
/* ---------------------------------------------------------------------- */

static void test_loader(const void *data)
{
    const Arch *a = data;
    g_autofree char *f = g_build_filename(tmp_dir, "raw.bin", NULL);
    static const uint8_t raw[8] = {
        0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88,
    };
    QTestState *qts;

    g_assert_true(g_file_set_contents(f, (const char *)raw, sizeof(raw),
                                      NULL));
    /* "-device loader,file=F,force-raw=on,addr=A" (README.md) */
    qts = qtest_initf("-machine %s -device loader,file=%s,force-raw=on,"
                      "addr=0x20000", a->machine, f);
    g_assert_cmphex(qtest_readl(qts, 0x20000), ==, 0x44332211);
    g_assert_cmphex(qtest_readl(qts, 0x20004), ==, 0x88776655);
    qtest_quit(qts);
    /* "-device loader,file=F,addr=A": not ELF, uImage or hex: raw */
    qts = qtest_initf("-machine %s -device loader,file=%s,addr=0x30000",
                      a->machine, f);
    g_assert_cmphex(qtest_readl(qts, 0x30000), ==, 0x44332211);
    qtest_quit(qts);
    /* "-device loader,addr=A,data=V,data-len=4" (README.md) */
    qts = qtest_initf("-machine %s -device loader,addr=0x40000,"
                      "data=0x12345678,data-len=4", a->machine);
    g_assert_cmphex(qtest_readl(qts, 0x40000), ==, 0x12345678);
    qtest_quit(qts);
    /* A raw file into another tile's L1 through the NoC (tile (1,0)) */
    qts = qtest_initf("-machine %s,grid-width=2 -device loader,file=%s,"
                      "force-raw=on,addr=0x1000050000", a->machine, f);
    g_assert_cmphex(qtest_readl(qts, 0x1000050000ULL), ==, 0x44332211);
    qtest_quit(qts);
}

/* ---------------------------------------------------------------------- */
/* strict=on (docs/errors.md): the first guest error stops the machine     */
/* ---------------------------------------------------------------------- */

static bool vm_running(QTestState *qts)
{
    QDict *resp = qtest_qmp(qts, "{ 'execute': 'query-status' }");
    bool running = qdict_get_bool(qdict_get_qdict(resp, "return"),
                                  "running");

    qobject_unref(resp);
    return running;
}

/* ATRELM of mutex 0, which no thread holds, pushed to thread T0 */
#define ATRELM0         0xa1000000u
#define INSTRN_BUF_T0   0xFFE40000u
/* SEMINIT of semaphore 0: a well-formed instruction */
#define SEMINIT_SEM0    0xa3100004u

static void test_strict(const void *data)
{
    const Arch *a = data;
    QTestState *qts;

    /* off by default: the error is logged and the machine runs on */
    qts = qtest_initf("-machine %s", a->machine);
    qtest_writel(qts, INSTRN_BUF_T0, ATRELM0);
    g_assert_true(vm_running(qts));
    qtest_quit(qts);

    qts = qtest_initf("-machine %s,strict=on", a->machine);
    qtest_writel(qts, INSTRN_BUF_T0, SEMINIT_SEM0);
    g_assert_true(vm_running(qts));
    qtest_writel(qts, INSTRN_BUF_T0, ATRELM0);
    g_assert_false(vm_running(qts));
    /* the process, its monitor and state remain: continue, stop again */
    qtest_qmp_assert_success(qts, "{ 'execute': 'cont' }");
    g_assert_true(vm_running(qts));
    qtest_writel(qts, INSTRN_BUF_T0, ATRELM0);
    g_assert_false(vm_running(qts));
    /* switched off at run time, as docs/errors.md shows */
    qtest_qmp_assert_success(qts, "{ 'execute': 'cont' }");
    g_free(qtest_hmp(qts, "qom-set /machine strict off"));
    qtest_writel(qts, INSTRN_BUF_T0, ATRELM0);
    g_assert_true(vm_running(qts));
    qtest_quit(qts);
}

int main(int argc, char **argv)
{
    g_autoptr(GError) gerr = NULL;
    int ret;

    g_test_init(&argc, &argv, NULL);
    tmp_dir = g_dir_make_tmp("tt-machine-XXXXXX", &gerr);
    g_assert_no_error(gerr);
    for (int i = 0; i < 2; i++) {
        const Arch *a = i ? &arch_wh : &arch_bh;
        static const struct {
            const char *name;
            void (*fn)(const void *);
        } tests[] = {
            { "options", test_options },
            { "options-edges", test_options_edges },
            { "unused-options", test_unused_options },
            { "elf", test_elf },
            { "elf-good", test_elf_good },
            { "loader", test_loader },
            { "strict", test_strict },
        };

        for (size_t t = 0; t < ARRAY_SIZE(tests); t++) {
            g_autofree char *path = g_strdup_printf("/tensix/machine/%s/%s",
                                                    a->name, tests[t].name);

            qtest_add_data_func(path, a, tests[t].fn);
        }
    }
    ret = g_test_run();
    {
        char *rm[] = { (char *)"rm", (char *)"-rf", tmp_dir, NULL };

        g_spawn_sync(NULL, rm, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL,
                     NULL, NULL, NULL);
    }
    g_free(tmp_dir);
    return ret;
}
