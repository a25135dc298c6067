/*
 * Tenstorrent NoC NIU model.
 *
 * tt-isa-documentation WormholeB0/NoC (MemoryMap.md and the pages it
 * links), BlackholeA0 NoC pages; tt-metal noc_parameters.h for register
 * offsets (facts in /work/shared/reference/address-map.md section 5).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "migration/vmstate.h"
#include "tt_tile.h"
#include "tt_noc.h"
#include "trace.h"

static uint64_t tt_noc_read(void *opaque, hwaddr addr, unsigned size)
{
    TTNocNiu *niu = opaque;

    qemu_log_mask(LOG_UNIMP, "tt-noc%d(%u,%u): read at 0x%" PRIx64
                  " not modelled yet, returns 0\n", niu->noc, niu->tile->x,
                  niu->tile->y, (uint64_t)addr);
    return 0;
}

static void tt_noc_write(void *opaque, hwaddr addr, uint64_t val,
                         unsigned size)
{
    TTNocNiu *niu = opaque;

    qemu_log_mask(LOG_UNIMP, "tt-noc%d(%u,%u): write 0x%" PRIx64 " at 0x%"
                  PRIx64 " not modelled yet\n", niu->noc, niu->tile->x,
                  niu->tile->y, val, (uint64_t)addr);
}

static const MemoryRegionOps tt_noc_ops = {
    .read = tt_noc_read,
    .write = tt_noc_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid.min_access_size = 1,
    .valid.max_access_size = 4,
    .impl.min_access_size = 4,
    .impl.max_access_size = 4,
};

void tt_noc_init(TTTileState *t, TTNocNiu *niu, int n)
{
    g_autofree char *name = g_strdup_printf("tt-noc%d-niu(%u,%u)", n, t->x,
                                            t->y);

    niu->tile = t;
    niu->noc = n;
    memory_region_init_io(&niu->mmio, OBJECT(t), &tt_noc_ops, niu, name,
                          TT_NOC_REGS_SIZE);
}

void tt_noc_reset(TTNocNiu *niu)
{
    niu->reserved = 0;
}

const VMStateDescription vmstate_tt_noc_niu = {
    .name = "tt-noc-niu",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32(reserved, TTNocNiu),
        VMSTATE_END_OF_LIST()
    }
};
