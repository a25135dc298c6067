/*
 * qemu-tensix benchmark firmware (issue 14): a cheap real instruction,
 * INCRWC by 0, expanded from MOP + REPLAY on the math thread (TRISC1).
 *
 * BRISC (entry at 0) releases TRISC1 alone and waits (parked) on TRISC1's
 * mailbox, then exits through semihosting.  TRISC1 (default reset PC
 * 0xA000) records 16 INCRWC instructions with every increment 0 (SrcA,
 * SrcB, Dst and the Dst checkpoint: opcode 0x38, all fields 0) in replay
 * slots 0..15 (REPLAY Load without Exec), programs its MopCfg with
 * template 1, OuterCount 127, InnerCount 127 and every slot the playback
 * REPLAY(0, 16) (32639 REPLAYs per MOP, 522224 INCRWCs), pushes COUNT
 * (L1 0x20000) such MOPs, waits with TTSync until the thread has executed
 * everything, then writes to BRISC's mailbox.  Nothing qemu-specific: a
 * bare-metal ELF started at BRISC's entry, exit by semihosting.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "bench-trisc.S.inc"

    .option norvc
    .option norelax


#define TT_INSN(op, a)      (((op) << 24) | (a))
#define INCRWC0             TT_INSN(0x38, 0)
#define REPLAY(i, n, x, l)  TT_INSN(0x04, ((i) << 14) | ((n) << 4) | \
                                    ((x) << 1) | (l))
#define PLAY                REPLAY(0, 16, 0, 0)

    .section .text
    .globl _start
_start:
    BENCH_BRISC_RUN_TRISC 1

    .org    0xA000
trisc1:
    /* Record: REPLAY(0, 16, Load), then the 16 INCRWCs */
    li      t0, INSTRN_BUF
    li      t1, REPLAY(0, 16, 0, 1)
    sw      t1, 0(t0)
    li      t1, INCRWC0
    li      t2, 16
1:  sw      t1, 0(t0)
    addi    t2, t2, -1
    bnez    t2, 1b

    BENCH_LOAD_MOP_CFG

    BENCH_PUSH_MOPS_AND_REPORT

    .section .data
    .balign 4
mop_cfg:
    .word   127                 /* OuterCount */
    .word   127                 /* InnerCount (doubled: LoopOp1 is set) */
    .word   PLAY, PLAY, PLAY    /* StartOp, EndOp0, EndOp1 */
    .word   PLAY, PLAY          /* LoopOp, LoopOp1 */
    .word   PLAY, PLAY          /* Loop0Last, Loop1Last */
