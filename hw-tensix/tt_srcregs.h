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

#include "tt_isa.h"

#define TT_SRC_BANKS    2
#define TT_SRC_ROWS     64
#define TT_SRC_COLS     16
#define TT_SRC_BITS     19      /* width of a datum */

typedef struct TTSrcBank {
    uint32_t v[TT_SRC_ROWS][TT_SRC_COLS];
} TTSrcBank;

/* SrcASrcB.md: which side may use a bank */
enum {
    TT_SRC_CLIENT_UNPACKERS,        /* after reset */
    TT_SRC_CLIENT_MATRIX,
};

typedef struct TTSrcRegs {
    TTSrcBank a[TT_SRC_BANKS];      /* SrcA[bank].v[row][col] */
    TTSrcBank b[TT_SRC_BANKS];      /* SrcB[bank].v[row][col] */
    uint8_t a_client[TT_SRC_BANKS]; /* SrcA[bank].AllowedClient */
    uint8_t b_client[TT_SRC_BANKS]; /* SrcB[bank].AllowedClient */
    uint8_t fpu_a_bank;             /* MatrixUnit.SrcABank */
    uint8_t fpu_b_bank;             /* MatrixUnit.SrcBBank */
    uint8_t unp_bank[2];            /* Unpackers[0 (SrcA), 1 (SrcB)].SrcBank */
    uint32_t unp_row[2][3];         /* Unpackers[n].SrcRow[thread] */
    /*
     * Write generation of each bank, [0 SrcA / 1 SrcB][bank]: bumped by
     * every writer (tt_src_touch) and by every hand-over to the matrix
     * unit, so that the matrix unit may keep what it derives from a bank
     * (tt_fpu.h).  Not migrated (post_load empties that cache).
     */
    uint64_t gen[2][TT_SRC_BANKS];
    /*
     * Blackhole: the implied format of each bank, [0 SrcA / 1 SrcB][bank]:
     * the OutDataFormat of the unpacker work that handed it to the matrix
     * unit (tt_src_set_implied_fmt); 0 after reset
     */
    uint8_t implied_fmt[2][TT_SRC_BANKS];
    /*
     * The SrcA row address the last matrix unit instruction of SHIFTXA.md's
     * list computed (its HardwareBug()): SHIFTXA's input rows
     */
    uint8_t last_srca_row;
} TTSrcRegs;

/*
 * A matrix unit instruction of SHIFTXA.md's list computed @row as its
 * (starting) SrcA row address
 */
static inline void tt_src_note_srca_row(TTSrcRegs *r, uint32_t row)
{
    r->last_srca_row = row & 0x3f;
}

/* Src<@u> (0: SrcA, 1: SrcB) bank @bank is about to be written */
static inline void tt_src_touch(TTSrcRegs *r, unsigned u, unsigned bank)
{
    r->gen[u & 1][bank & 1]++;
}



/*
 * The SrcA/SrcB bank hand-over between the unpackers and the matrix unit
 * (SrcASrcB.md): SETDVALID gives the unpackers' banks to the matrix unit,
 * SETRWC and CLEARDVALID give the matrix unit's banks back.
 */
/*
 * Unpacker @u is about to hand its bank to the matrix unit with its data
 * in format @fmt (a 4-bit DataFormat): the bank's implied format
 */
void tt_src_set_implied_fmt(TTCoproc *s, int u, unsigned fmt);

/*
 * The format a matrix unit instruction of thread @t takes as its SrcAFmt
 * (@which 0) or SrcBFmt (@which 1): on Blackhole, unless ThreadConfig
 * DISABLE_IMPLIED_SRC<A|B>_FMT_Base says otherwise, the implied format of
 * the matrix unit's bank of Src<@from> (0 SrcA, 1 SrcB: the bank the
 * instruction reads); else @configured (docs/decisions.md)
 */
unsigned tt_src_fmt(TTCoproc *s, int t, int which, int from,
                    unsigned configured);

/* SETDVALID's model: FlipSrcA (bit 0) / FlipSrcB (bit 1) of @flip */
void tt_src_set_dvalid(TTCoproc *s, int t, unsigned flip);
/* SETRWC's FlipSrcA / FlipSrcB */
void tt_src_setrwc_flip(TTCoproc *s, int t, bool flip_a,
                        bool flip_b);
/* CLEARDVALID */
void tt_src_clear_dvalid(TTCoproc *s, int t, bool flip_a,
                         bool flip_b, bool keep_same, bool reset);

#endif
