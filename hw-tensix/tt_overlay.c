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

static uint64_t tt_overlay_read(void *opaque, hwaddr addr, unsigned size)
{
    TTOverlayState *ov = opaque;

    qemu_log_mask(LOG_UNIMP, "tt-overlay(%u,%u): read of stream %u "
                  "register 0x%x not modelled yet, returns 0\n",
                  ov->tile->x, ov->tile->y,
                  (unsigned)(addr / TT_OVERLAY_STRIDE),
                  (unsigned)(addr % TT_OVERLAY_STRIDE));
    return 0;
}

static void tt_overlay_write(void *opaque, hwaddr addr, uint64_t val,
                             unsigned size)
{
    TTOverlayState *ov = opaque;

    qemu_log_mask(LOG_UNIMP, "tt-overlay(%u,%u): write 0x%" PRIx64 " to "
                  "stream %u register 0x%x not modelled yet\n", ov->tile->x,
                  ov->tile->y, val, (unsigned)(addr / TT_OVERLAY_STRIDE),
                  (unsigned)(addr % TT_OVERLAY_STRIDE));
}

static const MemoryRegionOps tt_overlay_ops = {
    .read = tt_overlay_read,
    .write = tt_overlay_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid.min_access_size = 1,
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
    ov->reserved = 0;
}

const VMStateDescription vmstate_tt_overlay = {
    .name = "tt-overlay",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32(reserved, TTOverlayState),
        VMSTATE_END_OF_LIST()
    }
};
