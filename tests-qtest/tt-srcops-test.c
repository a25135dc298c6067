/*
 * QTest testcase for the Matrix Unit instructions that rearrange SrcA /
 * SrcB in place (TRNSPSRCB, SHIFTXA, SHIFTXB) or have no Src effect
 * (GATESRCRST, CLREXPHIST, and the undocumented TRNSPSRCA and SETIBRWC)
 * on tt-blackhole and tt-wormhole.
 *
 * Instructions are pushed through BRISC's INSTRN_BUF windows; SrcA/SrcB
 * are filled with STOREIND (Src) and read back through "x-src-state",
 * the RWCs through "rwc-state".
 *
 * Every expected value is worked out by hand from the functional models
 * in tt-isa-documentation WormholeB0 TensixCoprocessor/TRNSPSRCB.md,
 * SHIFTXA.md, SHIFTXB.md, GATESRCRST.md, CLREXPHIST.md, RWCs.md,
 * STOREIND_Src.md, SrcASrcB.md, SETDVALID.md, SETRWC.md.  Blackhole has
 * no SETDVALID here (tt_adc.c), so the Matrix Unit never owns a bank:
 * there TRNSPSRCB, SHIFTXA and SHIFTXB are checked to wait and change
 * nothing; the data movement is checked on Wormhole.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "libqtest.h"
#include "tt-qtest-util.h"

#define TENSIX_PATH             "/machine/tile[0,0]/tensix"

#define NUM_SRC                 (2 * 2 * 64 * 16)
#define NUM_RWC                 27

/* Opcodes (bits 31:24) */
#define OP_TRNSPSRCA            0x14u
#define OP_TRNSPSRCB            0x16u
#define OP_MOVA2D               0x12u
#define OP_SHIFTXA              0x17u
#define OP_SHIFTXB              0x18u
#define OP_CLREXPHIST           0x21u
#define OP_GATESRCRST           0x35u
#define OP_SETRWC               0x37u
#define OP_SETIBRWC             0x39u
#define OP_SETDVALID            0x57u
#define OP_STOREIND             0x66u
#define OP_SETC16               0xB2u

/* SETC16: ThreadConfig[thread][reg 23:16] = value 15:0 */
#define SETC16(reg, v)          ((OP_SETC16 << 24) | ((reg) << 16) | (v))
/* SETDVALID FlipSrcA (bit 0) / FlipSrcB (bit 1) */
#define SETDVALID(f)            ((OP_SETDVALID << 24) | (f))
/* SETRWC with BitMask 0 and clear_ab_vld FlipSrcB (bit 23) */
#define SETRWC_FLIP_B           ((OP_SETRWC << 24) | (2u << 22))
/* SHIFTXA Direction */
#define SHIFTXA(dir)            ((OP_SHIFTXA << 24) | (dir))
#define DIR_RIGHT               2u
#define DIR_LEFT                3u

/* Wormhole ThreadConfig words (cfg_defines.h) */
#define WH_SRCA_SET             3       /* SRCA_SET_Base 1:0, override 2 */
#define WH_SRCB_SET             4       /* SRCB_SET_Base 1:0 */
#define SRCA_SET_OVERRIDE       4u

typedef struct TTArch {
    const char *name;
    const char *machine;
    bool bh;
    unsigned ab0, ab_stride;    /* ADDR_MOD_AB_SEC0 word, section stride */
} TTArch;

static const TTArch tt_blackhole = { "blackhole", "tt-blackhole", true, 12, 1 };
static const TTArch tt_wormhole = { "wormhole", "tt-wormhole", false, 7, 2 };

/*
 * SHIFTXB: shift_row 9:0 (SrcRow), rot_shift (ShiftInZero, bit 10),
 * addr_mode from bit 15 (Wormhole) / 14 (Blackhole).
 */
static uint32_t shiftxb(const TTArch *a, int am, int zero, int row)
{
    return (OP_SHIFTXB << 24) | (am << (a->bh ? 14 : 15)) | (zero << 10) |
           row;
}

static void set_gpr(QTestState *qts, unsigned r, uint32_t v)
{
    tt_push(qts, 0, tt_setdmareg(2 * r, v & 0xFFFF));
    tt_push(qts, 0, tt_setdmareg(2 * r + 1, v >> 16));
}

/* Index into x-src-state of Src<b>[bank][row][col] */
static int si(int b, int bank, int row, int col)
{
    return ((b * 2 + bank) * 64 + row) * 16 + col;
}

/*
 * The Sign,Man(7),Exp(8) value STOREIND writes for (@salt, @row, @col):
 * Man = row, Exp = 1 + col + 16 * salt, so that every datum of a test is
 * distinct and none has a zero exponent.
 */
static uint32_t v16(int salt, int row, int col)
{
    return (row << 8) | (1 + col + 16 * salt);
}

/* Its 19-bit Src form: Sign,Man(10),Exp(8), Man's low 3 bits zero */
static uint32_t src19(int salt, int row, int col)
{
    uint32_t x = v16(salt, row, col);

    return ((x & 0xff00) << 3) | (x & 0xff);
}

/* Standard BF16 (Sign, Exp(8), Man(7)) of a Sign,Man(7),Exp(8) value */
static uint32_t std_bf16(uint32_t x)
{
    return (x & 0x8000) | ((x & 0xff) << 7) | ((x >> 8) & 0x7f);
}

/*
 * STOREIND (Src) of GPRs 20/21 to the address in GPR 1: datums 0/2 are
 * the low halves (Sign,Man(7),Exp(8)), 1/3 the high halves (standard
 * BF16); SrcB row = address / 4 (< 16) + the unpacker's SrcRow, SrcA row
 * = address / 4 - 4 (+ SrcRow unless ThreadConfig's override is set);
 * column 4 * (address & 3).  Writes @n rows from address row @arow into
 * rows @row.. of Src<@b>[@bank] (the unpackers' bank) with v16(@salt).
 */
static void fill(QTestState *qts, uint32_t *w, int b, int bank, int arow,
                 int row, int n, int salt)
{
    for (int r = 0; r < n; r++) {
        for (int g = 0; g < 4; g++) {
            int c = 4 * g;

            set_gpr(qts, 20, (std_bf16(v16(salt, row + r, c + 1)) << 16) |
                    v16(salt, row + r, c));
            set_gpr(qts, 21, (std_bf16(v16(salt, row + r, c + 3)) << 16) |
                    v16(salt, row + r, c + 2));
            set_gpr(qts, 1, (arow + r) * 4 + g);
            tt_push(qts, 0, (OP_STOREIND << 24) | (b << 21) | (4u << 14) |
                    (20u << 6) | 1);
            for (int i = 0; i < 4; i++) {
                w[si(b, bank, row + r, c + i)] = src19(salt, row + r, c + i);
            }
        }
    }
}

static void check_src(QTestState *qts, const uint32_t *w, const char *step)
{
    g_autofree uint32_t *got = g_new(uint32_t, NUM_SRC);

    tt_qom_get_u32_list(qts, TENSIX_PATH, "x-src-state", got, NUM_SRC);
    for (int i = 0; i < NUM_SRC; i++) {
        if (got[i] != w[i]) {
            g_test_message("%s: Src%c[%d][%d][%d] = 0x%x, expected 0x%x",
                           step, i / (2 * 64 * 16) ? 'B' : 'A',
                           i / (64 * 16) % 2, i / 16 % 64, i % 16, got[i],
                           w[i]);
        }
        g_assert_cmphex(got[i], ==, w[i]);
    }
}

/* Every thread has retired all its instructions, and Src is @w */
static void check(QTestState *qts, const uint32_t *w, const char *step)
{
    tt_assert_all_idle(qts);
    check_src(qts, w, step);
}

/* RWCs[0] SrcA, SrcA_Cr, SrcB, SrcB_Cr, Dst, Dst_Cr, Fidelity, Extra */
static void check_rwc(QTestState *qts, const uint32_t want[8],
                      const char *step)
{
    uint32_t got[NUM_RWC];

    tt_qom_get_u32_list(qts, TENSIX_PATH, "rwc-state", got, NUM_RWC);
    for (int i = 0; i < 8; i++) {
        if (got[i] != want[i]) {
            g_test_message("%s: rwc-state[%d] = %u, expected %u", step, i,
                           got[i], want[i]);
        }
        g_assert_cmpuint(got[i], ==, want[i]);
    }
}

/*
 * GATESRCRST (both InvalidateSrcBCache and bit 0), CLREXPHIST, TRNSPSRCA
 * and SETIBRWC (set_inc_ctrl 1, rwc_bias 0x123, rwc_cr 1) on thread 0
 * while the Matrix Unit owns neither SrcA nor SrcB bank: none waits,
 * none changes Src or the RWCs.
 */
static void check_no_effect(QTestState *qts, const uint32_t *w,
                            const char *step)
{
    static const uint32_t rwc0[8] = { 0 };

    tt_push(qts, 0, (OP_GATESRCRST << 24) | 3);
    tt_push(qts, 0, OP_CLREXPHIST << 24);
    tt_push(qts, 0, OP_TRNSPSRCA << 24);
    tt_push(qts, 0, (OP_SETIBRWC << 24) | (1u << 18) | (0x123u << 6) | 1);
    check(qts, w, step);
    check_rwc(qts, rwc0, step);
}

/*
 * Blackhole: the Matrix Unit never owns a bank.  The four instructions
 * without a wait retire; TRNSPSRCB (thread 0), SHIFTXB with AddrMod 1
 * (thread 1) and SHIFTXA RIGHT (thread 2) wait at their Wait Gates and
 * change nothing, RWCs included.
 */
static void test_blackhole(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = qtest_initf("-machine %s", a->machine);
    g_autofree uint32_t *w = g_new0(uint32_t, NUM_SRC);
    static const uint32_t rwc0[8] = { 0 };
    uint32_t got[NUM_RWC];

    fill(qts, w, 0, 0, 4, 0, 16, 0);        /* SrcA rows 0..15 */
    fill(qts, w, 1, 0, 0, 0, 16, 1);        /* SrcB rows 0..15 */
    check(qts, w, "filled");
    check_no_effect(qts, w, "no wait");

    /* ADDR_MOD section 1 of thread 1: SrcBIncr 5 */
    tt_push(qts, 1, SETC16(a->ab0 + a->ab_stride, 5u << 8));
    tt_push(qts, 0, OP_TRNSPSRCB << 24);
    tt_push(qts, 1, shiftxb(a, 1, 0, 3));
    tt_push(qts, 2, SHIFTXA(DIR_RIGHT));
    g_assert_cmphex(qtest_readl(qts, TT_INSTRN_BUF_STATUS), !=,
                    TT_IBS_ALL_IDLE);
    check_src(qts, w, "waits");
    check_rwc(qts, rwc0, "waits");
    tt_qom_get_u32_list(qts, TENSIX_PATH, "rwc-state", got, NUM_RWC);
    g_assert_cmpuint(got[9 + 2], ==, 0);    /* RWCs[1].SrcB */
    qtest_quit(qts);
}

/*
 * Wormhole.  Filling (SrcASrcB.md bank hand-over):
 *   SrcA bank 0 rows 0..31 with salt 4 (ThreadConfig SrcA row override);
 *   SrcB bank 0 rows 0..15 salt 0 (SrcRow 0);
 *   SRCB_SET_Base 1, SETDVALID SrcB: bank 0 to the Matrix Unit, the
 *   unpackers to bank 1 with SrcRow 16; bank 1 rows 16..31 salt 1;
 *   SETDVALID SrcB: bank 1 to the Matrix Unit, unpackers to bank 0
 *   (SrcRow 16); two SETRWC FlipSrcB give both back (the Matrix Unit
 *   is on bank 0 again); bank 0 rows 16..31 salt 2.
 * So the Matrix Unit's SrcB bank 0 holds salt 0 in rows 0..15 and the
 * block to transpose, salt 2, in rows 16..31; bank 1 holds salt 1 in
 * the same rows 16..31 (must not move).
 */
static void test_wormhole(const void *data)
{
    const TTArch *a = data;
    QTestState *qts = qtest_initf("-machine %s", a->machine);
    g_autofree uint32_t *w = g_new0(uint32_t, NUM_SRC);
    uint32_t rwc[8] = { 0 };
    uint32_t old[16][16];

    tt_push(qts, 0, SETC16(WH_SRCA_SET, SRCA_SET_OVERRIDE));
    fill(qts, w, 0, 0, 4, 0, 32, 4);
    fill(qts, w, 1, 0, 0, 0, 16, 0);
    tt_push(qts, 0, SETC16(WH_SRCB_SET, 1));
    tt_push(qts, 0, SETDVALID(2));
    fill(qts, w, 1, 1, 0, 16, 16, 1);
    tt_push(qts, 0, SETDVALID(2));
    tt_push(qts, 0, SETRWC_FLIP_B);
    tt_push(qts, 0, SETRWC_FLIP_B);
    fill(qts, w, 1, 0, 0, 16, 16, 2);
    check(qts, w, "filled");
    check_no_effect(qts, w, "no wait");

    /*
     * TRNSPSRCB on thread 1 waits (the Matrix Unit does not own SrcB
     * bank 0) until thread 0's SETDVALID SrcA | SrcB gives it banks 0.
     */
    tt_push(qts, 1, OP_TRNSPSRCB << 24);
    g_assert_cmphex(qtest_readl(qts, TT_INSTRN_BUF_STATUS), !=,
                    TT_IBS_ALL_IDLE);
    check_src(qts, w, "TRNSPSRCB waits");
    tt_push(qts, 0, SETDVALID(3));

    /*
     * Rows 16..31 transposed: SrcB[0][16 + i][j] = old SrcB[0][16 + j][i],
     * i.e. = src19(2, 16 + j, i): the datum's mantissa now names the
     * column and its exponent the row.  The diagonal stays; rows 0..15
     * and bank 1 do not change.
     */
    for (int i = 0; i < 16; i++) {
        for (int j = 0; j < 16; j++) {
            w[si(1, 0, 16 + i, j)] = src19(2, 16 + j, i);
        }
    }
    /*
     * e.g. row 17 column 0 gets old row 16 column 1: Man 16, Exp 1 + 1 +
     * 2 * 16 = 34
     */
    g_assert_cmphex(w[si(1, 0, 17, 0)], ==, (16u << 11) | 34);
    check(qts, w, "TRNSPSRCB");

    /*
     * SHIFTXB: ADDR_MOD section 1 SrcBIncr 3.  SrcRow 5, ShiftInZero 0,
     * AddrMod 1: row 5 rotates left: column c gets old column c + 1,
     * column 15 old column 0; then RWCs.SrcB = 3.
     */
    tt_push(qts, 0, SETC16(a->ab0 + a->ab_stride, 3u << 8));
    tt_push(qts, 0, shiftxb(a, 1, 0, 5));
    for (int c = 0; c < 16; c++) {
        w[si(1, 0, 5, c)] = src19(0, 5, (c + 1) % 16);
    }
    check(qts, w, "SHIFTXB rotate");
    rwc[2] = 3;
    check_rwc(qts, rwc, "SHIFTXB AddrMod 1");

    /*
     * SrcRow 62 + RWCs.SrcB 3 = 65 & 0x3f: row 1, ShiftInZero: column c
     * gets old c + 1, column 15 zero.  AddrMod 0 (nothing) leaves SrcB 3.
     */
    tt_push(qts, 0, shiftxb(a, 0, 1, 62));
    for (int c = 0; c < 15; c++) {
        w[si(1, 0, 1, c)] = src19(0, 1, c + 1);
    }
    w[si(1, 0, 1, 15)] = 0;
    check(qts, w, "SHIFTXB shift in zero");
    check_rwc(qts, rwc, "SHIFTXB AddrMod 0");

    /*
     * SHIFTXA RIGHT (InRow 0: no instruction addressed SrcA yet): SrcA
     * rows 0..15, column c gets old column c - 1, column 0 zero; rows
     * 16..31 stay.
     */
    tt_push(qts, 0, SHIFTXA(DIR_RIGHT));
    for (int i = 0; i < 16; i++) {
        for (int c = 0; c < 16; c++) {
            old[i][c] = w[si(0, 0, i, c)];
            w[si(0, 0, i, c)] = c ? src19(4, i, c - 1) : 0;
        }
    }
    check(qts, w, "SHIFTXA right");

    /*
     * SHIFTXA LEFT: column c gets column c + 1, column 15 zero; after the
     * right shift, columns 0..14 are back to the original, column 15 is 0.
     */
    tt_push(qts, 0, SHIFTXA(DIR_LEFT));
    for (int i = 0; i < 16; i++) {
        for (int c = 0; c < 16; c++) {
            w[si(0, 0, i, c)] = c < 15 ? old[i][c] : 0;
        }
    }
    check(qts, w, "SHIFTXA left");

    /* Direction 0 and 1 are neither RIGHT nor LEFT: nothing is written */
    tt_push(qts, 0, SHIFTXA(0));
    tt_push(qts, 0, SHIFTXA(1));
    check(qts, w, "SHIFTXA other directions");
    check_rwc(qts, rwc, "SHIFTXA leaves the RWCs");

    /*
     * HardwareBug(): MOVA2D SrcRow 21 (+ RWCs.SrcA 0) to Dst row 0 leaves
     * SrcA row address 21, so SHIFTXA RIGHT reads rows 21 & 0x30 = 16..31
     * into rows 0..15.
     */
    tt_push(qts, 0, (OP_MOVA2D << 24) | (21u << 17));
    for (int i = 0; i < 16; i++) {
        for (int c = 15; c >= 0; c--) {
            w[si(0, 0, i, c)] = c ? w[si(0, 0, 16 + i, c - 1)] : 0;
        }
    }
    tt_push(qts, 0, SHIFTXA(DIR_RIGHT));
    check(qts, w, "SHIFTXA from the last SrcA row address");

    /* Owning banks now, the no-wait instructions still change nothing */
    tt_push(qts, 0, (OP_GATESRCRST << 24) | 2);
    tt_push(qts, 0, OP_CLREXPHIST << 24);
    tt_push(qts, 0, OP_TRNSPSRCA << 24);
    check(qts, w, "no effect, banks owned");
    qtest_quit(qts);
}

int main(int argc, char **argv)
{
    static const TTTestCase bh_tests[] = {
        { "waits", test_blackhole },
    };
    static const TTTestCase wh_tests[] = {
        { "data", test_wormhole },
    };

    g_test_init(&argc, &argv, NULL);
    tt_add_tests("tensix/srcops", tt_blackhole.name, &tt_blackhole,
                 bh_tests, G_N_ELEMENTS(bh_tests));
    tt_add_tests("tensix/srcops", tt_wormhole.name, &tt_wormhole,
                 wh_tests, G_N_ELEMENTS(wh_tests));
    return g_test_run();
}
