/*
 * Tensix unpackers: UNPACR_NOP in all its forms (UNPACR joins later).
 *
 * Wormhole: tt-isa-documentation WormholeB0 TensixCoprocessor/
 * UNPACR_NOP.md and its five mode pages (UNPACR_NOP_ZEROSRC.md,
 * _SETDVALID.md, _SETREG.md, _OverlayClear.md, _Nop.md), whose encoding
 * diagrams select the mode by bits 2:0.  Blackhole has no UNPACR_NOP page:
 * its fields and their meanings are tt-llk's blackhole assembly.yaml, each
 * mapped onto the Wormhole page that defines the same behaviour.  The
 * choices are listed in docs/units/unpack.md and docs/decisions.md.
 *
 * The unpackers retire UNPACR_NOP at once; a clear that must wait for its
 * bank returns TT_EXEC_STALL, as the pages' "wait" loops.  The overlay's
 * message clears and the SETREG MMIO write need state that is not
 * modelled (the overlay's stream engine, SetRegBase): they are logged
 * with -d unimp.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "tt_unit.h"

/* A 19-bit datum of all ones: ~0u in UNPACR_NOP_ZEROSRC.md, -inf */
#define TT_SRC_NEG_INF      MAKE_64BIT_MASK(0, TT_SRC_BITS)

/*
 * 1.0 in a Src datum (SrcASrcB.md bit layouts: Sign 18, Mantissa 17:8,
 * Exponent 7:0; FP16 and integer "8" use exponent bits 4:0), for
 * Blackhole's clear-to-1 formats (assembly.yaml Clr_to1_fmt_Ctrl).
 */
static const uint32_t tt_unpack_one[3] = {
    0x0000f,        /* 0: FP16 (fp16a): exponent 15 */
    0x0007f,        /* 1: BF16 / TF32 (fp16b): exponent 127 */
    0x00110,        /* 2: integer "8": magnitude 1, exponent field 16 */
};

/* Unpackers[@u]'s Src: SrcA for unpacker 0, SrcB for unpacker 1 */
static TTSrcBank *tt_unpack_bank(TTCoproc *s, int u, int bank)
{
    return u ? &s->src.b[bank] : &s->src.a[bank];
}

static uint8_t *tt_unpack_client(TTCoproc *s, int u)
{
    return u ? s->src.b_client : s->src.a_client;
}

/*
 * The clear of UNPACR_NOP_ZEROSRC.md.  Waits until
 * Src[WaitLikeUnpacr ? UnpackBank : MatrixUnit's bank] belongs to the
 * unpackers, then sets UnpackBank (or both banks) to @val; with
 * @set_dvalid the bank then goes to the matrix unit as SETDVALID does.
 */
static TTExec tt_unpack_clear(TTCoproc *s, int t, int u, bool wait_like_unpacr,
                              bool both, uint32_t val, bool set_dvalid)
{
    TTSrcRegs *r = &s->src;
    int unpack_bank = r->unp_bank[u];
    int fpu_bank = u ? r->fpu_b_bank : r->fpu_a_bank;
    int wait_bank = wait_like_unpacr ? unpack_bank : fpu_bank;

    if (tt_unpack_client(s, u)[wait_bank] != TT_SRC_CLIENT_UNPACKERS) {
        return TT_EXEC_STALL;
    }
    for (int bank = 0; bank < TT_SRC_BANKS; bank++) {
        TTSrcBank *b = tt_unpack_bank(s, u, bank);

        if (!both && bank != unpack_bank) {
            continue;
        }
        for (int row = 0; row < TT_SRC_ROWS; row++) {
            for (int col = 0; col < TT_SRC_COLS; col++) {
                b->v[row][col] = val;
            }
        }
    }
    if (set_dvalid) {
        tt_src_set_dvalid(s, t, 1u << u);
        tt_unit_changed(s);
    }
    return TT_EXEC_DONE;
}

/* UNPACR_NOP_SETDVALID.md: Unpackers[@u]'s bank goes to the matrix unit */
static void tt_unpack_set_dvalid(TTCoproc *s, int t, int u)
{
    tt_src_set_dvalid(s, t, 1u << u);
    tt_unit_changed(s);
}

/*
 * UNPACR_NOP_OverlayClear.md: NOC_STREAM_WRITE_REG(@stream,
 * STREAM_MSG_DATA_CLEAR_REG_INDEX, ...).  The overlay's registers are
 * plain storage until its stream engine is modelled, so a message clear
 * has nothing to act on: logged.
 */
static void tt_unpack_msg_clear(TTCoproc *s, int t, uint32_t insn,
                                const char *form, uint32_t stream,
                                uint32_t count)
{
    char what[96];

    snprintf(what, sizeof(what), "%s (stream %u, count %u): overlay message "
             "clear", form, stream, count);
    tt_unimp_insn(s, t, insn, what);
}

/*
 * UNPACR_NOP_SETREG.md.  Unpackers[@u].SetRegAcc (TDMA-RISC reads it) is
 * kept as the page says; the MMIO write itself needs
 * Unpackers.SetRegBase, which TDMA-RISC.md does not define
 * (SetUnpackRegAddr): logged.
 */
static void tt_unpack_setreg(TTCoproc *s, int t, uint32_t insn, int u,
                             bool accumulate, uint32_t value11,
                             uint32_t addr_sel, uint32_t addr_mid)
{
    uint32_t *acc = &s->mover.unpacker_set_reg_acc[u];
    uint32_t value = value11;
    char what[96];

    if (accumulate) {
        if (value11 == 0) {
            *acc = 0;
            return;
        }
        *acc = (*acc + value11) & 0x1ffff;
        value = *acc;
    }
    snprintf(what, sizeof(what), "SETREG (AddrSel %u, AddrMid 0x%x, value "
             "0x%x): MMIO write (SetRegBase)", addr_sel, addr_mid, value);
    tt_unimp_insn(s, t, insn, what);
}

/*
 * Wormhole: the NoOp field (bits 22:0) holds the mode in bits 2:0 and
 * its operands; Unpack_block_selection (bit 23) is WhichUnpacker.
 */
static TTExec tt_unpacr_nop_wh(TTCoproc *s, int t, uint32_t insn)
{
    uint32_t op = FIELD_EX32(insn, WH_UNPACR_NOP, NoOp);
    int u = FIELD_EX32(insn, WH_UNPACR_NOP, Unpack_block_selection);
    uint32_t count = extract32(op, 4, 11);      /* ClearCount, Value11 */
    uint32_t stream = extract32(op, 16, 6);     /* WhichStream, AddrMid */

    switch (extract32(op, 0, 3)) {
    case 0:
        tt_unpack_msg_clear(s, t, insn, "OverlayClear",
                            u ? TT_CFG_THD(s, t,
                                           NOC_OVERLAY_MSG_CLEAR_StreamId_1)
                              : TT_CFG_THD(s, t,
                                           NOC_OVERLAY_MSG_CLEAR_StreamId_0),
                            1);
        return TT_EXEC_DONE;
    case 1:
    case 5:
        /*
         * ZEROSRC: bit 2 NegativeInfSrcA (no effect on SrcB), bit 3
         * BothBanks, bit 4 WaitLikeUnpacr; bit 6, which the page's
         * diagram fixes to 0, is "set dvalid" in assembly.yaml.
         */
        return tt_unpack_clear(s, t, u, extract32(op, 4, 1),
                               extract32(op, 3, 1),
                               !u && extract32(op, 2, 1) ? TT_SRC_NEG_INF : 0,
                               extract32(op, 6, 1));
    case 2:
        return TT_EXEC_DONE;                    /* Nop */
    case 3:
        if (count == 0) {
            stream = u ? TT_CFG_THD(s, t, NOC_OVERLAY_MSG_CLEAR_StreamId_1)
                       : TT_CFG_THD(s, t, NOC_OVERLAY_MSG_CLEAR_StreamId_0);
        }
        tt_unpack_msg_clear(s, t, insn, "OverlayClear", stream, count);
        return TT_EXEC_DONE;
    case 4:
        tt_unpack_setreg(s, t, insn, u, extract32(op, 3, 1), count,
                         extract32(op, 22, 1), stream);
        return TT_EXEC_DONE;
    case 7:
        tt_unpack_set_dvalid(s, t, u);
        return TT_EXEC_DONE;
    default:
        qemu_log_mask(LOG_GUEST_ERROR, "tt-tensix: T%d: UNPACR_NOP mode 6 "
                      "(reserved, insn 0x%08x) ignored\n", t, insn);
        return TT_EXEC_DONE;
    }
}

/*
 * Blackhole (assembly.yaml): Unpack_Pop 0 UNP_POP, 1 UNP_CLR_SRC, 2
 * UNP_NOP, 3 UNP_POP+stream_id (bit 2 set: the "enhanced flavor", the
 * layout of Wormhole's SETREG with a 2-bit address select {22, 15}).
 */
static TTExec tt_unpacr_nop_bh(TTCoproc *s, int t, uint32_t insn)
{
    int u = FIELD_EX32(insn, BH_UNPACR_NOP, Unpacker_Select);
    uint32_t clr_val = FIELD_EX32(insn, BH_UNPACR_NOP, Src_ClrVal_Ctrl);
    uint32_t fmt = FIELD_EX32(insn, BH_UNPACR_NOP, Clr_to1_fmt_Ctrl);
    /* Set_Dvalid is bit 8 (the YAML); the field's bits 11:9 are unused */
    bool set_dvalid = FIELD_EX32(insn, BH_UNPACR_NOP, Set_Dvalid) & 1;
    uint32_t val;

    switch (FIELD_EX32(insn, BH_UNPACR_NOP, Unpack_Pop)) {
    case 0:
        tt_unpack_msg_clear(s, t, insn, "UNP_POP",
                            u ? TT_CFG_THD(s, t,
                                           NOC_OVERLAY_MSG_CLEAR_StreamId_1)
                              : TT_CFG_THD(s, t,
                                           NOC_OVERLAY_MSG_CLEAR_StreamId_0),
                            u ? TT_CFG_THD(s, t, NOC_OVERLAY_MSG_CLEAR_MsgNum_1)
                              : TT_CFG_THD(s, t,
                                           NOC_OVERLAY_MSG_CLEAR_MsgNum_0));
        return TT_EXEC_DONE;
    case 1:
        switch (clr_val) {
        case 0:
            val = 0;
            break;
        case 1:
            val = TT_SRC_NEG_INF;   /* SrcB too on Blackhole */
            break;
        case 2:
            if (fmt == 3) {
                /* "sets dvalid of Src Regs, but NOP in all other respects" */
                tt_unpack_set_dvalid(s, t, u);
                return TT_EXEC_DONE;
            }
            val = tt_unpack_one[fmt];
            break;
        default:
            val = (u ? TT_CFG_CFG_BH(s, t,
                                     UNP1_NOP_REG_CLR_VAL_nop_reg_clr_val)
                     : TT_CFG_CFG_BH(s, t,
                                     UNP0_NOP_REG_CLR_VAL_nop_reg_clr_val)) &
                  MAKE_64BIT_MASK(0, TT_SRC_BITS);
            break;
        }
        return tt_unpack_clear(s, t, u,
                               FIELD_EX32(insn, BH_UNPACR_NOP, Stall_Clr_Cntrl),
                               FIELD_EX32(insn, BH_UNPACR_NOP, Bank_Clr_Ctrl),
                               val, set_dvalid);
    case 2:
        return TT_EXEC_DONE;                    /* UNP_NOP */
    default:
        if (extract32(insn, 2, 1)) {
            tt_unpack_setreg(s, t, insn, u, extract32(insn, 3, 1),
                             extract32(insn, 4, 11),
                             extract32(insn, 22, 1) << 1 |
                             extract32(insn, 15, 1),
                             extract32(insn, 16, 6));
            return TT_EXEC_DONE;
        }
        tt_unpack_msg_clear(s, t, insn, "UNP_POP+stream_id",
                            extract32(FIELD_EX32(insn, BH_UNPACR_NOP,
                                                 Stream_Id), 0, 6),
                            extract32(FIELD_EX32(insn, BH_UNPACR_NOP,
                                                 Msg_Clr_Cnt), 0, 3));
        return TT_EXEC_DONE;
    }
}

TTExec tt_unpacr_nop(TTCoproc *s, int t, uint32_t insn)
{
    if (s->arch->id == TT_ARCH_WORMHOLE_B0) {
        return tt_unpacr_nop_wh(s, t, insn);
    }
    return tt_unpacr_nop_bh(s, t, insn);
}
