/*
 * QTest: boot the project's firmware (tests-qtest/firmware/ttfw) on
 * tt-blackhole and tt-wormhole with the launcher (tt-launch.c) and launch
 * kernels, the tt-metal slow-dispatch way (reference/boot-and-launch.md).
 *
 * The firmware and the test kernels are built at the start into a
 * temporary directory with firmware/ttfw/build.sh (about 2 s; the test is
 * skipped without riscv64-unknown-elf-gcc), unless TTFW_DIR names a build.
 *
 * Machine: a 2x1 grid at the chip's first worker, BH (1,2)-(2,2), WH
 * (1,1)-(2,1).  The firmware boots on the first tile; the second one, held
 * in reset, serves as remote memory for the kernels' NoC transfers (no
 * DRAM in a Tensix-only grid).  The DRAM test uses the full chip
 * (-M ...,soc=full; Blackhole only with -m slow: 700 cores take QEMU
 * seconds to create).
 *
 * Expected values are derived from the kernels' specification (comments
 * in firmware/ttfw/kernels/NAME.c) and the Dec-2024 layout
 * (firmware/ttfw/ttfw_layout.h), never from running the model.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#define TT_LAUNCH_NO_MAIN
#include "tt-launch.c"

static char *fw_root;           /* OUT of build.sh: OUT/{bh,wh}/... */
static char *fw_tmp;            /* to remove at the end */

/* tests-qtest, from this file (__FILE__ is relative to QEMU's build dir) */
static char *src_dir_from(const char *base)
{
    g_autofree char *src = g_path_is_absolute(__FILE__) ?
        g_strdup(__FILE__) : g_build_filename(base, __FILE__, NULL);
    g_autofree char *real = realpath(src, NULL);

    return real ? g_path_get_dirname(real) : NULL;
}

static char *find_src_dir(void)
{
    g_autofree char *cwd = g_get_current_dir();
    g_autofree char *exe = g_file_read_link("/proc/self/exe", NULL);
    char *dir = src_dir_from(cwd);

    if (!dir && exe) {
        g_autofree char *bin = g_path_get_dirname(exe);
        g_autofree char *build = g_build_filename(bin, "..", "..", "..",
                                                  NULL);

        dir = src_dir_from(build);
    }
    return dir;
}

/* Build the firmware and the test kernels; NULL (and why) if impossible */
static char *build_firmware(char **why)
{
    const char *env = getenv("TTFW_DIR");
    g_autofree char *src = NULL;
    g_autofree char *script = NULL;
    g_autofree char *cc = NULL;
    g_autoptr(GError) gerr = NULL;
    g_autofree char *out = NULL, *err = NULL;
    char *dir;
    int status;

    if (env && *env) {
        return g_strdup(env);
    }
    src = find_src_dir();
    if (!src) {
        *why = g_strdup("cannot find the tests-qtest sources");
        return NULL;
    }
    cc = g_find_program_in_path("riscv64-unknown-elf-gcc");
    if (!cc) {
        *why = g_strdup("riscv64-unknown-elf-gcc not found");
        return NULL;
    }
    script = g_build_filename(src, "firmware", "ttfw", "build.sh", NULL);
    dir = g_dir_make_tmp("ttfw-XXXXXX", &gerr);
    g_assert_no_error(gerr);
    {
        char *argv[] = { script, dir, NULL };

        if (!g_spawn_sync(NULL, argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                          &out, &err, &status, &gerr) ||
            !WIFEXITED(status) || WEXITSTATUS(status)) {
            fprintf(stderr, "%s failed:\n%s%s\n", script, out ?: "",
                    err ?: (gerr ? gerr->message : ""));
            g_assert_not_reached();
        }
    }
    fw_tmp = g_strdup(dir);
    return dir;
}

static void remove_tree(const char *path)
{
    char *argv[] = { (char *)"rm", (char *)"-rf", (char *)path, NULL };

    g_spawn_sync(NULL, argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL,
                 NULL, NULL, NULL);
}

/* ---------------------------------------------------------------------- */

typedef struct Env {
    TTLaunch l;
    const TTLArch *a;
    TTLTile me;                 /* booted tile */
    TTLTile mem;                /* the neighbour used as memory */
    char *fw;                   /* OUT/<arch> */
} Env;

static char *kpath(Env *e, const char *name)
{
    return g_strdup_printf("%s/kernels/%s.elf", e->fw, name);
}

static void env_start(Env *e, const TTLArch *a)
{
    g_autofree char *opts = NULL;

    memset(e, 0, sizeof(*e));
    e->a = a;
    e->me.x = a->first_x;
    e->me.y = a->first_y;
    e->mem.x = a->first_x + 1;
    e->mem.y = a->first_y;
    e->fw = g_strdup_printf("%s/%s", fw_root, a->fwdir);
    opts = g_strdup_printf("grid-width=2,grid-height=1,tile-x=%u,tile-y=%u",
                           e->me.x, e->me.y);
    g_assert_true(ttl_start(&e->l, a, opts, NULL, false));
}

static void env_boot(Env *e)
{
    if (!ttl_boot(&e->l, e->fw, &e->me, 1)) {
        g_error("boot: %s", e->l.err->str);
    }
}

static void env_stop(Env *e)
{
    ttl_stop(&e->l);
    g_free(e->fw);
}

static uint32_t rd(Env *e, const TTLTile *t, uint32_t a)
{
    return ttl_r32(&e->l, t->x, t->y, a);
}

static void wr(Env *e, const TTLTile *t, uint32_t a, uint32_t v)
{
    ttl_w32(&e->l, t->x, t->y, a, v);
}

/*
 * Wait (1 s at most) until word @a of the booted tile reads @v: BRISC
 * writes go DONE before it initialises its NoCs and reaches the launch
 * loop.
 */
static bool wait_word(Env *e, uint32_t a, uint32_t v)
{
    double t0 = ttl_now();

    while (rd(e, &e->me, a) != v) {
        if (ttl_now() - t0 > 1) {
            return false;
        }
        g_usleep(100);
    }
    return true;
}

/* ---------------------------------------------------------------------- */
/* Boot, and two launches of all five kernels                             */
/* ---------------------------------------------------------------------- */

#define SRC         0x20000u    /* on the memory tile */
#define DST         0x21000u    /* scale.c output, memory tile */
#define DST2        0x22000u    /* copy.c output, memory tile */
#define REPORT_B    0x30000u    /* reports, booted tile */
#define REPORT_NC   0x30100u
#define REPORT_T    0x30200u
#define NC_SCRATCH  0x41000u
#define CB0_ADDR    0x40000u
#define CB0_SIZE    0x1000u
#define CB0_PAGE    0x100u
#define NWORDS      8u
#define VALUE       0x12345u

static void fill_program(Env *e, TTLProgram *p, uint32_t mul, uint32_t add,
                         uint32_t noc, uint32_t sem0, uint32_t sem1)
{
    memset(p, 0, sizeof(*p));
    p->kernel[TTL_BRISC] = kpath(e, "scale-brisc");
    p->kernel[TTL_NCRISC] = kpath(e, "copy-ncrisc");
    p->kernel[TTL_TRISC0] = kpath(e, "tensix-trisc0");
    p->kernel[TTL_TRISC1] = kpath(e, "tensix-trisc1");
    p->kernel[TTL_TRISC2] = kpath(e, "tensix-trisc2");
    {
        uint32_t r[] = { e->mem.x, e->mem.y, SRC, e->mem.x, e->mem.y, DST,
                         NWORDS, mul, REPORT_B };

        memcpy(p->rta[TTFW_CLASS_DM0], r, sizeof(r));
        p->num_rta[TTFW_CLASS_DM0] = ARRAY_SIZE(r);
    }
    p->crta[TTFW_CLASS_DM0][0] = add;
    p->num_crta[TTFW_CLASS_DM0] = 1;
    {
        uint32_t r[] = { e->mem.x, e->mem.y, SRC, e->mem.x, e->mem.y, DST2,
                         4 * NWORDS, REPORT_NC, NC_SCRATCH };

        memcpy(p->rta[TTFW_CLASS_DM1], r, sizeof(r));
        p->num_rta[TTFW_CLASS_DM1] = ARRAY_SIZE(r);
    }
    p->rta[TTFW_CLASS_COMPUTE][0] = REPORT_T;
    p->rta[TTFW_CLASS_COMPUTE][1] = VALUE;
    p->num_rta[TTFW_CLASS_COMPUTE] = 2;
    p->sem[0] = sem0;
    p->sem[1] = sem1;
    p->cb[0].set = true;
    p->cb[0].addr = CB0_ADDR;
    p->cb[0].size = CB0_SIZE;
    p->cb[0].page_size = CB0_PAGE;
    p->brisc_noc = noc;
}

static void free_program(TTLProgram *p)
{
    for (int c = 0; c < TTL_NUM_CORES; c++) {
        g_free((char *)p->kernel[c]);
    }
}

static void check_launch(Env *e, uint32_t mul, uint32_t add, uint32_t noc,
                         uint32_t sem0, uint32_t sem1)
{
    const TTLArch *a = e->a;
    const uint32_t base = a->kcfg_base;
    /* ttfw_layout.h: slot p at kernel_config_base + 0x800 + 0x2000 p */
    const uint32_t slot0 = base + 0x800, slot1 = base + 0x2800;
    uint32_t xy = e->me.x | e->me.y << 8;

    /* scale.c: out[i] = in[i] * mul + add, in[i] = 3 i + 1 */
    for (uint32_t i = 0; i < NWORDS; i++) {
        g_assert_cmphex(rd(e, &e->mem, DST + 4 * i), ==,
                        (3 * i + 1) * mul + add);
    }
    /* copy.c: a copy of the input */
    for (uint32_t i = 0; i < NWORDS; i++) {
        g_assert_cmphex(rd(e, &e->mem, DST2 + 4 * i), ==, 3 * i + 1);
    }

    /* BRISC report: its NoC is the launch message's brisc_noc_id */
    g_assert_cmphex(rd(e, &e->me, REPORT_B + 0), ==, 0x600D0000);
    g_assert_cmphex(rd(e, &e->me, REPORT_B + 4), ==, xy | noc << 16);
    g_assert_cmphex(rd(e, &e->me, REPORT_B + 8), ==, base);
    g_assert_cmphex(rd(e, &e->me, REPORT_B + 12), ==, slot0);
    /* CB 0 in bytes on BRISC: fifo_limit - size = addr, pages = 16 */
    g_assert_cmphex(rd(e, &e->me, REPORT_B + 16), ==, CB0_ADDR);
    g_assert_cmphex(rd(e, &e->me, REPORT_B + 20), ==, CB0_SIZE);
    g_assert_cmphex(rd(e, &e->me, REPORT_B + 24), ==, CB0_PAGE);
    g_assert_cmphex(rd(e, &e->me, REPORT_B + 28), ==, CB0_SIZE / CB0_PAGE);
    g_assert_cmphex(rd(e, &e->me, REPORT_B + 32), ==, 0xDA7A0000);
    g_assert_cmphex(rd(e, &e->me, REPORT_B + 36), ==, 1);    /* .bss */
    g_assert_cmphex(rd(e, &e->me, REPORT_B + 40), ==, add);
    g_assert_cmphex(rd(e, &e->me, REPORT_B + 44), ==, sem0);

    /* NCRISC: the other NoC; table[1]; entry in the ring or WH IRAM */
    g_assert_cmphex(rd(e, &e->me, REPORT_NC + 0), ==, 0x600D0001);
    g_assert_cmphex(rd(e, &e->me, REPORT_NC + 4), ==, xy | (1 - noc) << 16);
    g_assert_cmphex(rd(e, &e->me, REPORT_NC + 8), ==, 0x7AB1E001);
    g_assert_cmphex(rd(e, &e->me, REPORT_NC + 12), ==,
                    a->wh ? TTFW_WH_NCRISC_KERNEL_IRAM : slot1);

    /*
     * TRISC n (proc 2 + n): GPR 10 = VALUE + n; CB 0 in 16-byte units:
     * TRISC0 read pointer, TRISC2 write pointer = 0x40000 >> 4, size
     * 0x1000 >> 4; TRISC1 sets up no CBs (0).
     */
    for (uint32_t n = 0; n < 3; n++) {
        uint32_t r = REPORT_T + 32 * n;

        g_assert_cmphex(rd(e, &e->me, r + 0), ==, 0x600D0002 + n);
        g_assert_cmphex(rd(e, &e->me, r + 4), ==, VALUE + n);
        g_assert_cmphex(rd(e, &e->me, r + 8), ==, n == 1 ? 0 : CB0_ADDR >> 4);
        g_assert_cmphex(rd(e, &e->me, r + 12), ==,
                        n == 1 ? 0 : CB0_SIZE >> 4);
        g_assert_cmphex(rd(e, &e->me, r + 16), ==, 0xDA7A0002 + n);
    }

    /* Semaphores 0 and 1 (16 bytes apart): +1 by BRISC, +2 by NCRISC */
    g_assert_cmphex(rd(e, &e->me, base + TTFW_KCFG_SEM), ==, sem0 + 1);
    g_assert_cmphex(rd(e, &e->me, base + TTFW_KCFG_SEM + 16), ==, sem1 + 2);

    /* Mailboxes: DONE, subordinates DONE, rd_ptr stays 0 (mode HOST) */
    g_assert_cmphex(rd(e, &e->me, TTFW_GO_MSG) >> 24, ==, TTFW_RUN_MSG_DONE);
    g_assert_cmphex(rd(e, &e->me, TTFW_SLAVE_SYNC), ==, 0);
    g_assert_cmphex(rd(e, &e->me, TTFW_LAUNCH_MSG_RD_PTR), ==, 0);
}

static void test_program(gconstpointer data)
{
    const TTLArch *a = data;
    Env e;
    TTLProgram p;
    double t0 = ttl_now();

    env_start(&e, a);
    env_boot(&e);

    /*
     * After the boot handshake (boot-and-launch.md 6.1, ttfw: BRISC waits
     * for the four subordinates): go DONE, every run byte DONE, BRISC
     * waiting for GO ("GW"), the others for their run byte ("W").
     */
    g_assert_cmphex(rd(&e, &e.me, TTFW_GO_MSG) >> 24, ==, TTFW_RUN_MSG_DONE);
    g_assert_cmphex(rd(&e, &e.me, TTFW_SLAVE_SYNC), ==, 0);
    g_assert_true(wait_word(&e, TTFW_WAYPOINT(0), 'G' | 'W' << 8));
    g_assert_cmphex(rd(&e, &e.me, TTFW_WAYPOINT(1)), ==, 'W');
    g_assert_cmphex(rd(&e, &e.me, TTFW_WAYPOINT(4)), ==, 'W');
    /* Wormhole: NCRISC parked its resume routine's address (in IRAM) */
    if (a->wh) {
        uint32_t resume = rd(&e, &e.me, TTFW_NCRISC_RESUME_ADDR);

        g_assert_cmphex(resume & 0xFFFF0000, ==, TTFW_MEM_NCRISC_IRAM_BASE);
    }

    for (uint32_t i = 0; i < NWORDS; i++) {
        wr(&e, &e.mem, SRC + 4 * i, 3 * i + 1);
    }

    /* Launch 1: BRISC on NoC 0, NCRISC on NoC 1 */
    fill_program(&e, &p, 5, 7, 0, 3, 10);
    if (!ttl_launch(&e.l, &p)) {
        g_error("launch 1: %s", e.l.err->str);
    }
    check_launch(&e, 5, 7, 0, 3, 10);
    g_test_message("%s: QEMU start %.3f s, boot %.3f s, launch %.3f s, "
                   "total %.3f s", a->name, e.l.t_start, e.l.t_boot,
                   e.l.t_launch_last, ttl_now() - t0);
    free_program(&p);

    /* Launch 2: other arguments, BRISC on NoC 1 and NCRISC on NoC 0 */
    fill_program(&e, &p, 0x100, 0x55, 1, 0, 7);
    if (!ttl_launch(&e.l, &p)) {
        g_error("launch 2: %s", e.l.err->str);
    }
    check_launch(&e, 0x100, 0x55, 1, 0, 7);
    free_program(&p);
    env_stop(&e);
}

/* ---------------------------------------------------------------------- */
/* A faulting kernel and a hung one                                       */
/* ---------------------------------------------------------------------- */

/* Value of symbol @name in ELF @path (its .symtab) */
static uint32_t elf_symbol(const char *path, const char *name)
{
    g_autofree uint8_t *buf = NULL;
    gsize len;
    const Elf32_Ehdr *eh;
    const Elf32_Shdr *sh;

    g_assert_true(g_file_get_contents(path, (char **)&buf, &len, NULL));
    eh = (const Elf32_Ehdr *)buf;
    sh = (const Elf32_Shdr *)(buf + eh->e_shoff);
    for (int i = 0; i < eh->e_shnum; i++) {
        const Elf32_Sym *sym;
        const char *str;

        if (sh[i].sh_type != SHT_SYMTAB) {
            continue;
        }
        sym = (const Elf32_Sym *)(buf + sh[i].sh_offset);
        str = (const char *)buf + sh[sh[i].sh_link].sh_offset;
        for (uint32_t j = 0; j < sh[i].sh_size / sizeof(*sym); j++) {
            if (!strcmp(str + sym[j].st_name, name)) {
                return sym[j].st_value;
            }
        }
    }
    g_assert_not_reached();
}

static void test_fault(gconstpointer data)
{
    const TTLArch *a = data;
    Env e;
    TTLProgram p;
    g_autofree char *k = NULL;
    g_autofree char *want_tile = NULL, *want_pc = NULL;

    env_start(&e, a);
    env_boot(&e);

    /*
     * fault.c on TRISC1: writes 0xFA017000 | proc (3) at compute arg 0,
     * then executes the all-ones word (illegal instruction, mcause 2) at
     * its symbol fault_pc.  The launch must fail at once (no timeout)
     * naming the tile, the core, the cause and that pc.
     */
    memset(&p, 0, sizeof(p));
    k = kpath(&e, "fault-trisc1");
    p.kernel[TTL_TRISC1] = k;
    p.rta[TTFW_CLASS_COMPUTE][0] = REPORT_T;
    p.num_rta[TTFW_CLASS_COMPUTE] = 1;
    e.l.timeout_s = 20;
    g_assert_false(ttl_launch(&e.l, &p));
    g_assert_cmphex(rd(&e, &e.me, REPORT_T), ==, 0xFA017003);
    want_tile = g_strdup_printf("tile (%u,%u) TRISC1:", e.me.x, e.me.y);
    want_pc = g_strdup_printf("illegal instruction (mcause 2) at pc 0x%08x",
                              elf_symbol(k, "fault_pc"));
    g_test_message("%s", e.l.err->str);
    g_assert_nonnull(strstr(e.l.err->str, want_tile));
    g_assert_nonnull(strstr(e.l.err->str, want_pc));
    g_assert_cmpfloat(e.l.t_launch_last, <, 10);
    env_stop(&e);

    /*
     * hang.c on NCRISC (Wormhole: in IRAM): after the timeout the error
     * says NCRISC is running its kernel ("R") and BRISC waits for it.
     */
    env_start(&e, a);
    env_boot(&e);
    memset(&p, 0, sizeof(p));
    g_free(k);
    k = kpath(&e, "hang-ncrisc");
    p.kernel[TTL_NCRISC] = k;
    e.l.timeout_s = 0.3;
    g_assert_false(ttl_launch(&e.l, &p));
    g_test_message("%s", e.l.err->str);
    g_assert_nonnull(strstr(e.l.err->str, "no DONE after 0.3 s"));
    g_assert_nonnull(strstr(e.l.err->str,
                            "NCRISC waypoint \"R\": is running its kernel"));
    g_assert_nonnull(strstr(e.l.err->str,
                            "BRISC  waypoint \"NTW\": waits for the "
                            "subordinates"));
    env_stop(&e);
}

/* ---------------------------------------------------------------------- */
/* DRAM on the full chip                                                  */
/* ---------------------------------------------------------------------- */

/*
 * dram.c through the bank tables, on -M <arch>,soc=full.  Bank 3: WH
 * channel 1 (port (0,6)) at offset 1 GiB, BH channel 3 (port (0,7)) at 0
 * (ttfw_layout.h / docs/launcher.md).  Bank-table XY entries: WH
 * (y << 10) | (x << 4), BH (y << 6) | x; NoC 1 mirrors the coordinates in
 * the WH 10x12 / BH 17x12 grid: WH (0,6) -> (9,5), BH (0,7) -> (16,4).
 */
static void test_dram(gconstpointer data)
{
    const TTLArch *a = data;
    const uint32_t bank = 3, off = 0x1000, n = 8;
    const uint32_t xy0 = a->wh ? (6 << 10) | (0 << 4) : (7 << 6) | 0;
    const uint32_t xy1 = a->wh ? (5 << 10) | (9 << 4) : (4 << 6) | 16;
    const uint64_t bank_off = a->wh ? 1ull << 30 : 0;
    const uint32_t dx = 0, dy = a->wh ? 6 : 7;
    g_autofree char *k = NULL;
    Env e;
    TTLProgram p;
    uint8_t w[4];

    /* 700 cores take QEMU ~4 s to create: only with -m slow */
    if (!a->wh && !g_test_slow()) {
        g_test_skip("the full Blackhole chip starts slowly: run with -m slow");
        return;
    }
    memset(&e, 0, sizeof(e));
    e.a = a;
    e.me.x = a->first_x;
    e.me.y = a->first_y;
    e.fw = g_strdup_printf("%s/%s", fw_root, a->fwdir);
    /* physical coordinates: Blackhole without the ARC's NoC translation */
    g_assert_true(ttl_start(&e.l, a, a->wh ? "soc=full"
                                           : "soc=full,noc-translation=off",
                            NULL, false));
    g_assert_true(e.l.full_chip);
    env_boot(&e);

    /* input 1..8 at bank 3 + 0x1000 */
    for (uint32_t i = 0; i < n; i++) {
        stl_le_p(w, i + 1);
        ttl_write(&e.l, dx, dy, bank_off + off + 4 * i, w, 4);
    }
    k = kpath(&e, "dram-brisc");
    for (uint32_t noc = 0; noc < 2; noc++) {
        memset(&p, 0, sizeof(p));
        p.kernel[TTL_BRISC] = k;
        p.rta[TTFW_CLASS_DM0][0] = bank;
        p.rta[TTFW_CLASS_DM0][1] = off;
        p.rta[TTFW_CLASS_DM0][2] = n;
        p.rta[TTFW_CLASS_DM0][3] = REPORT_B;
        p.rta[TTFW_CLASS_DM0][4] = CB0_ADDR;
        p.num_rta[TTFW_CLASS_DM0] = 5;
        p.brisc_noc = noc;
        ttl_zero(&e.l, dx, dy, bank_off + off + 4 * n, 4 * n);
        if (!ttl_launch(&e.l, &p)) {
            g_error("DRAM launch (NoC %u): %s", noc, e.l.err->str);
        }
        /* sum 1..8 = 36; written back: word i + 1 + 1 */
        g_assert_cmphex(rd(&e, &e.me, REPORT_B + 0), ==, 0x600D0000);
        g_assert_cmphex(rd(&e, &e.me, REPORT_B + 4), ==, 36);
        g_assert_cmphex(rd(&e, &e.me, REPORT_B + 8), ==, noc ? xy1 : xy0);
        g_assert_cmphex(rd(&e, &e.me, REPORT_B + 12), ==, (uint32_t)bank_off);
        g_assert_cmphex(rd(&e, &e.me, REPORT_B + 16), ==, a->num_dram_banks);
        for (uint32_t i = 0; i < n; i++) {
            g_assert_cmphex(ttl_r32(&e.l, dx, dy,
                                    bank_off + off + 4 * n + 4 * i), ==,
                            i + 2);
        }
    }
    env_stop(&e);
}

/* ---------------------------------------------------------------------- */
/* Bad input                                                              */
/* ---------------------------------------------------------------------- */

/* A one-segment RV32 ELF: entry @entry, @len bytes at @vaddr */
static char *write_elf(const char *dir, const char *name, uint32_t entry,
                       uint32_t vaddr, uint32_t len)
{
    g_autofree uint8_t *buf = g_malloc0(sizeof(Elf32_Ehdr) +
                                        sizeof(Elf32_Phdr) + len);
    Elf32_Ehdr *eh = (Elf32_Ehdr *)buf;
    Elf32_Phdr *ph = (Elf32_Phdr *)(eh + 1);
    char *path = g_build_filename(dir, name, NULL);

    memcpy(eh->e_ident, ELFMAG, SELFMAG);
    eh->e_ident[EI_CLASS] = ELFCLASS32;
    eh->e_ident[EI_DATA] = ELFDATA2LSB;
    eh->e_ident[EI_VERSION] = EV_CURRENT;
    eh->e_type = ET_EXEC;
    eh->e_machine = EM_RISCV;
    eh->e_version = EV_CURRENT;
    eh->e_entry = entry;
    eh->e_phoff = sizeof(*eh);
    eh->e_ehsize = sizeof(*eh);
    eh->e_phentsize = sizeof(*ph);
    eh->e_phnum = 1;
    ph->p_type = PT_LOAD;
    ph->p_offset = sizeof(*eh) + sizeof(*ph);
    ph->p_vaddr = ph->p_paddr = vaddr;
    ph->p_filesz = ph->p_memsz = len;
    g_assert_true(g_file_set_contents(path, (char *)buf,
                                      sizeof(*eh) + sizeof(*ph) + len, NULL));
    return path;
}

static void copy_file(const char *from, const char *to)
{
    g_autofree char *data = NULL;
    gsize len;

    g_assert_true(g_file_get_contents(from, &data, &len, NULL));
    g_assert_true(g_file_set_contents(to, data, len, NULL));
}

static void expect_error(Env *e, const char *what, const char *want)
{
    g_test_message("%s: %s", what, e->l.err->str);
    if (!strstr(e->l.err->str, want)) {
        g_error("%s: error '%s' does not contain '%s'", what,
                e->l.err->str, want);
    }
}

static void test_bad_input(gconstpointer data)
{
    const TTLArch *a = data;
    const TTLArch *other = a->wh ? &ttl_arch_bh : &ttl_arch_wh;
    g_autofree char *dir = g_dir_make_tmp("ttfw-bad-XXXXXX", NULL);
    g_autofree char *notelf = g_build_filename(dir, "notelf", NULL);
    g_autofree char *badfw = g_build_filename(dir, "fw", NULL);
    g_autofree char *seg = NULL, *wrong = NULL, *k = NULL;
    TTLTile nowhere = { 5, 5 };
    Env e;
    TTLProgram p;

    env_start(&e, a);
    e.l.timeout_s = 3;

    /* No tile at (5,5) in the 2x1 grid */
    g_assert_false(ttl_boot(&e.l, e.fw, &nowhere, 1));
    expect_error(&e, "missing tile", "no Tensix tile at (5,5)");

    /*
     * Firmware whose TRISC2 image has a segment at 0x100000: neither the
     * TRISC2 firmware area nor its local RAM.  Other images are good.
     */
    g_assert_cmpint(g_mkdir_with_parents(badfw, 0700), ==, 0);
    for (int c = 0; c < TTL_NUM_CORES; c++) {
        g_autofree char *from = g_strdup_printf("%s/%s.elf", e.fw,
                                                ttl_proc_name[c]);
        g_autofree char *to = g_strdup_printf("%s/%s.elf", badfw,
                                              ttl_proc_name[c]);

        if (c == TTL_TRISC2) {
            g_free(write_elf(badfw, "trisc2.elf", a->fw_base[c], 0x100000,
                             16));
        } else {
            copy_file(from, to);
        }
    }
    g_assert_false(ttl_boot(&e.l, badfw, &e.me, 1));
    {
        g_autofree char *want = g_strdup_printf(
            "tile (%u,%u) TRISC2 firmware '%s/trisc2.elf': segment "
            "[0x00100000, 0x00100010) is outside the TRISC2 firmware area",
            e.me.x, e.me.y, badfw);

        expect_error(&e, "segment outside", want);
    }

    /* The good firmware still boots afterwards */
    env_boot(&e);

    /* Kernels: not an ELF, built for the other architecture */
    g_assert_true(g_file_set_contents(notelf, "hello", 5, NULL));
    memset(&p, 0, sizeof(p));
    p.kernel[TTL_BRISC] = notelf;
    g_assert_false(ttl_launch(&e.l, &p));
    expect_error(&e, "not an ELF", "is not an ELF file");

    wrong = g_strdup_printf("%s/%s/kernels/scale-brisc.elf", fw_root,
                            other->fwdir);
    p.kernel[TTL_BRISC] = wrong;
    g_assert_false(ttl_launch(&e.l, &p));
    expect_error(&e, "other arch", "built for the other architecture");

    /* The BRISC kernel given to BRISC and TRISC0: same place */
    k = kpath(&e, "scale-brisc");
    p.kernel[TTL_BRISC] = k;
    p.kernel[TTL_TRISC0] = k;
    g_assert_false(ttl_launch(&e.l, &p));
    expect_error(&e, "overlap", "overlap in the ring");
    p.kernel[TTL_BRISC] = p.kernel[TTL_TRISC0] = NULL;

    /* Wormhole: the NCRISC kernel (code in IRAM) given to TRISC1 */
    if (a->wh) {
        g_autofree char *nc = kpath(&e, "copy-ncrisc");

        p.kernel[TTL_TRISC1] = nc;
        g_assert_false(ttl_launch(&e.l, &p));
        expect_error(&e, "IRAM kernel on a TRISC",
                     "only Wormhole NCRISC kernels run elsewhere");
    }

    /* A segment in the kernel-config area itself */
    seg = write_elf(dir, "cfg.elf", a->kcfg_base + 0x100,
                    a->kcfg_base + 0x100, 16);
    p.kernel[TTL_TRISC1] = seg;
    g_assert_false(ttl_launch(&e.l, &p));
    expect_error(&e, "config area", "is outside the kernel area");

    /* After all that, a good launch still works */
    fill_program(&e, &p, 2, 1, 0, 0, 0);
    for (uint32_t i = 0; i < NWORDS; i++) {
        wr(&e, &e.mem, SRC + 4 * i, 3 * i + 1);
    }
    if (!ttl_launch(&e.l, &p)) {
        g_error("good launch: %s", e.l.err->str);
    }
    check_launch(&e, 2, 1, 0, 0, 0);
    free_program(&p);
    env_stop(&e);
    remove_tree(dir);
}

/* ---------------------------------------------------------------------- */
/* Tiles the machine does not have (the command line, before QEMU)        */
/* ---------------------------------------------------------------------- */

/* ---------------------------------------------------------------------- */
/* tt-metal's own 2026 Blackhole firmware (--layout metal-2026)           */
/* ---------------------------------------------------------------------- */

/*
 * ../shared/firmware/blackhole-p100a beside the repository (README.md
 * there: the layout and the host's upload sequence), or
 * $TT_METAL_BH_FW_DIR; the tests are skipped without it.  Nothing of it
 * is copied into the repository.
 */
static char *repo_root;         /* the repository: tests-qtest/.. */
static char *metal_fw;          /* NULL: absent */
static bool metal_fw_beside;    /* ../shared/firmware/... (the docs' path) */

static void find_metal_fw(void)
{
    const char *env = getenv("TT_METAL_BH_FW_DIR");
    g_autofree char *src = find_src_dir();
    g_autofree char *dir = NULL;
    g_autofree char *brisc = NULL;

    if (src) {
        repo_root = realpath(src, NULL);
        if (repo_root) {
            char *r = g_path_get_dirname(repo_root);

            free(repo_root);
            repo_root = r;
        }
    }
    if (repo_root) {
        dir = g_build_filename(repo_root, "..", "shared", "firmware",
                               "blackhole-p100a", NULL);
        brisc = g_build_filename(dir, "brisc.elf", NULL);
        metal_fw_beside = g_file_test(brisc, G_FILE_TEST_IS_REGULAR);
        g_free(brisc);
    }
    if (env && *env) {
        g_free(dir);
        dir = g_strdup(env);
    }
    if (!dir) {
        return;
    }
    brisc = g_build_filename(dir, "brisc.elf", NULL);
    if (g_file_test(brisc, G_FILE_TEST_IS_REGULAR)) {
        metal_fw = g_steal_pointer(&dir);
    }
}

static bool metal_skip(void)
{
    if (!metal_fw) {
        g_test_skip("no ../shared/firmware/blackhole-p100a beside the "
                    "repository (or $TT_METAL_BH_FW_DIR)");
        return true;
    }
    return false;
}

static bool doc_skip(void)
{
    if (!metal_fw_beside) {
        g_test_skip("no ../shared/firmware/blackhole-p100a beside the "
                    "repository (the path of docs/launcher.md)");
        return true;
    }
    return false;
}

/*
 * Run a command line of docs/launcher.md exactly as written
 * ("scripts/tt-launch ..."), from the repository root, in a subprocess
 * (ttl_main is what the wrapper runs); it must succeed within
 * @timeout_s and write @pattern (a glob) on stderr and, unless NULL,
 * @out_pattern on stdout.
 */
static void run_doc_command_out(const char *line, const char *pattern,
                                const char *out_pattern, guint64 timeout_s)
{
    if (g_test_subprocess()) {
        const char *q = getenv("QTEST_QEMU_BINARY");
        g_autofree char *qemu = q ? realpath(q, NULL) : NULL;
        g_autoptr(GError) gerr = NULL;
        char **argv;
        int argc;

        g_assert_nonnull(qemu);
        g_setenv("QTEST_QEMU_BINARY", qemu, true);
        g_assert_cmpint(chdir(repo_root), ==, 0);
        g_assert_true(g_shell_parse_argv(line, &argc, &argv, &gerr));
        g_assert_cmpstr(argv[0], ==, "scripts/tt-launch");
        exit(ttl_main(argc, argv));
    }
    g_test_message("%s", line);
    g_test_trap_subprocess(NULL, timeout_s * G_USEC_PER_SEC, 0);
    g_test_trap_assert_stderr(pattern);
    if (out_pattern) {
        g_test_trap_assert_stdout(out_pattern);
    }
    g_test_trap_assert_passed();
}

static void run_doc_command(const char *line, const char *pattern,
                            guint64 timeout_s)
{
    run_doc_command_out(line, pattern, NULL, timeout_s);
}

/* The commands of docs/launcher.md, "Real tt-metal firmware" */
#define DOC_METAL_ONE \
    "scripts/tt-launch -m bh --layout metal-2026 " \
    "--fw ../shared/firmware/blackhole-p100a --boot-only -T"
#define DOC_METAL_GRID \
    "scripts/tt-launch -m bh --grid 1,2,2x1 --tile all " \
    "--layout metal-2026 --fw ../shared/firmware/blackhole-p100a " \
    "--boot-only -T -q \"-M spin-park=off\""
#define DOC_METAL_CHIP \
    "scripts/tt-launch -m bh --soc full --tile all --layout metal-2026 " \
    "--fw ../shared/firmware/blackhole-p100a --boot-only -T --timeout 600"
/* ... and its section "Launching a kernel" */
#define DOC_METAL_MARKER_ONE \
    "scripts/tt-launch -m bh --layout metal-2026 " \
    "--fw ../shared/firmware/blackhole-p100a --marker 0x20000 -r 2 " \
    "--read-l1 1,2:0x20000:12=- -T"
#define DOC_METAL_MARKER_CHIP \
    "scripts/tt-launch -m bh --soc full --tile all --layout metal-2026 " \
    "--fw ../shared/firmware/blackhole-p100a --marker 0x20000 -T " \
    "--timeout 600"

static void test_metal_doc_one(void)
{
    if (doc_skip()) {
        return;
    }
    run_doc_command(DOC_METAL_ONE, "tt-launch: QEMU start * s, firmware "
                    "upload * s, boot * s (1 tile ready), total * s\n", 60);
}

static void test_metal_doc_grid(void)
{
    if (doc_skip()) {
        return;
    }
    run_doc_command(DOC_METAL_GRID, "tt-launch: QEMU start * s, firmware "
                    "upload * s, boot * s (2 tiles ready), total * s\n", 60);
}

/* -m slow: every worker of soc=full (minutes on a busy 2-core host) */
static void test_metal_doc_chip(void)
{
    if (doc_skip()) {
        return;
    }
    if (!g_test_slow() && !g_test_subprocess()) {
        g_test_skip("the whole chip boot only with -m slow (the benchmark "
                    "bh-firmware-boot times it)");
        return;
    }
    run_doc_command(DOC_METAL_CHIP, "tt-launch: QEMU start * s, firmware "
                    "upload * s, boot * s (140 tiles ready), total * s\n",
                    900);
}

/*
 * The marker kernel on one tile, launched twice: its record (value of
 * launch 2, node ID (2 << 6) | 1, 2 runs) on stdout.
 */
static void test_metal_doc_marker_one(void)
{
    if (doc_skip()) {
        return;
    }
    run_doc_command_out(DOC_METAL_MARKER_ONE, "tt-launch: QEMU start * s, "
                        "firmware upload * s, boot * s (1 tile ready), 2 "
                        "launches * s (GO to DONE * s), total * s\n",
                        "0x00020000: 0x600d0002 0x00000081 0x00000002\n",
                        60);
}

/*
 * The marker kernel on all 140 workers of soc=full (tt-launch checks
 * every tile's record): a few seconds, so in the normal suite.
 */
#define DOC_METAL_IDLE_CHIP \
    "scripts/tt-launch -m bh --soc full --tile all --layout metal-2026 " \
    "--fw ../shared/firmware/blackhole-p100a --marker 0x20000 --idle 2 " \
    "--timeout 600"

/*
 * The whole chip left idle for 2 s after a launch (every core back in its
 * firmware's wait for the next go message): the host CPU QEMU used
 */
static void test_metal_doc_idle_chip(void)
{
    if (doc_skip()) {
        return;
    }
    run_doc_command(DOC_METAL_IDLE_CHIP, "tt-launch: idle * s: QEMU used "
                    "* s of host CPU (* % of one host CPU)\n", 900);
}

static void test_metal_doc_marker_chip(void)
{
    if (doc_skip()) {
        return;
    }
    run_doc_command(DOC_METAL_MARKER_CHIP, "tt-launch: QEMU start * s, "
                    "firmware upload * s, boot * s (140 tiles ready), 1 "
                    "launch * s (GO to DONE * s), total * s\n", 900);
}

static TTLTile metal_tile = { 1, 2 };

static void metal_start(TTLaunch *l)
{
    memset(l, 0, sizeof(*l));
    g_assert_true(ttl_start(l, &ttl_arch_bh, "grid-width=1,grid-height=1,"
                            "tile-x=1,tile-y=2", NULL, false));
}

/*
 * One tile: what the README's upload sequence leaves and what "firmware
 * ready" means, every core in its own firmware afterwards.
 */
static void test_metal_boot(void)
{
    static const uint32_t base[TTL_NUM_CORES] = {
        0x3840, 0x5440, 0x5a40, 0x6040, 0x6640,
    };
    TTLaunch l;
    const TTLTile *t = &metal_tile;
    int64_t idx[TTL_NUM_CORES];
    uint32_t sync;

    if (metal_skip()) {
        return;
    }
    metal_start(&l);
    if (!ttm_boot(&l, metal_fw, t, 1)) {
        g_error("boot: %s", l.err->str);
    }
    /* ready: go signal DONE, NCRISC TRISC1 TRISC2 0, TRISC0 0 or 3 */
    g_assert_cmphex(ttl_r32(&l, t->x, t->y, 0x370) >> 24, ==, 0);
    sync = ttl_r32(&l, t->x, t->y, 0x68);
    g_assert_cmphex(sync & 0xFFFF00FF, ==, 0);
    g_assert_true(((sync >> 8) & 0xFF) == 0 || ((sync >> 8) & 0xFF) == 3);
    /* BRISC released the others: SOFT_RESET_0 = 0 */
    g_assert_cmphex(ttl_r32(&l, t->x, t->y, TTFW_SOFT_RESET_0), ==, 0);
    /*
     * The upload: jal x0, 0x3840 at 0 (J-type: imm[11] 1, imm[19:12] 3,
     * imm[10:1] 0x20); reset PCs; BRISC's .data (the pointer to the
     * sync word, 0x68) staged at 0x82b0.
     */
    g_assert_cmphex(ttl_r32(&l, t->x, t->y, 0), ==,
                    (0x20u << 21) | (1u << 20) | (3u << 12) | 0x6F);
    g_assert_cmphex(ttl_r32(&l, t->x, t->y, 0xFFB12228), ==, 0x5a40);
    g_assert_cmphex(ttl_r32(&l, t->x, t->y, 0xFFB1222C), ==, 0x6040);
    g_assert_cmphex(ttl_r32(&l, t->x, t->y, 0xFFB12230), ==, 0x6640);
    g_assert_cmphex(ttl_r32(&l, t->x, t->y, 0xFFB12238), ==, 0x5440);
    g_assert_cmphex(ttl_r32(&l, t->x, t->y, 0x82b0), ==, 0x68);
    /*
     * Bank tables (docs/launcher.md): DRAM bank 0 = channel 0 port 1
     * (0,1), NoC 1 mirrored over the chip (16,10); L1 bank 0 = (1,2),
     * bank 109 = logical (10,9) = (13,11); offsets 0; logical column 7
     * = x 10, row 0 = y 2.
     */
    g_assert_cmphex(ttl_r32(&l, t->x, t->y, 0x112b0) & 0xFFFF, ==,
                    (1 << 6) | 0);
    g_assert_cmphex(ttl_r32(&l, t->x, t->y, 0x112b0 + 14) & 0xFFFF, ==,
                    (10 << 6) | 16);
    g_assert_cmphex(ttl_r32(&l, t->x, t->y, 0x112cc) & 0xFFFF, ==,
                    (2 << 6) | 1);
    g_assert_cmphex(ttl_r32(&l, t->x, t->y, 0x112cc + 2 * 108) >> 16, ==,
                    (11 << 6) | 13);
    g_assert_cmphex(ttl_r32(&l, t->x, t->y, 0x11484), ==, 0);
    g_assert_cmphex(ttl_r32(&l, t->x, t->y, 0x11ab0 + 4) >> 24, ==, 10);
    g_assert_cmphex(ttl_r32(&l, t->x, t->y, 0x11ac4) & 0xFF, ==, 2);
    /* every core runs its own firmware */
    ttl_tile_cpus(&l, t, idx);
    for (int c = 0; c < TTL_NUM_CORES; c++) {
        uint32_t pc = 0;

        g_assert_true(ttl_cpu_pc(&l, idx[c], &pc));
        g_test_message("%s pc 0x%08x", ttl_core_name[c], pc);
        g_assert_cmphex(pc, >=, base[c]);
        g_assert_cmphex(pc, <, base[c] + 0x600 * (c ? 1 : 4));
    }
    {
        GString *d = g_string_new(NULL);

        ttm_describe_tile(&l, t, d);
        g_test_message("after the boot:%s", d->str);
        g_string_free(d, true);
    }
    ttl_stop(&l);
}

/*
 * The bank tables on the whole Blackhole chip, whose NoCs translate after
 * reset as the ARC firmware leaves them (noc-translation, default on):
 * translated coordinates, the same numbers on both NoCs (DRAM bank 0 =
 * channel 0 port 1 (0,1) -> (17,13); bank 6 = channel 6 port 1 (9,4) ->
 * (18,19); Tensix unchanged), and with noc-translation=off physical ones,
 * NoC 1 mirrored.  Only the first worker is booted.
 */
static void test_metal_bank_xlat(void)
{
    static const char *const opts[] = {
        "soc=full", "soc=full,noc-translation=off",
    };

    if (metal_skip()) {
        return;
    }
    for (int off = 0; off < 2; off++) {
        TTLaunch l;
        const TTLTile *t = &metal_tile;
        uint32_t d0_1 = off ? (10 << 6) | 16 : (13 << 6) | 17;
        uint32_t l1_109_1 = off ? (0 << 6) | 3 : (11 << 6) | 13;

        memset(&l, 0, sizeof(l));
        g_assert_true(ttl_start(&l, &ttl_arch_bh, opts[off], NULL, false));
        if (!ttm_boot(&l, metal_fw, t, 1)) {
            g_error("boot (%s): %s", opts[off], l.err->str);
        }
        g_assert_cmpint(l.xlat[0], ==, !off);
        g_assert_cmpint(l.xlat[1], ==, !off);
        /* dram_bank_to_noc_xy[0][0], [0][6], [1][0] */
        g_assert_cmphex(ttl_r32(&l, t->x, t->y, 0x112b0) & 0xFFFF, ==,
                        off ? (1 << 6) | 0 : (13 << 6) | 17);
        g_assert_cmphex(ttl_r32(&l, t->x, t->y, 0x112b0 + 12) & 0xFFFF, ==,
                        off ? (4 << 6) | 9 : (19 << 6) | 18);
        g_assert_cmphex(ttl_r32(&l, t->x, t->y, 0x112b0 + 14) & 0xFFFF, ==,
                        d0_1);
        /* l1_bank_to_noc_xy[0][0], [1][109] */
        g_assert_cmphex(ttl_r32(&l, t->x, t->y, 0x112cc) & 0xFFFF, ==,
                        (2 << 6) | 1);
        g_assert_cmphex(ttl_r32(&l, t->x, t->y, 0x112cc + 2 * 218) >> 16, ==,
                        l1_109_1);
        /* logical column 7 = x 10, row 0 = y 2 either way */
        g_assert_cmphex(ttl_r32(&l, t->x, t->y, 0x11ab0 + 4) >> 24, ==, 10);
        g_assert_cmphex(ttl_r32(&l, t->x, t->y, 0x11ac4) & 0xFF, ==, 2);
        ttl_stop(&l);
    }
}

/*
 * A firmware that never gets ready (NCRISC's first instruction made a
 * "j ."): after --timeout, the report names the tile and says what each
 * core does.
 */
static void test_metal_hang(void)
{
    static const char *const procs[] = {
        "brisc", "trisc0", "trisc1", "trisc2",
    };
    g_autoptr(GError) gerr = NULL;
    g_autofree char *dir = NULL;
    g_autofree char *nc = NULL;
    g_autofree uint8_t *buf = NULL;
    g_autofree char *src = NULL;
    gsize len;
    TTLaunch l;
    const char *msg;

    if (metal_skip()) {
        return;
    }
    dir = g_dir_make_tmp("ttm-XXXXXX", &gerr);
    g_assert_no_error(gerr);
    for (size_t i = 0; i < ARRAY_SIZE(procs); i++) {
        g_autofree char *from = g_strdup_printf("%s/%s.elf", metal_fw,
                                                procs[i]);
        g_autofree char *to = g_strdup_printf("%s/%s.elf", dir, procs[i]);

        copy_file(from, to);
    }
    src = g_strdup_printf("%s/ncrisc.elf", metal_fw);
    nc = g_strdup_printf("%s/ncrisc.elf", dir);
    g_assert_true(g_file_get_contents(src, (char **)&buf, &len, NULL));
    {
        /* the text segment starting at the entry point */
        const Elf32_Ehdr *eh = (const Elf32_Ehdr *)buf;
        const Elf32_Phdr *ph = (const Elf32_Phdr *)(buf + eh->e_phoff);
        bool patched = false;

        for (int i = 0; i < eh->e_phnum; i++) {
            if (ph[i].p_type == PT_LOAD && ph[i].p_vaddr == eh->e_entry) {
                stl_le_p(buf + ph[i].p_offset, 0x0000006F);     /* j . */
                patched = true;
            }
        }
        g_assert_true(patched);
    }
    g_assert_true(g_file_set_contents(nc, (char *)buf, len, NULL));

    metal_start(&l);
    l.timeout_s = 1;
    g_assert_false(ttm_boot(&l, dir, &metal_tile, 1));
    msg = l.err->str;
    g_test_message("%s", msg);
    g_assert_true(g_str_has_prefix(msg, "firmware boot: 1 of 1 tile not "
                                   "ready after 1.0 s: (1,2)\n tile (1,2): "
                                   "go signal (0x373) 0x40 (INIT), sync "
                                   "word (0x68) 40 "));
    g_assert_nonnull(strstr(msg, "\n  NCRISC "));
    g_assert_nonnull(strstr(msg, "(pc 0x00005440, ncrisc firmware "
                            "_start+0x0)\n"));
    g_assert_nonnull(strstr(msg, "\n  BRISC "));
    g_assert_nonnull(strstr(msg, ", brisc firmware main+0x"));
    g_assert_nonnull(strstr(msg, ", trisc2 firmware main+0x"));
    g_assert_nonnull(strstr(msg, "\n  T0 "));
    ttl_stop(&l);
    remove_tree(dir);
}

/* Refused input of the metal-2026 layout (a firmware that is not one) */
static void test_metal_bad(void)
{
    TTLaunch l;
    g_autofree char *dir = NULL;

    if (metal_skip()) {
        return;
    }
    /* the Dec-2024 firmware layout is not the 2026 one */
    if (fw_root) {
        dir = g_strdup_printf("%s/bh", fw_root);
        metal_start(&l);
        g_assert_false(ttm_boot(&l, dir, &metal_tile, 1));
        g_test_message("%s", l.err->str);
        g_assert_true(g_str_has_prefix(l.err->str, "BRISC firmware '"));
        g_assert_nonnull(strstr(l.err->str, "': entry point 0x00003200, but "
                                "the metal-2026 layout starts the BRISC at "
                                "0x00003840"));
        ttl_stop(&l);
    }
}

/*
 * Launches on the 2026 firmware (docs/launcher.md, "Launching a kernel"):
 * the mailbox words the launch leaves, as the firmware's DWARF declares
 * them.
 */
#define MARKER      0x20000u

static void metal_boot1(TTLaunch *l)
{
    metal_start(l);
    if (!ttm_boot(l, metal_fw, &metal_tile, 1)) {
        g_error("boot: %s", l->err->str);
    }
}

/* The marker kernel, launched three times on one tile */
static void test_metal_marker(void)
{
    TTLProgram *p = g_new0(TTLProgram, 1);
    const TTLTile *t = &metal_tile;
    TTLaunch l;
    uint32_t lm = 0x70;             /* launch[0] */

    if (metal_skip()) {
        return;
    }
    metal_boot1(&l);
    l.marker = MARKER;
    for (uint32_t n = 1; n <= 3; n++) {
        if (!ttm_launch(&l, p)) {
            g_error("launch %u: %s", n, l.err->str);
        }
        /* value 0x600D0000 + n, node ID (y << 6) | x, runs */
        g_assert_cmphex(ttl_r32(&l, t->x, t->y, MARKER), ==, 0x600D0000 + n);
        g_assert_cmphex(ttl_r32(&l, t->x, t->y, MARKER + 4), ==,
                        (2 << 6) | 1);
        g_assert_cmphex(ttl_r32(&l, t->x, t->y, MARKER + 8), ==, n);
    }
    /* go message DONE; mode HOST: the read pointer stays at 0 */
    g_assert_cmphex(ttl_r32(&l, t->x, t->y, 0x370), ==, 0);
    g_assert_cmphex(ttl_r32(&l, t->x, t->y, 0x6c), ==, 0);
    g_assert_cmphex(ttl_r32(&l, t->x, t->y, 0x3a0), ==, 0);
    /*
     * launch[0]: kernel_config_base[TENSIX] 0x82b0, sem_offset 0x480,
     * local / remote CB offsets 0x580 / 0x780, DM0 RTAs at 0, mode HOST
     * (1), kernel_text_offset[0] 0x800 (the marker kernel at 0x8ab0),
     * no CBs, min_remote_cb_start_index 32, host_assigned_id 3, enables
     * DM0.
     */
    g_assert_cmphex(ttl_r32(&l, t->x, t->y, lm + 0x00), ==, 0x82b0);
    g_assert_cmphex(ttl_r32(&l, t->x, t->y, lm + 0x0c) & 0xFFFF, ==, 0x480);
    g_assert_cmphex(ttl_r32(&l, t->x, t->y, lm + 0x10) >> 16, ==, 0x580);
    g_assert_cmphex(ttl_r32(&l, t->x, t->y, lm + 0x14) & 0xFFFF, ==, 0x780);
    g_assert_cmphex(ttl_r32(&l, t->x, t->y, lm + 0x14) >> 16, ==, 0);
    g_assert_cmphex((ttl_r32(&l, t->x, t->y, lm + 0x28) >> 16) & 0xFF, ==,
                    1);
    g_assert_cmphex(ttl_r32(&l, t->x, t->y, lm + 0x2c), ==, 0x800);
    g_assert_cmphex(ttl_r32(&l, t->x, t->y, lm + 0x40), ==, 0);
    g_assert_cmphex((ttl_r32(&l, t->x, t->y, lm + 0x44) >> 16) & 0xFF, ==,
                    32);
    g_assert_cmphex(ttl_r32(&l, t->x, t->y, lm + 0x48), ==, 3);
    g_assert_cmphex(ttl_r32(&l, t->x, t->y, lm + 0x4c), ==, 1);
    /* its first instruction: lui t0, 0xffb00 (rta_l1_base 0xffb00018) */
    g_assert_cmphex(ttl_r32(&l, t->x, t->y, 0x8ab0), ==, 0xffb002b7);
    ttl_stop(&l);
    g_free(p);
}

/*
 * Kernels built here with Debian's riscv64-unknown-elf-gcc for all five
 * processors, linked at their place in the kernel area and against the
 * firmware's symbols (--just-symbols, as tt-metal links its kernels), as
 * docs/launcher.md says.  Kernel p (at 0x8ab0 + 0x100 p) writes, at its
 * runtime arg 0 + 32 p: 0xC0DE0000 | p, its runtime arg 1, its common
 * runtime arg 0, its run count, and (BRISC, NCRISC) semaphore 0.
 */
static const char metal_kernel_src[] =
    "#include <stdint.h>\n"
    "extern uint32_t *rta_l1_base;\n"
    "extern uint32_t *crta_l1_base;\n"
    "#if PROC < 2\n"
    "extern uint32_t *sem_l1_base[];\n"
    "#endif\n"
    "void kernel(void)\n"
    "{\n"
    "    volatile uint32_t *out =\n"
    "        (volatile uint32_t *)(rta_l1_base[0] + 32 * PROC);\n"
    "\n"
    "    out[0] = 0xC0DE0000 | PROC;\n"
    "    out[1] = rta_l1_base[1];\n"
    "    out[2] = crta_l1_base[0];\n"
    "    out[3] = out[3] + 1;\n"
    "#if PROC < 2\n"
    "    out[4] = sem_l1_base[0][0];\n"
    "#endif\n"
    "}\n";

/* Build kernel @c into @dir; false if there is no compiler */
static char *metal_build_kernel(const char *dir, int c)
{
    g_autofree char *cc = g_find_program_in_path("riscv64-unknown-elf-gcc");
    g_autofree char *src = g_build_filename(dir, "kernel.c", NULL);
    g_autofree char *def = g_strdup_printf("-DPROC=%d", c);
    g_autofree char *text = g_strdup_printf("-Wl,-Ttext=0x%x",
                                            TTM_KERNEL_AREA + 0x100 * c);
    g_autofree char *syms = g_strdup_printf("-Wl,--just-symbols=%s/%s.elf",
                                            metal_fw, ttl_proc_name[c]);
    g_autofree char *out = g_strdup_printf("%s/k-%s.elf", dir,
                                           ttl_proc_name[c]);
    g_autofree char *so = NULL, *se = NULL;
    g_autoptr(GError) gerr = NULL;
    int status;
    char *argv[] = {
        cc, (char *)"-march=rv32im", (char *)"-mabi=ilp32", (char *)"-Os",
        (char *)"-ffreestanding", (char *)"-nostdlib",
        (char *)"-nostartfiles", (char *)"-mno-relax", def,
        (char *)"-Wl,-N", text, (char *)"-Wl,-e,kernel", syms,
        (char *)"-Wl,--no-warn-rwx-segments", (char *)"-o", out, src, NULL,
    };

    if (!cc) {
        return NULL;
    }
    g_assert_true(g_file_set_contents(src, metal_kernel_src, -1, NULL));
    if (!g_spawn_sync(NULL, argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &so,
                      &se, &status, &gerr) ||
        !WIFEXITED(status) || WEXITSTATUS(status)) {
        g_error("building the %s kernel failed: %s%s", ttl_proc_name[c],
                se ?: "", gerr ? gerr->message : "");
    }
    return g_steal_pointer(&out);
}

static void test_metal_kernels(void)
{
    g_autoptr(GError) gerr = NULL;
    g_autofree char *dir = NULL;
    TTLProgram *p = g_new0(TTLProgram, 1);
    const TTLTile *t = &metal_tile;
    TTLaunch l;

    if (metal_skip()) {
        return;
    }
    dir = g_dir_make_tmp("ttm-k-XXXXXX", &gerr);
    g_assert_no_error(gerr);
    for (int c = 0; c < TTL_NUM_CORES; c++) {
        p->kernel[c] = metal_build_kernel(dir, c);
        if (!p->kernel[c]) {
            g_test_skip("riscv64-unknown-elf-gcc not found");
            remove_tree(dir);
            g_free(p);
            return;
        }
    }
    metal_boot1(&l);
    for (uint32_t n = 1; n <= 2; n++) {
        for (uint32_t cls = 0; cls < TTFW_NUM_CLASSES; cls++) {
            p->rta[cls][0] = MARKER;
            p->rta[cls][1] = 0x100 * n + cls;
            p->num_rta[cls] = 2;
            p->crta[cls][0] = 0xA00 * n + cls;
            p->num_crta[cls] = 1;
        }
        p->sem[0] = 0x5E0 + n;
        if (!ttm_launch(&l, p)) {
            g_error("launch %u: %s", n, l.err->str);
        }
        for (int c = 0; c < TTL_NUM_CORES; c++) {
            uint32_t r = MARKER + 32 * c;
            uint32_t cls = c < 2 ? c : TTFW_CLASS_COMPUTE;

            g_assert_cmphex(ttl_r32(&l, t->x, t->y, r), ==, 0xC0DE0000 | c);
            g_assert_cmphex(ttl_r32(&l, t->x, t->y, r + 4), ==,
                            0x100 * n + cls);
            g_assert_cmphex(ttl_r32(&l, t->x, t->y, r + 8), ==,
                            0xA00 * n + cls);
            g_assert_cmphex(ttl_r32(&l, t->x, t->y, r + 12), ==, n);
            if (c < 2) {
                g_assert_cmphex(ttl_r32(&l, t->x, t->y, r + 16), ==,
                                0x5E0 + n);
            }
        }
        /* enables: DM0, DM1, MATH0-2 */
        g_assert_cmphex(ttl_r32(&l, t->x, t->y, 0x70 + 0x4c), ==, 0x1F);
        g_assert_cmphex(ttl_r32(&l, t->x, t->y, 0x370), ==, 0);
    }
    /*
     * The marker kernel at the BRISC kernel's place, the others kept:
     * the new code is what runs
     */
    g_free((char *)p->kernel[TTL_BRISC]);
    p->kernel[TTL_BRISC] = NULL;
    p->num_rta[TTFW_CLASS_DM0] = 0;
    l.marker = MARKER + 0x1000;
    if (!ttm_launch(&l, p)) {
        g_error("marker launch: %s", l.err->str);
    }
    g_assert_cmphex(ttl_r32(&l, t->x, t->y, MARKER + 0x1000), ==,
                    0x600D0003);
    g_assert_cmphex(ttl_r32(&l, t->x, t->y, MARKER + 0x1008), ==, 1);
    g_assert_cmphex(ttl_r32(&l, t->x, t->y, MARKER + 12), ==, 2);
    g_assert_cmphex(ttl_r32(&l, t->x, t->y, MARKER + 32 + 12), ==, 3);
    ttl_stop(&l);
    for (int c = 0; c < TTL_NUM_CORES; c++) {
        g_free((char *)p->kernel[c]);
    }
    g_free(p);
    remove_tree(dir);
}

/* An ELF of @n instruction words at @addr (entry there) */
static char *write_code_elf(const char *dir, const char *name, uint32_t addr,
                            const uint32_t *w, uint32_t n)
{
    char *path = write_elf(dir, name, addr, addr, 4 * n);
    g_autofree uint8_t *buf = NULL;
    gsize len;

    g_assert_true(g_file_get_contents(path, (char **)&buf, &len, NULL));
    for (uint32_t i = 0; i < n; i++) {
        stl_le_p(buf + sizeof(Elf32_Ehdr) + sizeof(Elf32_Phdr) + 4 * i,
                 w[i]);
    }
    g_assert_true(g_file_set_contents(path, (char *)buf, len, NULL));
    return path;
}

/*
 * A BRISC kernel that never returns ("j ."): after --timeout the report
 * names the tile, the go signal GO and BRISC in the kernel; kernels the
 * launch refuses; then a good launch on the same tile.
 */
static void test_metal_launch_bad(void)
{
    static const uint32_t spin = 0x0000006F;            /* j . */
    static const uint32_t ret = 0x00008067;
    g_autoptr(GError) gerr = NULL;
    g_autofree char *dir = NULL;
    g_autofree char *hang = NULL, *low = NULL, *t0 = NULL, *odd = NULL;
    TTLProgram *p = g_new0(TTLProgram, 1);
    TTLaunch l;
    const char *msg;

    if (metal_skip()) {
        return;
    }
    dir = g_dir_make_tmp("ttm-bad-XXXXXX", &gerr);
    g_assert_no_error(gerr);
    hang = write_code_elf(dir, "hang.elf", TTM_KERNEL_AREA, &spin, 1);
    low = write_code_elf(dir, "low.elf", 0x6c40, &ret, 1);
    t0 = write_code_elf(dir, "t0.elf", TTM_KERNEL_AREA + 0x100, &ret, 1);
    odd = write_code_elf(dir, "odd.elf", TTM_KERNEL_AREA + 0x102, &ret, 1);

    /* refused before anything is written */
    metal_boot1(&l);
    p->kernel[TTL_NCRISC] = low;
    g_assert_false(ttm_launch(&l, p));
    g_test_message("%s", l.err->str);
    g_assert_nonnull(strstr(l.err->str, "NCRISC kernel '"));
    g_assert_nonnull(strstr(l.err->str, "low.elf': segment [0x00006c40, "
                            "0x00006c44) is outside the kernel area "
                            "[0x00008ab0, 0x000112b0) of the metal-2026 "
                            "ring: link the kernel there"));
    p->kernel[TTL_NCRISC] = odd;
    g_assert_false(ttm_launch(&l, p));
    g_assert_nonnull(strstr(l.err->str, "odd.elf': entry point 0x00008bb2 "
                            "is not 4-byte aligned"));
    p->kernel[TTL_NCRISC] = NULL;
    p->kernel[TTL_TRISC0] = t0;
    g_assert_false(ttm_launch(&l, p));
    g_assert_cmpstr(l.err->str, ==, "--layout metal-2026: the firmware "
                    "starts trisc0, trisc1 and trisc2 together: give each "
                    "of them a kernel, or none");
    p->kernel[TTL_TRISC0] = NULL;
    p->kernel[TTL_NCRISC] = hang;
    l.marker = MARKER;
    g_assert_false(ttm_launch(&l, p));
    g_assert_nonnull(strstr(l.err->str, "kernels 'the marker kernel' "
                            "(brisc) and '"));
    g_assert_nonnull(strstr(l.err->str, "hang.elf' (ncrisc) overlap in the "
                            "ring at 0x00008ab0"));
    p->kernel[TTL_NCRISC] = NULL;
    g_assert_cmpuint(l.launches, ==, 0);

    /* then a good launch */
    if (!ttm_launch(&l, p)) {
        g_error("good launch: %s", l.err->str);
    }
    g_assert_cmphex(ttl_r32(&l, 1, 2, MARKER), ==, 0x600D0001);

    /* a kernel that never returns */
    l.marker = 0;
    p->kernel[TTL_BRISC] = hang;
    l.timeout_s = 1;
    g_assert_false(ttm_launch(&l, p));
    msg = l.err->str;
    g_test_message("%s", msg);
    g_assert_true(g_str_has_prefix(msg, "launch 2: 1 of 1 tile not done "
                                   "after 1.0 s: (1,2)\n tile (1,2): go "
                                   "signal (0x373) 0x80 (GO), sync word "
                                   "(0x68) "));
    g_assert_nonnull(strstr(msg, "(pc 0x00008ab0, kernel '"));
    g_assert_nonnull(strstr(msg, "hang.elf' + 0x0)\n"));
    g_assert_nonnull(strstr(msg, ", trisc2 firmware main+0x"));
    ttl_stop(&l);
    g_free(p);
    remove_tree(dir);
}

/*
 * Run the tool (ttl_main) with @args in a subprocess: it must exit with a
 * failure and @want in its error output, within 20 s (without the check,
 * --write-l1 63,63 asked for a 64x64 grid of 20480 cores that never
 * started).
 */
static void expect_cli_error(const TTLArch *a, const char *args,
                             const char *want)
{
    g_autofree char *pattern = g_strdup_printf("*tt-launch: %s*", want);

    if (g_test_subprocess()) {
        g_autofree char *line = g_strdup_printf(
            "tt-launch -m %s --fw /nonexistent %s", a->fwdir, args);
        g_auto(GStrv) argv = g_strsplit(line, " ", -1);

        exit(ttl_main(g_strv_length(argv), argv));
    }
    g_test_message("tt-launch -m %s %s", a->fwdir, args);
    g_test_trap_subprocess(NULL, 20 * G_USEC_PER_SEC, 0);
    g_test_trap_assert_failed();
    g_test_trap_assert_stderr(pattern);
}

typedef struct CliCase {
    const TTLArch *a;
    const char *args;
    const char *want;
} CliCase;

static void test_cli_tile(gconstpointer data)
{
    const CliCase *c = data;

    expect_cli_error(c->a, c->args, c->want);
}

/* The last coordinates of each chip pass the check (it returns) */
static void test_cli_tile_edges(gconstpointer data)
{
    const TTLArch *a = data;

    check_machine_tile(a, false, 0, 0, 0, 0, a->chip_w - 1, a->chip_h - 1,
                       "--tile");
    check_machine_tile(a, true, 1, 1, 2, 3, 2, 3, "--tile");
    check_machine_tile(a, true, 1, 1, 2, 3, 1, 1, "--tile");
}

static const CliCase cli_cases[] = {
    /* issue 11: the default grid grew to cover (63,63) */
    { &ttl_arch_bh, "--write-l1 63,63:0x1000=words:1",
      "--write-l1: tile (63,63) is not on tt-blackhole: its NoC grid is "
      "17x12 (X 0-16, Y 0-11)" },
    { &ttl_arch_wh, "--write-l1 63,63:0x1000=words:1",
      "--write-l1: tile (63,63) is not on tt-wormhole: its NoC grid is "
      "10x12 (X 0-9, Y 0-11)" },
    /* one past the last column / row */
    { &ttl_arch_bh, "--tile 17,2",
      "--tile: tile (17,2) is not on tt-blackhole: its NoC grid is 17x12" },
    { &ttl_arch_wh, "--tile 10,1",
      "--tile: tile (10,1) is not on tt-wormhole: its NoC grid is 10x12" },
    { &ttl_arch_bh, "--read-l1 1,12:0:4=-",
      "--read-l1: tile (1,12) is not on tt-blackhole" },
    { &ttl_arch_wh, "--read-l1 1,12:0:4=-",
      "--read-l1: tile (1,12) is not on tt-wormhole" },
    { &ttl_arch_bh, "--soc full --write-l1 63,63:0=words:1",
      "--write-l1: tile (63,63) is not on tt-blackhole" },
    /* an explicit grid: only its tiles; and only inside the chip */
    { &ttl_arch_wh, "--grid 1,1,2x1 --tile 3,1",
      "--tile: tile (3,1) is outside --grid 1,1,2x1 (tiles (1,1) to (2,1))" },
    { &ttl_arch_bh, "--grid 1,2,2x1 --read-l1 1,3:0:4=-",
      "--read-l1: tile (1,3) is outside --grid 1,2,2x1" },
    { &ttl_arch_bh, "--grid 0,0,18x12",
      "--grid 0,0,18x12 does not fit tt-blackhole: its NoC grid is 17x12" },
    { &ttl_arch_wh, "--grid 0,0,10x13",
      "--grid 0,0,10x13 does not fit tt-wormhole: its NoC grid is 10x12" },
    /* --layout, --tile all */
    { &ttl_arch_bh, "--layout metal-2025",
      "--layout: 'metal-2025' is not dec-2024 or metal-2026" },
    { &ttl_arch_wh, "--layout metal-2026",
      "--layout metal-2026: tt-metal's 2026 Blackhole firmware layout; use "
      "-m bh" },
    { &ttl_arch_bh, "--layout metal-2026 -k trisc1=k.elf",
      "--layout metal-2026: the firmware starts trisc0, trisc1 and trisc2 "
      "together: give each of them a kernel, or none" },
    /* --marker */
    { &ttl_arch_bh, "--marker 0x20000",
      "--marker: the marker kernel runs on tt-metal's 2026 firmware: needs "
      "--layout metal-2026" },
    { &ttl_arch_bh, "--layout metal-2026 --marker 0x8000",
      "--marker: 0x8000: need a 4-byte aligned L1 address from 0x11ad0 "
      "(after the firmware's area and the kernel ring) to 0x17fff4" },
    { &ttl_arch_bh, "--layout metal-2026 --marker 0x20002",
      "--marker: 0x20002: need a 4-byte aligned L1 address" },
    { &ttl_arch_bh, "--layout metal-2026 --marker 0x20000 -k brisc=k.elf",
      "--marker and -k brisc= exclude each other: the marker kernel is "
      "BRISC's" },
    { &ttl_arch_bh, "--layout metal-2026 --marker 0x20000 -a brisc=1",
      "--marker sets BRISC's runtime args itself: no -a brisc=" },
    { &ttl_arch_bh, "--layout metal-2026 --marker 0x20000 --boot-only",
      "--marker launches a kernel: not with --boot-only" },
    { &ttl_arch_bh, "--tile all",
      "--tile all needs --soc full or --grid" },
    { &ttl_arch_bh, "--soc full --tile all --tile 1,2",
      "--tile all and --tile X,Y exclude each other" },
    { &ttl_arch_bh, "--layout metal-2026 --boot-only",
      "BRISC firmware: cannot read '/nonexistent/brisc.elf'" },
};

int main(int argc, char **argv)
{
    g_autofree char *why = NULL;
    int ret;

    g_test_init(&argc, &argv, NULL);
    fw_root = build_firmware(&why);
    if (!fw_root) {
        g_test_message("skipping: %s", why);
    }
    for (size_t i = 0; i < ARRAY_SIZE(cli_cases); i++) {
        g_autofree char *p = g_strdup_printf("/tensix/launch/%s/bad-tile/%zu",
                                             cli_cases[i].a->fwdir, i);

        qtest_add_data_func(p, &cli_cases[i], test_cli_tile);
    }
    for (int i = 0; i < 2; i++) {
        const TTLArch *a = i ? &ttl_arch_wh : &ttl_arch_bh;
        g_autofree char *p0 = g_strdup_printf("/tensix/launch/%s/tile-edges",
                                              a->fwdir);

        qtest_add_data_func(p0, a, test_cli_tile_edges);
    }
    for (int i = 0; i < 2; i++) {
        const TTLArch *a = i ? &ttl_arch_wh : &ttl_arch_bh;
        g_autofree char *p1 = g_strdup_printf("/tensix/launch/%s/program",
                                              a->fwdir);
        g_autofree char *p2 = g_strdup_printf("/tensix/launch/%s/fault-hang",
                                              a->fwdir);
        g_autofree char *p3 = g_strdup_printf("/tensix/launch/%s/bad-input",
                                              a->fwdir);
        g_autofree char *p4 = g_strdup_printf("/tensix/launch/%s/dram",
                                              a->fwdir);

        if (!fw_root) {
            continue;
        }
        qtest_add_data_func(p1, a, test_program);
        qtest_add_data_func(p2, a, test_fault);
        qtest_add_data_func(p3, a, test_bad_input);
        qtest_add_data_func(p4, a, test_dram);
    }
    find_metal_fw();
    qtest_add_func("/tensix/launch/bh/metal-2026/boot", test_metal_boot);
    qtest_add_func("/tensix/launch/bh/metal-2026/bank-xlat",
                   test_metal_bank_xlat);
    qtest_add_func("/tensix/launch/bh/metal-2026/hang", test_metal_hang);
    qtest_add_func("/tensix/launch/bh/metal-2026/bad", test_metal_bad);
    qtest_add_func("/tensix/launch/bh/metal-2026/doc-one",
                   test_metal_doc_one);
    qtest_add_func("/tensix/launch/bh/metal-2026/doc-grid",
                   test_metal_doc_grid);
    qtest_add_func("/tensix/launch/bh/metal-2026/doc-chip",
                   test_metal_doc_chip);
    qtest_add_func("/tensix/launch/bh/metal-2026/marker", test_metal_marker);
    qtest_add_func("/tensix/launch/bh/metal-2026/kernels",
                   test_metal_kernels);
    qtest_add_func("/tensix/launch/bh/metal-2026/launch-bad",
                   test_metal_launch_bad);
    qtest_add_func("/tensix/launch/bh/metal-2026/doc-marker-one",
                   test_metal_doc_marker_one);
    qtest_add_func("/tensix/launch/bh/metal-2026/doc-idle-chip",
                   test_metal_doc_idle_chip);
    qtest_add_func("/tensix/launch/bh/metal-2026/doc-marker-chip",
                   test_metal_doc_marker_chip);
    ret = g_test_run();
    if (fw_tmp) {
        remove_tree(fw_tmp);
    }
    g_free(fw_root);
    g_free(metal_fw);
    g_free(repo_root);
    return ret;
}
