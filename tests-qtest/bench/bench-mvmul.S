/*
 * qemu-tensix benchmark firmware: MVMUL rate
 *
 * BRISC (entry at 0) releases TRISC0 alone and waits (parked) on TRISC0's
 * mailbox, then exits through semihosting.  TRISC0 fills SrcA rows 0..15
 * and SrcB rows 0..7 of bank 0 with BF16 1.5 (STOREIND Src, GPR 20/21
 * data, GPR 1 the address), hands both banks to the matrix unit
 * (Wormhole SETDVALID; Blackhole UNPACR_NOP's SETDVALID form for
 * unpackers 0 and 1; the word at L1 0x20004 is 1 on Blackhole), then
 * programs template 1 (OuterCount 127, InnerCount 127, LoopOp1 set) with
 * MVMUL (no flips, AddrMod 0) in every slot: a MOP is 32639 MVMULs.  It
 * pushes COUNT MOPs (the word at L1 0x20000), waits with TTSync and
 * writes to BRISC's mailbox.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "bench-trisc.S.inc"

    .option norvc
    .option norelax

#define MVMUL               (0x26 << 24)
#define STOREIND_A          0x66010501  /* SrcA, OffsetHalf 4, data 20 */
#define STOREIND_B          0x66210501  /* SrcB */
#define SETDVALID_AB        0x57000003
#define UNPACR_NOP_DV0      0x430001c9  /* Blackhole, unpacker 0 */
#define UNPACR_NOP_DV1      0x438001c9  /* Blackhole, unpacker 1 */

    .section .text
    .globl _start
_start:
    BENCH_BRISC_RUN_TRISC 0

    .org    0x6000
trisc0:
    li      t0, INSTRN_BUF
    /* GPR 20, 21 = two BF16 1.5 halves each; GPR 2 (offset) = 0 */
    li      t1, SETDMAREG(40, 0x407f)
    sw      t1, 0(t0)
    li      t1, SETDMAREG(41, 0x3fc0)
    sw      t1, 0(t0)
    li      t1, SETDMAREG(42, 0x407f)
    sw      t1, 0(t0)
    li      t1, SETDMAREG(43, 0x3fc0)
    sw      t1, 0(t0)
    li      t1, SETDMAREG(4, 0)
    sw      t1, 0(t0)
    li      t1, SETDMAREG(5, 0)
    sw      t1, 0(t0)
    li      t1, SETDMAREG(3, 0)
    sw      t1, 0(t0)
    /* SrcA rows 0..15: addresses 16..79; SrcB rows 0..7: 0..31 */
    li      a1, 16
    li      a2, 80
    li      a3, STOREIND_A
    jal     ra, fill
    li      a1, 0
    li      a2, 32
    li      a3, STOREIND_B
    jal     ra, fill
    li      t1, 0x20004
    lw      t1, 0(t1)
    bnez    t1, 1f
    li      t1, SETDVALID_AB
    sw      t1, 0(t0)
    j       6f
1:  li      t1, UNPACR_NOP_DV0
    sw      t1, 0(t0)
    li      t1, UNPACR_NOP_DV1
    sw      t1, 0(t0)
6:
    BENCH_LOAD_MOP_CFG

    BENCH_PUSH_MOPS_AND_REPORT

/* push SETDMAREG(2, a) and the STOREIND a3 for a = a1 .. a2 - 1 */
fill:
    li      t2, SETDMAREG(2, 0)
1:  slli    t3, a1, 8
    or      t3, t3, t2
    sw      t3, 0(t0)
    sw      a3, 0(t0)
    addi    a1, a1, 1
    bne     a1, a2, 1b
    ret

    .section .data
    .balign 4
mop_cfg:
    .word   127                 /* OuterCount */
    .word   127                 /* InnerCount (doubled: LoopOp1 is set) */
    .word   MVMUL, MVMUL, MVMUL, MVMUL, MVMUL, MVMUL, MVMUL
