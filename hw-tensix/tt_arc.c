/*
 * Tenstorrent ARC tile (chip and board management)
 *
 * No ARC firmware runs in this model, and tt-metal's Tensix firmware never
 * talks to ARC (Dec-2024 brisc.cc/ncrisc.cc); host software does, through
 * the ARC reset unit's scratch registers.  What is modelled
 * (tt-isa-documentation WormholeB0/ARCTile/{README,ResetUnit}.md; tt-umd
 * {wormhole,blackhole}_implementation.hpp for the NoC addresses and the
 * Blackhole scratch RAM):
 *
 *   Wormhole NoC 0x8_1000_0000  ARC CSM, 512 KiB of RAM
 *   reset unit (WH NoC 0x8_8003_0000, BH NoC 0x8003_0000), 64 KiB:
 *     0x060-0x07C  SCRATCH[0..7]: storage (post code, ARC message words)
 *     0x0E0/0x0E4  REFCLK_COUNTER low/high: 27 MHz, from the virtual clock
 *     0x100        ARC_MISC_CNTL: storage; the ARC interrupt it raises
 *                  reaches no firmware (LOG_UNIMP)
 *     0x1D0/0x1D4  WH NOC_NODEID_X_0/Y_0 (telemetry table addresses):
 *                  read 0, "no telemetry" as with firmware before 18.4
 *     0x400-0x4FC  BH SCRATCH_RAM[0..63]: storage (0 = no message queue,
 *                  no telemetry)
 *
 * Anything else in the tile reads 0, ignores writes and logs LOG_UNIMP.
 * Tensix NIUs reach these windows too: on Wormhole, NoC address bit 35
 * selects PCIe host memory only at the PCIe tile (tt_noc.c).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/timer.h"
#include "qapi/error.h"
#include "hw/qdev-properties.h"
#include "hw/registerfields.h"
#include "migration/vmstate.h"
#include "tt_log.h"
#include "tt_arch.h"
#include "tt_arc.h"
#include "trace.h"

#define TT_ARC_SLOT_SIZE        (1ULL << 36)
#define TT_ARC_REFCLK_HZ        27000000ULL

/* Reset unit registers (offsets in its 64 KiB window) */
REG32(SCRATCH0, 0x060)                      /* SCRATCH[0..7] */
REG32(REFCLK_LOW, 0x0E0)
REG32(REFCLK_HIGH, 0x0E4)
REG32(ARC_MISC_CNTL, 0x100)
REG32(NOC_NODEID_X_0, 0x1D0)                /* Wormhole */
REG32(NOC_NODEID_Y_0, 0x1D4)                /* Wormhole */
REG32(SCRATCH_RAM0, 0x400)                  /* Blackhole SCRATCH_RAM[] */

typedef struct TTArcArch {
    uint64_t reset_base;        /* NoC local address of the reset unit */
    uint64_t csm_base;          /* of the CSM, or 0 */
    bool has_nodeid_telemetry;
    bool has_scratch_ram;
} TTArcArch;

static const TTArcArch tt_arc_arch[TT_ARCH__MAX] = {
    [TT_ARCH_WORMHOLE_B0] = {
        .reset_base = TT_ARC_WH_RESET_BASE,
        .csm_base = TT_ARC_WH_CSM_BASE,
        .has_nodeid_telemetry = true,
    },
    [TT_ARCH_BLACKHOLE] = {
        .reset_base = TT_ARC_BH_RESET_BASE,
        .has_scratch_ram = true,
    },
};

static uint64_t tt_arc_refclk(void)
{
    return muldiv64(qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL), TT_ARC_REFCLK_HZ,
                    NANOSECONDS_PER_SECOND);
}

/* The reset-unit word at @addr, or NULL if it is not storage */
static uint32_t *tt_arc_storage(TTArcState *s, hwaddr addr)
{
    const TTArcArch *aa = &tt_arc_arch[s->arch_id];

    if (addr >= A_SCRATCH0 && addr < A_SCRATCH0 + 4 * TT_ARC_SCRATCH_WORDS) {
        return &s->scratch[(addr - A_SCRATCH0) / 4];
    }
    if (addr == A_ARC_MISC_CNTL) {
        return &s->misc_cntl;
    }
    if (aa->has_scratch_ram && addr >= A_SCRATCH_RAM0 &&
        addr < A_SCRATCH_RAM0 + 4 * TT_ARC_SCRATCH_RAM_WORDS) {
        return &s->scratch_ram[(addr - A_SCRATCH_RAM0) / 4];
    }
    return NULL;
}

static uint64_t tt_arc_reset_read(void *opaque, hwaddr addr, unsigned size)
{
    TTArcState *s = opaque;
    const TTArcArch *aa = &tt_arc_arch[s->arch_id];
    uint32_t *p = tt_arc_storage(s, addr);
    uint32_t val = 0;

    if (p) {
        val = *p;
    } else if (addr == A_REFCLK_LOW) {
        val = tt_arc_refclk();
    } else if (addr == A_REFCLK_HIGH) {
        val = tt_arc_refclk() >> 32;
    } else if (aa->has_nodeid_telemetry &&
               (addr == A_NOC_NODEID_X_0 || addr == A_NOC_NODEID_Y_0)) {
        val = 0;        /* no telemetry table */
    } else {
        tt_log_mask(LOG_UNIMP, "tt-arc: reset unit register 0x%03"
                    HWADDR_PRIx " is not modelled; reads 0\n", addr);
    }
    trace_tt_arc_read(addr, val);
    return val;
}

static void tt_arc_reset_write(void *opaque, hwaddr addr, uint64_t val,
                               unsigned size)
{
    TTArcState *s = opaque;
    uint32_t *p = tt_arc_storage(s, addr);

    trace_tt_arc_write(addr, val);
    if (p) {
        *p = val;
        if (addr == A_ARC_MISC_CNTL && val) {
            tt_log_mask(LOG_UNIMP, "tt-arc: ARC_MISC_CNTL = 0x%08" PRIx64
                        ": no ARC firmware is modelled, so the interrupt "
                        "(an ARC message) is not answered\n", val);
        }
    } else if (addr == A_REFCLK_LOW || addr == A_REFCLK_HIGH) {
        tt_log_mask(LOG_GUEST_ERROR, "tt-arc: write of 0x%08" PRIx64
                    " to the read-only REFCLK counter (0x%03" HWADDR_PRIx
                    "); ignored\n", val, addr);
    } else {
        tt_log_mask(LOG_UNIMP, "tt-arc: reset unit register 0x%03"
                    HWADDR_PRIx " is not modelled; write of 0x%08" PRIx64
                    " ignored\n", addr, val);
    }
}

static const MemoryRegionOps tt_arc_reset_ops = {
    .read = tt_arc_reset_read,
    .write = tt_arc_reset_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid.min_access_size = 4,
    .valid.max_access_size = 4,
    .impl.min_access_size = 4,
    .impl.max_access_size = 4,
};

static uint64_t tt_arc_slot_read(void *opaque, hwaddr addr, unsigned size)
{
    TTArcState *s = opaque;

    trace_tt_arc_unimp(s->x, s->y, addr, size, false, 0);
    tt_log_mask(LOG_UNIMP, "tt-arc: ARC tile (%u,%u): read of %u bytes at "
                "0x%09" HWADDR_PRIx " is not modelled; reads 0\n", s->x,
                s->y, size, addr);
    return 0;
}

static void tt_arc_slot_write(void *opaque, hwaddr addr, uint64_t val,
                              unsigned size)
{
    TTArcState *s = opaque;

    trace_tt_arc_unimp(s->x, s->y, addr, size, true, val);
    tt_log_mask(LOG_UNIMP, "tt-arc: ARC tile (%u,%u): write of %u bytes "
                "(0x%" PRIx64 ") at 0x%09" HWADDR_PRIx " is not modelled; "
                "ignored\n", s->x, s->y, size, val, addr);
}

static const MemoryRegionOps tt_arc_slot_ops = {
    .read = tt_arc_slot_read,
    .write = tt_arc_slot_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid.min_access_size = 1,
    .valid.max_access_size = 8,
    .impl.min_access_size = 1,
    .impl.max_access_size = 8,
};

static void tt_arc_realize(DeviceState *dev, Error **errp)
{
    TTArcState *s = TT_ARC(dev);
    Object *obj = OBJECT(dev);
    const TTArcArch *aa;
    uint64_t base;

    if (s->arch_id >= TT_ARCH__MAX) {
        error_setg(errp, "tt-arc: invalid architecture %u", s->arch_id);
        return;
    }
    if (!s->noc) {
        error_setg(errp, "tt-arc: 'noc' link not set");
        return;
    }
    if (s->x >= 64 || s->y >= 64) {
        error_setg(errp, "tt-arc: NoC coordinates (%u,%u) out of range",
                   s->x, s->y);
        return;
    }
    aa = &tt_arc_arch[s->arch_id];
    base = TT_NOC_ADDR(s->x, s->y, 0);

    memory_region_init_io(&s->slot, obj, &tt_arc_slot_ops, s, "tt-arc-tile",
                          TT_ARC_SLOT_SIZE);
    memory_region_add_subregion_overlap(s->noc, base, &s->slot, 0);
    memory_region_init_io(&s->reset_unit, obj, &tt_arc_reset_ops, s,
                          "tt-arc-reset-unit", TT_ARC_RESET_SIZE);
    memory_region_add_subregion_overlap(s->noc, base + aa->reset_base,
                                        &s->reset_unit, 1);
    if (aa->csm_base) {
        if (!memory_region_init_ram(&s->csm, obj, "tt-arc-csm",
                                    TT_ARC_CSM_SIZE, errp)) {
            return;
        }
        memory_region_add_subregion_overlap(s->noc, base + aa->csm_base,
                                            &s->csm, 1);
    }
}

static void tt_arc_reset_hold(Object *obj, ResetType type)
{
    TTArcState *s = TT_ARC(obj);

    memset(s->scratch, 0, sizeof(s->scratch));
    memset(s->scratch_ram, 0, sizeof(s->scratch_ram));
    s->misc_cntl = 0;
}

static const VMStateDescription vmstate_tt_arc = {
    .name = TYPE_TT_ARC,
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_ARRAY(scratch, TTArcState, TT_ARC_SCRATCH_WORDS),
        VMSTATE_UINT32_ARRAY(scratch_ram, TTArcState,
                             TT_ARC_SCRATCH_RAM_WORDS),
        VMSTATE_UINT32(misc_cntl, TTArcState),
        VMSTATE_END_OF_LIST()
    }
};

static const Property tt_arc_properties[] = {
    DEFINE_PROP_UINT8("arch", TTArcState, arch_id, TT_ARCH_BLACKHOLE),
    DEFINE_PROP_UINT32("x", TTArcState, x, 0),
    DEFINE_PROP_UINT32("y", TTArcState, y, 0),
    DEFINE_PROP_LINK("noc", TTArcState, noc, TYPE_MEMORY_REGION,
                     MemoryRegion *),
};

static void tt_arc_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);

    dc->desc = "Tenstorrent ARC tile (minimal)";
    dc->realize = tt_arc_realize;
    dc->vmsd = &vmstate_tt_arc;
    dc->user_creatable = false;
    rc->phases.hold = tt_arc_reset_hold;
    device_class_set_props(dc, tt_arc_properties);
}

static const TypeInfo tt_arc_info = {
    .name = TYPE_TT_ARC,
    .parent = TYPE_DEVICE,
    .instance_size = sizeof(TTArcState),
    .class_init = tt_arc_class_init,
};

static void tt_arc_register_types(void)
{
    type_register_static(&tt_arc_info);
}

type_init(tt_arc_register_types)
