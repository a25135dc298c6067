/*
 * Tensix frontend: per-thread instruction FIFO, MOP expander (with the
 * MopCfg registers at TENSIX_MOP_CFG_BASE) and replay expander.
 *
 * tt-isa-documentation WormholeB0 TensixCoprocessor/README.md,
 * MOPExpander.md, MOP.md, MOP_CFG.md, REPLAY.md.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "migration/vmstate.h"
#include "tt_tensix_int.h"
#include "trace.h"

static void tt_fifo_pop(TTFrontend *fe)
{
    fe->fifo_head = (fe->fifo_head + 1) % TT_FIFO_DEPTH;
    fe->fifo_count--;
}

bool tt_tensix_push(TTTensixState *s, int t, uint32_t insn, unsigned flags)
{
    TTFrontend *fe = &s->fe[t];
    uint32_t tail;

    if (fe->fifo_count > s->arch->fifo_accept_max) {
        return false;
    }
    tail = (fe->fifo_head + fe->fifo_count) % TT_FIFO_DEPTH;
    fe->fifo[tail] = insn;
    fe->fifo_flags[tail] = flags;
    fe->fifo_count++;
    trace_tt_tensix_push(t, insn, fe->fifo_count);
    tt_tensix_kick(s);
    return true;
}

bool tt_frontend_peek(TTTensixState *s, int t, uint32_t *insn)
{
    TTFrontend *fe = &s->fe[t];

    while (fe->fifo_count) {
        uint32_t head = fe->fifo[fe->fifo_head];
        unsigned flags = fe->fifo_flags[fe->fifo_head];
        uint32_t op = TT_INSN_OPCODE(head);

        if (op == TT_OP_MOP || op == TT_OP_MOP_CFG) {
            if (flags & TT_FIFO_BYPASS_MOP) {
                qemu_log_mask(LOG_GUEST_ERROR, "tt-tensix: T%d: %s pushed by "
                              "BRISC enters after the MOP expander; "
                              "dropped\n", t,
                              op == TT_OP_MOP ? "MOP" : "MOP_CFG");
            } else {
                tt_unimp_insn(s, t, head, "MOP expander");
            }
            tt_fifo_pop(fe);
            continue;
        }
        if (op == TT_OP_REPLAY) {
            tt_unimp_insn(s, t, head, "replay expander");
            tt_fifo_pop(fe);
            continue;
        }
        *insn = head;
        return true;
    }
    return false;
}

void tt_frontend_consume(TTTensixState *s, int t)
{
    tt_fifo_pop(&s->fe[t]);
}

bool tt_frontend_idle(TTTensixState *s, int t)
{
    return s->fe[t].fifo_count == 0;
}

bool tt_frontend_mop_idle(TTTensixState *s, int t)
{
    TTFrontend *fe = &s->fe[t];

    for (uint32_t i = 0; i < fe->fifo_count; i++) {
        if (TT_INSN_OPCODE(fe->fifo[(fe->fifo_head + i) % TT_FIFO_DEPTH]) ==
            TT_OP_MOP) {
            return false;
        }
    }
    return true;
}

void tt_frontend_flush(TTTensixState *s, int t)
{
    s->fe[t].fifo_head = 0;
    s->fe[t].fifo_count = 0;
}

uint32_t tt_frontend_qclasses(TTTensixState *s, int t)
{
    TTFrontend *fe = &s->fe[t];
    uint32_t mask = 0;

    for (uint32_t i = 0; i < fe->fifo_count; i++) {
        uint32_t slot = (fe->fifo_head + i) % TT_FIFO_DEPTH;

        if (fe->fifo_flags[slot] & TT_FIFO_FROM_TRISC) {
            mask |= tt_tensix_qclass(s, fe->fifo[slot]);
        }
    }
    return mask;
}

/* MopCfg: write-only, one per TRISC (MOPExpander.md "Configuration") */
static uint64_t tt_mop_cfg_read(void *opaque, hwaddr addr, unsigned size)
{
    TTCoreView *v = opaque;

    qemu_log_mask(LOG_GUEST_ERROR, "tt-tensix: %s: MopCfg is write-only; "
                  "read at 0x%" PRIx64 " returns 0\n", tt_core_name[v->core],
                  (uint64_t)addr);
    return 0;
}

static void tt_mop_cfg_write(void *opaque, hwaddr addr, uint64_t val,
                             unsigned size)
{
    TTCoreView *v = opaque;

    trace_tt_tensix_mmio_write("mop_cfg", v->core, addr, val, size);
    qemu_log_mask(LOG_UNIMP, "tt-tensix: %s: MopCfg[%u] = 0x%08" PRIx64
                  ": MOP expander not modelled yet\n", tt_core_name[v->core],
                  (unsigned)(addr / 4), val);
}

static const MemoryRegionOps tt_mop_cfg_ops = {
    .read = tt_mop_cfg_read,
    .write = tt_mop_cfg_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid.min_access_size = 4,
    .valid.max_access_size = 4,
    .impl.min_access_size = 4,
    .impl.max_access_size = 4,
};

void tt_frontend_realize(TTTensixState *s)
{
    for (int c = TT_CORE_TRISC0; c <= TT_CORE_TRISC2; c++) {
        g_autofree char *name = g_strdup_printf("tt-mop-cfg-%s",
                                                tt_core_name[c]);

        memory_region_init_io(&s->mop_cfg[c], OBJECT(s), &tt_mop_cfg_ops,
                              &s->view[c][0], name, 9 * 4);
    }
}

void tt_frontend_reset(TTTensixState *s)
{
    memset(s->fe, 0, sizeof(s->fe));
}

static int tt_frontend_post_load(void *opaque, int version_id)
{
    TTTensixState *s = opaque;

    for (int t = 0; t < TT_NUM_THREADS; t++) {
        if (s->fe[t].fifo_head >= TT_FIFO_DEPTH ||
            s->fe[t].fifo_count > TT_FIFO_DEPTH) {
            return -EINVAL;
        }
    }
    return 0;
}

static const VMStateDescription vmstate_tt_fe = {
    .name = "tt-frontend-thread",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_ARRAY(fifo, TTFrontend, TT_FIFO_DEPTH),
        VMSTATE_UINT8_ARRAY(fifo_flags, TTFrontend, TT_FIFO_DEPTH),
        VMSTATE_UINT32(fifo_head, TTFrontend),
        VMSTATE_UINT32(fifo_count, TTFrontend),
        VMSTATE_END_OF_LIST()
    }
};

const VMStateDescription vmstate_tt_frontend = {
    .name = "tt-tensix/frontend",
    .version_id = 1,
    .minimum_version_id = 1,
    .post_load = tt_frontend_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_STRUCT_ARRAY(fe, TTTensixState, TT_NUM_THREADS, 1,
                             vmstate_tt_fe, TTFrontend),
        VMSTATE_END_OF_LIST()
    }
};
