/*
 * Tenstorrent NoC overlay: 64 streams x 4 KiB of registers per tile
 * (0xFFB40000), including the circular-buffer counters tt-metal uses.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_TENSIX_TT_OVERLAY_H
#define HW_TENSIX_TT_OVERLAY_H

#include "exec/memory.h"

#define TT_OVERLAY_BASE     0xFFB40000u
#define TT_OVERLAY_STREAMS  64
#define TT_OVERLAY_STRIDE   0x1000u

typedef struct TTTileState TTTileState;

typedef struct TTOverlayState {
    TTTileState *tile;
    MemoryRegion mmio;
    uint32_t reserved;          /* stream registers (tt_overlay.c) */
} TTOverlayState;

void tt_overlay_init(TTTileState *t, TTOverlayState *ov);
void tt_overlay_reset(TTOverlayState *ov);
extern const VMStateDescription vmstate_tt_overlay;

#endif
