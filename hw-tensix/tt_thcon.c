/*
 * Tensix Scalar Unit (ThCon): GPR arithmetic, L1 and MMIO loads/stores,
 * atomics, REG2FLOP, and reads of packer signals (SETDMAREG special).
 *
 * tt-isa-documentation WormholeB0 TensixCoprocessor/ScalarUnit.md and the
 * instruction pages it links; Blackhole uses the same pages (it has none
 * of its own for this unit), with the TTArchitecture == Blackhole branches
 * of REG2FLOP_Configuration.md, its own L1 size and configuration layout.
 *
 * Every access completes before the instruction retires, so the "later"
 * parts of the functional models (load results, atomic results) happen
 * at once and STALLWAIT/FLUSHDMA condition C0 (ThCon memory requests
 * outstanding) is always met.
 *
 * One function per instruction, tt_<insn> (tt_isa_fields.h), reading its
 * operands with FIELD_EX32; each starts with tt_thcon_enter().
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/bitops.h"
#include "qemu/bswap.h"
#include "qapi/visitor.h"
#include "qapi/qapi-builtin-visit.h"
#include "migration/vmstate.h"
#include "tt_log.h"
#include "tt_unit.h"
#include "tt_cfg_defs.h"
#include "trace.h"

/* tt-metal cfg_defines.h (tt_cfg_defs.h, both architectures), assembly.yaml */
static const TTThconArch tt_thcon_arch[TT_ARCH__MAX] = {
    [TT_ARCH_WORMHOLE_B0] = {
        .thcon_cfg_base = TT_WH_CFG_THCON_CFGREG_BASE_ADDR32,
        .pack_cfg_word = {
            TT_WH_CFG_THCON_SEC0_REG1_Out_data_format_ADDR32,
            TT_WH_CFG_THCON_SEC0_REG8_Out_data_format_ADDR32,
            TT_WH_CFG_THCON_SEC1_REG1_Out_data_format_ADDR32,
            TT_WH_CFG_THCON_SEC1_REG8_Out_data_format_ADDR32,
        },
        .num_tile_headers = 4,
        .thd_srca_set = TT_WH_THD_SRCA_SET_SetOvrdWithAddr_ADDR32,
        .reg2flop_cfg_unsupported = false,
    },
    [TT_ARCH_BLACKHOLE] = {
        .thcon_cfg_base = TT_BH_CFG_THCON_CFGREG_BASE_ADDR32,
        .pack_cfg_word = {
            TT_BH_CFG_THCON_SEC0_REG1_Out_data_format_ADDR32,
            TT_BH_CFG_THCON_SEC0_REG8_Out_data_format_ADDR32,
            TT_BH_CFG_THCON_SEC1_REG1_Out_data_format_ADDR32,
            TT_BH_CFG_THCON_SEC1_REG8_Out_data_format_ADDR32,
        },
        /* assembly.yaml: InputSource 3-5 are RESERVED (a single packer) */
        .num_tile_headers = 1,
        .thd_srca_set = TT_BH_THD_SRCA_SET_SetOvrdWithAddr_ADDR32,
        .reg2flop_cfg_unsupported = true,
    },
};
/* SetOvrdWithAddr sits at bit 2 of SRCA_SET on both architectures */
QEMU_BUILD_BUG_ON(TT_WH_THD_SRCA_SET_SetOvrdWithAddr_SHAMT != 2 ||
                  TT_BH_THD_SRCA_SET_SetOvrdWithAddr_SHAMT != 2);

/* The 0xFFB_____ window of LOADREG, STOREREG and STOREIND (MMIO) */
#define TT_THCON_MMIO_BASE      0xFFB00000u
#define TT_THCON_MMIO_FIRST     0xFFB11000u     /* below: local RAMs */

/* SETDMAREG special mode InputSource values */
enum {
    TT_SIG_TILE_SIZES = 0,
    TT_SIG_ALL_ZERO_FLAGS = 1,
    TT_SIG_TILE_HEADER0 = 2,
    TT_SIG_TILE_HEADER3 = 5,
    TT_SIG_EXP_HIST0 = 6,
    TT_SIG_EXP_HIST1 = 7,
    TT_SIG_CLEAR_ACC = 8,
    TT_SIG_EXP_MAX = 9,
};

static void G_GNUC_PRINTF(4, 5)
tt_thcon_guest_error(TTCoproc *s, int t, uint32_t insn,
                     const char *fmt, ...)
{
    char name[160];
    g_autofree char *msg = NULL;
    va_list ap;

    tt_insn_format(s->arch->id, insn, name, sizeof(name));
    va_start(ap, fmt);
    msg = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: T%d: %s: %s\n", t, name, msg);
}

/* ---------------------------------------------------------------------- */
/* GPR halves (uint16_t view of GPRs[t], little-endian)                   */
/* ---------------------------------------------------------------------- */

static uint32_t tt_gpr_half(const uint32_t *gpr, unsigned h)
{
    return extract32(gpr[(h >> 1) & 63], (h & 1) * 16, 16);
}

static void tt_gpr_set_half(uint32_t *gpr, unsigned h, uint32_t v)
{
    gpr[(h >> 1) & 63] = deposit32(gpr[(h >> 1) & 63], (h & 1) * 16, 16, v);
}

/* OffsetIncrement of LOADIND / STOREIND: *Offset += 0, 2, 4 or 16 */
static void tt_thcon_bump_offset(uint32_t *gpr, unsigned h, unsigned inc)
{
    static const uint16_t step[4] = { 0, 2, 4, 16 };

    tt_gpr_set_half(gpr, h, tt_gpr_half(gpr, h) + step[inc & 3]);
}

/* ---------------------------------------------------------------------- */
/* Memory                                                                 */
/* ---------------------------------------------------------------------- */

/* L1 bytes [@addr, @addr + @len) into @buf; false if not all inside L1 */
static bool tt_thcon_l1_read(TTCoproc *s, uint32_t addr, void *buf,
                             uint32_t len)
{
    uint8_t *p = tt_unit_l1(s, addr, len);

    if (!p) {
        return false;
    }
    memcpy(buf, p, len);
    return true;
}

/*
 * Write L1 through the tile's address space, so that translated code
 * L1 holds is invalidated and the pages are marked dirty.
 */
static bool tt_thcon_l1_write(TTCoproc *s, uint32_t addr,
                              const void *buf, uint32_t len)
{
    if (!tt_unit_l1(s, addr, len)) {
        return false;
    }
    address_space_write(&s->tile_as, addr, MEMTXATTRS_UNSPECIFIED, buf, len);
    return true;
}

/*
 * One 32-bit access to the tile's NoC-visible space (what the Scalar Unit
 * reaches in 0xFFB11000-0xFFBFFFFF: on Wormhole TDMA-RISC, then the tile
 * registers, PIC, NoC and overlay registers; Blackhole has no TDMA-RISC
 * there but the local RAM aliases).  The Scalar Unit is an agent of its
 * own: its access re-enters the tile's regions from inside the access of
 * the core that pushed the instruction, which is why those regions have
 * their re-entrancy guards disabled.
 */
static MemTxResult tt_thcon_mmio(TTCoproc *s, uint32_t addr,
                                 uint32_t *val, bool write)
{
    uint8_t buf[4];
    MemTxResult r;

    if (write) {
        stl_le_p(buf, *val);
        return address_space_write(&s->tile_as, addr, MEMTXATTRS_UNSPECIFIED,
                                   buf, 4);
    }
    r = address_space_read(&s->tile_as, addr, MEMTXATTRS_UNSPECIFIED, buf, 4);
    *val = r == MEMTX_OK ? ldl_le_p(buf) : 0;
    return r;
}

/*
 * LOADREG / STOREREG / STOREIND (MMIO) at @addr (already formed as
 * 0xFFB00000 + 20-bit offset).  Below 0xFFB11000 (the cores' private
 * local RAMs) is UndefinedBehaviour; there and at unmapped addresses the
 * access is logged, a load returns 0 and a store is dropped.
 */
static uint32_t tt_thcon_mmio_access(TTCoproc *s, int t, uint32_t insn,
                                     uint32_t addr, uint32_t val, bool write)
{
    MemTxResult r;

    if (addr < TT_THCON_MMIO_FIRST) {
        tt_thcon_guest_error(s, t, insn, "address 0x%08x is below 0x%08x "
                             "(undefined behaviour); %s", addr,
                             TT_THCON_MMIO_FIRST,
                             write ? "store dropped" : "loads 0");
        return 0;
    }
    r = tt_thcon_mmio(s, addr, &val, write);
    trace_tt_thcon_mmio(t, write ? "store" : "load", addr, val);
    if (r != MEMTX_OK) {
        tt_thcon_guest_error(s, t, insn, "%s at unmapped address 0x%08x; %s",
                             write ? "store" : "load", addr,
                             write ? "dropped" : "loads 0");
        return 0;
    }
    return val;
}

/* ---------------------------------------------------------------------- */
/* Entry: soft reset and the busy Scalar Unit                             */
/* ---------------------------------------------------------------------- */

/*
 * Is the Scalar Unit still held by a retrying atomic of another thread?
 * The mark is stale if that thread no longer presents the instruction
 * (its FIFO was flushed by a soft reset).
 */
static bool tt_thcon_held_by_other(TTCoproc *s, int t)
{
    TTThconState *tc = &s->thcon;
    int owner = (int)tc->busy - 1;
    uint32_t head;

    if (!tc->busy || owner == t) {
        return false;
    }
    if (owner < TT_NUM_THREADS && tt_frontend_peek(s, owner, &head, NULL) &&
        head == tc->busy_insn) {
        return true;
    }
    tc->busy = 0;
    return false;
}

/*
 * SoftReset.md: while SOFT_RESET_0 bit 8 (glue) is held no new ThCon
 * instruction starts; while bit 9 (Scalar Unit) is held only DMANOP and
 * SETDMAREG do.  Releasing the bits kicks the coprocessor.
 */
static bool tt_thcon_in_soft_reset(TTCoproc *s, uint32_t op)
{
    uint32_t sr = s->soft_reset;

    if (extract32(sr, 8, 1)) {
        return true;
    }
    return extract32(sr, 9, 1) && op != TT_OP_DMANOP &&
           op != TT_OP_SETDMAREG;
}

/*
 * Every ThCon instruction starts here.  False: it cannot start yet (a
 * soft reset holds the unit, or another thread's ATCAS / ATINCGETPTR is
 * retrying inside it); the instruction returns TT_EXEC_STALL.
 */
static bool tt_thcon_enter(TTCoproc *s, int t, uint32_t insn)
{
    if (tt_thcon_in_soft_reset(s, TT_INSN_OPCODE(insn))) {
        trace_tt_thcon_soft_reset(t, insn);
        return false;
    }
    if (tt_thcon_held_by_other(s, t)) {
        trace_tt_thcon_busy(t, s->thcon.busy - 1);
        return false;
    }
    /* The holder itself is back: it sets the mark again if it retries */
    s->thcon.busy = 0;
    return true;
}

/*
 * A GPR index in a field that assembly.yaml makes wider than the 6 bits
 * the functional model uses (ResultReg of ADDDMAREG.md, SUBDMAREG.md and
 * MULDMAREG.md, bits 17:12; DataReg of ATSWAP.md, bits 11:6): its low
 * 6 bits.
 */
static unsigned tt_gpr_index(uint32_t field)
{
    return field & (TT_NUM_GPRS - 1);
}

/* ---------------------------------------------------------------------- */
/* SETDMAREG (SETDMAREG_Immediate.md, SETDMAREG_Special.md)               */
/* ---------------------------------------------------------------------- */

/*
 * assembly.yaml splits SETDMAREG bits 23:8 into Payload_SigSel (21:8) and
 * Payload_SigSelSize (23:22).  SETDMAREG_Immediate.md: they are together
 * the 16-bit immediate.  SETDMAREG_Special.md: Payload_SigSel holds
 * InputHalfReg (its bits 2:0), InputSource (6:3) and WhichPackers
 * (10:7); Payload_SigSelSize is ResultSize.
 */
static uint32_t tt_setdmareg_imm16(uint32_t insn)
{
    return FIELD_EX32(insn, SETDMAREG, Payload_SigSel) |
           (FIELD_EX32(insn, SETDMAREG, Payload_SigSelSize) <<
            R_SETDMAREG_Payload_SigSel_LENGTH);
}

/*
 * SETDMAREG_Special.md: 128 bits of packer state (the metadata in
 * TTMoverState, the exponent histograms in TTPackState) or configuration
 * (the tile header's DataFormat and DisableZeroCompression).
 */
static void tt_thcon_setdmareg_special(TTCoproc *s, int t,
                                       uint32_t insn)
{
    const TTThconArch *ta = &tt_thcon_arch[s->arch->id];
    uint32_t *gpr = s->thread[t].gpr;
    uint32_t sig_sel = FIELD_EX32(insn, SETDMAREG, Payload_SigSel);
    unsigned res_half = FIELD_EX32(insn, SETDMAREG, RegIndex16b);
    unsigned in_half = extract32(sig_sel, 0, 3);
    unsigned src = extract32(sig_sel, 3, 4);
    unsigned which = extract32(sig_sel, 7, 4);     /* WhichPackers */
    unsigned size = FIELD_EX32(insn, SETDMAREG, Payload_SigSelSize);
    uint32_t v[4] = { 0, 0, 0, 0 };
    uint8_t hist[16];
    uint32_t *g;

    switch (src) {
    case TT_SIG_TILE_SIZES:
        /* AccTileSize[CurrentThread] << 16 | PackerTileSize(i, thread) */
        for (int i = 0; i < TT_NUM_PACKERS; i++) {
            v[i] = (tt_mover_packer_acc_tile_size(s, i, t) << 16) |
                   (tt_mover_packer_tile_size(s, i, t) & 0xffff);
        }
        break;
    case TT_SIG_ALL_ZERO_FLAGS:
        for (int i = 0; i < TT_NUM_PACKERS; i++) {
            v[i] = tt_mover_packer_all_zero_flags(s, i);
        }
        break;
    case TT_SIG_EXP_HIST0:
    case TT_SIG_EXP_HIST1:
        /* 16 saturating 8-bit bins of packer WhichPackers & 3 */
        tt_pack_get_exp_hist(s, which & 3, (src - TT_SIG_EXP_HIST0) * 16,
                             hist, sizeof(hist));
        for (int i = 0; i < 4; i++) {
            v[i] = ldl_le_p(&hist[4 * i]);
        }
        break;
    case TT_SIG_CLEAR_ACC:
        /* AllZeroFlags.Bit[0] of each packer; WhichPackers (a mask) reset */
        for (int i = 0; i < TT_NUM_PACKERS; i++) {
            v[0] |= (tt_mover_packer_all_zero_flags(s, i) & 1) << i;
            if (which & BIT(i)) {
                tt_mover_packer_reset_acc(s, i);
            }
        }
        break;
    case TT_SIG_EXP_MAX:
        v[0] = tt_pack_exp_hist_max(s, 0);
        break;
    case TT_SIG_TILE_HEADER0 ... TT_SIG_TILE_HEADER3: {
        unsigned i = src - TT_SIG_TILE_HEADER0;
        int state = tt_cfg_state_id(s, t);
        uint32_t w0, wi, dzc;

        if (i >= ta->num_tile_headers) {
            tt_thcon_guest_error(s, t, insn, "InputSource %u is reserved on "
                                 "this architecture; reads 0", src);
            break;
        }
        w0 = tt_cfg_read(s, state, ta->pack_cfg_word[0]);
        wi = tt_cfg_read(s, state, ta->pack_cfg_word[i]);
        /* TileSize = (LastThread == CurrentThread ? LastTileSize : 0) + 1 */
        v[0] = (tt_mover_packer_tile_size(s, i, t) + 1) & 0xffff;
        /* All_pack_disable_zero_compress_ovrd ? ...compress.Bit[i] : own */
        if (extract32(w0, 21, 1)) {
            dzc = extract32(w0, 17 + i, 1);
        } else {
            dzc = extract32(wi, 0, 1);
        }
        /* DataFormat (Out_data_format) bits 19:16, DisableZeroCompression 20 */
        v[1] = (extract32(wi, 4, 4) << 16) | (dzc << 20);
        v[2] = tt_mover_packer_all_zero_flags(s, i);
        break;
    }
    default:
        /* InputSource 10-15: nothing selected, Values stay 0 */
        break;
    }

    switch (size) {
    case 0:     /* 16 bits: any half of Values to any half of any GPR */
        tt_gpr_set_half(gpr, res_half, extract32(v[in_half >> 1],
                                                 (in_half & 1) * 16, 16));
        break;
    case 1:     /* 32 bits */
        gpr[res_half >> 1] = v[in_half >> 1];
        break;
    case 2:     /* 128 bits into four consecutive GPRs */
        g = &gpr[(res_half >> 1) & 0x3c];
        memcpy(g, v, sizeof(v));
        break;
    case 3:     /* tile header, leaving its reserved fields alone */
        g = &gpr[(res_half >> 1) & 0x3c];
        g[0] = deposit32(g[0], 0, 16, v[0]);
        /* DataFormat, DisableZeroCompression, SpareBits: bits 23:16 */
        g[1] = deposit32(g[1], 16, 8, extract32(v[1], 16, 8));
        g[2] = v[2];
        break;
    }
}

TTExec tt_setdmareg(TTCoproc *s, int t, uint32_t insn)
{
    if (!tt_thcon_enter(s, t, insn)) {
        return TT_EXEC_STALL;
    }
    if (!FIELD_EX32(insn, SETDMAREG, SetSignalsMode)) {
        /* SETDMAREG_Immediate.md: 16 bits into one half of a GPR */
        tt_gpr_set_half(s->thread[t].gpr,
                        FIELD_EX32(insn, SETDMAREG, RegIndex16b),
                        tt_setdmareg_imm16(insn));
    } else {
        tt_thcon_setdmareg_special(s, t, insn);
    }
    return TT_EXEC_DONE;
}

/* ---------------------------------------------------------------------- */
/* ADDDMAREG ... CMPDMAREG                                                */
/* ---------------------------------------------------------------------- */

/* The right operand: GPR RightReg, or RightImm6 itself if OpBisConst */
static uint32_t tt_dmareg_right(const uint32_t *gpr, uint32_t opb, bool imm)
{
    return imm ? opb : gpr[opb];
}

/*
 * Mode of BITWOPDMAREG.md, CMPDMAREG.md and SHIFTDMAREG.md is u3, bits
 * 20:18: the low 3 bits of the 5-bit OpSel field of assembly.yaml.
 */
static unsigned tt_dmareg_mode(uint32_t op_sel)
{
    return op_sel & 7;
}

static void tt_dmareg_bad_mode(TTCoproc *s, int t, uint32_t insn,
                               unsigned mode, unsigned result)
{
    tt_thcon_guest_error(s, t, insn, "Mode %u is undefined behaviour; GPR %u "
                         "left unchanged", mode, result);
}

TTExec tt_adddmareg(TTCoproc *s, int t, uint32_t insn)
{
    uint32_t *gpr = s->thread[t].gpr;
    uint32_t left = gpr[FIELD_EX32(insn, ADDDMAREG, OpARegIndex)];
    uint32_t right = tt_dmareg_right(gpr,
                                     FIELD_EX32(insn, ADDDMAREG, OpBRegIndex),
                                     FIELD_EX32(insn, ADDDMAREG, OpBisConst));
    unsigned result = tt_gpr_index(FIELD_EX32(insn, ADDDMAREG,
                                              ResultRegIndex));

    if (!tt_thcon_enter(s, t, insn)) {
        return TT_EXEC_STALL;
    }
    gpr[result] = left + right;
    return TT_EXEC_DONE;
}

TTExec tt_subdmareg(TTCoproc *s, int t, uint32_t insn)
{
    uint32_t *gpr = s->thread[t].gpr;
    uint32_t left = gpr[FIELD_EX32(insn, SUBDMAREG, OpARegIndex)];
    uint32_t right = tt_dmareg_right(gpr,
                                     FIELD_EX32(insn, SUBDMAREG, OpBRegIndex),
                                     FIELD_EX32(insn, SUBDMAREG, OpBisConst));
    unsigned result = tt_gpr_index(FIELD_EX32(insn, SUBDMAREG,
                                              ResultRegIndex));

    if (!tt_thcon_enter(s, t, insn)) {
        return TT_EXEC_STALL;
    }
    gpr[result] = left - right;
    return TT_EXEC_DONE;
}

TTExec tt_muldmareg(TTCoproc *s, int t, uint32_t insn)
{
    uint32_t *gpr = s->thread[t].gpr;
    uint32_t left = gpr[FIELD_EX32(insn, MULDMAREG, OpARegIndex)];
    uint32_t right = tt_dmareg_right(gpr,
                                     FIELD_EX32(insn, MULDMAREG, OpBRegIndex),
                                     FIELD_EX32(insn, MULDMAREG, OpBisConst));
    unsigned result = tt_gpr_index(FIELD_EX32(insn, MULDMAREG,
                                              ResultRegIndex));

    if (!tt_thcon_enter(s, t, insn)) {
        return TT_EXEC_STALL;
    }
    gpr[result] = (left & 0xffff) * (right & 0xffff);
    return TT_EXEC_DONE;
}

TTExec tt_bitwopdmareg(TTCoproc *s, int t, uint32_t insn)
{
    uint32_t *gpr = s->thread[t].gpr;
    uint32_t left = gpr[FIELD_EX32(insn, BITWOPDMAREG, OpARegIndex)];
    uint32_t right =
        tt_dmareg_right(gpr, FIELD_EX32(insn, BITWOPDMAREG, OpBRegIndex),
                        FIELD_EX32(insn, BITWOPDMAREG, OpBisConst));
    unsigned result = FIELD_EX32(insn, BITWOPDMAREG, ResultRegIndex);
    unsigned mode = tt_dmareg_mode(FIELD_EX32(insn, BITWOPDMAREG, OpSel));

    if (!tt_thcon_enter(s, t, insn)) {
        return TT_EXEC_STALL;
    }
    switch (mode) {
    case 0:
        gpr[result] = left & right;
        break;
    case 1:
        gpr[result] = left | right;
        break;
    case 2:
        gpr[result] = left ^ right;
        break;
    default:
        tt_dmareg_bad_mode(s, t, insn, mode, result);
        break;
    }
    return TT_EXEC_DONE;
}

TTExec tt_shiftdmareg(TTCoproc *s, int t, uint32_t insn)
{
    uint32_t *gpr = s->thread[t].gpr;
    uint32_t left = gpr[FIELD_EX32(insn, SHIFTDMAREG, OpARegIndex)];
    /* RightImm5 is bits 10:6; a register shift amount is taken mod 32 */
    uint32_t right =
        tt_dmareg_right(gpr, FIELD_EX32(insn, SHIFTDMAREG, OpBRegIndex),
                        FIELD_EX32(insn, SHIFTDMAREG, OpBisConst)) & 0x1f;
    unsigned result = FIELD_EX32(insn, SHIFTDMAREG, ResultRegIndex);
    unsigned mode = tt_dmareg_mode(FIELD_EX32(insn, SHIFTDMAREG, OpSel));

    if (!tt_thcon_enter(s, t, insn)) {
        return TT_EXEC_STALL;
    }
    switch (mode) {
    case 0:
        gpr[result] = left << right;
        break;
    case 1:
        gpr[result] = left >> right;
        break;
    default:
        tt_dmareg_bad_mode(s, t, insn, mode, result);
        break;
    }
    return TT_EXEC_DONE;
}

TTExec tt_cmpdmareg(TTCoproc *s, int t, uint32_t insn)
{
    uint32_t *gpr = s->thread[t].gpr;
    uint32_t left = gpr[FIELD_EX32(insn, CMPDMAREG, OpARegIndex)];
    uint32_t right = tt_dmareg_right(gpr,
                                     FIELD_EX32(insn, CMPDMAREG, OpBRegIndex),
                                     FIELD_EX32(insn, CMPDMAREG, OpBisConst));
    unsigned result = FIELD_EX32(insn, CMPDMAREG, ResultRegIndex);
    unsigned mode = tt_dmareg_mode(FIELD_EX32(insn, CMPDMAREG, OpSel));

    if (!tt_thcon_enter(s, t, insn)) {
        return TT_EXEC_STALL;
    }
    switch (mode) {
    case 0:
        gpr[result] = left > right;
        break;
    case 1:
        gpr[result] = left < right;
        break;
    case 2:
        gpr[result] = left == right;
        break;
    default:
        tt_dmareg_bad_mode(s, t, insn, mode, result);
        break;
    }
    return TT_EXEC_DONE;
}

/* ---------------------------------------------------------------------- */
/* LOADIND, STOREIND                                                      */
/* ---------------------------------------------------------------------- */

/* The Size field's access: 0 16 bytes, 1 4, 2 2, 3 1 (L1Address aligned) */
static const uint8_t tt_ind_len[4] = { 16, 4, 2, 1 };

TTExec tt_loadind(TTCoproc *s, int t, uint32_t insn)
{
    uint32_t *gpr = s->thread[t].gpr;
    unsigned areg = FIELD_EX32(insn, LOADIND, AddrRegIndex);
    unsigned reg = FIELD_EX32(insn, LOADIND, DataRegIndex);
    unsigned inc = FIELD_EX32(insn, LOADIND, AutoIncSpec);
    /* LOADIND.md: OffsetHalfReg is u7, bits 20:14 of 8-bit OffsetIndex */
    unsigned ohalf = FIELD_EX32(insn, LOADIND, OffsetIndex) & 0x7f;
    unsigned size = FIELD_EX32(insn, LOADIND, SizeSel);
    uint32_t addr = gpr[areg] * 16 + tt_gpr_half(gpr, ohalf);
    unsigned len = tt_ind_len[size];
    uint8_t buf[16];

    if (!tt_thcon_enter(s, t, insn)) {
        return TT_EXEC_STALL;
    }
    tt_thcon_bump_offset(gpr, ohalf, inc);
    if (!tt_thcon_l1_read(s, addr & ~(len - 1), buf, len)) {
        tt_thcon_guest_error(s, t, insn, "L1 address 0x%08x outside L1 "
                             "(undefined behaviour); GPR left unchanged",
                             addr);
        return TT_EXEC_DONE;
    }
    trace_tt_thcon_l1(t, "LOADIND", addr & ~(len - 1), len);
    switch (size) {
    case 0:
        for (int i = 0; i < 4; i++) {
            gpr[(reg & 0x3c) + i] = ldl_le_p(buf + 4 * i);
        }
        break;
    case 1:
        gpr[reg] = ldl_le_p(buf);
        break;
    case 2:
        gpr[reg] = deposit32(gpr[reg], 0, 16, lduw_le_p(buf));
        break;
    case 3:
        gpr[reg] = deposit32(gpr[reg], 0, 8, buf[0]);
        break;
    }
    return TT_EXEC_DONE;
}

/*
 * STOREIND (L1): MemHierSel = 1.  STOREIND_L1.md's Size is bits 22:21,
 * which assembly.yaml splits into SizeSel (bit 22) and RegSizeSel (21).
 */
static void tt_thcon_storeind_l1(TTCoproc *s, int t, uint32_t insn)
{
    uint32_t *gpr = s->thread[t].gpr;
    unsigned areg = FIELD_EX32(insn, STOREIND, AddrRegIndex);
    unsigned reg = FIELD_EX32(insn, STOREIND, DataRegIndex);
    unsigned inc = FIELD_EX32(insn, STOREIND, AutoIncSpec);
    unsigned ohalf = FIELD_EX32(insn, STOREIND, OffsetIndex);
    unsigned size = (FIELD_EX32(insn, STOREIND, SizeSel) << 1) |
                    FIELD_EX32(insn, STOREIND, RegSizeSel);
    uint32_t addr = gpr[areg] * 16 + tt_gpr_half(gpr, ohalf);
    unsigned len = tt_ind_len[size];
    uint8_t buf[16];

    /* The data GPRs are read after the offset increment */
    tt_thcon_bump_offset(gpr, ohalf, inc);
    if (size == 0) {
        for (int i = 0; i < 4; i++) {
            stl_le_p(buf + 4 * i, gpr[(reg & 0x3c) + i]);
        }
    } else {
        stl_le_p(buf, gpr[reg]);
    }
    if (!tt_thcon_l1_write(s, addr & ~(len - 1), buf, len)) {
        tt_thcon_guest_error(s, t, insn, "L1 address 0x%08x outside L1 "
                             "(undefined behaviour); store dropped", addr);
        return;
    }
    trace_tt_thcon_l1(t, "STOREIND", addr & ~(len - 1), len);
}

/* STOREIND (MMIO): MemHierSel = 0, SizeSel = 1 */
static void tt_thcon_storeind_mmio(TTCoproc *s, int t, uint32_t insn)
{
    uint32_t *gpr = s->thread[t].gpr;
    unsigned areg = FIELD_EX32(insn, STOREIND, AddrRegIndex);
    unsigned reg = FIELD_EX32(insn, STOREIND, DataRegIndex);
    unsigned inc = FIELD_EX32(insn, STOREIND, AutoIncSpec);
    unsigned ohalf = FIELD_EX32(insn, STOREIND, OffsetIndex);
    uint32_t addr = gpr[areg] + (tt_gpr_half(gpr, ohalf) >> 4);

    addr = TT_THCON_MMIO_BASE + (addr & 0x000ffffc);
    tt_thcon_mmio_access(s, t, insn, addr, gpr[reg], true);
    tt_thcon_bump_offset(gpr, ohalf, inc);
}

/* BF16 in the low half as Sign(1) Man(7) Exp(8) -> Src Sign Man(10) Exp */
static uint32_t tt_read_bf16_lo(uint32_t x)
{
    return ((x & 0x8000) << 3) | ((x & 0x7f00) << 3) | (x & 0xff);
}

/* BF16 in the high half as Sign(1) Exp(8) Man(7) -> Src Sign Man(10) Exp */
static uint32_t tt_read_bf16_hi(uint32_t x)
{
    return ((x >> 31) << 18) | (((x >> 16) & 0x7f) << 11) |
           ((x >> 23) & 0xff);
}

/*
 * STOREIND (Src): MemHierSel = 0, SizeSel = 0; RegSizeSel selects SrcB.
 * It waits while the unpackers' current bank of the target belongs to
 * the matrix unit.  The functional model waits after bumping the offset
 * register; nothing but this thread writes its own GPRs, so checking
 * before any side effect (and retrying) is equivalent.
 */
static bool tt_thcon_storeind_src_ready(TTCoproc *s, uint32_t insn)
{
    const TTSrcRegs *r = &s->src;

    if (FIELD_EX32(insn, STOREIND, RegSizeSel)) {
        return r->b_client[r->unp_bank[1]] == TT_SRC_CLIENT_UNPACKERS;
    }
    return r->a_client[r->unp_bank[0]] == TT_SRC_CLIENT_UNPACKERS;
}

static void tt_thcon_storeind_src(TTCoproc *s, int t, uint32_t insn)
{
    const TTThconArch *ta = &tt_thcon_arch[s->arch->id];
    uint32_t *gpr = s->thread[t].gpr;
    unsigned areg = FIELD_EX32(insn, STOREIND, AddrRegIndex);
    unsigned reg = FIELD_EX32(insn, STOREIND, DataRegIndex) & 0x3c;
    unsigned inc = FIELD_EX32(insn, STOREIND, AutoIncSpec);
    unsigned ohalf = FIELD_EX32(insn, STOREIND, OffsetIndex);
    bool to_b = FIELD_EX32(insn, STOREIND, RegSizeSel);
    uint32_t datum[4];
    uint32_t addr;
    unsigned col0;
    int row;
    uint32_t (*dst)[TT_SRC_COLS];

    datum[0] = tt_read_bf16_lo(gpr[reg]);
    datum[1] = tt_read_bf16_hi(gpr[reg]);
    datum[2] = tt_read_bf16_lo(gpr[reg + 1]);
    datum[3] = tt_read_bf16_hi(gpr[reg + 1]);

    addr = (gpr[areg] + (tt_gpr_half(gpr, ohalf) >> 4)) & 0xfffff;
    tt_thcon_bump_offset(gpr, ohalf, inc);
    if (addr & 0xf0000) {
        tt_thcon_guest_error(s, t, insn, "address 0x%05x has bits 19:16 set "
                             "(undefined behaviour); dropped", addr);
        return;
    }
    col0 = (addr & 3) * 4;
    if (to_b) {
        row = addr >> 2;
        if (row >= 16) {
            tt_thcon_guest_error(s, t, insn, "SrcB row %d >= 16 (undefined "
                                 "behaviour); dropped", row);
            return;
        }
        row += s->src.unp_row[1][t];     /* adds 0 / 16 / 32 / 48 */
        dst = s->src.b[s->src.unp_bank[1]].v;
        tt_src_touch(&s->src, 1, s->src.unp_bank[1]);
    } else {
        bool ovrd = extract32(s->cfg.thd[t][ta->thd_srca_set], 2, 1);

        row = (int)(addr >> 2) - 4;
        if (row < 0) {
            /* Rows -4..-1: documented as writing nothing */
            return;
        }
        if (row >= (ovrd ? 64 : 16)) {
            tt_thcon_guest_error(s, t, insn, "SrcA row %d >= %d (undefined "
                                 "behaviour); dropped", row, ovrd ? 64 : 16);
            return;
        }
        if (!ovrd) {
            row += s->src.unp_row[0][t];
        }
        dst = s->src.a[s->src.unp_bank[0]].v;
        tt_src_touch(&s->src, 0, s->src.unp_bank[0]);
    }
    for (int i = 0; i < 4; i++) {
        dst[row][col0 + i] = datum[i];
    }
    trace_tt_thcon_src(t, to_b ? 'B' : 'A', row, col0);
}

TTExec tt_storeind(TTCoproc *s, int t, uint32_t insn)
{
    if (!tt_thcon_enter(s, t, insn)) {
        return TT_EXEC_STALL;
    }
    if (FIELD_EX32(insn, STOREIND, MemHierSel)) {
        tt_thcon_storeind_l1(s, t, insn);
    } else if (FIELD_EX32(insn, STOREIND, SizeSel)) {
        tt_thcon_storeind_mmio(s, t, insn);
    } else {
        if (!tt_thcon_storeind_src_ready(s, insn)) {
            return TT_EXEC_STALL;
        }
        tt_thcon_storeind_src(s, t, insn);
    }
    return TT_EXEC_DONE;
}

/* ---------------------------------------------------------------------- */
/* LOADREG, STOREREG (LOADREG.md, STOREREG.md): 0xFFB00000 + RegAddr * 4  */
/* ---------------------------------------------------------------------- */

TTExec tt_loadreg(TTCoproc *s, int t, uint32_t insn)
{
    if (!tt_thcon_enter(s, t, insn)) {
        return TT_EXEC_STALL;
    }
    s->thread[t].gpr[FIELD_EX32(insn, LOADREG, TdmaDataRegIndex)] =
        tt_thcon_mmio_access(s, t, insn, TT_THCON_MMIO_BASE +
                             (FIELD_EX32(insn, LOADREG, RegAddr) << 2),
                             0, false);
    return TT_EXEC_DONE;
}

TTExec tt_storereg(TTCoproc *s, int t, uint32_t insn)
{
    if (!tt_thcon_enter(s, t, insn)) {
        return TT_EXEC_STALL;
    }
    tt_thcon_mmio_access(s, t, insn, TT_THCON_MMIO_BASE +
                         (FIELD_EX32(insn, STOREREG, RegAddr) << 2),
                         s->thread[t].gpr[FIELD_EX32(insn, STOREREG,
                                                     TdmaDataRegIndex)],
                         true);
    return TT_EXEC_DONE;
}

/* ---------------------------------------------------------------------- */
/* Atomics                                                                */
/* ---------------------------------------------------------------------- */

/*
 * ATCAS / ATINCGETPTR found their condition false: they retry inside the
 * Scalar Unit, which stays busy (no other thread's ThCon instruction may
 * enter).  Nothing else has changed; the instruction is retried on the
 * next kick.  The busy mark is the only state this leaves behind, and it
 * is idempotent: a retry sets it again.
 */
static TTExec tt_thcon_retry(TTCoproc *s, int t, uint32_t insn,
                             const char *what, uint32_t addr)
{
    s->thcon.busy = t + 1;
    s->thcon.busy_insn = insn;
    trace_tt_thcon_retry(t, what, addr);
    return TT_EXEC_STALL;
}

TTExec tt_atcas(TTCoproc *s, int t, uint32_t insn)
{
    uint32_t *gpr = s->thread[t].gpr;
    uint32_t addr = gpr[FIELD_EX32(insn, ATCAS, AddrRegIndex)] * 16 +
                    FIELD_EX32(insn, ATCAS, Sel32b) * 4;
    uint32_t cmp = FIELD_EX32(insn, ATCAS, CmpVal);
    /* ATCAS.md: SetVal is u4, bits 21:18 of the 5-bit SwapVal */
    uint32_t set = FIELD_EX32(insn, ATCAS, SwapVal) & 0xf;
    uint8_t buf[4];

    if (!tt_thcon_enter(s, t, insn)) {
        return TT_EXEC_STALL;
    }
    if (!tt_thcon_l1_read(s, addr, buf, 4)) {
        tt_thcon_guest_error(s, t, insn, "L1 address 0x%08x outside L1 "
                             "(undefined behaviour); dropped", addr);
        return TT_EXEC_DONE;
    }
    if (ldl_le_p(buf) != cmp) {
        return tt_thcon_retry(s, t, insn, "ATCAS", addr);
    }
    stl_le_p(buf, set);
    tt_thcon_l1_write(s, addr, buf, 4);
    trace_tt_thcon_l1(t, "ATCAS", addr, 4);
    return TT_EXEC_DONE;
}

TTExec tt_atincget(TTCoproc *s, int t, uint32_t insn)
{
    uint32_t *gpr = s->thread[t].gpr;
    uint32_t addr = gpr[FIELD_EX32(insn, ATINCGET, AddrRegIndex)] * 16 +
                    FIELD_EX32(insn, ATINCGET, Sel32b) * 4;
    unsigned reg = FIELD_EX32(insn, ATINCGET, DataRegIndex);
    /* ATINCGET.md: IntWidth is u5, bits 18:14 of the 9-bit WrapVal */
    unsigned int_width = FIELD_EX32(insn, ATINCGET, WrapVal) & 0x1f;
    uint32_t mask = (2u << int_width) - 1;
    uint32_t orig, incd;
    uint8_t buf[4];

    if (!tt_thcon_enter(s, t, insn)) {
        return TT_EXEC_STALL;
    }
    if (!tt_thcon_l1_read(s, addr, buf, 4)) {
        tt_thcon_guest_error(s, t, insn, "L1 address 0x%08x outside L1 "
                             "(undefined behaviour); dropped", addr);
        return TT_EXEC_DONE;
    }
    orig = ldl_le_p(buf);
    incd = orig + gpr[reg];
    stl_le_p(buf, (incd & mask) | (orig & ~mask));
    tt_thcon_l1_write(s, addr, buf, 4);
    gpr[reg] = orig;
    trace_tt_thcon_l1(t, "ATINCGET", addr, 4);
    return TT_EXEC_DONE;
}

TTExec tt_atincgetptr(TTCoproc *s, int t, uint32_t insn)
{
    uint32_t *gpr = s->thread[t].gpr;
    uint32_t addr = gpr[FIELD_EX32(insn, ATINCGETPTR, AddrRegIndex)] * 16;
    unsigned reg = FIELD_EX32(insn, ATINCGETPTR, DataRegIndex);
    unsigned ofs = FIELD_EX32(insn, ATINCGETPTR, Sel32b);
    unsigned width = FIELD_EX32(insn, ATINCGETPTR, WrapVal);
    uint32_t incr = (uint32_t)!FIELD_EX32(insn, ATINCGETPTR, NoIncr) <<
                    FIELD_EX32(insn, ATINCGETPTR, IncrVal);
    uint32_t mask = (1u << width) - 1;
    uint32_t words[4], size, orig;
    bool empty;

    if (!tt_thcon_enter(s, t, insn)) {
        return TT_EXEC_STALL;
    }
    if (!tt_thcon_l1_read(s, addr, words, 16)) {
        tt_thcon_guest_error(s, t, insn, "L1 address 0x%08x outside L1 "
                             "(undefined behaviour); dropped", addr);
        return TT_EXEC_DONE;
    }
    for (int i = 0; i < 4; i++) {
        words[i] = le32_to_cpu(words[i]);
    }
    size = words[1] - words[0];         /* Wr - Rd */
    empty = size == 0;
    if (ofs & 1) {
        uint32_t capacity = width ? 1u << (width - 1) : 0x8000;

        if (size % capacity == 0 && !empty) {
            return tt_thcon_retry(s, t, insn, "ATINCGETPTR (full)", addr);
        }
    } else if (empty) {
        return tt_thcon_retry(s, t, insn, "ATINCGETPTR (empty)", addr);
    }
    orig = words[ofs];
    words[ofs] = ((orig + incr) & mask) | (orig & ~mask);
    words[ofs] = cpu_to_le32(words[ofs]);
    tt_thcon_l1_write(s, addr + 4 * ofs, &words[ofs], 4);
    gpr[reg] = orig;
    trace_tt_thcon_l1(t, "ATINCGETPTR", addr + 4 * ofs, 4);
    return TT_EXEC_DONE;
}

TTExec tt_atswap(TTCoproc *s, int t, uint32_t insn)
{
    uint32_t *gpr = s->thread[t].gpr;
    uint32_t addr = gpr[FIELD_EX32(insn, ATSWAP, AddrRegIndex)] * 16;
    unsigned reg = tt_gpr_index(FIELD_EX32(insn, ATSWAP, DataRegIndex));
    /*
     * ATSWAP.md: Mask is u8, bits 21:14, and SingleDataReg bit 22; both
     * are in the 9-bit SwapMask.
     */
    uint32_t swap_mask = FIELD_EX32(insn, ATSWAP, SwapMask);
    unsigned mask = extract32(swap_mask, 0, 8);
    bool single = extract32(swap_mask, 8, 1);
    uint8_t data[16], l1[16];

    if (!tt_thcon_enter(s, t, insn)) {
        return TT_EXEC_STALL;
    }
    memset(data, 0, sizeof(data));
    if (single) {
        stl_le_p(data + (reg & 3) * 4, gpr[reg]);
    } else {
        for (int i = 0; i < 4; i++) {
            stl_le_p(data + 4 * i, gpr[(reg & 0x3c) + i]);
        }
    }
    if (!tt_thcon_l1_read(s, addr, l1, 16)) {
        tt_thcon_guest_error(s, t, insn, "L1 address 0x%08x outside L1 "
                             "(undefined behaviour); dropped", addr);
        return TT_EXEC_DONE;
    }
    for (int i = 0; i < 8; i++) {
        if (mask & (1u << i)) {
            memcpy(l1 + 2 * i, data + 2 * i, 2);
        }
    }
    tt_thcon_l1_write(s, addr, l1, 16);
    trace_tt_thcon_l1(t, "ATSWAP", addr, 16);
    return TT_EXEC_DONE;
}

/* ---------------------------------------------------------------------- */
/* REG2FLOP (REG2FLOP_Configuration.md, REG2FLOP_ADC.md)                  */
/* ---------------------------------------------------------------------- */

/*
 * The functional model starts with UnsupportedFunctionality() ("no known
 * usage, confidence in specification below is weak"): we follow the
 * model, and say so once per process (kernels may use it in loops).
 */
enum {
    TT_UNSUP_ADC,
    TT_UNSUP_CFG_BH,
    TT_UNSUP_CFG_128,
    TT_UNSUP__MAX
};

static void tt_thcon_unsupported(TTCoproc *s, int t, uint32_t insn,
                                 int kind, const char *what)
{
    static bool logged[TT_UNSUP__MAX];

    if (!logged[kind]) {
        logged[kind] = true;
        tt_thcon_guest_error(s, t, insn, "%s is UnsupportedFunctionality "
                             "(no known usage); following the documented "
                             "model (reported once)", what);
    }
}

TTExec tt_reg2flop(TTCoproc *s, int t, uint32_t insn)
{
    const TTThconArch *ta = &tt_thcon_arch[s->arch->id];
    uint32_t *gpr = s->thread[t].gpr;
    unsigned reg = FIELD_EX32(insn, REG2FLOP, RegIndex);
    uint32_t flop = FIELD_EX32(insn, REG2FLOP, FlopIndex);
    unsigned target = FIELD_EX32(insn, REG2FLOP, TargetSel);
    unsigned size = FIELD_EX32(insn, REG2FLOP, SizeSel);

    if (!tt_thcon_enter(s, t, insn)) {
        return TT_EXEC_STALL;
    }
    if (target & 2) {
        /* ADC mode */
        unsigned shift8 = FIELD_EX32(insn, REG2FLOP, ByteOffset);
        uint32_t value = gpr[reg];
        int which = t;

        tt_thcon_unsupported(s, t, insn, TT_UNSUP_ADC, "ADC mode");
        switch (size) {
        case 0:     /* 128 bits: not valid */
            value = 0;
            break;
        case 1:     /* 32 bits */
            if (shift8 != 0) {
                value = 0;
            }
            break;
        case 2:     /* 16 bits */
            if (shift8 == 0) {
                value &= 0xffff;
            } else if (shift8 == 2) {
                value >>= 16;
            } else {
                value = 0;
            }
            break;
        case 3:     /* 8 bits */
            value = (value >> (shift8 * 8)) & 0xff;
            break;
        }
        if (target & 1) {               /* OverrideThread */
            which = FIELD_EX32(insn, REG2FLOP, ContextId_2);
        }
        /*
         * REG2FLOP_ADC.md: XYZW, Cr, ADCSel and Channel are bits 11:6,
         * the low 6 bits of the 10-bit FlopIndex.  ThreadSel 3 and
         * ADCSel 3 write nothing (tt_adc.c checks).
         */
        tt_adc_write_counter(s, which, extract32(flop, 0, 6), value);
        return TT_EXEC_DONE;
    }
    if (target == 1) {
        tt_thcon_guest_error(s, t, insn, "TargetSel 1 has no documented "
                             "behaviour; dropped");
        return TT_EXEC_DONE;
    } else {
        /*
         * REG2FLOP_Configuration.md: ThConCfgIndex is u7, bits 12:6, the
         * low 7 bits of the 10-bit FlopIndex.
         */
        unsigned idx = extract32(flop, 0, 7);
        uint32_t limit = s->arch->cfg_global_base - ta->thcon_cfg_base;
        int state = tt_cfg_state_id(s, t);
        uint32_t base = ta->thcon_cfg_base;

        if (ta->reg2flop_cfg_unsupported) {
            tt_thcon_unsupported(s, t, insn, TT_UNSUP_CFG_BH,
                                 "configuration mode on Blackhole");
        } else if (size == 0) {
            tt_thcon_unsupported(s, t, insn, TT_UNSUP_CFG_128,
                                 "a 128-bit configuration write");
        }
        if (idx >= limit) {
            tt_thcon_guest_error(s, t, insn, "ThConCfgIndex %u >= %u is not "
                                 "THCON_ configuration (undefined "
                                 "behaviour); dropped", idx, limit);
            return TT_EXEC_DONE;
        }
        if (size == 0) {
            for (int i = 0; i < 4; i++) {
                tt_cfg_write_word(s, state, base + (idx & ~3u) + i,
                                  gpr[(reg & ~3u) + i]);
            }
        } else {
            tt_cfg_write_word(s, state, base + idx, gpr[reg]);
        }
        trace_tt_thcon_reg2flop(t, state, base + (size ? idx : idx & ~3u),
                                size ? 1 : 4);
    }
    return TT_EXEC_DONE;
}

/* ---------------------------------------------------------------------- */
/* FLUSHDMA, DMANOP, RSTDMA                                               */
/* ---------------------------------------------------------------------- */

TTExec tt_flushdma(TTCoproc *s, int t, uint32_t insn)
{
    if (!tt_thcon_enter(s, t, insn)) {
        return TT_EXEC_STALL;
    }
    /*
     * C0 (ThCon memory requests of this thread), C1/C2 (this thread's
     * instructions in the unpackers), C3 (in packer 0): every unit
     * retires its instruction before the thread's next one is looked
     * at, so all four conditions are met at once.
     */
    return TT_EXEC_DONE;
}

TTExec tt_dmanop(TTCoproc *s, int t, uint32_t insn)
{
    if (!tt_thcon_enter(s, t, insn)) {
        return TT_EXEC_STALL;
    }
    return TT_EXEC_DONE;
}

TTExec tt_rstdma(TTCoproc *s, int t, uint32_t insn)
{
    if (!tt_thcon_enter(s, t, insn)) {
        return TT_EXEC_STALL;
    }
    tt_unimp_insn(s, t, insn, "no functional model in the ISA "
                  "documentation");
    return TT_EXEC_DONE;
}

/*
 * Read-only QOM property "x-src-state" of the tt-tensix device, for tests
 * and debuggers until the data path gives SrcA/SrcB a reader: uint32 list
 * of SrcA[bank 0..1][row 0..63][col 0..15], then SrcB likewise (19-bit
 * values).  STOREIND (Src) is the only writer modelled so far.
 */
static void tt_thcon_get_src_state(Object *obj, Visitor *v, const char *name,
                                   void *opaque, Error **errp)
{
    TTCoproc *s = opaque;
    uint32List *list = NULL, **tail = &list;

    for (int ab = 0; ab < 2; ab++) {
        for (int bank = 0; bank < TT_SRC_BANKS; bank++) {
            TTSrcBank *b = ab ? &s->src.b[bank] : &s->src.a[bank];

            for (int row = 0; row < TT_SRC_ROWS; row++) {
                for (int col = 0; col < TT_SRC_COLS; col++) {
                    QAPI_LIST_APPEND(tail, b->v[row][col]);
                }
            }
        }
    }
    visit_type_uint32List(v, name, &list, errp);
    qapi_free_uint32List(list);
}

void tt_thcon_realize(TTCoproc *s)
{
    Object *obj = s->owner;

    object_property_add(obj, "x-src-state", "uint32List",
                        tt_thcon_get_src_state, NULL, NULL, s);
    object_property_set_description(obj, "x-src-state",
        "SrcA then SrcB (read-only): bank 0-1, row 0-63, column 0-15");
}

void tt_thcon_reset(TTCoproc *s)
{
    memset(&s->thcon, 0, sizeof(s->thcon));
}

static int tt_thcon_post_load(void *opaque, int version_id)
{
    TTCoproc *s = opaque;

    if (s->thcon.busy > TT_NUM_THREADS) {
        return -EINVAL;
    }
    return 0;
}

const VMStateDescription vmstate_tt_thcon = {
    .name = "tt-tensix/thcon",
    .version_id = 2,
    .minimum_version_id = 2,
    .post_load = tt_thcon_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32(thcon.busy, TTCoproc),
        VMSTATE_UINT32(thcon.busy_insn, TTCoproc),
        VMSTATE_END_OF_LIST()
    }
};
