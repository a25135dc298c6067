/*
 * QTest testcase for the Tensix register files' clearing instructions on
 * tt-blackhole and tt-wormhole: ZEROSRC (SrcA/SrcB, through "x-src-state")
 * and ZEROACC (Dst's row valid bits, through "x-dst-state").
 *
 * Instructions are pushed through BRISC's INSTRN_BUF window 0 (thread 0);
 * Config state 0 is written through BRISC's TENSIX_CFG window, ThreadConfig
 * with SETC16.
 *
 * Every expected value is derived by hand from the functional models in
 * tt-isa-documentation: WormholeB0 TensixCoprocessor/ZEROSRC.md,
 * ZEROACC.md, Dst.md (Adj32), BlackholeA0 Dst.md (Adj16 with
 * DEST_ACCESS_CFG_remap_addrs), CLEARDVALID.md; encodings from the pages'
 * diagrams (Diagrams/Src/Bits32.lua) and, for Blackhole's ZEROACC, tt-llk's
 * blackhole assembly.yaml.  Where Blackhole has no page, the expectations
 * follow the choices in docs/decisions.md ("ZEROACC on Blackhole").
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "libqtest.h"
#include "tt-qtest-util.h"

#define TENSIX_PATH             "/machine/tile[0,0]/tensix"
#define CFG_BASE                0xFFEF0000u     /* Config[0] in BRISC's view */

/*
 * ZEROSRC (Bits32.lua): ClearSrcA 0, ClearSrcB 1, BothBanks 2,
 * SingleBankMatrixUnit 3, NegativeInfSrcA 4
 */
#define SRC_A                   1u
#define SRC_B                   2u
#define ZEROSRC(neg_inf, matrix, both, mask) \
    ((0x11u << 24) | ((neg_inf) << 4) | ((matrix) << 3) | ((both) << 2) | \
     (mask))
/* CLEARDVALID: bits 23:22 FlipSrcB, FlipSrcA; reset 21:0 */
#define CLEARDVALID(flip)       ((0x36u << 24) | ((flip) << 22))
/*
 * ZEROACC.  Wormhole (Bits32.lua): Imm10 9:0, AddrMod 16:15, Revert 18,
 * Mode 20:19, UseDst32b 21.  Blackhole (assembly.yaml): where 13:0,
 * addr_mode 16:14, clear_zero_flags 17, use_32_bit_mode 18, clear_mode
 * 23:19.
 */
#define WH_ZEROACC(dst32, mode, imm) \
    ((0x10u << 24) | ((dst32) << 21) | ((mode) << 19) | (imm))
#define BH_ZEROACC(mode, dst32, czf, imm) \
    ((0x10u << 24) | ((mode) << 19) | ((dst32) << 18) | ((czf) << 17) | (imm))
enum { ONE_ROW, ROWS_16, HALF, ALL };
/* SETRWC: Dst value 17:14, BitMask bit 2 = Dst */
#define SETRWC_DST(d)           ((0x37u << 24) | ((d) << 14) | 4u)
/* SETC16: ThreadConfig[thread][reg 23:16] = value 15:0 */
#define SETC16(reg, v)          ((0xB2u << 24) | ((reg) << 16) | (v))

/*
 * Configuration words (tt-metal cfg_defines.h, both architectures):
 * Config ALU_ACC_CTRL word 1 (Fp32_enabled bit 29, INT8_math_enabled bit
 * 31), DEST_REGW_BASE_Base word 6; ThreadConfig DEST_TARGET_REG_CFG_MATH
 * word 1; Blackhole Config DEST_ACCESS_CFG word 220 (remap_addrs bit 1).
 */
#define CFG_ALU_ACC_CTRL        1
#define ACC_FP32                (1u << 29)
#define ACC_INT8                (1u << 31)
#define CFG_DEST_REGW_BASE      6
#define THD_DEST_TARGET_MATH    1
#define BH_CFG_DEST_ACCESS      220
#define BH_REMAP_ADDRS          (1u << 1)
#define BH_ZEROACC_ABSOLUTE     (1u << 3)   /* zeroacc_absolute_tile_mode */

#define DST_ROWS                1024
#define NUM_DST                 (DST_ROWS * 16 + DST_ROWS)
#define SRC_NEG_INF             0x7FFFFu        /* ~0 in a 19-bit datum */

typedef struct TTArch {
    const char *name;
    const char *machine;
    bool bh;
} TTArch;

static const TTArch tt_blackhole = { "blackhole", "tt-blackhole", true };
static const TTArch tt_wormhole = { "wormhole", "tt-wormhole", false };

static QTestState *tt_start(const TTArch *a)
{
    return qtest_initf("-machine %s", a->machine);
}

static void set_gpr(QTestState *qts, int t, unsigned r, uint32_t v)
{
    tt_push(qts, t, tt_setdmareg(2 * r, v & 0xFFFF));
    tt_push(qts, t, tt_setdmareg(2 * r + 1, v >> 16));
}

/* ---------------------------------------------------------------------- */
/* ZEROSRC                                                                */
/* ---------------------------------------------------------------------- */

/*
 * After reset every bank is 0 and MatrixUnit.SrcABank = SrcBBank =
 * Unpackers[0].SrcBank = Unpackers[1].SrcBank = 0 (SrcASrcB.md).
 * STOREIND (Src) with GPR 1 = 0x20, GPR 2 = 0x10, DataReg 20 writes
 * SrcB[Unpackers[1].SrcBank = 0] row 8, columns 4..7 (see tt-thcon-test:
 * Addr 0x21, Row 8, Column0 4) with the BF16 conversions of GPR 20 =
 * 0x3F80C000 and GPR 21 = 0xC1234567: 0x60000, 0x0007F, 0x22867, 0x51882.
 */
static const uint32_t datum[4] = { 0x60000, 0x0007F, 0x22867, 0x51882 };

static void test_zerosrc(const void *data)
{
    QTestState *qts = tt_start(data);
    g_autofree uint32_t *want = g_new0(uint32_t, TT_NUM_SRC);

    set_gpr(qts, 0, 20, 0x3F80C000u);
    set_gpr(qts, 0, 21, 0xC1234567u);
    set_gpr(qts, 0, 1, 0x20);
    set_gpr(qts, 0, 2, 0x10);
    tt_push(qts, 0, (0x66u << 24) | (1u << 21) | (4u << 14) | (20u << 6) | 1);
    for (int i = 0; i < 4; i++) {
        want[tt_src_index(1, 0, 8, 4 + i)] = datum[i];
    }
    tt_check_src(qts, TENSIX_PATH, want, "STOREIND");

    /* BothBanks, NegativeInfSrcA, SrcA only: SrcB keeps its data */
    tt_push(qts, 0, ZEROSRC(1, 0, 1, SRC_A));
    tt_src_fill_bank(want, 0, 0, SRC_NEG_INF);
    tt_src_fill_bank(want, 0, 1, SRC_NEG_INF);
    tt_check_src(qts, TENSIX_PATH, want, "both banks -inf");

    /*
     * CLEARDVALID FlipSrcA: MatrixUnit.SrcABank 0 -> 1, the unpacker's
     * stays 0.  The matrix unit's bank (1) is cleared, not bank 0.
     */
    tt_push(qts, 0, CLEARDVALID(1));
    tt_push(qts, 0, ZEROSRC(0, 1, 0, SRC_A));
    tt_src_fill_bank(want, 0, 1, 0);
    tt_check_src(qts, TENSIX_PATH, want, "SrcA matrix bank");

    /* Unpackers[0].SrcBank (0): cleared to 0, bank 1 untouched */
    tt_push(qts, 0, ZEROSRC(0, 0, 0, SRC_A));
    tt_src_fill_bank(want, 0, 0, 0);
    tt_check_src(qts, TENSIX_PATH, want, "SrcA unpacker bank 0");
    tt_push(qts, 0, ZEROSRC(1, 0, 0, SRC_A));
    tt_src_fill_bank(want, 0, 0, SRC_NEG_INF);
    tt_check_src(qts, TENSIX_PATH, want, "SrcA unpacker bank -inf");

    /*
     * CLEARDVALID FlipSrcB: MatrixUnit.SrcBBank 0 -> 1.  Clearing the
     * matrix unit's SrcB bank (1) leaves bank 0's data; NegativeInfSrcA
     * does not touch SrcA when only SrcB is cleared.
     */
    tt_push(qts, 0, CLEARDVALID(2));
    tt_push(qts, 0, ZEROSRC(1, 1, 0, SRC_B));
    tt_check_src(qts, TENSIX_PATH, want, "SrcB matrix bank 1");

    /* The unpacker's SrcB bank (0): zero, never -inf */
    tt_push(qts, 0, ZEROSRC(1, 0, 0, SRC_B));
    tt_src_fill_bank(want, 1, 0, 0);
    tt_check_src(qts, TENSIX_PATH, want, "SrcB unpacker bank 0");

    /* Both registers, both banks, to zero */
    tt_push(qts, 0, ZEROSRC(0, 0, 1, SRC_A | SRC_B));
    memset(want, 0, TT_NUM_SRC * sizeof(*want));
    tt_check_src(qts, TENSIX_PATH, want, "all");
    qtest_quit(qts);
}

/* ---------------------------------------------------------------------- */
/* ZEROACC                                                                */
/* ---------------------------------------------------------------------- */

static uint32_t zeroacc(const TTArch *a, int mode, int dst32, int imm)
{
    return a->bh ? BH_ZEROACC(mode, dst32, 0, imm)
                 : WH_ZEROACC(dst32, mode, imm);
}

static void set_rows(uint8_t *valid, int first, int n, uint8_t v)
{
    memset(valid + first, v, n);
}

/*
 * x-dst-state: DstBits (nothing writes data yet: all zero) then
 * DstRowValid, compared with @valid.
 */
static void check_dst(QTestState *qts, const uint8_t *valid, const char *step)
{
    g_autofree uint32_t *got = g_new(uint32_t, NUM_DST);

    tt_assert_all_idle(qts);
    tt_qom_get_u32_list(qts, TENSIX_PATH, "x-dst-state", got, NUM_DST);
    for (int i = 0; i < DST_ROWS * 16; i++) {
        g_assert_cmphex(got[i], ==, 0);
    }
    for (int r = 0; r < DST_ROWS; r++) {
        if (got[DST_ROWS * 16 + r] != valid[r]) {
            g_test_message("%s: DstRowValid[%d] = %u, expected %u", step, r,
                           got[DST_ROWS * 16 + r], valid[r]);
        }
        g_assert_cmpuint(got[DST_ROWS * 16 + r], ==, valid[r]);
    }
}

static void test_zeroacc(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = tt_start(a);
    uint8_t valid[DST_ROWS];

    /* Dst.md: DstRowValid[1024] = {true, ..., true} at power-on */
    memset(valid, 1, sizeof(valid));
    check_dst(qts, valid, "reset");

    /* HALF_OF_DST, Imm10 bit 0 = 1: the high half, rows 512..1023 */
    tt_push(qts, 0, zeroacc(a, HALF, 0, 1));
    set_rows(valid, 512, 512, 0);
    check_dst(qts, valid, "high half");

    /* 16_ROWS, 16-bit, Imm10 3: rows 48..63 */
    tt_push(qts, 0, zeroacc(a, ROWS_16, 0, 3));
    set_rows(valid, 48, 16, 0);
    check_dst(qts, valid, "16 rows");

    /*
     * 16_ROWS, UseDst32b, Imm10 5: DstRowValid[5 * 32 + (i & 8) * 2 +
     * (i & 7)], i.e. rows 160..167 and 176..183; rows 168..175 (the low
     * halves of 160..167) stay valid.
     */
    tt_push(qts, 0, zeroacc(a, ROWS_16, 1, 5));
    set_rows(valid, 160, 8, 0);
    set_rows(valid, 176, 8, 0);
    check_dst(qts, valid, "16 rows 32-bit");

    /* Imm10 0x107: silicon uses the low 8 bits: 7, rows 112..127 */
    tt_push(qts, 0, zeroacc(a, ROWS_16, 0, 0x107));
    set_rows(valid, 112, 16, 0);
    /* Out of range (16-bit Imm10 64, 32-bit Imm10 32): no-ops */
    tt_push(qts, 0, zeroacc(a, ROWS_16, 0, 64));
    tt_push(qts, 0, zeroacc(a, ROWS_16, 1, 32));
    check_dst(qts, valid, "16 rows range");

    /*
     * ONE_ROW: Row = Imm10 + DEST_TARGET_REG_CFG_MATH_Offset (0x20) +
     * RWCs[0].Dst (5) + DEST_REGW_BASE_Base (0x40) = Imm10 + 0x65.
     * Imm10 3: Row 0x68 = 104, a Dst16b row.
     */
    tt_push(qts, 0, SETC16(THD_DEST_TARGET_MATH, 0x20));
    tt_push(qts, 0, SETRWC_DST(5));
    tt_assert_all_idle(qts);
    qtest_writel(qts, CFG_BASE + 4 * CFG_DEST_REGW_BASE, 0x40);
    tt_push(qts, 0, zeroacc(a, ONE_ROW, 0, 3));
    valid[104] = 0;
    check_dst(qts, valid, "one row");

    /*
     * With ALU_ACC_CTRL_Fp32_enabled: Imm10 0x60, Row 0xC5 = 197 is a
     * Dst32b row: Adj32(0xC5) = (0xC0 << 1) | 5 = 0x185 = 389.  Row 197
     * stays valid.
     */
    qtest_writel(qts, CFG_BASE + 4 * CFG_ALU_ACC_CTRL, ACC_FP32);
    tt_push(qts, 0, zeroacc(a, ONE_ROW, 0, 0x60));
    valid[389] = 0;
    check_dst(qts, valid, "one row Fp32");

    /* INT8_math_enabled too: Imm10 0x61, Row 198, Adj32 0x186 = 390 */
    qtest_writel(qts, CFG_BASE + 4 * CFG_ALU_ACC_CTRL, ACC_INT8);
    tt_push(qts, 0, zeroacc(a, ONE_ROW, 0, 0x61));
    valid[390] = 0;
    check_dst(qts, valid, "one row INT8");

    /*
     * ONE_ROW ignores UseDst32b (Wormhole's model reads only the
     * configuration): Imm10 0x70, Row 0xD5 = 213, not Adj32 421.
     */
    qtest_writel(qts, CFG_BASE + 4 * CFG_ALU_ACC_CTRL, 0);
    tt_push(qts, 0, zeroacc(a, ONE_ROW, 1, 0x70));
    valid[213] = 0;
    check_dst(qts, valid, "one row UseDst32b");

    /* ALL_OF_DST: every row, whatever Imm10 */
    tt_push(qts, 0, zeroacc(a, ALL, 0, 0x3FF));
    memset(valid, 0, sizeof(valid));
    check_dst(qts, valid, "all");

    if (a->bh) {
        /*
         * clear_zero_flags: the targeted rows become valid again.  HALF
         * with where 0: rows 0..511.
         */
        tt_push(qts, 0, BH_ZEROACC(HALF, 0, 1, 0));
        set_rows(valid, 0, 512, 1);
        check_dst(qts, valid, "clear_zero_flags half");
        tt_push(qts, 0, BH_ZEROACC(ALL, 0, 0, 0));
        memset(valid, 0, sizeof(valid));

        /*
         * DEST_ACCESS_CFG_remap_addrs: Dst16b[r] is DstBits[Adj16(r)],
         * Adj16(r) = (r & 0x3c7) ^ ((r & 0x30) >> 1) ^ ((r & 8) << 2).
         * 16_ROWS where 1, r = 16 + i: (i & 7) | 8 | (i & 8) * 4: rows
         * 8..15 and 40..47.
         */
        qtest_writel(qts, CFG_BASE + 4 * BH_CFG_DEST_ACCESS, BH_REMAP_ADDRS);
        tt_push(qts, 0, BH_ZEROACC(ROWS_16, 0, 1, 1));
        set_rows(valid, 8, 8, 1);
        set_rows(valid, 40, 8, 1);
        check_dst(qts, valid, "remap_addrs");

        /*
         * 16_ROWS is relative to the Dst half DEST_TARGET_REG_CFG_MATH_Offset
         * + RWCs.Dst points into (ttsim): offset 0x200 + 5 has bit 9, so
         * where 2 is block 34, rows 544..559; 32-bit, where 1: Dst32b rows
         * 16 * (1 + 16)..: DstRowValid[17 * 32 + (i & 8) * 2 + (i & 7)];
         * with zeroacc_absolute_tile_mode where 3 is block 3, rows 48..63.
         */
        qtest_writel(qts, CFG_BASE + 4 * BH_CFG_DEST_ACCESS, 0);
        tt_push(qts, 0, SETC16(THD_DEST_TARGET_MATH, 0x200));
        tt_push(qts, 0, BH_ZEROACC(ROWS_16, 0, 1, 2));
        set_rows(valid, 544, 16, 1);
        check_dst(qts, valid, "16 rows, upper half");
        tt_push(qts, 0, BH_ZEROACC(ROWS_16, 1, 1, 1));
        set_rows(valid, 17 * 32, 8, 1);
        set_rows(valid, 17 * 32 + 16, 8, 1);
        check_dst(qts, valid, "16 rows 32-bit, upper half");
        qtest_writel(qts, CFG_BASE + 4 * BH_CFG_DEST_ACCESS,
                     BH_ZEROACC_ABSOLUTE);
        tt_push(qts, 0, BH_ZEROACC(ROWS_16, 0, 1, 3));
        set_rows(valid, 48, 16, 1);
        check_dst(qts, valid, "16 rows, absolute tile mode");
    }
    qtest_quit(qts);
}

/* Dst survives migration: rows and valid bits */
static void test_migrate(const void *data)
{
    const TTArch *a = data;
    QTestState *src = tt_start(a), *dst;
    uint8_t valid[DST_ROWS];

    memset(valid, 1, sizeof(valid));
    tt_push(src, 0, zeroacc(a, ROWS_16, 0, 2));
    set_rows(valid, 32, 16, 0);
    tt_push(src, 0, zeroacc(a, HALF, 0, 1));
    set_rows(valid, 512, 512, 0);
    check_dst(src, valid, "before");
    dst = tt_migrate_via_file(src, a->machine);
    check_dst(dst, valid, "after");
    qtest_quit(dst);
}

static void add_tests(const TTArch *a)
{
    static const TTTestCase tests[] = {
        { "zerosrc", test_zerosrc },
        { "zeroacc", test_zeroacc },
        { "migrate", test_migrate },
    };

    tt_add_tests("tensix/dst", a->name, a, tests, G_N_ELEMENTS(tests));
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    add_tests(&tt_blackhole);
    add_tests(&tt_wormhole);
    return g_test_run();
}
