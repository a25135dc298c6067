/*
 * QTest testcase for the Tensix address counters (ADCs and RWCs) on
 * tt-blackhole and tt-wormhole.
 *
 * Instructions are pushed through BRISC's INSTRN_BUF windows (window t
 * feeds Tensix thread t, so CurrentThread == t) and the counters are read
 * back through the read-only QOM properties "adc-state" and "rwc-state"
 * of the tt-tensix device (no RISC-V-visible reader exists before the
 * unpackers/packers and the debug daisychain are modelled).
 *
 * Every expected value is derived by hand from the functional models of
 * tt-isa-documentation WormholeB0 TensixCoprocessor/ADCs.md, RWCs.md,
 * SETADC.md, SETADCXY.md, SETADCZW.md, SETADCXX.md, INCADCXY.md,
 * INCADCZW.md, ADDRCRXY.md, ADDRCRZW.md, SETRWC.md, INCRWC.md; the
 * encodings come from the same pages' diagrams (Diagrams/Src/Bits32.lua).
 * Counter widths (ADCs.md): X 18 bits, Y 13, Z 8, W 8; (RWCs.md) SrcA
 * and SrcB 6 bits, Dst 10.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "libqtest.h"
#include "tt-qtest-util.h"
#include "qobject/qdict.h"
#include "qobject/qlist.h"
#include "qobject/qnum.h"

#define TENSIX_PATH             "/machine/tile[0,0]/tensix"

/* Opcodes */
#define OP_SETRWC               0x37u
#define OP_INCRWC               0x38u
#define OP_SETADC               0x50u
#define OP_SETADCXY             0x51u
#define OP_INCADCXY             0x52u
#define OP_ADDRCRXY             0x53u
#define OP_SETADCZW             0x54u
#define OP_INCADCZW             0x55u
#define OP_ADDRCRZW             0x56u
#define OP_SETDVALID            0x57u
#define OP_SETADCXX             0x5Eu

/* Unit mask bits (bits 23:21 = PK:U1:U0) and their adc-state index */
#define U0                      1u
#define U1                      2u
#define PK                      4u
enum { IU0, IU1, IPK };

enum { X, Y, Z, W };

#define NUM_ADC                 144     /* 3 threads x 3 units x 2 ch x 8 */
#define NUM_RWC                 27      /* 3 threads x 9 */

/* rwc-state entries per thread */
enum { R_SRCA, R_SRCA_CR, R_SRCB, R_SRCB_CR, R_DST, R_DST_CR, R_FID,
       R_EXTRA, R_SP, R_NUM };

/* ---------------------------------------------------------------------- */
/* Encoders (SETADC.md etc. encoding diagrams)                            */
/* ---------------------------------------------------------------------- */

/* SETADC: NewValue 17:0, XYZW 19:18, Channel 20, U0/U1/PK 23:21 */
static uint32_t setadc(uint32_t units, uint32_t ch, uint32_t xyzw,
                       uint32_t new_value)
{
    return (OP_SETADC << 24) | (units << 21) | (ch << 20) | (xyzw << 18) |
           (new_value & 0x3FFFF);
}

/*
 * SETADCXY/ZW, INCADCXY/ZW, ADDRCRXY/ZW: bits 3:0 the per-counter enables
 * (not INCADC*), 8:6 / 11:9 / 14:12 / 17:15 the values of Ch0 X|Z,
 * Ch0 Y|W, Ch1 X|Z, Ch1 Y|W, 19:18 ThreadOverride, 23:21 U0/U1/PK.
 */
static uint32_t adc4(uint32_t op, uint32_t units, uint32_t override,
                     uint32_t v0, uint32_t v1, uint32_t v2, uint32_t v3,
                     uint32_t bits)
{
    return (op << 24) | (units << 21) | (override << 18) | (v3 << 15) |
           (v2 << 12) | (v1 << 9) | (v0 << 6) | bits;
}

/* SETADCXX: X0Val 9:0, X1Val 19:10, U0/U1/PK 23:21 */
static uint32_t setadcxx(uint32_t units, uint32_t x1, uint32_t x0)
{
    return (OP_SETADCXX << 24) | (units << 21) | (x1 << 10) | x0;
}

/* SETRWC bit-mask bits 3:0 and Cr bits 21:18 (SETRWC.md) */
#define RWC_SRCA                1u
#define RWC_SRCB                2u
#define RWC_DST                 4u
#define RWC_FIDELITY            8u
#define RWC_BH_SP               0x10u   /* Blackhole assembly.yaml */
#define CR_SRCA                 1u
#define CR_SRCB                 2u
#define CR_DST                  4u
#define CR_DST_C_TO_CR          8u

static uint32_t setrwc(uint32_t flips, uint32_t cr, uint32_t d, uint32_t b,
                       uint32_t a, uint32_t mask)
{
    return (OP_SETRWC << 24) | (flips << 22) | (cr << 18) | (d << 14) |
           (b << 10) | (a << 6) | mask;
}

/* INCRWC: SrcAInc 9:6, SrcBInc 13:10, DstInc 17:14, Cr bits 20:18 */
static uint32_t incrwc(uint32_t cr, uint32_t d, uint32_t b, uint32_t a)
{
    return (OP_INCRWC << 24) | (cr << 18) | (d << 14) | (b << 10) | (a << 6);
}

/* ---------------------------------------------------------------------- */
/* Helpers                                                                */
/* ---------------------------------------------------------------------- */

typedef struct TTArch {
    const char *name;
    const char *machine;
    bool blackhole;
} TTArch;

static const TTArch tt_blackhole = { "blackhole", "tt-blackhole", true };
static const TTArch tt_wormhole = { "wormhole", "tt-wormhole", false };

static QTestState *tt_start(const TTArch *a)
{
    return qtest_initf("-machine %s", a->machine);
}

typedef struct AdcSnap {
    uint32_t v[NUM_ADC];
} AdcSnap;

typedef struct RwcSnap {
    uint32_t v[NUM_RWC];
} RwcSnap;

static void get_adc(QTestState *qts, AdcSnap *s)
{
    /* The instructions have all retired: nothing is held anywhere */
    tt_assert_all_idle(qts);
    tt_qom_get_u32_list(qts, TENSIX_PATH, "adc-state", s->v, NUM_ADC);
}

static void get_rwc(QTestState *qts, RwcSnap *s)
{
    tt_assert_all_idle(qts);
    tt_qom_get_u32_list(qts, TENSIX_PATH, "rwc-state", s->v, NUM_RWC);
}

/* Index of ADCs[t].<unit>.Channel[ch].<d> (cr: its checkpoint) */
static int ai(int t, int unit, int ch, int d, int cr)
{
    return (((t * 3 + unit) * 2 + ch) * 4 + d) * 2 + cr;
}

static uint32_t adc(const AdcSnap *s, int t, int unit, int ch, int d)
{
    return s->v[ai(t, unit, ch, d, 0)];
}

static uint32_t adc_cr(const AdcSnap *s, int t, int unit, int ch, int d)
{
    return s->v[ai(t, unit, ch, d, 1)];
}

static uint32_t rwc(const RwcSnap *s, int t, int which)
{
    return s->v[t * R_NUM + which];
}

/*
 * Assert that @s equals @ref except for the entries listed in @skip
 * (terminated by -1), so that tests also prove that nothing else moved.
 */
static void assert_adc_rest(const AdcSnap *s, const AdcSnap *ref,
                            const int *skip)
{
    for (int i = 0; i < NUM_ADC; i++) {
        bool skipped = false;

        for (const int *k = skip; *k >= 0; k++) {
            skipped |= *k == i;
        }
        if (!skipped && s->v[i] != ref->v[i]) {
            g_test_message("adc-state[%d] = 0x%x, expected 0x%x", i,
                           s->v[i], ref->v[i]);
            g_assert_not_reached();
        }
    }
}

static const AdcSnap adc_zero;

/* ---------------------------------------------------------------------- */
/* Tests                                                                  */
/* ---------------------------------------------------------------------- */

/* After reset every ADC and RWC is zero; a system reset clears them. */
static void test_reset(const void *data)
{
    QTestState *qts = tt_start(data);
    AdcSnap a;
    RwcSnap r;

    get_adc(qts, &a);
    assert_adc_rest(&a, &adc_zero, (int[]){ -1 });
    get_rwc(qts, &r);
    for (int i = 0; i < NUM_RWC; i++) {
        g_assert_cmpuint(r.v[i], ==, 0);
    }

    tt_push(qts, 1, setadc(U0 | U1 | PK, 1, W, 0x55));
    tt_push(qts, 2, setrwc(0, 0, 9, 0, 0, RWC_DST));
    get_adc(qts, &a);
    g_assert_cmphex(adc(&a, 1, IPK, 1, W), ==, 0x55);
    get_rwc(qts, &r);
    g_assert_cmphex(rwc(&r, 2, R_DST), ==, 9);

    qtest_system_reset(qts);
    get_adc(qts, &a);
    assert_adc_rest(&a, &adc_zero, (int[]){ -1 });
    get_rwc(qts, &r);
    for (int i = 0; i < NUM_RWC; i++) {
        g_assert_cmpuint(r.v[i], ==, 0);
    }
    qtest_quit(qts);
}

/*
 * SETADC: Ch.<XYZW> = Ch.<XYZW>_Cr = NewValue in ADCs[WhichThread] of
 * each selected unit, WhichThread = NewValue >> 16 == 0 ? CurrentThread
 * : (NewValue >> 16) - 1.  The whole 18-bit NewValue is assigned: X keeps
 * the ThreadOverride bits, Y/Z/W are truncated to 13/8/8 bits.
 */
static void test_setadc(const void *data)
{
    QTestState *qts = tt_start(data);
    AdcSnap a;

    /* T0, U0, channel 0, X = 0x0ABCD: override 0 -> ADCs[0] */
    tt_push(qts, 0, setadc(U0, 0, X, 0x0ABCD));
    /*
     * T0, U1|PK, channel 1, Y, NewValue 0x23FFF: override 2 -> ADCs[1];
     * Y = 0x23FFF & 0x1FFF = 0x1FFF
     */
    tt_push(qts, 0, setadc(U1 | PK, 1, Y, 0x23FFF));
    /*
     * T2, U0, channel 1, X, NewValue 0x11234: override 1 -> ADCs[0];
     * X = 0x11234 (18 bits, bit 16 kept)
     */
    tt_push(qts, 2, setadc(U0, 1, X, 0x11234));
    /*
     * T1, U1, channel 0, W, NewValue 0x301A5: override 3 -> ADCs[2];
     * W = 0xA5
     */
    tt_push(qts, 1, setadc(U1, 0, W, 0x301A5));
    /*
     * T2, PK, channel 0, Z, NewValue 0x00177: override 0 -> ADCs[2];
     * Z = 0x77
     */
    tt_push(qts, 2, setadc(PK, 0, Z, 0x00177));

    get_adc(qts, &a);
    g_assert_cmphex(adc(&a, 0, IU0, 0, X), ==, 0x0ABCD);
    g_assert_cmphex(adc_cr(&a, 0, IU0, 0, X), ==, 0x0ABCD);
    g_assert_cmphex(adc(&a, 1, IU1, 1, Y), ==, 0x1FFF);
    g_assert_cmphex(adc_cr(&a, 1, IU1, 1, Y), ==, 0x1FFF);
    g_assert_cmphex(adc(&a, 1, IPK, 1, Y), ==, 0x1FFF);
    g_assert_cmphex(adc_cr(&a, 1, IPK, 1, Y), ==, 0x1FFF);
    g_assert_cmphex(adc(&a, 0, IU0, 1, X), ==, 0x11234);
    g_assert_cmphex(adc_cr(&a, 0, IU0, 1, X), ==, 0x11234);
    g_assert_cmphex(adc(&a, 2, IU1, 0, W), ==, 0xA5);
    g_assert_cmphex(adc_cr(&a, 2, IU1, 0, W), ==, 0xA5);
    g_assert_cmphex(adc(&a, 2, IPK, 0, Z), ==, 0x77);
    g_assert_cmphex(adc_cr(&a, 2, IPK, 0, Z), ==, 0x77);
    assert_adc_rest(&a, &adc_zero, (int[]){
        ai(0, IU0, 0, X, 0), ai(0, IU0, 0, X, 1),
        ai(1, IU1, 1, Y, 0), ai(1, IU1, 1, Y, 1),
        ai(1, IPK, 1, Y, 0), ai(1, IPK, 1, Y, 1),
        ai(0, IU0, 1, X, 0), ai(0, IU0, 1, X, 1),
        ai(2, IU1, 0, W, 0), ai(2, IU1, 0, W, 1),
        ai(2, IPK, 0, Z, 0), ai(2, IPK, 0, Z, 1), -1 });

    /* A unit mask of 0 touches nothing */
    tt_push(qts, 0, setadc(0, 0, X, 0x3FFFF));
    {
        AdcSnap b;

        get_adc(qts, &b);
        assert_adc_rest(&b, &a, (int[]){ -1 });
    }
    qtest_quit(qts);
}

/*
 * SETADCXX: in ADCs[CurrentThread] (no override) Channel[0].X = X0Val,
 * Channel[1].X = X1Val, checkpoints too; Y/Z/W untouched.
 */
static void test_setadcxx(const void *data)
{
    QTestState *qts = tt_start(data);
    AdcSnap a;

    tt_push(qts, 1, setadc(U0, 0, Y, 0x123));             /* must survive */
    tt_push(qts, 1, setadcxx(U0 | PK, 0x155, 0x3FF));
    get_adc(qts, &a);
    for (int u = IU0; u <= IPK; u += IPK - IU0) {
        g_assert_cmphex(adc(&a, 1, u, 0, X), ==, 0x3FF);
        g_assert_cmphex(adc_cr(&a, 1, u, 0, X), ==, 0x3FF);
        g_assert_cmphex(adc(&a, 1, u, 1, X), ==, 0x155);
        g_assert_cmphex(adc_cr(&a, 1, u, 1, X), ==, 0x155);
    }
    g_assert_cmphex(adc(&a, 1, IU0, 0, Y), ==, 0x123);
    assert_adc_rest(&a, &adc_zero, (int[]){
        ai(1, IU0, 0, X, 0), ai(1, IU0, 0, X, 1),
        ai(1, IU0, 1, X, 0), ai(1, IU0, 1, X, 1),
        ai(1, IPK, 0, X, 0), ai(1, IPK, 0, X, 1),
        ai(1, IPK, 1, X, 0), ai(1, IPK, 1, X, 1),
        ai(1, IU0, 0, Y, 0), ai(1, IU0, 0, Y, 1), -1 });

    /* Overwrite from thread 2: goes to ADCs[2] only */
    tt_push(qts, 2, setadcxx(U1, 0x001, 0x200));
    get_adc(qts, &a);
    g_assert_cmphex(adc(&a, 2, IU1, 0, X), ==, 0x200);
    g_assert_cmphex(adc(&a, 2, IU1, 1, X), ==, 0x001);
    g_assert_cmphex(adc(&a, 1, IU0, 0, X), ==, 0x3FF);
    qtest_quit(qts);
}

/*
 * SETADCXY / SETADCZW: each counter whose enable bit is set (bit 0 Ch0
 * X|Z, 1 Ch0 Y|W, 2 Ch1 X|Z, 3 Ch1 Y|W) = its 3-bit value, checkpoint
 * too, in ADCs[WhichThread].
 */
static void test_setadcxy_zw(const void *data)
{
    QTestState *qts = tt_start(data);
    AdcSnap a, ref;

    /*
     * T0, override 3 -> ADCs[2]; values X0=5 Y0=6 X1=7 Y1=3, enables
     * 0b1010: only Y0 = 6 and Y1 = 3
     */
    tt_push(qts, 0, adc4(OP_SETADCXY, U0, 3, 5, 6, 7, 3, 0xA));
    get_adc(qts, &a);
    g_assert_cmphex(adc(&a, 2, IU0, 0, Y), ==, 6);
    g_assert_cmphex(adc_cr(&a, 2, IU0, 0, Y), ==, 6);
    g_assert_cmphex(adc(&a, 2, IU0, 1, Y), ==, 3);
    g_assert_cmphex(adc_cr(&a, 2, IU0, 1, Y), ==, 3);
    assert_adc_rest(&a, &adc_zero, (int[]){
        ai(2, IU0, 0, Y, 0), ai(2, IU0, 0, Y, 1),
        ai(2, IU0, 1, Y, 0), ai(2, IU0, 1, Y, 1), -1 });

    /* T2, override 0 -> ADCs[2]; enables 0b0101: X0 = 4, X1 = 1 in U1|PK */
    tt_push(qts, 2, adc4(OP_SETADCXY, U1 | PK, 0, 4, 2, 1, 7, 0x5));
    ref = a;
    get_adc(qts, &a);
    for (int u = IU1; u <= IPK; u++) {
        g_assert_cmphex(adc(&a, 2, u, 0, X), ==, 4);
        g_assert_cmphex(adc_cr(&a, 2, u, 0, X), ==, 4);
        g_assert_cmphex(adc(&a, 2, u, 1, X), ==, 1);
        g_assert_cmphex(adc_cr(&a, 2, u, 1, X), ==, 1);
        g_assert_cmphex(adc(&a, 2, u, 0, Y), ==, 0);
        g_assert_cmphex(adc(&a, 2, u, 1, Y), ==, 0);
    }
    assert_adc_rest(&a, &ref, (int[]){
        ai(2, IU1, 0, X, 0), ai(2, IU1, 0, X, 1),
        ai(2, IU1, 1, X, 0), ai(2, IU1, 1, X, 1),
        ai(2, IPK, 0, X, 0), ai(2, IPK, 0, X, 1),
        ai(2, IPK, 1, X, 0), ai(2, IPK, 1, X, 1), -1 });

    /*
     * SETADCZW from T1, override 1 -> ADCs[0], all enables:
     * Z0 = 1, W0 = 2, Z1 = 3, W1 = 7
     */
    tt_push(qts, 1, adc4(OP_SETADCZW, PK, 1, 1, 2, 3, 7, 0xF));
    ref = a;
    get_adc(qts, &a);
    g_assert_cmphex(adc(&a, 0, IPK, 0, Z), ==, 1);
    g_assert_cmphex(adc_cr(&a, 0, IPK, 0, Z), ==, 1);
    g_assert_cmphex(adc(&a, 0, IPK, 0, W), ==, 2);
    g_assert_cmphex(adc_cr(&a, 0, IPK, 0, W), ==, 2);
    g_assert_cmphex(adc(&a, 0, IPK, 1, Z), ==, 3);
    g_assert_cmphex(adc_cr(&a, 0, IPK, 1, Z), ==, 3);
    g_assert_cmphex(adc(&a, 0, IPK, 1, W), ==, 7);
    g_assert_cmphex(adc_cr(&a, 0, IPK, 1, W), ==, 7);
    assert_adc_rest(&a, &ref, (int[]){
        ai(0, IPK, 0, Z, 0), ai(0, IPK, 0, Z, 1),
        ai(0, IPK, 0, W, 0), ai(0, IPK, 0, W, 1),
        ai(0, IPK, 1, Z, 0), ai(0, IPK, 1, Z, 1),
        ai(0, IPK, 1, W, 0), ai(0, IPK, 1, W, 1), -1 });

    /* SETADCZW enables 0b0100: only Z1 = 5 (Z0 keeps 1, W1 keeps 7) */
    tt_push(qts, 0, adc4(OP_SETADCZW, PK, 0, 6, 6, 5, 6, 0x4));
    get_adc(qts, &a);
    g_assert_cmphex(adc(&a, 0, IPK, 0, Z), ==, 1);
    g_assert_cmphex(adc(&a, 0, IPK, 0, W), ==, 2);
    g_assert_cmphex(adc(&a, 0, IPK, 1, Z), ==, 5);
    g_assert_cmphex(adc_cr(&a, 0, IPK, 1, Z), ==, 5);
    g_assert_cmphex(adc(&a, 0, IPK, 1, W), ==, 7);
    qtest_quit(qts);
}

/*
 * INCADCXY / INCADCZW: all four counters += their 3-bit increment, no
 * enable bits, checkpoints untouched, wrapping at the counter width.
 */
static void test_incadc(const void *data)
{
    QTestState *qts = tt_start(data);
    AdcSnap a;

    /*
     * SETADC from T0 with NewValue 0x3FFFF: ThreadOverride = 3 ->
     * ADCs[2], and X = 0x3FFFF (all 18 bits)
     */
    tt_push(qts, 0, setadc(U0, 0, X, 0x3FFFF));
    /* ADCs[0].Unpacker[0]: Ch0 Y = 0x1FFE, Ch1 X = 10 */
    tt_push(qts, 0, setadc(U0, 0, Y, 0x01FFE));
    tt_push(qts, 0, setadc(U0, 1, X, 10));
    get_adc(qts, &a);
    g_assert_cmphex(adc(&a, 2, IU0, 0, X), ==, 0x3FFFF);
    g_assert_cmphex(adc(&a, 0, IU0, 0, X), ==, 0);

    /*
     * INCADCXY, T0, override 3 -> ADCs[2], U0: X0 += 3, Y0 += 5, X1 += 7,
     * Y1 += 1.  X0: 0x3FFFF + 3 = 0x40002 -> 0x00002 (18 bits);
     * Y0: 0 + 5 = 5; X1: 0 + 7 = 7; Y1: 0 + 1 = 1.  Checkpoints stay.
     */
    tt_push(qts, 0, adc4(OP_INCADCXY, U0, 3, 3, 5, 7, 1, 0));
    /*
     * INCADCXY, T0, ADCs[0], U0: Y0 0x1FFE + 5 = 0x2003 -> 0x0003
     * (13 bits); X1 10 + 6 = 16; X0 and Y1 += 0.
     */
    tt_push(qts, 0, adc4(OP_INCADCXY, U0, 0, 0, 5, 6, 0, 0x0));
    get_adc(qts, &a);
    g_assert_cmphex(adc(&a, 2, IU0, 0, X), ==, 0x00002);
    g_assert_cmphex(adc_cr(&a, 2, IU0, 0, X), ==, 0x3FFFF);
    g_assert_cmphex(adc(&a, 2, IU0, 0, Y), ==, 5);
    g_assert_cmphex(adc_cr(&a, 2, IU0, 0, Y), ==, 0);
    g_assert_cmphex(adc(&a, 2, IU0, 1, X), ==, 7);
    g_assert_cmphex(adc(&a, 2, IU0, 1, Y), ==, 1);
    g_assert_cmphex(adc(&a, 0, IU0, 0, Y), ==, 0x0003);
    g_assert_cmphex(adc_cr(&a, 0, IU0, 0, Y), ==, 0x1FFE);
    g_assert_cmphex(adc(&a, 0, IU0, 1, X), ==, 16);
    g_assert_cmphex(adc_cr(&a, 0, IU0, 1, X), ==, 10);

    /*
     * INCADCXY with bits 3:0 all set (not enables: reserved) and T1:
     * ADCs[1].Packers X0 += 1, Y0 += 2, X1 += 3, Y1 += 4 from 0
     */
    tt_push(qts, 1, adc4(OP_INCADCXY, PK, 0, 1, 2, 3, 4, 0xF));
    get_adc(qts, &a);
    g_assert_cmphex(adc(&a, 1, IPK, 0, X), ==, 1);
    g_assert_cmphex(adc(&a, 1, IPK, 0, Y), ==, 2);
    g_assert_cmphex(adc(&a, 1, IPK, 1, X), ==, 3);
    g_assert_cmphex(adc(&a, 1, IPK, 1, Y), ==, 4);
    g_assert_cmphex(adc_cr(&a, 1, IPK, 1, Y), ==, 0);

    /*
     * INCADCZW, T2, ADCs[2].Unpacker[1]: Z0 = 0xFF then += 1 -> 0x00;
     * W0 = 0xFE then += 7 -> 0x105 -> 0x05; Z1 += 2 -> 2; W1 += 3 -> 3
     */
    tt_push(qts, 2, setadc(U1, 0, Z, 0xFF));
    tt_push(qts, 2, setadc(U1, 0, W, 0xFE));
    tt_push(qts, 2, adc4(OP_INCADCZW, U1, 0, 1, 7, 2, 3, 0));
    get_adc(qts, &a);
    g_assert_cmphex(adc(&a, 2, IU1, 0, Z), ==, 0x00);
    g_assert_cmphex(adc_cr(&a, 2, IU1, 0, Z), ==, 0xFF);
    g_assert_cmphex(adc(&a, 2, IU1, 0, W), ==, 0x05);
    g_assert_cmphex(adc_cr(&a, 2, IU1, 0, W), ==, 0xFE);
    g_assert_cmphex(adc(&a, 2, IU1, 1, Z), ==, 2);
    g_assert_cmphex(adc(&a, 2, IU1, 1, W), ==, 3);
    /* X/Y of that unit untouched by INCADCZW */
    g_assert_cmphex(adc(&a, 2, IU1, 0, X), ==, 0);
    g_assert_cmphex(adc(&a, 2, IU1, 0, Y), ==, 0);
    qtest_quit(qts);
}

/*
 * ADDRCRXY / ADDRCRZW: for each enabled counter, _Cr += inc, then the
 * counter = _Cr (checkpoint restore when inc == 0); others untouched.
 */
static void test_addrcr(const void *data)
{
    QTestState *qts = tt_start(data);
    AdcSnap a;

    /*
     * ADCs[1].Unpacker[0]: X0 = X0_Cr = 10, then X0 += 7 -> 17,
     * Y0 = Y0_Cr = 20 then Y0 += 4 -> 24
     */
    tt_push(qts, 1, setadc(U0, 0, X, 10));
    tt_push(qts, 1, setadc(U0, 0, Y, 20));
    tt_push(qts, 1, adc4(OP_INCADCXY, U0, 0, 7, 4, 0, 0, 0));
    get_adc(qts, &a);
    g_assert_cmphex(adc(&a, 1, IU0, 0, X), ==, 17);
    g_assert_cmphex(adc_cr(&a, 1, IU0, 0, X), ==, 10);
    g_assert_cmphex(adc(&a, 1, IU0, 0, Y), ==, 24);

    /*
     * ADDRCRXY, enables 0b0001 (X0 only), X0Inc 3, Y0Inc 5:
     * X0_Cr = 10 + 3 = 13, X0 = 13; Y0 stays 24 (Cr 20)
     */
    tt_push(qts, 1, adc4(OP_ADDRCRXY, U0, 0, 3, 5, 0, 0, 0x1));
    get_adc(qts, &a);
    g_assert_cmphex(adc(&a, 1, IU0, 0, X), ==, 13);
    g_assert_cmphex(adc_cr(&a, 1, IU0, 0, X), ==, 13);
    g_assert_cmphex(adc(&a, 1, IU0, 0, Y), ==, 24);
    g_assert_cmphex(adc_cr(&a, 1, IU0, 0, Y), ==, 20);

    /* ADDRCRXY, enable Y0, inc 0: plain restore, Y0 = Y0_Cr = 20 */
    tt_push(qts, 1, adc4(OP_ADDRCRXY, U0, 0, 7, 0, 0, 0, 0x2));
    get_adc(qts, &a);
    g_assert_cmphex(adc(&a, 1, IU0, 0, Y), ==, 20);
    g_assert_cmphex(adc_cr(&a, 1, IU0, 0, Y), ==, 20);
    g_assert_cmphex(adc(&a, 1, IU0, 0, X), ==, 13);

    /*
     * Checkpoint wrap: SETADC from T0 with NewValue 0x3FFFE (override 3)
     * sets ADCs[2].Packers Channel[1] X = X_Cr = 0x3FFFE; ADDRCRXY from T2
     * (override 0 -> ADCs[2]) with X1 enabled, inc 4:
     * X1_Cr = 0x3FFFE + 4 = 0x40002 -> 0x00002 (18 bits), X1 = 2
     */
    tt_push(qts, 0, setadc(PK, 1, X, 0x3FFFE));
    tt_push(qts, 2, adc4(OP_ADDRCRXY, PK, 0, 0, 0, 4, 0, 0x4));
    get_adc(qts, &a);
    g_assert_cmphex(adc(&a, 2, IPK, 1, X), ==, 2);
    g_assert_cmphex(adc_cr(&a, 2, IPK, 1, X), ==, 2);

    /*
     * ADDRCRZW, T0 with override 2 -> ADCs[1], U1:
     * Z0 = Z0_Cr = 0xFD (SETADC from T1), INCADCZW Z0 += 1 -> 0xFE;
     * ADDRCRZW enables Z0|W1, Z0Inc 4, W1Inc 6:
     * Z0_Cr = 0xFD + 4 = 0x101 -> 0x01, Z0 = 1; W1_Cr = 0 + 6, W1 = 6;
     * W0/Z1 untouched (W0 keeps 0)
     */
    tt_push(qts, 1, setadc(U1, 0, Z, 0xFD));
    tt_push(qts, 1, adc4(OP_INCADCZW, U1, 0, 1, 0, 0, 0, 0));
    tt_push(qts, 0, adc4(OP_ADDRCRZW, U1, 2, 4, 3, 5, 6, 0x9));
    get_adc(qts, &a);
    g_assert_cmphex(adc(&a, 1, IU1, 0, Z), ==, 0x01);
    g_assert_cmphex(adc_cr(&a, 1, IU1, 0, Z), ==, 0x01);
    g_assert_cmphex(adc(&a, 1, IU1, 1, W), ==, 6);
    g_assert_cmphex(adc_cr(&a, 1, IU1, 1, W), ==, 6);
    g_assert_cmphex(adc(&a, 1, IU1, 0, W), ==, 0);
    g_assert_cmphex(adc_cr(&a, 1, IU1, 0, W), ==, 0);
    g_assert_cmphex(adc(&a, 1, IU1, 1, Z), ==, 0);
    g_assert_cmphex(adc_cr(&a, 1, IU1, 1, Z), ==, 0);
    qtest_quit(qts);
}

/*
 * Per-thread independence: the same instruction from each thread (no
 * override) lands in that thread's ADCs and RWCs only.
 */
static void test_threads(const void *data)
{
    QTestState *qts = tt_start(data);
    AdcSnap a;
    RwcSnap r;

    for (int t = 0; t < 3; t++) {
        tt_push(qts, t, setadc(U0 | U1 | PK, t & 1, Y, 0x100 + t));
        tt_push(qts, t, adc4(OP_INCADCZW, U1, 0, t + 1, 0, 0, 0, 0));
        tt_push(qts, t, setrwc(0, 0, t + 1, t + 2, t + 3,
                               RWC_SRCA | RWC_SRCB | RWC_DST));
        tt_push(qts, t, incrwc(0, 0, 0, 4 * t));
    }
    get_adc(qts, &a);
    get_rwc(qts, &r);
    for (int t = 0; t < 3; t++) {
        for (int u = IU0; u <= IPK; u++) {
            g_assert_cmphex(adc(&a, t, u, t & 1, Y), ==, 0x100 + t);
            g_assert_cmphex(adc(&a, t, u, !(t & 1), Y), ==, 0);
        }
        g_assert_cmphex(adc(&a, t, IU1, 0, Z), ==, t + 1);
        g_assert_cmphex(adc(&a, t, IU0, 0, Z), ==, 0);
        /* SrcA = t + 3 + 4t = 5t + 3; Cr keeps t + 3 */
        g_assert_cmphex(rwc(&r, t, R_SRCA), ==, 5 * t + 3);
        g_assert_cmphex(rwc(&r, t, R_SRCA_CR), ==, t + 3);
        g_assert_cmphex(rwc(&r, t, R_SRCB), ==, t + 2);
        g_assert_cmphex(rwc(&r, t, R_DST), ==, t + 1);
    }
    qtest_quit(qts);
}

/*
 * SETRWC: SrcA/SrcB = (Cr ? _Cr + Val : Val), Dst = (DstCtoCr ? Dst + Val
 * : DstCr ? Dst_Cr + Val : Val), each with its checkpoint; Dst is also
 * written when only DstCtoCr is set.  Blackhole: BitMask bit 4 sets
 * Sp = {DstVal, SrcBVal, SrcAVal}; on Wormhole that bit is reserved.
 */
static void test_setrwc(const void *data)
{
    const TTArch *arch = data;
    QTestState *qts = tt_start(data);
    RwcSnap r;

    /* T1: SrcA = 5, SrcB = 9, Dst = 12 (and checkpoints) */
    tt_push(qts, 1, setrwc(0, 0, 12, 9, 5, RWC_SRCA | RWC_SRCB | RWC_DST));
    get_rwc(qts, &r);
    g_assert_cmphex(rwc(&r, 1, R_SRCA), ==, 5);
    g_assert_cmphex(rwc(&r, 1, R_SRCA_CR), ==, 5);
    g_assert_cmphex(rwc(&r, 1, R_SRCB), ==, 9);
    g_assert_cmphex(rwc(&r, 1, R_SRCB_CR), ==, 9);
    g_assert_cmphex(rwc(&r, 1, R_DST), ==, 12);
    g_assert_cmphex(rwc(&r, 1, R_DST_CR), ==, 12);

    /* INCRWC: SrcA += 2 (7, Cr 5), Dst += 4 (16, Cr 12) */
    tt_push(qts, 1, incrwc(0, 4, 0, 2));
    /*
     * SETRWC SrcA with SrcACr, value 3: SrcA = SrcA_Cr = 5 + 3 = 8 (the
     * checkpoint, not the counter 7, is the base).  SrcB with SrcBCr set
     * but SrcB not enabled: untouched.
     */
    tt_push(qts, 1, setrwc(0, CR_SRCA | CR_SRCB, 0, 15, 3, RWC_SRCA));
    get_rwc(qts, &r);
    g_assert_cmphex(rwc(&r, 1, R_SRCA), ==, 8);
    g_assert_cmphex(rwc(&r, 1, R_SRCA_CR), ==, 8);
    g_assert_cmphex(rwc(&r, 1, R_SRCB), ==, 9);
    g_assert_cmphex(rwc(&r, 1, R_DST), ==, 16);
    g_assert_cmphex(rwc(&r, 1, R_DST_CR), ==, 12);

    /* Dst with DstCr, value 15: Dst = Dst_Cr = 12 + 15 = 27 (past 4 bits) */
    tt_push(qts, 1, setrwc(0, CR_DST, 15, 0, 0, RWC_DST));
    get_rwc(qts, &r);
    g_assert_cmphex(rwc(&r, 1, R_DST), ==, 27);
    g_assert_cmphex(rwc(&r, 1, R_DST_CR), ==, 27);

    /*
     * INCRWC Dst += 4 -> 31 (Cr 27); SETRWC with only DstCtoCr (no Dst
     * enable), value 1: Dst = Dst_Cr = 31 + 1 = 32 (counter is the base)
     */
    tt_push(qts, 1, incrwc(0, 4, 0, 0));
    tt_push(qts, 1, setrwc(0, CR_DST_C_TO_CR, 1, 0, 0, 0));
    get_rwc(qts, &r);
    g_assert_cmphex(rwc(&r, 1, R_DST), ==, 32);
    g_assert_cmphex(rwc(&r, 1, R_DST_CR), ==, 32);

    /*
     * DstCtoCr wins over DstCr: INCRWC Dst += 8 -> 40 (Cr 32); SETRWC
     * Dst|DstCr|DstCtoCr value 2: Dst = Dst_Cr = 40 + 2 = 42
     */
    tt_push(qts, 1, incrwc(0, 8, 0, 0));
    tt_push(qts, 1, setrwc(0, CR_DST | CR_DST_C_TO_CR, 2, 0, 0, RWC_DST));
    get_rwc(qts, &r);
    g_assert_cmphex(rwc(&r, 1, R_DST), ==, 42);
    g_assert_cmphex(rwc(&r, 1, R_DST_CR), ==, 42);

    /*
     * SrcA checkpoint wrap (6 bits): SETRWC SrcA = 15; then SrcACr +15
     * three times: 30, 45, 60; once more: 75 -> 11
     */
    tt_push(qts, 1, setrwc(0, 0, 0, 0, 15, RWC_SRCA));
    for (int i = 0; i < 4; i++) {
        tt_push(qts, 1, setrwc(0, CR_SRCA, 0, 0, 15, RWC_SRCA));
    }
    get_rwc(qts, &r);
    g_assert_cmphex(rwc(&r, 1, R_SRCA), ==, 11);
    g_assert_cmphex(rwc(&r, 1, R_SRCA_CR), ==, 11);

    /*
     * Fidelity clear: FidelityPhase is 0 already and stays 0; the Flip
     * bits (Src bank hand-over, not modelled yet) do not stop the counter
     * update: SrcB = 4
     */
    tt_push(qts, 1, setrwc(3, 0, 0, 4, 0, RWC_SRCB | RWC_FIDELITY));
    get_rwc(qts, &r);
    g_assert_cmphex(rwc(&r, 1, R_SRCB), ==, 4);
    g_assert_cmphex(rwc(&r, 1, R_SRCB_CR), ==, 4);
    g_assert_cmphex(rwc(&r, 1, R_FID), ==, 0);

    /* BitMask bit 4 with values a=0xA b=0xB d=0xC and no other enables */
    tt_push(qts, 1, setrwc(0, 0, 0xC, 0xB, 0xA, RWC_BH_SP));
    get_rwc(qts, &r);
    g_assert_cmphex(rwc(&r, 1, R_SP), ==, arch->blackhole ? 0xCBA : 0);
    g_assert_cmphex(rwc(&r, 1, R_SRCA), ==, 11);
    g_assert_cmphex(rwc(&r, 1, R_SRCB), ==, 4);
    g_assert_cmphex(rwc(&r, 1, R_DST), ==, 42);
    /* Other threads untouched */
    for (int i = 0; i < R_NUM; i++) {
        g_assert_cmphex(rwc(&r, 0, i), ==, 0);
        g_assert_cmphex(rwc(&r, 2, i), ==, 0);
    }
    qtest_quit(qts);
}

/*
 * INCRWC: without Cr the counter += inc (checkpoint kept); with Cr the
 * checkpoint += inc and the counter = checkpoint.  Widths 6/6/10 bits.
 */
static void test_incrwc(const void *data)
{
    QTestState *qts = tt_start(data);
    RwcSnap r;

    /*
     * T2: SrcA = 3, SrcB = 4, Dst = 5 with checkpoints; INCRWC +1/+2/+3:
     * 4/6/8 with checkpoints 3/4/5
     */
    tt_push(qts, 2, setrwc(0, 0, 5, 4, 3, RWC_SRCA | RWC_SRCB | RWC_DST));
    tt_push(qts, 2, incrwc(0, 3, 2, 1));
    get_rwc(qts, &r);
    g_assert_cmphex(rwc(&r, 2, R_SRCA), ==, 4);
    g_assert_cmphex(rwc(&r, 2, R_SRCA_CR), ==, 3);
    g_assert_cmphex(rwc(&r, 2, R_SRCB), ==, 6);
    g_assert_cmphex(rwc(&r, 2, R_SRCB_CR), ==, 4);
    g_assert_cmphex(rwc(&r, 2, R_DST), ==, 8);
    g_assert_cmphex(rwc(&r, 2, R_DST_CR), ==, 5);

    /*
     * INCRWC SrcACr|DstCr, +10/+1/+7: SrcA_Cr = 3 + 10 = 13 = SrcA;
     * SrcB += 1 -> 7 (Cr 4); Dst_Cr = 5 + 7 = 12 = Dst
     */
    tt_push(qts, 2, incrwc(CR_SRCA | CR_DST, 7, 1, 10));
    get_rwc(qts, &r);
    g_assert_cmphex(rwc(&r, 2, R_SRCA), ==, 13);
    g_assert_cmphex(rwc(&r, 2, R_SRCA_CR), ==, 13);
    g_assert_cmphex(rwc(&r, 2, R_SRCB), ==, 7);
    g_assert_cmphex(rwc(&r, 2, R_SRCB_CR), ==, 4);
    g_assert_cmphex(rwc(&r, 2, R_DST), ==, 12);
    g_assert_cmphex(rwc(&r, 2, R_DST_CR), ==, 12);

    /* INCRWC SrcBCr +15: SrcB_Cr = 4 + 15 = 19 = SrcB */
    tt_push(qts, 2, incrwc(CR_SRCB, 0, 15, 0));
    get_rwc(qts, &r);
    g_assert_cmphex(rwc(&r, 2, R_SRCB), ==, 19);
    g_assert_cmphex(rwc(&r, 2, R_SRCB_CR), ==, 19);

    /* SrcB wrap: 19 + 15 * 3 = 64 -> 0 (6 bits), Cr kept at 19 */
    for (int i = 0; i < 3; i++) {
        tt_push(qts, 2, incrwc(0, 0, 15, 0));
    }
    /* Dst wrap: 12 + 15 * 68 = 1032 -> 1032 - 1024 = 8 (10 bits) */
    for (int i = 0; i < 68; i++) {
        tt_push(qts, 2, incrwc(0, 15, 0, 0));
    }
    get_rwc(qts, &r);
    g_assert_cmphex(rwc(&r, 2, R_SRCB), ==, 0);
    g_assert_cmphex(rwc(&r, 2, R_SRCB_CR), ==, 19);
    g_assert_cmphex(rwc(&r, 2, R_DST), ==, 8);
    g_assert_cmphex(rwc(&r, 2, R_DST_CR), ==, 12);

    /* Dst_Cr wrap with DstCr: 12 + 15 * 68 -> 8 */
    for (int i = 0; i < 68; i++) {
        tt_push(qts, 2, incrwc(CR_DST, 15, 0, 0));
    }
    get_rwc(qts, &r);
    g_assert_cmphex(rwc(&r, 2, R_DST), ==, 8);
    g_assert_cmphex(rwc(&r, 2, R_DST_CR), ==, 8);
    qtest_quit(qts);
}

/*
 * SETDVALID retires (the Src bank hand-over it performs is data-path
 * state, not modelled yet) and touches no ADC or RWC; later instructions
 * of the same thread still execute.
 */
static void test_setdvalid(const void *data)
{
    QTestState *qts = tt_start(data);
    AdcSnap a;
    RwcSnap r;

    tt_push(qts, 0, (OP_SETDVALID << 24) | 3);
    tt_push(qts, 0, (OP_SETDVALID << 24) | 0);
    tt_push(qts, 0, setadc(U0, 0, Z, 0x42));
    get_adc(qts, &a);
    g_assert_cmphex(adc(&a, 0, IU0, 0, Z), ==, 0x42);
    assert_adc_rest(&a, &adc_zero, (int[]){
        ai(0, IU0, 0, Z, 0), ai(0, IU0, 0, Z, 1), -1 });
    get_rwc(qts, &r);
    for (int i = 0; i < NUM_RWC; i++) {
        g_assert_cmpuint(r.v[i], ==, 0);
    }
    qtest_quit(qts);
}

/*
 * Migration: every counter (ADCs, RWCs incl. checkpoints and Blackhole's
 * Sp) survives a migration to a file and back into a fresh machine.
 */
static void test_migrate(const void *data)
{
    const TTArch *arch = data;
    QTestState *src = tt_start(data), *dst;
    AdcSnap a, b;
    RwcSnap r, q;

    for (int t = 0; t < 3; t++) {
        tt_push(src, t, setadc(U0 | PK, t & 1, X, 0x0F00F + t));
        tt_push(src, t, adc4(OP_INCADCXY, U0 | U1, 0, 1, 2, 3, 4, 0));
        tt_push(src, t, adc4(OP_SETADCZW, U1 | PK, 0, 7, 6, 5, 4, 0xF));
        tt_push(src, t, adc4(OP_INCADCZW, PK, 0, 1, 1, 1, 1, 0));
        tt_push(src, t, setrwc(0, 0, 9 + t, 3, 7 - t,
                               RWC_SRCA | RWC_SRCB | RWC_DST));
        tt_push(src, t, incrwc(0, 5, 1, 2 + t));
        tt_push(src, t, setrwc(0, 0, 3, 2, 1, RWC_BH_SP));
    }
    get_adc(src, &a);
    get_rwc(src, &r);
    /* The state is not trivially zero (SETADC T1: ADCs[1].Packers Ch1 X) */
    g_assert_cmphex(adc(&a, 1, IPK, 1, X), ==, 0x0F010);

    dst = tt_migrate_via_file(src, arch->machine);
    tt_qom_get_u32_list(dst, TENSIX_PATH, "adc-state", b.v, NUM_ADC);
    tt_qom_get_u32_list(dst, TENSIX_PATH, "rwc-state", q.v, NUM_RWC);
    assert_adc_rest(&b, &a, (int[]){ -1 });
    for (int i = 0; i < NUM_RWC; i++) {
        g_assert_cmphex(q.v[i], ==, r.v[i]);
    }
    qtest_quit(dst);
}

static void add_tests(const TTArch *a)
{
    static const TTTestCase tests[] = {
        { "reset", test_reset },
        { "setadc", test_setadc },
        { "setadcxx", test_setadcxx },
        { "setadcxy-zw", test_setadcxy_zw },
        { "incadc", test_incadc },
        { "addrcr", test_addrcr },
        { "threads", test_threads },
        { "setrwc", test_setrwc },
        { "incrwc", test_incrwc },
        { "setdvalid", test_setdvalid },
        { "migrate", test_migrate },
    };

    tt_add_tests("tensix/adc", a->name, a, tests, G_N_ELEMENTS(tests));
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    add_tests(&tt_blackhole);
    add_tests(&tt_wormhole);
    return g_test_run();
}
