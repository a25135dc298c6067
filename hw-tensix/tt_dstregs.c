/*
 * Tensix Dst register file and ZEROACC.
 *
 * tt-isa-documentation WormholeB0 and BlackholeA0 TensixCoprocessor/Dst.md
 * (DstBits, DstRowValid, Adj16/Adj32), WormholeB0 ZEROACC.md and RWCs.md
 * (ApplyAddrMod, tt_adc.c); Blackhole's ZEROACC fields from tt-llk's
 * blackhole assembly.yaml.  See
 * docs/units/regfiles.md and docs/decisions.md.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/bitops.h"
#include "qapi/error.h"
#include "qapi/visitor.h"
#include "qapi/qapi-builtin-visit.h"
#include "migration/vmstate.h"
#include "tt_log.h"
#include "tt_unit.h"

/* ---------------------------------------------------------------------- */
/* Row mapping (Dst.md)                                                   */
/* ---------------------------------------------------------------------- */

/* Blackhole only: Config DEST_ACCESS_CFG (Dst.md, Adj16 / Adj32) */
static bool tt_dst_has_access_cfg(TTCoproc *s)
{
    return s->arch->id == TT_ARCH_BLACKHOLE;
}

unsigned tt_dst_adj16(TTCoproc *s, int t, unsigned row)
{
    unsigned r = row & TT_DST_ROW_MASK;

    if (tt_dst_has_access_cfg(s) &&
        TT_CFG_CFG_BH(s, t, DEST_ACCESS_CFG_remap_addrs)) {
        r = (r & 0x3c7) ^ ((r & 0x030) >> 1) ^ ((r & 0x008) << 2);
    }
    return r;
}

unsigned tt_dst_adj32(TTCoproc *s, int t, unsigned row)
{
    unsigned r = tt_dst_adj16(s, t, row);

    if (tt_dst_has_access_cfg(s) &&
        TT_CFG_CFG_BH(s, t, DEST_ACCESS_CFG_swizzle_32b)) {
        r = (r & 0x3f3) ^ ((r & 0x018) >> 1) ^ ((r & 0x004) << 1);
    }
    /* Rows 8..15 of every 16 hold the low halves */
    return ((r & 0x1f8) << 1) | (r & 0x207);
}

/* ---------------------------------------------------------------------- */
/* Access for the data path                                               */
/* ---------------------------------------------------------------------- */

bool tt_dst_valid16(TTCoproc *s, int t, unsigned row)
{
    return s->dst.row_valid[tt_dst_adj16(s, t, row)];
}

bool tt_dst_valid32(TTCoproc *s, int t, unsigned row)
{
    return s->dst.row_valid[tt_dst_adj32(s, t, row)];
}

uint16_t tt_dst_read16(TTCoproc *s, int t, unsigned row, unsigned col)
{
    unsigned p = tt_dst_adj16(s, t, row);

    return s->dst.row_valid[p] ? s->dst.bits[p][col % TT_DST_COLS] : 0;
}

uint32_t tt_dst_read32(TTCoproc *s, int t, unsigned row, unsigned col)
{
    unsigned p = tt_dst_adj32(s, t, row);

    col %= TT_DST_COLS;
    if (!s->dst.row_valid[p]) {
        return 0;
    }
    return ((uint32_t)s->dst.bits[p][col] << 16) | s->dst.bits[p + 8][col];
}

void tt_dst_write16(TTCoproc *s, int t, unsigned row, unsigned col,
                    uint16_t value)
{
    unsigned p = tt_dst_adj16(s, t, row);

    if (!s->dst.row_valid[p]) {
        memset(s->dst.bits[p], 0, sizeof(s->dst.bits[p]));
        s->dst.row_valid[p] = 1;
    }
    s->dst.bits[p][col % TT_DST_COLS] = value;
}

void tt_dst_write32(TTCoproc *s, int t, unsigned row, unsigned col,
                    uint32_t value)
{
    unsigned p = tt_dst_adj32(s, t, row);

    col %= TT_DST_COLS;
    if (!s->dst.row_valid[p]) {
        memset(s->dst.bits[p], 0, sizeof(s->dst.bits[p]));
        memset(s->dst.bits[p + 8], 0, sizeof(s->dst.bits[p + 8]));
        s->dst.row_valid[p] = 1;
    }
    s->dst.bits[p][col] = value >> 16;
    s->dst.bits[p + 8][col] = value & 0xffff;
}

/* ---------------------------------------------------------------------- */
/* ZEROACC (ZEROACC.md)                                                   */
/* ---------------------------------------------------------------------- */

enum {
    TT_ZEROACC_ONE_ROW,
    TT_ZEROACC_16_ROWS,
    TT_ZEROACC_HALF_OF_DST,
    TT_ZEROACC_ALL_OF_DST,
};

/* ZEROACC's operands, as ZEROACC.md names them */
typedef struct TTZeroAcc {
    unsigned imm10;
    unsigned addr_mod;
    unsigned mode;
    bool use_dst32b;
    bool revert;
    unsigned high;              /* clear_mode bits 4:3 (insn bits 23:22) */
} TTZeroAcc;

/*
 * Wormhole (ZEROACC.md, Encoding): dst holds Imm10 in its bits 9:0;
 * AddrMode holds AddrMod in bits 1:0 and Revert in bit 3; clear_mode
 * holds Mode in bits 1:0 and UseDst32b in bit 2.
 * Blackhole (assembly.yaml): where (Imm10 in its bits 9:0; the modes use
 * at most 10 bits of it), addr_mode (3-bit AddrMod), clear_zero_flags
 * (Revert: the targeted rows become valid), use_32_bit_mode (UseDst32b),
 * clear_mode (Mode in bits 1:0; bit 2 is not read).
 */
/*
 * Width of the Matrix Unit's AddrMod operand (the addr_mode field of its
 * instructions): 2 bits on Wormhole, where ZEROACC's 4-bit AddrMode field
 * holds it in bits 1:0, and 3 bits on Blackhole, ZEROACC's addr_mode.
 */
#define TT_WH_ADDR_MOD_BITS R_WH_MOVA2D_addr_mode_LENGTH
QEMU_BUILD_BUG_ON((int)TT_WH_ADDR_MOD_BITS >=
                  (int)R_WH_ZEROACC_AddrMode_LENGTH);
QEMU_BUILD_BUG_ON((int)R_BH_ZEROACC_addr_mode_LENGTH !=
                  (int)R_BH_MOVA2D_addr_mode_LENGTH);

static TTZeroAcc tt_zeroacc_decode(TTCoproc *s, uint32_t insn)
{
    TTZeroAcc z;
    uint32_t cm;

    if (s->arch->id == TT_ARCH_WORMHOLE_B0) {
        uint32_t am = FIELD_EX32(insn, WH_ZEROACC, AddrMode);

        cm = FIELD_EX32(insn, WH_ZEROACC, clear_mode);
        z.imm10 = extract32(FIELD_EX32(insn, WH_ZEROACC, dst), 0, 10);
        z.addr_mod = extract32(am, 0, TT_WH_ADDR_MOD_BITS);
        z.revert = extract32(am, 3, 1);
        z.use_dst32b = extract32(cm, 2, 1);
    } else {
        cm = FIELD_EX32(insn, BH_ZEROACC, clear_mode);
        z.imm10 = extract32(FIELD_EX32(insn, BH_ZEROACC, where), 0, 10);
        z.addr_mod = FIELD_EX32(insn, BH_ZEROACC, addr_mode);
        z.revert = FIELD_EX32(insn, BH_ZEROACC, clear_zero_flags);
        z.use_dst32b = FIELD_EX32(insn, BH_ZEROACC, use_32_bit_mode);
    }
    z.mode = extract32(cm, 0, 2);
    z.high = extract32(cm, 3, 2);
    return z;
}

TTExec tt_zeroacc(TTCoproc *s, int t, uint32_t insn)
{
    TTZeroAcc z = tt_zeroacc_decode(s, insn);
    uint8_t *valid = s->dst.row_valid;
    uint8_t v = z.revert;       /* the value DstRowValid is set to */
    unsigned row;

    if (z.revert && s->arch->id == TT_ARCH_WORMHOLE_B0) {
        tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: T%d: ZEROACC with Revert "
                    "is undefined behaviour; rows made valid\n", t);
    }
    if (z.high) {
        tt_unimp_insn(s, t, insn, "clear_mode bits 4:3 (Blackhole: clear "
                      "SrcA/SrcB data valid) ignored");
    }

    switch (z.mode) {
    case TT_ZEROACC_ONE_ROW:
        row = z.imm10;
        row += TT_CFG_THD(s, t, DEST_TARGET_REG_CFG_MATH_Offset);
        row += s->adc.rwc[t].dst;
        row += TT_CFG_CFG(s, t, DEST_REGW_BASE_Base);
        row &= TT_DST_ROW_MASK;
        if (TT_CFG_CFG(s, t, ALU_ACC_CTRL_Fp32_enabled) ||
            TT_CFG_CFG(s, t, ALU_ACC_CTRL_INT8_math_enabled)) {
            valid[tt_dst_adj32(s, t, row)] = v;
        } else {
            valid[tt_dst_adj16(s, t, row)] = v;
        }
        break;
    case TT_ZEROACC_16_ROWS:
        /* Silicon uses the low 8 bits; out of range is a no-op */
        row = z.imm10 & 0xff;
        if (tt_dst_has_access_cfg(s) &&
            !TT_CFG_CFG_BH(s, t, DEST_ACCESS_CFG_zeroacc_absolute_tile_mode)) {
            /*
             * Blackhole (ttsim): the block is relative to the half of Dst
             * the math thread's offset (DEST_TARGET_REG_CFG_MATH_Offset +
             * RWCs.Dst) points into
             */
            unsigned ofs = TT_CFG_THD(s, t, DEST_TARGET_REG_CFG_MATH_Offset) +
                           s->adc.rwc[t].dst;

            if (z.use_dst32b ? (ofs & 768) : (ofs & 512)) {
                row += z.use_dst32b ? 16 : 32;
            }
        }
        if (row >= (z.use_dst32b ? TT_DST_ROWS32 : TT_DST_ROWS) / 16) {
            break;
        }
        for (unsigned i = 0; i < 16; i++) {
            unsigned r = row * 16 + i;

            valid[z.use_dst32b ? tt_dst_adj32(s, t, r)
                               : tt_dst_adj16(s, t, r)] = v;
        }
        break;
    case TT_ZEROACC_HALF_OF_DST:
        memset(valid + (z.imm10 & 1) * (TT_DST_ROWS / 2), v, TT_DST_ROWS / 2);
        break;
    default:
        memset(valid, v, TT_DST_ROWS);
        break;
    }

    if (z.mode == TT_ZEROACC_ONE_ROW || z.mode == TT_ZEROACC_16_ROWS) {
        tt_rwc_apply_addr_mod(s, t, z.addr_mod, true);
    }
    return TT_EXEC_DONE;
}

/* ---------------------------------------------------------------------- */
/* QOM property, reset, migration                                         */
/* ---------------------------------------------------------------------- */

static void tt_dst_get_state(Object *obj, Visitor *v, const char *name,
                             void *opaque, Error **errp)
{
    TTCoproc *s = opaque;
    uint32List *list = NULL, **tail = &list;

    for (int row = 0; row < TT_DST_ROWS; row++) {
        for (int col = 0; col < TT_DST_COLS; col++) {
            QAPI_LIST_APPEND(tail, s->dst.bits[row][col]);
        }
    }
    for (int row = 0; row < TT_DST_ROWS; row++) {
        QAPI_LIST_APPEND(tail, s->dst.row_valid[row]);
    }
    visit_type_uint32List(v, name, &list, errp);
    qapi_free_uint32List(list);
}

void tt_dst_add_properties(TTCoproc *s)
{
    Object *obj = s->owner;

    if (object_property_find(obj, "x-dst-state")) {
        return;
    }
    object_property_add(obj, "x-dst-state", "uint32List",
                        tt_dst_get_state, NULL, NULL, s);
    object_property_set_description(obj, "x-dst-state",
        "Dst (read-only): DstBits row 0-1023, column 0-15, then "
        "DstRowValid row 0-1023");
}

void tt_dst_reset(TTCoproc *s)
{
    memset(s->dst.bits, 0, sizeof(s->dst.bits));
    memset(s->dst.row_valid, 1, sizeof(s->dst.row_valid));
}

static int tt_dst_post_load(void *opaque, int version_id)
{
    TTCoproc *s = opaque;

    for (int row = 0; row < TT_DST_ROWS; row++) {
        s->dst.row_valid[row] = !!s->dst.row_valid[row];
    }
    return 0;
}

static bool tt_dst_needed(void *opaque)
{
    return true;
}

const VMStateDescription vmstate_tt_dst = {
    .name = "tt-tensix/dst",
    .version_id = 1,
    .minimum_version_id = 1,
    .needed = tt_dst_needed,
    .post_load = tt_dst_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT16_2DARRAY(dst.bits, TTCoproc, TT_DST_ROWS, TT_DST_COLS),
        VMSTATE_UINT8_ARRAY(dst.row_valid, TTCoproc, TT_DST_ROWS),
        VMSTATE_END_OF_LIST()
    }
};
