/*
 * qemu-tensix benchmark firmware: the cost of pushing one instruction
 *
 * BRISC (entry at 0) releases TRISC0 alone and waits (parked) on TRISC0's
 * mailbox, then exits through semihosting.  TRISC0 (default reset PC
 * 0x6000) runs COUNT iterations (the word at L1 0x20000) of a loop that
 * pushes 16 SETDMAREG instructions in a row (simple Scalar Unit
 * instructions, executed at once), the way tt-llk pushes: with the word
 * at L1 0x20004 = 0 by "sw" to INSTRN_BUF (its TT_ macros), with 1 as
 * .ttinsn words (its TTI_ macros, built with Tenstorrent's compiler).
 * Then TTSync and the report.  The loop's own instructions (a decrement
 * and a branch per 16 pushes) are noise beside the pushes.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "bench-trisc.S.inc"

    .option norvc
    .option norelax

/* .ttinsn: the instruction rotated left by 2 */
#define TTINSN(x)           ((((x) << 2) | ((x) >> 30)) & 0xffffffff)

    .section .text
    .globl _start
_start:
    BENCH_BRISC_RUN_TRISC 0

    .org    0x6000
trisc0:
    li      t0, 0x20000
    lw      a0, 0(t0)           /* COUNT */
    lw      a1, 4(t0)           /* 0: sw, 1: .ttinsn */
    li      t0, INSTRN_BUF
    li      t1, SETDMAREG(0, 0x0001)
    beqz    a0, 4f
    bnez    a1, 3f
2:  .rept   16
    sw      t1, 0(t0)
    .endr
    addi    a0, a0, -1
    bnez    a0, 2b
    j       4f
3:  .rept   16
    .word   TTINSN(SETDMAREG(0, 0x0001))
    .endr
    addi    a0, a0, -1
    bnez    a0, 3b
4:  BENCH_SYNC_AND_REPORT
