/*
 * Tensix Scalar Unit (ThCon): GPR arithmetic, L1 and MMIO loads/stores,
 * atomics.
 *
 * tt-isa-documentation WormholeB0 TensixCoprocessor/ScalarUnit.md and the
 * instruction pages it links.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/bitops.h"
#include "migration/vmstate.h"
#include "tt_tensix_int.h"
#include "trace.h"

TTExec tt_thcon_exec(TTTensixState *s, int t, uint32_t insn)
{
    TTThread *th = &s->thread[t];

    switch (TT_INSN_OPCODE(insn)) {
    case TT_OP_SETDMAREG:
        if (!extract32(insn, 7, 1)) {
            /* SETDMAREG_Immediate.md: 16 bits into one half of a GPR */
            uint32_t half = extract32(insn, 0, 7);
            uint32_t *reg = &th->gpr[half >> 1];

            *reg = deposit32(*reg, (half & 1) * 16, 16, extract32(insn, 8, 16));
            return TT_EXEC_DONE;
        }
        tt_unimp_insn(s, t, insn, "special mode");
        return TT_EXEC_DONE;
    case TT_OP_DMANOP:
        return TT_EXEC_DONE;
    }
    tt_unimp_insn(s, t, insn, NULL);
    return TT_EXEC_DONE;
}

void tt_thcon_reset(TTTensixState *s)
{
    memset(&s->thcon, 0, sizeof(s->thcon));
}

const VMStateDescription vmstate_tt_thcon = {
    .name = "tt-tensix/thcon",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32(thcon.reserved, TTTensixState),
        VMSTATE_END_OF_LIST()
    }
};
