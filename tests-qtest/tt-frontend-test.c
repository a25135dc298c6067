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
#include "qobject/qdict.h"

#define REGFILE_BASE            0xFFE00000u
#define INSTRN_BUF(t)           (0xFFE40000u + (t) * 0x10000u)
#define INSTRN_BUF_STATUS       0xFFB120A8u
#define IBS_ALL_IDLE            0x77u

#define OP_SEMINIT              0xA3u
#define OP_SEMPOST              0xA4u
#define OP_SEMWAIT              0xA6u
#define OP_SETDMAREG            0x45u
#define OP_REPLAY               0x04u
#define OP_MOP                  0x01u

#define BLOCK_ALL               0x1FFu
#define SEMWAIT_WHILE_ZERO      1u

static uint32_t setdmareg(uint32_t half, uint32_t value)
{
    return (OP_SETDMAREG << 24) | ((value & 0xFFFF) << 8) | (half & 0x7F);
}

static uint32_t seminit(uint32_t mask, uint32_t value, uint32_t max)
{
    return (OP_SEMINIT << 24) | (max << 20) | (value << 16) | (mask << 2);
}

static uint32_t sempost(uint32_t mask)
{
    return (OP_SEMPOST << 24) | (mask << 2);
}

static uint32_t semwait(uint32_t block, uint32_t mask, uint32_t cond)
{
    return (OP_SEMWAIT << 24) | (block << 15) | (mask << 2) | cond;
}

static uint32_t replay(uint32_t index, uint32_t count, bool exec, bool load)
{
    return (OP_REPLAY << 24) | (index << 14) | (count << 4) |
           ((uint32_t)exec << 1) | (uint32_t)load;
}

static uint32_t gpr_addr(int t, int r)
{
    return REGFILE_BASE + t * 256 + 4 * r;
}

static void push(QTestState *qts, int t, uint32_t insn)
{
    qtest_writel(qts, INSTRN_BUF(t), insn);
}

static uint32_t half(QTestState *qts, int t, int h)
{
    return (qtest_readl(qts, gpr_addr(t, h / 2)) >> (16 * (h & 1))) & 0xFFFF;
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
        push(qts, 1, setdmareg(h, 0));
    }
    push(qts, 1, replay(31, 3, false, true));
    push(qts, 1, setdmareg(20, 0x1111));
    push(qts, 1, setdmareg(21, 0x2222));
    push(qts, 1, setdmareg(22, 0x3333));
    push(qts, 1, setdmareg(23, 0x4444));
    g_assert_cmphex(qtest_readl(qts, gpr_addr(1, 10)), ==, 0);
    g_assert_cmphex(half(qts, 1, 22), ==, 0);
    g_assert_cmphex(half(qts, 1, 23), ==, 0x4444);
    push(qts, 1, replay(31, 3, false, false));
    g_assert_cmphex(qtest_readl(qts, gpr_addr(1, 10)), ==, 0x22221111);
    g_assert_cmphex(half(qts, 1, 22), ==, 0x3333);

    /* Count 0: 32 recorded (slot i: half 24 = i), the 33rd executes */
    push(qts, 1, replay(0, 0, false, true));
    for (int i = 0; i < 32; i++) {
        push(qts, 1, setdmareg(24, 0x100 + i));
    }
    push(qts, 1, setdmareg(25, 0xBEEF));
    g_assert_cmphex(half(qts, 1, 24), ==, 0);
    g_assert_cmphex(half(qts, 1, 25), ==, 0xBEEF);
    push(qts, 1, replay(0, 0, false, false));
    g_assert_cmphex(half(qts, 1, 24), ==, 0x100 + 31);
    push(qts, 1, replay(5, 1, false, false));
    g_assert_cmphex(half(qts, 1, 24), ==, 0x105);

    /* Count 34 (unsupported): 2 recorded */
    push(qts, 1, replay(8, 34, false, true));
    push(qts, 1, setdmareg(26, 0xAAAA));
    push(qts, 1, setdmareg(27, 0xBBBB));
    push(qts, 1, setdmareg(28, 0xCCCC));
    g_assert_cmphex(half(qts, 1, 26), ==, 0);
    g_assert_cmphex(half(qts, 1, 27), ==, 0);
    g_assert_cmphex(half(qts, 1, 28), ==, 0xCCCC);
    push(qts, 1, replay(8, 2, false, false));
    g_assert_cmphex(half(qts, 1, 26), ==, 0xAAAA);
    g_assert_cmphex(half(qts, 1, 27), ==, 0xBBBB);

    /* A MOP from BRISC is dropped (nothing else happens) */
    push(qts, 1, OP_MOP << 24);
    g_assert_cmphex(qtest_readl(qts, INSTRN_BUF_STATUS), ==, IBS_ALL_IDLE);
    qtest_quit(qts);
}

static void wait_migration(QTestState *qts)
{
    for (int i = 0; i < 1000; i++) {
        QDict *rsp = qtest_qmp(qts, "{ 'execute': 'query-migrate' }");
        QDict *ret = qdict_get_qdict(rsp, "return");
        const char *st = qdict_haskey(ret, "status") ?
                         qdict_get_str(ret, "status") : "";
        bool done = !strcmp(st, "completed");

        g_assert_cmpstr(st, !=, "failed");
        qobject_unref(rsp);
        if (done) {
            return;
        }
        g_usleep(10000);
    }
    g_assert_not_reached();
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
    g_autofree char *file = g_strdup_printf("%s/tt-frontend-mig-%d",
                                            g_get_tmp_dir(), getpid());
    g_autofree char *uri = g_strdup_printf("file:%s", file);
    QTestState *src = qtest_initf("-machine %s", machine);
    QTestState *dst;
    QDict *rsp;

    for (int h = 30; h < 38; h++) {
        push(src, 0, setdmareg(h, 0));
    }
    push(src, 0, replay(10, 4, false, true));
    for (int i = 0; i < 4; i++) {
        push(src, 0, setdmareg(30 + i, 0x7000 + i));
    }
    push(src, 0, seminit(1, 0, 1));
    push(src, 0, semwait(BLOCK_ALL, 1, SEMWAIT_WHILE_ZERO));
    push(src, 0, replay(10, 4, false, false));
    push(src, 0, replay(20, 2, false, true));
    push(src, 0, setdmareg(34, 0x8888));
    push(src, 0, setdmareg(35, 0x9999));
    g_assert_cmphex(qtest_readl(src, gpr_addr(0, 15)), ==, 0);
    /* T0: not full (bit 0), not empty (bit 4) */
    g_assert_cmphex(qtest_readl(src, INSTRN_BUF_STATUS) & 0x11, ==, 0x01);

    rsp = qtest_qmp(src, "{ 'execute': 'migrate', 'arguments': "
                    "{ 'uri': %s } }", uri);
    g_assert(qdict_haskey(rsp, "return"));
    qobject_unref(rsp);
    wait_migration(src);
    qtest_quit(src);

    dst = qtest_initf("-machine %s -incoming %s", machine, uri);
    for (int i = 0; i < 1000; i++) {
        bool in;

        rsp = qtest_qmp(dst, "{ 'execute': 'query-status' }");
        in = !strcmp(qdict_get_str(qdict_get_qdict(rsp, "return"), "status"),
                     "inmigrate");
        qobject_unref(rsp);
        if (!in) {
            break;
        }
        g_usleep(10000);
    }
    g_assert_cmphex(qtest_readl(dst, gpr_addr(0, 15)), ==, 0);
    push(dst, 1, sempost(1));
    g_assert_cmphex(qtest_readl(dst, gpr_addr(0, 15)), ==, 0x70017000);
    g_assert_cmphex(qtest_readl(dst, gpr_addr(0, 16)), ==, 0x70037002);
    g_assert_cmphex(qtest_readl(dst, gpr_addr(0, 17)), ==, 0);
    g_assert_cmphex(qtest_readl(dst, INSTRN_BUF_STATUS), ==, IBS_ALL_IDLE);
    push(dst, 0, replay(20, 2, false, false));
    g_assert_cmphex(qtest_readl(dst, gpr_addr(0, 17)), ==, 0x99998888);
    qtest_quit(dst);
    unlink(file);
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
