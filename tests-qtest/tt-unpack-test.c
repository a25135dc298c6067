/*
 * QTest testcase for UNPACR_NOP on tt-wormhole and tt-blackhole: the clear
 * forms' values and banks, and the Src bank hand-over (SETDVALID form),
 * seen through "x-src-state", "x-dst-state" and a MOVA2D that only runs
 * once the Matrix Unit owns its SrcA bank.
 *
 * Expected values, worked out by hand: WormholeB0 UNPACR_NOP_ZEROSRC.md
 * (NegativeInfSrcA: ~0 in a 19-bit datum = 0x7FFFF, SrcA only on
 * Wormhole; UnpackBank, or both banks; the wait on the Matrix Unit's bank
 * unless WaitLikeUnpacr), UNPACR_NOP_SETDVALID.md, CLEARDVALID.md,
 * MOVA2D.md (8-bit exponent: Dst16b = Sign << 15 | Man[9:3] << 8 | Exp),
 * SrcASrcB.md layouts.  Blackhole (no UNPACR_NOP page; tt-llk's
 * assembly.yaml): -inf clears SrcB too; 1.0 is 0x7F (BF16/TF32), 0xF
 * (FP16), 0x110 (integer "8": magnitude 1 at bit 8, exponent field 16);
 * the immediate is UNP<n>_NOP_REG_CLR_VAL's low 19 bits.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "libqtest.h"
#include "tt-qtest-util.h"

#define TENSIX_PATH             "/machine/tile[0,0]/tensix"
#define CFG_BASE                0xFFEF0000u     /* Config[0] in BRISC's view */
#define NUM_DST                 (1024 * 16 + 1024)

#define OP_CLEARDVALID          0x36u
#define OP_MOVA2D               0x12u
#define BH_CFG_UNP1_CLR_VAL     63      /* UNP1_NOP_REG_CLR_VAL (Blackhole) */

typedef struct TTArch {
    const char *name;
    const char *machine;
    bool bh;
} TTArch;

static const TTArch tt_blackhole = { "blackhole", "tt-blackhole", true };
static const TTArch tt_wormhole = { "wormhole", "tt-wormhole", false };

/* Wormhole ZEROSRC form: WaitLikeUnpacr 4, BothBanks 3, NegativeInfSrcA 2 */
static uint32_t wh_clear(int u, int wait, int both, int neg_inf)
{
    return (TT_OP_UNPACR_NOP << 24) | (u << 23) | (wait << 4) | (both << 3) |
           (neg_inf << 2) | 1u;
}

/*
 * Blackhole UNP_CLR_SRC: Set_Dvalid 8, Clr_to1_fmt_Ctrl 7:6,
 * Stall_Clr_Cntrl 5, Bank_Clr_Ctrl 4, Src_ClrVal_Ctrl 3:2, Unpack_Pop 1
 */
static uint32_t bh_clear(int u, int stall, int both, int val, int fmt)
{
    return (TT_OP_UNPACR_NOP << 24) | (u << 23) | (fmt << 6) |
           (stall << 5) | (both << 4) | (val << 2) | 1u;
}

static void test_clear(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = qtest_initf("-machine %s", a->machine);
    g_autofree uint32_t *w = g_new0(uint32_t, TT_NUM_SRC);

    if (!a->bh) {
        /* -inf into SrcA[UnpackBank = 0] only */
        tt_push(qts, 0, wh_clear(0, 0, 0, 1));
        tt_src_fill_bank(w, 0, 0, 0x7ffff);
        tt_check_src(qts, TENSIX_PATH, w, "SrcA -inf");
        /* NegativeInfSrcA has no effect on SrcB: both banks stay 0 */
        tt_push(qts, 0, wh_clear(1, 1, 1, 1));
        tt_check_src(qts, TENSIX_PATH, w, "SrcB -inf");
        /* BothBanks, 0: SrcA bank 0 back to 0 */
        tt_push(qts, 0, wh_clear(0, 1, 1, 0));
        tt_src_fill_bank(w, 0, 0, 0);
        tt_check_src(qts, TENSIX_PATH, w, "SrcA both banks");
        /* Nop (mode 2) changes nothing */
        tt_push(qts, 0, (TT_OP_UNPACR_NOP << 24) | 2u);
        tt_check_src(qts, TENSIX_PATH, w, "Nop");
    } else {
        tt_push(qts, 0, bh_clear(0, 0, 0, 1, 0));
        tt_src_fill_bank(w, 0, 0, 0x7ffff);
        tt_push(qts, 0, bh_clear(1, 0, 0, 1, 0));
        tt_src_fill_bank(w, 1, 0, 0x7ffff);
        tt_check_src(qts, TENSIX_PATH, w, "-inf");
        /* 1.0 in BF16 into both SrcA banks */
        tt_push(qts, 0, bh_clear(0, 1, 1, 2, 1));
        tt_src_fill_bank(w, 0, 0, 0x7f);
        tt_src_fill_bank(w, 0, 1, 0x7f);
        tt_check_src(qts, TENSIX_PATH, w, "SrcA 1.0 both banks");
        tt_push(qts, 0, bh_clear(1, 0, 0, 2, 2));
        tt_src_fill_bank(w, 1, 0, 0x110);
        tt_check_src(qts, TENSIX_PATH, w, "SrcB 1 (int8)");
        tt_push(qts, 0, bh_clear(1, 0, 0, 2, 0));
        tt_src_fill_bank(w, 1, 0, 0xf);
        tt_check_src(qts, TENSIX_PATH, w, "SrcB 1.0 (FP16)");
        /* The immediate's low 19 bits: 0xFFF12345 -> 0x12345 */
        qtest_writel(qts, CFG_BASE + 4 * BH_CFG_UNP1_CLR_VAL, 0xFFF12345u);
        tt_push(qts, 0, bh_clear(1, 1, 0, 3, 0));
        tt_src_fill_bank(w, 1, 0, 0x12345);
        tt_check_src(qts, TENSIX_PATH, w, "SrcB immediate");
        tt_push(qts, 0, (TT_OP_UNPACR_NOP << 24) | 2u);
        tt_check_src(qts, TENSIX_PATH, w, "UNP_NOP");
    }
    qtest_quit(qts);
}

static void test_handover(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = qtest_initf("-machine %s", a->machine);
    g_autofree uint32_t *w = g_new0(uint32_t, TT_NUM_SRC);
    g_autofree uint32_t *dst = g_new(uint32_t, NUM_DST);
    /* SrcA bank 0's datum and MOVA2D's Dst16b of it */
    uint32_t v = a->bh ? 0x7f : 0x7ffff;
    uint32_t d16 = a->bh ? 0x007f : 0xffff;

    tt_push(qts, 0, a->bh ? bh_clear(0, 0, 0, 2, 1) : wh_clear(0, 0, 0, 1));
    tt_src_fill_bank(w, 0, 0, v);
    tt_check_src(qts, TENSIX_PATH, w, "bank 0");

    /* MOVA2D (one row, SrcRow 0 -> DstRow 5) waits: SrcA is unpackers' */
    tt_push(qts, 0, (OP_MOVA2D << 24) | 5u);
    g_assert_cmphex(qtest_readl(qts, TT_INSTRN_BUF_STATUS) & 0x10, ==, 0);
    tt_qom_get_u32_list(qts, TENSIX_PATH, "x-dst-state", dst, NUM_DST);
    g_assert_cmphex(dst[5 * 16], ==, 0);

    /* SETDVALID form from thread 1: bank 0 to the Matrix Unit, MOVA2D runs */
    tt_push(qts, 1, tt_unpacr_nop_setdvalid(a->bh, 0));
    tt_assert_all_idle(qts);
    tt_qom_get_u32_list(qts, TENSIX_PATH, "x-dst-state", dst, NUM_DST);
    for (int c = 0; c < 16; c++) {
        g_assert_cmphex(dst[5 * 16 + c], ==, d16);
    }

    /*
     * A clear waiting on the Matrix Unit's bank (WaitLikeUnpacr /
     * Stall_Clr_Cntrl 0): bank 0 is the Matrix Unit's, so it waits.
     * CLEARDVALID FlipSrcA gives bank 0 back (MatrixUnit.SrcABank becomes
     * 1); the clear then fills UnpackBank, 1 since the hand-over.
     */
    tt_push(qts, 2, a->bh ? bh_clear(0, 0, 0, 2, 1) : wh_clear(0, 0, 0, 1));
    g_assert_cmphex(qtest_readl(qts, TT_INSTRN_BUF_STATUS) & 0x40, ==, 0);
    tt_push(qts, 0, (OP_CLEARDVALID << 24) | (1u << 22));
    tt_src_fill_bank(w, 0, 1, v);
    tt_check_src(qts, TENSIX_PATH, w, "after CLEARDVALID");
    qtest_quit(qts);
}

static void add(const TTArch *a)
{
    g_autofree char *p1 = g_strdup_printf("tensix/unpack/%s/clear", a->name);
    g_autofree char *p2 = g_strdup_printf("tensix/unpack/%s/handover",
                                          a->name);

    qtest_add_data_func(p1, a, test_clear);
    qtest_add_data_func(p2, a, test_handover);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    add(&tt_blackhole);
    add(&tt_wormhole);
    return g_test_run();
}
