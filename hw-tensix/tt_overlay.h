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
#define TT_OVERLAY_REGS     (TT_OVERLAY_STRIDE / 4)    /* per stream */

typedef struct TTOverlayState {
    uint32_t x, y;              /* the tile's NoC 0 coordinates (traces) */
    /* Called after a store: STREAMWAIT and STREAMWRCFG read the streams */
    void (*changed)(void *opaque);
    void *opaque;
    MemoryRegion mmio;
    /*
     * Stream registers.  Until the overlay's stream engine is modelled
     * (issue 4), every register is plain storage: what firmware and the
     * dataflow API use as circular-buffer counters and scratch works.
     */
    uint32_t regs[TT_OVERLAY_STREAMS][TT_OVERLAY_REGS];
} TTOverlayState;

/*
 * Set up @ov for the tile at (@x, @y), whose device @owner owns the
 * region; @changed(@opaque) runs after every store.
 */
void tt_overlay_init(TTOverlayState *ov, Object *owner, uint32_t x,
                     uint32_t y, void (*changed)(void *opaque),
                     void *opaque);
/* NOC_STREAM_READ_REG(stream, reg) as seen by the Tensix coprocessor */
uint32_t tt_overlay_reg_read(TTOverlayState *ov, unsigned stream,
                             unsigned reg);
void tt_overlay_reset(TTOverlayState *ov);
extern const VMStateDescription vmstate_tt_overlay;

#endif
