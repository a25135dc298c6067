/*
 * Tensix Matrix Unit (FPU): its state, the operand cache of MVMUL, DOTPV
 * and GAPOOL (tt_fpu.c, docs/units/fpu.md "Speed").
 *
 * The multipliers read SrcA / SrcB datums as their fidelity slices
 * (MatrixUnit.md SrcAFidelityBits / SrcBFidelityBits, ReadSrcInt8 with the
 * phase masks).  Each 8-row block of a bank is converted once into both
 * slices, as exact doubles, and kept until the bank is written again
 * (TTSrcRegs.gen, tt_src_touch).  Derived state only: not migrated,
 * emptied by reset and by post_load.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_TENSIX_TT_FPU_H
#define HW_TENSIX_TT_FPU_H

#include "tt_isa.h"
#include "tt_srcregs.h"

#define TT_FPU_BLOCK_ROWS   8
#define TT_FPU_BLOCKS       (TT_SRC_ROWS / TT_FPU_BLOCK_ROWS)

/*
 * One 8-row block of a Src bank as the multipliers see it:
 * v[row][slice][col], slice 0 the phase bit clear (SrcA phase bit 0, SrcB
 * phase bit 1), slice 1 set.
 */
typedef struct TTFpuBlock {
    double v[TT_FPU_BLOCK_ROWS][2][TT_SRC_COLS];
} TTFpuBlock;

/* What a block holds: the bank generation and the conversion's key */
typedef struct TTFpuTag {
    uint64_t gen;               /* TTSrcRegs.gen[][bank] when converted */
    uint32_t key;               /* 0: empty; else style, flags, valid bit */
} TTFpuTag;

typedef struct TTFpuState {
    TTFpuBlock blk[2][TT_SRC_BANKS][TT_FPU_BLOCKS];   /* [SrcA 0/SrcB 1] */
    TTFpuTag tag[2][TT_SRC_BANKS][TT_FPU_BLOCKS];
} TTFpuState;

/* Empty the operand cache (reset, post_load) */
void tt_fpu_reset(TTCoproc *s);

#endif
