/*
 * Tensix frontend state of one thread: the instruction FIFO, the MOP
 * expander and the replay expander.
 *
 * Both expanders are lazy generators: a MOP (up to 32639 instructions on
 * Wormhole) or a REPLAY is never materialised; the state below is the
 * position of each generator, advanced one instruction at a time as the
 * Wait Gate takes them.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_TENSIX_TT_FRONTEND_H
#define HW_TENSIX_TT_FRONTEND_H

#include "tt_arch.h"
#include "tt_isa.h"
#include "tt_opcodes.h"

#define TT_FIFO_DEPTH       32

/* FIFO entry flags */
#define TT_FIFO_FROM_TRISC  (1u << 0)   /* counts in tt_cfg_qstatus */
#define TT_FIFO_BYPASS_MOP  (1u << 1)   /* pushed by BRISC: after MOP */

#define TT_MOP_CFG_WORDS    9           /* MopCfg[0..8] */
#define TT_REPLAY_SLOTS     32          /* ReplayBuffer[32] */

/* TTMopExpander.state */
enum {
    TT_MOP_IDLE,
    TT_MOP_TEMPLATE0,           /* zero-mask loop */
    TT_MOP_TEMPLATE1,           /* double loop */
};

/* TTMopExpander.phase in template 1 */
enum {
    TT_MOP_T1_START,
    TT_MOP_T1_INNER,            /* the inner loop */
    TT_MOP_T1_END0,
    TT_MOP_T1_END1,
};

/* TTReplayExpander.mode */
enum {
    TT_REPLAY_IDLE,             /* passes instructions through */
    TT_REPLAY_LOAD,             /* recording the next @left instructions */
    TT_REPLAY_PLAYBACK,         /* emitting @left instructions from buf */
};

/* TTFrontend.gate: where the instruction at the Wait Gate came from */
enum {
    TT_GATE_EMPTY,              /* none taken yet */
    TT_GATE_FIFO,               /* the FIFO head (popped when it leaves) */
    TT_GATE_GENERATED,          /* emitted by an expander: gate_insn */
};

/* MOPExpander.md functional model, one per thread */
typedef struct TTMopExpander {
    uint32_t cfg[TT_MOP_CFG_WORDS];     /* MopCfg, written by the TRISC */
    uint32_t mask_hi;                   /* MaskHi (MOP_CFG) */

    /* The expansion in progress */
    uint8_t state;              /* TT_MOP_* */
    uint8_t flags;              /* FIFO flags of the MOP being expanded */
    uint8_t phase;              /* position within the current iteration */
    uint32_t snap[TT_MOP_CFG_WORDS];    /* MopCfg sampled at the MOP */
    uint32_t next;              /* the instruction it will emit next */
    uint32_t mask;              /* template 0: Mask, shifted */
    uint32_t outer;             /* template 0: Count1 + 1; 1: OuterCount */
    uint32_t inner;             /* template 1: InnerCount (doubled) */
    uint32_t j;                 /* outer iteration */
    uint32_t i;                 /* template 1: inner iteration */
    uint32_t loop_op;           /* template 1: LoopOp, XOR-flipped */
    uint32_t flip;              /* template 1: LoopOpFlip */
} TTMopExpander;

/* REPLAY.md functional model, one per thread */
typedef struct TTReplayExpander {
    uint32_t buf[TT_REPLAY_SLOTS];      /* ReplayBuffer */
    uint8_t mode;               /* TT_REPLAY_* */
    uint8_t exec;               /* LOAD: Exec */
    uint8_t flags;              /* FIFO flags of the REPLAY in progress */
    uint32_t index;             /* next slot (taken mod 32) */
    uint32_t left;              /* instructions still to load / emit */
} TTReplayExpander;

typedef struct TTFrontend {
    /* Instruction FIFO before the MOP expander (ring buffer) */
    uint32_t fifo[TT_FIFO_DEPTH];
    uint8_t fifo_flags[TT_FIFO_DEPTH];
    uint32_t fifo_head;
    uint32_t fifo_count;

    TTMopExpander mop;
    TTReplayExpander replay;

    /* The instruction presented to the Wait Gate (tt_frontend_peek) */
    uint8_t gate;               /* TT_GATE_* */
    uint8_t gate_flags;         /* TT_FIFO_* of its origin */
    uint32_t gate_insn;
    const TTInsnDesc *gate_desc;    /* its descriptor (not migrated) */
} TTFrontend;

/*
 * Per-architecture facts of the frontend, indexed by TTArchId.  (What
 * REPLAY's Count 0 means is TTArchInfo.replay_len0.)
 */
typedef struct TTFrontendArchInfo {
    /*
     * Blackhole assembly.yaml, MOP: for template 1, instruction bits 9:0
     * (if non-zero) replace InnerCount and bits 19:16,15:10 (if non-zero)
     * replace OuterCount, both 10 bits wide.
     */
    bool mop_count_override;
} TTFrontendArchInfo;

extern const TTFrontendArchInfo tt_frontend_arch[TT_ARCH__MAX];

/* The replay expander has emitted or recorded one instruction */
static inline void tt_replay_step(TTReplayExpander *r)
{
    r->index = (r->index + 1) % TT_REPLAY_SLOTS;
    if (!--r->left) {
        r->mode = TT_REPLAY_IDLE;
    }
}

/*
 * A template 1 MOP is inside its inner loop, not at its last iteration:
 * the next instruction is m->next and tt_mop_inner_step() takes it
 */
static inline bool tt_mop_in_inner_loop(const TTMopExpander *m)
{
    return m->state == TT_MOP_TEMPLATE1 && m->phase == TT_MOP_T1_INNER &&
           m->i + 1 < m->inner;
}

static inline void tt_mop_inner_step(TTMopExpander *m)
{
    m->next = m->loop_op;
    m->loop_op ^= m->flip;
    m->i++;
}

/*
 * The common cases of tt_frontend_peek(), inline for the execution loop:
 * the instruction already at the gate, the next one played back by the
 * replay expander, or the next one of a MOP's template 1 inner loop (not
 * its last iteration), each exactly as tt_frontend_peek() would present
 * it.  False when none applies (then call tt_frontend_peek()).
 */
static inline bool tt_frontend_peek_fast(TTFrontend *fe, TTArchId arch,
                                         uint32_t *insn,
                                         const TTInsnDesc **d)
{
    TTReplayExpander *r = &fe->replay;
    TTMopExpander *m = &fe->mop;
    uint32_t next, op;

    if (fe->gate != TT_GATE_EMPTY) {
        *insn = fe->gate_insn;
        *d = fe->gate_desc;
        return true;
    }
    if (r->mode == TT_REPLAY_PLAYBACK) {
        next = r->buf[r->index];
        fe->gate_flags = r->flags;
    } else if (r->mode == TT_REPLAY_IDLE && tt_mop_in_inner_loop(m)) {
        next = m->next;
        fe->gate_flags = m->flags;
    } else {
        return false;
    }
    op = TT_INSN_OPCODE(next);
    if (op == TT_OP_MOP || op == TT_OP_MOP_CFG || op == TT_OP_REPLAY) {
        return false;   /* dropped, with a message, by tt_frontend_peek() */
    }
    if (r->mode == TT_REPLAY_PLAYBACK) {
        tt_replay_step(r);
    } else {
        tt_mop_inner_step(m);
    }
    fe->gate = TT_GATE_GENERATED;
    fe->gate_insn = next;
    fe->gate_desc = tt_isa_lookup(arch, next);
    *insn = next;
    *d = fe->gate_desc;
    return true;
}

/*
 * Nothing queued, at the gate or being expanded (tt_frontend_idle()), so
 * tt_frontend_peek() has nothing to give (only a push changes that).  A
 * REPLAY still waiting for instructions to record is not an instruction
 * in flight: TTSync must not wait for input that only the waiting core
 * could push.
 */
static inline bool tt_frontend_empty_fast(const TTFrontend *fe)
{
    return fe->fifo_count == 0 && fe->gate == TT_GATE_EMPTY &&
           fe->mop.state == TT_MOP_IDLE &&
           fe->replay.mode != TT_REPLAY_PLAYBACK;
}

/* tt_frontend_consume() of a generated instruction, inline */
static inline bool tt_frontend_consume_fast(TTFrontend *fe)
{
    if (fe->gate != TT_GATE_GENERATED) {
        return false;
    }
    fe->gate = TT_GATE_EMPTY;
    return true;
}

/*
 * Append @insn to thread @t's FIFO; false, without side effects, when the
 * FIFO is full.  @flags: TT_FIFO_*.  The caller runs the threads.
 */
bool tt_frontend_push(TTCoproc *s, int t, uint32_t insn, unsigned flags);
/*
 * The next instruction thread @t presents to its Wait Gate, expanding MOP,
 * MOP_CFG and REPLAY as needed, and its descriptor (NULL if the opcode is
 * undefined); false if there is none.  Calling it twice without
 * tt_frontend_consume() returns the same instruction.  @d may be NULL.
 */
bool tt_frontend_peek(TTCoproc *s, int t, uint32_t *insn,
                      const TTInsnDesc **d);
/* The instruction returned by tt_frontend_peek() has left the gate. */
void tt_frontend_consume(TTCoproc *s, int t);
/* Nothing queued or being expanded */
bool tt_frontend_idle(TTCoproc *s, int t);
/* The MOP expander is idle and no MOP waits in the FIFO before it */
bool tt_frontend_mop_idle(TTCoproc *s, int t);
/* Discard the FIFO and any expansion in progress (TRISC soft reset) */
void tt_frontend_flush(TTCoproc *s, int t);
/* tt_cfg_qstatus classes of instructions pushed by TRISC t still queued */
uint32_t tt_frontend_qclasses(TTCoproc *s, int t);
void tt_frontend_reset(TTCoproc *s);
void tt_frontend_realize(TTCoproc *s);
extern const VMStateDescription vmstate_tt_frontend;

#endif
