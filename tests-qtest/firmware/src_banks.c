/*
 * qemu-tensix test: SrcA/SrcB bank hand-over (SrcASrcB.md) and the
 * STALLWAIT conditions that read it.
 *
 * After reset every bank belongs to the unpackers, and both the unpackers
 * and the matrix unit use bank 0.  SETDVALID (Wormhole) gives the
 * unpackers' bank to the matrix unit and flips the unpackers to the other
 * bank; SETRWC's FlipSrcA and CLEARDVALID give the matrix unit's bank
 * back and flip it (CLEARDVALID Reset: everything back to reset state).
 *
 * STALLWAIT conditions (WormholeB0 / BlackholeA0 STALLWAIT.md):
 *   SrcA[Unpackers[0].SrcBank] != Unpackers: WH C8, BH C5
 *   SrcA[MatrixUnit.SrcABank] != MatrixUnit: WH C10, BH C7
 *
 * BRISC pushes everything (T0 waits, T1 hands banks over) and observes
 * T0's progress through SETDMAREG markers in T0's GPR 0.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "tt.h"

#if defined(TT_ARCH_WH)
#define C_SRCA_UNPACK       (1u << 8)
#define C_SRCA_MATH         (1u << 10)
#else
#define C_SRCA_UNPACK       (1u << 5)
#define C_SRCA_MATH         (1u << 7)
#endif

#define SETDVALID(flip)     TT_INSN(0x57, (flip))
#define SETRWC_FLIP_A       TT_INSN(0x37, 1u << 22)
#define CLEARDVALID(flip, keep, reset) \
    TT_INSN(0x36, ((flip) << 22) | ((keep) << 1) | (reset))
#define MARK(v)             TT_SETDMAREG(0, (v))    /* T0 GPR 0 low half */

static void expect_mark(uint32_t v, const char *what)
{
    bool ok = tt_wait_eq(&TT_GPR_OF(0, 0), v, 1000);

    tt_check(ok, what, TT_GPR_OF(0, 0), v);
}

/* Held instructions stay held: give the model time to misbehave */
static void expect_held(uint32_t v, const char *what)
{
    tt_delay_ms(20);
    tt_check(TT_GPR_OF(0, 0) == v, what, TT_GPR_OF(0, 0), v);
}

void trisc_main(int t)
{
    tt_common_only(TT_TRISC0 + t);
}

void ncrisc_main(void)
{
}

int brisc_main(void)
{
    tt_printf("src_banks (%s): SrcA/SrcB hand-over and STALLWAIT\n",
              TT_ARCH_NAME);
    TT_GPR_OF(0, 0) = 0;

    /* After reset: SrcA[0] belongs to the unpackers, who use bank 0 */
    tt_push(0, TT_STALLWAIT(TT_BLOCK_ALL, C_SRCA_UNPACK));
    tt_push(0, MARK(0x11));
    expect_mark(0x11, "SrcA[unpacker bank] is the unpackers': met");
    tt_push(0, TT_STALLWAIT(TT_BLOCK_ALL, C_SRCA_MATH));
    tt_push(0, MARK(0x12));
    expect_held(0x11, "SrcA[matrix bank] not the matrix unit's: held");

#if defined(TT_ARCH_WH)
    /* T1's SETDVALID gives SrcA[0] to the matrix unit: T0 goes on */
    tt_push(1, SETDVALID(1));
    expect_mark(0x12, "SETDVALID gave SrcA[0] to the matrix unit");
    /* The unpackers now use bank 1, which is still theirs */
    tt_push(0, TT_STALLWAIT(TT_BLOCK_ALL, C_SRCA_UNPACK));
    tt_push(0, MARK(0x13));
    expect_mark(0x13, "unpackers flipped to bank 1, still theirs");
    /* A second SETDVALID gives SrcA[1] too: now C_SRCA_UNPACK holds */
    tt_push(1, SETDVALID(1));
    tt_push(0, TT_STALLWAIT(TT_BLOCK_ALL, C_SRCA_UNPACK));
    tt_push(0, MARK(0x14));
    expect_held(0x13, "both SrcA banks the matrix unit's: held");
    /*
     * SETRWC FlipSrcA by T1: SrcA[0] back to the unpackers (bank 0 is
     * the unpackers' current bank again after two flips): T0 goes on
     */
    tt_push(1, SETRWC_FLIP_A);
    expect_mark(0x14, "SETRWC FlipSrcA gave SrcA[0] back");
    /* The matrix unit now reads bank 1, still the matrix unit's */
    tt_push(0, TT_STALLWAIT(TT_BLOCK_ALL, C_SRCA_MATH));
    tt_push(0, MARK(0x15));
    expect_mark(0x15, "matrix unit flipped to SrcA[1], still its own");
    /*
     * CLEARDVALID FlipSrcA with KeepReadingSameSrc: bank 1 given back,
     * the matrix unit stays on bank 1
     */
    tt_push(1, CLEARDVALID(1, 1, 0));
    tt_push(0, TT_STALLWAIT(TT_BLOCK_ALL, C_SRCA_MATH));
    tt_push(0, MARK(0x16));
    expect_held(0x15, "CLEARDVALID keep: SrcA[1] not the matrix unit's");
    /*
     * CLEARDVALID Reset, then SETDVALID: SrcA[0] to the matrix unit,
     * which reads bank 0 again
     */
    tt_push(1, CLEARDVALID(0, 0, 1));
    expect_held(0x15, "after CLEARDVALID Reset still held");
    tt_push(1, SETDVALID(1));
    expect_mark(0x16, "CLEARDVALID Reset + SETDVALID");
#else
    /*
     * Blackhole has no SETDVALID: the wait stays; CLEARDVALID Reset
     * keeps every bank the unpackers'
     */
    tt_push(1, CLEARDVALID(1, 0, 1));
    expect_held(0x11, "CLEARDVALID Reset: SrcA still the unpackers'");
#endif

    if (tt_failures) {
        tt_printf("src_banks: FAILED (%d checks)\n", tt_failures);
        return 1;
    }
    tt_printf("src_banks: all checks passed\n");
    return 0;
}
