/*
 * Tenstorrent Tensix tile: parking and waking the baby RISC-V cores
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/main-loop.h"
#include "qemu/rcu.h"
#include "hw/core/cpu.h"
#include "system/tcg.h"
#include "system/cpus.h"
#include "system/cpu-timers.h"
#include "exec/memory.h"
#include "exec/cpu-common.h"
#include "migration/vmstate.h"
#include "tt_core.h"
#include "trace.h"

AddressSpace *tt_core_as(TTCore *c)
{
    if (c->created) {
        return CPU(&c->cpu)->as;
    }
    if (!c->view_as) {
        c->view_as = g_new0(AddressSpace, 1);
        address_space_init(c->view_as, &c->view, "tt-core-view");
    }
    return c->view_as;
}

bool tt_core_can_block(TTCore *c)
{
    return c->created && current_cpu == CPU(&c->cpu);
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

/* Every core in one TCG thread, taking turns (-accel tcg,thread=single) */
static bool tt_one_tcg_thread(void)
{
    return tcg_enabled() && !qemu_tcg_mttcg_enabled();
}

void tt_core_yield(void)
{
    if (tt_one_tcg_thread() && current_cpu) {
        cpu_exit(current_cpu);
    }
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
        /*
         * With one TCG thread, a core waking another is that thread: the
         * woken core runs in its turn, without ending the waker's (a kick
         * would: QEMU kicks whichever core runs)
         */
        if (!current_cpu || !tt_one_tcg_thread()) {
            qemu_cpu_kick(cs);
        }
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

/* ---------------------------------------------------------------------- */
/* Spin-loop parking                                                      */
/* ---------------------------------------------------------------------- */

/* A host pointer to the @size bytes at @addr of @as if they are RAM */
static const uint8_t *tt_spin_ram(AddressSpace *as, uint32_t addr,
                                  uint32_t size)
{
    MemoryRegion *mr;
    hwaddr xlat, len = size;

    RCU_READ_LOCK_GUARD();
    mr = address_space_translate(as, addr, &xlat, &len, false,
                                 MEMTXATTRS_UNSPECIFIED);
    if (!memory_region_is_ram(mr) || len < size) {
        return NULL;
    }
    return qemu_map_ram_ptr(mr->ram_block, xlat);
}

static uint32_t tt_spin_load(const uint8_t *host, uint32_t size)
{
    return size == 4 ? ldl_le_p(host) :
           size == 2 ? lduw_le_p(host) : ldub_p(host);
}

/* M (funct7 1) on @x, @y; RISC-V's results for division by zero */
static uint32_t tt_spin_muldiv(uint32_t f3, uint32_t x, uint32_t y)
{
    int32_t sx = x, sy = y;

    switch (f3) {
    case 0:
        return x * y;
    case 1:
        return ((int64_t)sx * sy) >> 32;
    case 2:
        return ((int64_t)sx * (uint64_t)y) >> 32;
    case 3:
        return ((uint64_t)x * y) >> 32;
    case 4:
        return !y ? UINT32_MAX : (sx == INT32_MIN && sy == -1) ? x : sx / sy;
    case 5:
        return !y ? UINT32_MAX : x / y;
    case 6:
        return !y ? x : (sx == INT32_MIN && sy == -1) ? 0 : sx % sy;
    default:
        return !y ? x : x % y;
    }
}

/*
 * The Zbb and Zba instructions of OP (@op) and OP-IMM with funct7 @f7
 * that Blackhole's compiler emits in loops: false if not one of them
 */
static bool tt_spin_bitmanip(uint32_t f3, uint32_t f7, uint32_t rs2, bool op,
                             uint32_t *x, uint32_t y)
{
    uint32_t sh = y & 31;

    if (!op && f7 == 0x30 && f3 == 1) {             /* clz ctz cpop sext */
        switch (rs2) {
        case 0:
            *x = clz32(*x);
            return true;
        case 1:
            *x = ctz32(*x);
            return true;
        case 2:
            *x = ctpop32(*x);
            return true;
        case 4:
            *x = (int8_t)*x;
            return true;
        case 5:
            *x = (int16_t)*x;
            return true;
        default:
            return false;
        }
    }
    if (f7 == 0x30 && f3 == 5) {                    /* ror, rori */
        *x = ror32(*x, sh);
        return true;
    }
    if (!op) {
        return false;
    }
    switch (f7 << 3 | f3) {
    case 0x30 << 3 | 1:
        *x = rol32(*x, sh);
        return true;
    case 0x20 << 3 | 7: /* andn */
        *x &= ~y;
        return true;
    case 0x20 << 3 | 6: /* orn */
        *x |= ~y;
        return true;
    case 0x20 << 3 | 4: /* xnor */
        *x = ~(*x ^ y);
        return true;
    case 0x05 << 3 | 4:
        *x = MIN((int32_t)*x, (int32_t)y);
        return true;
    case 0x05 << 3 | 5:
        *x = MIN(*x, y);
        return true;
    case 0x05 << 3 | 6:
        *x = MAX((int32_t)*x, (int32_t)y);
        return true;
    case 0x05 << 3 | 7:
        *x = MAX(*x, y);
        return true;
    case 0x04 << 3 | 4: /* pack */
        *x = (*x & 0xffff) | y << 16;
        return true;
    case 0x10 << 3 | 2: /* sh1add */
        *x = (*x << 1) + y;
        return true;
    case 0x10 << 3 | 4: /* sh2add */
        *x = (*x << 2) + y;
        return true;
    case 0x10 << 3 | 6: /* sh3add */
        *x = (*x << 3) + y;
        return true;
    default:
        return false;
    }
}

/*
 * OP-IMM (@op false, @y the immediate) or OP (@op true) of RV32I, M and
 * the common Zbb/Zba instructions; false for anything else
 */
static bool tt_spin_alu(uint32_t insn, bool op, uint32_t *x, uint32_t y)
{
    uint32_t f3 = extract32(insn, 12, 3), f7 = extract32(insn, 25, 7);
    uint32_t sh = y & 31;

    if (op && f7 == 1) {
        *x = tt_spin_muldiv(f3, *x, y);
        return true;
    }
    if ((f3 == 1 || f3 == 5 || op) &&
        (f7 == 0x20 ? !(f3 == 5 || (op && f3 == 0)) : f7 != 0)) {
        /* not a shift (funct7 0, or 0x20 for sra/srai, sub): bitmanip? */
        return tt_spin_bitmanip(f3, f7, extract32(insn, 20, 5), op, x, y);
    }
    switch (f3) {
    case 0:
        *x = op && f7 ? *x - y : *x + y;
        break;
    case 1:
        *x <<= sh;
        break;
    case 2:
        *x = (int32_t)*x < (int32_t)y;
        break;
    case 3:
        *x = *x < y;
        break;
    case 4:
        *x ^= y;
        break;
    case 5:
        *x = f7 ? (uint32_t)((int32_t)*x >> sh) : *x >> sh;
        break;
    case 6:
        *x |= y;
        break;
    default:
        *x &= y;
        break;
    }
    return true;
}

/* The target of a taken branch (B-type) or jump (J-type) */
static uint32_t tt_spin_btarget(uint32_t a, uint32_t insn)
{
    uint32_t imm;

    if (extract32(insn, 0, 7) == 0x6f) {
        imm = extract32(insn, 31, 1) << 20 | extract32(insn, 12, 8) << 12 |
              extract32(insn, 20, 1) << 11 | extract32(insn, 21, 10) << 1;
        return a + sextract32(imm, 0, 21);
    }
    imm = extract32(insn, 31, 1) << 12 | extract32(insn, 7, 1) << 11 |
          extract32(insn, 25, 6) << 5 | extract32(insn, 8, 4) << 1;
    return a + sextract32(imm, 0, 13);
}

static bool tt_spin_taken(uint32_t f3, uint32_t x, uint32_t y)
{
    switch (f3) {
    case 0:
        return x == y;
    case 1:
        return x != y;
    case 4:
        return (int32_t)x < (int32_t)y;
    case 5:
        return (int32_t)x >= (int32_t)y;
    case 6:
        return x < y;
    default:
        return x >= y;
    }
}

#define TT_SPIN_MAX_STEPS   64
#define TT_SPIN_PROGRESS    (-2)

/*
 * Follow one iteration of the loop from @pc, from the registers @gpr,
 * until it is back at @pc, recording in @c the RAM words its loads read.
 * Returns how many, or -1 if the loop does what this does not follow (a
 * load from MMIO, whose reads may have effects, a CSR read, M or B
 * instructions, more than TT_SPIN_MAX_STEPS instructions): then the core
 * is woken every period instead.  TT_SPIN_PROGRESS if the iteration comes
 * back to @pc with other registers: memory changed since the core's own
 * last iteration (a word it waits for was written meanwhile, and an
 * outer loop brings it back to the same place), so it must not park.
 */
static int tt_spin_follow(TTCore *c, const uint32_t *gpr, uint32_t pc)
{
    static const uint8_t load_size[8] = { 1, 2, 4, 0, 1, 2, 0, 0 };
    AddressSpace *as = CPU(&c->cpu)->as;
    uint32_t r[32], a = pc;
    int n = 0;

    memcpy(r, gpr, sizeof(r));
    for (int step = 0; step < TT_SPIN_MAX_STEPS; step++) {
        const uint8_t *code = tt_spin_ram(as, a, 4), *host;
        uint32_t insn, rd, f3, x, y, imm, size, next = a + 4;

        if (!code) {
            return -1;
        }
        insn = ldl_le_p(code);
        rd = extract32(insn, 7, 5);
        f3 = extract32(insn, 12, 3);
        x = r[extract32(insn, 15, 5)];
        y = r[extract32(insn, 20, 5)];
        imm = sextract32(insn, 20, 12);
        switch (extract32(insn, 0, 7)) {
        case 0x03:                                  /* lb lh lw lbu lhu */
            size = load_size[f3];
            host = size ? tt_spin_ram(as, x + imm, size) : NULL;
            if (!host || n == TT_SPIN_MAX_WATCH) {
                return -1;
            }
            c->spin_watch[n] = (TTSpinWatch) {
                host, size, tt_spin_load(host, size)
            };
            x = c->spin_watch[n++].val;
            x = f3 == 0 ? (uint32_t)(int8_t)x :
                f3 == 1 ? (uint32_t)(int16_t)x : x;
            break;
        case 0x13:                                  /* OP-IMM */
            if (!tt_spin_alu(insn, false, &x, imm)) {
                return -1;
            }
            break;
        case 0x33:                                  /* OP */
            if (!tt_spin_alu(insn, true, &x, y)) {
                return -1;
            }
            break;
        case 0x37:                                  /* lui */
            x = insn & 0xfffff000u;
            break;
        case 0x17:                                  /* auipc */
            x = a + (insn & 0xfffff000u);
            break;
        case 0x0f:                                  /* fence */
            rd = 0;
            break;
        case 0x63:                                  /* branches */
            if (f3 == 2 || f3 == 3) {
                return -1;
            }
            if (tt_spin_taken(f3, x, y)) {
                next = tt_spin_btarget(a, insn);
            }
            rd = 0;
            break;
        case 0x6f:                                  /* jal */
            x = a + 4;
            next = tt_spin_btarget(a, insn);
            break;
        case 0x67:                                  /* jalr */
            next = (x + imm) & ~1u;
            x = a + 4;
            break;
        default:
            return -1;
        }
        if (rd) {
            r[rd] = x;
        }
        a = next;
        if (a == pc) {
            return memcmp(r, gpr, sizeof(r)) ? TT_SPIN_PROGRESS : n;
        }
    }
    return -1;
}

/* Has any word the parked core @c watches changed? */
static bool tt_spin_changed(const TTCore *c)
{
    if (c->spin_nwatch < 0) {
        return true;
    }
    for (int i = 0; i < c->spin_nwatch; i++) {
        const TTSpinWatch *w = &c->spin_watch[i];

        if (tt_spin_load(w->host, w->size) != w->val) {
            return true;
        }
    }
    return false;
}

/*
 * The next check of a core parked spinning: the next multiple of its
 * period, so that the checks of every tile with the same period (on an
 * idle chip, all of them, at TT_SPIN_PERIOD_MAX_NS) fall due together and
 * one pass of the main loop serves them all
 */
static int64_t tt_spin_next_check(int64_t now, int64_t period)
{
    period = MAX(period, TT_SPIN_PERIOD_MIN_NS);
    return (now / period + 1) * period;
}

/* The next, longer period of a core that parked again with nothing changed */
static int64_t tt_spin_backoff(int64_t period)
{
    return MIN(MAX(period * 2, TT_SPIN_PERIOD_MIN_NS), TT_SPIN_PERIOD_MAX_NS);
}

/* The earliest check the parked cores of @w need, or INT64_MAX */
static int64_t tt_spin_watch_next(TTCoreWatch *w)
{
    int64_t next = INT64_MAX;

    for (int i = 0; i < TT_NUM_CORES; i++) {
        TTCore *c = &w->cores[i];

        if (c->wait == TT_WAIT_SPIN && c->spin_nwatch) {
            next = MIN(next, c->spin_deadline);
        }
    }
    return next;
}

/* Arm the machine's spin clock for @w's cores (it only moves earlier) */
static void tt_spin_rearm(TTCoreWatch *w)
{
    QEMUTimer *timer = w->sched->timer;
    int64_t next = tt_spin_watch_next(w);

    if (next != INT64_MAX &&
        (!timer_pending(timer) || timer_expire_time_ns(timer) > next)) {
        timer_mod(timer, next);
    }
}

/*
 * A core of the tile is back in a loop that polls memory after doing
 * something else (a store, maybe of what a parked peer waits for): wake
 * the peers whose words changed now rather than at their next check.
 * Their watches are read under the BQL (a peer may be re-parking, its
 * watch half written); without it, only whether any peer is parked.
 */
static void tt_core_spin_peers(TTCore *self)
{
    TTCore *cores = self->watch->cores;
    bool any = false;

    for (int i = 0; i < TT_NUM_CORES; i++) {
        any |= &cores[i] != self &&
               qatomic_read(&cores[i].wait) == TT_WAIT_SPIN;
    }
    if (any) {
        bql_lock();
        tt_cores_spin_check(cores);
        bql_unlock();
    }
}

/* The core's riscv_cpu_set_tt_spin_fn callback (vCPU thread, no BQL) */
static void tt_core_spin(CPURISCVState *env, void *arg)
{
    TTCore *c = arg;
    CPUState *cs = CPU(&c->cpu);
    uint32_t pc = env->pc;
    bool early;
    int n;

    if (env->tt_spin_dirty || pc != c->spin_pc ||
        memcmp(c->spin_gpr, env->gpr, sizeof(c->spin_gpr))) {
        if (env->tt_spin_dirty) {
            tt_core_spin_peers(c);
        }
        env->tt_spin_dirty = 0;
        c->spin_pc = pc;
        memcpy(c->spin_gpr, env->gpr, sizeof(c->spin_gpr));
        c->spin_count = 0;
        return;
    }
    if (cs->singlestep_enabled) {
        return;     /* (a debugger stepping through the loop: never park) */
    }
    /*
     * With one TCG thread no other core runs while this one spins: a loop
     * on RAM words is parked at once, one on MMIO (a NoC or a tile
     * register, which may change on its own) after the usual count
     */
    early = ++c->spin_count == TT_SPIN_THRESHOLD_RR && tt_one_tcg_thread();
    if (!early && c->spin_count < TT_SPIN_THRESHOLD) {
        return;
    }

    bql_lock();
    if (c->wait != TT_WAIT_NONE || c->held) {
        /* running although parked (an interrupt woke it): carry on */
        if (c->wait == TT_WAIT_SPIN) {
            c->wait = TT_WAIT_NONE;
        }
        c->spin_count = 0;
        bql_unlock();
        return;
    }
    n = tt_spin_follow(c, c->spin_gpr, pc);
    if (n == TT_SPIN_PROGRESS) {
        c->spin_count = 0;      /* memory changed meanwhile: run on */
    }
    if (n == TT_SPIN_PROGRESS || (early && n < 0)) {
        bql_unlock();           /* (a loop on MMIO: the usual count) */
        return;
    }
    c->spin_count = 0;
    c->spin_nwatch = n;
    trace_tt_core_park(c->x, c->y, tt_core_id[c->index], TT_WAIT_SPIN, pc);
    /*
     * Back in the same place with nothing changed (woken by time, or by
     * a change it does not wait for): wait longer before the next check
     */
    if (pc == c->spin_park_pc &&
        !memcmp(c->spin_gpr, c->spin_park_gpr, sizeof(c->spin_gpr))) {
        c->spin_period = tt_spin_backoff(c->spin_period);
    } else {
        c->spin_period = c->spin_nwatch > 0 ? TT_SPIN_PERIOD_RAM_NS :
                                              TT_SPIN_PERIOD_MIN_NS;
        c->spin_park_pc = pc;
        memcpy(c->spin_park_gpr, c->spin_gpr, sizeof(c->spin_gpr));
    }
    c->spin_deadline = tt_spin_next_check(qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL),
                                          c->spin_period);
    c->wait = TT_WAIT_SPIN;
    c->wait_arg = pc;
    c->spin_parks++;
    cs->halted = 1;
    cs->exception_index = EXCP_HLT;
    /* (a loop that reads nothing, "j .", is ended only by an interrupt) */
    tt_spin_rearm(c->watch);
    bql_unlock();
    /* pc is the loop's start: it runs from there once woken */
    cpu_loop_exit(cs);
}

/* Check the parked cores of @w that are due at @now */
static void tt_spin_watch_check(TTCoreWatch *w, int64_t now)
{
    for (int i = 0; i < TT_NUM_CORES; i++) {
        TTCore *c = &w->cores[i];

        if (c->wait != TT_WAIT_SPIN || !c->spin_nwatch ||
            c->spin_deadline > now) {
            continue;
        }
        if (tt_spin_changed(c)) {
            tt_core_unpark(c);
        } else {
            c->spin_period = tt_spin_backoff(c->spin_period);
            c->spin_deadline = tt_spin_next_check(now, c->spin_period);
        }
    }
}

/* The machine's spin clock: check every tile's parked cores that are due */
static void tt_spin_sched_timer(void *opaque)
{
    TTSpinSched *sched = opaque;
    int64_t now = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    int64_t next = INT64_MAX;

    for (guint i = 0; i < sched->watches->len; i++) {
        TTCoreWatch *w = g_ptr_array_index(sched->watches, i);

        tt_spin_watch_check(w, now);
        next = MIN(next, tt_spin_watch_next(w));
    }
    if (next != INT64_MAX) {
        timer_mod(sched->timer, next);
    }
}

/*
 * One TCG thread: end the running core's turn (kicking any vCPU ends the
 * running one's) if any core can run.  With icount, QEMU shares its
 * instruction budget between the cores instead.
 */
static void tt_spin_slice_timer(void *opaque)
{
    TTSpinSched *sched = opaque;

    if (!all_cpu_threads_idle()) {
        qemu_cpu_kick(first_cpu);
    }
    timer_mod(sched->slice,
              qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) + TT_SPIN_SLICE_NS);
}

void tt_spin_sched_init(TTSpinSched *sched)
{
    sched->timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, tt_spin_sched_timer,
                                sched);
    sched->watches = g_ptr_array_new();
    if (tt_one_tcg_thread() && !icount_enabled()) {
        sched->slice = timer_new_ns(QEMU_CLOCK_VIRTUAL, tt_spin_slice_timer,
                                    sched);
        timer_mod(sched->slice, TT_SPIN_SLICE_NS);
    }
}

/* @c, parked on a loop, looks again at its RAM words: wake it if one changed */
static void tt_core_spin_check(TTCore *c)
{
    if (c->spin_nwatch > 0 && tt_spin_changed(c)) {
        c->spin_writer_wakes++;
        tt_core_unpark(c);
    }
}

void tt_cores_spin_check(TTCore *cores)
{
    for (int i = 0; i < TT_NUM_CORES; i++) {
        if (cores[i].wait == TT_WAIT_SPIN) {
            tt_core_spin_check(&cores[i]);
        }
    }
}

void tt_cores_wake_coproc(TTCore *cores)
{
    for (int i = 0; i < TT_NUM_CORES; i++) {
        TTCore *c = &cores[i];

        switch (c->wait) {
        case TT_WAIT_FIFO:
        case TT_WAIT_THREAD_IDLE:
        case TT_WAIT_MOP_IDLE:
            tt_core_unpark(c);
            break;
        case TT_WAIT_SPIN:
            tt_core_spin_check(c);
            break;
        default:
            break;
        }
    }
}

void tt_core_spin_init(TTCore *c)
{
    TTCoreWatch *w = c->watch;

    if (!w->sched_registered) {
        g_ptr_array_add(w->sched->watches, w);
        w->sched_registered = true;
    }
    riscv_cpu_set_tt_spin_fn(&c->cpu.env, tt_core_spin, c);
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
    case TT_WAIT_SPIN:
        if (c->spin_nwatch == 0) {
            g_string_append_printf(out, "in a loop at 0x%08x that reads "
                                   "nothing (parked until an interrupt or "
                                   "reset)", a);
        } else if (c->spin_nwatch > 0) {
            g_string_append_printf(out, "spinning at 0x%08x on %d RAM "
                                   "word%s (parked until one changes)", a,
                                   c->spin_nwatch,
                                   c->spin_nwatch > 1 ? "s" : "");
        } else {
            g_string_append_printf(out, "spinning at 0x%08x (parked, woken "
                                   "every %" PRId64 " us)", a,
                                   c->spin_period / SCALE_US);
        }
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

/*
 * A core parked on a spin loop: the words it watched are host pointers,
 * not state.  Wake it once the machine runs: its loop runs again, and
 * parks again if nothing has changed.
 */
static int tt_core_post_load(void *opaque, int version_id)
{
    TTCore *c = opaque;

    tt_core_fp_sync(c);
    if (c->wait == TT_WAIT_SPIN) {
        c->spin_nwatch = -1;
        c->spin_period = TT_SPIN_PERIOD_MIN_NS;
        c->spin_deadline = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
        if (c->watch->sched_registered) {
            tt_spin_rearm(c->watch);
        }
    }
    return 0;
}

/*
 * Whether the core has a vCPU (a tile with lazy-cores creates it on first
 * release): the destination creates it before the vCPU's own sections,
 * which the source registered, and so sends, after the tile's.
 */
static bool tt_core_vcpu_needed(void *opaque)
{
    TTCore *c = opaque;

    return c->created;
}

static int tt_core_vcpu_pre_save(void *opaque)
{
    TTCore *c = opaque;

    c->created_mig = c->created;
    return 0;
}

static const VMStateDescription vmstate_tt_core_vcpu = {
    .name = "tt-core/vcpu",
    .version_id = 1,
    .minimum_version_id = 1,
    .needed = tt_core_vcpu_needed,
    .pre_save = tt_core_vcpu_pre_save,
    .fields = (const VMStateField[]) {
        VMSTATE_BOOL(created_mig, TTCore),
        VMSTATE_END_OF_LIST()
    }
};

const VMStateDescription vmstate_tt_core = {
    .name = "tt-core",
    .version_id = 2,
    .minimum_version_id = 2,
    .post_load = tt_core_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_BOOL(held, TTCore),
        VMSTATE_BOOL(release_pending, TTCore),
        VMSTATE_UINT32(wait, TTCore),
        VMSTATE_UINT32(wait_arg, TTCore),
        VMSTATE_UINT32_ARRAY(cfg0, TTCore, 7),
        VMSTATE_UINT32_ARRAY(sstatus, TTCore, 8),
        VMSTATE_END_OF_LIST()
    },
    .subsections = (const VMStateDescription * const []) {
        &vmstate_tt_core_vcpu,
        NULL
    }
};
