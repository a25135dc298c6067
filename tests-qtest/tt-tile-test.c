/*
 * QTest testcase for the Tenstorrent Tensix tile (tt-blackhole, tt-wormhole)
 *
 * Every expected value below comes from the documented behaviour of the
 * hardware (tt-isa-documentation BabyRISCV / TensixCoprocessor pages and
 * the tt-metal register headers, summarised in the project's
 * reference/address-map.md), never from running the model.
 *
 * Under -accel qtest no guest code runs.  qtest accesses go through tile
 * (0,0)'s BRISC view: the low 4 GiB are that tile's local map as BRISC
 * sees it, above 4 GiB is the NoC view where tile (x,y)'s local address A
 * sits at (y << 42) | (x << 36) | A.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "libqtest.h"
#include "tt-qtest-util.h"


/* Local data RAM (private per core) and its Blackhole slow alias */
#define LOCAL_RAM_BASE          0xFFB00000u
#define LOCAL_ALIAS_BRISC       0xFFB14000u
#define LOCAL_ALIAS_NCRISC      0xFFB16000u
#define LOCAL_ALIAS_TRISC0      0xFFB18000u

/* Tile control / debug / status registers */
#define REGS_BASE               0xFFB12000u
#define CFGREG_RD_CNTL          (REGS_BASE + 0x058)
#define DBG_FEATURE_DISABLE     (REGS_BASE + 0x068)
#define CFGREG_RDDATA           (REGS_BASE + 0x078)
#define SOFT_RESET_0            (REGS_BASE + 0x1B0)
#define WALL_CLOCK_L            (REGS_BASE + 0x1F0)
#define WALL_CLOCK_1            (REGS_BASE + 0x1F4)
#define WALL_CLOCK_H            (REGS_BASE + 0x1F8)
#define BH_DISABLE_RESET        (REGS_BASE + 0x224)
#define BH_TRISC0_RESET_PC      (REGS_BASE + 0x228)
#define BH_TRISC1_RESET_PC      (REGS_BASE + 0x22C)
#define BH_TRISC2_RESET_PC      (REGS_BASE + 0x230)
#define BH_TRISC_RESET_PC_OVR   (REGS_BASE + 0x234)
#define BH_NCRISC_RESET_PC      (REGS_BASE + 0x238)
#define BH_NCRISC_RESET_PC_OVR  (REGS_BASE + 0x23C)
#define BH_DEST_CG_CTRL         (REGS_BASE + 0x240)

/* SOFT_RESET_0 values (SoftReset.md bit layout) */
#define SOFT_RESET_BRISC_ONLY   0x47000u    /* B released, NC/T0-2 held */
#define SOFT_RESET_ALL_HELD     0x47800u
#define SOFT_RESET_NCRISC       (1u << 18)

/* INSTRN_BUF_STATUS: bit t = thread t FIFO not full, bit 4+t = empty */
#define IBS_NOT_FULL(t)         (1u << (t))
#define IBS_EMPTY(t)            (1u << (4 + (t)))

/* Tensix windows in BRISC's view */
#define MAILBOX(r)              (0xFFEC0000u + (r) * 0x1000u)
#define CFG_BASE                0xFFEF0000u

/* Unmapped in every core's view */
#define UNMAPPED_ADDR           0xFFB90000u

/* Tensix instruction encodings */
#define OP_XMOV                 0x40u
#define OP_LOADREG              0x68u
#define OP_STREAMWRCFG          0xB7u   /* Blackhole */

/* SOFT_RESET_0 bit 8: TDMA-RISC and glue; XMOV does not start meanwhile */
#define SOFT_RESET_TDMA_RISC    (1u << 8)

/* NoC overlay: stream s register r */
#define OVERLAY_REG(s, r)       (0xFFB40000u + (s) * 0x1000u + 4u * (r))

#define BLOCK_B5_THCON          (1u << 5)
#define BLOCK_B6_FPU            (1u << 6)

/* ---------------------------------------------------------------------- */
/* Per-architecture facts                                                 */
/* ---------------------------------------------------------------------- */

typedef struct TTArch {
    const char *name;           /* test path component */
    const char *machine;
    bool blackhole;
    uint32_t l1_size;
    uint32_t brisc_ram_size;
    uint64_t clk_num;           /* cycles per ns = clk_num / clk_den */
    uint64_t clk_den;
    uint32_t fifo_capacity;     /* instructions a full FIFO holds */
    uint32_t cfg_state1;        /* byte offset of Config[1] */
    uint32_t cfg_global_base;   /* first word shared by both states */
    uint32_t thd_cfg;           /* byte offset of ThreadConfig */
    /*
     * Only bits of fields are stored (docs/decisions.md, "Configuration
     * storage"): the last per-state word and the first global word all of
     * whose bits are fields (word 64 is such a word on both)
     */
    uint32_t cfg_last_full;
    uint32_t cfg_global_full;
} TTArch;

static const TTArch tt_blackhole = {
    .name = "blackhole",
    .machine = "tt-blackhole",
    .blackhole = true,
    .l1_size = 1536 * 1024,
    .brisc_ram_size = 8 * 1024,
    .clk_num = 27,              /* 1.35 GHz */
    .clk_den = 20,
    .fifo_capacity = 29,        /* push accepted while it holds <= 28 */
    .cfg_state1 = 0x380,
    .cfg_global_base = 180,
    .thd_cfg = 0xA80,
    .cfg_last_full = 158,       /* THCON_SEC1_REG11_Metadata_fifo */
    .cfg_global_full = 187,     /* INT_DESCALE_VALUES_SEC0_Value */
};

static const TTArch tt_wormhole = {
    .name = "wormhole",
    .machine = "tt-wormhole",
    .blackhole = false,
    .l1_size = 1464 * 1024,
    .brisc_ram_size = 4 * 1024,
    .clk_num = 1,               /* 1 GHz */
    .clk_den = 1,
    .fifo_capacity = 32,
    .cfg_state1 = 0x2F0,
    .cfg_global_base = 152,
    .thd_cfg = 0x5E0,
    .cfg_last_full = 125,       /* THCON_SEC1_REG8_L1_Dest_addr */
    .cfg_global_full = 165,     /* INT_DESCALE_VALUES_SEC0_Value */
};

static QTestState *tt_start(const TTArch *a, const char *extra)
{
    return qtest_initf("-machine %s%s", a->machine, extra ? extra : "");
}

/* ---------------------------------------------------------------------- */
/* Soft reset and reset PCs                                               */
/* ---------------------------------------------------------------------- */

static void test_soft_reset(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = tt_start(a, NULL);

    /* After machine reset only BRISC runs */
    g_assert_cmphex(qtest_readl(qts, SOFT_RESET_0), ==, SOFT_RESET_BRISC_ONLY);

    qtest_writel(qts, SOFT_RESET_0, SOFT_RESET_ALL_HELD);
    g_assert_cmphex(qtest_readl(qts, SOFT_RESET_0), ==, SOFT_RESET_ALL_HELD);
    qtest_writel(qts, SOFT_RESET_0, 0);
    g_assert_cmphex(qtest_readl(qts, SOFT_RESET_0), ==, 0);
    qtest_writel(qts, SOFT_RESET_0, SOFT_RESET_NCRISC);
    g_assert_cmphex(qtest_readl(qts, SOFT_RESET_0), ==, SOFT_RESET_NCRISC);
    qtest_writel(qts, SOFT_RESET_0, SOFT_RESET_BRISC_ONLY);
    g_assert_cmphex(qtest_readl(qts, SOFT_RESET_0), ==, SOFT_RESET_BRISC_ONLY);

    qtest_quit(qts);
}

static void test_reset_pc_bh(const void *data)
{
    const TTArch *a = data;
    /* strict: a register logged as not modelled would pause the machine */
    QTestState *qts = tt_start(a, ",strict=on");
    char st[32];

    qtest_writel(qts, BH_TRISC0_RESET_PC, 0x00010000);
    qtest_writel(qts, BH_TRISC1_RESET_PC, 0x00020004);
    qtest_writel(qts, BH_TRISC2_RESET_PC, 0x00030008);
    qtest_writel(qts, BH_NCRISC_RESET_PC, 0x0004000C);
    g_assert_cmphex(qtest_readl(qts, BH_TRISC0_RESET_PC), ==, 0x00010000);
    g_assert_cmphex(qtest_readl(qts, BH_TRISC1_RESET_PC), ==, 0x00020004);
    g_assert_cmphex(qtest_readl(qts, BH_TRISC2_RESET_PC), ==, 0x00030008);
    g_assert_cmphex(qtest_readl(qts, BH_NCRISC_RESET_PC), ==, 0x0004000C);

    /* Override enables: bit i for T_i (3 bits), bit 0 for NCRISC */
    qtest_writel(qts, BH_TRISC_RESET_PC_OVR, 0xFF);
    g_assert_cmphex(qtest_readl(qts, BH_TRISC_RESET_PC_OVR), ==, 0x7);
    qtest_writel(qts, BH_TRISC_RESET_PC_OVR, 0x5);
    g_assert_cmphex(qtest_readl(qts, BH_TRISC_RESET_PC_OVR), ==, 0x5);
    qtest_writel(qts, BH_NCRISC_RESET_PC_OVR, 0xFF);
    g_assert_cmphex(qtest_readl(qts, BH_NCRISC_RESET_PC_OVR), ==, 0x1);
    qtest_writel(qts, BH_NCRISC_RESET_PC_OVR, 0xFE);
    g_assert_cmphex(qtest_readl(qts, BH_NCRISC_RESET_PC_OVR), ==, 0x0);

    /* The PCs were not disturbed by the enable writes */
    g_assert_cmphex(qtest_readl(qts, BH_TRISC0_RESET_PC), ==, 0x00010000);
    g_assert_cmphex(qtest_readl(qts, BH_NCRISC_RESET_PC), ==, 0x0004000C);

    /*
     * DEST_CG_CTRL (0xFFB12240), which tt-metal's firmware clears: Dst
     * clock gating, storage with nothing to model
     */
    qtest_writel(qts, BH_DEST_CG_CTRL, 0x12345678);
    g_assert_cmphex(qtest_readl(qts, BH_DEST_CG_CTRL), ==, 0x12345678);
    qtest_writel(qts, BH_DEST_CG_CTRL, 0);
    g_assert_cmphex(qtest_readl(qts, BH_DEST_CG_CTRL), ==, 0);
    g_assert_cmpstr(tt_qmp_status(qts, "query-status", "status", st,
                                  sizeof(st)), ==, "running");

    qtest_quit(qts);
}

/*
 * Wormhole: TRISC0-2 reset PCs are TENSIX_CFG words 158-160, the TRISC
 * override enables word 161 (3 bits), the NCRISC PC 162 and its enable
 * 163 (1 bit).  Being at or above the global base (152) they are shared
 * by both states.
 */
static uint32_t wh_reset_pc_stored(uint32_t idx, uint32_t val)
{
    return val & (idx == 161 ? 0x7 : idx == 163 ? 0x1 : 0xFFFFFFFF);
}

static void test_reset_pc_wh(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = tt_start(a, NULL);

    g_assert_cmpuint(a->cfg_global_base, <=, 158);
    for (uint32_t idx = 158; idx <= 163; idx++) {
        uint32_t val = 0x00100000u * (idx - 157) + idx * 4;

        qtest_writel(qts, CFG_BASE + 4 * idx, val);
    }
    for (uint32_t idx = 158; idx <= 163; idx++) {
        uint32_t val = 0x00100000u * (idx - 157) + idx * 4;

        val = wh_reset_pc_stored(idx, val);
        g_assert_cmphex(qtest_readl(qts, CFG_BASE + 4 * idx), ==, val);
        g_assert_cmphex(qtest_readl(qts, CFG_BASE + a->cfg_state1 + 4 * idx),
                        ==, val);
    }
    g_assert_cmphex(qtest_readl(qts, 0xFFEF0278), ==, 0x00100000 + 158 * 4);
    g_assert_cmphex(qtest_readl(qts, 0xFFEF028C), ==, 0);    /* bit 0 */

    /* A write through the state-1 address lands in the global word too */
    qtest_writel(qts, CFG_BASE + a->cfg_state1 + 4 * 161, 0x5);
    g_assert_cmphex(qtest_readl(qts, CFG_BASE + 4 * 161), ==, 0x5);

    qtest_quit(qts);
}

/* ---------------------------------------------------------------------- */
/* NoC view, grid, L1 and local RAM                                       */
/* ---------------------------------------------------------------------- */

static uint32_t grid_word(int x, int y)
{
    return 0xA5000000u | (x << 8) | y;
}

static void test_noc_grid(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = tt_start(a, ",grid-width=2,grid-height=2");

    for (int y = 0; y < 2; y++) {
        for (int x = 0; x < 2; x++) {
            qtest_writel(qts, TT_NOC(x, y, 0x1000), grid_word(x, y));
        }
    }
    for (int y = 0; y < 2; y++) {
        for (int x = 0; x < 2; x++) {
            g_assert_cmphex(qtest_readl(qts, TT_NOC(x, y, 0x1000)), ==,
                            grid_word(x, y));
        }
    }
    /* Tile (0,0) is the one whose BRISC view qtest uses */
    g_assert_cmphex(qtest_readl(qts, 0x1000), ==, grid_word(0, 0));
    qtest_writel(qts, 0x1004, 0x12345678);
    g_assert_cmphex(qtest_readl(qts, TT_NOC(0, 0, 0x1004)), ==, 0x12345678);
    g_assert_cmphex(qtest_readl(qts, TT_NOC(1, 1, 0x1004)), !=, 0x12345678);

    /* A later write to (1,1) does not leak into (0,0) */
    qtest_writel(qts, TT_NOC(1, 1, 0x1000), 0xDEADBEEF);
    g_assert_cmphex(qtest_readl(qts, 0x1000), ==, grid_word(0, 0));
    g_assert_cmphex(qtest_readl(qts, TT_NOC(1, 1, 0x1000)), ==, 0xDEADBEEF);

    /* No tile at (2,0): nothing stored there */
    qtest_writel(qts, TT_NOC(2, 0, 0x1000), 0xCAFEF00D);
    g_assert_cmphex(qtest_readl(qts, TT_NOC(2, 0, 0x1000)), ==, 0);

    /* Every tile's SOFT_RESET_0 over the NoC, each independent */
    for (int y = 0; y < 2; y++) {
        for (int x = 0; x < 2; x++) {
            g_assert_cmphex(qtest_readl(qts, TT_NOC(x, y, SOFT_RESET_0)), ==,
                            SOFT_RESET_BRISC_ONLY);
        }
    }
    qtest_writel(qts, TT_NOC(1, 0, SOFT_RESET_0), SOFT_RESET_ALL_HELD);
    g_assert_cmphex(qtest_readl(qts, TT_NOC(1, 0, SOFT_RESET_0)), ==,
                    SOFT_RESET_ALL_HELD);
    g_assert_cmphex(qtest_readl(qts, SOFT_RESET_0), ==, SOFT_RESET_BRISC_ONLY);
    g_assert_cmphex(qtest_readl(qts, TT_NOC(0, 1, SOFT_RESET_0)), ==,
                    SOFT_RESET_BRISC_ONLY);
    g_assert_cmphex(qtest_readl(qts, TT_NOC(1, 1, SOFT_RESET_0)), ==,
                    SOFT_RESET_BRISC_ONLY);

    /* A local write reaches tile (0,0) only */
    qtest_writel(qts, SOFT_RESET_0, SOFT_RESET_NCRISC);
    g_assert_cmphex(qtest_readl(qts, TT_NOC(0, 0, SOFT_RESET_0)), ==,
                    SOFT_RESET_NCRISC);
    g_assert_cmphex(qtest_readl(qts, TT_NOC(1, 0, SOFT_RESET_0)), ==,
                    SOFT_RESET_ALL_HELD);
    g_assert_cmphex(qtest_readl(qts, TT_NOC(1, 1, SOFT_RESET_0)), ==,
                    SOFT_RESET_BRISC_ONLY);

    qtest_quit(qts);
}

static void test_noc_origin(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = tt_start(a, ",tile-x=1,tile-y=1");

    /* The only tile sits at NoC (1,1): its L1 is reachable both ways */
    qtest_writel(qts, 0x100, 0x11223344);
    g_assert_cmphex(qtest_readl(qts, TT_NOC(1, 1, 0x100)), ==, 0x11223344);
    qtest_writel(qts, TT_NOC(1, 1, 0x104), 0x55667788);
    g_assert_cmphex(qtest_readl(qts, 0x104), ==, 0x55667788);
    g_assert_cmphex(qtest_readl(qts, TT_NOC(1, 1, SOFT_RESET_0)), ==,
                    SOFT_RESET_BRISC_ONLY);

    /* Nothing at (1,0) or (0,1) */
    qtest_writel(qts, TT_NOC(1, 0, 0x100), 0xCAFEF00D);
    qtest_writel(qts, TT_NOC(0, 1, 0x100), 0xCAFEF00D);
    g_assert_cmphex(qtest_readl(qts, TT_NOC(1, 0, 0x100)), ==, 0);
    g_assert_cmphex(qtest_readl(qts, TT_NOC(0, 1, 0x100)), ==, 0);
    g_assert_cmphex(qtest_readl(qts, 0x100), ==, 0x11223344);

    qtest_quit(qts);
}

static void test_l1_size(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = tt_start(a, NULL);
    uint32_t last = a->l1_size - 4;

    g_assert_cmphex(last, ==, a->blackhole ? 0x17FFFC : 0x16DFFC);
    qtest_writel(qts, 0x0, 0x01020304);
    qtest_writel(qts, last, 0xFEEDFACE);
    g_assert_cmphex(qtest_readl(qts, 0x0), ==, 0x01020304);
    g_assert_cmphex(qtest_readl(qts, last), ==, 0xFEEDFACE);
    g_assert_cmphex(qtest_readl(qts, TT_NOC(0, 0, last)), ==, 0xFEEDFACE);

    /* Just past the end of L1 nothing stores */
    qtest_writel(qts, a->l1_size, 0xFEEDFACE);
    g_assert_cmphex(qtest_readl(qts, a->l1_size), ==, 0);

    /* Sub-word accesses to L1 */
    qtest_writeb(qts, last + 1, 0x00);
    g_assert_cmphex(qtest_readl(qts, last), ==, 0xFEED00CE);
    g_assert_cmphex(qtest_readw(qts, last + 2), ==, 0xFEED);

    qtest_quit(qts);
}

static void test_local_ram(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = tt_start(a, ",grid-width=2");
    uint32_t last = LOCAL_RAM_BASE + a->brisc_ram_size - 4;

    /* BRISC local RAM: 8 KiB (BH) / 4 KiB (WH) */
    qtest_writel(qts, LOCAL_RAM_BASE, 0x600DF00D);
    qtest_writel(qts, last, 0x0BADCAFE);
    g_assert_cmphex(qtest_readl(qts, LOCAL_RAM_BASE), ==, 0x600DF00D);
    g_assert_cmphex(qtest_readl(qts, last), ==, 0x0BADCAFE);
    qtest_writel(qts, last + 4, 0x12345678);
    g_assert_cmphex(qtest_readl(qts, last + 4), ==, 0);

    /* Local RAM is private: not part of the NoC-visible tile space */
    qtest_writel(qts, TT_NOC(1, 0, LOCAL_RAM_BASE), 0x77777777);
    g_assert_cmphex(qtest_readl(qts, TT_NOC(1, 0, LOCAL_RAM_BASE)), ==, 0);

    if (a->blackhole) {
        /* Slow alias of every local RAM at 0xFFB14000 (8 KiB windows) */
        g_assert_cmphex(qtest_readl(qts, LOCAL_ALIAS_BRISC), ==, 0x600DF00D);
        g_assert_cmphex(qtest_readl(qts, LOCAL_ALIAS_BRISC + 0x1FFC), ==,
                        0x0BADCAFE);
        g_assert_cmphex(qtest_readl(qts, TT_NOC(0, 0, LOCAL_ALIAS_BRISC)), ==,
                        0x600DF00D);
        qtest_writel(qts, LOCAL_ALIAS_BRISC + 8, 0x13579BDF);
        g_assert_cmphex(qtest_readl(qts, LOCAL_RAM_BASE + 8), ==, 0x13579BDF);

        /* NCRISC's and TRISC0's RAMs are different memories */
        qtest_writel(qts, LOCAL_ALIAS_NCRISC, 0x2468ACE0);
        qtest_writel(qts, LOCAL_ALIAS_TRISC0, 0x0ECA8642);
        g_assert_cmphex(qtest_readl(qts, LOCAL_ALIAS_NCRISC), ==, 0x2468ACE0);
        g_assert_cmphex(qtest_readl(qts, LOCAL_ALIAS_TRISC0), ==, 0x0ECA8642);
        g_assert_cmphex(qtest_readl(qts, LOCAL_RAM_BASE), ==, 0x600DF00D);

        /* Another tile's alias over the NoC, independent of tile (0,0) */
        qtest_writel(qts, TT_NOC(1, 0, LOCAL_ALIAS_BRISC), 0x98765432);
        g_assert_cmphex(qtest_readl(qts, TT_NOC(1, 0, LOCAL_ALIAS_BRISC)), ==,
                        0x98765432);
        g_assert_cmphex(qtest_readl(qts, LOCAL_ALIAS_BRISC), ==, 0x600DF00D);
    } else {
        /* Wormhole has no alias: local RAM is not visible there */
        g_assert_cmphex(qtest_readl(qts, LOCAL_ALIAS_BRISC), ==, 0);
        qtest_writel(qts, LOCAL_ALIAS_BRISC, 0x98765432);
        g_assert_cmphex(qtest_readl(qts, LOCAL_ALIAS_BRISC), ==, 0);
        g_assert_cmphex(qtest_readl(qts, LOCAL_RAM_BASE), ==, 0x600DF00D);
    }

    qtest_quit(qts);
}

/*
 * Blackhole: a core's local RAM self-clears for up to 2048 cycles after
 * its reset is released; NoC accesses (the alias) do not stall, so poll.
 */
static void test_local_ram_clear_bh(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = tt_start(a, NULL);
    uint32_t val = 0;

    qtest_writel(qts, LOCAL_ALIAS_NCRISC, 0x2468ACE0);
    qtest_writel(qts, LOCAL_ALIAS_TRISC0, 0x0ECA8642);
    qtest_writel(qts, LOCAL_RAM_BASE, 0x600DF00D);
    g_assert_cmphex(qtest_readl(qts, LOCAL_ALIAS_NCRISC), ==, 0x2468ACE0);

    /* Release NCRISC only */
    qtest_writel(qts, SOFT_RESET_0, SOFT_RESET_BRISC_ONLY & ~SOFT_RESET_NCRISC);
    qtest_clock_step(qts, 2048 * 20 / 27 + 20);
    for (int i = 0; i < 1000; i++) {
        val = qtest_readl(qts, LOCAL_ALIAS_NCRISC);
        if (!val) {
            break;
        }
        g_usleep(1000);
    }
    g_assert_cmphex(val, ==, 0);
    /* Cores still held, or not released just now, keep their RAM */
    g_assert_cmphex(qtest_readl(qts, LOCAL_ALIAS_TRISC0), ==, 0x0ECA8642);
    g_assert_cmphex(qtest_readl(qts, LOCAL_RAM_BASE), ==, 0x600DF00D);

    qtest_quit(qts);
}

/* ---------------------------------------------------------------------- */
/* Tensix: instruction routing, GPRs, FIFO, Wait Gate                     */
/* ---------------------------------------------------------------------- */

static void test_instrn_routing(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = tt_start(a, NULL);
    uint32_t before[3];

    for (int t = 0; t < 3; t++) {
        before[t] = qtest_readl(qts, tt_gpr_addr(t, 1));
    }

    /* Window t pushes into thread t; half 2 = low half of GPR 1 */
    qtest_writel(qts, TT_INSTRN_BUF(0), tt_setdmareg(2, 0x1111));
    g_assert_cmphex(qtest_readl(qts, tt_gpr_addr(0, 1)), ==,
                    (before[0] & 0xFFFF0000) | 0x1111);
    g_assert_cmphex(qtest_readl(qts, tt_gpr_addr(1, 1)), ==, before[1]);
    g_assert_cmphex(qtest_readl(qts, tt_gpr_addr(2, 1)), ==, before[2]);

    /* Half 3 = high half of GPR 1 */
    qtest_writel(qts, TT_INSTRN_BUF(1), tt_setdmareg(3, 0x2222));
    g_assert_cmphex(qtest_readl(qts, tt_gpr_addr(1, 1)), ==,
                    (before[1] & 0xFFFF) | 0x22220000);
    g_assert_cmphex(qtest_readl(qts, tt_gpr_addr(0, 1)), ==,
                    (before[0] & 0xFFFF0000) | 0x1111);
    g_assert_cmphex(qtest_readl(qts, tt_gpr_addr(2, 1)), ==, before[2]);

    qtest_writel(qts, TT_INSTRN_BUF(2), tt_setdmareg(2, 0x3333));
    qtest_writel(qts, TT_INSTRN_BUF(2), tt_setdmareg(3, 0x4444));
    g_assert_cmphex(qtest_readl(qts, tt_gpr_addr(2, 1)), ==, 0x44443333);
    g_assert_cmphex(qtest_readl(qts, tt_gpr_addr(0, 1)), ==,
                    (before[0] & 0xFFFF0000) | 0x1111);
    g_assert_cmphex(qtest_readl(qts, tt_gpr_addr(1, 1)), ==,
                    (before[1] & 0xFFFF) | 0x22220000);

    /* Highest half (127): high half of GPR 63 */
    qtest_writel(qts, tt_gpr_addr(2, 63), 0);
    qtest_writel(qts, TT_INSTRN_BUF(2), tt_setdmareg(127, 0xBEEF));
    g_assert_cmphex(qtest_readl(qts, tt_gpr_addr(2, 63)), ==, 0xBEEF0000);

    /* Nothing left queued */
    tt_assert_all_idle(qts);

    qtest_quit(qts);
}

static void test_regfile(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = tt_start(a, NULL);
    uint32_t other0 = qtest_readl(qts, tt_gpr_addr(0, 7));
    uint32_t other2 = qtest_readl(qts, tt_gpr_addr(2, 7));

    qtest_writel(qts, tt_gpr_addr(1, 7), 0xDEADBEEF);
    g_assert_cmphex(qtest_readl(qts, tt_gpr_addr(1, 7)), ==, 0xDEADBEEF);
    g_assert_cmphex(qtest_readb(qts, tt_gpr_addr(1, 7) + 1), ==, 0xBE);
    g_assert_cmphex(qtest_readb(qts, tt_gpr_addr(1, 7) + 3), ==, 0xDE);
    g_assert_cmphex(qtest_readw(qts, tt_gpr_addr(1, 7) + 2), ==, 0xDEAD);
    g_assert_cmphex(qtest_readw(qts, tt_gpr_addr(1, 7)), ==, 0xBEEF);

    qtest_writeb(qts, tt_gpr_addr(1, 7), 0x11);
    g_assert_cmphex(qtest_readl(qts, tt_gpr_addr(1, 7)), ==, 0xDEADBE11);
    qtest_writeb(qts, tt_gpr_addr(1, 7) + 2, 0x22);
    g_assert_cmphex(qtest_readl(qts, tt_gpr_addr(1, 7)), ==, 0xDE22BE11);
    qtest_writew(qts, tt_gpr_addr(1, 7) + 2, 0x3344);
    g_assert_cmphex(qtest_readl(qts, tt_gpr_addr(1, 7)), ==, 0x3344BE11);

    /* Same register number of the other threads untouched */
    g_assert_cmphex(qtest_readl(qts, tt_gpr_addr(0, 7)), ==, other0);
    g_assert_cmphex(qtest_readl(qts, tt_gpr_addr(2, 7)), ==, other2);

    /* First and last GPR of every thread */
    for (int t = 0; t < 3; t++) {
        qtest_writel(qts, tt_gpr_addr(t, 0), 0x10 + t);
        qtest_writel(qts, tt_gpr_addr(t, 63), 0x630 + t);
    }
    for (int t = 0; t < 3; t++) {
        g_assert_cmphex(qtest_readl(qts, tt_gpr_addr(t, 0)), ==, 0x10 + t);
        g_assert_cmphex(qtest_readl(qts, tt_gpr_addr(t, 63)), ==, 0x630 + t);
    }

    /* A SETDMAREG half-write merges with what the window wrote */
    qtest_writel(qts, TT_INSTRN_BUF(1), tt_setdmareg(14, 0xAAAA));
    g_assert_cmphex(qtest_readl(qts, tt_gpr_addr(1, 7)), ==, 0x3344AAAA);

    qtest_quit(qts);
}

static void test_fifo_semwait(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = tt_start(a, NULL);
    uint32_t cap = a->fifo_capacity;
    uint32_t t1_before = qtest_readl(qts, tt_gpr_addr(1, 0));

    for (int r = 0; r < 21; r++) {
        qtest_writel(qts, tt_gpr_addr(0, r), 0);
    }
    tt_assert_all_idle(qts);

    /* Semaphore 0: Value 0, Max 1; T0 waits while it is 0, blocking all */
    qtest_writel(qts, TT_INSTRN_BUF(0), tt_seminit(1, 0, 1));
    qtest_writel(qts, TT_INSTRN_BUF(0), tt_semwait(TT_BLOCK_ALL, 1,
                                                   TT_SEMWAIT_WHILE_ZERO));
    tt_assert_all_idle(qts);

    /*
     * Fill the FIFO: half i gets 0x100 + i, except the last accepted
     * instruction, which rewrites half 0 (checks in-order retirement).
     */
    for (uint32_t i = 0; i < cap; i++) {
        uint32_t st = qtest_readl(qts, TT_INSTRN_BUF_STATUS);

        g_assert_cmphex(st & IBS_NOT_FULL(0), ==, IBS_NOT_FULL(0));
        if (i + 1 < cap) {
            qtest_writel(qts, TT_INSTRN_BUF(0), tt_setdmareg(i, 0x100 + i));
        } else {
            qtest_writel(qts, TT_INSTRN_BUF(0), tt_setdmareg(0, 0xF00D));
        }
        st = qtest_readl(qts, TT_INSTRN_BUF_STATUS);
        g_assert_cmphex(st & IBS_EMPTY(0), ==, 0);
        /* Held at the Wait Gate: nothing written yet */
        g_assert_cmphex(qtest_readl(qts, tt_gpr_addr(0, 0)), ==, 0);
    }
    /* Full: T0 not-full and empty both clear; T1, T2 idle */
    g_assert_cmphex(qtest_readl(qts, TT_INSTRN_BUF_STATUS), ==,
                    TT_IBS_ALL_IDLE & ~(IBS_NOT_FULL(0) | IBS_EMPTY(0)));
    for (uint32_t r = 0; r < 16; r++) {
        g_assert_cmphex(qtest_readl(qts, tt_gpr_addr(0, r)), ==, 0);
    }

    /* A push into the full FIFO from outside a core is dropped */
    qtest_writel(qts, TT_INSTRN_BUF(0), tt_setdmareg(40, 0x0BAD));
    g_assert_cmphex(qtest_readl(qts, TT_INSTRN_BUF_STATUS), ==,
                    TT_IBS_ALL_IDLE & ~(IBS_NOT_FULL(0) | IBS_EMPTY(0)));

    /* T1 is not affected by T0's wait */
    qtest_writel(qts, TT_INSTRN_BUF(1), tt_setdmareg(1, 0x7777));
    g_assert_cmphex(qtest_readl(qts, tt_gpr_addr(1, 0)), ==,
                    (t1_before & 0xFFFF) | 0x77770000);

    /* SEMPOST from thread 1 releases T0: everything queued retires */
    qtest_writel(qts, TT_INSTRN_BUF(1), tt_sempost(1));
    tt_assert_all_idle(qts);
    g_assert_cmphex(qtest_readl(qts, tt_gpr_addr(0, 0)), ==,
                    (0x101u << 16) | 0xF00D);
    for (uint32_t i = 2; i + 1 < cap; i++) {
        uint32_t w = qtest_readl(qts, tt_gpr_addr(0, i / 2));

        g_assert_cmphex((w >> ((i & 1) * 16)) & 0xFFFF, ==, 0x100 + i);
    }
    /* The dropped push did not land */
    g_assert_cmphex(qtest_readl(qts, tt_gpr_addr(0, 20)), ==, 0);

    /* The semaphore stays at 1 (no SEMGET): T0 is no longer held */
    qtest_writel(qts, TT_INSTRN_BUF(0), tt_setdmareg(41, 0x4141));
    g_assert_cmphex(qtest_readl(qts, tt_gpr_addr(0, 20)), ==, 0x41410000);

    qtest_quit(qts);
}

static void test_semwait_conditions(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = tt_start(a, NULL);
    uint32_t hold = TT_IBS_ALL_IDLE & ~IBS_EMPTY(0);

    for (int r = 0; r < 8; r++) {
        qtest_writel(qts, tt_gpr_addr(0, r), 0);
    }

    /* Block mask B6 (matrix unit) only: SETDMAREG (scalar unit) passes */
    qtest_writel(qts, TT_INSTRN_BUF(0), tt_seminit(1 << 1, 0, 1));
    qtest_writel(qts, TT_INSTRN_BUF(0), tt_semwait(BLOCK_B6_FPU, 1 << 1,
                                                   TT_SEMWAIT_WHILE_ZERO));
    qtest_writel(qts, TT_INSTRN_BUF(0), tt_setdmareg(0, 0x1234));
    g_assert_cmphex(qtest_readl(qts, tt_gpr_addr(0, 0)), ==, 0x1234);
    tt_assert_all_idle(qts);

    /* Block mask B5 (scalar unit): SETDMAREG is held */
    qtest_writel(qts, TT_INSTRN_BUF(0), tt_semwait(BLOCK_B5_THCON, 1 << 1,
                                                   TT_SEMWAIT_WHILE_ZERO));
    qtest_writel(qts, TT_INSTRN_BUF(0), tt_setdmareg(2, 0x5678));
    g_assert_cmphex(qtest_readl(qts, tt_gpr_addr(0, 1)), ==, 0);
    g_assert_cmphex(qtest_readl(qts, TT_INSTRN_BUF_STATUS), ==, hold);
    /* Posting a different semaphore does not release it */
    qtest_writel(qts, TT_INSTRN_BUF(1), tt_sempost(1 << 4));
    g_assert_cmphex(qtest_readl(qts, tt_gpr_addr(0, 1)), ==, 0);
    qtest_writel(qts, TT_INSTRN_BUF(1), tt_sempost(1 << 1));
    g_assert_cmphex(qtest_readl(qts, tt_gpr_addr(0, 1)), ==, 0x5678);
    tt_assert_all_idle(qts);

    /* Condition bit 1: wait while Value >= Max */
    qtest_writel(qts, TT_INSTRN_BUF(0), tt_seminit(1 << 2, 2, 2));
    qtest_writel(qts, TT_INSTRN_BUF(0), tt_semwait(TT_BLOCK_ALL, 1 << 2,
                                                   TT_SEMWAIT_WHILE_FULL));
    qtest_writel(qts, TT_INSTRN_BUF(0), tt_setdmareg(4, 0x9ABC));
    g_assert_cmphex(qtest_readl(qts, tt_gpr_addr(0, 2)), ==, 0);
    g_assert_cmphex(qtest_readl(qts, TT_INSTRN_BUF_STATUS), ==, hold);
    qtest_writel(qts, TT_INSTRN_BUF(1), tt_semget(1 << 2));
    g_assert_cmphex(qtest_readl(qts, tt_gpr_addr(0, 2)), ==, 0x9ABC);
    tt_assert_all_idle(qts);

    /* Condition already false when the SEMWAIT executes: no hold */
    qtest_writel(qts, TT_INSTRN_BUF(0), tt_seminit(1 << 3, 1, 2));
    qtest_writel(qts, TT_INSTRN_BUF(0), tt_semwait(TT_BLOCK_ALL, 1 << 3,
                                                   TT_SEMWAIT_WHILE_ZERO |
                                                   TT_SEMWAIT_WHILE_FULL));
    qtest_writel(qts, TT_INSTRN_BUF(0), tt_setdmareg(6, 0xDEF0));
    g_assert_cmphex(qtest_readl(qts, tt_gpr_addr(0, 3)), ==, 0xDEF0);
    tt_assert_all_idle(qts);

    /* A wait in thread 2 does not hold thread 0 */
    qtest_writel(qts, TT_INSTRN_BUF(2), tt_seminit(1 << 5, 0, 1));
    qtest_writel(qts, TT_INSTRN_BUF(2), tt_semwait(TT_BLOCK_ALL, 1 << 5,
                                                   TT_SEMWAIT_WHILE_ZERO));
    qtest_writel(qts, TT_INSTRN_BUF(2), tt_setdmareg(0, 0x2222));
    qtest_writel(qts, TT_INSTRN_BUF(0), tt_setdmareg(8, 0x3333));
    g_assert_cmphex(qtest_readl(qts, tt_gpr_addr(0, 4)), ==, 0x3333);
    g_assert_cmphex(qtest_readl(qts, TT_INSTRN_BUF_STATUS), ==,
                    TT_IBS_ALL_IDLE & ~IBS_EMPTY(2));

    qtest_quit(qts);
}

static void test_stallwait(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = tt_start(a, NULL);

    /*
     * STALLWAIT.md: after reset every SrcA/SrcB bank belongs to the
     * unpackers, so "SrcA/SrcB[MatrixUnit bank] is not the matrix unit's"
     * (WH C10/C11, BH C7/C8) keeps waiting; every other condition is met
     * on idle units.
     */
    uint32_t math_src = a->blackhole ? (3u << 7) : (3u << 10);

    qtest_writel(qts, tt_gpr_addr(0, 5), 0);
    qtest_writel(qts, TT_INSTRN_BUF(0),
                 tt_stallwait(TT_BLOCK_ALL, 0x7FFF & ~math_src));
    qtest_writel(qts, TT_INSTRN_BUF(0), tt_setdmareg(10, 0xABCD));
    g_assert_cmphex(qtest_readl(qts, tt_gpr_addr(0, 5)), ==, 0xABCD);
    tt_assert_all_idle(qts);

    /* Thread 2: a wait for SrcA being the matrix unit's is held */
    qtest_writel(qts, tt_gpr_addr(2, 5), 0);
    qtest_writel(qts, TT_INSTRN_BUF(2),
                 tt_stallwait(TT_BLOCK_ALL, math_src & (math_src >> 1)));
    qtest_writel(qts, TT_INSTRN_BUF(2), tt_setdmareg(10, 0x2468));
    g_assert_cmphex(qtest_readl(qts, tt_gpr_addr(2, 5)), ==, 0);
    g_assert_cmphex(qtest_readl(qts, TT_INSTRN_BUF_STATUS), ==,
                    TT_IBS_ALL_IDLE & ~IBS_EMPTY(2));

    qtest_writel(qts, TT_INSTRN_BUF(1), tt_stallwait(BLOCK_B5_THCON, 1));
    qtest_writel(qts, TT_INSTRN_BUF(1), tt_setdmareg(11, 0x1357));
    g_assert_cmphex(qtest_readl(qts, tt_gpr_addr(1, 5)) >> 16, ==, 0x1357);
    g_assert_cmphex(qtest_readl(qts, TT_INSTRN_BUF_STATUS), ==,
                    TT_IBS_ALL_IDLE & ~IBS_EMPTY(2));

    qtest_quit(qts);
}

/*
 * Migration while Tensix threads wait.  T0 waits in SEMWAIT while
 * semaphore 0 is zero, T2 in SEMWAIT while semaphore 2 is full, each
 * with SETDMAREGs queued behind; T1 is free.  The snapshot is restored
 * into a second QEMU, where T1 releases both waits (SEMPOST 0, SEMGET 2);
 * every GPR must then be what the same sequence gives without migration,
 * and what SEMWAIT.md says.
 */
static void migrate_waits_hold(QTestState *qts)
{
    for (int t = 0; t < 3; t++) {
        for (int r = 0; r < 64; r++) {
            qtest_writel(qts, tt_gpr_addr(t, r), 0);
        }
    }
    tt_push(qts, 0, tt_seminit(1 << 0, 0, 1));
    tt_push(qts, 0, tt_semwait(TT_BLOCK_ALL, 1 << 0, TT_SEMWAIT_WHILE_ZERO));
    tt_push(qts, 0, tt_setdmareg(0, 0x1111));
    tt_push(qts, 0, tt_setdmareg(3, 0x2222));
    tt_push(qts, 2, tt_seminit(1 << 2, 1, 1));
    tt_push(qts, 2, tt_semwait(TT_BLOCK_ALL, 1 << 2, TT_SEMWAIT_WHILE_FULL));
    tt_push(qts, 2, tt_setdmareg(9, 0x3333));
    tt_push(qts, 1, tt_setdmareg(1, 0x4444));
}

static void migrate_waits_release(QTestState *qts)
{
    tt_push(qts, 1, tt_sempost(1 << 0));
    tt_push(qts, 1, tt_semget(1 << 2));
    tt_push(qts, 0, tt_setdmareg(4, 0x5555));
    tt_push(qts, 2, tt_setdmareg(10, 0x6666));
}

static void migrate_waits_gprs(QTestState *qts, uint32_t *gpr)
{
    for (int t = 0; t < 3; t++) {
        for (int r = 0; r < 64; r++) {
            gpr[t * 64 + r] = qtest_readl(qts, tt_gpr_addr(t, r));
        }
    }
}

static void test_migrate_waits(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = tt_start(a, NULL);
    uint32_t want[3 * 64], got[3 * 64];

    /* Reference: the same sequence without migration */
    migrate_waits_hold(qts);
    migrate_waits_release(qts);
    migrate_waits_gprs(qts, want);
    qtest_quit(qts);

    qts = tt_start(a, NULL);
    migrate_waits_hold(qts);
    g_assert_cmphex(qtest_readl(qts, TT_INSTRN_BUF_STATUS), ==,
                    TT_IBS_ALL_IDLE & ~(IBS_EMPTY(0) | IBS_EMPTY(2)));
    qts = tt_migrate_via_file(qts, a->machine);
    /* Still held after the restore; T1's work is done */
    g_assert_cmphex(qtest_readl(qts, TT_INSTRN_BUF_STATUS), ==,
                    TT_IBS_ALL_IDLE & ~(IBS_EMPTY(0) | IBS_EMPTY(2)));
    g_assert_cmphex(qtest_readl(qts, tt_gpr_addr(0, 0)), ==, 0);
    g_assert_cmphex(qtest_readl(qts, tt_gpr_addr(2, 4)), ==, 0);
    g_assert_cmphex(qtest_readl(qts, tt_gpr_addr(1, 0)), ==, 0x44440000);
    migrate_waits_release(qts);
    tt_assert_all_idle(qts);
    migrate_waits_gprs(qts, got);
    qtest_quit(qts);

    /* SETDMAREG half h: GPR h / 2, bits 16 * (h % 2) */
    g_assert_cmphex(got[0 * 64 + 0], ==, 0x1111);
    g_assert_cmphex(got[0 * 64 + 1], ==, 0x22220000);
    g_assert_cmphex(got[0 * 64 + 2], ==, 0x5555);
    g_assert_cmphex(got[1 * 64 + 0], ==, 0x44440000);
    g_assert_cmphex(got[2 * 64 + 4], ==, 0x33330000);
    g_assert_cmphex(got[2 * 64 + 5], ==, 0x6666);
    for (int i = 0; i < 3 * 64; i++) {
        g_assert_cmphex(got[i], ==, want[i]);
    }
}

/*
 * Migration of a parked core (TCG: guest code runs).  BRISC's program,
 * at its reset PC 0 in L1, pops its own mailbox (empty: the load parks
 * the core) and stores the word to L1 0x100.  The snapshot is taken
 * while it waits; in the restored QEMU a word sent to the mailbox wakes
 * it, and the load completes there.
 */
#define PARK_RESULT             0x100u

static void test_migrate_parked(const void *data)
{
    const TTArch *a = data;
    static const uint32_t prog[] = {
        0xFFEC05B7,     /* lui  a1, 0xFFEC0   (MAILBOX(0)) */
        0x0005A503,     /* lw   a0, 0(a1)     (parks: empty) */
        0x10A02023,     /* sw   a0, 0x100(zero) */
        0x0000006F,     /* j    . */
    };
    g_autofree char *machine = g_strdup_printf("%s -accel tcg", a->machine);
    QTestState *qts = qtest_initf("-machine %s -S", machine);
    uint32_t v = 0;

    qtest_memwrite(qts, 0, prog, sizeof(prog));
    qtest_writel(qts, PARK_RESULT, 0xDEAD);
    qtest_qmp_assert_success(qts, "{ 'execute': 'cont' }");
    /* Parked in the load (well before the 200 ms deadlock check) */
    g_usleep(50 * 1000);
    g_assert_cmphex(qtest_readl(qts, PARK_RESULT), ==, 0xDEAD);
    qts = tt_migrate_via_file(qts, machine);
    g_usleep(50 * 1000);
    g_assert_cmphex(qtest_readl(qts, PARK_RESULT), ==, 0xDEAD);
    qtest_writel(qts, MAILBOX(0), 0xC0FFEE);
    for (int i = 0; i < 500 && v != 0xC0FFEE; i++) {
        g_usleep(10 * 1000);
        v = qtest_readl(qts, PARK_RESULT);
    }
    g_assert_cmphex(v, ==, 0xC0FFEE);
    qtest_quit(qts);
}

/*
 * Spin-loop parking (tt_core.h; TCG: guest code runs).  BRISC polls L1
 * 0x100 until it is non-zero, then stores it to 0x104, in a loop of one
 * translation block and in one of two.  With spin-park
 * (the default) the core parks on the loop, watching the word, and
 * wait-state says so; a host write to the word wakes it and the loop
 * ends as it would have.  With spin-park=off the core spins: the same
 * result, no park.
 */
#define SPIN_WORD               0x100u
#define SPIN_RESULT             0x104u

static uint64_t spin_parks(QTestState *qts)
{
    QDict *resp = qtest_qmp(qts, "{ 'execute': 'qom-get', 'arguments': "
                            "{ 'path': '/machine/tile[0,0]', "
                            "'property': 'spin-parks' } }");
    uint64_t n = qdict_get_int(resp, "return");

    qobject_unref(resp);
    return n;
}

/* Two polling loops: one translation block, and two (as firmware's) */
static const uint32_t spin_prog[2][6] = {
    {
        0x10002503,     /* 0: lw   a0, 0x100(zero) */
        0xFE050EE3,     /* 4: beqz a0, 0 */
        0x10A02223,     /* 8: sw   a0, 0x104(zero) */
        0x0000006F,     /* c: j    . */
    }, {
        0x10002503,     /* 0: lw   a0, 0x100(zero) */
        0x00051663,     /* 4: bnez a0, 0x10 */
        0x0FF0000F,     /* 8: fence */
        0xFF5FF06F,     /* c: j    0 */
        0x10A02223,     /* 10: sw  a0, 0x104(zero) */
        0x0000006F,     /* 14: j   . */
    },
};

static void spin_park_run(const TTArch *a, const uint32_t *prog, bool park)
{
    QTestState *qts = qtest_initf("-machine %s,spin-park=%s -accel tcg -S",
                                  a->machine, park ? "on" : "off");
    uint32_t v = 0;

    qtest_memwrite(qts, 0, prog, sizeof(spin_prog[0]));
    qtest_writel(qts, SPIN_WORD, 0);
    qtest_writel(qts, SPIN_RESULT, 0xDEAD);
    qtest_qmp_assert_success(qts, "{ 'execute': 'cont' }");
    g_usleep(50 * 1000);
    g_assert_cmphex(qtest_readl(qts, SPIN_RESULT), ==, 0xDEAD);
    if (park) {
        QDict *resp = qtest_qmp(qts, "{ 'execute': 'qom-get', 'arguments': "
                                "{ 'path': '/machine/tile[0,0]', "
                                "'property': 'wait-state' } }");

        g_assert_cmpuint(spin_parks(qts), >=, 1);
        g_assert_nonnull(strstr(qdict_get_str(resp, "return"),
                                "BRISC  spinning at 0x00000000 on 1 RAM "
                                "word (parked until one changes)"));
        qobject_unref(resp);
    } else {
        g_assert_cmpuint(spin_parks(qts), ==, 0);
    }
    qtest_writel(qts, SPIN_WORD, 0x77);
    for (int i = 0; i < 500 && v != 0x77; i++) {
        g_usleep(10 * 1000);
        v = qtest_readl(qts, SPIN_RESULT);
    }
    g_assert_cmphex(v, ==, 0x77);
    qtest_quit(qts);
}

static void test_spin_park(const void *data)
{
    for (int i = 0; i < ARRAY_SIZE(spin_prog); i++) {
        spin_park_run(data, spin_prog[i], true);
        spin_park_run(data, spin_prog[i], false);
    }
}

static uint64_t tile_stat(QTestState *qts, const char *prop)
{
    QDict *resp = qtest_qmp(qts, "{ 'execute': 'qom-get', 'arguments': "
                            "{ 'path': '/machine/tile[0,0]', "
                            "'property': %s } }", prop);
    uint64_t n = qdict_get_int(resp, "return");

    qobject_unref(resp);
    return n;
}

/*
 * A hand-over through L1 wakes the parked core when its writer is back
 * in a polling loop, not at the spin clock's next check (1 ms): BRISC
 * parks polling SPIN_WORD (spin_prog[0]); TRISC0, released after that,
 * stores 0x77 there and polls another word.  With -icount (shift 0, no
 * sleeping) virtual time is the instructions run, so the clock cannot
 * come first: "spin-writer-wakes" counts exactly that one wake-up.
 */
#define PEER_PROG               0x6000u     /* TRISC0's reset PC */
#define PEER_WORD               0x108u

static void test_spin_peer(const void *data)
{
    const TTArch *a = data;
    static const uint32_t trisc0_prog[] = {
        0x07700513,     /* 6000: li   a0, 0x77 */
        0x10A02023,     /* 6004: sw   a0, 0x100(zero) */
        0x10802583,     /* 6008: lw   a1, 0x108(zero) */
        0xFE058EE3,     /* 600c: beqz a1, 0x6008 */
        0x0000006F,     /* 6010: j    . */
    };
    QTestState *qts = qtest_initf("-machine %s -accel tcg "
                                  "-icount shift=0,sleep=off -S",
                                  a->machine);
    uint32_t v = 0;

    qtest_memwrite(qts, 0, spin_prog[0], sizeof(spin_prog[0]));
    qtest_memwrite(qts, PEER_PROG, trisc0_prog, sizeof(trisc0_prog));
    qtest_writel(qts, SPIN_WORD, 0);
    qtest_writel(qts, SPIN_RESULT, 0xDEAD);
    qtest_writel(qts, PEER_WORD, 0);
    qtest_qmp_assert_success(qts, "{ 'execute': 'cont' }");
    for (int i = 0; i < 500 && tile_stat(qts, "spin-parks") == 0; i++) {
        g_usleep(10 * 1000);
    }
    g_assert_cmpuint(tile_stat(qts, "spin-parks"), ==, 1);
    g_assert_cmpuint(tile_stat(qts, "spin-writer-wakes"), ==, 0);

    /* TRISC0 out of soft reset */
    qtest_writel(qts, SOFT_RESET_0, SOFT_RESET_BRISC_ONLY & ~(1u << 12));
    for (int i = 0; i < 500 && v != 0x77; i++) {
        g_usleep(10 * 1000);
        v = qtest_readl(qts, SPIN_RESULT);
    }
    g_assert_cmphex(v, ==, 0x77);
    g_assert_cmpuint(tile_stat(qts, "spin-writer-wakes"), ==, 1);
    qtest_quit(qts);
}

/*
 * The DPRINT server's decoder state migrates: BRISC's buffer (tt-metal
 * layout at the default dprint-base 0x268, buffer 4; header wpos, rpos,
 * core x/y; records [type][size][payload]) gets the string "hel" before
 * the snapshot and "lo\n" after it; the line printed is one line.
 */
#define DPRINT_BR_BUF           (0x268u + 4 * 204u)
#define DPRINT_POLL_NS          1000000

static void dprint_cstr(QTestState *qts, uint32_t *wpos, const char *str)
{
    uint8_t rec[64];
    size_t len = strlen(str) + 1;

    rec[0] = 0;                 /* DPrintTypeID CSTR, with its NUL */
    rec[1] = len;
    memcpy(rec + 2, str, len);
    qtest_memwrite(qts, DPRINT_BR_BUF + 12 + *wpos, rec, len + 2);
    *wpos += len + 2;
    qtest_writel(qts, DPRINT_BR_BUF, *wpos);
}

static void test_migrate_dprint(const void *data)
{
    const TTArch *a = data;
    g_autofree char *dir = g_dir_make_tmp("tt-dprint-XXXXXX", NULL);
    g_autofree char *out = g_strdup_printf("%s/out", dir);
    g_autofree char *machine = NULL;
    g_autofree char *text = NULL;
    QTestState *qts;
    uint32_t wpos = 0;

    g_assert(dir);
    machine = g_strdup_printf("%s,dprint=on,dprint-chardev=dp "
                              "-chardev file,id=dp,path=%s", a->machine, out);
    qts = qtest_initf("-machine %s", machine);
    qtest_writel(qts, DPRINT_BR_BUF + 4, 0);
    dprint_cstr(qts, &wpos, "hel");
    qtest_clock_step(qts, 2 * DPRINT_POLL_NS);
    /* Consumed, nothing printed yet */
    g_assert_cmpuint(qtest_readl(qts, DPRINT_BR_BUF + 4), ==, wpos);
    qts = tt_migrate_via_file(qts, machine);
    dprint_cstr(qts, &wpos, "lo\n");
    /* qtest's virtual clock restarts at 0: step past the saved timer */
    qtest_clock_step(qts, 10 * DPRINT_POLL_NS);
    g_assert_cmpuint(qtest_readl(qts, DPRINT_BR_BUF + 4), ==, wpos);
    qtest_quit(qts);

    g_assert(g_file_get_contents(out, &text, NULL, NULL));
    g_assert_cmpstr(text, ==, "0:(x=0,y=0):BR: hello\n");
    unlink(out);
    rmdir(dir);
}

/* ---------------------------------------------------------------------- */
/* Wall clock                                                             */
/* ---------------------------------------------------------------------- */

static uint64_t read_wall_clock(QTestState *qts)
{
    uint64_t lo = qtest_readl(qts, WALL_CLOCK_L);

    /* 0x1F8: the high word latched by the read of 0x1F0 */
    return ((uint64_t)qtest_readl(qts, WALL_CLOCK_H) << 32) | lo;
}

static void test_wall_clock(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = tt_start(a, NULL);
    const int64_t big = 5 * 1000 * 1000 * 1000LL;   /* 5 s */
    uint64_t c0, c1, c2, c3;
    uint64_t big_cycles = big * a->clk_num / a->clk_den;
    int64_t now;

    /* Align virtual time to a whole number of 1.35 GHz cycles (20 ns) */
    now = qtest_clock_step(qts, 20);
    if (now % 20) {
        now = qtest_clock_step(qts, 20 - now % 20);
    }
    g_assert_cmpint(now % 20, ==, 0);

    /* No time passes: the counter stands still under qtest */
    c0 = read_wall_clock(qts);
    g_assert_cmphex(read_wall_clock(qts), ==, c0);

    qtest_clock_step(qts, 1000);
    c1 = read_wall_clock(qts);
    g_assert_cmpuint(c1 - c0, ==, 1000 * a->clk_num / a->clk_den);

    qtest_clock_step(qts, 20);
    g_assert_cmpuint(read_wall_clock(qts) - c1, ==,
                     20 * a->clk_num / a->clk_den);

    /* A step carrying into the high word */
    c1 = read_wall_clock(qts);
    qtest_clock_step(qts, big);
    c2 = read_wall_clock(qts);
    g_assert_cmpuint(big_cycles, >, 0xFFFFFFFFull);
    g_assert_cmpuint(c2 - c1, ==, big_cycles);
    g_assert_cmphex(qtest_readl(qts, WALL_CLOCK_1), ==, c2 >> 32);

    /*
     * Time moves on; 0x1F4 follows the counter while 0x1F8 keeps the high
     * word latched at the last read of 0x1F0.
     */
    qtest_clock_step(qts, big);
    c3 = c2 + big_cycles;
    g_assert_cmphex(c3 >> 32, !=, c2 >> 32);
    g_assert_cmphex(qtest_readl(qts, WALL_CLOCK_1), ==, c3 >> 32);
    g_assert_cmphex(qtest_readl(qts, WALL_CLOCK_H), ==, c2 >> 32);
    g_assert_cmphex(qtest_readl(qts, WALL_CLOCK_L), ==, (uint32_t)c3);
    g_assert_cmphex(qtest_readl(qts, WALL_CLOCK_H), ==, c3 >> 32);

    qtest_quit(qts);
}

/* ---------------------------------------------------------------------- */
/* TENSIX_CFG                                                             */
/* ---------------------------------------------------------------------- */

static void test_cfg_states(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = tt_start(a, NULL);
    uint32_t s1 = CFG_BASE + a->cfg_state1;
    uint32_t idx[] = { 1, 64, a->cfg_last_full };

    for (size_t i = 0; i < ARRAY_SIZE(idx); i++) {
        qtest_writel(qts, CFG_BASE + 4 * idx[i], 0xC0000000 | idx[i]);
        qtest_writel(qts, s1 + 4 * idx[i], 0xC1000000 | idx[i]);
    }
    for (size_t i = 0; i < ARRAY_SIZE(idx); i++) {
        g_assert_cmphex(qtest_readl(qts, CFG_BASE + 4 * idx[i]), ==,
                        0xC0000000 | idx[i]);
        g_assert_cmphex(qtest_readl(qts, s1 + 4 * idx[i]), ==,
                        0xC1000000 | idx[i]);
    }
    /* Writing state 1 again leaves state 0 alone */
    qtest_writel(qts, s1 + 4 * 64, 0x0);
    g_assert_cmphex(qtest_readl(qts, CFG_BASE + 4 * 64), ==, 0xC0000040);

    /* Global words: one copy for both states */
    qtest_writel(qts, CFG_BASE + 4 * a->cfg_global_full, 0x6106A100);
    g_assert_cmphex(qtest_readl(qts, s1 + 4 * a->cfg_global_full), ==,
                    0x6106A100);
    qtest_writel(qts, s1 + 4 * (a->cfg_global_full + 1), 0x6106A101);
    g_assert_cmphex(qtest_readl(qts, CFG_BASE + 4 * (a->cfg_global_full + 1)),
                    ==, 0x6106A101);

    /* Bits outside fields are not stored: word 0 has 15 bits of fields */
    qtest_writel(qts, CFG_BASE, 0xFFFFFFFF);
    g_assert_cmphex(qtest_readl(qts, CFG_BASE), ==, 0x7FFF);

    qtest_quit(qts);
}

static void test_cfg_dual_write_bh(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = tt_start(a, NULL);
    uint32_t s1 = CFG_BASE + a->cfg_state1;
    uint32_t n0 = qtest_readl(qts, CFG_BASE + 4 * 65);
    uint32_t n1 = qtest_readl(qts, s1 + 4 * 67);

    qtest_writel(qts, CFG_BASE + 4 * 66, 0x11111111);
    qtest_writel(qts, s1 + 4 * 66, 0x22222222);
    qtest_writel(qts, CFG_BASE + 0x700 + 4 * 66, 0xD0A1D0A1);
    g_assert_cmphex(qtest_readl(qts, CFG_BASE + 4 * 66), ==, 0xD0A1D0A1);
    g_assert_cmphex(qtest_readl(qts, s1 + 4 * 66), ==, 0xD0A1D0A1);
    /* Neighbours untouched */
    g_assert_cmphex(qtest_readl(qts, CFG_BASE + 4 * 65), ==, n0);
    g_assert_cmphex(qtest_readl(qts, s1 + 4 * 67), ==, n1);

    qtest_quit(qts);
}

static void test_cfg_thread_config(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = tt_start(a, NULL);
    uint32_t thd = CFG_BASE + a->thd_cfg;

    /* ThreadConfig is zero after reset and read-only to RISC-V */
    g_assert_cmphex(qtest_readl(qts, thd), ==, 0);
    g_assert_cmphex(qtest_readl(qts, thd + 4), ==, 0);
    qtest_writel(qts, thd, 0xFFFFFFFF);
    qtest_writel(qts, thd + 4, 0x12345678);
    g_assert_cmphex(qtest_readl(qts, thd), ==, 0);
    g_assert_cmphex(qtest_readl(qts, thd + 4), ==, 0);

    qtest_quit(qts);
}

static void test_cfg_subword_store(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = tt_start(a, NULL);
    uint32_t w = CFG_BASE + 4 * 64;
    uint32_t w1 = CFG_BASE + a->cfg_state1 + 4 * 64;
    uint32_t w1_before = qtest_readl(qts, w1);

    qtest_writel(qts, w, 0x12345678);
    /* RISC-V writes to the configuration must be sw: others are ignored */
    qtest_writeb(qts, w, 0xAA);
    qtest_writeb(qts, w + 3, 0xBB);
    qtest_writew(qts, w + 2, 0xCCCC);
    g_assert_cmphex(qtest_readl(qts, w), ==, 0x12345678);
    qtest_writeb(qts, w1, 0xDD);
    qtest_writew(qts, w1, 0xDDDD);
    g_assert_cmphex(qtest_readl(qts, w1), ==, w1_before);

    qtest_quit(qts);
}

static void test_cfgreg_rd(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = tt_start(a, NULL);
    uint32_t s1_word = a->cfg_state1 / 4 + 65;

    qtest_writel(qts, CFG_BASE + 4 * 65, 0xCAFEF00D);
    qtest_writel(qts, CFG_BASE + a->cfg_state1 + 4 * 65, 0x5EC0D0A1);

    /* CFGREG_RD_CNTL = x; a few cycles later RDDATA = TENSIX_CFG word x */
    qtest_writel(qts, CFGREG_RD_CNTL, 65);
    qtest_clock_step(qts, 100);
    g_assert_cmphex(qtest_readl(qts, CFGREG_RDDATA), ==, 0xCAFEF00D);
    qtest_writel(qts, CFGREG_RD_CNTL, s1_word);
    qtest_clock_step(qts, 100);
    g_assert_cmphex(qtest_readl(qts, CFGREG_RDDATA), ==, 0x5EC0D0A1);
    /* Only x & 0x7FF selects the word */
    qtest_writel(qts, CFGREG_RD_CNTL, 0x800 | 65);
    qtest_clock_step(qts, 100);
    g_assert_cmphex(qtest_readl(qts, CFGREG_RDDATA), ==, 0xCAFEF00D);

    qtest_quit(qts);
}

/* ---------------------------------------------------------------------- */
/* Mailboxes                                                              */
/* ---------------------------------------------------------------------- */

static void test_mailbox_self(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = tt_start(a, NULL);

    /* Region 0 from BRISC: write = send to B, read = pop from B */
    g_assert_cmphex(qtest_readl(qts, MAILBOX(0) + 4), ==, 0);
    qtest_writel(qts, MAILBOX(0), 0x1111);
    qtest_writel(qts, MAILBOX(0), 0x2222);
    qtest_writel(qts, MAILBOX(0), 0x3333);
    g_assert_cmphex(qtest_readl(qts, MAILBOX(0) + 4), ==, 1);
    g_assert_cmphex(qtest_readl(qts, MAILBOX(0)), ==, 0x1111);
    g_assert_cmphex(qtest_readl(qts, MAILBOX(0) + 4), ==, 1);
    g_assert_cmphex(qtest_readl(qts, MAILBOX(0)), ==, 0x2222);
    g_assert_cmphex(qtest_readl(qts, MAILBOX(0)), ==, 0x3333);
    g_assert_cmphex(qtest_readl(qts, MAILBOX(0) + 4), ==, 0);

    /* Depth 4: a fifth write is dropped */
    for (uint32_t i = 0; i < 5; i++) {
        qtest_writel(qts, MAILBOX(0), 0xA0 + i);
    }
    for (uint32_t i = 0; i < 4; i++) {
        g_assert_cmphex(qtest_readl(qts, MAILBOX(0) + 4), ==, 1);
        g_assert_cmphex(qtest_readl(qts, MAILBOX(0)), ==, 0xA0 + i);
    }
    g_assert_cmphex(qtest_readl(qts, MAILBOX(0) + 4), ==, 0);

    /* Space freed by pops is reusable (ring wrap) */
    qtest_writel(qts, MAILBOX(0), 0xB0);
    qtest_writel(qts, MAILBOX(0), 0xB1);
    g_assert_cmphex(qtest_readl(qts, MAILBOX(0)), ==, 0xB0);
    g_assert_cmphex(qtest_readl(qts, MAILBOX(0)), ==, 0xB1);
    g_assert_cmphex(qtest_readl(qts, MAILBOX(0) + 4), ==, 0);

    qtest_quit(qts);
}

static void test_mailbox_aggregate(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = tt_start(a, NULL);

    /* B -> T0 (region 1) does not show up in T0 -> B, which B reads there */
    qtest_writel(qts, MAILBOX(1), 0x71);
    qtest_writel(qts, MAILBOX(1), 0x72);
    g_assert_cmphex(qtest_readl(qts, MAILBOX(1) + 4), ==, 0);
    g_assert_cmphex(qtest_readl(qts, MAILBOX(0) + 4), ==, 0);

    /* B can have at most 4 words outstanding across its mailboxes */
    qtest_writel(qts, MAILBOX(0), 0x51);
    qtest_writel(qts, MAILBOX(0), 0x52);
    qtest_writel(qts, MAILBOX(0), 0x53);    /* 5th outstanding: dropped */
    g_assert_cmphex(qtest_readl(qts, MAILBOX(0)), ==, 0x51);
    g_assert_cmphex(qtest_readl(qts, MAILBOX(0)), ==, 0x52);
    g_assert_cmphex(qtest_readl(qts, MAILBOX(0) + 4), ==, 0);

    /* With two words drained, B -> B accepts two more, not three */
    qtest_writel(qts, MAILBOX(0), 0x61);
    qtest_writel(qts, MAILBOX(0), 0x62);
    qtest_writel(qts, MAILBOX(0), 0x63);    /* dropped */
    g_assert_cmphex(qtest_readl(qts, MAILBOX(0)), ==, 0x61);
    g_assert_cmphex(qtest_readl(qts, MAILBOX(0)), ==, 0x62);
    g_assert_cmphex(qtest_readl(qts, MAILBOX(0) + 4), ==, 0);

    qtest_quit(qts);
}

/* ---------------------------------------------------------------------- */
/* Unmapped addresses and plain debug registers                           */
/* ---------------------------------------------------------------------- */

/*
 * A Tensix instruction that reads the tile's overlay, run from inside a
 * store to the tile's own SOFT_RESET_0 (which releases the thread it
 * waited in), must see the register: neither the tile's registers nor
 * its overlay are re-entered by that read.  T0 holds an XMOV (glue in
 * soft reset: it does not start) and behind it an overlay read: on
 * Blackhole STREAMWRCFG (all fields 0: stream STREAM_ID_SYNC_0 = 0,
 * register 0, into Config[0] word 0), on Wormhole, which has no
 * STREAMWRCFG, LOADREG of stream 0 register 0 into GPR 10.
 */
static void test_reentrant_overlay(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = tt_start(a, NULL);
    uint32_t ovr = OVERLAY_REG(0, 0);

    qtest_writel(qts, ovr, 0x12345678);
    qtest_writel(qts, SOFT_RESET_0,
                 SOFT_RESET_BRISC_ONLY | SOFT_RESET_TDMA_RISC);
    qtest_writel(qts, TT_INSTRN_BUF(0), OP_XMOV << 24);
    if (a->blackhole) {
        /* STREAMWRCFG into Config word 64 (all bits fields) */
        qtest_writel(qts, TT_INSTRN_BUF(0), (OP_STREAMWRCFG << 24) | 64);
    } else {
        qtest_writel(qts, tt_gpr_addr(0, 10), 0);
        qtest_writel(qts, TT_INSTRN_BUF(0), (OP_LOADREG << 24) | (10 << 18) |
                     ((ovr - 0xFFB00000u) >> 2));
    }
    /* Both still held behind the XMOV */
    g_assert_cmphex(qtest_readl(qts, TT_INSTRN_BUF_STATUS) & IBS_EMPTY(0), ==,
                    0);
    qtest_writel(qts, SOFT_RESET_0, SOFT_RESET_BRISC_ONLY);
    tt_assert_all_idle(qts);
    g_assert_cmphex(qtest_readl(qts, a->blackhole ? CFG_BASE + 4 * 64
                                                  : tt_gpr_addr(0, 10)), ==,
                    0x12345678);
    qtest_quit(qts);
}

/*
 * "wait-state": each core and Tensix thread of the tile and what it waits
 * on, for qom-get (the deadlock report's text).  T0 held behind SEMWAIT on
 * semaphore 2 (value 0, wait while zero): the SETDMAREG behind it is "held
 * at the Wait Gate", after SEMINIT and SEMWAIT retired; T1 idle, nothing
 * retired; BRISC runs, the other cores are in reset.
 */
static void test_wait_state(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = tt_start(a, NULL);
    QDict *resp;
    const char *st;
    char *hmp;

    qtest_writel(qts, TT_INSTRN_BUF(0), tt_seminit(1u << 2, 0, 1));
    qtest_writel(qts, TT_INSTRN_BUF(0),
                 tt_semwait(TT_BLOCK_ALL, 1u << 2, TT_SEMWAIT_WHILE_ZERO));
    qtest_writel(qts, TT_INSTRN_BUF(0), tt_setdmareg(0, 0x1234));
    /* the QMP command docs/reliability.md shows, as written there */
    resp = qtest_qmp(qts, "{ \"execute\": \"qom-get\", \"arguments\": "
                     "{ \"path\": \"/machine/tile[0,0]\", "
                     "\"property\": \"wait-state\" } }");
    st = qdict_get_try_str(resp, "return");
    g_assert(st);
    g_test_message("%s", st);
    g_assert(strstr(st, "tile(0,0):"));
    g_assert(strstr(st, "NCRISC held in soft reset"));
    g_assert(strstr(st, "T0     next SETDMAREG"));
    g_assert(strstr(st, "held at the Wait Gate"));
    g_assert(strstr(st, "; last: SEMINIT"));
    g_assert(strstr(st, "T1     idle\n"));
    g_assert(strstr(st, "BRISC  running (pc 0x"));
    qobject_unref(resp);
    /* the monitor command docs/reliability.md shows, as written there */
    hmp = qtest_hmp(qts, "qom-get /machine/tile[0,0] wait-state");
    g_assert(strstr(hmp, "held at the Wait Gate"));
    g_free(hmp);
    qtest_quit(qts);
}

static void test_unmapped(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = tt_start(a, NULL);

    g_assert_cmphex(qtest_readl(qts, UNMAPPED_ADDR), ==, 0);
    qtest_writel(qts, UNMAPPED_ADDR, 0x12345678);
    g_assert_cmphex(qtest_readl(qts, UNMAPPED_ADDR), ==, 0);
    qtest_writeb(qts, UNMAPPED_ADDR + 1, 0x12);
    g_assert_cmphex(qtest_readb(qts, UNMAPPED_ADDR + 1), ==, 0);
    /* The machine is still alive and coherent */
    g_assert_cmphex(qtest_readl(qts, SOFT_RESET_0), ==, SOFT_RESET_BRISC_ONLY);

    qtest_quit(qts);
}

static void test_debug_regs(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = tt_start(a, NULL);

    qtest_writel(qts, DBG_FEATURE_DISABLE, 0x00000800);
    g_assert_cmphex(qtest_readl(qts, DBG_FEATURE_DISABLE), ==, 0x00000800);
    qtest_writel(qts, DBG_FEATURE_DISABLE, 0x80000001);
    g_assert_cmphex(qtest_readl(qts, DBG_FEATURE_DISABLE), ==, 0x80000001);
    qtest_writel(qts, DBG_FEATURE_DISABLE, 0);
    g_assert_cmphex(qtest_readl(qts, DBG_FEATURE_DISABLE), ==, 0);

    /* INSTRN_BUF_STATUS is status: all FIFOs empty and not full */
    tt_assert_all_idle(qts);
    qtest_writel(qts, TT_INSTRN_BUF_STATUS, 0);
    tt_assert_all_idle(qts);

    if (a->blackhole) {
        g_assert_cmphex(qtest_readl(qts, BH_DISABLE_RESET), ==, 0);
        qtest_writel(qts, BH_DISABLE_RESET, 0x155);
        g_assert_cmphex(qtest_readl(qts, BH_DISABLE_RESET), ==, 0x155);
    }

    qtest_quit(qts);
}

/*
 * 8- and 16-bit accesses to the tile's 32-bit registers (decision, the
 * documents being silent; docs/reliability.md): a narrow load returns the
 * bytes of the containing word, a narrow store (logged) merges into the
 * word and writes it, with the word write's effect.  Before, both faulted.
 */
static void test_debug_regs_subword(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = tt_start(a, NULL);

    /* SOFT_RESET_0 = 0x00047000 after reset: bytes 00 70 04 00 */
    g_assert_cmphex(qtest_readb(qts, SOFT_RESET_0), ==, 0x00);
    g_assert_cmphex(qtest_readb(qts, SOFT_RESET_0 + 1), ==, 0x70);
    g_assert_cmphex(qtest_readb(qts, SOFT_RESET_0 + 2), ==, 0x04);
    g_assert_cmphex(qtest_readb(qts, SOFT_RESET_0 + 3), ==, 0x00);
    g_assert_cmphex(qtest_readw(qts, SOFT_RESET_0), ==, 0x7000);
    g_assert_cmphex(qtest_readw(qts, SOFT_RESET_0 + 2), ==, 0x0004);

    /* Byte 1 = 0x78: 0x47800, BRISC held too (SoftReset.md bit 11) */
    qtest_writeb(qts, SOFT_RESET_0 + 1, 0x78);
    g_assert_cmphex(qtest_readl(qts, SOFT_RESET_0), ==, SOFT_RESET_ALL_HELD);
    /* Half-word 2 = 0: NCRISC and TRISC0-2 released, 0x7800 */
    qtest_writew(qts, SOFT_RESET_0 + 2, 0);
    g_assert_cmphex(qtest_readl(qts, SOFT_RESET_0), ==, 0x7800);
    qtest_writel(qts, SOFT_RESET_0, SOFT_RESET_BRISC_ONLY);

    /* A storage register: each byte and half-word in place */
    qtest_writel(qts, DBG_FEATURE_DISABLE, 0x11223344);
    qtest_writeb(qts, DBG_FEATURE_DISABLE + 2, 0xAB);
    g_assert_cmphex(qtest_readl(qts, DBG_FEATURE_DISABLE), ==, 0x11AB3344);
    qtest_writew(qts, DBG_FEATURE_DISABLE, 0xCDEF);
    g_assert_cmphex(qtest_readl(qts, DBG_FEATURE_DISABLE), ==, 0x11ABCDEF);
    g_assert_cmphex(qtest_readb(qts, DBG_FEATURE_DISABLE + 3), ==, 0x11);
    g_assert_cmphex(qtest_readw(qts, DBG_FEATURE_DISABLE + 2), ==, 0x11AB);

    /* A read-only register stays as it was */
    tt_assert_all_idle(qts);
    qtest_writeb(qts, TT_INSTRN_BUF_STATUS, 0xFF);
    tt_assert_all_idle(qts);

    /*
     * The wall clock: a narrow load of WALL_CLOCK_L latches the high word
     * as the word load does.  At 5 s (WH 1 GHz, BH 1.35 GHz: 2^32 to
     * 2^33 cycles) the high word is 1; the latch was 0.
     */
    g_assert_cmphex(qtest_readl(qts, WALL_CLOCK_H), ==, 0);
    qtest_clock_step(qts, 5000000000ll);
    qtest_readb(qts, WALL_CLOCK_L + 3);
    g_assert_cmphex(qtest_readl(qts, WALL_CLOCK_H), ==, 1);
    qtest_quit(qts);
}

/* ---------------------------------------------------------------------- */

static void add_test(const TTArch *a, const char *name, GTestDataFunc fn)
{
    tt_add_test("/tt", a->name, name, a, fn);
}

int main(int argc, char **argv)
{
    static const TTArch *const archs[] = { &tt_blackhole, &tt_wormhole };

    g_test_init(&argc, &argv, NULL);
    g_test_set_nonfatal_assertions();

    for (size_t i = 0; i < ARRAY_SIZE(archs); i++) {
        const TTArch *a = archs[i];

        add_test(a, "soft-reset", test_soft_reset);
        add_test(a, "reset-pc", a->blackhole ? test_reset_pc_bh
                                              : test_reset_pc_wh);
        add_test(a, "noc-grid", test_noc_grid);
        add_test(a, "noc-origin", test_noc_origin);
        add_test(a, "l1-size", test_l1_size);
        add_test(a, "local-ram", test_local_ram);
        if (a->blackhole) {
            add_test(a, "local-ram-clear-on-release",
                     test_local_ram_clear_bh);
        }
        add_test(a, "instrn-routing", test_instrn_routing);
        add_test(a, "regfile", test_regfile);
        add_test(a, "fifo-semwait", test_fifo_semwait);
        add_test(a, "semwait-conditions", test_semwait_conditions);
        add_test(a, "stallwait", test_stallwait);
        add_test(a, "migrate-waits", test_migrate_waits);
        add_test(a, "migrate-dprint", test_migrate_dprint);
        add_test(a, "migrate-parked", test_migrate_parked);
        add_test(a, "wall-clock", test_wall_clock);
        add_test(a, "cfg-states", test_cfg_states);
        if (a->blackhole) {
            add_test(a, "cfg-dual-write", test_cfg_dual_write_bh);
        }
        add_test(a, "cfg-thread-config", test_cfg_thread_config);
        add_test(a, "cfg-subword-store", test_cfg_subword_store);
        add_test(a, "cfgreg-rd", test_cfgreg_rd);
        add_test(a, "mailbox-self", test_mailbox_self);
        add_test(a, "mailbox-aggregate", test_mailbox_aggregate);
        add_test(a, "reentrant-overlay", test_reentrant_overlay);
        add_test(a, "unmapped", test_unmapped);
        add_test(a, "wait-state", test_wait_state);
        add_test(a, "spin-park", test_spin_park);
        add_test(a, "spin-peer", test_spin_peer);
        add_test(a, "debug-regs", test_debug_regs);
        add_test(a, "debug-regs-subword", test_debug_regs_subword);
    }

    return g_test_run();
}
