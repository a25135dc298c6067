/*
 * qemu-tensix test: Tensix mutexes (ATGETM, ATRELM; SyncUnit.md)
 *
 * BRISC pushes into all three Tensix threads (the TRISCs stay in reset)
 * and follows each thread through SETDMAREG markers in its GPRs:
 * - contention: the second ATGETM of a held mutex waits until ATRELM;
 * - fairness: when thread i releases a mutex both others wait for, thread
 *   (i + 1) % 3 gets it (ATRELM.md), for i = 0, 1, 2;
 * - ATGETM of a mutex the thread already holds passes, and one ATRELM
 *   releases it;
 * - ATRELM by a thread not holding the mutex, or of a free mutex, has no
 *   effect (and completes);
 * - only bits 15:0 name the mutex;
 * - index 1, and indices above 7 (Wormhole) / 4 (Blackhole) make ATGETM
 *   and ATRELM wait forever: this is done last, one hung thread each.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "tt.h"

#define MARK(g, v)          TT_SETDMAREG(2 * (g), (v))  /* GPR g low half */
#define ATGETM(i)           TT_INSN(0xA0, (i) & 0xFFFFFFu)
#define ATRELM(i)           TT_INSN(0xA1, (i) & 0xFFFFFFu)

#if defined(TT_ARCH_BH)
#define MUTEX_LAST          4       /* mutexes 0, 2, 3, 4 */
#else
#define MUTEX_LAST          7       /* mutexes 0, 2..7 */
#endif

void trisc_main(int t)
{
}

void ncrisc_main(void)
{
}

/* Thread t takes mutex m and marks GPR g (pushes only) */
static void get_and_mark(int t, uint32_t m, int g, uint32_t v)
{
    tt_push(t, ATGETM(m));
    tt_push(t, MARK(g, v));
}

static void contention(void)
{
    const int g = 1;

    /* T0 takes mutex 2; T1's ATGETM 2 waits, and so its marker */
    get_and_mark(0, 2, g, 0x100);
    tt_expect_gpr(0, g, 0x100, "T0 takes free mutex 2");
    get_and_mark(1, 2, g, 0x101);
    tt_expect_held(1, g, "T1 waits for mutex 2 held by T0");
    /* T2 is not affected: other mutex, other thread */
    get_and_mark(2, 3, g, 0x102);
    tt_expect_gpr(2, g, 0x102, "T2 takes mutex 3 meanwhile");
    tt_push(2, ATRELM(3));
    /* T0 releases: T1 gets it */
    tt_push(0, ATRELM(2));
    tt_expect_gpr(1, g, 0x101, "T1 gets mutex 2 after T0's ATRELM");
    /* Now T0 waits for T1 */
    get_and_mark(0, 2, g + 1, 0x110);
    tt_expect_held(0, g + 1, "T0 waits for mutex 2 held by T1");
    tt_push(1, ATRELM(2));
    tt_expect_gpr(0, g + 1, 0x110, "T0 gets mutex 2 after T1's ATRELM");
    tt_push(0, ATRELM(2));
    tt_printf("  contention on mutex 2: T0 -> T1 -> T0\n");
}

/*
 * Thread r holds mutex m; both others wait for it.  ATRELM.md: on
 * release by r, thread (r + 1) % 3 is chosen; when it releases, the last
 * one gets it.
 */
static void fairness(int r, uint32_t m, int g)
{
    int first = (r + 1) % 3, second = (r + 2) % 3;

    get_and_mark(r, m, g, 0x200 + r);
    tt_expect_gpr(r, g, 0x200 + r, "fairness: holder takes the mutex");
    get_and_mark(second, m, g, 0x200 + second);
    get_and_mark(first, m, g, 0x200 + first);
    tt_expect_held(first, g, "fairness: waiter (r+1)%3 held");
    tt_expect_held(second, g, "fairness: waiter (r+2)%3 held");
    tt_push(r, ATRELM(m));
    tt_expect_gpr(first, g, 0x200 + first, "fairness: (r+1)%3 chosen");
    tt_expect_held(second, g, "fairness: (r+2)%3 still waiting");
    tt_push(first, ATRELM(m));
    tt_expect_gpr(second, g, 0x200 + second, "fairness: then (r+2)%3");
    tt_push(second, ATRELM(m));
    tt_printf("  mutex %u released by T%d: T%d, then T%d\n", m, r, first,
              second);
}

static void edge_cases(void)
{
    const int g = 10;

    /* Re-acquire by the holder passes; a single ATRELM releases */
    tt_push(2, ATGETM(3));
    get_and_mark(2, 3, g, 0x300);
    tt_expect_gpr(2, g, 0x300, "ATGETM of a mutex already held passes");
    get_and_mark(0, 3, g, 0x301);
    tt_expect_held(0, g, "mutex 3 held twice by T2");
    tt_push(2, ATRELM(3));
    tt_expect_gpr(0, g, 0x301, "one ATRELM releases a twice-taken mutex");
    tt_push(0, ATRELM(3));

    /* ATRELM by a non-holder: completes, no effect */
    get_and_mark(0, 4, g + 1, 0x400);
    tt_expect_gpr(0, g + 1, 0x400, "T0 takes mutex 4");
    tt_push(1, ATRELM(4));
    tt_push(1, MARK(g + 1, 0x401));
    tt_expect_gpr(1, g + 1, 0x401, "ATRELM by a non-holder completes");
    get_and_mark(2, 4, g + 1, 0x402);
    tt_expect_held(2, g + 1, "mutex 4 still held by T0");
    tt_push(0, ATRELM(4));
    tt_expect_gpr(2, g + 1, 0x402, "T2 gets mutex 4 from T0");
    tt_push(2, ATRELM(4));

    /* ATRELM of a free mutex: completes; the mutex stays free */
    tt_push(1, ATRELM(0));
    tt_push(1, MARK(g + 2, 0x500));
    tt_expect_gpr(1, g + 2, 0x500, "ATRELM of a free mutex completes");
    get_and_mark(2, 0, g + 2, 0x501);
    tt_expect_gpr(2, g + 2, 0x501, "mutex 0 still free");
    get_and_mark(0, 0, g + 2, 0x502);
    tt_expect_held(0, g + 2, "mutex 0 held by T2");
    tt_push(2, ATRELM(0));
    tt_expect_gpr(0, g + 2, 0x502, "T0 gets mutex 0");
    tt_push(0, ATRELM(0));

    /* Index is bits 15:0 (ATGETM.md encoding): 0xFF0002 is mutex 2 */
    get_and_mark(0, 0xFF0002, g + 3, 0x600);
    tt_expect_gpr(0, g + 3, 0x600, "ATGETM 0xFF0002 takes mutex 2");
    get_and_mark(1, 2, g + 3, 0x601);
    tt_expect_held(1, g + 3, "mutex 2 held via 0xFF0002");
    tt_push(0, ATRELM(0xAB0002));
    tt_expect_gpr(1, g + 3, 0x601, "ATRELM 0xAB0002 releases mutex 2");
    tt_push(1, ATRELM(2));

    /* Every valid index works */
    for (uint32_t m = 0; m <= MUTEX_LAST; m++) {
        if (m == 1) {
            continue;
        }
        get_and_mark(0, m, 40 + m, 0x700 + m);
        tt_expect_gpr(0, 40 + m, 0x700 + m, "valid mutex index");
        get_and_mark(1, m, 40 + m, 0x710 + m);
        tt_expect_held(1, 40 + m, "valid mutex index excludes");
        tt_push(0, ATRELM(m));
        tt_expect_gpr(1, 40 + m, 0x710 + m, "valid mutex index handed over");
        tt_push(1, ATRELM(m));
    }
    tt_printf("  re-acquire, ATRELM by non-holder / of a free mutex, "
              "index bits 15:0, mutexes 0, 2..%u\n", MUTEX_LAST);
}

/* Invalid indices: the thread waits forever (one thread each, last) */
static void invalid_indices(void)
{
    const int g = 20;

    /* Index 1 does not exist: ATRELM waits forever */
    tt_push(1, ATRELM(1));
    tt_push(1, MARK(g, 0x801));
    tt_expect_held(1, g, "ATRELM 1 waits forever");
    /* First index past the last mutex: ATGETM waits forever */
    get_and_mark(2, MUTEX_LAST + 1, g, 0x802);
    tt_expect_held(2, g, "ATGETM past the last mutex waits forever");
    /* Bits 15:0 = 0x8000: past any mutex */
    get_and_mark(0, 0x8000, g, 0x800);
    tt_expect_held(0, g, "ATGETM 0x8000 waits forever");
    tt_printf("  ATRELM 1, ATGETM %u and 0x8000 wait forever\n",
              MUTEX_LAST + 1);
}

int brisc_main(void)
{
    tt_printf("sync_mutex (%s): ATGETM / ATRELM\n", TT_ARCH_NAME);
    tt_brisc_common_checks();

    contention();
    fairness(0, 2, 4);
    fairness(1, 0, 5);
    fairness(2, 3, 6);
    edge_cases();
#if defined(TT_ARCH_WH)
    /* Wormhole has mutexes 5..7 as well */
    get_and_mark(2, 7, 30, 0x907);
    tt_expect_gpr(2, 30, 0x907, "WH: mutex 7 exists");
    tt_push(2, ATRELM(7));
#else
    /* Blackhole: 5 is past the last mutex (tested in invalid_indices) */
#endif
    invalid_indices();

    if (tt_failures) {
        tt_printf("sync_mutex: FAILED (%d checks)\n", tt_failures);
        return 1;
    }
    tt_printf("sync_mutex: all checks passed\n");
    return 0;
}
