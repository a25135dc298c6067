/*
 * QTest testcase for the Tenstorrent NoC NIUs (tt-blackhole, tt-wormhole)
 *
 * A 2x2 grid of tiles at NoC 0 coordinates (1,1) (2,1) (1,2) (2,2)
 * (-M ...,grid-width=2,grid-height=2,tile-x=1,tile-y=1) in the chip's NoC
 * (WH 10x12, BH 17x12); the other coordinates hold no tile.  NoC 1
 * coordinates are mirrored over the chip: (W - 1 - x, H - 1 - y).  Every
 * NIU register is reached through the NoC view: tile (x, y)'s local
 * address A at (y << 42) | (x << 36) | A.
 *
 * Expected values are derived by hand from tt-isa-documentation
 * WormholeB0/NoC/{MemoryMap,Counters,Atomics,Coordinates,Alignment}.md and
 * BlackholeA0/NoC/{MemoryMap,Counters,Atomics,Coordinates}.md, with the
 * register offsets of tt-metal noc_parameters.h (reference/address-map.md
 * section 5); each test says how.  Model decisions where the documents are
 * silent (docs/units/noc.md) are marked "decision".
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "libqtest.h"
#include "tt-qtest-util.h"
#include "firmware/tt_regs.h"

#define NOC(x, y, a) \
    (((uint64_t)(y) << 42) | ((uint64_t)(x) << 36) | (uint64_t)(a))

#define NIU_BASE        0xFFB20000u
#define NIU_SIZE        0x10000u

/* The four tiles (NoC 0 coordinates) */
#define T0X 1
#define T0Y 1
#define T1X 2
#define T1Y 1
#define T2X 1
#define T2Y 2
#define T3X 2
#define T3Y 2

/* Registers common to both architectures (offset in a buffer window) */
#define O_TARG_LO       0x00
#define O_TARG_MID      0x04
#define O_TARG_HI       0x08
#define O_RET_LO        0x0C
#define O_RET_MID       0x10
#define O_RET_HI        0x14
#define O_PACKET_TAG    0x18
#define O_CTRL          0x1C
#define O_AT_LEN_BE     0x20
#define O_AT_LEN_BE_1   0x24        /* BH */
#define O_BRCST_EXCLUDE 0x2C        /* BH */

/* NOC_CTRL */
#define CMD_RD          0x0u
#define CMD_AT          0x1u
#define CMD_WR          0x2u
#define CMD_WR_BE       (1u << 2)
#define CMD_WR_INLINE   (1u << 3)
#define CMD_RESP_MARKED (1u << 4)
#define CMD_BRCST       (1u << 5)
#define CMD_VC_STATIC   (1u << 7)
#define CMD_STATIC_VC(v) ((uint32_t)(v) << 13)
#define CMD_SRC_INCLUDE (1u << 17)
#define CTRL_PORTS(p)   ((uint32_t)(p) << 10)   /* WH written by hardware */
#define PORT_NIU        1u
#define PORT_Y          2u
#define PORT_X          4u

#define TAG_ID(id)      ((uint32_t)(id) << 10)
#define TAG_HEADER_STORE (1u << 9)

/* NOC_AT_LEN_BE for atomics */
#define AT_INS(i)       ((uint32_t)(i) << 12)
#define AT_INCR(width, ofs) (AT_INS(1) | (uint32_t)(width) << 2 | (ofs))

/* NOC_CFG indices */
#define NIU_CFG_0       0x0
#define ROUTER_CFG_2    0x3
#define ROUTER_CFG_3    0x4
#define X_TABLE         0x6
#define XLAT_EN         (1u << 14)

typedef struct NocArch {
    const char *name;
    const char *machine;
    bool bh;
    uint32_t stride;            /* NOC_CMD_BUF_OFFSET */
    uint32_t o_at_data;
    uint32_t o_cmd_ctrl;
    uint32_t o_node_id;
    uint32_t o_endpoint_id;
    uint32_t o_clear;           /* NOC_CLEAR_OUTSTANDING_REQ_CNT */
    uint32_t cfg_y_table;
    uint32_t cfg_id_logical;
    uint32_t flit;              /* bytes per flit */
    uint32_t max_packet;
    uint32_t l1_size;
    uint32_t noc_w, noc_h;      /* the chip's NoC */
} NocArch;

/* NoC 1 coordinates of NoC 0 (x, y): mirrored over the chip's NoC */
#define N1X(c, x)       ((c)->a->noc_w - 1 - (x))
#define N1Y(c, y)       ((c)->a->noc_h - 1 - (y))

static const NocArch noc_bh = {
    .name = "blackhole",
    .machine = "tt-blackhole",
    .bh = true,
    .stride = 0x800,
    .o_at_data = 0x28,
    .o_cmd_ctrl = 0x40,
    .o_node_id = 0x44,
    .o_endpoint_id = 0x48,
    .o_clear = 0x60,
    .cfg_y_table = 0xC,
    .cfg_id_logical = 0x12,
    .flit = 64,
    .max_packet = 16384,
    .l1_size = 1536 * 1024,
    .noc_w = 17,
    .noc_h = 12,
};

static const NocArch noc_wh = {
    .name = "wormhole",
    .machine = "tt-wormhole",
    .bh = false,
    .stride = 0x400,
    .o_at_data = 0x24,
    .o_cmd_ctrl = 0x28,
    .o_node_id = 0x2C,
    .o_endpoint_id = 0x30,
    .o_clear = 0x50,
    .cfg_y_table = 0xA,
    .cfg_id_logical = 0xE,
    .flit = 32,
    .max_packet = 8192,
    .l1_size = 1464 * 1024,
    .noc_w = 10,
    .noc_h = 12,
};

typedef struct Ctx {
    QTestState *qts;
    const NocArch *a;
} Ctx;

static Ctx start(const void *data)
{
    Ctx c = { .a = data };

    c.qts = qtest_initf("-machine %s,grid-width=2,grid-height=2,tile-x=1,"
                        "tile-y=1", c.a->machine);
    return c;
}

/* Register @off of buffer @b of NoC @noc in the tile at NoC 0 (x, y) */
static uint64_t reg(Ctx *c, int x, int y, int noc, int b, uint32_t off)
{
    return NOC(x, y, NIU_BASE + noc * NIU_SIZE + b * c->a->stride + off);
}

static void wr(Ctx *c, int x, int y, int noc, int b, uint32_t off,
               uint32_t v)
{
    qtest_writel(c->qts, reg(c, x, y, noc, b, off), v);
}

static uint32_t rd(Ctx *c, int x, int y, int noc, int b, uint32_t off)
{
    return qtest_readl(c->qts, reg(c, x, y, noc, b, off));
}

static uint32_t ctr(Ctx *c, int x, int y, int noc, int idx)
{
    return qtest_readl(c->qts, NOC(x, y, NIU_BASE + noc * NIU_SIZE + 0x200 +
                                   4 * idx));
}

static uint32_t cfg_rd(Ctx *c, int x, int y, int noc, int idx)
{
    return qtest_readl(c->qts, NOC(x, y, NIU_BASE + noc * NIU_SIZE + 0x100 +
                                   4 * idx));
}

static void cfg_wr(Ctx *c, int x, int y, int noc, int idx, uint32_t v)
{
    qtest_writel(c->qts, NOC(x, y, NIU_BASE + noc * NIU_SIZE + 0x100 +
                             4 * idx), v);
}

/*
 * TARG (@ret false) or RET registers: local address @addr at this NoC's
 * coordinates (cx, cy).  WH: LO, MID = addr[35:32] | x << 4 | y << 10.
 * BH: LO, MID = addr[63:32], HI = x | y << 6.
 */
static void set_addr(Ctx *c, int x, int y, int noc, int b, bool ret,
                     int cx, int cy, uint64_t addr)
{
    uint32_t lo = ret ? O_RET_LO : O_TARG_LO;

    wr(c, x, y, noc, b, lo, addr);
    if (c->a->bh) {
        wr(c, x, y, noc, b, lo + 4, addr >> 32);
        wr(c, x, y, noc, b, lo + 8, cx | cy << 6);
    } else {
        wr(c, x, y, noc, b, lo + 4, ((addr >> 32) & 0xF) | cx << 4 |
           cy << 10);
    }
}

/* Broadcast rectangle (sx, sy) .. (ex, ey): MemoryMap.md field layout */
static void set_mcast(Ctx *c, int x, int y, int noc, int b, bool ret,
                      int sx, int sy, int ex, int ey, uint64_t addr)
{
    uint32_t lo = ret ? O_RET_LO : O_TARG_LO;
    uint32_t xy = ex | ey << 6 | sx << 12 | sy << 18;

    wr(c, x, y, noc, b, lo, addr);
    if (c->a->bh) {
        wr(c, x, y, noc, b, lo + 4, addr >> 32);
        wr(c, x, y, noc, b, lo + 8, xy);
    } else {
        wr(c, x, y, noc, b, lo + 4, ((addr >> 32) & 0xF) | xy << 4);
    }
}

/* Write NOC_CMD_CTRL = 1; it reads 0 once the request has gone */
static void issue(Ctx *c, int x, int y, int noc, int b)
{
    wr(c, x, y, noc, b, c->a->o_cmd_ctrl, 1);
    g_assert_cmphex(rd(c, x, y, noc, b, c->a->o_cmd_ctrl), ==, 0);
}

/*
 * A request of T0's NIU @noc, command buffer @b: NOC_TARG_ADDR, NOC_RET_ADDR,
 * NOC_AT_LEN_BE, NOC_PACKET_TAG (when @tag is set) and NOC_CTRL, issued.
 */
typedef struct Req {
    int noc, b;
    int tx, ty;
    uint64_t taddr;
    int rx, ry;
    uint64_t raddr;
    uint32_t len;
    uint32_t tag;
    uint32_t ctrl;
} Req;

static void request(Ctx *c, const Req *r)
{
    set_addr(c, T0X, T0Y, r->noc, r->b, false, r->tx, r->ty, r->taddr);
    set_addr(c, T0X, T0Y, r->noc, r->b, true, r->rx, r->ry, r->raddr);
    wr(c, T0X, T0Y, r->noc, r->b, O_AT_LEN_BE, r->len);
    if (r->tag) {
        wr(c, T0X, T0Y, r->noc, r->b, O_PACKET_TAG, r->tag);
    }
    wr(c, T0X, T0Y, r->noc, r->b, O_CTRL, r->ctrl);
    issue(c, T0X, T0Y, r->noc, r->b);
}

static void fill(Ctx *c, int x, int y, uint32_t addr, uint8_t seed,
                 size_t len)
{
    g_autofree uint8_t *buf = g_malloc(len);

    for (size_t i = 0; i < len; i++) {
        buf[i] = seed + i * 7;
    }
    qtest_memwrite(c->qts, NOC(x, y, addr), buf, len);
}

static void memset_l1(Ctx *c, int x, int y, uint32_t addr, uint8_t v,
                      size_t len)
{
    qtest_memset(c->qts, NOC(x, y, addr), v, len);
}

static void check_fill(Ctx *c, int x, int y, uint32_t addr, uint8_t seed,
                       size_t len)
{
    g_autofree uint8_t *buf = g_malloc(len);

    qtest_memread(c->qts, NOC(x, y, addr), buf, len);
    for (size_t i = 0; i < len; i++) {
        g_assert_cmphex(buf[i], ==, (uint8_t)(seed + i * 7));
    }
}

static uint32_t l1_rd(Ctx *c, int x, int y, uint32_t addr)
{
    return qtest_readl(c->qts, NOC(x, y, addr));
}

static void l1_wr(Ctx *c, int x, int y, uint32_t addr, uint32_t v)
{
    qtest_writel(c->qts, NOC(x, y, addr), v);
}

static uint32_t flits(Ctx *c, uint32_t bytes)
{
    return (bytes + c->a->flit - 1) / c->a->flit;
}

/* ---------------------------------------------------------------------- */
/* Identification                                                         */
/* ---------------------------------------------------------------------- */

static void test_node_id(const void *data)
{
    Ctx c = start(data);
    static const int tiles[4][2] = {
        { T0X, T0Y }, { T1X, T1Y }, { T2X, T2Y }, { T3X, T3Y },
    };

    for (int t = 0; t < 4; t++) {
        int x = tiles[t][0], y = tiles[t][1];
        /*
         * MemoryMap.md NOC_NODE_ID: x [5:0], y [11:6], NoC width [18:12]
         * and height [25:19] (the chip's), bit 28 (X before Y) set on NoC 0
         * only; dateline bits 26/27 left 0 (decision).  NoC 1 coordinates
         * are mirrored over the chip.
         */
        uint32_t wh = c.a->noc_w << 12 | c.a->noc_h << 19;
        uint32_t id0 = x | y << 6 | wh | 1u << 28;
        uint32_t id1 = N1X(&c, x) | N1Y(&c, y) << 6 | wh;

        for (int b = 0; b < 4; b++) {
            /* "NIU identification details (again)" in every window */
            g_assert_cmphex(rd(&c, x, y, 0, b, c.a->o_node_id), ==, id0);
            g_assert_cmphex(rd(&c, x, y, 1, b, c.a->o_node_id), ==, id1);
            g_assert_cmphex(rd(&c, x, y, 0, b, c.a->o_cmd_ctrl), ==, 0);
        }
        /*
         * NOC_ENDPOINT_ID: tile type Tensix (WH 0x01 at [23:16], BH
         * 0x0100 at [23:8]), NoC index at [31:24]; tile index = QEMU's
         * row-major tile number (decision).
         */
        g_assert_cmphex(rd(&c, x, y, 0, 0, c.a->o_endpoint_id), ==,
                        t | 0x010000);
        g_assert_cmphex(rd(&c, x, y, 1, 0, c.a->o_endpoint_id), ==,
                        t | 0x010000 | 1u << 24);
        /* NOC_ID_LOGICAL holds the NoC coordinates after power-on */
        g_assert_cmphex(cfg_rd(&c, x, y, 0, c.a->cfg_id_logical), ==,
                        (uint32_t)(x | y << 6));
        g_assert_cmphex(cfg_rd(&c, x, y, 1, c.a->cfg_id_logical), ==,
                        (uint32_t)(N1X(&c, x) | N1Y(&c, y) << 6));
        /* Read-only: a write is ignored */
        wr(&c, x, y, 0, 0, c.a->o_node_id, 0);
        g_assert_cmphex(rd(&c, x, y, 0, 0, c.a->o_node_id), ==, id0);
    }

    /* Tile (1,1)'s local view (qtest = its BRISC) reaches the same NIUs */
    g_assert_cmphex(qtest_readl(c.qts, NIU_BASE + c.a->o_node_id), ==,
                    T0X | T0Y << 6 | c.a->noc_w << 12 | c.a->noc_h << 19 |
                    1u << 28);
    g_assert_cmphex(qtest_readl(c.qts, NIU_BASE + NIU_SIZE +
                                c.a->o_node_id), ==,
                    N1X(&c, T0X) | N1Y(&c, T0Y) << 6 | c.a->noc_w << 12 |
                    c.a->noc_h << 19);
    qtest_quit(c.qts);
}

static void test_registers(const void *data)
{
    Ctx c = start(data);

    /* Plain storage, per buffer */
    for (int b = 0; b < 4; b++) {
        wr(&c, T0X, T0Y, 0, b, c.a->o_at_data, 0x11111111u * (b + 1));
    }
    for (int b = 0; b < 4; b++) {
        g_assert_cmphex(rd(&c, T0X, T0Y, 0, b, c.a->o_at_data), ==,
                        0x11111111u * (b + 1));
        g_assert_cmphex(rd(&c, T0X, T0Y, 1, b, c.a->o_at_data), ==, 0);
    }
    /* A byte store merges into the register (bits 15:8 here) */
    qtest_writeb(c.qts, reg(&c, T0X, T0Y, 0, 0, c.a->o_at_data + 1), 0xAB);
    g_assert_cmphex(rd(&c, T0X, T0Y, 0, 0, c.a->o_at_data), ==, 0x1111AB11);
    g_assert_cmphex(qtest_readb(c.qts, reg(&c, T0X, T0Y, 0, 0,
                                           c.a->o_at_data + 1)), ==, 0xAB);
    /* NOC_PACKET_TAG bits 31:16: writes ignored, read as zero */
    wr(&c, T0X, T0Y, 0, 0, O_PACKET_TAG, 0xFFFFFFFF);
    g_assert_cmphex(rd(&c, T0X, T0Y, 0, 0, O_PACKET_TAG), ==, 0xFFFF);
    /* NOC_CFG: general-use bits are storage (ROUTER_CFG_2: all 32) */
    cfg_wr(&c, T1X, T1Y, 1, ROUTER_CFG_2, 0x12345678);
    g_assert_cmphex(cfg_rd(&c, T1X, T1Y, 1, ROUTER_CFG_2), ==, 0x12345678);
    g_assert_cmphex(cfg_rd(&c, T1X, T1Y, 0, ROUTER_CFG_2), ==, 0);
    if (c.a->bh) {
        /* CMD_BUF_OVFL (0x68): no request FIFO overflow ever */
        g_assert_cmphex(rd(&c, T0X, T0Y, 0, 2, 0x68), ==, 0);
    } else {
        /* 0x54: combined NOC_CMD_CTRL low bits, all requests done */
        wr(&c, T0X, T0Y, 0, 0, c.a->o_cmd_ctrl, 0);
        g_assert_cmphex(rd(&c, T0X, T0Y, 0, 0, 0x54), ==, 0);
    }
    qtest_quit(c.qts);
}

/* ---------------------------------------------------------------------- */
/* Writes                                                                 */
/* ---------------------------------------------------------------------- */

static void test_write_unicast(const void *data)
{
    Ctx c = start(data);
    uint32_t f = flits(&c, 100);    /* WH 4 x 32 B, BH 2 x 64 B */

    /*
     * Non-posted write, id 3: 100 bytes from T0's 0x10000 to T3's
     * 0x20000.  Data comes from NOC_TARG_ADDR at the initiator; the ack
     * goes to TARG's x/y (T0 itself); RET is the destination.
     */
    fill(&c, T0X, T0Y, 0x10000, 0x21, 100);
    memset_l1(&c, T3X, T3Y, 0x20000, 0xEE, 128);
    request(&c, &(Req) {
        .tx = T0X, .ty = T0Y, .taddr = 0x10000,
        .rx = T3X, .ry = T3Y, .raddr = 0x20000,
        .len = 100, .tag = TAG_ID(3), .ctrl = CMD_WR | CMD_RESP_MARKED,
    });

    check_fill(&c, T3X, T3Y, 0x20000, 0x21, 100);
    g_assert_cmphex(qtest_readb(c.qts, NOC(T3X, T3Y, 0x20000 + 100)), ==,
                    0xEE);
    /* Counters.md "Write requests with NOC_CMD_WR_INLINE=false" */
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_CMD_ACCEPTED), ==, 1);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_NONPOSTED_WR_REQ_STARTED), ==,
                     1);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_NONPOSTED_WR_REQ_SENT), ==, 1);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_NONPOSTED_WR_DATA_WORD_SENT),
                     ==, f);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_WR_ACK_RECEIVED), ==, 1);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, OUTSTANDING(3)), ==, 0);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, OUTGOING(3)), ==, 0);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_POSTED_WR_REQ_SENT), ==, 0);
    g_assert_cmpuint(ctr(&c, T3X, T3Y, 0, SLV_NONPOSTED_WR_REQ_STARTED), ==,
                     1);
    g_assert_cmpuint(ctr(&c, T3X, T3Y, 0, SLV_NONPOSTED_WR_REQ_RECEIVED),
                     ==, 1);
    g_assert_cmpuint(ctr(&c, T3X, T3Y, 0,
                         SLV_NONPOSTED_WR_DATA_WORD_RECEIVED), ==, f);
    g_assert_cmpuint(ctr(&c, T3X, T3Y, 0, SLV_WR_ACK_SENT), ==, 1);
    g_assert_cmpuint(ctr(&c, T3X, T3Y, 0, SLV_REQ_ACCEPTED), ==, 0);
    g_assert_cmpuint(ctr(&c, T3X, T3Y, 1, SLV_NONPOSTED_WR_REQ_RECEIVED),
                     ==, 0);
    /*
     * WH writes the first router's output ports into NOC_CTRL[12:10]:
     * NoC 0 routes X first and (2,2) differs in x: the X port.
     */
    g_assert_cmphex(rd(&c, T0X, T0Y, 0, 0, O_CTRL), ==,
                    CMD_WR | CMD_RESP_MARKED |
                    (c.a->bh ? 0 : CTRL_PORTS(PORT_X)));

    /* Posted write, buffer 2, id 0: 4 bytes to T1 */
    l1_wr(&c, T0X, T0Y, 0x10100, 0xA5A55A5A);
    request(&c, &(Req) {
        .b = 2,
        .tx = T0X, .ty = T0Y, .taddr = 0x10100,
        .rx = T1X, .ry = T1Y, .raddr = 0x20010,
        .len = 4, .ctrl = CMD_WR,
    });
    g_assert_cmphex(l1_rd(&c, T1X, T1Y, 0x20010), ==, 0xA5A55A5A);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_CMD_ACCEPTED), ==, 2);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_POSTED_WR_REQ_STARTED), ==, 1);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_POSTED_WR_REQ_SENT), ==, 1);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_POSTED_WR_DATA_WORD_SENT), ==,
                     1);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_WR_ACK_RECEIVED), ==, 1);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, OUTSTANDING(0)), ==, 0);
    g_assert_cmpuint(ctr(&c, T1X, T1Y, 0, SLV_POSTED_WR_REQ_STARTED), ==, 1);
    g_assert_cmpuint(ctr(&c, T1X, T1Y, 0, SLV_POSTED_WR_REQ_RECEIVED), ==,
                     1);
    g_assert_cmpuint(ctr(&c, T1X, T1Y, 0, SLV_POSTED_WR_DATA_WORD_RECEIVED),
                     ==, 1);
    g_assert_cmpuint(ctr(&c, T1X, T1Y, 0, SLV_WR_ACK_SENT), ==, 0);
    qtest_quit(c.qts);
}

static void test_write_ack_elsewhere(const void *data)
{
    Ctx c = start(data);

    /*
     * The ack goes to NOC_TARG_ADDR's x/y, here T2, while the data still
     * comes from the initiator's own L1 (T2 holds other bytes there).
     * Counters.md: the initiator's REQS_OUTSTANDING_ID(7) is incremented
     * and never decremented; T2's is decremented from 0 (8 bits: 0xFF).
     */
    l1_wr(&c, T0X, T0Y, 0x10200, 0x0A0B0C0D);
    l1_wr(&c, T2X, T2Y, 0x10200, 0xBADBADBA);
    request(&c, &(Req) {
        .tx = T2X, .ty = T2Y, .taddr = 0x10200,
        .rx = T1X, .ry = T1Y, .raddr = 0x20200,
        .len = 4, .tag = TAG_ID(7), .ctrl = CMD_WR | CMD_RESP_MARKED,
    });
    g_assert_cmphex(l1_rd(&c, T1X, T1Y, 0x20200), ==, 0x0A0B0C0D);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, OUTSTANDING(7)), ==, 1);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, OUTGOING(7)), ==, 0);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_WR_ACK_RECEIVED), ==, 0);
    g_assert_cmpuint(ctr(&c, T2X, T2Y, 0, MST_WR_ACK_RECEIVED), ==, 1);
    g_assert_cmpuint(ctr(&c, T2X, T2Y, 0, OUTSTANDING(7)), ==, 0xFF);

    /* Counters.md "Clear NIU transaction ID counters": bit i clears id i */
    wr(&c, T0X, T0Y, 0, 0, c.a->o_clear, 1u << 6);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, OUTSTANDING(7)), ==, 1);
    wr(&c, T0X, T0Y, 0, 0, c.a->o_clear, 1u << 7);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, OUTSTANDING(7)), ==, 0);
    wr(&c, T2X, T2Y, 0, 0, c.a->o_clear, 0xFFFF);
    g_assert_cmpuint(ctr(&c, T2X, T2Y, 0, OUTSTANDING(7)), ==, 0);
    qtest_quit(c.qts);
}

static void test_inline_write(const void *data)
{
    Ctx c = start(data);

    /*
     * Inline write to MMIO (both architectures): a 32-bit store of
     * NOC_AT_DATA, NOC_AT_LEN_BE ignored.  Target: T1's NoC 0
     * ROUTER_CFG_2 (all 32 bits general use).  Posted.
     */
    wr(&c, T0X, T0Y, 0, 2, c.a->o_at_data, 0xCAFEF00D);
    set_addr(&c, T0X, T0Y, 0, 2, false, T1X, T1Y, NIU_BASE + 0x10C);
    wr(&c, T0X, T0Y, 0, 2, O_AT_LEN_BE, 0);
    wr(&c, T0X, T0Y, 0, 2, O_CTRL, CMD_WR | CMD_WR_INLINE);
    issue(&c, T0X, T0Y, 0, 2);
    g_assert_cmphex(cfg_rd(&c, T1X, T1Y, 0, ROUTER_CFG_2), ==, 0xCAFEF00D);
    /* Counters.md "Write requests with NOC_CMD_WR_INLINE=true" */
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_CMD_ACCEPTED), ==, 1);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_POSTED_WR_REQ_STARTED), ==, 1);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_POSTED_WR_REQ_SENT), ==, 1);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_POSTED_WR_DATA_WORD_SENT), ==,
                     0);
    g_assert_cmpuint(ctr(&c, T1X, T1Y, 0, SLV_POSTED_WR_REQ_STARTED), ==, 1);
    g_assert_cmpuint(ctr(&c, T1X, T1Y, 0, SLV_POSTED_WR_REQ_RECEIVED), ==,
                     1);
    g_assert_cmpuint(ctr(&c, T1X, T1Y, 0, SLV_POSTED_WR_DATA_WORD_RECEIVED),
                     ==, 1);

    if (!c.a->bh) {
        /*
         * WH inline write to L1 (MemoryMap.md NOC_AT_LEN_BE): 16 bytes at
         * NOC_TARG_ADDR & ~0xf; byte i gets byte i & 3 of NOC_AT_DATA if
         * bit i & 15 or bit 16 + (i & 15) of NOC_AT_LEN_BE is set.  BE =
         * 0x0F0000F0: bits 4-7 (low half) and 8-11 (high half), so bytes
         * 4..11 of the block at 0x20100 are written.  Non-posted, id 1.
         */
        static const uint8_t want[16] = {
            0xAA, 0xAA, 0xAA, 0xAA, 0x11, 0x22, 0x33, 0x44,
            0x11, 0x22, 0x33, 0x44, 0xAA, 0xAA, 0xAA, 0xAA,
        };
        uint8_t got[16];

        memset_l1(&c, T3X, T3Y, 0x20100, 0xAA, 16);
        wr(&c, T0X, T0Y, 0, 2, c.a->o_at_data, 0x44332211);
        set_addr(&c, T0X, T0Y, 0, 2, false, T3X, T3Y, 0x20104);
        wr(&c, T0X, T0Y, 0, 2, O_AT_LEN_BE, 0x0F0000F0);
        wr(&c, T0X, T0Y, 0, 2, O_PACKET_TAG, TAG_ID(1));
        wr(&c, T0X, T0Y, 0, 2, O_CTRL, CMD_WR | CMD_WR_INLINE |
           CMD_RESP_MARKED);
        issue(&c, T0X, T0Y, 0, 2);
        qtest_memread(c.qts, NOC(T3X, T3Y, 0x20100), got, 16);
        for (int i = 0; i < 16; i++) {
            g_assert_cmphex(got[i], ==, want[i]);
        }
        g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_NONPOSTED_WR_REQ_SENT),
                         ==, 1);
        g_assert_cmpuint(ctr(&c, T0X, T0Y, 0,
                             MST_NONPOSTED_WR_DATA_WORD_SENT), ==, 0);
        g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_WR_ACK_RECEIVED), ==, 1);
        g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, OUTSTANDING(1)), ==, 0);
        g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, OUTGOING(1)), ==, 0);
        g_assert_cmpuint(ctr(&c, T3X, T3Y, 0,
                             SLV_NONPOSTED_WR_DATA_WORD_RECEIVED), ==, 1);
        g_assert_cmpuint(ctr(&c, T3X, T3Y, 0, SLV_WR_ACK_SENT), ==, 1);
    }
    qtest_quit(c.qts);
}

static void test_be_write(const void *data)
{
    Ctx c = start(data);
    uint32_t span = c.a->bh ? 64 : 32;
    uint64_t mask = c.a->bh ? 0x8000000000000101ull : 0x800000F1ull;
    uint8_t got[80];

    /*
     * NOC_CMD_WR_BE: the bytes of the aligned span at NOC_TARG_ADDR
     * (32 bytes WH; 64 BH with NOC_AT_LEN_BE_1 as the high mask half)
     * whose enable bit is set are written at NOC_RET_ADDR.
     */
    fill(&c, T0X, T0Y, 0x12000, 0x40, span);
    memset_l1(&c, T1X, T1Y, 0x21000, 0x55, sizeof(got));
    set_addr(&c, T0X, T0Y, 0, 0, false, T0X, T0Y, 0x12000);
    set_addr(&c, T0X, T0Y, 0, 0, true, T1X, T1Y, 0x21000);
    wr(&c, T0X, T0Y, 0, 0, O_AT_LEN_BE, mask);
    if (c.a->bh) {
        wr(&c, T0X, T0Y, 0, 0, O_AT_LEN_BE_1, mask >> 32);
    }
    wr(&c, T0X, T0Y, 0, 0, O_CTRL, CMD_WR | CMD_WR_BE | CMD_RESP_MARKED);
    issue(&c, T0X, T0Y, 0, 0);
    qtest_memread(c.qts, NOC(T1X, T1Y, 0x21000), got, sizeof(got));
    for (uint32_t i = 0; i < sizeof(got); i++) {
        bool en = i < span && (mask >> i & 1);

        g_assert_cmphex(got[i], ==, en ? (uint8_t)(0x40 + i * 7) : 0x55);
    }
    /* One request of one flit */
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_NONPOSTED_WR_REQ_SENT), ==, 1);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_NONPOSTED_WR_DATA_WORD_SENT),
                     ==, 1);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_WR_ACK_RECEIVED), ==, 1);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, OUTGOING(0)), ==, 0);
    g_assert_cmpuint(ctr(&c, T1X, T1Y, 0,
                         SLV_NONPOSTED_WR_DATA_WORD_RECEIVED), ==, 1);
    qtest_quit(c.qts);
}

static void test_header_store(const void *data)
{
    Ctx c = start(data);

    /*
     * NOC_PACKET_TAG_HEADER_STORE on a posted write: the first 128 bits
     * are also written at NOC_AT_DATA << 4 (0x2400 << 4 = 0x24000).
     */
    fill(&c, T0X, T0Y, 0x15000, 0x77, 32);
    memset_l1(&c, T1X, T1Y, 0x24000, 0x99, 32);
    set_addr(&c, T0X, T0Y, 0, 0, false, T0X, T0Y, 0x15000);
    set_addr(&c, T0X, T0Y, 0, 0, true, T1X, T1Y, 0x25000);
    wr(&c, T0X, T0Y, 0, 0, O_AT_LEN_BE, 32);
    wr(&c, T0X, T0Y, 0, 0, c.a->o_at_data, 0x2400);
    wr(&c, T0X, T0Y, 0, 0, O_PACKET_TAG, TAG_HEADER_STORE);
    wr(&c, T0X, T0Y, 0, 0, O_CTRL, CMD_WR);
    issue(&c, T0X, T0Y, 0, 0);
    check_fill(&c, T1X, T1Y, 0x25000, 0x77, 32);
    check_fill(&c, T1X, T1Y, 0x24000, 0x77, 16);
    g_assert_cmphex(l1_rd(&c, T1X, T1Y, 0x24010), ==, 0x99999999);

    /* Non-posted: no header store */
    memset_l1(&c, T1X, T1Y, 0x24000, 0x99, 32);
    wr(&c, T0X, T0Y, 0, 0, O_CTRL, CMD_WR | CMD_RESP_MARKED);
    issue(&c, T0X, T0Y, 0, 0);
    g_assert_cmphex(l1_rd(&c, T1X, T1Y, 0x24000), ==, 0x99999999);
    qtest_quit(c.qts);
}

/* ---------------------------------------------------------------------- */
/* Reads                                                                  */
/* ---------------------------------------------------------------------- */

static void test_read(const void *data)
{
    Ctx c = start(data);
    uint32_t f = flits(&c, 40);     /* WH 2, BH 1 */
    uint32_t max = c.a->max_packet;
    uint32_t ctrl = CMD_RD | CMD_RESP_MARKED | CMD_VC_STATIC |
                    CMD_STATIC_VC(1);

    /* tt-metal's read set-up: buffer 1, RET = own x/y */
    fill(&c, T2X, T2Y, 0x30000, 0x13, 40);
    request(&c, &(Req) {
        .b = 1,
        .tx = T2X, .ty = T2Y, .taddr = 0x30000,
        .rx = T0X, .ry = T0Y, .raddr = 0x11000,
        .len = 40, .tag = TAG_ID(5), .ctrl = ctrl,
    });
    check_fill(&c, T0X, T0Y, 0x11000, 0x13, 40);
    /* Counters.md "Read requests" */
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_CMD_ACCEPTED), ==, 1);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_RD_REQ_STARTED), ==, 1);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_RD_REQ_SENT), ==, 1);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_RD_RESP_RECEIVED), ==, 1);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_RD_DATA_WORD_RECEIVED), ==, f);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, OUTSTANDING(5)), ==, 0);
    g_assert_cmpuint(ctr(&c, T2X, T2Y, 0, SLV_REQ_ACCEPTED), ==, 1);
    g_assert_cmpuint(ctr(&c, T2X, T2Y, 0, SLV_RD_REQ_RECEIVED), ==, 1);
    g_assert_cmpuint(ctr(&c, T2X, T2Y, 0, SLV_RD_RESP_SENT), ==, 1);
    g_assert_cmpuint(ctr(&c, T2X, T2Y, 0, SLV_RD_DATA_WORD_SENT), ==, f);
    /* WH: (1,2) differs from (1,1) in y only: the Y port */
    g_assert_cmphex(rd(&c, T0X, T0Y, 0, 1, O_CTRL), ==,
                    ctrl | (c.a->bh ? 0 : CTRL_PORTS(PORT_Y)));

    /*
     * Automatic request splitting (Counters.md): max + 64 bytes are two
     * packets; afterwards NOC_AT_LEN_BE holds 64 and both addresses have
     * advanced by one packet.  Flits: max / flit + 64 / flit.
     */
    fill(&c, T1X, T1Y, 0x40000, 0x5, max + 64);
    set_addr(&c, T0X, T0Y, 0, 1, false, T1X, T1Y, 0x40000);
    set_addr(&c, T0X, T0Y, 0, 1, true, T0X, T0Y, 0x40000);
    wr(&c, T0X, T0Y, 0, 1, O_AT_LEN_BE, max + 64);
    wr(&c, T0X, T0Y, 0, 1, O_PACKET_TAG, TAG_ID(0));
    issue(&c, T0X, T0Y, 0, 1);
    check_fill(&c, T0X, T0Y, 0x40000, 0x5, max + 64);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_RD_REQ_SENT), ==, 3);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_RD_RESP_RECEIVED), ==, 3);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_CMD_ACCEPTED), ==, 3);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_RD_DATA_WORD_RECEIVED), ==,
                     f + 256 + flits(&c, 64));
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, OUTSTANDING(0)), ==, 0);
    g_assert_cmpuint(ctr(&c, T1X, T1Y, 0, SLV_RD_REQ_RECEIVED), ==, 2);
    g_assert_cmphex(rd(&c, T0X, T0Y, 0, 1, O_AT_LEN_BE), ==, 64);
    g_assert_cmphex(rd(&c, T0X, T0Y, 0, 1, O_TARG_LO), ==, 0x40000 + max);
    g_assert_cmphex(rd(&c, T0X, T0Y, 0, 1, O_RET_LO), ==, 0x40000 + max);
    qtest_quit(c.qts);
}

/* ---------------------------------------------------------------------- */
/* Broadcast                                                              */
/* ---------------------------------------------------------------------- */

/* T0 broadcasts 64 bytes (seed) from 0x13000 to 0x22000 of a rectangle */
static void mcast(Ctx *c, int noc, int sx, int sy, int ex, int ey,
                  uint32_t extra, uint8_t seed)
{
    fill(c, T0X, T0Y, 0x13000, seed, 64);
    set_addr(c, T0X, T0Y, noc, 0, false, noc ? N1X(c, T0X) : T0X,
             noc ? N1Y(c, T0Y) : T0Y, 0x13000);
    set_mcast(c, T0X, T0Y, noc, 0, true, sx, sy, ex, ey, 0x22000);
    wr(c, T0X, T0Y, noc, 0, O_AT_LEN_BE, 64);
    wr(c, T0X, T0Y, noc, 0, O_PACKET_TAG, TAG_ID(2));
    wr(c, T0X, T0Y, noc, 0, O_CTRL, CMD_WR | CMD_RESP_MARKED | CMD_BRCST |
       extra);
    issue(c, T0X, T0Y, noc, 0);
}

/* Did tile (x, y) receive the broadcast with @seed? */
static bool got_mcast(Ctx *c, int x, int y, uint8_t seed)
{
    uint8_t buf[64];

    qtest_memread(c->qts, NOC(x, y, 0x22000), buf, 64);
    for (int i = 0; i < 64; i++) {
        if (buf[i] != (uint8_t)(seed + i * 7)) {
            return false;
        }
    }
    return true;
}

static void test_mcast(const void *data)
{
    Ctx c = start(data);

    for (int t = 0; t < 4; t++) {
        memset_l1(&c, 1 + (t & 1), 1 + (t >> 1), 0x22000, 0, 64);
    }
    /*
     * Whole grid (1,1)-(2,2) without NOC_CMD_BRCST_SRC_INCLUDE: the three
     * other tiles receive; each acks, so WR_ACK_RECEIVED = 3 and the
     * 8-bit REQS_OUTSTANDING_ID(2) ends at 1 - 3 = 0xFE (Counters.md,
     * "Clear NIU transaction ID counters" reason 2).
     */
    mcast(&c, 0, 1, 1, 2, 2, 0, 0x31);
    g_assert_false(got_mcast(&c, T0X, T0Y, 0x31));
    g_assert_true(got_mcast(&c, T1X, T1Y, 0x31));
    g_assert_true(got_mcast(&c, T2X, T2Y, 0x31));
    g_assert_true(got_mcast(&c, T3X, T3Y, 0x31));
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_NONPOSTED_WR_REQ_SENT), ==, 1);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_NONPOSTED_WR_DATA_WORD_SENT),
                     ==, flits(&c, 64));
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_WR_ACK_RECEIVED), ==, 3);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, OUTSTANDING(2)), ==, 0xFE);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, SLV_NONPOSTED_WR_REQ_RECEIVED),
                     ==, 0);
    g_assert_cmpuint(ctr(&c, T3X, T3Y, 0, SLV_NONPOSTED_WR_REQ_RECEIVED),
                     ==, 1);
    g_assert_cmpuint(ctr(&c, T3X, T3Y, 0, SLV_WR_ACK_SENT), ==, 1);

    /* With NOC_CMD_BRCST_SRC_INCLUDE all four (acks 3 + 4) */
    mcast(&c, 0, 1, 1, 2, 2, CMD_SRC_INCLUDE, 0x52);
    g_assert_true(got_mcast(&c, T0X, T0Y, 0x52));
    g_assert_true(got_mcast(&c, T1X, T1Y, 0x52));
    g_assert_true(got_mcast(&c, T2X, T2Y, 0x52));
    g_assert_true(got_mcast(&c, T3X, T3Y, 0x52));
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_WR_ACK_RECEIVED), ==, 7);

    /* A column: x 2..2, y 1..2 -> T1 and T3 */
    mcast(&c, 0, 2, 1, 2, 2, 0, 0x63);
    g_assert_false(got_mcast(&c, T2X, T2Y, 0x63));
    g_assert_true(got_mcast(&c, T1X, T1Y, 0x63));
    g_assert_true(got_mcast(&c, T3X, T3Y, 0x63));

    /*
     * StartX > EndX wraps (MemoryMap.md): x in {x <= 1} u {x >= 2}, y 1:
     * (0,1) has no tile (skipped, logged), (1,1) is the initiator, so
     * only T1 = (2,1) receives.
     */
    mcast(&c, 0, 2, 1, 1, 1, 0, 0x74);
    g_assert_true(got_mcast(&c, T1X, T1Y, 0x74));
    g_assert_false(got_mcast(&c, T2X, T2Y, 0x74));
    g_assert_false(got_mcast(&c, T3X, T3Y, 0x74));

    /*
     * ROUTER_CFG_3 bit y opts a NIU out of receiving broadcasts: T3 sets
     * bit 2 (its row); T2, also in row 2 but without the bit, receives.
     */
    cfg_wr(&c, T3X, T3Y, 0, ROUTER_CFG_3, 1u << 2);
    mcast(&c, 0, 1, 1, 2, 2, 0, 0x85);
    g_assert_true(got_mcast(&c, T1X, T1Y, 0x85));
    g_assert_true(got_mcast(&c, T2X, T2Y, 0x85));
    g_assert_false(got_mcast(&c, T3X, T3Y, 0x85));
    cfg_wr(&c, T3X, T3Y, 0, ROUTER_CFG_3, 0);

    if (c.a->bh) {
        /*
         * NOC_BRCST_EXCLUDE (tt-metal get_noc_exclude_region): enable bit
         * 22, direction y bit 21 / x bit 20 (1: >=, 0: <=), y [19:14],
         * x [13:8].  Exclude x >= 2 && y >= 2: T3.
         */
        wr(&c, T0X, T0Y, 0, 0, O_BRCST_EXCLUDE,
           1u << 22 | 1u << 21 | 1u << 20 | 2u << 14 | 2u << 8);
        mcast(&c, 0, 1, 1, 2, 2, 0, 0x96);
        g_assert_true(got_mcast(&c, T1X, T1Y, 0x96));
        g_assert_true(got_mcast(&c, T2X, T2Y, 0x96));
        g_assert_false(got_mcast(&c, T3X, T3Y, 0x96));
        /* Exclude x <= 1 && y >= 2: T2 */
        wr(&c, T0X, T0Y, 0, 0, O_BRCST_EXCLUDE,
           1u << 22 | 1u << 21 | 2u << 14 | 1u << 8);
        mcast(&c, 0, 1, 1, 2, 2, 0, 0xA7);
        g_assert_true(got_mcast(&c, T1X, T1Y, 0xA7));
        g_assert_false(got_mcast(&c, T2X, T2Y, 0xA7));
        g_assert_true(got_mcast(&c, T3X, T3Y, 0xA7));
        wr(&c, T0X, T0Y, 0, 0, O_BRCST_EXCLUDE, 0);
    }

    /*
     * NoC 1 (mirrored over the chip: T1 = (W - 3, H - 2), T3 = (W - 3,
     * H - 3)): the column x = W - 3, y H - 3 .. H - 2 is T3 and T1.
     */
    mcast(&c, 1, N1X(&c, T3X), N1Y(&c, T3Y), N1X(&c, T1X), N1Y(&c, T1Y), 0,
          0xB8);
    g_assert_true(got_mcast(&c, T1X, T1Y, 0xB8));
    g_assert_true(got_mcast(&c, T3X, T3Y, 0xB8));
    g_assert_false(got_mcast(&c, T2X, T2Y, 0xB8));
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 1, MST_WR_ACK_RECEIVED), ==, 2);
    g_assert_cmpuint(ctr(&c, T3X, T3Y, 1, SLV_NONPOSTED_WR_REQ_RECEIVED),
                     ==, 1);
    qtest_quit(c.qts);
}

/* ---------------------------------------------------------------------- */
/* Atomics                                                                */
/* ---------------------------------------------------------------------- */

/* Response slot k at T0 */
#define RET_SLOT(k)     (0x14000u + 4 * (k))

/* T0 buffer 3: atomic @len_be/@data at T1's @addr, response to slot @k */
static void atomic(Ctx *c, uint32_t addr, uint32_t len_be, uint32_t data,
                   int k, bool posted)
{
    set_addr(c, T0X, T0Y, 0, 3, false, T1X, T1Y, addr);
    set_addr(c, T0X, T0Y, 0, 3, true, T0X, T0Y, RET_SLOT(k));
    wr(c, T0X, T0Y, 0, 3, O_AT_LEN_BE, len_be);
    wr(c, T0X, T0Y, 0, 3, c->a->o_at_data, data);
    wr(c, T0X, T0Y, 0, 3, O_PACKET_TAG, TAG_ID(9));
    wr(c, T0X, T0Y, 0, 3, O_CTRL, CMD_AT | (posted ? 0 : CMD_RESP_MARKED));
    issue(c, T0X, T0Y, 0, 3);
}

static void set4(Ctx *c, uint32_t addr, uint32_t w0, uint32_t w1,
                 uint32_t w2, uint32_t w3)
{
    l1_wr(c, T1X, T1Y, addr, w0);
    l1_wr(c, T1X, T1Y, addr + 4, w1);
    l1_wr(c, T1X, T1Y, addr + 8, w2);
    l1_wr(c, T1X, T1Y, addr + 12, w3);
}

static void check4(Ctx *c, uint32_t addr, uint32_t w0, uint32_t w1,
                   uint32_t w2, uint32_t w3)
{
    g_assert_cmphex(l1_rd(c, T1X, T1Y, addr), ==, w0);
    g_assert_cmphex(l1_rd(c, T1X, T1Y, addr + 4), ==, w1);
    g_assert_cmphex(l1_rd(c, T1X, T1Y, addr + 8), ==, w2);
    g_assert_cmphex(l1_rd(c, T1X, T1Y, addr + 12), ==, w3);
}

static uint32_t slot(Ctx *c, int k)
{
    return l1_rd(c, T0X, T0Y, RET_SLOT(k));
}

static void test_atomics(const void *data)
{
    Ctx c = start(data);
    int n = 0;

    for (int k = 0; k < 16; k++) {
        l1_wr(&c, T0X, T0Y, RET_SLOT(k), 0xDEADDEAD);
    }

    /*
     * Atomics.md increment: word at (TARG & ~0xf) + Ofs * 4 +=
     * NOC_AT_DATA within the low IntWidth + 1 bits; Result = the word at
     * NOC_TARG_ADDR before.  IntWidth 31 (tt-metal's wrap 31):
     * 0xFFFFFFFE + 3 = 0x00000001.
     */
    set4(&c, 0x23000, 0x11111111, 0xFFFFFFFE, 0x1234567E, 0x100);
    atomic(&c, 0x23004, AT_INCR(31, 1), 3, 0, false);
    n++;
    g_assert_cmphex(slot(&c, 0), ==, 0xFFFFFFFE);
    /* IntWidth 3: mask 0xF; 0x1234567E: (0xE + 5) & 0xF = 3 */
    atomic(&c, 0x23008, AT_INCR(3, 2), 5, 1, false);
    n++;
    g_assert_cmphex(slot(&c, 1), ==, 0x1234567E);
    /* Ofs 3 with NOC_TARG_ADDR at word 0: word 3 += 0x10, Result word 0 */
    atomic(&c, 0x23000, AT_INCR(31, 3), 0x10, 2, false);
    n++;
    g_assert_cmphex(slot(&c, 2), ==, 0x11111111);
    check4(&c, 0x23000, 0x11111111, 0x00000001, 0x12345673, 0x110);

    /* Compare and swap: CmpVal [5:2], SetVal [9:6] */
    set4(&c, 0x23010, 5, 0, 0, 0);
    atomic(&c, 0x23010, AT_INS(4) | 5 << 2 | 9 << 6, 0, 3, false);
    n++;
    g_assert_cmphex(slot(&c, 3), ==, 5);
    g_assert_cmphex(l1_rd(&c, T1X, T1Y, 0x23010), ==, 9);
    atomic(&c, 0x23010, AT_INS(4) | 5 << 2 | 7 << 6, 0, 4, false);
    n++;
    g_assert_cmphex(slot(&c, 4), ==, 9);
    g_assert_cmphex(l1_rd(&c, T1X, T1Y, 0x23010), ==, 9);

    /*
     * Swap, mask variant (opcode 3, Mask [9:2]): 16-bit half i of the 16
     * bytes gets ToWrite[i & 1] = (data low, data high).  Mask 0x86:
     * halves 1 (word 0 high), 2 (word 1 low), 7 (word 3 high).
     */
    set4(&c, 0x23020, 0x11112222, 0x33334444, 0x55556666, 0x77778888);
    atomic(&c, 0x23020, AT_INS(3) | 0x86 << 2, 0xBBBBAAAA, 5, false);
    n++;
    g_assert_cmphex(slot(&c, 5), ==, 0x11112222);
    check4(&c, 0x23020, 0xBBBB2222, 0x3333AAAA, 0x55556666, 0xBBBB8888);

    /* Swap, index variants: opcode 6 with bit 2 (Ofs [1:0]), 7 (Ofs [3:2]) */
    set4(&c, 0x23030, 0xA0, 0xA1, 0xA2, 0xA3);
    atomic(&c, 0x23034, AT_INS(6) | 1 << 2 | 1, 0xDEADBEEF, 6, false);
    n++;
    g_assert_cmphex(slot(&c, 6), ==, 0xA1);
    atomic(&c, 0x23038, AT_INS(7) | 2 << 2, 0xFEEDFACE, 7, false);
    n++;
    g_assert_cmphex(slot(&c, 7), ==, 0xA2);
    check4(&c, 0x23030, 0xA0, 0xDEADBEEF, 0xFEEDFACE, 0xA3);

    /* Counters.md "Atomic requests", non-posted so far */
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_CMD_ACCEPTED), ==, n);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_NONPOSTED_ATOMIC_STARTED), ==,
                     n);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_NONPOSTED_ATOMIC_SENT), ==, n);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_ATOMIC_RESP_RECEIVED), ==, n);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, OUTSTANDING(9)), ==, 0);
    g_assert_cmpuint(ctr(&c, T1X, T1Y, 0, SLV_REQ_ACCEPTED), ==, n);
    g_assert_cmpuint(ctr(&c, T1X, T1Y, 0, SLV_NONPOSTED_ATOMIC_RECEIVED), ==,
                     n);
    g_assert_cmpuint(ctr(&c, T1X, T1Y, 0, SLV_ATOMIC_RESP_SENT), ==, n);

    /* Posted: no response, POSTED_ATOMIC_SENT */
    l1_wr(&c, T1X, T1Y, 0x23040, 41);
    atomic(&c, 0x23040, AT_INCR(31, 0), 1, 8, true);
    g_assert_cmphex(l1_rd(&c, T1X, T1Y, 0x23040), ==, 42);
    g_assert_cmphex(slot(&c, 8), ==, 0xDEADDEAD);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_POSTED_ATOMIC_SENT), ==, 1);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_NONPOSTED_ATOMIC_STARTED), ==,
                     n);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_ATOMIC_RESP_RECEIVED), ==, n);
    g_assert_cmpuint(ctr(&c, T1X, T1Y, 0, SLV_POSTED_ATOMIC_RECEIVED), ==, 1);
    g_assert_cmpuint(ctr(&c, T1X, T1Y, 0, SLV_ATOMIC_RESP_SENT), ==, n);

    if (!c.a->bh) {
        /* WH opcode 9 is reserved: no change (decision) */
        l1_wr(&c, T1X, T1Y, 0x23050, 0x600D);
        atomic(&c, 0x23050, AT_INS(9), 1, 9, false);
        g_assert_cmphex(l1_rd(&c, T1X, T1Y, 0x23050), ==, 0x600D);
    }
    qtest_quit(c.qts);
}

/*
 * BH parallel addition (opcode 9, Fmt [3:0]) on the aligned 16 bytes,
 * NOC_AT_DATA broadcast to every lane: the 16 bytes before and after.
 */
typedef struct AccCase {
    uint32_t fmt;
    uint32_t data;
    uint32_t before[4];
    uint32_t after[4];
} AccCase;

static const AccCase acc_cases[] = {
    /* fp32: 1.5 + 2.25 = 3.75, -2 + 2.25 = 0.25, 3 + 2.25 = 5.25, -0 + 2.25 */
    { 0, 0x40100000, { 0x3FC00000, 0xC0000000, 0x40400000, 0x80000000 },
      { 0x40700000, 0x3E800000, 0x40A80000, 0x40100000 } },
    /*
     * Denormals flushed on input: data 2^-127 (0x00400000) counts as 0,
     * so 2^-126 stays 2^-126 (not 1.5 * 2^-126 = 0x00C00000), and the
     * denormal 0x00000001 + denormal becomes +0.
     */
    { 8, 0x00400000, { 0x00800000, 0x3F800000, 0x80800000, 0x00000001 },
      { 0x00800000, 0x3F800000, 0x80800000, 0x00000000 } },
    /* fp16: lanes (1.0, 1.0) + (1.0, 2.0) = (2.0, 3.0) */
    { 1, 0x40003C00, { 0x3C003C00, 0x3C003C00, 0x3C003C00, 0x3C003C00 },
      { 0x42004000, 0x42004000, 0x42004000, 0x42004000 } },
    /* bf16: (1.0, 1.0) + (1.0, 2.0) = (2.0, 3.0) */
    { 2, 0x40003F80, { 0x3F803F80, 0x3F803F80, 0x3F803F80, 0x3F803F80 },
      { 0x40404000, 0x40404000, 0x40404000, 0x40404000 } },
    /* u32 wraps */
    { 4, 2, { 0xFFFFFFFF, 1, 0x7FFFFFFF, 0 }, { 1, 3, 0x80000001, 2 } },
    /* u8: Fmt 7 saturates, Fmt 15 wraps (0xF0 + 0x20) */
    { 7, 0x20202020, { 0x800010F0, 0, 0, 0xFFFFFFFF },
      { 0xA02030FF, 0x20202020, 0x20202020, 0xFFFFFFFF } },
    { 15, 0x20202020, { 0x800010F0, 0, 0, 0xFFFFFFFF },
      { 0xA0203010, 0x20202020, 0x20202020, 0x1F1F1F1F } },
};

static void test_atomics_bh(const void *data)
{
    Ctx c = start(data);

    /*
     * Zaamo (opcode 0xA, bit 11, Op [10:8]): amoxor (1) and signed amomin
     * (4): min(-16, 7) = -16, where an unsigned min would give 7.
     */
    set4(&c, 0x23000, 0xF0F0F0F0, 0xFFFFFFF0, 0, 0);
    atomic(&c, 0x23000, AT_INS(0xA) | 1u << 11 | 1u << 8 | 0, 0xFF00FF00, 0,
           false);
    g_assert_cmphex(slot(&c, 0), ==, 0xF0F0F0F0);
    atomic(&c, 0x23004, AT_INS(0xA) | 1u << 11 | 4u << 8 | 1, 7, 1, false);
    g_assert_cmphex(slot(&c, 1), ==, 0xFFFFFFF0);
    /* amomaxu (7): max(0, 0x80000000) unsigned */
    atomic(&c, 0x23008, AT_INS(0xA) | 1u << 11 | 7u << 8 | 2, 0x80000000, 2,
           false);
    /* Swap, index variant of opcode 0xA: bits [11:8] = 3 */
    atomic(&c, 0x2300C, AT_INS(0xA) | 3u << 8 | 3, 0x5A5A5A5A, 3, false);
    g_assert_cmphex(slot(&c, 3), ==, 0);
    check4(&c, 0x23000, 0x0FF00FF0, 0xFFFFFFF0, 0x80000000, 0x5A5A5A5A);

    /* Parallel addition (opcode 9): response slots 4.. */
    for (int i = 0; i < ARRAY_SIZE(acc_cases); i++) {
        const AccCase *ac = &acc_cases[i];
        uint32_t addr = 0x23010 + 16 * i;

        set4(&c, addr, ac->before[0], ac->before[1], ac->before[2],
             ac->before[3]);
        atomic(&c, addr, AT_INS(9) | ac->fmt, ac->data, 4 + i, false);
        check4(&c, addr, ac->after[0], ac->after[1], ac->after[2],
               ac->after[3]);
    }

    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_ATOMIC_RESP_RECEIVED), ==, 11);
    qtest_quit(c.qts);
}

static void test_atomic_bcast(const void *data)
{
    Ctx c = start(data);

    /*
     * Broadcast atomic increment to the whole grid without the initiator:
     * three targets, three responses written at RET (each the old value
     * 40), ATOMIC_RESP_RECEIVED 3, REQS_OUTSTANDING_ID(4) 1 - 3 = 0xFE.
     */
    for (int t = 0; t < 4; t++) {
        l1_wr(&c, 1 + (t & 1), 1 + (t >> 1), 0x23100, 40);
    }
    set_mcast(&c, T0X, T0Y, 0, 3, false, 1, 1, 2, 2, 0x23100);
    set_addr(&c, T0X, T0Y, 0, 3, true, T0X, T0Y, RET_SLOT(0));
    wr(&c, T0X, T0Y, 0, 3, O_AT_LEN_BE, AT_INCR(31, 0));
    wr(&c, T0X, T0Y, 0, 3, c.a->o_at_data, 2);
    wr(&c, T0X, T0Y, 0, 3, O_PACKET_TAG, TAG_ID(4));
    wr(&c, T0X, T0Y, 0, 3, O_CTRL, CMD_AT | CMD_RESP_MARKED | CMD_BRCST);
    issue(&c, T0X, T0Y, 0, 3);
    g_assert_cmphex(l1_rd(&c, T0X, T0Y, 0x23100), ==, 40);
    g_assert_cmphex(l1_rd(&c, T1X, T1Y, 0x23100), ==, 42);
    g_assert_cmphex(l1_rd(&c, T2X, T2Y, 0x23100), ==, 42);
    g_assert_cmphex(l1_rd(&c, T3X, T3Y, 0x23100), ==, 42);
    g_assert_cmphex(l1_rd(&c, T0X, T0Y, RET_SLOT(0)), ==, 40);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_ATOMIC_RESP_RECEIVED), ==, 3);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_NONPOSTED_ATOMIC_SENT), ==, 1);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, OUTSTANDING(4)), ==, 0xFE);
    g_assert_cmpuint(ctr(&c, T2X, T2Y, 0, SLV_NONPOSTED_ATOMIC_RECEIVED), ==,
                     1);
    qtest_quit(c.qts);
}

/* ---------------------------------------------------------------------- */
/* NoC 1, translation, missing targets                                    */
/* ---------------------------------------------------------------------- */

static void test_noc1(const void *data)
{
    Ctx c = start(data);

    /*
     * NoC 1 coordinates are mirrored over the chip.  A write to T3's NoC 1
     * coordinates lands in T3 and is counted on NoC 1 only.
     */
    fill(&c, T0X, T0Y, 0x16000, 0x3C, 48);
    request(&c, &(Req) {
        .noc = 1,
        .tx = N1X(&c, T0X), .ty = N1Y(&c, T0Y), .taddr = 0x16000,
        .rx = N1X(&c, T3X), .ry = N1Y(&c, T3Y), .raddr = 0x26000,
        .len = 48, .ctrl = CMD_WR | CMD_RESP_MARKED,
    });
    check_fill(&c, T3X, T3Y, 0x26000, 0x3C, 48);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 1, MST_WR_ACK_RECEIVED), ==, 1);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_WR_ACK_RECEIVED), ==, 0);
    g_assert_cmpuint(ctr(&c, T3X, T3Y, 1, SLV_NONPOSTED_WR_REQ_RECEIVED),
                     ==, 1);
    g_assert_cmpuint(ctr(&c, T3X, T3Y, 0, SLV_NONPOSTED_WR_REQ_RECEIVED),
                     ==, 0);
    /* WH: NoC 1 routes Y first and T3 differs in y: the Y port */
    g_assert_cmphex(rd(&c, T0X, T0Y, 1, 0, O_CTRL), ==,
                    CMD_WR | CMD_RESP_MARKED |
                    (c.a->bh ? 0 : CTRL_PORTS(PORT_Y)));

    /* A read from T1's NoC 1 coordinates */
    fill(&c, T1X, T1Y, 0x27000, 0x4D, 16);
    request(&c, &(Req) {
        .noc = 1, .b = 1,
        .tx = N1X(&c, T1X), .ty = N1Y(&c, T1Y), .taddr = 0x27000,
        .rx = N1X(&c, T0X), .ry = N1Y(&c, T0Y), .raddr = 0x17000,
        .len = 16, .ctrl = CMD_RD | CMD_RESP_MARKED,
    });
    check_fill(&c, T0X, T0Y, 0x17000, 0x4D, 16);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 1, MST_RD_RESP_RECEIVED), ==, 1);
    g_assert_cmpuint(ctr(&c, T1X, T1Y, 1, SLV_RD_REQ_RECEIVED), ==, 1);
    /* WH: y equal, x differs: the X port */
    g_assert_cmphex(rd(&c, T0X, T0Y, 1, 1, O_CTRL), ==,
                    CMD_RD | CMD_RESP_MARKED |
                    (c.a->bh ? 0 : CTRL_PORTS(PORT_X)));
    qtest_quit(c.qts);
}

/* Pack 32 translation entries (4 bits WH, 5 bits BH) into NOC_CFG words */
static void write_table(Ctx *c, int idx, const uint8_t *e)
{
    int bits = c->a->bh ? 5 : 4, per = 32 / bits;

    for (int w = 0; w * per < 32; w++) {
        uint32_t v = 0;

        for (int i = 0; i < per && w * per + i < 32; i++) {
            v |= (uint32_t)e[w * per + i] << (i * bits);
        }
        cfg_wr(c, T0X, T0Y, 0, idx + w, v);
    }
}

static void test_translation(const void *data)
{
    Ctx c = start(data);
    uint8_t xt[32], yt[32];
    uint32_t v;

    /*
     * Coordinates.md: with NIU_CFG_0 bit 14 the x/y in NOC_TARG/RET go
     * through the X and Y tables (WH: 32 x 4 bits, separable; BH: 32 x 5
     * bits, combined algorithm, which reduces to the same lookups with
     * the row/column masks and DDR columns all zero, as after reset).
     * Tables: identity 0..15, x 20 -> 2, y 21 -> 2.
     */
    for (int i = 0; i < 32; i++) {
        xt[i] = yt[i] = i < 16 ? i : 0;
    }
    xt[20] = 2;
    yt[21] = 2;
    write_table(&c, X_TABLE, xt);
    write_table(&c, c.a->cfg_y_table, yt);
    cfg_wr(&c, T0X, T0Y, 0, NIU_CFG_0, XLAT_EN);

    l1_wr(&c, T0X, T0Y, 0x18000, 0x7A7A7A7A);
    request(&c, &(Req) {
        .tx = T0X, .ty = T0Y, .taddr = 0x18000,
        .rx = 20, .ry = 21, .raddr = 0x28000,
        .len = 4, .ctrl = CMD_WR | CMD_RESP_MARKED,
    });
    g_assert_cmphex(l1_rd(&c, T3X, T3Y, 0x28000), ==, 0x7A7A7A7A);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_WR_ACK_RECEIVED), ==, 1);
    if (c.a->bh) {
        /* MemoryMap.md NOC_CMD_CTRL: Blackhole keeps the registers */
        v = rd(&c, T0X, T0Y, 0, 0, O_RET_HI);
        g_assert_cmphex(v, ==, 20 | 21 << 6);
    } else {
        /* Wormhole writes the translated coordinates back */
        v = rd(&c, T0X, T0Y, 0, 0, O_RET_MID);
        g_assert_cmphex(v, ==, 2 << 4 | 2 << 10);
    }
    qtest_quit(c.qts);
}

static void test_missing_target(const void *data)
{
    Ctx c = start(data);
    uint32_t pcie_mid = c.a->bh ? 1u << 28 : 1u << 3;

    /*
     * No tile at NoC 0 (0,0): the read is logged, the response carries
     * zeros and is counted, so software polling the counters goes on
     * (decision).
     */
    memset_l1(&c, T0X, T0Y, 0x19000, 0xAB, 8);
    request(&c, &(Req) {
        .b = 1,
        .tx = 0, .ty = 0, .taddr = 0x1000,
        .rx = T0X, .ry = T0Y, .raddr = 0x19000,
        .len = 8, .ctrl = CMD_RD | CMD_RESP_MARKED,
    });
    g_assert_cmphex(l1_rd(&c, T0X, T0Y, 0x19000), ==, 0);
    g_assert_cmphex(l1_rd(&c, T0X, T0Y, 0x19004), ==, 0);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_RD_RESP_RECEIVED), ==, 1);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, OUTSTANDING(0)), ==, 0);

    /* Outside the 3x3 grid: the same */
    set_addr(&c, T0X, T0Y, 0, 1, false, 5, 5, 0x1000);
    issue(&c, T0X, T0Y, 0, 1);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_RD_RESP_RECEIVED), ==, 2);

    /* A non-posted write to (0,2): dropped, still acknowledged */
    request(&c, &(Req) {
        .tx = T0X, .ty = T0Y, .taddr = 0x19000,
        .rx = 0, .ry = 2, .raddr = 0x1000,
        .len = 8, .ctrl = CMD_WR | CMD_RESP_MARKED,
    });
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_WR_ACK_RECEIVED), ==, 1);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, OUTSTANDING(0)), ==, 0);

    /* An atomic there: no operation, the response carries 0 */
    l1_wr(&c, T0X, T0Y, RET_SLOT(0), 0xFFFFFFFF);
    request(&c, &(Req) {
        .b = 3,
        .tx = 0, .ty = 0, .taddr = 0x1000,
        .rx = T0X, .ry = T0Y, .raddr = RET_SLOT(0),
        .len = AT_INCR(31, 0), .ctrl = CMD_AT | CMD_RESP_MARKED,
    });
    g_assert_cmphex(l1_rd(&c, T0X, T0Y, RET_SLOT(0)), ==, 0);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_ATOMIC_RESP_RECEIVED), ==, 1);

    /*
     * PCIe host memory (WH TARG_ADDR_MID bit 3 = address bit 35; BH
     * TARG_ADDR_MID bit 28 = address bit 60) is not modelled: reads give
     * zeros, the counters advance.
     */
    memset_l1(&c, T0X, T0Y, 0x19000, 0xAB, 8);
    set_addr(&c, T0X, T0Y, 0, 1, false, T1X, T1Y, 0x1000);
    wr(&c, T0X, T0Y, 0, 1, O_TARG_MID,
       rd(&c, T0X, T0Y, 0, 1, O_TARG_MID) | pcie_mid);
    issue(&c, T0X, T0Y, 0, 1);
    g_assert_cmphex(l1_rd(&c, T0X, T0Y, 0x19000), ==, 0);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_RD_RESP_RECEIVED), ==, 3);
    qtest_quit(c.qts);
}

static void test_rtz_bh(const void *data)
{
    Ctx c = start(data);
    uint64_t src = NOC(T0X, T0Y, NIU_BASE + 0x37C);     /* RTZ_SOURCE */
    uint64_t num = NOC(T0X, T0Y, NIU_BASE + 0x378);     /* RTZ_NUM */

    /*
     * BH NIU_TRANS_COUNT_RTZ_SOURCE bit i: REQS_OUTSTANDING_ID(i) went
     * from positive to zero.  A read with id 5 counts 1 then 0.
     */
    fill(&c, T1X, T1Y, 0x30000, 0, 4);
    request(&c, &(Req) {
        .b = 1,
        .tx = T1X, .ty = T1Y, .taddr = 0x30000,
        .rx = T0X, .ry = T0Y, .raddr = 0x11000,
        .len = 4, .tag = TAG_ID(5), .ctrl = CMD_RD,
    });
    g_assert_cmphex(qtest_readl(c.qts, src), ==, 1u << 5);
    /* RTZ_NUM: 0 unless SOURCE & CFG.INT_ENABLE */
    g_assert_cmphex(qtest_readl(c.qts, num), ==, 0);
    cfg_wr(&c, T0X, T0Y, 0, 0x1E, 1u << 5);
    /* RC_DISABLE clear: the read clears the returned bit */
    g_assert_cmphex(qtest_readl(c.qts, num), ==, 5);
    g_assert_cmphex(qtest_readl(c.qts, src), ==, 0);
    issue(&c, T0X, T0Y, 0, 1);
    /* RC_DISABLE (bit 28) set: the bit stays */
    cfg_wr(&c, T0X, T0Y, 0, 0x1E, 1u << 5 | 1u << 28);
    g_assert_cmphex(qtest_readl(c.qts, num), ==, 5);
    g_assert_cmphex(qtest_readl(c.qts, src), ==, 1u << 5);
    /* NIU_TRANS_COUNT_RTZ_CLR: SOURCE &= ~value; reads 0 */
    cfg_wr(&c, T0X, T0Y, 0, 0x1F, 1u << 5);
    g_assert_cmphex(qtest_readl(c.qts, src), ==, 0);
    g_assert_cmphex(cfg_rd(&c, T0X, T0Y, 0, 0x1F), ==, 0);
    qtest_quit(c.qts);
}

/* ---------------------------------------------------------------------- */
/* Requests in flight (the request queue)                                 */
/* ---------------------------------------------------------------------- */

/*
 * The model sends at most 64 KiB per event (decision, docs/units/noc.md):
 * K = 65536 / max packets inside the store to NOC_CMD_CTRL, then K more
 * per timer event, every 65536 / flit ns of virtual time.
 */
#define CHUNK           65536u
#define Q_SRC           0x40000u
#define Q_DST           0x90000u
#define Q_LEN           (4 * CHUNK + 64)    /* 4 chunks and a packet */
#define WH_CMD_STATUS   0x54u

static uint32_t chunk_pkts(Ctx *c)
{
    return CHUNK / c->a->max_packet;    /* WH 8, BH 4 */
}

static uint64_t chunk_ns(Ctx *c)
{
    return CHUNK / c->a->flit;          /* WH 2048, BH 1024 */
}

/* T0 buffer 1 reads Q_LEN bytes from T1 Q_SRC to its own Q_DST, id 3 */
static void big_read(Ctx *c, uint32_t len)
{
    set_addr(c, T0X, T0Y, 0, 1, false, T1X, T1Y, Q_SRC);
    set_addr(c, T0X, T0Y, 0, 1, true, T0X, T0Y, Q_DST);
    wr(c, T0X, T0Y, 0, 1, O_AT_LEN_BE, len);
    wr(c, T0X, T0Y, 0, 1, O_PACKET_TAG, TAG_ID(3));
    wr(c, T0X, T0Y, 0, 1, O_CTRL, CMD_RD);
    wr(c, T0X, T0Y, 0, 1, c->a->o_cmd_ctrl, 1);
}

/* The state after the first chunk of big_read(Q_LEN) */
static void check_first_chunk(Ctx *c)
{
    uint32_t k = chunk_pkts(c), max = c->a->max_packet;
    uint32_t npkt = 4 * k + 1;      /* ceil(Q_LEN / max) */

    g_assert_cmphex(rd(c, T0X, T0Y, 0, 1, c->a->o_cmd_ctrl), ==, 1);
    if (!c->a->bh) {
        g_assert_cmphex(rd(c, T0X, T0Y, 0, 0, WH_CMD_STATUS), ==, 1u << 1);
    }
    g_assert_cmpuint(ctr(c, T0X, T0Y, 0, MST_RD_REQ_SENT), ==, k);
    g_assert_cmpuint(ctr(c, T0X, T0Y, 0, MST_RD_RESP_RECEIVED), ==, k);
    g_assert_cmpuint(ctr(c, T1X, T1Y, 0, SLV_RD_REQ_RECEIVED), ==, k);
    /* All npkt counted at issue, k answered */
    g_assert_cmpuint(ctr(c, T0X, T0Y, 0, OUTSTANDING(3)), ==, npkt - k);
    /* Automatic splitting: the registers hold what is left */
    g_assert_cmphex(rd(c, T0X, T0Y, 0, 1, O_AT_LEN_BE), ==, Q_LEN - k * max);
    g_assert_cmphex(rd(c, T0X, T0Y, 0, 1, O_TARG_LO), ==, Q_SRC + k * max);
    g_assert_cmphex(rd(c, T0X, T0Y, 0, 1, O_RET_LO), ==, Q_DST + k * max);
    /* Data: the first chunk is there, the rest not yet */
    check_fill(c, T0X, T0Y, Q_DST, 0x11, CHUNK);
    g_assert_cmphex(qtest_readb(c->qts, NOC(T0X, T0Y, Q_DST + CHUNK)), ==,
                    0xEE);
}

/* Everything of big_read(Q_LEN) done */
static void check_all_done(Ctx *c)
{
    uint32_t k = chunk_pkts(c), max = c->a->max_packet;

    g_assert_cmphex(rd(c, T0X, T0Y, 0, 1, c->a->o_cmd_ctrl), ==, 0);
    g_assert_cmpuint(ctr(c, T0X, T0Y, 0, MST_RD_REQ_SENT), ==, 4 * k + 1);
    g_assert_cmpuint(ctr(c, T0X, T0Y, 0, MST_RD_RESP_RECEIVED), ==,
                     4 * k + 1);
    g_assert_cmpuint(ctr(c, T0X, T0Y, 0, MST_RD_DATA_WORD_RECEIVED), ==,
                     4 * CHUNK / c->a->flit + flits(c, 64));
    g_assert_cmpuint(ctr(c, T0X, T0Y, 0, OUTSTANDING(3)), ==, 0);
    g_assert_cmphex(rd(c, T0X, T0Y, 0, 1, O_AT_LEN_BE), ==, 64);
    g_assert_cmphex(rd(c, T0X, T0Y, 0, 1, O_TARG_LO), ==,
                    Q_SRC + 4 * k * max);
    check_fill(c, T0X, T0Y, Q_DST, 0x11, Q_LEN);
}

/*
 * MemoryMap.md NOC_CMD_CTRL: the low bit reads 1 until the request has
 * been sent; Counters.md: counters and the split registers show progress
 * packet by packet; Ordering.md: requests leave in the order software
 * wrote NOC_CMD_CTRL.  The store does not wait for the transfer.
 */
static void test_queue(const void *data)
{
    Ctx c = start(data);
    uint32_t k = chunk_pkts(&c);

    fill(&c, T1X, T1Y, Q_SRC, 0x11, Q_LEN);
    memset_l1(&c, T0X, T0Y, Q_DST, 0xEE, Q_LEN);
    l1_wr(&c, T2X, T2Y, 0x15000, 0);
    big_read(&c, Q_LEN);
    check_first_chunk(&c);

    /* Its registers are the request's: a write to them is ignored */
    wr(&c, T0X, T0Y, 0, 1, O_TARG_LO, 0);
    g_assert_cmphex(rd(&c, T0X, T0Y, 0, 1, O_TARG_LO), ==,
                    Q_SRC + k * c.a->max_packet);
    /* So is NOC_CMD_CTRL: no second request */
    wr(&c, T0X, T0Y, 0, 1, c.a->o_cmd_ctrl, 1);

    /* An inline write (buffer 2) queues behind it */
    set_addr(&c, T0X, T0Y, 0, 2, false, T2X, T2Y, 0x15000);
    wr(&c, T0X, T0Y, 0, 2, O_AT_LEN_BE, 0xF);
    wr(&c, T0X, T0Y, 0, 2, c.a->o_at_data, 0xCAFE0001);
    wr(&c, T0X, T0Y, 0, 2, O_CTRL, CMD_WR | CMD_WR_INLINE);
    wr(&c, T0X, T0Y, 0, 2, c.a->o_cmd_ctrl, 1);
    g_assert_cmphex(rd(&c, T0X, T0Y, 0, 2, c.a->o_cmd_ctrl), ==, 1);
    if (!c.a->bh) {
        g_assert_cmphex(rd(&c, T0X, T0Y, 0, 0, WH_CMD_STATUS), ==, 0x6);
    }
    g_assert_cmphex(l1_rd(&c, T2X, T2Y, 0x15000), ==, 0);

    /* One chunk per 65536 / flit ns */
    qtest_clock_step(c.qts, chunk_ns(&c) - 1);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_RD_REQ_SENT), ==, k);
    qtest_clock_step(c.qts, 1);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_RD_REQ_SENT), ==, 2 * k);
    g_assert_cmphex(rd(&c, T0X, T0Y, 0, 1, O_AT_LEN_BE), ==,
                    Q_LEN - 2 * CHUNK);
    g_assert_cmphex(l1_rd(&c, T2X, T2Y, 0x15000), ==, 0);

    /* The rest: the read, then the inline write */
    qtest_clock_step(c.qts, 3 * chunk_ns(&c));
    check_all_done(&c);
    g_assert_cmphex(rd(&c, T0X, T0Y, 0, 2, c.a->o_cmd_ctrl), ==, 0);
    if (!c.a->bh) {
        g_assert_cmphex(rd(&c, T0X, T0Y, 0, 0, WH_CMD_STATUS), ==, 0);
    }
    g_assert_cmphex(l1_rd(&c, T2X, T2Y, 0x15000), ==, 0xCAFE0001);
    g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_POSTED_WR_REQ_SENT), ==, 1);
    qtest_quit(c.qts);
}

/*
 * Lengths whose packet count does not fit 32 bits when rounded up in 32
 * bits (BH >= 0xFFFFC001, WH >= 0xFFFFE001) did nothing.  NOC_AT_LEN_BE is
 * split by subtraction on silicon: 0xFFFFFFFF is 2^18 (BH) / 2^19 (WH)
 * packets, REQS_OUTSTANDING_ID counting them modulo 256 (logged).  The
 * store returns after the first chunk; a reset drops the rest.
 */
static void test_huge_length(const void *data)
{
    Ctx c = start(data);
    uint32_t k = chunk_pkts(&c), max = c.a->max_packet;
    uint32_t lens[] = { c.a->bh ? 0xFFFFC001u : 0xFFFFE001u, 0xFFFFFFFFu };

    for (size_t i = 0; i < ARRAY_SIZE(lens); i++) {
        fill(&c, T1X, T1Y, Q_SRC, 0x11, CHUNK);
        memset_l1(&c, T0X, T0Y, Q_DST, 0xEE, CHUNK + 4);
        big_read(&c, lens[i]);
        g_assert_cmphex(rd(&c, T0X, T0Y, 0, 1, c.a->o_cmd_ctrl), ==, 1);
        g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_RD_REQ_SENT), ==, k);
        /* ceil(len / max) = 2^32 / max: 0 modulo 256, less k answered */
        g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, OUTSTANDING(3)), ==, 256 - k);
        g_assert_cmphex(rd(&c, T0X, T0Y, 0, 1, O_AT_LEN_BE), ==,
                        lens[i] - k * max);
        check_fill(&c, T0X, T0Y, Q_DST, 0x11, CHUNK);
        g_assert_cmphex(qtest_readb(c.qts, NOC(T0X, T0Y, Q_DST + CHUNK)),
                        ==, 0xEE);
        qtest_clock_step(c.qts, chunk_ns(&c));
        g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_RD_REQ_SENT), ==, 2 * k);

        /* Reset: nothing in flight any more */
        qtest_system_reset(c.qts);
        g_assert_cmphex(rd(&c, T0X, T0Y, 0, 1, c.a->o_cmd_ctrl), ==, 0);
        g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_RD_REQ_SENT), ==, 0);
        qtest_clock_step(c.qts, 10 * chunk_ns(&c));
        g_assert_cmpuint(ctr(&c, T0X, T0Y, 0, MST_RD_REQ_SENT), ==, 0);
    }
    /* Then a request works as usual */
    fill(&c, T1X, T1Y, Q_SRC, 0x11, 64);
    big_read(&c, 64);
    g_assert_cmphex(rd(&c, T0X, T0Y, 0, 1, c.a->o_cmd_ctrl), ==, 0);
    check_fill(&c, T0X, T0Y, Q_DST, 0x11, 64);
    qtest_quit(c.qts);
}

/* A request in flight migrates: the rest is sent after the migration */
static void test_migrate_in_flight(const void *data)
{
    Ctx c = start(data);
    g_autofree char *machine = g_strdup_printf("%s,grid-width=2,"
                                               "grid-height=2,tile-x=1,"
                                               "tile-y=1", c.a->machine);

    fill(&c, T1X, T1Y, Q_SRC, 0x11, Q_LEN);
    memset_l1(&c, T0X, T0Y, Q_DST, 0xEE, Q_LEN);
    big_read(&c, Q_LEN);
    check_first_chunk(&c);
    c.qts = tt_migrate_via_file(c.qts, machine);
    check_first_chunk(&c);
    qtest_clock_step(c.qts, 4 * chunk_ns(&c));
    check_all_done(&c);
    qtest_quit(c.qts);
}

/* ---------------------------------------------------------------------- */

static void add_test(const NocArch *a, const char *name, GTestDataFunc fn)
{
    tt_add_test("/tt-noc", a->name, name, a, fn);
}

int main(int argc, char **argv)
{
    static const NocArch *const archs[] = { &noc_bh, &noc_wh };

    g_test_init(&argc, &argv, NULL);
    g_test_set_nonfatal_assertions();

    for (size_t i = 0; i < ARRAY_SIZE(archs); i++) {
        const NocArch *a = archs[i];

        add_test(a, "node-id", test_node_id);
        add_test(a, "registers", test_registers);
        add_test(a, "write-unicast", test_write_unicast);
        add_test(a, "write-ack-elsewhere", test_write_ack_elsewhere);
        add_test(a, "inline-write", test_inline_write);
        add_test(a, "be-write", test_be_write);
        add_test(a, "header-store", test_header_store);
        add_test(a, "read", test_read);
        add_test(a, "mcast", test_mcast);
        add_test(a, "atomics", test_atomics);
        if (a->bh) {
            add_test(a, "atomics-bh", test_atomics_bh);
            add_test(a, "rtz", test_rtz_bh);
        }
        add_test(a, "atomic-bcast", test_atomic_bcast);
        add_test(a, "noc1", test_noc1);
        add_test(a, "translation", test_translation);
        add_test(a, "missing-target", test_missing_target);
        add_test(a, "queue", test_queue);
        add_test(a, "huge-length", test_huge_length);
        add_test(a, "migrate-in-flight", test_migrate_in_flight);
    }

    return g_test_run();
}
