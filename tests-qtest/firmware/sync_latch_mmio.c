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

/* Performs @cmd on sem0 and replies with sem0's value */
static bool serve(uint32_t cmd, uint32_t *reply)
{
    if (cmd == CMD_DONE) {
        return false;
    }
    if (cmd == CMD_POST) {
        TT_REG(TT_SEM(0)) = 0;
    } else if (cmd == CMD_GET) {
        TT_REG(TT_SEM(0)) = 1;
    }
    *reply = TT_REG(TT_SEM(0));
    return true;
}

void trisc_main(int t)
{
    tt_common_only(TT_TRISC0 + t);
    tt_serve_brisc(serve);
}

void ncrisc_main(void)
{
}

/* TRISC1 performs @cmd on sem0 and replies with sem0's value */
static uint32_t call(uint32_t cmd)
{
    TT_REG(TT_MBOX(TT_MBOX_T(1))) = cmd;
    return tt_mbox_reply(1, "TRISC1 reply");
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
    tt_settle();
    v = call(CMD_POST);
    tt_check(v == 1, "sem0 after RISCV post", v, 1);
    tt_settle();
    v = call(CMD_GET);
    tt_check(v == 0, "sem0 after RISCV get", v, 0);
    tt_settle();
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
