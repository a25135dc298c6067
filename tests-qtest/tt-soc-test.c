/*
 * QTest testcase for the full-chip layouts (-M tt-wormhole,soc=full and
 * -M tt-blackhole,soc=full): Tensix tiles at exactly the worker
 * coordinates, DRAM channels aliased across their three DRAM tiles, the
 * DRAM size, NoC requests from a Tensix tile to DRAM, the ARC registers.
 *
 * The maps below are transcribed by hand from the vendor SoC descriptors
 * (tt-metal tt_metal/soc_descriptors/wormhole_b0_80_arch.yaml and
 * blackhole_140_arch.yaml; tt-umd {wormhole,blackhole}_implementation.hpp
 * for the Blackhole PCIe/security/L2CPU tiles the tt-metal file calls
 * router-only), not taken from the model's tables.  DRAM sizes:
 * tt-isa-documentation WormholeB0/DRAMTile/README.md (2 x 1 GiB per group
 * of three tiles, at NoC addresses 0 and 0x4000_0000) and the Blackhole
 * descriptor's dram_bank_size 4278190080 = 0xFF000000.  Register layouts:
 * WormholeB0 / BlackholeA0 NoC/MemoryMap.md, ARCTile/ResetUnit.md.
 *
 * qtest accesses go through the first tile's BRISC view: below 4 GiB that
 * is the first worker's own local map (not NoC coordinate (0,0)), above
 * 4 GiB the NoC view, tile (x, y)'s local address A at
 * (y << 42) | (x << 36) | A.  So coordinate (0,0), a DRAM tile on both
 * chips, is only reached here through NoC requests.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/bswap.h"
#include "libqtest.h"
#include "tt-qtest-util.h"
#include "qobject/qdict.h"
#include "qobject/qlist.h"


#define SOFT_RESET_0            0xFFB121B0u
#define SOFT_RESET_ALL_HELD     0x47800u    /* B, T0-T2, NC held */
#define SOFT_RESET_BRISC_ONLY   0x47000u    /* B released */
#define NIU_BASE                0xFFB20000u
#define NIU_SIZE                0x10000u
/* NIU registers in a command buffer window, the same on both chips */
#define NIU_RET_ADDR_LO         0x0Cu
#define NIU_CTRL                0x1Cu
#define NIU_AT_LEN_BE           0x20u
#define TEST_ADDR               0x100u      /* a Tensix L1 / DRAM word */

/* NOC_CTRL */
#define CMD_RD                  0x0u
#define CMD_WR                  0x2u
#define CMD_RESP_MARKED         (1u << 4)

/* NOC_STATUS indices (Counters.md) */
#define MST_WR_ACK_RECEIVED     0x1
#define MST_RD_RESP_RECEIVED    0x2

typedef struct Chip {
    const char *name;
    const char *machine;
    bool bh;
    uint32_t w, h;
    const char *const *map;     /* map[y][x] */
    uint32_t workers;
    uint32_t num_dram;
    uint8_t dram[8][3][2];      /* channel, port, (x, y) */
    uint64_t dram_size;
    uint32_t first_x, first_y;  /* first worker, row-major */
    /* NIU registers (offset in a command buffer window) */
    uint32_t o_cmd_ctrl, o_node_id, o_endpoint_id;
    uint64_t arc_reset_unit;    /* NoC local address of the reset unit */
    uint32_t arc_x, arc_y;
    uint64_t csm;               /* WH ARC CSM, or 0 */
} Chip;

/*
 * T Tensix, D DRAM, E Ethernet, P PCIe, A ARC, S security, L L2CPU,
 * R router-only.
 */
static const char *const wh_map[12] = {
    "DEEEEDEEEE",
    "DTTTTDTTTT",
    "RTTTTDTTTT",
    "PTTTTDTTTT",
    "RTTTTDTTTT",
    "DTTTTDTTTT",
    "DEEEEDEEEE",
    "DTTTTDTTTT",
    "RTTTTDTTTT",
    "RTTTTDTTTT",
    "ATTTTDTTTT",
    "DTTTTDTTTT",
};

static const char *const bh_map[12] = {
    "DRPRRRRRADRPRRRRR",
    "DEEEEEEERDEEEEEEE",
    "DTTTTTTTSDTTTTTTT",
    "DTTTTTTTLDTTTTTTT",
    "DTTTTTTTRDTTTTTTT",
    "DTTTTTTTLDTTTTTTT",
    "DTTTTTTTRDTTTTTTT",
    "DTTTTTTTLDTTTTTTT",
    "DTTTTTTTRDTTTTTTT",
    "DTTTTTTTLDTTTTTTT",
    "DTTTTTTTRDTTTTTTT",
    "DTTTTTTTRDTTTTTTT",
};

static const Chip chip_wh = {
    .name = "wormhole",
    .machine = "tt-wormhole,soc=full",
    .bh = false,
    .w = 10, .h = 12,
    .map = wh_map,
    .workers = 80,
    .num_dram = 6,
    .dram = {
        { { 0, 0 }, { 0, 1 }, { 0, 11 } },
        { { 0, 5 }, { 0, 6 }, { 0, 7 } },
        { { 5, 0 }, { 5, 1 }, { 5, 11 } },
        { { 5, 2 }, { 5, 9 }, { 5, 10 } },
        { { 5, 3 }, { 5, 4 }, { 5, 8 } },
        { { 5, 5 }, { 5, 6 }, { 5, 7 } },
    },
    .dram_size = 2ULL << 30,
    .first_x = 1, .first_y = 1,
    .o_cmd_ctrl = 0x28, .o_node_id = 0x2C, .o_endpoint_id = 0x30,
    .arc_reset_unit = 0x880030000ULL,
    .arc_x = 0, .arc_y = 10,
    .csm = 0x810000000ULL,
};

/*
 * Blackhole: the tests below check physical routing, so the chip is
 * started without the ARC's NoC translation; test_noc_xlat() checks the
 * translation a booted chip has (the machine's default).
 */
static const Chip chip_bh = {
    .name = "blackhole",
    .machine = "tt-blackhole,soc=full,noc-translation=off",
    .bh = true,
    .w = 17, .h = 12,
    .map = bh_map,
    .workers = 140,
    .num_dram = 8,
    .dram = {
        { { 0, 0 }, { 0, 1 }, { 0, 11 } },
        { { 0, 2 }, { 0, 10 }, { 0, 3 } },
        { { 0, 9 }, { 0, 4 }, { 0, 8 } },
        { { 0, 5 }, { 0, 7 }, { 0, 6 } },
        { { 9, 0 }, { 9, 1 }, { 9, 11 } },
        { { 9, 2 }, { 9, 10 }, { 9, 3 } },
        { { 9, 9 }, { 9, 4 }, { 9, 8 } },
        { { 9, 5 }, { 9, 7 }, { 9, 6 } },
    },
    .dram_size = 0xFF000000ULL,
    .first_x = 1, .first_y = 2,
    .o_cmd_ctrl = 0x40, .o_node_id = 0x44, .o_endpoint_id = 0x48,
    .arc_reset_unit = 0x80030000ULL,
    .arc_x = 8, .arc_y = 0,
    .csm = 0,
};

static QTestState *start(const Chip *c, const char *extra)
{
    return qtest_initf("-machine %s %s", c->machine, extra ? extra : "");
}

/*
 * A full chip takes seconds to start (docs/units/soc.md): the tests of a
 * chip without a program share one machine, in the order they are added
 * (their addresses do not overlap); the last of them (arc) resets and
 * stops it.
 */
static QTestState *shared_qts[2];

static QTestState *shared(const Chip *c)
{
    if (!shared_qts[c->bh]) {
        shared_qts[c->bh] = start(c, NULL);
    }
    return shared_qts[c->bh];
}

static void shared_quit(const Chip *c)
{
    qtest_quit(shared_qts[c->bh]);
    shared_qts[c->bh] = NULL;
}

static bool is_origin(uint32_t x, uint32_t y)
{
    return x == 0 && y == 0;
}

/* ---------------------------------------------------------------------- */
/* NIU requests (tt-noc-test.c conventions)                               */
/* ---------------------------------------------------------------------- */

static uint64_t niu_reg(const Chip *c, uint32_t x, uint32_t y, int noc,
                        uint32_t off)
{
    /* command buffer 0 */
    return TT_NOC(x, y, NIU_BASE + noc * NIU_SIZE + off);
}

/*
 * TARG (@ret false) or RET registers of buffer 0: local address @addr at
 * this NoC's coordinates (cx, cy).  WH: LO, MID = addr[35:32] | x << 4 |
 * y << 10.  BH: LO, MID = addr[63:32], HI = x | y << 6.
 */
static void set_addr(QTestState *qts, const Chip *c, uint32_t x, uint32_t y,
                     int noc, bool ret, uint32_t cx, uint32_t cy,
                     uint64_t addr)
{
    uint32_t lo = ret ? NIU_RET_ADDR_LO : 0;

    qtest_writel(qts, niu_reg(c, x, y, noc, lo), addr);
    if (c->bh) {
        qtest_writel(qts, niu_reg(c, x, y, noc, lo + 4), addr >> 32);
        qtest_writel(qts, niu_reg(c, x, y, noc, lo + 8), cx | cy << 6);
    } else {
        qtest_writel(qts, niu_reg(c, x, y, noc, lo + 4),
                     ((addr >> 32) & 0xF) | cx << 4 | cy << 10);
    }
}

/*
 * One request from the tile at NoC 0 (x, y) on NoC @noc: @targ / @ret are
 * coordinates on that NoC.  Writes: TARG = source in the initiator, RET =
 * destination.  Reads: TARG = source, RET = destination in the initiator.
 */
static void request(QTestState *qts, const Chip *c, uint32_t x, uint32_t y,
                    int noc, uint32_t ctrl, uint32_t tx, uint32_t ty,
                    uint64_t taddr, uint32_t rx, uint32_t ry, uint64_t raddr,
                    uint32_t len)
{
    set_addr(qts, c, x, y, noc, false, tx, ty, taddr);
    set_addr(qts, c, x, y, noc, true, rx, ry, raddr);
    qtest_writel(qts, niu_reg(c, x, y, noc, NIU_AT_LEN_BE), len);
    qtest_writel(qts, niu_reg(c, x, y, noc, NIU_CTRL), ctrl);
    qtest_writel(qts, niu_reg(c, x, y, noc, c->o_cmd_ctrl), 1);
    /* NOC_CMD_CTRL reads 0 once the request has been initiated */
    g_assert_cmphex(qtest_readl(qts, niu_reg(c, x, y, noc, c->o_cmd_ctrl)),
                    ==, 0);
}

static uint32_t counter(QTestState *qts, uint32_t x, uint32_t y, int noc,
                        int idx)
{
    return qtest_readl(qts, TT_NOC(x, y, NIU_BASE + noc * NIU_SIZE + 0x200 +
                                   4 * idx));
}

/* ---------------------------------------------------------------------- */
/* Layout                                                                 */
/* ---------------------------------------------------------------------- */

/*
 * Every coordinate of the chip: Tensix tiles exactly where the map says T
 * (SOFT_RESET_0 present, NODE_ID naming that coordinate in a chip-sized
 * NoC, L1 storage), DRAM where it says D (storage at local address 0
 * too, but no SOFT_RESET_0), nothing that stores or has SOFT_RESET_0
 * elsewhere, nor outside the grid.
 */
static void test_layout(const void *data)
{
    const Chip *c = data;
    QTestState *qts = shared(c);
    uint32_t tensix = 0, dram = 0;
    g_autofree bool *seen_index = g_new0(bool, 256);

    for (uint32_t y = 0; y < c->h; y++) {
        g_assert_cmpuint(strlen(c->map[y]), ==, c->w);
        for (uint32_t x = 0; x < c->w; x++) {
            char k = c->map[y][x];
            uint32_t mark = 0x5A000000u | y << 8 | x;

            if (is_origin(x, y)) {
                continue;       /* see the header comment */
            }
            qtest_writel(qts, TT_NOC(x, y, TEST_ADDR), mark);
            if (k == 'T') {
                uint32_t node0, node1, ep, x1 = c->w - 1 - x,
                         y1 = c->h - 1 - y;

                tensix++;
                g_assert_cmphex(qtest_readl(qts, TT_NOC(x, y, TEST_ADDR)), ==,
                                mark);
                /*
                 * Machine decision (docs/units/soc.md): on the full chip
                 * every tile is held after reset when no program is given:
                 * SOFT_RESET_0's silicon reset value, five cores held.
                 */
                g_assert_cmphex(qtest_readl(qts, TT_NOC(x, y,
                                                        SOFT_RESET_0)),
                                ==, SOFT_RESET_ALL_HELD);
                /*
                 * NOC_NODE_ID (MemoryMap.md): x [5:0], y [11:6], NoC
                 * width [18:12] ("in practice always 10" WH / 17 BH),
                 * height [25:19] (12), [28] X-first routing (NoC 0 only);
                 * NoC 1 coordinates are mirrored.  Dateline bits 26/27 are
                 * not checked (which routers set them is undocumented).
                 */
                node0 = qtest_readl(qts, niu_reg(c, x, y, 0, c->o_node_id));
                node1 = qtest_readl(qts, niu_reg(c, x, y, 1, c->o_node_id));
                g_assert_cmphex(node0 & ~(3u << 26), ==,
                                x | y << 6 | c->w << 12 | c->h << 19 |
                                1u << 28);
                g_assert_cmphex(node1 & ~(3u << 26), ==,
                                x1 | y1 << 6 | c->w << 12 | c->h << 19);
                /*
                 * NOC_ENDPOINT_ID: tile type Tensix (WH 1 in [23:16], BH
                 * 0x0100 in [23:8]), NoC index [31:24], tile index [7:0]
                 * below the number of Tensix tiles and distinct (checked
                 * for the first 51 tiles in row-major order only: QEMU's
                 * 255 cluster ids make the model repeat indices every 51
                 * tiles, docs/units/soc.md).
                 */
                ep = qtest_readl(qts, niu_reg(c, x, y, 0, c->o_endpoint_id));
                g_assert_cmphex(ep & 0xFFFFFF00u, ==, 0x00010000u);
                g_assert_cmpuint(ep & 0xFF, <, c->workers);
                if (tensix <= 51) {
                    g_assert_false(seen_index[ep & 0xFF]);
                    seen_index[ep & 0xFF] = true;
                }
                ep = qtest_readl(qts, niu_reg(c, x, y, 1, c->o_endpoint_id));
                g_assert_cmphex(ep & 0xFFFFFF00u, ==, 0x01010000u);
            } else if (k == 'D') {
                dram++;
                g_assert_cmphex(qtest_readl(qts, TT_NOC(x, y, TEST_ADDR)), ==,
                                mark);
                g_assert_cmphex(qtest_readl(qts, TT_NOC(x, y,
                                                        SOFT_RESET_0)),
                                ==, 0);
            } else {
                /* E, P, A, S, L, R: no storage, reads 0 */
                g_assert_cmphex(qtest_readl(qts, TT_NOC(x, y, TEST_ADDR)), ==,
                                0);
                g_assert_cmphex(qtest_readl(qts, TT_NOC(x, y,
                                                        SOFT_RESET_0)),
                                ==, 0);
            }
        }
    }
    g_assert_cmpuint(tensix, ==, c->workers);
    g_assert_cmpuint(dram, ==, c->num_dram * 3 - 1);     /* less (0,0) */

    /* Outside the grid: nothing */
    qtest_writel(qts, TT_NOC(c->w, 1, TEST_ADDR), 0x12345678);
    g_assert_cmphex(qtest_readl(qts, TT_NOC(c->w, 1, TEST_ADDR)), ==, 0);
    g_assert_cmphex(qtest_readl(qts, TT_NOC(1, c->h, SOFT_RESET_0)), ==, 0);
}

/*
 * The vCPUs query-cpus-fast lists: how many, and the index and QOM path
 * of the last one listed (the most recently created)
 */
static uint32_t count_cpus(QTestState *qts, const Chip *c, int64_t *last_index,
                           char *last_path, size_t path_size)
{
    QDict *resp = qtest_qmp(qts, "{'execute': 'query-cpus-fast'}");
    QList *list = qdict_get_qlist(resp, "return");
    QListEntry *e;
    uint32_t n = 0;
    g_autofree char *first = g_strdup_printf("/machine/tile[%u,%u]/brisc/",
                                             c->first_x, c->first_y);

    g_assert(list);
    QLIST_FOREACH_ENTRY(list, e) {
        QDict *cpu = qobject_to(QDict, qlist_entry_obj(e));

        if (n == 0) {
            /* cpu 0 (qtest's view) is the first worker's BRISC */
            g_assert_true(g_str_has_prefix(qdict_get_str(cpu, "qom-path"),
                                           first));
            g_assert_cmpint(qdict_get_int(cpu, "cpu-index"), ==, 0);
        }
        *last_index = qdict_get_int(cpu, "cpu-index");
        g_strlcpy(last_path, qdict_get_str(cpu, "qom-path"), path_size);
        n++;
    }
    qobject_unref(resp);
    return n;
}

/*
 * Five vCPUs per Tensix tile: 400 (WH) / 700 (BH) with lazy-cores=off;
 * by default only the first tile's five exist at start-up, and a core
 * gets its vCPU, with a fixed index (5 per tile, in worker order), when
 * it is first released
 */
static void test_cpus(const void *data)
{
    const Chip *c = data;
    QTestState *qts = qtest_initf("-machine %s,lazy-cores=off", c->machine);
    uint32_t lx = 0, ly = 0;
    int64_t idx;
    char path[128];
    g_autofree char *want = NULL;

    g_assert_cmpuint(count_cpus(qts, c, &idx, path, sizeof(path)), ==,
                     5 * c->workers);
    g_assert_cmpint(idx, ==, 5 * c->workers - 1);
    qtest_quit(qts);

    /* The last worker in row-major order (the machine's tile order) */
    for (uint32_t y = 0; y < c->h; y++) {
        for (uint32_t x = 0; x < c->w; x++) {
            if (c->map[y][x] == 'T') {
                lx = x;
                ly = y;
            }
        }
    }
    qts = start(c, NULL);
    g_assert_cmpuint(count_cpus(qts, c, &idx, path, sizeof(path)), ==, 5);
    g_assert_cmpint(idx, ==, 4);
    /* Held: still no vCPU; BRISC released: one */
    qtest_writel(qts, TT_NOC(lx, ly, SOFT_RESET_0), 0x47800);
    g_assert_cmpuint(count_cpus(qts, c, &idx, path, sizeof(path)), ==, 5);
    qtest_writel(qts, TT_NOC(lx, ly, SOFT_RESET_0), 0x47000);
    g_assert_cmpuint(count_cpus(qts, c, &idx, path, sizeof(path)), ==, 6);
    g_assert_cmpint(idx, ==, 5 * c->workers - 5);
    want = g_strdup_printf("/machine/tile[%u,%u]/brisc/cpu", lx, ly);
    g_assert_cmpstr(path, ==, want);
    /* All five released, held and released again: five, once each */
    qtest_writel(qts, TT_NOC(lx, ly, SOFT_RESET_0), 0);
    qtest_writel(qts, TT_NOC(lx, ly, SOFT_RESET_0), 0x47800);
    qtest_writel(qts, TT_NOC(lx, ly, SOFT_RESET_0), 0);
    g_assert_cmpuint(count_cpus(qts, c, &idx, path, sizeof(path)), ==, 10);
    g_assert_cmphex(qtest_readl(qts, TT_NOC(lx, ly, SOFT_RESET_0)), ==, 0);
    /* A machine reset holds them again and keeps them */
    qtest_system_reset(qts);
    g_assert_cmphex(qtest_readl(qts, TT_NOC(lx, ly, SOFT_RESET_0)), ==,
                    0x47800);
    g_assert_cmpuint(count_cpus(qts, c, &idx, path, sizeof(path)), ==, 10);
    qtest_quit(qts);
}

/* ---------------------------------------------------------------------- */
/* DRAM                                                                   */
/* ---------------------------------------------------------------------- */

/*
 * Every tile of DRAM channel @ch but the origin reads, at @base + @stride *
 * q, what tile q wrote there: @tag | q << @shift (0 where q is the origin,
 * which wrote nothing).
 */
static void check_channel_words(QTestState *qts, const Chip *c, uint32_t ch,
                                uint64_t base, uint32_t stride, uint32_t tag,
                                int shift)
{
    for (int p = 0; p < 3; p++) {
        uint32_t x = c->dram[ch][p][0], y = c->dram[ch][p][1];

        if (is_origin(x, y)) {
            continue;
        }
        for (int q = 0; q < 3; q++) {
            bool written = !is_origin(c->dram[ch][q][0], c->dram[ch][q][1]);

            g_assert_cmphex(qtest_readl(qts, TT_NOC(x, y, base + stride * q)),
                            ==, written ? tag | q << shift : 0);
        }
    }
}

/*
 * DRAMTile/README.md: a channel's memory is exposed identically at its
 * three tiles.  Write through each port, read through the others; the
 * channels are distinct memories; the last byte of a channel is memory,
 * the next byte is not (WH: reserved after 2 GiB; BH: after tt-metal's
 * dram_bank_size 0xFF000000 comes the DRAM tile's own register space).
 */
static void test_dram(const void *data)
{
    const Chip *c = data;
    QTestState *qts = shared(c);
    uint64_t last = c->dram_size - 1;

    for (uint32_t ch = 0; ch < c->num_dram; ch++) {
        for (int p = 0; p < 3; p++) {
            uint32_t x = c->dram[ch][p][0], y = c->dram[ch][p][1];
            uint32_t v = 0xD0000000u | ch << 16 | p << 8;

            g_assert_true(c->map[y][x] == 'D');
            if (is_origin(x, y)) {
                continue;       /* checked through the NoC below */
            }
            qtest_writel(qts, TT_NOC(x, y, 0x1000 + 4 * p), v);
            qtest_writeb(qts, TT_NOC(x, y, last), 0xA0 | ch);
        }
    }
    for (uint32_t ch = 0; ch < c->num_dram; ch++) {
        check_channel_words(qts, c, ch, 0x1000, 4, 0xD0000000u | ch << 16, 8);
        for (int p = 0; p < 3; p++) {
            uint32_t x = c->dram[ch][p][0], y = c->dram[ch][p][1];

            if (is_origin(x, y)) {
                continue;
            }
            g_assert_cmphex(qtest_readb(qts, TT_NOC(x, y, last)), ==,
                            0xA0 | ch);
            /* One past the end: not DRAM, reads 0, keeps nothing */
            qtest_writel(qts, TT_NOC(x, y, c->dram_size), 0xFFFFFFFF);
            g_assert_cmphex(qtest_readl(qts, TT_NOC(x, y, c->dram_size)), ==,
                            0);
            /* WH: 1 GiB is the second GDDR6 channel of the group */
            qtest_writel(qts, TT_NOC(x, y, (1ULL << 30) + 8 * p),
                         0xC0DE0000 | p);
        }
        check_channel_words(qts, c, ch, 1ULL << 30, 8, 0xC0DE0000, 0);
    }
}

/*
 * NoC requests between a Tensix tile and DRAM: the first worker writes 64
 * bytes to DRAM channel 0 at (0,11) (the address is the one the recorded
 * tt-metal traces use for DRAM bank 0), which then reads the same at
 * channel 0's other tiles, including (0,0) reached by a NoC read; then on
 * NoC 1 (mirrored coordinates) from channel 0's tile (0,1).
 */
static void test_noc_dram(const void *data)
{
    const Chip *c = data;
    QTestState *qts = shared(c);
    uint32_t tx = c->first_x, ty = c->first_y;
    const uint64_t daddr = 0x2d4c40;
    uint8_t src[64], buf[64];

    for (int i = 0; i < 64; i++) {
        src[i] = 0x30 + i * 5;
    }
    qtest_memwrite(qts, TT_NOC(tx, ty, 0x10000), src, 64);

    /* Non-posted write on NoC 0: L1 0x10000 -> DRAM (0,11) */
    request(qts, c, tx, ty, 0, CMD_WR | CMD_RESP_MARKED, tx, ty, 0x10000,
            0, 11, daddr, 64);
    qtest_memread(qts, TT_NOC(0, 11, daddr), buf, 64);
    g_assert_cmpmem(buf, 64, src, 64);
    qtest_memread(qts, TT_NOC(0, 1, daddr), buf, 64);
    g_assert_cmpmem(buf, 64, src, 64);
    /* The DRAM NIU acknowledges (DRAMTile/README.md, Ordering) */
    g_assert_cmpuint(counter(qts, tx, ty, 0, MST_WR_ACK_RECEIVED), ==, 1);

    /* Read back from (0,0) on NoC 0 into L1 0x20000 */
    qtest_memset(qts, TT_NOC(tx, ty, 0x20000), 0xEE, 64);
    request(qts, c, tx, ty, 0, CMD_RD, 0, 0, daddr, tx, ty, 0x20000, 64);
    qtest_memread(qts, TT_NOC(tx, ty, 0x20000), buf, 64);
    g_assert_cmpmem(buf, 64, src, 64);
    g_assert_cmpuint(counter(qts, tx, ty, 0, MST_RD_RESP_RECEIVED), ==, 1);

    /* A write to (0,0) through the NoC, seen at (0,11) */
    request(qts, c, tx, ty, 0, CMD_WR | CMD_RESP_MARKED, tx, ty, 0x10000,
            0, 0, 0x7000, 16);
    qtest_memread(qts, TT_NOC(0, 11, 0x7000), buf, 16);
    g_assert_cmpmem(buf, 16, src, 16);

    /*
     * NoC 1: coordinates mirrored (w - 1 - x, h - 1 - y).  Read 64 bytes
     * from channel 0's (0,1) into L1 0x30000.
     */
    request(qts, c, tx, ty, 1, CMD_RD, c->w - 1, c->h - 2, daddr,
            c->w - 1 - tx, c->h - 1 - ty, 0x30000, 64);
    qtest_memread(qts, TT_NOC(tx, ty, 0x30000), buf, 64);
    g_assert_cmpmem(buf, 64, src, 64);
    g_assert_cmpuint(counter(qts, tx, ty, 1, MST_RD_RESP_RECEIVED), ==, 1);
}

/* ---------------------------------------------------------------------- */
/* Blackhole NoC translation (the ARC firmware's, after every reset)      */
/* ---------------------------------------------------------------------- */

/*
 * NOC_CFG indices (BlackholeA0/NoC/MemoryMap.md; tt-zephyr-platforms
 * lib/tenstorrent/bh_arc/noc_init.c)
 */
#define NIU_CFG_0               0x00
#define NIU_CFG_0_XLAT          (1u << 14)
#define NOC_X_TABLE(n)          (0x06 + (n))
#define NOC_Y_TABLE(n)          (0x0C + (n))
#define NOC_ID_LOGICAL          0x12
#define NOC_COL_MASK            0x14
#define NOC_ROW_MASK            0x15
#define NOC_DDR_TABLE_5         0x1B

static uint32_t noc_cfg(QTestState *qts, uint32_t x, uint32_t y, int noc,
                        uint32_t i)
{
    return qtest_readl(qts, TT_NOC(x, y, NIU_BASE + noc * NIU_SIZE + 0x100 +
                                   4 * i));
}

/*
 * Tiles of every kind whose NIUs the ARC programs (not (0,0): qtest
 * cannot reach it): Tensix, DRAM west and east, ARC, both PCIe, L2CPU,
 * security, Ethernet, router-only
 */
static const uint8_t xlat_tiles[][2] = {
    { 1, 2 }, { 16, 11 }, { 0, 1 }, { 9, 7 }, { 8, 0 }, { 2, 0 }, { 11, 0 },
    { 8, 3 }, { 8, 2 }, { 5, 1 }, { 1, 0 },
};

/*
 * What the ARC firmware programs for this chip (noc_init.c, every column
 * and GDDR channel good, eth_enabled 0 -> Ethernet instances 6 and 9
 * skipped, PCIe instance 0), hand-computed: NoC 0 X entries 18-23 = 9
 * (east GDDR), 2 (PCIe 0), 1, 16, 2, 15 (Ethernet 0-3); Y entries 12-17
 * = 0, 1, 11, 2, 10, 3 (GDDR 0 and 1 ports); NoC 1 mirrored (16 - x,
 * 11 - y).  NOC_ID_LOGICAL of DRAM (0,1) = pre-translation (17,13) on
 * both NoCs; of east DRAM (9,1) its own (9,1) (the firmware labels only
 * pre-x 17); of PCIe (2,0) (19,24); of a Tensix its own coordinates.
 */
static void check_xlat_on(QTestState *qts)
{
    for (size_t i = 0; i < ARRAY_SIZE(xlat_tiles); i++) {
        uint32_t x = xlat_tiles[i][0], y = xlat_tiles[i][1];

        for (int noc = 0; noc < 2; noc++) {
            g_test_message("tile (%u,%u) NoC %d", x, y, noc);
            g_assert_cmphex(noc_cfg(qts, x, y, noc, NIU_CFG_0) &
                            NIU_CFG_0_XLAT, ==, NIU_CFG_0_XLAT);
            g_assert_cmphex(noc_cfg(qts, x, y, noc, NOC_X_TABLE(3)), ==,
                            noc ? 0x02e03dc7 : 0x1e280449);
            g_assert_cmphex(noc_cfg(qts, x, y, noc, NOC_Y_TABLE(2)), ==,
                            noc ? 0x1014814b : 0x06a12c20);
            g_assert_cmphex(noc_cfg(qts, x, y, noc, NOC_ROW_MASK), ==, 3);
            g_assert_cmphex(noc_cfg(qts, x, y, noc, NOC_COL_MASK), ==, 0);
            g_assert_cmphex(noc_cfg(qts, x, y, noc, NOC_DDR_TABLE_5), ==, 0);
        }
    }
    for (int noc = 0; noc < 2; noc++) {
        g_assert_cmphex(noc_cfg(qts, 0, 1, noc, NOC_ID_LOGICAL), ==,
                        (13 << 6) | 17);
        g_assert_cmphex(noc_cfg(qts, 9, 1, noc, NOC_ID_LOGICAL), ==,
                        (1 << 6) | 9);
        g_assert_cmphex(noc_cfg(qts, 2, 0, noc, NOC_ID_LOGICAL), ==,
                        (24 << 6) | 19);
        g_assert_cmphex(noc_cfg(qts, 16, 11, noc, NOC_ID_LOGICAL), ==,
                        (11 << 6) | 16);
    }
}

static void test_noc_xlat(const void *data)
{
    const Chip *c = data;
    QTestState *qts = qtest_init("-machine tt-blackhole,soc=full");
    uint32_t tx = c->first_x, ty = c->first_y;
    const uint64_t daddr = 0x123440;
    uint8_t src[64], buf[64];

    check_xlat_on(qts);

    for (int i = 0; i < 64; i++) {
        src[i] = 0x11 + i * 7;
    }
    qtest_memwrite(qts, TT_NOC(tx, ty, 0x10000), src, 64);

    /*
     * NoC 1 with NoC 0 numbers: the first worker writes to Tensix
     * (16,11) (physically NoC 1's (0,0), a DRAM tile), the ack to itself
     * at (tx, ty)
     */
    request(qts, c, tx, ty, 1, CMD_WR | CMD_RESP_MARKED, tx, ty, 0x10000,
            16, 11, 0x40000, 64);
    qtest_memread(qts, TT_NOC(16, 11, 0x40000), buf, 64);
    g_assert_cmpmem(buf, 64, src, 64);
    g_assert_cmpuint(counter(qts, tx, ty, 1, MST_WR_ACK_RECEIVED), ==, 1);

    /* DRAM channel 0 at x 17: (17,13) is its port (0,1); seen at (0,11) */
    request(qts, c, tx, ty, 0, CMD_WR | CMD_RESP_MARKED, tx, ty, 0x10000,
            17, 13, daddr, 64);
    qtest_memread(qts, TT_NOC(0, 11, daddr), buf, 64);
    g_assert_cmpmem(buf, 64, src, 64);
    g_assert_cmpuint(counter(qts, tx, ty, 0, MST_WR_ACK_RECEIVED), ==, 1);

    /* DRAM channel 5 at x 18, y 15 (its port (9,2)), read on NoC 1 */
    for (int i = 0; i < 64; i++) {
        src[i] = 0xA0 ^ i;
    }
    qtest_memwrite(qts, TT_NOC(9, 10, daddr), src, 64);
    qtest_memset(qts, TT_NOC(tx, ty, 0x30000), 0xEE, 64);
    request(qts, c, tx, ty, 1, CMD_RD, 18, 15, daddr, tx, ty, 0x30000, 64);
    qtest_memread(qts, TT_NOC(tx, ty, 0x30000), buf, 64);
    g_assert_cmpmem(buf, 64, src, 64);
    g_assert_cmpuint(counter(qts, tx, ty, 1, MST_RD_RESP_RECEIVED), ==, 1);

    /* every reset programs it again */
    qtest_writel(qts, TT_NOC(0, 1, NIU_BASE + 0x100 + 4 * NIU_CFG_0), 0);
    qtest_writel(qts, TT_NOC(tx, ty, NIU_BASE + NIU_SIZE + 0x100 +
                             4 * NOC_X_TABLE(3)), 0);
    qtest_system_reset(qts);
    check_xlat_on(qts);
    qtest_quit(qts);

    /* noc-translation=off: as reset leaves the NIUs, the tables identity */
    qts = qtest_init("-machine tt-blackhole,soc=full,noc-translation=off");
    for (size_t i = 0; i < ARRAY_SIZE(xlat_tiles); i++) {
        uint32_t x = xlat_tiles[i][0], y = xlat_tiles[i][1];

        for (int noc = 0; noc < 2; noc++) {
            uint32_t lx = noc ? 16 - x : x, ly = noc ? 11 - y : y;

            g_test_message("tile (%u,%u) NoC %d, off", x, y, noc);
            g_assert_cmphex(noc_cfg(qts, x, y, noc, NIU_CFG_0), ==, 0);
            g_assert_cmphex(noc_cfg(qts, x, y, noc, NOC_X_TABLE(3)), ==,
                            0x2f6ad272);
            g_assert_cmphex(noc_cfg(qts, x, y, noc, NOC_ROW_MASK), ==, 0);
            g_assert_cmphex(noc_cfg(qts, x, y, noc, NOC_ID_LOGICAL), ==,
                            (ly << 6) | lx);
        }
    }
    qtest_quit(qts);
}

/* ---------------------------------------------------------------------- */
/* Wormhole NoC translation (the firmware's, after every reset)           */
/* ---------------------------------------------------------------------- */

/* WormholeB0/NoC/MemoryMap.md: 4-bit entries, 8 per word */
#define WH_NOC_X_TABLE(n)       (0x06 + (n))
#define WH_NOC_Y_TABLE(n)       (0x0A + (n))

/*
 * The firmware-configured tables of WormholeB0/NoC/Coordinates.md for a
 * chip with no harvested row, hand-computed: 0..15 the identity (words 0
 * and 1); X 16 -> 0 (PCIe, ARC, D0/D1), 17 -> 5 (D2-D5), 18..25 -> the
 * Tensix columns 1 2 3 4 6 7 8 9; Y 16 -> 0, 17 -> 6 (the Ethernet rows),
 * 18..27 -> the Tensix rows 1 2 3 4 5 7 8 9 10 11; the rest 0.  NoC 1:
 * entries 16.. mirrored (9 - x, 11 - y).
 */
static const uint32_t wh_xlat_words[2][2][4] = {
    {   /* NoC 0: X, Y */
        { 0x76543210, 0xFEDCBA98, 0x76432150, 0x00000098 },
        { 0x76543210, 0xFEDCBA98, 0x75432160, 0x0000BA98 },
    },
    {   /* NoC 1 */
        { 0x76543210, 0xFEDCBA98, 0x23567849, 0x00000001 },
        { 0x76543210, 0xFEDCBA98, 0x46789A5B, 0x00000123 },
    },
};

static void check_wh_xlat(QTestState *qts, bool on)
{
    static const uint8_t tiles[][2] = { { 1, 1 }, { 9, 11 }, { 6, 7 } };

    for (size_t i = 0; i < ARRAY_SIZE(tiles); i++) {
        uint32_t x = tiles[i][0], y = tiles[i][1];

        for (int noc = 0; noc < 2; noc++) {
            g_test_message("tile (%u,%u) NoC %d %s", x, y, noc,
                           on ? "on" : "off");
            g_assert_cmphex(noc_cfg(qts, x, y, noc, NIU_CFG_0) &
                            NIU_CFG_0_XLAT, ==, on ? NIU_CFG_0_XLAT : 0);
            for (int w = 0; w < 4; w++) {
                /* off: the reset identity, which cannot hold 16..31 */
                uint32_t id = w < 2 ? wh_xlat_words[0][0][w] : 0;

                g_assert_cmphex(noc_cfg(qts, x, y, noc, WH_NOC_X_TABLE(w)),
                                ==, on ? wh_xlat_words[noc][0][w] : id);
                g_assert_cmphex(noc_cfg(qts, x, y, noc, WH_NOC_Y_TABLE(w)),
                                ==, on ? wh_xlat_words[noc][1][w] : id);
            }
        }
    }
}

static void test_noc_xlat_wh(const void *data)
{
    const Chip *c = data;
    QTestState *qts = qtest_init("-machine tt-wormhole,soc=full");
    const uint64_t daddr = 0x2468A0;
    uint8_t src[64], buf[64];

    check_wh_xlat(qts, true);

    for (int i = 0; i < 64; i++) {
        src[i] = 0x3C ^ (i * 5);
    }
    qtest_memwrite(qts, TT_NOC(1, 1, 0x10000), src, 64);

    /* NoC 0, translated (19,18): Tensix (2,1) */
    request(qts, c, 1, 1, 0, CMD_WR | CMD_RESP_MARKED, 18, 18, 0x10000,
            19, 18, 0x40000, 64);
    qtest_memread(qts, TT_NOC(2, 1, 0x40000), buf, 64);
    g_assert_cmpmem(buf, 64, src, 64);
    g_assert_cmpuint(counter(qts, 1, 1, 0, MST_WR_ACK_RECEIVED), ==, 1);

    /* NoC 1, the same numbers: (20,19) is Tensix (3,2) on both NoCs */
    request(qts, c, 1, 1, 1, CMD_WR | CMD_RESP_MARKED, 18, 18, 0x10000,
            20, 19, 0x40000, 64);
    qtest_memread(qts, TT_NOC(3, 2, 0x40000), buf, 64);
    g_assert_cmpmem(buf, 64, src, 64);
    g_assert_cmpuint(counter(qts, 1, 1, 1, MST_WR_ACK_RECEIVED), ==, 1);

    /* 0..15 stay raw: NoC 1's (2,1) is NoC 0's (7,10) */
    request(qts, c, 1, 1, 1, CMD_WR | CMD_RESP_MARKED, 18, 18, 0x10000,
            2, 1, 0x50000, 64);
    qtest_memread(qts, TT_NOC(7, 10, 0x50000), buf, 64);
    g_assert_cmpmem(buf, 64, src, 64);

    /* DRAM: (17,17) is D5's port (5,6), read on NoC 1 */
    for (int i = 0; i < 64; i++) {
        src[i] = 0xC5 + i;
    }
    qtest_memwrite(qts, TT_NOC(5, 6, daddr), src, 64);
    qtest_memset(qts, TT_NOC(1, 1, 0x30000), 0xEE, 64);
    request(qts, c, 1, 1, 1, CMD_RD, 17, 17, daddr, 18, 18, 0x30000, 64);
    qtest_memread(qts, TT_NOC(1, 1, 0x30000), buf, 64);
    g_assert_cmpmem(buf, 64, src, 64);

    /* every reset programs it again */
    qtest_writel(qts, TT_NOC(6, 7, NIU_BASE + 0x100 + 4 * NIU_CFG_0), 0);
    qtest_writel(qts, TT_NOC(9, 11, NIU_BASE + NIU_SIZE + 0x100 +
                             4 * WH_NOC_Y_TABLE(2)), 0);
    qtest_system_reset(qts);
    check_wh_xlat(qts, true);
    qtest_quit(qts);

    /* noc-translation=off: as reset leaves the NIUs */
    qts = qtest_init("-machine tt-wormhole,soc=full,noc-translation=off");
    check_wh_xlat(qts, false);
    qtest_quit(qts);
}

/* ---------------------------------------------------------------------- */
/* ARC                                                                    */
/* ---------------------------------------------------------------------- */

/*
 * Blackhole after ARC firmware boot, read the way tt-umd reads it
 * (blackhole_tt_device.cpp, arc_telemetry_reader.cpp,
 * blackhole_arc_message_queue.cpp): addresses from the reset unit's
 * SCRATCH_RAM[], structures in CSM (0x1000_0000-0x1007_FFFF), all through
 * NoC accesses to the ARC tile.
 */
#define BH_SCRATCH_RAM(n)       (0x400 + 4 * (n))
#define BH_ARC_MISC_CNTL        0x100
#define BH_ARC_FW_INT_VAL       0x10000     /* tt-umd ARC_FW_INT_VAL */
#define BH_CSM_BASE             0x10000000u
#define BH_CSM_SIZE             0x80000u

static uint32_t arc_rd(QTestState *qts, const Chip *c, uint32_t addr)
{
    return qtest_readl(qts, TT_NOC(c->arc_x, c->arc_y, addr));
}

static void arc_wr(QTestState *qts, const Chip *c, uint32_t addr,
                   uint32_t val)
{
    qtest_writel(qts, TT_NOC(c->arc_x, c->arc_y, addr), val);
}

static void assert_in_csm(uint32_t addr)
{
    g_assert_cmphex(addr, >=, BH_CSM_BASE);
    g_assert_cmphex(addr, <, BH_CSM_BASE + BH_CSM_SIZE);
}

/* Telemetry tag @tag's value, walking the table; false if absent */
static bool arc_telemetry(QTestState *qts, const Chip *c, uint16_t tag,
                          uint32_t *val)
{
    uint32_t ru = c->arc_reset_unit;
    uint32_t table = arc_rd(qts, c, ru + BH_SCRATCH_RAM(13));
    uint32_t values = arc_rd(qts, c, ru + BH_SCRATCH_RAM(12));
    uint32_t count;

    assert_in_csm(table);
    assert_in_csm(values);
    count = arc_rd(qts, c, table + 4);
    g_assert_cmpuint(count, >, 0);
    g_assert_cmpuint(count, <, 256);
    for (uint32_t i = 0; i < count; i++) {
        uint32_t e = arc_rd(qts, c, table + 8 + 4 * i);

        /* tt-umd indexes a data array of @count words with the offset */
        g_assert_cmpuint(e >> 16, <, count);
        if ((e & 0xFFFF) == tag) {
            *val = arc_rd(qts, c, values + 4 * (e >> 16));
            return true;
        }
    }
    return false;
}

static uint32_t arc_telemetry_val(QTestState *qts, const Chip *c,
                                  uint16_t tag)
{
    uint32_t val = 0xDEADBEEF;

    g_assert_true(arc_telemetry(qts, c, tag, &val));
    return val;
}

/* ARC address of message queue @q (tt-umd get_blackhole_arc_message_queue) */
static uint32_t arc_queue(QTestState *qts, const Chip *c, uint32_t q,
                          uint32_t *entries)
{
    uint32_t info = arc_rd(qts, c, c->arc_reset_unit + BH_SCRATCH_RAM(11));
    uint32_t base, hi;

    assert_in_csm(info);
    base = arc_rd(qts, c, info);
    hi = arc_rd(qts, c, info + 4);
    assert_in_csm(base);
    *entries = hi & 0xFF;
    g_assert_cmpuint(*entries, >, 0);
    g_assert_cmpuint(q, <, (hi >> 8) & 0xFF);
    return base + q * (2 * *entries * 32 + 32);
}

/*
 * Send message @code with argument @arg through queue @q as tt-umd's
 * BlackholeArcMessageQueue::send_message() does; the response in @rsp.
 */
static void arc_msg(QTestState *qts, const Chip *c, uint32_t q,
                    uint32_t code, uint32_t arg, uint32_t *rsp)
{
    uint32_t size;
    uint32_t base = arc_queue(qts, c, q, &size);
    uint32_t wptr = arc_rd(qts, c, base);               /* request wptr */
    uint32_t rptr;
    uint32_t e;

    /* not full */
    g_assert_cmpuint((arc_rd(qts, c, base + 16) - wptr) % (2 * size), !=,
                     size);
    e = base + 4 * (8 + (wptr % size) * 8);
    arc_wr(qts, c, e, code);
    arc_wr(qts, c, e + 4, arg);
    for (int i = 2; i < 8; i++) {
        arc_wr(qts, c, e + 4 * i, 0);
    }
    arc_wr(qts, c, base, (wptr + 1) % (2 * size));
    arc_wr(qts, c, c->arc_reset_unit + BH_ARC_MISC_CNTL, BH_ARC_FW_INT_VAL);

    /* answered at once: no polling needed */
    rptr = arc_rd(qts, c, base + 4);                    /* response rptr */
    g_assert_cmpuint(arc_rd(qts, c, base + 20), !=, rptr);  /* wptr */
    e = base + 4 * (8 + (size + rptr % size) * 8);
    for (int i = 0; i < 8; i++) {
        rsp[i] = arc_rd(qts, c, e + 4 * i);
    }
    arc_wr(qts, c, base + 4, (rptr + 1) % (2 * size));
    /* request consumed */
    g_assert_cmpuint(arc_rd(qts, c, base + 16), ==, (wptr + 1) % (2 * size));
}

/* What must hold after every reset */
static void arc_bh_check_booted(QTestState *qts, const Chip *c)
{
    uint32_t v = arc_rd(qts, c, c->arc_reset_unit + BH_SCRATCH_RAM(2));

    /* tt-umd wait_arc_core_start(): (v & 7) == 5 */
    g_assert_cmphex(v & 7, ==, 5);
    g_assert_cmphex(v, ==, 5);      /* + fw_id 0, normal firmware */
    g_assert_cmphex(arc_telemetry_val(qts, c, 14), ==, 800);  /* AICLK idle */
}

static void test_arc_bh_firmware(QTestState *qts, const Chip *c)
{
    uint32_t rsp[8], size, base, hi, lo;

    arc_bh_check_booted(qts, c);

    /* table header: version 0x100 (firmware TELEMETRY_VERSION) */
    g_assert_cmphex(arc_rd(qts, c, arc_rd(qts, c, c->arc_reset_unit +
                                          BH_SCRATCH_RAM(13))), ==, 0x100);
    /* the README's tags, P100A with everything enabled */
    g_assert_cmphex(arc_telemetry_val(qts, c, 34), ==, 0x3FFF);
    g_assert_cmphex(arc_telemetry_val(qts, c, 36), ==, 0xFF);
    g_assert_cmphex(arc_telemetry_val(qts, c, 38), ==, 0x5);
    /* what tt-umd reads unconditionally at start-up */
    hi = arc_telemetry_val(qts, c, 1);
    lo = arc_telemetry_val(qts, c, 2);
    /* board type from UPI = bits 36-55 of the board ID: 0x43, P100 */
    g_assert_cmphex(((((uint64_t)hi << 32) | lo) >> 36) & 0xFFFFF, ==, 0x43);
    g_assert_cmphex(arc_telemetry_val(qts, c, 35), ==, 0);    /* no ETH */
    g_assert_cmphex(arc_telemetry_val(qts, c, 37), ==, 0xF);  /* L2CPU */
    arc_telemetry_val(qts, c, 61);                      /* ASIC ID high */
    arc_telemetry_val(qts, c, 62);                      /* ASIC ID low */
    g_assert_cmphex(arc_telemetry_val(qts, c, 28) >> 16, ==, 0x1307);
    g_assert_cmphex(arc_telemetry_val(qts, c, 63), ==, 1350);
    g_assert_false(arc_telemetry(qts, c, 0x7FFF, &lo));

    /* the queue tt-umd uses (APPLICATION = 3): empty */
    base = arc_queue(qts, c, 3, &size);
    g_assert_cmpuint(size, ==, 4);
    for (int i = 0; i < 8; i++) {
        g_assert_cmphex(arc_rd(qts, c, base + 4 * i), ==, 0);
    }

    /* TEST: argument + 1, serial + 1 */
    arc_msg(qts, c, 3, 0x90, 41, rsp);
    g_assert_cmphex(rsp[0], ==, 0);
    g_assert_cmphex(rsp[1], ==, 42);
    g_assert_cmphex(rsp[2], ==, 1);
    /* the doorbell's IRQ0_TRIG is cleared by the "firmware" */
    g_assert_cmphex(arc_rd(qts, c, c->arc_reset_unit + BH_ARC_MISC_CNTL),
                    ==, 0);

    /* tt-umd set_clock_state(BUSY): exit code 0, AICLK at the maximum */
    arc_msg(qts, c, 3, 0x52, 0, rsp);
    g_assert_cmphex(rsp[0], ==, 0);
    g_assert_cmphex(arc_telemetry_val(qts, c, 14), ==, 1350);
    arc_msg(qts, c, 3, 0x34, 0, rsp);                   /* GET_AICLK */
    g_assert_cmphex(rsp[0], ==, 0);
    g_assert_cmpuint(rsp[1], ==, 1350);
    arc_msg(qts, c, 3, 0x54, 0, rsp);                   /* GO_LONG_IDLE */
    g_assert_cmphex(rsp[0], ==, 0);
    g_assert_cmphex(arc_telemetry_val(qts, c, 14), ==, 800);

    /* an unknown message: "not recognised" (0xFF), never silence */
    arc_msg(qts, c, 3, 0x77, 0, rsp);
    g_assert_cmphex(rsp[0] & 0xFF, ==, 0xFF);

    /* past the pointers' wrap (2 x 4 entries); serial counts messages */
    for (uint32_t i = 0; i < 6; i++) {
        arc_msg(qts, c, 3, 0x90, i, rsp);
        g_assert_cmphex(rsp[0], ==, 0);
        g_assert_cmphex(rsp[1], ==, i + 1);
        g_assert_cmphex(rsp[2], ==, 6 + i);
    }
    /* another queue works independently */
    arc_msg(qts, c, 0, 0x90, 7, rsp);
    g_assert_cmphex(rsp[1], ==, 8);
    g_assert_cmphex(rsp[2], ==, 1);

    /* leave the chip busy: a reset must bring back the idle clock */
    arc_msg(qts, c, 3, 0x52, 0, rsp);
}

/*
 * The ARC state survives migration: boot status, AICLK, the queue
 * pointers and serial (CSM is RAM, SCRATCH_RAM[] is in the vmstate).
 * Returns the destination.
 */
static QTestState *test_arc_bh_migrate(QTestState *qts, const Chip *c)
{
    uint32_t rsp[8], size, base, wptr, serial;

    base = arc_queue(qts, c, 3, &size);
    wptr = arc_rd(qts, c, base);
    serial = arc_rd(qts, c, base + 24);
    qts = tt_migrate_via_file(qts, c->machine);
    g_assert_cmphex(arc_rd(qts, c, c->arc_reset_unit + BH_SCRATCH_RAM(2)),
                    ==, 5);
    g_assert_cmphex(arc_telemetry_val(qts, c, 14), ==, 1350);
    g_assert_cmphex(arc_rd(qts, c, base), ==, wptr);
    arc_msg(qts, c, 3, 0x90, 99, rsp);
    g_assert_cmphex(rsp[0], ==, 0);
    g_assert_cmphex(rsp[1], ==, 100);
    g_assert_cmphex(rsp[2], ==, serial + 1);
    return qts;
}

/*
 * ResetUnit.md: SCRATCH[i] at 0x60 + 4i are plain words (message
 * protocol, post code); REFCLK_COUNTER at 0xE0 counts at 27 MHz.  WH CSM:
 * 512 KiB of RAM at XBAR 0x1000_0000 (NoC 0x8_1000_0000).
 */
static void test_arc(const void *data)
{
    const Chip *c = data;
    QTestState *qts = shared(c);
    uint64_t ru = TT_NOC(c->arc_x, c->arc_y, c->arc_reset_unit);
    uint64_t t0, t1;

    for (int i = 0; i < 8; i++) {
        g_assert_cmphex(qtest_readl(qts, ru + 0x60 + 4 * i), ==, 0);
        qtest_writel(qts, ru + 0x60 + 4 * i, 0xAA00 + i);
    }
    for (int i = 0; i < 8; i++) {
        g_assert_cmphex(qtest_readl(qts, ru + 0x60 + 4 * i), ==, 0xAA00 + i);
    }
    t0 = qtest_readl(qts, ru + 0xE0) |
         (uint64_t)qtest_readl(qts, ru + 0xE4) << 32;
    qtest_clock_step(qts, 1000000000);          /* 1 s of virtual time */
    t1 = qtest_readl(qts, ru + 0xE0) |
         (uint64_t)qtest_readl(qts, ru + 0xE4) << 32;
    g_assert_cmpuint(t1 - t0, >=, 26999999);    /* 27 MHz, +-1 rounding */
    g_assert_cmpuint(t1 - t0, <=, 27000001);
    if (c->csm) {
        uint64_t csm = TT_NOC(c->arc_x, c->arc_y, c->csm);

        qtest_writel(qts, csm, 0x11223344);
        qtest_writel(qts, csm + 512 * 1024 - 4, 0x55667788);
        g_assert_cmphex(qtest_readl(qts, csm), ==, 0x11223344);
        g_assert_cmphex(qtest_readl(qts, csm + 512 * 1024 - 4), ==,
                        0x55667788);
        /* past the CSM: not memory */
        qtest_writel(qts, csm + 512 * 1024, 0x99);
        g_assert_cmphex(qtest_readl(qts, csm + 512 * 1024), ==, 0);
    }
    if (c->bh) {
        test_arc_bh_firmware(qts, c);
        qts = shared_qts[c->bh] = test_arc_bh_migrate(qts, c);
    }
    /* After a system reset the scratch registers are 0 again (decision) */
    qtest_system_reset(qts);
    g_assert_cmphex(qtest_readl(qts, ru + 0x68), ==, 0);
    if (c->bh) {
        uint32_t size;
        uint32_t base = arc_queue(qts, c, 3, &size);

        /* ... and the ARC firmware has booted again: empty queues */
        arc_bh_check_booted(qts, c);
        for (int i = 0; i < 8; i++) {
            g_assert_cmphex(arc_rd(qts, c, base + 4 * i), ==, 0);
        }
    }
    shared_quit(c);
}

/* ---------------------------------------------------------------------- */
/* Which tiles start                                                      */
/* ---------------------------------------------------------------------- */

/*
 * A minimal RV32 ELF: one PT_LOAD of 8 bytes at physical address 0
 * (jal x0, 0; a marker word), entry 0.
 */
static char *write_elf(void)
{
    static const uint8_t elf[] = {
        /* Elf32_Ehdr */
        0x7F, 'E', 'L', 'F', 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        2, 0,                   /* ET_EXEC */
        243, 0,                 /* EM_RISCV */
        1, 0, 0, 0,             /* EV_CURRENT */
        0, 0, 0, 0,             /* e_entry */
        52, 0, 0, 0,            /* e_phoff */
        0, 0, 0, 0,             /* e_shoff */
        0, 0, 0, 0,             /* e_flags */
        52, 0, 32, 0, 1, 0,     /* e_ehsize, e_phentsize, e_phnum */
        40, 0, 0, 0, 0, 0,      /* e_shentsize, e_shnum, e_shstrndx */
        /* Elf32_Phdr */
        1, 0, 0, 0,             /* PT_LOAD */
        84, 0, 0, 0,            /* p_offset */
        0, 0, 0, 0,             /* p_vaddr */
        0, 0, 0, 0,             /* p_paddr */
        8, 0, 0, 0,             /* p_filesz */
        8, 0, 0, 0,             /* p_memsz */
        5, 0, 0, 0,             /* PF_R | PF_X */
        4, 0, 0, 0,             /* p_align */
        /* 0x6F: jal x0, 0 */
        0x6F, 0x00, 0x00, 0x00,
        0x78, 0x56, 0x34, 0x12,
    };
    char *path = NULL;
    int fd = g_file_open_tmp("tt-soc-test-XXXXXX.elf", &path, NULL);

    g_assert(fd >= 0);
    g_assert_cmpint(write(fd, elf, sizeof(elf)), ==, sizeof(elf));
    close(fd);
    return path;
}

/*
 * Machine decision (docs/units/soc.md): with a BRISC program (-kernel),
 * the program is loaded into every Tensix tile, and only the first worker
 * keeps its BRISC released after reset (SOFT_RESET_0 = 0x47000); every
 * other tile stays held (0x47800) until released over the NoC.
 */
static void test_release(const void *data)
{
    const Chip *c = data;
    g_autofree char *elf = write_elf();
    g_autofree char *extra = g_strdup_printf("-kernel %s", elf);
    QTestState *qts = start(c, extra);

    for (uint32_t y = 0; y < c->h; y++) {
        for (uint32_t x = 0; x < c->w; x++) {
            bool first = x == c->first_x && y == c->first_y;

            if (c->map[y][x] != 'T') {
                continue;
            }
            g_assert_cmphex(qtest_readl(qts, TT_NOC(x, y, 4)), ==, 0x12345678);
            g_assert_cmphex(qtest_readl(qts, TT_NOC(x, y, SOFT_RESET_0)), ==,
                            first ? SOFT_RESET_BRISC_ONLY :
                            SOFT_RESET_ALL_HELD);
        }
    }
    /* The same after a system reset */
    qtest_system_reset(qts);
    g_assert_cmphex(qtest_readl(qts, TT_NOC(c->first_x, c->first_y,
                                            SOFT_RESET_0)), ==,
                    SOFT_RESET_BRISC_ONLY);
    g_assert_cmphex(qtest_readl(qts, TT_NOC(c->first_x + 1, c->first_y,
                                            SOFT_RESET_0)), ==,
                    SOFT_RESET_ALL_HELD);
    qtest_quit(qts);
    unlink(elf);
}

/* ---------------------------------------------------------------------- */
/* A whole chip saved and restored mid-kernel                            */
/* ---------------------------------------------------------------------- */

#define MIG_SRC         0x40000u    /* first worker's L1: the data */
#define MIG_DST         0x100000u   /* in DRAM channel 0 */
#define MIG_LEN         0x40000u    /* 256 KiB: 4 chunks of the NIU */

static uint32_t mig_word(uint32_t i)
{
    return 0x9E3779B9u * (i + 1);
}

/*
 * The state of a program in the middle of a kernel, on a whole chip: data
 * in every DRAM channel (written at one of its tiles, read at another)
 * and in the L1 of the first and last workers; a
 * 256 KiB NoC write from the first worker to DRAM of which only the first
 * 64 KiB chunk has been sent; Tensix thread T0 of the first worker held
 * at its Wait Gate behind a SEMWAIT, a SETDMAREG behind it.  Saved to a
 * file and restored into a new QEMU, which finishes the work: the rest of
 * the transfer arrives, a SEMPOST releases T0.  docs/reliability.md gives
 * the times.
 */
static void test_migrate(const void *data)
{
    const Chip *c = data;
    QTestState *qts = start(c, NULL);
    uint32_t fx = c->first_x, fy = c->first_y, lx = 0, ly = 0, acks;
    g_autofree uint32_t *buf = g_new(uint32_t, MIG_LEN / 4);
    gint64 t0;
    int64_t idx;
    char path[128];

    for (uint32_t y = 0; y < c->h; y++) {
        for (uint32_t x = 0; x < c->w; x++) {
            if (c->map[y][x] == 'T') {
                lx = x;
                ly = y;
            }
        }
    }
    for (uint32_t ch = 0; ch < c->num_dram; ch++) {
        qtest_writel(qts, TT_NOC(c->dram[ch][1][0], c->dram[ch][1][1],
                                 0x2000 + 4 * ch), 0xDA7A0000u | ch);
    }
    qtest_writel(qts, TT_NOC(lx, ly, 0x8000), 0x1A57C0DEu);
    /* The last worker's BRISC and NCRISC released: their vCPUs exist */
    qtest_writel(qts, TT_NOC(lx, ly, SOFT_RESET_0), 0x7000);
    g_assert_cmpuint(count_cpus(qts, c, &idx, path, sizeof(path)), ==, 7);
    for (uint32_t i = 0; i < MIG_LEN / 4; i++) {
        buf[i] = cpu_to_le32(mig_word(i));
    }
    qtest_memwrite(qts, TT_NOC(fx, fy, MIG_SRC), buf, MIG_LEN);
    set_addr(qts, c, fx, fy, 0, false, fx, fy, MIG_SRC);
    set_addr(qts, c, fx, fy, 0, true, 0, 11, MIG_DST);
    qtest_writel(qts, niu_reg(c, fx, fy, 0, NIU_AT_LEN_BE), MIG_LEN);
    qtest_writel(qts, niu_reg(c, fx, fy, 0, NIU_CTRL),
                 CMD_WR | CMD_RESP_MARKED);
    qtest_writel(qts, niu_reg(c, fx, fy, 0, c->o_cmd_ctrl), 1);
    /* in progress; the first chunk (a quarter) has arrived, the last not */
    g_assert_cmphex(qtest_readl(qts, niu_reg(c, fx, fy, 0, c->o_cmd_ctrl)),
                    ==, 1);
    acks = counter(qts, fx, fy, 0, MST_WR_ACK_RECEIVED);
    g_assert_cmpuint(acks, >, 0);
    g_assert_cmphex(qtest_readl(qts, TT_NOC(0, 11, MIG_DST)), ==,
                    mig_word(0));
    g_assert_cmphex(qtest_readl(qts, TT_NOC(0, 11, MIG_DST + MIG_LEN - 4)),
                    ==, 0);
    /* T0 of the first worker (qtest's view is its BRISC's) */
    tt_push(qts, 0, tt_seminit(1 << 0, 0, 1));
    tt_push(qts, 0, tt_semwait(TT_BLOCK_ALL, 1 << 0, TT_SEMWAIT_WHILE_ZERO));
    tt_push(qts, 0, tt_setdmareg(0, 0x1234));

    t0 = g_get_monotonic_time();
    qts = tt_migrate_via_file(qts, c->machine);
    g_test_message("%s: saved and restored in %.2f s (the new QEMU's "
                   "start-up included)", c->machine,
                   (g_get_monotonic_time() - t0) / 1e6);

    for (uint32_t ch = 0; ch < c->num_dram; ch++) {
        g_assert_cmphex(qtest_readl(qts, TT_NOC(c->dram[ch][2][0],
                                                c->dram[ch][2][1],
                                                0x2000 + 4 * ch)), ==,
                        0xDA7A0000u | ch);
    }
    g_assert_cmphex(qtest_readl(qts, TT_NOC(lx, ly, 0x8000)), ==,
                    0x1A57C0DEu);
    /* The new QEMU created the two vCPUs the old one had, with their state */
    g_assert_cmpuint(count_cpus(qts, c, &idx, path, sizeof(path)), ==, 7);
    g_assert_cmphex(qtest_readl(qts, TT_NOC(lx, ly, SOFT_RESET_0)), ==,
                    0x7000);
    /* T0 still held: its GPR unchanged */
    g_assert_cmphex(qtest_readl(qts, tt_gpr_addr(0, 0)), ==, 0);
    g_assert_cmphex(qtest_readl(qts, TT_NOC(0, 11, MIG_DST + MIG_LEN - 4)),
                    ==, 0);

    /* The restored machine finishes the transfer and releases T0 */
    qtest_clock_step(qts, 1000000);
    g_assert_cmphex(qtest_readl(qts, niu_reg(c, fx, fy, 0, c->o_cmd_ctrl)),
                    ==, 0);
    g_assert_cmpuint(counter(qts, fx, fy, 0, MST_WR_ACK_RECEIVED), ==,
                     4 * acks);
    qtest_memread(qts, TT_NOC(0, 11, MIG_DST), buf, MIG_LEN);
    for (uint32_t i = 0; i < MIG_LEN / 4; i++) {
        g_assert_cmphex(le32_to_cpu(buf[i]), ==, mig_word(i));
    }
    tt_push(qts, 1, tt_sempost(1 << 0));
    g_assert_cmphex(qtest_readl(qts, tt_gpr_addr(0, 0)), ==, 0x1234);
    qtest_quit(qts);
}

/* ---------------------------------------------------------------------- */

static void add_test(const Chip *c, const char *name, GTestDataFunc fn)
{
    tt_add_test("/tt-soc", c->name, name, c, fn);
}

int main(int argc, char **argv)
{
    static const Chip *const chips[] = { &chip_bh, &chip_wh };
    int ret;

    g_test_init(&argc, &argv, NULL);
    g_test_set_nonfatal_assertions();

    for (size_t i = 0; i < ARRAY_SIZE(chips); i++) {
        const Chip *c = chips[i];

        add_test(c, "layout", test_layout);
        add_test(c, "cpus", test_cpus);
        add_test(c, "dram", test_dram);
        add_test(c, "noc-dram", test_noc_dram);
        add_test(c, "noc-xlat", c->bh ? test_noc_xlat : test_noc_xlat_wh);
        add_test(c, "arc", test_arc);
        add_test(c, "release", test_release);
        add_test(c, "migrate", test_migrate);
    }
    ret = g_test_run();
    for (size_t i = 0; i < ARRAY_SIZE(chips); i++) {
        if (shared_qts[chips[i]->bh]) {
            shared_quit(chips[i]);
        }
    }
    return ret;
}
