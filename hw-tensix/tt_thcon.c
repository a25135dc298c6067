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
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/bitops.h"
#include "qemu/bswap.h"
#include "qapi/visitor.h"
#include "qapi/qapi-builtin-visit.h"
#include "migration/vmstate.h"
#include "tt_tile.h"
#include "tt_tensix_int.h"
#include "trace.h"

/* tt-metal cfg_defines.h (both architectures), assembly.yaml */
static const TTThconArch tt_thcon_arch[TT_ARCH__MAX] = {
    [TT_ARCH_WORMHOLE_B0] = {
        .thcon_cfg_base = 52,
        .pack_cfg_word = { 58, 86, 98, 126 },
        .num_tile_headers = 4,
        .thd_srca_set = 3,
        .reg2flop_cfg_unsupported = false,
    },
    [TT_ARCH_BLACKHOLE] = {
        .thcon_cfg_base = 64,
        .pack_cfg_word = { 70, 98, 118, 146 },
        /* assembly.yaml: InputSource 3-5 are RESERVED (a single packer) */
        .num_tile_headers = 1,
        .thd_srca_set = 5,
        .reg2flop_cfg_unsupported = true,
    },
};

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
tt_thcon_guest_error(TTTensixState *s, int t, uint32_t insn,
                     const char *fmt, ...)
{
    char name[160];
    g_autofree char *msg = NULL;
    va_list ap;

    tt_insn_format(s->arch->id, insn, name, sizeof(name));
    va_start(ap, fmt);
    msg = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    qemu_log_mask(LOG_GUEST_ERROR, "tt-tensix: T%d: %s: %s\n", t, name, msg);
}

/*
 * The instruction executes, but reads state of a unit that is not
 * modelled yet (@what), taken as @assumed.
 */
static void tt_thcon_partial(TTTensixState *s, int t, uint32_t insn,
                             const char *what, const char *assumed)
{
    char name[160];

    tt_insn_format(s->arch->id, insn, name, sizeof(name));
    qemu_log_mask(LOG_UNIMP, "tt-tensix: T%d: %s: %s not modelled yet, "
                  "taken as %s\n", t, name, what, assumed);
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
static bool tt_thcon_l1_read(TTTensixState *s, uint32_t addr, void *buf,
                             uint32_t len)
{
    uint8_t *p = tt_tensix_l1(s, addr, len);

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
static bool tt_thcon_l1_write(TTTensixState *s, uint32_t addr,
                              const void *buf, uint32_t len)
{
    if (!tt_tensix_l1(s, addr, len)) {
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
 * own: its access is not a re-entry into the device whose MMIO handler
 * pushed the instruction, so the re-entrancy guards of the coprocessor
 * and the tile are lifted around it.
 */
static MemTxResult tt_thcon_mmio(TTTensixState *s, uint32_t addr,
                                 uint32_t *val, bool write)
{
    MemReentrancyGuard *guard[2] = {
        &DEVICE(s)->mem_reentrancy_guard,
        &DEVICE(s->tile)->mem_reentrancy_guard,
    };
    bool saved[2];
    uint8_t buf[4];
    MemTxResult r;

    for (int i = 0; i < 2; i++) {
        saved[i] = guard[i]->engaged_in_io;
        guard[i]->engaged_in_io = false;
    }
    if (write) {
        stl_le_p(buf, *val);
        r = address_space_write(&s->tile_as, addr, MEMTXATTRS_UNSPECIFIED,
                                buf, 4);
    } else {
        r = address_space_read(&s->tile_as, addr, MEMTXATTRS_UNSPECIFIED,
                               buf, 4);
        *val = r == MEMTX_OK ? ldl_le_p(buf) : 0;
    }
    for (int i = 0; i < 2; i++) {
        guard[i]->engaged_in_io = saved[i];
    }
    return r;
}

/*
 * LOADREG / STOREREG / STOREIND (MMIO) at @addr (already formed as
 * 0xFFB00000 + 20-bit offset).  Below 0xFFB11000 (the cores' private
 * local RAMs) is UndefinedBehaviour; there and at unmapped addresses the
 * access is logged, a load returns 0 and a store is dropped.
 */
static uint32_t tt_thcon_mmio_access(TTTensixState *s, int t, uint32_t insn,
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
/* SETDMAREG (SETDMAREG_Immediate.md, SETDMAREG_Special.md)               */
/* ---------------------------------------------------------------------- */

/*
 * The packers are not modelled yet: no PACR has ever run, so their state
 * is what it is after reset (AccTileSize, LastTileSize, AllZeroFlags,
 * ExponentHistogram and ExponentHistogramMaxExponent all 0, LastThread
 * none).  The configuration parts of the tile header are real.
 */
static void tt_thcon_setdmareg_special(TTTensixState *s, int t,
                                       uint32_t insn)
{
    const TTThconArch *ta = &tt_thcon_arch[s->arch->id];
    uint32_t *gpr = s->thread[t].gpr;
    unsigned res_half = extract32(insn, 0, 7);
    unsigned in_half = extract32(insn, 8, 3);
    unsigned src = extract32(insn, 11, 4);
    unsigned size = extract32(insn, 22, 2);
    uint32_t v[4] = { 0, 0, 0, 0 };
    uint32_t *g;

    switch (src) {
    case TT_SIG_TILE_SIZES:
    case TT_SIG_ALL_ZERO_FLAGS:
    case TT_SIG_EXP_HIST0:
    case TT_SIG_EXP_HIST1:
    case TT_SIG_CLEAR_ACC:
    case TT_SIG_EXP_MAX:
        /*
         * Tile sizes, all-zero flags, exponent histograms (0 after reset;
         * InputSource 8 also resets AccTileSize of the packers in
         * WhichPackers, already 0).
         */
        tt_thcon_partial(s, t, insn, "packer state",
                         "after reset (all 0)");
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
        w0 = tt_tensix_cfg_read(s, state, ta->pack_cfg_word[0]);
        wi = tt_tensix_cfg_read(s, state, ta->pack_cfg_word[i]);
        tt_thcon_partial(s, t, insn, "packer LastTileSize and AllZeroFlags",
                         "after reset (0)");
        /* TileSize = (LastThread == CurrentThread ? LastTileSize : 0) + 1 */
        v[0] = 1;
        /* All_pack_disable_zero_compress_ovrd ? ...compress.Bit[i] : own */
        if (extract32(w0, 21, 1)) {
            dzc = extract32(w0, 17 + i, 1);
        } else {
            dzc = extract32(wi, 0, 1);
        }
        /* DataFormat (Out_data_format) bits 19:16, DisableZeroCompression 20 */
        v[1] = (extract32(wi, 4, 4) << 16) | (dzc << 20);
        v[2] = 0;       /* AllZeroFlags */
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

/* ---------------------------------------------------------------------- */
/* ADDDMAREG ... CMPDMAREG                                                */
/* ---------------------------------------------------------------------- */

static void tt_thcon_alu(TTTensixState *s, int t, uint32_t insn)
{
    uint32_t *gpr = s->thread[t].gpr;
    uint32_t op = TT_INSN_OPCODE(insn);
    uint32_t left = gpr[extract32(insn, 0, 6)];
    uint32_t right_field = extract32(insn, 6, 6);
    unsigned result = extract32(insn, 12, 6);
    unsigned mode = extract32(insn, 18, 3);
    bool imm = extract32(insn, 23, 1);
    uint32_t right = imm ? right_field : gpr[right_field];
    uint32_t val;

    switch (op) {
    case TT_OP_ADDDMAREG:
        val = left + right;
        break;
    case TT_OP_SUBDMAREG:
        val = left - right;
        break;
    case TT_OP_MULDMAREG:
        val = (left & 0xffff) * (right & 0xffff);
        break;
    case TT_OP_BITWOPDMAREG:
        switch (mode) {
        case 0:
            val = left & right;
            break;
        case 1:
            val = left | right;
            break;
        case 2:
            val = left ^ right;
            break;
        default:
            goto bad_mode;
        }
        break;
    case TT_OP_CMPDMAREG:
        switch (mode) {
        case 0:
            val = left > right;
            break;
        case 1:
            val = left < right;
            break;
        case 2:
            val = left == right;
            break;
        default:
            goto bad_mode;
        }
        break;
    case TT_OP_SHIFTDMAREG:
        /* RightImm5 is bits 10:6; a register shift amount is taken mod 32 */
        right = imm ? extract32(insn, 6, 5) : gpr[right_field] & 0x1f;
        switch (mode) {
        case 0:
            val = left << right;
            break;
        case 1:
            val = left >> right;
            break;
        default:
            goto bad_mode;
        }
        break;
    default:
        g_assert_not_reached();
    }
    gpr[result] = val;
    return;

bad_mode:
    tt_thcon_guest_error(s, t, insn, "Mode %u is undefined behaviour; GPR %u "
                         "left unchanged", mode, result);
}

/* ---------------------------------------------------------------------- */
/* LOADIND, STOREIND                                                      */
/* ---------------------------------------------------------------------- */

/* The Size field's access: 0 16 bytes, 1 4, 2 2, 3 1 (L1Address aligned) */
static const uint8_t tt_ind_len[4] = { 16, 4, 2, 1 };

static void tt_thcon_loadind(TTTensixState *s, int t, uint32_t insn)
{
    uint32_t *gpr = s->thread[t].gpr;
    unsigned areg = extract32(insn, 0, 6);
    unsigned reg = extract32(insn, 6, 6);
    unsigned inc = extract32(insn, 12, 2);
    unsigned ohalf = extract32(insn, 14, 7);
    unsigned size = extract32(insn, 22, 2);
    uint32_t addr = gpr[areg] * 16 + tt_gpr_half(gpr, ohalf);
    unsigned len = tt_ind_len[size];
    uint8_t buf[16];

    tt_thcon_bump_offset(gpr, ohalf, inc);
    if (!tt_thcon_l1_read(s, addr & ~(len - 1), buf, len)) {
        tt_thcon_guest_error(s, t, insn, "L1 address 0x%08x outside L1 "
                             "(undefined behaviour); GPR left unchanged",
                             addr);
        return;
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
}

static void tt_thcon_storeind_l1(TTTensixState *s, int t, uint32_t insn)
{
    uint32_t *gpr = s->thread[t].gpr;
    unsigned areg = extract32(insn, 0, 6);
    unsigned reg = extract32(insn, 6, 6);
    unsigned inc = extract32(insn, 12, 2);
    unsigned ohalf = extract32(insn, 14, 7);
    unsigned size = extract32(insn, 21, 2);
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

static void tt_thcon_storeind_mmio(TTTensixState *s, int t, uint32_t insn)
{
    uint32_t *gpr = s->thread[t].gpr;
    unsigned areg = extract32(insn, 0, 6);
    unsigned reg = extract32(insn, 6, 6);
    unsigned inc = extract32(insn, 12, 2);
    unsigned ohalf = extract32(insn, 14, 7);
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
 * STOREIND (Src) waits while the unpackers' current bank of the target
 * belongs to the matrix unit.  The functional model waits after bumping
 * the offset register; nothing but this thread writes its own GPRs, so
 * checking before any side effect (and retrying) is equivalent.
 */
static bool tt_thcon_storeind_src_ready(TTTensixState *s, uint32_t insn)
{
    const TTSrcRegs *r = &s->src;

    if (extract32(insn, 21, 1)) {
        return r->b_client[r->unp_bank[1]] == TT_SRC_CLIENT_UNPACKERS;
    }
    return r->a_client[r->unp_bank[0]] == TT_SRC_CLIENT_UNPACKERS;
}

static void tt_thcon_storeind_src(TTTensixState *s, int t, uint32_t insn)
{
    const TTThconArch *ta = &tt_thcon_arch[s->arch->id];
    uint32_t *gpr = s->thread[t].gpr;
    unsigned areg = extract32(insn, 0, 6);
    unsigned reg = extract32(insn, 6, 6) & 0x3c;
    unsigned inc = extract32(insn, 12, 2);
    unsigned ohalf = extract32(insn, 14, 7);
    bool to_b = extract32(insn, 21, 1);
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
    }
    for (int i = 0; i < 4; i++) {
        dst[row][col0 + i] = datum[i];
    }
    trace_tt_thcon_src(t, to_b ? 'B' : 'A', row, col0);
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
static TTExec tt_thcon_retry(TTTensixState *s, int t, uint32_t insn,
                             const char *what, uint32_t addr)
{
    s->thcon.busy = t + 1;
    s->thcon.busy_insn = insn;
    trace_tt_thcon_retry(t, what, addr);
    return TT_EXEC_STALL;
}

static TTExec tt_thcon_atcas(TTTensixState *s, int t, uint32_t insn)
{
    uint32_t *gpr = s->thread[t].gpr;
    uint32_t addr = gpr[extract32(insn, 0, 6)] * 16 +
                    extract32(insn, 12, 2) * 4;
    uint32_t cmp = extract32(insn, 14, 4);
    uint32_t set = extract32(insn, 18, 4);
    uint8_t buf[4];

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

static void tt_thcon_atincget(TTTensixState *s, int t, uint32_t insn)
{
    uint32_t *gpr = s->thread[t].gpr;
    uint32_t addr = gpr[extract32(insn, 0, 6)] * 16 +
                    extract32(insn, 12, 2) * 4;
    unsigned reg = extract32(insn, 6, 6);
    uint32_t mask = (2u << extract32(insn, 14, 5)) - 1;    /* IntWidth */
    uint32_t orig, incd;
    uint8_t buf[4];

    if (!tt_thcon_l1_read(s, addr, buf, 4)) {
        tt_thcon_guest_error(s, t, insn, "L1 address 0x%08x outside L1 "
                             "(undefined behaviour); dropped", addr);
        return;
    }
    orig = ldl_le_p(buf);
    incd = orig + gpr[reg];
    stl_le_p(buf, (incd & mask) | (orig & ~mask));
    tt_thcon_l1_write(s, addr, buf, 4);
    gpr[reg] = orig;
    trace_tt_thcon_l1(t, "ATINCGET", addr, 4);
}

static TTExec tt_thcon_atincgetptr(TTTensixState *s, int t, uint32_t insn)
{
    uint32_t *gpr = s->thread[t].gpr;
    uint32_t addr = gpr[extract32(insn, 0, 6)] * 16;
    unsigned reg = extract32(insn, 6, 6);
    unsigned ofs = extract32(insn, 12, 2);
    unsigned width = extract32(insn, 14, 4);
    uint32_t incr = (uint32_t)!extract32(insn, 22, 1) << extract32(insn, 18, 4);
    uint32_t mask = (1u << width) - 1;
    uint32_t words[4], size, orig;
    bool empty;

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

static void tt_thcon_atswap(TTTensixState *s, int t, uint32_t insn)
{
    uint32_t *gpr = s->thread[t].gpr;
    uint32_t addr = gpr[extract32(insn, 0, 6)] * 16;
    unsigned reg = extract32(insn, 6, 6);
    unsigned mask = extract32(insn, 14, 8);
    bool single = extract32(insn, 22, 1);
    uint8_t data[16], l1[16];

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
        return;
    }
    for (int i = 0; i < 8; i++) {
        if (mask & (1u << i)) {
            memcpy(l1 + 2 * i, data + 2 * i, 2);
        }
    }
    tt_thcon_l1_write(s, addr, l1, 16);
    trace_tt_thcon_l1(t, "ATSWAP", addr, 16);
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

static void tt_thcon_unsupported(TTTensixState *s, int t, uint32_t insn,
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

static void tt_thcon_reg2flop(TTTensixState *s, int t, uint32_t insn)
{
    const TTThconArch *ta = &tt_thcon_arch[s->arch->id];
    uint32_t *gpr = s->thread[t].gpr;
    unsigned reg = extract32(insn, 0, 6);
    unsigned target = extract32(insn, 20, 2);
    unsigned size = extract32(insn, 22, 2);

    if (target & 2) {
        /* ADC mode */
        unsigned shift8 = extract32(insn, 18, 2);
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
            which = extract32(insn, 16, 2);
        }
        /* ThreadSel 3 and ADCSel 3 write nothing (tt_adc.c checks) */
        tt_adc_write_counter(s, which, extract32(insn, 6, 6), value);
        return;
    }
    if (target == 1) {
        tt_thcon_guest_error(s, t, insn, "TargetSel 1 has no documented "
                             "behaviour; dropped");
        return;
    } else {
        unsigned idx = extract32(insn, 6, 7);
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
            return;
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
}

/* ---------------------------------------------------------------------- */
/* Dispatch                                                               */
/* ---------------------------------------------------------------------- */

/*
 * Is the Scalar Unit still held by a retrying atomic of another thread?
 * The mark is stale if that thread no longer presents the instruction
 * (its FIFO was flushed by a soft reset).
 */
static bool tt_thcon_held_by_other(TTTensixState *s, int t)
{
    TTThconState *tc = &s->thcon;
    int owner = (int)tc->busy - 1;
    uint32_t head;

    if (!tc->busy || owner == t) {
        return false;
    }
    if (owner < TT_NUM_THREADS && tt_frontend_peek(s, owner, &head) &&
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
static bool tt_thcon_in_soft_reset(TTTensixState *s, uint32_t op)
{
    uint32_t sr = s->tile->soft_reset;

    if (extract32(sr, 8, 1)) {
        return true;
    }
    return extract32(sr, 9, 1) && op != TT_OP_DMANOP &&
           op != TT_OP_SETDMAREG;
}

TTExec tt_thcon_exec(TTTensixState *s, int t, uint32_t insn)
{
    TTThread *th = &s->thread[t];

    if (tt_thcon_in_soft_reset(s, TT_INSN_OPCODE(insn))) {
        trace_tt_thcon_soft_reset(t, insn);
        return TT_EXEC_STALL;
    }
    if (tt_thcon_held_by_other(s, t)) {
        trace_tt_thcon_busy(t, s->thcon.busy - 1);
        return TT_EXEC_STALL;
    }
    /* The holder itself is back: it sets the mark again if it retries */
    s->thcon.busy = 0;

    switch (TT_INSN_OPCODE(insn)) {
    case TT_OP_SETDMAREG:
        if (!extract32(insn, 7, 1)) {
            /* SETDMAREG_Immediate.md: 16 bits into one half of a GPR */
            tt_gpr_set_half(th->gpr, extract32(insn, 0, 7),
                            extract32(insn, 8, 16));
        } else {
            tt_thcon_setdmareg_special(s, t, insn);
        }
        return TT_EXEC_DONE;
    case TT_OP_ADDDMAREG:
    case TT_OP_SUBDMAREG:
    case TT_OP_MULDMAREG:
    case TT_OP_BITWOPDMAREG:
    case TT_OP_CMPDMAREG:
    case TT_OP_SHIFTDMAREG:
        tt_thcon_alu(s, t, insn);
        return TT_EXEC_DONE;
    case TT_OP_LOADIND:
        tt_thcon_loadind(s, t, insn);
        return TT_EXEC_DONE;
    case TT_OP_STOREIND:
        if (extract32(insn, 23, 1)) {
            tt_thcon_storeind_l1(s, t, insn);
        } else if (extract32(insn, 22, 1)) {
            tt_thcon_storeind_mmio(s, t, insn);
        } else {
            if (!tt_thcon_storeind_src_ready(s, insn)) {
                return TT_EXEC_STALL;
            }
            tt_thcon_storeind_src(s, t, insn);
        }
        return TT_EXEC_DONE;
    case TT_OP_LOADREG:
        th->gpr[extract32(insn, 18, 6)] =
            tt_thcon_mmio_access(s, t, insn, TT_THCON_MMIO_BASE +
                                 (extract32(insn, 0, 18) << 2), 0, false);
        return TT_EXEC_DONE;
    case TT_OP_STOREREG:
        tt_thcon_mmio_access(s, t, insn, TT_THCON_MMIO_BASE +
                             (extract32(insn, 0, 18) << 2),
                             th->gpr[extract32(insn, 18, 6)], true);
        return TT_EXEC_DONE;
    case TT_OP_ATSWAP:
        tt_thcon_atswap(s, t, insn);
        return TT_EXEC_DONE;
    case TT_OP_ATCAS:
        return tt_thcon_atcas(s, t, insn);
    case TT_OP_ATINCGET:
        tt_thcon_atincget(s, t, insn);
        return TT_EXEC_DONE;
    case TT_OP_ATINCGETPTR:
        return tt_thcon_atincgetptr(s, t, insn);
    case TT_OP_REG2FLOP:
        tt_thcon_reg2flop(s, t, insn);
        return TT_EXEC_DONE;
    case TT_OP_FLUSHDMA:
        /*
         * C0 (ThCon memory requests of this thread), C1/C2 (this thread's
         * instructions in the unpackers), C3 (in packer 0): every unit
         * retires its instruction before the thread's next one is looked
         * at, so all four conditions are met at once.
         */
        return TT_EXEC_DONE;
    case TT_OP_DMANOP:
        return TT_EXEC_DONE;
    case TT_OP_RSTDMA:
        tt_unimp_insn(s, t, insn, "no functional model in the ISA "
                      "documentation");
        return TT_EXEC_DONE;
    }
    tt_unimp_insn(s, t, insn, NULL);
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
    TTTensixState *s = TT_TENSIX(obj);
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

void tt_thcon_realize(TTTensixState *s)
{
    Object *obj = OBJECT(s);

    object_property_add(obj, "x-src-state", "uint32List",
                        tt_thcon_get_src_state, NULL, NULL, NULL);
    object_property_set_description(obj, "x-src-state",
        "SrcA then SrcB (read-only): bank 0-1, row 0-63, column 0-15");
}

void tt_thcon_reset(TTTensixState *s)
{
    memset(&s->thcon, 0, sizeof(s->thcon));
}

static int tt_thcon_post_load(void *opaque, int version_id)
{
    TTTensixState *s = opaque;

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
        VMSTATE_UINT32(thcon.busy, TTTensixState),
        VMSTATE_UINT32(thcon.busy_insn, TTTensixState),
        VMSTATE_END_OF_LIST()
    }
};
