/*
 * Tensix SrcA / SrcB register files (SrcASrcB.md): two banks each of
 * 64 rows x 16 columns of 19-bit values (held in the low bits of uint32_t).
 * Owned by the data path (unpackers, matrix unit); ThCon's STOREIND_Src
 * writes them too.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_TENSIX_TT_SRCREGS_H
#define HW_TENSIX_TT_SRCREGS_H

#define TT_SRC_BANKS    2
#define TT_SRC_ROWS     64
#define TT_SRC_COLS     16

typedef struct TTSrcBank {
    uint32_t v[TT_SRC_ROWS][TT_SRC_COLS];
} TTSrcBank;

typedef struct TTSrcRegs {
    TTSrcBank a[TT_SRC_BANKS];      /* SrcA[bank].v[row][col] */
    TTSrcBank b[TT_SRC_BANKS];      /* SrcB[bank].v[row][col] */
} TTSrcRegs;

#endif
