/*
 * qemu-tensix benchmark firmware: a 32x32x32 BF16 tile matmul.
 *
 * C = in0 @ in1 for two 32x32 BF16 tiles, as tt-llk computes it: in0 is
 * unpacked into SrcB and in1 into SrcA, one UNPACR each for the whole
 * tile, each handing its bank to the matrix unit; MVMUL (Dst += SrcB[8
 * rows] @ SrcA[16 rows]) 16 times per fidelity phase, 1 phase (LoFi,
 * L1 0x20008 = 0) or 4 (HiFi4, = 1), into BF16 Dst (2: no phase, the
 * rest of the tile alone, for the breakdown); SETRWC gives the
 * banks back and clears the counters; one PACR packs the four faces of
 * Dst to L1 and ZEROACC clears the first half of Dst for the next tile.
 * All in thread 0 (tt-llk spreads it over three threads with semaphores;
 * the work per tile is the same).
 *
 * The 16 MVMULs of a phase: output face (i, j) of C (Dst rows 16 (2i + j),
 * the packers' face order) += in0 face (i, k) (SrcB rows 16 (2i + k))
 * @ in1 face (k, j) (SrcA rows 16 (2k + j)), 8 rows (h) at a time; in the
 * order i, k, j, h the counters move by four address modifiers:
 *   0 (after h = 0): SrcB += 8
 *   1 (after j = 0, h = 1): SrcA += 16, SrcB back to its checkpoint
 *   2 (after j = 1, h = 1): SrcA += 16, SrcB checkpoint += 16 (SrcA and
 *     the checkpoint wrap at 64: back to 0 after face rows 48)
 *   3 (the last MVMUL): as 2, and the fidelity phase + 1
 * The DstRow of each MVMUL is in the instruction.
 *
 * The replay buffer holds the tile: 0-1 the two UNPACRs, 2-17 the 16
 * MVMULs, 18-20 SETRWC, PACR, ZEROACC; a template-1 MOP plays it for 127
 * tiles (StartOp, InnerCount phases of LoopOp, EndOp0).  COUNT (L1
 * 0x20000) MOPs are pushed; then one more tile and a comparison of the
 * packed C with C worked out here in integers (the inputs are 1.0 and 2.0,
 * so every partial sum, at most 128, is exact in BF16; the phases past
 * LoFi add zeroes).  Returns 0 when it matches.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "bench-tile.h"

int trisc0_main(void);

/* 1 or 2 from a hash of @x */
static unsigned val12(unsigned x)
{
    return 1 + ((x * 0x9E3779B1u) >> 31);
}

/* BF16 of the integer @n, 1 <= @n < 256 (exact) */
static uint16_t bf16_int(unsigned n)
{
    unsigned p = 7;

    while (!(n >> p)) {
        p--;
    }
    return (uint16_t)(((127 + p) << 7) | ((n << (7 - p)) & 0x7f));
}

/* ADDR_MOD_AB_SEC@n / ADDR_MOD_DST_SEC@n words, by SETC16 */
static void set_addr_mod(unsigned n, uint32_t ab, uint32_t dst)
{
    static const unsigned ab_wh[4] = {
        TT_WH_THD_ADDR_MOD_AB_SEC0_SrcAIncr_ADDR32,
        TT_WH_THD_ADDR_MOD_AB_SEC1_SrcAIncr_ADDR32,
        TT_WH_THD_ADDR_MOD_AB_SEC2_SrcAIncr_ADDR32,
        TT_WH_THD_ADDR_MOD_AB_SEC3_SrcAIncr_ADDR32,
    };
    static const unsigned ab_bh[4] = {
        TT_BH_THD_ADDR_MOD_AB_SEC0_SrcAIncr_ADDR32,
        TT_BH_THD_ADDR_MOD_AB_SEC1_SrcAIncr_ADDR32,
        TT_BH_THD_ADDR_MOD_AB_SEC2_SrcAIncr_ADDR32,
        TT_BH_THD_ADDR_MOD_AB_SEC3_SrcAIncr_ADDR32,
    };
    static const unsigned dst_wh[4] = {
        TT_WH_THD_ADDR_MOD_DST_SEC0_DestIncr_ADDR32,
        TT_WH_THD_ADDR_MOD_DST_SEC1_DestIncr_ADDR32,
        TT_WH_THD_ADDR_MOD_DST_SEC2_DestIncr_ADDR32,
        TT_WH_THD_ADDR_MOD_DST_SEC3_DestIncr_ADDR32,
    };
    static const unsigned dst_bh[4] = {
        TT_BH_THD_ADDR_MOD_DST_SEC0_DestIncr_ADDR32,
        TT_BH_THD_ADDR_MOD_DST_SEC1_DestIncr_ADDR32,
        TT_BH_THD_ADDR_MOD_DST_SEC2_DestIncr_ADDR32,
        TT_BH_THD_ADDR_MOD_DST_SEC3_DestIncr_ADDR32,
    };

    push(setc16(bh ? ab_bh[n] : ab_wh[n], ab));
    push(setc16(bh ? dst_bh[n] : dst_wh[n], dst));
}

/* MVMUL, no flips: AddrMod @am (Wormhole bits 16:15, Blackhole 16:14) */
static uint32_t mvmul(unsigned am, unsigned dst_row)
{
    return (OP_MVMUL << 24) | (am << (bh ? 14 : 15)) | dst_row;
}

int trisc0_main(void)
{
    static uint16_t want[1024];
    unsigned variant = L1_WORD(L1_VARIANT);
    unsigned phases = variant == 1 ? 4 : variant == 2 ? 0 : 1;
    uint32_t a_incr = THD_S(ADDR_MOD_AB_SEC0_SrcAIncr);
    uint32_t b_incr = THD_S(ADDR_MOD_AB_SEC0_SrcBIncr);
    uint32_t b_cr = 1u << THD_S(ADDR_MOD_AB_SEC0_SrcBCR);
    uint32_t fid = 1u << THD_S(ADDR_MOD_DST_SEC0_FidelityIncr);

    bench_init();
    for (unsigned r = 0; r < 32; r++) {
        for (unsigned c = 0; c < 32; c++) {
            unsigned sum = 0;

            for (unsigned k = 0; k < 32; k++) {
                sum += val12(r * 32 + k) * val12(1024 + k * 32 + c);
            }
            want[tile_index(r, c)] = bf16_int(sum);
            /* in0 (r, c) and in1 (r, c) */
            L1_HALF(TILE_DATA(TILE_B) + 2 * tile_index(r, c)) =
                bf16_int(val12(r * 32 + c));
            L1_HALF(TILE_DATA(TILE_A) + 2 * tile_index(r, c)) =
                bf16_int(val12(1024 + r * 32 + c));
        }
    }
    /* SrcA row 0 is OutAddr 64 (datums): 128 bytes; SrcB row 0 is 0 */
    setup_unpacker(0, TILE_A, false, 128);
    setup_unpacker(1, TILE_B, false, 0);
    setup_packers();
    push(setc16(THD_W(SRCA_SET_SetOvrdWithAddr),
                1u << THD_S(SRCA_SET_SetOvrdWithAddr)));
    push(setadc_x(3, 1, 1023));
    set_addr_mod(0, 8 << b_incr, 0);
    set_addr_mod(1, (16 << a_incr) | b_cr, 0);
    set_addr_mod(2, (16 << a_incr) | (16 << b_incr) | b_cr, 0);
    set_addr_mod(3, (16 << a_incr) | (16 << b_incr) | b_cr, fid);

    /* The replay buffer: one tile */
    push(replay_load(0, 21));
    push(unpacr(0, true));
    push(unpacr(1, true));
    for (unsigned n = 0; n < 16; n++) {
        unsigned i = n >> 3, j = (n >> 1) & 1, h = n & 1;
        unsigned am = !h ? 0 : !j ? 1 : n == 15 ? 3 : 2;

        push(mvmul(am, 16 * (2 * i + j) + 8 * h));
    }
    /* SETRWC: clear_ab_vld both, SrcA = SrcB = Dst = 0, FidelityPhase 0 */
    push((OP_SETRWC << 24) | (3u << 22) | 0xfu);
    push(PACR_TILE);
    push((OP_ZEROACC << 24) | (2u << 19));      /* the first half of Dst */

    mop_template1(127, phases, replay(0, 2), replay(2, 16), replay(2, 16),
                  replay(18, 3));
    push_mops(L1_WORD(L1_COUNT));

    /* The check: one more tile */
    push(replay(0, 2));
    for (unsigned p = 0; p < phases; p++) {
        push(replay(2, 16));
    }
    push(replay(18, 3));
    tt_sync();
    return phases ? check_tile(want) : 0;
}
