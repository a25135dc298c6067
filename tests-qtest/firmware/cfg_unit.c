/*
 * qemu-tensix test: the Configuration Unit and TENSIX_CFG
 *
 * BRISC alone (the other cores stay in soft reset) pushes Configuration
 * Unit instructions into the three Tensix threads (INSTRN_BUF t), sets
 * their GPRs with SETDMAREG, and checks the results through TENSIX_CFG
 * (Config[0], Config[1], ThreadConfig, Blackhole ConfigDualWrite) and
 * REGFILE.  Covered: SETC16, WRCFG (32 and 128 bits), RDCFG, RMWCIB0-3,
 * CFG_STATE_ID selecting the state, global words written through either
 * state, STATE_RESET_EN, and on Blackhole CFGSHIFTMASK and ConfigDualWrite.
 *
 * Every expected value is derived from the functional models of
 * tt-isa-documentation (WormholeB0/BlackholeA0 TensixCoprocessor
 * BackendConfiguration.md, SETC16.md, WRCFG.md, RDCFG.md, RMWCIB.md,
 * CFGSHIFTMASK.md); the derivation is next to each check.  The layout of
 * TENSIX_CFG (BackendConfiguration.md, cfg_defines.h CFG_STATE_SIZE and
 * THD_STATE_SIZE):
 *   Wormhole: uint32_t Config[2][47 * 4]; ThreadConfig[3][57] entries of
 *     16 bytes {uint16_t Value, Padding[7]} -> Config[1] at 0x2F0,
 *     ThreadConfig at 0x5E0, one thread every 57 * 16 = 0x390 bytes.
 *   Blackhole: uint32_t Config[2][56 * 4]; ConfigDualWrite[56 * 4];
 *     ThreadConfig[3][68] entries of 4 bytes {uint16_t Value, Padding} ->
 *     Config[1] at 0x380, ConfigDualWrite at 0x700, ThreadConfig at 0xA80,
 *     one thread every 68 * 4 = 0x110 bytes.
 *   GLOBAL_CFGREG_BASE_ADDR32: 152 (WH), 180 (BH); STATE_RESET_EN_ADDR32:
 *   4; CFG_STATE_ID_StateID: ThreadConfig word 0, mask 0x1; Blackhole
 *   SCRATCH_SEC0..2_val: words 209..211.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "tt.h"

#define CFG_BASE            0xFFEF0000u
#if defined(TT_ARCH_BH)
#define CFG_WORDS           (56 * 4)
#define CFG_STATE1          0x380u
#define CFG_DUAL            0x700u
#define THD_BASE            0xA80u
#define THD_ENTRY           4u
#define THD_WORDS           68
#define GLOBAL_BASE         180
#define SCRATCH_SEC(i)      (209 + (i))
#define LAST_FULL           158     /* THCON_SEC1_REG11_Metadata_fifo */
#define DESCALE0            187     /* INT_DESCALE_VALUES_SEC0_Value */
#else
#define CFG_WORDS           (47 * 4)
#define CFG_STATE1          0x2F0u
#define THD_BASE            0x5E0u
#define THD_ENTRY           16u
#define THD_WORDS           57
#define GLOBAL_BASE         152
#define LAST_FULL           125     /* THCON_SEC1_REG8_L1_Dest_addr */
#define DESCALE0            165     /* INT_DESCALE_VALUES_SEC0_Value */
#endif
#define THD_STRIDE          (THD_WORDS * THD_ENTRY)
#define STATE_RESET_EN      4

/*
 * Only the bits some field covers are stored (docs/decisions.md,
 * "Configuration storage").  Most checks use words all of whose bits are
 * fields on both architectures: Config words 1, 2, 56, 57, 64..67,
 * 80..83, 92..94, 112..117 (THCON sections, ALU_ROUNDING_MODE,
 * ALU_ACC_CTRL), the last such per-state word LAST_FULL and the global
 * INT_DESCALE_VALUES words from DESCALE0; ThreadConfig word 13
 * (ADDR_MOD_AB_SEC1/3: all 16 bits).
 */
#define W_A                 64
#define W_B                 65
#define W_C                 66
#define W_D                 67
#define THD_FULL            13

/* Config[state][i] and ThreadConfig[t][i].Value as RISC-V sees them */
#define CFG_ADDR(st, i)     (CFG_BASE + (st) * CFG_STATE1 + 4u * (i))
#define CFG(st, i)          TT_REG(CFG_ADDR(st, i))
#define THD_ADDR(t, i)      (CFG_BASE + THD_BASE + (t) * THD_STRIDE +     \
                             (i) * THD_ENTRY)
#define THD(t, i)           MMIO_U16(THD_ADDR(t, i))

/* Sub-word loads (lb, lbu, lh, lhu) */
#define MMIO_U8(a)          (*(volatile uint8_t *)(uintptr_t)(a))   /* MMIO */
#define MMIO_U16(a)         (*(volatile uint16_t *)(uintptr_t)(a))  /* MMIO */
#define MMIO_S8(a)          (*(volatile int8_t *)(uintptr_t)(a))    /* MMIO */
#define MMIO_S16(a)         (*(volatile int16_t *)(uintptr_t)(a))   /* MMIO */

/* Configuration Unit instructions (ISA documentation encodings) */
#define SETC16(idx, val)    TT_INSN(0xB2, (((idx) & 0xFFu) << 16) |       \
                                    ((val) & 0xFFFFu))
#define WRCFG(gpr, wide, idx) TT_INSN(0xB0, (((gpr) & 0x3Fu) << 16) |     \
                                      (((wide) & 1u) << 15) |             \
                                      ((idx) & 0x7FFu))
#define RDCFG(gpr, idx)     TT_INSN(0xB1, (((gpr) & 0x3Fu) << 16) |       \
                                    ((idx) & 0x7FFu))
#define RMWCIB(n, mask, data, idx) \
    TT_INSN(0xB3 + (n), (((mask) & 0xFFu) << 16) | (((data) & 0xFFu) << 8) | \
            ((idx) & 0xFFu))
#define CFGSHIFTMASK(mmode, alu, width, rot, scr, idx) \
    TT_INSN(0xB8, (((mmode) & 1u) << 23) | (((alu) & 7u) << 20) |         \
            (((width) & 0x1Fu) << 15) | (((rot) & 0x1Fu) << 10) |         \
            (((scr) & 3u) << 8) | ((idx) & 0xFFu))

static int failures;

static void check(const char *what, uint32_t got, uint32_t want)
{
    if (got != want) {
        tt_printf("FAIL %s: got 0x%08x, want 0x%08x\n", what, got, want);
        failures++;
    }
}

/* Wait until the three threads' FIFOs are empty (all executed) */
static void drain(void)
{
    uint64_t deadline = tt_deadline_ms(5000);

    while ((TT_REG(TT_INSTRN_BUF_STATUS) & 0x70) != 0x70) {
        if (tt_expired(deadline)) {
            tt_printf("FAIL: Tensix FIFOs do not drain\n");
            failures++;
            return;
        }
    }
}

/* Push into thread @t, then a NOP (WRCFG.md: results need one slot) */
static void push(int t, uint32_t insn)
{
    tt_push(t, insn);
    tt_push(t, TT_NOP);
}

static void set_gpr(int t, int r, uint32_t v)
{
    tt_push(t, TT_SETDMAREG(2 * r, v & 0xFFFF));
    tt_push(t, TT_SETDMAREG(2 * r + 1, v >> 16));
}

/*
 * RISC-V write to Config, then read it back so that the write has
 * finished before any later push (BackendConfiguration.md, danger one).
 */
static void cfg_write(int st, int i, uint32_t v)
{
    CFG(st, i) = v;
    (void)CFG(st, i);
}

static void set_state(int t, uint32_t v)
{
    push(t, SETC16(0, v));      /* CFG_STATE_ID_StateID_ADDR32 = 0 */
}

/* ------------------------------------------------------------------ */

static void test_setc16(void)
{
    /* ThreadConfig[t][13].Value = 0xA5C0 + t; the other threads keep theirs */
    for (int t = 0; t < 3; t++) {
        push(t, SETC16(THD_FULL, 0xA5C0 + t));
    }
    drain();
    for (int t = 0; t < 3; t++) {
        check("SETC16 word 13", THD(t, THD_FULL), 0xA5C0 + t);
    }
    /* Overwrite thread 1's word only */
    push(1, SETC16(THD_FULL, 0x0123));
    drain();
    check("SETC16 T0 untouched", THD(0, THD_FULL), 0xA5C0);
    check("SETC16 T1 rewritten", THD(1, THD_FULL), 0x0123);
    check("SETC16 T2 untouched", THD(2, THD_FULL), 0xA5C2);
    /* lbu of the Value's high byte; lh sign-extends bit 15 */
    check("lbu ThreadConfig",
          MMIO_U8(THD_ADDR(0, THD_FULL) + 1), 0xA5);
    check("lh ThreadConfig",
          (uint32_t)MMIO_S16(THD_ADDR(0, THD_FULL)), 0xFFFFA5C0);
    /*
     * Word 1 holds 12 bits of fields (ADDR_MOD_SET or DEST_TARGET_REG_CFG),
     * the last word 1 bit (Wormhole CG_CTRL_KICK, Blackhole
     * TENSIX_CSR_CONFIG_RawBusyStatus): the rest reads 0
     */
    push(0, SETC16(1, 0xFFFF));
    push(0, SETC16(THD_WORDS - 1, 0xFFFE));
    drain();
    check("SETC16 word 1: 12 bits", THD(0, 1), 0x0FFF);
    check("SETC16 last word: bit 0", THD(0, THD_WORDS - 1), 0);
    for (int t = 0; t < 3; t++) {
        push(t, SETC16(THD_FULL, 0));
    }
    push(0, SETC16(1, 0));
    drain();
    check("SETC16 word cleared", THD(2, THD_FULL), 0);
}

/*
 * Bits no field covers are not stored, whoever writes the word: word 0
 * (ALU_FORMAT_SPEC_REG SrcA/SrcB/Dstacc formats) has 15, DEST_OFFSET
 * (word 5) 1, the first global word (DEST_TARGET_REG_CFG_PACK_SEC0) 18;
 * Blackhole's word 41 has no field at all.
 */
static void test_defined_bits(void)
{
    cfg_write(0, 0, 0xFFFFFFFF);
    check("sw: word 0 keeps bits 14:0", CFG(0, 0), 0x7FFF);
    push(0, RMWCIB(1, 0xFF, 0x00, 0));
    drain();
    check("RMWCIB byte 1 of word 0", CFG(0, 0), 0x00FF);
    push(0, RMWCIB(3, 0xFF, 0xFF, 0));
    drain();
    check("RMWCIB byte 3 of word 0: no field", CFG(0, 0), 0x00FF);
    set_gpr(0, 11, 0xFFFFFFFF);
    push(0, WRCFG(11, 0, 5));
    push(0, WRCFG(11, 0, GLOBAL_BASE));
    drain();
    check("WRCFG: word 5 keeps bit 0", CFG(0, 5), 1);
    check("WRCFG: global word keeps 18 bits", CFG(1, GLOBAL_BASE), 0x3FFFF);
#if defined(TT_ARCH_BH)
    cfg_write(0, 41, 0x41414141);
    check("sw: word without fields", CFG(0, 41), 0);
#endif
    cfg_write(0, 0, 0);
    cfg_write(0, 5, 0);
    cfg_write(0, GLOBAL_BASE, 0);
}

static void test_wrcfg(void)
{
    /* WRCFG 32: Config[0][W_A] = GPRs[0][10]; Config[1][W_A] untouched */
    cfg_write(0, W_A, 0);
    cfg_write(1, W_A, 0x5A5A5A5A);
    set_gpr(0, 10, 0x12345678);
    push(0, WRCFG(10, 0, W_A));
    drain();
    check("WRCFG32 Config[0][W_A]", CFG(0, W_A), 0x12345678);
    check("WRCFG32 Config[1][W_A]", CFG(1, W_A), 0x5A5A5A5A);
    /* RISC-V lb/lbu/lh/lhu reads (little-endian bytes of 0x12345678) */
    check("lbu Config byte 1",
          MMIO_U8(CFG_ADDR(0, W_A) + 1), 0x56);
    check("lhu Config half 1",
          MMIO_U16(CFG_ADDR(0, W_A) + 2), 0x1234);
    check("lb Config byte 3",
          (uint32_t)MMIO_S8(CFG_ADDR(0, W_A) + 3), 0x12);

    /*
     * WRCFG 128 with InputReg 14, CfgIndex 114: memcpy(&Config[0][114 & ~3],
     * &GPRs[0][14 & ~3], 16): words 112..115 = GPRs 12..15; 111 (16
     * defined bits on Blackhole) and 116 stay.
     */
    cfg_write(0, 111, 0x2323);
    cfg_write(0, 116, 0x28282828);
    for (int k = 0; k < 4; k++) {
        set_gpr(0, 12 + k, 0xC0DE0000u | (0x1111u * k));
    }
    push(0, WRCFG(14, 1, 114));
    drain();
    for (int k = 0; k < 4; k++) {
        check("WRCFG128 word", CFG(0, 112 + k), 0xC0DE0000u | (0x1111u * k));
    }
    check("WRCFG128 word below", CFG(0, 111), 0x2323);
    check("WRCFG128 word above", CFG(0, 116), 0x28282828);
}

static void test_rdcfg(void)
{
    /* RDCFG: GPRs[t][r] = Config[StateID][W_B] */
    cfg_write(0, W_B, 0xCAFEBABE);
    cfg_write(1, W_B, 0x0DDBA11u);
    set_gpr(0, 40, 0);
    set_gpr(2, 41, 0);
    set_state(2, 1);
    push(0, RDCFG(40, W_B));
    push(2, RDCFG(41, W_B));
    drain();
    check("RDCFG state 0", TT_GPR_OF(0, 40), 0xCAFEBABE);
    check("RDCFG state 1", TT_GPR_OF(2, 41), 0x0DDBA11u);
    set_state(2, 0);
    drain();
}

static void test_state_id(void)
{
    /* Thread 1 selects Config[1]: StateID = 1 */
    cfg_write(0, W_C, 0x00000021);
    cfg_write(1, W_C, 0x10000021);
    set_state(1, 1);
    set_gpr(1, 5, 0xBEEF0001);
    push(1, WRCFG(5, 0, W_C));
    drain();
    check("CFG_STATE_ID read back", THD(1, 0), 1);
    check("state 1 WRCFG Config[1]", CFG(1, W_C), 0xBEEF0001);
    check("state 1 WRCFG Config[0]", CFG(0, W_C), 0x00000021);

    /* Same RDCFG, different threads: state 0 and state 1 values */
    push(0, RDCFG(6, W_C));
    push(1, RDCFG(6, W_C));
    drain();
    check("RDCFG T0 (state 0)", TT_GPR_OF(0, 6), 0x00000021);
    check("RDCFG T1 (state 1)", TT_GPR_OF(1, 6), 0xBEEF0001);

    /* StateID is bit 0 only: SETC16 0xFFFE selects state 0 */
    set_state(1, 0xFFFE);
    set_gpr(1, 5, 0xBEEF0002);
    push(1, WRCFG(5, 0, W_C));
    drain();
    check("StateID mask: Config[0]", CFG(0, W_C), 0xBEEF0002);
    check("StateID mask: Config[1]", CFG(1, W_C), 0xBEEF0001);
    set_state(1, 1);
    drain();
}

static void test_global(void)
{
    /* Thread 1 is in state 1: its WRCFG to a global word hits both */
    set_gpr(1, 7, 0x6106A1A1);
    push(1, WRCFG(7, 0, DESCALE0));
    drain();
    check("global WRCFG via state 1, Config[0]", CFG(0, DESCALE0),
          0x6106A1A1);
    check("global WRCFG via state 1, Config[1]", CFG(1, DESCALE0),
          0x6106A1A1);

    /* RISC-V store through Config[1]: one value, seen through Config[0] */
    cfg_write(1, DESCALE0 + 1, 0x6106A1B2);
    check("global sw via Config[1]", CFG(0, DESCALE0 + 1), 0x6106A1B2);

    /* RMWCIB0 from thread 0 (state 0), byte 0 0xA1 -> 0x5A; thread 1 reads */
    push(0, RMWCIB(0, 0xFF, 0x5A, DESCALE0));
    push(1, RDCFG(8, DESCALE0));
    drain();
    check("global RMWCIB, Config[1]", CFG(1, DESCALE0), 0x6106A15A);
    check("global RDCFG via state 1", TT_GPR_OF(1, 8), 0x6106A15A);

    /* A per-state word just below the global ones is not global */
    cfg_write(0, LAST_FULL, 0x0000E0E0);
    cfg_write(1, LAST_FULL, 0x0001E1E1);
    check("last per-state word, Config[0]", CFG(0, LAST_FULL),
          0x0000E0E0);
}

static void test_rmwcib(void)
{
    cfg_write(0, W_D, 0x11223344);
    cfg_write(1, W_D, 0x77777777);
    /* byte 2: (0xAB & 0xF0) | (0x22 & 0x0F) = 0xA2 */
    push(0, RMWCIB(2, 0xF0, 0xAB, W_D));
    drain();
    check("RMWCIB2", CFG(0, W_D), 0x11A23344);
    /* byte 0: (0x5A & 0xFF) | (0x44 & 0x00) = 0x5A */
    push(0, RMWCIB(0, 0xFF, 0x5A, W_D));
    drain();
    check("RMWCIB0", CFG(0, W_D), 0x11A2335A);
    /* byte 3: (0xFE & 0x0F) | (0x11 & 0xF0) = 0x1E */
    push(0, RMWCIB(3, 0x0F, 0xFE, W_D));
    drain();
    check("RMWCIB3", CFG(0, W_D), 0x1EA2335A);
    /* byte 1 with mask 0: unchanged */
    push(0, RMWCIB(1, 0x00, 0xFF, W_D));
    drain();
    check("RMWCIB1 mask 0", CFG(0, W_D), 0x1EA2335A);
    check("RMWCIB state 0 leaves Config[1]", CFG(1, W_D), 0x77777777);
    /* Thread 1 (state 1), byte 1: (0xFF & 0x3C) | (0x77 & 0xC3) = 0x7F */
    push(1, RMWCIB(1, 0x3C, 0xFF, W_D));
    drain();
    check("RMWCIB1 state 1", CFG(1, W_D), 0x77777F77);
    check("RMWCIB state 1 leaves Config[0]", CFG(0, W_D), 0x1EA2335A);
}

static const int reset_words[] = { 1, 2, 56, 57, LAST_FULL };
#define NRESET (int)(sizeof(reset_words) / sizeof(reset_words[0]))

static void fill_for_reset(void)
{
    for (int k = 0; k < NRESET; k++) {
        cfg_write(0, reset_words[k], 0xA0000000u | reset_words[k]);
        cfg_write(1, reset_words[k], 0xB0000000u | reset_words[k]);
    }
    cfg_write(0, DESCALE0 + 2, 0x6106A1C3);
}

static void check_reset(const char *what, bool zero0, bool zero1)
{
    for (int k = 0; k < NRESET; k++) {
        int i = reset_words[k];

        check(what, CFG(0, i), zero0 ? 0 : 0xA0000000u | i);
        check(what, CFG(1, i), zero1 ? 0 : 0xB0000000u | i);
    }
    check(what, CFG(0, DESCALE0 + 2), 0x6106A1C3);
}

static void test_state_reset(void)
{
    /*
     * Writing anything to Config[i][STATE_RESET_EN_ADDR32] zeroes
     * Config[i][0 .. GLOBAL_CFGREG_BASE_ADDR32 - 1], word 4 included;
     * the other state and the global words are untouched.
     */
    fill_for_reset();
    CFG(1, STATE_RESET_EN) = 0x12345678;
    check("STATE_RESET_EN word", CFG(1, STATE_RESET_EN), 0);
    check_reset("STATE_RESET_EN by sw", false, true);

    /*
     * ... except via RMWCIB: only byte 0 of word 4 changes.  A sw to word 4
     * first makes it 0 (it resets state 0 too, so refill).
     */
    cfg_write(0, STATE_RESET_EN, 0x5555);
    fill_for_reset();
    push(0, RMWCIB(0, 0xFF, 0x01, STATE_RESET_EN));
    drain();
    check("RMWCIB STATE_RESET_EN word", CFG(0, STATE_RESET_EN), 0x01);
    check_reset("RMWCIB STATE_RESET_EN", false, false);

    /* WRCFG from thread 0 (state 0) */
    set_gpr(0, 9, 0xFFFFFFFF);
    push(0, WRCFG(9, 0, STATE_RESET_EN));
    drain();
    check("WRCFG STATE_RESET_EN word", CFG(0, STATE_RESET_EN), 0);
    check_reset("WRCFG STATE_RESET_EN", true, false);
}

#if defined(TT_ARCH_BH)
#define DUAL(i)             TT_REG(CFG_BASE + CFG_DUAL + 4u * (i))

static void test_dual_write(void)
{
    /* ConfigDualWrite[j] = v writes Config[0][j] and Config[1][j] */
    cfg_write(0, 92, 0x32323232);
    cfg_write(0, 93, 0x1);
    cfg_write(1, 93, 0x2);
    cfg_write(1, 94, 0x34343434);
    DUAL(93) = 0xD0A1D0A1;
    check("ConfigDualWrite Config[0]", CFG(0, 93), 0xD0A1D0A1);
    check("ConfigDualWrite Config[1]", CFG(1, 93), 0xD0A1D0A1);
    check("ConfigDualWrite neighbour below", CFG(0, 92), 0x32323232);
    check("ConfigDualWrite neighbour above", CFG(1, 94), 0x34343434);
    /* Reads of ConfigDualWrite[j] read Config[0][j] */
    cfg_write(1, 93, 0x3);
    check("ConfigDualWrite read", DUAL(93), 0xD0A1D0A1);

    /* A dual write to STATE_RESET_EN resets both states */
    fill_for_reset();
    DUAL(STATE_RESET_EN) = 1;
    check_reset("dual STATE_RESET_EN", true, true);
}

/* Fresh cfg word 80 = 0x12345678, then one CFGSHIFTMASK from thread 0 */
static uint32_t shiftmask(uint32_t insn)
{
    cfg_write(0, 80, 0x12345678);
    push(0, insn);
    drain();
    return CFG(0, 80);
}

static void test_cfgshiftmask(void)
{
    /*
     * tt-llk's example, step 1: SCRATCH_SEC0 = 0x12345680; MaskMode 0,
     * AluMode 0 (OR), MaskWidth 31, RotateAmt 6, ScratchIndex 0, CfgIndex
     * SCRATCH_SEC0: MaskValue = (2 << 31) - 1 = 0xFFFFFFFF, ScratchValue =
     * rotr(0x12345680, 6) = 0x0048D15A, CfgValue &= ~0xFFFFFFFF -> 0,
     * CfgValue |= ScratchValue -> 0x0048D15A (a global word: both states).
     */
    cfg_write(0, SCRATCH_SEC(0), 0x12345680);
    push(0, CFGSHIFTMASK(0, 0, 31, 6, 0, SCRATCH_SEC(0)));
    drain();
    check("CFGSHIFTMASK rotate scratch", CFG(1, SCRATCH_SEC(0)), 0x0048D15A);

    /*
     * Step 2 from thread 0 with ScratchIndex 3 (CurrentThread = 0:
     * SCRATCH_SEC0): MaskWidth 17 -> MaskValue 0x3FFFF, RotateAmt 20:
     * ScratchValue = rotr(0x48D15A & 0x3FFFF = 0xD15A, 20) = 0x0D15A000;
     * CfgValue = 0xFFFFFFFF & ~rotr(0x3FFFF, 20) = ~0x3FFFF000 = 0xC0000FFF;
     * | ScratchValue = 0xCD15AFFF.
     */
    cfg_write(0, 81, 0xFFFFFFFF);
    push(0, CFGSHIFTMASK(0, 0, 17, 20, 3, 81));
    drain();
    check("CFGSHIFTMASK insert field", CFG(0, 81), 0xCD15AFFF);

    /*
     * SCRATCH_SEC1 = 0xF0, MaskWidth 7 (MaskValue 0xFF), RotateAmt 4:
     * ScratchValue = rotr(0xF0, 4) = 0x0F.  CfgValue = 0x12345678.
     * MaskMode 1 (old value not masked):
     */
    cfg_write(0, SCRATCH_SEC(1), 0xF0);
    check("ALU 0 |", shiftmask(CFGSHIFTMASK(1, 0, 7, 4, 1, 80)), 0x1234567F);
    check("ALU 1 &", shiftmask(CFGSHIFTMASK(1, 1, 7, 4, 1, 80)), 0x00000008);
    check("ALU 2 ^", shiftmask(CFGSHIFTMASK(1, 2, 7, 4, 1, 80)), 0x12345677);
    check("ALU 3 +", shiftmask(CFGSHIFTMASK(1, 3, 7, 4, 1, 80)), 0x12345687);
    /* ~0x0F = 0xFFFFFFF0 */
    check("ALU 4 |~", shiftmask(CFGSHIFTMASK(1, 4, 7, 4, 1, 80)), 0xFFFFFFF8);
    check("ALU 5 &~", shiftmask(CFGSHIFTMASK(1, 5, 7, 4, 1, 80)), 0x12345670);
    check("ALU 6 ^~", shiftmask(CFGSHIFTMASK(1, 6, 7, 4, 1, 80)), 0xEDCBA988);
    check("ALU 7 -", shiftmask(CFGSHIFTMASK(1, 7, 7, 4, 1, 80)), 0x12345669);
    /*
     * MaskMode 0: CfgValue &= ~rotr(0xFF, 4) = ~0xF000000F -> 0x02345670,
     * then | 0x0F = 0x0234567F, - 0x0F = 0x02345661.
     */
    check("masked ALU 0 |", shiftmask(CFGSHIFTMASK(0, 0, 7, 4, 1, 80)),
          0x0234567F);
    check("masked ALU 7 -", shiftmask(CFGSHIFTMASK(0, 7, 7, 4, 1, 80)),
          0x02345661);
    /* RotateAmt 0, MaskWidth 31: CfgValue = 0 | SCRATCH_SEC0 (0x0048D15A) */
    check("rotate 0", shiftmask(CFGSHIFTMASK(0, 0, 31, 0, 0, 80)),
          0x0048D15A);
    /*
     * The addition carries out of the mask: SCRATCH_SEC2 = 0xA0, MaskMode
     * 1, MaskWidth 7, RotateAmt 0: 0x12345678 + 0xA0 = 0x12345718.
     */
    cfg_write(0, SCRATCH_SEC(2), 0xA0);
    check("carry", shiftmask(CFGSHIFTMASK(1, 3, 7, 0, 2, 80)), 0x12345718);

    /*
     * Thread 2 (state 1), ScratchIndex 3 -> SCRATCH_SEC2 = 0xABCD0000:
     * MaskMode 1, OR, MaskWidth 31, RotateAmt 16: Config[1][82] = 0 |
     * rotr(0xABCD0000, 16) = 0x0000ABCD; Config[0][82] untouched.
     */
    cfg_write(0, SCRATCH_SEC(2), 0xABCD0000);
    cfg_write(0, 82, 0x42424242);
    cfg_write(1, 82, 0);
    set_state(2, 1);
    push(2, CFGSHIFTMASK(1, 0, 31, 16, 3, 82));
    set_state(2, 0);
    drain();
    check("CFGSHIFTMASK T2 state 1", CFG(1, 82), 0x0000ABCD);
    check("CFGSHIFTMASK T2 leaves Config[0]", CFG(0, 82), 0x42424242);
}

#define STREAMWRCFG(sel, reg, idx) \
    TT_INSN(0xB7, (((sel) & 3u) << 21) | (((reg) & 0x3FFu) << 11) | \
            ((idx) & 0x7FFu))

static void test_streamwrcfg(void)
{
    /*
     * Config[StateID][CfgIndex] = NOC_STREAM_READ_REG(StreamIndex,
     * RegIndex), StreamIndex = STREAM_ID_SYNC_SEC[sel].BankSel
     * (STREAM_ID_SYNC_SEC1_BankSel is ThreadConfig word 60).  Stream 5
     * register 10 is at 0xFFB40000 + 5 * 0x1000 + 10 * 4.
     */
    TT_REG(0xFFB40000u + 5 * 0x1000u + 10 * 4) = 0x5EA11ED5;
    cfg_write(0, 83, 0);
    push(0, SETC16(60, 5));
    push(0, STREAMWRCFG(1, 10, 83));
    set_gpr(0, 3, 0x57AE57AE);
    drain();
    check("after STREAMWRCFG", TT_GPR_OF(0, 3), 0x57AE57AE);
    check("STREAMWRCFG stream 5 reg 10 -> Config[0][83]", CFG(0, 83),
          0x5EA11ED5);
    push(0, SETC16(60, 0));
    drain();
}
#endif

static void test_bad_indices(void)
{
    /*
     * Out-of-range indices are undefined behaviour; the model drops them.
     * All that is checked: the threads go on executing.
     */
    push(0, WRCFG(1, 0, 0x7FF));
    push(0, RDCFG(1, 0x7FF));
    push(0, RMWCIB(0, 0xFF, 0xFF, 0xFF));
    push(0, SETC16(0xFF, 0x1234));
    set_gpr(0, 3, 0x600D600D);
    drain();
    check("after bad indices", TT_GPR_OF(0, 3), 0x600D600D);
}

/* ------------------------------------------------------------------ */

void ncrisc_main(void)
{
}

void trisc_main(int t)
{
}

int brisc_main(void)
{
    tt_printf("cfg_unit (%s)\n", TT_ARCH_NAME);

    /* SETC16.md (Blackhole): set CFG_STATE_ID after reset */
    for (int t = 0; t < 3; t++) {
        set_state(t, 0);
    }
    drain();
    for (int t = 0; t < 3; t++) {
        check("CFG_STATE_ID 0", THD(t, 0), 0);
    }

    test_setc16();
    test_defined_bits();
    test_wrcfg();
    test_rdcfg();
    test_state_id();
    test_global();
    test_rmwcib();
    test_state_reset();
#if defined(TT_ARCH_BH)
    test_dual_write();
    test_cfgshiftmask();
    test_streamwrcfg();
#endif
    test_bad_indices();

    if (failures) {
        tt_printf("cfg_unit: %d checks failed\n", failures);
        return 1;
    }
    tt_printf("cfg_unit: all checks passed\n");
    return 0;
}
