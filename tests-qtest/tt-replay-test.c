/*
 * QTest: replay recorded tt-metal sessions (Wormhole B0) against tt-wormhole
 *
 * The traces shared/traces/wormhole_b0/NAME.trace (format and pass rule:
 * shared/traces/README.md) are what tt-metal 0.74's host runtime (slow
 * dispatch) sent to a simulator, with the replies it got.  Each line is
 *
 *     <CMD> core=<x>,<y> addr=0x<hex> size=<n> data=<hex|-> [reply=<hex|->]
 *
 * This test starts QEMU under TCG (guest code runs; libqtest's trailing
 * "-accel qtest" is only a fallback after our "-accel tcg"), holds every
 * Tensix tile, lets the VM run (QMP cont) and feeds the lines in order
 * through the qtest protocol, in the system address space = the NoC view
 * (tile (x, y)'s local address A at (y << 42) | (x << 36) | A):
 *
 *   WRITE           qtest_memwrite at the tile's NoC address
 *   READ            qtest_memread, compared with reply= byte for byte,
 *                   except (pass rule) go-message reads and reads of
 *                   Ethernet tiles (rows 0 and 6).  A go-message read of a
 *                   Tensix tile (L1 0x4A0, signal byte 0x4A3 in this
 *                   tt-metal version) is where the device must make
 *                   progress: re-read every millisecond until the signal
 *                   byte is 0 (RUN_MSG_DONE), or fail after a timeout.
 *   RESET_ASSERT    SOFT_RESET_0 (0xFFB121B0) = 0x47800 (all five cores
 *                   held), RESET_DEASSERT = 0x47000 (BRISC released):
 *                   reference/host-interfaces.md section 2.2
 *   EXIT            end of session
 *
 * Coordinates the machine does not model (no tile there) are skipped:
 * writes are dropped, reads are not compared but counted and reported.
 * Which coordinates hold what is asked from QEMU (QOM children of the
 * machine), so changing REPLAY_MACHINE is the only edit needed to move to
 * another machine configuration.
 *
 * The expected values are the replies of the reference simulator recorded
 * in the traces (for the numbered examples they were checked against a
 * closed form by the traces' authors), not values produced by this model.
 *
 * Environment:
 *   TT_TRACES_DIR          directory of the traces (default: shared/traces
 *                          beside the repository, found from this file)
 *   TT_REPLAY_ALL=1        also run the traces skipped below and print how
 *                          far they get (never fails on them)
 *   TT_REPLAY_ONLY=a,b     run only these traces
 *   TT_REPLAY_TILES=all    drive every Tensix tile the trace boots (default:
 *                          only the tiles that run kernels; see
 *                          docs/units/replay.md)
 *   TT_REPLAY_TIMEOUT=s    go-message wait limit in seconds (default 20)
 *   TT_REPLAY_QEMU_ARGS    extra QEMU arguments, e.g. "-d guest_errors,unimp"
 *   TT_REPLAY_MACHINE      -machine argument instead of REPLAY_MACHINE
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/bitops.h"
#include "libqtest.h"
#include "qobject/qdict.h"
#include "qobject/qlist.h"
#include "tt-qtest-util.h"

/*
 * The machine: the whole Wormhole B0 chip (80 Tensix tiles, DRAM, Ethernet
 * and the other tiles at their NoC 0 coordinates, a 10x12 NoC).  Any
 * machine configuration works (what it models is asked from QEMU); with a
 * Tensix-only grid such as
 * "tt-wormhole,grid-width=2,grid-height=1,tile-x=1,tile-y=1" the kernels
 * run but no DRAM read-back can be compared.
 */
#define REPLAY_MACHINE      "tt-wormhole,soc=full"
/*
 * A trace replayed with the model's fast paths off: every core spins as on
 * silicon and every vCPU exists from the start.  The replies must match
 * the recording all the same: results never depend on them.
 */
#define FAST_PATHS_OFF      ",spin-park=off,lazy-cores=off," \
                            "tensix-fast-paths=off"


#define NOC_GRID            64      /* 6-bit NoC coordinates */

/* tt-metal 0.74 Wormhole worker L1 (boot-and-launch.md section 0) */
#define GO_MSG_ADDR         0x4A0u
#define GO_MSG_SIGNAL_BYTE  3       /* signal byte at 0x4A3 */
#define RUN_MSG_GO          0x80u
#define RUN_MSG_DONE        0x00u

#define SOFT_RESET_0        0xFFB121B0u
#define SOFT_RESET_ASSERT   0x47800u    /* B, T0-T2, NC held */
#define SOFT_RESET_DEASSERT 0x47000u    /* B released */

/* NoC 1 NIU of a Wormhole tile (reference/address-map.md section 5) */
#define NOC1_NIU            0xFFB30000u
#define NOC_NODE_ID         0x2Cu
#define NOC_CFG(i)          (0x100u + 4 * (i))
#define NIU_CFG_0           0x0
#define NIU_CFG_0_XLAT_EN   (1u << 14)
#define NOC_X_TABLE         0x6     /* 32 x 4-bit entries, 8 per word */
#define NOC_Y_TABLE         0xA

#define DEFAULT_TIMEOUT_S   20

/* What the test expects of a trace */
typedef enum ReplayExpect {
    EXPECT_PASS,        /* every compared READ matches */
    EXPECT_SKIP,        /* needs units not modelled yet: not run */
} ReplayExpect;

typedef struct ReplayTrace {
    const char *name;
    ReplayExpect expect;
    const char *reason;         /* EXPECT_SKIP: why */
    /*
     * Kernels address other Tensix tiles on NoC 1 with NoC 0 coordinates
     * (see noc1_canonical_coordinates()).
     */
    bool noc1_canonical;
} ReplayTrace;

/*
 * One entry per trace.  Reasons name the first model piece each trace
 * needs that is missing (docs/units/replay.md has the full diagnosis).
 */
static const ReplayTrace replay_traces[] = {
    { "one", EXPECT_PASS, NULL },
    { "two", EXPECT_PASS, NULL },
    { "three", EXPECT_PASS, NULL },
    { "eight", EXPECT_PASS, NULL },
    { "nine", EXPECT_PASS, NULL, .noc1_canonical = true },
    { "loopback", EXPECT_PASS, NULL },
    { "four", EXPECT_PASS, NULL },
    { "four-fp", EXPECT_PASS, NULL },
    { "five", EXPECT_PASS, NULL },
    { "five-fp", EXPECT_PASS, NULL },
    { "matmulidx", EXPECT_PASS, NULL },
    { "tilize", EXPECT_PASS, NULL },
    { "transpose", EXPECT_PASS, NULL },
};

/* ---------------------------------------------------------------------- */
/* Finding the traces                                                     */
/* ---------------------------------------------------------------------- */

/*
 * shared/ sits beside the repository: <root>/main/tests-qtest/this.c and
 * <root>/shared/traces.  __FILE__ is relative to QEMU's build directory
 * (build/qemu, through the tests/qtest/tensix symlink), so resolve it from
 * the current directory and from the directory four levels above this
 * executable (build/qemu/tests/qtest/tensix/tt-replay-test).
 */
static char *traces_dir_from(const char *base)
{
    g_autofree char *src = g_path_is_absolute(__FILE__) ?
        g_strdup(__FILE__) : g_build_filename(base, __FILE__, NULL);
    g_autofree char *real = realpath(src, NULL);
    g_autofree char *dir = NULL;
    char *traces;

    if (!real) {
        return NULL;
    }
    dir = g_path_get_dirname(real);
    traces = g_build_filename(dir, "..", "..", "shared", "traces", NULL);
    if (!g_file_test(traces, G_FILE_TEST_IS_DIR)) {
        g_free(traces);
        return NULL;
    }
    return traces;
}

static char *find_traces_dir(void)
{
    const char *env = getenv("TT_TRACES_DIR");
    g_autofree char *cwd = g_get_current_dir();
    g_autofree char *exe = g_file_read_link("/proc/self/exe", NULL);
    char *dir;

    if (env && *env) {
        return g_file_test(env, G_FILE_TEST_IS_DIR) ? g_strdup(env) : NULL;
    }
    dir = traces_dir_from(cwd);
    if (!dir && exe) {
        g_autofree char *bin = g_path_get_dirname(exe);
        g_autofree char *build = g_build_filename(bin, "..", "..", "..",
                                                  NULL);

        dir = traces_dir_from(build);
    }
    return dir;
}

/* ---------------------------------------------------------------------- */
/* Trace lines                                                            */
/* ---------------------------------------------------------------------- */

typedef enum ReplayCmd {
    CMD_WRITE,
    CMD_READ,
    CMD_RESET_ASSERT,
    CMD_RESET_DEASSERT,
    CMD_EXIT,
} ReplayCmd;

typedef struct ReplayLine {
    int lineno;
    ReplayCmd cmd;
    uint32_t x, y;
    uint64_t addr;
    uint32_t size;
    GByteArray *data;           /* WRITE payload */
    GByteArray *reply;          /* READ reply (NULL if "-") */
} ReplayLine;

static GByteArray *parse_hex(const char *hex)
{
    size_t n = strlen(hex);
    GByteArray *b;

    if (!strcmp(hex, "-")) {
        return NULL;
    }
    g_assert((n & 1) == 0);
    b = g_byte_array_sized_new(n / 2);
    for (size_t i = 0; i < n; i += 2) {
        int hi = g_ascii_xdigit_value(hex[i]);
        int lo = g_ascii_xdigit_value(hex[i + 1]);
        uint8_t v;

        g_assert(hi >= 0 && lo >= 0);
        v = hi << 4 | lo;
        g_byte_array_append(b, &v, 1);
    }
    return b;
}

static void line_free(gpointer p)
{
    ReplayLine *l = p;

    if (l->data) {
        g_byte_array_unref(l->data);
    }
    if (l->reply) {
        g_byte_array_unref(l->reply);
    }
    g_free(l);
}

/* Parse one line; NULL for comments and blank lines */
static ReplayLine *parse_line(const char *text, int lineno)
{
    g_auto(GStrv) tok = g_strsplit_set(text, " \t\r", -1);
    ReplayLine *l;
    int n = 0;

    while (tok[n] && *tok[n]) {
        n++;
    }
    if (!n || tok[0][0] == '#') {
        return NULL;
    }
    l = g_new0(ReplayLine, 1);
    l->lineno = lineno;
    if (!strcmp(tok[0], "WRITE")) {
        l->cmd = CMD_WRITE;
    } else if (!strcmp(tok[0], "READ")) {
        l->cmd = CMD_READ;
    } else if (!strcmp(tok[0], "RESET_ASSERT")) {
        l->cmd = CMD_RESET_ASSERT;
    } else if (!strcmp(tok[0], "RESET_DEASSERT")) {
        l->cmd = CMD_RESET_DEASSERT;
    } else if (!strcmp(tok[0], "EXIT")) {
        l->cmd = CMD_EXIT;
    } else {
        g_error("trace line %d: unknown command '%s'", lineno, tok[0]);
    }
    for (int i = 1; i < n; i++) {
        const char *t = tok[i];

        if (g_str_has_prefix(t, "core=")) {
            g_assert(sscanf(t + 5, "%u,%u", &l->x, &l->y) == 2);
            g_assert(l->x < NOC_GRID && l->y < NOC_GRID);
        } else if (g_str_has_prefix(t, "addr=")) {
            l->addr = g_ascii_strtoull(t + 5, NULL, 0);
        } else if (g_str_has_prefix(t, "size=")) {
            l->size = g_ascii_strtoull(t + 5, NULL, 0);
        } else if (g_str_has_prefix(t, "data=")) {
            l->data = parse_hex(t + 5);
        } else if (g_str_has_prefix(t, "reply=")) {
            l->reply = parse_hex(t + 6);
        }
    }
    if (l->cmd == CMD_WRITE) {
        g_assert(l->data);
    }
    return l;
}

static GPtrArray *parse_trace(const char *text)
{
    g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
    GPtrArray *a = g_ptr_array_new_with_free_func(line_free);

    for (int i = 0; lines[i]; i++) {
        ReplayLine *l = parse_line(lines[i], i + 1);

        if (l) {
            g_ptr_array_add(a, l);
        }
    }
    return a;
}

static GPtrArray *load_trace(const char *path)
{
    g_autofree char *text = NULL;
    g_autoptr(GError) err = NULL;

    if (!g_file_get_contents(path, &text, NULL, &err)) {
        g_error("%s: %s", path, err->message);
    }
    return parse_trace(text);
}

/* ---------------------------------------------------------------------- */
/* The machine: which coordinates hold what                               */
/* ---------------------------------------------------------------------- */

typedef enum TileKind {
    KIND_ABSENT,
    KIND_TENSIX,
    KIND_OTHER,         /* a non-Tensix tile the machine maps (DRAM, ...) */
} TileKind;

typedef struct Replay {
    QTestState *qts;
    const ReplayTrace *trace;
    uint8_t kind[NOC_GRID][NOC_GRID];
    bool driven[NOC_GRID][NOC_GRID];    /* Tensix tiles the replay runs */
    bool kernel[NOC_GRID][NOC_GRID];    /* tiles the trace launches on */
    bool full_chip;                     /* the machine maps non-Tensix */
    bool drive_all;                     /* drive idle Tensix tiles too */
    bool fast_paths_off;                /* FAST_PATHS_OFF */
    double timeout_s;

    /* Results */
    unsigned writes, writes_dropped;
    unsigned reads_compared, reads_matched;
    unsigned reads_absent, reads_eth, reads_go, reads_go_undriven;
    unsigned go_waits;
    double go_wait_s;
    int first_mismatch_line;
    GString *mismatch;
    int timeout_line;
    GString *timeout;
    bool reached_exit;
} Replay;

static bool is_eth_row(uint32_t y)
{
    return y == 0 || y == 6;
}

/*
 * Ask QEMU what it models: Tensix tiles are the machine's "tile[x,y]"
 * children.  A machine that maps the non-Tensix tiles of the chip (a
 * "tt-soc" child) makes every other coordinate of its grid present too.
 */
static void probe_machine(Replay *r)
{
    bool tensix[NOC_GRID][NOC_GRID];

    r->full_chip = tt_qom_topology(r->qts, &tensix[0][0], NOC_GRID);
    for (int x = 0; x < NOC_GRID; x++) {
        for (int y = 0; y < NOC_GRID; y++) {
            if (tensix[x][y]) {
                r->kind[x][y] = KIND_TENSIX;
            } else if (r->full_chip && r->kind[x][y] == KIND_ABSENT) {
                r->kind[x][y] = KIND_OTHER;
            }
        }
    }
}

/*
 * Tiles the trace launches kernels on: those whose go message is written
 * with RUN_MSG_GO.  The others only boot firmware and wait; by default
 * they are kept in reset (their go-message reads are never compared), so
 * that idle polling cores do not take the host CPUs from the kernel tiles.
 */
static void choose_driven(Replay *r, GPtrArray *lines)
{
    for (guint i = 0; i < lines->len; i++) {
        ReplayLine *l = g_ptr_array_index(lines, i);

        if (l->cmd == CMD_WRITE && l->addr == GO_MSG_ADDR &&
            l->data->len == 4 &&
            l->data->data[GO_MSG_SIGNAL_BYTE] == RUN_MSG_GO) {
            r->kernel[l->x][l->y] = true;
        }
    }
    for (int x = 0; x < NOC_GRID; x++) {
        for (int y = 0; y < NOC_GRID; y++) {
            /*
             * A Tensix tile of a smaller grid placed on an Ethernet row
             * would run the Ethernet firmware the trace writes there.
             */
            r->driven[x][y] = r->kind[x][y] == KIND_TENSIX &&
                              !is_eth_row(y) &&
                              (r->drive_all || r->kernel[x][y]);
        }
    }
}

/* Value of register @name (" pc ", "x1/ra") in an "info registers" dump */
static const char *reg_value(const char *regs, const char *name, char *buf)
{
    const char *p = strstr(regs, name);

    if (!p) {
        return "?";
    }
    p += strlen(name);
    while (*p == ' ') {
        p++;
    }
    g_strlcpy(buf, p, 9);
    return buf;
}

/* Set 4-bit entry @i of the Wormhole translation table at NOC_CFG(@base) */
static void set_xlat_entry(Replay *r, uint32_t x, uint32_t y, uint32_t base,
                           uint32_t i, uint32_t v)
{
    uint64_t a = TT_NOC(x, y, NOC1_NIU + NOC_CFG(base + i / 8));
    uint32_t w = qtest_readl(r->qts, a);

    w = deposit32(w, (i % 8) * 4, 4, v);
    qtest_writel(r->qts, a, w);
}

/*
 * The recording's NoC 1 convention.  tt-metal 0.74 kernels built with
 * coordinate virtualization put NoC 0 ("canonical") coordinates on NoC 1
 * (get_noc_addr() does not mirror them), while the bank tables give DRAM
 * in mirrored NoC 1 coordinates.  The reference simulator answers both on
 * NoC 1 (mesham/tt-sim tt_sim/device/noc_translation_test.py).  Silicon
 * does not: the machine starts with its firmware's translation
 * (Coordinates.md), which keeps 0..15 raw, and a silicon host gives
 * kernels translated coordinates (16..) instead (docs/decisions.md,
 * "Wormhole NoC translation and nine").  For traces whose kernels address
 * other Tensix tiles on NoC 1, overwrite the entries of each driven
 * tile's NoC 1 tables (separable 32-entry X and Y tables) for the kernel
 * tiles' canonical x and y with their NoC 1 coordinates, the firmware's
 * entries elsewhere, and make sure translation is enabled.  Valid while no
 * NoC 1 request uses a mirrored coordinate equal to a kernel tile's
 * canonical one (true for the traces flagged).
 */
static void noc1_canonical_coordinates(Replay *r)
{
    for (int dx = 0; dx < NOC_GRID; dx++) {
        for (int dy = 0; dy < NOC_GRID; dy++) {
            uint32_t id, w, h, cfg0;

            if (!r->driven[dx][dy]) {
                continue;
            }
            id = qtest_readl(r->qts, TT_NOC(dx, dy, NOC1_NIU + NOC_NODE_ID));
            w = extract32(id, 12, 7);
            h = extract32(id, 19, 7);
            for (int kx = 0; kx < NOC_GRID; kx++) {
                for (int ky = 0; ky < NOC_GRID; ky++) {
                    if (!r->kernel[kx][ky] || kx >= w || ky >= h) {
                        continue;
                    }
                    set_xlat_entry(r, dx, dy, NOC_X_TABLE, kx, w - 1 - kx);
                    set_xlat_entry(r, dx, dy, NOC_Y_TABLE, ky, h - 1 - ky);
                }
            }
            cfg0 = qtest_readl(r->qts, TT_NOC(dx, dy, NOC1_NIU +
                                              NOC_CFG(NIU_CFG_0)));
            qtest_writel(r->qts, TT_NOC(dx, dy, NOC1_NIU + NOC_CFG(NIU_CFG_0)),
                         cfg0 | NIU_CFG_0_XLAT_EN);
        }
    }
}

/* Cores of tile (x, y): PC and return address, for a timeout report */
static void report_tile_pcs(Replay *r, uint32_t x, uint32_t y, GString *out)
{
    QDict *resp = qtest_qmp(r->qts, "{'execute': 'query-cpus-fast'}");
    QList *list = qdict_get_qlist(resp, "return");
    g_autofree char *prefix = g_strdup_printf("/machine/tile[%u,%u]/", x, y);
    QListEntry *e;

    QLIST_FOREACH_ENTRY(list, e) {
        QDict *cpu = qobject_to(QDict, qlist_entry_obj(e));
        const char *path = qdict_get_str(cpu, "qom-path");
        int64_t idx = qdict_get_int(cpu, "cpu-index");
        QDict *hmp;
        const char *regs;
        char pc[9], ra[9];

        if (!g_str_has_prefix(path, prefix)) {
            continue;
        }
        hmp = qtest_qmp(r->qts, "{'execute': 'human-monitor-command', "
                        "'arguments': {'command-line': 'info registers', "
                        "'cpu-index': %" PRId64 "}}", idx);
        regs = qdict_get_try_str(hmp, "return");
        g_string_append_printf(out, "\n    %-12s pc %s ra %s",
                               path + strlen(prefix),
                               reg_value(regs ?: "", " pc ", pc),
                               reg_value(regs ?: "", "x1/ra", ra));
        qobject_unref(hmp);
    }
    qobject_unref(resp);
}

/* ---------------------------------------------------------------------- */
/* Replay                                                                 */
/* ---------------------------------------------------------------------- */

static void set_soft_reset(Replay *r, uint32_t x, uint32_t y, uint32_t v)
{
    qtest_writel(r->qts, TT_NOC(x, y, SOFT_RESET_0), v);
}

/* Wait until the go message of (x, y) says DONE; false on timeout */
static bool wait_go_done(Replay *r, ReplayLine *l)
{
    g_autoptr(GTimer) t = g_timer_new();
    uint8_t go[4];

    for (;;) {
        qtest_memread(r->qts, TT_NOC(l->x, l->y, GO_MSG_ADDR), go, 4);
        if (go[GO_MSG_SIGNAL_BYTE] == RUN_MSG_DONE) {
            break;
        }
        if (g_timer_elapsed(t, NULL) > r->timeout_s) {
            r->timeout_line = l->lineno;
            r->timeout = g_string_new(NULL);
            g_string_printf(r->timeout, "line %d: tile (%u,%u) go message "
                            "still %02x%02x%02x%02x (signal 0x%02x) after "
                            "%.0f s; cores:", l->lineno, l->x, l->y,
                            go[0], go[1], go[2], go[3],
                            go[GO_MSG_SIGNAL_BYTE], r->timeout_s);
            report_tile_pcs(r, l->x, l->y, r->timeout);
            return false;
        }
        g_usleep(1000);
    }
    r->go_waits++;
    r->go_wait_s += g_timer_elapsed(t, NULL);
    return true;
}

static void record_mismatch(Replay *r, ReplayLine *l, const uint8_t *got)
{
    const uint8_t *exp = l->reply->data;
    uint32_t n = MIN(l->size, l->reply->len);
    uint32_t first = 0, words = 0;
    GString *s;

    for (uint32_t i = 0; i < n; i += 4) {
        if (memcmp(exp + i, got + i, MIN(4, n - i))) {
            if (!words) {
                first = i;
            }
            words++;
        }
    }
    if (r->first_mismatch_line) {
        return;
    }
    r->first_mismatch_line = l->lineno;
    s = r->mismatch = g_string_new(NULL);
    g_string_printf(s, "line %d: READ (%u,%u) 0x%" PRIx64 " size %u: "
                    "%u of %u words differ, first at 0x%" PRIx64,
                    l->lineno, l->x, l->y, l->addr, l->size, words,
                    (n + 3) / 4, l->addr + first);
    /* Bytes in memory order, as the trace writes them */
    g_string_append(s, "\n    expected: ");
    for (uint32_t i = first; i < MIN(n, first + 32); i++) {
        g_string_append_printf(s, "%02x", exp[i]);
    }
    g_string_append(s, "\n    got:      ");
    for (uint32_t i = first; i < MIN(n, first + 32); i++) {
        g_string_append_printf(s, "%02x", got[i]);
    }
}

static void do_read(Replay *r, ReplayLine *l)
{
    g_autofree uint8_t *got = NULL;

    if (is_eth_row(l->y)) {
        r->reads_eth++;             /* no Ethernet firmware runs */
        return;
    }
    if (r->kind[l->x][l->y] == KIND_TENSIX && l->addr == GO_MSG_ADDR &&
        l->size == 4) {
        /* Not compared (timing); the device must get to DONE */
        r->reads_go++;
        if (!r->driven[l->x][l->y]) {
            r->reads_go_undriven++;
            return;
        }
        wait_go_done(r, l);
        return;
    }
    if (r->kind[l->x][l->y] == KIND_ABSENT ||
        (r->kind[l->x][l->y] == KIND_TENSIX && !r->driven[l->x][l->y])) {
        r->reads_absent++;
        return;
    }
    g_assert(l->reply && l->reply->len >= l->size);
    got = g_malloc(l->size);
    qtest_memread(r->qts, TT_NOC(l->x, l->y, l->addr), got, l->size);
    r->reads_compared++;
    if (!memcmp(got, l->reply->data, l->size)) {
        r->reads_matched++;
    } else {
        record_mismatch(r, l, got);
    }
}

/*
 * Whether a WRITE goes to the machine.  Writes to the Ethernet rows are
 * dropped unless every tile is driven: they only feed the Ethernet cores,
 * which nothing models (the tiles there are logging stubs, or Tensix tiles
 * of a grid that must not run Ethernet firmware).
 */
static bool accepts(Replay *r, ReplayLine *l)
{
    if (is_eth_row(l->y) && !r->drive_all) {
        return false;
    }
    switch (r->kind[l->x][l->y]) {
    case KIND_TENSIX:
        return r->driven[l->x][l->y];
    case KIND_OTHER:
        return true;
    default:
        return false;
    }
}

/* Run the whole trace; false if a go message never reached DONE */
static bool replay_run(Replay *r, GPtrArray *lines)
{
    for (guint i = 0; i < lines->len; i++) {
        ReplayLine *l = g_ptr_array_index(lines, i);

        switch (l->cmd) {
        case CMD_WRITE:
            if (!accepts(r, l)) {
                r->writes_dropped++;
                break;
            }
            qtest_memwrite(r->qts, TT_NOC(l->x, l->y, l->addr), l->data->data,
                           l->data->len);
            r->writes++;
            break;
        case CMD_READ:
            do_read(r, l);
            if (r->timeout) {
                return false;
            }
            break;
        case CMD_RESET_ASSERT:
        case CMD_RESET_DEASSERT:
            if (r->kind[l->x][l->y] == KIND_TENSIX &&
                r->driven[l->x][l->y]) {
                set_soft_reset(r, l->x, l->y, l->cmd == CMD_RESET_ASSERT ?
                               SOFT_RESET_ASSERT : SOFT_RESET_DEASSERT);
            }
            break;
        case CMD_EXIT:
            r->reached_exit = true;
            return true;
        }
    }
    return true;
}

static void replay_report(Replay *r, double seconds)
{
    g_test_message("%s: %.2f s (%.2f s waiting for %u go messages); "
                   "%u writes (%u to unmodelled, idle or Ethernet tiles "
                   "dropped); "
                   "reads: %u compared, %u matched; not compared: %u go "
                   "(%u of idle tiles), %u Ethernet, %u unmodelled%s",
                   r->trace->name, seconds, r->go_wait_s, r->go_waits,
                   r->writes, r->writes_dropped, r->reads_compared,
                   r->reads_matched, r->reads_go, r->reads_go_undriven,
                   r->reads_eth, r->reads_absent,
                   r->reached_exit ? "; reached EXIT" : "");
    if (r->mismatch) {
        g_test_message("%s: first mismatch at %s", r->trace->name,
                       r->mismatch->str);
    }
    if (r->timeout) {
        g_test_message("%s: stopped at %s", r->trace->name,
                       r->timeout->str);
    }
}

/*
 * Start QEMU, replay @lines, report, stop QEMU.  False if a go message
 * never reached DONE.
 */
static bool replay_session(Replay *r, GPtrArray *lines)
{
    const char *tmo = getenv("TT_REPLAY_TIMEOUT");
    const char *extra = getenv("TT_REPLAY_QEMU_ARGS");
    g_autoptr(GTimer) timer = g_timer_new();
    bool ok;

    const char *machine = getenv("TT_REPLAY_MACHINE");

    r->timeout_s = tmo ? g_ascii_strtod(tmo, NULL) : DEFAULT_TIMEOUT_S;
    r->qts = qtest_initf("-machine %s%s -accel tcg -S %s",
                         machine && *machine ? machine : REPLAY_MACHINE,
                         r->fast_paths_off ? FAST_PATHS_OFF : "",
                         extra ? extra : "");
    probe_machine(r);
    choose_driven(r, lines);
    /* Every Tensix tile starts held, as UMD leaves them before a session */
    for (int x = 0; x < NOC_GRID; x++) {
        for (int y = 0; y < NOC_GRID; y++) {
            if (r->kind[x][y] == KIND_TENSIX) {
                set_soft_reset(r, x, y, SOFT_RESET_ASSERT);
            }
        }
    }
    if (r->trace->noc1_canonical) {
        noc1_canonical_coordinates(r);
    }
    qtest_qmp_assert_success(r->qts, "{'execute': 'cont'}");

    ok = replay_run(r, lines);
    replay_report(r, g_timer_elapsed(timer, NULL));
    qtest_quit(r->qts);
    r->qts = NULL;
    return ok;
}

static void replay_free(Replay *r)
{
    if (r->mismatch) {
        g_string_free(r->mismatch, true);
    }
    if (r->timeout) {
        g_string_free(r->timeout, true);
    }
}

static void test_replay_common(const ReplayTrace *tr, bool fast_paths_off);

static void test_replay(const void *data)
{
    test_replay_common(data, false);
}

static void test_replay_fast_paths_off(const void *data)
{
    test_replay_common(data, true);
}

static void test_replay_common(const ReplayTrace *tr, bool fast_paths_off)
{
    g_autofree char *dir = find_traces_dir();
    g_autofree char *path = NULL;
    const char *all = getenv("TT_REPLAY_ALL");
    const char *tiles = getenv("TT_REPLAY_TILES");
    bool run_anyway = all && *all && strcmp(all, "0");
    g_autoptr(GPtrArray) lines = NULL;
    Replay r = {
        .trace = tr,
        .drive_all = tiles && !strcmp(tiles, "all"),
        .fast_paths_off = fast_paths_off,
    };
    bool ok;

    if (!dir) {
        g_test_skip("no shared/traces beside the repository (set "
                    "TT_TRACES_DIR)");
        return;
    }
    path = g_strdup_printf("%s/wormhole_b0/%s.trace", dir, tr->name);
    if (!g_file_test(path, G_FILE_TEST_IS_REGULAR)) {
        g_test_skip("trace file missing");
        return;
    }
    if (tr->expect == EXPECT_SKIP && !run_anyway) {
        g_test_skip(tr->reason);
        return;
    }
    lines = load_trace(path);
    ok = replay_session(&r, lines);

    if (tr->expect == EXPECT_SKIP) {
        g_test_skip(tr->reason);
    } else {
        g_assert_true(ok);
        g_assert_true(r.reached_exit);
        g_assert_cmpint(r.first_mismatch_line, ==, 0);
        g_assert_cmpuint(r.reads_matched, ==, r.reads_compared);
        if (!r.reads_compared && !g_test_failed()) {
            g_test_skip("firmware and kernels ran to completion, but no "
                        "READ was comparable: the machine models no tile "
                        "at the data read-back's coordinates (DRAM)");
        }
    }
    replay_free(&r);
}

/*
 * The replayer itself, on a hand-written session (needs no trace files):
 * writes land at the NoC address of the tile named, READ replies are
 * compared byte for byte (a reply differing in one bit is caught), absent
 * coordinates and Ethernet rows are counted and not compared, a go-message
 * read whose signal byte is already 0 returns at once, RESET_ASSERT writes
 * SOFT_RESET_0 = 0x47800 (read back through the NoC as 00780400), and
 * nothing after EXIT runs.  The expected counts follow from the lines.
 */
static const char selftest_trace[] =
    "# replayer self-test\n"
    "WRITE core=1,1 addr=0x4a0 size=4 data=00000080\n"       /* kernel tile */
    "WRITE core=1,1 addr=0x4a0 size=4 data=00000000\n"
    "WRITE core=1,1 addr=0x20000 size=8 data=0123456789abcdef\n"
    "READ core=1,1 addr=0x20000 size=8 data=- reply=0123456789abcdef\n"
    "READ core=1,1 addr=0x20004 size=4 data=- reply=89abcdee\n"  /* line 6 */
    "WRITE core=3,3 addr=0x0 size=4 data=ffffffff\n"           /* idle/absent */
    "READ core=3,3 addr=0x0 size=4 data=- reply=00000000\n"
    "READ core=1,0 addr=0x2490 size=4 data=- reply=12345678\n"  /* Ethernet */
    "READ core=1,1 addr=0x4a0 size=4 data=- reply=00000080\n"   /* go */
    "RESET_ASSERT core=1,1 addr=0x0 size=4 data=00000000\n"
    "READ core=1,1 addr=0xffb121b0 size=4 data=- reply=00780400\n"
    "EXIT core=0,0 addr=0x0 size=4 data=00000000\n"
    "READ core=1,1 addr=0x20000 size=4 data=- reply=00000000\n";

static const ReplayTrace selftest = { "selftest", EXPECT_PASS, NULL };

static void test_selftest(void)
{
    g_autoptr(GPtrArray) lines = parse_trace(selftest_trace);
    Replay r = { .trace = &selftest };

    g_assert_true(replay_session(&r, lines));
    g_assert_true(r.reached_exit);
    g_assert_cmpuint(r.writes, ==, 3);
    g_assert_cmpuint(r.writes_dropped, ==, 1);
    g_assert_cmpuint(r.reads_compared, ==, 3);
    g_assert_cmpuint(r.reads_matched, ==, 2);
    g_assert_cmpint(r.first_mismatch_line, ==, 6);
    g_assert_cmpuint(r.reads_absent, ==, 1);
    g_assert_cmpuint(r.reads_eth, ==, 1);
    g_assert_cmpuint(r.reads_go, ==, 1);
    g_assert_cmpuint(r.go_waits, ==, 1);
    replay_free(&r);
}

int main(int argc, char **argv)
{
    const char *only = getenv("TT_REPLAY_ONLY");
    g_auto(GStrv) names = only ? g_strsplit(only, ",", -1) : NULL;

    g_test_init(&argc, &argv, NULL);
    /* A failing trace must not stop the others (-k) */
    g_test_set_nonfatal_assertions();
    qtest_add_func("/tt-replay/selftest", test_selftest);
    for (size_t i = 0; i < G_N_ELEMENTS(replay_traces); i++) {
        g_autofree char *p = NULL;

        if (names && !g_strv_contains((const char *const *)names,
                                      replay_traces[i].name)) {
            continue;
        }
        p = g_strdup_printf("/tt-replay/wormhole_b0/%s",
                            replay_traces[i].name);
        qtest_add_data_func(p, &replay_traces[i], test_replay);
        g_free(p);
        p = g_strdup_printf("/tt-replay/wormhole_b0/fast-paths-off/%s",
                            replay_traces[i].name);
        qtest_add_data_func(p, &replay_traces[i],
                            test_replay_fast_paths_off);
    }
    return g_test_run();
}
