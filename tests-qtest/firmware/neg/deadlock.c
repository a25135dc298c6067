/*
 * qemu-tensix negative test: a deadlock the model must diagnose.
 *
 * TRISC0 leaves Tensix thread T0 held at the Wait Gate behind a SEMWAIT on
 * a semaphore nobody posts, then waits for it with TTSync; BRISC pops the
 * empty TRISC1->BRISC mailbox; the other cores finish and wait for an
 * interrupt.  No core can run again: QEMU must print a "deadlock" warning
 * naming what each core and thread waits for (tests-qtest/firmware/
 * neg/run-neg-tests.sh checks it), and keep running (a host could still
 * intervene).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "tt.h"

void trisc_main(int t)
{
    if (t == 0) {
        tt_push(0, TT_SEMINIT(1u << 0, 0, 1));
        tt_push(0, TT_SEMWAIT(TT_BLOCK_ALL, 1u << 0, TT_SEMWAIT_ZERO));
        tt_push(0, TT_SEMPOST(1u << 1));
        tt_ttsync();                    /* never returns */
    }
}

void ncrisc_main(void)
{
}

int brisc_main(void)
{
    tt_puts("deadlock: BRISC waits for a mailbox word nobody sends\n");
    tt_set_reset_pcs();
    tt_soft_reset(0);
    (void)TT_REG(TT_MBOX(TT_MBOX_T(1)));  /* never returns */
    tt_puts("deadlock: unexpected: the mailbox read returned\n");
    return 1;
}
