/*
 * qemu-tensix demo: all five baby cores of a Tensix tile at work
 *
 * BRISC points the reset PCs of NCRISC and TRISC0-2 at this image and
 * releases them.  Every core checks mhartid (0) and cfg0 (reset value),
 * writes a signature into its private local RAM and reads it back, and
 * leaves a result record in L1.  Each TRISC drives its Tensix thread:
 * SEMPOST by .ttinsn, SETDMAREG by a store to INSTRN_BUF, a TTSync fence,
 * then reads its GPR and semaphore back and reports to BRISC through a
 * mailbox.  BRISC collects everything, reads the three threads' GPRs
 * through its REGFILE window, pushes instructions into all three threads
 * itself and prints a report.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "tt.h"

#define DEMO_GPR            5
#define DEMO_GPR_VALUE(t)   (0xDA7A0000u | (0x1111u * ((t) + 1)))
#define BRISC_GPR           7
#define BRISC_GPR_VALUE(t)  (0xB15C7000u | (t))
#define REPORT_TAG(t)       (0x7E500000u | ((uint32_t)(t) << 16))

/* Program-specific error bits */
#define E_GPR_OWN           (TT_E_FIRST_PROGRAM << 0)  /* TRISC's own view */
#define E_SEM               (TT_E_FIRST_PROGRAM << 1)
#define E_LOCAL_LATER       (TT_E_FIRST_PROGRAM << 2)
#define E_NO_REPORT         (TT_E_FIRST_PROGRAM << 3)
#define E_BAD_REPORT        (TT_E_FIRST_PROGRAM << 4)
#define E_GPR_BRISC         (TT_E_FIRST_PROGRAM << 5)  /* BRISC's view */
#define E_BRISC_PUSH        (TT_E_FIRST_PROGRAM << 6)
#define E_RESET             (TT_E_FIRST_PROGRAM << 7)
#define E_ENTRY             (TT_E_FIRST_PROGRAM << 8)

static const char *const error_names[] = {
    "mhartid != 0", "cfg0 != 0x20000", "local RAM read-back",
    NULL, NULL, NULL, NULL, NULL,
    "own GPR read-back", "semaphore value", "local RAM not private",
    "no report", "bad mailbox report", "GPR seen by BRISC",
    "BRISC push into thread", "SOFT_RESET_0", "wrong start address",
};

static const uintptr_t entry[TT_NUM_CORES] = {
    0, (uintptr_t)_start_ncrisc, (uintptr_t)_start_trisc0,
    (uintptr_t)_start_trisc1, (uintptr_t)_start_trisc2,
};

static void print_errors(uint32_t errors)
{
    for (unsigned b = 0; b < 32; b++) {
        if (errors & (1u << b)) {
            const char *n = b < sizeof(error_names) / sizeof(error_names[0])
                            ? error_names[b] : NULL;

            tt_printf(" [%s]", n ? n : "?");
        }
    }
}

/* ------------------------------------------------------------------ */
/* NCRISC                                                             */
/* ------------------------------------------------------------------ */

void ncrisc_main(void)
{
    tt_common_only(TT_NCRISC);
}

/* ------------------------------------------------------------------ */
/* TRISCs                                                             */
/* ------------------------------------------------------------------ */

void trisc_main(int t)
{
    TTResult *r = &tt_results[TT_TRISC0 + t];
    uint32_t errors = tt_common_checks(TT_TRISC0 + t, r);
    uint32_t gpr, sem;

    /* SEMPOST to semaphore t as a .ttinsn (an instruction of this core) */
    switch (t) {
    case 0:
        TTI(TT_SEMPOST(1u << 0));
        break;
    case 1:
        TTI(TT_SEMPOST(1u << 1));
        break;
    default:
        TTI(TT_SEMPOST(1u << 2));
        break;
    }
    /* SETDMAREG of a distinctive value by store to INSTRN_BUF */
    tt_push(0, TT_SETDMAREG(2 * DEMO_GPR, DEMO_GPR_VALUE(t) & 0xFFFF));
    tt_push(0, TT_SETDMAREG(2 * DEMO_GPR + 1, DEMO_GPR_VALUE(t) >> 16));
    /* Fence: wait until the thread has executed all of it */
    tt_ttsync();

    gpr = TT_GPR(DEMO_GPR);
    if (gpr != DEMO_GPR_VALUE(t)) {
        errors |= E_GPR_OWN;
    }
    sem = TT_REG(TT_SEM(t));
    if (sem != 1) {
        errors |= E_SEM;
    }
    if (!tt_local_sig_intact(TT_TRISC0 + t)) {
        errors |= E_LOCAL_LATER;
    }

    r->data[0] = gpr;
    r->data[1] = sem;
    tt_publish(r, errors);

    /* Report to BRISC: tag + errors, then the GPR value */
    TT_REG(TT_MBOX(TT_MBOX_B)) = REPORT_TAG(t) | (errors & 0xFFFF);
    TT_REG(TT_MBOX(TT_MBOX_B)) = gpr;
}

/* ------------------------------------------------------------------ */
/* BRISC                                                              */
/* ------------------------------------------------------------------ */

/* Pop T_t's two-word report; false if it does not arrive in time */
static bool get_report(int t, uint32_t *tag, uint32_t *gpr)
{
    if (!tt_mbox_recv(t, tag, 5000)) {
        return false;
    }
    /* blocks until the second word is there */
    *gpr = TT_REG(TT_MBOX(TT_MBOX_T(t)));
    return true;
}

int brisc_main(void)
{
    TTResult *rb = &tt_results[TT_BRISC];
    uint32_t errors[TT_NUM_CORES] = { 0 };
    uint32_t reset_before, status;
    uint64_t deadline;
    int failed = 0;

    reset_before = TT_REG(TT_SOFT_RESET_0);
    tt_printf("qemu-tensix demo (%s): SOFT_RESET_0=0x%05x, BRISC starts "
              "NCRISC and TRISC0-2\n", TT_ARCH_NAME, reset_before);

    errors[TT_BRISC] = tt_common_checks(TT_BRISC, rb);

    /* Start the other four cores at their entry stubs in this image */
    if (reset_before != TT_RESET_ALL_BUT_B) {
        errors[TT_BRISC] |= E_RESET;
    }
    tt_set_reset_pcs();
    tt_soft_reset(0);

    /* NCRISC reports through L1 only (it has no mailbox) */
    if (!tt_wait_eq(&tt_results[TT_NCRISC].magic, TT_RESULT_MAGIC, 5000)) {
        errors[TT_NCRISC] |= E_NO_REPORT;
    } else {
        errors[TT_NCRISC] |= tt_results[TT_NCRISC].errors;
    }

    /* TRISCs report through their mailboxes to BRISC */
    for (int t = 0; t < 3; t++) {
        TTResult *r = &tt_results[TT_TRISC0 + t];
        uint32_t tag, gpr;

        if (!get_report(t, &tag, &gpr)) {
            errors[TT_TRISC0 + t] |= E_NO_REPORT;
            continue;
        }
        if ((tag & 0xFFFF0000u) != REPORT_TAG(t) || r->magic !=
            TT_RESULT_MAGIC || (tag & 0xFFFF) != (r->errors & 0xFFFF) ||
            gpr != r->data[0]) {
            errors[TT_TRISC0 + t] |= E_BAD_REPORT;
        }
        errors[TT_TRISC0 + t] |= r->errors;
        /* The same GPR, seen through BRISC's REGFILE window */
        if (TT_GPR_OF(t, DEMO_GPR) != DEMO_GPR_VALUE(t)) {
            errors[TT_TRISC0 + t] |= E_GPR_BRISC;
        }
    }

    /*
     * BRISC pushes into the threads itself: into thread 0 as .ttinsn,
     * into threads 1 and 2 by stores to INSTRN1/2_BUF.
     */
    TTI(TT_SETDMAREG(2 * BRISC_GPR, BRISC_GPR_VALUE(0) & 0xFFFF));
    TTI(TT_SETDMAREG(2 * BRISC_GPR + 1, BRISC_GPR_VALUE(0) >> 16));
    for (int t = 1; t < 3; t++) {
        tt_push(t, TT_SETDMAREG(2 * BRISC_GPR, BRISC_GPR_VALUE(t) & 0xFFFF));
        tt_push(t, TT_SETDMAREG(2 * BRISC_GPR + 1, BRISC_GPR_VALUE(t) >> 16));
    }
    /* BRISC has no TTSync: wait for the three FIFOs to drain */
    deadline = tt_deadline_ms(5000);
    do {
        status = TT_REG(TT_INSTRN_BUF_STATUS);
    } while ((status & 0x70) != 0x70 && !tt_expired(deadline));
    for (int t = 0; t < 3; t++) {
        if (TT_GPR_OF(t, BRISC_GPR) != BRISC_GPR_VALUE(t)) {
            errors[TT_BRISC] |= E_BRISC_PUSH;
        }
    }

    /* The other cores wrote their signatures at the same local address */
    if (!tt_local_sig_intact(TT_BRISC)) {
        errors[TT_BRISC] |= E_LOCAL_LATER;
    }

    /* Report */
    for (int c = 0; c < TT_NUM_CORES; c++) {
        TTResult *r = &tt_results[c];

        if (tt_entry_pc[c] != entry[c]) {
            errors[c] |= E_ENTRY;
        }
        tt_printf("  %-6s %s started at 0x%04x, mhartid=%u cfg0=0x%05x, "
                  "local RAM %s", tt_core_name[c],
                  errors[c] ? "FAIL" : "ok  ", tt_entry_pc[c], r->mhartid,
                  r->cfg0, errors[c] & (TT_E_LOCAL_RAM | E_LOCAL_LATER) ?
                  "BAD" : "private");
        if (c >= TT_TRISC0) {
            tt_printf("; sem%d=%u GPR[%d]=0x%08x", c - TT_TRISC0,
                      r->data[1], DEMO_GPR, r->data[0]);
        }
        print_errors(errors[c]);
        tt_printf("\n");
        failed += errors[c] != 0;
    }
    tt_printf("  Tensix GPRs read by BRISC through REGFILE (GPR[%d] set by "
              "the TRISC, GPR[%d] pushed by BRISC):\n", DEMO_GPR, BRISC_GPR);
    for (int t = 0; t < 3; t++) {
        tt_printf("    T%d GPR[%d]=0x%08x GPR[%d]=0x%08x\n", t, DEMO_GPR,
                  TT_GPR_OF(t, DEMO_GPR), BRISC_GPR, TT_GPR_OF(t, BRISC_GPR));
    }

    if (failed) {
        tt_printf("qemu-tensix demo: FAILED (%d of 5 cores)\n", failed);
        return 1;
    }
    tt_printf("qemu-tensix demo: all 5 cores passed\n");
    return 0;
}
