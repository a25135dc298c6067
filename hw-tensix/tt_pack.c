/*
 * Tensix packers: PACR and PACR_SETREG.
 *
 * tt-isa-documentation WormholeB0 TensixCoprocessor/PACR.md,
 * PACR_SETREG.md, Packers/README.md and its pages (input and output
 * address generators, format conversion, edge masking, ReLU, exponent
 * histogram and thresholding, downsampling, compression), Dst.md,
 * ADCs.md, TDMA-RISC.md (metadata).  Blackhole has none of these pages:
 * the Wormhole model with Blackhole's PACR/PACR_SETREG fields
 * (assembly.yaml) and configuration layout.  docs/units/pack.md lists
 * every choice.
 *
 * A PACR runs to completion when it issues: each packer in the mask reads
 * its datums, takes them through the pipeline and writes L1 at once.
 * Datums travel between the stages as 32-bit "wire" values, top-aligned:
 * 8-bit-exponent floats as FP32 bit patterns, 5-bit-exponent floats as
 * FP16 bit patterns << 16, INT32 as is, INT16 << 16, INT8/UINT8 << 24
 * (the alignment the L1-input table of FormatConversion.md implies).
 * Work is done 16 datums at a time (at most one Dst row), each stage a
 * plain loop over the chunk that is skipped when its feature is off; only
 * compression goes datum by datum.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/bitops.h"
#include "qapi/error.h"
#include "qapi/visitor.h"
#include "qapi/qapi-builtin-visit.h"
#include "fpu/softfloat.h"
#include "migration/vmstate.h"
#include "tt_log.h"
#include "tt_unit.h"
#include "tt_pack.h"

/* Data format codes (FormatConversion.md) */
enum {
    FMT_FP32 = 0, FMT_FP16 = 1, FMT_BFP8A = 2, FMT_BFP4A = 3,
    FMT_TF32 = 4, FMT_BF16 = 5, FMT_BFP8 = 6, FMT_BFP4 = 7,
    FMT_INT32 = 8, FMT_INT16 = 9, FMT_FP8 = 10, FMT_BFP2A = 11,
    FMT_INT8 = 14, FMT_BFP2 = 15,
};

/* Wire classes */
enum { CLS_F8, CLS_F5, CLS_I32, CLS_I16, CLS_I8 };

static const uint8_t tt_pack_cls[16] = {
    CLS_F8, CLS_F5, CLS_F5, CLS_F5, CLS_F8, CLS_F8, CLS_F8, CLS_F8,
    CLS_I32, CLS_I16, CLS_F5, CLS_F5, CLS_I8, CLS_I8, CLS_I8, CLS_F8,
};

/* ---------------------------------------------------------------------- */
/* Configuration fields                                                   */
/* ---------------------------------------------------------------------- */

typedef struct TTPkField {
    uint16_t addr32;
    uint8_t shift;
    uint32_t mask;              /* 0: the architecture has no such field */
} TTPkField;

/* Packers[i].Config: THCON_SEC0_REG1, SEC0_REG8, SEC1_REG1, SEC1_REG8 */
typedef struct TTPkDesc {
    TTPkField row_start, exp_size, l1_dest, dis_zc, add_ofs, addr_ctx;
    TTPkField out_fmt, in_fmt, out_fifo, sub_hdr, src_if, add_hdr, l1_src;
    TTPkField ds_mask, thr_en, l1_acc, thr;
} TTPkDesc;

typedef struct TTPkArch {
    TTPkDesc pk[TT_PACK_NUM];
    TTPkField limit[TT_PACK_NUM], fifo[TT_PACK_NUM];
    TTPkField xstride0, ystride0, zstride0, wstride0;
    TTPkField ystride1, zstride1, wstride1, base0, base1;
    TTPkField rd32, rd_uns, rd_raw, round10;
    TTPkField dst_val, dst_ovr, dst_fmt, gasket_srnd, packer_srnd;
    TTPkField relu_mode, relu_thr, desc_en, desc_mode, desc_val0;
    TTPkField face_sel, face_en, edge_mode, row_sel;
    TTPkField row_map[4], face_map[4], edge_mask[4];
    TTPkField dst_ofs[TT_PACK_NUM], dst_zofs[TT_PACK_NUM];
    TTPkField reads_per_plane[TT_PACK_NUM], yz_transposed[TT_PACK_NUM];
    /* ThreadConfig */
    TTPkField am[10];           /* ADDR_MOD_PACK_SEC0 fields, in order */
    uint16_t am_stride;
    TTPkField acc_stats;
} TTPkArch;

#define F_(A, K, N) { TT_##A##_##K##_##N##_ADDR32, TT_##A##_##K##_##N##_SHAMT, \
                      TT_##A##_##K##_##N##_MASK }
#define C_(A, N)        F_(A, CFG, N)
#define T_(A, N)        F_(A, THD, N)
#define PKF(A, B, N)    C_(A, THCON_##B##_##N)
#define PK_CTX_WH(B)    PKF(WH, B, Addr_cnt_context)
#define PK_CTX_NONE(B)  { 0 }
#define PK_DESC(A, B, CTX) {                                               \
    PKF(A, B, Row_start_section_size), PKF(A, B, Exp_section_size),       \
    PKF(A, B, L1_Dest_addr), PKF(A, B, Disable_zero_compress),            \
    PKF(A, B, Add_l1_dest_addr_offset), CTX(B),                              \
    PKF(A, B, Out_data_format), PKF(A, B, In_data_format),                \
    PKF(A, B, Enable_out_fifo), PKF(A, B, Sub_l1_tile_header_size),       \
    PKF(A, B, Source_interface_selection), PKF(A, B, Add_tile_header_size), \
    PKF(A, B, L1_source_addr), PKF(A, B, Downsample_mask),                \
    PKF(A, B, Exp_threshold_en), PKF(A, B, Pack_L1_Acc),                  \
    PKF(A, B, Exp_threshold) }
#define PK_ARCH(A, CTX) {                                                  \
    .pk = { PK_DESC(A, SEC0_REG1, CTX), PK_DESC(A, SEC0_REG8, CTX),       \
            PK_DESC(A, SEC1_REG1, CTX), PK_DESC(A, SEC1_REG8, CTX) },     \
    .limit = { C_(A, THCON_SEC0_REG9_Pack_0_2_limit_address),             \
               C_(A, THCON_SEC0_REG9_Pack_1_3_limit_address),             \
               C_(A, THCON_SEC1_REG9_Pack_0_2_limit_address),             \
               C_(A, THCON_SEC1_REG9_Pack_1_3_limit_address) },           \
    .fifo = { C_(A, THCON_SEC0_REG9_Pack_0_2_fifo_size),                  \
              C_(A, THCON_SEC0_REG9_Pack_1_3_fifo_size),                  \
              C_(A, THCON_SEC1_REG9_Pack_0_2_fifo_size),                  \
              C_(A, THCON_SEC1_REG9_Pack_1_3_fifo_size) },                \
    .xstride0 = C_(A, PCK0_ADDR_CTRL_XY_REG_0_Xstride),                   \
    .ystride0 = C_(A, PCK0_ADDR_CTRL_XY_REG_0_Ystride),                   \
    .zstride0 = C_(A, PCK0_ADDR_CTRL_ZW_REG_0_Zstride),                   \
    .wstride0 = C_(A, PCK0_ADDR_CTRL_ZW_REG_0_Wstride),                   \
    .ystride1 = C_(A, PCK0_ADDR_CTRL_XY_REG_1_Ystride),                   \
    .zstride1 = C_(A, PCK0_ADDR_CTRL_ZW_REG_1_Zstride),                   \
    .wstride1 = C_(A, PCK0_ADDR_CTRL_ZW_REG_1_Wstride),                   \
    .base0 = C_(A, PCK0_ADDR_BASE_REG_0_Base),                            \
    .base1 = C_(A, PCK0_ADDR_BASE_REG_1_Base),                            \
    .rd32 = C_(A, PCK_DEST_RD_CTRL_Read_32b_data),                        \
    .rd_uns = C_(A, PCK_DEST_RD_CTRL_Read_unsigned),                      \
    .rd_raw = C_(A, PCK_DEST_RD_CTRL_Read_int8),                          \
    .round10 = C_(A, PCK_DEST_RD_CTRL_Round_10b_mant),                    \
    .dst_val = C_(A, ALU_FORMAT_SPEC_REG_Dstacc_val),                     \
    .dst_ovr = C_(A, ALU_FORMAT_SPEC_REG_Dstacc_override),                \
    .dst_fmt = C_(A, ALU_FORMAT_SPEC_REG2_Dstacc),                        \
    .gasket_srnd = C_(A, ALU_ROUNDING_MODE_Gasket_srnd_en),               \
    .packer_srnd = C_(A, ALU_ROUNDING_MODE_Packer_srnd_en),               \
    .relu_mode = C_(A, STACC_RELU_ApplyRelu),                             \
    .relu_thr = C_(A, STACC_RELU_ReluThreshold),                          \
    .desc_en = C_(A, INT_DESCALE_Enable),                                 \
    .desc_mode = C_(A, INT_DESCALE_Mode),                                 \
    .desc_val0 = C_(A, INT_DESCALE_VALUES_SEC0_Value),                    \
    .face_sel = C_(A, PCK_EDGE_TILE_FACE_SET_SELECT_select),              \
    .face_en = C_(A, PCK_EDGE_TILE_FACE_SET_SELECT_enable),               \
    .edge_mode = C_(A, PCK_EDGE_MODE_mode),                               \
    .row_sel = C_(A, PCK_EDGE_TILE_ROW_SET_SELECT_select),                \
    .row_map = { C_(A, TILE_ROW_SET_MAPPING_0_row_set_mapping_0),         \
                 C_(A, TILE_ROW_SET_MAPPING_1_row_set_mapping_0),         \
                 C_(A, TILE_ROW_SET_MAPPING_2_row_set_mapping_0),         \
                 C_(A, TILE_ROW_SET_MAPPING_3_row_set_mapping_0) },       \
    .face_map = { C_(A, TILE_FACE_SET_MAPPING_0_face_set_mapping_0),      \
                  C_(A, TILE_FACE_SET_MAPPING_1_face_set_mapping_0),      \
                  C_(A, TILE_FACE_SET_MAPPING_2_face_set_mapping_0),      \
                  C_(A, TILE_FACE_SET_MAPPING_3_face_set_mapping_0) },    \
    .edge_mask = { C_(A, PCK_EDGE_OFFSET_SEC0_mask),                      \
                   C_(A, PCK_EDGE_OFFSET_SEC1_mask),                      \
                   C_(A, PCK_EDGE_OFFSET_SEC2_mask),                      \
                   C_(A, PCK_EDGE_OFFSET_SEC3_mask) },                    \
    .dst_ofs = { C_(A, DEST_TARGET_REG_CFG_PACK_SEC0_Offset),             \
                 C_(A, DEST_TARGET_REG_CFG_PACK_SEC1_Offset),             \
                 C_(A, DEST_TARGET_REG_CFG_PACK_SEC2_Offset),             \
                 C_(A, DEST_TARGET_REG_CFG_PACK_SEC3_Offset) },           \
    .dst_zofs = { C_(A, DEST_TARGET_REG_CFG_PACK_SEC0_ZOffset),           \
                  C_(A, DEST_TARGET_REG_CFG_PACK_SEC1_ZOffset),           \
                  C_(A, DEST_TARGET_REG_CFG_PACK_SEC2_ZOffset),           \
                  C_(A, DEST_TARGET_REG_CFG_PACK_SEC3_ZOffset) },         \
    .reads_per_plane = {                                                  \
        C_(A, PACK_COUNTERS_SEC0_pack_reads_per_xy_plane),                \
        C_(A, PACK_COUNTERS_SEC1_pack_reads_per_xy_plane),                \
        C_(A, PACK_COUNTERS_SEC2_pack_reads_per_xy_plane),                \
        C_(A, PACK_COUNTERS_SEC3_pack_reads_per_xy_plane) },              \
    .yz_transposed = {                                                    \
        C_(A, PACK_COUNTERS_SEC0_pack_yz_transposed),                     \
        C_(A, PACK_COUNTERS_SEC1_pack_yz_transposed),                     \
        C_(A, PACK_COUNTERS_SEC2_pack_yz_transposed),                     \
        C_(A, PACK_COUNTERS_SEC3_pack_yz_transposed) },                   \
    .am = { T_(A, ADDR_MOD_PACK_SEC0_YsrcIncr),                           \
            T_(A, ADDR_MOD_PACK_SEC0_YsrcCR),                             \
            T_(A, ADDR_MOD_PACK_SEC0_YsrcClear),                          \
            T_(A, ADDR_MOD_PACK_SEC0_YdstIncr),                           \
            T_(A, ADDR_MOD_PACK_SEC0_YdstCR),                             \
            T_(A, ADDR_MOD_PACK_SEC0_YdstClear),                          \
            T_(A, ADDR_MOD_PACK_SEC0_ZsrcIncr),                           \
            T_(A, ADDR_MOD_PACK_SEC0_ZsrcClear),                          \
            T_(A, ADDR_MOD_PACK_SEC0_ZdstIncr),                           \
            T_(A, ADDR_MOD_PACK_SEC0_ZdstClear) },                        \
    .am_stride = TT_##A##_THD_ADDR_MOD_PACK_SEC1_YsrcIncr_ADDR32 -        \
                 TT_##A##_THD_ADDR_MOD_PACK_SEC0_YsrcIncr_ADDR32,         \
    .acc_stats = T_(A, ENABLE_ACC_STATS_Enable),                          \
}

enum { AM_YSRC_INCR, AM_YSRC_CR, AM_YSRC_CLR, AM_YDST_INCR, AM_YDST_CR,
       AM_YDST_CLR, AM_ZSRC_INCR, AM_ZSRC_CLR, AM_ZDST_INCR, AM_ZDST_CLR };

static const TTPkArch tt_pk_arch[TT_ARCH__MAX] = {
    [TT_ARCH_WORMHOLE_B0] = PK_ARCH(WH, PK_CTX_WH),
    /* Blackhole: the ADC of OvrdThreadId is PACR's AddrCntContext */
    [TT_ARCH_BLACKHOLE] = PK_ARCH(BH, PK_CTX_NONE),
};

/*
 * The mappings are read as whole words (16 2-bit fields), the descale
 * values and ADDR_MOD_PACK sections as evenly spaced words.
 */
#define PKC(A, N)       TT_##A##_CFG_##N
#define PKT(A, N)       TT_##A##_THD_##N
#define TT_PK_CHECK_LAYOUT(A) do {                                         \
    QEMU_BUILD_BUG_ON(                                                     \
        PKC(A, TILE_ROW_SET_MAPPING_0_row_set_mapping_15_SHAMT) != 30);    \
    QEMU_BUILD_BUG_ON(                                                     \
        PKC(A, TILE_ROW_SET_MAPPING_3_row_set_mapping_15_ADDR32) !=        \
        PKC(A, TILE_ROW_SET_MAPPING_3_row_set_mapping_0_ADDR32));          \
    QEMU_BUILD_BUG_ON(                                                     \
        PKC(A, TILE_FACE_SET_MAPPING_0_face_set_mapping_15_SHAMT) != 30);  \
    QEMU_BUILD_BUG_ON(                                                     \
        PKC(A, TILE_FACE_SET_MAPPING_3_face_set_mapping_15_ADDR32) !=      \
        PKC(A, TILE_FACE_SET_MAPPING_3_face_set_mapping_0_ADDR32));        \
    QEMU_BUILD_BUG_ON(PKC(A, INT_DESCALE_VALUES_SEC15_Value_ADDR32) -      \
                      PKC(A, INT_DESCALE_VALUES_SEC0_Value_ADDR32) != 15); \
    QEMU_BUILD_BUG_ON(PKC(A, INT_DESCALE_VALUES_SEC1_Value_ADDR32) -       \
                      PKC(A, INT_DESCALE_VALUES_SEC0_Value_ADDR32) != 1);  \
    QEMU_BUILD_BUG_ON(PKT(A, ADDR_MOD_PACK_SEC3_YsrcIncr_ADDR32) -         \
                      PKT(A, ADDR_MOD_PACK_SEC2_YsrcIncr_ADDR32) !=        \
                      PKT(A, ADDR_MOD_PACK_SEC1_YsrcIncr_ADDR32) -         \
                      PKT(A, ADDR_MOD_PACK_SEC0_YsrcIncr_ADDR32));         \
    QEMU_BUILD_BUG_ON(PKT(A, ADDR_MOD_PACK_SEC2_YsrcIncr_ADDR32) -         \
                      PKT(A, ADDR_MOD_PACK_SEC1_YsrcIncr_ADDR32) !=        \
                      PKT(A, ADDR_MOD_PACK_SEC1_YsrcIncr_ADDR32) -         \
                      PKT(A, ADDR_MOD_PACK_SEC0_YsrcIncr_ADDR32));         \
} while (0)

static uint32_t pk_get(TTCoproc *s, int st, const TTPkField *f)
{
    if (!f->mask) {
        return 0;
    }
    return (tt_cfg_read(s, st, f->addr32) & f->mask) >> f->shift;
}

static uint32_t pk_word(TTCoproc *s, int st, const TTPkField *f)
{
    return tt_cfg_read(s, st, f->addr32);
}

/* ---------------------------------------------------------------------- */
/* Per-instruction view of one packer                                     */
/* ---------------------------------------------------------------------- */

enum { SRC_DST, SRC_L1, SRC_NULL };

typedef struct TTPackJob {
    TTCoproc *s;
    TTPacker *p;
    int t, i, st;
    uint32_t insn;
    /* input */
    int src;
    uint32_t src_addr, n;
    bool rd32;
    /* early conversion */
    unsigned ifmt, icls, raw, round10, uns, shift_cfg, desc_mode;
    bool early_srnd;
    /* edge masking, ReLU, histogram, thresholding */
    bool edge_all_ones;
    uint16_t edge_mask[4];
    uint32_t row_map[4], face_map[4];
    unsigned face_en, face_sel, row_sel, edge_mode, zofs;
    unsigned reads_per_plane, yz_transposed;
    unsigned relu_mode;
    uint32_t relu_thr;
    bool hist_en;
    bool thr_en;
    unsigned thr;
    /* downsampling, compression, late conversion, output */
    uint16_t ds_mask;
    bool compress;
    unsigned lfmt, lcls, ofmt;
    bool late_srnd;
    bool acc;
    bool logged;
    /* staging of the data and exponent streams */
    uint32_t stage_addr, stage_len;
    uint32_t est_addr, est_len;
    uint8_t est[64];
    uint8_t stage[1024];
} TTPackJob;

static void pk_guest_error(TTPackJob *j, const char *what)
{
    if (!j->logged) {
        tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: T%d: PACR (insn 0x%08x) "
                    "packer %d: %s\n", j->t, j->insn, j->i, what);
        j->logged = true;
    }
}

/* ---------------------------------------------------------------------- */
/* Stochastic rounding source                                             */
/* ---------------------------------------------------------------------- */

/*
 * The packer pages name no random source; the Vector Unit's PRNG step
 * (VectorUnit.md AdvancePRNG) is used, one per packer, one step per
 * rounded value.
 */
static uint32_t pk_prng(TTPacker *p)
{
    uint32_t r = p->prng;
    uint32_t taps = ctpop32(r & 0x80200003);

    p->prng = (~taps << 31) | (r >> 1);
    return r;
}

/*
 * Round @mag's low @drop bits away (to nearest, ties away from zero; or
 * stochastically: up when the discarded bits are >= as many random bits,
 * the bias the pages describe).
 */
static inline uint32_t pk_round_bits(TTPacker *p, bool srnd, uint32_t mag,
                                     unsigned drop)
{
    uint32_t lo, rnd;

    if (drop == 0) {
        return mag;
    }
    lo = mag & MAKE_64BIT_MASK(0, drop);
    rnd = srnd ? pk_prng(p) & MAKE_64BIT_MASK(0, drop) : 1u << (drop - 1);
    return (mag >> drop) + (lo >= rnd);
}

/* ---------------------------------------------------------------------- */
/* Scalar conversions (wire values)                                       */
/* ---------------------------------------------------------------------- */

/*
 * Early rounding of an 8-bit-exponent float to @keep mantissa bits:
 * denormals and -0 become +0, NaN and overflow become infinity.
 */
static inline uint32_t pk_round_f8(TTPacker *p, bool srnd, uint32_t w,
                                   unsigned keep)
{
    uint32_t e = extract32(w, 23, 8);
    uint32_t sign = w & 0x80000000u;
    uint32_t mag;

    if (e == 0) {
        return 0;
    }
    if (e == 255) {
        return sign | 0x7f800000u;
    }
    mag = pk_round_bits(p, srnd, w & 0x7fffffffu, 23 - keep) << (23 - keep);
    if (mag >= 0x7f800000u) {
        mag = 0x7f800000u;
    }
    return sign | mag;
}

/* Early rounding of an FP16 (in the high half of @w) to @keep bits */
static inline uint32_t pk_round_f5(TTPacker *p, bool srnd, uint32_t w,
                                   unsigned keep)
{
    uint32_t h = w >> 16;
    uint32_t sign = h & 0x8000;
    uint32_t mag;

    if (extract32(h, 10, 5) == 0) {
        return 0;
    }
    mag = pk_round_bits(p, srnd, h & 0x7fff, 10 - keep) << (10 - keep);
    if (mag > 0x7fff) {
        /* No infinity in 5-bit formats: the largest value */
        mag = 0x7fff & ~MAKE_64BIT_MASK(0, 10 - keep);
    }
    return (sign | mag) << 16;
}

/* FP32 -> FP16 by saturation and truncation (exponent narrows) */
static inline uint32_t pk_f8_to_f5(uint32_t w)
{
    uint32_t sign = (w >> 16) & 0x8000;
    int e = extract32(w, 23, 8) - 112;

    if (extract32(w, 23, 8) == 255 || e > 31) {
        return (sign | 0x7fff) << 16;
    }
    if (e <= 0) {
        return sign << 16;
    }
    return (sign | (e << 10) | extract32(w, 13, 10)) << 16;
}

/* FP16 -> FP32 (exponent widens; denormals taken as zero) */
static inline uint32_t pk_f5_to_f8(uint32_t w)
{
    uint32_t h = w >> 16;
    uint32_t e = extract32(h, 10, 5);

    if (e == 0) {
        return (h & 0x8000) << 16;
    }
    return ((h & 0x8000) << 16) | ((e + 112) << 23) |
           (extract32(h, 0, 10) << 13);
}

/* INT8 / UINT8 from a 32-bit (or widened 16-bit) Dst datum */
static uint32_t pk_to_int8(TTPackJob *j, uint32_t w, unsigned shift)
{
    uint32_t sign = w >> 31;
    uint32_t mag = w & 0x7fffffffu;

    if (j->raw) {
        return (j->uns ? (w & 0xff) : (sign << 7) | (w & 0x7f)) << 24;
    }
    mag = pk_round_bits(j->p, j->early_srnd, mag, shift & 31);
    if (j->uns) {
        return (sign ? 0 : MIN(mag, 255u)) << 24;
    }
    mag = MIN(mag, 127u);
    return (mag ? (sign << 7) | mag : 0) << 24;
}

/*
 * The early format conversion of one Dst datum @w (already widened to the
 * wire: a 16-bit datum in the high half).
 */
static uint32_t pk_early(TTPackJob *j, uint32_t w, unsigned shift)
{
    TTPacker *p = j->p;
    bool sr = j->early_srnd;

    switch (j->ifmt) {
    case FMT_INT32:
    case FMT_INT16:
        return w;
    case FMT_FP32:
        return j->round10 && !j->raw ? pk_round_f8(p, sr, w, 10) : w;
    case FMT_TF32:
        return j->raw ? w : pk_round_f8(p, sr, w, 10);
    case FMT_BF16:
        if (j->raw) {
            return w & 0xffff0000u;
        }
        return pk_round_f8(p, sr, w, j->round10 ? 10 : 7);
    case FMT_BFP8:
    case FMT_BFP4:
    case FMT_BFP2:
        return j->raw ? w & 0xffff0000u : pk_round_f8(p, sr, w, 6);
    case FMT_FP16:
        return j->raw ? w : pk_round_f5(p, sr, w, 10);
    case FMT_BFP8A:
    case FMT_BFP4A:
    case FMT_BFP2A:
        return j->raw ? w & 0xfff80000u : pk_round_f5(p, sr, w, 6);
    case FMT_FP8:
        return w & 0xff000000u;
    default:
        return pk_to_int8(j, w, shift);
    }
}

/* ---------------------------------------------------------------------- */
/* Output                                                                 */
/* ---------------------------------------------------------------------- */

static void pk_l1_write(TTPackJob *j, uint32_t addr, const uint8_t *buf,
                        uint32_t len)
{
    if (!len) {
        return;
    }
    if (!tt_unit_l1(j->s, addr, len)) {
        tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: T%d: PACR packer %d: "
                    "output 0x%x+%u is outside L1; dropped\n", j->t, j->i,
                    addr, len);
        return;
    }
    address_space_write(&j->s->tile_as, addr, MEMTXATTRS_UNSPECIFIED, buf,
                        len);
}

/* Sign-magnitude integer addition, saturating at @max */
static uint32_t pk_sm_add(uint32_t a, uint32_t b, unsigned bits)
{
    uint32_t sbit = 1u << (bits - 1);
    uint32_t max = sbit - 1;
    int64_t va = (a & sbit) ? -(int64_t)(a & max) : (a & max);
    int64_t vb = (b & sbit) ? -(int64_t)(b & max) : (b & max);
    int64_t r = va + vb;

    r = MAX(MIN(r, (int64_t)max), -(int64_t)max);
    return r < 0 ? sbit | (uint32_t)-r : (uint32_t)r;
}

/*
 * L1 accumulation (Packers/README.md "L1 += Datum"): @buf's datums are
 * added to what L1 holds at @addr.
 */
static void pk_accumulate(TTPackJob *j, uint32_t addr, uint8_t *buf,
                          uint32_t len)
{
    const uint8_t *old = tt_unit_l1(j->s, addr, len);
    float_status fs = { 0 };

    if (!old) {
        return;
    }
    set_float_rounding_mode(float_round_nearest_even, &fs);
    set_flush_to_zero(true, &fs);
    set_flush_inputs_to_zero(true, &fs);
    switch (j->ofmt) {
    case FMT_FP32:
    case FMT_TF32:
        for (uint32_t k = 0; k + 4 <= len; k += 4) {
            float32 x = make_float32(ldl_le_p(old + k));
            float32 y = make_float32(ldl_le_p(buf + k));
            uint32_t r = float32_val(float32_add(x, y, &fs));

            stl_le_p(buf + k, j->ofmt == FMT_TF32 ? r & 0xffffe000u : r);
        }
        break;
    case FMT_BF16:
        for (uint32_t k = 0; k + 2 <= len; k += 2) {
            stw_le_p(buf + k, bfloat16_add(lduw_le_p(old + k),
                                           lduw_le_p(buf + k), &fs));
        }
        break;
    case FMT_FP16:
        for (uint32_t k = 0; k + 2 <= len; k += 2) {
            stw_le_p(buf + k, float16_add(lduw_le_p(old + k),
                                          lduw_le_p(buf + k), &fs));
        }
        break;
    case FMT_INT32:
        for (uint32_t k = 0; k + 4 <= len; k += 4) {
            stl_le_p(buf + k, pk_sm_add(ldl_le_p(old + k), ldl_le_p(buf + k),
                                        32));
        }
        break;
    case FMT_INT16:
        for (uint32_t k = 0; k + 2 <= len; k += 2) {
            stw_le_p(buf + k, pk_sm_add(lduw_le_p(old + k),
                                        lduw_le_p(buf + k), 16));
        }
        break;
    case FMT_INT8:
        for (uint32_t k = 0; k < len; k++) {
            buf[k] = j->uns ? MIN(old[k] + buf[k], 255)
                            : pk_sm_add(old[k], buf[k], 8);
        }
        break;
    default:
        tt_log_mask(LOG_UNIMP, "tt-tensix: T%d: PACR packer %d: L1 "
                    "accumulation of format %u not modelled; L1 is "
                    "overwritten\n", j->t, j->i, j->ofmt);
        break;
    }
}

static void pk_stage_flush(TTPackJob *j)
{
    if (j->stage_len) {
        if (j->acc) {
            pk_accumulate(j, j->stage_addr, j->stage, j->stage_len);
        }
        pk_l1_write(j, j->stage_addr, j->stage, j->stage_len);
    }
    j->stage_addr = j->p->data_addr;
    j->stage_len = 0;
    if (j->est_len) {
        pk_l1_write(j, j->est_addr, j->est, j->est_len);
    }
    j->est_addr = j->p->exp_addr;
    j->est_len = 0;
}

/* Append @len bytes to the data stream */
static void pk_emit(TTPackJob *j, const uint8_t *b, uint32_t len)
{
    if (j->stage_len + len > sizeof(j->stage) ||
        j->stage_addr + j->stage_len != j->p->data_addr) {
        pk_stage_flush(j);
    }
    memcpy(j->stage + j->stage_len, b, len);
    j->stage_len += len;
    j->p->data_addr += len;
}

static void pk_emit_exp(TTPackJob *j, uint8_t e)
{
    if (j->est_len == sizeof(j->est) ||
        j->est_addr + j->est_len != j->p->exp_addr) {
        pk_stage_flush(j);
    }
    j->est[j->est_len++] = e;
    j->p->exp_addr++;
}

/* Output bits per datum of the L1 format */
static unsigned pk_out_bits(unsigned ofmt)
{
    switch (ofmt) {
    case FMT_FP32: case FMT_TF32: case FMT_INT32:
        return 32;
    case FMT_FP16: case FMT_BF16: case FMT_INT16:
        return 16;
    case FMT_BFP4: case FMT_BFP4A:
        return 4;
    case FMT_BFP2: case FMT_BFP2A:
        return 2;
    default:
        return 8;
    }
}

static bool pk_is_bfp(unsigned ofmt)
{
    return ofmt == FMT_BFP8 || ofmt == FMT_BFP4 || ofmt == FMT_BFP2 ||
           ofmt == FMT_BFP8A || ofmt == FMT_BFP4A || ofmt == FMT_BFP2A;
}

/*
 * The late format conversion of a non-BFP output: wire @w (class
 * j->lcls, format j->lfmt) to the L1 bits of j->ofmt.
 */
static inline uint32_t pk_late(TTPackJob *j, uint32_t w)
{
    unsigned lc = j->lcls;

    switch (j->ofmt) {
    case FMT_FP32:
    case FMT_TF32:
    case FMT_BF16:
        if (lc == CLS_F5) {
            w = pk_f5_to_f8(w);
        } else if (lc == CLS_F8 && extract32(w, 23, 8) == 0 &&
                   (j->lfmt == FMT_FP32 || j->lfmt == FMT_TF32) &&
                   j->ofmt != j->lfmt) {
            w &= 0x80000000u;       /* mantissa narrows: denormals flushed */
        }
        if (j->ofmt == FMT_BF16) {
            return w >> 16;
        }
        return j->ofmt == FMT_TF32 ? w & 0xffffe000u : w;
    case FMT_FP16:
    case FMT_FP8:
        if (lc == CLS_F8) {
            w = pk_f8_to_f5(w);
        }
        return j->ofmt == FMT_FP8 ? w >> 24 : w >> 16;
    case FMT_INT32:
        return w;
    case FMT_INT16:
        return w >> 16;
    default:
        return w >> 24;
    }
}

/* A late-conversion input the page does not list: logged, bits kept */
static void pk_check_late(TTPackJob *j)
{
    unsigned oc = tt_pack_cls[j->ofmt];
    bool ok;

    if (pk_is_bfp(j->ofmt) || j->ofmt == FMT_FP32 || j->ofmt == FMT_TF32 ||
        j->ofmt == FMT_BF16 || j->ofmt == FMT_FP16 || j->ofmt == FMT_FP8) {
        ok = j->lcls == CLS_F8 || j->lcls == CLS_F5;
    } else {
        ok = j->lcls == oc;
    }
    if (!ok || j->ofmt == 12 || j->ofmt == 13) {
        pk_guest_error(j, "unsupported late format conversion (undefined); "
                       "the top bits of the intermediate datum are stored");
    }
}

/*
 * Convert and emit one BFP block of @n (<= 16) wire datums: the shared
 * exponent is the largest, each magnitude (1.m7 shifted by E - e + 1) is
 * rounded (ties away from zero, or stochastically), saturated at 127.
 */
static void pk_bfp_block(TTPackJob *j, const uint32_t *w, unsigned n)
{
    bool a = j->ofmt == FMT_BFP8A || j->ofmt == FMT_BFP4A ||
             j->ofmt == FMT_BFP2A;
    unsigned bits = pk_out_bits(j->ofmt);
    uint32_t e[TT_PACK_BFP_BLOCK], m[TT_PACK_BFP_BLOCK], sg[TT_PACK_BFP_BLOCK];
    uint8_t out[TT_PACK_BFP_BLOCK];
    uint32_t emax = 0;
    unsigned nb;

    for (unsigned k = 0; k < n; k++) {
        uint32_t v = w[k];

        if (a) {
            /* E5M7 (saturate, truncate) */
            uint32_t h = (j->lcls == CLS_F8 ? pk_f8_to_f5(v) : v) >> 16;

            e[k] = extract32(h, 10, 5);
            m[k] = extract32(h, 3, 7);
            sg[k] = h >> 15;
        } else {
            /* BF16 (truncate) */
            uint32_t b = (j->lcls == CLS_F5 ? pk_f5_to_f8(v) : v) >> 16;

            e[k] = extract32(b, 7, 8);
            m[k] = extract32(b, 0, 7);
            sg[k] = b >> 15;
        }
        emax = MAX(emax, e[k]);
    }
    memset(out, 0, sizeof(out));
    for (unsigned k = 0; k < n; k++) {
        uint32_t mag = 0;

        if (e[k]) {
            unsigned sh = MIN(emax - e[k] + 1, 16u);

            mag = MIN(pk_round_bits(j->p, j->late_srnd, 0x80 | m[k], sh),
                      127u);
        }
        mag >>= 7 - (bits - 1);
        out[k] = mag ? (sg[k] << (bits - 1)) | mag : 0;
    }
    pk_emit_exp(j, emax);
    nb = DIV_ROUND_UP(n * bits, 8);
    for (unsigned b = 0; b < nb; b++) {
        uint8_t v = 0;

        for (unsigned k = 0; k < 8 / bits; k++) {
            unsigned idx = b * (8 / bits) + k;

            if (idx < n) {
                v |= out[idx] << (k * bits);
            }
        }
        out[b] = v;
    }
    pk_emit(j, out, nb);
}

/* Non-compressed output of @n wire datums */
static inline QEMU_ALWAYS_INLINE void pk_output(TTPackJob *j,
                                                const uint32_t *w, unsigned n)
{
    TTPacker *p = j->p;
    uint8_t b[4 * 16];
    unsigned k;

    if (pk_is_bfp(j->ofmt)) {
        for (k = 0; k < n; k++) {
            p->bfp_buf[p->bfp_count++] = w[k];
            if (p->bfp_count == TT_PACK_BFP_BLOCK) {
                pk_bfp_block(j, p->bfp_buf, TT_PACK_BFP_BLOCK);
                p->bfp_count = 0;
            }
        }
        return;
    }
    switch (pk_out_bits(j->ofmt)) {
    case 32:
        if (j->ofmt != FMT_TF32 && j->lcls == tt_pack_cls[j->ofmt] &&
            (j->lfmt == j->ofmt || j->lcls == CLS_I32)) {
            /* Identity (FP32 from FP32, INT32 from INT32) */
            uint32_t o[16];

            for (k = 0; k < n; k++) {
                o[k] = cpu_to_le32(w[k]);
            }
            pk_emit(j, (const uint8_t *)o, 4 * n);
            break;
        }
        for (k = 0; k < n; k++) {
            stl_le_p(b + 4 * k, pk_late(j, w[k]));
        }
        pk_emit(j, b, 4 * n);
        break;
    case 16:
        if ((j->ofmt == FMT_BF16 && j->lcls == CLS_F8 &&
             j->lfmt != FMT_FP32 && j->lfmt != FMT_TF32) ||
            (j->ofmt == FMT_FP16 && j->lcls == CLS_F5) ||
            (j->ofmt == FMT_INT16 && j->lcls == CLS_I16)) {
            /* The top half: BF16 from BF16/E8M6, FP16, INT16 */
            uint16_t o[16];

            for (k = 0; k < n; k++) {
                o[k] = cpu_to_le16(w[k] >> 16);
            }
            pk_emit(j, (const uint8_t *)o, 2 * n);
            break;
        }
        for (k = 0; k < n; k++) {
            stw_le_p(b + 2 * k, pk_late(j, w[k]));
        }
        pk_emit(j, b, 2 * n);
        break;
    default:
        for (k = 0; k < n; k++) {
            b[k] = pk_late(j, w[k]);
        }
        pk_emit(j, b, n);
        break;
    }
}

/* ---------------------------------------------------------------------- */
/* Compression (Compression.md)                                           */
/* ---------------------------------------------------------------------- */

/*
 * The data stream of a compressed tile is groups of 32 augmented datums
 * followed by their 32 4-bit counters; positions are computed from
 * aug_count, and every datum and counter is written when known.
 */
static uint32_t pk_group_bytes(unsigned bits)
{
    return TT_PACK_CGROUP * bits / 8 + 16;
}

static void pk_write_counter(TTPackJob *j, uint32_t idx, uint32_t cnt)
{
    unsigned bits = pk_out_bits(j->ofmt);
    uint32_t addr = j->p->data_addr + (idx / TT_PACK_CGROUP) *
                    pk_group_bytes(bits) + TT_PACK_CGROUP * bits / 8 +
                    (idx % TT_PACK_CGROUP) / 2;
    uint8_t *old = tt_unit_l1(j->s, addr, 1);
    uint8_t v = 0;

    if (!old) {
        pk_l1_write(j, addr, &v, 1);      /* logs */
        return;
    }
    v = *old;
    v = (idx & 1) ? (v & 0x0f) | (cnt << 4) : (v & 0xf0) | cnt;
    pk_l1_write(j, addr, &v, 1);
}

/* Write augmented datums [first, first + n) (their L1 bits in @d) */
static void pk_write_aug(TTPackJob *j, uint32_t first, const uint32_t *d,
                         unsigned n)
{
    unsigned bits = pk_out_bits(j->ofmt);

    for (unsigned k = 0; k < n; k++) {
        uint32_t idx = first + k;
        uint32_t bitpos = (idx % TT_PACK_CGROUP) * bits;
        uint32_t addr = j->p->data_addr + (idx / TT_PACK_CGROUP) *
                        pk_group_bytes(bits) + bitpos / 8;
        uint8_t b[4];

        if (bits >= 8) {
            stl_le_p(b, d[k]);
            pk_l1_write(j, addr, b, bits / 8);
        } else {
            uint8_t *old = tt_unit_l1(j->s, addr, 1);
            uint8_t mask = MAKE_64BIT_MASK(bitpos % 8, bits);

            b[0] = ((old ? *old : 0) & ~mask) | ((d[k] << (bitpos % 8)) & mask);
            pk_l1_write(j, addr, b, 1);
        }
    }
}

/* Convert the @n buffered BFP datums, the last @n augmented ones */
static void pk_comp_bfp_flush(TTPackJob *j, unsigned n)
{
    TTPacker *p = j->p;
    unsigned bits = pk_out_bits(j->ofmt);
    uint32_t save = p->data_addr;
    uint32_t d[TT_PACK_BFP_BLOCK];

    /* Convert through the staging buffer, then place the datums */
    pk_stage_flush(j);
    pk_bfp_block(j, p->bfp_buf, n);
    for (unsigned k = 0; k < n; k++) {
        d[k] = extract32(j->stage[k * bits / 8], (k * bits) % 8, bits);
    }
    j->stage_len = 0;
    p->data_addr = save;
    j->stage_addr = save;
    pk_write_aug(j, p->aug_count - n, d, n);
    p->bfp_count = 0;
}

/* A new augmented datum (its counter starts at 0) */
static void pk_comp_push(TTPackJob *j, uint32_t w)
{
    TTPacker *p = j->p;

    pk_write_counter(j, p->aug_count, 0);
    if (!pk_is_bfp(j->ofmt)) {
        uint32_t d = pk_late(j, w);

        pk_write_aug(j, p->aug_count++, &d, 1);
        return;
    }
    p->bfp_buf[p->bfp_count++] = w;
    p->aug_count++;
    if (p->bfp_count == TT_PACK_BFP_BLOCK) {
        pk_comp_bfp_flush(j, TT_PACK_BFP_BLOCK);
    }
}

static void pk_comp_datum(TTPackJob *j, uint32_t w, bool first)
{
    TTPacker *p = j->p;
    bool zero = !(w & 0x7fffffffu);

    p->row_datums++;
    if (!zero) {
        p->row_nonzero = 1;
    }
    if (zero && !first && p->aug_count && p->cnt_last < 15) {
        p->cnt_last++;
        p->row_last_zero = 1;
        pk_write_counter(j, p->aug_count - 1, p->cnt_last);
        return;
    }
    p->row_last_zero = 0;
    pk_comp_push(j, w);
    p->cnt_last = 0;
}

/* End of a compression row: its last datum stays; RSI[i + 1], flags */
static void pk_comp_row_end(TTPackJob *j)
{
    TTPacker *p = j->p;
    uint8_t b[2];

    if (p->row_last_zero) {
        p->cnt_last--;
        pk_write_counter(j, p->aug_count - 1, p->cnt_last);
        pk_comp_push(j, 0);
        p->cnt_last = 0;
        p->row_last_zero = 0;
    }
    if (!p->row_nonzero && p->rsi_count - 1 < 32) {
        p->zero_flags |= 1u << (p->rsi_count - 1);
    }
    stw_le_p(b, p->aug_count);
    pk_l1_write(j, p->rsi_addr + 2 * p->rsi_count, b, 2);
    p->rsi_count++;
    p->row_open = 0;
    p->row_datums = 0;
    p->row_nonzero = 0;
}

/* End of a compressed tile: the last group's padding */
static void pk_comp_tile_end(TTPackJob *j)
{
    TTPacker *p = j->p;
    unsigned bits = pk_out_bits(j->ofmt);
    uint32_t groups;

    if (p->bfp_count) {
        pk_comp_bfp_flush(j, p->bfp_count);
    }
    for (uint32_t k = p->aug_count; k % TT_PACK_CGROUP; k++) {
        uint32_t z = 0;

        pk_write_aug(j, k, &z, 1);
        pk_write_counter(j, k, 0);
    }
    groups = DIV_ROUND_UP(p->aug_count, TT_PACK_CGROUP);
    p->data_addr += groups * pk_group_bytes(bits);
    p->aug_count = 0;
    p->cnt_last = 0;
}

/* ---------------------------------------------------------------------- */
/* The datum pipeline                                                     */
/* ---------------------------------------------------------------------- */

/* TilePositionGenerator.Advance() by @n datums */
static void pk_tpg_advance(TTPackJob *j, unsigned n)
{
    TTPacker *p = j->p;

    p->tpg_x += n;
    while (p->tpg_x >= 16) {
        p->tpg_x -= 16;
        if (j->yz_transposed) {
            if (++p->tpg_z == j->reads_per_plane) {
                p->tpg_z = 0;
                p->tpg_y++;
            }
        } else if (++p->tpg_y == j->reads_per_plane) {
            p->tpg_y = 0;
            p->tpg_z++;
        }
        p->tpg_y &= 0xffff;
        p->tpg_z &= 0xffff;
    }
}

static uint16_t pk_edge_mask_now(TTPackJob *j)
{
    TTPacker *p = j->p;
    unsigned b, c;

    if (j->face_en) {
        unsigned z = (j->zofs + p->tpg_z) & 0xf;

        b = extract32(j->face_map[extract32(j->face_sel, 2 * j->i, 2)],
                      2 * z, 2);
    } else {
        b = extract32(j->row_sel, 2 * j->i, 2);
    }
    c = extract32(j->row_map[b], 2 * (p->tpg_y & 0xf), 2);
    return j->edge_mask[c];
}

/* ShiftAmount of FormatConversion.md (z: the tile position's Z) */
static unsigned pk_shift(TTPackJob *j)
{
    const TTPkArch *pa = &tt_pk_arch[j->s->arch->id];
    unsigned z;

    if (j->desc_mode != 2) {
        return j->desc_mode ? j->shift_cfg : 0;
    }
    z = j->p->tpg_z;
    return tt_cfg_read(j->s, j->st, pa->desc_val0.addr32 + ((z & 63) >> 2)) >>
           ((z & 3) * 8);
}

/* Fetch @n (<= 16) Dst datums from index @a on, within one row */
static inline QEMU_ALWAYS_INLINE void pk_fetch_dst(TTPackJob *j, uint32_t a,
                                                   uint32_t *w, unsigned n)
{
    TTCoproc *s = j->s;
    unsigned row = (a >> 4) & TT_DST_ROW_MASK, col = a & 15;
    const unsigned cls = j->icls;

    if (j->rd32) {
        unsigned phys = tt_dst_adj32(s, j->t, row);
        const uint16_t *hi = s->dst.bits[phys], *lo = s->dst.bits[phys + 8];

        if (!s->dst.row_valid[phys]) {
            memset(w, 0, n * sizeof(*w));
            return;
        }
        for (unsigned k = 0; k < n; k++) {
            uint32_t d = ((uint32_t)hi[col + k] << 16) | lo[col + k];

            /* Dst32 layout: Sign 31, ManHi 30:24, Exp 23:16, ManLo 15:0 */
            w[k] = (d & 0x8000ffffu) | (extract32(d, 16, 8) << 23) |
                   (extract32(d, 24, 7) << 16);
        }
    } else {
        unsigned phys = tt_dst_adj16(s, j->t, row);
        const uint16_t *r = s->dst.bits[phys];

        if (!s->dst.row_valid[phys]) {
            memset(w, 0, n * sizeof(*w));
            return;
        }
        if (cls == CLS_F5) {
            /* FP16: Sign 15, Man 14:5, Exp 4:0 */
            for (unsigned k = 0; k < n; k++) {
                uint32_t d = r[col + k];

                w[k] = ((d & 0x8000) | ((d & 0x1f) << 10) |
                        extract32(d, 5, 10)) << 16;
            }
        } else if (cls == CLS_I16) {
            for (unsigned k = 0; k < n; k++) {
                w[k] = (uint32_t)r[col + k] << 16;
            }
        } else {
            /* BF16: Sign 15, Man 14:8, Exp 7:0 */
            for (unsigned k = 0; k < n; k++) {
                uint32_t d = r[col + k];

                w[k] = ((d & 0x8000) | ((d & 0xff) << 7) |
                        extract32(d, 8, 7)) << 16;
            }
        }
    }
}

/* Fetch @n datums from L1 (packer 0, Source_interface_selection) */
static void pk_fetch_l1(TTPackJob *j, uint32_t a, uint32_t *w, unsigned n)
{
    unsigned bpd = (j->lfmt & 3) == 0 ? 4 : (j->lfmt & 3) == 1 ? 2 : 1;
    const uint8_t *m = tt_unit_l1(j->s, a, n * bpd);

    if (!m) {
        pk_guest_error(j, "L1 input outside L1; reads zeros");
        memset(w, 0, n * sizeof(*w));
        return;
    }
    for (unsigned k = 0; k < n; k++) {
        if (bpd == 4) {
            w[k] = ldl_le_p(m + 4 * k);
        } else if (bpd == 2) {
            w[k] = (uint32_t)lduw_le_p(m + 2 * k) << 16;
        } else if (j->lcls == CLS_F8) {
            /* Sign and mantissa from 8 bits, exponent zero */
            w[k] = ((m[k] & 0x80u) << 24) | ((m[k] & 0x7fu) << 16);
        } else if (j->lcls == CLS_F5 && j->lfmt != FMT_FP8) {
            w[k] = ((m[k] & 0x80u) << 24) | ((m[k] & 0x7fu) << 19);
        } else {
            w[k] = (uint32_t)m[k] << 24;
        }
    }
}

/*
 * Exponent of a wire datum for the histogram (ExponentHistogram.md):
 * (w >> shift) & mask per class (INT16: the integer's low 8 bits; INT8,
 * unspecified: 0).
 */
static const uint8_t tt_pack_exp_shift[] = {
    [CLS_F8] = 23, [CLS_F5] = 26, [CLS_I32] = 23, [CLS_I16] = 16,
    [CLS_I8] = 0,
};
static const uint8_t tt_pack_exp_mask[] = {
    [CLS_F8] = 0xff, [CLS_F5] = 0x1f, [CLS_I32] = 0xff, [CLS_I16] = 0xff,
    [CLS_I8] = 0,
};

/*
 * Process @n datums from input index @a (all within one Dst row).  Always
 * inlined into pk_chunk, once with n = 16, so that the loops of a full
 * row have a constant trip count.
 */
static inline QEMU_ALWAYS_INLINE void pk_chunk_n(TTPackJob *j, uint32_t a,
                                                 unsigned n)
{
    TTPacker *p = j->p;
    uint32_t w[16], keep[16];
    unsigned k, m = 0;

    if (j->src == SRC_NULL) {
        memset(w, 0, n * sizeof(*w));
    } else if (j->src == SRC_L1) {
        pk_fetch_l1(j, a, w, n);
    } else {
        uint16_t em[16];
        unsigned shift = pk_shift(j);
        bool masked = false;

        pk_fetch_dst(j, a, w, n);
        if (j->edge_all_ones) {
            pk_tpg_advance(j, n);
        } else {
            for (k = 0; k < n; k++) {
                em[k] = pk_edge_mask_now(j);
                masked |= !extract32(em[k], (a + k) & 15, 1);
                pk_tpg_advance(j, 1);
            }
        }
        /* Early format conversion (FormatConversion.md) */
        if (j->ifmt == FMT_BF16 && !j->raw && !j->round10 && !j->early_srnd) {
            for (k = 0; k < n; k++) {
                uint32_t v = w[k], e = extract32(v, 23, 8);
                uint32_t r = (v & 0x7fffffffu) + 0x8000u;

                r = e == 255 ? 0x7f800000u : MIN(r & 0xffff0000u, 0x7f800000u);
                w[k] = e == 0 ? 0 : (v & 0x80000000u) | r;
            }
        } else if (!((j->ifmt == FMT_FP32 && !(j->round10 && !j->raw)) ||
                     j->ifmt == FMT_INT32 || j->ifmt == FMT_INT16 ||
                     (j->raw && (j->ifmt == FMT_TF32 ||
                                 j->ifmt == FMT_FP16)))) {
            /* Masked datums are not converted (nor a PRNG step taken) */
            for (k = 0; k < n; k++) {
                if (!masked || extract32(em[k], (a + k) & 15, 1)) {
                    w[k] = pk_early(j, w[k], shift);
                }
            }
        }
        /* Edge masking (EdgeMasking.md): 0 or -inf instead of the datum */
        if (masked) {
            uint32_t ninf = j->icls == CLS_F8 ? 0xff800000u :
                            j->icls == CLS_F5 ? 0xffff0000u : 0xffffffffu;

            for (k = 0; k < n; k++) {
                if (!extract32(em[k], (a + k) & 15, 1)) {
                    w[k] = j->edge_mode ? ninf : 0;
                }
            }
        }
        /* ReLU (ReLU.md), on the bit patterns (sign-magnitude compares) */
        if (j->relu_mode) {
            uint32_t tm = j->relu_thr & 0x7fffffffu;

            for (k = 0; k < n; k++) {
                uint32_t v = w[k], mag = v & 0x7fffffffu;
                bool le0 = (v >> 31) || !mag;

                switch (j->relu_mode) {
                case 1:
                    w[k] = le0 ? 0 : v;
                    break;
                case 2:
                    w[k] = (le0 || mag <= tm) ? 0 : v;
                    break;
                default:
                    w[k] = le0 ? 0 : mag > tm ? tm : v;
                    break;
                }
            }
        }
        /* Exponent histogram (ExponentHistogram.md) */
        {
            unsigned esh = tt_pack_exp_shift[j->icls];
            uint32_t emask = tt_pack_exp_mask[j->icls], emax = p->max_exp;

            for (k = 0; k < n; k++) {
                uint32_t e = (w[k] >> esh) & emask;

                emax = e > emax ? e : emax;
            }
            p->max_exp = emax;
        }
        if (j->hist_en) {
            unsigned esh = tt_pack_exp_shift[j->icls];
            uint32_t emask = tt_pack_exp_mask[j->icls];

            for (k = 0; k < n; k++) {
                uint32_t bin = (w[k] >> esh) & emask & 31;

                if (p->hist[bin] != 255) {
                    p->hist[bin]++;
                }
            }
        }
        /* Exponent thresholding (ExponentThresholding.md) */
        if (j->thr_en) {
            for (k = 0; k < n; k++) {
                uint32_t e = j->lcls == CLS_F8 ? extract32(w[k], 23, 8)
                                               : extract32(w[k], 26, 5);

                w[k] = e < j->thr ? 0 : w[k];
            }
        }
    }

    /* Downsampling (Downsampling.md) */
    if (j->ds_mask != 0xffff) {
        for (k = 0; k < n; k++) {
            if (j->ds_mask & 1) {
                keep[m++] = w[k];
            }
            j->ds_mask = (j->ds_mask << 15) | (j->ds_mask >> 1);
        }
    } else {
        memcpy(keep, w, n * sizeof(*w));
        m = n;
    }

    if (j->compress) {
        for (k = 0; k < m; k++) {
            pk_comp_datum(j, keep[k], p->row_datums == 0);
        }
    } else {
        pk_output(j, keep, m);
    }
}

static void pk_chunk(TTPackJob *j, uint32_t a, unsigned n)
{
    if (n == 16) {
        pk_chunk_n(j, a, 16);
    } else {
        pk_chunk_n(j, a, n);
    }
}

/* ---------------------------------------------------------------------- */
/* Flush and metadata                                                     */
/* ---------------------------------------------------------------------- */

/* Pad a stream to its 16-byte boundary with zeros (not when accumulating) */
static void pk_pad(TTPackJob *j, uint32_t *addr)
{
    static const uint8_t zeros[16];
    uint32_t pad = -*addr & 15;

    if (pad && !j->acc) {
        pk_l1_write(j, *addr, zeros, pad);
    }
    *addr += pad;
}

/* Last/Flush: the output buffers go to L1, padded; tile metadata */
static void pk_flush(TTPackJob *j, bool last, const TTPkDesc *d)
{
    TTPacker *p = j->p;
    TTPackerMeta *pm = &j->s->mover.packer[j->i];
    uint32_t end;

    if (j->compress) {
        if (p->row_open || p->row_datums) {
            pk_comp_row_end(j);
        }
        pk_comp_tile_end(j);
    } else if (p->bfp_count) {
        pk_bfp_block(j, p->bfp_buf, p->bfp_count);
        p->bfp_count = 0;
    }
    pk_stage_flush(j);
    if (!p->exp_new) {
        pk_pad(j, &p->exp_addr);
    }
    if (!p->rsi_new) {
        uint32_t rsi_end = p->rsi_addr + 2 * p->rsi_count;

        pk_pad(j, &rsi_end);
    }
    pk_pad(j, &p->data_addr);
    j->stage_addr = p->data_addr;
    end = p->data_addr;
    if (last) {
        /* TDMA-RISC.md: the tile's size in 16-byte units (pack.md) */
        pm->last_thread = j->t;
        pm->last_tile_size = ((end - p->tile_start) >> 4) & 0xffff;
        pm->all_zero_flags = p->zero_flags;
        pm->acc_tile_size[j->t] = (pm->acc_tile_size[j->t] +
                                   pm->last_tile_size +
                                   pk_get(j->s, j->st, &d->add_hdr)) & 0xffff;
        if (pk_get(j->s, j->st, &d->out_fifo) &&
            pm->fifo_count < TT_PACK_META_FIFO_DEPTH) {
            unsigned slot = (pm->fifo_head + pm->fifo_count) %
                            TT_PACK_META_FIFO_DEPTH;

            pm->fifo_tile_size[slot] = pm->last_tile_size;
            pm->fifo_zero_flags[slot] = pm->all_zero_flags;
            pm->fifo_count++;
            tt_cores_wake(j->s->cores, TT_WAIT_PACK_META, j->i);
        }
    }
    p->data_new = p->exp_new = p->rsi_new = 1;
    p->tpg_x = p->tpg_y = p->tpg_z = 0;
    p->rsi_count = 0;
    p->zero_flags = 0;
    p->row_open = 0;
    p->row_datums = 0;
    p->row_nonzero = 0;
}

/* ---------------------------------------------------------------------- */
/* PACR                                                                   */
/* ---------------------------------------------------------------------- */

static void pk_advance_adc(TTCoproc *s, int t, int which, unsigned am,
                           bool src)
{
    const TTPkArch *pa = &tt_pk_arch[s->arch->id];
    uint32_t word = s->cfg.thd[t][pa->am[0].addr32 + am * pa->am_stride];
    TTAdcChannel *c = tt_adc_channel(s, which, TT_ADC_PACKERS, src ? 0 : 1);
    uint32_t v[10];

    for (int f = 0; f < 10; f++) {
        v[f] = (word & pa->am[f].mask) >> pa->am[f].shift;
    }
    if (v[src ? AM_YSRC_CLR : AM_YDST_CLR]) {
        tt_adc_set(c, TT_ADC_Y, 0);
        tt_adc_set_cr(c, TT_ADC_Y, 0);
    } else if (v[src ? AM_YSRC_CR : AM_YDST_CR]) {
        tt_adc_set_cr(c, TT_ADC_Y, c->cr[TT_ADC_Y] +
                      v[src ? AM_YSRC_INCR : AM_YDST_INCR]);
        tt_adc_set(c, TT_ADC_Y, c->cr[TT_ADC_Y]);
    } else {
        tt_adc_inc(c, TT_ADC_Y, v[src ? AM_YSRC_INCR : AM_YDST_INCR]);
    }
    if (v[src ? AM_ZSRC_CLR : AM_ZDST_CLR]) {
        tt_adc_set(c, TT_ADC_Z, 0);
        tt_adc_set_cr(c, TT_ADC_Z, 0);
    } else {
        tt_adc_inc(c, TT_ADC_Z, v[src ? AM_ZSRC_INCR : AM_ZDST_INCR]);
    }
}

/* Output address generator: the packer's streams for this instruction */
static void pk_out_addr(TTPackJob *j, const TTPkDesc *d, uint32_t addr,
                        int which)
{
    TTCoproc *s = j->s;
    const TTPkArch *pa = &tt_pk_arch[s->arch->id];
    TTPacker *p = j->p;
    TTAdcChannel *c = tt_adc_channel(s, which, TT_ADC_PACKERS, 1);
    int st = j->st;
    uint32_t yzw = pk_get(s, st, &pa->base1) +
                   c->val[TT_ADC_Y] * pk_get(s, st, &pa->ystride1) +
                   c->val[TT_ADC_Z] * pk_get(s, st, &pa->zstride1) +
                   c->val[TT_ADC_W] * pk_get(s, st, &pa->wstride1);
    bool fresh = p->data_new;

    addr += yzw & ~0xfu;
    if (pk_get(s, st, &d->add_ofs)) {
        addr += s->mover.packer[j->i].l1_dest_addr_offset;
    }
    if (addr > pk_get(s, st, &pa->limit[j->i]) * 2 + 1) {
        addr -= pk_get(s, st, &pa->fifo[j->i]) * 2;
    }
    if (fresh) {
        p->tile_start = (addr & 0x1ffff) << 4;
    }
    if (j->compress) {
        if (p->rsi_new) {
            uint8_t z[2] = { 0, 0 };

            p->rsi_addr = (addr & 0x1ffff) << 4;
            p->rsi_new = 0;
            /* RSI[0] = 0 */
            pk_l1_write(j, p->rsi_addr, z, 2);
            p->rsi_count = 1;
        }
        addr += pk_get(s, st, &d->row_start);
    }
    if (j->ofmt & 2) {
        if (p->exp_new) {
            p->exp_addr = (addr & 0x1ffff) << 4;
            p->exp_new = 0;
        }
        addr += pk_get(s, st, &d->exp_size);
    }
    if (p->data_new) {
        p->data_addr = (addr & 0x1ffff) << 4;
        p->data_new = 0;
    }
}

/* The PACR fields both architectures have, decoded */
typedef struct TTPacrOps {
    unsigned mask, am, which_ovrd;
    bool zero_write, ovrd, concat, flush, last;
    /*
     * Blackhole: one packer reading Dst through four interfaces; @intf is
     * ReadIntfSel (0 means all four), @row_stride the Dst rows between
     * interfaces (DstAccessMode: 16, else 1)
     */
    unsigned intf, row_stride;
} TTPacrOps;

static void pk_decode(TTCoproc *s, int t, uint32_t insn, TTPacrOps *o)
{
    if (s->arch->id == TT_ARCH_WORMHOLE_B0) {
        /* PACR.md encoding: the fields' low bits (assembly.yaml widths) */
        o->last = FIELD_EX32(insn, WH_PACR, Last);
        o->flush = FIELD_EX32(insn, WH_PACR, Flush) & 1;
        o->concat = FIELD_EX32(insn, WH_PACR, Concat) & 1;
        o->ovrd = FIELD_EX32(insn, WH_PACR, OvrdThreadId);
        o->mask = FIELD_EX32(insn, WH_PACR, PackSel);
        o->zero_write = FIELD_EX32(insn, WH_PACR, ZeroWrite) & 1;
        o->am = FIELD_EX32(insn, WH_PACR, AddrMode) & 3;
        o->which_ovrd = 0;
        if (o->mask == 0) {
            o->mask = 1;
        }
        o->intf = 1;
        o->row_stride = 1;
    } else {
        o->last = FIELD_EX32(insn, BH_PACR, Last);
        o->flush = FIELD_EX32(insn, BH_PACR, Flush);
        o->concat = FIELD_EX32(insn, BH_PACR, Concat) & 1;
        o->ovrd = FIELD_EX32(insn, BH_PACR, OvrdThreadId);
        o->intf = FIELD_EX32(insn, BH_PACR, ReadIntfSel);
        o->zero_write = FIELD_EX32(insn, BH_PACR, ZeroWrite);
        o->am = FIELD_EX32(insn, BH_PACR, AddrMode);
        o->which_ovrd = FIELD_EX32(insn, BH_PACR, AddrCntContext);
        o->row_stride = FIELD_EX32(insn, BH_PACR, DstAccessMode) ? 16 : 1;
        if (FIELD_EX32(insn, BH_PACR, CtxtCtrl) ||
            FIELD_EX32(insn, BH_PACR, RowPadZero) ||
            FIELD_EX32(insn, BH_PACR, CfgContext) ||
            (o->intf == 0 && o->zero_write)) {
            tt_unimp_insn(s, t, insn, "PACR CtxtCtrl/RowPadZero/CfgContext "
                          "or the ZeroWrite special mode: ignored");
        }
        if (o->intf == 0) {
            o->intf = 0xf;      /* "all 4 intfs are active by default" */
        }
        /* tt-llk's NUM_PACKERS is 1 on Blackhole: packer 0 does the work */
        o->mask = 1;
        return;
    }
    if (o->mask != 1 && o->mask != 2 && o->mask != 4 && o->mask != 8 &&
        o->mask != 3 && o->mask != 0xc && o->mask != 0xf) {
        tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: T%d: PACR (insn 0x%08x) "
                    "PackerMask 0x%x is undefined; every packer in it "
                    "works\n", t, insn, o->mask);
    }
}

/*
 * PerformingCompression is false: All_pack_disable_zero_compress.Bit[i]
 * when its override is set, else the packer's Disable_zero_compress.
 * Blackhole has only the override bit (its bits 20:17 are
 * pack_start_intf_pos): set, it is taken as disabling every packer.
 */
static bool pk_disable_compress(TTPackJob *j, const TTPkDesc *d)
{
    TTCoproc *s = j->s;

#define WH_DZC(S)   TT_WH_CFG_THCON_SEC0_REG1_All_pack_disable_zero_compress##S
#define BH_DZC(S)   TT_BH_CFG_THCON_SEC0_REG1_All_pack_disable_zero_compress##S
    if (s->arch->id == TT_ARCH_WORMHOLE_B0) {
        uint32_t w = tt_cfg_read(s, j->st, WH_DZC(_ADDR32));

        QEMU_BUILD_BUG_ON(WH_DZC(_ADDR32) != WH_DZC(_ovrd_ADDR32));
        if (w & WH_DZC(_ovrd_MASK)) {
            return extract32((w & WH_DZC(_MASK)) >> WH_DZC(_SHAMT), j->i, 1);
        }
    } else if (tt_cfg_read(s, j->st, BH_DZC(_ovrd_ADDR32)) &
               BH_DZC(_ovrd_MASK)) {
        return true;
    }
    return pk_get(s, j->st, &d->dis_zc);
}

/* Early conversions FormatConversion.md does not list: logged */
static void pk_check_early(TTPackJob *j)
{
    unsigned f = j->ifmt;
    bool ok;

    if (j->src != SRC_DST) {
        return;
    }
    if (j->rd32) {
        ok = f == FMT_FP32 || f == FMT_TF32 || f == FMT_BF16 ||
             f == FMT_BFP8 || f == FMT_INT32 || f == FMT_INT8;
    } else {
        ok = f != FMT_INT32 && f != FMT_BFP4 && f != FMT_BFP2 &&
             f != FMT_BFP4A && f != FMT_BFP2A && f != 12 && f != 13;
    }
    if (!ok) {
        pk_guest_error(j, "unsupported early format conversion (undefined); "
                       "the datum is converted as if it had the layout the "
                       "conversion expects");
    }
}

static void pk_setup(TTPackJob *j, const TTPkDesc *d)
{
    TTCoproc *s = j->s;
    const TTPkArch *pa = &tt_pk_arch[s->arch->id];
    int st = j->st;
    unsigned ds;

    j->rd32 = pk_get(s, st, &pa->rd32);
    j->ifmt = pk_get(s, st, &pa->dst_ovr) ? pk_get(s, st, &pa->dst_val)
                                          : pk_get(s, st, &pa->dst_fmt);
    j->icls = tt_pack_cls[j->ifmt];
    j->raw = pk_get(s, st, &pa->rd_raw);
    j->round10 = pk_get(s, st, &pa->round10);
    j->uns = pk_get(s, st, &pa->rd_uns);
    j->early_srnd = pk_get(s, st, &pa->gasket_srnd);
    j->late_srnd = pk_get(s, st, &pa->packer_srnd);
    j->shift_cfg = tt_cfg_read(s, st, pa->desc_val0.addr32) & 0x1f;
    j->desc_mode = !pk_get(s, st, &pa->desc_en) ? 0 :
                   pk_get(s, st, &pa->desc_mode) ? 2 : 1;
    for (int c = 0; c < 4; c++) {
        j->edge_mask[c] = pk_get(s, st, &pa->edge_mask[c]);
        j->row_map[c] = pk_word(s, st, &pa->row_map[c]);
        j->face_map[c] = pk_word(s, st, &pa->face_map[c]);
    }
    j->face_en = pk_get(s, st, &pa->face_en);
    j->face_sel = pk_get(s, st, &pa->face_sel);
    j->row_sel = pk_get(s, st, &pa->row_sel);
    /* Edge masking is a no-op when every mask this packer can pick is 1s */
    {
        unsigned bset = 0;

        if (j->face_en) {
            uint32_t fm = j->face_map[extract32(j->face_sel, 2 * j->i, 2)];

            for (int z = 0; z < 16; z++) {
                bset |= 1u << extract32(fm, 2 * z, 2);
            }
        } else {
            bset = 1u << extract32(j->row_sel, 2 * j->i, 2);
        }
        j->edge_all_ones = true;
        for (int b = 0; b < 4; b++) {
            for (int y = 0; y < 16 && (bset & (1u << b)); y++) {
                unsigned c = extract32(j->row_map[b], 2 * y, 2);

                j->edge_all_ones &= j->edge_mask[c] == 0xffff;
            }
        }
    }
    j->edge_mode = pk_get(s, st, &pa->edge_mode);
    j->zofs = pk_get(s, st, &pa->dst_zofs[j->i]);
    j->reads_per_plane = pk_get(s, st, &pa->reads_per_plane[j->i]);
    j->yz_transposed = pk_get(s, st, &pa->yz_transposed[j->i]);
    j->relu_mode = pk_get(s, st, &pa->relu_mode) & 3;
    /* BF16 and FP16 thresholds are both the high half of the wire */
    j->relu_thr = pk_get(s, st, &pa->relu_thr) << 16;
    if (j->relu_mode >= 2 && (j->relu_thr >> 31)) {
        pk_guest_error(j, "ReLU threshold <= -0 (undefined); its magnitude "
                       "is used");
    }
    j->hist_en = false;
    for (int u = 0; u < TT_NUM_THREADS; u++) {
        j->hist_en |= (s->cfg.thd[u][pa->acc_stats.addr32] &
                       pa->acc_stats.mask) != 0;
    }
    j->lfmt = pk_get(s, st, &d->in_fmt);
    j->lcls = tt_pack_cls[j->lfmt];
    j->ofmt = pk_get(s, st, &d->out_fmt);
    j->thr_en = pk_get(s, st, &d->thr_en) &&
                (j->lcls == CLS_F8 || j->lcls == CLS_F5) &&
                j->lfmt != FMT_BFP2;
    j->thr = pk_get(s, st, &d->thr);
    if (pk_get(s, st, &d->thr_en) && j->lfmt == FMT_BFP2A) {
        pk_guest_error(j, "exponent thresholding with BFP2a (undefined); "
                       "not applied");
        j->thr_en = false;
    }
    ds = pk_get(s, st, &d->ds_mask);
    j->ds_mask = ds ? ds : 0xffff;
    j->acc = pk_get(s, st, &d->l1_acc);
    j->compress = !pk_disable_compress(j, d);
    if (j->compress && j->acc) {
        tt_log_mask(LOG_UNIMP, "tt-tensix: T%d: PACR packer %d: L1 "
                    "accumulation of compressed data not modelled; L1 is "
                    "overwritten\n", j->t, j->i);
        j->acc = false;
    }
    pk_check_late(j);
}

TTExec tt_pacr(TTCoproc *s, int t, uint32_t insn)
{
    const TTPkArch *pa = &tt_pk_arch[s->arch->id];
    int st = tt_cfg_state_id(s, t);
    bool adv_src[TT_ADC_NUM_SETS] = { false }, adv_dst[TT_ADC_NUM_SETS] = {
        false };
    uint32_t p0_addr = 0;
    TTPacrOps o;
    TTPackJob job;
    TTPackJob *j = &job;

    TT_PK_CHECK_LAYOUT(WH);
    TT_PK_CHECK_LAYOUT(BH);
    pk_decode(s, t, insn, &o);

    for (int i = 0; i < TT_PACK_NUM; i++) {
        const TTPkDesc *d = &pa->pk[i];
        TTPacker *p = &s->pack.p[i];
        uint32_t addr, in, bpd, xmask, a, left, n_intf;
        int which = t;
        TTAdcChannel *c0, *c1;

        addr = pk_get(s, st, &d->l1_dest) + !pk_get(s, st, &d->sub_hdr);
        if (i == 0) {
            p0_addr = addr;
        } else if (p0_addr & 0x80000000u) {
            addr += p0_addr;
        }
        if (!(o.mask & (1u << i))) {
            continue;
        }
        memset(j, 0, offsetof(TTPackJob, stage));
        j->s = s;
        j->p = p;
        j->t = t;
        j->i = i;
        j->st = st;
        j->insn = insn;
        if (o.ovrd) {
            which = s->arch->id == TT_ARCH_WORMHOLE_B0 ?
                    pk_get(s, st, &d->addr_ctx) : o.which_ovrd;
            if (which == 3) {
                which = 0;
            }
        }
        adv_src[which] = adv_dst[which] = true;
        pk_setup(j, d);

        /* Input address generator (InputAddressGenerator.md) */
        c0 = tt_adc_channel(s, which, TT_ADC_PACKERS, 0);
        c1 = tt_adc_channel(s, which, TT_ADC_PACKERS, 1);
        in = pk_get(s, st, &pa->base0) +
             c0->val[TT_ADC_X] * (pk_get(s, st, &pa->xstride0) & 0xf) +
             c0->val[TT_ADC_Y] * pk_get(s, st, &pa->ystride0) +
             c0->val[TT_ADC_Z] * pk_get(s, st, &pa->zstride0) +
             c0->val[TT_ADC_W] * pk_get(s, st, &pa->wstride0);
        bpd = (j->lfmt & 3) == 0 ? 4 : (j->lfmt & 3) == 1 ? 2 : 1;
        xmask = bpd == 4 ? 0x3 : bpd == 2 ? 0x7 : 0xf;
        n_intf = o.flush ? 0 : (c1->val[TT_ADC_X] - c0->val[TT_ADC_X] + 1) &
                               tt_adc_width(TT_ADC_X);
        j->n = n_intf * ctpop32(o.intf);
        if (o.zero_write || o.flush) {
            j->src = SRC_NULL;
            j->src_addr = 0;
        } else if (i == 0 && pk_get(s, st, &d->src_if)) {
            in = (pk_get(s, st, &d->l1_src) << 18) + (in & 0x3ffff);
            in = (in & ~0xfu) + bpd * (c0->val[TT_ADC_X] & xmask);
            j->src = SRC_L1;
            j->src_addr = in & 0x1fffff;
        } else {
            in = ((in / bpd) & ~xmask) + (c0->val[TT_ADC_X] & xmask);
            in += pk_get(s, st, &pa->dst_ofs[i]) << 4;
            j->src = SRC_DST;
            j->src_addr = in & 0x3fff;
        }
        pk_check_early(j);

        /* Output address generator (OutputAddressGenerator.md) */
        pk_out_addr(j, d, addr, which);
        j->stage_addr = p->data_addr;
        j->est_addr = p->exp_addr;

        /* Compression rows: a PACR starts one unless the last had Concat */
        if (j->compress && j->n && !p->row_open && p->row_datums) {
            pk_comp_row_end(j);
        }

        /*
         * The datums, at most one Dst row at a time; on Blackhole, each
         * read interface in ReadIntfSel in turn, interface k starting
         * k * row_stride Dst rows on (docs/decisions.md)
         */
        for (unsigned k = 0; k < 4; k++) {
            if (!(o.intf & (1u << k))) {
                continue;
            }
            a = j->src_addr + (j->src == SRC_DST ? k * o.row_stride * 16 : 0);
            for (left = n_intf; left;) {
                unsigned n;

                if (j->src == SRC_DST) {
                    a &= 0x3fff;
                    n = MIN(left, 16 - (a & 15));
                } else {
                    n = MIN(left, 16u);
                }
                pk_chunk(j, a, n);
                a += j->src == SRC_L1 ? n * bpd : n;
                left -= n;
            }
        }
        if (j->src == SRC_DST && j->src_addr + j->n > 0x4000) {
            pk_guest_error(j, "input runs past the end of Dst; wrapped");
        }
        if (j->compress && j->n) {
            if (o.concat) {
                p->row_open = 1;
            } else {
                pk_comp_row_end(j);
            }
        }
        pk_stage_flush(j);
        if (o.last || o.flush) {
            pk_flush(j, o.last, d);
        }
    }

    /* ADC updates of AddrMod (input: Channel[0], output: Channel[1]) */
    for (int w = 0; w < TT_ADC_NUM_SETS; w++) {
        if (adv_src[w]) {
            pk_advance_adc(s, t, w, o.am, true);
        }
        if (adv_dst[w]) {
            pk_advance_adc(s, t, w, o.am, false);
        }
    }
    return TT_EXEC_DONE;
}

/* ---------------------------------------------------------------------- */
/* PACR_SETREG                                                            */
/* ---------------------------------------------------------------------- */

/* Flush every packer's output buffers (PACR_SETREG "flush any data") */
static void pk_flush_all(TTCoproc *s, int t, uint32_t insn)
{
    const TTPkArch *pa = &tt_pk_arch[s->arch->id];
    TTPackJob job;
    TTPackJob *j = &job;

    for (int i = 0; i < TT_PACK_NUM; i++) {
        TTPacker *p = &s->pack.p[i];

        if (p->data_new) {
            continue;
        }
        memset(j, 0, offsetof(TTPackJob, stage));
        j->s = s;
        j->p = p;
        j->t = t;
        j->i = i;
        j->st = tt_cfg_state_id(s, t);
        j->insn = insn;
        pk_setup(j, &pa->pk[i]);
        j->stage_addr = p->data_addr;
        j->est_addr = p->exp_addr;
        pk_flush(j, false, &pa->pk[i]);
    }
}

static void pk_setreg_write(TTCoproc *s, int t, uint32_t insn,
                            uint32_t addr, uint32_t value)
{
    if (addr < 0xFFB11000u) {
        tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: T%d: PACR_SETREG (insn "
                    "0x%08x) address 0x%08x is below 0xFFB11000 "
                    "(undefined); not written\n", t, insn, addr);
        return;
    }
    if (addr >= 0xFFB80000u) {
        return;
    }
    address_space_stl_le(&s->tile_as, addr, value, MEMTXATTRS_UNSPECIFIED,
                         NULL);
}

/* TDMA-RISC.md SetPackRegAddr: Packers.SetRegBase[@sel] */
static uint32_t pk_setreg_base(TTCoproc *s, unsigned sel)
{
    uint32_t raw = s->mover.pack_reg_addr_raw;

    return (extract32(raw, 20 + 2 * sel, 2) << 18) +
           (extract32(raw, 10 * sel, 10) << 2);
}

TTExec tt_pacr_setreg(TTCoproc *s, int t, uint32_t insn)
{
    const TTPkArch *pa = &tt_pk_arch[s->arch->id];
    int st = tt_cfg_state_id(s, t);

    if (s->arch->id == TT_ARCH_WORMHOLE_B0) {
        unsigned sel = FIELD_EX32(insn, WH_PACR_SETREG, AddrSel);
        uint32_t v10 = FIELD_EX32(insn, WH_PACR_SETREG, WrData);
        uint32_t mid = FIELD_EX32(insn, WH_PACR_SETREG, StreamId);
        uint32_t fmt = pk_get(s, st, &pa->pk[0].out_fmt);
        uint32_t hi = v10 * s->mover.set_reg_hi_scaler[fmt & 3];

        if (!FIELD_EX32(insn, WH_PACR_SETREG, Push) ||
            !FIELD_EX32(insn, WH_PACR_SETREG, Flush)) {
            tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: T%d: PACR_SETREG "
                        "(insn 0x%08x) without Push and Flush set is "
                        "undefined; no effect\n", t, insn);
            return TT_EXEC_DONE;
        }
        pk_flush_all(s, t, insn);
        pk_setreg_write(s, t, insn, 0xFFB00000u + pk_setreg_base(s, sel) +
                        (mid << 12), v10 + ((hi & 0x1ffff) << 12));
        return TT_EXEC_DONE;
    }
    /* Blackhole (assembly.yaml): ModeSel loads the 32-bit data */
    if (FIELD_EX32(insn, BH_PACR_SETREG, ModeSel)) {
        uint32_t v16 = extract32(insn, 3, 16);

        s->pack.setreg_wrdata = deposit32(s->pack.setreg_wrdata,
                                          16 * extract32(insn, 2, 1), 16, v16);
        return TT_EXEC_DONE;
    }
    if (!FIELD_EX32(insn, BH_PACR_SETREG, Push) ||
        !FIELD_EX32(insn, BH_PACR_SETREG, Flush)) {
        tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: T%d: PACR_SETREG (insn "
                    "0x%08x) without Push and Flush set; no effect\n", t,
                    insn);
        return TT_EXEC_DONE;
    }
    pk_flush_all(s, t, insn);
    if (FIELD_EX32(insn, BH_PACR_SETREG, AddrSel) > 1) {
        tt_unimp_insn(s, t, insn, "PACR_SETREG AddrSel 2/3 (no register "
                      "holds those addresses); not written");
        return TT_EXEC_DONE;
    }
    pk_setreg_write(s, t, insn, 0xFFB00000u +
                    pk_setreg_base(s, FIELD_EX32(insn, BH_PACR_SETREG,
                                                 AddrSel)) +
                    (FIELD_EX32(insn, BH_PACR_SETREG, StreamId) << 12),
                    s->pack.setreg_wrdata);
    return TT_EXEC_DONE;
}

/* ---------------------------------------------------------------------- */
/* Reset, histogram, migration                                            */
/* ---------------------------------------------------------------------- */

void tt_pack_clear_exp_hist(TTCoproc *s)
{
    for (int i = 0; i < TT_PACK_NUM; i++) {
        memset(s->pack.p[i].hist, 0, sizeof(s->pack.p[i].hist));
        s->pack.p[i].max_exp = 0;
    }
}

static void tt_pack_get_state(Object *obj, Visitor *v, const char *name,
                              void *opaque, Error **errp)
{
    TTCoproc *s = opaque;
    uint32List *list = NULL, **tail = &list;

    for (int i = 0; i < TT_PACK_NUM; i++) {
        TTPacker *p = &s->pack.p[i];

        for (int b = 0; b < TT_PACK_HIST_BINS; b++) {
            QAPI_LIST_APPEND(tail, p->hist[b]);
        }
        QAPI_LIST_APPEND(tail, p->max_exp);
        QAPI_LIST_APPEND(tail, p->data_addr);
        QAPI_LIST_APPEND(tail, p->exp_addr);
        QAPI_LIST_APPEND(tail, p->data_new);
    }
    visit_type_uint32List(v, name, &list, errp);
    qapi_free_uint32List(list);
}

void tt_pack_add_properties(TTCoproc *s)
{
    Object *obj = s->owner;

    if (object_property_find(obj, "x-pack-state")) {
        return;
    }
    object_property_add(obj, "x-pack-state", "uint32List",
                        tt_pack_get_state, NULL, NULL, s);
    object_property_set_description(obj, "x-pack-state",
        "Packers (read-only): per packer 0-3 ExponentHistogram[0-31], "
        "ExponentHistogramMaxExponent, the data and exponent streams' next "
        "byte addresses, NeedsNewAddress");
}

void tt_pack_reset(TTCoproc *s)
{
    memset(&s->pack, 0, sizeof(s->pack));
    for (int i = 0; i < TT_PACK_NUM; i++) {
        TTPacker *p = &s->pack.p[i];

        p->data_new = p->exp_new = p->rsi_new = 1;
    }
}

static const VMStateDescription vmstate_tt_packer = {
    .name = "tt-packer",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32(data_addr, TTPacker),
        VMSTATE_UINT32(exp_addr, TTPacker),
        VMSTATE_UINT32(rsi_addr, TTPacker),
        VMSTATE_UINT8(data_new, TTPacker),
        VMSTATE_UINT8(exp_new, TTPacker),
        VMSTATE_UINT8(rsi_new, TTPacker),
        VMSTATE_UINT32(tile_start, TTPacker),
        VMSTATE_UINT32_ARRAY(bfp_buf, TTPacker, TT_PACK_BFP_BLOCK),
        VMSTATE_UINT32(bfp_count, TTPacker),
        VMSTATE_UINT32(tpg_x, TTPacker),
        VMSTATE_UINT32(tpg_y, TTPacker),
        VMSTATE_UINT32(tpg_z, TTPacker),
        VMSTATE_UINT32(aug_count, TTPacker),
        VMSTATE_UINT32(cnt_last, TTPacker),
        VMSTATE_UINT32(rsi_count, TTPacker),
        VMSTATE_UINT32(row_open, TTPacker),
        VMSTATE_UINT32(row_datums, TTPacker),
        VMSTATE_UINT32(row_nonzero, TTPacker),
        VMSTATE_UINT32(row_last_zero, TTPacker),
        VMSTATE_UINT32(zero_flags, TTPacker),
        VMSTATE_UINT8_ARRAY(hist, TTPacker, TT_PACK_HIST_BINS),
        VMSTATE_UINT8(max_exp, TTPacker),
        VMSTATE_UINT32(prng, TTPacker),
        VMSTATE_END_OF_LIST()
    }
};

static int tt_pack_post_load(void *opaque, int version_id)
{
    TTCoproc *s = opaque;

    for (int i = 0; i < TT_PACK_NUM; i++) {
        if (s->pack.p[i].bfp_count >= TT_PACK_BFP_BLOCK ||
            s->pack.p[i].cnt_last > 15) {
            return -EINVAL;
        }
    }
    return 0;
}

const VMStateDescription vmstate_tt_pack = {
    .name = "tt-tensix/pack",
    .version_id = 1,
    .minimum_version_id = 1,
    .post_load = tt_pack_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_STRUCT_ARRAY(pack.p, TTCoproc, TT_PACK_NUM, 1,
                             vmstate_tt_packer, TTPacker),
        VMSTATE_UINT32(pack.setreg_wrdata, TTCoproc),
        VMSTATE_END_OF_LIST()
    }
};

/* ---------------------------------------------------------------------- */
/* Read-only accessors for the Scalar Unit (SETDMAREG special)            */
/* ---------------------------------------------------------------------- */

void tt_pack_get_exp_hist(TTCoproc *s, int p, unsigned first, uint8_t *out,
                          unsigned n)
{
    const TTPacker *pk = &s->pack.p[p & (TT_PACK_NUM - 1)];

    for (unsigned b = 0; b < n; b++) {
        out[b] = pk->hist[(first + b) % TT_PACK_HIST_BINS];
    }
}

uint32_t tt_pack_exp_hist_max(TTCoproc *s, int p)
{
    return s->pack.p[p & (TT_PACK_NUM - 1)].max_exp;
}
