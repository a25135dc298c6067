/*
 * ttfw: linker script template for firmware and kernels (run through the
 * C preprocessor by build.sh), after tt-metal's sections.ld:
 *
 *   TEXT_ORIGIN, TEXT_SIZE   where the code runs (L1, or WH NCRISC IRAM)
 *   TEXT_LMA                 kernels only, when the code runs elsewhere
 *                            than it is loaded (WH NCRISC: IRAM vs ring)
 *   LDM_ORIGIN, LDM_SIZE     .data (with .rodata) and .bss in local RAM
 *   STACK_TOP                top of local RAM
 *   KERNEL                   defined for kernels
 *
 * Firmware: .data has VMA = LMA in local RAM; the host loader puts it at
 * MEM_<CORE>_INIT_LOCAL_L1_BASE_SCRATCH and crt0.S copies it.  Kernels:
 * .data's LMA follows the code in the kernel-config ring (the launcher
 * loads kernels by LMA) and kcrt0.S copies it.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
OUTPUT_ARCH(riscv)
ENTRY(_start)

MEMORY
{
    CODE (rx) : ORIGIN = TEXT_ORIGIN, LENGTH = TEXT_SIZE
#if defined(TEXT_LMA)
    IMAGE (r) : ORIGIN = TEXT_LMA, LENGTH = TEXT_SIZE
#define LOAD_REGION IMAGE
#else
#define LOAD_REGION CODE
#endif
    LDM (rw) : ORIGIN = LDM_ORIGIN, LENGTH = LDM_SIZE
}

PHDRS
{
    text PT_LOAD;
    data PT_LOAD;
}

SECTIONS
{
    .text : {
        KEEP(*(.text.start))
        *(.text .text.*)
        . = ALIGN(16);
    } > CODE AT> LOAD_REGION :text

    .data : ALIGN(4) {
        __ldm_data_start = .;
        *(.rodata .rodata.* .srodata .srodata.*)
        *(.sdata .sdata.* .data .data.*)
        . = ALIGN(4);
        __ldm_data_end = .;
#if defined(KERNEL)
    } > LDM AT> LOAD_REGION :data
#else
    } > LDM :data
#endif
    __ldm_data_lma = LOADADDR(.data);

    .bss (NOLOAD) : ALIGN(4) {
        __ldm_bss_start = .;
        *(.sbss .sbss.* .bss .bss.* COMMON)
        . = ALIGN(4);
        __ldm_bss_end = .;
    } > LDM :data

    __stack_top = STACK_TOP;
    __global_pointer$ = LDM_ORIGIN + 0x7F0;

    .init_array : { KEEP(*(.init_array* .ctors*)) }
    ASSERT(SIZEOF(.init_array) == 0, "no constructors")

    /DISCARD/ : {
        *(.comment)
        *(.note .note.*)
        *(.eh_frame .eh_frame_hdr)
        *(.riscv.attributes)
    }
}
