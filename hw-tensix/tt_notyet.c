/*
 * Tenstorrent Tensix coprocessor: instructions not modelled yet
 *
 * Every instruction has a function named after it (tt_isa_fields.h); the
 * ones below belong to units that do not exist yet (unpackers, matrix
 * unit, SFPU, packers: docs/coverage.md).  Each logs LOG_UNIMP and retires
 * without effect.  An instruction leaves this list when its unit models it.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "tt_unit.h"

#define TT_NOT_YET(fn)                                          \
    TTExec fn(TTCoproc *s, int t, uint32_t insn)                \
    {                                                           \
        tt_unimp_insn(s, t, insn, NULL);                        \
        return TT_EXEC_DONE;                                    \
    }

TT_NOT_YET(tt_rareb)
TT_NOT_YET(tt_setashrmh0)
TT_NOT_YET(tt_setashrmh1)
TT_NOT_YET(tt_setashrmv)
TT_NOT_YET(tt_setpkedgof)
TT_NOT_YET(tt_setashrmh)
TT_NOT_YET(tt_tbufcmd)
