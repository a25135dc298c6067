/*
 * Tenstorrent NoC: the two NIUs (network interface units) of a tile,
 * their command buffers, configuration registers and status counters.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_TENSIX_TT_NOC_H
#define HW_TENSIX_TT_NOC_H

#include "exec/memory.h"

#define TT_NUM_NOCS         2
#define TT_NOC_REGS_BASE    0xFFB20000u     /* NoC n at + n * 0x10000 */
#define TT_NOC_REGS_SIZE    0x10000u

typedef struct TTTileState TTTileState;

typedef struct TTNocNiu {
    TTTileState *tile;
    int noc;                    /* 0 or 1 */
    MemoryRegion mmio;
    uint32_t reserved;          /* the NIU's registers (tt_noc.c) */
} TTNocNiu;

/* Create NIU @n of tile @t (its MMIO region, mapped by the tile). */
void tt_noc_init(TTTileState *t, TTNocNiu *niu, int n);
void tt_noc_reset(TTNocNiu *niu);
extern const VMStateDescription vmstate_tt_noc_niu;

#endif
