/*
 * qemu-tensix test: the XMOV instruction (XMOV.md, Mover.md)
 *
 * TRISC0 programs Config[0].THCON_SEC0_REG6_* through TENSIX_CFG, pushes
 * XMOV, then STALLWAIT (block B1, mover condition: Wormhole C12,
 * Blackhole C9) + SEMPOST and TTSync, so the checks run only once the
 * mover is done.  It covers the four directions, both Config states
 * (StateID 1 set with SETC16), the "& 0xffff" of Buffer_size, the three
 * TENSIX_CFG layouts (Config[0], Config[1], Blackhole's
 * ConfigDualWrite), a discarded destination, the mover held
 * in soft reset (XMOV discarded) and the glue held in soft reset (XMOV
 * does not start until released).  BRISC prints the failures.
 *
 * Every expected value below is derived from the functional models:
 *   XMOV:  Mover(Destination_address << 4, Source_address << 4,
 *                (Buffer_size & 0xffff) << 4, Transfer_direction)
 *   REG6 words (cfg_defines.h): Wormhole 76, 77, 78; Blackhole 88, 89, 90;
 *   Buffer_size = word 3 bits 29:0, Transfer_direction = bits 31:30.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "tt.h"

#define CFG_BASE            0xFFEF0000u
#if defined(TT_ARCH_WH)
#define REG6                76u
#define CFG_STATE1          0x2F0u      /* Config[1] byte offset */
#define COND_MOVER          (1u << 12)  /* STALLWAIT C12 */
#else
#define REG6                88u
#define CFG_STATE1          0x380u
#define CFG_DUAL            0x700u      /* ConfigDualWrite byte offset */
#define COND_MOVER          (1u << 9)   /* STALLWAIT C9 */
#endif
#define CFG_ADDR(st, w)     (CFG_BASE + (st) * CFG_STATE1 + 4u * (w))
#define CFG(st, w)          TT_REG(CFG_ADDR(st, w))

#define TT_XMOV             TT_INSN(0x40, 0)
/* SETC16(CFG_STATE_ID_StateID_ADDR32 = 0, v): ThreadConfig[t][0] = v */
#define SETC16_STATE_ID(v)  TT_INSN(0xB2, (0u << 16) | (v))
#define SIZE_DIR(size, dir) (((uint32_t)(dir) << 30) | (size))
#define DIR_L0_TO_L1        0u
#define DIR_L1_TO_L0        1u
#define DIR_L0_TO_L0        2u
#define DIR_L1_TO_L1        3u

#define SR_MOVER            (1u << 6)
#define SR_GLUE             (1u << 8)

/* L1 scratch areas, above the image (< 0x20000) */
#define SRC                 0x30000u    /* P(i) */
#define DST                 0x31000u
#define ALT                 0x32000u    /* Config[1]'s destination */
#define ZF                  0x33000u
#define CS                  0x34000u    /* Q(i): source of CFG copies */
#define DST2                0x35000u
#define DST3                0x35100u
#define DST4                0x35200u
#define DST5                0x35300u
#define SENT                0x20100u    /* sentinel for the discard case */

#define P(i)                (0xC0DE0000u + 0x111u * (i))
#define Q(i)                (0xA0D0C000u + (i))
#define FILL_CC             0xCCCCCCCCu
#define FILL_EE             0xEEEEEEEEu
#define CFG0_INIT(k)        (0x11110000u + (k))
#define CFG1_INIT(k)        (0x22120000u + (k))
/*
 * Config words 64..71 are used.  Only bits of fields are stored
 * (docs/decisions.md, "Configuration storage"): all 32 of these words'
 * bits are fields but bit 21 of Blackhole's word 71, which the values
 * written to Config leave clear.
 */
#define W0                  64u

/* ------------------------------------------------------------------ */
/* Failure records (TRISC0 checks, BRISC prints)                      */
/* ------------------------------------------------------------------ */

#define MAX_FAILS           32
typedef struct fail_rec {
    uint32_t line, got, want;
} fail_rec;
static volatile fail_rec fails[MAX_FAILS];  /* TRISC0's, read by BRISC */
static volatile uint32_t nfails, nchecks;   /* likewise */

static void check_at(uint32_t line, uint32_t got, uint32_t want)
{
    nchecks++;
    if (got != want) {
        uint32_t n = nfails++;

        if (n < MAX_FAILS) {
            fails[n].line = line;
            fails[n].got = got;
            fails[n].want = want;
        }
    }
}
#define CHECK(got, want)    check_at(__LINE__, (got), (want))

static void fill(uint32_t a, int n, uint32_t v)
{
    for (int i = 0; i < n; i++) {
        TT_WORD(a, i) = v;
    }
}

/*
 * Config[0] REG6 = {src, dst, size_dir}; read back so the stores finish
 * before the XMOV push (BackendConfiguration.md, "danger one")
 */
static void set_reg6(int st, uint32_t src16, uint32_t dst16, uint32_t sd)
{
    CFG(st, REG6 + 0) = src16;
    CFG(st, REG6 + 1) = dst16;
    CFG(st, REG6 + 2) = sd;
    (void)CFG(st, REG6 + 2);
}

/* XMOV, then wait for the mover to finish */
static void xmov_wait(void)
{
    TTI(TT_XMOV);
    TTI(TT_STALLWAIT(TT_BLOCK_SYNC, COND_MOVER));
    TTI(TT_SEMPOST(1u << 7));
    tt_ttsync();
}

static void xmov(uint32_t src16, uint32_t dst16, uint32_t sd)
{
    set_reg6(0, src16, dst16, sd);
    xmov_wait();
}

/* ------------------------------------------------------------------ */
/* TRISC0                                                             */
/* ------------------------------------------------------------------ */

static void trisc0(void)
{
    uint32_t sr;

    for (int i = 0; i < 64; i++) {
        TT_WORD(SRC, i) = P(i);
    }
    for (int i = 0; i < 16; i++) {
        TT_WORD(CS, i) = Q(i);
    }
    for (uint32_t k = 0; k < 8; k++) {
        CFG(0, W0 + k) = CFG0_INIT(k);
        CFG(1, W0 + k) = CFG1_INIT(k);
    }

    /*
     * 1. L1 -> L1 (direction 3), Config[0] only.  Source 0x3000 << 4 =
     * SRC, destination 0x3100 << 4 = DST, 4 units = 64 bytes = P(0..15).
     * Config[1] holds another transfer (to ALT) which must not happen:
     * ThreadConfig[0].CFG_STATE_ID_StateID is 0 after reset.
     */
    fill(DST, 32, FILL_CC);
    fill(ALT, 16, FILL_EE);
    set_reg6(1, SRC >> 4, ALT >> 4, SIZE_DIR(2, DIR_L1_TO_L1));
    xmov(SRC >> 4, DST >> 4, SIZE_DIR(4, DIR_L1_TO_L1));
    for (int i = 0; i < 16; i++) {
        CHECK(TT_WORD(DST, i), P(i));
    }
    for (int i = 16; i < 32; i++) {
        CHECK(TT_WORD(DST, i), FILL_CC);
    }
    for (int i = 0; i < 16; i++) {
        CHECK(TT_WORD(ALT, i), FILL_EE);
    }

    /*
     * 1b. With ThreadConfig[0].CFG_STATE_ID_StateID = 1 (SETC16), XMOV
     * takes its parameters from Config[1]: src SRC + 0x40 = P(16..),
     * 1 unit into DST5; Config[0]'s transfer (to DST4) does not happen.
     */
    fill(DST4, 8, FILL_CC);
    fill(DST5, 8, FILL_CC);
    set_reg6(0, SRC >> 4, DST4 >> 4, SIZE_DIR(1, DIR_L1_TO_L1));
    set_reg6(1, (SRC + 0x40) >> 4, DST5 >> 4, SIZE_DIR(1, DIR_L1_TO_L1));
    TTI(SETC16_STATE_ID(1));
    xmov_wait();
    TTI(SETC16_STATE_ID(0));
    tt_ttsync();
    for (int i = 0; i < 4; i++) {
        CHECK(TT_WORD(DST5, i), P(16 + i));
        CHECK(TT_WORD(DST5, 4 + i), FILL_CC);
    }
    for (int i = 0; i < 8; i++) {
        CHECK(TT_WORD(DST4, i), FILL_CC);
    }

    /*
     * 2. L0 -> L1 (direction 0): zero fill, Buffer_size 0x10002: the mover
     * takes Buffer_size & 0xffff = 2 units = 32 bytes = 8 words.  The
     * source field is ignored in the L0_TO_ modes.
     */
    fill(ZF, 16, 0xFFFFFFFFu);
    xmov(SRC >> 4, ZF >> 4, SIZE_DIR(0x10002, DIR_L0_TO_L1));
    for (int i = 0; i < 8; i++) {
        CHECK(TT_WORD(ZF, i), 0);
    }
    for (int i = 8; i < 16; i++) {
        CHECK(TT_WORD(ZF, i), 0xFFFFFFFFu);
    }

    /*
     * 3. L1 -> "L0" (direction 1) into Config[0]: destination 0x10 << 4 =
     * 0x100 <= 0xffff, so TENSIX_CFG_BASE + 0x100 = Config[0][64];
     * 2 units = words 64..71 = Q(0..7).  Config[1] is untouched.
     */
    xmov(CS >> 4, 0x100 >> 4, SIZE_DIR(2, DIR_L1_TO_L0));
    for (uint32_t k = 0; k < 8; k++) {
        CHECK(CFG(0, W0 + k), Q(k));
        CHECK(CFG(1, W0 + k), CFG1_INIT(k));
    }

    /*
     * 3b. Into Config[1]: TENSIX_CFG offset CFG_STATE1 + 0x100 (WH 0x3F0,
     * BH 0x480, both 16-byte aligned) = Config[1][64]; 1 unit from
     * CS + 0x20 = Q(8..11) into Config[1][64..67].
     */
    xmov((CS + 0x20) >> 4, (CFG_STATE1 + 0x100) >> 4,
         SIZE_DIR(1, DIR_L1_TO_L0));
    for (uint32_t k = 0; k < 4; k++) {
        CHECK(CFG(1, W0 + k), Q(8 + k));
        CHECK(CFG(1, W0 + 4 + k), CFG1_INIT(4 + k));
        CHECK(CFG(0, W0 + k), Q(k));
    }

#if defined(TT_ARCH_BH)
    /*
     * 3c. Blackhole ConfigDualWrite at offset 0x700: 0x700 + 0x100 =
     * ConfigDualWrite[64], which writes Config[0][64] and Config[1][64]:
     * Q(12..15) into words 64..67 of both.
     */
    xmov((CS + 0x30) >> 4, (CFG_DUAL + 0x100) >> 4,
         SIZE_DIR(1, DIR_L1_TO_L0));
    for (uint32_t k = 0; k < 4; k++) {
        CHECK(CFG(0, W0 + k), Q(12 + k));
        CHECK(CFG(1, W0 + k), Q(12 + k));
    }
#endif

    /*
     * 4. L0 -> "L0" (direction 2): zero fill of TENSIX_CFG + 0x110 =
     * Config[0][68..71] (1 unit); words 64..67 keep what 3 (3c) wrote.
     */
    xmov(CS >> 4, 0x110 >> 4, SIZE_DIR(1, DIR_L0_TO_L0));
    for (uint32_t k = 0; k < 4; k++) {
        CHECK(CFG(0, W0 + 4 + k), 0);
#if defined(TT_ARCH_BH)
        CHECK(CFG(0, W0 + k), Q(12 + k));
#else
        CHECK(CFG(0, W0 + k), Q(k));
#endif
    }

    /*
     * 5. Discarded: direction 1 to 0x2010 << 4 = 0x20100, which is
     * neither <= 0xffff nor in 0x40000..0x4ffff: the writes go nowhere.
     * Neither L1 at 0x20100 nor Config at 0x20100 & 0xffff = 0x100
     * (Config[0][64..67]) may change.
     */
    fill(SENT, 4, 0x5E5E5E5Eu);
    for (uint32_t k = 0; k < 4; k++) {
        CFG(0, W0 + k) = CFG0_INIT(k);
    }
    xmov(SRC >> 4, SENT >> 4, SIZE_DIR(1, DIR_L1_TO_L0));
    for (uint32_t k = 0; k < 4; k++) {
        CHECK(TT_WORD(SENT, k), 0x5E5E5E5Eu);
        CHECK(CFG(0, W0 + k), CFG0_INIT(k));
    }

    /*
     * 6. Mover held in soft reset (SOFT_RESET_0 bit 6): "XMOV instructions
     * will be discarded rather than being sent to the mover".  After the
     * release the same XMOV copies P(0..3).
     */
    fill(DST2, 8, FILL_CC);
    sr = TT_REG(TT_SOFT_RESET_0);
    TT_REG(TT_SOFT_RESET_0) = sr | SR_MOVER;
    xmov(SRC >> 4, DST2 >> 4, SIZE_DIR(1, DIR_L1_TO_L1));
    TT_REG(TT_SOFT_RESET_0) = sr;
    for (int i = 0; i < 8; i++) {
        CHECK(TT_WORD(DST2, i), FILL_CC);
    }
    xmov(SRC >> 4, DST2 >> 4, SIZE_DIR(1, DIR_L1_TO_L1));
    for (int i = 0; i < 4; i++) {
        CHECK(TT_WORD(DST2, i), P(i));
    }

    /*
     * 7. Glue held in soft reset (bit 8): "New ... XMOV instructions will
     * not start".  The XMOV waits in the thread: nothing is copied and
     * the mover class (qstatus bit 3) is still queued; once released it
     * runs: P(4..7) arrive.
     */
    fill(DST3, 8, FILL_CC);
    set_reg6(0, (SRC + 0x10) >> 4, DST3 >> 4, SIZE_DIR(1, DIR_L1_TO_L1));
    TT_REG(TT_SOFT_RESET_0) = sr | SR_GLUE;
    TTI(TT_XMOV);
    CHECK(TT_CSR_READ(TT_CSR_QSTATUS) & (1u << 3), 1u << 3);
    for (int i = 0; i < 4; i++) {
        CHECK(TT_WORD(DST3, i), FILL_CC);
    }
    TT_REG(TT_SOFT_RESET_0) = sr;
    TTI(TT_STALLWAIT(TT_BLOCK_SYNC, COND_MOVER));
    TTI(TT_SEMPOST(1u << 7));
    tt_ttsync();
    for (int i = 0; i < 4; i++) {
        CHECK(TT_WORD(DST3, i), P(4 + i));
        CHECK(TT_WORD(DST3, 4 + i), FILL_CC);
    }
}

void trisc_main(int t)
{
    TTResult *r = &tt_results[TT_TRISC0 + t];

    r->errors = tt_common_checks(TT_TRISC0 + t, r);
    if (t == 0) {
        trisc0();
    }
    r->magic = TT_RESULT_MAGIC;
}

void ncrisc_main(void)
{
}

/* ------------------------------------------------------------------ */
/* BRISC                                                              */
/* ------------------------------------------------------------------ */

int brisc_main(void)
{
    TTResult *r0 = &tt_results[TT_TRISC0];
    uint32_t n;

    tt_printf("mover_xmov (%s): XMOV from Tensix thread 0\n", TT_ARCH_NAME);
    tt_set_reset_pcs();
    tt_soft_reset(TT_RESET_ALL_BUT_B & ~TT_RESET_TRISC0);
    if (!tt_wait_eq(&r0->magic, TT_RESULT_MAGIC, 5000)) {
        tt_printf("  FAIL: TRISC0 did not finish (%u checks so far)\n",
                  nchecks);
        return 1;
    }
    if (r0->errors) {
        tt_printf("  FAIL: TRISC0 common checks: 0x%x\n", r0->errors);
        return 1;
    }
    n = nfails;
    for (uint32_t i = 0; i < n && i < MAX_FAILS; i++) {
        tt_printf("  FAIL: mover_xmov.c:%u: got 0x%x, expected 0x%x\n",
                  fails[i].line, fails[i].got, fails[i].want);
    }
    return tt_summary("mover_xmov", n, nchecks);
}
