/*
 * qemu-tensix bare-metal test firmware: entry points of the five cores
 *
 * BRISC starts at _start (address 0, the ELF entry).  The other cores
 * start at the stubs below once BRISC has pointed their reset PCs at
 * them and released them.  Each core's stack is the top of its private
 * local RAM (sizes that exist on both Wormhole and Blackhole).
 *
 * No compressed instructions: BRISC and the TRISCs decode every word as
 * a 32-bit instruction (.ttinsn), NCRISC has no C extension.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
    .option norvc

#define LOCAL_RAM       0xFFB00000
#define STACK_TOP_BNC   (LOCAL_RAM + 0x1000)
#define STACK_TOP_T     (LOCAL_RAM + 0x800)

    .section .text.start, "ax"
    .globl _start
_start:
    auipc   t2, 0               /* where this core really started */
    li      sp, STACK_TOP_BNC
    la      t0, _trap_brisc
    csrw    mtvec, t0
    /* Zero .bss (L1) before anyone else runs */
    la      t0, __bss_start
    la      t1, __bss_end
1:  bgeu    t0, t1, 2f
    sw      zero, 0(t0)
    addi    t0, t0, 4
    j       1b
2:  la      t0, tt_entry_pc
    sw      t2, 0(t0)
    call    brisc_main
    call    tt_exit             /* exit code = brisc_main's return value */

    .text
    .globl _start_ncrisc
    .balign 4
_start_ncrisc:
    auipc   t2, 0
    la      t0, tt_entry_pc
    sw      t2, 4(t0)
    li      sp, STACK_TOP_BNC
    la      t0, _trap_ncrisc
    csrw    mtvec, t0
    call    ncrisc_main
    j       _park

    .globl _start_trisc0
    .balign 4
_start_trisc0:
    auipc   t2, 0
    li      a0, 0
    la      t0, _trap_trisc0
    j       _start_trisc

    .globl _start_trisc1
    .balign 4
_start_trisc1:
    auipc   t2, 0
    li      a0, 1
    la      t0, _trap_trisc1
    j       _start_trisc

    .globl _start_trisc2
    .balign 4
_start_trisc2:
    auipc   t2, 0
    li      a0, 2
    la      t0, _trap_trisc2
    j       _start_trisc

_start_trisc:
    la      t1, tt_entry_pc + 8
    slli    t3, a0, 2
    add     t1, t1, t3
    sw      t2, 0(t1)
    li      sp, STACK_TOP_T
    csrw    mtvec, t0
    call    trisc_main
    /* fall through */

    /* Done: sleep for good (nothing here raises interrupts) */
_park:
    wfi
    j       _park

    /* Trap vectors (direct mode): a0 = core index, then tt_trap() */
    .balign 4
_trap_brisc:
    li      a0, 0
    j       _trap_common
    .balign 4
_trap_ncrisc:
    li      a0, 1
    j       _trap_common
    .balign 4
_trap_trisc0:
    li      a0, 2
    j       _trap_common
    .balign 4
_trap_trisc1:
    li      a0, 3
    j       _trap_common
    .balign 4
_trap_trisc2:
    li      a0, 4
    j       _trap_common
_trap_common:
    csrr    a1, mcause
    csrr    a2, mepc
    csrr    a3, mtval
    andi    sp, sp, -16
    call    tt_trap             /* does not return */
    j       _park

/*
 * uint32_t tt_semihost(uint32_t op, uintptr_t param)
 *
 * RISC-V semihosting call: the three-instruction sequence must be made of
 * uncompressed words on one page, hence the 16-byte alignment.
 */
    .section .text.semihost, "ax"
    .globl tt_semihost
    .balign 16
tt_semihost:
    slli    x0, x0, 0x1f
    ebreak
    srai    x0, x0, 7
    ret
