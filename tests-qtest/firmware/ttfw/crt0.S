/*
 * ttfw: firmware start-up (tt-metal tmu-crt0.S + do_crt1) and the trap
 * handler, for every core.  Built with -DTTFW_CORE=n (0 BRISC, 1 NCRISC,
 * 2-4 TRISC0-2) and -DTTFW_SCRATCH=MEM_<CORE>_INIT_LOCAL_L1_BASE_SCRATCH.
 *
 * The host loads the image of local data RAM (.data, which holds .rodata
 * too) into L1 at TTFW_SCRATCH + (vaddr - 0xFFB00000); this copies it into
 * local RAM (Blackhole local RAM self-clears when the core is released,
 * so it must be copied by the core itself), zeroes .bss and calls main.
 *
 * Trap handler (emulator diagnostic, not in tt-metal): records mcause,
 * mepc and mtval in the ttfw debug area (TTFW_FAULT(core)), sets the
 * waypoint "FALT" and stops the core (wfi).  Wormhole silicon has no
 * CSRs: build with -DTTFW_NO_TRAP for it.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "ttfw_layout.h"
#include "crt_data.S.inc"

    .option norvc
    .option norelax

    .section .text.start, "ax"
    .globl _start
_start:
    lui     gp, %hi(__global_pointer$)
    addi    gp, gp, %lo(__global_pointer$)
    lui     sp, %hi(__stack_top)
    addi    sp, sp, %lo(__stack_top)
#ifndef TTFW_NO_TRAP
    lui     t0, %hi(ttfw_trap)
    addi    t0, t0, %lo(ttfw_trap)
    csrw    mtvec, t0
#endif
    /* .data: from the scratch image */
    lui     t0, %hi(__ldm_data_start)
    addi    t0, t0, %lo(__ldm_data_start)
    lui     t1, %hi(__ldm_data_end)
    addi    t1, t1, %lo(__ldm_data_end)
    li      t2, TTFW_SCRATCH
    li      t3, TTFW_MEM_LOCAL_BASE
    sub     t3, t0, t3
    add     t2, t2, t3
    ttfw_copy_data_zero_bss
    call    main
5:  j       5b

#ifndef TTFW_NO_TRAP
    .text
    .balign 4
    .globl ttfw_trap
ttfw_trap:
    li      t0, TTFW_FAULT(TTFW_CORE)
    csrr    t1, mcause
    sw      t1, 4(t0)
    csrr    t1, mepc
    sw      t1, 8(t0)
    csrr    t1, mtval
    sw      t1, 12(t0)
    li      t1, TTFW_FAULT_MAGIC
    sw      t1, 0(t0)
    li      t0, TTFW_WAYPOINT(TTFW_CORE)
    sw      t1, 0(t0)
6:  wfi
    j       6b
#endif

#if defined(TT_ARCH_WH) && TTFW_CORE == 1
/*
 * Wormhole NCRISC (tt-metal ncrisc-halt.S): BRISC must hold NCRISC in
 * reset to fill its IRAM.  notify_brisc_and_halt(status) saves the 13
 * callee-saved registers on the stack, the stack pointer at
 * ncrisc_halt.stack_save, writes @status into NCRISC's run byte and
 * spins until BRISC puts the core in reset.  BRISC then starts it at
 * ncrisc_resume (the reset PC it read from ncrisc_halt.resume_addr), which
 * restores them and returns from notify_brisc_and_halt.
 */
#define CONTEXT_SIZE (13 * 4)
    .text
    .balign 4
    .globl notify_brisc_and_halt
notify_brisc_and_halt:
    addi    sp, sp, -CONTEXT_SIZE
    sw      x1, 0 * 4(sp)
    sw      x8, 1 * 4(sp)
    sw      x9, 2 * 4(sp)
    sw      x18, 3 * 4(sp)
    sw      x19, 4 * 4(sp)
    sw      x20, 5 * 4(sp)
    sw      x21, 6 * 4(sp)
    sw      x22, 7 * 4(sp)
    sw      x23, 8 * 4(sp)
    sw      x24, 9 * 4(sp)
    sw      x25, 10 * 4(sp)
    sw      x26, 11 * 4(sp)
    sw      x27, 12 * 4(sp)
    sw      sp, TTFW_NCRISC_STACK_SAVE(zero)
    sb      a0, TTFW_SLAVE_SYNC_DM1(zero)
7:  j       7b

    .balign 4
    .globl ncrisc_resume
ncrisc_resume:
    lui     gp, %hi(__global_pointer$)
    addi    gp, gp, %lo(__global_pointer$)
#ifndef TTFW_NO_TRAP
    lui     t0, %hi(ttfw_trap)
    addi    t0, t0, %lo(ttfw_trap)
    csrw    mtvec, t0
#endif
    lw      sp, TTFW_NCRISC_STACK_SAVE(zero)
    lw      x1, 0 * 4(sp)
    lw      x8, 1 * 4(sp)
    lw      x9, 2 * 4(sp)
    lw      x18, 3 * 4(sp)
    lw      x19, 4 * 4(sp)
    lw      x20, 5 * 4(sp)
    lw      x21, 6 * 4(sp)
    lw      x22, 7 * 4(sp)
    lw      x23, 8 * 4(sp)
    lw      x24, 9 * 4(sp)
    lw      x25, 10 * 4(sp)
    lw      x26, 11 * 4(sp)
    lw      x27, 12 * 4(sp)
    addi    sp, sp, CONTEXT_SIZE
    ret
#endif
