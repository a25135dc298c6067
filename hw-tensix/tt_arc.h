/*
 * Tenstorrent ARC tile (chip management): the minimal register windows
 * host software reads, and on Blackhole what a host sees of booted ARC
 * firmware (boot status, telemetry table, message queues; see tt_arc.c and
 * docs/units/soc.md); everything else reads 0 and is logged as LOG_UNIMP.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_TENSIX_TT_ARC_H
#define HW_TENSIX_TT_ARC_H

#include "hw/qdev-core.h"
#include "exec/memory.h"

/*
 * NoC local addresses of the ARC tile.  Wormhole: the ARC XBAR is at
 * 0x8_0000_0000 (CSM at XBAR 0x1000_0000, APB peripherals at XBAR
 * 0x8000_0000, reset unit at APB 0x3_0000).  Blackhole: XBAR addresses
 * are NoC addresses (CSM at 0x1000_0000, reset unit at 0x8003_0000).
 */
#define TT_ARC_WH_CSM_BASE      0x810000000ULL
#define TT_ARC_WH_RESET_BASE    0x880030000ULL
#define TT_ARC_BH_CSM_BASE      0x10000000ULL
#define TT_ARC_BH_RESET_BASE    0x80030000ULL
#define TT_ARC_CSM_SIZE         (512 * 1024)
#define TT_ARC_RESET_SIZE       0x10000

/*
 * Blackhole telemetry the model publishes that other parts of the model
 * use too: ENABLED_ETH (tag 35; a P100A has no Ethernet) and PCIE_USAGE
 * (tag 38: both PCIe tiles endpoints, 2 bits each, 1 = endpoint), from
 * which the ARC firmware derives its NoC translation (tt_soc.c)
 */
#define TT_ARC_BH_ENABLED_ETH   0
#define TT_ARC_BH_PCIE_USAGE    0x5

#define TT_ARC_SCRATCH_WORDS    8       /* SCRATCH[0..7] at 0x60 */
#define TT_ARC_SCRATCH_RAM_WORDS 64     /* BH SCRATCH_RAM[0..63] at 0x400 */

/*
 * Blackhole: where the model's "booted firmware" keeps its structures in
 * CSM (offsets; the ARC and the NoC see them at TT_ARC_BH_CSM_BASE + off).
 * The layouts are tt-umd's / the ARC firmware's (tt_arc.c); the addresses
 * are the model's choice (docs/decisions.md).
 */
#define TT_ARC_BH_MSGQ_INFO     0x100   /* queue control block, 16 bytes */
#define TT_ARC_BH_MSGQ          0x200   /* the message queues */
#define TT_ARC_BH_MSGQ_COUNT    4       /* queues */
#define TT_ARC_BH_MSGQ_ENTRIES  4       /* entries per request/response queue */
#define TT_ARC_BH_MSGQ_WORDS    8       /* header, each entry: 8 words */
#define TT_ARC_BH_MSGQ_BYTES    (4 * TT_ARC_BH_MSGQ_WORDS * \
                                 (1 + 2 * TT_ARC_BH_MSGQ_ENTRIES))
#define TT_ARC_BH_TELEM_TABLE   0x800   /* version, count, tags, then data */

#define TYPE_TT_ARC "tt-arc"
OBJECT_DECLARE_SIMPLE_TYPE(TTArcState, TT_ARC)

struct TTArcState {
    DeviceState parent_obj;

    /* Properties */
    uint8_t arch_id;
    uint32_t x, y;              /* NoC 0 coordinates */
    MemoryRegion *noc;          /* the system (NoC) address space */

    MemoryRegion slot;          /* the whole tile: LOG_UNIMP, reads 0 */
    MemoryRegion reset_unit;
    MemoryRegion csm;           /* ARC CSM (RAM) */

    /* Reset unit registers */
    uint32_t scratch[TT_ARC_SCRATCH_WORDS];
    uint32_t scratch_ram[TT_ARC_SCRATCH_RAM_WORDS];
    uint32_t misc_cntl;
};

#endif
