/*
 * qemu-tensix benchmark firmware (bare metal, one ELF for all cores)
 *
 * BRISC (entry at 0) runs a 4-instruction ALU loop COUNT times, where
 * COUNT is the word at L1 0x20000 (set by the runner with the generic
 * loader), then exits through semihosting.  If the word at L1 0x20004 is
 * non-zero, BRISC first releases the other four cores, which spin-poll an
 * L1 word at their default reset PCs (0x6000, 0xA000, 0xE000, 0x12000).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "semihost-exit.S.inc"

    .option norvc
    .option norelax
    .section .text
    .globl _start
_start:
    li      t0, 0x20000
    lw      a0, 0(t0)           /* COUNT */
    lw      t1, 4(t0)           /* release the others? */
    beqz    t1, 1f
    li      t2, 0xFFB121B0      /* SOFT_RESET_0: release everyone */
    sw      zero, 0(t2)
1:
    li      a1, 1
    li      a2, 3
2:
    addi    a0, a0, -1
    add     a1, a1, a2
    xor     a2, a2, a1
    bnez    a0, 2b
    /* tell the pollers to stop (not needed to exit; keeps them honest) */
    li      t1, 1
    sw      t1, 8(t0)
    SEMIHOST_EXIT0

/* The other cores: poll L1 0x20008 until it becomes non-zero, then park */
    .macro POLLER addr
    .org    \addr
    li      t0, 0x20000
4:  lw      t1, 8(t0)
    beqz    t1, 4b
5:  j       5b
    .endm
    POLLER  0x6000
    POLLER  0xA000
    POLLER  0xE000
    POLLER  0x12000
