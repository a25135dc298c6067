/*
 * QTest testcase for the Tensix mover and TDMA-RISC (tt-blackhole,
 * tt-wormhole): who can reach TDMA-RISC.
 *
 * qtest accesses go through tile (0,0)'s BRISC view; above 4 GiB is the
 * NoC view, where tile (x,y)'s local address A sits at
 * (y << 42) | (x << 36) | A.  On Wormhole TDMA-RISC is visible to the NoC
 * (reference/address-map.md: "NoC: WH only"), and a NoC access is not
 * RISCV B or T0-T2, so CurrentThreadMovCmdBase() gives MovCmdBase[T0]
 * (TDMA-RISC.md); on Blackhole the NoC does not reach TDMA-RISC.
 *
 * Expected values come from TDMA-RISC.md and Mover.md, never from running
 * the model.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "libqtest.h"
#include "tt-qtest-util.h"
#include "firmware/tt_regs.h"

#define COMPACT_L1_L1(off, dst, size) \
    (0xC0000000u | ((uint32_t)(size) << 24) | ((uint32_t)(dst) << 16) | \
     ((uint32_t)(off) << 8) | CMD_MOVER)

/* idle: empty queue (bit 3), 2 parameter credits (bit 5), capacity 4 */
#define ST_IDLE             0x428u

#define SRC                 0x30000u
#define DST                 0x31000u
#define PAT(i)              (0x600D0000u + (i))
#define FILL                0xCCCCCCCCu

typedef struct TTArch {
    const char *name;
    const char *machine;
    bool tdma_noc_visible;
    /* Config words (cfg_defines.h): THCON_SEC0_REG1, PCK_EDGE_OFFSET_SEC0 */
    unsigned pk0, edge0;
} TTArch;

static const TTArch tt_blackhole = {
    .name = "blackhole", .machine = "tt-blackhole", .tdma_noc_visible = false,
    .pk0 = 68, .edge0 = 24,
};

static const TTArch tt_wormhole = {
    .name = "wormhole", .machine = "tt-wormhole", .tdma_noc_visible = true,
    .pk0 = 56, .edge0 = 20,
};

static void fill_l1(QTestState *qts, uint64_t a, int n, bool pattern)
{
    for (int i = 0; i < n; i++) {
        qtest_writel(qts, a + 4 * i, pattern ? PAT(i) : FILL);
    }
}

/* Set up the four CmdParams through @base (a view of TDMA-RISC) */
static void params(QTestState *qts, uint64_t base, uint32_t src,
                   uint32_t dst, uint32_t size, uint32_t dir)
{
    qtest_writel(qts, base + XMOV_SRC - TDMA, src);
    qtest_writel(qts, base + XMOV_DST - TDMA, dst);
    qtest_writel(qts, base + XMOV_SIZE - TDMA, size);
    qtest_writel(qts, base + XMOV_DIR - TDMA, dir);
}

static void test_status(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = qtest_initf("-machine %s", a->machine);

    g_assert_cmphex(qtest_readl(qts, STATUS), ==, ST_IDLE);
    /* A command with parameters leaves the queue idle again */
    fill_l1(qts, SRC, 4, true);
    params(qts, TDMA, SRC >> 4, DST >> 4, 1, 3);
    qtest_writel(qts, COMMAND, CMD_MOVER);
    g_assert_cmphex(qtest_readl(qts, STATUS), ==, ST_IDLE);
    for (int i = 0; i < 4; i++) {
        g_assert_cmphex(qtest_readl(qts, DST + 4 * i), ==, PAT(i));
    }
    qtest_quit(qts);
}

/*
 * NoC accesses go to tile (1,0) of a 2x1 grid: tile (0,0)'s NoC addresses
 * coincide with BRISC's local ones in this view.
 */
static void test_noc(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = qtest_initf("-machine %s,grid-width=2,grid-height=1",
                                  a->machine);
    uint64_t noc = TT_NOC(1, 0, TDMA);

    /*
     * A compact L1 -> L1 command through the NoC: Src = MovCmdBase[T0] +
     * 0x10, Dst = 0x80 << 4 = 0x800, 1 unit.  MovCmdBase[T0] of tile
     * (1,0) is 0 after reset, so Src = 0x100.
     */
    fill_l1(qts, TT_NOC(1, 0, 0x100), 4, true);
    fill_l1(qts, TT_NOC(1, 0, 0x800), 8, false);
    qtest_writel(qts, noc + 0x10, COMPACT_L1_L1(0x10, 0x80, 1));
    for (int i = 0; i < 4; i++) {
        g_assert_cmphex(qtest_readl(qts, TT_NOC(1, 0, 0x800 + 4 * i)), ==,
                        (a->tdma_noc_visible ? PAT(i) : FILL));
        g_assert_cmphex(qtest_readl(qts, TT_NOC(1, 0, 0x810 + 4 * i)), ==,
                        FILL);
    }
    if (!a->tdma_noc_visible) {
        qtest_quit(qts);
        return;
    }

    /*
     * Wormhole.  XMOV_L1_BASE_ADDR through the NoC is MovCmdBase[T0]; a
     * compact command then copies from it: Src = SRC >> 4 + 1 = byte
     * SRC + 0x10 = PAT(4..7).
     */
    qtest_writel(qts, noc + 0x2C, SRC >> 4);
    g_assert_cmphex(qtest_readl(qts, noc + 0x2C), ==, SRC >> 4);
    g_assert_cmphex(qtest_readl(qts, noc + 0x14), ==, ST_IDLE);
    fill_l1(qts, TT_NOC(1, 0, SRC), 8, true);
    fill_l1(qts, TT_NOC(1, 0, 0x800), 8, false);
    qtest_writel(qts, noc + 0x10, COMPACT_L1_L1(1, 0x80, 1));
    for (int i = 0; i < 4; i++) {
        g_assert_cmphex(qtest_readl(qts, TT_NOC(1, 0, 0x800 + 4 * i)), ==,
                        PAT(4 + i));
    }

    /*
     * A command with parameters drives tile (1,0)'s mover: its L1
     * changes, tile (0,0)'s does not.
     */
    fill_l1(qts, TT_NOC(1, 0, DST), 4, false);
    fill_l1(qts, SRC, 4, true);
    fill_l1(qts, DST, 4, false);
    params(qts, noc, SRC >> 4, DST >> 4, 1, 3);
    qtest_writel(qts, noc + 0x10, CMD_MOVER);
    g_assert_cmphex(qtest_readl(qts, noc + 0x14), ==, ST_IDLE);
    for (int i = 0; i < 4; i++) {
        g_assert_cmphex(qtest_readl(qts, TT_NOC(1, 0, DST + 4 * i)), ==,
                        PAT(i));
        g_assert_cmphex(qtest_readl(qts, DST + 4 * i), ==, FILL);
    }
    /* Tile (0,0)'s BRISC base was never written */
    g_assert_cmphex(qtest_readl(qts, XMOV_L1_BASE), ==, 0);
    qtest_quit(qts);
}

/* ---------------------------------------------------------------------- */
/* Packer metadata FIFO (TDMA-RISC.md)                                    */
/* ---------------------------------------------------------------------- */

#define CFG_BASE            0xFFEF0000u     /* Config[0] in BRISC's view */
#define FIFO_TILE_SIZE(p)   (TDMA + 0x030 + 0x100 * (p))
#define FIFO_ZEROMASK(p)    (TDMA + 0x034 + 0x100 * (p))
#define OUT0                0x20000u
#define BF16                5u

static void set_cfg(QTestState *qts, unsigned word, uint32_t v)
{
    tt_assert_all_idle(qts);
    qtest_writel(qts, CFG_BASE + 4 * word, v);
}

/*
 * Packer 0 (thread 0) packs 16 datums of Dst row 0, all zero after reset,
 * BF16 to OUT0 with no tile header, and Last: Enable_out_fifo (bit 14)
 * when @fifo, compressed (Row_start_section_size 1) when @compress.
 * Compression.md: a row of 16 zeros keeps the first and the last (14
 * absorbed): RSI 16 bytes + one group of 32 datums (64 bytes) and 32
 * counters (16 bytes) = 6 units, AllZeroFlags 1.  Uncompressed: 32 bytes
 * = 2 units, AllZeroFlags 0.
 */
static void pack_tile(QTestState *qts, const TTArch *a, bool fifo,
                      bool compress)
{
    set_cfg(qts, 1, BF16 << 25);            /* ALU_FORMAT_SPEC_REG2_Dstacc */
    set_cfg(qts, a->edge0, 0xffff);
    set_cfg(qts, a->pk0, compress);
    set_cfg(qts, a->pk0 + 1, OUT0 >> 4);
    set_cfg(qts, a->pk0 + 2, (compress ? 0 : 1) | (BF16 << 4) | (BF16 << 8) |
            (fifo ? 1u << 14 : 0) | (1u << 15));
    /* SETADC of the packers' Channel[0].X = 0 and Channel[1].X = 15 */
    tt_push(qts, 0, (0x50u << 24) | (4u << 21));
    tt_push(qts, 0, (0x50u << 24) | (4u << 21) | (1u << 20) | 15);
    tt_push(qts, 0, (0x41u << 24) | (1u << 8) | 1u);    /* PACR, Last */
    tt_assert_all_idle(qts);
}

/*
 * MetadataFIFO: PACR with Last and Enable_out_fifo pushes {LastTileSize,
 * AllZeroFlags}; Peek (+0x30) reads the head, +0x34 pops (read: its
 * AllZeroFlags); MetadataFIFOStatus() has bit 2p set when empty, 2p + 1
 * when full (8 entries: docs/units/mover.md); a push into a full FIFO is
 * dropped; the state migrates.
 */
static void test_meta_fifo(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = qtest_initf("-machine %s", a->machine);

    /* All four empty */
    g_assert_cmphex(qtest_readl(qts, FIFO_STATUS), ==, 0x55);
    /* Enable_out_fifo clear: LastTileSize is set, nothing pushed */
    pack_tile(qts, a, false, true);
    g_assert_cmphex(qtest_readl(qts, PACKED_SIZE(0, 0)), ==, 6);
    g_assert_cmphex(qtest_readl(qts, ALL_ZERO_FLAGS(0)), ==, 1);
    g_assert_cmphex(qtest_readl(qts, FIFO_STATUS), ==, 0x55);

    pack_tile(qts, a, true, true);
    pack_tile(qts, a, true, false);
    g_assert_cmphex(qtest_readl(qts, FIFO_STATUS), ==, 0x54);
    /* Peek does not pop */
    g_assert_cmphex(qtest_readl(qts, FIFO_TILE_SIZE(0)), ==, 6);
    g_assert_cmphex(qtest_readl(qts, FIFO_TILE_SIZE(0)), ==, 6);
    /* The other packers' FIFOs stay empty (their registers 0x100 apart) */
    g_assert_cmphex(qtest_readl(qts, FIFO_ZEROMASK(1)), ==, 0);
    /* Pop by reading: the first tile's AllZeroFlags */
    g_assert_cmphex(qtest_readl(qts, FIFO_ZEROMASK(0)), ==, 1);
    g_assert_cmphex(qtest_readl(qts, FIFO_TILE_SIZE(0)), ==, 2);

    /* The second entry survives migration */
    qts = tt_migrate_via_file(qts, a->machine);
    g_assert_cmphex(qtest_readl(qts, FIFO_STATUS), ==, 0x54);
    g_assert_cmphex(qtest_readl(qts, FIFO_TILE_SIZE(0)), ==, 2);
    /* Pop by writing */
    qtest_writel(qts, FIFO_ZEROMASK(0), 0);
    g_assert_cmphex(qtest_readl(qts, FIFO_STATUS), ==, 0x55);
    /* Pop of an empty FIFO: undefined data, 0 here */
    g_assert_cmphex(qtest_readl(qts, FIFO_ZEROMASK(0)), ==, 0);

    /* Eight uncompressed tiles fill it; a ninth (compressed) is dropped */
    for (int i = 0; i < 8; i++) {
        pack_tile(qts, a, true, false);
    }
    g_assert_cmphex(qtest_readl(qts, FIFO_STATUS), ==, 0x56);
    pack_tile(qts, a, true, true);
    g_assert_cmphex(qtest_readl(qts, PACKED_SIZE(0, 0)), ==, 6);
    g_assert_cmphex(qtest_readl(qts, FIFO_STATUS), ==, 0x56);
    for (int i = 0; i < 8; i++) {
        g_assert_cmphex(qtest_readl(qts, FIFO_TILE_SIZE(0)), ==, 2);
        g_assert_cmphex(qtest_readl(qts, FIFO_ZEROMASK(0)), ==, 0);
    }
    g_assert_cmphex(qtest_readl(qts, FIFO_STATUS), ==, 0x55);
    qtest_quit(qts);
}

static void add(const TTArch *a, const char *test, GTestDataFunc fn)
{
    tt_add_test("tensix/mover", a->name, test, a, fn);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    for (int i = 0; i < 2; i++) {
        const TTArch *a = i ? &tt_wormhole : &tt_blackhole;

        add(a, "status", test_status);
        add(a, "noc", test_noc);
        add(a, "meta-fifo", test_meta_fifo);
    }
    return g_test_run();
}
