/*
 * Tensix packers (PACR, PACR_SETREG): the state of the four packers.
 *
 * tt-isa-documentation WormholeB0 TensixCoprocessor/PACR.md,
 * PACR_SETREG.md and the pages under Packers/.  The instructions are in
 * tt_pack.c; docs/units/pack.md describes the model and its choices.
 * The sideband metadata the packers produce (tile sizes, AllZeroFlags,
 * metadata FIFOs) and SetRegBase/SetRegHiScaler live in TTMoverState
 * (tt_mover.h), which TDMA-RISC reads and writes.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_TENSIX_TT_PACK_H
#define HW_TENSIX_TT_PACK_H

#include "tt_isa.h"

#define TT_PACK_NUM             4
#define TT_PACK_HIST_BINS       32
#define TT_PACK_BFP_BLOCK       16      /* datums per shared exponent */
#define TT_PACK_CGROUP          32      /* compressed datums per group */

typedef struct TTPacker {
    /*
     * Output address generator (OutputAddressGenerator.md): the three
     * streams' next byte address and NeedsNewAddress.  Datums go to L1 as
     * they are produced (a later STALLWAIT sees them), so the 16-byte
     * output buffers are only the stream positions; a flush pads the
     * partial 16 bytes with zeros.
     */
    uint32_t data_addr;
    uint32_t exp_addr;
    uint32_t rsi_addr;
    uint8_t data_new;
    uint8_t exp_new;
    uint8_t rsi_new;
    uint32_t tile_start;        /* first stream address of the tile */
    /* "Buffer (16 datums)" before a BFP late conversion (wire form) */
    uint32_t bfp_buf[TT_PACK_BFP_BLOCK];
    uint32_t bfp_count;
    /* EdgeMasking.md TilePositionGenerator */
    uint32_t tpg_x, tpg_y, tpg_z;
    /* Compression.md: the tile's augmented datums and rows */
    uint32_t aug_count;         /* augmented datums so far in the tile */
    uint32_t cnt_last;          /* RLE counter of the last augmented datum */
    uint32_t rsi_count;         /* RSI entries written */
    uint32_t row_open;          /* a Concat row continues */
    uint32_t row_datums;        /* datums of the open row */
    uint32_t row_nonzero;       /* the open row has a non-zero datum */
    uint32_t row_last_zero;     /* the row's last datum was compressed */
    uint32_t zero_flags;        /* AllZeroFlags of the tile so far */
    /* ExponentHistogram.md */
    uint8_t hist[TT_PACK_HIST_BINS];
    uint8_t max_exp;
    /* Stochastic rounding source (docs/units/pack.md) */
    uint32_t prng;
} TTPacker;

typedef struct TTPackState {
    TTPacker p[TT_PACK_NUM];
    uint32_t setreg_wrdata;     /* Blackhole PACR_SETREG ModeSel data */
} TTPackState;

/* CLREXPHIST.md: Reset() of every packer's exponent histogram */
void tt_pack_clear_exp_hist(TTCoproc *s);

/*
 * Read-only QOM property "x-pack-state" of the tt-tensix device, for
 * tests and debuggers: uint32 list of, per packer 0..3,
 * ExponentHistogram[0..31], ExponentHistogramMaxExponent, the data and
 * exponent streams' next byte addresses and NeedsNewAddress (36 each).
 */
void tt_pack_add_properties(TTCoproc *s);

void tt_pack_reset(TTCoproc *s);
extern const VMStateDescription vmstate_tt_pack;

/*
 * Read-only access for SETDMAREG special (SETDMAREG_Special.md): @n bins
 * of packer @p's ExponentHistogram from bin @first into @out, and its
 * ExponentHistogramMaxExponent.
 */
void tt_pack_get_exp_hist(TTCoproc *s, int p, unsigned first, uint8_t *out,
                          unsigned n);
uint32_t tt_pack_exp_hist_max(TTCoproc *s, int p);

#endif
