/*
 * Tensix Sync Unit: semaphores, mutexes, STALLWAIT / SEMWAIT / STREAMWAIT
 * and the Wait Gate latch they set.
 *
 * tt-isa-documentation WormholeB0 TensixCoprocessor/SyncUnit.md,
 * WaitGate.md, STALLWAIT.md, SEMWAIT.md, SEMINIT.md, SEMPOST.md, SEMGET.md,
 * ATGETM.md, ATRELM.md, and the Blackhole deltas in
 * BlackholeA0/TensixTile/TensixCoprocessor (four mutexes, renumbered
 * STALLWAIT conditions, STREAMWAIT).  See docs/units/sync.md.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/bitops.h"
#include "migration/vmstate.h"
#include "tt_log.h"
#include "tt_unit.h"
#include "tt_overlay.h"
#include "trace.h"

/* ---------------------------------------------------------------------- */
/* Per-architecture facts                                                 */
/* ---------------------------------------------------------------------- */

/* WormholeB0 STALLWAIT.md, "Condition mask": C0..C14 */
static const uint8_t tt_wh_stallwait_cond[15] = {
    TT_WAITC_THCON_MEM, TT_WAITC_UNPACK0, TT_WAITC_UNPACK1,
    TT_WAITC_PACK0, TT_WAITC_PACK1, TT_WAITC_PACK2, TT_WAITC_PACK3,
    TT_WAITC_FPU,
    TT_WAITC_SRCA_UNPACK, TT_WAITC_SRCB_UNPACK,
    TT_WAITC_SRCA_MATH, TT_WAITC_SRCB_MATH,
    TT_WAITC_MOVER, TT_WAITC_TRISC_REQ, TT_WAITC_SFPU,
};

/* BlackholeA0 STALLWAIT.md, "Condition mask": C0..C12 */
static const uint8_t tt_bh_stallwait_cond[13] = {
    TT_WAITC_THCON_MEM, TT_WAITC_UNPACK0, TT_WAITC_UNPACK1,
    TT_WAITC_PACK, TT_WAITC_FPU,
    TT_WAITC_SRCA_UNPACK, TT_WAITC_SRCB_UNPACK,
    TT_WAITC_SRCA_MATH, TT_WAITC_SRCB_MATH,
    TT_WAITC_MOVER, TT_WAITC_TRISC_REQ, TT_WAITC_SFPU, TT_WAITC_CFG,
};

const TTSyncArchInfo tt_sync_arch[TT_ARCH__MAX] = {
    [TT_ARCH_WORMHOLE_B0] = {
        .stallwait_bits = 15,
        .default_cond = 0x7f,           /* C0..C6 */
        .mutex_valid = 0xfd,            /* 0, 2..7 */
        .has_streamwait = false,
        .stallwait_cond = tt_wh_stallwait_cond,
    },
    [TT_ARCH_BLACKHOLE] = {
        .stallwait_bits = 13,
        .default_cond = 0x0f,           /* C0..C3 */
        .mutex_valid = 0x1d,            /* 0, 2..4 */
        .has_streamwait = true,
        .stallwait_cond = tt_bh_stallwait_cond,
    },
};

static const char *const tt_waitc_name[TT_WAITC__MAX] = {
    [TT_WAITC_THCON_MEM] = "ThCon memory requests",
    [TT_WAITC_UNPACK0] = "Unpacker 0 busy",
    [TT_WAITC_UNPACK1] = "Unpacker 1 busy",
    [TT_WAITC_PACK0] = "Packer 0 busy",
    [TT_WAITC_PACK1] = "Packer 1 busy",
    [TT_WAITC_PACK2] = "Packer 2 busy",
    [TT_WAITC_PACK3] = "Packer 3 busy",
    [TT_WAITC_PACK] = "Packer busy",
    [TT_WAITC_FPU] = "Matrix Unit busy",
    [TT_WAITC_SRCA_UNPACK] = "SrcA not Unpackers'",
    [TT_WAITC_SRCB_UNPACK] = "SrcB not Unpackers'",
    [TT_WAITC_SRCA_MATH] = "SrcA not MatrixUnit's",
    [TT_WAITC_SRCB_MATH] = "SrcB not MatrixUnit's",
    [TT_WAITC_MOVER] = "mover requests",
    [TT_WAITC_TRISC_REQ] = "RISCV T requests",
    [TT_WAITC_SFPU] = "Vector Unit busy",
    [TT_WAITC_CFG] = "Configuration Unit busy",
};

static const TTSyncArchInfo *tt_sync_info(TTCoproc *s)
{
    return &tt_sync_arch[s->arch->id];
}

static const char *tt_latch_name(uint8_t opcode)
{
    switch (opcode) {
    case TT_OP_STALLWAIT:
        return "STALLWAIT";
    case TT_OP_SEMWAIT:
        return "SEMWAIT";
    case TT_OP_STREAMWAIT:
        return "STREAMWAIT";
    }
    return "NOP";
}

/* ---------------------------------------------------------------------- */
/* Wait conditions                                                        */
/* ---------------------------------------------------------------------- */

/*
 * Does STALLWAIT condition @c (TT_WAITC_*) say "keep on waiting" for
 * thread @t?
 *
 * Every backend unit of this model retires an instruction before the
 * next one is looked at, and RISC-V loads and stores to the coprocessor
 * are processed synchronously, so no thread ever has an instruction in a
 * unit's pipeline and no memory request is ever outstanding: the "busy"
 * and "requests outstanding" conditions are always met.  (A ThCon atomic
 * that retries stays at its own thread's Wait Gate, so it never is an
 * outstanding request of a thread executing STALLWAIT.)  The mover's
 * condition asks the mover, which owns that state.
 *
 * The SrcA/SrcB AllowedClient conditions read the bank hand-over state
 * (tt_srcregs.c).
 */
static bool tt_waitc_pending(TTCoproc *s, int t, unsigned c)
{
    const TTSrcRegs *r = &s->src;

    switch (c) {
    case TT_WAITC_SRCA_UNPACK:
        return r->a_client[r->unp_bank[0]] != TT_SRC_CLIENT_UNPACKERS;
    case TT_WAITC_SRCB_UNPACK:
        return r->b_client[r->unp_bank[1]] != TT_SRC_CLIENT_UNPACKERS;
    case TT_WAITC_SRCA_MATH:
        return r->a_client[r->fpu_a_bank] != TT_SRC_CLIENT_MATRIX;
    case TT_WAITC_SRCB_MATH:
        return r->b_client[r->fpu_b_bank] != TT_SRC_CLIENT_MATRIX;
    case TT_WAITC_MOVER:
        return tt_mover_busy(s);
    case TT_WAITC_TRISC_REQ:
        return false;       /* RISC-V accesses are synchronous */
    default:
        return false;       /* units retire instantly */
    }
}

/* Stream index a STREAMWAIT latch of thread @t looks at (evaluated live) */
static unsigned tt_stream_index(TTCoproc *s, int t,
                                const TTWaitLatch *w)
{
    /* STREAM_ID_SYNC_SEC<stream_sel>_BankSel: the words are consecutive */
    return TT_CFG_FIELD_OF(s->cfg.thd[t][w->stream_sel +
                           TT_BH_THD_STREAM_ID_SYNC_SEC0_BankSel_ADDR32],
                           TT_BH_THD_STREAM_ID_SYNC_SEC0_BankSel);
}

/* Blackhole noc_overlay_parameters.h register indices */
#define TT_BH_STREAM_CURR_PHASE_REG_INDEX           29
#define TT_BH_STREAM_NUM_MSGS_RECEIVED_REG_INDEX    259

/*
 * STREAMWAIT condition C0 (phase) or C1 (messages received): keep on
 * waiting while NOC_STREAM_READ_REG(StreamIndex, ...) < TargetValue.
 * Overlay register writes kick the coprocessor, so the latch is
 * re-evaluated whenever the stream state changes.
 */
static bool tt_stream_pending(TTCoproc *s, int t, const TTWaitLatch *w)
{
    unsigned reg = w->cond_mask & 1 ? TT_BH_STREAM_CURR_PHASE_REG_INDEX
                                    : TT_BH_STREAM_NUM_MSGS_RECEIVED_REG_INDEX;

    return tt_overlay_reg_read(s->overlay, tt_stream_index(s, t, w),
                               reg) < w->target;
}

static bool tt_sem_pending(TTCoproc *s, const TTWaitLatch *w, int i)
{
    const TTSemaphore *sem = &s->sync.sem[i];

    if (!(w->sem_mask & (1u << i))) {
        return false;
    }
    return ((w->cond_mask & 1) && sem->value == 0) ||
           ((w->cond_mask & 2) && sem->value >= sem->max);
}

/* True when thread @t's latched wait says "keep on waiting". */
static bool tt_latch_pending(TTCoproc *s, int t)
{
    const TTWaitLatch *w = &s->sync.wait[t];
    const TTSyncArchInfo *info = tt_sync_info(s);

    switch (w->opcode) {
    case TT_OP_SEMWAIT:
        for (int i = 0; i < TT_NUM_SEMAPHORES; i++) {
            if (tt_sem_pending(s, w, i)) {
                return true;
            }
        }
        return false;
    case TT_OP_STALLWAIT:
        for (unsigned b = 0; b < info->stallwait_bits; b++) {
            if ((w->cond_mask & (1u << b)) &&
                tt_waitc_pending(s, t, info->stallwait_cond[b])) {
                return true;
            }
        }
        return false;
    case TT_OP_STREAMWAIT:
        return tt_stream_pending(s, t, w);
    }
    return false;
}

/*
 * The Wait Gate re-evaluates its latched wait every cycle and forgets it
 * once all its conditions hold, whether or not an instruction is waiting
 * behind it.  The model re-evaluates whenever state a condition depends on
 * changes (semaphores), when the wait is latched, and when an instruction
 * reaches the gate.
 */
static void tt_latch_poll(TTCoproc *s, int t)
{
    TTWaitLatch *w = &s->sync.wait[t];

    if (w->opcode && !tt_latch_pending(s, t)) {
        trace_tt_sync_latch_met(t, tt_latch_name(w->opcode));
        w->opcode = 0;
    }
}

static void tt_latch_poll_all(TTCoproc *s)
{
    for (int t = 0; t < TT_NUM_THREADS; t++) {
        tt_latch_poll(s, t);
    }
}

/*
 * Does a latch with @block_mask catch @insn, whose descriptor is @d
 * (STALLWAIT.md block table; the block bits are per architecture, from
 * the decode tables)?
 */
static bool tt_block_catches(uint16_t block_mask, uint32_t insn,
                             const TTInsnDesc *d)
{
    if (TT_INSN_OPCODE(insn) == TT_OP_NOP) {
        /* NOP is caught only when every block bit is set */
        return block_mask == TT_BLOCK_ALL;
    }
    return d && (d->block & block_mask);
}

bool tt_sync_gate_blocks(TTCoproc *s, int t, uint32_t insn,
                         const TTInsnDesc *d)
{
    TTWaitLatch *w = &s->sync.wait[t];

    if ((s->sync.hang_logged & (1u << t)) && insn != s->sync.hang_insn[t]) {
        s->sync.hang_logged &= ~(1u << t);
    }
    if (!w->opcode) {
        return false;           /* nothing latched: the common case */
    }
    tt_latch_poll(s, t);
    return w->opcode && tt_block_catches(w->block_mask, insn, d);
}

static void tt_sync_latch(TTCoproc *s, int t, uint8_t opcode,
                          uint16_t cond, uint16_t block, uint8_t sem)
{
    TTWaitLatch *w = &s->sync.wait[t];

    w->opcode = opcode;
    w->cond_mask = cond;
    w->block_mask = block ? block : TT_BLOCK_B6;
    w->sem_mask = sem;
    w->stream_sel = 0;
    w->target = 0;
    trace_tt_sync_latch(t, tt_latch_name(opcode), w->cond_mask,
                        w->block_mask, w->sem_mask);
}

/* ---------------------------------------------------------------------- */
/* Semaphores                                                             */
/* ---------------------------------------------------------------------- */

static void tt_sem_post(TTCoproc *s, uint8_t mask)
{
    for (int i = 0; i < TT_NUM_SEMAPHORES; i++) {
        if ((mask & (1u << i)) && s->sync.sem[i].value < 15) {
            s->sync.sem[i].value++;
        }
    }
}

static void tt_sem_get(TTCoproc *s, uint8_t mask)
{
    for (int i = 0; i < TT_NUM_SEMAPHORES; i++) {
        if ((mask & (1u << i)) && s->sync.sem[i].value > 0) {
            s->sync.sem[i].value--;
        }
    }
}

uint32_t tt_sync_sem_mmio_read(TTCoproc *s, unsigned i)
{
    if (i >= TT_NUM_SEMAPHORES) {
        return 0;
    }
    return s->sync.sem[i].value;
}

void tt_sync_sem_mmio_write(TTCoproc *s, int core, unsigned i,
                            uint32_t val)
{
    if (i >= TT_NUM_SEMAPHORES) {
        return;
    }
    /* SyncUnit.md, "RISCV access to semaphores" */
    if (val & 1) {
        tt_sem_get(s, 1u << i);
    } else {
        tt_sem_post(s, 1u << i);
    }
    trace_tt_sync_sem_mmio(core, i, val & 1 ? "get" : "post",
                           s->sync.sem[i].value);
    tt_latch_poll_all(s);
}

/* ---------------------------------------------------------------------- */
/* Mutexes                                                                */
/* ---------------------------------------------------------------------- */

/*
 * The mutex ATGETM/ATRELM @insn names.  Their mutex_index field is 24 bits
 * wide; the functional models (ATGETM.md, ATRELM.md) use bits 15:0.
 */
static uint32_t tt_mutex_field(uint32_t insn)
{
    return FIELD_EX32(insn, ATGETM, mutex_index) & 0xffff;
}

/*
 * Index of ATGETM/ATRELM @insn; false if it names no mutex, which makes
 * the instruction wait forever (ATGETM.md, ATRELM.md).
 */
static bool tt_mutex_index(TTCoproc *s, int t, uint32_t insn,
                           unsigned *index)
{
    uint32_t i = tt_mutex_field(insn);

    if (i < TT_SYNC_MUTEX_SLOTS && (tt_sync_info(s)->mutex_valid & (1u << i))) {
        *index = i;
        return true;
    }
    /* Log the hang once, not on every retry (log state only) */
    if (!(s->sync.hang_logged & (1u << t))) {
        tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: T%d: %s with invalid "
                    "mutex index %u: the thread waits forever\n", t,
                    TT_INSN_OPCODE(insn) == TT_OP_ATGETM ? "ATGETM"
                                                          : "ATRELM", i);
        s->sync.hang_logged |= 1u << t;
        s->sync.hang_insn[t] = insn;
    }
    return false;
}

/* Is thread @u at its Wait Gate with an ATGETM of mutex @index? */
static bool tt_thread_wants_mutex(TTCoproc *s, int u, unsigned index)
{
    const TTInsnDesc *d;
    uint32_t insn;

    if (!tt_frontend_peek(s, u, &insn, &d) ||
        TT_INSN_OPCODE(insn) != TT_OP_ATGETM ||
        tt_mutex_field(insn) != index) {
        return false;
    }
    return !tt_sync_gate_blocks(s, u, insn, d);
}

/*
 * Thread @t released mutex @index.  ATRELM.md: if both other threads are
 * trying to acquire it, thread (t + 1) % 3 is chosen.  The waiting
 * thread takes the mutex at once, so that the releasing thread cannot
 * take it back before the others had their turn; its ATGETM then finds
 * the mutex already held by itself and completes.
 */
static void tt_mutex_handoff(TTCoproc *s, int t, unsigned index)
{
    for (int k = 1; k < TT_NUM_THREADS; k++) {
        int u = (t + k) % TT_NUM_THREADS;

        if (tt_thread_wants_mutex(s, u, index)) {
            s->sync.mutex[index] = u + 1;
            trace_tt_sync_mutex_handoff(index, t, u);
            return;
        }
    }
}

TTExec tt_atgetm(TTCoproc *s, int t, uint32_t insn)
{
    unsigned index;
    uint8_t holder;

    if (!tt_mutex_index(s, t, insn, &index)) {
        return TT_EXEC_STALL;
    }
    holder = s->sync.mutex[index];
    if (holder != TT_MUTEX_FREE && holder != t + 1) {
        trace_tt_sync_mutex_wait(t, index, holder - 1);
        return TT_EXEC_STALL;
    }
    s->sync.mutex[index] = t + 1;
    trace_tt_sync_mutex(t, "ATGETM", index);
    return TT_EXEC_DONE;
}

TTExec tt_atrelm(TTCoproc *s, int t, uint32_t insn)
{
    unsigned index;
    uint8_t holder;

    if (!tt_mutex_index(s, t, insn, &index)) {
        return TT_EXEC_STALL;
    }
    holder = s->sync.mutex[index];
    if (holder != t + 1) {
        /* "The instruction completes, but no state is changed." */
        if (holder == TT_MUTEX_FREE) {
            tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: T%d: ATRELM of mutex "
                        "%u, which is not held: no effect\n", t, index);
        } else {
            tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: T%d: ATRELM of mutex "
                        "%u, which T%d holds: no effect\n", t, index,
                        holder - 1);
        }
        return TT_EXEC_DONE;
    }
    s->sync.mutex[index] = TT_MUTEX_FREE;
    trace_tt_sync_mutex(t, "ATRELM", index);
    tt_mutex_handoff(s, t, index);
    return TT_EXEC_DONE;
}

/* ---------------------------------------------------------------------- */
/* Execution                                                              */
/* ---------------------------------------------------------------------- */

TTExec tt_streamwait(TTCoproc *s, int t, uint32_t insn)
{
    uint32_t sel = FIELD_EX32(insn, STREAMWAIT, wait_stream_sel);
    uint32_t cond = FIELD_EX32(insn, STREAMWAIT, target_sel);
    uint32_t hi;
    TTWaitLatch *w = &s->sync.wait[t];

    if (!tt_sync_info(s)->has_streamwait) {
        tt_unimp_insn(s, t, insn, NULL);
        return TT_EXEC_DONE;
    }
    if (sel > 3) {
        tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: T%d: STREAMWAIT stream "
                    "select %u out of range 0..3; bit 2 ignored\n", t, sel);
        sel &= 3;
    }
    if (cond == 0) {
        hi = TT_CFG_FIELD_OF(
            s->cfg.thd[t][TT_BH_THD_STREAMWAIT_PHASE_HI_Val_ADDR32],
            TT_BH_THD_STREAMWAIT_PHASE_HI_Val);
    } else {
        hi = TT_CFG_FIELD_OF(
            s->cfg.thd[t][TT_BH_THD_STREAMWAIT_NUM_MSGS_HI_Val_ADDR32],
            TT_BH_THD_STREAMWAIT_NUM_MSGS_HI_Val);
    }
    tt_sync_latch(s, t, TT_OP_STREAMWAIT, 1u << cond,
                  FIELD_EX32(insn, STREAMWAIT, stall_res), 0);
    w->stream_sel = sel;
    /* target_value is 11 bits wide; STREAMWAIT.md uses bits 13:4 */
    w->target = (hi << 10) |
                extract32(FIELD_EX32(insn, STREAMWAIT, target_value), 0, 10);
    tt_latch_poll(s, t);
    return TT_EXEC_DONE;
}

/*
 * The semaphores a SEM* instruction selects.  Its sem_sel field is wider
 * than the eight semaphores: the functional models use bits 9:2.
 */
static uint32_t tt_sem_sel(uint32_t sem_sel)
{
    return sem_sel & MAKE_64BIT_MASK(0, TT_NUM_SEMAPHORES);
}

TTExec tt_seminit(TTCoproc *s, int t, uint32_t insn)
{
    uint32_t mask = tt_sem_sel(FIELD_EX32(insn, SEMINIT, sem_sel));

    for (int i = 0; i < TT_NUM_SEMAPHORES; i++) {
        if (mask & (1u << i)) {
            s->sync.sem[i].value = FIELD_EX32(insn, SEMINIT, init_value);
            s->sync.sem[i].max = FIELD_EX32(insn, SEMINIT, max_value);
        }
    }
    trace_tt_sync_sem(t, "SEMINIT", mask);
    tt_latch_poll_all(s);
    return TT_EXEC_DONE;
}

TTExec tt_sempost(TTCoproc *s, int t, uint32_t insn)
{
    uint32_t mask = tt_sem_sel(FIELD_EX32(insn, SEMPOST, sem_sel));

    tt_sem_post(s, mask);
    trace_tt_sync_sem(t, "SEMPOST", mask);
    tt_latch_poll_all(s);
    return TT_EXEC_DONE;
}

TTExec tt_semget(TTCoproc *s, int t, uint32_t insn)
{
    uint32_t mask = tt_sem_sel(FIELD_EX32(insn, SEMGET, sem_sel));

    tt_sem_get(s, mask);
    trace_tt_sync_sem(t, "SEMGET", mask);
    tt_latch_poll_all(s);
    return TT_EXEC_DONE;
}

TTExec tt_semwait(TTCoproc *s, int t, uint32_t insn)
{
    uint32_t cond = FIELD_EX32(insn, SEMWAIT, wait_sem_cond);
    uint32_t block = FIELD_EX32(insn, SEMWAIT, stall_res);

    if (cond) {
        tt_sync_latch(s, t, TT_OP_SEMWAIT, cond, block,
                      tt_sem_sel(FIELD_EX32(insn, SEMWAIT, sem_sel)));
    } else {
        tt_sync_latch(s, t, TT_OP_STALLWAIT, tt_sync_info(s)->default_cond,
                      block, 0);
    }
    tt_latch_poll(s, t);
    return TT_EXEC_DONE;
}

/*
 * The condition bits of wait_res that exist on this architecture
 * (TTSyncArchInfo.stallwait_bits); the rest are ignored.
 */
TTExec tt_stallwait(TTCoproc *s, int t, uint32_t insn)
{
    const TTSyncArchInfo *info = tt_sync_info(s);
    uint32_t cond = extract32(FIELD_EX32(insn, STALLWAIT, wait_res), 0,
                              info->stallwait_bits);

    tt_sync_latch(s, t, TT_OP_STALLWAIT, cond ? cond : info->default_cond,
                  FIELD_EX32(insn, STALLWAIT, stall_res), 0);
    tt_latch_poll(s, t);
    return TT_EXEC_DONE;
}

/* ---------------------------------------------------------------------- */
/* Diagnostics                                                            */
/* ---------------------------------------------------------------------- */

static void tt_describe_latch(TTCoproc *s, int t, GString *str)
{
    const TTWaitLatch *w = &s->sync.wait[t];
    const TTSyncArchInfo *info = tt_sync_info(s);

    g_string_append_printf(str, "latched %s (block mask 0x%03x)",
                           tt_latch_name(w->opcode), w->block_mask);
    switch (w->opcode) {
    case TT_OP_SEMWAIT:
        g_string_append_printf(str, ": keep waiting while any of");
        for (int i = 0; i < TT_NUM_SEMAPHORES; i++) {
            if (w->sem_mask & (1u << i)) {
                g_string_append_printf(str, " sem%d", i);
            }
        }
        if (!w->sem_mask) {
            g_string_append(str, " (no semaphore)");
        }
        g_string_append_printf(str, " has %s%s%s;",
                               w->cond_mask & 1 ? "value == 0" : "",
                               w->cond_mask == 3 ? " or " : "",
                               w->cond_mask & 2 ? "value >= max" : "");
        for (int i = 0; i < TT_NUM_SEMAPHORES; i++) {
            if (w->sem_mask & (1u << i)) {
                g_string_append_printf(str, " sem%d=%u/max %u%s", i,
                                       s->sync.sem[i].value,
                                       s->sync.sem[i].max,
                                       tt_sem_pending(s, w, i) ? " (waiting)"
                                                               : "");
            }
        }
        break;
    case TT_OP_STALLWAIT:
        g_string_append_printf(str, ": conditions 0x%04x", w->cond_mask);
        for (unsigned b = 0; b < info->stallwait_bits; b++) {
            unsigned c = info->stallwait_cond[b];

            if (w->cond_mask & (1u << b)) {
                g_string_append_printf(str, " C%u %s (%s)", b,
                                       tt_waitc_name[c],
                                       tt_waitc_pending(s, t, c) ? "waiting"
                                                                 : "met");
            }
        }
        break;
    case TT_OP_STREAMWAIT:
        g_string_append_printf(str, ": stream %u (select %u) %s >= %u "
                               "(NoC overlay not modelled: met)",
                               tt_stream_index(s, t, w), w->stream_sel,
                               w->cond_mask & 1 ? "phase"
                                                : "messages received",
                               w->target);
        break;
    }
}

void tt_sync_describe_wait(TTCoproc *s, int t, char *buf, size_t len)
{
    g_autoptr(GString) str = NULL;
    const TTWaitLatch *w;
    const TTInsnDesc *d;
    bool pending, held = false;
    uint32_t insn;
    char name[160];

    if (!len) {
        return;
    }
    if (t < 0 || t >= TT_NUM_THREADS) {
        snprintf(buf, len, "no thread T%d", t);
        return;
    }
    str = g_string_new(NULL);
    w = &s->sync.wait[t];
    pending = w->opcode && tt_latch_pending(s, t);
    if (!tt_frontend_peek(s, t, &insn, &d)) {
        g_string_append(str, "nothing queued");
    } else {
        tt_insn_format(s->arch->id, insn, name, sizeof(name));
        g_string_append_printf(str, "next %s", name);
        if (pending && tt_block_catches(w->block_mask, insn, d)) {
            g_string_append(str, ": held at the Wait Gate by the ");
            tt_describe_latch(s, t, str);
            held = true;
        } else if (TT_INSN_OPCODE(insn) == TT_OP_ATGETM ||
                   TT_INSN_OPCODE(insn) == TT_OP_ATRELM) {
            uint32_t i = tt_mutex_field(insn);
            bool get = TT_INSN_OPCODE(insn) == TT_OP_ATGETM;

            if (i >= TT_SYNC_MUTEX_SLOTS ||
                !(tt_sync_info(s)->mutex_valid & (1u << i))) {
                g_string_append_printf(str, ": %s of invalid mutex index %u "
                                       "waits forever",
                                       get ? "ATGETM" : "ATRELM", i);
                held = true;
            } else if (get && s->sync.mutex[i] != TT_MUTEX_FREE &&
                       s->sync.mutex[i] != t + 1) {
                g_string_append_printf(str, ": waiting in ATGETM for mutex "
                                       "%u, held by T%d", i,
                                       s->sync.mutex[i] - 1);
                held = true;
            }
        }
    }
    if (!held) {
        g_string_append(str, ": not held by the Sync Unit");
        if (pending) {
            g_string_append(str, " (");
            tt_describe_latch(s, t, str);
            g_string_append(str, ")");
        }
    }
    g_strlcpy(buf, str->str, len);
}

/* ---------------------------------------------------------------------- */
/* Reset and migration                                                    */
/* ---------------------------------------------------------------------- */

void tt_sync_reset(TTCoproc *s)
{
    /* Semaphores 0/0, no mutex held (TT_MUTEX_FREE), no latched wait */
    memset(&s->sync, 0, sizeof(s->sync));
}

static int tt_sync_post_load(void *opaque, int version_id)
{
    TTCoproc *s = opaque;
    TTSyncState *y = &s->sync;

    for (int i = 0; i < TT_NUM_SEMAPHORES; i++) {
        if (y->sem[i].value > 15 || y->sem[i].max > 15) {
            return -EINVAL;
        }
    }
    for (int i = 0; i < TT_SYNC_MUTEX_SLOTS; i++) {
        if (y->mutex[i] > TT_NUM_THREADS) {
            return -EINVAL;
        }
    }
    for (int t = 0; t < TT_NUM_THREADS; t++) {
        TTWaitLatch *w = &y->wait[t];

        if ((w->opcode && w->opcode != TT_OP_STALLWAIT &&
             w->opcode != TT_OP_SEMWAIT && w->opcode != TT_OP_STREAMWAIT) ||
            w->block_mask > TT_BLOCK_ALL || w->stream_sel > 3) {
            return -EINVAL;
        }
    }
    return 0;
}

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

static const VMStateDescription vmstate_tt_wait_latch = {
    .name = "tt-wait-latch",
    .version_id = 2,
    .minimum_version_id = 2,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT8(opcode, TTWaitLatch),
        VMSTATE_UINT16(cond_mask, TTWaitLatch),
        VMSTATE_UINT16(block_mask, TTWaitLatch),
        VMSTATE_UINT8(sem_mask, TTWaitLatch),
        VMSTATE_UINT8(stream_sel, TTWaitLatch),
        VMSTATE_UINT32(target, TTWaitLatch),
        VMSTATE_END_OF_LIST()
    }
};

const VMStateDescription vmstate_tt_sync = {
    .name = "tt-tensix/sync",
    .version_id = 2,
    .minimum_version_id = 2,
    .post_load = tt_sync_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_STRUCT_ARRAY(sync.sem, TTCoproc, TT_NUM_SEMAPHORES, 1,
                             vmstate_tt_semaphore, TTSemaphore),
        VMSTATE_STRUCT_ARRAY(sync.wait, TTCoproc, TT_NUM_THREADS, 1,
                             vmstate_tt_wait_latch, TTWaitLatch),
        VMSTATE_UINT8_ARRAY(sync.mutex, TTCoproc, TT_SYNC_MUTEX_SLOTS),
        VMSTATE_UINT8(sync.hang_logged, TTCoproc),
        VMSTATE_UINT32_ARRAY(sync.hang_insn, TTCoproc, TT_NUM_THREADS),
        VMSTATE_END_OF_LIST()
    }
};
