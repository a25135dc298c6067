/*
 * Tensix Dst register file (Dst.md): 1024 rows x 16 columns of 16 bits,
 * also addressed as 512 rows x 16 columns of 32 bits, with one valid bit
 * per physical row.  Owned by the data path (matrix unit, vector unit,
 * unpacker 0, packers); ZEROACC writes the valid bits.
 *
 * Storage follows the functional model: DstBits[1024][16] (a row of 16
 * datums is contiguous) and DstRowValid[1024].  A 32-bit datum
 * Dst32b[Row][Col] is DstBits[Adj32(Row)][Col] (high half) and
 * DstBits[Adj32(Row) + 8][Col] (low half); its valid bit is
 * DstRowValid[Adj32(Row)] only.  A 16-bit datum Dst16b[Row][Col] is
 * DstBits[Adj16(Row)][Col] with valid bit DstRowValid[Adj16(Row)].
 * Adj16 is the identity on Wormhole; Blackhole's Adj16/Adj32 depend on
 * Config DEST_ACCESS_CFG_remap_addrs / swizzle_32b.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_TENSIX_TT_DSTREGS_H
#define HW_TENSIX_TT_DSTREGS_H

#include "tt_isa.h"

#define TT_DST_ROWS     1024    /* physical rows, Dst16b rows */
#define TT_DST_ROWS32   512     /* Dst32b rows */
#define TT_DST_COLS     16
#define TT_DST_ROW_MASK 0x3ff   /* uint10_t row indices */

typedef struct TTDstRegs {
    uint16_t bits[TT_DST_ROWS][TT_DST_COLS];    /* DstBits[row][col] */
    uint8_t row_valid[TT_DST_ROWS];             /* DstRowValid[row] (0/1) */
} TTDstRegs;

/*
 * Physical row of Dst16b[@row] / Dst32b[@row] as thread @t's instructions
 * see it (Blackhole reads Config[CFG_STATE_ID of @t]).  @row is taken
 * modulo 1024.
 */
unsigned tt_dst_adj16(TTCoproc *s, int t, unsigned row);
unsigned tt_dst_adj32(TTCoproc *s, int t, unsigned row);

/*
 * Reads honour DstRowValid: a datum of a row that is not valid reads as
 * zero (what packers and most matrix unit instructions see; a reader that
 * needs another identity element checks tt_dst_valid16/32 itself).
 */
bool tt_dst_valid16(TTCoproc *s, int t, unsigned row);
bool tt_dst_valid32(TTCoproc *s, int t, unsigned row);
uint16_t tt_dst_read16(TTCoproc *s, int t, unsigned row, unsigned col);
uint32_t tt_dst_read32(TTCoproc *s, int t, unsigned row, unsigned col);

/*
 * Writes make the row valid.  Writing only some columns of a row that is
 * not valid is undefined behaviour on silicon (ZEROACC.md); the model
 * first zeroes the row's other columns, so the row reads as before.
 */
void tt_dst_write16(TTCoproc *s, int t, unsigned row, unsigned col,
                    uint16_t value);
void tt_dst_write32(TTCoproc *s, int t, unsigned row, unsigned col,
                    uint32_t value);

/*
 * Read-only QOM property "x-dst-state" of the tt-tensix device, for tests
 * and debuggers: uint32 list of DstBits[row 0..1023][col 0..15] as stored
 * (16-bit values), then DstRowValid[row 0..1023] (1 valid, 0 undefined:
 * the row's zero flag is set).  Idempotent.
 */
void tt_dst_add_properties(TTCoproc *s);

/*
 * Blackhole: the TRISCs' MMIO windows onto Dst (tt_dst_riscv.c), which the
 * tile maps at TT_DST_RISCV_BASE; nothing on Wormhole
 */
#define TT_DST_RISCV_SIZE   0x8000      /* Dst32b[512][16] of 4 bytes */
void tt_dst_riscv_realize(TTCoproc *s);

/* Power-on state: DstBits zero (unpredictable on silicon), every row valid */
void tt_dst_reset(TTCoproc *s);
extern const VMStateDescription vmstate_tt_dst;

#endif
