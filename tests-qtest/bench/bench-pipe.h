/*
 * qemu-tensix benchmark firmware (issue 14): the eltwise-add tile
 * pipeline as tt-llk runs it on the three TRISCs, shared by
 * bench-tile-pipeline.c and bench-eltwise-cb.c.
 *
 * TRISC0 (thread 0) unpacks: UNPACR of tile A to SrcA and of tile B to
 * SrcB (the whole 32x32 BF16 tile each, SetDatValid: the bank goes to
 * the matrix unit; an unpacker waits for a bank the matrix unit has
 * given back).  TRISC1 (thread 1) waits for a free Dst (SEMWAIT on
 * semaphore MATH_PACK at its max, tt-llk's math_wait_for_dest_available),
 * runs 8 ELWADDs of 8 rows (Dst = SrcA + SrcB, address modifier 0 moves
 * SrcA, SrcB and Dst by 8), SETRWC gives both banks back and clears the
 * counters, STALLWAIT until the matrix unit is done, SEMPOST MATH_PACK
 * (math_dest_section_done).  TRISC2 (thread 2) waits for it (SEMWAIT
 * while MATH_PACK is 0, packer_wait_for_math_done), packs the tile
 * (bench-tile.h's PACR_TILE: Wormhole's four packers one face each,
 * Blackhole's one packer the 64 rows, in one PACR), STALLWAIT until the
 * packer is done, ZEROACC of the Dst half, SEMGET MATH_PACK
 * (pack_dest_section_done).  At the end each thread TENSIX_SYNCs
 * (tt_sync(): TTSync through PC_BUF).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef BENCH_PIPE_H
#define BENCH_PIPE_H

#include "bench-tile.h"

#define L1_READY            0x20010     /* TRISC0: configuration done */
#define READY_MAGIC         0x600dc0feu

#define SOFT_RESET_0        (*(volatile uint32_t *)0xFFB121B0)
/* BRISC's view: mailbox from TRISC i */
#define MBOX_FROM_TRISC(i)  (*(volatile uint32_t *)(0xFFEC1000 + 0x1000 * (i)))

#define OP_ELWADD           0x28u
#define OP_STALLWAIT        0xA2u
#define OP_SEMINIT          0xA3u
#define OP_SEMPOST          0xA4u
#define OP_SEMGET           0xA5u
#define OP_SEMWAIT          0xA6u

/* tt-llk's semaphore::MATH_PACK and p_stall values */
#define SEM_MATH_PACK       1u
#define STALL_TDMA          0x01u
#define STALL_SYNC          0x02u
#define STALL_MATH          0x40u
#define STALL_SFPU          0x100u
#define STALL_ON_ZERO       1u
#define STALL_ON_MAX        2u
/* STALLWAIT conditions: the matrix unit, the packers (differ by arch) */
#define WAIT_MATH           (bh ? 0x10u : 0x80u)
#define WAIT_PACK           (bh ? 0x08u : 0x78u)

static inline uint32_t stallwait(uint32_t block, uint32_t cond)
{
    return (OP_STALLWAIT << 24) | (block << 15) | cond;
}

static inline uint32_t seminit(uint32_t sem, uint32_t init, uint32_t max)
{
    return (OP_SEMINIT << 24) | (max << 20) | (init << 16) | (1u << sem << 2);
}

static inline uint32_t sempost(uint32_t sem)
{
    return (OP_SEMPOST << 24) | (1u << sem << 2);
}

static inline uint32_t semget(uint32_t sem)
{
    return (OP_SEMGET << 24) | (1u << sem << 2);
}

static inline uint32_t semwait(uint32_t block, uint32_t sem, uint32_t cond)
{
    return (OP_SEMWAIT << 24) | (block << 15) | (1u << sem << 2) | cond;
}

/* ELWADD Dst = SrcA + SrcB of 8 rows, AddrMod @am, DstRow 0 */
static inline uint32_t elwadd(unsigned am)
{
    return (OP_ELWADD << 24) | (am << (bh ? 14 : 15));
}

#define SETRWC_CLEAR_AB     ((OP_SETRWC << 24) | (3u << 22) | 0xfu)
#define ZEROACC_HALF0       ((OP_ZEROACC << 24) | (2u << 19))

/* 1 <= n < 256, integer: its BF16 (exact) */
static inline uint16_t bf16_int(unsigned n)
{
    unsigned p = 7;

    while (!(n >> p)) {
        p--;
    }
    return (uint16_t)(((127 + p) << 7) | ((n << (7 - p)) & 0x7f));
}

/* The inputs: integers 1..100 (their sums, at most 200, are exact) */
static inline unsigned in_a(unsigned i)
{
    return 1 + (i * 37) % 100;
}

static inline unsigned in_b(unsigned i)
{
    return 1 + (i * 53 + 11) % 100;
}

/*
 * TRISC0, before the others start: the whole configuration (Config state
 * 0) for unpackers reading A at @a and B at @b, BF16 SrcA / SrcB / Dst,
 * the packers writing TILE_OUT; thread 0's own ADCs and SrcA override
 */
static inline void pipe_config(uint32_t a, uint32_t b)
{
    bench_init();
    CFG_SET(ALU_FORMAT_SPEC_REG1_SrcB, DF_BF16);
    setup_unpacker(0, a, false, 128);   /* SrcA row 0 is OutAddr 64 */
    setup_unpacker(1, b, false, 0);
    setup_packers();                    /* (its SETADCs: thread 0's) */
    push(setc16(THD_W(SRCA_SET_SetOvrdWithAddr),
                1u << THD_S(SRCA_SET_SetOvrdWithAddr)));
    push(setadc_x(3, 1, 1023));
    tt_sync();
}

/* Wait (spinning on L1, as at start-up only) until TRISC0 configured */
static inline void pipe_wait_ready(void)
{
    while (L1_WORD(L1_READY) != READY_MAGIC) {
    }
    bh = L1_WORD(L1_IS_BH) != 0;
}

/* TRISC0: one tile */
static inline void unpack_tile(void)
{
    push(unpacr(0, true));
    push(unpacr(1, true));
}

/* TRISC1 once: the MATH_PACK semaphore (one Dst section), AddrMod 0 */
static inline void math_init(void)
{
    push(seminit(SEM_MATH_PACK, 0, 1));
    push(setc16(THD_W(ADDR_MOD_AB_SEC0_SrcAIncr),
                (8u << THD_S(ADDR_MOD_AB_SEC0_SrcAIncr)) |
                (8u << THD_S(ADDR_MOD_AB_SEC0_SrcBIncr))));
    push(setc16(THD_W(ADDR_MOD_DST_SEC0_DestIncr),
                8u << THD_S(ADDR_MOD_DST_SEC0_DestIncr)));
}

/* TRISC1: one tile */
static inline void math_tile(void)
{
    push(semwait(STALL_MATH | STALL_SFPU | STALL_SYNC, SEM_MATH_PACK,
                 STALL_ON_MAX));
    for (unsigned i = 0; i < 8; i++) {
        push(elwadd(0));
    }
    push(SETRWC_CLEAR_AB);
    push(stallwait(STALL_SYNC, WAIT_MATH));
    push(sempost(SEM_MATH_PACK));
}

/* TRISC2 once: thread 2's packer ADCs */
static inline void pack_init(void)
{
    push(setadc_x(4, 0, 0));
    push(setadc_x(4, 1, bh ? 1023 : 255));
}

/* TRISC2: one tile */
static inline void pack_tile(void)
{
    push(semwait(STALL_TDMA, SEM_MATH_PACK, STALL_ON_ZERO));
    push(PACR_TILE);
    push(stallwait(STALL_MATH | STALL_SYNC, WAIT_PACK));
    push(ZEROACC_HALF0);
    push(semget(SEM_MATH_PACK));
}

#endif
