/*
 * Tenstorrent Tensix coprocessor: the execution loop
 *
 * Each thread takes its next instruction from its frontend (FIFO, MOP and
 * replay expanders), which hands it over with its descriptor, looked up
 * once; the Wait Gate (Sync Unit) checks the descriptor's block bits; the
 * descriptor's function executes it.  A thread stops when its next
 * instruction is held; a change of shared state runs the threads again.
 *
 * See tt_tensix.h for the execution model.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/timer.h"
#include "tt_log.h"
#include "tt_unit.h"
#include "tt_exec.h"
#include "trace.h"

/* NOP (no unit) */
TTExec tt_nop(TTCoproc *s, int t, uint32_t insn)
{
    return TT_EXEC_DONE;
}

/* RESOURCEDECL: a hint for Auto TTSync, which this model does not need */
TTExec tt_resourcedecl(TTCoproc *s, int t, uint32_t insn)
{
    return TT_EXEC_DONE;
}

/*
 * Move thread @t forward by one instruction.  Returns false when the
 * thread cannot make progress (nothing to do, or held at the Wait Gate or
 * by its backend unit).
 */
static inline bool tt_thread_step(TTCoproc *s, int t)
{
    TTFrontend *fe = &s->fe[t];
    const TTInsnDesc *d;
    uint32_t insn, gen;
    TTExec r;

    if (!(s->fast_paths && tt_frontend_peek_fast(fe, s->arch->id, &insn,
                                                 &d)) &&
        ((s->fast_paths && tt_frontend_empty_fast(fe)) ||
         !tt_frontend_peek(s, t, &insn, &d))) {
        return false;
    }
    if (!d) {
        tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: T%d: undefined opcode "
                    "0x%02x (insn 0x%08x) dropped\n", t,
                    TT_INSN_OPCODE(insn), insn);
        tt_frontend_consume(s, t);
        return true;
    }
    if (!(s->fast_paths && tt_sync_gate_open(&s->sync, t)) &&
        tt_sync_gate_blocks(s, t, insn, d)) {
        trace_tt_tensix_blocked(t, insn);
        return false;
    }
    if (trace_event_get_state_backends(TRACE_TT_TENSIX_EXEC)) {
        char buf[160];

        tt_insn_format(s->arch->id, insn, buf, sizeof(buf));
        trace_tt_tensix_exec(t, tt_unit_name(d->unit), buf);
    }
    gen = s->flush_gen[t];
    tt_log_insn = insn;
    tt_log_insn_thread = t;
    r = d->exec(s, t, insn);
    tt_log_insn = 0;
    if (r == TT_EXEC_STALL) {
        if (d->unit == TT_UNIT_THCON) {
            /*
             * e.g. ATCAS waiting for an L1 value: RISC-V stores to L1 do
             * not run the threads, so poll while it waits
             */
            s->poll_needed = true;
        }
        return false;
    }
    /*
     * The instruction may have soft-reset its own thread (STOREREG to
     * SOFT_RESET_0): then it is gone already
     */
    if (gen == s->flush_gen[t] &&
        !(s->fast_paths && tt_frontend_consume_fast(fe))) {
        tt_frontend_consume(s, t);
    }
    s->thread[t].history[s->thread[t].retired++ % TT_THREAD_HISTORY] = insn;
    return true;
}

void tt_exec_run(TTCoproc *s)
{
    bool progress;

    if (s->running) {
        s->rerun = true;
        return;
    }
    s->running = true;
    s->poll_needed = false;
    do {
        s->rerun = false;
        progress = false;
        for (int t = 0; t < TT_NUM_THREADS; t++) {
            while (tt_thread_step(s, t)) {
                progress = true;
            }
        }
    } while (progress || s->rerun);
    s->running = false;
    if (s->poll_needed) {
        timer_mod(s->poll_timer, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) +
                  TT_TENSIX_POLL_NS);
    } else if (timer_pending(s->poll_timer)) {
        timer_del(s->poll_timer);       /* (which takes the timers' lock) */
    }

    /*
     * Wake cores whose condition may now hold (they re-check), and those
     * spinning on what the threads may have written
     */
    tt_cores_wake_coproc(s->cores);
}

bool tt_exec_push(TTCoproc *s, int t, uint32_t insn, unsigned flags)
{
    if (!tt_frontend_push(s, t, insn, flags)) {
        return false;
    }
    tt_exec_run(s);
    return true;
}
