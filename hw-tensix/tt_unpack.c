/*
 * Tensix unpackers: UNPACR_NOP in all its forms, and UNPACR (below).
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
 * bank returns TT_EXEC_STALL, as the pages' "wait" loops.  Wormhole's
 * overlay message clear is the page's register write, through the tile's
 * address space; Blackhole's (no page) and the SETREG MMIO write (which
 * needs Unpackers.SetRegBase, not defined by TDMA-RISC.md) are logged
 * with -d unimp.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/bswap.h"
#include "migration/vmstate.h"
#include "tt_log.h"
#include "tt_unit.h"
#include "tt_unpack_fmt.h"

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

static void tt_unp_imply_cfg_fmt(TTCoproc *s, int t, int u);

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
        tt_src_touch(&s->src, u, bank);    /* may be the matrix unit's */
        for (int row = 0; row < TT_SRC_ROWS; row++) {
            for (int col = 0; col < TT_SRC_COLS; col++) {
                b->v[row][col] = val;
            }
        }
    }
    if (set_dvalid) {
        tt_unp_imply_cfg_fmt(s, t, u);
        tt_src_set_dvalid(s, t, 1u << u);
        tt_unit_changed(s);
    }
    return TT_EXEC_DONE;
}

/* UNPACR_NOP_SETDVALID.md: Unpackers[@u]'s bank goes to the matrix unit */
static void tt_unpack_set_dvalid(TTCoproc *s, int t, int u)
{
    tt_unp_imply_cfg_fmt(s, t, u);
    tt_src_set_dvalid(s, t, 1u << u);
    tt_unit_changed(s);
}

/*
 * Wormhole overlay stream registers: STREAM_REG_ADDR(stream, reg) =
 * 0xFFB40000 + stream * 0x1000 + reg * 4, STREAM_MSG_DATA_CLEAR_REG_INDEX
 * 22 (tt-metal wormhole noc_overlay_parameters.h)
 */
#define TT_UNP_WH_STREAM_REG(stream, reg) \
    (0xFFB40000u + (stream) * 0x1000u + (reg) * 4u)
#define TT_UNP_WH_MSG_DATA_CLEAR    22

/*
 * UNPACR_NOP_OverlayClear.md: NOC_STREAM_WRITE_REG(@stream,
 * STREAM_MSG_DATA_CLEAR_REG_INDEX, 1), a store to the tile's overlay
 * (what the overlay then does with it is the overlay's model).
 */
static void tt_unpack_overlay_clear(TTCoproc *s, uint32_t stream)
{
    address_space_stl_le(&s->tile_as,
                         TT_UNP_WH_STREAM_REG(stream,
                                              TT_UNP_WH_MSG_DATA_CLEAR),
                         1, MEMTXATTRS_UNSPECIFIED, NULL);
}

/*
 * Blackhole's message clears (assembly.yaml UNP_POP, UNP_POP+stream_id):
 * no page defines what they write, nor Blackhole's register index, so
 * they are logged
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
        count = 0;          /* the first syntax: ClearCount is 0 */
        /* fall through */
    case 3:
        if (count == 0) {
            stream = u ? TT_CFG_THD(s, t, NOC_OVERLAY_MSG_CLEAR_StreamId_1)
                       : TT_CFG_THD(s, t, NOC_OVERLAY_MSG_CLEAR_StreamId_0);
        }
        tt_unpack_overlay_clear(s, stream);
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
    case 4:
        tt_unpack_setreg(s, t, insn, u, extract32(op, 3, 1), count,
                         extract32(op, 22, 1), stream);
        return TT_EXEC_DONE;
    case 7:
        tt_unpack_set_dvalid(s, t, u);
        return TT_EXEC_DONE;
    default:
        tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: T%d: UNPACR_NOP mode 6 "
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

/* ====================================================================== */
/* UNPACR: UNPACR.md, UNPACR_Regular.md and its two other modes          */
/* ====================================================================== */

/*
 * Configuration.  THCON_SEC1 (unpacker 1) is THCON_SEC0 moved by a fixed
 * number of words; the per-context fields are evenly spaced.  Both facts
 * are checked at compile time (tt_unpack_cfg_checks), so that one
 * constant per field and per architecture is enough.
 */
#define TT_UNP_SEC_WH (TT_WH_CFG_THCON_SEC1_REG2_Out_data_format_ADDR32 - \
                       TT_WH_CFG_THCON_SEC0_REG2_Out_data_format_ADDR32)
#define TT_UNP_SEC_BH (TT_BH_CFG_THCON_SEC1_REG2_Out_data_format_ADDR32 - \
                       TT_BH_CFG_THCON_SEC0_REG2_Out_data_format_ADDR32)

#define TT_UNP_FIELD(s, st, u, A, NAME, dw, ds)                             \
    ((tt_cfg_read((s), (st), TT_##A##_CFG_THCON_SEC0_##NAME##_ADDR32 +      \
                  (u) * TT_UNP_SEC_##A + (dw)) >>                           \
      (TT_##A##_CFG_THCON_SEC0_##NAME##_SHAMT + (ds))) &                    \
     (TT_##A##_CFG_THCON_SEC0_##NAME##_MASK >>                              \
      TT_##A##_CFG_THCON_SEC0_##NAME##_SHAMT))

/*
 * ConfigState.THCON_SEC[@u].<NAME> with word offset @dw and bit offset
 * @ds (for the per-context fields), in Config[@st]
 */
#define TT_UNP_CFGX(s, st, u, NAME, dw, ds)                                 \
    ((s)->arch->id == TT_ARCH_WORMHOLE_B0 ?                                 \
     TT_UNP_FIELD(s, st, u, WH, NAME, dw, ds) :                             \
     TT_UNP_FIELD(s, st, u, BH, NAME, dw, ds))
#define TT_UNP_CFG(s, st, u, NAME) TT_UNP_CFGX(s, st, u, NAME, 0, 0)
/* The same for a Blackhole-only field */
#define TT_UNP_CFG_BH(s, st, u, NAME) TT_UNP_FIELD(s, st, u, BH, NAME, 0, 0)

/*
 * Blackhole: a bank handed over without UNPACR (UNPACR_NOP's SETDVALID)
 * gets THCON_SEC[@u].Out_data_format as its implied format, as
 * Tenstorrent's ttsim does (docs/decisions.md)
 */
static void tt_unp_imply_cfg_fmt(TTCoproc *s, int t, int u)
{
    tt_src_set_implied_fmt(s, u, TT_UNP_CFG(s, tt_cfg_state_id(s, t), u,
                                            REG2_Out_data_format));
}

/* ConfigState.UNP[@u].<NAME>, for thread @t */
#define TT_UNP_UNP(s, t, u, NAME)                                           \
    ((u) ? TT_CFG_CFG(s, t, UNP1_##NAME) : TT_CFG_CFG(s, t, UNP0_##NAME))

/* @B is @A moved by @dw words and @ds bits, on both architectures */
#define TT_UNP_SPACED(A, B, dw, ds)                                         \
    QEMU_BUILD_BUG_ON(TT_WH_CFG_##B##_ADDR32 != TT_WH_CFG_##A##_ADDR32 + (dw) \
                      || TT_WH_CFG_##B##_SHAMT != TT_WH_CFG_##A##_SHAMT + (ds) \
                      || TT_BH_CFG_##B##_ADDR32 !=                          \
                         TT_BH_CFG_##A##_ADDR32 + (dw)                      \
                      || TT_BH_CFG_##B##_SHAMT !=                           \
                         TT_BH_CFG_##A##_SHAMT + (ds))
#define TT_UNP_SEC1(NAME)                                                   \
    QEMU_BUILD_BUG_ON(TT_WH_CFG_THCON_SEC1_##NAME##_ADDR32 !=               \
                      TT_WH_CFG_THCON_SEC0_##NAME##_ADDR32 + TT_UNP_SEC_WH  \
                      || TT_BH_CFG_THCON_SEC1_##NAME##_ADDR32 !=            \
                      TT_BH_CFG_THCON_SEC0_##NAME##_ADDR32 + TT_UNP_SEC_BH)

static inline void tt_unpack_cfg_checks(void)
{
    TT_UNP_SEC1(REG1_Row_start_section_size);
    TT_UNP_SEC1(REG7_Offset_address);
    TT_UNP_SEC1(REG5_Tile_x_dim_cntx0);
    /* The TileDescriptor (4 words) opens THCON_SEC<n> */
    QEMU_BUILD_BUG_ON(TT_WH_CFG_THCON_SEC0_REG1_Row_start_section_size_ADDR32
                      != TT_WH_CFG_THCON_CFGREG_BASE_ADDR32 + 4);
    QEMU_BUILD_BUG_ON(TT_BH_CFG_THCON_SEC0_REG1_Row_start_section_size_ADDR32
                      != TT_BH_CFG_THCON_CFGREG_BASE_ADDR32 + 4);
    TT_UNP_SPACED(THCON_SEC0_REG2_Shift_amount_cntx0,
                  THCON_SEC0_REG2_Shift_amount_cntx1, 0, 4);
    TT_UNP_SPACED(THCON_SEC0_REG2_Disable_zero_compress_cntx0,
                  THCON_SEC0_REG2_Disable_zero_compress_cntx1, 0, 1);
    TT_UNP_SPACED(THCON_SEC0_REG2_Disable_zero_compress_cntx0,
                  THCON_SEC0_REG2_Disable_zero_compress_cntx4, 0, 16);
    TT_UNP_SPACED(THCON_SEC0_REG2_Unpack_if_sel_cntx0,
                  THCON_SEC0_REG2_Unpack_if_sel_cntx1, 0, 1);
    TT_UNP_SPACED(THCON_SEC0_REG2_Unpack_if_sel_cntx0,
                  THCON_SEC0_REG2_Unpack_if_sel_cntx4, 0, 16);
    TT_UNP_SPACED(THCON_SEC0_REG3_Base_address,
                  THCON_SEC0_REG3_Base_cntx1_address, 1, 0);
    TT_UNP_SPACED(THCON_SEC0_REG3_Base_address,
                  THCON_SEC0_REG4_Base_cntx4_address, 4, 0);
    TT_UNP_SPACED(THCON_SEC0_REG5_Dest_cntx0_address,
                  THCON_SEC0_REG5_Dest_cntx1_address, 0, 16);
    TT_UNP_SPACED(THCON_SEC0_REG5_Dest_cntx0_address,
                  THCON_SEC0_REG5_Dest_cntx2_address, 1, 0);
    TT_UNP_SPACED(THCON_SEC0_REG5_Tile_x_dim_cntx0,
                  THCON_SEC0_REG5_Tile_x_dim_cntx1, 0, 16);
    TT_UNP_SPACED(THCON_SEC0_REG5_Tile_x_dim_cntx0,
                  THCON_SEC0_REG5_Tile_x_dim_cntx2, 1, 0);
    TT_UNP_SPACED(THCON_SEC0_REG7_Offset_address,
                  THCON_SEC0_REG7_Offset_cntx1_address, 1, 0);
    TT_UNP_SPACED(THCON_SEC0_REG7_Unpack_data_format_cntx0,
                  THCON_SEC0_REG7_Unpack_data_format_cntx1, 1, 0);
    TT_UNP_SPACED(THCON_SEC0_REG7_Unpack_data_format_cntx0,
                  THCON_SEC0_REG7_Unpack_data_format_cntx4, 0, 8);
    TT_UNP_SPACED(THCON_SEC0_REG7_Unpack_out_data_format_cntx0,
                  THCON_SEC0_REG7_Unpack_out_data_format_cntx1, 1, 0);
    TT_UNP_SPACED(THCON_SEC0_REG7_Unpack_out_data_format_cntx0,
                  THCON_SEC0_REG7_Unpack_out_data_format_cntx4, 0, 8);
}

/* What the conversion of one datum does (FormatConversion()) */
typedef enum TTUnpConv {
    TT_UNP_CV_FP32_TF32,        /* FP32 -> TF32 into Src */
    TT_UNP_CV_FP32_DST,         /* WriteDstFP32 (FP32, TF32, INT32) */
    TT_UNP_CV_FP32_BF16,
    TT_UNP_CV_FP32_FP16,
    TT_UNP_CV_BF16,
    TT_UNP_CV_FP16,
    TT_UNP_CV_FP8,              /* E5M2 */
    TT_UNP_CV_FP8_BH,           /* E5M2, Blackhole's all-ones pattern */
    TT_UNP_CV_FP8_E4M3,         /* Blackhole Unp_LF8_4b_exp */
    TT_UNP_CV_BFP,              /* BFP8/4/2 (shift 0/4/6) -> BF16 */
    TT_UNP_CV_BFPA,             /* BFP8a/4a/2a -> FP16 */
    TT_UNP_CV_INT8,
    TT_UNP_CV_INT16,
} TTUnpConv;

/* Everything one UNPACR works out before it moves datums */
typedef struct TTUnpJob {
    int t, u;
    bool to_dst, dst32, transpose, ovrd, all_zero, uncompressed, bfp;
    bool force_exp, interleave;
    TTUnpConv cv;
    unsigned cv_shift;          /* BFP datums: << 0, 4 or 6 to 8 bits */
    bool is_unsigned;           /* INT8 means UINT8 */
    unsigned dbits;             /* datum size in bits */
    uint8_t shared_exp;
    unsigned col_shift, upsample_zeroes;
    uint32_t src_row;           /* Unpackers[u].SrcRow[t] */
    int64_t limit, fifo;        /* WrapAddr: bytes */
    int64_t dat;                /* InAddr_Datums, in bits */
    int64_t exp16;              /* InAddr_Exponents, in 1/16 bytes */
    int64_t del;                /* InAddr_Deltas, in bits */
    uint64_t row_stride_bits;
    unsigned row_width;         /* datums read before RowStride applies */
    bool bh;                    /* Blackhole */
    uint64_t num;               /* InputNumDatums */
    uint64_t dnum;              /* DecompressNumDatums */
    uint64_t drop;              /* DecompressDrop */
    uint32_t out;               /* OutAddr */
    /* UndefinedBehaviour() met while moving, logged once at the end */
    bool bad_l1, bad_row, bad_exp;
} TTUnpJob;

/* WrapAddr(@v), @v an address in units of 1/@scale bytes */
static int64_t tt_unp_wrap(const TTUnpJob *j, int64_t v, int scale)
{
    if (v > j->limit * scale) {
        v -= j->fifo * scale;
    }
    return v;
}

/* ReadL1Bytes(@bits / 8, @n / 8): @n is 2, 4, 8, 16 or 32 */
static uint32_t tt_unp_read(TTCoproc *s, TTUnpJob *j, int64_t bits,
                            unsigned n)
{
    unsigned len = n >= 8 ? n / 8 : 1;
    const uint8_t *p;

    p = bits < 0 ? NULL : tt_unit_l1(s, bits >> 3, len);
    if (!p) {
        j->bad_l1 = true;
        return 0;
    }
    switch (n) {
    case 32:
        return ldl_le_p(p);
    case 16:
        return lduw_le_p(p);
    case 8:
        return *p;
    default:
        return (*p >> (bits & 7)) & ((1u << n) - 1);
    }
}

/*
 * FormatConversion() of @n datums @in (exponents @exp) into @out: the
 * 19-bit Src datum, or the 16/32-bit Dst datum.  One switch, then a plain
 * loop per conversion.
 */
static void tt_unp_convert(TTUnpJob *j, const uint32_t *in,
                           const uint8_t *exp, uint32_t *out, int n)
{
    bool dst = j->to_dst;
    unsigned sh = j->cv_shift;
    bool bad = false;
    int i;

    switch (j->cv) {
    case TT_UNP_CV_FP32_TF32:
        for (i = 0; i < n; i++) {
            out[i] = tt_unp_src_tf32(in[i] >> 13);
        }
        return;
    case TT_UNP_CV_FP32_DST:
        for (i = 0; i < n; i++) {
            out[i] = tt_unp_dst_fp32(in[i]);
        }
        return;
    case TT_UNP_CV_FP32_BF16:
        for (i = 0; i < n; i++) {
            uint32_t x = tt_unp_fp32_to_bf16(in[i]);

            out[i] = dst ? tt_unp_dst_bf16(x) : tt_unp_src_bf16(x);
        }
        return;
    case TT_UNP_CV_FP32_FP16:
        for (i = 0; i < n; i++) {
            uint32_t x = tt_unp_fp32_to_fp16(in[i]);

            out[i] = dst ? tt_unp_dst_fp16(x) : tt_unp_src_fp16(x);
        }
        return;
    case TT_UNP_CV_BF16:
        if (dst) {
            for (i = 0; i < n; i++) {
                out[i] = tt_unp_dst_bf16(in[i]);
            }
        } else {
            for (i = 0; i < n; i++) {
                out[i] = tt_unp_src_bf16(in[i]);
            }
        }
        return;
    case TT_UNP_CV_FP16:
    case TT_UNP_CV_FP8:
        sh = j->cv == TT_UNP_CV_FP8 ? 8 : 0;
        if (dst) {
            for (i = 0; i < n; i++) {
                out[i] = tt_unp_dst_fp16(in[i] << sh);
            }
        } else {
            for (i = 0; i < n; i++) {
                out[i] = tt_unp_src_fp16(in[i] << sh);
            }
        }
        return;
    case TT_UNP_CV_FP8_E4M3:
        for (i = 0; i < n; i++) {
            uint32_t x = tt_unp_e4m3_to_fp16(in[i]);

            out[i] = dst ? tt_unp_dst_fp16(x) : tt_unp_src_fp16(x);
        }
        return;
    case TT_UNP_CV_FP8_BH:
        for (i = 0; i < n; i++) {
            uint32_t x = tt_unp_e5m2_bh_to_fp16(in[i]);

            out[i] = dst ? tt_unp_dst_fp16(x) : tt_unp_src_fp16(x);
        }
        return;
    case TT_UNP_CV_BFP:
        for (i = 0; i < n; i++) {
            uint32_t x = tt_unp_bfp8_to_bf16(in[i] << sh, exp[i]);

            out[i] = dst ? tt_unp_dst_bf16(x) : tt_unp_src_bf16(x);
        }
        return;
    case TT_UNP_CV_BFPA:
        for (i = 0; i < n; i++) {
            uint32_t x = tt_unp_bfp8a_to_fp16(in[i] << sh, exp[i], &bad);

            out[i] = dst ? tt_unp_dst_fp16(x) : tt_unp_src_fp16(x);
        }
        j->bad_exp |= bad;
        return;
    case TT_UNP_CV_INT8:
        for (i = 0; i < n; i++) {
            uint32_t x = tt_unp_int8_to_fp16(in[i], j->is_unsigned);

            out[i] = dst ? tt_unp_dst_fp16(x) : tt_unp_src_fp16(x);
        }
        return;
    case TT_UNP_CV_INT16:
        for (i = 0; i < n; i++) {
            out[i] = dst ? in[i] : tt_unp_src_int16(in[i]);
        }
        return;
    }
}

/* Datum size in bits of format @f (the page's DatumSizeBytes * 8) */
static unsigned tt_unp_datum_bits(unsigned f)
{
    switch (f) {
    case TT_DF_BFP2:
    case TT_DF_BFP2A:
        return 2;
    case TT_DF_BFP4:
    case TT_DF_BFP4A:
        return 4;
    case TT_DF_FP16:
    case TT_DF_BF16:
    case TT_DF_INT16:
        return 16;
    case TT_DF_FP32:
    case TT_DF_TF32:
    case TT_DF_INT32:
        return 32;
    default:
        return 8;       /* BFP8, BFP8a, FP8, INT8; 12 and 13 (reserved) */
    }
}

static bool tt_unp_is_bfp(unsigned f)
{
    return f == TT_DF_BFP8 || f == TT_DF_BFP4 || f == TT_DF_BFP2 ||
           f == TT_DF_BFP8A || f == TT_DF_BFP4A || f == TT_DF_BFP2A;
}

static bool tt_unp_is_32b(unsigned f)
{
    return f == TT_DF_FP32 || f == TT_DF_TF32 || f == TT_DF_INT32;
}

/* The 16-bit register families: what the Src / Dst datum holds */
static bool tt_unp_is_bf16_family(unsigned f)
{
    return f == TT_DF_BF16 || f == TT_DF_TF32 || f == TT_DF_BFP8 ||
           f == TT_DF_BFP4 || f == TT_DF_BFP2;
}

static bool tt_unp_is_fp16_family(unsigned f)
{
    return f == TT_DF_FP16 || f == TT_DF_FP8 || f == TT_DF_BFP8A ||
           f == TT_DF_BFP4A || f == TT_DF_BFP2A;
}

/*
 * Choose the conversion of FormatConversion(@in, @out).  Pairs the page
 * calls UndefinedBehaviour() are given a defined conversion; *@ub is set
 * for those that are not a same-layout pair (docs/units/unpack.md).
 */
static void tt_unp_pick_conversion(TTCoproc *s, TTUnpJob *j, int st,
                                   unsigned in, unsigned out, bool *ub)
{
    bool dst = j->to_dst;

    *ub = false;
    j->cv_shift = 0;
    if (in == TT_DF_TF32 && !dst) {
        /* TF32 is not an input format for Src: read it as FP32 */
        *ub = true;
        in = TT_DF_FP32;
    }
    if (in == TT_DF_FP32) {
        if (out == TT_DF_FP32 || out == TT_DF_TF32 || out == TT_DF_INT32) {
            *ub = *ub || (out != TT_DF_TF32 && !dst);
            j->cv = dst ? TT_UNP_CV_FP32_DST : TT_UNP_CV_FP32_TF32;
        } else if (tt_unp_is_fp16_family(out)) {
            *ub = *ub || out != TT_DF_FP16;
            j->cv = TT_UNP_CV_FP32_FP16;
        } else {
            *ub = *ub || out != TT_DF_BF16;
            j->cv = TT_UNP_CV_FP32_BF16;
        }
        return;
    }
    /*
     * One conversion per input format; OutDataFormat "must be equal".
     * Another format of the same register layout (BF16 out of BFP8, TF32
     * out of BF16, FP16 out of FP8, as tt-llk programs) is accepted.
     */
    if (in != out &&
        !(tt_unp_is_bf16_family(in) && tt_unp_is_bf16_family(out)) &&
        !(tt_unp_is_fp16_family(in) && tt_unp_is_fp16_family(out))) {
        *ub = true;
    }
    switch (in) {
    case TT_DF_FP16:
        j->cv = TT_UNP_CV_FP16;
        break;
    case TT_DF_FP8:
        if (s->arch->id != TT_ARCH_BLACKHOLE) {
            j->cv = TT_UNP_CV_FP8;
        } else if (TT_UNP_CFG_BH(s, st, j->u, REG1_Unp_LF8_4b_exp)) {
            j->cv = TT_UNP_CV_FP8_E4M3;
        } else {
            j->cv = TT_UNP_CV_FP8_BH;
        }
        break;
    case TT_DF_BF16:
        j->cv = TT_UNP_CV_BF16;
        break;
    case TT_DF_BFP8:
    case TT_DF_BFP4:
    case TT_DF_BFP2:
        j->cv = TT_UNP_CV_BFP;
        j->cv_shift = in == TT_DF_BFP8 ? 0 : in == TT_DF_BFP4 ? 4 : 6;
        break;
    case TT_DF_BFP8A:
    case TT_DF_BFP4A:
    case TT_DF_BFP2A:
        j->cv = TT_UNP_CV_BFPA;
        j->cv_shift = in == TT_DF_BFP8A ? 0 : in == TT_DF_BFP4A ? 4 : 6;
        break;
    case TT_DF_INT16:
        j->cv = TT_UNP_CV_INT16;
        break;
    case TT_DF_TF32:                    /* into Dst: TF32 means FP32 */
    case TT_DF_INT32:
        /* Not possible into Src: moved as FP32 -> TF32 */
        *ub = *ub || !dst;
        j->cv = dst ? TT_UNP_CV_FP32_DST : TT_UNP_CV_FP32_TF32;
        break;
    default:
        /* INT8; the reserved codes 12 and 13 are read as INT8 */
        *ub = *ub || in != TT_DF_INT8;
        j->cv = TT_UNP_CV_INT8;
        j->is_unsigned = j->u ?
            TT_CFG_CFG(s, j->t, ALU_FORMAT_SPEC_REG0_SrcBUnsigned) :
            TT_CFG_CFG(s, j->t, ALU_FORMAT_SPEC_REG0_SrcAUnsigned);
        break;
    }
}

/*
 * The Src datum that position @out writes, or NULL if the model's write
 * loop skips it (SrcA rows 0..3, columns below ColShift, undefined rows).
 */
static uint32_t *tt_unp_src_slot(TTCoproc *s, TTUnpJob *j, uint32_t out)
{
    unsigned row = out / 16, col = out & 15;
    TTSrcRegs *r = &s->src;

    if (j->u == 1) {
        row = (row + j->src_row) & 0x3f;
        return &r->b[r->unp_bank[1]].v[row][col];
    }
    if (row < 4 || col < j->col_shift) {
        return NULL;
    }
    row -= 4;
    col -= j->col_shift;
    if (j->ovrd) {
        if (row >= TT_SRC_ROWS && j->bh) {
            row &= TT_SRC_ROWS - 1;     /* Blackhole wraps (ttsim) */
        } else if (row >= TT_SRC_ROWS) {
            j->bad_row = true;
            return NULL;
        }
    } else {
        if (row >= 16) {
            j->bad_row = true;
            return NULL;
        }
        row += j->src_row;
    }
    if (j->transpose) {
        unsigned low = row & 0xf;

        row = (row & ~0xfu) | col;
        col = low;
    }
    if (row >= TT_SRC_ROWS) {
        j->bad_row = true;
        return NULL;
    }
    return &r->a[r->unp_bank[0]].v[row][col];
}

/* Dst row of datum position @out (the page's Row -= 4, masked) */
static unsigned tt_unp_dst_row(const TTUnpJob *j, uint32_t out)
{
    unsigned row = out / 16 - 4;

    return row & (j->ovrd ? 15 : TT_DST_ROW_MASK);
}

/* Write @datum to position @out (the body of the page's k loop) */
static void tt_unp_write(TTCoproc *s, TTUnpJob *j, uint32_t out,
                         uint32_t datum)
{
    uint32_t *slot;

    if (j->to_dst) {
        if (j->dst32) {
            tt_dst_write32(s, j->t, tt_unp_dst_row(j, out), out & 15, datum);
        } else {
            tt_dst_write16(s, j->t, tt_unp_dst_row(j, out), out & 15, datum);
        }
        return;
    }
    slot = tt_unp_src_slot(s, j, out);
    if (slot) {
        *slot = datum & MAKE_64BIT_MASK(0, TT_SRC_BITS);
    }
}

/*
 * The page's main loop, datum by datum: every feature (decompression,
 * upsampling, column shift, transpose, unaligned starts).
 */
static void tt_unp_move_slow(TTCoproc *s, TTUnpJob *j)
{
    uint64_t i = 0;

    while (i < j->num && j->dnum) {
        uint32_t bits, datum;
        uint8_t exp = 0;
        unsigned zeroes = 0;

        bits = tt_unp_read(s, j, j->dat, j->dbits);
        j->dat += j->dbits;
        if ((++i % j->row_width) == 0) {
            j->dat -= j->row_width * j->dbits;
            j->dat += j->row_stride_bits;
            j->dat = tt_unp_wrap(j, j->dat, 8);
        }
        if (j->bfp) {
            if (j->force_exp) {
                exp = j->shared_exp;
            } else {
                exp = tt_unp_read(s, j, (j->exp16 >> 4) * 8, 8);
                j->exp16++;
                if (j->exp16 % 256 == 0) {
                    j->exp16 = tt_unp_wrap(j, j->exp16, 16);
                }
            }
        }
        if (!j->uncompressed) {
            zeroes = tt_unp_read(s, j, j->del, 4);
            j->del += 4;
            if (j->del % 128 == 0) {
                j->dat += 128;                  /* skip over 32 deltas */
                j->del += 32 * j->dbits;        /* skip over 32 datums */
                j->del = tt_unp_wrap(j, j->del, 8);
            }
        }
        tt_unp_convert(j, &bits, &exp, &datum, 1);
        if (j->all_zero) {
            datum = 0;
            zeroes = 0;
        }
        for (unsigned z = 0; z <= zeroes; z++, datum = 0) {
            if (j->drop) {
                j->drop--;
                continue;
            }
            for (unsigned k = 0; k <= j->upsample_zeroes;
                 k++, datum = 0, j->out++) {
                if (j->interleave && k != 0) {
                    continue;
                }
                tt_unp_write(s, j, j->out, datum);
            }
            if (--j->dnum == 0) {
                break;
            }
        }
    }
}

/*
 * The common case, 16 datums (one output row) at a time: uncompressed, no
 * upsampling, no column shift or transpose, output starting a row, a
 * whole number of rows, whole-byte datum groups and (BFP) one exponent
 * per group.  Each step is the slow loop's, applied per group: the same
 * reads, the same WrapAddr points, the same conversion and row rules.
 */
static bool tt_unp_fast_ok(const TTUnpJob *j)
{
    return j->uncompressed && !j->upsample_zeroes && !j->col_shift &&
           !j->transpose && !(j->out & 15) && !(j->num & 15) &&
           !(j->dat & 7) && (!j->bfp || j->force_exp || !(j->exp16 & 15));
}

static void tt_unp_move_fast(TTCoproc *s, TTUnpJob *j)
{
    uint32_t in[16], val[16];
    uint8_t exp[16];
    unsigned group_bytes = 2 * j->dbits;

    for (uint64_t g = 0; g < j->num / 16; g++, j->out += 16) {
        const uint8_t *p = j->dat < 0 ? NULL :
                           tt_unit_l1(s, j->dat >> 3, group_bytes);
        uint8_t e = j->shared_exp;
        int i;

        if (!p) {
            for (i = 0; i < 16; i++) {
                in[i] = tt_unp_read(s, j, j->dat + i * j->dbits, j->dbits);
            }
        } else {
            switch (j->dbits) {
            case 32:
                for (i = 0; i < 16; i++) {
                    in[i] = ldl_le_p(p + 4 * i);
                }
                break;
            case 16:
                for (i = 0; i < 16; i++) {
                    in[i] = lduw_le_p(p + 2 * i);
                }
                break;
            case 8:
                for (i = 0; i < 16; i++) {
                    in[i] = p[i];
                }
                break;
            case 4:
                for (i = 0; i < 16; i++) {
                    in[i] = (p[i / 2] >> (4 * (i & 1))) & 0xf;
                }
                break;
            default:
                for (i = 0; i < 16; i++) {
                    in[i] = (p[i / 4] >> (2 * (i & 3))) & 3;
                }
                break;
            }
        }
        if (j->row_width == 16 || (g & 1)) {
            /* a row read: RowStride from its start */
            j->dat = tt_unp_wrap(j, j->dat + j->row_stride_bits -
                                 (j->row_width - 16) * j->dbits, 8);
        } else {
            j->dat += 16 * j->dbits;    /* first half of a 32-datum row */
        }
        if (j->bfp && !j->force_exp) {
            e = tt_unp_read(s, j, (j->exp16 >> 4) * 8, 8);
            j->exp16 += 16;
            if (j->exp16 % 256 == 0) {
                j->exp16 = tt_unp_wrap(j, j->exp16, 16);
            }
        }
        for (i = 0; i < 16; i++) {
            exp[i] = e;
        }
        if (j->all_zero) {
            memset(val, 0, sizeof(val));
        } else {
            tt_unp_convert(j, in, exp, val, 16);
        }

        if (j->to_dst) {
            unsigned row = tt_unp_dst_row(j, j->out);
            TTDstRegs *d = &s->dst;
            unsigned p16;

            if (j->dst32) {
                p16 = tt_dst_adj32(s, j->t, row);
                d->row_valid[p16] = 1;
                for (i = 0; i < 16; i++) {
                    d->bits[p16][i] = val[i] >> 16;
                    d->bits[p16 + 8][i] = val[i];
                }
            } else {
                p16 = tt_dst_adj16(s, j->t, row);
                d->row_valid[p16] = 1;
                for (i = 0; i < 16; i++) {
                    d->bits[p16][i] = val[i];
                }
            }
        } else {
            uint32_t *slot = tt_unp_src_slot(s, j, j->out);

            if (slot) {
                for (i = 0; i < 16; i++) {
                    slot[i] = val[i] & MAKE_64BIT_MASK(0, TT_SRC_BITS);
                }
            }
        }
    }
}

static void tt_unp_guest_error(int t, uint32_t insn, const char *what)
{
    tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: T%d: UNPACR (insn 0x%08x): "
                "%s (undefined behaviour)\n", t, insn, what);
}

/* Nibble @i of a uint4_t[8] held in 32 bits (BlobsYStart) */
static unsigned tt_unp_nibble(uint32_t v, unsigned i)
{
    return (v >> (4 * i)) & 0xf;
}

/* uint16_t at L1 byte @addr (the row start index array) */
static uint32_t tt_unp_read16(TTCoproc *s, TTUnpJob *j, int64_t addr)
{
    return tt_unp_read(s, j, addr * 8, 16);
}

/* ThreadConfig[t].UNPACK_MISC_CFG_CfgContextOffset[u] */
static unsigned tt_unp_ctx_offset(TTCoproc *s, int t, int u)
{
    return u ? TT_CFG_THD(s, t, UNPACK_MISC_CFG_CfgContextOffset_1)
             : TT_CFG_THD(s, t, UNPACK_MISC_CFG_CfgContextOffset_0);
}

/* Context_count's wrap: CurrentUnpacker.ContextCounter[t] = ctx + 1 */
static void tt_unp_count_context(TTCoproc *s, int t, int u, int st,
                                 unsigned ctx)
{
    unsigned inc = (ctx + 1) & (TT_UNPACK_CONTEXTS - 1);

    if (s->arch->id == TT_ARCH_BLACKHOLE &&
        TT_UNP_CFG_BH(s, st, u, REG2_Context_count_non_log2_en)) {
        tt_log_mask(LOG_UNIMP, "tt-tensix: T%d: UNPACR: THCON_SEC%d "
                    "Context_count_non_log2_en (undocumented) ignored\n",
                    t, u);
    }
    if (inc >= (1u << TT_UNP_CFG(s, st, u, REG2_Context_count))) {
        inc = 0;
    }
    s->unpack.ctx_counter[u][t] = inc;
}

/* UNPACR_Regular.md, phase by phase */
static TTExec tt_unpacr_regular(TTCoproc *s, int t, uint32_t insn)
{
    bool wh = s->arch->id == TT_ARCH_WORMHOLE_B0;
    int u = wh ? FIELD_EX32(insn, WH_UNPACR, Unpack_block_selection)
               : FIELD_EX32(insn, BH_UNPACR, Unpack_block_selection);
    uint32_t incs = wh ? FIELD_EX32(insn, WH_UNPACR, AddrMode)
                       : FIELD_EX32(insn, BH_UNPACR, AddrMode);
    unsigned ctx_num = wh ? FIELD_EX32(insn, WH_UNPACR, CfgContextId)
                          : FIELD_EX32(insn, BH_UNPACR, CfgContextId);
    unsigned ctx_adc = wh ? FIELD_EX32(insn, WH_UNPACR, AddrCntContextId)
                          : FIELD_EX32(insn, BH_UNPACR, AddrCntContextId);
    bool multi = wh ? FIELD_EX32(insn, WH_UNPACR, OvrdThreadId)
                    : FIELD_EX32(insn, BH_UNPACR, OvrdThreadId);
    bool flip = wh ? FIELD_EX32(insn, WH_UNPACR, SetDatValid)
                   : FIELD_EX32(insn, BH_UNPACR, SetDatValid);
    bool use_counter = wh ? FIELD_EX32(insn, WH_UNPACR, AutoIncContextID)
                          : FIELD_EX32(insn, BH_UNPACR, AutoIncContextID);
    bool row_search = wh ? FIELD_EX32(insn, WH_UNPACR, RowSearch)
                         : FIELD_EX32(insn, BH_UNPACR, RowSearch);
    int st = tt_cfg_state_id(s, t);
    TTUnpJob job = { .t = t, .u = u }, *j = &job;
    unsigned ctx, adc_read, adc_inc, in_fmt, out_fmt, blobs;
    uint32_t td[4], xdim, ydim, zdim, wdim, base_reg;
    TTAdcChannel *xy, *zw, *ch1_adc, *ch1_out;
    uint64_t first;
    int64_t in_addr, row_start = 0, exp_bytes = 0;
    bool ub;

    tt_unpack_cfg_checks();
    j->all_zero = wh ? FIELD_EX32(insn, WH_UNPACR, ZeroWrite2)
                     : FIELD_EX32(insn, BH_UNPACR, ZeroWrite2);
    if (extract32(insn, 5, 1)) {
        tt_unimp_insn(s, t, insn, wh ? "rareb_en (SrcB rarefy) ignored"
                                     : "srcb_bcast (SrcB row broadcast) "
                                       "ignored");
    }

    /* Context and ADC selection */
    if (multi) {
        ctx = use_counter ? s->unpack.ctx_counter[u][t] : ctx_num;
        ctx = (ctx + tt_unp_ctx_offset(s, t, u)) & (TT_UNPACK_CONTEXTS - 1);
        adc_read = adc_inc = ctx_adc;
        if (u == 1 && ctx >= 2) {
            tt_unp_guest_error(t, insn, "unpacker 1 with a context above 1; "
                               "its configuration is used all the same");
        }
        if (ctx_adc == 3) {
            tt_unp_guest_error(t, insn, "ContextADC 3: ADCs[CurrentThread] "
                               "read");
            adc_read = t;
        }
    } else {
        ctx = 0;
        adc_read = adc_inc = t;
    }

    /* The tile descriptor and the formats */
    for (int i = 0; i < 4; i++) {
        td[i] = tt_cfg_read(s, st, (wh ? TT_WH_CFG_THCON_CFGREG_BASE_ADDR32 +
                                         u * TT_UNP_SEC_WH :
                                         TT_BH_CFG_THCON_CFGREG_BASE_ADDR32 +
                                         u * TT_UNP_SEC_BH) + i);
    }
    if (multi) {
        j->uncompressed = TT_UNP_CFGX(s, st, u,
                                      REG2_Disable_zero_compress_cntx0, 0,
                                      (ctx & 3) + (ctx >= 4 ? 16 : 0));
    } else {
        j->uncompressed = extract32(td[0], 4, 1);
    }
    if (multi && u == 0) {
        xdim = TT_UNP_CFGX(s, st, u, REG5_Tile_x_dim_cntx0, (ctx & 3) / 2,
                           16 * (ctx & 1));
    } else {
        xdim = extract32(td[0], 16, 16);
    }
    ydim = extract32(td[1], 0, 8);
    zdim = extract32(td[1], 16, 8) ?: 1;
    wdim = extract32(td[2], 0, 8) ?: 1;
    blobs = extract32(td[0], 8, 3);
    if (multi && TT_UNP_CFG(s, st, u, REG2_Ovrd_data_format)) {
        in_fmt = TT_UNP_CFGX(s, st, u, REG7_Unpack_data_format_cntx0,
                             ctx & 3, ctx >= 4 ? 8 : 0);
        out_fmt = TT_UNP_CFGX(s, st, u, REG7_Unpack_out_data_format_cntx0,
                              ctx & 3, ctx >= 4 ? 8 : 0);
    } else {
        in_fmt = extract32(td[0], 0, 4);
        out_fmt = TT_UNP_CFG(s, st, u, REG2_Out_data_format);
    }
    j->dbits = tt_unp_datum_bits(in_fmt);
    j->bfp = tt_unp_is_bfp(in_fmt);
    j->force_exp = TT_UNP_CFG(s, st, u, REG2_Force_shared_exp);
    j->shared_exp = TT_UNP_UNP(s, t, u, FORCED_SHARED_EXP_shared_exp);

    /* Input addresses (16-byte units, then bytes) */
    if (multi && ctx != 0) {
        in_addr = (int64_t)TT_UNP_CFGX(s, st, u, REG3_Base_address, ctx, 0) +
                  TT_UNP_CFGX(s, st, u, REG7_Offset_address, ctx & 3, 0);
    } else {
        in_addr = (int64_t)TT_UNP_CFG(s, st, u, REG3_Base_address) +
                  TT_UNP_CFG(s, st, u, REG7_Offset_address);
    }
    in_addr = (in_addr + 1 + extract32(td[3], 24, 8)) * 16;
    if (!j->uncompressed) {
        uint64_t n = blobs ? (uint64_t)blobs * zdim * wdim
                           : (uint64_t)ydim * zdim * wdim;

        row_start = in_addr;
        in_addr += ROUND_UP((n + 1) * 2, 16);
    }
    if (j->bfp && !j->force_exp) {
        exp_bytes = in_addr;
        if (in_fmt == TT_DF_BFP8 || in_fmt == TT_DF_BFP8A ||
            !extract32(td[0], 5, 1)) {
            uint64_t n = (uint64_t)xdim * ydim * zdim * wdim;

            in_addr += ROUND_UP(DIV_ROUND_UP(n, 16), 16);
        }
    }

    /* FirstDatum and the datum count, from the ADCs */
    xy = tt_adc_channel(s, adc_read, u, 0);
    ch1_adc = tt_adc_channel(s, adc_read, u, 1);
    zw = tt_adc_channel(s, t, u, 0);
    j->dnum = UINT32_MAX;
    if (j->uncompressed) {
        uint32_t xpos, ypos, xend;

        if (!row_search) {
            xpos = xy->val[TT_ADC_X];
            ypos = xy->val[TT_ADC_Y];
            xend = ch1_adc->val[TT_ADC_X] + 1;
        } else if (blobs) {
            uint32_t ys;
            unsigned x71 = (xy->val[TT_ADC_X] & 7) + 1;

            if (multi && u == 0) {
                ys = (ctx & 2) ?
                    TT_CFG_CFG(s, t, UNP0_BLOBS_Y_START_CNTX_23_blobs_y_start) :
                    TT_CFG_CFG(s, t, UNP0_BLOBS_Y_START_CNTX_01_blobs_y_start);
            } else {
                ys = extract32(td[2], 16, 16) | extract32(td[3], 0, 16) << 16;
            }
            xpos = tt_unp_nibble(ys, xy->val[TT_ADC_Y] & 7) << 4;
            ypos = 0;
            if (x71 == blobs) {
                xend = xdim & 0x1f0;
            } else if (x71 < 8) {
                xend = tt_unp_nibble(ys, x71) << 4;
            } else {
                tt_unp_guest_error(t, insn, "RowSearch past BlobsYStart[7]; "
                                   "XEnd 0");
                xend = 0;
            }
        } else {
            xpos = 0;
            ypos = xy->val[TT_ADC_Y];
            xend = ch1_adc->val[TT_ADC_X];
        }
        first = (((uint64_t)zw->val[TT_ADC_W] * zdim + zw->val[TT_ADC_Z]) *
                 ydim + ypos) * xdim + xpos;
        if (xend < xpos) {
            tt_unp_guest_error(t, insn, "XEnd below XPos; no datums");
            j->num = 0;
        } else {
            j->num = xend - xpos;
        }
    } else {
        uint32_t y = xy->val[TT_ADC_Y] & 0xff, x = xy->val[TT_ADC_X];
        uint32_t rows = row_search && blobs ? blobs : ydim;
        uint32_t end;

        row_start += 2 * (((uint64_t)zw->val[TT_ADC_W] * zdim +
                           zw->val[TT_ADC_Z]) * rows);
        first = tt_unp_read16(s, j, row_start + 2 * y);
        if (row_search || (x == 0 && ch1_adc->val[TT_ADC_X] == xdim - 1)) {
            end = tt_unp_read16(s, j, row_start +
                                2 * ((row_search ? x & 0xff : y) + 1));
            if (end < first) {
                tt_unp_guest_error(t, insn, "row start indices decrease; "
                                   "no datums");
                j->num = 0;
            } else {
                j->num = end - first;
            }
        } else {
            j->drop = x;
            j->num = UINT32_MAX;
            if (ch1_adc->val[TT_ADC_X] + 1 < x) {
                tt_unp_guest_error(t, insn, "DecompressDrop beyond the "
                                   "range; no datums");
                j->dnum = 0;
            } else {
                j->dnum = ch1_adc->val[TT_ADC_X] + 1 - x;
            }
        }
    }

    /* Datum, exponent and delta addresses, wrapped once */
    j->exp16 = exp_bytes * 16 + first;
    if (j->uncompressed) {
        j->dat = in_addr * 8 + first * j->dbits;
    } else {
        j->dat = in_addr * 8 + (first / 32) * (32 * j->dbits + 32 * 4);
        j->del = j->dat + 32 * j->dbits;
        j->dat += (first % 32) * j->dbits;
        j->del += (first % 32) * 4;
    }
    j->limit = (int64_t)TT_UNP_CFG(s, st, u, REG2_Unpack_limit_address) * 16;
    j->fifo = (int64_t)TT_UNP_CFG(s, st, u, REG2_Unpack_fifo_size) * 16;
    j->exp16 = tt_unp_wrap(j, j->exp16, 16);
    j->dat = tt_unp_wrap(j, j->dat, 8);
    j->del = tt_unp_wrap(j, j->del, 8);
    /*
     * UNPACR_Regular.md reads 16 datums per row; Blackhole reads 32 of
     * 16- and 32-bit formats, as Tenstorrent's ttsim has it (its unpack
     * row width): only tilize's RowStride shows it
     */
    j->bh = s->arch->id == TT_ARCH_BLACKHOLE;
    j->row_width = j->bh && j->dbits >= 16 ? 32 : 16;
    if (TT_UNP_CFG(s, st, u, REG2_Tileize_mode)) {
        j->row_stride_bits = 8 *
            ((TT_UNP_CFGX(s, st, u, REG2_Shift_amount_cntx0, 0, 0) << 4) |
             (TT_UNP_CFGX(s, st, u, REG2_Shift_amount_cntx0, 0, 4) << 8) |
             (TT_UNP_CFGX(s, st, u, REG2_Shift_amount_cntx0, 0, 8) << 12));
    } else {
        j->row_stride_bits = j->row_width * j->dbits;
    }

    /* The output address */
    if (u == 0) {
        j->to_dst = multi ?
            TT_UNP_CFGX(s, st, u, REG2_Unpack_if_sel_cntx0, 0,
                        (ctx & 3) + (ctx >= 4 ? 16 : 0)) :
            TT_UNP_CFG(s, st, u, REG2_Unpack_If_Sel);
        j->transpose = TT_UNP_CFG(s, st, u, REG2_Haloize_mode);
    }
    ch1_out = tt_adc_channel(s, t, u, 1);
    base_reg = TT_UNP_UNP(s, t, u, ADDR_BASE_REG_1_Base);
    j->out = base_reg +
        ch1_out->val[TT_ADC_Y] *
        TT_UNP_UNP(s, t, u, ADDR_CTRL_XY_REG_1_Ystride) +
        ch1_out->val[TT_ADC_Z] *
        TT_UNP_UNP(s, t, u, ADDR_CTRL_ZW_REG_1_Zstride) +
        ch1_out->val[TT_ADC_W] *
        TT_UNP_UNP(s, t, u, ADDR_CTRL_ZW_REG_1_Wstride);
    if (tt_unp_is_32b(out_fmt)) {
        if (j->out & 3) {
            tt_unp_guest_error(t, insn, "32-bit output address not a "
                               "multiple of 4; truncated");
        }
        j->out >>= 2;
    } else if (out_fmt == TT_DF_FP16 || out_fmt == TT_DF_BF16 ||
               out_fmt == TT_DF_INT16) {
        if (j->out & 1) {
            tt_unp_guest_error(t, insn, "16-bit output address odd; "
                               "truncated");
        }
        j->out >>= 1;
    }
    if (multi && u == 0) {
        uint32_t ctx_out = TT_UNP_CFGX(s, st, u, REG5_Dest_cntx0_address,
                                       (ctx & 3) / 2, 16 * (ctx & 1));

        if (j->to_dst ||
            TT_CFG_CFG(s, t, UNP0_ADD_DEST_ADDR_CNTR_add_dest_addr_cntr)) {
            j->out += ctx_out;
        } else {
            j->out = ctx_out;
        }
    }
    j->upsample_zeroes = (1u << TT_UNP_CFG(s, st, u, REG2_Upsample_rate)) - 1;
    j->interleave = TT_UNP_CFG(s, st, u, REG2_Upsample_and_interleave);
    if (TT_UNP_CFG(s, st, u, REG2_Tileize_mode) || u == 1) {
        j->col_shift = 0;
    } else {
        j->col_shift = TT_UNP_CFGX(s, st, u, REG2_Shift_amount_cntx0, 0,
                                   4 * (ctx & 3));
    }

    /* The bank: the writes wait until it is the unpackers' */
    if (j->num && j->dnum &&
        tt_unpack_client(s, u)[s->src.unp_bank[u]] !=
        TT_SRC_CLIENT_UNPACKERS) {
        return TT_EXEC_STALL;
    }
    if (!j->to_dst) {
        tt_src_touch(&s->src, u, s->src.unp_bank[u]);   /* tt_fpu.h cache */
    }

    /* Settings that do not go together */
    if ((j->transpose || TT_UNP_CFG(s, st, u, REG2_Tileize_mode)) &&
        (j->dat & 127)) {
        tt_unp_guest_error(t, insn, "transpose/tilize from an address that "
                           "is not 16-byte aligned");
    }
    if (TT_UNP_CFG(s, st, u, REG2_Tileize_mode) &&
        (j->upsample_zeroes || !j->uncompressed)) {
        tt_unp_guest_error(t, insn, "tilize with upsampling or "
                           "decompression");
    }
    if (j->to_dst && (j->col_shift || j->transpose)) {
        tt_unp_guest_error(t, insn, "column shift or transpose into Dst "
                           "(not applied)");
    }
    tt_unp_pick_conversion(s, j, st, in_fmt, out_fmt, &ub);
    if (ub) {
        char what[96];

        snprintf(what, sizeof(what), "format %u -> %u%s", in_fmt, out_fmt,
                 j->to_dst ? " into Dst" : "");
        tt_unp_guest_error(t, insn, what);
    }
    j->dst32 = tt_unp_is_32b(out_fmt);
    j->ovrd = TT_CFG_THD(s, t, SRCA_SET_SetOvrdWithAddr);
    j->src_row = s->src.unp_row[u][t];

    /* The main loop */
    if (tt_unp_fast_ok(j)) {
        tt_unp_move_fast(s, j);
    } else {
        tt_unp_move_slow(s, j);
    }
    if (j->bad_l1) {
        tt_unp_guest_error(t, insn, "L1 read out of range (read as 0)");
    }
    if (j->bad_row) {
        tt_unp_guest_error(t, insn, "SrcA row out of range (write dropped)");
    }
    if (j->bad_exp) {
        tt_unp_guest_error(t, insn, "BFPa exponent above 5 bits (low 5 "
                           "bits used)");
    }

    /* Counters for the next instruction */
    if (multi && use_counter) {
        tt_unp_count_context(s, t, u, st, ctx);
    }
    for (unsigned i = 0; i < TT_NUM_THREADS; i++) {
        if (i == t || i == adc_inc) {
            TTAdcChannel *c0 = tt_adc_channel(s, i, u, 0);
            TTAdcChannel *c1 = tt_adc_channel(s, i, u, 1);

            tt_adc_inc(c0, TT_ADC_Y, extract32(incs, 2, 2));
            tt_adc_inc(c0, TT_ADC_Z, extract32(incs, 0, 2));
            tt_adc_inc(c1, TT_ADC_Y, extract32(incs, 6, 2));
            tt_adc_inc(c1, TT_ADC_Z, extract32(incs, 4, 2));
        }
    }
    if (flip) {
        tt_src_set_implied_fmt(s, u, out_fmt);  /* Blackhole's ImpliedFmt */
        tt_src_set_dvalid(s, t, 1u << u);
        tt_unit_changed(s);
    } else if (TT_UNP_CFG(s, st, u, REG2_Unpack_Src_Reg_Set_Upd)) {
        uint32_t base = (u ? TT_CFG_THD(s, t, SRCB_SET_Base)
                           : TT_CFG_THD(s, t, SRCA_SET_Base)) << 4;

        s->src.unp_row[u][t] = (s->src.unp_row[u][t] + 16 + base) & 0x3f;
    }
    return TT_EXEC_DONE;
}

/*
 * UNPACR.md: bit 1 (SearchCacheFlush) selects FlushCache, else bit 13
 * (CfgContextCntInc) IncrementContextCounter, else Regular.
 */
TTExec tt_unpacr(TTCoproc *s, int t, uint32_t insn)
{
    bool wh = s->arch->id == TT_ARCH_WORMHOLE_B0;
    int u = wh ? FIELD_EX32(insn, WH_UNPACR, Unpack_block_selection)
               : FIELD_EX32(insn, BH_UNPACR, Unpack_block_selection);

    if (extract32(insn, 1, 1)) {
        /*
         * UNPACR_FlushCache.md: the row start cache is not modelled (every
         * UNPACR reads the row start indices from L1), so nothing to do.
         */
        return TT_EXEC_DONE;
    }
    if (extract32(insn, 13, 1)) {
        /* UNPACR_IncrementContextCounter.md */
        tt_unp_count_context(s, t, u, tt_cfg_state_id(s, t),
                             s->unpack.ctx_counter[u][t]);
        return TT_EXEC_DONE;
    }
    return tt_unpacr_regular(s, t, insn);
}

void tt_unpack_reset_ctx_counters(TTCoproc *s, int t, unsigned mask)
{
    for (int u = 0; u < TT_UNPACKERS; u++) {
        if (mask & (1u << u)) {
            s->unpack.ctx_counter[u][t] = 0;
        }
    }
}

void tt_unpack_reset(TTCoproc *s)
{
    memset(&s->unpack, 0, sizeof(s->unpack));
}

static int tt_unpack_post_load(void *opaque, int version_id)
{
    TTCoproc *s = opaque;

    for (int u = 0; u < TT_UNPACKERS; u++) {
        for (int t = 0; t < TT_NUM_THREADS; t++) {
            s->unpack.ctx_counter[u][t] &= TT_UNPACK_CONTEXTS - 1;
        }
    }
    return 0;
}

const VMStateDescription vmstate_tt_unpack = {
    .name = "tt-tensix/unpack",
    .version_id = 1,
    .minimum_version_id = 1,
    .post_load = tt_unpack_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT8_2DARRAY(unpack.ctx_counter, TTCoproc, TT_UNPACKERS,
                              TT_NUM_THREADS),
        VMSTATE_END_OF_LIST()
    }
};
