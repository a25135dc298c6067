/*
 * ttfw: kernel start-up.  The firmware calls the kernel's first
 * instruction with a0 = struct ttfw_kargs *; this copies the kernel's
 * .data image (loaded behind its code in the kernel-config ring) into
 * local RAM, zeroes .bss, calls kernel_main(a0) and returns to the
 * firmware.  Kernels are linked at absolute addresses (no relocation).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "crt_data.S.inc"

    .option norvc
    .option norelax

    .section .text.start, "ax"
    .globl _start
_start:
    addi    sp, sp, -16
    sw      ra, 12(sp)
    sw      a0, 8(sp)
    lui     t0, %hi(__ldm_data_start)
    addi    t0, t0, %lo(__ldm_data_start)
    lui     t1, %hi(__ldm_data_end)
    addi    t1, t1, %lo(__ldm_data_end)
    lui     t2, %hi(__ldm_data_lma)
    addi    t2, t2, %lo(__ldm_data_lma)
    ttfw_copy_data_zero_bss
    lw      a0, 8(sp)
    call    kernel_main
    lw      ra, 12(sp)
    addi    sp, sp, 16
    ret
