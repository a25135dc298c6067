/*
 * Tensix frontend: per-thread instruction FIFO, MOP expander (with the
 * MopCfg registers at TENSIX_MOP_CFG_BASE) and replay expander.
 *
 * tt-isa-documentation WormholeB0 TensixCoprocessor/README.md,
 * MOPExpander.md, MOP.md, MOP_CFG.md, REPLAY.md, BabyRISCV/TTSync.md,
 * SoftReset.md; BlackholeA0 BabyRISCV/CSRs.md (tt_cfg_qstatus) and
 * assembly.yaml (the Blackhole MOP count fields).
 *
 * The pipeline of one thread is
 *
 *   FIFO -> MOP expander -> (BRISC pushes join) -> replay expander -> gate
 *
 * Both expanders are generators with a few words of state, advanced one
 * instruction at a time when the Wait Gate asks for the next instruction
 * (tt_frontend_peek).  Nothing is ever materialised, so a MOP of 32639
 * instructions costs no memory, and an expansion blocked at the Wait Gate
 * simply stays where it is.
 *
 * FIFO occupancy: a MOP, MOP_CFG or REPLAY leaves the FIFO when its
 * expander ingests it (its expansion then occupies no FIFO slot), and so
 * does an instruction recorded by a REPLAY without Exec.  Any other
 * instruction keeps its slot until it has passed the Wait Gate, which
 * gives the FIFO capacity of PushTensixInstruction.md.  BRISC's pushes,
 * which enter after the MOP expander on silicon, share the FIFO and carry
 * TT_FIFO_BYPASS_MOP: the MOP expander passes them through untouched.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/bitops.h"
#include "migration/vmstate.h"
#include "tt_log.h"
#include "tt_unit.h"
#include "trace.h"

const TTFrontendArchInfo tt_frontend_arch[TT_ARCH__MAX] = {
    [TT_ARCH_WORMHOLE_B0] = {
        .mop_count_override = false,
    },
    [TT_ARCH_BLACKHOLE] = {
        .mop_count_override = true,
    },
};

/* MopCfg word indices (MOPExpander.md "Configuration") */
enum {
    MOPCFG_OUTER = 0,           /* template 1 */
    MOPCFG_FLAGS = 1,           /* template 0; template 1: InnerCount */
    MOPCFG_INSN_B = 2,          /* template 1: StartOp */
    MOPCFG_INSN_A0 = 3,         /* template 1: EndOp0 */
    MOPCFG_INSN_A1 = 4,         /* template 1: EndOp1 */
    MOPCFG_INSN_A2 = 5,         /* template 1: LoopOp */
    MOPCFG_INSN_A3 = 6,         /* template 1: LoopOp1 */
    MOPCFG_SKIP_A0 = 7,         /* template 1: Loop0Last */
    MOPCFG_SKIP_B = 8,          /* template 1: Loop1Last */
};
#define MOPCFG_INNER        MOPCFG_FLAGS
#define MOPCFG_START_OP     MOPCFG_INSN_B
#define MOPCFG_END_OP0      MOPCFG_INSN_A0
#define MOPCFG_END_OP1      MOPCFG_INSN_A1
#define MOPCFG_LOOP_OP      MOPCFG_INSN_A2
#define MOPCFG_LOOP_OP1     MOPCFG_INSN_A3
#define MOPCFG_LOOP0_LAST   MOPCFG_SKIP_A0
#define MOPCFG_LOOP1_LAST   MOPCFG_SKIP_B

/*
 * Largest counts an expansion can have: template 0 Count1 + 1 = 128;
 * template 1 OuterCount 10 bits (Blackhole) + 128 (the bug), InnerCount
 * 10 bits doubled.  post_load rejects more (a loop that long emitting
 * nothing would stall the host).
 */
#define TT_MOP_MAX_OUTER    (1023 + 128)
#define TT_MOP_MAX_INNER    (2 * 1023)

/* IsNop(): only plain NOP (opcode 0x02), not DMANOP nor SFPNOP */
static inline bool tt_mop_is_nop(uint32_t insn)
{
    return TT_INSN_OPCODE(insn) == TT_OP_NOP;
}

static void tt_fifo_pop(TTFrontend *fe)
{
    fe->fifo_head = (fe->fifo_head + 1) % TT_FIFO_DEPTH;
    fe->fifo_count--;
}

bool tt_frontend_push(TTCoproc *s, int t, uint32_t insn, unsigned flags)
{
    TTFrontend *fe = &s->fe[t];
    uint32_t tail;

    if (fe->fifo_count > s->arch->fifo_accept_max[t]) {
        return false;
    }
    tail = (fe->fifo_head + fe->fifo_count) % TT_FIFO_DEPTH;
    fe->fifo[tail] = insn;
    fe->fifo_flags[tail] = flags;
    fe->fifo_count++;
    trace_tt_tensix_push(t, insn, fe->fifo_count);
    return true;
}

/* ---------------------------------------------------------------------- */
/* MOP expander                                                           */
/* ---------------------------------------------------------------------- */

/* ExpandTemplate0: the next instruction into m->next; false when done */
static bool tt_mop_advance_t0(TTMopExpander *m)
{
    bool has_b = m->snap[MOPCFG_FLAGS] & 1;
    bool has_a123 = m->snap[MOPCFG_FLAGS] & 2;

    while (m->j < m->outer) {
        if (!(m->mask & 1)) {
            /* InsnA0, [InsnA1, InsnA2, InsnA3], [InsnB] */
            while (m->phase < 5) {
                unsigned p = m->phase++;

                if (p == 0 || (p <= 3 && has_a123)) {
                    m->next = m->snap[MOPCFG_INSN_A0 + p];
                    return true;
                }
                if (p == 4 && has_b) {
                    m->next = m->snap[MOPCFG_INSN_B];
                    return true;
                }
            }
        } else {
            /* SkipA0, [SkipB] */
            while (m->phase < 2) {
                unsigned p = m->phase++;

                if (p == 0) {
                    m->next = m->snap[MOPCFG_SKIP_A0];
                    return true;
                }
                if (has_b) {
                    m->next = m->snap[MOPCFG_SKIP_B];
                    return true;
                }
            }
        }
        m->phase = 0;
        m->mask >>= 1;
        m->j++;
    }
    return false;
}

/* ExpandTemplate1: the next instruction into m->next; false when done */
static bool tt_mop_advance_t1(TTMopExpander *m)
{
    while (m->j < m->outer) {
        if (m->phase == TT_MOP_T1_START) {
            m->phase = TT_MOP_T1_INNER;
            m->i = 0;
            if (!tt_mop_is_nop(m->snap[MOPCFG_START_OP])) {
                m->next = m->snap[MOPCFG_START_OP];
                return true;
            }
        }
        if (m->phase == TT_MOP_T1_INNER) {
            if (m->i < m->inner) {
                if (m->i != m->inner - 1) {
                    m->next = m->loop_op;
                } else if (m->j != m->outer - 1) {
                    m->next = m->snap[MOPCFG_LOOP1_LAST];
                } else {
                    m->next = m->snap[MOPCFG_LOOP0_LAST];
                }
                m->loop_op ^= m->flip;
                m->i++;
                return true;
            }
            m->phase = TT_MOP_T1_END0;
        }
        if (m->phase == TT_MOP_T1_END0) {
            if (!tt_mop_is_nop(m->snap[MOPCFG_END_OP0])) {
                m->phase = TT_MOP_T1_END1;
                m->next = m->snap[MOPCFG_END_OP0];
                return true;
            }
        } else {
            /* TT_MOP_T1_END1: only reached after a non-NOP EndOp0 */
            if (!tt_mop_is_nop(m->snap[MOPCFG_END_OP1])) {
                m->phase = TT_MOP_T1_START;
                m->j++;
                m->next = m->snap[MOPCFG_END_OP1];
                return true;
            }
        }
        m->phase = TT_MOP_T1_START;
        m->j++;
    }
    return false;
}

/*
 * Move the expansion to its next instruction (m->next).  When there is
 * none left the expander becomes idle: the last instruction it emitted has
 * left it, even if it is still held at the Wait Gate (TTSync.md: the
 * expanded sequence may sit in the FIFOs after the expander).
 */
static void tt_mop_advance(TTCoproc *s, int t)
{
    TTMopExpander *m = &s->fe[t].mop;
    bool more = m->state == TT_MOP_TEMPLATE0 ? tt_mop_advance_t0(m)
                                              : tt_mop_advance_t1(m);

    if (!more) {
        m->state = TT_MOP_IDLE;
        trace_tt_mop_done(t);
    }
}

/*
 * The MOP expander ingests MOP instruction @insn.  MOP's fields sit at the
 * same bits on both architectures; Blackhole calls bits 15:0
 * zmask_lo16_or_loop_count because its template 1 reads counts there.
 */
static void tt_mop_start(TTCoproc *s, int t, uint32_t insn,
                         unsigned flags)
{
    TTMopExpander *m = &s->fe[t].mop;
    unsigned tmpl = FIELD_EX32(insn, WH_MOP, mop_type);

    memcpy(m->snap, m->cfg, sizeof(m->snap));
    m->flags = flags;
    m->phase = 0;
    m->j = 0;
    m->i = 0;
    if (tmpl == 0) {
        m->state = TT_MOP_TEMPLATE0;
        m->mask = (m->mask_hi << 16) | FIELD_EX32(insn, WH_MOP, zmask_lo16);
        m->outer = FIELD_EX32(insn, WH_MOP, loop_count) + 1;   /* Count1 + 1 */
        m->inner = 0;
    } else {
        uint32_t outer = m->snap[MOPCFG_OUTER] & 127;
        uint32_t inner = m->snap[MOPCFG_INNER] & 127;

        if (tt_frontend_arch[s->arch->id].mop_count_override) {
            /* {Outer[9:6] in 19:16, Outer[5:0] in 15:10, Inner[9:0]} */
            uint32_t lo = FIELD_EX32(insn, BH_MOP, zmask_lo16_or_loop_count);
            uint32_t hi = FIELD_EX32(insn, BH_MOP, loop_count);
            uint32_t inner_ovr = extract32(lo, 0, 10);
            uint32_t outer_ovr = extract32(lo, 10, 6) |
                                 (extract32(hi, 0, 4) << 6);

            if (inner_ovr) {
                inner = inner_ovr;
            }
            if (outer_ovr) {
                outer = outer_ovr;
            }
        }
        m->state = TT_MOP_TEMPLATE1;
        m->loop_op = m->snap[MOPCFG_LOOP_OP];
        if (tt_mop_is_nop(m->snap[MOPCFG_LOOP_OP1])) {
            m->flip = 0;
        } else {
            /* Alternate LoopOp / LoopOp1 for twice as many iterations */
            m->flip = m->snap[MOPCFG_LOOP_OP] ^ m->snap[MOPCFG_LOOP_OP1];
            inner *= 2;
        }
        if (outer == 1 && tt_mop_is_nop(m->snap[MOPCFG_START_OP]) &&
            inner == 0 && !tt_mop_is_nop(m->snap[MOPCFG_END_OP0])) {
            outer += 128;       /* hardware bug, as documented */
        }
        m->outer = outer;
        m->inner = inner;
        m->mask = 0;
    }
    trace_tt_mop_start(t, insn, tmpl, m->outer, m->inner);
    tt_mop_advance(s, t);
}

/*
 * The next instruction out of the MOP expander of thread @t, without
 * taking it: *@from_fifo says whether it is the FIFO head (then the caller
 * pops it) or was generated (already taken from the generator).
 */
static bool tt_mop_pull(TTCoproc *s, int t, uint32_t *insn,
                        unsigned *flags, bool *from_fifo)
{
    TTFrontend *fe = &s->fe[t];
    TTMopExpander *m = &fe->mop;

    for (;;) {
        uint32_t head, op;
        unsigned hflags;

        if (m->state != TT_MOP_IDLE) {
            *insn = m->next;
            *flags = m->flags;
            *from_fifo = false;
            if (tt_mop_in_inner_loop(m)) {
                tt_mop_inner_step(m);   /* fast path */
            } else {
                tt_mop_advance(s, t);
            }
            return true;
        }
        if (!fe->fifo_count) {
            return false;
        }
        head = fe->fifo[fe->fifo_head];
        hflags = fe->fifo_flags[fe->fifo_head];
        op = TT_INSN_OPCODE(head);
        if ((op == TT_OP_MOP || op == TT_OP_MOP_CFG) &&
            !(hflags & TT_FIFO_BYPASS_MOP)) {
            tt_fifo_pop(fe);
            if (op == TT_OP_MOP_CFG) {
                /* zmask_hi16 is 24 bits wide; MaskHi takes bits 15:0 */
                m->mask_hi = extract32(FIELD_EX32(head, MOP_CFG, zmask_hi16),
                                       0, 16);
                trace_tt_mop_cfg_insn(t, m->mask_hi);
            } else {
                tt_mop_start(s, t, head, hflags);
            }
            continue;
        }
        /* Anything else (and everything from BRISC) passes through */
        *insn = head;
        *flags = hflags;
        *from_fifo = true;
        return true;
    }
}

/* ---------------------------------------------------------------------- */
/* Replay expander and the Wait Gate's input                              */
/* ---------------------------------------------------------------------- */

/*
 * REPLAY's Exec: execute_while_loading is 3 bits wide; REPLAY.md uses its
 * bit 0 (instruction bit 1).
 */
static bool tt_replay_exec_bit(uint32_t insn)
{
    return extract32(FIELD_EX32(insn, REPLAY, execute_while_loading), 0, 1);
}

/* The replay expander ingests REPLAY instruction @insn */
static void tt_replay_start(TTCoproc *s, int t, uint32_t insn,
                            unsigned flags)
{
    TTReplayExpander *r = &s->fe[t].replay;
    uint32_t count = FIELD_EX32(insn, REPLAY, len);
    bool load = FIELD_EX32(insn, REPLAY, load_mode);

    if (count > TT_REPLAY_SLOTS) {
        /*
         * REPLAY.md: Count above 32 is not supported.  assembly.yaml: the
         * hardware uses only log2(replay buffer depth) bits of it.
         */
        tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: T%d: REPLAY Count %u "
                    "above %u is not supported; using Count %% %u\n", t,
                    count, TT_REPLAY_SLOTS, TT_REPLAY_SLOTS);
        count %= TT_REPLAY_SLOTS;
    }
    r->left = count ? count : s->arch->replay_len0;
    r->index = FIELD_EX32(insn, REPLAY, start_idx) % TT_REPLAY_SLOTS;
    r->exec = load && tt_replay_exec_bit(insn);
    r->flags = flags;
    r->mode = load ? TT_REPLAY_LOAD : TT_REPLAY_PLAYBACK;
    trace_tt_replay_start(t, insn, !load ? "playback" :
                          r->exec ? "load+exec" : "load", r->index, r->left);
}

/*
 * Fill thread @t's gate slot with the next instruction out of the replay
 * expander.  False if there is none yet.
 */
static bool tt_frontend_fill(TTCoproc *s, int t)
{
    TTFrontend *fe = &s->fe[t];
    TTReplayExpander *r = &fe->replay;

    for (;;) {
        uint32_t insn, op;
        unsigned flags;
        bool from_fifo;

        if (r->mode == TT_REPLAY_PLAYBACK) {
            insn = r->buf[r->index];
            flags = r->flags;
            from_fifo = false;
            tt_replay_step(r);
        } else {
            if (!tt_mop_pull(s, t, &insn, &flags, &from_fifo)) {
                return false;
            }
            if (r->mode == TT_REPLAY_LOAD) {
                trace_tt_replay_record(t, r->index, insn);
                r->buf[r->index] = insn;
                tt_replay_step(r);
                if (!r->exec) {
                    if (from_fifo) {
                        tt_fifo_pop(fe);
                    }
                    continue;
                }
            } else if (TT_INSN_OPCODE(insn) == TT_OP_REPLAY) {
                if (from_fifo) {
                    tt_fifo_pop(fe);
                }
                tt_replay_start(s, t, insn, flags);
                continue;
            }
        }

        op = TT_INSN_OPCODE(insn);
        if (op == TT_OP_MOP || op == TT_OP_MOP_CFG || op == TT_OP_REPLAY) {
            /*
             * These never reach the Wait Gate on silicon: a MOP/MOP_CFG
             * pushed by BRISC (it enters after the MOP expander), emitted
             * by a MOP expansion or played back from the replay buffer
             * (a REPLAY expansion cannot contain MOP: MOPExpander.md), or
             * a REPLAY recorded and replayed.  Undefined; dropped.
             */
            tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: T%d: %s 0x%08x %s "
                        "would reach the Wait Gate; dropped\n", t,
                        op == TT_OP_MOP ? "MOP" :
                        op == TT_OP_MOP_CFG ? "MOP_CFG" : "REPLAY", insn,
                        !from_fifo ? "from an expansion" :
                        op == TT_OP_REPLAY ? "recorded with Exec" :
                        "pushed by BRISC (after the MOP expander)");
            if (from_fifo) {
                tt_fifo_pop(fe);
            }
            continue;
        }
        fe->gate = from_fifo ? TT_GATE_FIFO : TT_GATE_GENERATED;
        fe->gate_flags = flags;
        fe->gate_insn = insn;
        fe->gate_desc = tt_isa_lookup(s->arch->id, insn);
        return true;
    }
}

bool tt_frontend_peek(TTCoproc *s, int t, uint32_t *insn,
                      const TTInsnDesc **d)
{
    TTFrontend *fe = &s->fe[t];

    if (fe->gate == TT_GATE_EMPTY && !tt_frontend_fill(s, t)) {
        return false;
    }
    *insn = fe->gate_insn;
    if (d) {
        *d = fe->gate_desc;
    }
    return true;
}

void tt_frontend_consume(TTCoproc *s, int t)
{
    TTFrontend *fe = &s->fe[t];

    if (fe->gate == TT_GATE_FIFO) {
        tt_fifo_pop(fe);
    }
    fe->gate = TT_GATE_EMPTY;
}

bool tt_frontend_idle(TTCoproc *s, int t)
{
    return tt_frontend_empty_fast(&s->fe[t]);
}

bool tt_frontend_mop_idle(TTCoproc *s, int t)
{
    TTFrontend *fe = &s->fe[t];

    /* TTSync.md MOPExpanderDoneCheck */
    if (fe->mop.state != TT_MOP_IDLE) {
        return false;
    }
    for (uint32_t i = 0; i < fe->fifo_count; i++) {
        uint32_t slot = (fe->fifo_head + i) % TT_FIFO_DEPTH;

        if (TT_INSN_OPCODE(fe->fifo[slot]) == TT_OP_MOP &&
            !(fe->fifo_flags[slot] & TT_FIFO_BYPASS_MOP)) {
            return false;
        }
    }
    return true;
}

void tt_frontend_flush(TTCoproc *s, int t)
{
    TTFrontend *fe = &s->fe[t];

    /*
     * SoftReset.md: the instructions in the MOP expander and in the FIFO
     * before it are discarded.  The instruction held at the Wait Gate has
     * left both: it stays, as do the replay expander's state and MaskHi.
     * But when the reset comes from a Tensix instruction (STOREREG to
     * SOFT_RESET_0, inside the execution loop), the gate slot may be that
     * very instruction, already executing; tt_tensix.c then does not
     * consume it, so it is dropped here (the only case where a held
     * instruction of another thread is discarded too).
     */
    if (s->running) {
        fe->gate = TT_GATE_EMPTY;
    }
    if (fe->gate == TT_GATE_FIFO) {
        fe->fifo[0] = fe->fifo[fe->fifo_head];
        fe->fifo_flags[0] = fe->fifo_flags[fe->fifo_head];
        fe->fifo_count = 1;
    } else {
        fe->fifo_count = 0;
    }
    fe->fifo_head = 0;
    fe->mop.state = TT_MOP_IDLE;
}

uint32_t tt_frontend_qclasses(TTCoproc *s, int t)
{
    TTFrontend *fe = &s->fe[t];
    uint32_t mask = 0;

    /*
     * CSRs.md: classes of the instructions pushed by RISCV T_t that still
     * occupy queue space in the frontend.  Instructions generated by a MOP
     * or REPLAY pushed by T_t count as T_t's; REPLAY counts "provided that
     * Exec is true, or Load is false".
     */
    for (uint32_t i = 0; i < fe->fifo_count; i++) {
        uint32_t slot = (fe->fifo_head + i) % TT_FIFO_DEPTH;
        uint32_t insn = fe->fifo[slot];

        if (!(fe->fifo_flags[slot] & TT_FIFO_FROM_TRISC)) {
            continue;
        }
        if (TT_INSN_OPCODE(insn) == TT_OP_REPLAY) {
            if (tt_replay_exec_bit(insn) ||
                !FIELD_EX32(insn, REPLAY, load_mode)) {
                mask |= 1u << TT_QCLASS_REPLAY;
            }
        } else {
            mask |= tt_isa_qclass(s->arch->id, insn);
        }
    }
    if (fe->mop.state != TT_MOP_IDLE && (fe->mop.flags & TT_FIFO_FROM_TRISC)) {
        mask |= 1u << TT_QCLASS_MOP;
    }
    if ((fe->replay.mode == TT_REPLAY_PLAYBACK ||
         (fe->replay.mode == TT_REPLAY_LOAD && fe->replay.exec)) &&
        (fe->replay.flags & TT_FIFO_FROM_TRISC)) {
        mask |= 1u << TT_QCLASS_REPLAY;
    }
    if (fe->gate == TT_GATE_GENERATED &&
        (fe->gate_flags & TT_FIFO_FROM_TRISC)) {
        mask |= tt_isa_qclass(s->arch->id, fe->gate_insn);
    }
    return mask;
}

/* ---------------------------------------------------------------------- */
/* MopCfg: write-only, one per TRISC (MOPExpander.md "Configuration")     */
/* ---------------------------------------------------------------------- */

static uint64_t tt_mop_cfg_read(void *opaque, hwaddr addr, unsigned size)
{
    TTCoreView *v = opaque;

    tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: %s: MopCfg is write-only; "
                "read at 0x%" PRIx64 " returns 0\n", tt_core_name[v->core],
                (uint64_t)addr);
    return 0;
}

static void tt_mop_cfg_write(void *opaque, hwaddr addr, uint64_t val,
                             unsigned size)
{
    TTCoreView *v = opaque;
    TTCoproc *s = v->s;
    int t = TT_TRISC_THREAD(v->core);
    unsigned index = addr / 4;

    trace_tt_mop_cfg_write(t, index, val);
    if (index >= TT_MOP_CFG_WORDS) {
        return;     /* the region is exactly 9 words: cannot happen */
    }
    if (!tt_frontend_mop_idle(s, t)) {
        /*
         * MOPExpander.md: software should not change MopCfg while an
         * expansion is in progress (this model samples MopCfg when the
         * expander takes the MOP, as the functional model does).
         */
        tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: %s: MopCfg[%u] written "
                    "while a MOP is queued or being expanded (use "
                    "MOPExpanderDoneCheck first)\n", tt_core_name[v->core],
                    index);
    }
    s->fe[t].mop.cfg[index] = val;
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

void tt_frontend_realize(TTCoproc *s)
{
    for (int c = TT_CORE_TRISC0; c <= TT_CORE_TRISC2; c++) {
        g_autofree char *name = g_strdup_printf("tt-mop-cfg-%s",
                                                tt_core_name[c]);

        memory_region_init_io(&s->mop_cfg[c], s->owner, &tt_mop_cfg_ops,
                              &s->view[c][0], name,
                              TT_MOP_CFG_WORDS * 4);
        s->mop_cfg[c].disable_reentrancy_guard = true;
    }
}

void tt_frontend_reset(TTCoproc *s)
{
    /* MopCfg, MaskHi and the replay buffer included */
    memset(s->fe, 0, sizeof(s->fe));
}

/* ---------------------------------------------------------------------- */
/* Migration                                                              */
/* ---------------------------------------------------------------------- */

static int tt_frontend_post_load(void *opaque, int version_id)
{
    TTCoproc *s = opaque;

    for (int t = 0; t < TT_NUM_THREADS; t++) {
        TTFrontend *fe = &s->fe[t];
        TTMopExpander *m = &fe->mop;
        TTReplayExpander *r = &fe->replay;

        if (fe->fifo_head >= TT_FIFO_DEPTH ||
            fe->fifo_count > TT_FIFO_DEPTH ||
            fe->gate > TT_GATE_GENERATED ||
            (fe->gate == TT_GATE_FIFO && !fe->fifo_count) ||
            m->state > TT_MOP_TEMPLATE1 || m->phase > 5 ||
            m->outer > TT_MOP_MAX_OUTER || m->inner > TT_MOP_MAX_INNER ||
            r->mode > TT_REPLAY_PLAYBACK || r->index >= TT_REPLAY_SLOTS ||
            (r->mode != TT_REPLAY_IDLE && !r->left)) {
            return -EINVAL;
        }
        fe->gate_desc = tt_isa_lookup(s->arch->id, fe->gate_insn);
    }
    return 0;
}

static const VMStateDescription vmstate_tt_mop = {
    .name = "tt-mop-expander",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_ARRAY(cfg, TTMopExpander, TT_MOP_CFG_WORDS),
        VMSTATE_UINT32(mask_hi, TTMopExpander),
        VMSTATE_UINT8(state, TTMopExpander),
        VMSTATE_UINT8(flags, TTMopExpander),
        VMSTATE_UINT8(phase, TTMopExpander),
        VMSTATE_UINT32_ARRAY(snap, TTMopExpander, TT_MOP_CFG_WORDS),
        VMSTATE_UINT32(next, TTMopExpander),
        VMSTATE_UINT32(mask, TTMopExpander),
        VMSTATE_UINT32(outer, TTMopExpander),
        VMSTATE_UINT32(inner, TTMopExpander),
        VMSTATE_UINT32(j, TTMopExpander),
        VMSTATE_UINT32(i, TTMopExpander),
        VMSTATE_UINT32(loop_op, TTMopExpander),
        VMSTATE_UINT32(flip, TTMopExpander),
        VMSTATE_END_OF_LIST()
    }
};

static const VMStateDescription vmstate_tt_replay = {
    .name = "tt-replay-expander",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_ARRAY(buf, TTReplayExpander, TT_REPLAY_SLOTS),
        VMSTATE_UINT8(mode, TTReplayExpander),
        VMSTATE_UINT8(exec, TTReplayExpander),
        VMSTATE_UINT8(flags, TTReplayExpander),
        VMSTATE_UINT32(index, TTReplayExpander),
        VMSTATE_UINT32(left, TTReplayExpander),
        VMSTATE_END_OF_LIST()
    }
};

static const VMStateDescription vmstate_tt_fe = {
    .name = "tt-frontend-thread",
    .version_id = 2,
    .minimum_version_id = 2,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_ARRAY(fifo, TTFrontend, TT_FIFO_DEPTH),
        VMSTATE_UINT8_ARRAY(fifo_flags, TTFrontend, TT_FIFO_DEPTH),
        VMSTATE_UINT32(fifo_head, TTFrontend),
        VMSTATE_UINT32(fifo_count, TTFrontend),
        VMSTATE_STRUCT(mop, TTFrontend, 1, vmstate_tt_mop, TTMopExpander),
        VMSTATE_STRUCT(replay, TTFrontend, 1, vmstate_tt_replay,
                       TTReplayExpander),
        VMSTATE_UINT8(gate, TTFrontend),
        VMSTATE_UINT8(gate_flags, TTFrontend),
        VMSTATE_UINT32(gate_insn, TTFrontend),
        VMSTATE_END_OF_LIST()
    }
};

const VMStateDescription vmstate_tt_frontend = {
    .name = "tt-tensix/frontend",
    .version_id = 2,
    .minimum_version_id = 2,
    .post_load = tt_frontend_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_STRUCT_ARRAY(fe, TTCoproc, TT_NUM_THREADS, 2,
                             vmstate_tt_fe, TTFrontend),
        VMSTATE_END_OF_LIST()
    }
};
