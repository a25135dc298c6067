/*
 * qemu-tensix benchmark firmware: MOP-expanded Tensix instruction rate
 *
 * BRISC (entry at 0) releases TRISC0 alone and waits (parked) on TRISC0's
 * mailbox, then exits through semihosting.  TRISC0 (default reset PC
 * 0x6000) programs its MopCfg with template 1, OuterCount 127, InnerCount
 * 127 and LoopOp1 set: every MOP expands to 127 * (1 + 2 * 127 + 2) =
 * 32639 SETDMAREG instructions (simple Scalar Unit instructions).  It
 * pushes COUNT such MOPs (COUNT: the word at L1 0x20000, set by the
 * runner with the generic loader), waits with TTSync until the thread has
 * executed everything, then writes to BRISC's mailbox.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "bench-trisc.S.inc"

    .option norvc
    .option norelax


    .section .text
    .globl _start
_start:
    BENCH_BRISC_RUN_TRISC 0

    .org    0x6000
trisc0:
    BENCH_LOAD_MOP_CFG

    BENCH_PUSH_MOPS_AND_REPORT

    .section .data
    .balign 4
mop_cfg:
    .word   127                 /* OuterCount */
    .word   127                 /* InnerCount (doubled: LoopOp1 is set) */
    .word   SETDMAREG(0, 0x0001)    /* StartOp */
    .word   SETDMAREG(1, 0x0002)    /* EndOp0 */
    .word   SETDMAREG(2, 0x0003)    /* EndOp1 */
    .word   SETDMAREG(4, 0x1234)    /* LoopOp */
    .word   SETDMAREG(5, 0x5678)    /* LoopOp1 */
    .word   SETDMAREG(6, 0x0007)    /* Loop0Last */
    .word   SETDMAREG(7, 0x0008)    /* Loop1Last */
