/*
 * Tensix Matrix Unit data movement: MOVA2D, MOVDBGA2D, MOVB2D, MOVD2A,
 * MOVD2B, MOVB2A (and MOVDBGB2D, which has no functional model).
 *
 * tt-isa-documentation WormholeB0 TensixCoprocessor/MOVA2D.md,
 * MOVDBGA2D.md, MOVB2D.md, MOVD2A.md, MOVD2B.md, MOVB2A.md (whose
 * Blackhole differences, the implied Src formats, they spell out),
 * SrcASrcB.md and Dst.md (storage formats), RWCs.md (ApplyAddrMod,
 * tt_adc.c).  Blackhole has no pages of its own: the same models, with
 * Blackhole's fields from tt-llk's assembly.yaml (3-bit AddrMod, 2-bit
 * instr_mod; MOVB2D's 3-bit instr_mod at bit 11).  See
 * docs/units/regfiles.md and docs/decisions.md ("MOV*").
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/bitops.h"
#include "tt_log.h"
#include "tt_unit.h"

/* Data formats of ALU_FORMAT_SPEC_* (tt-metal DataFormat, 4 bits) */
enum {
    TT_FMT_FP32 = 0,
    TT_FMT_FP16 = 1,
    TT_FMT_BFP8A = 2,
    TT_FMT_BFP4A = 3,
    TT_FMT_TF32 = 4,
    TT_FMT_BF16 = 5,
    TT_FMT_BFP8 = 6,
    TT_FMT_BFP4 = 7,
    TT_FMT_INT32 = 8,
    TT_FMT_INT16 = 9,
    TT_FMT_FP8 = 10,
    TT_FMT_BFP2A = 11,
    TT_FMT_INT8 = 14,
    TT_FMT_BFP2 = 15,
};

/* SrcAStyle / SrcBStyle of MOVD2A / MOVD2B */
typedef enum TTSrcStyle {
    TT_STYLE_BF16,
    TT_STYLE_FP16,
    TT_STYLE_TF32,
} TTSrcStyle;

/* The operands of a MOV* instruction, as the pages name them */
typedef struct TTMovOps {
    uint32_t dst_row;           /* DstRow (SrcBRow for MOVB2A) */
    uint32_t src_row;           /* SrcRow (SrcARow for MOVB2A) */
    uint32_t addr_mod;          /* AddrMod: 2 bits WH, 3 bits BH */
    uint32_t mod;               /* instr_mod */
    bool lo;                    /* UseDst32bLo */
} TTMovOps;

/*
 * WH_<NAME> / BH_<NAME>: dst, instr_mod, addr_mode, src, dest_32b_lo.
 * MOVB2A has srcb / srca instead of dst / src and no dest_32b_lo.
 */
#define TT_MOV_DECODE(s, insn, NAME, o) do {                            \
    if ((s)->arch->id == TT_ARCH_WORMHOLE_B0) {                         \
        (o)->dst_row = FIELD_EX32(insn, WH_##NAME, dst);                \
        (o)->src_row = FIELD_EX32(insn, WH_##NAME, src);                \
        (o)->addr_mod = FIELD_EX32(insn, WH_##NAME, addr_mode);         \
        (o)->mod = FIELD_EX32(insn, WH_##NAME, instr_mod);              \
        (o)->lo = FIELD_EX32(insn, WH_##NAME, dest_32b_lo);             \
    } else {                                                            \
        (o)->dst_row = FIELD_EX32(insn, BH_##NAME, dst);                \
        (o)->src_row = FIELD_EX32(insn, BH_##NAME, src);                \
        (o)->addr_mod = FIELD_EX32(insn, BH_##NAME, addr_mode);         \
        (o)->mod = FIELD_EX32(insn, BH_##NAME, instr_mod);              \
        (o)->lo = FIELD_EX32(insn, BH_##NAME, dest_32b_lo);             \
    }                                                                   \
} while (0)

/* ---------------------------------------------------------------------- */
/* Formats                                                                */
/* ---------------------------------------------------------------------- */

/*
 * SrcAFmt: ALU_FORMAT_SPEC_REG_SrcA_val if overridden, else REG0_SrcA; on
 * Blackhole the implied format of the bank of Src<@from> the instruction
 * reads or writes, unless DISABLE_IMPLIED_SRCA_FMT (tt_src_fmt)
 */
static unsigned tt_mov_srca_fmt(TTCoproc *s, int t, int from)
{
    unsigned fmt = TT_CFG_CFG(s, t, ALU_FORMAT_SPEC_REG_SrcA_override) ?
                   TT_CFG_CFG(s, t, ALU_FORMAT_SPEC_REG_SrcA_val) :
                   TT_CFG_CFG(s, t, ALU_FORMAT_SPEC_REG0_SrcA);

    return tt_src_fmt(s, t, 0, from, fmt);
}

/* {FP32, BF16, BFP8, BFP4, BFP2, INT32, INT16}: 8-bit exponent, no TF32 */
static bool tt_fmt_bf16_style(unsigned fmt)
{
    switch (fmt) {
    case TT_FMT_FP32: case TT_FMT_BF16: case TT_FMT_BFP8: case TT_FMT_BFP4:
    case TT_FMT_BFP2: case TT_FMT_INT32: case TT_FMT_INT16:
        return true;
    default:
        return false;
    }
}

/* {FP16, FP8, BFP8a, BFP4a, BFP2a, INT8} */
static bool tt_fmt_fp16_style(unsigned fmt)
{
    switch (fmt) {
    case TT_FMT_FP16: case TT_FMT_FP8: case TT_FMT_BFP8A: case TT_FMT_BFP4A:
    case TT_FMT_BFP2A: case TT_FMT_INT8:
        return true;
    default:
        return false;
    }
}

/* FlushDenormals = !ALU_ACC_CTRL_Zero_Flag_disabled_src */
static bool tt_mov_flush(TTCoproc *s, int t)
{
    return !TT_CFG_CFG(s, t, ALU_ACC_CTRL_Zero_Flag_disabled_src);
}

/* Src Sign,Man(10),Exp(8) -> Dst BF16 Sign,Man(7),Exp(8) */
static uint16_t tt_remove_low_mantissa(uint32_t x)
{
    return ((x & (1u << 18)) >> 3) | ((x & (0x7fu << 11)) >> 3) | (x & 0xff);
}

/* Src Sign,Man(10),Exp(8) -> Dst FP16 Sign,Man(10),Exp(5) */
static uint16_t tt_remove_high_exponent(uint32_t x)
{
    return ((x & (1u << 18)) >> 3) | ((x & (0x3ffu << 8)) >> 3) | (x & 0x1f);
}

/* Dst BF16 Sign,Man(7),Exp(8) -> Src Sign,Man(10),Exp(8) */
static uint32_t tt_shuffle_bf16(uint32_t x)
{
    return ((x & 0xff00) << 3) | (x & 0xff);
}

/* Dst FP16 Sign,Man(10),Exp(5) -> Src Sign,Man(10),Zero(3),Exp(5) */
static uint32_t tt_shuffle_fp16(uint32_t x)
{
    return ((x & 0xffe0) << 3) | (x & 0x1f);
}

/* Dst TF32 Sign,HiMan(7),Exp(8),LoMan(3) -> Src Sign,Man(10),Exp(8) */
static uint32_t tt_shuffle_tf32(uint32_t x)
{
    return (x & 0x7f800) | ((x & 7) << 8) | ((x & 0x7f8) >> 3);
}

/* ---------------------------------------------------------------------- */
/* Rows                                                                   */
/* ---------------------------------------------------------------------- */

/*
 * DstRow + DEST_TARGET_REG_CFG_MATH_Offset + RWCs.Dst + DEST_REGW_BASE_Base
 * (the caller masks)
 */
static uint32_t tt_mov_dst_row(TTCoproc *s, int t, uint32_t row)
{
    return row + TT_CFG_THD(s, t, DEST_TARGET_REG_CFG_MATH_Offset) +
           s->adc.rwc[t].dst + TT_CFG_CFG(s, t, DEST_REGW_BASE_Base);
}

/*
 * LaneConfig[Column / 2].BLOCK_DEST_MOV is not modelled (no column is
 * blocked): see docs/decisions.md.
 */

/* ---------------------------------------------------------------------- */
/* SrcA / SrcB -> Dst (MOVA2D, MOVDBGA2D, MOVB2D)                         */
/* ---------------------------------------------------------------------- */

/*
 * Copy @nrows rows of @src (the matrix unit's bank) from @src_row to Dst
 * from @dst_row (both already masked); @bcast_row: every Dst row gets
 * row @src_row; @bcast_col: every column gets column 0.
 */
static void tt_mov_to_dst(TTCoproc *s, int t, int from,
                          uint32_t src_row, uint32_t dst_row, int nrows,
                          bool bcast_row, bool bcast_col, bool lo)
{
    const TTSrcBank *src = from ? &s->src.b[s->src.fpu_b_bank] :
                                  &s->src.a[s->src.fpu_a_bank];
    unsigned fmt = tt_mov_srca_fmt(s, t, from);
    bool flush = tt_mov_flush(s, t);
    bool exp8;

    if (TT_CFG_THD(s, t, FP16A_FORCE_Enable)) {
        exp8 = false;
    } else {
        exp8 = tt_fmt_bf16_style(fmt) || fmt == TT_FMT_TF32;
    }
    for (; nrows; nrows--, dst_row++, src_row += !bcast_row) {
        for (unsigned col = 0; col < TT_SRC_COLS; col++) {
            uint32_t v = src->v[src_row][bcast_col ? 0 : col];
            uint16_t v16;

            if (flush && !(v & 0xff)) {
                v = 0;
            }
            v16 = exp8 ? tt_remove_low_mantissa(v) : tt_remove_high_exponent(v);
            if (fmt == TT_FMT_TF32) {
                uint16_t low = ((v >> 8) & 7) << 13;

                if (lo) {
                    low |= v16;
                }
                tt_dst_write32(s, t, dst_row, col, ((uint32_t)v16 << 16) | low);
            } else if (lo) {
                uint32_t d = tt_dst_read32(s, t, dst_row, col);

                tt_dst_write32(s, t, dst_row, col, (d & 0xffff0000) | v16);
            } else {
                tt_dst_write16(s, t, dst_row, col, v16);
            }
        }
    }
}

/* MOVA2D and MOVDBGA2D: instr_mod bit 1 Move8Rows */
static void tt_mova2d_common(TTCoproc *s, int t, const TTMovOps *o,
                             const char *name)
{
    bool move8 = extract32(o->mod, 1, 1);
    uint32_t dst_row = tt_mov_dst_row(s, t, o->dst_row);
    uint32_t src_row = o->src_row + s->adc.rwc[t].srca;

    if (move8) {
        dst_row &= 0x3f8;
        src_row &= 0x38;
    } else {
        dst_row &= 0x3ff;
        src_row &= 0x3f;
    }
    tt_src_note_srca_row(&s->src, src_row);
    tt_mov_to_dst(s, t, 0, src_row, dst_row,
                  move8 ? 8 : 1, false, false, o->lo);
    tt_rwc_apply_addr_mod(s, t, o->addr_mod, true);
}

/* Does the matrix unit own its current SrcA / SrcB bank? */
static bool tt_mov_owns_a(TTCoproc *s)
{
    return s->src.a_client[s->src.fpu_a_bank] == TT_SRC_CLIENT_MATRIX;
}

static bool tt_mov_owns_b(TTCoproc *s)
{
    return s->src.b_client[s->src.fpu_b_bank] == TT_SRC_CLIENT_MATRIX;
}

/* MOVA2D.md: waits at the Wait Gate until the matrix unit owns SrcA */
TTExec tt_mova2d(TTCoproc *s, int t, uint32_t insn)
{
    TTMovOps o;

    if (!tt_mov_owns_a(s)) {
        return TT_EXEC_STALL;
    }
    TT_MOV_DECODE(s, insn, MOVA2D, &o);
    tt_mova2d_common(s, t, &o, "MOVA2D");
    return TT_EXEC_DONE;
}

/* MOVDBGA2D.md: MOVA2D without the wait */
TTExec tt_movdbga2d(TTCoproc *s, int t, uint32_t insn)
{
    TTMovOps o;

    TT_MOV_DECODE(s, insn, MOVDBGA2D, &o);
    tt_mova2d_common(s, t, &o, "MOVDBGA2D");
    return TT_EXEC_DONE;
}

/*
 * MOVB2D.md: instr_mod bit 2 Move4Rows, bit 1 Broadcast1RowTo8, bit 0
 * BroadcastCol0.  Blackhole's fields (assembly.yaml) are dst 10:0 and
 * movb2d_instr_mod 13:11; DstRow is masked to 10 bits either way.
 */
TTExec tt_movb2d(TTCoproc *s, int t, uint32_t insn)
{
    TTMovOps o;
    bool move4, bcast8, bcast_col;
    uint32_t dst_row, src_row;
    int nrows;

    if (!tt_mov_owns_b(s)) {
        return TT_EXEC_STALL;
    }
    if (s->arch->id == TT_ARCH_WORMHOLE_B0) {
        o.dst_row = FIELD_EX32(insn, WH_MOVB2D, dst);
        o.src_row = FIELD_EX32(insn, WH_MOVB2D, src);
        o.addr_mod = FIELD_EX32(insn, WH_MOVB2D, addr_mode);
        o.mod = FIELD_EX32(insn, WH_MOVB2D, instr_mod);
        o.lo = FIELD_EX32(insn, WH_MOVB2D, dest_32b_lo);
    } else {
        o.dst_row = FIELD_EX32(insn, BH_MOVB2D, dst);
        o.src_row = FIELD_EX32(insn, BH_MOVB2D, src);
        o.addr_mod = FIELD_EX32(insn, BH_MOVB2D, addr_mode);
        o.mod = FIELD_EX32(insn, BH_MOVB2D, movb2d_instr_mod);
        o.lo = FIELD_EX32(insn, BH_MOVB2D, dest_32b_lo);
    }
    move4 = extract32(o.mod, 2, 1);
    bcast8 = extract32(o.mod, 1, 1);
    bcast_col = extract32(o.mod, 0, 1);
    /* SrcAFmt, as the page says (Blackhole: SrcB's implied format) */

    dst_row = tt_mov_dst_row(s, t, o.dst_row);
    src_row = o.src_row + s->adc.rwc[t].srcb;
    if (bcast8) {
        nrows = 8;
        dst_row &= 0x3f8;
        src_row &= 0x3f;
    } else if (move4) {
        nrows = 4;
        dst_row &= 0x3fc;
        src_row &= 0x3c;
    } else {
        nrows = 1;
        dst_row &= 0x3ff;
        src_row &= 0x3f;
    }
    /* No SrcA row on the page: the matrix unit's SrcA counter (SHIFTXA) */
    tt_src_note_srca_row(&s->src, s->adc.rwc[t].srca);
    tt_mov_to_dst(s, t, 1, src_row, dst_row,
                  nrows, bcast8, bcast_col, o.lo);
    tt_rwc_apply_addr_mod(s, t, o.addr_mod, true);
    return TT_EXEC_DONE;
}

/*
 * MOVDBGB2D has no page: its fields (both architectures: dst 10:0,
 * movb2d_instr_mod 13:11, addr_mode 16:14) suggest MOVB2D without the
 * wait, but nothing documents it.  Logged, no effect.
 */
TTExec tt_movdbgb2d(TTCoproc *s, int t, uint32_t insn)
{
    tt_unimp_insn(s, t, insn, "no functional model (MOVDBGB2D); no effect");
    return TT_EXEC_DONE;
}

/* ---------------------------------------------------------------------- */
/* Dst -> SrcA / SrcB (MOVD2A, MOVD2B)                                    */
/* ---------------------------------------------------------------------- */

static void tt_mov_from_dst(TTCoproc *s, int t, const TTMovOps *o, bool b,
                            const char *name)
{
    TTSrcBank *bank = b ? &s->src.b[s->src.fpu_b_bank]
                        : &s->src.a[s->src.fpu_a_bank];
    bool move4 = extract32(o->mod, 1, 1);
    uint32_t dst_row = tt_mov_dst_row(s, t, o->dst_row);
    uint32_t src_row = o->src_row + (b ? s->adc.rwc[t].srcb
                                       : s->adc.rwc[t].srca);
    bool dst32;
    TTSrcStyle style;
    int nrows;

    if (TT_CFG_THD(s, t, FP16A_FORCE_Enable)) {
        dst32 = false;
        style = TT_STYLE_FP16;
    } else {
        /* SrcAFmt for both, as the pages say */
        unsigned fmt = tt_mov_srca_fmt(s, t, b);

        dst32 = TT_CFG_CFG(s, t, ALU_ACC_CTRL_Fp32_enabled) ||
                TT_CFG_CFG(s, t, ALU_ACC_CTRL_INT8_math_enabled);
        if (tt_fmt_bf16_style(fmt)) {
            style = TT_STYLE_BF16;
        } else if (tt_fmt_fp16_style(fmt)) {
            style = TT_STYLE_FP16;
        } else {
            style = TT_STYLE_TF32;
        }
    }
    if (!dst32 && (o->lo || style == TT_STYLE_TF32)) {
        tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: T%d: %s from 16-bit Dst "
                    "with %s is undefined behaviour; read as BF16\n", t,
                    name, o->lo ? "UseDst32bLo" : "a TF32 SrcAFmt");
    }

    if (move4) {
        nrows = 4;
        dst_row &= 0x3fc;
        src_row &= 0x3c;
    } else {
        nrows = 1;
        dst_row &= 0x3ff;
        src_row &= 0x3f;
    }
    tt_src_touch(&s->src, b, b ? s->src.fpu_b_bank : s->src.fpu_a_bank);
    /* MOVD2B has no SrcA row: the matrix unit's SrcA counter (SHIFTXA) */
    tt_src_note_srca_row(&s->src, b ? s->adc.rwc[t].srca : src_row);
    for (; nrows; nrows--, dst_row++, src_row++) {
        for (unsigned col = 0; col < TT_SRC_COLS; col++) {
            uint32_t v;

            if (dst32) {
                uint32_t d = tt_dst_read32(s, t, dst_row, col);

                if (o->lo) {
                    d = (d << 16) | (d & 0xffff);
                }
                if (style == TT_STYLE_BF16) {
                    v = tt_shuffle_bf16(d >> 16);
                } else if (style == TT_STYLE_FP16) {
                    v = tt_shuffle_fp16(d >> 16);
                } else if (!o->lo) {
                    v = tt_shuffle_tf32(d >> 13);
                } else {
                    v = d & 0x1fff;
                }
            } else {
                uint32_t d = tt_dst_read16(s, t, dst_row, col);

                v = style == TT_STYLE_FP16 ? tt_shuffle_fp16(d)
                                           : tt_shuffle_bf16(d);
            }
            bank->v[src_row][col] = v & MAKE_64BIT_MASK(0, TT_SRC_BITS);
        }
    }
    tt_rwc_apply_addr_mod(s, t, o->addr_mod, true);
}

/* MOVD2A.md: instr_mod bit 1 Move4Rows; no wait at the Wait Gate */
TTExec tt_movd2a(TTCoproc *s, int t, uint32_t insn)
{
    TTMovOps o;

    TT_MOV_DECODE(s, insn, MOVD2A, &o);
    tt_mov_from_dst(s, t, &o, false, "MOVD2A");
    return TT_EXEC_DONE;
}

/* MOVD2B.md: as MOVD2A, to SrcB */
TTExec tt_movd2b(TTCoproc *s, int t, uint32_t insn)
{
    TTMovOps o;

    TT_MOV_DECODE(s, insn, MOVD2B, &o);
    tt_mov_from_dst(s, t, &o, true, "MOVD2B");
    return TT_EXEC_DONE;
}

/* ---------------------------------------------------------------------- */
/* SrcB -> SrcA (MOVB2A)                                                  */
/* ---------------------------------------------------------------------- */

/*
 * MOVB2A.md: srcb is SrcBRow, srca SrcARow, instr_mod bit 1 Move4Rows.
 * Waits until the matrix unit owns SrcB (not SrcA).  The current page's
 * TruncateSrc(SrcVal, SrcBFmt) has no definition: the datum is copied
 * unchanged, as the page's earlier revision did (docs/decisions.md).
 */
TTExec tt_movb2a(TTCoproc *s, int t, uint32_t insn)
{
    TTSrcBank *a, *b;
    uint32_t arow, brow, addr_mod, mod;
    bool flush;
    int nrows;

    if (!tt_mov_owns_b(s)) {
        return TT_EXEC_STALL;
    }
    if (s->arch->id == TT_ARCH_WORMHOLE_B0) {
        arow = FIELD_EX32(insn, WH_MOVB2A, srca);
        brow = FIELD_EX32(insn, WH_MOVB2A, srcb);
        addr_mod = FIELD_EX32(insn, WH_MOVB2A, addr_mode);
        mod = FIELD_EX32(insn, WH_MOVB2A, instr_mod);
    } else {
        arow = FIELD_EX32(insn, BH_MOVB2A, srca);
        brow = FIELD_EX32(insn, BH_MOVB2A, srcb);
        addr_mod = FIELD_EX32(insn, BH_MOVB2A, addr_mode);
        mod = FIELD_EX32(insn, BH_MOVB2A, instr_mod);
    }
    flush = tt_mov_flush(s, t);
    a = &s->src.a[s->src.fpu_a_bank];
    b = &s->src.b[s->src.fpu_b_bank];
    tt_src_touch(&s->src, 0, s->src.fpu_a_bank);

    arow += s->adc.rwc[t].srca;
    brow += s->adc.rwc[t].srcb;
    if (extract32(mod, 1, 1)) {
        nrows = 4;
        arow &= 0x3c;
        brow &= 0x3c;
    } else {
        nrows = 1;
        arow &= 0x3f;
        brow &= 0x3f;
    }
    tt_src_note_srca_row(&s->src, arow);
    for (; nrows; nrows--, arow++, brow++) {
        for (unsigned col = 0; col < TT_SRC_COLS; col++) {
            uint32_t v = b->v[brow][col];

            if (flush && !(v & 0xff)) {
                v = 0;
            }
            a->v[arow][col] = v;
        }
    }
    tt_rwc_apply_addr_mod(s, t, addr_mod, true);
    return TT_EXEC_DONE;
}
