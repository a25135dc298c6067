/*
 * qemu-tensix test: NCRISC instruction RAM loaded by the mover
 *
 * Wormhole (InstructionRAM.md, Mover.md; the tt-metal boot protocol of
 * reference/boot-and-launch.md section 8): NCRISC is held in soft reset;
 * BRISC copies a small program from L1 into the 16 KiB IRAM with a
 * TDMA-RISC mover command (XMOV_DST = 0x4000: 0x4000 << 4 = 0x40000, the
 * mover's view of MEM_NCRISC_IRAM_BASE), waits for the mover, points
 * NCRISC's reset PC at 0xFFC00000 and releases it.  The program stores a
 * signature and its own pc (auipc) into L1.  A second program is then
 * loaded behind the first (XMOV_DST = 0x4010 -> IRAM + 0x100), this time
 * with the XMOV instruction pushed by BRISC into Tensix thread 0, and run
 * from 0xFFC00100; finally the first one is run again, proving the second
 * load left it intact.
 *
 * Blackhole has no NCRISC IRAM: a mover copy to 0x40100 writes nowhere
 * (neither L1 at 0x40100 nor Config at 0x40100 & 0xffff changes).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "tt.h"

#define TDMA                0xFFB11000u
#define XMOV_SRC            (TDMA + 0x000)
#define XMOV_DST            (TDMA + 0x004)
#define XMOV_SIZE           (TDMA + 0x008)
#define XMOV_DIR            (TDMA + 0x00C)
#define COMMAND             (TDMA + 0x010)
#define STATUS              (TDMA + 0x014)
#define CMD_MOVER           0x40u
#define DIR_L1_TO_L0        1u

#define CFG_BASE            0xFFEF0000u
#define CFG0(w)             TT_REG(CFG_BASE + 4u * (w))
#define IRAM                0xFFC00000u

#define RESULT              0x39000u    /* the NCRISC programs write here */
#define L1W(a, i)           (((volatile uint32_t *)(uintptr_t)(a))[i])
#define SIG1                0x1CE0C0DEu
#define SIG2                0x2CE0C0DEu

/*
 * The two NCRISC programs, assembled into L1 (16-byte aligned), copied to
 * IRAM by the mover.  Position independent but for the absolute RESULT.
 */
__asm__(".pushsection .rodata.ncrisc_img, \"a\"\n"
        ".option push\n"
        ".option norvc\n"
        ".balign 16\n"
        ".globl img1, img1_auipc, img1_end\n"
        "img1:\n"
        "  li t0, 0x39000\n"
        "  li t1, 0x1CE0C0DE\n"
        "  sw t1, 0(t0)\n"
        "img1_auipc:\n"
        "  auipc t2, 0\n"
        "  sw t2, 4(t0)\n"
        "1: j 1b\n"
        ".balign 16\n"
        "img1_end:\n"
        ".globl img2, img2_auipc, img2_end\n"
        "img2:\n"
        "  li t0, 0x39000\n"
        "  li t1, 0x2CE0C0DE\n"
        "  sw t1, 8(t0)\n"
        "img2_auipc:\n"
        "  auipc t2, 0\n"
        "  sw t2, 12(t0)\n"
        "1: j 1b\n"
        ".balign 16\n"
        "img2_end:\n"
        ".option pop\n"
        ".popsection\n");
extern const char img1[], img1_auipc[], img1_end[];
extern const char img2[], img2_auipc[], img2_end[];

static uint32_t nfails, nchecks;

static void check_at(uint32_t line, uint32_t got, uint32_t want)
{
    nchecks++;
    if (got != want) {
        nfails++;
        tt_printf("  FAIL: mover_iram.c:%u: got 0x%x, expected 0x%x\n",
                  line, got, want);
    }
}
#define CHECK(got, want)    check_at(__LINE__, (got), (want))

static uint32_t wait_movers_done(void)
{
    uint32_t st;

    (void)TT_REG(STATUS);
    do {
        st = TT_REG(STATUS);
    } while ((st & (1u | 0x08u)) != 0x08u);
    return st;
}

static void tdma_xmov(uint32_t src16, uint32_t dst16, uint32_t size16,
                      uint32_t dir)
{
    TT_REG(XMOV_SRC) = src16;
    TT_REG(XMOV_DST) = dst16;
    TT_REG(XMOV_SIZE) = size16;
    TT_REG(XMOV_DIR) = dir;
    TT_REG(COMMAND) = CMD_MOVER;
}

static uint32_t units(const char *start, const char *end)
{
    return (uint32_t)(end - start + 15) / 16;
}

void trisc_main(int t)
{
}

void ncrisc_main(void)
{
}

#if defined(TT_ARCH_WH)

#define REG6                76u         /* THCON_SEC0_REG6_* (cfg_defines.h) */
#define NCRISC_RESET_PC     162u        /* Config words, global */
#define NCRISC_RESET_PC_EN  163u

static void ncrisc_hold(bool held)
{
    uint32_t sr = TT_REG(TT_SOFT_RESET_0);

    TT_REG(TT_SOFT_RESET_0) = held ? (sr | TT_RESET_NCRISC)
                                   : (sr & ~TT_RESET_NCRISC);
}

static void ncrisc_run_at(uint32_t pc)
{
    CFG0(NCRISC_RESET_PC) = pc;
    CFG0(NCRISC_RESET_PC_EN) = 1;
    ncrisc_hold(false);
}

static void test_iram(void)
{
    uint32_t pc1 = IRAM + (uint32_t)(img1_auipc - img1);
    uint32_t pc2 = IRAM + 0x100 + (uint32_t)(img2_auipc - img2);

    for (int i = 0; i < 4; i++) {
        L1W(RESULT, i) = 0;
    }
    CHECK(((uintptr_t)img1 | (uintptr_t)img2) & 15, 0);
    CHECK(units(img2, img2_end) <= 0x10, 1);

    /* NCRISC is still held from machine reset (SOFT_RESET_0 = 0x47000) */
    CHECK(TT_REG(TT_SOFT_RESET_0) & TT_RESET_NCRISC, TT_RESET_NCRISC);

    /*
     * 1. TDMA-RISC: src img1 >> 4, dst 0x4000 (<< 4 = 0x40000, in
     * 0x40000..0x4ffff: MEM_NCRISC_IRAM_BASE + 0), L1_TO_L0; wait for
     * mover 0 idle and the queue empty; release NCRISC at 0xFFC00000.
     */
    tdma_xmov((uint32_t)(uintptr_t)img1 >> 4, 0x4000, units(img1, img1_end),
              DIR_L1_TO_L0);
    CHECK(wait_movers_done(), 0x428);
    ncrisc_run_at(IRAM);
    CHECK(tt_wait_eq(&L1W(RESULT, 0), SIG1, 2000), 1);
    CHECK(L1W(RESULT, 1), pc1);

    /*
     * 2. Hold NCRISC again; the XMOV instruction (pushed by BRISC into
     * thread 0, Config[0] REG6: dst 0x4010 << 4 = 0x40100 = IRAM + 0x100)
     * loads img2; XMOV has started once thread 0's FIFO is empty, and has
     * finished once STATUS.mover_busy (the STALLWAIT mover signal) is 0.
     */
    ncrisc_hold(true);
    CFG0(REG6 + 0) = (uint32_t)(uintptr_t)img2 >> 4;
    CFG0(REG6 + 1) = 0x4010;
    CFG0(REG6 + 2) = (DIR_L1_TO_L0 << 30) | units(img2, img2_end);
    (void)CFG0(REG6 + 2);
    tt_push(0, TT_INSN(0x40, 0));
    while (!(TT_REG(TT_INSTRN_BUF_STATUS) & (1u << 4))) {
    }
    while (TT_REG(STATUS) & 1) {
    }
    ncrisc_run_at(IRAM + 0x100);
    CHECK(tt_wait_eq(&L1W(RESULT, 2), SIG2, 2000), 1);
    CHECK(L1W(RESULT, 3), pc2);

    /* 3. img1 is still at IRAM + 0 */
    ncrisc_hold(true);
    L1W(RESULT, 0) = 0;
    L1W(RESULT, 1) = 0;
    ncrisc_run_at(IRAM);
    CHECK(tt_wait_eq(&L1W(RESULT, 0), SIG1, 2000), 1);
    CHECK(L1W(RESULT, 1), pc1);
    ncrisc_hold(true);
}

#else

static void test_iram(void)
{
    /*
     * Blackhole: 0x4010 << 4 = 0x40100 has no NCRISC IRAM behind it; the
     * copy must change neither L1 at 0x40100 nor Config[0][64..67]
     * (TENSIX_CFG + 0x100).
     */
    for (int i = 0; i < 4; i++) {
        L1W(0x40100, i) = 0x5E5E5E5Eu;
        CFG0(64 + i) = 0x11110000u + i;
    }
    tdma_xmov((uint32_t)(uintptr_t)img1 >> 4, 0x4010, units(img1, img1 + 16),
              DIR_L1_TO_L0);
    CHECK(wait_movers_done(), 0x428);
    for (uint32_t i = 0; i < 4; i++) {
        CHECK(L1W(0x40100, i), 0x5E5E5E5Eu);
        CHECK(CFG0(64 + i), 0x11110000u + i);
    }
}

#endif

int brisc_main(void)
{
    tt_printf("mover_iram (%s): NCRISC IRAM through the mover\n",
              TT_ARCH_NAME);
    test_iram();
    if (nfails) {
        tt_printf("  %u of %u checks failed\n", nfails, nchecks);
        return 1;
    }
    tt_printf("  %u checks\n", nchecks);
    tt_puts("mover_iram: all checks passed\n");
    return 0;
}
