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
TT_NOT_YET(tt_sfpload)
TT_NOT_YET(tt_sfploadi)
TT_NOT_YET(tt_sfpstore)
TT_NOT_YET(tt_sfplut)
TT_NOT_YET(tt_sfpmuli)
TT_NOT_YET(tt_sfpaddi)
TT_NOT_YET(tt_sfpdivp2)
TT_NOT_YET(tt_sfpexexp)
TT_NOT_YET(tt_sfpexman)
TT_NOT_YET(tt_sfpiadd)
TT_NOT_YET(tt_sfpshft)
TT_NOT_YET(tt_sfpsetcc)
TT_NOT_YET(tt_sfpmov)
TT_NOT_YET(tt_sfpabs)
TT_NOT_YET(tt_sfpand)
TT_NOT_YET(tt_sfpor)
TT_NOT_YET(tt_sfpnot)
TT_NOT_YET(tt_sfplz)
TT_NOT_YET(tt_sfpsetexp)
TT_NOT_YET(tt_sfpsetman)
TT_NOT_YET(tt_sfpmad)
TT_NOT_YET(tt_sfpadd)
TT_NOT_YET(tt_sfpmul)
TT_NOT_YET(tt_sfppushc)
TT_NOT_YET(tt_sfppopc)
TT_NOT_YET(tt_sfpsetsgn)
TT_NOT_YET(tt_sfpencc)
TT_NOT_YET(tt_sfpcompc)
TT_NOT_YET(tt_sfptransp)
TT_NOT_YET(tt_sfpxor)
TT_NOT_YET(tt_sfp_stoch_rnd)
TT_NOT_YET(tt_sfpnop)
TT_NOT_YET(tt_sfpcast)
TT_NOT_YET(tt_sfpconfig)
TT_NOT_YET(tt_sfpswap)
TT_NOT_YET(tt_sfploadmacro)
TT_NOT_YET(tt_sfpshft2)
TT_NOT_YET(tt_sfplutfp32)
TT_NOT_YET(tt_sfple)
TT_NOT_YET(tt_sfpgt)
TT_NOT_YET(tt_sfpmul24)
TT_NOT_YET(tt_sfparecip)
