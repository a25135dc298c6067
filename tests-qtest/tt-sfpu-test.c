/*
 * QTest testcase for the Tensix Vector Unit (SFPU) on tt-blackhole and
 * tt-wormhole: LReg state and reset values, SFPLOADI, SFPLOAD/SFPSTORE in
 * every format with RWC addressing and ApplyPartialAddrMod, SFPCONFIG
 * (LReg[11..14], LaneConfig, LoadMacroConfig, the back door), lane
 * predication and the flag stack (SFPENCC, SFPSETCC, SFPPUSHC, SFPPOPC,
 * SFPCOMPC), the multiply-add family with each architecture's FMA edge
 * cases, integer, bit and FP32 field instructions, SFPLOADMACRO and its
 * sequencer, migration (also with scheduled instructions outstanding).
 *
 * Instructions are pushed through BRISC's INSTRN_BUF window 0 (thread 0);
 * Config state 0 is written through BRISC's TENSIX_CFG window,
 * ThreadConfig with SETC16.  Results are read through "x-sfpu-state",
 * "x-dst-state" and "rwc-state".
 *
 * Every expected value is derived by hand from the functional models of
 * tt-isa-documentation WormholeB0 and BlackholeA0
 * TensixCoprocessor/SFP*.md, VectorUnit.md, LReg.md, Dst.md, RWCs.md, and
 * for the multiply-add from Miscellaneous/FMA/README.md (each FMA case's
 * derivation is written next to it).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "libqtest.h"
#include "tt-qtest-util.h"

#define TENSIX_PATH     "/machine/tile[0,0]/tensix"
#define CFG_BASE        0xFFEF0000u     /* Config[0] in BRISC's view */

#define LANES           32
#define NUM_STATE       1472            /* x-sfpu-state */
#define NUM_DST         (1024 * 16 + 1024)
#define NUM_RWC         27

/* x-sfpu-state layout (tt_sfpu.h) */
#define ST_LREG(r, l)   ((r) * 32 + (l))
#define ST_FLAGS(l)     (17 * 32 + (l))
#define ST_USE(l)       (18 * 32 + (l))
#define ST_SIZE(l)      (19 * 32 + (l))
#define ST_STK_FLAGS(i, l) (20 * 32 + (i) * 64 + (l))
#define ST_STK_USE(i, l) (20 * 32 + (i) * 64 + 32 + (l))
#define ST_LANECFG(l)   (20 * 32 + 8 * 64 + (l))
#define ST_TEMPLATE(i, l) (ST_LANECFG(0) + 32 + (i) * 32 + (l))
#define ST_SEQUENCE(i, l) (ST_TEMPLATE(4, 0) + (i) * 32 + (l))
#define ST_MISC(l)      (ST_SEQUENCE(4, 0) + (l))

/* Opcodes */
#define OP_SETRWC       0x37u
#define OP_SFPLOAD      0x70u
#define OP_SFPLOADI     0x71u
#define OP_SFPSTORE     0x72u
#define OP_SFPMULI      0x74u
#define OP_SFPADDI      0x75u
#define OP_SFPDIVP2     0x76u
#define OP_SFPEXEXP     0x77u
#define OP_SFPEXMAN     0x78u
#define OP_SFPIADD      0x79u
#define OP_SFPSHFT      0x7au
#define OP_SFPSETCC     0x7bu
#define OP_SFPMOV       0x7cu
#define OP_SFPABS       0x7du
#define OP_SFPAND       0x7eu
#define OP_SFPOR        0x7fu
#define OP_SFPNOT       0x80u
#define OP_SFPLZ        0x81u
#define OP_SFPSETEXP    0x82u
#define OP_SFPSETMAN    0x83u
#define OP_SFPMAD       0x84u
#define OP_SFPADD       0x85u
#define OP_SFPMUL       0x86u
#define OP_SFPPUSHC     0x87u
#define OP_SFPPOPC      0x88u
#define OP_SFPSETSGN    0x89u
#define OP_SFPENCC      0x8au
#define OP_SFPCOMPC     0x8bu
#define OP_SFPXOR       0x8du
#define OP_SFPNOP       0x8fu
#define OP_SFPCONFIG    0x91u
#define OP_SFPLUT       0x73u
#define OP_SFPTRANSP    0x8cu
#define OP_SFPSTOCHRND  0x8eu
#define OP_SFPCAST      0x90u
#define OP_SFPSWAP      0x92u
#define OP_SFPLOADMACRO 0x93u
#define OP_SFPSHFT2     0x94u
#define OP_SFPLUTFP32   0x95u
#define OP_SFPLE        0x96u   /* Blackhole */
#define OP_SFPGT        0x97u   /* Blackhole */
#define OP_SFPARECIP    0x99u   /* Blackhole */
#define OP_SFPMUL24     0x98u   /* Blackhole */
#define OP_SETC16       0xB2u

/* SFPLOAD/SFPSTORE Mod0 */
enum {
    FMT_SRCB, FMT_FP16, FMT_BF16, FMT_FP32, FMT_INT32, FMT_INT8, FMT_UINT16,
    FMT_HI16, FMT_INT16, FMT_LO16, FMT_INT32_ALL, FMT_ZERO, FMT_INT32_SM,
    FMT_INT8_COMP, FMT_LO16_ONLY, FMT_HI16_ONLY,
};

/* SFPLOADI Mod0 */
#define LI_FLOATB       0
#define LI_FLOATA       1
#define LI_USHORT       2
#define LI_SHORT        4
#define LI_UPPER        8
#define LI_LOWER        10

typedef struct TTArch {
    const char *name;
    const char *machine;
    bool bh;
    unsigned dst0;              /* ThreadConfig ADDR_MOD_DST_SEC0 word */
} TTArch;

static const TTArch tt_blackhole = { "blackhole", "tt-blackhole", true, 28 };
static const TTArch tt_wormhole = { "wormhole", "tt-wormhole", false, 23 };

typedef struct T {
    QTestState *qts;
    const TTArch *a;
    uint32_t st[NUM_STATE];
} T;

/* ---------------------------------------------------------------------- */
/* Encodings (Diagrams/Out/Bits32_SFP*.svg; Blackhole: assembly.yaml)     */
/* ---------------------------------------------------------------------- */

static void push(T *t, uint32_t insn)
{
    tt_push(t->qts, 0, insn);
}

/* instr_mod1 3:0, lreg_dest 7:4, lreg_c 11:8, imm12_math 23:12 */
static void simple(T *t, uint32_t op, uint32_t imm12, unsigned vc,
                   unsigned vd, unsigned mod1)
{
    push(t, (op << 24) | ((imm12 & 0xfff) << 12) | (vc << 8) | (vd << 4) |
         mod1);
}

/* SFPMAD/ADD/MUL: lreg_src_a 23:16, b 15:12, c 11:8, dest 7:4, mod1 3:0 */
static void mad(T *t, uint32_t op, unsigned va, unsigned vb, unsigned vc,
                unsigned vd, unsigned mod1)
{
    push(t, (op << 24) | (va << 16) | (vb << 12) | (vc << 8) | (vd << 4) |
         mod1);
}

/* SFPADDI, SFPMULI, SFPCONFIG: imm16 23:8, dest 7:4, mod1 3:0 */
static void imm16(T *t, uint32_t op, uint32_t imm, unsigned vd,
                  unsigned mod1)
{
    push(t, (op << 24) | (imm << 8) | (vd << 4) | mod1);
}

/* SFPLOADI: lreg_ind 23:20, instr_mod0 19:16, imm16 15:0 */
static void loadi(T *t, unsigned vd, unsigned mod0, uint32_t imm)
{
    push(t, (OP_SFPLOADI << 24) | (vd << 20) | (mod0 << 16) | imm);
}

/* LReg[vd] = v in the enabled lanes (UPPER then LOWER) */
static void load32(T *t, unsigned vd, uint32_t v)
{
    loadi(t, vd, LI_UPPER, v >> 16);
    loadi(t, vd, LI_LOWER, v & 0xffff);
}

/*
 * SFPLOAD/SFPSTORE: lreg_ind 23:20, instr_mod0 19:16, AddrMod 15:14
 * (Blackhole 15:13), Imm10 9:0
 */
static void move(T *t, uint32_t op, unsigned vd, unsigned mod0, unsigned am,
                 unsigned imm10)
{
    push(t, (op << 24) | (vd << 20) | (mod0 << 16) |
         (am << (t->a->bh ? 13 : 14)) | imm10);
}

#define SETC16(reg, v)  ((OP_SETC16 << 24) | ((reg) << 16) | (v))

static void set_cfg(T *t, unsigned word, uint32_t v)
{
    tt_assert_all_idle(t->qts);
    qtest_writel(t->qts, CFG_BASE + 4 * word, v);
}

static void fetch(T *t)
{
    tt_assert_all_idle(t->qts);
    tt_qom_get_u32_list(t->qts, TENSIX_PATH, "x-sfpu-state", t->st,
                        NUM_STATE);
}

/* Migrate the machine to a new QEMU: the unit's state must come across */
static void migrate_same(T *t, const TTArch *a)
{
    g_autofree uint32_t *before = g_new(uint32_t, NUM_STATE);

    fetch(t);
    memcpy(before, t->st, NUM_STATE * sizeof(uint32_t));
    t->qts = tt_migrate_via_file(t->qts, a->machine);
    fetch(t);
    for (int i = 0; i < NUM_STATE; i++) {
        g_assert_cmphex(t->st[i], ==, before[i]);
    }
}

static uint32_t lreg(T *t, int r, int l)
{
    return t->st[ST_LREG(r, l)];
}

/* After fetch(): LReg[@r] is @v in every lane */
static void check_all(T *t, int r, uint32_t v, const char *what)
{
    for (int l = 0; l < LANES; l++) {
        if (lreg(t, r, l) != v) {
            g_test_message("%s: LReg[%d][%d] = 0x%08x, expected 0x%08x",
                           what, r, l, lreg(t, r, l), v);
        }
        g_assert_cmphex(lreg(t, r, l), ==, v);
    }
}

static void check_flags(T *t, const uint8_t *want, const char *what)
{
    for (int l = 0; l < LANES; l++) {
        if (t->st[ST_FLAGS(l)] != want[l]) {
            g_test_message("%s: LaneFlags[%d] = %u", what, l,
                           t->st[ST_FLAGS(l)]);
        }
        g_assert_cmpuint(t->st[ST_FLAGS(l)], ==, want[l]);
    }
}

static T *start(const TTArch *a)
{
    T *t = g_new0(T, 1);

    t->a = a;
    t->qts = qtest_initf("-machine %s", a->machine);
    return t;
}

static void finish(T *t)
{
    qtest_quit(t->qts);
    g_free(t);
}

/* LReg[@vd] = LReg[15] + @imm: lane l holds 2 * l + imm (no flag change) */
static void load_lanes(T *t, unsigned vd, int imm)
{
    simple(t, OP_SFPIADD, imm, 15, vd, 1 | 4);
}

/* ---------------------------------------------------------------------- */
/* Reset, SFPLOADI                                                        */
/* ---------------------------------------------------------------------- */

static void test_reset_loadi(const void *data)
{
    T *t = start(data);

    fetch(t);
    /* LReg.md; LReg[11..14]: SFPCONFIG's defaults */
    for (int l = 0; l < LANES; l++) {
        for (int r = 0; r < 8; r++) {
            g_assert_cmphex(lreg(t, r, l), ==, 0);
        }
        g_assert_cmphex(lreg(t, 15, l), ==, 2 * l);
        g_assert_cmpuint(t->st[ST_FLAGS(l)], ==, 0);
        g_assert_cmpuint(t->st[ST_USE(l)], ==, 0);
        g_assert_cmpuint(t->st[ST_SIZE(l)], ==, 0);
        g_assert_cmphex(t->st[ST_LANECFG(l)], ==, 0);
    }
    check_all(t, 8, 0x3f56594b, "0.8373");
    check_all(t, 9, 0, "zero");
    check_all(t, 10, 0x3f800000, "1.0");
    check_all(t, 11, 0xbf800000, "-1.0");
    check_all(t, 12, 0x37800000, "1/65536");
    check_all(t, 13, 0xbf2cc4c7, "-0.67487759");
    check_all(t, 14, 0xbeb08ff9, "-0.34484843");

    loadi(t, 0, LI_FLOATB, 0x3fc0);         /* BF16 1.5 */
    loadi(t, 1, LI_FLOATA, 0x3c00);         /* FP16 1.0: exp 15 + 112 */
    loadi(t, 2, LI_FLOATA, 0x8001);         /* exp 0 + 112, man 1 << 13 */
    loadi(t, 3, LI_USHORT, 0x8001);
    loadi(t, 4, LI_SHORT, 0x8001);
    loadi(t, 5, LI_USHORT, 0x1234);
    loadi(t, 5, LI_UPPER, 0xabcd);
    loadi(t, 6, LI_SHORT, 0xffff);
    loadi(t, 6, LI_LOWER, 0x5678);
    loadi(t, 7, LI_FLOATA, 0x7fff);         /* exp 31 + 112 = 143 */
    loadi(t, 11, LI_USHORT, 0x1111);        /* VD >= 8: nothing */
    loadi(t, 9, LI_USHORT, 0x1111);
    fetch(t);
    check_all(t, 0, 0x3fc00000, "FLOATB");
    check_all(t, 1, 0x3f800000, "FLOATA 1.0");
    check_all(t, 2, 0xb8002000, "FLOATA denormal");
    check_all(t, 3, 0x00008001, "USHORT");
    check_all(t, 4, 0xffff8001, "SHORT");
    check_all(t, 5, 0xabcd1234, "UPPER");
    check_all(t, 6, 0xffff5678, "LOWER");
    check_all(t, 7, 0x47ffe000, "FLOATA max");
    check_all(t, 11, 0xbf800000, "LReg[11] kept");
    check_all(t, 9, 0, "LReg[9] kept");

    /* Undefined Mod0 (3): logged, no effect */
    loadi(t, 0, 3, 0x1234);
    fetch(t);
    check_all(t, 0, 0x3fc00000, "Mod0 3");
    finish(t);
}

/* ---------------------------------------------------------------------- */
/* SFPSTORE / SFPLOAD                                                     */
/* ---------------------------------------------------------------------- */

/* Dst.md Adj32 (no DEST_ACCESS_CFG) and x-dst-state indices */
static int adj32(int row)
{
    return ((row & 0x1f8) << 1) | (row & 0x207);
}

typedef struct DstView {
    uint32_t d[NUM_DST];
} DstView;

static void fetch_dst(T *t, DstView *v)
{
    tt_assert_all_idle(t->qts);
    tt_qom_get_u32_list(t->qts, TENSIX_PATH, "x-dst-state", v->d, NUM_DST);
}

static uint32_t dst16(DstView *v, int row, int col)
{
    return v->d[row * 16 + col];
}

static uint32_t dst32(DstView *v, int row, int col)
{
    int p = adj32(row);

    return (v->d[p * 16 + col] << 16) | v->d[(p + 8) * 16 + col];
}

/*
 * Store LReg[0] (every lane @v) with @mod0 at Imm10 0 (rows 0..3, even
 * columns), check the datum of lane 9 (row 1, column 2) in Dst, load it
 * back into LReg[1] with @mod0 and check that.
 */
static void store_load(T *t, unsigned mod0, uint32_t v, bool wide,
                       uint32_t want_dst, uint32_t want_back,
                       const char *what)
{
    DstView *dv = g_new(DstView, 1);
    uint32_t got;

    load32(t, 0, v);
    move(t, OP_SFPSTORE, 0, mod0, 0, 0);
    fetch_dst(t, dv);
    got = wide ? dst32(dv, 1, 2) : dst16(dv, 1, 2);
    if (got != want_dst) {
        g_test_message("%s: Dst 0x%x, expected 0x%x", what, got, want_dst);
    }
    g_assert_cmphex(got, ==, want_dst);
    move(t, OP_SFPLOAD, 1, mod0, 0, 0);
    fetch(t);
    check_all(t, 1, want_back, what);
    g_free(dv);
}

static void test_formats(const void *data)
{
    const TTArch *a = data;
    T *t = start(a);
    bool bh = a->bh;

    /* FP32: Sign,ManHi(7),Exp(8),ManLo(16) in Dst32b */
    store_load(t, FMT_FP32, 0x3fc00001, true, 0x407f0001, 0x3fc00001,
               "FP32");
    /* Blackhole's FP32 store flushes a denormal to -0; Wormhole keeps it */
    store_load(t, FMT_FP32, 0x80000001, true, bh ? 0x80000000 : 0x80000001,
               bh ? 0x80000000 : 0x80000001, "FP32 denormal");
    store_load(t, FMT_INT32, 0x80000005, true, 0x80000005, 0x80000005,
               "INT32");
    /*
     * INT32_SM of -5 (two's complement): Wormhole converts to sign-magnitude
     * 0x80000005 and back; Blackhole stores the bits as they are
     * (0xfffffffb shuffled: hi 0xffff stays 0xffff).
     */
    store_load(t, FMT_INT32_SM, 0xfffffffb, true,
               bh ? 0xfffffffb : 0x80000005, 0xfffffffb, "INT32_SM");
    /* BF16: truncation (0x3fc0ffff -> 0x3fc0, shuffled 0x407f) */
    store_load(t, FMT_BF16, 0x3fc0ffff, false, 0x407f, 0x3fc00000, "BF16");
    /* BF16 of a denormal: -0 */
    store_load(t, FMT_BF16, 0x807fffff, false, 0x8000, 0x80000000,
               "BF16 denormal");
    /* FP16 1.5: exp 15, man 0x200 -> Sign,Man(10),Exp(5) = 0x400f */
    store_load(t, FMT_FP16, 0x3fc00000, false, 0x400f, 0x3fc00000, "FP16");
    /* FP16 of 2^20: saturates to exp 31, man 0x3ff; reads back 131008 */
    store_load(t, FMT_FP16, 0x49800000, false, 0x7fff, 0x47ffe000,
               "FP16 overflow");
    /* FP16 of 2^-15 (exp 112 - 112 = 0): flushed */
    store_load(t, FMT_FP16, 0x38000000, false, 0x0000, 0x00000000,
               "FP16 underflow");
    /*
     * INT8 of sign-magnitude -200: Sign | exp 16 | 0xc8 = 0xc0c8, shuffled
     * 0x8000 | 0xc8 << 5 | 16 = 0x9910.  Read back: mag (0x9910 >> 5) &
     * 0x7f = 0x48 on Wormhole, & 0xff = 0xc8 on Blackhole.
     */
    store_load(t, FMT_INT8, 0x800000c8, false, 0x9910,
               bh ? 0x800000c8 : 0x80000048, "INT8");
    /*
     * INT8_COMP of -3: Wormhole: sign-magnitude 3 -> 0xc003 -> 0x8070, read
     * back 0xfffffffd.  Blackhole: no conversion: 0x3fd -> 0xc3fd ->
     * 0xffb0, read back sign-magnitude 0x800003fd.
     */
    store_load(t, FMT_INT8_COMP, 0xfffffffd, false, bh ? 0xffb0 : 0x8070,
               bh ? 0x800003fd : 0xfffffffd, "INT8_COMP");
    store_load(t, FMT_INT16, 0x80001234, false, 0x9234, 0x80001234,
               "INT16");
    store_load(t, FMT_UINT16, 0xabcd1234, false, 0x1234, 0x00001234,
               "UINT16");
    /* LO16: Dst32b = rotated; the load reads Dst16b (the high half) */
    store_load(t, FMT_LO16, 0xabcd1234, true, 0x1234abcd, 0x00001234,
               "LO16");
    store_load(t, FMT_HI16, 0xabcd1234, true, 0xabcd1234, 0xabcd0000,
               "HI16");
    /* LO16_ONLY / HI16_ONLY keep the other half of LReg[1] (0xabcd0000) */
    store_load(t, FMT_LO16_ONLY, 0x11112222, false, 0x2222, 0xabcd2222,
               "LO16_ONLY");
    store_load(t, FMT_HI16_ONLY, 0x33334444, false, 0x3333, 0x33332222,
               "HI16_ONLY");
    store_load(t, FMT_ZERO, 0x55556666, false, 0x0000, 0x00000000, "ZERO");

    /* SRCB: SFPU_Fp32_enabled (Config word 1 bit 30) -> FP32 */
    set_cfg(t, 1, 1u << 30);
    store_load(t, FMT_SRCB, 0x3fc00001, true, 0x407f0001, 0x3fc00001,
               "SRCB FP32");
    /* else the SrcB format: override (word 0 bit 9), val 8:5 = FP16 (1) */
    set_cfg(t, 1, 0);
    set_cfg(t, 0, (1u << 9) | (1u << 5));
    store_load(t, FMT_SRCB, 0x3fc00000, false, 0x400f, 0x3fc00000,
               "SRCB FP16");
    /* ALU_FORMAT_SPEC_REG1_SrcB (word 1 bits 24:21) = BF16 (5) */
    set_cfg(t, 0, 0);
    set_cfg(t, 1, 5u << 21);
    store_load(t, FMT_SRCB, 0x3fc0ffff, false, 0x407f, 0x3fc00000,
               "SRCB BF16");
    set_cfg(t, 1, 0);

    /* FP16A_INF (LaneConfig bit 0): 0x7fff reads as +infinity */
    load32(t, 0, 0x49800000);
    move(t, OP_SFPSTORE, 0, FMT_FP16, 0, 0);
    imm16(t, OP_SFPCONFIG, 1, 15, 1);
    move(t, OP_SFPLOAD, 2, FMT_FP16, 0, 0);
    imm16(t, OP_SFPCONFIG, 0, 15, 1);
    fetch(t);
    check_all(t, 2, 0x7f800000, "FP16A_INF");
    finish(t);
}

static void test_addressing(const void *data)
{
    const TTArch *a = data;
    T *t = start(a);
    DstView *dv = g_new(DstView, 1);
    uint32_t rwc[NUM_RWC];

    /* Lane l holds 2 * l + 0x100; HI16 stores the raw 32 bits */
    load_lanes(t, 0, 0x100);
    /* Imm10 4: rows 4..7, even columns; Imm10 6: odd columns */
    move(t, OP_SFPSTORE, 0, FMT_HI16, 0, 4);
    load_lanes(t, 1, 0x200);
    move(t, OP_SFPSTORE, 1, FMT_HI16, 0, 6);
    fetch_dst(t, dv);
    for (int l = 0; l < LANES; l++) {
        g_assert_cmphex(dst32(dv, 4 + l / 8, (l & 7) * 2), ==, 2 * l + 0x100);
        g_assert_cmphex(dst32(dv, 4 + l / 8, (l & 7) * 2 + 1), ==,
                        2 * l + 0x200);
    }

    /*
     * ADDR_MOD_DST_SEC1: DestIncr 4, FidelityIncr 1.  SFPSTORE with AddrMod
     * 1 advances RWCs.Dst by 4, not FidelityPhase (ApplyPartialAddrMod).
     */
    push(t, SETC16(a->dst0 + 1, 4 | (1u << 13)));
    load_lanes(t, 2, 0x300);
    move(t, OP_SFPSTORE, 2, FMT_HI16, 1, 0);    /* rows 0..3, then Dst 4 */
    move(t, OP_SFPLOAD, 3, FMT_HI16, 1, 2);     /* Dst 4 + 2: rows 4..7 odd */
    tt_assert_all_idle(t->qts);
    tt_qom_get_u32_list(t->qts, TENSIX_PATH, "rwc-state", rwc, NUM_RWC);
    g_assert_cmpuint(rwc[4], ==, 8);            /* Dst */
    g_assert_cmpuint(rwc[6], ==, 0);            /* FidelityPhase */
    fetch(t);
    for (int l = 0; l < LANES; l++) {
        /* HI16 loads Dst16b << 16: the high half of 2 * l + 0x200 is 0 */
        g_assert_cmphex(lreg(t, 3, l), ==, 0);
    }
    fetch_dst(t, dv);
    g_assert_cmphex(dst32(dv, 3, 14), ==, 2 * 31 + 0x300);

    /*
     * DEST_TARGET_REG_CFG_MATH_Offset (ThreadConfig word 1) 8, RWCs.Dst 8:
     * Addr 0 reaches rows 16..19.  LO16 from Dst16b[16 + l / 8] (the high
     * halves, physical rows adj32()).
     */
    push(t, SETC16(1, 8));
    load32(t, 4, 0x12345678);
    move(t, OP_SFPSTORE, 4, FMT_HI16, 0, 0);
    push(t, SETC16(1, 0));
    fetch_dst(t, dv);
    g_assert_cmphex(dst32(dv, 16, 0), ==, 0x12345678);
    g_assert_cmphex(dst32(dv, 19, 14), ==, 0x12345678);

    /*
     * DEST_WR_COL_EXCHANGE (LaneConfig bit 7): odd columns at Addr 0x40 +
     * RWCs.Dst 8 = 72 (Dst16b rows 72..75, UINT16); DEST_RD_COL_EXCHANGE
     * (bit 6) for the load
     */
    imm16(t, OP_SFPCONFIG, 0x80, 15, 1);
    load32(t, 5, 0xcafe);
    move(t, OP_SFPSTORE, 5, FMT_UINT16, 0, 0x40);
    imm16(t, OP_SFPCONFIG, 0x40, 15, 1);
    move(t, OP_SFPLOAD, 6, FMT_UINT16, 0, 0x40);
    imm16(t, OP_SFPCONFIG, 0, 15, 1);
    fetch_dst(t, dv);
    g_assert_cmphex(dst16(dv, 72, 1), ==, 0xcafe);
    g_assert_cmphex(dst16(dv, 75, 15), ==, 0xcafe);
    g_assert_cmphex(dst16(dv, 72, 0), ==, 0);
    fetch(t);
    check_all(t, 6, 0xcafe, "RD_COL_EXCHANGE");

    /* BLOCK_DEST_WR_FROM_SFPU (bit 4), BLOCK_SFPU_RD_FROM_DEST (bit 5) */
    imm16(t, OP_SFPCONFIG, 0x30, 15, 1);
    load32(t, 5, 0xdead);
    move(t, OP_SFPSTORE, 5, FMT_UINT16, 0, 0x40);
    move(t, OP_SFPLOAD, 6, FMT_UINT16, 0, 0x60);
    imm16(t, OP_SFPCONFIG, 0, 15, 1);
    fetch_dst(t, dv);
    g_assert_cmphex(dst16(dv, 72, 0), ==, 0);
    fetch(t);
    check_all(t, 6, 0xcafe, "BLOCK_SFPU_RD_FROM_DEST");

    /*
     * CAPTURE_DEFAULT_DEST_INDEX with ENABLE_DEST_INDEX (bits 3, 2):
     * SFPLOAD into LReg[1] also writes LReg[5] = Row << 4 | Column.
     */
    imm16(t, OP_SFPCONFIG, 0xc, 15, 1);
    move(t, OP_SFPLOAD, 1, FMT_HI16, 0, 2);     /* RWC 8 + 2: rows 8..11 */
    imm16(t, OP_SFPCONFIG, 0, 15, 1);
    fetch(t);
    for (int l = 0; l < LANES; l++) {
        g_assert_cmphex(lreg(t, 5, l), ==,
                        ((8 + l / 8) << 4) | ((l & 7) * 2 + 1));
    }
    g_free(dv);
    finish(t);
}

/*
 * MOD0_FMT_INT32_ALL ignores LaneEnabled.  Wormhole: Addr += (RWCs.Dst +
 * base) & 3.  Blackhole: Addr += Sp + DEST_SP_BASE + (Dst offset & 3),
 * SFPSTORE then Sp += SFPU_STACK_Incr, SFPLOAD first Sp -= it if Sp != 0.
 */
static void test_int32_all(const void *data)
{
    const TTArch *a = data;
    T *t = start(a);
    DstView *dv = g_new(DstView, 1);
    uint32_t rwc[NUM_RWC];

    /* High halves 0: the FP32 shuffle leaves the bits as they are */
    load32(t, 0, 0x00001111);
    load32(t, 1, 0x00002222);
    /* Disable every lane: UseLaneFlags on, LaneFlags off (RI, Imm2 1) */
    simple(t, OP_SFPENCC, 1, 0, 0, 2 | 8);
    if (!a->bh) {
        /* RWCs.Dst = 6, through an SFPLOAD (no lane) with AddrMod 1 */
        push(t, SETC16(a->dst0 + 1, 6));
        move(t, OP_SFPLOAD, 7, FMT_ZERO, 1, 0);
        /* Imm10 8 + (6 & 3): rows 8..11, odd columns, RWC ignored above */
        move(t, OP_SFPSTORE, 0, FMT_INT32_ALL, 0, 8);
        move(t, OP_SFPSTORE, 1, FMT_INT32, 0, 8);   /* lanes disabled */
        fetch_dst(t, dv);
        g_assert_cmphex(dst32(dv, 8, 1), ==, 0x1111);
        g_assert_cmphex(dst32(dv, 11, 15), ==, 0x1111);
        g_assert_cmphex(dst32(dv, 12, 1), ==, 0);
        move(t, OP_SFPLOAD, 2, FMT_INT32_ALL, 0, 8);
        fetch(t);
        check_all(t, 2, 0x1111, "INT32_ALL load");
    } else {
        /* ThreadConfig SFPU_STACK_Incr (word 36) = 4 */
        push(t, SETC16(36, 4));
        move(t, OP_SFPSTORE, 0, FMT_INT32_ALL, 0, 0);   /* rows 0..3 */
        move(t, OP_SFPSTORE, 1, FMT_INT32_ALL, 0, 0);   /* Sp 4: rows 4..7 */
        tt_assert_all_idle(t->qts);
        tt_qom_get_u32_list(t->qts, TENSIX_PATH, "rwc-state", rwc, NUM_RWC);
        g_assert_cmpuint(rwc[8], ==, 8);                /* Sp */
        move(t, OP_SFPLOAD, 2, FMT_INT32_ALL, 0, 0);    /* Sp 4: rows 4..7 */
        move(t, OP_SFPLOAD, 3, FMT_INT32_ALL, 0, 0);    /* Sp 0: rows 0..3 */
        move(t, OP_SFPLOAD, 4, FMT_INT32_ALL, 0, 0);    /* Sp stays 0 */
        fetch_dst(t, dv);
        g_assert_cmphex(dst32(dv, 0, 0), ==, 0x1111);
        g_assert_cmphex(dst32(dv, 7, 14), ==, 0x2222);
        fetch(t);
        check_all(t, 2, 0x2222, "INT32_ALL Sp 4");
        check_all(t, 3, 0x1111, "INT32_ALL Sp 0");
        check_all(t, 4, 0x1111, "INT32_ALL Sp 0 again");
        tt_qom_get_u32_list(t->qts, TENSIX_PATH, "rwc-state", rwc, NUM_RWC);
        g_assert_cmpuint(rwc[8], ==, 0);
    }
    g_free(dv);
    finish(t);
}

/* ---------------------------------------------------------------------- */
/* SFPCONFIG                                                              */
/* ---------------------------------------------------------------------- */

static void test_config(const void *data)
{
    const TTArch *a = data;
    T *t = start(a);

    /* LReg[11] = LReg[0][Lane & 7] */
    load_lanes(t, 0, 0x40);
    imm16(t, OP_SFPCONFIG, 0, 11, 0);
    /* IMM16_IS_VALUE: LReg[12] back to its default after a change */
    imm16(t, OP_SFPCONFIG, 0, 12, 0);
    imm16(t, OP_SFPCONFIG, 0, 12, 1);
    /* Sequence[1] = Imm16; Misc = LReg[0] & 0xfff then ^= Imm16 */
    imm16(t, OP_SFPCONFIG, 0xbeef, 5, 1);
    imm16(t, OP_SFPCONFIG, 0, 8, 0);
    imm16(t, OP_SFPCONFIG, 0xf0f, 8, 1 | 6);
    /* InstructionTemplate[2] from LReg[0] even with IMM16_IS_VALUE */
    imm16(t, OP_SFPCONFIG, 0x1234, 2, 1);
    fetch(t);
    for (int l = 0; l < LANES; l++) {
        g_assert_cmphex(lreg(t, 11, l), ==, 2 * (l & 7) + 0x40);
        g_assert_cmphex(lreg(t, 12, l), ==, 0x37800000);
        g_assert_cmphex(t->st[ST_SEQUENCE(1, l)], ==, 0xbeef);
        g_assert_cmphex(t->st[ST_MISC(l)], ==,
                        (2 * (l & 7) + 0x40) ^ 0xf0f);
        g_assert_cmphex(t->st[ST_TEMPLATE(2, l)], ==, 2 * (l & 7) + 0x40);
    }

    /*
     * LaneConfig from LReg[0] (18 bits), then OR / AND with Imm16: the
     * high bits 17:16 come back.  LReg[0] = 0x3000f.
     */
    load32(t, 0, 0x3000f);
    imm16(t, OP_SFPCONFIG, 0, 15, 0);           /* 0x3000f */
    imm16(t, OP_SFPCONFIG, 0x100, 15, 1 | 2);   /* OR: 0x3010f */
    imm16(t, OP_SFPCONFIG, 0x0101, 15, 1 | 4);  /* AND: 0x101 | 0x30000 */
    fetch(t);
    for (int l = 0; l < LANES; l++) {
        g_assert_cmphex(t->st[ST_LANECFG(l)], ==, 0x30101);
    }
    /* SFPMOV FROM_SPECIAL reads LaneConfig (15), Misc (8), Sequence (5) */
    simple(t, OP_SFPMOV, 0, 15, 1, 8);
    simple(t, OP_SFPMOV, 0, 8, 2, 8);
    simple(t, OP_SFPMOV, 0, 5, 3, 8);
    simple(t, OP_SFPMOV, 0, 10, 4, 8);          /* reserved: 0 */
    fetch(t);
    check_all(t, 1, 0x30101, "MOV LaneConfig");
    check_all(t, 3, 0xbeef, "MOV Sequence[1]");
    check_all(t, 4, 0, "MOV reserved");
    for (int l = 0; l < LANES; l++) {
        g_assert_cmphex(lreg(t, 2, l), ==, (2 * (l & 7) + 0x40) ^ 0xf0f);
    }

    /*
     * ROW_MASK (LaneConfig 15:12): bit 1 disables lanes 8..15.  Then
     * IMM16_IS_LANE_MASK: only columns whose bit (2 * column) is set
     * (Imm16 0x0011: columns 0 and 2).
     */
    imm16(t, OP_SFPCONFIG, 0x2000, 15, 1);
    loadi(t, 5, LI_USHORT, 0x77);
    imm16(t, OP_SFPCONFIG, 0, 15, 1);
    load32(t, 0, 0x0000aaaa);
    imm16(t, OP_SFPCONFIG, 0x0011, 4, 8);       /* Sequence[0] = LReg[0] */
    fetch(t);
    for (int l = 0; l < LANES; l++) {
        g_assert_cmphex(lreg(t, 5, l), ==, l / 8 == 1 ? 0 : 0x77);
        g_assert_cmphex(t->st[ST_SEQUENCE(0, l)], ==,
                        (l & 7) == 0 || (l & 7) == 2 ? 0xaaaa : 0);
    }

    /*
     * The back door: an SFPMAD with VD 13 writes its bits to
     * InstructionTemplate[1] while DISABLE_BACKDOOR_LOAD (bit 1) is clear,
     * and nothing else; with it set, it is an SFPMAD that writes nothing
     * (VD 13 is not writable).
     */
    mad(t, OP_SFPMAD, 10, 10, 9, 13, 0);
    imm16(t, OP_SFPCONFIG, 2, 15, 1);
    mad(t, OP_SFPMAD, 10, 10, 10, 14, 0);
    imm16(t, OP_SFPCONFIG, 0, 15, 1);
    fetch(t);
    for (int l = 0; l < LANES; l++) {
        g_assert_cmphex(t->st[ST_TEMPLATE(1, l)], ==,
                        (OP_SFPMAD << 24) | 0x0aa9d0);
        g_assert_cmphex(t->st[ST_TEMPLATE(2, l)], ==, 2 * (l & 7) + 0x40);
    }
    check_all(t, 13, 0xbf2cc4c7, "LReg[13] untouched");
    check_all(t, 14, 0xbeb08ff9, "LReg[14] untouched");
    finish(t);
}

/* ---------------------------------------------------------------------- */
/* Predication and the flag stack                                         */
/* ---------------------------------------------------------------------- */

static void test_cc(const void *data)
{
    const TTArch *a = data;
    T *t = start(a);
    uint8_t want[LANES];

    /* LReg[0] lane l = 2 * l - 31: negative in lanes 0..15 */
    load_lanes(t, 0, -31);
    /* SETCC with UseLaneFlags off: flags false in every lane */
    simple(t, OP_SFPSETCC, 1, 0, 0, 1);
    /* ENCC EI (Imm2 bit 0): use flags; LaneFlags = true */
    simple(t, OP_SFPENCC, 1, 0, 0, 2);
    simple(t, OP_SFPSETCC, 0, 0, 0, 0);         /* LT0 */
    fetch(t);
    for (int l = 0; l < LANES; l++) {
        want[l] = l < 16;
        g_assert_cmpuint(t->st[ST_USE(l)], ==, 1);
    }
    check_flags(t, want, "LT0");

    /* if (x < 0) { LReg[1] = 7; } else { LReg[1] = 9; } */
    loadi(t, 1, LI_USHORT, 1);                  /* enabled lanes only */
    simple(t, OP_SFPPUSHC, 0, 0, 0, 0);
    simple(t, OP_SFPSETCC, 0, 0, 0, 6);         /* EQ0 (none) */
    loadi(t, 2, LI_USHORT, 5);                  /* no lane */
    simple(t, OP_SFPCOMPC, 0, 0, 0, 0);         /* top && !flags */
    loadi(t, 3, LI_USHORT, 3);                  /* lanes 0..15 */
    simple(t, OP_SFPPOPC, 0, 0, 0, 0);          /* back to LT0 */
    simple(t, OP_SFPCOMPC, 0, 0, 0, 0);         /* empty: true && !flags */
    loadi(t, 4, LI_USHORT, 4);                  /* lanes 16..31 */
    fetch(t);
    for (int l = 0; l < LANES; l++) {
        g_assert_cmphex(lreg(t, 1, l), ==, l < 16 ? 1 : 0);
        g_assert_cmphex(lreg(t, 2, l), ==, 0);
        g_assert_cmphex(lreg(t, 3, l), ==, l < 16 ? 3 : 0);
        g_assert_cmphex(lreg(t, 4, l), ==, l < 16 ? 0 : 4);
        g_assert_cmpuint(t->st[ST_SIZE(l)], ==, 0);
        want[l] = l >= 16;
    }
    check_flags(t, want, "else");

    /*
     * Flags = lanes 16..31.  Push, SETCC NE0 on LReg[0] (odd: all), then
     * POPC modes peeking at the top (flags 16..31, use true).
     */
    simple(t, OP_SFPPUSHC, 0, 0, 0, 0);
    simple(t, OP_SFPENCC, 1, 0, 0, 2);          /* flags true */
    simple(t, OP_SFPPOPC, 0, 0, 0, 5);          /* A && !B: lanes 0..15 */
    fetch(t);
    for (int l = 0; l < LANES; l++) {
        want[l] = l < 16;
        g_assert_cmpuint(t->st[ST_SIZE(l)], ==, 1);
    }
    check_flags(t, want, "POPC 5");
    simple(t, OP_SFPPOPC, 0, 0, 0, 11);         /* A != B: every lane */
    simple(t, OP_SFPPOPC, 0, 0, 0, 13);         /* !A: none */
    fetch(t);
    memset(want, 0, sizeof(want));
    check_flags(t, want, "POPC 13");
    simple(t, OP_SFPPOPC, 0, 0, 0, 8);          /* !A || B: every lane */
    simple(t, OP_SFPPOPC, 0, 0, 0, 2);          /* !B: lanes 0..15 */
    fetch(t);
    for (int l = 0; l < LANES; l++) {
        want[l] = l < 16;
    }
    check_flags(t, want, "POPC 2");
    simple(t, OP_SFPPOPC, 0, 0, 0, 15);         /* use, flags false */
    simple(t, OP_SFPPOPC, 0, 0, 0, 0);          /* pop: lanes 16..31 */
    fetch(t);
    for (int l = 0; l < LANES; l++) {
        want[l] = l >= 16;
        g_assert_cmpuint(t->st[ST_SIZE(l)], ==, 0);
    }
    check_flags(t, want, "pop");

    /* Pop from an empty stack: flags and use false (guest error) */
    simple(t, OP_SFPPOPC, 0, 0, 0, 0);
    fetch(t);
    memset(want, 0, sizeof(want));
    check_flags(t, want, "empty pop");
    g_assert_cmpuint(t->st[ST_USE(0)], ==, 0);

    /*
     * Fill the stack: entries 0..7 are flags (true, false, ...) with use
     * true; a ninth push is dropped.
     */
    for (int i = 0; i < 9; i++) {
        /* use true, flags !(i & 1) */
        simple(t, OP_SFPENCC, 1 | (!(i & 1) << 1), 0, 0, 2 | 8);
        simple(t, OP_SFPPUSHC, 0, 0, 0, 0);
    }
    fetch(t);
    for (int l = 0; l < LANES; l++) {
        g_assert_cmpuint(t->st[ST_SIZE(l)], ==, 8);
        for (int i = 0; i < 8; i++) {
            g_assert_cmpuint(t->st[ST_STK_FLAGS(i, l)], ==, !(i & 1));
            g_assert_cmpuint(t->st[ST_STK_USE(i, l)], ==, 1);
        }
    }
    /*
     * A peek (POPC 14: use and flags true) with the stack full: Wormhole's
     * bug copies the top (false) to the bottom; Blackhole leaves it (true).
     */
    simple(t, OP_SFPPOPC, 0, 0, 0, 14);
    fetch(t);
    g_assert_cmpuint(t->st[ST_STK_FLAGS(0, 3)], ==, a->bh ? 1 : 0);
    g_assert_cmpuint(t->st[ST_FLAGS(3)], ==, 1);

    if (a->bh) {
        /*
         * Blackhole SFPPUSHC Mod1 != 0 mutates the top (entry 7, false):
         * 4 (A || B) with flags true -> true; 13 inverts flags (false) and
         * stores them; 14 -> true; 15 -> false; use becomes UseLaneFlags.
         */
        simple(t, OP_SFPPUSHC, 0, 0, 0, 4);
        fetch(t);
        g_assert_cmpuint(t->st[ST_STK_FLAGS(7, 0)], ==, 1);
        g_assert_cmpuint(t->st[ST_SIZE(0)], ==, 8);
        simple(t, OP_SFPPUSHC, 0, 0, 0, 13);
        fetch(t);
        g_assert_cmpuint(t->st[ST_STK_FLAGS(7, 0)], ==, 0);
        g_assert_cmpuint(t->st[ST_FLAGS(0)], ==, 0);
        simple(t, OP_SFPPUSHC, 0, 0, 0, 14);
        fetch(t);
        g_assert_cmpuint(t->st[ST_STK_FLAGS(7, 0)], ==, 1);
        simple(t, OP_SFPPUSHC, 0, 0, 0, 15);
        fetch(t);
        g_assert_cmpuint(t->st[ST_STK_FLAGS(7, 0)], ==, 0);
    } else {
        /* Wormhole ignores SFPPUSHC's Mod1: a push, dropped (full) */
        simple(t, OP_SFPPUSHC, 0, 0, 0, 4);
        fetch(t);
        g_assert_cmpuint(t->st[ST_SIZE(0)], ==, 8);
        g_assert_cmpuint(t->st[ST_STK_FLAGS(7, 0)], ==, 0);
    }

    /* ENCC EC inverts UseLaneFlags; RI with Imm2 bit 1 clear: flags off */
    simple(t, OP_SFPENCC, 0, 0, 0, 1 | 8);
    fetch(t);
    g_assert_cmpuint(t->st[ST_USE(5)], ==, 0);
    g_assert_cmpuint(t->st[ST_FLAGS(5)], ==, 0);
    /* LaneEnabled: use off -> every lane runs */
    loadi(t, 6, LI_USHORT, 6);
    fetch(t);
    check_all(t, 6, 6, "use off");
    finish(t);
}

/* ---------------------------------------------------------------------- */
/* Multiply-add                                                           */
/* ---------------------------------------------------------------------- */

/* SFPMAD LReg[3] = LReg[0] * LReg[1] + LReg[2], every lane */
static void fma_case(T *t, uint32_t x, uint32_t y, uint32_t z,
                     uint32_t want_wh, uint32_t want_bh, const char *what)
{
    load32(t, 0, x);
    load32(t, 1, y);
    load32(t, 2, z);
    mad(t, OP_SFPMAD, 0, 1, 2, 3, 0);
    fetch(t);
    check_all(t, 3, t->a->bh ? want_bh : want_wh, what);
}

static void test_fma(const void *data)
{
    const TTArch *a = data;
    T *t = start(a);

    /* 1.5 * 2 + 0.25 = 3.25 */
    fma_case(t, 0x3fc00000, 0x40000000, 0x3e800000, 0x40500000, 0x40500000,
             "plain");
    /* -0 * 1 + -0: Wormhole's zeros are +0; Blackhole: -0 (both signs -) */
    fma_case(t, 0x80000000, 0x3f800000, 0x80000000, 0, 0x80000000,
             "-0 + -0");
    /* 1 * 1 + -1: exact zero, +0 on both */
    fma_case(t, 0x3f800000, 0x3f800000, 0xbf800000, 0, 0, "x - x");
    /*
     * NaN * 1 + 0.  Blackhole: 0x7fc00000.  Wormhole: invalid product ->
     * NaN = p_sign | 0x7f800001, then p (exp 255, pm = 0xc00000 * 0x800000
     * >> 20 = 0x6000000) + 0: exponent 255 + 0 -> overflow -> the NaN.
     */
    fma_case(t, 0x7fc00000, 0x3f800000, 0, 0x7f800001, 0x7fc00000, "NaN");
    /* +Inf * 1 + -Inf: NaN; Wormhole's sum cancels: 0x7f800001 */
    fma_case(t, 0x7f800000, 0x3f800000, 0xff800000, 0x7f800001, 0x7fc00000,
             "Inf - Inf");
    /* Inf * 1 + 5: Inf on both */
    fma_case(t, 0x7f800000, 0x3f800000, 0x40a00000, 0x7f800000, 0x7f800000,
             "Inf");
    /* 2^127 * 2 + 0: the product alone overflows: +Inf */
    fma_case(t, 0x7f000000, 0x40000000, 0, 0x7f800000, 0x7f800000,
             "overflow");
    /*
     * 2^127 * 2 + -Inf: Blackhole returns the addend (-Inf); Wormhole
     * makes NaN of a finite overflow against an opposite infinity:
     * 0x7f800001 | (2^26 - 2^26 = 0) -> 0x7f800001.
     */
    fma_case(t, 0x7f000000, 0x40000000, 0xff800000, 0x7f800001, 0xff800000,
             "overflow - Inf");
    /* Denormal input is zero: 2^-127-ish * 2^100 + 1 = 1 */
    fma_case(t, 0x00400000, 0x71800000, 0x3f800000, 0x3f800000, 0x3f800000,
             "denormal in");
    /*
     * -2^-100 * 2^-100 + -0: the product underflows on its own (exact
     * zero): Blackhole -0 (both negative), Wormhole +0.
     */
    fma_case(t, 0x8d800000, 0x0d800000, 0x80000000, 0, 0x80000000,
             "product underflow");
    /* 2^-63 * 2^-63 = 2^-126: the smallest normal */
    fma_case(t, 0x20000000, 0x20000000, 0, 0x00800000, 0x00800000,
             "2^-126");
    /* -2^-63 * 2^-64 = -2^-127: denormal, flushed (Blackhole keeps -) */
    fma_case(t, 0xa0000000, 0x1f800000, 0, 0, 0x80000000, "denormal out");
    /*
     * (1 - 2^-24) * 2^-126: pm = 0xffffff << 3 = 0x7fffff8 at exponent 0.
     * Blackhole denormalises by one (0x3fffffc), rounds the tie (4) up
     * from the odd 0x7fffff to 2^-126; Wormhole keeps 0x7fffff8, drops
     * the implicit bit: 0x7fffff with nothing to round, below 2^-126: +0.
     */
    fma_case(t, 0x3f7fffff, 0x00800000, 0, 0, 0x00800000,
             "denormal rounding");
    /*
     * (1 + 2^-23)^2 - 1: the product cut to 27 bits keeps a sticky bit
     * (pm = 0x4000011), which the left normalisation makes a real bit:
     * rm = 0x11 << 22, 2^-22 * (1 + 1/16) = 0x34880000 on both (IEEE:
     * 0x34800000).
     */
    fma_case(t, 0x3f800001, 0x3f800001, 0xbf800000, 0x34880000, 0x34880000,
             "partial fusion");
    /*
     * The sticky-bit quirk: x = 0x3fd87c00, y = 0x3fbb1800, z = 0x3fc39243:
     * pm = 0x9e36dfa (exact), zm = 0x61c9218, rm = 0x10000012 needs a
     * right shift by 2.  Blackhole: 0x4000004 | 1 -> round bits 5 -> up:
     * 0x40800001.  Wormhole keeps only bit 0 (0) as sticky: a tie, to
     * even: 0x40800000.
     */
    fma_case(t, 0x3fd87c00, 0x3fbb1800, 0x3fc39243, 0x40800000, 0x40800001,
             "sticky");

    /* SFPADD (VA = 10: 1.0), SFPMUL (VC = 9: 0) */
    load32(t, 0, 0x40400000);                   /* 3 */
    load32(t, 1, 0x3f000000);                   /* 0.5 */
    mad(t, OP_SFPADD, 10, 0, 1, 4, 0);          /* 3.5 */
    mad(t, OP_SFPMUL, 0, 1, 9, 5, 0);           /* 1.5 */
    /* Blackhole NEGATE_VB | NEGATE_VC: -(3 * 0.5) - 0.5 = -2 */
    mad(t, OP_SFPMAD, 0, 1, 1, 6, 3);
    /* SFPADDI: LReg[1] += BF16 2.0; SFPMULI: LReg[0] *= BF16 -4.0 */
    imm16(t, OP_SFPADDI, 0x4000, 1, 0);         /* 2.5 */
    imm16(t, OP_SFPMULI, 0xc080, 0, 0);         /* -12 */
    fetch(t);
    check_all(t, 4, 0x40600000, "SFPADD");
    check_all(t, 5, 0x3fc00000, "SFPMUL");
    check_all(t, 6, a->bh ? 0xc0000000 : 0x40000000, "NEGATE");
    check_all(t, 1, 0x40200000, "SFPADDI");
    check_all(t, 0, 0xc1400000, "SFPMULI");
    if (a->bh) {
        /* SFPADDI NEGATE_VC: 2.0 - 2.5 = -0.5; SFPMULI: -(-12) * 0.5 = 6 */
        imm16(t, OP_SFPADDI, 0x4000, 1, 2);
        imm16(t, OP_SFPMULI, 0x3f00, 0, 2);
        fetch(t);
        check_all(t, 1, 0xbf000000, "SFPADDI negate");
        check_all(t, 0, 0x40c00000, "SFPMULI negate");
    }

    /*
     * INDIRECT_VA / INDIRECT_VD: LReg[7] = 2 * l, whose low four bits
     * are 2 * (l & 7).  VD from them: columns 0..3 write LReg[0/2/4/6]
     * (1 * 1 + 0), columns 4..7 name LReg[8..14] and write nothing.
     */
    for (int r = 0; r < 7; r++) {
        load32(t, r, 0x3f800000 + r);
    }
    load_lanes(t, 7, 0);
    mad(t, OP_SFPMAD, 10, 10, 9, 1, 8);         /* 1 * 1 + 0 */
    fetch(t);
    for (int l = 0; l < LANES; l++) {
        for (int r = 0; r < 7; r++) {
            uint32_t want = ((l & 7) < 4 && r == 2 * (l & 7)) ?
                            0x3f800000 : 0x3f800000 + r;

            g_assert_cmphex(lreg(t, r, l), ==, want);
        }
    }
    /* INDIRECT_VA: a = LReg[2 * (l & 7)], times 1.0 plus 0 */
    mad(t, OP_SFPMAD, 0, 10, 9, 5, 4);
    fetch(t);
    g_assert_cmphex(lreg(t, 5, 5), ==, 0x3f800000);     /* LReg[10] */
    g_assert_cmphex(lreg(t, 5, 4), ==, 0x3f56594b);     /* LReg[8] */
    g_assert_cmphex(lreg(t, 5, 1), ==, 0x3f800000);     /* LReg[2], set */
    g_assert_cmphex(lreg(t, 5, 6), ==, 0x37800000);     /* LReg[12] */
    g_assert_cmphex(lreg(t, 5, 15), ==, 0xbeb08ff9);    /* LReg[14] */
    finish(t);
}

/* ---------------------------------------------------------------------- */
/* Integer, bit and field instructions                                    */
/* ---------------------------------------------------------------------- */

static void test_int(const void *data)
{
    const TTArch *a = data;
    T *t = start(a);
    uint8_t want[LANES];

    /*
     * SFPIADD imm -40 from LReg[15] (2 * l): negative for lanes 0..19;
     * CC_LT0 sets LaneFlags; then reg - reg with CC_GTE0 (inverted).
     */
    simple(t, OP_SFPIADD, -40, 15, 0, 1);
    fetch(t);
    for (int l = 0; l < LANES; l++) {
        g_assert_cmphex(lreg(t, 0, l), ==, (uint32_t)(2 * l - 40));
        want[l] = l < 20;
    }
    check_flags(t, want, "IADD LT0");
    load32(t, 1, 100);
    /* LReg[1] = LReg[15] - LReg[1] = 2l - 100 < 0: GTE0 -> flags false */
    simple(t, OP_SFPIADD, 0, 15, 1, 2 | 8);
    /* LReg[2] = 5 + 7 (reg + reg, CC_NONE keeps the flags) */
    load32(t, 2, 5);
    load32(t, 3, 7);
    simple(t, OP_SFPIADD, 0, 3, 2, 4);
    /* VD 9: nothing written, flags kept */
    simple(t, OP_SFPIADD, 1, 15, 9, 1);
    fetch(t);
    memset(want, 0, sizeof(want));
    check_flags(t, want, "IADD GTE0");
    for (int l = 0; l < LANES; l++) {
        g_assert_cmphex(lreg(t, 1, l), ==, (uint32_t)(2 * l - 100));
    }
    check_all(t, 2, 12, "IADD reg");
    check_all(t, 9, 0, "IADD VD 9");

    /* Bit operations: VD = VD op VC */
    load32(t, 0, 0xff00ff00);
    load32(t, 1, 0x0ff00ff0);
    load32(t, 2, 0xff00ff00);
    load32(t, 3, 0xff00ff00);
    simple(t, OP_SFPAND, 0, 1, 0, 0);
    simple(t, OP_SFPOR, 0, 1, 2, 0);
    simple(t, OP_SFPXOR, 0, 1, 3, 0);
    simple(t, OP_SFPNOT, 0, 1, 4, 0);
    fetch(t);
    check_all(t, 0, 0x0f000f00, "AND");
    check_all(t, 2, 0xfff0fff0, "OR");
    check_all(t, 3, 0xf0f0f0f0, "XOR");
    check_all(t, 4, 0xf00ff00f, "NOT");
    /* Blackhole USE_VB (Mod1 bit 0): VD = LReg[imm 3:0] & VC */
    simple(t, OP_SFPAND, 4, 1, 5, 1);
    simple(t, OP_SFPOR, 3, 1, 6, 1);
    fetch(t);
    /* Wormhole: VD & VC with VD = 0, VD | VC */
    check_all(t, 5, a->bh ? 0x00000000 : 0, "AND VB");
    check_all(t, 6, a->bh ? 0xfff0fff0 : 0x0ff00ff0, "OR VB");

    /* SFPSHFT: left by imm 4, right by imm -8, by LReg (-36 % 32 = 4) */
    load32(t, 0, 0x80000f01);
    load32(t, 1, 0x80000f01);
    load32(t, 2, 0x80000f01);
    load32(t, 3, (uint32_t)-36);
    simple(t, OP_SFPSHFT, 4, 0, 0, 1);
    simple(t, OP_SFPSHFT, -8, 0, 1, 1);
    simple(t, OP_SFPSHFT, 0, 3, 2, 0);
    fetch(t);
    check_all(t, 0, 0x0000f010, "SHFT << 4");
    check_all(t, 1, 0x0080000f, "SHFT >> 8");
    check_all(t, 2, 0x080000f0, "SHFT >> (-VC & 31)");
    if (a->bh) {
        /* ARITHMETIC: >> 8 sign-extends; ARG_IMM_USE_VC: VC << 4 */
        load32(t, 1, 0x80000f01);
        simple(t, OP_SFPSHFT, -8, 0, 1, 1 | 2);
        simple(t, OP_SFPSHFT, 4, 3, 4, 1 | 4);
        fetch(t);
        check_all(t, 1, 0xff80000f, "SHFT arithmetic");
        check_all(t, 4, 0xfffffdc0, "SHFT from VC");
    }

    /* SFPABS: integer (-5 -> 5, -2^31 stays), float (-NaN stays) */
    load32(t, 0, (uint32_t)-5);
    load32(t, 1, 0x80000000);
    load32(t, 2, 0xbfc00000);
    load32(t, 3, 0xffc00000);
    load32(t, 4, 0xff800000);
    simple(t, OP_SFPABS, 0, 0, 0, 0);
    simple(t, OP_SFPABS, 0, 1, 1, 0);
    simple(t, OP_SFPABS, 0, 2, 2, 1);
    simple(t, OP_SFPABS, 0, 3, 3, 1);
    simple(t, OP_SFPABS, 0, 4, 4, 1);
    fetch(t);
    check_all(t, 0, 5, "ABS int");
    check_all(t, 1, 0x80000000, "ABS -2^31");
    check_all(t, 2, 0x3fc00000, "ABS float");
    check_all(t, 3, 0xffc00000, "ABS -NaN");
    check_all(t, 4, 0x7f800000, "ABS -Inf");

    /* SFPLZ: clz, 32 for 0; NOSGN_MASK; CC_NE0 and CC_COMP */
    load32(t, 0, 0x00010000);
    load32(t, 1, 0x80000000);
    simple(t, OP_SFPLZ, 0, 0, 2, 0);
    simple(t, OP_SFPLZ, 0, 9, 3, 2);            /* 0: flags false */
    simple(t, OP_SFPLZ, 0, 1, 4, 4 | 2 | 8);    /* masked 0: !false */
    fetch(t);
    check_all(t, 2, 15, "LZ");
    check_all(t, 3, 32, "LZ 0");
    check_all(t, 4, 32, "LZ masked");
    memset(want, 1, sizeof(want));
    check_flags(t, want, "LZ CC");

    /* SFPMOV: NEGATE; ALL_LANES_ENABLED with every lane disabled */
    load32(t, 0, 0x3f800000);
    simple(t, OP_SFPMOV, 0, 0, 1, 1);
    simple(t, OP_SFPENCC, 1, 0, 0, 2 | 8);      /* use on, flags false */
    simple(t, OP_SFPMOV, 0, 0, 2, 2);           /* all lanes */
    simple(t, OP_SFPMOV, 0, 0, 3, 0);           /* no lane */
    simple(t, OP_SFPENCC, 0, 0, 0, 2);          /* use off */
    fetch(t);
    check_all(t, 1, 0xbf800000, "MOV negate");
    check_all(t, 2, 0x3f800000, "MOV all lanes");
    check_all(t, 3, 32, "MOV disabled");     /* from SFPLZ above */
    finish(t);
}

static void test_fields(const void *data)
{
    const TTArch *a = data;
    T *t = start(a);
    uint8_t want[LANES];

    load32(t, 0, 0xbfc00001);           /* -1.5 (+ulp): exp 127 */
    /*
     * SETEXP: imm 0x80; from VD's exponent (0x40000000: 128); from VD's
     * low 8 bits (0x123 -> 0x23)
     */
    simple(t, OP_SFPSETEXP, 0x80, 0, 1, 1);
    load32(t, 2, 0x40000000);
    simple(t, OP_SFPSETEXP, 0, 0, 2, 2);
    load32(t, 3, 0x123);
    simple(t, OP_SFPSETEXP, 0, 0, 3, 0);
    fetch(t);
    check_all(t, 1, 0xc0400001, "SETEXP imm");
    check_all(t, 2, 0xc0400001, "SETEXP exponent");
    check_all(t, 3, 0x91c00001, "SETEXP int");

    /* SETMAN: imm12 << 11; from VD's low 23 bits */
    simple(t, OP_SFPSETMAN, 0xabc, 0, 1, 1);
    load32(t, 2, 0xffffffff);
    simple(t, OP_SFPSETMAN, 0, 0, 2, 0);
    /* SETSGN: imm 0 -> +; from VD's sign (0x80000000) */
    simple(t, OP_SFPSETSGN, 0, 0, 3, 1);
    load32(t, 4, 0x80000000);
    simple(t, OP_SFPSETSGN, 0, 10, 4, 0);
    fetch(t);
    check_all(t, 1, 0xbfd5e000, "SETMAN imm");
    check_all(t, 2, 0xbfffffff, "SETMAN reg");
    check_all(t, 3, 0x3fc00001, "SETSGN imm");
    check_all(t, 4, 0xbf800000, "SETSGN reg");

    /* EXEXP: 127 - 127 = 0; NODEBIAS 127; of 0.5: -1 with CC sign */
    simple(t, OP_SFPEXEXP, 0, 0, 1, 0);
    simple(t, OP_SFPEXEXP, 0, 0, 2, 1);
    load32(t, 3, 0x3f000000);
    simple(t, OP_SFPEXEXP, 0, 3, 3, 2);
    fetch(t);
    check_all(t, 1, 0, "EXEXP");
    check_all(t, 2, 127, "EXEXP NODEBIAS");
    check_all(t, 3, 0xffffffff, "EXEXP 0.5");
    memset(want, 1, sizeof(want));
    check_flags(t, want, "EXEXP CC");
    /* SET_CC_COMP_EXP alone inverts the flags (true): false */
    simple(t, OP_SFPEXEXP, 0, 0, 4, 8);
    fetch(t);
    memset(want, 0, sizeof(want));
    check_flags(t, want, "EXEXP COMP");

    /* EXMAN: hidden bit | mantissa; PAD9: mantissa only */
    simple(t, OP_SFPEXMAN, 0, 0, 1, 0);
    simple(t, OP_SFPEXMAN, 0, 0, 2, 1);
    fetch(t);
    check_all(t, 1, 0x00c00001, "EXMAN");
    check_all(t, 2, 0x00400001, "EXMAN PAD9");

    /* DIVP2: set exponent 3; add 0xfe (wraps: 127 - 2); Inf unchanged */
    simple(t, OP_SFPDIVP2, 3, 0, 1, 0);
    simple(t, OP_SFPDIVP2, 0xfe, 0, 2, 1);
    load32(t, 3, 0xff800000);
    simple(t, OP_SFPDIVP2, 0x05, 3, 3, 1);
    fetch(t);
    check_all(t, 1, 0x81c00001, "DIVP2 set");
    check_all(t, 2, 0xbec00001, "DIVP2 add");
    check_all(t, 3, 0xff800000, "DIVP2 Inf");
    finish(t);
}

/* ---------------------------------------------------------------------- */
/* Conversions: SFPCAST, SFPSTOCHRND; the PRNG                            */
/* ---------------------------------------------------------------------- */

/*
 * SFP_STOCH_RND: rnd_mode 23:21, Imm5 20:16, VB 15:12, VC 11:8, VD 7:4,
 * Mod1 3:0 (UseImm5 in bit 3)
 */
static void stochrnd(T *t, unsigned rnd, unsigned imm5, unsigned vb,
                     unsigned vc, unsigned vd, unsigned mod1)
{
    push(t, (OP_SFPSTOCHRND << 24) | (rnd << 21) | (imm5 << 16) |
         (vb << 12) | (vc << 8) | (vd << 4) | mod1);
}

/* LReg[1] = SFPSTOCHRND(LReg[0] = @x), every lane */
static void rnd_case(T *t, unsigned rnd, unsigned mod1, uint32_t x,
                     uint32_t want, const char *what)
{
    load32(t, 0, x);
    stochrnd(t, rnd, 0, 0, 0, 1, mod1);
    fetch(t);
    check_all(t, 1, want, what);
}

static void test_conv(const void *data)
{
    const TTArch *a = data;
    T *t = start(a);
    bool bh = a->bh;

    /*
     * AdvancePRNG from the reset state 0: returns 0, then 0x80000000
     * (taps 0: ~0 << 31), 0x40000000 (taps 1), 0xa0000000 (taps 0)
     */
    for (int r = 0; r < 4; r++) {
        simple(t, OP_SFPMOV, 0, 9, r, 8);
    }
    fetch(t);
    check_all(t, 0, 0, "PRNG 0");
    check_all(t, 1, 0x80000000, "PRNG 1");
    check_all(t, 2, 0x40000000, "PRNG 2");
    check_all(t, 3, 0xa0000000, "PRNG 3");
    /* Stochastic FP16B of 1.0: PRNG 0x50000000 & 0x7fffff = 0 <= 0 */
    rnd_case(t, 1, 1, 0x3f800000, 0x3f810000, "stochastic 1.0");

    /* SFPCAST, round to nearest even (Mod1 0) */
    load32(t, 0, 5);
    load32(t, 1, 0x80000003);
    load32(t, 2, 0x80000000);
    load32(t, 3, 0x01000001);       /* 2^24 + 1: tie to even, down */
    load32(t, 4, 0x01000003);       /* 2^24 + 3: tie to even, up */
    load32(t, 5, 0x7fffffff);       /* rounds to 2^31 */
    for (int r = 0; r < 6; r++) {
        simple(t, OP_SFPCAST, 0, r, r, 0);
    }
    fetch(t);
    check_all(t, 0, 0x40a00000, "CAST 5");
    check_all(t, 1, 0xc0400000, "CAST -3");
    check_all(t, 2, 0x80000000, "CAST -0");
    check_all(t, 3, 0x4b800000, "CAST 2^24+1");
    check_all(t, 4, 0x4b800002, "CAST 2^24+3");
    check_all(t, 5, 0x4f000000, "CAST 2^31-1");
    /*
     * Mod1 2 and 3: Blackhole's two's complement absolute value and
     * sign-magnitude <-> two's complement; Wormhole reads only bit 0
     * (round to nearest): sign-magnitude 0xfffffffb is -(2^31 - 5),
     * -2^31 after rounding.
     */
    load32(t, 0, 0xfffffffb);
    load32(t, 1, 0x80000005);
    load32(t, 2, 0x80000000);
    simple(t, OP_SFPCAST, 0, 0, 3, 2);
    simple(t, OP_SFPCAST, 0, 1, 4, 3);
    simple(t, OP_SFPCAST, 0, 2, 5, 3);
    fetch(t);
    check_all(t, 3, bh ? 5 : 0xcf000000, "CAST Mod1 2");
    check_all(t, 4, bh ? 0xfffffffb : 0xc0a00000, "CAST Mod1 3");
    check_all(t, 5, bh ? 0x80000000 : 0x80000000, "CAST -0 Mod1 3");

    /* SFPSTOCHRND, round to nearest (ties away from zero) */
    rnd_case(t, 0, 1, 0x3f818000, 0x3f820000, "FP16B tie");
    rnd_case(t, 0, 1, 0x3f817fff, 0x3f810000, "FP16B down");
    rnd_case(t, 0, 0, 0x3f801000, 0x3f802000, "FP16A tie");
    rnd_case(t, 0, 0, 0x00400000, 0, "FP16A denormal");
    rnd_case(t, 0, 1, 0xffc00001, 0xff800000, "FP16B NaN");
    rnd_case(t, 0, 3, 0xc0200000, 0x80000003, "INT8 -2.5");
    rnd_case(t, 0, 3, 0x43480000, 127, "INT8 200");
    rnd_case(t, 0, 2, 0xc0400000, 3, "UINT8 -3");
    rnd_case(t, 0, 2, 0x3ecccccd, 0, "UINT8 0.4");
    rnd_case(t, 0, 6, 0x4788b800, 65535, "UINT16 70000");
    rnd_case(t, 0, 7, 0xc7c35000, 0x80007fff, "INT16 -1e5");
    if (bh) {
        /* Toward zero (PRNGBits 0x7fffff), and its bug at 0xffff */
        rnd_case(t, 2, 1, 0x3f818000, 0x3f810000, "FP16B to zero");
        rnd_case(t, 2, 1, 0x3f81ffff, 0x3f820000, "FP16B to zero bug");
    }
    /*
     * INT32_TO_INT8 with Imm5 4: -296 >> 4 = -18.5 -> -19; INT32_TO_UINT8
     * by LReg[VB] (1): 513 >> 1 = 256.5 -> 257 -> 255, unsigned
     */
    load32(t, 0, 0x80000128);
    load32(t, 1, 1);
    load32(t, 2, 0x80000201);
    stochrnd(t, 0, 4, 0, 0, 3, 8 | 5);
    stochrnd(t, 0, 0, 1, 2, 4, 4);
    fetch(t);
    check_all(t, 3, 0x80000013, "INT32 -> INT8");
    check_all(t, 4, 255, "INT32 -> UINT8");

    /*
     * PRNG_SEED_Seed_Val (Config word 164, Blackhole 186) re-seeds every
     * lane as ttsim does: 32 AdvancePRNG steps of the seed, then lanes 31
     * down to 0 each take the state two steps further.  Seed 0x12345678:
     * lane 0 0x837ee01d (then 0x41bf700e), lane 1 0x0dfb8074, lane 7
     * 0xb807426a, lane 31 0x4e0d6479.
     */
    set_cfg(t, bh ? 186 : 164, 0x12345678);
    simple(t, OP_SFPMOV, 0, 9, 4, 8);
    simple(t, OP_SFPMOV, 0, 9, 5, 8);
    fetch(t);
    g_assert_cmphex(lreg(t, 4, 0), ==, 0x837ee01d);
    g_assert_cmphex(lreg(t, 4, 1), ==, 0x0dfb8074);
    g_assert_cmphex(lreg(t, 4, 7), ==, 0xb807426a);
    g_assert_cmphex(lreg(t, 4, 31), ==, 0x4e0d6479);
    g_assert_cmphex(lreg(t, 5, 0), ==, 0x41bf700e);
    finish(t);
}

/* ---------------------------------------------------------------------- */
/* SFPSWAP, SFPTRANSP, SFPSHFT2                                           */
/* ---------------------------------------------------------------------- */

static void test_lanes(const void *data)
{
    const TTArch *a = data;
    T *t = start(a);

    /* Unconditional swap; min/max of FP32 (-1.0 < 2.0) */
    load32(t, 0, 0x11111111);
    load32(t, 1, 0x22222222);
    simple(t, OP_SFPSWAP, 0, 1, 0, 0);
    load32(t, 2, 0xbf800000);
    load32(t, 3, 0x40000000);
    simple(t, OP_SFPSWAP, 0, 2, 3, 1);      /* VD 3 gets the minimum */
    fetch(t);
    check_all(t, 0, 0x22222222, "SWAP");
    check_all(t, 1, 0x11111111, "SWAP");
    check_all(t, 3, 0xbf800000, "SWAP min");
    check_all(t, 2, 0x40000000, "SWAP max");
    /* EXCHANGE_SRCB_SRCC (LaneConfig bit 8): the maximum instead */
    imm16(t, OP_SFPCONFIG, 0x100, 15, 1);
    simple(t, OP_SFPSWAP, 0, 2, 3, 1);
    imm16(t, OP_SFPCONFIG, 0, 15, 1);
    fetch(t);
    check_all(t, 3, 0x40000000, "SWAP exchanged");
    /* MIN01_MAX23: lanes 0..15 VD = min, 16..31 VD = max; VC = 16 */
    load_lanes(t, 4, 0);
    load32(t, 5, 16);
    simple(t, OP_SFPSWAP, 0, 5, 4, 2);
    fetch(t);
    for (int l = 0; l < LANES; l++) {
        g_assert_cmphex(lreg(t, 4, l), ==, l < 16 ? MIN(2 * l, 16) : 2 * l);
        g_assert_cmphex(lreg(t, 5, l), ==, l < 16 ? MAX(2 * l, 16) : 16);
    }
    /* ENABLE_DEST_INDEX: the values and LReg[4 + (V & 3)] swap */
    load32(t, 0, 7);
    load32(t, 1, 3);
    load32(t, 4, 100);
    load32(t, 5, 101);
    imm16(t, OP_SFPCONFIG, 0x4, 15, 1);
    simple(t, OP_SFPSWAP, 0, 1, 0, 1);
    imm16(t, OP_SFPCONFIG, 0, 15, 1);
    fetch(t);
    check_all(t, 0, 3, "argmin value");
    check_all(t, 1, 7, "argmax value");
    check_all(t, 4, 101, "argmin index");
    check_all(t, 5, 100, "argmax index");

    /* SFPTRANSP: LReg[k] lane l = 2 * l + 0x100 * k */
    for (int k = 0; k < 8; k++) {
        load_lanes(t, k, 0x100 * k);
    }
    simple(t, OP_SFPTRANSP, 0, 0, 0, 0);
    fetch(t);
    for (int k = 0; k < 8; k++) {
        for (int l = 0; l < LANES; l++) {
            int i = k & 3, j = l / 8, col = l % 8;

            g_assert_cmphex(lreg(t, k, l), ==,
                            2 * (i * 8 + col) + 0x100 * ((k & 4) + j));
        }
    }

    /* SFPSHFT2 COPY4 and SUBVEC_CHAINED_COPY4 */
    for (int k = 0; k < 4; k++) {
        load_lanes(t, k, 0x100 * k);
    }
    simple(t, OP_SFPSHFT2, 0, 0, 0, 0);
    fetch(t);
    for (int l = 0; l < LANES; l++) {
        g_assert_cmphex(lreg(t, 0, l), ==, 2 * l + 0x100);
        g_assert_cmphex(lreg(t, 2, l), ==, 2 * l + 0x300);
        g_assert_cmphex(lreg(t, 3, l), ==, 0);
    }
    simple(t, OP_SFPSHFT2, 0, 0, 0, 1);
    fetch(t);
    for (int l = 0; l < LANES; l++) {
        g_assert_cmphex(lreg(t, 0, l), ==, 2 * l + 0x200);
        g_assert_cmphex(lreg(t, 3, l), ==, l < 24 ? 2 * (l + 8) + 0x100 : 0);
    }
    /* SUBVEC_SHFLROR1 into LReg[5]; SUBVEC_SHFLSHR1 into LReg[7] */
    load_lanes(t, 6, 0);
    simple(t, OP_SFPSHFT2, 0, 6, 5, 3);
    load_lanes(t, 4, 0x40);
    simple(t, OP_SFPSHFT2, 0, 4, 7, 4);
    fetch(t);
    for (int l = 0; l < LANES; l++) {
        g_assert_cmphex(lreg(t, 5, l), ==, l & 7 ? 2 * (l - 1) : 2 * (l + 7));
        /* Column 0: 0, or on Wormhole the last SHFLROR1's VC (LReg[6]) */
        g_assert_cmphex(lreg(t, 7, l), ==,
                        l & 7 ? 2 * (l - 1) + 0x40 :
                        a->bh ? 0 : 2 * (l + 7));
    }
    /* SHFT_LREG: LReg[VB = 1] << LReg[VC = 6] (2 * l, & 31); SHFT_IMM */
    load32(t, 1, 1);
    simple(t, OP_SFPSHFT2, 1, 6, 2, 5);
    simple(t, OP_SFPSHFT2, 0x031, 0, 3, 6);     /* VB 1, << 49 & 31 */
    fetch(t);
    for (int l = 0; l < LANES; l++) {
        g_assert_cmphex(lreg(t, 2, l), ==, 1u << ((2 * l) & 31));
    }
    check_all(t, 3, 1u << 17, "SHFT_IMM");
    finish(t);
}

/* ---------------------------------------------------------------------- */
/* SFPLUT, SFPLUTFP32; Blackhole SFPMUL24, SFPGT, SFPLE                   */
/* ---------------------------------------------------------------------- */

static void test_lut(const void *data)
{
    const TTArch *a = data;
    T *t = start(a);

    /*
     * Lut8ToFp32: 0x10 = 0.5, 0x00 = 1.0, 0x01 = 1.0625, 0xff = 0.
     * LReg[0] (|x| < 1): a 0.5, c 1.0; LReg[1] (< 2): a 1.0, c 0.5;
     * LReg[2]: a 0, c 1.0625.
     */
    load32(t, 0, 0x1000);
    load32(t, 1, 0x0010);
    load32(t, 2, 0xff01);
    load32(t, 3, 0xbf000000);                   /* -0.5 */
    push(t, (OP_SFPLUT << 24) | (4 << 20) | (0 << 16));
    push(t, (OP_SFPLUT << 24) | (5 << 20) | (4 << 16));    /* SGN_RETAIN */
    load32(t, 3, 0x3fc00000);                   /* 1.5 */
    push(t, (OP_SFPLUT << 24) | (6 << 20));
    load32(t, 3, 0x40400000);                   /* 3.0 */
    push(t, (OP_SFPLUT << 24) | (7 << 20));
    fetch(t);
    check_all(t, 4, 0x3fa00000, "LUT 0.5 * 0.5 + 1");
    check_all(t, 5, 0xbfa00000, "LUT sign");
    check_all(t, 6, 0x40000000, "LUT 1 * 1.5 + 0.5");
    check_all(t, 7, 0x3f880000, "LUT 0 * 3 + 1.0625");

    /* SFPLUTFP32 FP32 table: LReg[0] * 0.25 + LReg[4] = 2 * 0.25 + 1 */
    load32(t, 0, 0x40000000);
    load32(t, 4, 0x3f800000);
    load32(t, 3, 0x3e800000);
    push(t, (OP_SFPLUTFP32 << 24) | (6 << 4) | 0);
    /*
     * FP16 6-entry table 1: |x| 0.75 takes the high halves (j 16):
     * Lut16(0x3c00) = 1.0 * 0.75 + Lut16(0x3800) = 0.5 -> 1.25; |x| 0.25
     * the low halves: Lut16(0x4000) = 2.0 * 0.25 + Lut16(0) = 2^-15
     */
    load32(t, 0, 0x3c004000);
    load32(t, 4, 0x38000000);
    load32(t, 3, 0x3f400000);
    push(t, (OP_SFPLUTFP32 << 24) | (1 << 4) | 2);
    load32(t, 3, 0x3e800000);
    push(t, (OP_SFPLUTFP32 << 24) | (2 << 4) | 2);
    /*
     * FP16 3-entry table (Mod1 10, which is also INDIRECT_VD): LReg[7] =
     * 5 names the result; 1.0 * 0.5 + 2.0
     */
    load32(t, 7, 5);
    load32(t, 3, 0x3f000000);
    push(t, (OP_SFPLUTFP32 << 24) | (0 << 4) | 10);
    fetch(t);
    check_all(t, 6, 0x3fc00000, "LUTFP32 FP32");
    check_all(t, 1, 0x3fa00000, "LUTFP32 6-entry high");
    check_all(t, 2, 0x3f000200, "LUTFP32 6-entry low");
    check_all(t, 5, 0x40200000, "LUTFP32 3-entry");

    if (a->bh) {
        uint8_t want[LANES];

        /* SFPMUL24: 3 * 5 low bits; upper: 2^22 * 2^22 >> 23 */
        load32(t, 0, 3);
        load32(t, 1, 5);
        load32(t, 2, 0x400000);
        mad(t, OP_SFPMUL24, 0, 1, 9, 3, 0);
        mad(t, OP_SFPMUL24, 2, 2, 9, 4, 1);
        /*
         * Plus z = 0x3680ffff (exponent 109): shifted by 129 - 109 = 20,
         * z_m_grs = 0x80ffff << 3 = 0x407fff8 -> 0x40, with bits lost
         * above 0xffff: + 0x10000: 15 + 0x40 + 0x10000
         */
        load32(t, 5, 0x3680ffff);
        mad(t, OP_SFPMUL24, 0, 1, 5, 6, 0);
        fetch(t);
        check_all(t, 3, 15, "MUL24");
        check_all(t, 4, 0x200000, "MUL24 upper");
        check_all(t, 6, 0x1004f, "MUL24 add");

        /* SFPGT: 10 > 2 * l for l < 5: VD mask and flags */
        load32(t, 1, 10);
        load32(t, 3, 10);
        simple(t, OP_SFPGT, 0, 15, 1, 9);
        fetch(t);
        for (int l = 0; l < LANES; l++) {
            g_assert_cmphex(lreg(t, 1, l), ==, l < 5 ? 0xffffffff : 0);
            want[l] = l < 5;
        }
        check_flags(t, want, "GT");
        /* Push; SFPLE (10 <= 2l) ORed into the top: every lane */
        simple(t, OP_SFPPUSHC, 0, 0, 0, 0);
        simple(t, OP_SFPLE, 0, 15, 3, 2 | 4);
        fetch(t);
        for (int l = 0; l < LANES; l++) {
            g_assert_cmpuint(t->st[ST_STK_FLAGS(0, l)], ==, 1);
        }
        /* SFPGT ANDed into the top: l < 5; LE's CC: l >= 5 */
        simple(t, OP_SFPGT, 0, 15, 3, 2);
        simple(t, OP_SFPLE, 0, 15, 3, 1);
        fetch(t);
        for (int l = 0; l < LANES; l++) {
            g_assert_cmpuint(t->st[ST_STK_FLAGS(0, l)], ==, l < 5);
            want[l] = l >= 5;
        }
        check_flags(t, want, "LE");

        /*
         * SFPARECIP (VB is imm12 3:0).  ApproxRecip: exponent 253 - e,
         * mantissa top 7 bits LUT[m] = round(2^15 / (128.5 + m)) - 128:
         * 1.0 -> 126, LUT[0] 127: 0x3f7f0000 (the page's 0.99609375);
         * -2.0 -> sign + 0x3eff0000; 3.0 (m 64) -> 125, LUT[64] 42:
         * 0x3eaa0000; below 2^-126 -> +inf, 2^126 and up -> 0.
         * COND_RECIP: only where LReg[VB] < 0, and without the sign.
         * ApproxExp: 1.0 -> 0x40000000 | LUT[768] (45) << 16 = 0x402d0000
         * (the page's 2.703125); 0.5 -> 0x3f800000 | LUT[640] (83) << 16;
         * below 0.015625 -> 0x3f810000 | low 16 bits; 2 and up ->
         * 0x40800000 | low 16 bits; -1.0 -> sign + ApproxExp(1.0).
         */
        {
            static const struct {
                uint32_t in, mod1, want;
            } rc[] = {
                { 0x3f800000, 0, 0x3f7f0000 },
                { 0xc0000000, 0, 0xbeff0000 },
                { 0x40400000, 0, 0x3eaa0000 },
                { 0x00400000, 0, 0x7f800000 },
                { 0x7f000000, 0, 0x00000000 },
                { 0x3f800000, 2, 0x402d0000 },
                { 0x3f000000, 2, 0x3fd30000 },
                { 0x3c001234, 2, 0x3f811234 },
                { 0x40401234, 2, 0x40801234 },
                { 0xbf800000, 2, 0xc02d0000 },
            };

            for (size_t k = 0; k < G_N_ELEMENTS(rc); k++) {
                load32(t, 1, rc[k].in);
                simple(t, OP_SFPARECIP, 0, 1, 2, rc[k].mod1);
                fetch(t);
                check_all(t, 2, rc[k].want, "ARECIP");
            }
            /*
             * COND_RECIP: where LReg[3] < 0, the reciprocal without the
             * sign; elsewhere LReg[VC] itself is written to VD
             */
            load32(t, 1, 0xc0000000);
            load32(t, 3, 0x80000000);
            load32(t, 4, 0xc0000000);
            simple(t, OP_SFPARECIP, 3, 1, 4, 1);
            load32(t, 3, 1);
            load32(t, 5, 0x12345678);
            simple(t, OP_SFPARECIP, 3, 1, 5, 1);
            fetch(t);
            check_all(t, 4, 0x3eff0000, "ARECIP cond, VB < 0");
            check_all(t, 5, 0xc0000000, "ARECIP cond, VB >= 0");
        }
    }
    finish(t);
}

/* ---------------------------------------------------------------------- */
/* SFPLOADMACRO                                                           */
/* ---------------------------------------------------------------------- */

/*
 * SFPLOADMACRO: lreg_ind 23:20 = MacroIndex:VDLo, Mod0 19:16, AddrMod 0,
 * Imm10 9:0 = Imm9:VDHi (@imm10 even)
 */
static void loadmacro(T *t, unsigned macro, unsigned vd, unsigned mod0,
                      unsigned imm10)
{
    push(t, (OP_SFPLOADMACRO << 24) | (((macro << 2) | (vd & 3)) << 20) |
         (mod0 << 16) | (imm10 & ~1u) | (vd >> 2));
}

/* LoadMacroConfig.Sequence[@macro] = @seq through LReg[0] */
static void lm_sequence(T *t, unsigned macro, uint32_t seq)
{
    load32(t, 0, seq);
    imm16(t, OP_SFPCONFIG, 0, 4 + macro, 0);
}

static void nops(T *t, int n)
{
    for (int i = 0; i < n; i++) {
        simple(t, OP_SFPNOP, 0, 0, 0, 0);
    }
}

/* Dst rows @row..@row+3, even columns (INT32) = lane l: 2 * l + 3 */
static void dst_lanes(T *t, unsigned row)
{
    load_lanes(t, 1, 3);
    move(t, OP_SFPSTORE, 1, FMT_INT32, 0, row);
}

/* The Dst32 datum lane @l of an access at Addr @row, even columns */
static uint32_t dst_lane(DstView *v, unsigned row, int l)
{
    return dst32(v, row + l / 8, (l & 7) * 2);
}

/* Template 0: SFPIADD VD = VC + 100 (back door: VD 12), CC_NONE */
#define IADD100 ((OP_SFPIADD << 24) | (100 << 12) | (12 << 4) | 1 | 4)
/*
 * Macro 0: Simple: template 0, delay 1, VD 16; Store: SFPSTORE of
 * LReg[16] (VD 16), delay 2.  L16 = L[VD] + 100 at the second Vector Unit
 * instruction after SFPLOADMACRO, stored at the third.
 */
#define SEQ0    ((0x40u | (2 << 3) | 3) << 24 | (0x40 | (1 << 3) | 4))
/*
 * Macro 1: Simple: template 0, delay 0 (VC = VD = VD of SFPLOADMACRO);
 * MAD: template 1, delay 0, VD 16.
 */
#define SEQ1    ((0x40u | 5) << 8 | 4)
/* Misc: UnitDelayKind all WaitForElapsedInstructions, macro 0 Mod0 */
#define MISC_INSNS  0xf10u

static void lm_setup(T *t, uint32_t misc)
{
    push(t, IADD100);
    /* Template 1: SFPMAD VD = 1.0 * 1.0 + VC (back door: VD 13) */
    mad(t, OP_SFPMAD, 10, 10, 3, 13, 0);
    lm_sequence(t, 0, SEQ0);
    lm_sequence(t, 1, SEQ1);
    imm16(t, OP_SFPCONFIG, misc, 8, 1);
}

static void test_loadmacro(const void *data)
{
    T *t = start(data);
    DstView *dv = g_new(DstView, 1);
    uint8_t want[LANES];

    lm_setup(t, MISC_INSNS);
    fetch(t);
    for (int l = 0; l < LANES; l++) {
        g_assert_cmphex(t->st[ST_TEMPLATE(0, l)], ==, IADD100);
        g_assert_cmphex(t->st[ST_TEMPLATE(1, l)], ==, 0x840aa3d0);
        g_assert_cmphex(t->st[ST_SEQUENCE(0, l)], ==, 0x5300004c);
        g_assert_cmphex(t->st[ST_SEQUENCE(1, l)], ==, 0x4504);
        g_assert_cmphex(t->st[ST_MISC(l)], ==, MISC_INSNS);
    }
    /* The back door did not write LReg[12], LReg[13] */
    check_all(t, 12, 0x37800000, "back door L12");
    check_all(t, 13, 0xbf2cc4c7, "back door L13");

    /*
     * Macro 0, instruction-counted: the load, then the SFPIADD reads
     * LReg[2] as the SFPLOADI one instruction later left it
     */
    dst_lanes(t, 0);
    loadmacro(t, 0, 2, FMT_INT32, 0);
    fetch(t);
    for (int l = 0; l < LANES; l++) {
        g_assert_cmphex(lreg(t, 2, l), ==, 2 * l + 3);
    }
    check_all(t, 16, 0, "L16 before its delay");
    loadi(t, 2, LI_USHORT, 1000);
    fetch(t);
    check_all(t, 16, 0, "L16 after one instruction");
    nops(t, 1);
    fetch(t);
    check_all(t, 16, 1100, "L16 = L2 + 100");
    fetch_dst(t, dv);
    g_assert_cmphex(dst_lane(dv, 0, 9), ==, 2 * 9 + 3);
    nops(t, 1);
    fetch_dst(t, dv);
    for (int l = 0; l < LANES; l++) {
        g_assert_cmphex(dst_lane(dv, 0, l), ==, 1100);
    }

    /*
     * Macro 1: SFPIADD and SFPMAD in the same cycle both read the loaded
     * LReg[3] (1.0); so does the SFPSTORE issued then: L3 = 0x3f800064,
     * L16 = 1.0 * 1.0 + 1.0, Dst rows 32.. = 1.0 (not 0x3f800064)
     */
    load32(t, 1, 0x3f800000);
    move(t, OP_SFPSTORE, 1, FMT_FP32, 0, 16);
    loadmacro(t, 1, 3, FMT_FP32, 16);
    move(t, OP_SFPSTORE, 3, FMT_FP32, 0, 32);
    fetch(t);
    check_all(t, 3, 0x3f800064, "L3 += 100");
    check_all(t, 16, 0x40000000, "L16 = 1 * 1 + L3");
    fetch_dst(t, dv);
    for (int l = 0; l < LANES; l++) {
        /* 1.0 as Dst holds FP32 (SFPSTORE.md ShuffleFP32) */
        g_assert_cmphex(dst_lane(dv, 32, l), ==, 0x007f0000);
    }

    /* A regular Simple instruction in that cycle is discarded (logged) */
    load32(t, 4, 0x11111111);
    loadmacro(t, 1, 3, FMT_FP32, 16);
    simple(t, OP_SFPMOV, 0, 3, 4, 0);
    fetch(t);
    check_all(t, 4, 0x11111111, "SFPMOV discarded");
    check_all(t, 3, 0x3f800064, "L3 += 100 again");

    /* Lane predication at execution: lanes 0..15 enabled */
    dst_lanes(t, 0);
    load32(t, 2, 0x55);
    load_lanes(t, 5, -31);
    simple(t, OP_SFPENCC, 3, 0, 0, 2 | 8);
    simple(t, OP_SFPSETCC, 0, 5, 0, 0);
    loadmacro(t, 0, 2, FMT_INT32, 0);
    nops(t, 3);
    fetch(t);
    for (int l = 0; l < LANES; l++) {
        want[l] = l < 16;
    }
    check_flags(t, want, "flags kept");
    simple(t, OP_SFPENCC, 0, 0, 0, 2);
    fetch(t);
    fetch_dst(t, dv);
    for (int l = 0; l < LANES; l++) {
        g_assert_cmphex(lreg(t, 2, l), ==, l < 16 ? 2 * l + 3 : 0x55);
        g_assert_cmphex(lreg(t, 16, l), ==,
                        l < 16 ? 2 * l + 103 : 0x40000000);
        g_assert_cmphex(dst_lane(dv, 0, l), ==,
                        l < 16 ? 2 * l + 103 : 2 * l + 3);
    }

    /*
     * Cycle-counted (Misc UnitDelayKind 0): done by the time the next
     * instruction issues (docs/decisions.md)
     */
    imm16(t, OP_SFPCONFIG, 0x010, 8, 1);
    dst_lanes(t, 0);
    loadmacro(t, 0, 6, FMT_INT32, 0);
    fetch(t);
    fetch_dst(t, dv);
    for (int l = 0; l < LANES; l++) {
        g_assert_cmphex(lreg(t, 6, l), ==, 2 * l + 3);
        g_assert_cmphex(lreg(t, 16, l), ==, 2 * l + 103);
        g_assert_cmphex(dst_lane(dv, 0, l), ==, 2 * l + 103);
    }
    g_free(dv);
    finish(t);
}

/* A snapshot with scheduled instructions outstanding */
static void test_loadmacro_migrate(const void *data)
{
    const TTArch *a = data;
    T *t = start(a);
    DstView *dv = g_new(DstView, 1);

    lm_setup(t, MISC_INSNS);
    dst_lanes(t, 8);
    loadmacro(t, 0, 1, FMT_INT32, 8);
    nops(t, 1);
    migrate_same(t, a);
    check_all(t, 16, 0, "L16 before");
    nops(t, 1);
    fetch(t);
    for (int l = 0; l < LANES; l++) {
        g_assert_cmphex(lreg(t, 16, l), ==, 2 * l + 103);
    }
    fetch_dst(t, dv);
    g_assert_cmphex(dst_lane(dv, 8, 5), ==, 2 * 5 + 3);
    nops(t, 1);
    fetch_dst(t, dv);
    for (int l = 0; l < LANES; l++) {
        g_assert_cmphex(dst_lane(dv, 8, l), ==, 2 * l + 103);
    }
    g_free(dv);
    finish(t);
}

/*
 * LoadMacroConfig differing between lanes.  SFPCONFIG broadcasts LReg[0]'s
 * eight columns; its lane mask (Mod1 8, Imm16 bit 2c: column c) writes
 * some columns only.
 */
#define COLS_EVEN   0x55u
#define COLS_ODD    0xaau
#define COLS_HIGH   0xf0u

/* LoadMacroConfig item @vd (0..8) = @v in the lanes of the columns @cols */
static void lm_config_cols(T *t, unsigned vd, uint32_t v, unsigned cols)
{
    uint32_t mask = 0;

    for (int c = 0; c < 8; c++) {
        if (cols & (1u << c)) {
            mask |= 1u << (2 * c);
        }
    }
    load32(t, 0, v);
    imm16(t, OP_SFPCONFIG, mask, vd, 8);
}

/* Template 2 (back door: VD 14): SFPIADD VD = VC + 7, CC_NONE */
#define IADD7   ((OP_SFPIADD << 24) | (7 << 12) | (14 << 4) | 1 | 4)
/*
 * Macro 2, instruction-counted, Mod0 from the SFPLOADMACRO.  Even
 * columns: Simple: template 0 (VD + 100), delay 0, VD 16; Store: LReg[16],
 * delay 1.  Odd columns: nothing on Simple; Store: VD, delay 2.
 */
#define SEQ2_EVEN   ((0x40u | (1 << 3) | 3) << 24 | (0x40 | 4))
#define SEQ2_ODD    (((2u << 3) | 3) << 24)
#define MISC2       (0xf00u | (1 << (4 + 2)))

/*
 * Templates 0 (IADD100) and 1 (SFPMAD 1.0 * 1.0 + VC) in every lane,
 * template 2 (IADD7) in columns 4..7; macro 2 as SEQ2_EVEN / SEQ2_ODD;
 * Misc 0 (cycle-counted)
 */
static void lm_lanes_setup(T *t)
{
    lm_setup(t, 0);
    lm_config_cols(t, 2, IADD7, COLS_HIGH);
    lm_config_cols(t, 6, SEQ2_EVEN, COLS_EVEN);
    lm_config_cols(t, 6, SEQ2_ODD, COLS_ODD);
}

/*
 * Macro 2 (Misc MISC2) on Dst rows @row.. (lane l: 2 * l + 3) into
 * LReg[5], then one Simple instruction (SFPMOV LReg[6] = LReg[5], with
 * LReg[6] 0x11111111 before): the scheduled SFPIADD takes the even
 * lanes' Simple sub-unit at that time
 */
static void lm_lanes_macro2(T *t, unsigned row)
{
    imm16(t, OP_SFPCONFIG, MISC2, 8, 1);
    dst_lanes(t, row);
    load32(t, 6, 0x11111111);
    loadmacro(t, 2, 5, FMT_INT32, row);
    simple(t, OP_SFPMOV, 0, 5, 6, 0);
}

/* After lm_lanes_macro2(): the registers, Dst not written yet */
static void lm_lanes_check_macro2(T *t, DstView *dv, unsigned row)
{
    fetch(t);
    fetch_dst(t, dv);
    for (int l = 0; l < LANES; l++) {
        bool even = !(l & 1);

        g_assert_cmphex(lreg(t, 5, l), ==, 2 * l + 3);
        /* Discarded in the even lanes only */
        g_assert_cmphex(lreg(t, 6, l), ==, even ? 0x11111111 : 2 * l + 3);
        /* Odd lanes: L16 as macro 0 left it */
        g_assert_cmphex(lreg(t, 16, l), ==, even ? 2 * l + 103 : 0x40000000);
        g_assert_cmphex(dst_lane(dv, row, l), ==, 2 * l + 3);
    }
}

/*
 * Then: the even lanes' SFPSTORE of LReg[16] runs with the next
 * instruction (LReg[5] = 0x55), the odd lanes' SFPSTORE of LReg[5] with
 * the one after
 */
static void lm_lanes_finish_macro2(T *t, DstView *dv, unsigned row)
{
    loadi(t, 5, LI_USHORT, 0x55);
    fetch_dst(t, dv);
    for (int l = 0; l < LANES; l++) {
        g_assert_cmphex(dst_lane(dv, row, l), ==,
                        l & 1 ? 2 * l + 3 : 2 * l + 103);
    }
    nops(t, 1);
    fetch_dst(t, dv);
    for (int l = 0; l < LANES; l++) {
        g_assert_cmphex(dst_lane(dv, row, l), ==,
                        l & 1 ? 0x55 : 2 * l + 103);
    }
}

static void test_loadmacro_lanes(const void *data)
{
    T *t = start(data);
    DstView *dv = g_new(DstView, 1);

    lm_lanes_setup(t);
    /*
     * Macro 0: Simple template 0 in the even columns, MAD template 1 in
     * the odd ones, both delay 0; the odd columns' result goes to L16
     */
    lm_config_cols(t, 4, 0x04, COLS_EVEN);
    lm_config_cols(t, 4, 0x4500, COLS_ODD);
    fetch(t);
    for (int l = 0; l < LANES; l++) {
        g_assert_cmphex(t->st[ST_SEQUENCE(0, l)], ==,
                        l & 1 ? 0x4500 : 0x04);
        g_assert_cmphex(t->st[ST_SEQUENCE(2, l)], ==,
                        l & 1 ? SEQ2_ODD : SEQ2_EVEN);
        g_assert_cmphex(t->st[ST_TEMPLATE(2, l)], ==,
                        (l & 7) >= 4 ? IADD7 : 0);
        g_assert_cmphex(t->st[ST_MISC(l)], ==, 0);
    }

    /*
     * Cycle-counted: done by the next instruction.  Even lanes:
     * L2 = 1.0 + 100 (integer), L16 untouched (0); odd lanes: L2 = 1.0 as
     * loaded, L16 = 1.0 * 1.0 + L2 = 2.0
     */
    load32(t, 1, 0x3f800000);
    move(t, OP_SFPSTORE, 1, FMT_FP32, 0, 16);
    loadmacro(t, 0, 2, FMT_FP32, 16);
    fetch(t);
    for (int l = 0; l < LANES; l++) {
        g_assert_cmphex(lreg(t, 2, l), ==, l & 1 ? 0x3f800000 : 0x3f800064);
        g_assert_cmphex(lreg(t, 16, l), ==, l & 1 ? 0x40000000 : 0);
    }

    /*
     * Macro 1's sequence (Simple: template 2, delay 0) is the same in
     * every lane, template 2 is not: SFPIADD + 7 in columns 4..7;
     * columns 0..3 hold 0, not a Simple instruction: SFPNOP
     */
    lm_config_cols(t, 5, 0x06, 0xff);
    dst_lanes(t, 0);
    loadmacro(t, 1, 3, FMT_INT32, 0);
    fetch(t);
    for (int l = 0; l < LANES; l++) {
        g_assert_cmphex(lreg(t, 3, l), ==,
                        (l & 7) >= 4 ? 2 * l + 10 : 2 * l + 3);
    }

    /*
     * Macro 2, instruction-counted: per lane, a scheduled instruction
     * takes the Simple sub-unit, and the Store sub-unit runs at a
     * different time
     */
    lm_lanes_macro2(t, 8);
    lm_lanes_check_macro2(t, dv, 8);
    lm_lanes_finish_macro2(t, dv, 8);

    /*
     * The sequencer is empty again; every lane configured alike once
     * more: macro 0 back as in test_loadmacro (SEQ0, L16 = L + 100)
     */
    imm16(t, OP_SFPCONFIG, MISC_INSNS, 8, 1);
    lm_sequence(t, 0, SEQ0);
    dst_lanes(t, 0);
    loadmacro(t, 0, 2, FMT_INT32, 0);
    nops(t, 3);
    fetch(t);
    fetch_dst(t, dv);
    for (int l = 0; l < LANES; l++) {
        g_assert_cmphex(lreg(t, 16, l), ==, 2 * l + 103);
        g_assert_cmphex(dst_lane(dv, 0, l), ==, 2 * l + 103);
    }
    g_free(dv);
    finish(t);
}

/* A snapshot with per-lane scheduled instructions outstanding */
static void test_loadmacro_lanes_migrate(const void *data)
{
    const TTArch *a = data;
    T *t = start(a);
    DstView *dv = g_new(DstView, 1);

    lm_lanes_setup(t);
    /* L16 of the odd lanes as lm_lanes_check_macro2() expects */
    lm_config_cols(t, 4, 0x4500, 0xff);
    load32(t, 1, 0x3f800000);
    move(t, OP_SFPSTORE, 1, FMT_FP32, 0, 16);
    loadmacro(t, 0, 2, FMT_FP32, 16);

    lm_lanes_macro2(t, 24);
    migrate_same(t, a);
    lm_lanes_check_macro2(t, dv, 24);
    lm_lanes_finish_macro2(t, dv, 24);
    g_free(dv);
    finish(t);
}

/* ---------------------------------------------------------------------- */
/* Migration                                                              */
/* ---------------------------------------------------------------------- */

static void test_migrate(const void *data)
{
    const TTArch *a = data;
    T *t = start(a);

    load_lanes(t, 0, 3);
    load32(t, 7, 0x12345678);
    imm16(t, OP_SFPCONFIG, 0, 11, 0);
    imm16(t, OP_SFPCONFIG, 0x1234, 6, 1);
    imm16(t, OP_SFPCONFIG, 0x4, 15, 1);
    simple(t, OP_SFPENCC, 3, 0, 0, 2 | 8);
    simple(t, OP_SFPPUSHC, 0, 0, 0, 0);
    simple(t, OP_SFPSETCC, 0, 0, 0, 4);
    simple(t, OP_SFPNOP, 0, 0, 0, 0);
    migrate_same(t, a);
    finish(t);
}

int main(int argc, char **argv)
{
    static const TTTestCase tests[] = {
        { "reset-loadi", test_reset_loadi },
        { "formats", test_formats },
        { "addressing", test_addressing },
        { "int32-all", test_int32_all },
        { "config", test_config },
        { "cc", test_cc },
        { "fma", test_fma },
        { "int", test_int },
        { "fields", test_fields },
        { "conv", test_conv },
        { "lanes", test_lanes },
        { "lut", test_lut },
        { "migrate", test_migrate },
        { "loadmacro", test_loadmacro },
        { "loadmacro-migrate", test_loadmacro_migrate },
        { "loadmacro-lanes", test_loadmacro_lanes },
        { "loadmacro-lanes-migrate", test_loadmacro_lanes_migrate },
    };

    g_test_init(&argc, &argv, NULL);
    tt_add_tests("tensix/sfpu", tt_blackhole.name, &tt_blackhole, tests,
                 G_N_ELEMENTS(tests));
    tt_add_tests("tensix/sfpu", tt_wormhole.name, &tt_wormhole, tests,
                 G_N_ELEMENTS(tests));
    return g_test_run();
}
