/*
 * qemu-tensix test: Blackhole TRISC2's vector instructions
 *
 * BlackholeA0/TensixTile/BabyRISCV/InstructionSet.md: RISCV T2 alone has
 * part of V: 16-byte vector registers (VLEN 128), elements of at most 32
 * bits; vxsat and vxrm but no vcsr; no integer division or remainder; no
 * vfdiv, vfrdiv, vfsqrt, vfrsqrt7 or vfrec7; floating point with the
 * scalar instructions' rules (always to nearest even, denormals flushed,
 * Miscellaneous/FMA's fma_model_bh for the multiply-adds).  mstatus.VS is
 * dirty from reset (mstatus reads 0x80006600 on silicon), so the program
 * uses V without enabling it.  BRISC has no V.  Wormhole: no V anywhere.
 *
 * Every expected value is worked out next to its check; tt_skip_trap records
 * mcause of the instructions that must be illegal and steps over them.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "tt.h"

/*
 * @insn with tt_skip_trap installed, V and F assembled; %0 in and out,
 * %2 the address of the operands (ops[] below), %3 an integer.  The trap
 * cause (0 if none) goes to *@cause.
 */
#define V_RUN(insn, v, addr, n, cause)                                      \
    ({                                                                      \
        uint32_t r_ = (v), old_;                                            \
        tt_trap_cause = 0;                                                  \
        __asm__ volatile(".option push\n"                                   \
                         ".option arch, +f, +zve32f\n"                      \
                         TT_SKIP_TRAP_ON                                    \
                         insn "\n"                                          \
                         TT_SKIP_TRAP_OFF                                   \
                         ".option pop\n"                                    \
                         : "+&r"(r_), "=&r"(old_)                           \
                         : "r"(addr), "r"(n)                                \
                         : "t0", "t1", "t2", "memory");                     \
        *(cause) = tt_trap_cause;                                           \
        r_;                                                                 \
    })

#if defined(TT_ARCH_BH)

#define CHECK2(got, want)   TT_CORE_CHECK(TT_TRISC2, (got), (want))
/* @insn traps as illegal on TRISC2 (%3 is 3 for a .vx form) */
#define ILLEGAL2(insn)                                                      \
    do {                                                                    \
        uint32_t c_;                                                        \
        V_RUN(insn, 0, 0, 3, &c_);                                          \
        CHECK2(c_, TT_MCAUSE_ILLEGAL);                                         \
    } while (0)

/*
 * Operands, one array so that the code reaches each by an offset: a at
 * 0, b at 16, c at 32 bytes, then out at 48 (FP32 bit patterns)
 */
static volatile uint32_t ops[16] = {
    /* a */ 0x40000000, 0x7f000000, 0x00400000, 0x3f800000,
    /*      2           2^127       2^-127 (a denormal)    1 */
    /* b */ 0x40400000, 0x40000000, 0x71800000, 0x3f800000,
    /*      3           2           2^100       1 */
    /* c */ 0x3f800000, 0xff000000, 0x00000000, 0x34400000,
    /*      1           -2^127      0           1.5 * 2^-23: 1.5 ulp(1) */
};
#define out (&ops[12])
/* Read and written by vector loads and stores */
static volatile uint32_t ints[8] = { 1, 2, 3, 4, 10, 20, 30, 40 };

static void trisc2(TTResult *r, uint32_t errors)
{
    uint32_t cause, v;

    /* After TRISC0 and TRISC1: one tt_trap_cause serves every core */
    tt_wait_eq(&tt_results[TT_TRISC0].magic, TT_RESULT_MAGIC, 5000);
    tt_wait_eq(&tt_results[TT_TRISC1].magic, TT_RESULT_MAGIC, 5000);

    /* VLEN 128: four 32-bit lanes at LMUL 1, 128 bytes at e8 / LMUL 8 */
    v = V_RUN("vsetvli %0, %0, e32, m1, ta, ma", 100, 0, 0, &cause);
    CHECK2(v, 4);
    CHECK2(cause, 0);
    CHECK2(V_RUN("vsetvli %0, %0, e8, m8, ta, ma", 1000, 0, 0, &cause), 128);
    CHECK2(V_RUN("csrr %0, vlenb", 0, 0, 0, &cause), 16);

    /*
     * vfmacc.vv with frm = RTZ in fcsr (ignored: always to nearest even):
     * 2 * 3 + 1 = 7 (0x40e00000); 2^127 * 2 + -2^127 is 2^127 fused but
     * the product alone overflows: +inf (fma_model_bh); a denormal times
     * 2^100 is 0 + 0 = +0; 1 * 1 + 1.5 ulp is a tie, to even: 0x3f800002
     */
    V_RUN("csrw fcsr, %0", 0x20, 0, 0, &cause);
    V_RUN("vsetivli zero, 4, e32, m1, ta, ma\n"
          "vle32.v v1, (%2)\n"
          "addi t2, %2, 16\n"
          "vle32.v v2, (t2)\n"
          "addi t2, %2, 32\n"
          "vle32.v v3, (t2)\n"
          "vfmacc.vv v3, v1, v2\n"
          "addi t2, %2, 48\n"
          "vse32.v v3, (t2)", 0, ops, 0, &cause);
    CHECK2(cause, 0);
    CHECK2(out[0], 0x40e00000);
    CHECK2(out[1], 0x7f800000);
    CHECK2(out[2], 0);
    CHECK2(out[3], 0x3f800002);
    V_RUN("csrw fcsr, %0", 0, 0, 0, &cause);

    /*
     * vfadd: 2 + 3 = 5 (0x40a00000); 2^127 + 2 = 2^127; 2^-127 (a
     * denormal, so 0) + 2^100 = 2^100; 1 + 1 = 2.  vfredusum of b:
     * 0 + 3 + 2 + 2^100 + 1 is 2^100 (0x71800000) at FP32 precision
     */
    V_RUN("vsetivli zero, 4, e32, m1, ta, ma\n"
          "vle32.v v1, (%2)\n"
          "addi t2, %2, 16\n"
          "vle32.v v2, (t2)\n"
          "vfadd.vv v4, v1, v2\n"
          "addi t2, %2, 48\n"
          "vse32.v v4, (t2)", 0, ops, 0, &cause);
    CHECK2(out[0], 0x40a00000);
    CHECK2(out[1], 0x7f000000);
    CHECK2(out[2], 0x71800000);
    CHECK2(out[3], 0x40000000);
    v = V_RUN("vsetivli zero, 4, e32, m1, ta, ma\n"
              "addi t2, %2, 16\n"
              "vle32.v v2, (t2)\n"
              "vmv.s.x v7, zero\n"
              "vfredusum.vs v6, v2, v7\n"
              "vmv.x.s %0, v6", 0, ops, 0, &cause);
    CHECK2(v, 0x71800000);
    /* inf - inf in vfsub: the canonical NaN */
    V_RUN("vsetivli zero, 4, e32, m1, ta, ma\n"
          "vle32.v v1, (%2)\n"
          "vfadd.vv v5, v1, v1\n"       /* 2^127 + 2^127 = +inf */
          "vfsub.vv v5, v5, v5\n"
          "addi t2, %2, 48\n"
          "vse32.v v5, (t2)", 0, ops, 0, &cause);
    CHECK2(out[1], 0x7fc00000);
    CHECK2(out[0], 0);                  /* 4 - 4 */

    /* Integers: {1,2,3,4} + {10,20,30,40}; vxrm exists (2 reads back) */
    V_RUN("vsetivli zero, 4, e32, m1, ta, ma\n"
          "vle32.v v1, (%2)\n"
          "addi t2, %2, 16\n"
          "vle32.v v2, (t2)\n"
          "vadd.vv v1, v1, v2\n"
          "vse32.v v1, (%2)", 0, ints, 0, &cause);
    CHECK2(ints[0], 11);
    CHECK2(ints[3], 44);
    CHECK2(V_RUN("csrw vxrm, %0\ncsrr %0, vxrm", 2, 0, 0, &cause), 2);
    CHECK2(cause, 0);
    V_RUN("csrr %0, vxsat", 0, 0, 0, &cause);
    CHECK2(cause, 0);

    /* What T2 lacks: vcsr, division, remainder, vfdiv, square roots */
    ILLEGAL2("csrr %0, vcsr");
    ILLEGAL2("vdiv.vv v1, v2, v3");
    ILLEGAL2("vremu.vx v1, v2, %3");
    ILLEGAL2("vfdiv.vv v1, v2, v3");
    ILLEGAL2("vfrdiv.vf v1, v2, ft0");
    ILLEGAL2("vfsqrt.v v1, v2");
    ILLEGAL2("vfrec7.v v1, v2");
    ILLEGAL2("vfrsqrt7.v v1, v2");
    /* ... but vmul and vfmul are there: 2 * 3 = 6 (0x40c00000) */
    V_RUN("vsetivli zero, 4, e32, m1, ta, ma\n"
          "vle32.v v1, (%2)\n"
          "addi t2, %2, 16\n"
          "vle32.v v2, (t2)\n"
          "vfmul.vv v1, v1, v2\n"
          "addi t2, %2, 48\n"
          "vse32.v v1, (t2)", 0, ops, 0, &cause);
    CHECK2(cause, 0);
    CHECK2(out[0], 0x40c00000);
    /* 2^-127 (denormal) * 2^100: +0 */
    CHECK2(out[2], 0);
    tt_publish(r, errors);
}

/* TRISC0 and TRISC1 have no V (TRISC1 after TRISC0: one tt_trap_cause) */
static void no_vector(int core, TTResult *r, uint32_t errors)
{
    uint32_t cause;

    if (core == TT_TRISC1) {
        tt_wait_eq(&tt_results[TT_TRISC0].magic, TT_RESULT_MAGIC, 5000);
    }
    V_RUN("vsetvli %0, %0, e32, m1, ta, ma", 4, 0, 0, &cause);
    TT_CORE_CHECK(core, cause, TT_MCAUSE_ILLEGAL);
    tt_publish(r, errors);
}

static void trisc0(TTResult *r, uint32_t errors)
{
    no_vector(TT_TRISC0, r, errors);
}

static void trisc1(TTResult *r, uint32_t errors)
{
    no_vector(TT_TRISC1, r, errors);
}

void trisc_main(int t)
{
    static TTTriscFn *const fn[3] = { trisc0, trisc1, trisc2 };

    tt_trisc_dispatch(t, fn);
}

#else

void trisc_main(int t)
{
    tt_common_only(TT_TRISC0 + t);
}

#endif

void ncrisc_main(void)
{
    tt_common_only(TT_NCRISC);
}

int brisc_main(void)
{
    uint32_t cause;

    tt_printf("baby_vector (%s): TRISC2's vector instructions\n",
              TT_ARCH_NAME);
    tt_brisc_common_checks();
    /* BRISC has no V (nor has any Wormhole core) */
    V_RUN("vsetvli %0, %0, e32, m1, ta, ma", 4, 0, 0, &cause);
    TT_CHECK(cause, TT_MCAUSE_ILLEGAL);
#if defined(TT_ARCH_BH)
    tt_run_others();
#endif
    return tt_summary("baby_vector", tt_nfails + tt_failures, tt_nchecks);
}
