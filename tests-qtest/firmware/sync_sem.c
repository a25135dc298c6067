/*
 * qemu-tensix test: Tensix semaphores (SEMINIT, SEMPOST, SEMGET, SEMWAIT)
 * and their RISCV access through PC_BUF (SyncUnit.md)
 *
 * A. Cross-thread handshake T0 -> T1 -> T2: each TRISC pushes into its
 *    own thread "SEMWAIT on my semaphore; SETDMAREG marker; SEMGET mine;
 *    SEMPOST the next one" (T1 waits on a second semaphore before its
 *    SEMPOST).  BRISC starts the chain with a RISCV SEMPOST (through a
 *    TRISC) and follows it through the markers in the threads' GPRs.
 * B. SEMWAIT on two semaphores with both conditions.
 * C. SEMWAIT "value >= max" only.
 * D. Saturation at 15 and 0, SEMINIT of several semaphores, and which
 *    values a RISCV store treats as post / get.
 * E. The Wait Gate forgets a satisfied wait even if the semaphore changes
 *    back before the next instruction arrives (WaitGate.md: the latched
 *    wait is re-evaluated every cycle).
 *
 * TRISC0-2 serve semaphore accesses for BRISC (mailbox commands).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "tt.h"

#define B(n)                (1u << (n))
#define MARK(g, v)          TT_SETDMAREG(2 * (g), (v))  /* GPR g low half */
#define BLOCK_SYNC_THCON    (B(1) | B(5))

/* GPRs used as markers */
#define G_CHAIN             10
#define G_CHAIN2            11
#define G_MULTI             12
#define G_MAX               13
#define G_TRANSIENT         14

/* Semaphore server commands (BRISC -> TRISC mailbox) */
#define CMD_READ            0x01000000u
#define CMD_WRITE           0x02000000u     /* then the value to store */
#define CMD_DONE            0x0F000000u

/* ------------------------------------------------------------------ */
/* TRISCs                                                             */
/* ------------------------------------------------------------------ */

static bool serve(uint32_t cmd, uint32_t *reply)
{
    switch (cmd & 0xFF000000u) {
    case CMD_DONE:
        return false;
    case CMD_READ:
        *reply = TT_REG(TT_SEM(cmd & 7));
        break;
    case CMD_WRITE:
        TT_REG(TT_SEM(cmd & 7)) = TT_REG(TT_MBOX(TT_MBOX_B));
        break;
    }
    return true;
}

void trisc_main(int t)
{
    TTResult *r = &tt_results[TT_TRISC0 + t];

    r->errors = tt_common_checks(TT_TRISC0 + t, r);
    /* A: wait for sem t, mark, take it, pass the token to sem t + 1 */
    tt_push(0, TT_SEMWAIT(BLOCK_SYNC_THCON, B(t), TT_SEMWAIT_ZERO));
    tt_push(0, MARK(G_CHAIN, 0xA0 + t));
    tt_push(0, TT_SEMGET(B(t)));
    if (t == 1) {
        /* T1 also waits for sem4 before passing the token on */
        tt_push(0, TT_SEMWAIT(BLOCK_SYNC_THCON, B(4), TT_SEMWAIT_ZERO));
        tt_push(0, MARK(G_CHAIN2, 0xB1));
    }
    tt_push(0, TT_SEMPOST(B(t + 1)));
    r->step = 1;
    r->magic = TT_RESULT_MAGIC;
    tt_serve_brisc(serve);
}

void ncrisc_main(void)
{
}

/* ------------------------------------------------------------------ */
/* BRISC                                                              */
/* ------------------------------------------------------------------ */

static uint32_t server_call(uint32_t cmd, bool has_data, uint32_t data)
{
    uint32_t mb = TT_MBOX(TT_MBOX_T(0));     /* TRISC0 serves */

    TT_REG(mb) = cmd;
    if (has_data) {
        TT_REG(mb) = data;
    }
    return tt_mbox_reply(0, "TRISC0 semaphore server reply");
}

static uint32_t sem_read(int i)
{
    return server_call(CMD_READ | i, false, 0);
}

/* RISCV store of @val to SemaphoreAccess[i] */
static void sem_store(int i, uint32_t val)
{
    server_call(CMD_WRITE | i, true, val);
}

static void expect_sem(int i, uint32_t v, const char *what)
{
    uint32_t got;

    tt_settle();
    got = sem_read(i);
    tt_check(got == v, what, got, v);
}

static void phase_a(void)
{
    for (int t = 0; t < 3; t++) {
        tt_check(tt_wait_eq(&tt_results[TT_TRISC0 + t].step, 1, 5000),
                 "TRISC pushed its chain", tt_results[TT_TRISC0 + t].step, 1);
    }
    /*
     * sem0..4 = 0 (SEMINIT before the release): every thread waits at
     * its SEMWAIT, whose block mask B5 catches the SETDMAREG marker.
     */
    for (int t = 0; t < 3; t++) {
        tt_expect_held(t, G_CHAIN, "A: chain marker before the start");
    }
    /*
     * RISCV SEMPOST sem0 (even value): T0 marks 0xA0, takes sem0, posts
     * sem1; T1 marks 0xA1, takes sem1, then waits for sem4 = 0.  T2 still
     * waits for sem2 (nobody posted it).
     */
    sem_store(0, 0);
    tt_expect_gpr(0, G_CHAIN, 0xA0, "A: T0 marker after sem0 posted");
    tt_expect_gpr(1, G_CHAIN, 0xA1, "A: T1 marker after T0's SEMPOST sem1");
    tt_expect_held(1, G_CHAIN2, "A: T1 held by sem4");
    tt_expect_held(2, G_CHAIN, "A: T2 held: T1 has not posted sem2");
    expect_sem(0, 0, "A: sem0 taken back by T0");
    expect_sem(1, 0, "A: sem1 taken back by T1");
    expect_sem(2, 0, "A: sem2 not posted yet");
    tt_printf("  A: sem0 posted: T0 -> T1 ran, T1 held by sem4, T2 "
              "waiting\n");
    /* RISCV SEMPOST sem4: T1 marks 0xB1 and posts sem2; T2 runs */
    sem_store(4, 0);
    tt_expect_gpr(1, G_CHAIN2, 0xB1, "A: T1 second marker after sem4");
    tt_expect_gpr(2, G_CHAIN, 0xA2, "A: T2 marker after T1's SEMPOST sem2");
    expect_sem(2, 0, "A: sem2 taken back by T2");
    expect_sem(3, 1, "A: sem3 posted by T2");
    expect_sem(4, 1, "A: sem4 posted once, never taken");
    tt_printf("  A: sem4 posted: T1 -> T2 ran; sem3 = 1\n");
}

static void phase_b(void)
{
    /*
     * sem5 = 0 (max 2), sem6 = 2 (max 2); SEMWAIT on both, both
     * conditions: keep waiting while any has value == 0 or value >= max.
     */
    tt_push(0, TT_SEMINIT(B(5), 0, 2));
    tt_push(0, TT_SEMINIT(B(6), 2, 2));
    tt_push(0, TT_SEMWAIT(B(5), B(5) | B(6),
                          TT_SEMWAIT_ZERO | TT_SEMWAIT_MAX));
    tt_push(0, MARK(G_MULTI, 0xB0));
    tt_expect_held(0, G_MULTI, "B: sem5 == 0 and sem6 >= max");
    /* sem5 -> 1: fine; sem6 = 2 is still at its max */
    sem_store(5, 0);
    tt_expect_held(0, G_MULTI, "B: sem6 still >= max");
    /* sem6 -> 1: 0 < 1 < 2 for both: the gate opens */
    sem_store(6, 1);
    tt_expect_gpr(0, G_MULTI, 0xB0, "B: both semaphores strictly inside");
    tt_printf("  B: SEMWAIT on sem5+sem6, both conditions\n");
}

static void phase_c(void)
{
    /* sem7 = 3, max 3: "value >= max" only */
    tt_push(1, TT_SEMINIT(B(7), 3, 3));
    tt_push(1, TT_SEMWAIT(B(5), B(7), TT_SEMWAIT_MAX));
    tt_push(1, MARK(G_MAX, 0xC0));
    tt_expect_held(1, G_MAX, "C: sem7 == max");
    /* 4 > max: still waiting (the test is >=, not ==) */
    tt_push(2, TT_SEMPOST(B(7)));
    tt_expect_held(1, G_MAX, "C: sem7 = 4 > max 3");
    tt_push(2, TT_SEMGET(B(7)));
    tt_expect_held(1, G_MAX, "C: sem7 back to 3");
    /* 2 < 3: the gate opens */
    tt_push(2, TT_SEMGET(B(7)));
    tt_expect_gpr(1, G_MAX, 0xC0, "C: sem7 = 2 < max");
    tt_printf("  C: SEMWAIT value >= max\n");
}

static void phase_d(void)
{
    /* SEMINIT of sem1 and sem3 at once: value 14, max 15 */
    tt_push(2, TT_SEMINIT(B(1) | B(3), 14, 15));
    expect_sem(1, 14, "D: SEMINIT sem1");
    expect_sem(3, 14, "D: SEMINIT sem3");
    /* SEMPOST of both twice: 15, then stays at 15 */
    tt_push(2, TT_SEMPOST(B(1) | B(3)));
    tt_push(2, TT_SEMPOST(B(1) | B(3)));
    expect_sem(1, 15, "D: SEMPOST saturates at 15");
    expect_sem(3, 15, "D: SEMPOST saturates at 15 (sem3)");
    sem_store(3, 0);
    expect_sem(3, 15, "D: RISCV post saturates at 15");
    /* SEMGET / RISCV get stop at 0 */
    tt_push(2, TT_SEMINIT(B(3), 1, 15));
    tt_push(2, TT_SEMGET(B(3)));
    tt_push(2, TT_SEMGET(B(3)));
    expect_sem(3, 0, "D: SEMGET stops at 0");
    sem_store(3, 3);                    /* odd: get */
    expect_sem(3, 0, "D: RISCV get stops at 0");
    /* Bit 0 alone decides: even stores post, odd stores get */
    sem_store(3, 2);
    expect_sem(3, 1, "D: store 2 posts");
    sem_store(3, 0xFFFFFFFEu);
    expect_sem(3, 2, "D: store 0xFFFFFFFE posts");
    sem_store(3, 0x80000001u);
    expect_sem(3, 1, "D: store 0x80000001 gets");
    /* sem1 was untouched by the stores to sem3 */
    expect_sem(1, 15, "D: sem1 untouched");
    tt_printf("  D: saturation at 0 and 15; store bit 0 selects get\n");
}

static void phase_e(void)
{
    /*
     * T0 latches "wait while sem2 == 0" with nothing behind it.  T2 posts
     * sem2 (the gate sees 1 and forgets the wait), then later takes it
     * back.  The marker pushed after that must pass: the latched wait is
     * gone although sem2 is 0 again.
     */
    tt_push(0, TT_SEMINIT(B(2), 0, 1));
    tt_push(0, TT_SEMWAIT(B(5), B(2), TT_SEMWAIT_ZERO));
    tt_settle();
    tt_push(2, TT_SEMPOST(B(2)));
    tt_settle();
    tt_push(2, TT_SEMGET(B(2)));
    expect_sem(2, 0, "E: sem2 back to 0");
    tt_push(0, MARK(G_TRANSIENT, 0xE0));
    tt_expect_gpr(0, G_TRANSIENT, 0xE0, "E: satisfied wait forgotten");
    tt_printf("  E: a wait satisfied while idle is forgotten\n");
}

int brisc_main(void)
{
    tt_printf("sync_sem (%s): Tensix semaphores\n", TT_ARCH_NAME);
    tt_brisc_common_checks();

    /* sem0..4 = 0, max 1, before any TRISC pushes */
    tt_push(0, TT_SEMINIT(0x1F, 0, 1));
    tt_push(0, MARK(G_CHAIN, 0x11));
    tt_check(tt_wait_eq(&TT_GPR_OF(0, G_CHAIN), 0x11, 1000), "SEMINIT done",
             TT_GPR_OF(0, G_CHAIN), 0x11);
    tt_push(0, MARK(G_CHAIN, 0));
    tt_check(tt_wait_eq(&TT_GPR_OF(0, G_CHAIN), 0, 1000), "marker cleared",
             TT_GPR_OF(0, G_CHAIN), 0);

    tt_set_reset_pcs();
    tt_soft_reset(TT_RESET_NCRISC);
    phase_a();
    phase_b();
    phase_c();
    phase_d();
    phase_e();
    for (int t = 0; t < 3; t++) {
        tt_check(tt_results[TT_TRISC0 + t].errors == 0, "TRISC common checks",
                 tt_results[TT_TRISC0 + t].errors, 0);
        TT_REG(TT_MBOX(TT_MBOX_T(t))) = CMD_DONE;
    }
    if (tt_failures) {
        tt_printf("sync_sem: FAILED (%d checks)\n", tt_failures);
        return 1;
    }
    tt_printf("sync_sem: all checks passed\n");
    return 0;
}
