/*
 * Tensix Mover: XMOV and the TDMA-RISC interface (0xFFB11000).
 *
 * tt-isa-documentation WormholeB0 TensixTile/Mover.md, TDMA-RISC.md,
 * TensixCoprocessor/XMOV.md.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "migration/vmstate.h"
#include "tt_tensix_int.h"
#include "trace.h"

TTExec tt_mover_exec(TTTensixState *s, int t, uint32_t insn)
{
    tt_unimp_insn(s, t, insn, NULL);
    return TT_EXEC_DONE;
}

static uint64_t tt_tdma_read(void *opaque, hwaddr addr, unsigned size)
{
    TTCoreView *v = opaque;

    qemu_log_mask(LOG_UNIMP, "tt-tensix: %s: TDMA-RISC read at 0x%" PRIx64
                  " not modelled yet, returns 0\n", tt_core_name[v->core],
                  (uint64_t)addr);
    trace_tt_tensix_mmio_read("tdma", v->core, addr, 0, size);
    return 0;
}

static void tt_tdma_write(void *opaque, hwaddr addr, uint64_t val,
                          unsigned size)
{
    TTCoreView *v = opaque;

    trace_tt_tensix_mmio_write("tdma", v->core, addr, val, size);
    qemu_log_mask(LOG_UNIMP, "tt-tensix: %s: TDMA-RISC write 0x%" PRIx64
                  " at 0x%" PRIx64 " not modelled yet\n",
                  tt_core_name[v->core], val, (uint64_t)addr);
}

static const MemoryRegionOps tt_tdma_ops = {
    .read = tt_tdma_read,
    .write = tt_tdma_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid.min_access_size = 1,
    .valid.max_access_size = 4,
    .impl.min_access_size = 4,
    .impl.max_access_size = 4,
};

void tt_mover_realize(TTTensixState *s)
{
    for (int c = 0; c < TT_NUM_CORES; c++) {
        g_autofree char *name = g_strdup_printf("tt-tdma-risc-%s",
                                                tt_core_name[c]);

        memory_region_init_io(&s->tdma[c], OBJECT(s), &tt_tdma_ops,
                              &s->view[c][0], name, 0x1000);
    }
}

void tt_mover_reset(TTTensixState *s)
{
    memset(&s->mover, 0, sizeof(s->mover));
}

const VMStateDescription vmstate_tt_mover = {
    .name = "tt-tensix/mover",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32(mover.reserved, TTTensixState),
        VMSTATE_END_OF_LIST()
    }
};
