/*
 * Tensix SrcA / SrcB bank hand-over between the unpackers and the matrix
 * unit.
 *
 * tt-isa-documentation WormholeB0 TensixCoprocessor/SrcASrcB.md,
 * SETDVALID.md, SETRWC.md, CLEARDVALID.md, ZEROSRC.md.  The STALLWAIT
 * conditions on AllowedClient (tt_sync.c) read this state.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "tt_unit.h"
#include "trace.h"

static void tt_src_trace(TTCoproc *s, const char *why)
{
    TTSrcRegs *r = &s->src;

    trace_tt_src_banks(why, r->a_client[0], r->a_client[1], r->b_client[0],
                       r->b_client[1], r->fpu_a_bank, r->fpu_b_bank,
                       r->unp_bank[0], r->unp_bank[1]);
}

void tt_src_set_implied_fmt(TTCoproc *s, int u, unsigned fmt)
{
    TTSrcRegs *r = &s->src;

    r->implied_fmt[u & 1][r->unp_bank[u & 1]] = fmt & 0xf;
}

unsigned tt_src_fmt(TTCoproc *s, int t, int which, int from,
                    unsigned configured)
{
    TTSrcRegs *r = &s->src;
    bool disabled;

    if (s->arch->id != TT_ARCH_BLACKHOLE) {
        return configured;
    }
    disabled = which ?
        TT_CFG_FIELD_OF(
            s->cfg.thd[t][TT_BH_THD_DISABLE_IMPLIED_SRCB_FMT_Base_ADDR32],
            TT_BH_THD_DISABLE_IMPLIED_SRCB_FMT_Base) :
        TT_CFG_FIELD_OF(
            s->cfg.thd[t][TT_BH_THD_DISABLE_IMPLIED_SRCA_FMT_Base_ADDR32],
            TT_BH_THD_DISABLE_IMPLIED_SRCA_FMT_Base);
    if (disabled) {
        return configured;
    }
    return r->implied_fmt[from & 1][from ? r->fpu_b_bank : r->fpu_a_bank];
}

void tt_src_set_dvalid(TTCoproc *s, int t, unsigned flip)
{
    TTSrcRegs *r = &s->src;

    /*
     * A bank the matrix unit receives may have been written by anyone
     * while the unpackers owned it: a new generation (tt_fpu.h)
     */
    if (flip & 1) {
        tt_src_touch(r, 0, r->unp_bank[0]);
        r->a_client[r->unp_bank[0]] = TT_SRC_CLIENT_MATRIX;
        r->unp_bank[0] ^= 1;
        r->unp_row[0][t] = TT_CFG_THD(s, t, SRCA_SET_Base) << 4;
    }
    if (flip & 2) {
        tt_src_touch(r, 1, r->unp_bank[1]);
        r->b_client[r->unp_bank[1]] = TT_SRC_CLIENT_MATRIX;
        r->unp_bank[1] ^= 1;
        r->unp_row[1][t] = TT_CFG_THD(s, t, SRCB_SET_Base) << 4;
    }
    tt_src_trace(s, "SETDVALID");
}

void tt_src_setrwc_flip(TTCoproc *s, int t, bool flip_a, bool flip_b)
{
    TTSrcRegs *r = &s->src;

    if (flip_a) {
        if (!TT_CFG_THD(s, t, CLR_DVALID_SrcA_Disable)) {
            r->a_client[r->fpu_a_bank] = TT_SRC_CLIENT_UNPACKERS;
        }
        r->fpu_a_bank ^= 1;
    }
    if (flip_b) {
        if (!TT_CFG_THD(s, t, CLR_DVALID_SrcB_Disable)) {
            r->b_client[r->fpu_b_bank] = TT_SRC_CLIENT_UNPACKERS;
        }
        r->fpu_b_bank ^= 1;
    }
    tt_src_trace(s, "SETRWC");
}

void tt_src_clear_dvalid(TTCoproc *s, int t, bool flip_a, bool flip_b,
                         bool keep_same, bool reset)
{
    TTSrcRegs *r = &s->src;

    if (reset) {
        r->fpu_a_bank = r->fpu_b_bank = 0;
        r->unp_bank[0] = r->unp_bank[1] = 0;
        r->a_client[0] = r->a_client[1] = TT_SRC_CLIENT_UNPACKERS;
        r->b_client[0] = r->b_client[1] = TT_SRC_CLIENT_UNPACKERS;
    } else {
        if (flip_a) {
            r->a_client[r->fpu_a_bank] = TT_SRC_CLIENT_UNPACKERS;
            if (!keep_same) {
                r->fpu_a_bank ^= 1;
            }
        }
        if (flip_b) {
            r->b_client[r->fpu_b_bank] = TT_SRC_CLIENT_UNPACKERS;
            if (!keep_same) {
                r->fpu_b_bank ^= 1;
            }
        }
    }
    tt_src_trace(s, "CLEARDVALID");
}

/*
 * CLEARDVALID.md.  Its fields are cleardvalid (bits 23:22: FlipSrcB,
 * FlipSrcA) and reset, 22 bits wide, of which the model uses bits 1:0
 * (KeepReadingSameSrc, Reset).
 */
TTExec tt_cleardvalid(TTCoproc *s, int t, uint32_t insn)
{
    uint32_t flip = FIELD_EX32(insn, CLEARDVALID, cleardvalid);
    uint32_t reset = FIELD_EX32(insn, CLEARDVALID, reset);

    tt_src_clear_dvalid(s, t, extract32(flip, 0, 1), extract32(flip, 1, 1),
                        extract32(reset, 1, 1), extract32(reset, 0, 1));
    return TT_EXEC_DONE;
}

/*
 * ZEROSRC.md, the same on both architectures.  src_mask is {ClearSrcB,
 * ClearSrcA}, bank_mask BothBanks, write_mode SingleBankMatrixUnit;
 * zero_val is 20 bits wide, of which the model uses bit 0
 * (NegativeInfSrcA).  ~0 in a 19-bit datum is 0x7FFFF.  The banks are
 * cleared whatever their AllowedClient (software uses STALLWAIT first).
 */
TTExec tt_zerosrc(TTCoproc *s, int t, uint32_t insn)
{
    TTSrcRegs *r = &s->src;
    uint32_t mask = FIELD_EX32(insn, ZEROSRC, src_mask);
    bool both = FIELD_EX32(insn, ZEROSRC, bank_mask);
    bool matrix = FIELD_EX32(insn, ZEROSRC, write_mode);
    bool neg_inf = extract32(FIELD_EX32(insn, ZEROSRC, zero_val), 0, 1);
    uint32_t a_val = neg_inf ? MAKE_64BIT_MASK(0, TT_SRC_BITS) : 0;

    for (int bank = 0; bank < TT_SRC_BANKS; bank++) {
        bool a = extract32(mask, 0, 1) &&
                 (both || bank == (matrix ? r->fpu_a_bank : r->unp_bank[0]));
        bool b = extract32(mask, 1, 1) &&
                 (both || bank == (matrix ? r->fpu_b_bank : r->unp_bank[1]));

        if (a) {
            tt_src_touch(r, 0, bank);
        }
        if (b) {
            tt_src_touch(r, 1, bank);
        }
        for (int row = 0; row < TT_SRC_ROWS; row++) {
            for (int col = 0; col < TT_SRC_COLS; col++) {
                if (a) {
                    r->a[bank].v[row][col] = a_val;
                }
                if (b) {
                    r->b[bank].v[row][col] = 0;
                }
            }
        }
    }
    return TT_EXEC_DONE;
}
