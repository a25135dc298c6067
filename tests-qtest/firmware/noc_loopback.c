/*
 * qemu-tensix test: NoC requests to the tile itself, the way tt-metal
 * firmware issues them (tt_metal/hw/inc/{wormhole,blackhole}/
 * noc_nonblocking_api.h: noc_init, noc_local_state_init,
 * ncrisc_noc_fast_read / _write, noc_fast_write_dw_inline,
 * noc_fast_atomic_increment and the *_flushed / *_sent barriers).
 *
 * BRISC drives NoC 0 and NCRISC NoC 1 at the same time, each on its own
 * L1 area: NODE_ID, a non-posted and a posted write, a read, an atomic
 * increment with its return value, an inline write to the NIU's own
 * ROUTER_CFG_2 (MMIO; on Wormhole also one to L1), a read with a
 * transaction id, then the exact counter values (Counters.md).  Finally
 * both increment one shared L1 word 100 times each through their NoC:
 * it must end at 200.
 *
 * Machine: one tile at (0,0), a 1x1 NoC; NoC 1 coordinates are (0,0) too.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "tt.h"
#include "tt_regs.h"

#if defined(TT_ARCH_BH)
#define NOC_BUF_STRIDE      0x800u
#define NOC_AT_DATA         0x28u
#define NOC_CMD_CTRL        0x40u
#define NOC_NODE_ID         0x44u
#define NOC_FLIT            64u
#else
#define NOC_BUF_STRIDE      0x400u
#define NOC_AT_DATA         0x24u
#define NOC_CMD_CTRL        0x28u
#define NOC_NODE_ID         0x2Cu
#define NOC_FLIT            32u
#endif
#define NOC_TARG_ADDR_LO    0x00u
#define NOC_TARG_ADDR_MID   0x04u
#define NOC_TARG_ADDR_HI    0x08u
#define NOC_RET_ADDR_LO     0x0Cu
#define NOC_RET_ADDR_MID    0x10u
#define NOC_RET_ADDR_HI     0x14u
#define NOC_PACKET_TAG      0x18u
#define NOC_CTRL            0x1Cu
#define NOC_AT_LEN_BE       0x20u

#define NOC_BASE(n)         (0xFFB20000u + 0x10000u * (n))
#define NOC_REG(n, b, off)  TT_REG(NOC_BASE(n) + (b) * NOC_BUF_STRIDE + (off))
#define NOC_STATUS(n, i)    TT_REG(NOC_BASE(n) + 0x200u + 4u * (i))
#define NOC_CFG(n, i)       TT_REG(NOC_BASE(n) + 0x100u + 4u * (i))

/* tt-metal buffer roles */
#define WR_BUF              0
#define RD_BUF              1
#define WR_REG_BUF          2
#define AT_BUF              3

#define CMD_AT              (1u << 0)
#define CMD_WR              (1u << 1)
#define CMD_WR_INLINE       (1u << 3)
#define CMD_RESP_MARKED     (1u << 4)
#define CMD_VC_STATIC       (1u << 7)
#define CMD_STATIC_VC(v)    ((uint32_t)(v) << 13)
#define AT_INS_INCR_GET     (1u << 12)
#define AT_WRAP(w)          ((uint32_t)(w) << 2)
#define TAG_ID(id)          ((uint32_t)(id) << 10)
#define ROUTER_CFG_2        3

/* L1 areas (the image lives below 0x20000) */
#define AREA(n)             (0x40000u + 0x10000u * (n))
#define SRC(n)              (AREA(n) + 0x0000u)
#define DST(n)              (AREA(n) + 0x1000u)
#define DST2(n)             (AREA(n) + 0x2000u)
#define RDST(n)             (AREA(n) + 0x3000u)
#define RDST2(n)            (AREA(n) + 0x3800u)
#define AT_WORD(n)          (AREA(n) + 0x4000u)
#define AT_RET(n)           (AREA(n) + 0x4010u)
#define INLINE_L1(n)        (AREA(n) + 0x4100u)
#define SHARED_WORD         0x60000u
#define SHARED_RET(n)       (0x60100u + 0x10u * (n))

#define LEN                 256u
#define LEN2                64u
#define ROUNDS              100u


/* Failures of one core: count and the first one */
typedef struct fails {
    uint32_t n, line, got, want;
} fails;

static void fail(fails *f, uint32_t line, uint32_t got, uint32_t want)
{
    if (f->n++ == 0) {
        f->line = line;
        f->got = got;
        f->want = want;
    }
}

#define CHECK_EQ(f, got, want) do {                                     \
    uint32_t g_ = (got), w_ = (want);                                   \
    if (g_ != w_) {                                                     \
        fail((f), __LINE__, g_, w_);                                    \
    }                                                                   \
} while (0)

/* Spin until @reg reads @want (1 s timeout) */
static bool wait_reg(volatile uint32_t *reg, uint32_t want)
{
    return tt_wait_eq(reg, want, 1000);
}

/* tt-metal's software counters (noc_local_state_init) */
typedef struct noc_state {
    uint32_t reads_num_issued;
    uint32_t nonposted_writes_num_issued;
    uint32_t nonposted_writes_acked;
    uint32_t nonposted_atomics_acked;
    uint32_t posted_writes_num_issued;
} noc_state;

/* Coordinates + local address into TARG (@ret false) or RET */
static void set_coord(int n, int b, bool ret, uint32_t xy, uint32_t addr)
{
    uint32_t lo = ret ? NOC_RET_ADDR_LO : NOC_TARG_ADDR_LO;

    NOC_REG(n, b, lo) = addr;
#if defined(TT_ARCH_BH)
    NOC_REG(n, b, lo + 4) = 0;
    NOC_REG(n, b, lo + 8) = xy;             /* x | y << 6 */
#else
    NOC_REG(n, b, lo + 4) = xy << 4;        /* x << 4 | y << 10 */
#endif
}

static bool buf_ready(fails *f, int n, int b)
{
    bool ok = wait_reg(&NOC_REG(n, b, NOC_CMD_CTRL), 0);

    CHECK_EQ(f, ok, 1);
    return ok;
}

static void barrier(fails *f, int n, noc_state *s)
{
    /* ncrisc_noc_full_sync */
    CHECK_EQ(f, wait_reg(&NOC_STATUS(n, MST_RD_RESP_RECEIVED),
                         s->reads_num_issued), 1);
    CHECK_EQ(f, wait_reg(&NOC_STATUS(n, MST_NONPOSTED_WR_REQ_SENT),
                         s->nonposted_writes_num_issued), 1);
    CHECK_EQ(f, wait_reg(&NOC_STATUS(n, MST_WR_ACK_RECEIVED),
                         s->nonposted_writes_acked), 1);
    CHECK_EQ(f, wait_reg(&NOC_STATUS(n, MST_ATOMIC_RESP_RECEIVED),
                         s->nonposted_atomics_acked), 1);
    CHECK_EQ(f, wait_reg(&NOC_STATUS(n, MST_POSTED_WR_REQ_SENT),
                         s->posted_writes_num_issued), 1);
}

static void fast_write(fails *f, int n, noc_state *s, uint32_t xy,
                       uint32_t src, uint32_t dst, uint32_t len, bool posted)
{
    buf_ready(f, n, WR_BUF);
    NOC_REG(n, WR_BUF, NOC_CTRL) = CMD_WR | CMD_VC_STATIC |
                                   CMD_STATIC_VC(1) |
                                   (posted ? 0 : CMD_RESP_MARKED);
    NOC_REG(n, WR_BUF, NOC_TARG_ADDR_LO) = src;
    set_coord(n, WR_BUF, true, xy, dst);
    NOC_REG(n, WR_BUF, NOC_AT_LEN_BE) = len;
    NOC_REG(n, WR_BUF, NOC_CMD_CTRL) = 1;
    if (posted) {
        s->posted_writes_num_issued++;
    } else {
        s->nonposted_writes_num_issued++;
        s->nonposted_writes_acked++;
    }
}

static void fast_read(fails *f, int n, noc_state *s, uint32_t xy,
                      uint32_t src, uint32_t dst, uint32_t len)
{
    buf_ready(f, n, RD_BUF);
    NOC_REG(n, RD_BUF, NOC_RET_ADDR_LO) = dst;
    set_coord(n, RD_BUF, false, xy, src);
    NOC_REG(n, RD_BUF, NOC_AT_LEN_BE) = len;
    NOC_REG(n, RD_BUF, NOC_CMD_CTRL) = 1;
    s->reads_num_issued++;
}

static void atomic_incr(fails *f, int n, noc_state *s, uint32_t xy,
                        uint32_t addr, uint32_t incr)
{
    buf_ready(f, n, AT_BUF);
    set_coord(n, AT_BUF, false, xy, addr);
    NOC_REG(n, AT_BUF, NOC_CTRL) = CMD_VC_STATIC | CMD_STATIC_VC(1) |
                                   CMD_RESP_MARKED | CMD_AT;
    NOC_REG(n, AT_BUF, NOC_AT_LEN_BE) = AT_INS_INCR_GET | AT_WRAP(31) |
                                        ((addr >> 2) & 3);
    NOC_REG(n, AT_BUF, NOC_AT_DATA) = incr;
    NOC_REG(n, AT_BUF, NOC_CMD_CTRL) = 1;
    s->nonposted_atomics_acked++;
}

/* noc_fast_write_dw_inline: be shifted by the address within a flit */
static void inline_write(fails *f, int n, noc_state *s, uint32_t xy,
                         uint32_t dst, uint32_t val, bool posted)
{
    buf_ready(f, n, WR_REG_BUF);
    NOC_REG(n, WR_REG_BUF, NOC_AT_DATA) = val;
    NOC_REG(n, WR_REG_BUF, NOC_CTRL) = CMD_VC_STATIC | CMD_STATIC_VC(0) |
                                       CMD_WR | CMD_WR_INLINE |
                                       (posted ? 0 : CMD_RESP_MARKED);
    set_coord(n, WR_REG_BUF, false, xy, dst);
    NOC_REG(n, WR_REG_BUF, NOC_AT_LEN_BE) = 0xFu << (dst & (NOC_FLIT - 1));
    NOC_REG(n, WR_REG_BUF, NOC_CMD_CTRL) = 1;
    if (posted) {
        s->posted_writes_num_issued++;
    } else {
        s->nonposted_writes_num_issued++;
        s->nonposted_writes_acked++;
    }
}

static void check_bytes(fails *f, uint32_t addr, uint8_t seed, uint32_t len)
{
    for (uint32_t i = 0; i < len; i++) {
        CHECK_EQ(f, TT_REG8(addr + i), (uint8_t)(seed + 3 * i));
    }
}

/* Everything but the shared-word contention, on NoC @n */
/* The chip's NoC grid */
#if defined(TT_ARCH_WH)
#define NOC_W   10u
#else
#define NOC_W   17u
#endif
#define NOC_H   12u

static void run_noc(fails *f, int n, noc_state *s, uint32_t *my_xy)
{
    uint32_t node_id, xy;
#if defined(TT_ARCH_WH)
    const uint32_t wh = 1;
#else
    const uint32_t wh = 0;
#endif

    /*
     * MemoryMap.md NOC_NODE_ID for the tile at (0,0): the NoC is the
     * chip's (WH 10x12, BH 17x12: width [18:12], height [25:19]), so on
     * NoC 1 the tile is at (W - 1, H - 1); bit 28 on NoC 0 only.
     */
    node_id = NOC_REG(n, 0, NOC_NODE_ID);
    CHECK_EQ(f, node_id, (n == 0 ? 0 : (NOC_W - 1) | (NOC_H - 1) << 6) |
             (NOC_W << 12) | (NOC_H << 19) | (n == 0 ? 1u << 28 : 0));
    xy = node_id & 0xFFF;
    *my_xy = xy;

    /* noc_init: fixed coordinates per buffer role */
    set_coord(n, WR_BUF, false, xy, 0);
    set_coord(n, WR_REG_BUF, false, xy, 0);
    set_coord(n, AT_BUF, true, xy, AT_RET(n));
    NOC_REG(n, RD_BUF, NOC_CTRL) = CMD_RESP_MARKED | CMD_VC_STATIC |
                                   CMD_STATIC_VC(1);
    set_coord(n, RD_BUF, true, xy, 0);

    /* noc_local_state_init */
    s->reads_num_issued = NOC_STATUS(n, MST_RD_RESP_RECEIVED);
    s->nonposted_writes_num_issued = NOC_STATUS(n, MST_NONPOSTED_WR_REQ_SENT);
    s->nonposted_writes_acked = NOC_STATUS(n, MST_WR_ACK_RECEIVED);
    s->nonposted_atomics_acked = NOC_STATUS(n, MST_ATOMIC_RESP_RECEIVED);
    s->posted_writes_num_issued = NOC_STATUS(n, MST_POSTED_WR_REQ_SENT);

    for (uint32_t i = 0; i < LEN; i++) {
        TT_REG8(SRC(n) + i) = 0x10 * n + 3 * i;
        TT_REG8(DST(n) + i) = 0;
        TT_REG8(RDST(n) + i) = 0;
    }

    /* Writes to itself, then the barriers tt-metal waits on */
    fast_write(f, n, s, xy, SRC(n), DST(n), LEN, false);
    fast_write(f, n, s, xy, SRC(n), DST2(n), LEN2, true);
    barrier(f, n, s);
    check_bytes(f, DST(n), 0x10 * n, LEN);
    check_bytes(f, DST2(n), 0x10 * n, LEN2);

    /* Read back */
    fast_read(f, n, s, xy, DST(n), RDST(n), LEN);
    barrier(f, n, s);
    check_bytes(f, RDST(n), 0x10 * n, LEN);

    /* Atomic increment, result at the noc_init return slot */
    TT_REG(AT_WORD(n)) = 41;
    TT_REG(AT_RET(n)) = 0;
    atomic_incr(f, n, s, xy, AT_WORD(n), 1);
    barrier(f, n, s);
    CHECK_EQ(f, TT_REG(AT_WORD(n)), 42);
    CHECK_EQ(f, TT_REG(AT_RET(n)), 41);

    /* Inline write to the NIU's own ROUTER_CFG_2 (MMIO), posted */
    inline_write(f, n, s, xy, NOC_BASE(n) + 0x100 + 4 * ROUTER_CFG_2,
                 0x600D0000u | n, true);
    barrier(f, n, s);
    CHECK_EQ(f, NOC_CFG(n, ROUTER_CFG_2), 0x600D0000u | n);
#if defined(TT_ARCH_WH)
    /* Wormhole: inline write to L1 (bytes 4..7 of a 16-byte block) */
    TT_REG(INLINE_L1(n)) = 0x11111111;
    TT_REG(INLINE_L1(n) + 4) = 0x22222222;
    TT_REG(INLINE_L1(n) + 8) = 0x33333333;
    inline_write(f, n, s, xy, INLINE_L1(n) + 4, 0xC0DE0000u | n, false);
    barrier(f, n, s);
    CHECK_EQ(f, TT_REG(INLINE_L1(n)), 0x11111111);
    CHECK_EQ(f, TT_REG(INLINE_L1(n) + 4), 0xC0DE0000u | n);
    CHECK_EQ(f, TT_REG(INLINE_L1(n) + 8), 0x33333333);
#endif

    /* A read with transaction id 3: wait for its counter to drain */
    NOC_REG(n, RD_BUF, NOC_PACKET_TAG) = TAG_ID(3);
    fast_read(f, n, s, xy, SRC(n), RDST2(n), LEN2);
    CHECK_EQ(f, wait_reg(&NOC_STATUS(n, OUTSTANDING(3)), 0),
             1);
    NOC_REG(n, RD_BUF, NOC_PACKET_TAG) = 0;
    barrier(f, n, s);
    check_bytes(f, RDST2(n), 0x10 * n, LEN2);

    /*
     * Exact counters (the NIUs start from zero): writes 1 non-posted
     * (+1 inline on WH), 2 posted (one inline); 2 reads; 1 atomic.
     * Data words = ceil(bytes / flit); inline writes send none.
     */
    CHECK_EQ(f, NOC_STATUS(n, MST_CMD_ACCEPTED), 6 + wh);
    CHECK_EQ(f, NOC_STATUS(n, MST_NONPOSTED_WR_REQ_SENT), 1 + wh);
    CHECK_EQ(f, NOC_STATUS(n, MST_POSTED_WR_REQ_SENT), 2);
    CHECK_EQ(f, NOC_STATUS(n, MST_WR_ACK_RECEIVED), 1 + wh);
    CHECK_EQ(f, NOC_STATUS(n, MST_RD_RESP_RECEIVED), 2);
    CHECK_EQ(f, NOC_STATUS(n, MST_ATOMIC_RESP_RECEIVED), 1);
    CHECK_EQ(f, NOC_STATUS(n, MST_NONPOSTED_WR_DATA_WORD_SENT),
             LEN / NOC_FLIT);
    CHECK_EQ(f, NOC_STATUS(n, MST_POSTED_WR_DATA_WORD_SENT), LEN2 / NOC_FLIT);
    CHECK_EQ(f, NOC_STATUS(n, MST_RD_DATA_WORD_RECEIVED),
             (LEN + LEN2) / NOC_FLIT);
    /* The same NIU is the target of all of it */
    CHECK_EQ(f, NOC_STATUS(n, SLV_REQ_ACCEPTED), 3);
    CHECK_EQ(f, NOC_STATUS(n, SLV_RD_REQ_RECEIVED), 2);
    CHECK_EQ(f, NOC_STATUS(n, SLV_NONPOSTED_ATOMIC_RECEIVED), 1);
    CHECK_EQ(f, NOC_STATUS(n, SLV_NONPOSTED_WR_REQ_RECEIVED), 1 + wh);
    CHECK_EQ(f, NOC_STATUS(n, SLV_POSTED_WR_REQ_RECEIVED), 2);
    CHECK_EQ(f, NOC_STATUS(n, SLV_WR_ACK_SENT), 1 + wh);
}

/* ROUNDS non-posted increments of the shared word through NoC @n */
static void contend(fails *f, int n, noc_state *s, uint32_t xy)
{
    set_coord(n, AT_BUF, true, xy, SHARED_RET(n));
    for (uint32_t i = 0; i < ROUNDS; i++) {
        atomic_incr(f, n, s, xy, SHARED_WORD, 1);
        CHECK_EQ(f, wait_reg(&NOC_STATUS(n, MST_ATOMIC_RESP_RECEIVED),
                             s->nonposted_atomics_acked), 1);
    }
}

/* ------------------------------------------------------------------ */

static volatile uint32_t go_contend;    /* set by BRISC */

void ncrisc_main(void)
{
    TTResult *r = &tt_results[TT_NCRISC];
    fails f = { 0 };
    noc_state s;
    uint32_t xy;

    run_noc(&f, 1, &s, &xy);
    r->step = 1;
    while (!go_contend) {
        /* until BRISC says go */
    }
    contend(&f, 1, &s, xy);
    r->errors = f.n;
    r->data[0] = f.line;
    r->data[1] = f.got;
    r->data[2] = f.want;
    r->magic = TT_RESULT_MAGIC;
}

void trisc_main(int t)
{
}

static void report(const char *who, fails *f)
{
    if (f->n) {
        tt_printf("  FAIL (%s): %u checks, first at line %u: got 0x%x, "
                  "expected 0x%x\n", who, f->n, f->line, f->got, f->want);
    }
}

int brisc_main(void)
{
    TTResult *rn = &tt_results[TT_NCRISC];
    fails f = { 0 }, fn;
    noc_state s;
    uint32_t xy;
    bool ok;

    tt_printf("noc_loopback (%s): BRISC on NoC 0, NCRISC on NoC 1\n",
              TT_ARCH_NAME);
    TT_REG(SHARED_WORD) = 0;
    tt_set_reset_pcs();
    tt_soft_reset(TT_RESET_TRISC0 | TT_RESET_TRISC1 | TT_RESET_TRISC2);

    run_noc(&f, 0, &s, &xy);
    ok = tt_wait_eq(&rn->step, 1, 5000);
    CHECK_EQ(&f, ok, 1);
    go_contend = 1;
    contend(&f, 0, &s, xy);
    ok = tt_wait_eq(&rn->magic, TT_RESULT_MAGIC, 5000);
    CHECK_EQ(&f, ok, 1);
    /* Both NoCs' increments, none lost */
    CHECK_EQ(&f, TT_REG(SHARED_WORD), 2 * ROUNDS);
    CHECK_EQ(&f, NOC_STATUS(0, MST_ATOMIC_RESP_RECEIVED), 1 + ROUNDS);
    CHECK_EQ(&f, NOC_STATUS(1, MST_ATOMIC_RESP_RECEIVED), 1 + ROUNDS);
    tt_printf("  NODE_ID NoC0 0x%08x NoC1 0x%08x; shared word %u after "
              "2 x %u NoC increments\n", NOC_REG(0, 0, NOC_NODE_ID),
              NOC_REG(1, 0, NOC_NODE_ID), TT_REG(SHARED_WORD), ROUNDS);

    fn.n = rn->errors;
    fn.line = rn->data[0];
    fn.got = rn->data[1];
    fn.want = rn->data[2];
    report("BRISC, NoC 0", &f);
    report("NCRISC, NoC 1", &fn);
    if (f.n || fn.n) {
        tt_printf("noc_loopback: FAILED\n");
        return 1;
    }
    tt_printf("noc_loopback: all checks passed\n");
    return 0;
}
