/*
 * qemu-tensix test: the baby cores' floating point
 *
 * Blackhole (BlackholeA0/TensixTile/BabyRISCV/InstructionSet.md, CSRs.md):
 * part of F.  Rounding mode bits are ignored (always RNE, static or
 * dynamic, conversions too); no fflags or frm CSR, but fcsr; no fdiv.s or
 * fsqrt.s; fadd.s, fsub.s and fmul.s treat denormal inputs as zero and
 * flush denormal results to zero; the fmadd.s family computes as
 * Miscellaneous/FMA's fma_model_bh.  mstatus.FS is always dirty, so the
 * program uses F without enabling it.  Part of Zfh, with the same rules
 * (the multiply-add as fma_model_bh at half precision: docs/decisions.md);
 * cfg0.EnBFloat (bit 30) makes the .h instructions work on bfloat16,
 * rounding towards zero unless cfg0.EnBFloatRTNE (bit 31).  Wormhole: no
 * F at all.
 *
 * Every expected value is worked out next to its check.  A trap handler
 * of the library's (tt_skip_trap) records mcause and steps over the
 * instruction, for the instructions that must be illegal.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "tt.h"

/*
 * Around an instruction that may trap: F and Zfh assembled, tt_skip_trap
 * installed (the old mtvec in %1), tt_trap_cause cleared before and read
 * after
 */
#define TRAP_ON     ".option push\n"                                       \
                    ".option arch, +f, +zfh\n"                             \
                    TT_SKIP_TRAP_ON
#define TRAP_OFF    TT_SKIP_TRAP_OFF                                       \
                    ".option pop\n"
#define TRAPPED(cause, stmt)                                                \
    ({                                                                      \
        uint32_t r_ = 0xdeadbeef, old_;                                     \
        tt_trap_cause = 0;                                                  \
        stmt;                                                               \
        *(cause) = tt_trap_cause;                                           \
        r_;                                                                 \
    })

/* @insn on ft1, ft2, ft3 = @a, @b, @c; the result from ft0 (0 before) */
#define FP_OP(insn, a, b, c, cause)                                         \
    TRAPPED(cause, __asm__ volatile(TRAP_ON                                 \
                                    "fmv.w.x ft1, %2\n"                    \
                                    "fmv.w.x ft2, %3\n"                    \
                                    "fmv.w.x ft3, %4\n"                    \
                                    "fmv.w.x ft0, zero\n"                  \
                                    insn "\n"                              \
                                    "fmv.x.w %0, ft0\n"                    \
                                    TRAP_OFF                                \
                                    : "=&r"(r_), "=&r"(old_)                \
                                    : "r"(a), "r"(b), "r"(c)                \
                                    : "t0", "t1", "ft0", "ft1", "ft2",      \
                                      "ft3", "memory"))

/* An integer result (fcvt.w.s) in %0, from ft1 = @a */
#define FP_TO_INT(insn, a, cause)                                           \
    TRAPPED(cause, __asm__ volatile(TRAP_ON                                 \
                                    "fmv.w.x ft1, %2\n"                    \
                                    insn "\n"                              \
                                    TRAP_OFF                                \
                                    : "+&r"(r_), "=&r"(old_)                \
                                    : "r"(a)                                \
                                    : "t0", "t1", "ft1", "memory"))

/* A CSR access (%0 the value read, %2 @v the value written) */
#define FP_CSR(insn, v, cause)                                              \
    TRAPPED(cause, __asm__ volatile(TRAP_ON                                 \
                                    insn "\n"                              \
                                    TRAP_OFF                                \
                                    : "+&r"(r_), "=&r"(old_)                \
                                    : "r"(v)                                \
                                    : "t0", "t1", "memory"))

/* A half-precision value NaN-boxed in a 32-bit register (FLEN 32) */
#define H(v)            (0xffff0000u | (v))

#define CSR_CFG0        "0x7c0"
#define EN_BFLOAT       (1u << 30)
#define EN_BFLOAT_RTNE  (1u << 31)

#define ONE             0x3f800000u     /* 1.0 */
#define TWO             0x40000000u
#define THREE           0x40400000u

#if defined(TT_ARCH_BH)
/*
 * Zfh, IEEE binary16 (cfg0.EnBFloat clear, as after reset): 1.0 = 0x3c00,
 * 1.5 = 0x3e00, 2.0 = 0x4000, 3.0 = 0x4200
 */
static void check_fp16(void)
{
    uint32_t cause;

    TT_CHECK(FP_OP("fadd.h ft0, ft1, ft2", H(0x3c00), H(0x4000), 0, &cause),
             H(0x4200));
    TT_CHECK(cause, 0);
    TT_CHECK(FP_OP("fmul.h ft0, ft1, ft2", H(0x4000), H(0x3e00), 0, &cause),
             H(0x4200));
    TT_CHECK(FP_OP("fsub.h ft0, ft1, ft2", H(0x4200), H(0x3c00), 0, &cause),
             H(0x4000));
    /* 2 * 3 + 1 = 7 (0x4700); fnmadd -(2 * 3) - 1 = -7 (0xc700) */
    TT_CHECK(FP_OP("fmadd.h ft0, ft1, ft2, ft3", H(0x4000), H(0x4200),
                   H(0x3c00), &cause), H(0x4700));
    TT_CHECK(FP_OP("fnmadd.h ft0, ft1, ft2, ft3", H(0x4000), H(0x4200),
                   H(0x3c00), &cause), H(0xc700));
    /*
     * Always to nearest even: 1 + 1.5 ulp(1) (1.5 * 2^-10 = 0x1600) is a
     * tie between 0x3c01 and 0x3c02, the even one wins, even with rtz
     */
    TT_CHECK(FP_OP("fadd.h ft0, ft1, ft2, rtz", H(0x3c00), H(0x1600), 0,
                   &cause), H(0x3c02));
    /*
     * Denormal input: 2^-15 (0x0200) * 2^10 (0x6400) would be 2^-5; +0.
     * Denormal result: 2^-10 (0x1400) squared is 2^-20, below 2^-14: +0,
     * and -0 for -2^-10
     */
    TT_CHECK(FP_OP("fmul.h ft0, ft1, ft2", H(0x0200), H(0x6400), 0, &cause),
             H(0));
    TT_CHECK(FP_OP("fmul.h ft0, ft1, ft2", H(0x1400), H(0x1400), 0, &cause),
             H(0));
    TT_CHECK(FP_OP("fmul.h ft0, ft1, ft2", H(0x9400), H(0x1400), 0, &cause),
             H(0x8000));
    /*
     * fma_model_bh's product overflow: 2^15 * 2 + -2^15 is 2^15 (0x7800)
     * fused; the product alone is 2^16, beyond binary16: +inf (0x7c00)
     */
    TT_CHECK(FP_OP("fmadd.h ft0, ft1, ft2, ft3", H(0x7800), H(0x4000),
                   H(0xf800), &cause), H(0x7c00));
    /* inf - inf: the canonical NaN 0x7e00 */
    TT_CHECK(FP_OP("fsub.h ft0, ft1, ft2", H(0x7c00), H(0x7c00), 0, &cause),
             H(0x7e00));
    /* Conversions: 1.5 <-> 0x3fc00000; (int)2.5 to nearest even is 2 */
    TT_CHECK(FP_OP("fcvt.s.h ft0, ft1", H(0x3e00), 0, 0, &cause),
             0x3fc00000);
    TT_CHECK(FP_OP("fcvt.h.s ft0, ft1", 0x3fc00000, 0, 0, &cause),
             H(0x3e00));
    TT_CHECK(FP_TO_INT("fcvt.w.h %0, ft1, rtz", H(0x4100), &cause), 2);
    /* 0x7f80 is a quiet NaN in binary16: fclass bit 9 */
    TT_CHECK(FP_TO_INT("fclass.h %0, ft1", H(0x7f80), &cause), 1u << 9);
    TT_CHECK(FP_TO_INT("feq.h %0, ft1, ft1", H(0x7f80), &cause), 0);
    /* No division, no square root */
    TT_CHECK(FP_OP("fdiv.h ft0, ft1, ft2", H(0x4200), H(0x4000), 0, &cause),
             0);
    TT_CHECK(cause, TT_MCAUSE_ILLEGAL);
    TT_CHECK(FP_OP("fsqrt.h ft0, ft1", H(0x4400), 0, 0, &cause), 0);
    TT_CHECK(cause, TT_MCAUSE_ILLEGAL);
}

/*
 * cfg0.EnBFloat: the same instructions on bfloat16 (1.0 = 0x3f80, 1.5 =
 * 0x3fc0, 2.0 = 0x4000, 3.0 = 0x4040), towards zero unless EnBFloatRTNE
 */
static void check_bf16(void)
{
    uint32_t cause, cfg0;

    __asm__ volatile("csrr %0, " CSR_CFG0 : "=r"(cfg0));
    __asm__ volatile("csrw " CSR_CFG0 ", %0" : : "r"(cfg0 | EN_BFLOAT));
    TT_CHECK(FP_OP("fadd.h ft0, ft1, ft2", H(0x3f80), H(0x4000), 0, &cause),
             H(0x4040));
    TT_CHECK(cause, 0);
    TT_CHECK(FP_OP("fmul.h ft0, ft1, ft2", H(0x4000), H(0x3fc0), 0, &cause),
             H(0x4040));
    /* 2 * 3 + 1 = 7 (0x40e0) */
    TT_CHECK(FP_OP("fmadd.h ft0, ft1, ft2, ft3", H(0x4000), H(0x4040),
                   H(0x3f80), &cause), H(0x40e0));
    /*
     * 1 + 1.5 ulp(1) (1.5 * 2^-7 = 0x3c40): towards zero 0x3f81, however
     * the instruction asks to round (rne here)
     */
    TT_CHECK(FP_OP("fadd.h ft0, ft1, ft2, rne", H(0x3f80), H(0x3c40), 0,
                   &cause), H(0x3f81));
    /* FP32 1 + 1.5 * 2^-7 (0x3f818000) to bfloat16: 0x3f81 too */
    TT_CHECK(FP_OP("fcvt.h.s ft0, ft1", 0x3f818000, 0, 0, &cause),
             H(0x3f81));
    /* (int)2.75 (0x4030) towards zero: 2 */
    TT_CHECK(FP_TO_INT("fcvt.w.h %0, ft1", H(0x4030), &cause), 2);
    /* 0x3fc0 is 1.5 (0x3fc00000); 0x7f80 is +inf (fclass bit 7) */
    TT_CHECK(FP_OP("fcvt.s.h ft0, ft1", H(0x3fc0), 0, 0, &cause),
             0x3fc00000);
    TT_CHECK(FP_TO_INT("fclass.h %0, ft1", H(0x7f80), &cause), 1u << 7);
    /* +inf equals itself (in binary16 0x7f80 is a NaN: below) */
    TT_CHECK(FP_TO_INT("feq.h %0, ft1, ft1", H(0x7f80), &cause), 1);

    /* EnBFloatRTNE: the ties go to even (0x3f82), 2.75 to 3 */
    __asm__ volatile("csrw " CSR_CFG0 ", %0"
                     : : "r"(cfg0 | EN_BFLOAT | EN_BFLOAT_RTNE));
    TT_CHECK(FP_OP("fadd.h ft0, ft1, ft2", H(0x3f80), H(0x3c40), 0, &cause),
             H(0x3f82));
    TT_CHECK(FP_OP("fcvt.h.s ft0, ft1", 0x3f818000, 0, 0, &cause),
             H(0x3f82));
    TT_CHECK(FP_TO_INT("fcvt.w.h %0, ft1", H(0x4030), &cause), 3);

    /* EnBFloat clear again: binary16, where 0x3c00 + 0x4000 is 0x4200 */
    __asm__ volatile("csrw " CSR_CFG0 ", %0" : : "r"(cfg0));
    TT_CHECK(FP_OP("fadd.h ft0, ft1, ft2", H(0x3c00), H(0x4000), 0, &cause),
             H(0x4200));
}
#endif

/* BRISC alone: the other cores stay in soft reset */
void ncrisc_main(void)
{
}

void trisc_main(int t)
{
}

int brisc_main(void)
{
    uint32_t cause;

    tt_printf("baby_fp (%s)\n", TT_ARCH_NAME);

#if defined(TT_ARCH_WH)
    /* Wormhole's baby cores have no F: every F instruction is illegal */
    FP_OP("fadd.s ft0, ft1, ft2", ONE, TWO, 0, &cause);
    TT_CHECK(cause, TT_MCAUSE_ILLEGAL);
    FP_CSR("csrr %0, fcsr", 0, &cause);
    TT_CHECK(cause, TT_MCAUSE_ILLEGAL);
#else
    /* 1 + 2 = 3, exact */
    TT_CHECK(FP_OP("fadd.s ft0, ft1, ft2", ONE, TWO, 0, &cause), THREE);
    TT_CHECK(cause, 0);
    /* 3 - 1 = 2; 2 * 1.5 = 3 */
    TT_CHECK(FP_OP("fsub.s ft0, ft1, ft2", THREE, ONE, 0, &cause), TWO);
    TT_CHECK(FP_OP("fmul.s ft0, ft1, ft2", TWO, 0x3fc00000u, 0, &cause),
             THREE);

    /*
     * fcsr exists (frm = RTZ written into bits 7:5 reads back), fflags and
     * frm do not
     */
    TT_CHECK(FP_CSR("csrrw %0, fcsr, %2", 0x20u, &cause), 0);
    TT_CHECK(cause, 0);
    TT_CHECK(FP_CSR("csrr %0, fcsr", 0, &cause), 0x20);
    TT_CHECK(cause, 0);
    FP_CSR("csrr %0, fflags", 0, &cause);
    TT_CHECK(cause, TT_MCAUSE_ILLEGAL);
    FP_CSR("csrr %0, frm", 0, &cause);
    TT_CHECK(cause, TT_MCAUSE_ILLEGAL);

    /*
     * Rounding is RNE whatever the mode: 1 + 1.5 ulp(1) (0x34400000 =
     * 1.5 * 2^-23) is 1 + 2 ulp = 0x3f800002 to nearest (RTZ would give
     * 0x3f800001), with frm = RTZ (dynamic) and with a static rtz
     */
    TT_CHECK(FP_OP("fadd.s ft0, ft1, ft2", ONE, 0x34400000u, 0, &cause),
             0x3f800002);
    TT_CHECK(FP_OP("fadd.s ft0, ft1, ft2, rtz", ONE, 0x34400000u, 0,
                   &cause), 0x3f800002);
    TT_CHECK(FP_OP("fadd.s ft0, ft1, ft2, rdn", ONE, 0x34400000u, 0,
                   &cause), 0x3f800002);
    /* (int)2.7f: fcvt.w.s rtz gives 3 (2.7 to nearest), not 2 */
    TT_CHECK(FP_TO_INT("fcvt.w.s %0, ft1, rtz", 0x402ccccdu, &cause), 3);
    TT_CHECK(cause, 0);
    FP_CSR("csrw fcsr, %2", 0u, &cause);

    /*
     * Denormal inputs are zero: 2^-127 (0x00400000) * 2^100 would be
     * 2^-27 (0x32000000); it is +0
     */
    TT_CHECK(FP_OP("fmul.s ft0, ft1, ft2", 0x00400000u, 0x71800000u, 0,
                   &cause), 0);
    /* 2^-127 + 1.0 = 1.0 */
    TT_CHECK(FP_OP("fadd.s ft0, ft1, ft2", 0x00400000u, ONE, 0, &cause),
             ONE);
    /*
     * Denormal results are flushed to a zero of their sign: 2^-100
     * (0x0d800000) * 2^-30 (0x30800000) = 2^-130 (denormal 0x00200000)
     * -> +0; with -2^-100, -0
     */
    TT_CHECK(FP_OP("fmul.s ft0, ft1, ft2", 0x0d800000u, 0x30800000u, 0,
                   &cause), 0);
    TT_CHECK(FP_OP("fmul.s ft0, ft1, ft2", 0x8d800000u, 0x30800000u, 0,
                   &cause), 0x80000000u);
    /* x - x = +0 to nearest; -0 * 1 = -0 (a product keeps its sign) */
    TT_CHECK(FP_OP("fsub.s ft0, ft1, ft2", THREE, THREE, 0, &cause), 0);
    TT_CHECK(FP_OP("fmul.s ft0, ft1, ft2", 0x80000000u, ONE, 0, &cause),
             0x80000000u);

    /*
     * The multiply-adds: 2 * 3 + 1 = 7 (0x40e00000); fmsub 2 * 3 - 1 = 5
     * (0x40a00000); fnmsub -(2 * 3) + 1 = -5 (0xc0a00000); fnmadd
     * -(2 * 3) - 1 = -7 (0xc0e00000)
     */
    TT_CHECK(FP_OP("fmadd.s ft0, ft1, ft2, ft3", TWO, THREE, ONE, &cause),
             0x40e00000);
    TT_CHECK(FP_OP("fmsub.s ft0, ft1, ft2, ft3", TWO, THREE, ONE, &cause),
             0x40a00000);
    TT_CHECK(FP_OP("fnmsub.s ft0, ft1, ft2, ft3", TWO, THREE, ONE, &cause),
             0xc0a00000u);
    TT_CHECK(FP_OP("fnmadd.s ft0, ft1, ft2, ft3", TWO, THREE, ONE, &cause),
             0xc0e00000u);
    /*
     * Not IEEE's fused operation (FMA/README.md "fma_model_bh"): x * y
     * that overflows on its own is infinity, even where the fused result
     * is finite: 2^127 * 2 + -2^127 is 2^127 (0x7f000000) fused, +inf
     * here
     */
    TT_CHECK(FP_OP("fmadd.s ft0, ft1, ft2, ft3", 0x7f000000u, TWO,
                   0xff000000u, &cause), 0x7f800000);
    /* NaN results are the canonical 0x7fc00000: inf - inf */
    TT_CHECK(FP_OP("fsub.s ft0, ft1, ft2", 0x7f800000u, 0x7f800000u, 0,
                   &cause), 0x7fc00000);

    /* No division, no square root: both illegal, ft0 untouched (0) */
    TT_CHECK(FP_OP("fdiv.s ft0, ft1, ft2", THREE, TWO, 0, &cause), 0);
    TT_CHECK(cause, TT_MCAUSE_ILLEGAL);
    TT_CHECK(FP_OP("fsqrt.s ft0, ft1", 0x40800000u, 0, 0, &cause), 0);
    TT_CHECK(cause, TT_MCAUSE_ILLEGAL);

    check_fp16();
    check_bf16();
#endif
    return tt_summary("baby_fp", tt_nfails, tt_nchecks);
}
