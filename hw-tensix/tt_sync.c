/*
 * Tensix Sync Unit: semaphores, mutexes, STALLWAIT / SEMWAIT and the
 * Wait Gate they latch.
 *
 * tt-isa-documentation WormholeB0 TensixCoprocessor/SyncUnit.md,
 * WaitGate.md, STALLWAIT.md, SEMWAIT.md, SEMINIT.md, SEMPOST.md, SEMGET.md.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/bitops.h"
#include "migration/vmstate.h"
#include "tt_tensix_int.h"
#include "trace.h"

/* True when the latched wait's conditions say "keep on waiting". */
static bool tt_wait_pending(TTTensixState *s, int t)
{
    TTWaitLatch *w = &s->sync.wait[t];

    if (w->opcode == TT_OP_SEMWAIT) {
        for (int i = 0; i < TT_NUM_SEMAPHORES; i++) {
            TTSemaphore *sem = &s->sync.sem[i];

            if (!(w->sem_mask & (1u << i))) {
                continue;
            }
            if ((w->cond_mask & 1) && sem->value == 0) {
                return true;
            }
            if ((w->cond_mask & 2) && sem->value >= sem->max) {
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
     * as it is evaluated (docs/decisions.md).  C8-C11, the SrcA/SrcB
     * AllowedClient hand-off, become real conditions with the data path.
     */
    return false;
}

bool tt_sync_gate_blocks(TTTensixState *s, int t, uint32_t insn)
{
    TTWaitLatch *w = &s->sync.wait[t];
    const TTInsnDesc *d;

    if (!w->opcode) {
        return false;
    }
    if (!tt_wait_pending(s, t)) {
        w->opcode = 0;          /* conditions met: the latch is forgotten */
        return false;
    }
    if (TT_INSN_OPCODE(insn) == TT_OP_NOP) {
        /* NOP is caught only when every block bit is set */
        return w->block_mask == TT_BLOCK_ALL;
    }
    d = tt_isa_lookup(s->arch->id, insn);
    return d && (d->block & w->block_mask);
}

static void tt_sync_latch(TTTensixState *s, int t, uint8_t opcode,
                          uint16_t cond, uint16_t block, uint8_t sem)
{
    TTWaitLatch *w = &s->sync.wait[t];

    w->opcode = opcode;
    w->cond_mask = cond;
    w->block_mask = block ? block : TT_BLOCK_B6;
    w->sem_mask = sem;
    trace_tt_tensix_wait(t, opcode == TT_OP_SEMWAIT ? "SEMWAIT" : "STALLWAIT",
                         w->cond_mask, w->block_mask, w->sem_mask);
}

TTExec tt_sync_exec(TTTensixState *s, int t, uint32_t insn)
{
    uint32_t op = TT_INSN_OPCODE(insn);
    uint8_t mask = extract32(insn, 2, 8);
    TTSemaphore *sem = s->sync.sem;

    switch (op) {
    case TT_OP_SEMINIT:
        for (int i = 0; i < TT_NUM_SEMAPHORES; i++) {
            if (mask & (1u << i)) {
                sem[i].value = extract32(insn, 16, 4);
                sem[i].max = extract32(insn, 20, 4);
            }
        }
        trace_tt_tensix_sem("SEMINIT", t, mask);
        return TT_EXEC_DONE;
    case TT_OP_SEMPOST:
        for (int i = 0; i < TT_NUM_SEMAPHORES; i++) {
            if ((mask & (1u << i)) && sem[i].value < 15) {
                sem[i].value++;
            }
        }
        trace_tt_tensix_sem("SEMPOST", t, mask);
        return TT_EXEC_DONE;
    case TT_OP_SEMGET:
        for (int i = 0; i < TT_NUM_SEMAPHORES; i++) {
            if ((mask & (1u << i)) && sem[i].value > 0) {
                sem[i].value--;
            }
        }
        trace_tt_tensix_sem("SEMGET", t, mask);
        return TT_EXEC_DONE;
    case TT_OP_SEMWAIT: {
        uint32_t cond = extract32(insn, 0, 2);
        uint32_t block = extract32(insn, 15, 9);

        if (cond) {
            tt_sync_latch(s, t, TT_OP_SEMWAIT, cond, block, mask);
        } else {
            tt_sync_latch(s, t, TT_OP_STALLWAIT, 0x7f, block, 0);
        }
        return TT_EXEC_DONE;
    }
    case TT_OP_STALLWAIT: {
        uint32_t cond = extract32(insn, 0, 15);

        tt_sync_latch(s, t, TT_OP_STALLWAIT, cond ? cond : 0x7f,
                      extract32(insn, 15, 9), 0);
        return TT_EXEC_DONE;
    }
    }
    tt_unimp_insn(s, t, insn, NULL);
    return TT_EXEC_DONE;
}

void tt_sync_reset(TTTensixState *s)
{
    memset(&s->sync, 0, sizeof(s->sync));
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

const VMStateDescription vmstate_tt_sync = {
    .name = "tt-tensix/sync",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_STRUCT_ARRAY(sync.sem, TTTensixState, TT_NUM_SEMAPHORES, 1,
                             vmstate_tt_semaphore, TTSemaphore),
        VMSTATE_STRUCT_ARRAY(sync.wait, TTTensixState, TT_NUM_THREADS, 1,
                             vmstate_tt_wait_latch, TTWaitLatch),
        VMSTATE_END_OF_LIST()
    }
};
