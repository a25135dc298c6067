/*
 * qemu-tensix test: instruction FIFO back-pressure and Wait Gate blocking
 *
 * TRISC0 closes its thread's Wait Gate (SEMINIT sem0 = 0, max 1, then
 * SEMWAIT "while sem0 == 0" blocking everything) and pushes 40 SETDMAREG
 * instructions, the first 20 by stores to INSTRN_BUF, the rest as
 * .ttinsn.  The FIFO fills (32 entries on Wormhole, accepting while
 * count <= 28 on Blackhole) and TRISC0 stalls on a push.  BRISC sees the
 * FIFO full and not empty in INSTRN_BUF_STATUS, the stall after exactly
 * the FIFO's capacity of pushes, and T0's GPRs still untouched.  It then
 * asks TRISC1 (by mailbox) to post sem0 through PC_BUF; the gate opens,
 * T0 drains, TRISC0 finishes its pushes, fences with TTSync and reports.
 * BRISC checks all 40 values in T0's GPRs through REGFILE.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "tt.h"

#define SFPU_CC             ((1u << 11) | (1u << 24))   /* tt_cfg_qstatus */

#define NUM_PUSHES          40
#define NUM_BY_STORE        20
#define FIRST_HALF          16              /* GPR 8 low half */
#define FIRST_GPR           (FIRST_HALF / 2)
#define FIFO_VALUE(k)       (0xC000u + 0x101u * (k))
#define FIFO_CAPACITY       (TT_FIFO_ACCEPT_MAX + 1)
#define GO_TOKEN            0x60000001u
#define REPORT_TAG(t)       (0xF1F00000u | ((uint32_t)(t) << 16))

/* Program-specific error bits */
#define E_GPR_OWN           (TT_E_FIRST_PROGRAM << 0)
#define E_SEM               (TT_E_FIRST_PROGRAM << 1)
#define E_TOKEN             (TT_E_FIRST_PROGRAM << 2)

/* GPR FIRST_GPR + j as the 40 pushes leave it */
static uint32_t expected_gpr(int j)
{
    return (FIFO_VALUE(2 * j + 1) << 16) | FIFO_VALUE(2 * j);
}

/* ------------------------------------------------------------------ */
/* TRISC0: fills its FIFO behind a closed Wait Gate                   */
/* ------------------------------------------------------------------ */

#define PUSH_TTI(k)                                                     \
    do {                                                                \
        TTI(TT_SETDMAREG(FIRST_HALF + (k), FIFO_VALUE(k)));             \
        r->step = (k) + 1;                                              \
    } while (0)
#define PUSH_TTI4(k)                                                    \
    do {                                                                \
        PUSH_TTI(k);                                                    \
        PUSH_TTI((k) + 1);                                              \
        PUSH_TTI((k) + 2);                                              \
        PUSH_TTI((k) + 3);                                              \
    } while (0)

static void trisc0(TTResult *r, uint32_t errors)
{
    uint32_t sem;

    /* Close the gate: sem0 = 0 (max 1); wait while sem0 == 0, block all */
    tt_push(0, TT_SEMINIT(1u << 0, 0, 1));
    TTI(TT_SEMWAIT(TT_BLOCK_ALL, 1u << 0, TT_SEMWAIT_ZERO));

    for (int k = 0; k < NUM_BY_STORE; k++) {
        tt_push(0, TT_SETDMAREG(FIRST_HALF + k, FIFO_VALUE(k)));
        r->step = k + 1;
    }
    /* The FIFO fills in here: this core stalls on one of these */
    PUSH_TTI4(20);
    PUSH_TTI4(24);
    PUSH_TTI4(28);
    PUSH_TTI4(32);
    PUSH_TTI4(36);
    _Static_assert(NUM_PUSHES == 40 && NUM_BY_STORE == 20, "unrolled");

    /* Take sem0 back to 0, then wait for the thread to finish everything */
    TTI(TT_SEMGET(1u << 0));
    tt_ttsync();

    for (int j = 0; j < NUM_PUSHES / 2; j++) {
        uint32_t v = TT_GPR(FIRST_GPR + j);

        if (v != expected_gpr(j)) {
            errors |= E_GPR_OWN;
            r->data[0] = FIRST_GPR + j;
            r->data[1] = v;
        }
    }
    sem = TT_REG(TT_SEM(0));
    r->data[2] = sem;
    if (sem != 0) {
        errors |= E_SEM;
    }
    tt_publish(r, errors);
    TT_REG(TT_MBOX(TT_MBOX_B)) = REPORT_TAG(0) | (errors & 0xFFFF);
}

/* ------------------------------------------------------------------ */
/* TRISC1: posts sem0 through PC_BUF when BRISC says so               */
/* ------------------------------------------------------------------ */

static void trisc1(TTResult *r, uint32_t errors)
{
    uint32_t token;

    r->step = 1;
    token = TT_REG(TT_MBOX(TT_MBOX_B));     /* blocks until BRISC writes */
    r->data[0] = token;
    if (token != GO_TOKEN) {
        errors |= E_TOKEN;
    }
    r->step = 2;
    TT_REG(TT_SEM(0)) = 0;                  /* even value: SEMPOST */
    r->step = 3;
    tt_publish(r, errors);
    TT_REG(TT_MBOX(TT_MBOX_B)) = REPORT_TAG(1) | (errors & 0xFFFF);
}

void trisc_main(int t)
{
    /* TRISC2 is not released in this test */
    static TTTriscFn *const fn[3] = { trisc0, trisc1, NULL };

    tt_trisc_dispatch(t, fn);
}

void ncrisc_main(void)
{
    /* Not released in this test */
}

/* ------------------------------------------------------------------ */
/* BRISC                                                              */
/* ------------------------------------------------------------------ */

int brisc_main(void)
{
    TTResult *r0 = &tt_results[TT_TRISC0];
    TTResult *r1 = &tt_results[TT_TRISC1];
    uint32_t status, step, q, tag, nonzero = 0, good = 0;
    uint64_t deadline;
    bool ok;

    tt_printf("fifo_block (%s): T0 FIFO back-pressure behind a closed Wait "
              "Gate\n", TT_ARCH_NAME);
    tt_brisc_common_checks();

    tt_set_reset_pcs();
    tt_soft_reset(TT_RESET_NCRISC | TT_RESET_TRISC2);   /* run T0, T1 */

    /* T0's FIFO fills up */
    deadline = tt_deadline_ms(5000);
    do {
        status = TT_REG(TT_INSTRN_BUF_STATUS);
    } while ((status & 1) && !tt_expired(deadline));
    tt_check(!(status & 1), "INSTRN_BUF_STATUS bit 0 (T0 not full)", status, 0);
    tt_check(!(status & 0x10), "INSTRN_BUF_STATUS bit 4 (T0 empty)", status, 0);

    /* TRISC0 stalls after exactly the FIFO's capacity of pushes */
    ok = tt_wait_eq(&r0->step, FIFO_CAPACITY, 2000);
    tt_delay_ms(200);
    step = r0->step;
    tt_check(ok && step == FIFO_CAPACITY,
             "pushes accepted before TRISC0 stalled", step, FIFO_CAPACITY);
    status = TT_REG(TT_INSTRN_BUF_STATUS);
    tt_check((status & 0x11) == 0, "INSTRN_BUF_STATUS still full, not empty",
             status, 0);
    for (int j = 0; j < NUM_PUSHES / 2; j++) {
        nonzero |= TT_GPR_OF(0, FIRST_GPR + j);
    }
    tt_check(nonzero == 0, "T0 GPRs before the gate opens", nonzero, 0);
    tt_check(!TT_REG(TT_MBOX(TT_MBOX_T(0)) + 4), "TRISC0 report while stalled",
             1, 0);
    q = TT_CSR_READ(TT_CSR_QSTATUS);
    tt_printf("  T0 FIFO full: INSTRN_BUF_STATUS=0x%02x, TRISC0 stalled "
              "after %u pushes (capacity %u), GPR[%u..%u] still 0, "
              "BRISC qstatus=0x%x\n", status, step, FIFO_CAPACITY,
              FIRST_GPR, FIRST_GPR + NUM_PUSHES / 2 - 1, q);

    /* TRISC1 opens the gate with a SEMPOST through PC_BUF */
    ok = tt_wait_eq(&r1->step, 1, 5000);
    tt_check(ok, "TRISC1 waiting on its mailbox", r1->step, 1);
    TT_REG(TT_MBOX(TT_MBOX_T(1))) = GO_TOKEN;

    for (int t = 0; t < 2; t++) {
        if (!tt_mbox_recv(t, &tag, 5000)) {
            tt_check(false, t ? "TRISC1 report" : "TRISC0 report", 0, 1);
            continue;
        }
        tt_check(tag == REPORT_TAG(t), t ? "TRISC1 report" : "TRISC0 report",
                 tag, REPORT_TAG(t));
        tt_check(tt_results[TT_TRISC0 + t].magic == TT_RESULT_MAGIC &&
                 tt_results[TT_TRISC0 + t].errors == 0,
                 t ? "TRISC1 errors" : "TRISC0 errors",
                 tt_results[TT_TRISC0 + t].errors, 0);
    }
    if (r0->errors & E_GPR_OWN) {
        tt_printf("  TRISC0 saw GPR[%u]=0x%08x\n", r0->data[0], r0->data[1]);
    }
    tt_check(r0->step == NUM_PUSHES, "TRISC0 pushes done", r0->step,
             NUM_PUSHES);

    status = TT_REG(TT_INSTRN_BUF_STATUS);
    tt_check((status & 0x11) == 0x11, "INSTRN_BUF_STATUS after drain (T0)",
             status & 0x11, 0x11);
    for (int j = 0; j < NUM_PUSHES / 2; j++) {
        uint32_t v = TT_GPR_OF(0, FIRST_GPR + j);

        if (v == expected_gpr(j)) {
            good += 2;
        } else {
            tt_printf("  FAIL: T0 GPR[%d]=0x%08x, expected 0x%08x\n",
                      FIRST_GPR + j, v, expected_gpr(j));
            tt_failures++;
        }
    }
    tt_printf("  TRISC1 posted sem0 via PC_BUF; T0 drained: %u/%u SETDMAREG "
              "values in GPR[%u..%u] (e.g. GPR[%u]=0x%08x), sem0 back to %u\n",
              good, NUM_PUSHES, FIRST_GPR, FIRST_GPR + NUM_PUSHES / 2 - 1,
              FIRST_GPR + NUM_PUSHES / 2 - 1,
              TT_GPR_OF(0, FIRST_GPR + NUM_PUSHES / 2 - 1), r0->data[2]);

    /*
     * sfpu_cc (tt_cfg_qstatus bits 11 and 24, CSRs.md): some Vector Unit
     * lane is enabled.  After reset every lane is; SFPENCC EI|RI with Imm2
     * E (UseLaneFlags, LaneFlags false) disables them all, SFPENCC EI with
     * Imm2 0 enables them again (VD 0: no back door).
     */
    q = TT_CSR_READ(TT_CSR_QSTATUS);
    tt_check_eq("qstatus sfpu_cc after reset", q & SFPU_CC, SFPU_CC);
    tt_run(0, TT_INSN(0x8A, (1u << 12) | 2u | 8u));
    q = TT_CSR_READ(TT_CSR_QSTATUS);
    tt_check_eq("qstatus sfpu_cc, no lane enabled", q & SFPU_CC, 0);
    tt_run(0, TT_INSN(0x8A, 2u));
    q = TT_CSR_READ(TT_CSR_QSTATUS);
    tt_check_eq("qstatus sfpu_cc, lanes enabled again", q & SFPU_CC,
                SFPU_CC);

    if (tt_failures) {
        tt_printf("fifo_block: FAILED (%d checks)\n", tt_failures);
        return 1;
    }
    tt_printf("fifo_block: all checks passed\n");
    return 0;
}
