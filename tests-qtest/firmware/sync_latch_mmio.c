/*
 * qemu-tensix test: a latched SEMWAIT satisfied by RISCV semaphore stores
 * while no instruction waits behind it is forgotten
 *
 * WaitGate.md: the Wait Gate re-evaluates its latched wait instruction
 * every cycle and forgets it once the conditions are met, whether or not
 * an instruction is waiting to pass.  T0 latches "wait while sem0 == 0"
 * with nothing behind it; TRISC1 posts sem0 through PC_BUF (the gate sees
 * 1 and forgets the wait) and, on BRISC's next command, takes it back to
 * 0.  The SETDMAREG pushed after that must pass.  (sync_sem phase E does
 * the same with Tensix SEMPOST / SEMGET.)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "tt.h"

#define MARK(g, v)          TT_SETDMAREG(2 * (g), (v))
#define G_MARK              5

#define CMD_POST            1u
#define CMD_GET             2u
#define CMD_READ            3u
#define CMD_DONE            4u

void trisc_main(int t)
{
    volatile tt_result *r = &tt_results[TT_TRISC0 + t];

    r->errors = tt_common_checks(TT_TRISC0 + t, r);
    r->magic = TT_RESULT_MAGIC;
    for (;;) {
        uint32_t cmd = TT_REG(TT_MBOX(TT_MBOX_B));

        if (cmd == CMD_DONE) {
            return;
        }
        if (cmd == CMD_POST) {
            TT_REG(TT_SEM(0)) = 0;
        } else if (cmd == CMD_GET) {
            TT_REG(TT_SEM(0)) = 1;
        }
        TT_REG(TT_MBOX(TT_MBOX_B)) = TT_REG(TT_SEM(0));
    }
}

void ncrisc_main(void)
{
}

static void settle(void)
{
    uint64_t deadline = tt_deadline_ms(2);

    while (!tt_expired(deadline)) {
    }
}

/* TRISC1 performs @cmd on sem0 and replies with sem0's value */
static uint32_t call(uint32_t cmd)
{
    uint32_t mb = TT_MBOX(TT_MBOX_T(1));
    uint64_t deadline = tt_deadline_ms(2000);

    TT_REG(mb) = cmd;
    while (!TT_REG(mb + 4)) {
        if (tt_expired(deadline)) {
            tt_check(false, "TRISC1 reply", 0, 1);
            return 0xDEAD;
        }
    }
    return TT_REG(mb);
}

int brisc_main(void)
{
    uint32_t v;

    tt_printf("sync_latch_mmio (%s): wait satisfied by RISCV semaphore "
              "stores while idle\n", TT_ARCH_NAME);
    tt_results[TT_BRISC].errors = tt_common_checks(TT_BRISC,
                                                   &tt_results[TT_BRISC]);
    tt_set_reset_pcs();
    tt_soft_reset(TT_RESET_NCRISC | TT_RESET_TRISC0 | TT_RESET_TRISC2);
    tt_check(tt_wait_eq(&tt_results[TT_TRISC1].magic, TT_RESULT_MAGIC, 5000),
          "TRISC1 started", 0, 1);

    tt_push(0, TT_SEMINIT(1u << 0, 0, 1));
    tt_push(0, TT_SEMWAIT(1u << 5, 1u << 0, TT_SEMWAIT_ZERO));
    settle();
    v = call(CMD_POST);
    tt_check(v == 1, "sem0 after RISCV post", v, 1);
    settle();
    v = call(CMD_GET);
    tt_check(v == 0, "sem0 after RISCV get", v, 0);
    settle();
    tt_push(0, MARK(G_MARK, 0x5A));
    tt_check(tt_wait_eq(&TT_GPR_OF(0, G_MARK), 0x5A, 1000),
          "marker after the wait was satisfied and forgotten",
          TT_GPR_OF(0, G_MARK), 0x5A);
    TT_REG(TT_MBOX(TT_MBOX_T(1))) = CMD_DONE;

    if (tt_failures) {
        tt_printf("sync_latch_mmio: FAILED (%d checks)\n", tt_failures);
        return 1;
    }
    tt_printf("sync_latch_mmio: all checks passed\n");
    return 0;
}
