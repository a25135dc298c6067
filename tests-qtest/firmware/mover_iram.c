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
#include "tt_regs.h"

#define CFG_BASE            0xFFEF0000u
#define CFG0(w)             TT_REG(CFG_BASE + 4u * (w))
#define IRAM                0xFFC00000u

#define RESULT              0x39000u    /* the NCRISC programs write here */
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
#define IMG1                TT_ASM_ADDR(img1)
#define IMG1_AUIPC          TT_ASM_ADDR(img1_auipc)
#define IMG1_END            TT_ASM_ADDR(img1_end)
#define IMG2                TT_ASM_ADDR(img2)
#define IMG2_AUIPC          TT_ASM_ADDR(img2_auipc)
#define IMG2_END            TT_ASM_ADDR(img2_end)

static uint32_t units(uint32_t start, uint32_t end)
{
    return (end - start + 15) / 16;
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
    uint32_t pc1 = IRAM + (IMG1_AUIPC - IMG1);
    uint32_t pc2 = IRAM + 0x100 + (IMG2_AUIPC - IMG2);

    for (int i = 0; i < 4; i++) {
        TT_WORD(RESULT, i) = 0;
    }
    TT_CHECK((IMG1 | IMG2) & 15, 0);
    TT_CHECK(units(IMG2, IMG2_END) <= 0x10, 1);

    /* NCRISC is still held from machine reset (SOFT_RESET_0 = 0x47000) */
    TT_CHECK(TT_REG(TT_SOFT_RESET_0) & TT_RESET_NCRISC, TT_RESET_NCRISC);

    /*
     * 1. TDMA-RISC: src img1 >> 4, dst 0x4000 (<< 4 = 0x40000, in
     * 0x40000..0x4ffff: MEM_NCRISC_IRAM_BASE + 0), L1_TO_L0; wait for
     * mover 0 idle and the queue empty; release NCRISC at 0xFFC00000.
     */
    tt_tdma_xmov(IMG1 >> 4, 0x4000, units(IMG1, IMG1_END), DIR_L1_TO_L0);
    TT_CHECK(tt_wait_movers_done(), 0x428);
    ncrisc_run_at(IRAM);
    TT_CHECK(tt_wait_eq(&TT_WORD(RESULT, 0), SIG1, 2000), 1);
    TT_CHECK(TT_WORD(RESULT, 1), pc1);

    /*
     * 2. Hold NCRISC again; the XMOV instruction (pushed by BRISC into
     * thread 0, Config[0] REG6: dst 0x4010 << 4 = 0x40100 = IRAM + 0x100)
     * loads img2; XMOV has started once thread 0's FIFO is empty, and has
     * finished once STATUS.mover_busy (the STALLWAIT mover signal) is 0.
     */
    ncrisc_hold(true);
    CFG0(REG6 + 0) = IMG2 >> 4;
    CFG0(REG6 + 1) = 0x4010;
    CFG0(REG6 + 2) = (DIR_L1_TO_L0 << 30) | units(IMG2, IMG2_END);
    (void)CFG0(REG6 + 2);
    tt_push(0, TT_INSN(0x40, 0));
    while (!(TT_REG(TT_INSTRN_BUF_STATUS) & (1u << 4))) {
        /* until XMOV has left thread 0's FIFO */
    }
    while (TT_REG(STATUS) & 1) {
        /* until the mover is idle */
    }
    ncrisc_run_at(IRAM + 0x100);
    TT_CHECK(tt_wait_eq(&TT_WORD(RESULT, 2), SIG2, 2000), 1);
    TT_CHECK(TT_WORD(RESULT, 3), pc2);

    /* 3. img1 is still at IRAM + 0 */
    ncrisc_hold(true);
    TT_WORD(RESULT, 0) = 0;
    TT_WORD(RESULT, 1) = 0;
    ncrisc_run_at(IRAM);
    TT_CHECK(tt_wait_eq(&TT_WORD(RESULT, 0), SIG1, 2000), 1);
    TT_CHECK(TT_WORD(RESULT, 1), pc1);
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
        TT_WORD(0x40100, i) = 0x5E5E5E5Eu;
        CFG0(64 + i) = 0x11110000u + i;
    }
    tt_tdma_xmov(IMG1 >> 4, 0x4010, units(IMG1, IMG1 + 16), DIR_L1_TO_L0);
    TT_CHECK(tt_wait_movers_done(), 0x428);
    for (uint32_t i = 0; i < 4; i++) {
        TT_CHECK(TT_WORD(0x40100, i), 0x5E5E5E5Eu);
        TT_CHECK(CFG0(64 + i), 0x11110000u + i);
    }
}

#endif

int brisc_main(void)
{
    tt_printf("mover_iram (%s): NCRISC IRAM through the mover\n",
              TT_ARCH_NAME);
    test_iram();
    return tt_summary("mover_iram", tt_nfails, tt_nchecks);
}
