/*
 * qemu-tensix benchmark kernel for tt-metal's real Blackhole firmware
 * (scripts/tt-launch --layout metal-2026 -k brisc=bench-fw-busy.elf):
 * one busy core on a chip whose firmware is otherwise idle.
 *
 * The firmware calls kernel() as a C function on BRISC of every tile it
 * launches on (docs/launcher.md, "Launching a kernel").  It reads COUNT,
 * the word at L1 0x20000 of its own tile: 0 on every tile but the one
 * the runner writes it to (tt-launch --write-l1 X,Y:0x20000=words:COUNT),
 * where it runs the 4-instruction ALU loop of bench.S COUNT times; then
 * it returns, and the firmware reports DONE.  Linked at 0x8ab0, the start
 * of the firmware's kernel area (-Ttext=0x8ab0); it uses no firmware
 * symbol and only caller-saved registers.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
    .option norvc
    .option norelax
    .section .text
    .globl kernel
    .balign 4
kernel:
    li      t0, 0x20000
    lw      a0, 0(t0)           /* COUNT: 0 on the idle tiles */
    beqz    a0, 2f
    li      a1, 1
    li      a2, 3
1:
    addi    a0, a0, -1
    add     a1, a1, a2
    xor     a2, a2, a1
    bnez    a0, 1b
2:
    ret
