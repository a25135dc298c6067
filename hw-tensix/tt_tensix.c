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
#include "qemu/main-loop.h"
#include "qapi/error.h"
#include "hw/qdev-properties.h"
#include "migration/vmstate.h"
#include "tt_tile.h"
#include "tt_tensix.h"
#include "tt_opcodes.h"
#include "trace.h"

typedef enum TTExec {
    TT_EXEC_DONE,       /* retired: pop it */
    TT_EXEC_STALL,      /* cannot start yet: no side effects, retry later */
} TTExec;

static const char *tt_core_name[TT_NUM_CORES] = {
    "BRISC", "NCRISC", "TRISC0", "TRISC1", "TRISC2",
};

/* ---------------------------------------------------------------------- */
/* Wait Gate (WaitGate.md, STALLWAIT.md, SEMWAIT.md)                      */
/* ---------------------------------------------------------------------- */

/* True when the latched wait's conditions say "keep on waiting". */
static bool tt_wait_pending(TTTensixState *s, TTThread *th)
{
    TTWaitLatch *w = &th->wait;

    if (w->opcode == TT_OP_SEMWAIT) {
        for (int i = 0; i < TT_NUM_SEMAPHORES; i++) {
            if (!(w->sem_mask & (1u << i))) {
                continue;
            }
            if ((w->cond_mask & 1) && s->sem[i].value == 0) {
                return true;
            }
            if ((w->cond_mask & 2) && s->sem[i].value >= s->sem[i].max) {
                return true;
            }
        }
        return false;
    }
    /*
     * STALLWAIT conditions C0-C14 all wait for units to drain or for
     * memory requests to complete.  Every backend unit modelled here
     * retires its instruction before the next one is looked at, and RISC-V
     * stores are processed synchronously, so each condition is met as soon
     * as it is evaluated.  (C8-C11, the SrcA/SrcB AllowedClient hand-off,
     * become real conditions with the data path.)
     */
    return false;
}

/* Does the latched wait instruction hold back @insn at the gate? */
static bool tt_wait_gate_blocks(TTTensixState *s, TTThread *th,
                                const TTInsnDesc *d, uint32_t insn)
{
    TTWaitLatch *w = &th->wait;
    uint16_t caught;

    if (!w->opcode) {
        return false;
    }
    if (!tt_wait_pending(s, th)) {
        w->opcode = 0;
        return false;
    }
    if (TT_INSN_OPCODE(insn) == TT_OP_NOP) {
        caught = (w->block_mask == TT_BLOCK_ALL);
    } else {
        caught = d ? (d->block & w->block_mask) : 0;
    }
    return caught != 0;
}

/* ---------------------------------------------------------------------- */
/* Backend units                                                          */
/* ---------------------------------------------------------------------- */

static TTExec tt_exec_sync(TTTensixState *s, int t, uint32_t insn)
{
    TTThread *th = &s->thread[t];
    uint32_t op = TT_INSN_OPCODE(insn);
    uint8_t mask = extract32(insn, 2, 8);

    switch (op) {
    case TT_OP_SEMINIT:
        for (int i = 0; i < TT_NUM_SEMAPHORES; i++) {
            if (mask & (1u << i)) {
                s->sem[i].value = extract32(insn, 16, 4);
                s->sem[i].max = extract32(insn, 20, 4);
            }
        }
        trace_tt_tensix_sem("SEMINIT", t, mask);
        return TT_EXEC_DONE;
    case TT_OP_SEMPOST:
        for (int i = 0; i < TT_NUM_SEMAPHORES; i++) {
            if ((mask & (1u << i)) && s->sem[i].value < 15) {
                s->sem[i].value++;
            }
        }
        trace_tt_tensix_sem("SEMPOST", t, mask);
        return TT_EXEC_DONE;
    case TT_OP_SEMGET:
        for (int i = 0; i < TT_NUM_SEMAPHORES; i++) {
            if ((mask & (1u << i)) && s->sem[i].value > 0) {
                s->sem[i].value--;
            }
        }
        trace_tt_tensix_sem("SEMGET", t, mask);
        return TT_EXEC_DONE;
    case TT_OP_SEMWAIT: {
        uint32_t cond = extract32(insn, 0, 2);
        uint32_t block = extract32(insn, 15, 9);

        if (cond) {
            th->wait.opcode = TT_OP_SEMWAIT;
            th->wait.cond_mask = cond;
            th->wait.sem_mask = mask;
        } else {
            th->wait.opcode = TT_OP_STALLWAIT;
            th->wait.cond_mask = 0x7f;
            th->wait.sem_mask = 0;
        }
        th->wait.block_mask = block ? block : TT_BLOCK_B6;
        trace_tt_tensix_wait(t, "SEMWAIT", th->wait.cond_mask,
                             th->wait.block_mask, th->wait.sem_mask);
        return TT_EXEC_DONE;
    }
    case TT_OP_STALLWAIT: {
        uint32_t cond = extract32(insn, 0, 15);
        uint32_t block = extract32(insn, 15, 9);

        th->wait.opcode = TT_OP_STALLWAIT;
        th->wait.cond_mask = cond ? cond : 0x7f;
        th->wait.block_mask = block ? block : TT_BLOCK_B6;
        th->wait.sem_mask = 0;
        trace_tt_tensix_wait(t, "STALLWAIT", th->wait.cond_mask,
                             th->wait.block_mask, 0);
        return TT_EXEC_DONE;
    }
    }
    return TT_EXEC_DONE;
}

static TTExec tt_exec_thcon(TTTensixState *s, int t, uint32_t insn)
{
    TTThread *th = &s->thread[t];

    switch (TT_INSN_OPCODE(insn)) {
    case TT_OP_SETDMAREG:
        if (!extract32(insn, 7, 1)) {
            /* SETDMAREG_Immediate: 16 bits into one half of a GPR */
            uint32_t half = extract32(insn, 0, 7);
            uint32_t val = extract32(insn, 8, 16);
            uint32_t *reg = &th->gpr[half >> 1];

            *reg = deposit32(*reg, (half & 1) * 16, 16, val);
            return TT_EXEC_DONE;
        }
        break;
    case TT_OP_DMANOP:
        return TT_EXEC_DONE;
    }
    qemu_log_mask(LOG_UNIMP, "tt-tensix: T%d: %s not modelled yet "
                  "(insn 0x%08x)\n", t,
                  tt_isa_lookup(s->arch->id, insn)->name, insn);
    return TT_EXEC_DONE;
}

static TTExec tt_execute(TTTensixState *s, int t, uint32_t insn,
                         const TTInsnDesc *d)
{
    uint32_t op = TT_INSN_OPCODE(insn);

    if (trace_event_get_state_backends(TRACE_TT_TENSIX_EXEC)) {
        char buf[160];

        tt_insn_format(s->arch->id, insn, buf, sizeof(buf));
        trace_tt_tensix_exec(t, tt_unit_name(d->unit), buf);
    }

    switch (op) {
    case TT_OP_NOP:
    case TT_OP_RESOURCEDECL:    /* a hint for Auto TTSync: no effect here */
        return TT_EXEC_DONE;
    case TT_OP_SEMINIT:
    case TT_OP_SEMPOST:
    case TT_OP_SEMGET:
    case TT_OP_SEMWAIT:
    case TT_OP_STALLWAIT:
        return tt_exec_sync(s, t, insn);
    }

    if (d->unit == TT_UNIT_THCON || op == TT_OP_DMANOP) {
        return tt_exec_thcon(s, t, insn);
    }

    qemu_log_mask(LOG_UNIMP, "tt-tensix: T%d: %s (%s unit) not modelled yet "
                  "(insn 0x%08x)\n", t, d->name, tt_unit_name(d->unit), insn);
    return TT_EXEC_DONE;
}

/* ---------------------------------------------------------------------- */
/* Frontend                                                               */
/* ---------------------------------------------------------------------- */

static void tt_fifo_pop(TTThread *th)
{
    th->fifo_head = (th->fifo_head + 1) % TT_FIFO_DEPTH;
    th->fifo_count--;
}

/*
 * Move thread @t forward by one instruction.  Returns false when the
 * thread cannot make progress (empty, or held at the Wait Gate).
 */
static bool tt_thread_step(TTTensixState *s, int t)
{
    TTThread *th = &s->thread[t];
    uint32_t insn, op;
    unsigned flags;
    const TTInsnDesc *d;

    if (!th->fifo_count) {
        return false;
    }
    insn = th->fifo[th->fifo_head];
    flags = th->fifo_flags[th->fifo_head];
    op = TT_INSN_OPCODE(insn);
    d = tt_isa_lookup(s->arch->id, insn);

    if (!d) {
        qemu_log_mask(LOG_GUEST_ERROR, "tt-tensix: T%d: undefined opcode "
                      "0x%02x (insn 0x%08x) dropped\n", t, op, insn);
        tt_fifo_pop(th);
        return true;
    }

    /* MOP expander and replay expander */
    if (op == TT_OP_MOP || op == TT_OP_MOP_CFG) {
        if (flags & TT_FIFO_BYPASS_MOP) {
            qemu_log_mask(LOG_GUEST_ERROR, "tt-tensix: T%d: %s pushed by "
                          "BRISC enters after the MOP expander; dropped\n",
                          t, d->name);
        } else {
            qemu_log_mask(LOG_UNIMP, "tt-tensix: T%d: %s: MOP expander not "
                          "modelled yet (insn 0x%08x)\n", t, d->name, insn);
        }
        tt_fifo_pop(th);
        return true;
    }
    if (op == TT_OP_REPLAY) {
        qemu_log_mask(LOG_UNIMP, "tt-tensix: T%d: REPLAY: replay expander "
                      "not modelled yet (insn 0x%08x)\n", t, insn);
        tt_fifo_pop(th);
        return true;
    }

    if (tt_wait_gate_blocks(s, th, d, insn)) {
        trace_tt_tensix_blocked(t, insn);
        return false;
    }
    if (tt_execute(s, t, insn, d) == TT_EXEC_STALL) {
        return false;
    }
    tt_fifo_pop(th);
    th->retired++;
    return true;
}

void tt_tensix_kick(TTTensixState *s)
{
    bool progress;

    if (s->running) {
        s->rerun = true;
        return;
    }
    s->running = true;
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

    /* Wake cores whose condition may now hold; they re-check. */
    tt_tile_wake(s->tile, TT_WAIT_FIFO, TT_WAIT_ARG_ANY);
    tt_tile_wake(s->tile, TT_WAIT_THREAD_IDLE, TT_WAIT_ARG_ANY);
    tt_tile_wake(s->tile, TT_WAIT_MOP_IDLE, TT_WAIT_ARG_ANY);
}

bool tt_tensix_push(TTTensixState *s, int t, uint32_t insn, unsigned flags)
{
    TTThread *th = &s->thread[t];
    uint32_t tail;

    if (th->fifo_count > s->arch->fifo_accept_max) {
        return false;
    }
    tail = (th->fifo_head + th->fifo_count) % TT_FIFO_DEPTH;
    th->fifo[tail] = insn;
    th->fifo_flags[tail] = flags;
    th->fifo_count++;
    trace_tt_tensix_push(t, insn, th->fifo_count);
    tt_tensix_kick(s);
    return true;
}

bool tt_tensix_thread_idle(TTTensixState *s, int t)
{
    return s->thread[t].fifo_count == 0;
}

/* tt_cfg_qstatus class of an instruction (CSRs.md) */
static uint32_t tt_qclass(const TTInsnDesc *d, uint32_t insn)
{
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

static uint32_t tt_thread_qmask(TTTensixState *s, int t)
{
    TTThread *th = &s->thread[t];
    uint32_t mask = 0;

    for (uint32_t i = 0; i < th->fifo_count; i++) {
        uint32_t slot = (th->fifo_head + i) % TT_FIFO_DEPTH;

        if (th->fifo_flags[slot] & TT_FIFO_FROM_TRISC) {
            mask |= tt_qclass(tt_isa_lookup(s->arch->id, th->fifo[slot]),
                              th->fifo[slot]);
        }
    }
    return mask;
}

uint32_t tt_tensix_qstatus(TTTensixState *s, int core)
{
    uint32_t all = 0, own;

    for (int t = 0; t < TT_NUM_THREADS; t++) {
        all |= tt_thread_qmask(s, t);
    }
    own = TT_CORE_IS_TRISC(core) ? tt_thread_qmask(s, TT_TRISC_THREAD(core))
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
/* Configuration space (BackendConfiguration.md)                          */
/* ---------------------------------------------------------------------- */

uint32_t tt_tensix_cfg_read(TTTensixState *s, int state, uint32_t index)
{
    if (index >= s->arch->cfg_state_words) {
        return 0;
    }
    if (index >= s->arch->cfg_global_base) {
        state = 0;
    }
    return s->cfg_regs[state][index];
}

static void tt_cfg_write_word(TTTensixState *s, int state, uint32_t index,
                              uint32_t value)
{
    if (index >= s->arch->cfg_global_base) {
        s->cfg_regs[0][index] = value;
        s->cfg_regs[1][index] = value;
    } else {
        s->cfg_regs[state][index] = value;
    }
}

/*
 * Decode a TENSIX_CFG offset: returns the region kind and fills state,
 * index (word or ThreadConfig entry) and thread.
 */
enum { TT_CFGR_NONE, TT_CFGR_STATE, TT_CFGR_DUAL, TT_CFGR_THREAD };

static int tt_cfg_decode(TTTensixState *s, hwaddr addr, int *state,
                         uint32_t *index, int *thread)
{
    const TTArchInfo *a = s->arch;
    uint32_t state_bytes = a->cfg_state_words * 4;

    if (addr < state_bytes) {
        *state = 0;
        *index = addr / 4;
        return TT_CFGR_STATE;
    }
    if (addr >= a->cfg_state1_offset &&
        addr < a->cfg_state1_offset + state_bytes) {
        *state = 1;
        *index = (addr - a->cfg_state1_offset) / 4;
        return TT_CFGR_STATE;
    }
    if (a->cfg_dual_offset && addr >= a->cfg_dual_offset &&
        addr < a->cfg_dual_offset + state_bytes) {
        *state = 0;
        *index = (addr - a->cfg_dual_offset) / 4;
        return TT_CFGR_DUAL;
    }
    if (addr >= a->thd_cfg_offset &&
        addr < a->thd_cfg_offset + TT_NUM_THREADS * a->thd_cfg_stride) {
        uint32_t off = addr - a->thd_cfg_offset;

        *thread = off / a->thd_cfg_stride;
        off %= a->thd_cfg_stride;
        if (off % a->thd_cfg_entry >= 4 ||
            off / a->thd_cfg_entry >= a->thd_cfg_words) {
            return TT_CFGR_NONE;
        }
        *index = off / a->thd_cfg_entry;
        return TT_CFGR_THREAD;
    }
    return TT_CFGR_NONE;
}

uint32_t tt_tensix_cfg_peek(TTTensixState *s, uint32_t offset)
{
    int state = 0, thread = 0;
    uint32_t index = 0;

    switch (tt_cfg_decode(s, offset & ~3, &state, &index, &thread)) {
    case TT_CFGR_STATE:
        return tt_tensix_cfg_read(s, state, index);
    case TT_CFGR_THREAD:
        return s->thd_cfg[thread][index] & 0xffff;
    case TT_CFGR_DUAL:
    default:
        qemu_log_mask(LOG_GUEST_ERROR, "tt-tensix: read of TENSIX_CFG "
                      "offset 0x%x, which is %s\n", offset,
                      offset >= s->arch->cfg_dual_offset &&
                      s->arch->cfg_dual_offset ? "write-only" : "unmapped");
        return 0;
    }
}

static uint64_t tt_cfg_read(void *opaque, hwaddr addr, unsigned size)
{
    TTCoreView *v = opaque;
    uint32_t val = tt_tensix_cfg_peek(v->s, addr) >> ((addr & 3) * 8);

    trace_tt_tensix_mmio_read("cfg", v->core, addr, val, size);
    return val;
}

static void tt_cfg_write(void *opaque, hwaddr addr, uint64_t val,
                         unsigned size)
{
    TTCoreView *v = opaque;
    TTTensixState *s = v->s;
    int state = 0, thread = 0;
    uint32_t index = 0;
    int kind;

    trace_tt_tensix_mmio_write("cfg", v->core, addr, val, size);
    if (size != 4 || (addr & 3)) {
        /* BackendConfiguration.md: RISC-V writes must be "sw" */
        qemu_log_mask(LOG_GUEST_ERROR, "tt-tensix: %s: %u-byte write to "
                      "TENSIX_CFG offset 0x%" HWADDR_PRIx " ignored (only "
                      "aligned 32-bit stores are supported)\n",
                      tt_core_name[v->core], size, addr);
        return;
    }
    kind = tt_cfg_decode(s, addr, &state, &index, &thread);
    switch (kind) {
    case TT_CFGR_STATE:
        tt_cfg_write_word(s, state, index, val);
        break;
    case TT_CFGR_DUAL:
        tt_cfg_write_word(s, 0, index, val);
        tt_cfg_write_word(s, 1, index, val);
        break;
    case TT_CFGR_THREAD:
        qemu_log_mask(LOG_GUEST_ERROR, "tt-tensix: %s: ThreadConfig is "
                      "read-only to RISC-V (offset 0x%" HWADDR_PRIx ")\n",
                      tt_core_name[v->core], addr);
        break;
    default:
        qemu_log_mask(LOG_GUEST_ERROR, "tt-tensix: %s: write to unmapped "
                      "TENSIX_CFG offset 0x%" HWADDR_PRIx "\n",
                      tt_core_name[v->core], addr);
        break;
    }
}

static const MemoryRegionOps tt_cfg_ops = {
    .read = tt_cfg_read,
    .write = tt_cfg_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid.min_access_size = 1,
    .valid.max_access_size = 4,
    .impl.min_access_size = 1,
    .impl.max_access_size = 4,
};

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

static uint64_t tt_pcbuf_read(void *opaque, hwaddr addr, unsigned size)
{
    TTCoreView *v = opaque;
    TTTensixState *s = v->s;
    TTCore *c = &s->tile->core[v->core];
    uint64_t val = 0;
    int t;

    if (v->core == TT_CORE_BRISC) {
        qemu_log_mask(LOG_UNIMP, "tt-tensix: BRISC: PCBuf %d (B side) read "
                      "not modelled yet\n", v->index);
        goto out;
    }
    t = TT_TRISC_THREAD(v->core);
    if (addr < TT_PCBUF_TTSYNC) {
        qemu_log_mask(LOG_UNIMP, "tt-tensix: %s: PCBuf (T side) read not "
                      "modelled yet\n", tt_core_name[v->core]);
    } else if (addr < TT_PCBUF_SEM_BASE) {
        bool mop = (addr & ~3) == TT_PCBUF_MOPSYNC;

        /*
         * CoprocessorDoneCheck: wait until the thread has nothing in
         * flight.  MOPExpanderDoneCheck: until the MOP expander is idle
         * and no MOP is queued before it; with the expander consuming
         * each MOP as it reaches it, that is the same condition.
         */
        if (!tt_tensix_thread_idle(s, t) && tt_core_can_block(c)) {
            tt_core_park(c, mop ? TT_WAIT_MOP_IDLE : TT_WAIT_THREAD_IDLE, t);
        }
    } else if (addr < TT_PCBUF_SEM_BASE + 4 * TT_NUM_SEMAPHORES) {
        val = s->sem[(addr - TT_PCBUF_SEM_BASE) / 4].value;
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
        qemu_log_mask(LOG_UNIMP, "tt-tensix: BRISC: PCBuf %d push not "
                      "modelled yet\n", v->index);
        return;
    }
    if (addr < TT_PCBUF_SEM_BASE) {
        /* PCBuf (T side) and TTSync: stores are discarded */
        return;
    }
    if (addr < TT_PCBUF_SEM_BASE + 4 * TT_NUM_SEMAPHORES) {
        TTSemaphore *sem = &s->sem[(addr - TT_PCBUF_SEM_BASE) / 4];

        if (val & 1) {
            if (sem->value > 0) {
                sem->value--;
            }
        } else if (sem->value < 15) {
            sem->value++;
        }
        tt_tensix_kick(s);
        return;
    }
    qemu_log_mask(LOG_GUEST_ERROR, "tt-tensix: %s: write to unmapped PC_BUF "
                  "offset 0x%" HWADDR_PRIx "\n", tt_core_name[v->core], addr);
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
        g_clear_pointer(&name, g_free);
        name = g_strdup_printf("tt-cfg-%s", tt_core_name[c]);
        memory_region_init_io(&s->cfg[c], obj, &tt_cfg_ops, &s->view[c][0],
                              name, 0x10000);
    }
}

static void tt_tensix_reset_hold(Object *obj, ResetType type)
{
    TTTensixState *s = TT_TENSIX(obj);

    memset(s->thread, 0, sizeof(s->thread));
    memset(s->sem, 0, sizeof(s->sem));
    memset(s->mbox, 0, sizeof(s->mbox));
    memset(s->cfg_regs, 0, sizeof(s->cfg_regs));
    memset(s->thd_cfg, 0, sizeof(s->thd_cfg));
    s->running = false;
    s->rerun = false;
}

static const VMStateDescription vmstate_tt_wait_latch = {
    .name = "tt-wait-latch",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT8(opcode, TTWaitLatch),
        VMSTATE_UINT16(cond_mask, TTWaitLatch),
        VMSTATE_UINT16(block_mask, TTWaitLatch),
        VMSTATE_UINT8(sem_mask, TTWaitLatch),
        VMSTATE_END_OF_LIST()
    }
};

static const VMStateDescription vmstate_tt_thread = {
    .name = "tt-thread",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_ARRAY(fifo, TTThread, TT_FIFO_DEPTH),
        VMSTATE_UINT8_ARRAY(fifo_flags, TTThread, TT_FIFO_DEPTH),
        VMSTATE_UINT32(fifo_head, TTThread),
        VMSTATE_UINT32(fifo_count, TTThread),
        VMSTATE_STRUCT(wait, TTThread, 1, vmstate_tt_wait_latch, TTWaitLatch),
        VMSTATE_UINT32_ARRAY(gpr, TTThread, TT_NUM_GPRS),
        VMSTATE_END_OF_LIST()
    }
};

static const VMStateDescription vmstate_tt_semaphore = {
    .name = "tt-semaphore",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT8(value, TTSemaphore),
        VMSTATE_UINT8(max, TTSemaphore),
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

static int tt_tensix_post_load(void *opaque, int version_id)
{
    TTTensixState *s = opaque;

    for (int t = 0; t < TT_NUM_THREADS; t++) {
        if (s->thread[t].fifo_head >= TT_FIFO_DEPTH ||
            s->thread[t].fifo_count > TT_FIFO_DEPTH) {
            return -EINVAL;
        }
    }
    for (int i = 0; i < TT_NUM_MAILBOX_CORES * TT_NUM_MAILBOX_CORES; i++) {
        TTMailbox *mb = &s->mbox[i / 4][i % 4];

        if (mb->head >= TT_MAILBOX_DEPTH || mb->count > TT_MAILBOX_DEPTH) {
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
        VMSTATE_STRUCT_ARRAY(sem, TTTensixState, TT_NUM_SEMAPHORES, 1,
                             vmstate_tt_semaphore, TTSemaphore),
        VMSTATE_STRUCT_2DARRAY(mbox, TTTensixState, TT_NUM_MAILBOX_CORES,
                               TT_NUM_MAILBOX_CORES, 1, vmstate_tt_mailbox,
                               TTMailbox),
        VMSTATE_UINT32_2DARRAY(cfg_regs, TTTensixState, 2, TT_CFG_MAX_WORDS),
        VMSTATE_UINT32_2DARRAY(thd_cfg, TTTensixState, TT_NUM_THREADS,
                               TT_THD_CFG_MAX_WORDS),
        VMSTATE_END_OF_LIST()
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
