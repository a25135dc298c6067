/*
 * qemu-tensix test: PCBufs and their override bits (BabyRISCV/PCBufs.md,
 * TTSync.md)
 *
 * - BRISC pushes three values into PCBuf 1 (0xFFE90000); TRISC1 pops them
 *   in order from 0xFFE80000 and then blocks on the empty FIFO.
 * - BRISC's read of PCBuf 1 returns only once the FIFO is empty, TRISC1
 *   is blocked reading it and Tensix thread 1 is idle: TRISC1 first holds
 *   its thread busy (a SEMPOST waiting behind SEMWAIT) and records a step
 *   number just before it blocks; BRISC checks the step when its read
 *   returns.
 * - With PCBuf[2].OverrideEn set, TRISC2's read of its empty FIFO returns
 *   OverrideValue at once; with OverrideEn + OverrideBusy, TRISC2's TTSync
 *   returns although its thread is held at the Wait Gate.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "tt.h"

#define PC_BUF_OVERRIDE     0xFFB12090u
#define PCBUF_B(i)          (0xFFE80000u + 0x10000u * (i))  /* BRISC side */
#define PCBUF_T             0xFFE80000u                     /* TRISC side */

#define V(n)                (0x9C0B0000u | (n))
#define OVERRIDE_VALUE      0xA5u

/* PCBuf[2]: OverrideEn bit 20, OverrideBusy bit 21, OverrideValue 22..29 */
#define OVR2_EN             (1u << 20)
#define OVR2_BUSY           (1u << 21)
#define OVR2_VALUE(v)       ((uint32_t)(v) << 22)

#define E_POP_ORDER         (TT_E_FIRST_PROGRAM << 0)
#define E_OVERRIDE_VALUE    (TT_E_FIRST_PROGRAM << 1)
#define E_TTSYNC_BUSY       (TT_E_FIRST_PROGRAM << 2)

static void trisc1(TTResult *r, uint32_t errors)
{
    for (int n = 0; n < 3; n++) {
        uint32_t v = TT_REG(PCBUF_T);

        r->data[n] = v;
        if (v != V(n)) {
            errors |= E_POP_ORDER;
        }
    }
    r->errors = errors;
    /* Keep Tensix thread 1 busy: a SEMPOST held behind SEMWAIT(sem3) */
    tt_push(0, TT_SEMINIT(1u << 3, 0, 1));
    tt_push(0, TT_SEMWAIT(TT_BLOCK_ALL, 1u << 3, TT_SEMWAIT_ZERO));
    tt_push(0, TT_SEMPOST(1u << 4));
    r->step = 1;
    /* Wait for BRISC's go-ahead through the mailbox, then release it */
    (void)TT_REG(TT_MBOX(TT_MBOX_B));
    r->step = 2;
    TT_REG(TT_SEM(3)) = 0;              /* SEMPOST sem3: thread drains */
    r->step = 3;
    r->magic = TT_RESULT_MAGIC;
    r->data[3] = TT_REG(PCBUF_T);       /* blocks: FIFO empty */
    r->step = 4;
}

static void trisc2(TTResult *r, uint32_t errors)
{
    uint32_t v;

    /* Wait for BRISC to set the override bits */
    (void)TT_REG(TT_MBOX(TT_MBOX_B));
    v = TT_REG(PCBUF_T);                /* empty, OverrideEn: value */
    r->data[0] = v;
    if (v != OVERRIDE_VALUE) {
        errors |= E_OVERRIDE_VALUE;
    }
    /* Thread 2 held at the Wait Gate; TTSync returns thanks to Busy */
    tt_push(0, TT_SEMINIT(1u << 5, 0, 1));
    tt_push(0, TT_SEMWAIT(TT_BLOCK_ALL, 1u << 5, TT_SEMWAIT_ZERO));
    tt_push(0, TT_SEMPOST(1u << 6));
    tt_ttsync();
    r->data[1] = TT_REG(TT_SEM(6));     /* SEMPOST still held: 0 */
    if (r->data[1] != 0) {
        errors |= E_TTSYNC_BUSY;
    }
    TT_REG(TT_SEM(5)) = 0;              /* release the thread */
    tt_publish(r, errors);
}

void trisc_main(int t)
{
    static TTTriscFn *const fn[3] = { NULL, trisc1, trisc2 };

    tt_trisc_dispatch(t, fn);
}

void ncrisc_main(void)
{
    tt_common_only(TT_NCRISC);
}

int brisc_main(void)
{
    TTResult *r1 = &tt_results[TT_TRISC1];
    TTResult *r2 = &tt_results[TT_TRISC2];
    uint32_t v, step;
    bool ok;

    tt_printf("pcbuf (%s): BRISC -> TRISC PC buffers\n", TT_ARCH_NAME);
    tt_common_only(TT_BRISC);
    v = TT_REG(PC_BUF_OVERRIDE);
    tt_check(v == 0, "TRISC_PC_BUF_OVERRIDE after reset", v, 0);

    for (int n = 0; n < 3; n++) {
        TT_REG(PCBUF_B(1)) = V(n);
    }
    tt_set_reset_pcs();
    tt_soft_reset(0);

    /* TRISC1 popped 3 values and holds its thread busy */
    ok = tt_wait_eq(&r1->step, 1, 5000);
    tt_check(ok, "TRISC1 popped its values", r1->step, 1);
    TT_REG(TT_MBOX(TT_MBOX_T(1))) = 1;      /* go */
    v = TT_REG(PCBUF_B(1));                 /* waits for all three */
    step = r1->step;
    tt_check(step == 3, "TRISC1 blocked reading when BRISC's read returned",
             step, 3);
    tt_check(v == 0, "value of BRISC's PCBuf read", v, 0);

    /* TRISC1 is still blocked: push one more value to let it finish */
    TT_REG(PCBUF_B(1)) = V(7);
    ok = tt_wait_eq(&r1->step, 4, 5000);
    tt_check(ok, "TRISC1 got the last value", r1->step, 4);
    tt_check(r1->data[3] == V(7), "last value", r1->data[3], V(7));

    /* Override bits of PCBuf 2 */
    TT_REG(PC_BUF_OVERRIDE) = OVR2_EN | OVR2_BUSY | OVR2_VALUE(OVERRIDE_VALUE);
    v = TT_REG(PC_BUF_OVERRIDE);
    tt_check(v == (OVR2_EN | OVR2_BUSY | OVR2_VALUE(OVERRIDE_VALUE)),
             "TRISC_PC_BUF_OVERRIDE read back", v,
             OVR2_EN | OVR2_BUSY | OVR2_VALUE(OVERRIDE_VALUE));
    v = TT_REG(PCBUF_B(2));     /* En + Busy: returns 0 at once */
    tt_check(v == 0, "BRISC read of PCBuf 2 with OverrideBusy", v, 0);
    TT_REG(TT_MBOX(TT_MBOX_T(2))) = 1;      /* go */

    for (int c = 0; c < TT_NUM_CORES; c++) {
        TTResult *r = &tt_results[c];

        ok = tt_wait_eq(&r->magic, TT_RESULT_MAGIC, 5000);
        tt_check(ok, tt_core_name[c], 0, 1);
        tt_check(r->errors == 0, tt_core_name[c], r->errors, 0);
    }
    tt_printf("  TRISC1 popped 0x%08x 0x%08x 0x%08x; TRISC2 override value "
              "0x%x\n", r1->data[0], r1->data[1], r1->data[2], r2->data[0]);
    if (tt_failures) {
        tt_printf("pcbuf: FAILED (%d checks)\n", tt_failures);
        return 1;
    }
    tt_printf("pcbuf: all checks passed\n");
    return 0;
}
