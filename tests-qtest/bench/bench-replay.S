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
#include "semihost-exit.S.inc"

    .option norvc
    .option norelax

#define TT_INSN(op, a)      (((op) << 24) | (a))
#define SETDMAREG(h, v)     TT_INSN(0x45, ((v) << 8) | (h))
/* REPLAY(Index, Count, Exec, Load): opcode 0x04 (frontend_replay.c) */
#define REPLAY(i, n, x, l)  TT_INSN(0x04, ((i) << 14) | ((n) << 4) | \
                                    ((x) << 1) | (l))
#define PLAY                REPLAY(0, 16, 0, 0)
#define MOP_T1              0x01800000  /* MOP(template 1, 0, 0) */
#define SOFT_RESET_0        0xFFB121B0
#define RELEASE_TRISC0      0x46000     /* all held but BRISC and TRISC0 */
#define MOP_CFG_BASE        0xFFB80000
#define INSTRN_BUF          0xFFE40000
#define PC_BUF              0xFFE80000  /* +4: CoprocessorDoneCheck */
#define MBOX_TO_BRISC       0xFFEC0000  /* TRISCi -> BRISC (write) */
#define MBOX_FROM_TRISC0    0xFFEC1000  /* TRISC0 -> BRISC (read) */

    .section .text
    .globl _start
_start:
    li      t0, SOFT_RESET_0
    li      t1, RELEASE_TRISC0
    sw      t1, 0(t0)
    li      t0, MBOX_FROM_TRISC0
    lw      t1, 0(t0)           /* parks until TRISC0 reports */
    SEMIHOST_EXIT0

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

    li      t0, MOP_CFG_BASE
    la      t1, mop_cfg
    li      t2, 9
2:  lw      t3, 0(t1)
    sw      t3, 0(t0)
    addi    t0, t0, 4
    addi    t1, t1, 4
    addi    t2, t2, -1
    bnez    t2, 2b

    li      t0, 0x20000
    lw      a0, 0(t0)           /* COUNT */
    li      t0, INSTRN_BUF
    li      t1, MOP_T1
    beqz    a0, 4f
3:  sw      t1, 0(t0)           /* push one MOP: 522224 instructions */
    addi    a0, a0, -1
    bnez    a0, 3b
4:  li      t0, PC_BUF
    sw      zero, 4(t0)
    lw      t1, 4(t0)           /* TTSync: wait until all have executed */
    li      t0, MBOX_TO_BRISC
    li      t1, 1
    sw      t1, 0(t0)
5:  j       5b

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
