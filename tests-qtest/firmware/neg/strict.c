/*
 * qemu-tensix negative test: strict mode (-M tt-...,strict=on) stops the
 * machine at the first guest error.
 *
 * BRISC pushes ATRELM of mutex 0, which no thread holds: a guest error of
 * Tensix thread T0 (the mutex is left alone).  In strict mode the machine
 * must stop there, naming the error, the core that pushed it with its PC
 * and the instruction, and keep the process (tests-qtest/firmware/neg/
 * run-neg-tests.sh checks the message and that nothing after it ran).
 * Without strict mode the program carries on and prints its last line.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "tt.h"

#define TT_ATRELM(m)        TT_INSN(0xA1, (m) & 0xFFFFFFu)

void trisc_main(int t)
{
}

void ncrisc_main(void)
{
}

int brisc_main(void)
{
    tt_puts("strict: releasing a mutex nobody holds\n");
    tt_push(0, TT_ATRELM(0));
    tt_puts("strict: carried on past the guest error\n");
    return 0;
}
