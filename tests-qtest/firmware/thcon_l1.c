/*
 * qemu-tensix test: Scalar Unit (ThCon) L1 accesses and atomics
 *
 * BRISC prepares L1 and the GPRs of the Tensix threads, pushes ThCon
 * instructions into them and checks L1 bytes and GPRs afterwards:
 * - LOADIND and STOREIND (L1) with every Size, every OffsetIncrement,
 *   offsets in either half of a GPR, 16-bit offset wrap, and STOREIND
 *   reading its data after the increment;
 * - ATSWAP (masked 16-bit granules, SingleDataReg, no write-back);
 * - ATINCGET with several integer widths;
 * - ATINCGETPTR pushes and pops, counter wrap, and its retry while the
 *   FIFO is full or empty, during which the Scalar Unit refuses other
 *   threads' ThCon instructions but not their other instructions;
 * - ATCAS retrying until the whole 32-bit word equals CmpVal;
 * - STOREIND (SrcA/SrcB): executes and increments its offset.
 * Expected values are derived by hand from the functional models of the
 * WormholeB0 instruction pages (comments give each derivation).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "tt.h"

/* ---- Instruction encodings (Diagrams/Src/Bits32.lua) ---- */

#define LOADIND(size, ohalf, inc, reg, areg) \
    TT_INSN(0x49, ((size) << 22) | ((ohalf) << 14) | ((inc) << 12) | \
            ((reg) << 6) | (areg))
#define STOREIND_L1(size, ohalf, inc, reg, areg) \
    TT_INSN(0x66, (1u << 23) | ((size) << 21) | ((ohalf) << 14) | \
            ((inc) << 12) | ((reg) << 6) | (areg))
#define STOREIND_SRC(to_b, ohalf, inc, reg, areg) \
    TT_INSN(0x66, ((to_b) << 21) | ((ohalf) << 14) | ((inc) << 12) | \
            ((reg) << 6) | (areg))
#define ATSWAP(single, mask, reg, areg) \
    TT_INSN(0x63, ((single) << 22) | ((mask) << 14) | ((reg) << 6) | (areg))
#define ATCAS(set, cmp, ofs, areg) \
    TT_INSN(0x64, ((set) << 18) | ((cmp) << 14) | ((ofs) << 12) | (areg))
#define ATINCGET(width, ofs, reg, areg) \
    TT_INSN(0x61, ((width) << 14) | ((ofs) << 12) | ((reg) << 6) | (areg))
#define ATINCGETPTR(noincr, log2, width, ofs, reg, areg) \
    TT_INSN(0x62, ((noincr) << 22) | ((log2) << 18) | ((width) << 14) | \
            ((ofs) << 12) | ((reg) << 6) | (areg))
#define ADDDMAREGI(res, imm, left) \
    TT_INSN(0x58, (1u << 23) | ((res) << 12) | ((imm) << 6) | (left))

/* Sizes of LOADIND / STOREIND (L1) */
#define SZ_128      0
#define SZ_32       1
#define SZ_16       2
#define SZ_8        3

/* OffsetIncrement: += 0, 2, 4, 16 */
#define INC_0       0
#define INC_2       1
#define INC_4       2
#define INC_16      3

/* Scratch L1, above the program image (link.ld: below 0x20000) */
#define BUF_LOAD    0x40000u
#define BUF_STORE   0x40100u
#define BUF_SWAP    0x40200u
#define BUF_INC     0x40300u
#define BUF_FIFO    0x40400u
#define BUF_CAS     0x40500u

/* ---- Helpers ---- */

static void fill(uint32_t addr, uint32_t len, uint8_t v)
{
    for (uint32_t i = 0; i < len; i++) {
        TT_REG8(addr + i) = v;
    }
}

/* ------------------------------------------------------------------ */

static void test_loadind(int t)
{
    /*
     * L1[BUF_LOAD + i] = 0x10 + i.  GPR 1 = BUF_LOAD / 16, the offset is
     * the low half of GPR 2 (OffsetHalfReg 4).
     */
    for (uint32_t i = 0; i < 64; i++) {
        TT_REG8(BUF_LOAD + i) = 0x10 + i;
    }
    tt_set_gpr(t, 1, BUF_LOAD / 16);
    tt_set_gpr(t, 2, 0x77770013u);

    /*
     * Size 0: (0x40013 & ~15) = 0x40010 -> four GPRs (9 & 0x3c) = 8..11:
     * bytes 0x20..0x2F little-endian; offset 0x13 + 16 = 0x23.
     */
    tt_run(t, LOADIND(SZ_128, 4, INC_16, 9, 1));
    tt_check_eq("LOADIND 128 GPR8", TT_GPR_OF(t, 8), 0x23222120u);
    tt_check_eq("LOADIND 128 GPR9", TT_GPR_OF(t, 9), 0x27262524u);
    tt_check_eq("LOADIND 128 GPR10", TT_GPR_OF(t, 10), 0x2B2A2928u);
    tt_check_eq("LOADIND 128 GPR11", TT_GPR_OF(t, 11), 0x2F2E2D2Cu);
    tt_check_eq("LOADIND offset += 16", TT_GPR_OF(t, 2), 0x77770023u);

    /* Size 1: 0x40023 & ~3 = 0x40020 -> 0x33323130; offset += 4 = 0x27 */
    tt_run(t, LOADIND(SZ_32, 4, INC_4, 12, 1));
    tt_check_eq("LOADIND 32", TT_GPR_OF(t, 12), 0x33323130u);
    tt_check_eq("LOADIND offset += 4", TT_GPR_OF(t, 2), 0x77770027u);

    /* Size 2: 0x40027 & ~1 = 0x40026 -> 0x3736 into the low half; += 2 */
    tt_set_gpr(t, 13, 0xAAAAAAAAu);
    tt_run(t, LOADIND(SZ_16, 4, INC_2, 13, 1));
    tt_check_eq("LOADIND 16", TT_GPR_OF(t, 13), 0xAAAA3736u);
    tt_check_eq("LOADIND offset += 2", TT_GPR_OF(t, 2), 0x77770029u);

    /* Size 3: byte 0x40029 = 0x39 into the low byte; += 0 */
    tt_set_gpr(t, 14, 0xBBBBBBBBu);
    tt_run(t, LOADIND(SZ_8, 4, INC_0, 14, 1));
    tt_check_eq("LOADIND 8", TT_GPR_OF(t, 14), 0xBBBBBB39u);
    tt_check_eq("LOADIND offset += 0", TT_GPR_OF(t, 2), 0x77770029u);

    /* Offset in the high half (OffsetHalfReg 5): 0x40008 -> 0x1B1A1918 */
    tt_set_gpr(t, 2, 0x00080029u);
    tt_run(t, LOADIND(SZ_32, 5, INC_16, 15, 1));
    tt_check_eq("LOADIND high-half offset", TT_GPR_OF(t, 15), 0x1B1A1918u);
    tt_check_eq("LOADIND high-half offset += 16", TT_GPR_OF(t, 2), 0x00180029u);

    /*
     * The offset is 16 bits: 0xFFF8 + 16 wraps to 0x0008 without carry
     * into the other half.  Address 0x40000 + 0xFFF8 = 0x4FFF8.
     */
    TT_REG(0x4FFF8) = 0xC0DEC0DEu;
    tt_set_gpr(t, 2, 0x1111FFF8u);
    tt_run(t, LOADIND(SZ_32, 4, INC_16, 16, 1));
    tt_check_eq("LOADIND at offset 0xFFF8", TT_GPR_OF(t, 16), 0xC0DEC0DEu);
    tt_check_eq("LOADIND offset wraps", TT_GPR_OF(t, 2), 0x11110008u);
}

static void test_storeind(int t)
{
    fill(BUF_STORE, 0x40, 0xEE);
    tt_set_gpr(t, 1, BUF_STORE / 16);
    tt_set_gpr(t, 2, 0x00000005u);
    tt_set_gpr(t, 12, 0x03020100u);
    tt_set_gpr(t, 13, 0x07060504u);
    tt_set_gpr(t, 14, 0x0B0A0908u);
    tt_set_gpr(t, 15, 0x0F0E0D0Cu);
    tt_set_gpr(t, 16, 0xCAFEBABEu);
    tt_set_gpr(t, 17, 0x1234BEEFu);
    tt_set_gpr(t, 18, 0x9876545Au);

    /* Size 0: GPRs (13 & 0x3c) = 12..15 to 0x40105 & ~15; offset 0x15 */
    tt_run(t, STOREIND_L1(SZ_128, 4, INC_16, 13, 1));
    for (uint32_t i = 0; i < 16; i++) {
        tt_check_eq("STOREIND 128 byte", TT_REG8(BUF_STORE + i), i);
    }
    tt_check_eq("STOREIND offset += 16", TT_GPR_OF(t, 2), 0x15);

    /* Size 1: 0x40115 & ~3 = 0x40114; offset 0x19 */
    tt_run(t, STOREIND_L1(SZ_32, 4, INC_4, 16, 1));
    tt_check_eq("STOREIND 32", TT_REG(BUF_STORE + 0x14), 0xCAFEBABEu);
    tt_check_eq("STOREIND 32: byte before", TT_REG8(BUF_STORE + 0x13), 0xEE);
    tt_check_eq("STOREIND offset += 4", TT_GPR_OF(t, 2), 0x19);

    /* Size 2: 0x40119 & ~1 = 0x40118 <- 0xBEEF; offset 0x1B */
    tt_run(t, STOREIND_L1(SZ_16, 4, INC_2, 17, 1));
    tt_check_eq("STOREIND 16 low byte", TT_REG8(BUF_STORE + 0x18), 0xEF);
    tt_check_eq("STOREIND 16 high byte", TT_REG8(BUF_STORE + 0x19), 0xBE);
    tt_check_eq("STOREIND 16: next byte", TT_REG8(BUF_STORE + 0x1A), 0xEE);
    tt_check_eq("STOREIND offset += 2", TT_GPR_OF(t, 2), 0x1B);

    /* Size 3: byte 0x4011B <- 0x5A; neighbours untouched; offset same */
    tt_run(t, STOREIND_L1(SZ_8, 4, INC_0, 18, 1));
    tt_check_eq("STOREIND 8", TT_REG8(BUF_STORE + 0x1B), 0x5A);
    tt_check_eq("STOREIND 8: byte before", TT_REG8(BUF_STORE + 0x1A), 0xEE);
    tt_check_eq("STOREIND 8: byte after", TT_REG8(BUF_STORE + 0x1C), 0xEE);
    tt_check_eq("STOREIND offset += 0", TT_GPR_OF(t, 2), 0x1B);

    /*
     * The data GPR is read after the increment: data = offset register
     * (GPR 19, low half 0x0030, OffsetHalfReg 38): address 0x40130, the
     * stored word is 0x00000034.
     */
    tt_set_gpr(t, 19, 0x00000030u);
    tt_run(t, STOREIND_L1(SZ_32, 38, INC_4, 19, 1));
    tt_check_eq("STOREIND data read after increment", TT_REG(BUF_STORE + 0x30),
                0x00000034u);
}

/* ------------------------------------------------------------------ */

static void test_atswap(int t)
{
    /*
     * GPRs 24..27 hold halfwords h0..h7 = 2222 1111 4444 3333 6666 5555
     * 8888 7777 (little-endian).  Mask 0xA5 writes h0, h2, h5, h7:
     * words EEEE2222 EEEE4444 5555EEEE 7777EEEE.  DataReg 25 & 0x3c = 24.
     */
    fill(BUF_SWAP, 32, 0xEE);
    tt_set_gpr(t, 1, BUF_SWAP / 16);
    tt_set_gpr(t, 24, 0x11112222u);
    tt_set_gpr(t, 25, 0x33334444u);
    tt_set_gpr(t, 26, 0x55556666u);
    tt_set_gpr(t, 27, 0x77778888u);
    tt_run(t, ATSWAP(0, 0xA5, 25, 1));
    tt_check_eq("ATSWAP word 0", TT_REG(BUF_SWAP + 0), 0xEEEE2222u);
    tt_check_eq("ATSWAP word 1", TT_REG(BUF_SWAP + 4), 0xEEEE4444u);
    tt_check_eq("ATSWAP word 2", TT_REG(BUF_SWAP + 8), 0x5555EEEEu);
    tt_check_eq("ATSWAP word 3", TT_REG(BUF_SWAP + 12), 0x7777EEEEu);
    tt_check_eq("ATSWAP next word", TT_REG(BUF_SWAP + 16), 0xEEEEEEEEu);
    /* Nothing is written back to the GPRs */
    tt_check_eq("ATSWAP no swap", TT_GPR_OF(t, 24), 0x11112222u);

    /*
     * SingleDataReg: ToWrite is zero but for GPR 26 at byte
     * (26 & 3) * 4 = 8; mask 0xFF writes all 16 bytes.
     */
    tt_run(t, ATSWAP(1, 0xFF, 26, 1));
    tt_check_eq("ATSWAP single word 0", TT_REG(BUF_SWAP + 0), 0);
    tt_check_eq("ATSWAP single word 1", TT_REG(BUF_SWAP + 4), 0);
    tt_check_eq("ATSWAP single word 2", TT_REG(BUF_SWAP + 8), 0x55556666u);
    tt_check_eq("ATSWAP single word 3", TT_REG(BUF_SWAP + 12), 0);
}

static void test_atincget(int t)
{
    tt_set_gpr(t, 1, BUF_INC / 16);

    /*
     * Ofs 2: word BUF_INC + 8.  IntWidth 7: IntMask = (2 << 7) - 1 =
     * 0xFF.  0xABCD00FE + 3 = 0xABCD0101 -> (0x01) | 0xABCD0000.  The
     * GPR receives the original value.
     */
    TT_REG(BUF_INC + 8) = 0xABCD00FEu;
    tt_set_gpr(t, 3, 3);
    tt_run(t, ATINCGET(7, 2, 3, 1));
    tt_check_eq("ATINCGET width 8 wraps", TT_REG(BUF_INC + 8), 0xABCD0001u);
    tt_check_eq("ATINCGET returns the original", TT_GPR_OF(t, 3), 0xABCD00FEu);

    /* IntWidth 31: IntMask = (2 << 31) - 1 = 0xFFFFFFFF; -1 + 2 = 1 */
    TT_REG(BUF_INC + 4) = 0xFFFFFFFFu;
    tt_set_gpr(t, 3, 2);
    tt_run(t, ATINCGET(31, 1, 3, 1));
    tt_check_eq("ATINCGET width 32", TT_REG(BUF_INC + 4), 0x00000001u);
    tt_check_eq("ATINCGET width 32 original", TT_GPR_OF(t, 3), 0xFFFFFFFFu);

    /* IntWidth 0: IntMask = 1; 0x10 + 3 = 0x13 -> 1 | 0x10 = 0x11 */
    TT_REG(BUF_INC + 0) = 0x00000010u;
    tt_set_gpr(t, 3, 3);
    tt_run(t, ATINCGET(0, 0, 3, 1));
    tt_check_eq("ATINCGET width 1", TT_REG(BUF_INC + 0), 0x00000011u);
    tt_check_eq("ATINCGET width 1 original", TT_GPR_OF(t, 3), 0x00000010u);
}

/* ------------------------------------------------------------------ */

/*
 * ATINCGETPTR on thread 1 with the FIFO control block at BUF_FIFO
 * (Rd at +0, Wr at +4).  IntWidth 3: 3-bit counters (IntMask 7), capacity
 * 1 << 2 = 4.  Thread 2 probes the Scalar Unit while thread 1 retries;
 * a NOP pushed into thread 0 makes the model look again after BRISC has
 * changed L1 (any push does; on silicon the retry loop sees it alone).
 */
#define RD      TT_REG(BUF_FIFO + 0)
#define WR      TT_REG(BUF_FIFO + 4)

static void kick(void)
{
    tt_run(0, TT_NOP);
}

static void test_atincgetptr(void)
{
    const int t = 1, probe = 2;

    tt_set_gpr(t, 1, BUF_FIFO / 16);
    RD = 0;
    WR = 0;
    TT_REG(BUF_FIFO + 8) = 0;
    TT_REG(BUF_FIFO + 12) = 0;

    /* Four pushes (Ofs 1, IncrLog2 0): Wr 0 -> 4, returning 0, 1, 2, 3 */
    for (uint32_t n = 0; n < 4; n++) {
        tt_run(t, ATINCGETPTR(0, 0, 3, 1, 5, 1));
        tt_check_eq("ATINCGETPTR push returns Wr", TT_GPR_OF(t, 5), n);
    }
    tt_check_eq("ATINCGETPTR Wr after 4 pushes", WR, 4);

    /*
     * Fifth push: Wr - Rd = 4, 4 % 4 == 0 and not empty -> full, retry.
     * The thread stays busy, GPR 5 and L1 unchanged.
     */
    tt_set_gpr(t, 5, 0xDEADu);
    tt_set_gpr(probe, 7, 0);
    tt_push(t, ATINCGETPTR(0, 0, 3, 1, 5, 1));
    tt_check(!tt_wait_fifo_empty(t, 50), "ATINCGETPTR waits on a full FIFO", 1,
             0);
    tt_check_eq("ATINCGETPTR full: Wr", WR, 4);
    tt_check_eq("ATINCGETPTR full: GPR", TT_GPR_OF(t, 5), 0xDEADu);

    /*
     * Meanwhile the Scalar Unit is busy: thread 2's SETDMAREG waits, but
     * its NOP (not a ThCon instruction) goes through.
     */
    tt_run(probe, TT_NOP);
    tt_push(probe, TT_SETDMAREG(14, 0x1234));
    tt_check(!tt_wait_fifo_empty(probe, 50), "other thread's ThCon insn waits",
             1, 0);
    tt_check_eq("other thread's SETDMAREG not executed", TT_GPR_OF(probe, 7),
                0);

    /* A pop by someone else (Rd = 1): size 3, not full */
    RD = 1;
    kick();
    tt_check(tt_wait_fifo_empty(t, 2000), "ATINCGETPTR done after the pop", 0,
             1);
    tt_check_eq("ATINCGETPTR retried: returns Wr", TT_GPR_OF(t, 5), 4);
    tt_check_eq("ATINCGETPTR retried: Wr", WR, 5);
    tt_check(tt_wait_fifo_empty(probe, 2000), "other thread's ThCon insn ran",
             0, 1);
    tt_check_eq("other thread's SETDMAREG", TT_GPR_OF(probe, 7), 0x1234);

    /* Pop 2 (Ofs 0, IncrLog2 1): Rd 1 -> 3, returns 1 */
    tt_run(t, ATINCGETPTR(0, 1, 3, 0, 5, 1));
    tt_check_eq("ATINCGETPTR pop returns Rd", TT_GPR_OF(t, 5), 1);
    tt_check_eq("ATINCGETPTR pop 2: Rd", RD, 3);

    /* NoIncr: not full (5 - 3 = 2): returns Wr, changes nothing */
    tt_run(t, ATINCGETPTR(1, 0, 3, 1, 5, 1));
    tt_check_eq("ATINCGETPTR NoIncr returns Wr", TT_GPR_OF(t, 5), 5);
    tt_check_eq("ATINCGETPTR NoIncr: Wr", WR, 5);

    /*
     * Wrap: Rd = 4, Wr = 7 (size 3, not full): Incremented = 8, stored
     * (8 & 7) | (7 & ~7) = 0; returns 7.
     */
    RD = 4;
    WR = 7;
    tt_run(t, ATINCGETPTR(0, 0, 3, 1, 5, 1));
    tt_check_eq("ATINCGETPTR push at 7 returns 7", TT_GPR_OF(t, 5), 7);
    tt_check_eq("ATINCGETPTR Wr wraps to 0", WR, 0);

    /* Wr 0 - Rd 4 = 0xFFFFFFFC: % 4 == 0 and not empty -> full: waits */
    tt_set_gpr(t, 5, 0xBEEFu);
    tt_push(t, ATINCGETPTR(0, 0, 3, 1, 5, 1));
    tt_check(!tt_wait_fifo_empty(t, 50), "ATINCGETPTR full after wrap", 1, 0);
    RD = 5;                     /* 0 - 5 = 0xFFFFFFFB: 3 mod 4, not full */
    kick();
    tt_check(tt_wait_fifo_empty(t, 2000), "ATINCGETPTR done after wrap", 0, 1);
    tt_check_eq("ATINCGETPTR after wrap returns 0", TT_GPR_OF(t, 5), 0);
    tt_check_eq("ATINCGETPTR after wrap: Wr", WR, 1);

    /* Pop from an empty FIFO (Rd == Wr == 2) waits; a push releases it */
    RD = 2;
    WR = 2;
    tt_set_gpr(t, 5, 0xF00Du);
    tt_push(t, ATINCGETPTR(0, 0, 3, 0, 5, 1));
    tt_check(!tt_wait_fifo_empty(t, 50), "ATINCGETPTR waits on an empty FIFO",
             1, 0);
    tt_check_eq("ATINCGETPTR empty: Rd", RD, 2);
    tt_check_eq("ATINCGETPTR empty: GPR", TT_GPR_OF(t, 5), 0xF00Du);
    WR = 3;
    kick();
    tt_check(tt_wait_fifo_empty(t, 2000), "ATINCGETPTR pop done after a push",
             0, 1);
    tt_check_eq("ATINCGETPTR pop after wait returns Rd", TT_GPR_OF(t, 5), 2);
    tt_check_eq("ATINCGETPTR pop after wait: Rd", RD, 3);
}

static void test_atcas(void)
{
    const int t = 1, probe = 2;

    /*
     * ATCAS compares the whole 32-bit word with the 4-bit CmpVal:
     * 0x10000005 != 5, so it retries; after BRISC writes 5 it stores
     * SetVal 9 (the whole word).  Ofs 1: word BUF_CAS + 4.
     */
    tt_set_gpr(t, 1, BUF_CAS / 16);
    TT_REG(BUF_CAS + 0) = 0x5;
    TT_REG(BUF_CAS + 4) = 0x10000005u;
    TT_REG(BUF_CAS + 8) = 0x5;
    tt_set_gpr(probe, 8, 40);
    tt_push(t, ATCAS(9, 5, 1, 1));
    tt_check(!tt_wait_fifo_empty(t, 50), "ATCAS waits while the word differs",
             1, 0);
    tt_check_eq("ATCAS waiting: word", TT_REG(BUF_CAS + 4), 0x10000005u);

    /* The Scalar Unit is held: thread 2's ADDDMAREG waits */
    tt_push(probe, ADDDMAREGI(8, 2, 8));
    tt_check(!tt_wait_fifo_empty(probe, 50), "ThCon held by ATCAS", 1, 0);
    tt_check_eq("ThCon held by ATCAS: GPR", TT_GPR_OF(probe, 8), 40);

    TT_REG(BUF_CAS + 4) = 0x5;
    kick();
    tt_check(tt_wait_fifo_empty(t, 2000), "ATCAS done", 0, 1);
    tt_check_eq("ATCAS set the word", TT_REG(BUF_CAS + 4), 9);
    tt_check_eq("ATCAS left word 0", TT_REG(BUF_CAS + 0), 5);
    tt_check_eq("ATCAS left word 2", TT_REG(BUF_CAS + 8), 5);
    tt_check(tt_wait_fifo_empty(probe, 2000), "ThCon free after ATCAS", 0, 1);
    tt_check_eq("ADDDMAREG after ATCAS", TT_GPR_OF(probe, 8), 42);

    /* Immediate success: word 0 == 5 -> 0xF */
    tt_run(t, ATCAS(0xF, 5, 0, 1));
    tt_check_eq("ATCAS immediate", TT_REG(BUF_CAS + 0), 0xF);
}

/* ------------------------------------------------------------------ */

static void test_storeind_src(int t)
{
    /*
     * STOREIND (Src): SrcA/SrcB have no read-back path yet; check that it
     * retires and increments its offset (low half of GPR 2, += 4), and
     * that an undefined address (bits 19:16 set) retires too.
     */
    tt_set_gpr(t, 1, 0x10);             /* SrcA row (0x10 >> 2) - 4 = 0 */
    tt_set_gpr(t, 2, 0x00000000u);
    tt_set_gpr(t, 20, 0x3F80C000u);            /* BF16 1.0 (hi), -2.0 (lo) */
    tt_set_gpr(t, 21, 0x40404000u);
    tt_run(t, STOREIND_SRC(0, 4, INC_4, 21, 1));
    tt_check_eq("STOREIND SrcA offset += 4", TT_GPR_OF(t, 2), 4);
    tt_run(t, STOREIND_SRC(1, 4, INC_16, 20, 1));
    tt_check_eq("STOREIND SrcB offset += 16", TT_GPR_OF(t, 2), 20);
    tt_set_gpr(t, 1, 0x10000);
    tt_run(t, STOREIND_SRC(1, 4, INC_2, 20, 1));
    tt_check_eq("STOREIND Src undefined address: offset += 2", TT_GPR_OF(t, 2),
                22);
}

/* ------------------------------------------------------------------ */

void trisc_main(int t)
{
}

void ncrisc_main(void)
{
}

int brisc_main(void)
{
    tt_printf("thcon_l1 (%s): LOADIND, STOREIND, atomics\n", TT_ARCH_NAME);

    test_loadind(0);
    test_loadind(2);
    test_storeind(1);
    test_atswap(2);
    test_atincget(0);
    test_atincgetptr();
    test_atcas();
    test_storeind_src(0);

    if (tt_failures) {
        tt_printf("thcon_l1: FAILED (%d checks)\n", tt_failures);
        return 1;
    }
    tt_printf("thcon_l1: all checks passed\n");
    return 0;
}
