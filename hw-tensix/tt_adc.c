/*
 * Tensix address counters: ADCs (SETADC*, INCADC*, ADDRCR*) and RWCs
 * (SETRWC, INCRWC).
 *
 * tt-isa-documentation WormholeB0 TensixCoprocessor/ADCs.md, RWCs.md.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "migration/vmstate.h"
#include "tt_tensix_int.h"

TTExec tt_adc_exec(TTTensixState *s, int t, uint32_t insn)
{
    tt_unimp_insn(s, t, insn, NULL);
    return TT_EXEC_DONE;
}

void tt_adc_reset(TTTensixState *s)
{
    memset(&s->adc, 0, sizeof(s->adc));
}

const VMStateDescription vmstate_tt_adc = {
    .name = "tt-tensix/adc",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32(adc.reserved, TTTensixState),
        VMSTATE_END_OF_LIST()
    }
};
