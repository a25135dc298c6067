/*
 * ttfw test kernel: executes an illegal instruction (the all-ones word),
 * after writing 0xFA017000 | proc at runtime arg 0 (its class's).  The
 * firmware's trap handler records the fault; the launcher must report it
 * with the tile, core and pc.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "ttfw_kernel.h"

void kernel_main(const ttfw_kargs *k)
{
    TTFW_L1_32(ttfw_arg(k, 0)) = 0xFA017000 | k->proc;
    __asm__ volatile(".globl fault_pc\nfault_pc: .word 0xFFFFFFFF");
}
