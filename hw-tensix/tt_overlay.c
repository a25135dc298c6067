/*
 * Tenstorrent NoC overlay stream registers.
 *
 * tt-isa-documentation WormholeB0/NoC/Overlay; tt-metal
 * noc_overlay_parameters.h and stream_io_map.h for register indices
 * (summarised in reference/address-map.md section 6).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "migration/vmstate.h"
#include "hw/registerfields.h"
#include "tt_overlay.h"
#include "trace.h"

/* An address in the overlay window: stream, then register of the stream */
FIELD(OVERLAY_ADDR, REG, 2, 10)
FIELD(OVERLAY_ADDR, STREAM, 12, 6)

QEMU_BUILD_BUG_ON(TT_OVERLAY_STRIDE != 1u << R_OVERLAY_ADDR_STREAM_SHIFT);
QEMU_BUILD_BUG_ON(TT_OVERLAY_STREAMS != 1u << R_OVERLAY_ADDR_STREAM_LENGTH);

uint32_t tt_overlay_reg_read(TTOverlayState *ov, unsigned stream,
                             unsigned reg)
{
    if (stream >= TT_OVERLAY_STREAMS || reg >= TT_OVERLAY_REGS) {
        return 0;
    }
    return ov->regs[stream][reg];
}

static uint64_t tt_overlay_read(void *opaque, hwaddr addr, unsigned size)
{
    TTOverlayState *ov = opaque;
    unsigned stream = FIELD_EX32(addr, OVERLAY_ADDR, STREAM);
    unsigned reg = FIELD_EX32(addr, OVERLAY_ADDR, REG);
    uint32_t val = ov->regs[stream][reg];

    trace_tt_overlay_read(ov->x, ov->y, stream, reg, val);
    return val;
}

static void tt_overlay_write(void *opaque, hwaddr addr, uint64_t val,
                             unsigned size)
{
    TTOverlayState *ov = opaque;
    unsigned stream = FIELD_EX32(addr, OVERLAY_ADDR, STREAM);
    unsigned reg = FIELD_EX32(addr, OVERLAY_ADDR, REG);

    trace_tt_overlay_write(ov->x, ov->y, stream, reg, val);
    ov->regs[stream][reg] = val;
    /* STREAMWAIT latches and STREAMWRCFG may be waiting on stream state */
    ov->changed(ov->opaque);
}

static const MemoryRegionOps tt_overlay_ops = {
    .read = tt_overlay_read,
    .write = tt_overlay_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid.min_access_size = 4,
    .valid.max_access_size = 4,
    .impl.min_access_size = 4,
    .impl.max_access_size = 4,
};

void tt_overlay_init(TTOverlayState *ov, Object *owner, uint32_t x,
                     uint32_t y, void (*changed)(void *opaque),
                     void *opaque)
{
    g_autofree char *name = g_strdup_printf("tt-overlay(%u,%u)", x, y);

    ov->x = x;
    ov->y = y;
    ov->changed = changed;
    ov->opaque = opaque;
    memory_region_init_io(&ov->mmio, owner, &tt_overlay_ops, ov, name,
                          TT_OVERLAY_STREAMS * TT_OVERLAY_STRIDE);
    /*
     * A store here runs the coprocessor (the tile's @changed), whose
     * accesses may reach this tile's registers and the overlay itself:
     * the overlay does not take the tile's re-entrancy guard.
     */
    ov->mmio.disable_reentrancy_guard = true;
}

void tt_overlay_reset(TTOverlayState *ov)
{
    memset(ov->regs, 0, sizeof(ov->regs));
}

const VMStateDescription vmstate_tt_overlay = {
    .name = "tt-overlay",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_2DARRAY(regs, TTOverlayState, TT_OVERLAY_STREAMS,
                               TT_OVERLAY_REGS),
        VMSTATE_END_OF_LIST()
    }
};
