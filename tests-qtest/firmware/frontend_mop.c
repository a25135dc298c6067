/*
 * qemu-tensix test: the MOP expander (WormholeB0 TensixCoprocessor/
 * MOPExpander.md, MOP.md, MOP_CFG.md, BabyRISCV/TTSync.md, SoftReset.md;
 * Blackhole assembly.yaml for the MOP count fields).
 *
 * Every emitted instruction is a fixed MopCfg word, so the tests make the
 * expansion visible with instructions whose effects accumulate:
 *  - SEMPOST to one semaphore per role (InsnA0, SkipA0, LoopOp, ...): the
 *    semaphore values count how often each role was emitted (all counts
 *    are kept <= 15, where SEMPOST saturates);
 *  - SETDMAREG into distinct half-registers: which instruction came last;
 *  - "tokens" for long expansions: a pair SEMWAIT(sem7 == 0) + SEMGET(sem7)
 *    per iteration holds the expansion at the Wait Gate until the core
 *    posts sem7 through PC_BUF; the number of tokens the thread consumes
 *    (each is taken at once) counts the iterations exactly.
 *
 * TRISC0 runs the tests, TRISC1 helps (its own MopCfg and MaskHi, posting
 * tokens while TRISC0 waits in MOPExpanderDoneCheck), BRISC pushes MOP and
 * MOP_CFG (dropped: BRISC pushes after the MOP expander), TRISC2 checks
 * that a soft reset discards an expansion in progress.  Semaphores are
 * shared by all threads, so the tests run one after the other.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "tt.h"

/* ------------------------------------------------------------------ */
/* Instructions and helpers                                           */
/* ------------------------------------------------------------------ */

#define TT_DMANOP           TT_INSN(0x60, 0)
#define POST(s)             TT_SEMPOST(1u << (s))
#define TOKEN_SEM           7
#define TOKEN_WAIT          TT_SEMWAIT(TT_BLOCK_SYNC, 1u << TOKEN_SEM, \
                                       TT_SEMWAIT_ZERO)
#define TOKEN_TAKE          TT_SEMGET(1u << TOKEN_SEM)

/* tt_cfg_qstatus bits (CSRs.md) */
#define Q_MOP               (1u << 1)
#define Q_SYNC              (1u << 7)

/* Mailbox messages */
#define MSG_READY           0x4D0B0001u     /* T0 -> B: push your MOP now */
#define MSG_PUSHED          0x4D0B0002u     /* B -> T0 */
#define MSG_DONE(c)         (0x4D0BD000u | (c))
#define MSG_GO              0x4D0B0003u
#define CMD_MOPSYNC         0x4D0B0101u     /* T0 -> T1 */
#define CMD_PERTHREAD       0x4D0B0102u
#define CMD_QUIT            0x4D0B01FFu
#define MSG_T1_DONE         0x4D0B0110u     /* T1 -> T0 */

/* Failures are logged in L1 by the core that saw them; BRISC prints */
static TTFailRec fail_log[TT_NUM_CORES][TT_MAX_FAILS];
static volatile uint32_t fail_count[TT_NUM_CORES];   /* read by BRISC */
static volatile uint32_t check_count[TT_NUM_CORES];  /* read by BRISC */

static bool check_idx(int c, const char *what, int idx, uint32_t got,
                      uint32_t want)
{
    uint32_t n = fail_count[c];

    check_count[c]++;
    if (got == want) {
        return true;
    }
    if (n < TT_MAX_FAILS) {
        fail_log[c][n].what = what;
        fail_log[c][n].idx = idx;
        fail_log[c][n].got = got;
        fail_log[c][n].want = want;
    }
    fail_count[c] = n + 1;
    return false;
}

static bool check(int c, const char *what, uint32_t got, uint32_t want)
{
    return check_idx(c, what, -1, got, want);
}

static uint32_t sem(int s)
{
    return TT_REG(TT_SEM(s));
}

/* All eight semaphores against @want (catches stray emissions too) */
static void check_sems(int c, const char *what, const uint8_t want[8])
{
    for (int s = 0; s < TT_NUM_SEMAPHORES; s++) {
        check_idx(c, what, s, sem(s), want[s]);
    }
}

/* Semaphores 0-7: Value 0, Max 15 */
static void sems_init(void)
{
    tt_push(0, TT_SEMINIT(0xFF, 0, 15));
    tt_ttsync();
}

/* TTSync MOPExpanderDoneCheck */
static void mop_sync(void)
{
    TT_REG(TT_MOPSYNC) = 0;
    (void)TT_REG(TT_MOPSYNC);
}

/* SEMPOST / SEMGET of semaphore @s through PC_BUF */
static void sem_post(int s)
{
    TT_REG(TT_SEM(s)) = 0;
}

static void sem_get(int s)
{
    TT_REG(TT_SEM(s)) = 1;
}

/*
 * Post tokens one at a time until one is not consumed at once; returns the
 * number consumed (the model executes the released SEMGET within the
 * store), at most @limit.
 */
static uint32_t count_tokens(uint32_t limit)
{
    for (uint32_t k = 0; k < limit; k++) {
        sem_post(TOKEN_SEM);
        if (sem(TOKEN_SEM) != 0) {
            sem_get(TOKEN_SEM);
            return k;
        }
    }
    return limit;
}

/* ------------------------------------------------------------------ */
/* TRISC0                                                             */
/* ------------------------------------------------------------------ */

#define C0 TT_TRISC0

/*
 * Template 0, MaskHi at its reset value (0; BRISC's MOP_CFG(0xFFFF) before
 * the test enters after the MOP expander and is dropped).  Flags = 0: only
 * InsnA0 / SkipA0.  Count1 = 16: 17 iterations over Mask = 0x00000029,
 * bits 0, 3, 5 set: SkipA0 3 times, InsnA0 14 times.  (With MaskHi 0xFFFF
 * bit 16 would be set too: 13 and 4.)
 */
static void t0_template0_reset(void)
{
    static const uint32_t cfg[9] = {
        POST(7), 0, POST(5), POST(0), POST(6), POST(6), POST(6), POST(1),
        POST(7),
    };
    static const uint8_t want[8] = { 14, 3, 0, 0, 0, 0, 0, 0 };

    sems_init();
    tt_mop_program(cfg);
    tt_run_own(TT_MOP(0, 16, 0x0029));
    check_sems(C0, "template 0, MaskHi 0 after reset", want);
}

/*
 * Template 0 with HasB and HasA123 (Flags 0xFFFFFFF3: low two bits only),
 * MaskHi = 2 (MOP_CFG): Mask = 0x00020029, bits 0, 3, 5, 17 set; Count1 =
 * 17: 18 iterations, 4 skipped.  Zero bits emit A0 A1 A2 A3 B (sems 0, 1,
 * 2, GPR half 20, sem 3): 14 each; one bits emit SkipA0 SkipB (sems 4, 5):
 * 4 each.  MopCfg[0] (sem 7) is not used by template 0.
 * Then MaskHi persists: MOP with MaskLo 0x00FF, Count1 17 -> Mask
 * 0x000200FF: ones at 0-7 and 17 (9), zeros at 8-16 (9).
 */
static void t0_template0_full(void)
{
    static const uint32_t cfg[9] = {
        POST(7), 0xFFFFFFF3u, POST(3), POST(0), POST(1), POST(2),
        TT_SETDMAREG(20, 0xA3A3), POST(4), POST(5),
    };
    static const uint8_t want[8] = { 14, 14, 14, 14, 4, 4, 0, 0 };
    static const uint8_t want2[8] = { 9, 9, 9, 9, 9, 9, 0, 0 };

    tt_push(0, TT_SETDMAREG(20, 0));
    sems_init();
    tt_mop_program(cfg);
    tt_push(0, TT_MOP_CFG(0x0002));
    tt_run_own(TT_MOP(0, 17, 0x0029));
    check_sems(C0, "template 0, HasA123 HasB, MaskHi 2", want);
    check(C0, "template 0: InsnA3 (SETDMAREG) wrote GPR[10] low",
          TT_GPR(10) & 0xFFFF, 0xA3A3);

    sems_init();
    tt_run_own(TT_MOP(0, 17, 0x00FF));
    check_sems(C0, "template 0, MaskHi kept from the last MOP_CFG", want2);
}

/*
 * Count1 = 35: 36 iterations; Mask = 0xFFFFFFFF has only 32 bits, so the
 * first 32 iterations emit SkipA0 (plain NOP) and the last 4, with the
 * mask shifted out to 0, emit InsnA0 (sem 0).
 */
static void t0_template0_long(void)
{
    static const uint32_t cfg[9] = {
        POST(7), 0, POST(5), POST(0), POST(6), POST(6), POST(6), TT_NOP,
        POST(7),
    };
    static const uint8_t want[8] = { 4, 0, 0, 0, 0, 0, 0, 0 };

    sems_init();
    tt_mop_program(cfg);
    tt_push(0, TT_MOP_CFG(0xFFFF));
    tt_run_own(TT_MOP(0, 35, 0xFFFF));
    check_sems(C0, "template 0, 36 iterations over a 32-bit mask", want);
}

/*
 * Template 1, OuterCount = 0x83 & 127 = 3, InnerCount = 0x182 & 127 = 2,
 * LoopOp1 not NOP: the inner loop alternates LoopOp (sem 3) / LoopOp1
 * (sem 4) for 4 iterations, the last replaced by Loop1Last (sem 6) on
 * outer iterations 0 and 1 and by Loop0Last (sem 5) on the last one:
 * per outer iteration StartOp, LoopOp, LoopOp1, LoopOp, Last, EndOp0,
 * EndOp1.  Sems: 3 3 3 6 3 1 2 0.
 */
static void t0_template1_counts(void)
{
    static const uint32_t cfg[9] = {
        0xFFFFFF83u, 0x182, POST(0), POST(1), POST(2), POST(3), POST(4),
        POST(5), POST(6),
    };
    static const uint8_t want[8] = { 3, 3, 3, 6, 3, 1, 2, 0 };

    sems_init();
    tt_mop_program(cfg);
    tt_run_own(TT_MOP(1, 0, 0));
    check_sems(C0, "template 1, 3 x 2 with LoopOp1", want);
}

/*
 * Order: OuterCount 2, InnerCount 1, LoopOp1 NOP.  Sequence: StartOp
 * (half 22 = 1111), Loop1Last (half 22 = 3333), EndOp0 (half 24 = 5555),
 * EndOp1 (half 26 = 6666), StartOp (half 22 = 1111), Loop0Last (half 23 =
 * 4444), EndOp0, EndOp1.  LoopOp (half 25) is never emitted: the only
 * inner iteration is always the last.
 */
static void t0_template1_order(void)
{
    static const uint32_t cfg[9] = {
        2, 1, TT_SETDMAREG(22, 0x1111), TT_SETDMAREG(24, 0x5555),
        TT_SETDMAREG(26, 0x6666), TT_SETDMAREG(25, 0x2222), TT_NOP,
        TT_SETDMAREG(23, 0x4444), TT_SETDMAREG(22, 0x3333),
    };

    for (int h = 22; h <= 27; h++) {
        tt_push(0, TT_SETDMAREG(h, 0));
    }
    tt_mop_program(cfg);
    tt_run_own(TT_MOP(1, 0, 0));
    check(C0, "template 1 order: GPR[11] (Loop0Last, then StartOp last)",
          TT_GPR(11), 0x44441111);
    check(C0, "template 1 order: GPR[12] (EndOp0; LoopOp never)",
          TT_GPR(12), 0x00005555);
    check(C0, "template 1 order: GPR[13] (EndOp1)", TT_GPR(13), 0x6666);
}

/*
 * Only plain NOP (0x02) counts as NOP.  DMANOP as StartOp, LoopOp1 and
 * EndOp0: OuterCount 2, InnerCount 3 doubled to 6 (LoopOp, DMANOP, LoopOp,
 * DMANOP, LoopOp, Last): LoopOp (sem 0) 3 per outer iteration; EndOp1
 * (sem 3) follows the non-NOP EndOp0.  Sems 6 1 1 2.
 * The same with plain NOPs: InnerCount 3 (LoopOp, LoopOp, Last), EndOp1
 * not used after a NOP EndOp0.  Sems 4 1 1 0.
 */
static void t0_template1_nops(void)
{
    static const uint32_t cfg_dmanop[9] = {
        2, 3, TT_DMANOP, TT_DMANOP, POST(3), POST(0), TT_DMANOP, POST(1),
        POST(2),
    };
    static const uint32_t cfg_nop[9] = {
        2, 3, TT_NOP, TT_NOP, POST(3), POST(0), TT_NOP, POST(1), POST(2),
    };
    static const uint8_t want_dmanop[8] = { 6, 1, 1, 2, 0, 0, 0, 0 };
    static const uint8_t want_nop[8] = { 4, 1, 1, 0, 0, 0, 0, 0 };

    sems_init();
    tt_mop_program(cfg_dmanop);
    tt_run_own(TT_MOP(1, 0, 0));
    check_sems(C0, "template 1, DMANOP is not NOP", want_dmanop);

    sems_init();
    tt_mop_program(cfg_nop);
    tt_run_own(TT_MOP(1, 0, 0));
    check_sems(C0, "template 1, plain NOPs skipped", want_nop);
}

/*
 * The hardware bug: OuterCount 1, StartOp NOP, InnerCount 0 (LoopOp1 is
 * not NOP, but 0 doubled is 0), EndOp0 not NOP: OuterCount becomes 129.
 * Each outer iteration is EndOp0 = SEMWAIT(sem7 == 0), EndOp1 = SEMGET
 * (sem7): one token each.  After 5 tokens the expansion is still going
 * (MOP and Sync classes in tt_cfg_qstatus); TRISC1 then posts 111 more,
 * checks that TRISC0's MOPExpanderDoneCheck is still waiting (13
 * iterations, 26 instructions, still to come: more than the 11 that the
 * FIFOs after the expander and the Wait Gate hold on silicon), posts the
 * last 13 and sees it return; the 130th token is not consumed.
 */
static void t0_quirk_mopsync(TTResult *r)
{
    static const uint32_t cfg[9] = {
        1, 0, TT_NOP, TOKEN_WAIT, TOKEN_TAKE, POST(0), POST(1), POST(2),
        POST(3),
    };
    static const uint8_t want[8] = { 0, 0, 0, 0, 0, 0, 0, 0 };
    uint32_t q, reply;

    sems_init();
    tt_mop_program(cfg);
    tt_push(0, TT_MOP(1, 0, 0));
    for (int k = 0; k < 5; k++) {
        sem_post(TOKEN_SEM);
        check_idx(C0, "quirk: token consumed", k, sem(TOKEN_SEM), 0);
    }
    q = TT_CSR_READ(TT_CSR_QSTATUS);
    check(C0, "qstatus MOP and Sync while the expansion waits",
          q & (Q_MOP | Q_SYNC), Q_MOP | Q_SYNC);
    check(C0, "qstatus or-reduced MOP and Sync",
          (q >> TT_Q_OTHERS_SHIFT) & (Q_MOP | Q_SYNC), Q_MOP | Q_SYNC);

    TT_REG(TT_MBOX(TT_MBOX_T(1))) = CMD_MOPSYNC;
    r->step = 1;
    mop_sync();                 /* returns once the expansion is over */
    r->step = 2;
    q = TT_CSR_READ(TT_CSR_QSTATUS);
    check(C0, "qstatus MOP after MOPExpanderDoneCheck", q & Q_MOP, 0);
    tt_ttsync();
    reply = TT_REG(TT_MBOX(TT_MBOX_T(1)));
    check(C0, "TRISC1 reply (tokens)", reply, MSG_T1_DONE);
    check_sems(C0, "quirk: no LoopOp emitted, all tokens taken", want);
}

/* The conditions of the bug, one at a time not met */
static void t0_quirk_variants(void)
{
    static const struct {
        const char *what;
        uint32_t cfg[9];
        uint8_t want[8];
    } v[] = {
        { "quirk: OuterCount 2 -> 2 iterations",
          { 2, 0, TT_NOP, POST(0), TT_NOP, POST(5), TT_NOP, POST(5),
            POST(5) }, { 2, 0, 0, 0, 0, 0, 0, 0 } },
        { "quirk: StartOp not NOP -> 1 iteration",
          { 1, 0, POST(1), POST(0), TT_NOP, POST(5), TT_NOP, POST(5),
            POST(5) }, { 1, 1, 0, 0, 0, 0, 0, 0 } },
        { "quirk: InnerCount 1 -> 1 iteration, Loop0Last",
          { 1, 1, TT_NOP, POST(0), TT_NOP, POST(2), TT_NOP, POST(2),
            POST(3) }, { 1, 0, 1, 0, 0, 0, 0, 0 } },
        { "quirk: EndOp0 NOP -> nothing (EndOp1 unused)",
          { 1, 0, TT_NOP, TT_NOP, POST(3), POST(5), TT_NOP, POST(5),
            POST(5) }, { 0, 0, 0, 0, 0, 0, 0, 0 } },
        { "OuterCount 0 -> nothing",
          { 0, 3, POST(4), POST(4), POST(4), POST(4), TT_NOP, POST(4),
            POST(4) }, { 0, 0, 0, 0, 0, 0, 0, 0 } },
    };

    for (unsigned i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
        sems_init();
        tt_mop_program(v[i].cfg);
        tt_run_own(TT_MOP(1, 0, 0));
        check_sems(C0, v[i].what, v[i].want);
    }
}

/*
 * Blackhole (assembly.yaml, MOP zmask_lo16_or_loop_count / loop_count):
 * for template 1, non-zero instruction bits 9:0 replace InnerCount and
 * non-zero {bits 19:16, bits 15:10} replace OuterCount.  Wormhole's
 * template 1 ignores the instruction's fields.
 *  (a) MopCfg 1 x 1, MOP bits 15:0 = (2 << 10) | 3: Blackhole 2 x 3:
 *      LoopOp (sem 0) 2 per outer, Loop1Last (sem 2), Loop0Last (sem 1),
 *      EndOp0 (sem 3) twice; Wormhole 1 x 1: Loop0Last, EndOp0.
 *  (b) MopCfg OuterCount 3, MOP bits 22:16 = 1: Blackhole OuterCount 64,
 *      Wormhole 3 (tokens count the outer iterations).
 *  (c) MOP bits 22:20 only: outside both fields, OuterCount 3 on both.
 *  (d) InnerCount override with LoopOp1: MopCfg 1 x 1, MOP bits 9:0 = 2:
 *      Blackhole 4 inner iterations LoopOp, LoopOp1, LoopOp, Loop0Last;
 *      Wormhole 2: LoopOp, Loop0Last.
 */
static void t0_count_override(void)
{
    static const uint32_t cfg_a[9] = {
        1, 1, TT_NOP, POST(3), TT_NOP, POST(0), TT_NOP, POST(1), POST(2),
    };
    static const uint32_t cfg_b[9] = {
        3, 0, TT_NOP, TOKEN_WAIT, TOKEN_TAKE, TT_NOP, TT_NOP, TT_NOP, TT_NOP,
    };
    static const uint32_t cfg_d[9] = {
        1, 1, TT_NOP, TT_NOP, TT_NOP, POST(0), POST(1), POST(2), POST(3),
    };
#ifdef TT_ARCH_BH
    static const uint8_t want_a[8] = { 4, 1, 1, 2, 0, 0, 0, 0 };
    static const uint8_t want_d[8] = { 2, 1, 1, 0, 0, 0, 0, 0 };
    const uint32_t want_b = 64;
#else
    static const uint8_t want_a[8] = { 0, 1, 0, 1, 0, 0, 0, 0 };
    static const uint8_t want_d[8] = { 1, 0, 1, 0, 0, 0, 0, 0 };
    const uint32_t want_b = 3;
#endif

    sems_init();
    tt_mop_program(cfg_a);
    tt_run_own(TT_MOP(1, 0, (2 << 10) | 3));
    check_sems(C0, "template 1 count fields (a)", want_a);

    sems_init();
    tt_mop_program(cfg_b);
    tt_push(0, TT_MOP(1, 0x01, 0));
    check(C0, "template 1 count fields (b): outer iterations",
          count_tokens(80), want_b);
    tt_push(0, TT_MOP(1, 0x70, 0));
    check(C0, "template 1 count fields (c): bits 22:20", count_tokens(80), 3);
    tt_ttsync();

    sems_init();
    tt_mop_program(cfg_d);
    tt_run_own(TT_MOP(1, 0, 2));
    check_sems(C0, "template 1 count fields (d)", want_d);
}

/*
 * MopCfg and MaskHi are per thread.  TRISC0 programs 1 x 2 LoopOp = sem 0
 * and MaskHi 2; TRISC1 programs 1 x 3 LoopOp = sem 1 and MaskHi 0xFFFF and
 * runs its MOP (sem 1 = 3).  TRISC0's MOP still gives sem 0 = 2, and its
 * template 0 over Mask 0x00020000 (Count1 17) skips once (sem 3 = 1; with
 * TRISC1's MaskHi it would be 2) and emits InsnA0 17 times (sem 2
 * saturates at 15).
 */
static void t0_per_thread(void)
{
    static const uint32_t cfg_a[9] = {
        1, 2, TT_NOP, TT_NOP, TT_NOP, POST(0), TT_NOP, POST(0), POST(0),
    };
    static const uint32_t cfg_c[9] = {
        0, 0, TT_NOP, POST(2), TT_NOP, TT_NOP, TT_NOP, POST(3), TT_NOP,
    };
    static const uint8_t want[8] = { 2, 3, 15, 1, 0, 0, 0, 0 };
    uint32_t reply;

    sems_init();
    tt_mop_program(cfg_a);
    tt_push(0, TT_MOP_CFG(0x0002));
    TT_REG(TT_MBOX(TT_MBOX_T(1))) = CMD_PERTHREAD;
    reply = TT_REG(TT_MBOX(TT_MBOX_T(1)));
    check(C0, "TRISC1 reply (per-thread MopCfg)", reply, MSG_T1_DONE);
    check(C0, "sem 0 after TRISC1's MOP", sem(0), 0);
    tt_run_own(TT_MOP(1, 0, 0));
    tt_mop_program(cfg_c);
    tt_run_own(TT_MOP(0, 17, 0x0000));
    check_sems(C0, "per-thread MopCfg and MaskHi", want);
}

/*
 * BRISC pushes MOP(1, 0, 0), MOP_CFG(0x1234) and SETDMAREG into thread 0:
 * they enter after the MOP expander, so the MOP is not expanded (sem 6
 * stays 0), MaskHi stays 2 (template 0 over 0x00020000 skips once: sem 3
 * = 1; with 0x1234 it would not skip) and the SETDMAREG executes.
 */
static void t0_brisc_mop(void)
{
    static const uint32_t cfg[9] = {
        1, 1, TT_NOP, TT_NOP, TT_NOP, POST(6), TT_NOP, POST(6), POST(6),
    };
    static const uint32_t cfg_c[9] = {
        0, 0, TT_NOP, POST(2), TT_NOP, TT_NOP, TT_NOP, POST(3), TT_NOP,
    };
    uint32_t reply;

    tt_push(0, TT_SETDMAREG(30, 0));
    sems_init();
    tt_mop_program(cfg);
    TT_REG(TT_MBOX(TT_MBOX_B)) = MSG_READY;
    reply = TT_REG(TT_MBOX(TT_MBOX_B));
    check(C0, "BRISC reply", reply, MSG_PUSHED);
    tt_ttsync();
    check(C0, "MOP pushed by BRISC not expanded (sem 6)", sem(6), 0);
    check(C0, "SETDMAREG pushed by BRISC after its MOP", TT_GPR(15) & 0xFFFF,
          0xB0B0);
    sems_init();
    tt_mop_program(cfg_c);
    tt_run_own(TT_MOP(0, 17, 0x0000));
    check(C0, "MaskHi after BRISC's MOP_CFG (sem 3)", sem(3), 1);
}

static void trisc0(TTResult *r)
{
    t0_template0_reset();
    t0_template0_full();
    t0_template0_long();
    t0_template1_counts();
    t0_template1_order();
    t0_template1_nops();
    t0_quirk_mopsync(r);
    t0_quirk_variants();
    t0_count_override();
    t0_per_thread();
    t0_brisc_mop();
    sems_init();
    TT_REG(TT_MBOX(TT_MBOX_T(1))) = CMD_QUIT;
    r->step = 3;
    r->magic = TT_RESULT_MAGIC;
    TT_REG(TT_MBOX(TT_MBOX_B)) = MSG_DONE(0);
}

/* ------------------------------------------------------------------ */
/* TRISC1: helper                                                     */
/* ------------------------------------------------------------------ */

#define C1 TT_TRISC1

static void t1_mopsync(void)
{
    TTResult *r0 = &tt_results[TT_TRISC0];
    bool ok = true;

    check(C1, "TRISC0 about to wait in MOPExpanderDoneCheck",
          tt_wait_eq(&r0->step, 1, 5000), 1);
    for (int k = 0; k < 111; k++) {
        sem_post(TOKEN_SEM);
        ok &= sem(TOKEN_SEM) == 0;
    }
    check(C1, "tokens 6-116 consumed", ok, 1);
    tt_delay_ms(20);
    check(C1, "MOPExpanderDoneCheck still waiting with 13 iterations left",
          r0->step, 1);
    for (int k = 0; k < 13; k++) {
        sem_post(TOKEN_SEM);
        ok &= sem(TOKEN_SEM) == 0;
    }
    check(C1, "tokens 117-129 consumed", ok, 1);
    check(C1, "MOPExpanderDoneCheck returned after the expansion",
          tt_wait_eq(&r0->step, 2, 5000), 1);
    sem_post(TOKEN_SEM);
    check(C1, "token 130 not consumed (129 iterations)", sem(TOKEN_SEM), 1);
    sem_get(TOKEN_SEM);
}

static void t1_per_thread(void)
{
    static const uint32_t cfg_b[9] = {
        1, 3, TT_NOP, TT_NOP, TT_NOP, POST(1), TT_NOP, POST(1), POST(1),
    };

    tt_mop_program(cfg_b);
    tt_push(0, TT_MOP_CFG(0xFFFF));
    tt_run_own(TT_MOP(1, 0, 0));
    check(C1, "TRISC1's own MOP (sem 1)", sem(1), 3);
}

static void trisc1(TTResult *r)
{
    for (;;) {
        uint32_t cmd = TT_REG(TT_MBOX(TT_MBOX_T(0)));

        if (cmd == CMD_MOPSYNC) {
            t1_mopsync();
        } else if (cmd == CMD_PERTHREAD) {
            t1_per_thread();
        } else {
            check(C1, "command from TRISC0", cmd, CMD_QUIT);
            break;
        }
        TT_REG(TT_MBOX(TT_MBOX_T(0))) = MSG_T1_DONE;
    }
    r->magic = TT_RESULT_MAGIC;
}

/* ------------------------------------------------------------------ */
/* TRISC2: soft reset discards the expansion in progress              */
/* ------------------------------------------------------------------ */

#define C2 TT_TRISC2

/*
 * First run: a 129-iteration token MOP (the bug again), 3 tokens taken,
 * then BRISC puts TRISC2 through a soft reset.  Second run: the MOP
 * expander's contents were discarded (SoftReset.md), so at most what had
 * already left the expander remains: on silicon at most 11 instructions
 * (FIFOs of 8 and 2 after the expander, and the Wait Gate), i.e. at most
 * 6 SEMGETs, instead of 126.  MopCfg is configuration, not an instruction:
 * the same MOP again takes all 129 tokens.
 */
static void trisc2(TTResult *r)
{
    static const uint32_t cfg[9] = {
        1, 0, TT_NOP, TOKEN_WAIT, TOKEN_TAKE, TT_NOP, TT_NOP, TT_NOP, TT_NOP,
    };
    uint32_t n, q;

    if (r->step == 0) {
        check(C2, "go from BRISC", TT_REG(TT_MBOX(TT_MBOX_B)), MSG_GO);
        sems_init();
        tt_mop_program(cfg);
        tt_push(0, TT_MOP(1, 0, 0));
        for (int k = 0; k < 3; k++) {
            sem_post(TOKEN_SEM);
            check_idx(C2, "soft reset: token consumed", k, sem(TOKEN_SEM),
                      0);
        }
        q = TT_CSR_READ(TT_CSR_QSTATUS);
        check(C2, "qstatus MOP before the soft reset", q & Q_MOP, Q_MOP);
        r->step = 1;
        TT_REG(TT_MBOX(TT_MBOX_B)) = MSG_READY;
        for (;;) {
            (void)TT_REG(TT_MBOX(TT_MBOX_B));   /* until the reset */
        }
    }
    r->step = 2;
    n = count_tokens(140);
    check(C2, "soft reset: at least the SEMGET at the Wait Gate remains",
          n >= 1, 1);
    check(C2, "soft reset: expansion discarded (tokens taken <= 6)", n <= 6,
          1);
    tt_ttsync();
    q = TT_CSR_READ(TT_CSR_QSTATUS);
    check(C2, "qstatus after the soft reset", q & (Q_MOP | Q_SYNC), 0);
    mop_sync();
    tt_push(0, TT_MOP(1, 0, 0));
    check(C2, "MopCfg kept across soft reset (129 tokens)",
          count_tokens(140), 129);
    tt_ttsync();
    r->magic = TT_RESULT_MAGIC;
    TT_REG(TT_MBOX(TT_MBOX_B)) = MSG_DONE(2);
}

void trisc_main(int t)
{
    TTResult *r = &tt_results[TT_TRISC0 + t];
    uint32_t errors = tt_common_checks(TT_TRISC0 + t, r);

    check(TT_TRISC0 + t, "common checks", errors, 0);
    if (t == 0) {
        trisc0(r);
    } else if (t == 1) {
        trisc1(r);
    } else {
        trisc2(r);
    }
}

void ncrisc_main(void)
{
    tt_common_only(TT_NCRISC);
}

/* ------------------------------------------------------------------ */
/* BRISC                                                              */
/* ------------------------------------------------------------------ */

#define CB TT_BRISC

static void expect_msg(int t, uint32_t want, const char *what)
{
    uint32_t v = 0;
    bool ok = tt_mbox_recv(t, &v, 10000);

    check(CB, what, ok ? v : 0xDEAD, want);
}

int brisc_main(void)
{
    uint32_t total = 0, failed = 0;

    tt_printf("frontend_mop (%s): MOP expander\n", TT_ARCH_NAME);
    check(CB, "BRISC common checks",
          tt_common_checks(CB, &tt_results[CB]), 0);

    /* Enters T0 after its MOP expander: dropped, MaskHi stays 0 */
    tt_push(0, TT_MOP_CFG(0xFFFF));

    tt_set_reset_pcs();
    tt_soft_reset(0);

    expect_msg(0, MSG_READY, "TRISC0 ready for BRISC's MOP");
    tt_push(0, TT_MOP(1, 0, 0));
    tt_push(0, TT_MOP_CFG(0x1234));
    tt_push(0, TT_SETDMAREG(30, 0xB0B0));
    TT_REG(TT_MBOX(TT_MBOX_T(0))) = MSG_PUSHED;
    expect_msg(0, MSG_DONE(0), "TRISC0 done");
    check(CB, "TRISC1 done", tt_wait_eq(&tt_results[TT_TRISC1].magic,
                                        TT_RESULT_MAGIC, 5000), 1);

    TT_REG(TT_MBOX(TT_MBOX_T(2))) = MSG_GO;
    expect_msg(2, MSG_READY, "TRISC2 MOP in progress");
    tt_soft_reset(TT_RESET_TRISC2);
    tt_soft_reset(0);
    expect_msg(2, MSG_DONE(2), "TRISC2 done after its soft reset");

    for (int c = 0; c < TT_NUM_CORES; c++) {
        uint32_t n = fail_count[c];

        if (c == TT_NCRISC) {
            continue;
        }
        total += check_count[c];
        failed += n;
        for (uint32_t i = 0; i < n && i < TT_MAX_FAILS; i++) {
            TTFailRec *f = &fail_log[c][i];

            if (f->idx >= 0) {
                tt_printf("  FAIL %s: %s [%d]: got %u, expected %u\n",
                          tt_core_name[c], f->what, f->idx, f->got, f->want);
            } else {
                tt_printf("  FAIL %s: %s: got 0x%x, expected 0x%x\n",
                          tt_core_name[c], f->what, f->got, f->want);
            }
        }
    }
    if (failed) {
        tt_printf("frontend_mop: FAILED (%u of %u checks)\n", failed, total);
        return 1;
    }
    tt_printf("  %u checks\n", total);
    tt_printf("frontend_mop: all checks passed\n");
    return 0;
}
