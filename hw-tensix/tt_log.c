/*
 * Tenstorrent models: strict mode (see tt_log.h)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/error-report.h"
#include "qom/object.h"
#include "hw/core/cpu.h"
#include "system/runstate.h"
#include "tt_log.h"

bool tt_strict;
__thread uint32_t tt_log_insn;
__thread int tt_log_insn_thread;

void tt_strict_vstop(int mask, const char *fmt, va_list ap)
{
    g_autofree char *msg = g_strdup_vprintf(fmt, ap);
    g_autofree char *where = NULL;
    g_autofree char *insn = NULL;
    size_t n = strlen(msg);

    if (qemu_loglevel_mask(mask)) {
        qemu_log("%s", msg);
    }
    if (n && msg[n - 1] == '\n') {
        msg[n - 1] = '\0';
    }
    if (current_cpu) {
        g_autofree char *path =
            object_get_canonical_path(OBJECT(current_cpu));
        CPUClass *cc = CPU_GET_CLASS(current_cpu);

        where = g_strdup_printf("core %s, pc 0x%08" PRIx64,
                                path ? path : "?",
                                (uint64_t)cc->get_pc(current_cpu));
    } else {
        where = g_strdup("no core (the main loop: a timer, the host or qtest)");
    }
    if (tt_log_insn) {
        insn = g_strdup_printf(", Tensix thread T%d executing 0x%08x",
                               tt_log_insn_thread, tt_log_insn);
    }
    error_report("strict mode: stopped at the first %s: %s; %s%s",
                 mask & LOG_GUEST_ERROR ? "guest error" :
                 "use of something not modelled", msg, where,
                 insn ? insn : "");
    vm_stop(RUN_STATE_PAUSED);
}

void tt_strict_stop(int mask, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    tt_strict_vstop(mask, fmt, ap);
    va_end(ap);
}
