/*
 * Tensix unpackers: the state UNPACR keeps between instructions.
 *
 * tt-isa-documentation WormholeB0 TensixCoprocessor/UNPACR_Regular.md and
 * UNPACR_IncrementContextCounter.md: Unpackers[n].ContextCounter[thread].
 * The unpackers' other state lives with what it indexes: SrcBank and
 * SrcRow in TTSrcRegs (tt_srcregs.h), SetRegAcc in TTMoverState, the
 * ADCs in TTAdcState.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_TENSIX_TT_UNPACK_H
#define HW_TENSIX_TT_UNPACK_H

#include "tt_arch.h"

#define TT_UNPACKERS            2
#define TT_UNPACK_CONTEXTS      8       /* WhichContext is a uint3_t */

typedef struct TTUnpackState {
    /* Unpackers[u].ContextCounter[t]: uint3_t */
    uint8_t ctx_counter[TT_UNPACKERS][TT_NUM_THREADS];
} TTUnpackState;

/*
 * Reset the context counters of thread @t of the unpackers in @mask
 * (bit 0 unpacker 0, bit 1 unpacker 1): what a write of
 * ThreadConfig[t].UNPACK_MISC_CFG_CfgContextCntReset_0/1 does
 * (BackendConfiguration.md).
 */
void tt_unpack_reset_ctx_counters(TTCoproc *s, int t, unsigned mask);

void tt_unpack_reset(TTCoproc *s);
extern const VMStateDescription vmstate_tt_unpack;

#endif
