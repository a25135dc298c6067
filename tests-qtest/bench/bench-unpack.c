/*
 * qemu-tensix benchmark firmware: unpack of one 32x32 BF16 tile.
 *
 * TRISC0 writes a BF16 tile to L1 and configures unpacker 0 as tt-llk's
 * matmul unpack does (one UNPACR moves the whole tile, 1024 datums, into
 * SrcA rows 0..63 with SetOvrdWithAddr; bench-tile.h).  It then pushes
 * COUNT (L1 0x20000) template-1 MOPs of 127 x 127 = 16129 such UNPACRs
 * (no bank hand-over: every one rewrites the same bank) and, once, checks
 * the path: one more UNPACR handing the bank to the matrix unit, MOVA2D
 * of the 64 rows into Dst, PACR of the four faces, and a comparison of
 * the packed tile with the input.  Returns 0 when it matches.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "bench-tile.h"

int trisc0_main(void);

int trisc0_main(void)
{
    static uint16_t want[1024];

    bench_init();
    CFG_SET(ALU_ACC_CTRL_Zero_Flag_disabled_src, 1);    /* for MOVA2D */
    for (unsigned i = 0; i < 1024; i++) {
        want[i] = tile_pattern(i);
        L1_HALF(TILE_DATA(TILE_A) + 2 * i) = want[i];
    }
    /* SrcA row 0 is OutAddr 64 (datums): 128 bytes */
    setup_unpacker(0, TILE_A, false, 128);
    setup_packers();
    push(setc16(THD_W(SRCA_SET_SetOvrdWithAddr),
                1u << THD_S(SRCA_SET_SetOvrdWithAddr)));
    push(setadc_x(1, 1, 1023));

    mop_template1(127, 127, NOP, unpacr(0, false), unpacr(0, false), NOP);
    push_mops(L1_WORD(L1_COUNT));

    /* The check: SrcA -> Dst -> L1 */
    push(unpacr(0, true));
    for (unsigned r = 0; r < 64; r += 8) {
        push(mova2d8(r));
    }
    push(PACR_TILE);
    tt_sync();
    return check_tile(want);
}
