/*
 * Tenstorrent Tensix tile: parking and waking the baby RISC-V cores
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/main-loop.h"
#include "hw/core/cpu.h"
#include "migration/vmstate.h"
#include "tt_core.h"
#include "trace.h"

bool tt_core_can_block(TTCore *c)
{
    return current_cpu == CPU(&c->cpu);
}

void tt_core_park(TTCore *c, TTWaitReason reason, uint32_t arg)
{
    CPUState *cs = CPU(&c->cpu);

    assert(bql_locked() && tt_core_can_block(c));
    trace_tt_core_park(c->x, c->y, tt_core_id[c->index], reason, arg);
    c->wait = reason;
    c->wait_arg = arg;
    cs->halted = 1;
    cs->exception_index = EXCP_HLT;
    if (!timer_pending(c->watch->timer)) {
        timer_mod(c->watch->timer,
                  qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) + TT_DEADLOCK_CHECK_NS);
    }
    /* Restart the load/store from scratch once woken (mips_itu.c idiom) */
    cpu_loop_exit_restore(cs, cs->mem_io_pc);
}

static void tt_core_unpark(TTCore *c)
{
    CPUState *cs = CPU(&c->cpu);

    trace_tt_core_wake(c->x, c->y, tt_core_id[c->index], c->wait,
                       c->wait_arg);
    c->wait = TT_WAIT_NONE;
    c->wait_arg = 0;
    c->watch->reported = false;
    if (!c->held) {
        cs->halted = 0;
        qemu_cpu_kick(cs);
    }
}

void tt_cores_wake(TTCore *cores, TTWaitReason reason, uint32_t arg)
{
    for (int i = 0; i < TT_NUM_CORES; i++) {
        TTCore *c = &cores[i];

        if (c->wait == reason &&
            (arg == TT_WAIT_ARG_ANY || c->wait_arg == arg)) {
            tt_core_unpark(c);
        }
    }
}

/* Mailbox core index (B, T0, T1, T2) to its core's name */
static const char *tt_mbox_core_name(uint32_t m)
{
    return tt_core_name[m ? TT_CORE_TRISC0 + m - 1 : TT_CORE_BRISC];
}

void tt_core_describe_wait(const TTCore *c, GString *out)
{
    uint32_t a = c->wait_arg;

    switch (c->wait) {
    case TT_WAIT_FIFO:
        g_string_append_printf(out, "pushing into the full instruction FIFO "
                               "of Tensix thread T%u", a);
        break;
    case TT_WAIT_THREAD_IDLE:
        g_string_append_printf(out, "TTSync: waiting for Tensix thread T%u "
                               "to have nothing in flight", a);
        break;
    case TT_WAIT_MOP_IDLE:
        g_string_append_printf(out, "TTSync: waiting for the T%u MOP "
                               "expander to finish", a);
        break;
    case TT_WAIT_MBOX_READ:
        g_string_append_printf(out, "reading the empty mailbox %s->%s",
                               tt_mbox_core_name(a / 4),
                               tt_mbox_core_name(a % 4));
        break;
    case TT_WAIT_MBOX_WRITE:
        g_string_append_printf(out, "writing the full mailbox %s->%s",
                               tt_mbox_core_name(a / 4),
                               tt_mbox_core_name(a % 4));
        break;
    case TT_WAIT_PCBUF_PUSH:
        g_string_append_printf(out, "pushing into the full PCBuf %u", a);
        break;
    case TT_WAIT_PCBUF_POP:
        g_string_append_printf(out, "reading the empty PCBuf %u", a);
        break;
    case TT_WAIT_PCBUF_SYNC:
        g_string_append_printf(out, "reading PCBuf %u: waiting for it to "
                               "drain, TRISC%u to wait on it and thread T%u "
                               "to go idle", a, a, a);
        break;
    case TT_WAIT_FOREVER:
        g_string_append(out, "hung by a store to INSTRN1/2_BUF_BASE");
        break;
    case TT_WAIT_PACK_META:
        g_string_append_printf(out, "peeking at packer %u's empty metadata "
                               "FIFO (TDMA-RISC): waiting for a PACR with "
                               "Last to push a tile", a);
        break;
    default:
        g_string_append(out, "halted (wfi) with no interrupt source");
        break;
    }
}

const VMStateDescription vmstate_tt_core = {
    .name = "tt-core",
    .version_id = 2,
    .minimum_version_id = 2,
    .fields = (const VMStateField[]) {
        VMSTATE_BOOL(held, TTCore),
        VMSTATE_BOOL(release_pending, TTCore),
        VMSTATE_UINT32(wait, TTCore),
        VMSTATE_UINT32(wait_arg, TTCore),
        VMSTATE_UINT32_ARRAY(cfg0, TTCore, 7),
        VMSTATE_UINT32_ARRAY(sstatus, TTCore, 8),
        VMSTATE_END_OF_LIST()
    }
};
