/*
 * qemu-tensix test: TDMA-RISC (TDMA-RISC.md) and the mover behind it
 *
 * BRISC drives the command queue: STATUS before and after, the parameter
 * registers, non-compact mover commands in all four directions (with the
 * "& 0xffff" / "& 3" masking of the parameters), compact mover commands
 * relative to XMOV_L1_BASE_ADDR, the L1 write command (32 and 64 bits),
 * the wait and NOP commands, more commands back to back than the queue
 * holds, the mover and TDMA-RISC soft resets, and the packer / unpacker
 * configuration registers.  TRISC0 and TRISC1 set their own
 * XMOV_L1_BASE_ADDR, and TRISC1 issues a compact command that must use its
 * own base; on Wormhole NCRISC (which sees TDMA-RISC) reads and uses
 * T0's base, on Blackhole it cannot reach TDMA-RISC at all.
 *
 * Expected values are derived from the functional model in TDMA-RISC.md:
 *   STATUS = mover_busy | full << 2 | empty << 3 | (credits == 0) << 4 |
 *            (credits == 2) << 5 | (4 - queued) << 8
 *   idle: busy 0, queue empty, ParameterCredits 2, capacity 4 -> 0x428.
 *   Mover command: Mover(Dst << 4, Src << 4, Count << 4, Mode) with
 *     non-compact Src/Dst = CmdParams[0]/[1], Count = CmdParams[2] & 0xffff,
 *     Mode = CmdParams[3] & 3; compact Src = MovCmdBase + Cmd[15:8],
 *     Dst = Cmd[23:16], Count = Cmd[29:24], Mode = Cmd[30] ? L1_TO_L1 :
 *     L1_TO_L0.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "tt.h"
#include "tt_regs.h"

#define CMD_WAIT            0x46u
#define CMD_L1_WRITE32      0x666u      /* 0x66, bits 10:9 set */
#define CMD_L1_WRITE64      0x766u      /* ... and bit 8: 64 bits */
#define CMD_NOP             0x89u
#define COMPACT             0x80000000u
#define COMPACT_L1_L1       0x40000000u
#define COMPACT_CMD(off, dst, size) \
    (COMPACT | ((uint32_t)(size) << 24) | ((uint32_t)(dst) << 16) | \
     ((uint32_t)(off) << 8) | CMD_MOVER)

#define ST_IDLE             0x428u

#define CFG_BASE            0xFFEF0000u
#define CFG0(w)             TT_REG(CFG_BASE + 4u * (w))
#define W0                  64u

#define SR_MOVER            (1u << 6)
#define SR_TDMA_RISC        (1u << 8)

#define SRC                 0x35000u    /* R(i) */
#define DST                 0x35100u
#define ZF                  0x35200u
#define WR                  0x35300u    /* L1 write commands */
#define BASE_B              0x3600u     /* 16-byte units */
#define BASE_T1             0x3700u
#define BASE_T0             0x3800u
#define R(i)                (0x7E570000u + 0x1001u * (i))
#define S(a, i)             (0x5A000000u + ((a) & 0xFFFF00u) + (i))
#define FILL_CC             0xCCCCCCCCu

/*
 * 64 bytes in the first 4 KiB of L1, where a compact L1 -> L1 command
 * (8-bit destination in 16-byte units) can reach: put right after start.S's
 * _start in .text.start; nothing executes it.
 */
__asm__(".pushsection .text.start, \"ax\"\n"
        ".balign 16\n"
        ".globl mover_low_buf\n"
        "mover_low_buf: .space 64\n"
        ".popsection\n");
#define LOW_BUF             TT_ASM_ADDR(mover_low_buf)

/* ------------------------------------------------------------------ */
/* BRISC helpers                                                      */
/* ------------------------------------------------------------------ */

static void fill(uint32_t a, int n, uint32_t v)
{
    for (int i = 0; i < n; i++) {
        TT_WORD(a, i) = v;
    }
}

static void fill_s(uint32_t base16, int n)
{
    uint32_t a = base16 << 4;

    for (int i = 0; i < n; i++) {
        TT_WORD(a, i) = S(a, i);
    }
}

static void l1_write_cmd(uint32_t cmd, uint32_t dst, uint32_t lo,
                         uint32_t hi)
{
    TT_REG(XMOV_SRC) = dst;             /* CmdParams[0]: byte address */
    TT_REG(XMOV_SIZE) = lo;             /* CmdParams[2] */
    TT_REG(XMOV_DIR) = hi;              /* CmdParams[3] */
    TT_REG(COMMAND) = cmd;
}

/* ------------------------------------------------------------------ */
/* The other cores                                                    */
/* ------------------------------------------------------------------ */

/* Shared between the cores (volatile) */
static volatile uint32_t t0_ready, go_t0, go_t1, go_nc;
static volatile uint32_t t0_base_read, t1_base_read, nc_base_read; /* too */

void trisc_main(int t)
{
    TTResult *r = &tt_results[TT_TRISC0 + t];

    r->errors = tt_common_checks(TT_TRISC0 + t, r);
    if (t == 0) {
        TT_REG(XMOV_L1_BASE) = BASE_T0;
        t0_ready = 1;
        while (!go_t0) {
            /* until BRISC says go */
        }
        t0_base_read = TT_REG(XMOV_L1_BASE);
    } else if (t == 1) {
        while (!go_t1) {
            /* until BRISC says go */
        }
        TT_REG(XMOV_L1_BASE) = BASE_T1;
        t1_base_read = TT_REG(XMOV_L1_BASE);
        /* src = MovCmdBase[T1] + 0, CFG 0x10 << 4 = Config[0][64], 1 unit */
        TT_REG(COMMAND) = COMPACT_CMD(0, 0x10, 1);
        (void)tt_wait_movers_done();
    }
    r->magic = TT_RESULT_MAGIC;
}

void ncrisc_main(void)
{
    TTResult *r = &tt_results[TT_NCRISC];

    r->errors = tt_common_checks(TT_NCRISC, r);
    while (!go_nc) {
        /* until BRISC says go */
    }
#if defined(TT_ARCH_WH)
    nc_base_read = TT_REG(XMOV_L1_BASE);
#endif
    /*
     * WH: MovCmdBase[T0] + 1.  BH: TDMA-RISC is unmapped for NCRISC (a
     * load there would never return, so only the store is tried).
     */
    TT_REG(COMMAND) = COMPACT_CMD(1, 0x10, 1);
    r->magic = TT_RESULT_MAGIC;
}

/* ------------------------------------------------------------------ */
/* BRISC                                                              */
/* ------------------------------------------------------------------ */

static void test_status_and_params(void)
{
    /* Idle after reset */
    TT_CHECK(TT_REG(STATUS), ST_IDLE);
    /* The parameter and command registers read as 0 */
    TT_REG(XMOV_SRC) = 0x12345678u;
    TT_REG(XMOV_DST) = 0x9ABCDEF0u;
    TT_REG(XMOV_SIZE) = 0x0F0F0F0Fu;
    TT_REG(XMOV_DIR) = 0x3u;
    TT_CHECK(TT_REG(XMOV_SRC), 0);
    TT_CHECK(TT_REG(XMOV_DST), 0);
    TT_CHECK(TT_REG(XMOV_SIZE), 0);
    TT_CHECK(TT_REG(XMOV_DIR), 0);
    TT_CHECK(TT_REG(COMMAND), 0);
    /* Writing STATUS has no effect */
    TT_REG(STATUS) = 0xFFFFFFFFu;
    TT_CHECK(TT_REG(STATUS), ST_IDLE);
}

static void test_noncompact(void)
{
    for (int i = 0; i < 16; i++) {
        TT_WORD(SRC, i) = R(i);
    }

    /*
     * L1 -> L1: Src 0x3500 << 4 = SRC, Dst 0x3510 << 4 = DST, Count =
     * 0x10002 & 0xffff = 2 units (32 bytes = R(0..7)), Mode = 7 & 3 = 3.
     * Afterwards the queue has drained and the credit is back: idle.
     */
    fill(DST, 12, FILL_CC);
    tt_tdma_xmov(SRC >> 4, DST >> 4, 0x10002, 7);
    TT_CHECK(tt_wait_movers_done(), ST_IDLE);
    for (int i = 0; i < 8; i++) {
        TT_CHECK(TT_WORD(DST, i), R(i));
    }
    for (int i = 8; i < 12; i++) {
        TT_CHECK(TT_WORD(DST, i), FILL_CC);
    }

    /* L0 -> L1 (0): zero fill of 1 unit at ZF, with "mover 1" in 15:8 */
    fill(ZF, 8, 0xFFFFFFFFu);
    TT_REG(XMOV_SRC) = SRC >> 4;
    TT_REG(XMOV_DST) = ZF >> 4;
    TT_REG(XMOV_SIZE) = 1;
    TT_REG(XMOV_DIR) = 0;
    TT_REG(COMMAND) = CMD_MOVER | (1u << 8);
    TT_CHECK(tt_wait_movers_done(), ST_IDLE);
    for (int i = 0; i < 4; i++) {
        TT_CHECK(TT_WORD(ZF, i), 0);
        TT_CHECK(TT_WORD(ZF, 4 + i), 0xFFFFFFFFu);
    }

    /*
     * L1 -> "L0" (1): Dst 0x10 << 4 = 0x100 -> TENSIX_CFG_BASE + 0x100 =
     * Config[0][64]; 2 units = words 64..71 = R(0..7).
     */
    tt_tdma_xmov(SRC >> 4, 0x10, 2, 1);
    TT_CHECK(tt_wait_movers_done(), ST_IDLE);
    for (uint32_t k = 0; k < 8; k++) {
        TT_CHECK(CFG0(W0 + k), R(k));
    }

    /* L0 -> "L0" (2): zero fill of Config[0][68..71] (offset 0x110) */
    tt_tdma_xmov(SRC >> 4, 0x11, 1, 2);
    TT_CHECK(tt_wait_movers_done(), ST_IDLE);
    for (uint32_t k = 0; k < 4; k++) {
        TT_CHECK(CFG0(W0 + k), R(k));
        TT_CHECK(CFG0(W0 + 4 + k), 0);
    }
}

static void test_other_commands(void)
{
    /*
     * L1 write (0x66): 32 bits (bit 8 clear) write CmdParams[2] at the
     * byte address CmdParams[0]; 64 bits write CmdParams[3]:CmdParams[2].
     */
    fill(WR, 8, 0x11111111u);
    l1_write_cmd(CMD_L1_WRITE32, WR, 0xDEADBEEFu, 0x0BADF00Du);
    TT_CHECK(tt_wait_movers_done(), ST_IDLE);
    l1_write_cmd(CMD_L1_WRITE64, WR + 8, 0xCAFEF00Du, 0x600DD00Du);
    TT_CHECK(tt_wait_movers_done(), ST_IDLE);
    TT_CHECK(TT_WORD(WR, 0), 0xDEADBEEFu);
    TT_CHECK(TT_WORD(WR, 1), 0x11111111u);
    TT_CHECK(TT_WORD(WR, 2), 0xCAFEF00Du);
    TT_CHECK(TT_WORD(WR, 3), 0x600DD00Du);
    TT_CHECK(TT_WORD(WR, 4), 0x11111111u);

    /* Mover wait (0x46) and NOP (0x89), compact and not: no effect */
    TT_REG(COMMAND) = CMD_WAIT;
    TT_REG(COMMAND) = COMPACT | CMD_WAIT;
    TT_REG(COMMAND) = CMD_NOP;
    TT_REG(COMMAND) = COMPACT | CMD_NOP;    /* 0x80000089 */
    TT_CHECK(tt_wait_movers_done(), ST_IDLE);
    TT_CHECK(TT_WORD(WR, 0), 0xDEADBEEFu);

    /*
     * More commands back to back than the queue holds (4), each with
     * parameters, and without the NOP the hardware bug asks for: every one
     * is executed (EnqueueCmd waits while the queue is full; the command
     * processor drains it), none is lost.
     */
    for (uint32_t k = 0; k < 6; k++) {
        l1_write_cmd(CMD_L1_WRITE32, WR + 0x20 + 4 * k, 0xA5A50000u + k, 0);
    }
    TT_CHECK(tt_wait_movers_done(), ST_IDLE);
    for (uint32_t k = 0; k < 6; k++) {
        TT_CHECK(TT_WORD(WR + 0x20, k), 0xA5A50000u + k);
    }
}

static void test_compact(void)
{
    uint32_t low = LOW_BUF;

    fill_s(BASE_B, 16);
    fill_s(BASE_T1, 16);
    fill_s(BASE_T0, 16);

    /* XMOV_L1_BASE_ADDR reads back this core's (RISCV B's) value */
    TT_REG(XMOV_L1_BASE) = BASE_B;
    TT_CHECK(TT_REG(XMOV_L1_BASE), BASE_B);

    /*
     * L1 -> CFG: Src = 0x3600 + 2 -> byte 0x36020 = S(BASE_B, 8..11),
     * Dst = 0x10 -> Config[0][64..67], Count = 1 unit.
     */
    TT_REG(COMMAND) = COMPACT_CMD(2, 0x10, 1);
    TT_CHECK(tt_wait_movers_done(), ST_IDLE);
    for (uint32_t k = 0; k < 4; k++) {
        TT_CHECK(CFG0(W0 + k), S(BASE_B << 4, 8 + k));
    }

    /*
     * L1 -> L1 (bit 30): Src = 0x3601 -> 0x36010 = S(BASE_B, 4..11),
     * Dst = low >> 4 (byte address < 0x1000), 2 units.
     */
    TT_CHECK(low < 0x1000 - 64 && (low & 15) == 0, 1);
    for (int i = 0; i < 16; i++) {
        TT_WORD(low, i) = FILL_CC;
    }
    TT_REG(COMMAND) = COMPACT_L1_L1 | COMPACT_CMD(1, low >> 4, 2);
    TT_CHECK(tt_wait_movers_done(), ST_IDLE);
    for (int i = 0; i < 8; i++) {
        TT_CHECK(TT_WORD(low, i), S(BASE_B << 4, 4 + i));
        TT_CHECK(TT_WORD(low, 8 + i), FILL_CC);
    }

    /*
     * TRISC1 sets its own base (0x3700) and issues COMPACT_CMD(0, 0x10,
     * 1): Config[0][64..67] = S(BASE_T1, 0..3).  RISCV B's base is still
     * 0x3600; TRISC0 (released earlier) has set 0x3800 for itself.
     */
    go_t1 = 1;
    if (!tt_wait_eq(&tt_results[TT_TRISC1].magic, TT_RESULT_MAGIC, 2000)) {
        tt_printf("  FAIL: TRISC1 did not finish\n");
        tt_nfails++;
    }
    TT_CHECK(t1_base_read, BASE_T1);
    TT_CHECK(TT_REG(XMOV_L1_BASE), BASE_B);
    /* TRISC0 still reads its own 0x3800 */
    go_t0 = 1;
    if (!tt_wait_eq(&tt_results[TT_TRISC0].magic, TT_RESULT_MAGIC, 2000)) {
        tt_printf("  FAIL: TRISC0 did not finish\n");
        tt_nfails++;
    }
    TT_CHECK(t0_base_read, BASE_T0);
    for (uint32_t k = 0; k < 4; k++) {
        TT_CHECK(CFG0(W0 + k), S(BASE_T1 << 4, k));
    }

    /*
     * NCRISC.  Wormhole: CurrentThreadMovCmdBase() gives MovCmdBase[T0]
     * for it, and its compact command COMPACT_CMD(1, 0x10, 1) copies
     * S(BASE_T0, 4..7).  Blackhole: TDMA-RISC is not mapped for NCRISC:
     * its store does not reach the queue.
     */
    for (uint32_t k = 0; k < 4; k++) {
        CFG0(W0 + k) = 0x44440000u + k;
    }
    go_nc = 1;
    if (!tt_wait_eq(&tt_results[TT_NCRISC].magic, TT_RESULT_MAGIC, 2000)) {
        tt_printf("  FAIL: NCRISC did not finish\n");
        tt_nfails++;
    }
    (void)tt_wait_movers_done();
#if defined(TT_ARCH_WH)
    TT_CHECK(nc_base_read, BASE_T0);
    for (uint32_t k = 0; k < 4; k++) {
        TT_CHECK(CFG0(W0 + k), S(BASE_T0 << 4, 4 + k));
    }
#else
    for (uint32_t k = 0; k < 4; k++) {
        TT_CHECK(CFG0(W0 + k), 0x44440000u + k);
    }
#endif
}

static void test_soft_reset(void)
{
    uint32_t sr = TT_REG(TT_SOFT_RESET_0);

    /*
     * Mover held (bit 6): TDMA-RISC mover commands are discarded; the
     * queue still drains (STATUS idle).
     */
    fill(DST, 8, FILL_CC);
    TT_REG(TT_SOFT_RESET_0) = sr | SR_MOVER;
    tt_tdma_xmov(SRC >> 4, DST >> 4, 1, 3);
    TT_CHECK(tt_wait_movers_done(), ST_IDLE);
    TT_REG(TT_SOFT_RESET_0) = sr;
    for (int i = 0; i < 8; i++) {
        TT_CHECK(TT_WORD(DST, i), FILL_CC);
    }

    /*
     * TDMA-RISC held (bit 8): every write to TDMA-RISC is discarded: the
     * base keeps 0x3600 and the command never runs.
     */
    TT_REG(TT_SOFT_RESET_0) = sr | SR_TDMA_RISC;
    TT_REG(XMOV_L1_BASE) = 0x3999;
    TT_REG(COMMAND) = COMPACT_L1_L1 | COMPACT_CMD(0, DST >> 4, 1);
    TT_REG(TT_SOFT_RESET_0) = sr;
    TT_CHECK(TT_REG(XMOV_L1_BASE), BASE_B);
    for (int i = 0; i < 8; i++) {
        TT_CHECK(TT_WORD(DST, i), FILL_CC);
    }
    TT_CHECK(TT_REG(STATUS), ST_IDLE);
}

static void test_config_regs(void)
{
    /* CLK_GATE_EN: UnpackRegAddrRaw = new_val & 0xffffff7f */
    TT_REG(CLK_GATE_EN) = 0x3F;
    TT_CHECK(TT_REG(CLK_GATE_EN), 0x3F);
    TT_REG(CLK_GATE_EN) = 0xFFFFFFFFu;
    TT_CHECK(TT_REG(CLK_GATE_EN), 0xFFFFFF7Fu);
    TT_REG(CLK_GATE_EN) = 0;

    /*
     * SetScaler(0, v) at 0x3C: SetRegHiScaler[0..2] = v's 9-bit fields;
     * ScalarsAndStatus(n) returns them at bits 0, 9, 18 (no packer busy,
     * Unpackers[n].SetRegAcc bit 16 clear).  1 | 2 << 9 | 3 << 18.
     */
    TT_REG(SCALER0) = 0x000C0401u;
    TT_CHECK(TT_REG(SCALER0), 0x000C0401u);
    TT_CHECK(TT_REG(SCALER1), 0x000C0401u);
    /*
     * CLK_GATE_HYST: Scaler2Raw = v & 0x01ff007f; SetScaler(3, v) only
     * touches SetRegHiScaler[3], which ScalarsAndStatus does not show.
     */
    TT_REG(CLK_GATE_HYST) = 0xFFFFFFFFu;
    TT_CHECK(TT_REG(CLK_GATE_HYST), 0x01FF007Fu);
    TT_CHECK(TT_REG(SCALER0), 0x000C0401u);
    /* 0x13C also performs SetScaler(0, v): all 27 bits set */
    TT_REG(SCALER1) = 0xFFFFFFFFu;
    TT_CHECK(TT_REG(SCALER0), 0x07FFFFFFu);
    TT_REG(SCALER0) = 0;
    TT_CHECK(TT_REG(SCALER1), 0);

    /*
     * FIFO_PACKED_TILE_STATUS: write = SetPackRegAddr(v); read =
     * PackRegAddrRaw << 8 | the four FIFOs' empty bits (0, 2, 4, 6).
     */
    TT_CHECK(TT_REG(FIFO_STATUS), 0x55);
    TT_REG(FIFO_STATUS) = 0x00123456u;
    TT_CHECK(TT_REG(FIFO_STATUS), 0x12345655u);
    TT_REG(FIFO_STATUS) = 0;

    /* No packer has produced anything: sizes, accumulators, flags are 0 */
    for (int p = 0; p < 4; p++) {
        for (int t = 0; t < 3; t++) {
            TT_CHECK(TT_REG(PACKED_SIZE(p, t)), 0);
            TT_CHECK(TT_REG(ACC_PACKED_SIZE(p, t)), 0);
        }
        TT_CHECK(TT_REG(ALL_ZERO_FLAGS(p)), 0);
    }
    /* INITIAL_PACK_ACC for all packers: accumulators stay 0 */
    TT_REG(ACC_PACKED_SIZE(0, 0)) = 0x000F1234u;
    TT_CHECK(TT_REG(ACC_PACKED_SIZE(2, 1)), 0);
    TT_CHECK(TT_REG(STATUS), ST_IDLE);
}

int brisc_main(void)
{
    tt_printf("mover_tdma (%s): TDMA-RISC command queue and registers\n",
              TT_ARCH_NAME);
    tt_set_reset_pcs();
    /* TRISC0, TRISC1 and NCRISC run; TRISC2 stays in reset */
    tt_soft_reset(TT_RESET_TRISC2);
    if (!tt_wait_eq(&t0_ready, 1, 2000)) {
        tt_printf("  FAIL: TRISC0 did not start\n");
        return 1;
    }

    test_status_and_params();
    test_noncompact();
    test_other_commands();
    test_compact();
    test_soft_reset();
    test_config_regs();

    for (int c = TT_NCRISC; c <= TT_TRISC1; c++) {
        if (tt_results[c].errors) {
            tt_printf("  FAIL: %s common checks: 0x%x\n", tt_core_name[c],
                      tt_results[c].errors);
            tt_nfails++;
        }
    }
    return tt_summary("mover_tdma", tt_nfails, tt_nchecks);
}
