/*
 * qemu-tensix benchmark firmware: pack of one 32x32 BF16 tile.
 *
 * TRISC0 writes a BF16 tile to L1, unpacks it once into Dst rows 0..63
 * (unpacker 0, Unpack_If_Sel) and configures the four packers as tt-llk
 * packs a tile (one PACR, packer i reading face i, BF16 Dst to BF16 L1
 * with rounding; bench-tile.h).  It then pushes COUNT (L1 0x20000)
 * template-1 MOPs of 127 x 127 = 16129 such PACRs, all to the same L1
 * tile, and, once, one more PACR and a comparison of the packed tile with
 * the input (BF16 values round to themselves).  Returns 0 when it matches.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "bench-tile.h"

int trisc0_main(void);

int trisc0_main(void)
{
    static uint16_t want[1024];

    bench_init();
    for (unsigned i = 0; i < 1024; i++) {
        want[i] = tile_pattern(i);
        L1_HALF(TILE_DATA(TILE_A) + 2 * i) = want[i];
    }
    /* Dst row 0 is OutAddr 64 (datums): 128 bytes */
    setup_unpacker(0, TILE_A, true, 128);
    setup_packers();
    push(setadc_x(1, 1, 1023));
    push(unpacr(0, false));

    mop_template1(127, 127, NOP, PACR_TILE, PACR_TILE, NOP);
    push_mops(L1_WORD(L1_COUNT));

    push(PACR_TILE);
    tt_sync();
    return check_tile(want);
}
