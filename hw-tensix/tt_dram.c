/*
 * Tenstorrent DRAM channel (GDDR6 behind three DRAM tiles)
 *
 * tt-isa-documentation WormholeB0/DRAMTile/README.md: DRAM tiles come in
 * groups of three; the memory of a group (Wormhole 2 x 1 GiB GDDR6
 * channels at NoC addresses 0 and 0x4000_0000) "is exposed identically on
 * 3 tiles"; BlackholeA0/NoC/README.md: "the same 4 GiB of GDDR6 is common
 * across groups of three DRAM tiles".  So one RAM region per channel,
 * aliased from local address 0 of each of its tiles' NoC slots.
 *
 * The rest of a DRAM tile's address space (Wormhole: reserved, APB
 * peripherals at 0x1_0000_0000, NIU configuration at 0xF_xxxx_xxxx;
 * Blackhole: the tile's own registers from 0xFF00_0000) is not modelled:
 * reads 0, writes ignored, LOG_UNIMP.  The NIU treats the RAM as any
 * memory: NoC atomics and inline writes, which the documentation leaves
 * to a Tensix L1, are performed on it too (tt_noc_atomic.c refuses only
 * MMIO and targets that are not RAM).
 *
 * Memory: the RAM block is anonymous memory mapped with MAP_NORESERVE, so
 * untouched DRAM costs no host memory (and no overcommit accounting).  It
 * is registered for migration like any RAM: QEMU's RAM migration sends
 * untouched pages as zero pages, but still reads every page once (see
 * docs/units/soc.md for the cost).  Machine reset leaves DRAM contents
 * alone, as on any QEMU machine with RAM.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qapi/error.h"
#include "hw/qdev-properties.h"
#include "migration/vmstate.h"
#include "tt_log.h"
#include "tt_arch.h"
#include "tt_dram.h"
#include "trace.h"

/* A tile's whole slot in the NoC view: 36 local address bits */
#define TT_DRAM_SLOT_SIZE   (1ULL << 36)

static uint64_t tt_dram_rest_read(void *opaque, hwaddr addr, unsigned size)
{
    TTDramPort *p = opaque;
    TTDramState *d = p->owner;

    trace_tt_dram_unimp(d->channel, p->x, p->y, addr, size, false, 0);
    tt_log_mask(LOG_UNIMP, "tt-dram: DRAM tile (%u,%u) (channel %u): read "
                "of %u bytes at 0x%09" HWADDR_PRIx " is beyond the 0x%"
                PRIx64 " bytes of GDDR6 and not modelled; reads 0\n",
                p->x, p->y, d->channel, size, addr, d->size);
    return 0;
}

static void tt_dram_rest_write(void *opaque, hwaddr addr, uint64_t val,
                               unsigned size)
{
    TTDramPort *p = opaque;
    TTDramState *d = p->owner;

    trace_tt_dram_unimp(d->channel, p->x, p->y, addr, size, true, val);
    tt_log_mask(LOG_UNIMP, "tt-dram: DRAM tile (%u,%u) (channel %u): write "
                "of %u bytes (0x%" PRIx64 ") at 0x%09" HWADDR_PRIx " is "
                "beyond the 0x%" PRIx64 " bytes of GDDR6 and not modelled; "
                "ignored\n", p->x, p->y, d->channel, size, val, addr,
                d->size);
}

static const MemoryRegionOps tt_dram_rest_ops = {
    .read = tt_dram_rest_read,
    .write = tt_dram_rest_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid.min_access_size = 1,
    .valid.max_access_size = 8,
    .impl.min_access_size = 1,
    .impl.max_access_size = 8,
};

static void tt_dram_realize(DeviceState *dev, Error **errp)
{
    TTDramState *d = TT_DRAM(dev);
    Object *obj = OBJECT(dev);
    g_autofree char *name = NULL;

    if (!d->noc) {
        error_setg(errp, "tt-dram: 'noc' link not set");
        return;
    }
    if (!d->size || d->size > TT_DRAM_SLOT_SIZE) {
        error_setg(errp, "tt-dram: size 0x%" PRIx64 " does not fit a tile's "
                   "36-bit NoC address space", d->size);
        return;
    }

    /*
     * Lazily backed: RAM_NORESERVE maps the block with MAP_NORESERVE, so
     * even 8 x 4 GiB cost nothing until written.  Registered for
     * migration under a per-channel name.
     */
    name = g_strdup_printf("tt-dram.ch%u", d->channel);
    if (!memory_region_init_ram_flags_nomigrate(&d->ram, obj, name, d->size,
                                                RAM_NORESERVE, errp)) {
        return;
    }
    vmstate_register_ram(&d->ram, dev);

    for (int i = 0; i < TT_DRAM_PORTS; i++) {
        TTDramPort *p = &d->port[i];
        uint64_t base;

        p->owner = d;
        p->x = d->port_xy[i] & 0xFF;
        p->y = d->port_xy[i] >> 8 & 0xFF;
        if (p->x >= 64 || p->y >= 64) {
            error_setg(errp, "tt-dram: channel %u port %d at (%u,%u): NoC "
                       "coordinates out of range", d->channel, i, p->x, p->y);
            return;
        }
        base = TT_NOC_ADDR(p->x, p->y, 0);

        g_free(name);
        name = g_strdup_printf("tt-dram(%u,%u)-ch%u", p->x, p->y, d->channel);
        memory_region_init_alias(&p->alias, obj, name, &d->ram, 0, d->size);
        memory_region_add_subregion_overlap(d->noc, base, &p->alias, 1);

        g_free(name);
        name = g_strdup_printf("tt-dram-tile(%u,%u)", p->x, p->y);
        memory_region_init_io(&p->rest, obj, &tt_dram_rest_ops, p, name,
                              TT_DRAM_SLOT_SIZE);
        memory_region_add_subregion_overlap(d->noc, base, &p->rest, 0);
    }
}

static const Property tt_dram_properties[] = {
    DEFINE_PROP_UINT32("channel", TTDramState, channel, 0),
    DEFINE_PROP_UINT64("size", TTDramState, size, 0),
    DEFINE_PROP_UINT32("port0", TTDramState, port_xy[0], 0),
    DEFINE_PROP_UINT32("port1", TTDramState, port_xy[1], 0),
    DEFINE_PROP_UINT32("port2", TTDramState, port_xy[2], 0),
    DEFINE_PROP_LINK("noc", TTDramState, noc, TYPE_MEMORY_REGION,
                     MemoryRegion *),
};

static void tt_dram_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);

    dc->desc = "Tenstorrent DRAM channel (three DRAM tiles)";
    dc->realize = tt_dram_realize;
    dc->user_creatable = false;
    device_class_set_props(dc, tt_dram_properties);
}

static const TypeInfo tt_dram_info = {
    .name = TYPE_TT_DRAM,
    .parent = TYPE_DEVICE,
    .instance_size = sizeof(TTDramState),
    .class_init = tt_dram_class_init,
};

static void tt_dram_register_types(void)
{
    type_register_static(&tt_dram_info);
}

type_init(tt_dram_register_types)
