/*
 * Tenstorrent Tensix coprocessor
 *
 * Frontend (per-thread FIFO, Wait Gate), backend dispatch and the MMIO
 * windows the baby cores use to reach it: INSTRN_BUF, REGFILE (GPRs),
 * PC_BUF (TTSync, semaphores), mailboxes and TENSIX_CFG.
 *
 * See tt_tensix.h for the execution model and tt-isa-documentation
 * (WormholeB0/TensixTile/TensixCoprocessor, BabyRISCV) for the functional
 * models followed here.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/timer.h"
#include "qemu/main-loop.h"
#include "qapi/error.h"
#include "hw/qdev-properties.h"
#include "migration/vmstate.h"
#include "tt_tile.h"
#include "tt_tensix_int.h"
#include "trace.h"

const char *const tt_core_name[TT_NUM_CORES] = {
    "BRISC", "NCRISC", "TRISC0", "TRISC1", "TRISC2",
};

void tt_unimp_insn(TTTensixState *s, int t, uint32_t insn, const char *what)
{
    char buf[160];

    tt_insn_format(s->arch->id, insn, buf, sizeof(buf));
    qemu_log_mask(LOG_UNIMP, "tt-tensix: T%d: %s%s%s not modelled yet "
                  "(insn 0x%08x); dropped\n", t, buf, what ? ": " : "",
                  what ? what : "", insn);
}

/* ---------------------------------------------------------------------- */
/* Execution loop                                                         */
/* ---------------------------------------------------------------------- */

static TTExec tt_execute(TTTensixState *s, int t, uint32_t insn,
                         const TTInsnDesc *d)
{
    uint32_t op = TT_INSN_OPCODE(insn);

    if (trace_event_get_state_backends(TRACE_TT_TENSIX_EXEC)) {
        char buf[160];

        tt_insn_format(s->arch->id, insn, buf, sizeof(buf));
        trace_tt_tensix_exec(t, tt_unit_name(d->unit), buf);
    }

    switch (d->unit) {
    case TT_UNIT_NONE:
        /* NOP; RESOURCEDECL is a hint for Auto TTSync: no effect here */
        return TT_EXEC_DONE;
    case TT_UNIT_SYNC:
        return tt_sync_exec(s, t, insn);
    case TT_UNIT_THCON:
        return tt_thcon_exec(s, t, insn);
    case TT_UNIT_CFG:
        return tt_cfg_exec(s, t, insn);
    case TT_UNIT_XMOV:
        return tt_mover_exec(s, t, insn);
    case TT_UNIT_TDMA:
        /* The Miscellaneous Unit: ADCs, SETDVALID; DMANOP is ThCon's */
        if (op == TT_OP_DMANOP) {
            return tt_thcon_exec(s, t, insn);
        }
        return tt_adc_exec(s, t, insn);
    case TT_UNIT_MATH:
        if (op == TT_OP_SETRWC || op == TT_OP_INCRWC) {
            return tt_adc_exec(s, t, insn);
        }
        if (op == TT_OP_CLEARDVALID) {
            /* CLEARDVALID.md: [23:22] FlipSrcB:FlipSrcA, [1:0] Keep:Reset */
            tt_src_clear_dvalid(s, t, extract32(insn, 22, 1),
                                extract32(insn, 23, 1), extract32(insn, 1, 1),
                                extract32(insn, 0, 1));
            return TT_EXEC_DONE;
        }
        break;
    }
    tt_unimp_insn(s, t, insn, NULL);
    return TT_EXEC_DONE;
}

/*
 * Move thread @t forward by one instruction.  Returns false when the
 * thread cannot make progress (nothing to do, or held at the Wait Gate or
 * by its backend unit).
 */
static bool tt_thread_step(TTTensixState *s, int t)
{
    const TTInsnDesc *d;
    uint32_t insn, gen;

    if (!tt_frontend_peek(s, t, &insn)) {
        return false;
    }
    d = tt_isa_lookup(s->arch->id, insn);
    if (!d) {
        qemu_log_mask(LOG_GUEST_ERROR, "tt-tensix: T%d: undefined opcode "
                      "0x%02x (insn 0x%08x) dropped\n", t,
                      TT_INSN_OPCODE(insn), insn);
        tt_frontend_consume(s, t);
        return true;
    }
    if (tt_sync_gate_blocks(s, t, insn)) {
        trace_tt_tensix_blocked(t, insn);
        return false;
    }
    gen = s->flush_gen[t];
    if (tt_execute(s, t, insn, d) == TT_EXEC_STALL) {
        if (d->unit == TT_UNIT_THCON) {
            /* e.g. ATCAS waiting for an L1 value: RISC-V stores to L1 do
             * not kick us, so poll while it waits */
            s->poll_needed = true;
        }
        return false;
    }
    /* The instruction may have soft-reset its own thread (STOREREG to
     * SOFT_RESET_0): then it is gone already */
    if (gen == s->flush_gen[t]) {
        tt_frontend_consume(s, t);
    }
    s->thread[t].retired++;
    return true;
}

/* Retry threads stalled on memory conditions (see poll_needed) */
static void tt_tensix_poll(void *opaque)
{
    tt_tensix_kick(opaque);
}

void tt_tensix_kick(TTTensixState *s)
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
    } else {
        timer_del(s->poll_timer);
    }

    /* Wake cores whose condition may now hold; they re-check. */
    tt_tile_wake(s->tile, TT_WAIT_FIFO, TT_WAIT_ARG_ANY);
    tt_tile_wake(s->tile, TT_WAIT_THREAD_IDLE, TT_WAIT_ARG_ANY);
    tt_tile_wake(s->tile, TT_WAIT_MOP_IDLE, TT_WAIT_ARG_ANY);
}

uint8_t *tt_tensix_l1(TTTensixState *s, uint32_t addr, uint32_t len)
{
    uint64_t size = memory_region_size(&s->tile->l1);

    if ((uint64_t)addr + len > size) {
        return NULL;
    }
    return (uint8_t *)memory_region_get_ram_ptr(&s->tile->l1) + addr;
}

void tt_tensix_core_reset(TTTensixState *s, int core)
{
    /* SoftReset.md, "Upon entering soft reset" */
    if (TT_CORE_IS_TRISC(core)) {
        s->flush_gen[TT_TRISC_THREAD(core)]++;
        tt_frontend_flush(s, TT_TRISC_THREAD(core));
        /* "Upon leaving soft reset": PCBuf from B discarded (same effect) */
        s->pcbuf[TT_TRISC_THREAD(core)].head = 0;
        s->pcbuf[TT_TRISC_THREAD(core)].count = 0;
    }
    if (core != TT_CORE_NCRISC) {
        int me = core == TT_CORE_BRISC ? 0 : core - TT_CORE_TRISC0 + 1;

        for (int k = 0; k < TT_NUM_MAILBOX_CORES; k++) {
            s->mbox[me][k].count = 0;
            s->mbox[me][k].head = 0;
        }
    }
}

uint32_t tt_tensix_fifo_status(TTTensixState *s)
{
    uint32_t val = 0;

    for (int t = 0; t < TT_NUM_THREADS; t++) {
        val |= (s->fe[t].fifo_count <= s->arch->fifo_accept_max[t]) << t;
        val |= (s->fe[t].fifo_count == 0) << (4 + t);
    }
    return val;
}

void tt_tensix_describe_thread(TTTensixState *s, int t, char *buf,
                               size_t len)
{
    if (tt_frontend_idle(s, t)) {
        snprintf(buf, len, "idle");
        return;
    }
    tt_sync_describe_wait(s, t, buf, len);
}

bool tt_tensix_thread_idle(TTTensixState *s, int t)
{
    return tt_frontend_idle(s, t);
}

uint32_t tt_tensix_qclass(TTTensixState *s, uint32_t insn)
{
    const TTInsnDesc *d = tt_isa_lookup(s->arch->id, insn);

    switch (TT_INSN_OPCODE(insn)) {
    case TT_OP_REPLAY:
        return 1u << TT_QCLASS_REPLAY;
    case TT_OP_MOP:
        return 1u << TT_QCLASS_MOP;
    case TT_OP_MOP_CFG:
        return 0;
    }
    if (!d) {
        return 0;
    }
    switch (d->unit) {
    case TT_UNIT_THCON:
        return (1u << TT_QCLASS_THCON) | (1u << TT_QCLASS_MISC);
    case TT_UNIT_XMOV:
        return (1u << TT_QCLASS_MOVER) | (1u << TT_QCLASS_MISC);
    case TT_UNIT_UNPACK:
        return (1u << TT_QCLASS_UNPACK) | (1u << TT_QCLASS_MISC);
    case TT_UNIT_PACK:
        return (1u << TT_QCLASS_PACK) | (1u << TT_QCLASS_MISC);
    case TT_UNIT_CFG:
        return 1u << TT_QCLASS_CFG;
    case TT_UNIT_SYNC:
        return 1u << TT_QCLASS_SYNC;
    case TT_UNIT_TDMA:
        return 1u << TT_QCLASS_MISC;
    case TT_UNIT_SFPU:
        return 1u << TT_QCLASS_SFPU;
    case TT_UNIT_MATH:
        return 1u << TT_QCLASS_FPU;
    }
    return 0;
}

uint32_t tt_tensix_qstatus(TTTensixState *s, int core)
{
    uint32_t all = 0, own;

    for (int t = 0; t < TT_NUM_THREADS; t++) {
        all |= tt_frontend_qclasses(s, t);
    }
    own = TT_CORE_IS_TRISC(core) ? tt_frontend_qclasses(s, TT_TRISC_THREAD(core))
                                 : all;
    /* bit 11 / 24 sfpu_cc: no SFPU lane state until the SFPU exists */
    return own | (all << 13);
}

uint32_t tt_tensix_bstatus(TTTensixState *s, int core)
{
    /*
     * Busy = queued in the frontend, or executing in the backend.  Backend
     * units retire instantly in this model, so only the queued part shows.
     */
    uint32_t q = tt_tensix_qstatus(s, core);

    return (q & 0x7ff) | (((q >> 13) & 0x7ff) << 11);
}

/* ---------------------------------------------------------------------- */
/* INSTRN_BUF (PushTensixInstruction.md)                                  */
/* ---------------------------------------------------------------------- */

static uint64_t tt_instrn_read(void *opaque, hwaddr addr, unsigned size)
{
    TTCoreView *v = opaque;

    qemu_log_mask(LOG_GUEST_ERROR, "tt-tensix: %s: read from INSTRN_BUF "
                  "window %d (write-only), returns 0\n",
                  tt_core_name[v->core], v->index);
    return 0;
}

static void tt_instrn_write(void *opaque, hwaddr addr, uint64_t val,
                            unsigned size)
{
    TTCoreView *v = opaque;
    TTTensixState *s = v->s;
    TTCore *c = &s->tile->core[v->core];
    unsigned flags;
    int t;

    trace_tt_tensix_mmio_write("instrn_buf", v->core, addr, val, size);
    if (v->core == TT_CORE_BRISC) {
        t = v->index;
        flags = TT_FIFO_BYPASS_MOP;
    } else {
        assert(TT_CORE_IS_TRISC(v->core));
        if (v->index != 0) {
            qemu_log_mask(LOG_GUEST_ERROR, "tt-tensix: %s: store to "
                          "INSTRN%d_BUF_BASE hangs the core (only BRISC may "
                          "use it)\n", tt_core_name[v->core], v->index);
            if (tt_core_can_block(c)) {
                tt_core_park(c, TT_WAIT_FOREVER, 0);
            }
            return;
        }
        t = TT_TRISC_THREAD(v->core);
        flags = TT_FIFO_FROM_TRISC;
    }
    if (size != 4) {
        qemu_log_mask(LOG_GUEST_ERROR, "tt-tensix: %s: %u-byte store to "
                      "INSTRN_BUF pushes the zero-extended value\n",
                      tt_core_name[v->core], size);
    }
    if (!tt_tensix_push(s, t, val, flags)) {
        if (tt_core_can_block(c)) {
            tt_core_park(c, TT_WAIT_FIFO, t);
        }
        qemu_log_mask(LOG_GUEST_ERROR, "tt-tensix: push of 0x%08x into full "
                      "T%d FIFO from outside the core dropped\n",
                      (uint32_t)val, t);
    }
}

static const MemoryRegionOps tt_instrn_ops = {
    .read = tt_instrn_read,
    .write = tt_instrn_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid.min_access_size = 1,
    .valid.max_access_size = 4,
    .impl.min_access_size = 4,
    .impl.max_access_size = 4,
};

/* ---------------------------------------------------------------------- */
/* REGFILE: Tensix GPRs (ScalarUnit.md)                                   */
/* ---------------------------------------------------------------------- */

static uint32_t *tt_regfile_word(TTCoreView *v, hwaddr addr)
{
    uint32_t word = addr / 4;
    int t;

    if (v->core == TT_CORE_BRISC) {
        t = word / TT_NUM_GPRS;
        if (t >= TT_NUM_THREADS) {
            return NULL;
        }
    } else {
        t = TT_TRISC_THREAD(v->core);
        if (word >= TT_NUM_GPRS) {
            return NULL;
        }
    }
    return &v->s->thread[t].gpr[word % TT_NUM_GPRS];
}

static uint64_t tt_regfile_read(void *opaque, hwaddr addr, unsigned size)
{
    TTCoreView *v = opaque;
    uint32_t *w = tt_regfile_word(v, addr);
    uint64_t val = 0;

    if (!w) {
        qemu_log_mask(LOG_GUEST_ERROR, "tt-tensix: %s: REGFILE read beyond "
                      "its GPRs at 0x%" HWADDR_PRIx "\n",
                      tt_core_name[v->core], addr);
    } else {
        val = extract32(*w, (addr & 3) * 8, size * 8);
    }
    trace_tt_tensix_mmio_read("regfile", v->core, addr, val, size);
    return val;
}

static void tt_regfile_write(void *opaque, hwaddr addr, uint64_t val,
                             unsigned size)
{
    TTCoreView *v = opaque;
    uint32_t *w = tt_regfile_word(v, addr);

    trace_tt_tensix_mmio_write("regfile", v->core, addr, val, size);
    if (!w) {
        qemu_log_mask(LOG_GUEST_ERROR, "tt-tensix: %s: REGFILE write beyond "
                      "its GPRs at 0x%" HWADDR_PRIx "\n",
                      tt_core_name[v->core], addr);
        return;
    }
    *w = deposit32(*w, (addr & 3) * 8, size * 8, val);
}

static const MemoryRegionOps tt_regfile_ops = {
    .read = tt_regfile_read,
    .write = tt_regfile_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid.min_access_size = 1,
    .valid.max_access_size = 4,
    .impl.min_access_size = 1,
    .impl.max_access_size = 4,
};

/* ---------------------------------------------------------------------- */
/* PC_BUF: PCBufs, TTSync, semaphores (PCBufs.md, TTSync.md, SyncUnit.md) */
/* ---------------------------------------------------------------------- */

#define TT_PCBUF_TTSYNC         0x4
#define TT_PCBUF_MOPSYNC        0x8
#define TT_PCBUF_SEM_BASE       0x20

/* PCBuf[i] configuration bits in RISCV_DEBUG_REG_TRISC_PC_BUF_OVERRIDE */
static bool tt_pcbuf_override_en(TTTensixState *s, int i)
{
    return extract32(s->tile->pc_buf_override, 10 * i, 1);
}

static bool tt_pcbuf_override_busy(TTTensixState *s, int i)
{
    return extract32(s->tile->pc_buf_override, 10 * i + 1, 1);
}

static uint32_t tt_pcbuf_override_value(TTTensixState *s, int i)
{
    return extract32(s->tile->pc_buf_override, 10 * i + 2, 8);
}

/* Is RISCV T_i parked reading an empty PCBuf[i]? */
static bool tt_pcbuf_reader_waiting(TTTensixState *s, int i)
{
    TTCore *c = &s->tile->core[TT_CORE_TRISC0 + i];

    return c->wait == TT_WAIT_PCBUF_POP;
}

static uint64_t tt_pcbuf_read(void *opaque, hwaddr addr, unsigned size)
{
    TTCoreView *v = opaque;
    TTTensixState *s = v->s;
    TTCore *c = &s->tile->core[v->core];
    uint64_t val = 0;
    int t;

    if (v->core == TT_CORE_BRISC) {
        /*
         * PCBufs.md, RISCV B read: wait until PCBuf[i] is empty, T_i is
         * blocked reading it and Tensix thread i is idle (or the override
         * says busy-bypass).
         */
        int i = v->index;
        TTPcBuf *pb = &s->pcbuf[i];

        if (tt_pcbuf_override_en(s, i) && tt_pcbuf_override_busy(s, i)) {
            goto out;
        }
        if (!pb->count && tt_pcbuf_reader_waiting(s, i) &&
            tt_frontend_idle(s, i)) {
            goto out;
        }
        if (tt_core_can_block(c)) {
            tt_core_park(c, TT_WAIT_PCBUF_SYNC, i);
        }
        qemu_log_mask(LOG_GUEST_ERROR, "tt-tensix: PCBuf %d (B side) read "
                      "from outside the core would wait; returns 0\n", i);
        goto out;
    }
    t = TT_TRISC_THREAD(v->core);
    if (addr < TT_PCBUF_TTSYNC) {
        /* PCBufs.md, RISCV T_i read: pop, or wait while empty */
        TTPcBuf *pb = &s->pcbuf[t];

        if (pb->count) {
            val = pb->data[pb->head];
            pb->head = (pb->head + 1) % TT_PCBUF_DEPTH;
            pb->count--;
            tt_tile_wake(s->tile, TT_WAIT_PCBUF_PUSH, t);
            tt_tile_wake(s->tile, TT_WAIT_PCBUF_SYNC, t);
        } else if (tt_pcbuf_override_en(s, t)) {
            val = tt_pcbuf_override_value(s, t);
        } else if (tt_core_can_block(c)) {
            /* BRISC may be waiting for exactly this */
            tt_tile_wake(s->tile, TT_WAIT_PCBUF_SYNC, t);
            tt_core_park(c, TT_WAIT_PCBUF_POP, t);
        } else {
            qemu_log_mask(LOG_GUEST_ERROR, "tt-tensix: pop of empty PCBuf "
                          "%d from outside the core returns 0\n", t);
        }
    } else if (addr < TT_PCBUF_SEM_BASE) {
        bool mop = (addr & ~3) == TT_PCBUF_MOPSYNC;

        /*
         * TTSync.md.  CoprocessorDoneCheck: wait until the thread has
         * nothing in flight.  MOPExpanderDoneCheck: until the MOP expander
         * is idle and no MOP is queued before it.  Either returns at once
         * when PCBuf[t] has OverrideEn and OverrideBusy set.
         */
        bool idle = mop ? tt_frontend_mop_idle(s, t)
                        : tt_frontend_idle(s, t);

        if (tt_pcbuf_override_en(s, t) && tt_pcbuf_override_busy(s, t)) {
            idle = true;
        }
        if (!idle && tt_core_can_block(c)) {
            tt_core_park(c, mop ? TT_WAIT_MOP_IDLE : TT_WAIT_THREAD_IDLE, t);
        }
    } else if (addr < TT_PCBUF_SEM_BASE + 4 * TT_NUM_SEMAPHORES) {
        val = tt_sync_sem_mmio_read(s, (addr - TT_PCBUF_SEM_BASE) / 4);
    } else {
        qemu_log_mask(LOG_GUEST_ERROR, "tt-tensix: %s: read of unmapped "
                      "PC_BUF offset 0x%" HWADDR_PRIx "\n",
                      tt_core_name[v->core], addr);
    }
out:
    trace_tt_tensix_mmio_read("pc_buf", v->core, addr, val, size);
    return val;
}

static void tt_pcbuf_write(void *opaque, hwaddr addr, uint64_t val,
                           unsigned size)
{
    TTCoreView *v = opaque;
    TTTensixState *s = v->s;

    trace_tt_tensix_mmio_write("pc_buf", v->core, addr, val, size);
    if (v->core == TT_CORE_BRISC) {
        /* PCBufs.md, RISCV B write: push, waiting while full */
        TTPcBuf *pb = &s->pcbuf[v->index];
        TTCore *c = &s->tile->core[TT_CORE_BRISC];

        if (pb->count >= TT_PCBUF_DEPTH) {
            if (tt_core_can_block(c)) {
                tt_core_park(c, TT_WAIT_PCBUF_PUSH, v->index);
            }
            qemu_log_mask(LOG_GUEST_ERROR, "tt-tensix: push into full PCBuf "
                          "%d from outside the core dropped\n", v->index);
            return;
        }
        pb->data[(pb->head + pb->count) % TT_PCBUF_DEPTH] = val;
        pb->count++;
        tt_tile_wake(s->tile, TT_WAIT_PCBUF_POP, v->index);
        return;
    }
    if (addr < TT_PCBUF_SEM_BASE) {
        /* PCBuf (T side) and TTSync: stores are discarded */
        return;
    }
    if (addr < TT_PCBUF_SEM_BASE + 4 * TT_NUM_SEMAPHORES) {
        /* SyncUnit.md "RISCV access to semaphores" (re-checks latches) */
        tt_sync_sem_mmio_write(s, v->core, (addr - TT_PCBUF_SEM_BASE) / 4,
                               val);
        return;
    }
    qemu_log_mask(LOG_GUEST_ERROR, "tt-tensix: %s: write to unmapped PC_BUF "
                  "offset 0x%" HWADDR_PRIx "\n", tt_core_name[v->core], addr);
}

void tt_tensix_pcbuf_override_changed(TTTensixState *s)
{
    tt_tile_wake(s->tile, TT_WAIT_PCBUF_POP, TT_WAIT_ARG_ANY);
    tt_tile_wake(s->tile, TT_WAIT_PCBUF_SYNC, TT_WAIT_ARG_ANY);
    tt_tile_wake(s->tile, TT_WAIT_THREAD_IDLE, TT_WAIT_ARG_ANY);
    tt_tile_wake(s->tile, TT_WAIT_MOP_IDLE, TT_WAIT_ARG_ANY);
}

static const MemoryRegionOps tt_pcbuf_ops = {
    .read = tt_pcbuf_read,
    .write = tt_pcbuf_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid.min_access_size = 1,
    .valid.max_access_size = 4,
    .impl.min_access_size = 4,
    .impl.max_access_size = 4,
};

/* ---------------------------------------------------------------------- */
/* Mailboxes (Mailboxes.md)                                               */
/* ---------------------------------------------------------------------- */

/* Index of a mailbox-capable core: B = 0, T0..T2 = 1..3 */
static int tt_mbox_core(int core)
{
    return core == TT_CORE_BRISC ? 0 : core - TT_CORE_TRISC0 + 1;
}

static uint64_t tt_mbox_read(void *opaque, hwaddr addr, unsigned size)
{
    TTCoreView *v = opaque;
    TTTensixState *s = v->s;
    TTCore *c = &s->tile->core[v->core];
    int me = tt_mbox_core(v->core);
    int region = addr / TT_MAILBOX_STRIDE;
    TTMailbox *mb = &s->mbox[region][me];     /* from region's core to me */
    uint64_t val;

    if (addr & 4) {
        val = mb->count ? 1 : 0;
    } else if (!mb->count) {
        if (tt_core_can_block(c)) {
            tt_core_park(c, TT_WAIT_MBOX_READ, region * 4 + me);
        }
        qemu_log_mask(LOG_GUEST_ERROR, "tt-tensix: pop of empty mailbox "
                      "from outside the core returns 0\n");
        val = 0;
    } else {
        val = mb->data[mb->head];
        mb->head = (mb->head + 1) % TT_MAILBOX_DEPTH;
        mb->count--;
        /* Space for the writer (from region's core) */
        tt_tile_wake(s->tile, TT_WAIT_MBOX_WRITE, TT_WAIT_ARG_ANY);
    }
    trace_tt_tensix_mmio_read("mailbox", v->core, addr, val, size);
    return val;
}

static void tt_mbox_write(void *opaque, hwaddr addr, uint64_t val,
                          unsigned size)
{
    TTCoreView *v = opaque;
    TTTensixState *s = v->s;
    TTCore *c = &s->tile->core[v->core];
    int me = tt_mbox_core(v->core);
    int region = addr / TT_MAILBOX_STRIDE;
    TTMailbox *mb = &s->mbox[me][region];     /* from me to region's core */
    uint32_t total = 0;

    trace_tt_tensix_mmio_write("mailbox", v->core, addr, val, size);
    for (int k = 0; k < TT_NUM_MAILBOX_CORES; k++) {
        total += s->mbox[me][k].count;
    }
    if (mb->count >= TT_MAILBOX_DEPTH || total >= TT_MAILBOX_DEPTH) {
        if (tt_core_can_block(c)) {
            tt_core_park(c, TT_WAIT_MBOX_WRITE, me * 4 + region);
        }
        qemu_log_mask(LOG_GUEST_ERROR, "tt-tensix: write to full mailbox "
                      "from outside the core dropped\n");
        return;
    }
    mb->data[(mb->head + mb->count) % TT_MAILBOX_DEPTH] = val;
    mb->count++;
    tt_tile_wake(s->tile, TT_WAIT_MBOX_READ, me * 4 + region);
}

static const MemoryRegionOps tt_mbox_ops = {
    .read = tt_mbox_read,
    .write = tt_mbox_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid.min_access_size = 4,
    .valid.max_access_size = 4,
    .impl.min_access_size = 4,
    .impl.max_access_size = 4,
};

/* ---------------------------------------------------------------------- */
/* QOM                                                                    */
/* ---------------------------------------------------------------------- */

static void tt_tensix_realize(DeviceState *dev, Error **errp)
{
    TTTensixState *s = TT_TENSIX(dev);
    Object *obj = OBJECT(dev);

    if (s->arch_id >= TT_ARCH__MAX) {
        error_setg(errp, "tt-tensix: invalid architecture %u", s->arch_id);
        return;
    }
    if (!s->tile) {
        error_setg(errp, "tt-tensix: 'tile' link not set");
        return;
    }
    s->arch = tt_arch_get(s->arch_id);
    assert(s->arch->cfg_state_words <= TT_CFG_MAX_WORDS);
    assert(s->arch->thd_cfg_words <= TT_THD_CFG_MAX_WORDS);

    for (int c = 0; c < TT_NUM_CORES; c++) {
        g_autofree char *name = NULL;

        for (int i = 0; i < TT_NUM_THREADS; i++) {
            s->view[c][i] = (TTCoreView) { .s = s, .core = c, .index = i };
        }
        if (c == TT_CORE_NCRISC) {
            continue;   /* NCRISC reaches none of the coprocessor windows */
        }
        for (int i = 0; i < TT_NUM_THREADS; i++) {
            name = g_strdup_printf("tt-instrn-buf%d-%s", i, tt_core_name[c]);
            memory_region_init_io(&s->instrn_buf[c][i], obj, &tt_instrn_ops,
                                  &s->view[c][i], name, TT_INSTRN_BUF_STRIDE);
            g_clear_pointer(&name, g_free);
        }
        for (int i = 0; i < (c == TT_CORE_BRISC ? TT_NUM_THREADS : 1); i++) {
            name = g_strdup_printf("tt-pc-buf%d-%s", i, tt_core_name[c]);
            memory_region_init_io(&s->pc_buf[c][i], obj, &tt_pcbuf_ops,
                                  &s->view[c][i], name, TT_PC_BUF_STRIDE);
            g_clear_pointer(&name, g_free);
        }
        name = g_strdup_printf("tt-regfile-%s", tt_core_name[c]);
        memory_region_init_io(&s->regfile[c], obj, &tt_regfile_ops,
                              &s->view[c][0], name, 0x1000);
        g_clear_pointer(&name, g_free);
        name = g_strdup_printf("tt-mailbox-%s", tt_core_name[c]);
        memory_region_init_io(&s->mailbox[c], obj, &tt_mbox_ops,
                              &s->view[c][0], name, 4 * TT_MAILBOX_STRIDE);
    }
    address_space_init(&s->tile_as, &s->tile->space, "tt-tensix-tile");
    s->poll_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, tt_tensix_poll, s);
    tt_frontend_realize(s);
    tt_cfg_realize(s);
    tt_mover_realize(s);
    tt_thcon_realize(s);
    tt_adc_add_properties(s);
}

static void tt_tensix_reset_hold(Object *obj, ResetType type)
{
    TTTensixState *s = TT_TENSIX(obj);

    tt_frontend_reset(s);
    tt_sync_reset(s);
    tt_thcon_reset(s);
    tt_cfg_reset(s);
    tt_mover_reset(s);
    tt_adc_reset(s);
    memset(s->thread, 0, sizeof(s->thread));
    memset(s->mbox, 0, sizeof(s->mbox));
    memset(s->pcbuf, 0, sizeof(s->pcbuf));
    memset(&s->src, 0, sizeof(s->src));
    s->running = false;
    s->rerun = false;
    s->poll_needed = false;
    if (s->poll_timer) {
        timer_del(s->poll_timer);
    }
}

static const VMStateDescription vmstate_tt_thread = {
    .name = "tt-thread",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_ARRAY(gpr, TTThread, TT_NUM_GPRS),
        VMSTATE_END_OF_LIST()
    }
};

static const VMStateDescription vmstate_tt_mailbox = {
    .name = "tt-mailbox",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_ARRAY(data, TTMailbox, TT_MAILBOX_DEPTH),
        VMSTATE_UINT32(head, TTMailbox),
        VMSTATE_UINT32(count, TTMailbox),
        VMSTATE_END_OF_LIST()
    }
};

static const VMStateDescription vmstate_tt_pcbuf = {
    .name = "tt-pcbuf",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_ARRAY(data, TTPcBuf, TT_PCBUF_DEPTH),
        VMSTATE_UINT32(head, TTPcBuf),
        VMSTATE_UINT32(count, TTPcBuf),
        VMSTATE_END_OF_LIST()
    }
};

static const VMStateDescription vmstate_tt_src_sync = {
    .name = "tt-tensix/src-banks",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT8_ARRAY(src.a_client, TTTensixState, TT_SRC_BANKS),
        VMSTATE_UINT8_ARRAY(src.b_client, TTTensixState, TT_SRC_BANKS),
        VMSTATE_UINT8(src.fpu_a_bank, TTTensixState),
        VMSTATE_UINT8(src.fpu_b_bank, TTTensixState),
        VMSTATE_UINT8_ARRAY(src.unp_bank, TTTensixState, 2),
        VMSTATE_UINT32_2DARRAY(src.unp_row, TTTensixState, 2, TT_NUM_THREADS),
        VMSTATE_END_OF_LIST()
    }
};

static const VMStateDescription vmstate_tt_src_bank = {
    .name = "tt-src-bank",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_2DARRAY(v, TTSrcBank, TT_SRC_ROWS, TT_SRC_COLS),
        VMSTATE_END_OF_LIST()
    }
};

static int tt_tensix_post_load(void *opaque, int version_id)
{
    TTTensixState *s = opaque;

    /* Resume stalled threads (and their polling) on the destination */
    timer_mod(s->poll_timer, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL));

    for (int i = 0; i < TT_NUM_MAILBOX_CORES * TT_NUM_MAILBOX_CORES; i++) {
        TTMailbox *mb = &s->mbox[i / 4][i % 4];

        if (mb->head >= TT_MAILBOX_DEPTH || mb->count > TT_MAILBOX_DEPTH) {
            return -EINVAL;
        }
    }
    for (int i = 0; i < TT_SRC_BANKS; i++) {
        s->src.a_client[i] &= 1;
        s->src.b_client[i] &= 1;
    }
    s->src.fpu_a_bank &= 1;
    s->src.fpu_b_bank &= 1;
    s->src.unp_bank[0] &= 1;
    s->src.unp_bank[1] &= 1;
    for (int i = 0; i < TT_NUM_THREADS; i++) {
        s->src.unp_row[0][i] &= 0x30;   /* SRCx_SET_Base << 4 */
        s->src.unp_row[1][i] &= 0x30;
    }
    for (int i = 0; i < TT_NUM_THREADS; i++) {
        if (s->pcbuf[i].head >= TT_PCBUF_DEPTH ||
            s->pcbuf[i].count > TT_PCBUF_DEPTH) {
            return -EINVAL;
        }
    }
    return 0;
}

static const VMStateDescription vmstate_tt_tensix = {
    .name = TYPE_TT_TENSIX,
    .version_id = 1,
    .minimum_version_id = 1,
    .post_load = tt_tensix_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_STRUCT_ARRAY(thread, TTTensixState, TT_NUM_THREADS, 1,
                             vmstate_tt_thread, TTThread),
        VMSTATE_STRUCT_2DARRAY(mbox, TTTensixState, TT_NUM_MAILBOX_CORES,
                               TT_NUM_MAILBOX_CORES, 1, vmstate_tt_mailbox,
                               TTMailbox),
        VMSTATE_STRUCT_ARRAY(pcbuf, TTTensixState, TT_NUM_THREADS, 1,
                             vmstate_tt_pcbuf, TTPcBuf),
        VMSTATE_STRUCT_ARRAY(src.a, TTTensixState, TT_SRC_BANKS, 1,
                             vmstate_tt_src_bank, TTSrcBank),
        VMSTATE_STRUCT_ARRAY(src.b, TTTensixState, TT_SRC_BANKS, 1,
                             vmstate_tt_src_bank, TTSrcBank),
        VMSTATE_END_OF_LIST()
    },
    .subsections = (const VMStateDescription * const []) {
        &vmstate_tt_frontend,
        &vmstate_tt_sync,
        &vmstate_tt_thcon,
        &vmstate_tt_cfg,
        &vmstate_tt_mover,
        &vmstate_tt_adc,
        &vmstate_tt_src_sync,
        NULL
    }
};

static const Property tt_tensix_properties[] = {
    DEFINE_PROP_UINT8("arch", TTTensixState, arch_id, TT_ARCH_BLACKHOLE),
    DEFINE_PROP_LINK("tile", TTTensixState, tile, TYPE_TT_TILE,
                     TTTileState *),
};

static void tt_tensix_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);

    dc->desc = "Tenstorrent Tensix coprocessor";
    dc->realize = tt_tensix_realize;
    dc->vmsd = &vmstate_tt_tensix;
    dc->user_creatable = false;
    rc->phases.hold = tt_tensix_reset_hold;
    device_class_set_props(dc, tt_tensix_properties);
}

static const TypeInfo tt_tensix_info = {
    .name = TYPE_TT_TENSIX,
    .parent = TYPE_DEVICE,
    .instance_size = sizeof(TTTensixState),
    .class_init = tt_tensix_class_init,
};

static void tt_tensix_register_types(void)
{
    type_register_static(&tt_tensix_info);
}

type_init(tt_tensix_register_types)
