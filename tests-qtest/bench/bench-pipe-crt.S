/*
 * qemu-tensix benchmark firmware (issue 14, bench-tile-pipeline.c and
 * bench-eltwise-cb.c): the entry points of the five cores of a tile.
 *
 * Every core sets its stack at the top of the first 2 KiB of its local
 * RAM and calls its C function: BRISC (entry at 0) brisc_main(), then
 * exits through semihosting (SYS_EXIT_EXTENDED) with its return value as
 * the exit code; TRISC0-2 (reset PCs 0x6000, 0xA000, 0xE000)
 * trisc<i>_main(), whose return value they post to BRISC's mailbox;
 * NCRISC (reset PC 0x12000) ncrisc_main(), then spins.  bench-pipe.ld
 * places the sections.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
    .option norvc
    .option norelax

#define STACK_TOP           0xFFB00800  /* local RAM of every core */
#define MBOX_TO_BRISC       0xFFEC0000  /* TRISCi -> BRISC (write) */

    .section .text.brisc, "ax"
    .globl _start
_start:
    li      sp, STACK_TOP
    call    brisc_main
    la      a1, exit_block
    sw      a0, 4(a1)           /* the exit code */
    li      a0, 0x20            /* SYS_EXIT_EXTENDED */
    .balign 16
    slli    zero, zero, 0x1f
    ebreak
    srai    zero, zero, 7
1:  j       1b

.macro TRISC_ENTRY n
    .section .text.trisc\n, "ax"
    .globl _start_trisc\n
_start_trisc\n:
    li      sp, STACK_TOP
    call    trisc\n\()_main
    li      t0, MBOX_TO_BRISC
    sw      a0, 0(t0)
1:  j       1b
.endm
    TRISC_ENTRY 0
    TRISC_ENTRY 1
    TRISC_ENTRY 2

    .section .text.ncrisc, "ax"
    .globl _start_ncrisc
_start_ncrisc:
    li      sp, STACK_TOP
    call    ncrisc_main
1:  j       1b

    .section .data
    .balign 4
exit_block:
    .word   0x20026, 0          /* ADP_Stopped_ApplicationExit, code */
