/*
 * Tenstorrent NoC overlay stream registers.
 *
 * tt-isa-documentation WormholeB0/NoC/Overlay; tt-metal
 * noc_overlay_parameters.h and stream_io_map.h for register indices
 * (facts in /work/shared/reference/address-map.md section 6).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "migration/vmstate.h"
#include "tt_tile.h"
#include "tt_overlay.h"
#include "trace.h"

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
    unsigned stream = addr / TT_OVERLAY_STRIDE;
    unsigned reg = (addr % TT_OVERLAY_STRIDE) / 4;
    uint32_t val = ov->regs[stream][reg];

    trace_tt_overlay_read(ov->tile->x, ov->tile->y, stream, reg, val);
    return val;
}

static void tt_overlay_write(void *opaque, hwaddr addr, uint64_t val,
                             unsigned size)
{
    TTOverlayState *ov = opaque;
    unsigned stream = addr / TT_OVERLAY_STRIDE;
    unsigned reg = (addr % TT_OVERLAY_STRIDE) / 4;

    trace_tt_overlay_write(ov->tile->x, ov->tile->y, stream, reg, val);
    ov->regs[stream][reg] = val;
    /* STREAMWAIT latches and STREAMWRCFG may be waiting on stream state */
    tt_tensix_kick(&ov->tile->tensix);
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

void tt_overlay_init(TTTileState *t, TTOverlayState *ov)
{
    g_autofree char *name = g_strdup_printf("tt-overlay(%u,%u)", t->x, t->y);

    ov->tile = t;
    memory_region_init_io(&ov->mmio, OBJECT(t), &tt_overlay_ops, ov, name,
                          TT_OVERLAY_STREAMS * TT_OVERLAY_STRIDE);
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
