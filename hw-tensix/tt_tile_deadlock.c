/*
 * Tenstorrent Tensix tile: the deadlock diagnostic
 *
 * A while (TT_DEADLOCK_CHECK_NS of virtual time) after a core parks, if
 * no core of the tile can run any more (each is held in soft reset or
 * waiting), nothing inside the tile can ever wake them: say so once, with
 * what every core and every Tensix thread waits for, instead of hanging
 * silently.  Agents outside the tile (the host through QMP or gdb, the
 * NoC) could still intervene: this is a warning, not an exit.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/error-report.h"
#include "qemu/timer.h"
#include "hw/core/cpu.h"
#include "tt_tile.h"

void tt_tile_describe_waits(TTTileState *s, GString *msg)
{
    for (int i = 0; i < TT_NUM_CORES; i++) {
        TTCore *c = &s->core[i];

        g_string_append_printf(msg, "\n  %-6s ", tt_core_name[i]);
        if (c->held || !c->created) {
            g_string_append(msg, "held in soft reset");
        } else if (c->wait == TT_WAIT_NONE && !tt_core_cpu(c)->halted) {
            g_string_append(msg, "running");
        } else {
            tt_core_describe_wait(c, msg);
        }
        if (!c->held && c->created) {
            /* where it is (racy while it runs, exact once it waits) */
            g_string_append_printf(msg, " (pc 0x%08x)",
                                   (uint32_t)c->cpu.env.pc);
        }
    }
    for (int t = 0; t < TT_NUM_THREADS; t++) {
        char buf[768];

        tt_tensix_describe_thread(&s->tensix, t, buf, sizeof(buf));
        g_string_append_printf(msg, "\n  T%d     %s", t, buf);
    }
}

static void tt_tile_check_deadlock(TTTileState *s)
{
    g_autoptr(GString) msg = NULL;
    bool any_waiting = false;

    if (s->deadlock.reported) {
        return;
    }
    for (int i = 0; i < TT_NUM_CORES; i++) {
        TTCore *c = &s->core[i];

        if (c->held || !c->created) {
            continue;
        }
        if (c->release_pending || c->wait == TT_WAIT_SPIN ||
            (c->wait == TT_WAIT_NONE && !tt_core_cpu(c)->halted)) {
            /* someone can still run: look again later */
            timer_mod(s->deadlock.timer,
                      qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) +
                      TT_DEADLOCK_CHECK_NS);
            return;
        }
        any_waiting = true;
    }
    if (!any_waiting) {
        return;
    }
    msg = g_string_new(NULL);
    g_string_append_printf(msg, "tt-tile(%u,%u): deadlock: no core can run",
                           s->x, s->y);
    tt_tile_describe_waits(s, msg);
    warn_report("%s", msg->str);
    s->deadlock.reported = true;
}

void tt_tile_deadlock_timer(void *opaque)
{
    TTTileState *s = opaque;

    for (int i = 0; i < TT_NUM_CORES; i++) {
        if (s->core[i].wait != TT_WAIT_NONE) {
            tt_tile_check_deadlock(s);
            return;
        }
    }
    /* nobody parked any more: nothing to watch */
}
