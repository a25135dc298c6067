/*
 * qemu-tensix benchmark firmware in C: what bench-unpack.c, bench-pack.c
 * and bench-matmul.c share.  TRISC0 (thread 0) configures the unpackers,
 * the matrix unit and the packers as tt-llk does for a 32x32 BF16 tile
 * (llk_unpack_AB_matmul.h, llk_math_matmul.h, llk_pack.h; the register
 * values are those of tests-qtest/tt-unpack-test.c, tt-fpu-test.c and
 * tt-pack-test.c), then pushes the operation under test many times, in
 * MOPs.  Config word indices come from hw-tensix/tt_cfg_defs.h; the
 * machine is chosen at run time by the word at L1 0x20004.
 *
 * L1 map: program from 0 (BRISC) and 0x6000 (TRISC0) up to 0x20000;
 * parameter words from 0x20000 (loaded by the runner); failure details
 * at 0x20100; tiles from 0x30000 (header, then 2048 bytes of data).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef BENCH_TILE_H
#define BENCH_TILE_H

#include <stdint.h>
#include <stdbool.h>
#include "tt_cfg_defs.h"

/* Parameter words (-device loader) */
#define L1_COUNT            0x20000     /* MOPs to push */
#define L1_IS_BH            0x20004     /* 1 on tt-blackhole */
#define L1_VARIANT          0x20008     /* benchmark-specific */
/* What a failed check leaves: index, value read, value expected */
#define L1_FAIL             0x20100

/* Tiles: a 16-byte header, then 1024 BF16 datums in faces 0..3 */
#define TILE_A              0x30000     /* in1 of the matmul (SrcA) */
#define TILE_B              0x31000     /* in0 of the matmul (SrcB) */
#define TILE_OUT            0x32000     /* the packers' output */
#define TILE_DATA(t)        ((t) + 16)

#define L1_WORD(a)          (*(volatile uint32_t *)(a))
#define L1_HALF(a)          (*(volatile uint16_t *)(a))

/* TRISC0's windows */
#define INSTRN_BUF          ((volatile uint32_t *)0xFFE40000)
#define PC_BUF              ((volatile uint32_t *)0xFFE80000)
#define MOP_CFG             ((volatile uint32_t *)0xFFB80000)
#define CFG                 ((volatile uint32_t *)0xFFEF0000)

#define DF_BF16             5u

static bool bh;

/* Config / ThreadConfig field NAME of the running machine */
#define CFG_W(n)    (bh ? TT_BH_CFG_##n##_ADDR32 : TT_WH_CFG_##n##_ADDR32)
#define CFG_S(n)    (bh ? TT_BH_CFG_##n##_SHAMT : TT_WH_CFG_##n##_SHAMT)
#define CFG_M(n)    (bh ? TT_BH_CFG_##n##_MASK : TT_WH_CFG_##n##_MASK)
#define THD_W(n)    (bh ? TT_BH_THD_##n##_ADDR32 : TT_WH_THD_##n##_ADDR32)
#define THD_S(n)    (bh ? TT_BH_THD_##n##_SHAMT : TT_WH_THD_##n##_SHAMT)

static inline void cfg_rmw(unsigned word, uint32_t mask, unsigned shift,
                           uint32_t v)
{
    CFG[word] = (CFG[word] & ~mask) | ((v << shift) & mask);
}

#define CFG_SET(n, v)   cfg_rmw(CFG_W(n), CFG_M(n), CFG_S(n), (v))

/* Tensix instructions (opcode in bits 31:24; assembly.yaml) */
#define OP_MOP              0x01u
#define OP_NOP              0x02u
#define OP_REPLAY           0x04u
#define OP_ZEROACC          0x10u
#define OP_MOVA2D           0x12u
#define OP_MVMUL            0x26u
#define OP_SETRWC           0x37u
#define OP_PACR             0x41u
#define OP_UNPACR           0x42u
#define OP_UNPACR_NOP       0x43u
#define OP_SETADC           0x50u
#define OP_SETC16           0xB2u

#define NOP                 (OP_NOP << 24)
#define MOP_TEMPLATE1       ((OP_MOP << 24) | (1u << 23))

static inline void push(uint32_t insn)
{
    *INSTRN_BUF = insn;
}

/* TTSync: wait until every instruction pushed so far has executed */
static inline void tt_sync(void)
{
    PC_BUF[1] = 0;
    (void)PC_BUF[1];
}

static inline uint32_t setc16(unsigned reg, uint32_t v)
{
    return (OP_SETC16 << 24) | (reg << 16) | (v & 0xffff);
}

/* SETADC: units (bit 0 unpacker 0, 1 unpacker 1, 2 packers), channel, X */
static inline uint32_t setadc_x(unsigned units, unsigned ch, uint32_t v)
{
    return (OP_SETADC << 24) | (units << 21) | (ch << 20) | v;
}

/*
 * UNPACR Regular (UNPACR.md; Blackhole: the same positions): unpacker
 * @u (bit 23), SetDatValid @flip (bit 6), Last (bit 0) as tt-llk sets
 * it; no context, no ADC increments
 */
static inline uint32_t unpacr(unsigned u, bool flip)
{
    return (OP_UNPACR << 24) | (u << 23) | ((uint32_t)flip << 6) | 1u;
}

/*
 * UNPACR_NOP handing unpacker @u's bank to the matrix unit: Wormhole's
 * SETDVALID form (mode 7); Blackhole's UNP_CLR_SRC with Set_Dvalid and
 * the "only set dvalid" clear value (tt-qtest-util.h)
 */
static inline uint32_t unpacr_nop_setdvalid(unsigned u)
{
    return (OP_UNPACR_NOP << 24) | (u << 23) |
           (bh ? (1u << 8) | (3u << 6) | (2u << 2) | 1u : 7u);
}

/* MOVA2D of 8 rows (instr_mod bit 1): SrcA row @row to Dst row @row */
static inline uint32_t mova2d8(unsigned row)
{
    return (OP_MOVA2D << 24) | (row << 17) | (2u << 12) | row;
}

/*
 * PACR of a whole 32x32 tile (tt-pack-test.c "tile"), Concat, Last:
 * Wormhole every packer (PackerMask 0xf), one face each; Blackhole's one
 * packer (ReadIntfSel 1: one read interface) the 64 rows in turn, where
 * tt-llk issues PACRs of up to four rows
 */
#define PACR_TILE   ((OP_PACR << 24) | ((bh ? 1u : 0xfu) << 8) | (1u << 4) | 1u)

/* REPLAY: load the next @len instructions at @start, or play them back */
static inline uint32_t replay_load(unsigned start, unsigned len)
{
    return (OP_REPLAY << 24) | (start << 14) | (len << 4) | 1u;
}

static inline uint32_t replay(unsigned start, unsigned len)
{
    return (OP_REPLAY << 24) | (start << 14) | (len << 4);
}

/*
 * MOP template 1 (MOPExpander.md): OuterCount x (StartOp, InnerCount x
 * LoopOp, the last one Loop0Last / Loop1Last, EndOp0, EndOp1); NOP slots
 * are skipped
 */
static inline void mop_template1(uint32_t outer, uint32_t inner,
                                 uint32_t start, uint32_t loop,
                                 uint32_t last, uint32_t end0)
{
    MOP_CFG[0] = outer;
    MOP_CFG[1] = inner;
    MOP_CFG[2] = start;
    MOP_CFG[3] = end0;
    MOP_CFG[4] = NOP;                   /* EndOp1 */
    MOP_CFG[5] = loop;
    MOP_CFG[6] = NOP;                   /* LoopOp1: no alternation */
    MOP_CFG[7] = last;                  /* Loop0Last */
    MOP_CFG[8] = last;                  /* Loop1Last */
}

static inline void push_mops(uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        push(MOP_TEMPLATE1);
    }
}

/* ---------------------------------------------------------------------- */
/* Tiles                                                                  */
/* ---------------------------------------------------------------------- */

/* Datum index in a 32x32 tile (faces 0..3 of 16x16, row-major each) */
static inline unsigned tile_index(unsigned r, unsigned c)
{
    return ((r >> 4) * 2 + (c >> 4)) * 256 + (r & 15) * 16 + (c & 15);
}

/* A varied tile of normal BF16 values, both signs, no zero */
static inline uint16_t tile_pattern(unsigned i)
{
    return (uint16_t)(((i & 1) << 15) | (0x3c00 + ((i * 37) & 0x3ff)));
}

/* Compare the packed tile with @want[1024]: 0, or 1 and L1_FAIL set */
static inline int check_tile(const uint16_t *want)
{
    for (unsigned i = 0; i < 1024; i++) {
        uint16_t got = L1_HALF(TILE_DATA(TILE_OUT) + 2 * i);

        if (got != want[i]) {
            L1_WORD(L1_FAIL) = i;
            L1_WORD(L1_FAIL + 4) = got;
            L1_WORD(L1_FAIL + 8) = want[i];
            return 1;
        }
    }
    return 0;
}

/* ---------------------------------------------------------------------- */
/* Configuration (Config state 0, written before anything is pushed)      */
/* ---------------------------------------------------------------------- */

/* THCON_SEC1 - THCON_SEC0 in words */
#define UNP_SEC     (CFG_W(THCON_SEC1_REG1_Row_start_section_size) - \
                     CFG_W(THCON_SEC0_REG1_Row_start_section_size))

/*
 * Unpacker @u reads the BF16 tile at @tile (TileDescriptor: XDim 256,
 * YDim 1, ZDim 4, uncompressed, as tt-llk's configure_unpack_AB) into
 * BF16, to Dst when @to_dst; output address @out_bytes; Ch1.X = 1023
 * (the whole tile in one UNPACR, as tt-llk's matmul unpack).  SrcA rows
 * 0..63 need SetOvrdWithAddr (pushed by the caller).
 */
static inline void setup_unpacker(unsigned u, uint32_t tile, bool to_dst,
                                  uint32_t out_bytes)
{
    unsigned sec = CFG_W(THCON_CFGREG_BASE) + u * UNP_SEC;

    CFG[sec + 0] = DF_BF16 | (1u << 4) | (256u << 16);
    CFG[sec + 1] = 1u | (4u << 16);
    CFG[sec + 2] = 0;
    CFG[sec + 3] = 0;
    CFG[CFG_W(THCON_SEC0_REG2_Out_data_format) + u * UNP_SEC] =
        (DF_BF16 << CFG_S(THCON_SEC0_REG2_Out_data_format)) |
        ((uint32_t)to_dst << CFG_S(THCON_SEC0_REG2_Unpack_If_Sel));
    CFG[CFG_W(THCON_SEC0_REG3_Base_address) + u * UNP_SEC] = tile >> 4;
    if (u == 0) {
        CFG_SET(UNP0_ADDR_BASE_REG_1_Base, out_bytes);
    } else {
        CFG_SET(UNP1_ADDR_BASE_REG_1_Base, out_bytes);
    }
}

/*
 * The four packers as tt-llk packs a 32x32 BF16 tile: BF16 Dst (16-bit)
 * to BF16 L1, packer i reading face i (DEST_TARGET_REG_CFG_PACK_SEC[i].
 * Offset = 16 rows), 256 datums each (Blackhole: packer 0 alone, 1024
 * datums through one read interface); packer 0's L1_Dest_addr with bit
 * 31, the others relative to it, one 16-byte header; every column kept
 * (PCK_EDGE_OFFSET_SEC0_mask, which tt-llk sets too).  Pushes the ADC
 * settings.
 */
static inline void setup_packers(void)
{
    static const unsigned blk_wh[4] = {
        TT_WH_CFG_THCON_SEC0_REG1_Row_start_section_size_ADDR32,
        TT_WH_CFG_THCON_SEC0_REG8_Row_start_section_size_ADDR32,
        TT_WH_CFG_THCON_SEC1_REG1_Row_start_section_size_ADDR32,
        TT_WH_CFG_THCON_SEC1_REG8_Row_start_section_size_ADDR32,
    };
    static const unsigned blk_bh[4] = {
        TT_BH_CFG_THCON_SEC0_REG1_Row_start_section_size_ADDR32,
        TT_BH_CFG_THCON_SEC0_REG8_Row_start_section_size_ADDR32,
        TT_BH_CFG_THCON_SEC1_REG1_Row_start_section_size_ADDR32,
        TT_BH_CFG_THCON_SEC1_REG8_Row_start_section_size_ADDR32,
    };
    uint32_t w2 = (1u << CFG_S(THCON_SEC0_REG1_Disable_zero_compress)) |
                  (DF_BF16 << CFG_S(THCON_SEC0_REG1_Out_data_format)) |
                  (DF_BF16 << CFG_S(THCON_SEC0_REG1_In_data_format));

    CFG_SET(ALU_FORMAT_SPEC_REG2_Dstacc, DF_BF16);
    CFG_SET(PCK_EDGE_OFFSET_SEC0_mask, 0xffff);     /* no column masked */
    for (unsigned i = 0; i < (bh ? 1 : 4); i++) {
        unsigned b = bh ? blk_bh[i] : blk_wh[i];

        CFG[b + 0] = 0;
        CFG[b + 1] = i ? 32 * i - 1 : (1u << 31) | (TILE_OUT >> 4);
        CFG[b + 2] = w2;
        CFG[b + 3] = 0;
        CFG[CFG_W(DEST_TARGET_REG_CFG_PACK_SEC0_Offset) + i] =
            (16 * i) << CFG_S(DEST_TARGET_REG_CFG_PACK_SEC0_Offset);
    }
    push(setadc_x(4, 0, 0));
    push(setadc_x(4, 1, bh ? 1023 : 255));
}

/* Common start: the machine, the SrcA format (BF16) */
static inline void bench_init(void)
{
    bh = L1_WORD(L1_IS_BH) != 0;
    CFG_SET(ALU_FORMAT_SPEC_REG0_SrcA, DF_BF16);
}

#endif
