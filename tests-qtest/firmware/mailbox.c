/*
 * qemu-tensix test: mailbox semantics (and a tt_cfg_qstatus check)
 *
 * - TRISC0 writes four words to BRISC's mailbox; the fifth write stalls
 *   it until BRISC pops.  BRISC sees them through the +4 status word and
 *   pops all five in order.
 * - BRISC pops TRISC2's (empty) mailbox and stays parked until TRISC2,
 *   woken by a token in its own mailbox, writes.
 * - mhartid reads 0 on all five cores.
 * - TRISC0's tt_cfg_qstatus shows the SYNC class (bit 7, and bit 7 + 13
 *   for "any thread") while a SEMPOST waits behind a SEMWAIT, and not
 *   after the semaphore is posted through PC_BUF.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "tt.h"

#define T0_WORD(n)          (0xA0A00000u | (n))
#define T0_WORDS            5
#define T2_TOKEN            0xB0B0CAFEu
#define T2_WORD             0x72720002u

/* Program-specific error bits */
#define E_TOKEN             (TT_E_FIRST_PROGRAM << 0)
#define E_QSTATUS_HELD      (TT_E_FIRST_PROGRAM << 1)
#define E_QSTATUS_AFTER     (TT_E_FIRST_PROGRAM << 2)
#define E_SEM               (TT_E_FIRST_PROGRAM << 3)

#define Q_SYNC_BOTH         (TT_Q_SYNC | (TT_Q_SYNC << TT_Q_OTHERS_SHIFT))

/* ------------------------------------------------------------------ */
/* TRISC0                                                             */
/* ------------------------------------------------------------------ */

static void trisc0(TTResult *r, uint32_t errors)
{
    uint32_t q;

    /* A SEMPOST held at the Wait Gate behind SEMWAIT(sem1 == 0) */
    tt_push(0, TT_SEMINIT(1u << 1, 0, 1));
    TTI(TT_SEMWAIT(TT_BLOCK_ALL, 1u << 1, TT_SEMWAIT_ZERO));
    TTI(TT_SEMPOST(1u << 2));
    q = TT_CSR_READ(TT_CSR_QSTATUS);
    r->data[0] = q;
    if ((q & Q_SYNC_BOTH) != Q_SYNC_BOTH) {
        errors |= E_QSTATUS_HELD;
    }
    TT_REG(TT_SEM(1)) = 0;          /* SEMPOST sem1: the gate opens */
    tt_ttsync();
    q = TT_CSR_READ(TT_CSR_QSTATUS);
    r->data[1] = q;
    if (q & Q_SYNC_BOTH) {
        errors |= E_QSTATUS_AFTER;
    }
    r->data[2] = TT_REG(TT_SEM(2));
    if (r->data[2] != 1) {
        errors |= E_SEM;
    }
    tt_publish(r, errors);

    /* Four words fit in the mailbox; the fifth write stalls this core */
    for (int n = 0; n < T0_WORDS; n++) {
        TT_REG(TT_MBOX(TT_MBOX_B)) = T0_WORD(n);
        r->step = n + 1;
    }
}

/* ------------------------------------------------------------------ */
/* TRISC2                                                             */
/* ------------------------------------------------------------------ */

static void trisc2(TTResult *r, uint32_t errors)
{
    uint32_t token;

    tt_publish(r, errors);
    r->step = 1;
    token = TT_REG(TT_MBOX(TT_MBOX_B));     /* parks until BRISC writes */
    r->data[0] = token;
    if (token != T2_TOKEN) {
        r->errors |= E_TOKEN;
    }
    r->step = 2;
    /* Take a while: BRISC must still be waiting afterwards */
    tt_delay_ms(50);
    r->step = 3;
    TT_REG(TT_MBOX(TT_MBOX_B)) = T2_WORD;
    r->step = 4;
}

void trisc_main(int t)
{
    static TTTriscFn *const fn[3] = { trisc0, NULL, trisc2 };

    tt_trisc_dispatch(t, fn);
}

void ncrisc_main(void)
{
    tt_common_only(TT_NCRISC);
}

/* ------------------------------------------------------------------ */
/* BRISC                                                              */
/* ------------------------------------------------------------------ */

int brisc_main(void)
{
    TTResult *r0 = &tt_results[TT_TRISC0];
    TTResult *r2 = &tt_results[TT_TRISC2];
    const uint32_t mb_t0 = TT_MBOX(TT_MBOX_T(0));
    const uint32_t mb_t2 = TT_MBOX(TT_MBOX_T(2));
    uint32_t v, step, words[T0_WORDS];
    bool ok;

    tt_printf("mailbox (%s): TRISC0/TRISC2 -> BRISC mailboxes\n",
              TT_ARCH_NAME);
    tt_common_only(TT_BRISC);

    for (int k = 1; k <= 3; k++) {
        v = TT_REG(TT_MBOX(k) + 4);
        tt_check(v == 0, "status of an empty mailbox", v, 0);
    }

    tt_set_reset_pcs();
    tt_soft_reset(0);

    /* TRISC0 fills our mailbox from it, then stalls on the fifth word */
    ok = tt_wait_eq(&r0->step, TT_MBOX_DEPTH, 5000);
    tt_check(ok, "TRISC0 wrote 4 words", r0->step, TT_MBOX_DEPTH);
    v = TT_REG(mb_t0 + 4);
    tt_check(v == 1, "T0->B status with 4 words", v, 1);
    v = TT_REG(mb_t2 + 4);
    tt_check(v == 0, "T2->B status before TRISC2 writes", v, 0);

    /* Blocking pop of an empty mailbox: parks until TRISC2 writes */
    ok = tt_wait_eq(&r2->step, 1, 5000);
    tt_check(ok, "TRISC2 waiting for its token", r2->step, 1);
    TT_REG(mb_t2) = T2_TOKEN;
    v = TT_REG(mb_t2);
    step = r2->step;
    tt_check(v == T2_WORD, "word popped from T2->B", v, T2_WORD);
    tt_check(step >= 3, "TRISC2 progress when BRISC's pop returned", step, 3);
    tt_printf("  T2->B: BRISC's pop of the empty mailbox returned 0x%08x "
              "only after TRISC2 wrote it\n", v);

    /* All that time TRISC0 stayed stalled on its fifth write */
    step = r0->step;
    tt_check(step == TT_MBOX_DEPTH, "TRISC0 stalled on the fifth write", step,
             TT_MBOX_DEPTH);
    for (int n = 0; n < T0_WORDS; n++) {
        words[n] = TT_REG(mb_t0);           /* the fifth may block */
        tt_check(words[n] == T0_WORD(n), "word popped from T0->B", words[n],
                 T0_WORD(n));
    }
    ok = tt_wait_eq(&r0->step, T0_WORDS, 5000);
    tt_check(ok, "TRISC0 done after the pops", r0->step, T0_WORDS);
    v = TT_REG(mb_t0 + 4);
    tt_check(v == 0, "T0->B status once drained", v, 0);
    tt_printf("  T0->B: 4 words queued, TRISC0 stalled on the 5th; popped "
              "0x%08x 0x%08x 0x%08x 0x%08x 0x%08x\n",
              words[0], words[1], words[2], words[3], words[4]);

    /* Every core's own checks (mhartid, cfg0, local RAM) */
    tt_printf("  mhartid:");
    for (int c = 0; c < TT_NUM_CORES; c++) {
        TTResult *r = &tt_results[c];

        ok = tt_wait_eq(&r->magic, TT_RESULT_MAGIC, 5000);
        tt_check(ok, tt_core_name[c], 0, 1);
        tt_check(r->errors == 0, tt_core_name[c], r->errors, 0);
        tt_printf(" %s=%u", tt_core_name[c], r->mhartid);
    }
    tt_printf("\n");
    tt_check(r2->data[0] == T2_TOKEN, "token TRISC2 got", r2->data[0],
             T2_TOKEN);
    tt_printf("  TRISC0 qstatus: 0x%x with a SEMPOST held at the Wait Gate, "
              "0x%x once released (sem2=%u)\n", r0->data[0], r0->data[1],
              r0->data[2]);

    if (tt_failures) {
        tt_printf("mailbox: FAILED (%d checks)\n", tt_failures);
        return 1;
    }
    tt_printf("mailbox: all checks passed\n");
    return 0;
}
