/*
 * Tensix Matrix Unit instructions that rearrange SrcA / SrcB in place, or
 * touch only the unit's side state: TRNSPSRCB, SHIFTXA, SHIFTXB,
 * GATESRCRST, CLREXPHIST, and the undocumented TRNSPSRCA and SETIBRWC.
 *
 * tt-isa-documentation WormholeB0 TensixCoprocessor/TRNSPSRCB.md,
 * SHIFTXA.md, SHIFTXB.md, GATESRCRST.md, CLREXPHIST.md, MatrixUnit.md;
 * RWCs.md (ApplyAddrMod, tt_adc.c).  Blackhole has no pages of its own
 * (its MatrixUnit.md points to Wormhole's): the same models, with
 * Blackhole's fields from tt-llk's assembly.yaml (SHIFTXB's 3-bit
 * AddrMod).  TRNSPSRCA and SETIBRWC have no page on either architecture.
 * See docs/units/regfiles.md and docs/decisions.md ("Src operations").
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/bitops.h"
#include "tt_log.h"
#include "tt_unit.h"

/* SHIFTXA.md Direction */
#define TT_SHIFTXA_RIGHT    2
#define TT_SHIFTXA_LEFT     3

/* The rows SHIFTXA and TRNSPSRCB work on */
#define TT_SRCOPS_BLOCK     16

static bool tt_srcops_owns_a(TTCoproc *s)
{
    return s->src.a_client[s->src.fpu_a_bank] == TT_SRC_CLIENT_MATRIX;
}

static bool tt_srcops_owns_b(TTCoproc *s)
{
    return s->src.b_client[s->src.fpu_b_bank] == TT_SRC_CLIENT_MATRIX;
}

/*
 * TRNSPSRCB.md: waits at the Wait Gate until the Matrix Unit owns its
 * SrcB bank, then transposes the 16x16 block of rows 16..31 of that bank
 * (no operands, no AddrMod).
 */
TTExec tt_trnspsrcb(TTCoproc *s, int t, uint32_t insn)
{
    TTSrcBank *b;
    const unsigned base = TT_SRCOPS_BLOCK;

    if (!tt_srcops_owns_b(s)) {
        return TT_EXEC_STALL;
    }
    b = &s->src.b[s->src.fpu_b_bank];
    tt_src_touch(&s->src, 1, s->src.fpu_b_bank);
    for (unsigned i = 0; i < TT_SRCOPS_BLOCK; i++) {
        for (unsigned j = 0; j < i; j++) {
            uint32_t ij = b->v[base + i][j];

            b->v[base + i][j] = b->v[base + j][i];
            b->v[base + j][i] = ij;
        }
    }
    return TT_EXEC_DONE;
}

/*
 * TRNSPSRCA has no page on either architecture (tt-llk calls the
 * Blackhole one not functional): logged, no effect, no wait.
 */
TTExec tt_trnspsrca(TTCoproc *s, int t, uint32_t insn)
{
    tt_unimp_insn(s, t, insn, "no functional model (TRNSPSRCA); no effect");
    return TT_EXEC_DONE;
}

/*
 * SHIFTXA.md: shift_mode is Direction (log2_amount2 is the page's 0).
 * Waits until the Matrix Unit owns its SrcA bank; rows InRow..InRow+15
 * of that bank, shifted one column right (DIRECTION_RIGHT) or left
 * (DIRECTION_LEFT) with zero shifted in, are written to rows 0..15.
 * Other Direction values write nothing, as the page's switch.
 *
 * InRow is HardwareBug() & 0x30, the SrcA row address the last Matrix
 * Unit instruction of the page's list computed (TTSrcRegs.last_srca_row,
 * noted by tt_fpu.c and tt_mov.c; docs/decisions.md for MOVB2D/MOVD2B).
 */
TTExec tt_shiftxa(TTCoproc *s, int t, uint32_t insn)
{
    uint32_t dir = FIELD_EX32(insn, SHIFTXA, shift_mode);
    unsigned in_row = s->src.last_srca_row & 0x30;    /* HardwareBug() */
    TTSrcBank *a;

    if (!tt_srcops_owns_a(s)) {
        return TT_EXEC_STALL;
    }
    if (dir != TT_SHIFTXA_RIGHT && dir != TT_SHIFTXA_LEFT) {
        tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: T%d: SHIFTXA Direction "
                    "%u is neither RIGHT (2) nor LEFT (3): no effect\n",
                    t, dir);
        return TT_EXEC_DONE;
    }
    a = &s->src.a[s->src.fpu_a_bank];
    tt_src_touch(&s->src, 0, s->src.fpu_a_bank);
    for (unsigned i = 0; i < TT_SRCOPS_BLOCK; i++) {
        uint32_t row[TT_SRC_COLS];

        memcpy(row, a->v[in_row + i], sizeof(row));
        for (unsigned col = 0; col < TT_SRC_COLS; col++) {
            if (dir == TT_SHIFTXA_RIGHT) {
                a->v[i][col] = col ? row[col - 1] : 0;
            } else {
                a->v[i][col] = col < TT_SRC_COLS - 1 ? row[col + 1] : 0;
            }
        }
    }
    return TT_EXEC_DONE;
}

/*
 * SHIFTXB.md: TT_SHIFTXB(AddrMod, ShiftInZero, SrcRow) over
 * assembly.yaml's addr_mode, rot_shift and shift_row: SrcRow is
 * shift_row, ShiftInZero bit 0 of rot_shift, AddrMod the low 2 (Wormhole)
 * or 3 (Blackhole) bits of addr_mode.  Waits until the Matrix Unit owns
 * its SrcB bank; row (SrcRow + RWCs.SrcB) & 0x3f moves one column left,
 * column 15 getting zero or the old column 0.
 */
TTExec tt_shiftxb(TTCoproc *s, int t, uint32_t insn)
{
    uint32_t row, shift_in_zero, addr_mod;
    uint32_t *v, col0;

    if (!tt_srcops_owns_b(s)) {
        return TT_EXEC_STALL;
    }
    if (s->arch->id == TT_ARCH_WORMHOLE_B0) {
        row = FIELD_EX32(insn, WH_SHIFTXB, shift_row);
        shift_in_zero = extract32(FIELD_EX32(insn, WH_SHIFTXB, rot_shift),
                                  0, 1);
        addr_mod = extract32(FIELD_EX32(insn, WH_SHIFTXB, addr_mode), 0, 2);
    } else {
        row = FIELD_EX32(insn, BH_SHIFTXB, shift_row);
        shift_in_zero = extract32(FIELD_EX32(insn, BH_SHIFTXB, rot_shift),
                                  0, 1);
        addr_mod = extract32(FIELD_EX32(insn, BH_SHIFTXB, addr_mode), 0, 3);
    }
    row = (row + s->adc.rwc[t].srcb) & 0x3f;
    v = s->src.b[s->src.fpu_b_bank].v[row];
    tt_src_touch(&s->src, 1, s->src.fpu_b_bank);
    col0 = v[0];
    memmove(&v[0], &v[1], (TT_SRC_COLS - 1) * sizeof(v[0]));
    v[TT_SRC_COLS - 1] = shift_in_zero ? 0 : col0;
    tt_rwc_apply_addr_mod(s, t, addr_mod, true);
    return TT_EXEC_DONE;
}

/*
 * GATESRCRST.md: invalidates the one-slot operand cache between SrcB and
 * the Matrix Unit (bit 1, InvalidateSrcBCache).  The model has no such
 * cache (every read sees SrcB as it is, as after an invalidation), so
 * there is nothing to do; it does not wait.
 */
TTExec tt_gatesrcrst(TTCoproc *s, int t, uint32_t insn)
{
    return TT_EXEC_DONE;
}

/*
 * CLREXPHIST.md: resets the exponent histograms (and maximum exponents)
 * of the four packers (tt_pack.c); it does not wait.
 */
TTExec tt_clrexphist(TTCoproc *s, int t, uint32_t insn)
{
    tt_pack_clear_exp_hist(s);
    return TT_EXEC_DONE;
}

/*
 * SETIBRWC has no page on either architecture (tt-llk names its operands
 * an RWC "bias" and its increment control; RWCs.md has no such counter):
 * logged, no effect, RWCs included.
 */
TTExec tt_setibrwc(TTCoproc *s, int t, uint32_t insn)
{
    tt_unimp_insn(s, t, insn, "no functional model (SETIBRWC); no effect");
    return TT_EXEC_DONE;
}
