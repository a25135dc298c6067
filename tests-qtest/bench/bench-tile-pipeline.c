/*
 * qemu-tensix benchmark firmware (issue 14): one 32x32 BF16 tile through
 * the three TRISCs handing over, COUNT (L1 0x20000) times.
 *
 * bench-pipe.h has the kernel: TRISC0 2 UNPACR (A to SrcA, B to SrcB),
 * TRISC1 8 ELWADD into Dst, TRISC2 PACR, handing over through the Src
 * banks' valid bits and semaphore MATH_PACK (SEMPOST / SEMWAIT / SEMGET),
 * STALLWAIT and, at the end, TENSIX_SYNC.  TRISC0 writes the two input
 * tiles (integers 1..100 in BF16) and configures everything, then sets
 * L1_READY; BRISC releases TRISC0-2 and waits for the three mailboxes.
 * TRISC2 compares the last packed tile with A + B worked out on the core
 * (exact), bit for bit; the exit status is 0 when it matches.
 *
 * Variant (L1 0x20008) 1: the same instructions, semaphores included,
 * all pushed by TRISC0 into thread 0 (TRISC1 and TRISC2 push nothing
 * but wait for it): the tile without any hand-over between threads, for
 * the breakdown.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "bench-pipe.h"

int brisc_main(void);
int trisc0_main(void);
int trisc1_main(void);
int trisc2_main(void);
void ncrisc_main(void);

int brisc_main(void)
{
    uint32_t rc = 0;

    L1_WORD(L1_READY) = 0;
    SOFT_RESET_0 = 0x40000;             /* all but NCRISC run */
    for (unsigned i = 0; i < 3; i++) {
        rc |= MBOX_FROM_TRISC(i);       /* parks until TRISC i reports */
    }
    return rc;
}

/* Variant 1: one thread does it all */
static bool one_thread(void)
{
    return L1_WORD(L1_VARIANT) == 1;
}

int trisc0_main(void)
{
    uint32_t n = L1_WORD(L1_COUNT);

    for (unsigned i = 0; i < 1024; i++) {
        L1_HALF(TILE_DATA(TILE_A) + 2 * i) = bf16_int(in_a(i));
        L1_HALF(TILE_DATA(TILE_B) + 2 * i) = bf16_int(in_b(i));
    }
    pipe_config(TILE_A, TILE_B);
    if (one_thread()) {
        math_init();
        pack_init();
        for (uint32_t t = 0; t < n; t++) {
            unpack_tile();
            math_tile();
            pack_tile();
        }
        tt_sync();
    }
    L1_WORD(L1_READY) = READY_MAGIC;
    for (uint32_t t = 0; t < n && !one_thread(); t++) {
        unpack_tile();
    }
    tt_sync();
    return 0;
}

int trisc1_main(void)
{
    uint32_t n = L1_WORD(L1_COUNT);

    pipe_wait_ready();
    if (one_thread()) {
        return 0;
    }
    math_init();
    for (uint32_t t = 0; t < n; t++) {
        math_tile();
    }
    tt_sync();
    return 0;
}

int trisc2_main(void)
{
    static uint16_t want[1024];
    uint32_t n = L1_WORD(L1_COUNT);

    pipe_wait_ready();
    if (!one_thread()) {
        pack_init();
    }
    for (uint32_t t = 0; t < n && !one_thread(); t++) {
        pack_tile();
    }
    tt_sync();
    for (unsigned i = 0; i < 1024; i++) {
        want[i] = bf16_int(in_a(i) + in_b(i));
    }
    return check_tile(want);
}

void ncrisc_main(void)
{
}
