/*
 * ttfw: what a kernel includes.  A kernel is a C file defining
 *
 *     void kernel_main(const ttfw_kargs *k);
 *
 * built with build.sh --kernel (linked at its processor's slot of the
 * kernel-config ring).  tt-metal's dataflow API names are given as
 * comments next to their ttfw equivalents.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef TTFW_KERNEL_H
#define TTFW_KERNEL_H

#include "ttfw.h"
#include "ttfw_noc.h"

void kernel_main(const ttfw_kargs *k);

/* get_arg_val<uint32_t>(i) / get_common_arg_val<uint32_t>(i) */
static inline uint32_t ttfw_arg(const ttfw_kargs *k, uint32_t i)
{
    return k->rta[i];
}

static inline uint32_t ttfw_common_arg(const ttfw_kargs *k, uint32_t i)
{
    return k->crta[i];
}

/* get_semaphore(i): L1 address of semaphore i */
static inline uint32_t ttfw_semaphore(const ttfw_kargs *k, uint32_t i)
{
    return (uint32_t)(uintptr_t)TTFW_SEM_ADDR(k, i);
}

/* get_noc_addr(x, y, addr) with NoC 0 coordinates, for the kernel's NoC */
static inline uint64_t ttfw_get_noc_addr(const ttfw_kargs *k, uint32_t x,
                                         uint32_t y, uint32_t addr)
{
    return ttfw_noc_addr(k->noc_index, x, y, addr);
}

/* This tile's own address @addr on the kernel's NoC */
static inline uint64_t ttfw_get_local_noc_addr(const ttfw_kargs *k,
                                               uint32_t addr)
{
    return TTFW_NOC_XY_ADDR(k->my_x[k->noc_index], k->my_y[k->noc_index],
                            addr);
}

/*
 * get_noc_addr_from_bank_id<true>(bank, offset): DRAM bank @bank through
 * the firmware's bank tables (NoC-specific coordinates).
 */
static inline uint64_t ttfw_get_dram_noc_addr(const ttfw_kargs *k,
                                              uint32_t bank, uint32_t off)
{
    uint32_t xy = k->dram_bank_to_noc_xy[k->noc_index * k->num_dram_banks +
                                         bank];
#if defined(TT_ARCH_BH)
    uint32_t x = xy & 0x3F, y = (xy >> 6) & 0x3F;
#else
    uint32_t x = (xy >> 4) & 0x3F, y = (xy >> 10) & 0x3F;
#endif

    return TTFW_NOC_XY_ADDR(x, y, (uint64_t)off +
                            (uint32_t)k->bank_to_dram_offset[bank]);
}

#endif
