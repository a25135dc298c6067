/*
 * qemu-tensix benchmark firmware: Tensix instructions through the replay
 * expander, played back from MOPs
 *
 * BRISC (entry at 0) releases TRISC0 alone and waits (parked) on TRISC0's
 * mailbox, then exits through semihosting.  TRISC0 (default reset PC
 * 0x6000) records 16 SETDMAREG instructions (simple Scalar Unit
 * instructions) into replay slots 0..15 (REPLAY Index 0, Count 16, Load
 * without Exec: recorded, not executed; REPLAY.md), then programs its
 * MopCfg with template 1, OuterCount 127, InnerCount 127 and every slot
 * (StartOp, EndOp0/1, LoopOp, LoopOp1, Loop0Last, Loop1Last) the playback
 * REPLAY(0, 16): every MOP expands to 127 * (1 + 2 * 127 + 2) = 32639
 * REPLAYs (MOPExpander.md: a MOP may emit REPLAY; the replay expander
 * comes after the MOP expander), each playing back 16 SETDMAREGs:
 * 522224 Tensix instructions per MOP.  It pushes COUNT such MOPs (COUNT:
 * the word at L1 0x20000, set by the runner with the generic loader),
 * waits with TTSync until the thread has executed everything, then writes
 * to BRISC's mailbox.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "bench-trisc.S.inc"

    .option norvc
    .option norelax

#define TT_INSN(op, a)      (((op) << 24) | (a))
/* REPLAY(Index, Count, Exec, Load): opcode 0x04 (frontend_replay.c) */
#define REPLAY(i, n, x, l)  TT_INSN(0x04, ((i) << 14) | ((n) << 4) | \
                                    ((x) << 1) | (l))
#define PLAY                REPLAY(0, 16, 0, 0)

    .section .text
    .globl _start
_start:
    BENCH_BRISC_RUN_TRISC 0

    .org    0x6000
trisc0:
    /* Record: REPLAY(0, 16, Load), then the 16 instructions */
    li      t0, INSTRN_BUF
    la      t1, record
    li      t2, 17
1:  lw      t3, 0(t1)
    sw      t3, 0(t0)
    addi    t1, t1, 4
    addi    t2, t2, -1
    bnez    t2, 1b

    BENCH_LOAD_MOP_CFG

    BENCH_PUSH_MOPS_AND_REPORT

    .section .data
    .balign 4
record:
    .word   REPLAY(0, 16, 0, 1)
    .word   SETDMAREG(0, 0x0001), SETDMAREG(1, 0x0002)
    .word   SETDMAREG(2, 0x0003), SETDMAREG(3, 0x0004)
    .word   SETDMAREG(4, 0x0005), SETDMAREG(5, 0x0006)
    .word   SETDMAREG(6, 0x0007), SETDMAREG(7, 0x0008)
    .word   SETDMAREG(8, 0x0009), SETDMAREG(9, 0x000A)
    .word   SETDMAREG(10, 0x000B), SETDMAREG(11, 0x000C)
    .word   SETDMAREG(12, 0x000D), SETDMAREG(13, 0x000E)
    .word   SETDMAREG(14, 0x000F), SETDMAREG(15, 0x0010)
mop_cfg:
    .word   127                 /* OuterCount */
    .word   127                 /* InnerCount (doubled: LoopOp1 is set) */
    .word   PLAY                /* StartOp */
    .word   PLAY                /* EndOp0 */
    .word   PLAY                /* EndOp1 */
    .word   PLAY                /* LoopOp */
    .word   PLAY                /* LoopOp1 */
    .word   PLAY                /* Loop0Last */
    .word   PLAY                /* Loop1Last */
