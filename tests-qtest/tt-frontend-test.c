/*
 * QTest testcase for the Tensix frontend: the replay expander as seen
 * through BRISC's pushes (which enter after the MOP expander), and the
 * migration of a frontend stopped in the middle of a replay expansion.
 *
 * Expected values follow the functional model of REPLAY.md (upstream:
 * Count 0 means 32; above 32 unsupported, 5 bits used per assembly.yaml)
 * and SEMWAIT.md; never from running the model.  The MOP expander is only
 * reachable from the TRISCs (see firmware/frontend_mop.c).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "libqtest.h"
#include "tt-qtest-util.h"
#include "qemu/bitops.h"

#define OP_REPLAY               0x04u
#define OP_MOP                  0x01u

static uint32_t replay(uint32_t index, uint32_t count, bool exec, bool load)
{
    return (OP_REPLAY << 24) | (index << 14) | (count << 4) |
           ((uint32_t)exec << 1) | (uint32_t)load;
}

static uint32_t half(QTestState *qts, int t, int h)
{
    return extract32(qtest_readl(qts, tt_gpr_addr(t, h / 2)), 16 * (h & 1),
                     16);
}

static const char *const machines[] = { "tt-blackhole", "tt-wormhole" };

/*
 * Record 3 SETDMAREGs into slots 31, 0, 1 (wrap); the fourth instruction
 * executes; playback of 31 +3 writes them; Count 0 records 32 (the 33rd
 * executes); Count 34 records 34 % 32 = 2.
 */
static void test_replay(const void *data)
{
    const char *machine = data;
    QTestState *qts = qtest_initf("-machine %s", machine);

    for (int h = 20; h < 30; h++) {
        tt_push(qts, 1, tt_setdmareg(h, 0));
    }
    tt_push(qts, 1, replay(31, 3, false, true));
    tt_push(qts, 1, tt_setdmareg(20, 0x1111));
    tt_push(qts, 1, tt_setdmareg(21, 0x2222));
    tt_push(qts, 1, tt_setdmareg(22, 0x3333));
    tt_push(qts, 1, tt_setdmareg(23, 0x4444));
    g_assert_cmphex(qtest_readl(qts, tt_gpr_addr(1, 10)), ==, 0);
    g_assert_cmphex(half(qts, 1, 22), ==, 0);
    g_assert_cmphex(half(qts, 1, 23), ==, 0x4444);
    tt_push(qts, 1, replay(31, 3, false, false));
    g_assert_cmphex(qtest_readl(qts, tt_gpr_addr(1, 10)), ==, 0x22221111);
    g_assert_cmphex(half(qts, 1, 22), ==, 0x3333);

    /* Count 0: 32 recorded (slot i: half 24 = i), the 33rd executes */
    tt_push(qts, 1, replay(0, 0, false, true));
    for (int i = 0; i < 32; i++) {
        tt_push(qts, 1, tt_setdmareg(24, 0x100 + i));
    }
    tt_push(qts, 1, tt_setdmareg(25, 0xBEEF));
    g_assert_cmphex(half(qts, 1, 24), ==, 0);
    g_assert_cmphex(half(qts, 1, 25), ==, 0xBEEF);
    tt_push(qts, 1, replay(0, 0, false, false));
    g_assert_cmphex(half(qts, 1, 24), ==, 0x100 + 31);
    tt_push(qts, 1, replay(5, 1, false, false));
    g_assert_cmphex(half(qts, 1, 24), ==, 0x105);

    /* Count 34 (unsupported): 2 recorded */
    tt_push(qts, 1, replay(8, 34, false, true));
    tt_push(qts, 1, tt_setdmareg(26, 0xAAAA));
    tt_push(qts, 1, tt_setdmareg(27, 0xBBBB));
    tt_push(qts, 1, tt_setdmareg(28, 0xCCCC));
    g_assert_cmphex(half(qts, 1, 26), ==, 0);
    g_assert_cmphex(half(qts, 1, 27), ==, 0);
    g_assert_cmphex(half(qts, 1, 28), ==, 0xCCCC);
    tt_push(qts, 1, replay(8, 2, false, false));
    g_assert_cmphex(half(qts, 1, 26), ==, 0xAAAA);
    g_assert_cmphex(half(qts, 1, 27), ==, 0xBBBB);

    /* A MOP from BRISC is dropped (nothing else happens) */
    tt_push(qts, 1, OP_MOP << 24);
    tt_assert_all_idle(qts);
    qtest_quit(qts);
}

/*
 * Thread 0 closed by SEMWAIT (sem 0 == 0); slots 10-13 hold SETDMAREG
 * half 30..33; a playback of 10 +4 is held at its first instruction, a
 * recording (Load, 2) and two instructions for it queue behind.  After
 * migration the destination opens the gate with SEMPOST from thread 1:
 * the playback completes, the two instructions are recorded (not
 * executed) and replay afterwards.
 */
static void test_migrate(const void *data)
{
    const char *machine = data;
    QTestState *src = qtest_initf("-machine %s", machine);
    QTestState *dst;

    for (int h = 30; h < 38; h++) {
        tt_push(src, 0, tt_setdmareg(h, 0));
    }
    tt_push(src, 0, replay(10, 4, false, true));
    for (int i = 0; i < 4; i++) {
        tt_push(src, 0, tt_setdmareg(30 + i, 0x7000 + i));
    }
    tt_push(src, 0, tt_seminit(1, 0, 1));
    tt_push(src, 0, tt_semwait(TT_BLOCK_ALL, 1, TT_SEMWAIT_WHILE_ZERO));
    tt_push(src, 0, replay(10, 4, false, false));
    tt_push(src, 0, replay(20, 2, false, true));
    tt_push(src, 0, tt_setdmareg(34, 0x8888));
    tt_push(src, 0, tt_setdmareg(35, 0x9999));
    g_assert_cmphex(qtest_readl(src, tt_gpr_addr(0, 15)), ==, 0);
    /* T0: not full (bit 0), not empty (bit 4) */
    g_assert_cmphex(qtest_readl(src, TT_INSTRN_BUF_STATUS) & 0x11, ==, 0x01);

    dst = tt_migrate_via_file(src, machine);
    g_assert_cmphex(qtest_readl(dst, tt_gpr_addr(0, 15)), ==, 0);
    tt_push(dst, 1, tt_sempost(1));
    g_assert_cmphex(qtest_readl(dst, tt_gpr_addr(0, 15)), ==, 0x70017000);
    g_assert_cmphex(qtest_readl(dst, tt_gpr_addr(0, 16)), ==, 0x70037002);
    g_assert_cmphex(qtest_readl(dst, tt_gpr_addr(0, 17)), ==, 0);
    tt_assert_all_idle(dst);
    tt_push(dst, 0, replay(20, 2, false, false));
    g_assert_cmphex(qtest_readl(dst, tt_gpr_addr(0, 17)), ==, 0x99998888);
    qtest_quit(dst);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_set_nonfatal_assertions();

    for (size_t i = 0; i < ARRAY_SIZE(machines); i++) {
        g_autofree char *p1 = g_strdup_printf("/tt/frontend/%s/replay",
                                              machines[i]);
        g_autofree char *p2 = g_strdup_printf("/tt/frontend/%s/migrate",
                                              machines[i]);

        qtest_add_data_func(p1, machines[i], test_replay);
        qtest_add_data_func(p2, machines[i], test_migrate);
    }
    return g_test_run();
}
