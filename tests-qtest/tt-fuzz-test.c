/*
 * qemu-tensix fuzz targets (tt-blackhole, tt-wormhole)
 *
 * Random host and guest input that must never crash, hang or stall QEMU
 * (docs/reliability.md, "Fuzzing"):
 *
 *  mmio    one tile (-accel qtest): random reads and writes of 1, 2 and 4
 *          bytes, random addresses and values, over every MMIO region of
 *          the tile as its BRISC sees it (L1, local RAM, TDMA-RISC, tile
 *          registers, PIC, local RAM alias, both NIUs, overlay, REGFILE,
 *          INSTRN_BUF, PC_BUF, mailboxes, CFG), through the NoC view and
 *          anywhere else, with an occasional machine reset;
 *  noc     the whole chip (soc=full, -accel qtest): NoC requests with
 *          random registers from random Tensix tiles' NIUs to random
 *          coordinates and addresses (Tensix, DRAM, ARC, PCIe, Ethernet,
 *          router-only, outside the grid), NIU configuration writes and
 *          direct accesses to every tile's NoC window;
 *  tensix  one tile (-accel tcg: the TRISCs run): random configuration
 *          (Config, ThreadConfig, MOP_CFG) then random instruction words
 *          pushed to every thread, by BRISC (after the MOP expander) and
 *          by the TRISCs (through it: MOP and REPLAY set-ups).  Each
 *          TRISC runs a small proxy program in L1 that performs the loads
 *          and stores the test asks for, which reach the windows only a
 *          TRISC sees (MOP_CFG, Blackhole's Dst window, its own PC_BUF).
 *
 * After each batch of operations the test steps the virtual clock (qtest
 * accelerator: timers such as the NIUs' request chunks run; under TCG
 * they run in real time), then checks that QEMU answers QMP
 * (query-status) and reads a known register back (NOC_NODE_ID); a batch
 * that takes too long aborts the test (a hang).  Guest errors are
 * expected and not logged (no -d).  The tensix target resets the
 * machine whenever a thread's FIFO is full or a TRISC stopped answering
 * (random instructions soon wait for ever).
 *
 * Environment: TT_FUZZ_SEED (the base seed, printed; default random),
 * TT_FUZZ_SECONDS (seconds per target and architecture, default 12),
 * TT_FUZZ_OPS (stop each at the end of the batch that reaches this many
 * operations; default no limit), TT_FUZZ_DEBUG (print each TRISC proxy
 * operation that timed out, and the tensix target's FIFO status).
 * A failure prints the seed and the last operations.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "libqtest.h"
#include "tt-qtest-util.h"

#define FUZZ_DEFAULT_SECONDS    12
#define BATCH_OPS               64
#define BATCH_TIMEOUT_S         60      /* a batch taking longer: a hang */
#define RING_SIZE               32
#define RING_TEXT               112

/* Tile-local addresses (docs/memory-map.md) */
#define LOCAL_RAM_BASE          0xFFB00000u
#define TDMA_RISC_BASE          0xFFB11000u
#define REGS_BASE               0xFFB12000u
#define PIC_BASE                0xFFB13000u
#define LOCAL_ALIAS_BASE        0xFFB14000u
#define NIU_BASE                0xFFB20000u
#define NIU_SIZE                0x10000u
#define OVERLAY_BASE            0xFFB40000u
#define OVERLAY_SIZE            0x40000u
#define MOP_CFG_BASE            0xFFB80000u
#define DST_RISCV_BASE          0xFFBD8000u
#define REGFILE_BASE            0xFFE00000u
#define INSTRN_BUF_BASE         0xFFE40000u
#define PC_BUF_BASE             0xFFE80000u
#define MAILBOX_BASE            0xFFEC0000u
#define CFG_BASE                0xFFEF0000u
#define SOFT_RESET_0            (REGS_BASE + 0x1B0)
#define NOC_LOCAL_MASK          ((1ull << 36) - 1)  /* a tile's NoC slot */

/* SOFT_RESET_0: BRISC bit 11, TRISC t bit 12 + t, NCRISC bit 18 */
#define SOFT_RESET_ALL_HELD     0x47800u
#define SOFT_RESET_TRISC(t)     (1u << (12 + (t)))

/* NIU command buffer registers common to both (docs/units/noc.md) */
#define O_TARG_LO               0x00
#define O_RET_LO                0x0C
#define O_PACKET_TAG            0x18
#define O_CTRL                  0x1C
#define O_AT_LEN_BE             0x20

typedef struct FuzzArch {
    const char *name;
    const char *machine;
    bool bh;
    uint32_t l1_size;
    uint32_t niu_stride;        /* NOC_CMD_BUF_OFFSET */
    uint32_t o_at_data;
    uint32_t o_cmd_ctrl;
    uint32_t o_node_id;
    /* soc=full */
    int noc_w, noc_h;
    int first_x, first_y;       /* tile 0 (qtest's view) */
    const uint8_t *tx, *ty;     /* Tensix columns and rows */
    int ntx, nty;
    uint64_t dram_size;
    uint64_t arc_reset;         /* ARC reset unit, local address */
    uint64_t pcie_host_bit;
} FuzzArch;

static const uint8_t bh_tx[] = { 1, 2, 3, 4, 5, 6, 7, 10, 11, 12, 13, 14,
                                 15, 16 };
static const uint8_t bh_ty[] = { 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 };
static const uint8_t wh_tx[] = { 1, 2, 3, 4, 6, 7, 8, 9 };
static const uint8_t wh_ty[] = { 1, 2, 3, 4, 5, 7, 8, 9, 10, 11 };

static const FuzzArch fuzz_bh = {
    .name = "blackhole",
    .machine = "tt-blackhole",
    .bh = true,
    .l1_size = 1536 * 1024,
    .niu_stride = 0x800,
    .o_at_data = 0x28,
    .o_cmd_ctrl = 0x40,
    .o_node_id = 0x44,
    .noc_w = 17,
    .noc_h = 12,
    .first_x = 1,
    .first_y = 2,
    .tx = bh_tx, .ntx = ARRAY_SIZE(bh_tx),
    .ty = bh_ty, .nty = ARRAY_SIZE(bh_ty),
    .dram_size = 0xFF000000ull,
    .arc_reset = 0x80030000ull,
    .pcie_host_bit = 1ull << 60,
};

static const FuzzArch fuzz_wh = {
    .name = "wormhole",
    .machine = "tt-wormhole",
    .bh = false,
    .l1_size = 1464 * 1024,
    .niu_stride = 0x400,
    .o_at_data = 0x24,
    .o_cmd_ctrl = 0x28,
    .o_node_id = 0x2C,
    .noc_w = 10,
    .noc_h = 12,
    .first_x = 1,
    .first_y = 1,
    .tx = wh_tx, .ntx = ARRAY_SIZE(wh_tx),
    .ty = wh_ty, .nty = ARRAY_SIZE(wh_ty),
    .dram_size = 2ull << 30,
    .arc_reset = 0x880030000ull,
    .pcie_host_bit = 1ull << 35,
};

typedef struct Fuzz {
    QTestState *qts;
    const FuzzArch *a;
    const char *target;
    GRand *rand;
    uint32_t seed;
    uint64_t ops;
    uint64_t max_ops;
    gint64 deadline;
    uint32_t node_id;           /* tile 0's NOC_NODE_ID, read at start */
    bool qtest_accel;           /* clock_step available */
    /* tensix target */
    bool proxy_ok[3];
    uint64_t proxy_ops;
    uint64_t proxy_timeouts;
    uint64_t proxy_faults;      /* access faults the proxies took */
    uint64_t resets;
    char ring[RING_SIZE][RING_TEXT];
    unsigned ring_pos;
} Fuzz;

static Fuzz *current_fuzz;

/* ---------------------------------------------------------------------- */
/* Random numbers, the operation log, the budget                          */
/* ---------------------------------------------------------------------- */

static uint32_t rnd(Fuzz *f, uint32_t n)
{
    return g_rand_int_range(f->rand, 0, n);
}

static uint32_t rnd32(Fuzz *f)
{
    return g_rand_int(f->rand);
}

static bool chance(Fuzz *f, uint32_t percent)
{
    return rnd(f, 100) < percent;
}

/* A value: mostly the kinds that find edge cases */
static uint32_t rnd_value(Fuzz *f)
{
    switch (rnd(f, 8)) {
    case 0:
        return 0;
    case 1:
        return 0xFFFFFFFFu;
    case 2:
        return rnd(f, 256);
    case 3:
        return 1u << rnd(f, 32);
    case 4:
        return rnd32(f) & 0xFFFF;
    case 5:
        return (1u << rnd(f, 32)) - 1;
    default:
        return rnd32(f);
    }
}

static unsigned rnd_size(Fuzz *f)
{
    static const unsigned sizes[] = { 1, 2, 4, 4 };

    return sizes[rnd(f, ARRAY_SIZE(sizes))];
}

static void G_GNUC_PRINTF(2, 3) note(Fuzz *f, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(f->ring[f->ring_pos++ % RING_SIZE], RING_TEXT, fmt, ap);
    va_end(ap);
}

static void dump_ring(Fuzz *f)
{
    unsigned n = MIN(f->ring_pos, RING_SIZE);

    fprintf(stderr, "tt-fuzz: %s/%s seed %u, %" PRIu64 " operations; "
            "the last %u:\n", f->target, f->a->name, f->seed, f->ops, n);
    for (unsigned i = f->ring_pos - n; i < f->ring_pos; i++) {
        fprintf(stderr, "  %s\n", f->ring[i % RING_SIZE]);
    }
}

/* libqtest's abort hook (QEMU died, an assertion failed, the watchdog) */
static void fuzz_abort_hook(void *data)
{
    if (current_fuzz) {
        dump_ring(current_fuzz);
    }
}

static void watchdog(int sig)
{
    static const char msg[] = "tt-fuzz: a batch took more than "
                              G_STRINGIFY(BATCH_TIMEOUT_S) " s: QEMU hangs\n";

    if (write(STDERR_FILENO, msg, sizeof(msg) - 1) < 0) {
        /* nothing to do */
    }
    abort();
}

static uint32_t env_u32(const char *name, uint32_t dflt)
{
    const char *s = g_getenv(name);

    return s && *s ? (uint32_t)g_ascii_strtoull(s, NULL, 0) : dflt;
}

static uint32_t base_seed(void)
{
    static uint32_t seed;
    static bool done;

    if (!done) {
        seed = env_u32("TT_FUZZ_SEED", g_random_int());
        done = true;
    }
    return seed;
}

static bool budget_left(Fuzz *f)
{
    return g_get_monotonic_time() < f->deadline &&
           (!f->max_ops || f->ops < f->max_ops);
}

/*
 * @target on @a: the seed is the base seed plus the target's number, so
 * that one TT_FUZZ_SEED reproduces every target
 */
static void fuzz_init(Fuzz *f, const FuzzArch *a, const char *target,
                      unsigned salt)
{
    struct sigaction sa = { .sa_handler = watchdog };

    memset(f, 0, sizeof(*f));
    f->a = a;
    f->target = target;
    f->seed = base_seed() + salt;
    f->rand = g_rand_new_with_seed(f->seed);
    f->max_ops = env_u32("TT_FUZZ_OPS", 0);
    g_test_message("%s/%s: seed %u (TT_FUZZ_SEED=%u), %u s", target,
                   a->name, f->seed, base_seed(),
                   env_u32("TT_FUZZ_SECONDS", FUZZ_DEFAULT_SECONDS));
    current_fuzz = f;
    qtest_add_abrt_handler(fuzz_abort_hook, NULL);
    sigaction(SIGALRM, &sa, NULL);
}

/* Start the clock of the budget (after QEMU has started) */
static void fuzz_begin(Fuzz *f)
{
    f->deadline = g_get_monotonic_time() +
        (gint64)env_u32("TT_FUZZ_SECONDS", FUZZ_DEFAULT_SECONDS) *
        G_USEC_PER_SEC;
    f->node_id = qtest_readl(f->qts, NIU_BASE + f->a->o_node_id);
    g_assert_cmphex(f->node_id, !=, 0);
    alarm(BATCH_TIMEOUT_S);
}

static void fuzz_end(Fuzz *f)
{
    alarm(0);
    g_test_message("%s/%s: %" PRIu64 " operations (%" PRIu64 " by the "
                   "TRISCs, %" PRIu64 " of them faulted, %" PRIu64 " timed "
                   "out), %" PRIu64 " resets", f->target, f->a->name, f->ops,
                   f->proxy_ops, f->proxy_faults, f->proxy_timeouts,
                   f->resets);
    qtest_quit(f->qts);
    qtest_remove_abrt_handler(NULL);
    current_fuzz = NULL;
    g_rand_free(f->rand);
}

/* ---------------------------------------------------------------------- */
/* Accesses                                                               */
/* ---------------------------------------------------------------------- */

static void wr(Fuzz *f, uint64_t addr, unsigned size, uint32_t v)
{
    v &= size == 4 ? 0xFFFFFFFFu : (1u << (size * 8)) - 1;
    note(f, "write%u 0x%" PRIx64 " 0x%x", size * 8, addr, v);
    switch (size) {
    case 1:
        qtest_writeb(f->qts, addr, v);
        break;
    case 2:
        qtest_writew(f->qts, addr, v);
        break;
    default:
        qtest_writel(f->qts, addr, v);
        break;
    }
    f->ops++;
}

static uint32_t rd(Fuzz *f, uint64_t addr, unsigned size)
{
    note(f, "read%u 0x%" PRIx64, size * 8, addr);
    f->ops++;
    switch (size) {
    case 1:
        return qtest_readb(f->qts, addr);
    case 2:
        return qtest_readw(f->qts, addr);
    default:
        return qtest_readl(f->qts, addr);
    }
}

/* A random access of a random size at @addr (mostly aligned) */
static void access_at(Fuzz *f, uint64_t addr)
{
    unsigned size = rnd_size(f);

    if (chance(f, 85)) {
        addr &= ~(uint64_t)(size - 1);
    }
    if (chance(f, 3)) {
        /* A bulk access, which may cross into the next region */
        uint8_t buf[64];
        size_t len = 1 + rnd(f, sizeof(buf));

        if (chance(f, 50)) {
            for (size_t i = 0; i < len; i++) {
                buf[i] = rnd32(f);
            }
            note(f, "memwrite 0x%" PRIx64 " %zu", addr, len);
            qtest_memwrite(f->qts, addr, buf, len);
        } else {
            note(f, "memread 0x%" PRIx64 " %zu", addr, len);
            qtest_memread(f->qts, addr, buf, len);
        }
        f->ops++;
    } else if (chance(f, 55)) {
        wr(f, addr, size, rnd_value(f));
    } else {
        rd(f, addr, size);
    }
}

/*
 * The end of a batch: let timers run (qtest accelerator), then QEMU must
 * answer QMP and read NOC_NODE_ID back.  @step_ns: virtual time.
 */
static void check_alive(Fuzz *f, int64_t step_ns)
{
    char st[32];

    if (f->qtest_accel && step_ns) {
        note(f, "clock_step %" PRId64, step_ns);
        qtest_clock_step(f->qts, step_ns);
    }
    note(f, "query-status");
    tt_qmp_status(f->qts, "query-status", "status", st, sizeof(st));
    g_assert_cmpstr(st, ==, "running");
    note(f, "read NOC_NODE_ID");
    g_assert_cmphex(qtest_readl(f->qts, NIU_BASE + f->a->o_node_id), ==,
                    f->node_id);
    alarm(BATCH_TIMEOUT_S);
}

static void machine_reset(Fuzz *f)
{
    note(f, "system_reset");
    qtest_system_reset(f->qts);
    f->resets++;
}

/* ---------------------------------------------------------------------- */
/* Target mmio: every region of one tile                                  */
/* ---------------------------------------------------------------------- */

typedef struct Region {
    const char *name;
    uint32_t base;
    uint32_t size;
} Region;

/* BRISC's view of the tile (docs/memory-map.md); L1 is added per arch */
static const Region tile_regions[] = {
    { "local-ram", LOCAL_RAM_BASE, 0x2000 },
    { "tdma-risc", TDMA_RISC_BASE, 0x1000 },
    { "tile-regs", REGS_BASE, 0x1000 },
    { "pic", PIC_BASE, 0x1000 },
    { "local-alias", LOCAL_ALIAS_BASE, 0xC000 },
    { "niu0", NIU_BASE, NIU_SIZE },
    { "niu1", NIU_BASE + NIU_SIZE, NIU_SIZE },
    { "overlay", OVERLAY_BASE, OVERLAY_SIZE },
    { "mop-cfg", MOP_CFG_BASE, 0x100 },         /* not BRISC's: unmapped */
    { "dst-riscv", DST_RISCV_BASE, 0x8000 },    /* not BRISC's: unmapped */
    { "regfile", REGFILE_BASE, 0x1000 },
    { "instrn-buf", INSTRN_BUF_BASE, 0x30000 },
    { "pc-buf", PC_BUF_BASE, 0x30000 },
    { "mailbox", MAILBOX_BASE, 0x4000 },
    { "cfg", CFG_BASE, 0x2000 },
};

/* NIU registers: most accesses go to the first words of a window */
static uint32_t niu_offset(Fuzz *f)
{
    switch (rnd(f, 4)) {
    case 0:     /* a command buffer's registers */
        return rnd(f, 4) * f->a->niu_stride + rnd(f, 0x80);
    case 1:     /* NOC_CFG */
        return 0x100 + rnd(f, 0x100);
    case 2:     /* counters */
        return 0x200 + rnd(f, 0x100);
    default:
        return rnd(f, NIU_SIZE);
    }
}

static uint32_t region_addr(Fuzz *f, const Region *r)
{
    if (r->base == NIU_BASE || r->base == NIU_BASE + NIU_SIZE) {
        return r->base + niu_offset(f);
    }
    if (r->base == OVERLAY_BASE) {
        return r->base + rnd(f, 64) * 0x1000 + rnd(f, 0x400);
    }
    return r->base + rnd(f, r->size);
}

static void mmio_op(Fuzz *f)
{
    const FuzzArch *a = f->a;
    uint32_t k = rnd(f, 100);

    if (k < 70) {
        const Region *r = &tile_regions[rnd(f, ARRAY_SIZE(tile_regions))];

        access_at(f, region_addr(f, r));
    } else if (k < 78) {
        /* L1: anywhere, and just past its end */
        access_at(f, rnd(f, a->l1_size + 0x1000));
    } else if (k < 90) {
        /* The tile's NoC window (tile (0,0)) */
        const Region *r = &tile_regions[rnd(f, ARRAY_SIZE(tile_regions))];

        access_at(f, TT_NOC(0, 0, chance(f, 30) ? rnd(f, a->l1_size) :
                            region_addr(f, r)));
    } else if (k < 95) {
        /* Another coordinate's window: no tile there */
        access_at(f, TT_NOC(rnd(f, 64), rnd(f, 64), rnd32(f)));
    } else {
        /* Anywhere in the low 4 GiB */
        access_at(f, rnd32(f));
    }
}

static void test_mmio(const void *data)
{
    Fuzz f;

    fuzz_init(&f, data, "mmio", 0);
    f.qtest_accel = true;
    f.qts = qtest_initf("-machine %s", f.a->machine);
    fuzz_begin(&f);
    for (unsigned batch = 0; budget_left(&f); batch++) {
        for (int i = 0; i < BATCH_OPS; i++) {
            mmio_op(&f);
        }
        /* Timers (NoC chunks): 20 us a batch */
        check_alive(&f, 20000);
        if (batch % 32 == 31) {
            machine_reset(&f);
        }
    }
    fuzz_end(&f);
}

/* ---------------------------------------------------------------------- */
/* Target noc: the whole chip's NoC                                       */
/* ---------------------------------------------------------------------- */

/* A coordinate: mostly in the grid, sometimes outside it */
static void rnd_xy(Fuzz *f, int *x, int *y)
{
    if (chance(f, 90)) {
        *x = rnd(f, f->a->noc_w);
        *y = rnd(f, f->a->noc_h);
    } else {
        *x = rnd(f, 64);
        *y = rnd(f, 64);
    }
}

static void rnd_tensix(Fuzz *f, int *x, int *y)
{
    *x = f->a->tx[rnd(f, f->a->ntx)];
    *y = f->a->ty[rnd(f, f->a->nty)];
}

/* A local address at some tile: DRAM, ARC, L1, registers, anywhere */
static uint64_t rnd_local(Fuzz *f)
{
    const FuzzArch *a = f->a;

    switch (rnd(f, 10)) {
    case 0:
    case 1:
        return rnd(f, a->l1_size);
    case 2:
        return ((uint64_t)rnd32(f) << 32 | rnd32(f)) % a->dram_size;
    case 3:
        return a->arc_reset + rnd(f, 0x1000);
    case 4:
        return a->bh ? 0xFF000000u + rnd(f, 0x1000000)
                     : 0x810000000ull + rnd(f, 512 * 1024);
    case 5:
        return NIU_BASE + rnd(f, 2) * NIU_SIZE + niu_offset(f);
    case 6:
        return REGS_BASE + rnd(f, 0x1000);
    case 7:
        return OVERLAY_BASE + rnd(f, OVERLAY_SIZE);
    case 8:
        return a->pcie_host_bit | rnd32(f);
    default:
        return ((uint64_t)rnd32(f) << 32 | rnd32(f)) & NOC_LOCAL_MASK;
    }
}

static uint32_t rnd_len(Fuzz *f)
{
    switch (rnd(f, 20)) {
    case 0:
        return rnd32(f);                /* up to 4 GiB: in chunks */
    case 1:
    case 2:
        return rnd(f, 1024 * 1024);
    case 3:
    case 4:
    case 5:
        return rnd(f, 65537);
    case 6:
        return 0;
    default:
        return 1 + rnd(f, 256);
    }
}

/* NOC_CTRL: the common commands, or any bits */
static uint32_t rnd_ctrl(Fuzz *f)
{
    static const uint32_t common[] = {
        0x0,            /* read */
        0x2,            /* write */
        0x12,           /* non-posted write */
        0x6,            /* byte-enable write */
        0xA,            /* inline write */
        0x1,            /* atomic */
        0x11,           /* atomic, response */
        0x22,           /* broadcast write */
        0x20022,        /* broadcast write, source included */
        0x23,           /* broadcast atomic */
    };

    if (chance(f, 70)) {
        return common[rnd(f, ARRAY_SIZE(common))] |
               (chance(f, 20) ? rnd32(f) & 0x3FF80 : 0);
    }
    return rnd_value(f);
}

/* Coordinates field of TARG/RET: unicast (x, y) or a rectangle */
static uint32_t rnd_xy_field(Fuzz *f)
{
    int x, y, x2, y2;

    rnd_xy(f, &x, &y);
    if (chance(f, 80)) {
        return x | y << 6;
    }
    rnd_xy(f, &x2, &y2);
    return x2 | y2 << 6 | x << 12 | y << 18;
}

static void noc_set_addr(Fuzz *f, uint64_t buf, uint32_t lo)
{
    uint64_t addr = rnd_local(f);
    uint32_t xy = rnd_xy_field(f);

    wr(f, buf + lo, 4, addr);
    if (f->a->bh) {
        wr(f, buf + lo + 4, 4, addr >> 32);
        wr(f, buf + lo + 8, 4, xy);
    } else {
        wr(f, buf + lo + 4, 4, ((addr >> 32) & 0xF) | xy << 4);
    }
}

static void noc_request(Fuzz *f)
{
    const FuzzArch *a = f->a;
    int x, y;
    uint64_t buf;

    rnd_tensix(f, &x, &y);
    buf = TT_NOC(x, y, NIU_BASE + rnd(f, 2) * NIU_SIZE +
                 rnd(f, 4) * a->niu_stride);
    noc_set_addr(f, buf, O_TARG_LO);
    noc_set_addr(f, buf, O_RET_LO);
    wr(f, buf + O_AT_LEN_BE, 4, rnd_len(f));
    if (chance(f, 30)) {
        wr(f, buf + O_PACKET_TAG, 4, rnd_value(f));
    }
    if (chance(f, 30)) {
        wr(f, buf + a->o_at_data, 4, rnd_value(f));
    }
    if (a->bh && chance(f, 10)) {
        wr(f, buf + 0x24 + 4 * rnd(f, 3), 4, rnd_value(f));
    }
    wr(f, buf + O_CTRL, 4, rnd_ctrl(f));
    wr(f, buf + a->o_cmd_ctrl, 4, chance(f, 95) ? 1 : rnd_value(f));
    if (chance(f, 50)) {
        rd(f, buf + a->o_cmd_ctrl, 4);
    }
}

static void noc_op(Fuzz *f)
{
    uint32_t k = rnd(f, 100);
    int x, y;

    if (k < 45) {
        noc_request(f);
    } else if (k < 55) {
        /* NIU configuration (translation, routing) and counters */
        rnd_tensix(f, &x, &y);
        access_at(f, TT_NOC(x, y, NIU_BASE + rnd(f, 2) * NIU_SIZE +
                            0x100 + rnd(f, 0x200)));
    } else if (k < 95) {
        /* Any tile's NoC window */
        rnd_xy(f, &x, &y);
        access_at(f, TT_NOC(x, y, rnd_local(f) & NOC_LOCAL_MASK));
    } else {
        /* Tile 0's own view */
        access_at(f, region_addr(f, &tile_regions[rnd(f,
                                 ARRAY_SIZE(tile_regions))]));
    }
}

static void test_noc(const void *data)
{
    Fuzz f;

    fuzz_init(&f, data, "noc", 1);
    f.qtest_accel = true;
    f.qts = qtest_initf("-machine %s,soc=full", f.a->machine);
    fuzz_begin(&f);
    for (unsigned batch = 0; budget_left(&f); batch++) {
        for (int i = 0; i < BATCH_OPS / 4; i++) {
            noc_op(&f);
        }
        check_alive(&f, 10000);
        if (batch % 64 == 63) {
            machine_reset(&f);
        }
    }
    fuzz_end(&f);
}

/* ---------------------------------------------------------------------- */
/* Target tensix: configuration and instruction streams                   */
/* ---------------------------------------------------------------------- */

/*
 * The TRISC proxy (rv32i; t0 = op, t1 = address, t2 = value, s0 = slot):
 * waits for a non-zero op in its slot, performs it (1 sw, 2 sh, 3 sb,
 * 4 lw, 5 lhu, otherwise lbu; a load's value goes to slot + 12), clears
 * the op and waits again.  An access fault (a window that refuses the
 * access size) is counted at slot + 16 and the access skipped.
 * Position-independent but for its slot address (the addi, word 1).
 */
static const uint32_t proxy_prog[] = {
    0x00001437,     /* lui   s0, 0x1 */
    0x00040413,     /* addi  s0, s0, 0 (slot offset patched in) */
    0x00000e97,     /* auipc t4, 0 */
    0x080e8e93,     /* addi  t4, t4, trap - 8 */
    0x305e9073,     /* csrw  mtvec, t4 */
    0x00042283,     /* loop: lw t0, 0(s0) */
    0xfe028ee3,     /* beqz  t0, loop */
    0x00442303,     /* lw    t1, 4(s0) */
    0x00842383,     /* lw    t2, 8(s0) */
    0x00100e13,     /* li    t3, 1 */
    0x03c28e63,     /* beq   t0, t3, do_sw */
    0x00200e13,     /* li    t3, 2 */
    0x03c28e63,     /* beq   t0, t3, do_sh */
    0x00300e13,     /* li    t3, 3 */
    0x03c28e63,     /* beq   t0, t3, do_sb */
    0x00400e13,     /* li    t3, 4 */
    0x01c28e63,     /* beq   t0, t3, do_lw */
    0x00500e13,     /* li    t3, 5 */
    0x01c28663,     /* beq   t0, t3, do_lh */
    0x00034383,     /* lbu   t2, 0(t1) */
    0x02c0006f,     /* j     done_ld */
    0x00035383,     /* do_lh: lhu t2, 0(t1) */
    0x0240006f,     /* j     done_ld */
    0x00032383,     /* do_lw: lw t2, 0(t1) */
    0x01c0006f,     /* j     done_ld */
    0x00732023,     /* do_sw: sw t2, 0(t1) */
    0x0180006f,     /* j     done */
    0x00731023,     /* do_sh: sh t2, 0(t1) */
    0x0100006f,     /* j     done */
    0x00730023,     /* do_sb: sb t2, 0(t1) */
    0x0080006f,     /* j     done */
    0x00742623,     /* done_ld: sw t2, 12(s0) */
    0x00042023,     /* done: sw zero, 0(s0) */
    0xf91ff06f,     /* j     loop */
    0x34102f73,     /* trap: csrr t5, mepc */
    0x004f0f13,     /* addi  t5, t5, 4 */
    0x341f1073,     /* csrw  mepc, t5 */
    0x01042f83,     /* lw    t6, 16(s0) */
    0x001f8f93,     /* addi  t6, t6, 1 */
    0x01f42823,     /* sw    t6, 16(s0) */
    0x30200073,     /* mret */
};

#define PROXY_SLOT(t)           (0x1000u + 0x100u * (t))
#define PROXY_WAIT_US           20000
#define TRISC_RESET_PC(t)       (0x6000u + 0x4000u * (t))
#define BRISC_PARK              0x0000006Fu     /* j . */

static const uint8_t tensix_opcodes[] = {
    0x01, 0x02, 0x03, 0x04, 0x05, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x10,
    0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x1a, 0x1b, 0x1c,
    0x1d, 0x1e, 0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27, 0x28, 0x29,
    0x30, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a,
    0x40, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x48, 0x49, 0x4a, 0x4b,
    0x50, 0x51, 0x52, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5a,
    0x5b, 0x5c, 0x5d, 0x5e, 0x60, 0x61, 0x62, 0x63, 0x64, 0x66, 0x67,
    0x68, 0x70, 0x71, 0x72, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79,
    0x7a, 0x7b, 0x7c, 0x7d, 0x7e, 0x7f, 0x80, 0x81, 0x82, 0x83, 0x84,
    0x85, 0x86, 0x87, 0x88, 0x89, 0x8a, 0x8b, 0x8c, 0x8d, 0x8e, 0x8f,
    0x90, 0x91, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0xa0,
    0xa1, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7, 0xb0, 0xb1, 0xb2, 0xb3,
    0xb4, 0xb5, 0xb6, 0xb7, 0xb8,
};

/* An instruction word: a defined opcode with random fields, or anything */
static uint32_t rnd_insn(Fuzz *f)
{
    uint32_t op;

    if (chance(f, 10)) {
        return rnd32(f);
    }
    op = tensix_opcodes[rnd(f, ARRAY_SIZE(tensix_opcodes))];
    return op << 24 | (chance(f, 70) ? rnd32(f) : rnd_value(f)) >> 8;
}

/* Add up the access faults the proxies counted */
static void proxy_count_faults(Fuzz *f)
{
    for (int t = 0; t < 3; t++) {
        f->proxy_faults += qtest_readl(f->qts, PROXY_SLOT(t) + 16);
    }
}

/* Put the proxies in L1, park BRISC, release the TRISCs */
static void tensix_setup(Fuzz *f)
{
    note(f, "setup");
    qtest_writel(f->qts, SOFT_RESET_0, SOFT_RESET_ALL_HELD);
    qtest_writel(f->qts, 0, BRISC_PARK);
    for (int t = 0; t < 3; t++) {
        uint32_t prog[ARRAY_SIZE(proxy_prog)];

        memcpy(prog, proxy_prog, sizeof(prog));
        prog[1] |= (0x100u * t) << 20;
        qtest_memset(f->qts, PROXY_SLOT(t), 0, 20);
        qtest_memwrite(f->qts, TRISC_RESET_PC(t), prog, sizeof(prog));
        f->proxy_ok[t] = true;
    }
    qtest_writel(f->qts, SOFT_RESET_0, SOFT_RESET_ALL_HELD & ~(7u << 12));
}

/*
 * TRISC @t performs @op (1 sw, 2 sh, 3 sb, 4 lw, 5 lhu, 6 lbu) at @addr;
 * false if it did not within PROXY_WAIT_US (parked, or its program was
 * overwritten by the coprocessor)
 */
static bool proxy(Fuzz *f, int t, uint32_t op, uint32_t addr, uint32_t v)
{
    gint64 until;

    if (!f->proxy_ok[t]) {
        return false;
    }
    note(f, "trisc%d op %u 0x%x 0x%x", t, op, addr, v);
    f->ops++;
    qtest_writel(f->qts, PROXY_SLOT(t) + 4, addr);
    qtest_writel(f->qts, PROXY_SLOT(t) + 8, v);
    qtest_writel(f->qts, PROXY_SLOT(t), op);
    until = g_get_monotonic_time() + PROXY_WAIT_US;
    while (qtest_readl(f->qts, PROXY_SLOT(t))) {
        if (g_get_monotonic_time() > until) {
            f->proxy_ok[t] = false;
            f->proxy_timeouts++;
            if (g_getenv("TT_FUZZ_DEBUG")) {
                fprintf(stderr, "timeout trisc%d op %u 0x%x 0x%x st 0x%x\n",
                        t, op, addr, v,
                        qtest_readl(f->qts, TT_INSTRN_BUF_STATUS));
            }
            return false;
        }
        g_usleep(20);
    }
    f->proxy_ops++;
    return true;
}

static void proxy_store(Fuzz *f, int t, uint32_t addr, uint32_t v)
{
    proxy(f, t, 1, addr, v);
}

/*
 * TRISC @t pushes @insn, unless its thread's FIFO is full (the store
 * would park the core until the thread moves on, which it may never do)
 */
static void proxy_push(Fuzz *f, int t, uint32_t insn)
{
    if (qtest_readl(f->qts, TT_INSTRN_BUF_STATUS) & (1u << t)) {
        proxy_store(f, t, INSTRN_BUF_BASE, insn);
    }
}

/* A MOP_CFG set-up and a MOP instruction, pushed by TRISC @t */
static void tensix_mop(Fuzz *f, int t)
{
    for (int i = 0; i < 9; i++) {
        if (chance(f, 70)) {
            proxy_store(f, t, MOP_CFG_BASE + 4 * i,
                        chance(f, 50) ? rnd_insn(f) : rnd_value(f) & 0xFF);
        }
    }
    /* MOP: template bit 23, count, mask; small loop counts mostly */
    proxy_push(f, t, 0x01u << 24 |
                ((chance(f, 80) ? rnd32(f) & 0x80007F : rnd32(f)) &
                 0xFFFFFF));
}

/* A REPLAY recording and playback, pushed by BRISC or TRISC @t */
static void tensix_replay(Fuzz *f, int t, bool trisc)
{
    uint32_t idx = rnd(f, 32), count = rnd(f, 40);
    uint32_t load = 0x04u << 24 | idx << 14 | (count & 0x3FF) << 4 |
                    (rnd(f, 2) << 1) | 1;
    int n = count ? count : 32;

    for (int i = 0; i <= n; i++) {
        uint32_t insn = i ? rnd_insn(f) : load;

        if (trisc) {
            proxy_push(f, t, insn);
        } else {
            wr(f, INSTRN_BUF_BASE + t * 0x10000u, 4, insn);
        }
    }
    /* Play it back */
    load &= ~1u;
    if (trisc) {
        proxy_push(f, t, load);
    } else {
        wr(f, INSTRN_BUF_BASE + t * 0x10000u, 4, load);
    }
}

/* A TRISC-side access of one of its windows */
static void tensix_trisc_window(Fuzz *f, int t)
{
    static const uint32_t loads[] = { 4, 5, 6 };
    uint32_t addr;

    switch (rnd(f, 7)) {
    case 0:
        addr = PC_BUF_BASE + (chance(f, 50) ? rnd(f, 3) * 4 :
                              0x20 + 4 * rnd(f, 8));
        break;
    case 1:
        addr = REGFILE_BASE + rnd(f, 0x140);
        break;
    case 2:
        addr = f->a->bh ? DST_RISCV_BASE + rnd(f, 0x8000) :
                          CFG_BASE + rnd(f, 0x2000);
        break;
    case 3:
        addr = TDMA_RISC_BASE + rnd(f, 0x100);
        break;
    case 4:
        addr = CFG_BASE + rnd(f, 0x2000);
        break;
    case 5:
        addr = MAILBOX_BASE + rnd(f, 4) * 0x1000;
        break;
    default:
        addr = MOP_CFG_BASE + rnd(f, 0x40);
        break;
    }
    if (chance(f, 1)) {
        /* Rare: INSTRN1/2_BUF from a TRISC hang it (logged) */
        addr = INSTRN_BUF_BASE + (1 + rnd(f, 2)) * 0x10000u;
    }
    if (chance(f, 50)) {
        proxy(f, t, 1 + rnd(f, 3), addr, rnd_value(f));
    } else {
        proxy(f, t, loads[rnd(f, 3)], addr, 0);
    }
}

/* Random configuration state: Config words, and ThreadConfig by SETC16 */
static void tensix_random_config(Fuzz *f)
{
    int n = 8 + rnd(f, 56);

    for (int i = 0; i < n; i++) {
        if (chance(f, 75)) {
            wr(f, CFG_BASE + (rnd(f, 0x1000) & ~3u), 4, rnd_value(f));
        } else {
            wr(f, INSTRN_BUF_BASE + rnd(f, 3) * 0x10000u, 4,
               0xB2u << 24 | rnd(f, f->a->bh ? 68 : 57) << 16 |
               (rnd_value(f) & 0xFFFF));
        }
    }
}

static void tensix_op(Fuzz *f)
{
    const FuzzArch *a = f->a;
    uint32_t k = rnd(f, 100);
    int t = rnd(f, 3);

    if (k < 20) {
        /* Config and ThreadConfig, as BRISC sees them */
        wr(f, CFG_BASE + (chance(f, 90) ? rnd(f, 0x1000) & ~3u :
                          rnd(f, 0x2000)), chance(f, 90) ? 4 : rnd_size(f),
           rnd_value(f));
    } else if (k < 25) {
        /* SETC16: a ThreadConfig word */
        wr(f, INSTRN_BUF_BASE + t * 0x10000u, 4,
           0xB2u << 24 | rnd(f, a->bh ? 68 : 57) << 16 |
           (rnd_value(f) & 0xFFFF));
    } else if (k < 55) {
        wr(f, INSTRN_BUF_BASE + t * 0x10000u, 4, rnd_insn(f));
    } else if (k < 75) {
        proxy_push(f, t, rnd_insn(f));
    } else if (k < 80) {
        tensix_mop(f, t);
    } else if (k < 84) {
        tensix_replay(f, t, chance(f, 50));
    } else if (k < 95) {
        tensix_trisc_window(f, t);
    } else if (k < 97) {
        /* Hold and release a TRISC: its proxy restarts */
        uint32_t sr = qtest_readl(f->qts, SOFT_RESET_0);

        wr(f, SOFT_RESET_0, 4, sr | SOFT_RESET_TRISC(t));
        wr(f, SOFT_RESET_0, 4, sr & ~SOFT_RESET_TRISC(t));
    } else {
        /* Read back: GPRs, FIFO status, semaphores */
        rd(f, chance(f, 50) ? REGFILE_BASE + rnd(f, 0x300) :
           REGS_BASE + rnd(f, 0x300), 4);
    }
}

static void test_tensix(const void *data)
{
    Fuzz f;

    fuzz_init(&f, data, "tensix", 2);
    f.qts = qtest_initf("-machine %s -accel tcg -S", f.a->machine);
    tensix_setup(&f);
    qtest_qmp_assert_success(f.qts, "{ 'execute': 'cont' }");
    fuzz_begin(&f);
    tensix_random_config(&f);
    for (unsigned batch = 0; budget_left(&f); batch++) {
        uint32_t st;

        for (int i = 0; i < BATCH_OPS / 2; i++) {
            tensix_op(&f);
        }
        check_alive(&f, 0);
        st = qtest_readl(f.qts, TT_INSTRN_BUF_STATUS);
        if (g_getenv("TT_FUZZ_DEBUG")) {
            fprintf(stderr, "batch %u INSTRN_BUF_STATUS 0x%x\n", batch, st);
        }
        /*
         * Random instructions soon leave a thread waiting for something
         * that never comes, and its FIFO fills; a proxy that did not
         * answer is parked (a full FIFO, a mailbox) or lost its program.
         * Start again from a machine reset.
         */
        if ((st & 7) != 7 || !(f.proxy_ok[0] && f.proxy_ok[1] &&
                               f.proxy_ok[2])) {
            proxy_count_faults(&f);
            machine_reset(&f);
            tensix_setup(&f);
            tensix_random_config(&f);
        }
    }
    proxy_count_faults(&f);
    fuzz_end(&f);
}

int main(int argc, char **argv)
{
    static const FuzzArch *const archs[] = { &fuzz_bh, &fuzz_wh };

    g_test_init(&argc, &argv, NULL);
    for (size_t i = 0; i < ARRAY_SIZE(archs); i++) {
        tt_add_test("/tt-fuzz", archs[i]->name, "mmio", archs[i], test_mmio);
        tt_add_test("/tt-fuzz", archs[i]->name, "noc", archs[i], test_noc);
        tt_add_test("/tt-fuzz", archs[i]->name, "tensix", archs[i],
                    test_tensix);
    }
    return g_test_run();
}
