/*
 * Tenstorrent DRAM channel: GDDR6 memory seen at three NoC coordinates
 *
 * One device per channel: a RAM region (lazily backed by anonymous host
 * memory, migrated as RAM) mapped from local address 0 of each of the
 * channel's three DRAM tiles, and a logging stub for the rest of those
 * tiles' address space.  See tt_dram.c and docs/units/soc.md.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_TENSIX_TT_DRAM_H
#define HW_TENSIX_TT_DRAM_H

#include "hw/qdev-core.h"
#include "exec/memory.h"

#define TT_DRAM_PORTS       3

#define TYPE_TT_DRAM "tt-dram"
OBJECT_DECLARE_SIMPLE_TYPE(TTDramState, TT_DRAM)

typedef struct TTDramPort {
    TTDramState *owner;
    uint32_t x, y;
    MemoryRegion alias;         /* of 'ram', at local address 0 */
    MemoryRegion rest;          /* the tile's other addresses: LOG_UNIMP */
} TTDramPort;

struct TTDramState {
    DeviceState parent_obj;

    /* Properties */
    uint32_t channel;
    uint64_t size;              /* bytes of GDDR6 visible from address 0 */
    uint32_t port_xy[TT_DRAM_PORTS];    /* x | y << 8, NoC 0 */
    MemoryRegion *noc;          /* the system (NoC) address space */

    MemoryRegion ram;
    TTDramPort port[TT_DRAM_PORTS];
};

#endif
