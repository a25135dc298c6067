/*
 * qemu-tensix benchmark firmware (C programs bench-unpack/pack/matmul):
 * the two entry points.
 *
 * BRISC (entry at 0) releases TRISC0 alone, waits (parked) on TRISC0's
 * mailbox and exits through semihosting with the word it receives as the
 * exit code.  TRISC0 starts at its reset PC 0x6000 (bench-tile.ld puts
 * .text.trisc0 there), sets its stack at the top of its local RAM, runs
 * trisc0_main() and posts its return value (0: the program checked its
 * result and found it right) to BRISC's mailbox.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
    .option norvc
    .option norelax

#define SOFT_RESET_0        0xFFB121B0
#define RELEASE_TRISC0      0x46000     /* all held but BRISC and TRISC0 */
#define MBOX_TO_BRISC       0xFFEC0000  /* TRISCi -> BRISC (write) */
#define MBOX_FROM_TRISC0    0xFFEC1000  /* TRISC0 -> BRISC (read) */
#define TRISC_STACK_TOP     0xFFB00800  /* top of TRISC0's local RAM */

    .section .text.brisc, "ax"
    .globl _start
_start:
    li      t0, SOFT_RESET_0
    li      t1, RELEASE_TRISC0
    sw      t1, 0(t0)
    li      t0, MBOX_FROM_TRISC0
    lw      t1, 0(t0)           /* parks until TRISC0 reports */
    la      a1, exit_block
    sw      t1, 4(a1)           /* the exit code */
    li      a0, 0x20            /* SYS_EXIT_EXTENDED */
    .balign 16
    slli    zero, zero, 0x1f
    ebreak
    srai    zero, zero, 7
1:  j       1b

    .section .text.trisc0, "ax"
    .globl _start_trisc0
_start_trisc0:
    li      sp, TRISC_STACK_TOP
    call    trisc0_main
    li      t0, MBOX_TO_BRISC
    sw      a0, 0(t0)
1:  j       1b

    .section .data
    .balign 4
exit_block:
    .word   0x20026, 0          /* ADP_Stopped_ApplicationExit, code */
