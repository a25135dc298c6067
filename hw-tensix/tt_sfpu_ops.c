/*
 * Tensix Vector Unit (SFPU): floating-point arithmetic through the
 * architecture's multiply-add (SFPMAD, SFPADD, SFPMUL, SFPADDI, SFPMULI;
 * tt_sfpu_fma.h), integer and bit operations (SFPIADD, SFPAND, SFPOR,
 * SFPXOR, SFPNOT, SFPMOV, SFPABS, SFPSHFT, SFPLZ) and FP32 field
 * manipulation (SFPSETEXP, SFPSETMAN, SFPSETSGN, SFPEXEXP, SFPEXMAN,
 * SFPDIVP2).
 *
 * tt-isa-documentation WormholeB0 and BlackholeA0
 * TensixCoprocessor/<insn>.md (Blackhole's pages where they differ:
 * SFPMAD/SFPADD/SFPMUL/SFPADDI/SFPMULI negation, SFPAND/SFPOR's VB,
 * SFPSHFT's arithmetic and VC-source modes), VectorUnit.md (lanewise,
 * PRNG), Miscellaneous/FMA/README.md.  See docs/units/sfpu.md.
 *
 * Each instruction computes its result for all 32 lanes into a local
 * array, then writes it to the lanes that are enabled.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/bitops.h"
#include "qemu/host-utils.h"
#include "host/cpuinfo.h"
#include "tt_unit.h"
#include "tt_sfpu_fma.h"
#include "tt_sfpu_arecip_lut.h"

#define LANES           TT_SFPU_LANES

/* An instruction's operands in Vector Unit terms */
typedef struct TTSfpuOp {
    unsigned mod1, vd, vc;
    unsigned vb;                /* "unsigned VB = VD;" of the models */
    uint32_t imm12;
} TTSfpuOp;

/*
 * The common layout of the simple instructions: instr_mod1 3:0,
 * lreg_dest 7:4, lreg_c 11:8, imm12_math 23:12 (assembly.yaml), the same
 * for every instruction decoded with tt_sfpu_op().
 */
#define TT_SFPU_SAME_FIELD(I, REF, F) \
    QEMU_BUILD_BUG_ON((int)R_##I##_##F##_SHIFT != (int)R_##REF##_##F##_SHIFT)
#define TT_SFPU_SAME_LAYOUT(I)                                          \
    QEMU_BUILD_BUG_ON(                                                  \
        (int)R_##I##_instr_mod1_SHIFT != (int)R_SFPIADD_instr_mod1_SHIFT || \
        (int)R_##I##_lreg_dest_SHIFT != (int)R_SFPIADD_lreg_dest_SHIFT || \
        (int)R_##I##_lreg_c_SHIFT != (int)R_SFPIADD_lreg_c_SHIFT ||     \
        (int)R_##I##_imm12_math_SHIFT != (int)R_SFPIADD_imm12_math_SHIFT)
TT_SFPU_SAME_LAYOUT(SFPAND);
TT_SFPU_SAME_LAYOUT(SFPOR);
TT_SFPU_SAME_LAYOUT(SFPXOR);
TT_SFPU_SAME_LAYOUT(SFPNOT);
TT_SFPU_SAME_LAYOUT(SFPMOV);
TT_SFPU_SAME_LAYOUT(SFPABS);
TT_SFPU_SAME_LAYOUT(SFPSHFT);
TT_SFPU_SAME_LAYOUT(SFPLZ);
TT_SFPU_SAME_LAYOUT(SFPSETEXP);
TT_SFPU_SAME_LAYOUT(SFPSETMAN);
TT_SFPU_SAME_LAYOUT(SFPSETSGN);
TT_SFPU_SAME_LAYOUT(SFPEXEXP);
TT_SFPU_SAME_LAYOUT(SFPEXMAN);
TT_SFPU_SAME_LAYOUT(SFPDIVP2);

/* The operands, with SFPLOADMACRO's overrides when the sequencer runs it */
static TTSfpuOp tt_sfpu_op(TTCoproc *s, uint32_t insn)
{
    unsigned vd = FIELD_EX32(insn, SFPIADD, lreg_dest);

    return (TTSfpuOp) {
        .mod1 = FIELD_EX32(insn, SFPIADD, instr_mod1),
        .vd = tt_sfpu_vd(s, vd),
        .vc = tt_sfpu_vc(s, FIELD_EX32(insn, SFPIADD, lreg_c)),
        .vb = tt_sfpu_vb(s, vd),
        .imm12 = FIELD_EX32(insn, SFPIADD, imm12_math),
    };
}

static bool tt_sfpu_bh(TTCoproc *s)
{
    return s->arch->id == TT_ARCH_BLACKHOLE;
}

/* ---------------------------------------------------------------------- */
/* Multiply-add (SFPMAD.md, SFPADDI.md, SFPMULI.md)                       */
/* ---------------------------------------------------------------------- */

#define SFPMAD_MOD1_NEGATE_VB   1       /* Blackhole */
#define SFPMAD_MOD1_NEGATE_VC   2       /* Blackhole */
#define SFPMAD_MOD1_INDIRECT_VA 4
#define SFPMAD_MOD1_INDIRECT_VD 8

/*
 * Write @r in the lanes @en (the caller has applied the back door) to VD
 * or, with SFPMAD_MOD1_INDIRECT_VD, to the register LReg[7]'s low four
 * bits name per lane (if below 8).
 */
static void tt_sfpu_mad_commit_result(TTCoproc *s, unsigned vd,
                                      unsigned mod1, const uint32_t *r,
                                      const uint8_t *en)
{
    TTSfpuState *u = &s->sfpu;

    if (!(mod1 & SFPMAD_MOD1_INDIRECT_VD) || vd == TT_SFPU_LREG_MACRO) {
        tt_sfpu_commit(s, vd, r, en);
        return;
    }
    for (int l = 0; l < LANES; l++) {
        unsigned v = u->lreg[7][l] & 15;

        if (en[l] && v < 8) {
            u->lreg[v][l] = r[l];
        }
    }
}

/*
 * The integer lane loop of the multiply-add (docs/performance.md,
 * SFPMAD): on hosts with AVX2 but no FMA, and for the lanes that
 * tt_sfpu_fma_host() below leaves.
 *
 * tt_sfpu_fma_normal() is tt_sfpu_fma() for the inputs most lanes see:
 * x and y normal, z normal, zero or denormal (a zero significand), the
 * product's exponent field pe = xe + ye - 127 in 0..254, a non-zero sum
 * whose exponent field before rounding is in 1..254, or a zero sum.
 * There none of tt_sfpu_fma()'s special cases applies and its steps are
 * the same operations, written without branches (selects and 32-bit
 * shifts whose counts stay below 32; the aligned significands are below
 * 2^28) so that a loop over the lanes vectorises.  It returns true for
 * any other input: that lane's @out is then meaningless and the caller
 * computes it with tt_sfpu_fma().
 *
 * The position of the sum's leading one is __builtin_clz() where the
 * host has a vector count of leading zeros (@lzcnt: AVX-512CD), else the
 * exponent of the sum's leading one alone converted to float (exact).
 */
static inline QEMU_ALWAYS_INLINE int tt_sfpu_msb(uint32_t v, bool lzcnt)
{
    uint32_t u;
    float f;

    if (lzcnt) {
        return 31 - __builtin_clz(v);
    }
    v |= v >> 1;
    v |= v >> 2;
    v |= v >> 4;
    v |= v >> 8;
    v |= v >> 16;
    v ^= v >> 1;                        /* the leading one alone */
    f = (float)(int32_t)v;              /* v <= 2^29: exact */
    memcpy(&u, &f, sizeof(u));
    return (int)(u >> 23) - 127;
}

static inline QEMU_ALWAYS_INLINE bool
tt_sfpu_fma_normal(uint32_t *out, uint32_t x, uint32_t y, uint32_t z,
                   bool wh, bool lzcnt)
{
    int32_t xe = (x >> 23) & 0xff, ye = (y >> 23) & 0xff;
    int32_t ze = (z >> 23) & 0xff;
    uint32_t ps = (x ^ y) & TT_FP32_SIGN, zs = z & TT_FP32_SIGN;
    uint64_t prod = (uint64_t)((x & 0x7fffff) | 0x800000) *
                    ((y & 0x7fffff) | 0x800000);
    uint32_t pm = (uint32_t)(prod >> 20) | ((uint32_t)prod & 0xfffff ? 1 : 0);
    uint32_t zm = ze ? ((z & 0x7fffff) | 0x800000) << 3 : 0;
    int32_t pe = xe + ye - 127;
    int32_t re = MAX(pe, ze);
    /* tt_fma_align(): counts of 28 and up leave nothing of pm, zm */
    uint32_t np = MIN(re - pe, 31), nz = MIN(re - ze, 31);
    uint32_t pa = pm >> np, za = zm >> nz;
    uint32_t rs, rm, up, dn, keep, r;
    int32_t p;

    pa |= (pa != 0) & ((pa << np) != pm);
    za |= (za != 0) & ((za << nz) != zm);
    rs = pa >= za ? ps : zs;
    rm = ps == zs ? pa + za : (pa >= za ? pa - za : za - pa);
    /* Normalise to bit 26: n = p - 26 (rm < 2^29, so n <= 2) */
    p = tt_sfpu_msb(rm | 1, lzcnt);
    re += p - 26;
    up = p <= 26 ? 26 - p : 0;
    dn = p > 26 ? p - 26 : 0;
    keep = wh || p != 28 ? 1 : 3;
    rm = ((rm << up) >> dn) | (dn && (rm & keep) ? 1 : 0);
    /* Round to nearest, ties to even */
    r = ((uint32_t)re << 23) + ((rm >> 3) & 0x7fffff);
    r += ((rm & 7) + (r & 1)) > 4;
    *out = rm ? rs | r : (wh ? 0 : zs & ps);
    return ((uint32_t)(xe - 1) >= 254) | ((uint32_t)(ye - 1) >= 254) |
           (ze == 255) | ((uint32_t)pe > 254) |
           ((rm != 0) & ((uint32_t)(re - 1) >= 254));
}

/* @r = tt_sfpu_fma(@a, @b, @c, @wh) lane by lane, in vectors */
static inline QEMU_ALWAYS_INLINE void
tt_sfpu_fma_lanes_vec(uint32_t *r, const uint32_t *a, const uint32_t *b,
                      const uint32_t *c, bool wh, bool lzcnt)
{
    const int h = LANES / 2;
    uint32_t d[LANES] TT_SFPU_NOINIT, slow[LANES] TT_SFPU_NOINIT, any = 0;

    /* Two lanes an iteration: two independent chains in flight */
    for (int l = 0; l < h; l++) {
        slow[l] = tt_sfpu_fma_normal(&d[l], a[l], b[l], c[l], wh, lzcnt);
        slow[l + h] = tt_sfpu_fma_normal(&d[l + h], a[l + h], b[l + h],
                                         c[l + h], wh, lzcnt);
        any |= slow[l] | slow[l + h];
    }
    if (any) {
        for (int l = 0; l < LANES; l++) {
            if (slow[l]) {
                d[l] = tt_sfpu_fma(a[l], b[l], c[l], wh);
            }
        }
    }
    memcpy(r, d, sizeof(d));
}

/*
 * The lane loop on the host's fused multiply-add (docs/performance.md,
 * SFPMAD): in most lanes the Vector Unit's result is IEEE754's
 * fusedMultiplyAdd of the same operands, rounded to nearest even.
 *
 * Why: on the grid u of the larger of product and addend (pm, zm above:
 * u = 2^(re - 153)), tt_sfpu_fma() rounds the exact product P to odd
 * (RO: truncate, then set the lowest bit if anything was cut), and the
 * addend Z as well, with the exception that a value below u becomes 0;
 * it adds the two exactly (M), rounds M to odd again when normalising it
 * right (Blackhole; Wormhole too, but for the case noted below), then to
 * nearest even at 24 bits.  Round to odd with two or more bits beyond
 * the final precision does not change the final rounding, so the result
 * is the IEEE one, RNE(P + Z), whenever M = RO(P + Z) and M has at least
 * 26 significant bits:
 *
 * - RO(P) + Z = RO(P + Z) when Z is an even multiple of u (adding an
 *   even integer keeps which neighbour is odd): the addend is on its own
 *   grid (ze >= pe, 8u per unit of its significand), or aligned by at
 *   most two places (pe - ze <= 2), or zero.  A product entirely below
 *   u, made 0, leaves M = Z, which is also RNE(P + Z) (|P| < u, Z a
 *   multiple of 8u).
 * - |M| >= 2^25 u, which |RNE(P + Z)| > 2^25 u implies (2^25 u is even,
 *   M the odd neighbour of P + Z or P + Z itself): a lane whose result
 *   is not above 2^(re - 128) in magnitude (cancellation, zero) takes the
 *   exact path...
 * - ...unless P is a multiple of u: the significands' product (and so
 *   x * y as integers) ends in 21 zero bits and ze <= pe + 1 (u at most
 *   twice P's own grid 2^(pe - 153)).  Then M = P + Z, exact, whatever
 *   the cancellation; with re >= pe >= 27 (u >= 2^-126) a non-zero M is
 *   normal, and a zero one +0 on both architectures (opposite signs), as
 *   in IEEE754.
 * - Wormhole normalises a sum of 29 bits (|M| >= 2^28 u, result at least
 *   2^(re - 125)) with only its lowest bit as sticky: when M is exact and
 *   its five lowest bits are 10010 it rounds a tie to even where RNE
 *   rounds up, to an odd result.  Such a Wormhole lane with an exact M
 *   and an odd result takes the exact path.
 *
 * The operands are then ordinary IEEE754 numbers (x and y normal, a
 * denormal z replaced by its zero, the product's exponent field pe in
 * 27..254, every result normal, or an exact zero) and the host's FMA
 * gives the result bit for bit (in its default rounding to nearest
 * even, which QEMU leaves alone; denormals, which the host may flush,
 * are neither taken nor given).  The other lanes (any operand or result
 * infinite or NaN among them) take the exact path: tt_sfpu_fma() for
 * one or two, else the integer lane loop above, eight lanes at a time
 * or, for more than half of the lanes, all 32.  Returns true for a lane
 * that needs the exact path.
 */
static inline QEMU_ALWAYS_INLINE uint32_t
tt_sfpu_fma_host(uint32_t *out, uint32_t x, uint32_t y, uint32_t z, bool wh)
{
    /*
     * Exponent fields in place (<< 23), compared as signed with ">" only:
     * one vector instruction each
     */
    const int32_t one = 1 << 23;
    int32_t xe = x & TT_FP32_INF, ye = y & TT_FP32_INF, ze = z & TT_FP32_INF;
    int32_t pe = xe + ye - 127 * one, re = MAX(pe, ze), d = pe - ze;
    uint32_t zd = z & (ze > 0 ? UINT32_MAX : TT_FP32_SIGN);
    uint32_t exact = (((x * y) & 0x1fffff) == 0) & (d > -one - 1);
    uint32_t r, slow;
    int32_t ra;
    float fx, fy, fz, f;

    memcpy(&fx, &x, sizeof(fx));
    memcpy(&fy, &y, sizeof(fy));
    memcpy(&fz, &zd, sizeof(fz));
    f = __builtin_fmaf(fx, fy, fz);
    memcpy(&r, &f, sizeof(r));
    ra = r & ~TT_FP32_SIGN;
    slow = (MIN(xe, ye) == 0) | (27 * one > pe) | (pe > 254 * one) |
           (ra > (int32_t)TT_FP32_INF - 1) | ((ze > 0) & (d > 2 * one)) |
           (!exact & (re - one + 1 > ra));
    if (wh) {
        slow |= exact & (ra > re + 2 * one - 1) & r;
    }
    *out = r;
    return slow;
}

/*
 * The lanes @slow that tt_sfpu_fma_host() left, gathered eight at a time
 * (the last one repeated to fill a group) through tt_sfpu_fma_normal(),
 * and tt_sfpu_fma() for the lanes that it leaves in turn
 */
static inline QEMU_ALWAYS_INLINE void
tt_sfpu_fma_lanes_left(uint32_t *r, const uint32_t *a, const uint32_t *b,
                       const uint32_t *c, uint32_t nb, uint32_t nc,
                       const uint32_t *slow, bool wh, bool lzcnt)
{
    uint8_t idx[LANES] TT_SFPU_NOINIT;
    int n = 0;

    for (int l = 0; l < LANES; l++) {
        if (slow[l]) {
            idx[n++] = l;
        }
    }
    for (int k = 0; k < n; k += 8) {
        uint32_t x[8] TT_SFPU_NOINIT, y[8] TT_SFPU_NOINIT;
        uint32_t z[8] TT_SFPU_NOINIT, d[8] TT_SFPU_NOINIT;
        uint32_t s[8] TT_SFPU_NOINIT;

        for (int j = 0; j < 8; j++) {
            int l = idx[MIN(k + j, n - 1)];

            x[j] = a[l];
            y[j] = b[l] ^ nb;
            z[j] = c[l] ^ nc;
        }
        for (int j = 0; j < 8; j++) {
            s[j] = tt_sfpu_fma_normal(&d[j], x[j], y[j], z[j], wh, lzcnt);
        }
        for (int j = 0; j < 8 && k + j < n; j++) {
            r[idx[k + j]] = s[j] ? tt_sfpu_fma(x[j], y[j], z[j], wh) : d[j];
        }
    }
}

/*
 * Up to this many lanes left: tt_sfpu_fma() for each; more than
 * TT_SFPU_FMA_MANY_LEFT: the integer lane loop for all 32
 */
#define TT_SFPU_FMA_FEW_LEFT    2
#define TT_SFPU_FMA_MANY_LEFT   16

/*
 * @r = tt_sfpu_fma(@a, @b ^ @nb, @c ^ @nc, @wh) lane by lane (@nb, @nc:
 * the sign bit or 0, Blackhole's NEGATE_VB and NEGATE_VC), on the host's
 * FMA; @r must not be one of the operands
 */
static inline QEMU_ALWAYS_INLINE void
tt_sfpu_fma_lanes_host(uint32_t *r, const uint32_t *a, const uint32_t *b,
                       const uint32_t *c, uint32_t nb, uint32_t nc, bool wh,
                       bool lzcnt)
{
    uint32_t slow[LANES] TT_SFPU_NOINIT, any = 0, n = 0;

    if (wh) {
        for (int l = 0; l < LANES; l++) {
            slow[l] = tt_sfpu_fma_host(&r[l], a[l], b[l] ^ nb, c[l] ^ nc,
                                       true);
            any |= slow[l];
        }
    } else {
        for (int l = 0; l < LANES; l++) {
            slow[l] = tt_sfpu_fma_host(&r[l], a[l], b[l] ^ nb, c[l] ^ nc,
                                       false);
            any |= slow[l];
        }
    }
    if (likely(!any)) {
        return;
    }
    for (int l = 0; l < LANES; l++) {
        n += slow[l];
    }
    if (n <= TT_SFPU_FMA_FEW_LEFT) {
        for (int l = 0; l < LANES; l++) {
            if (slow[l]) {
                r[l] = tt_sfpu_fma(a[l], b[l] ^ nb, c[l] ^ nc, wh);
            }
        }
        return;
    }
    if (n > TT_SFPU_FMA_MANY_LEFT) {
        uint32_t bn[LANES] TT_SFPU_NOINIT, cn[LANES] TT_SFPU_NOINIT;

        for (int l = 0; l < LANES; l++) {
            bn[l] = b[l] ^ nb;
            cn[l] = c[l] ^ nc;
        }
        tt_sfpu_fma_lanes_vec(r, a, bn, cn, wh, lzcnt);
        return;
    }
    tt_sfpu_fma_lanes_left(r, a, b, c, nb, nc, slow, wh, lzcnt);
}

/*
 * A whole SFPMAD (SFPADD, SFPMUL) without the indirect modes, in one
 * function: LReg[@vd] = @a * (@b ^ @nb) + (@c ^ @nc) in the lanes @en,
 * as tt_sfpu_commit() writes it (@vd < 8 or 16; the operands are LRegs,
 * maybe LReg[@vd] itself).
 */
static inline QEMU_ALWAYS_INLINE void
tt_sfpu_mad_lanes_host(uint32_t *dst, const uint32_t *a, const uint32_t *b,
                       const uint32_t *c, uint32_t nb, uint32_t nc,
                       const uint8_t *en, bool wh, bool lzcnt)
{
    uint32_t d[LANES] TT_SFPU_NOINIT;
    uint8_t e[LANES] TT_SFPU_NOINIT;    /* a local: no aliasing with @dst */

    tt_sfpu_fma_lanes_host(d, a, b, c, nb, nc, wh, lzcnt);
    memcpy(e, en, sizeof(e));
    for (int l = 0; l < LANES; l++) {
        if (e[l]) {
            dst[l] = d[l];              /* a masked store */
        }
    }
}

/* Baseline ISA (x86-64: SSE2, no per-lane shifts): one lane at a time */
static void tt_sfpu_fma_lanes_scalar(uint32_t *r, const uint32_t *a,
                                     const uint32_t *b, const uint32_t *c,
                                     bool wh)
{
    for (int l = 0; l < LANES; l++) {
        r[l] = tt_sfpu_fma(a[l], b[l], c[l], wh);
    }
}

#if defined(CPUINFO_AVX2) && defined(CPUINFO_AVX512F)
#define TT_SFPU_AVX2_FMA    "avx2,fma"
#define TT_SFPU_AVX512      "avx512f,avx512cd,avx512vl,avx512bw,avx512dq,fma"

static __attribute__((target("avx2")))
void tt_sfpu_fma_lanes_avx2(uint32_t *r, const uint32_t *a,
                            const uint32_t *b, const uint32_t *c, bool wh)
{
    tt_sfpu_fma_lanes_vec(r, a, b, c, wh, false);
}

static __attribute__((target(TT_SFPU_AVX2_FMA)))
void tt_sfpu_fma_lanes_avx2_fma(uint32_t *r, const uint32_t *a,
                                const uint32_t *b, const uint32_t *c,
                                bool wh)
{
    uint32_t d[LANES] TT_SFPU_NOINIT;

    tt_sfpu_fma_lanes_host(d, a, b, c, 0, 0, wh, false);
    memcpy(r, d, sizeof(d));
}

static __attribute__((target(TT_SFPU_AVX512)))
void tt_sfpu_fma_lanes_avx512(uint32_t *r, const uint32_t *a,
                              const uint32_t *b, const uint32_t *c, bool wh)
{
    uint32_t d[LANES] TT_SFPU_NOINIT;

    tt_sfpu_fma_lanes_host(d, a, b, c, 0, 0, wh, true);
    memcpy(r, d, sizeof(d));
}

static __attribute__((target(TT_SFPU_AVX2_FMA)))
void tt_sfpu_mad_lanes_avx2_fma(uint32_t *dst, const uint32_t *a,
                                const uint32_t *b, const uint32_t *c,
                                uint32_t nb, uint32_t nc, const uint8_t *en,
                                bool wh)
{
    tt_sfpu_mad_lanes_host(dst, a, b, c, nb, nc, en, wh, false);
}

static __attribute__((target(TT_SFPU_AVX512)))
void tt_sfpu_mad_lanes_avx512(uint32_t *dst, const uint32_t *a,
                              const uint32_t *b, const uint32_t *c,
                              uint32_t nb, uint32_t nc, const uint8_t *en,
                              bool wh)
{
    tt_sfpu_mad_lanes_host(dst, a, b, c, nb, nc, en, wh, true);
}

/*
 * The lane loops this host runs: 3 AVX-512 (with AVX-512CD) and FMA, 2
 * AVX2 and FMA, 1 AVX2 alone, 0 the scalar loop; -1 until known
 */
static int tt_sfpu_level = -1;

static int tt_sfpu_level_init(void)
{
    unsigned avx512 = CPUINFO_AVX512F | CPUINFO_AVX512VL |
                      CPUINFO_AVX512BW | CPUINFO_AVX512DQ;
    bool fma = __builtin_cpu_supports("fma");

    tt_sfpu_level = (cpuinfo & avx512) == avx512 && fma &&
                    __builtin_cpu_supports("avx512cd") ? 3 :
                    (cpuinfo & CPUINFO_AVX2) ? 1 + fma : 0;
    return tt_sfpu_level;
}

static inline int tt_sfpu_host_level(void)
{
    return likely(tt_sfpu_level >= 0) ? tt_sfpu_level : tt_sfpu_level_init();
}

static void tt_sfpu_fma_lanes(uint32_t *r, const uint32_t *a,
                              const uint32_t *b, const uint32_t *c, bool wh)
{
    switch (tt_sfpu_host_level()) {
    case 3:
        tt_sfpu_fma_lanes_avx512(r, a, b, c, wh);
        break;
    case 2:
        tt_sfpu_fma_lanes_avx2_fma(r, a, b, c, wh);
        break;
    case 1:
        tt_sfpu_fma_lanes_avx2(r, a, b, c, wh);
        break;
    default:
        tt_sfpu_fma_lanes_scalar(r, a, b, c, wh);
        break;
    }
}

/* Has the host tt_sfpu_mad_lanes()? */
static inline bool tt_sfpu_host_fma(void)
{
    return tt_sfpu_host_level() >= 2;
}

/* The fused SFPMAD, where tt_sfpu_host_fma() */
static void tt_sfpu_mad_lanes(uint32_t *dst, const uint32_t *a,
                              const uint32_t *b, const uint32_t *c,
                              uint32_t nb, uint32_t nc, const uint8_t *en,
                              bool wh)
{
    if (tt_sfpu_host_level() == 3) {
        tt_sfpu_mad_lanes_avx512(dst, a, b, c, nb, nc, en, wh);
    } else {
        tt_sfpu_mad_lanes_avx2_fma(dst, a, b, c, nb, nc, en, wh);
    }
}
#else
static void tt_sfpu_fma_lanes(uint32_t *r, const uint32_t *a,
                              const uint32_t *b, const uint32_t *c, bool wh)
{
    tt_sfpu_fma_lanes_scalar(r, a, b, c, wh);
}

static inline bool tt_sfpu_host_fma(void)
{
    return false;
}

static void tt_sfpu_mad_lanes(uint32_t *dst, const uint32_t *a,
                              const uint32_t *b, const uint32_t *c,
                              uint32_t nb, uint32_t nc, const uint8_t *en,
                              bool wh)
{
    g_assert_not_reached();
}
#endif

/* d = a * b + c through the architecture's FMA, then as above */
static void tt_sfpu_mad_commit(TTCoproc *s, unsigned vd, unsigned mod1,
                               const uint32_t *a, const uint32_t *b,
                               const uint32_t *c, const uint8_t *en)
{
    uint32_t r[LANES] TT_SFPU_NOINIT;

    if (s->fast_paths) {
        tt_sfpu_fma_lanes(r, a, b, c, !tt_sfpu_bh(s));
    } else {
        tt_sfpu_fma_lanes_scalar(r, a, b, c, !tt_sfpu_bh(s));
    }
    tt_sfpu_mad_commit_result(s, vd, mod1, r, en);
}

/* -x for the lanes of @x when @neg (Blackhole's NEGATE_VB/VC) */
static void tt_sfpu_negate(uint32_t *out, const uint32_t *x, bool neg)
{
    uint32_t m = neg ? TT_FP32_SIGN : 0;

    for (int l = 0; l < LANES; l++) {
        out[l] = x[l] ^ m;
    }
}

/* SFPMAD, SFPADD, SFPMUL: VD = VA * VB + VC (SFPADD.md, SFPMUL.md) */
static TTExec tt_sfpu_mad(TTCoproc *s, uint32_t insn)
{
    TTSfpuState *u = &s->sfpu;
    unsigned mod1 = FIELD_EX32(insn, SFPMAD, instr_mod1);
    unsigned vd = tt_sfpu_vd(s, FIELD_EX32(insn, SFPMAD, lreg_dest));
    unsigned vc = tt_sfpu_vc(s, FIELD_EX32(insn, SFPMAD, lreg_src_c));
    unsigned vb = tt_sfpu_vb(s, FIELD_EX32(insn, SFPMAD, lreg_src_b));
    unsigned va = extract32(FIELD_EX32(insn, SFPMAD, lreg_src_a), 0, 4);
    bool bh = tt_sfpu_bh(s);
    uint32_t a[LANES] TT_SFPU_NOINIT, b[LANES] TT_SFPU_NOINIT;
    uint32_t c[LANES] TT_SFPU_NOINIT;
    uint8_t en[LANES] TT_SFPU_NOINIT;

    if (!(mod1 & (SFPMAD_MOD1_INDIRECT_VA | SFPMAD_MOD1_INDIRECT_VD)) &&
        vd < 8 && s->fast_paths && tt_sfpu_host_fma()) {
        /*
         * The whole instruction in one function.  For VD < 12 the back
         * door is closed (tt_sfpu.h): tt_sfpu_active_enabled() is
         * tt_sfpu_lane_enabled().
         */
        tt_sfpu_lane_enabled(s, en);
        tt_sfpu_mad_lanes(u->lreg[vd], u->lreg[va], u->lreg[vb],
                          u->lreg[vc],
                          bh && (mod1 & SFPMAD_MOD1_NEGATE_VB) ?
                          TT_FP32_SIGN : 0,
                          bh && (mod1 & SFPMAD_MOD1_NEGATE_VC) ?
                          TT_FP32_SIGN : 0, en, !bh);
        return TT_EXEC_DONE;
    }
    tt_sfpu_active_enabled(s, insn, vd, en);
    if (mod1 & SFPMAD_MOD1_INDIRECT_VA) {
        for (int l = 0; l < LANES; l++) {
            a[l] = u->lreg[u->lreg[7][l] & 15][l];
        }
    } else {
        memcpy(a, u->lreg[va], sizeof(a));
    }
    tt_sfpu_negate(b, u->lreg[vb], bh && (mod1 & SFPMAD_MOD1_NEGATE_VB));
    tt_sfpu_negate(c, u->lreg[vc], bh && (mod1 & SFPMAD_MOD1_NEGATE_VC));
    tt_sfpu_mad_commit(s, vd, mod1, a, b, c, en);
    return TT_EXEC_DONE;
}

static TTExec tt_sfpmad_body(TTCoproc *s, int t, uint32_t insn)
{
    return tt_sfpu_mad(s, insn);
}

static TTExec tt_sfpadd_body(TTCoproc *s, int t, uint32_t insn)
{
    return tt_sfpu_mad(s, insn);
}

static TTExec tt_sfpmul_body(TTCoproc *s, int t, uint32_t insn)
{
    return tt_sfpu_mad(s, insn);
}

TT_SFPU_SAME_FIELD(SFPADD, SFPMAD, lreg_src_a);
TT_SFPU_SAME_FIELD(SFPADD, SFPMAD, lreg_src_b);
TT_SFPU_SAME_FIELD(SFPADD, SFPMAD, lreg_src_c);
TT_SFPU_SAME_FIELD(SFPADD, SFPMAD, lreg_dest);
TT_SFPU_SAME_FIELD(SFPADD, SFPMAD, instr_mod1);
TT_SFPU_SAME_FIELD(SFPMUL, SFPMAD, lreg_src_a);
TT_SFPU_SAME_FIELD(SFPMUL, SFPMAD, lreg_src_b);
TT_SFPU_SAME_FIELD(SFPMUL, SFPMAD, lreg_src_c);
TT_SFPU_SAME_FIELD(SFPMUL, SFPMAD, lreg_dest);
TT_SFPU_SAME_FIELD(SFPMUL, SFPMAD, instr_mod1);
TT_SFPU_SAME_FIELD(SFPMULI, SFPADDI, imm16_math);
TT_SFPU_SAME_FIELD(SFPMULI, SFPADDI, lreg_dest);
TT_SFPU_SAME_FIELD(SFPMULI, SFPADDI, instr_mod1);

/*
 * SFPADDI (@mul false): VD = BF16(Imm16) * 1.0 + VC; SFPMULI: VD =
 * BF16(Imm16) * VC + 0.0, VC = VD but under SFPLOADMACRO.  Blackhole's
 * NEGATE_VC negates VC's value.
 */
static TTExec tt_sfpu_imm_mad(TTCoproc *s, uint32_t insn, bool mul)
{
    TTSfpuState *u = &s->sfpu;
    unsigned mod1 = FIELD_EX32(insn, SFPADDI, instr_mod1);
    unsigned vd = FIELD_EX32(insn, SFPADDI, lreg_dest);
    unsigned vc = tt_sfpu_vc(s, vd);
    uint32_t imm = FIELD_EX32(insn, SFPADDI, imm16_math) << 16;
    uint32_t a[LANES], b[LANES], c[LANES], v[LANES];
    uint8_t en[LANES];

    vd = tt_sfpu_vd(s, vd);
    tt_sfpu_active_enabled(s, insn, vd, en);
    tt_sfpu_negate(v, u->lreg[vc],
                   tt_sfpu_bh(s) && (mod1 & SFPMAD_MOD1_NEGATE_VC));
    for (int l = 0; l < LANES; l++) {
        a[l] = imm;
        b[l] = mul ? v[l] : 0x3f800000;
        c[l] = mul ? 0 : v[l];
    }
    tt_sfpu_mad_commit(s, vd, mod1 & SFPMAD_MOD1_INDIRECT_VD, a, b, c, en);
    return TT_EXEC_DONE;
}

static TTExec tt_sfpaddi_body(TTCoproc *s, int t, uint32_t insn)
{
    return tt_sfpu_imm_mad(s, insn, false);
}

static TTExec tt_sfpmuli_body(TTCoproc *s, int t, uint32_t insn)
{
    return tt_sfpu_imm_mad(s, insn, true);
}

/* ---------------------------------------------------------------------- */
/* Integer and bit operations                                             */
/* ---------------------------------------------------------------------- */

#define SFPIADD_MOD1_ARG_IMM            1
#define SFPIADD_MOD1_ARG_2SCOMP_LREG_DST 2
#define SFPIADD_MOD1_CC_NONE            4
#define SFPIADD_MOD1_CC_GTE0            8

/*
 * LaneFlags of the lanes @en from the sign of @r (unless @keep), then
 * inverted if @invert: SFPIADD, SFPEXEXP; only for VD < 8.
 */
static void tt_sfpu_sign_cc(TTCoproc *s, unsigned vd, const uint32_t *r,
                            const uint8_t *en, bool keep, bool invert)
{
    uint8_t *f = s->sfpu.flags;
    uint8_t inv = invert;

    if (vd >= 8) {
        return;
    }
    if (keep) {
        for (int l = 0; l < LANES; l++) {
            f[l] ^= en[l] & inv;
        }
    } else {
        for (int l = 0; l < LANES; l++) {
            f[l] = en[l] ? (r[l] >> 31) ^ inv : f[l];
        }
    }
}

static TTExec tt_sfpiadd_body(TTCoproc *s, int t, uint32_t insn)
{
    TTSfpuOp o = tt_sfpu_op(s, insn);
    const uint32_t *c = s->sfpu.lreg[o.vc], *b = s->sfpu.lreg[o.vb];
    uint32_t imm = sextract32(o.imm12, 0, 12), r[LANES];
    uint8_t en[LANES];

    tt_sfpu_active_enabled(s, insn, o.vd, en);
    if (o.mod1 & SFPIADD_MOD1_ARG_IMM) {
        for (int l = 0; l < LANES; l++) {
            r[l] = c[l] + imm;
        }
    } else if (o.mod1 & SFPIADD_MOD1_ARG_2SCOMP_LREG_DST) {
        for (int l = 0; l < LANES; l++) {
            r[l] = c[l] - b[l];
        }
    } else {
        for (int l = 0; l < LANES; l++) {
            r[l] = c[l] + b[l];
        }
    }
    tt_sfpu_commit(s, o.vd, r, en);
    tt_sfpu_sign_cc(s, o.vd, r, en, o.mod1 & SFPIADD_MOD1_CC_NONE,
                    o.mod1 & SFPIADD_MOD1_CC_GTE0);
    return TT_EXEC_DONE;
}

typedef enum TTSfpuBitOp {
    TT_SFPU_AND,
    TT_SFPU_OR,
    TT_SFPU_XOR,
    TT_SFPU_NOT,
} TTSfpuBitOp;

/*
 * VD = VB op VC (VD = ~VC for NOT); VB is VD, or on Blackhole
 * imm12_math 3:0 with SFPAND/SFPOR's Mod1 bit 0 (USE_VB).
 */
static TTExec tt_sfpu_bitop(TTCoproc *s, uint32_t insn, TTSfpuBitOp op)
{
    TTSfpuOp o = tt_sfpu_op(s, insn);
    unsigned vb = o.vb;
    const uint32_t *b, *c = s->sfpu.lreg[o.vc];
    uint32_t r[LANES];
    uint8_t en[LANES];

    if (tt_sfpu_bh(s) && (op == TT_SFPU_AND || op == TT_SFPU_OR) &&
        (o.mod1 & 1)) {
        vb = tt_sfpu_vb(s, extract32(o.imm12, 0, 4));
    }
    b = s->sfpu.lreg[vb];
    tt_sfpu_active_enabled(s, insn, o.vd, en);
    for (int l = 0; l < LANES; l++) {
        switch (op) {
        case TT_SFPU_AND:
            r[l] = b[l] & c[l];
            break;
        case TT_SFPU_OR:
            r[l] = b[l] | c[l];
            break;
        case TT_SFPU_XOR:
            r[l] = b[l] ^ c[l];
            break;
        default:
            r[l] = ~c[l];
            break;
        }
    }
    tt_sfpu_commit(s, o.vd, r, en);
    return TT_EXEC_DONE;
}

static TTExec tt_sfpand_body(TTCoproc *s, int t, uint32_t insn)
{
    return tt_sfpu_bitop(s, insn, TT_SFPU_AND);
}

static TTExec tt_sfpor_body(TTCoproc *s, int t, uint32_t insn)
{
    return tt_sfpu_bitop(s, insn, TT_SFPU_OR);
}

static TTExec tt_sfpxor_body(TTCoproc *s, int t, uint32_t insn)
{
    return tt_sfpu_bitop(s, insn, TT_SFPU_XOR);
}

static TTExec tt_sfpnot_body(TTCoproc *s, int t, uint32_t insn)
{
    return tt_sfpu_bitop(s, insn, TT_SFPU_NOT);
}

#define SFPMOV_MOD1_NEGATE              1
#define SFPMOV_MOD1_ALL_LANES_ENABLED   2
#define SFPMOV_MOD1_FROM_SPECIAL        8

static TTExec tt_sfpmov_body(TTCoproc *s, int t, uint32_t insn)
{
    TTSfpuState *u = &s->sfpu;
    TTSfpuOp o = tt_sfpu_op(s, insn);
    uint32_t r[LANES];
    uint8_t act[LANES], en[LANES];

    tt_sfpu_backdoor(s, insn, o.vd, act);
    tt_sfpu_lane_enabled(s, en);
    for (int l = 0; l < LANES; l++) {
        en[l] = act[l] && (en[l] || o.mod1 == SFPMOV_MOD1_ALL_LANES_ENABLED);
    }
    if (!(o.mod1 & SFPMOV_MOD1_FROM_SPECIAL)) {
        uint32_t neg = o.mod1 & SFPMOV_MOD1_NEGATE ? TT_FP32_SIGN : 0;

        for (int l = 0; l < LANES; l++) {
            r[l] = u->lreg[o.vc][l] ^ neg;
        }
    } else {
        for (int l = 0; l < LANES; l++) {
            switch (o.vc) {
            case 0 ... 3:
                r[l] = u->lm_template[o.vc][l];
                break;
            case 4 ... 7:
                r[l] = u->lm_sequence[o.vc - 4][l];
                break;
            case 8:
                r[l] = u->lm_misc[l];
                break;
            case 9:
                /* The PRNG advances in every lane that executes */
                r[l] = en[l] ? tt_sfpu_prng(u, l) : 0;
                break;
            case 15:
                r[l] = u->lane_config[l];
                break;
            default:
                r[l] = 0;
                break;
            }
        }
    }
    tt_sfpu_commit(s, o.vd, r, en);
    return TT_EXEC_DONE;
}

static TTExec tt_sfpabs_body(TTCoproc *s, int t, uint32_t insn)
{
    TTSfpuOp o = tt_sfpu_op(s, insn);
    const uint32_t *c = s->sfpu.lreg[o.vc];
    bool fp = o.mod1 & 1;       /* SFPABS_MOD1_FLOAT */
    uint32_t r[LANES];
    uint8_t en[LANES];

    tt_sfpu_active_enabled(s, insn, o.vd, en);
    for (int l = 0; l < LANES; l++) {
        uint32_t x = c[l];

        if (x & TT_FP32_SIGN) {
            /* -NaN stays; -2^31 stays as an integer */
            x = fp ? (x > 0xff800000u ? x : x & ~TT_FP32_SIGN) : -x;
        }
        r[l] = x;
    }
    tt_sfpu_commit(s, o.vd, r, en);
    return TT_EXEC_DONE;
}

#define SFPSHFT_MOD1_ARG_IMM            1
#define SFPSHFT_MOD1_ARITHMETIC         2       /* Blackhole */
#define SFPSHFT_MOD1_ARG_IMM_USE_VC     4       /* Blackhole */

static TTExec tt_sfpshft_body(TTCoproc *s, int t, uint32_t insn)
{
    TTSfpuOp o = tt_sfpu_op(s, insn);
    const uint32_t *b = s->sfpu.lreg[o.vb], *c = s->sfpu.lreg[o.vc];
    int32_t imm = sextract32(o.imm12, 0, 12);
    bool bh = tt_sfpu_bh(s);
    bool use_imm = o.mod1 & SFPSHFT_MOD1_ARG_IMM;
    bool from_vc = bh && use_imm && (o.mod1 & SFPSHFT_MOD1_ARG_IMM_USE_VC);
    bool arith = bh && (o.mod1 & SFPSHFT_MOD1_ARITHMETIC);
    uint32_t r[LANES];
    uint8_t en[LANES];

    tt_sfpu_active_enabled(s, insn, o.vd, en);
    for (int l = 0; l < LANES; l++) {
        uint32_t x = from_vc ? c[l] : b[l];
        int32_t n = use_imm ? imm : (int32_t)c[l];

        if (n >= 0) {
            r[l] = x << (n & 31);
        } else if (arith) {
            r[l] = (int32_t)x >> (-n & 31);
        } else {
            r[l] = x >> (-n & 31);
        }
    }
    tt_sfpu_commit(s, o.vd, r, en);
    return TT_EXEC_DONE;
}

#define SFPLZ_MOD1_CC_NE0       2
#define SFPLZ_MOD1_NOSGN_MASK   4
#define SFPLZ_MOD1_CC_COMP      8

static TTExec tt_sfplz_body(TTCoproc *s, int t, uint32_t insn)
{
    TTSfpuState *u = &s->sfpu;
    TTSfpuOp o = tt_sfpu_op(s, insn);
    uint32_t mask = o.mod1 & SFPLZ_MOD1_NOSGN_MASK ? 0x7fffffff : ~0u;
    uint32_t r[LANES], x[LANES];
    uint8_t en[LANES];

    tt_sfpu_active_enabled(s, insn, o.vd, en);
    for (int l = 0; l < LANES; l++) {
        x[l] = u->lreg[o.vc][l] & mask;
        r[l] = clz32(x[l]);
    }
    tt_sfpu_commit(s, o.vd, r, en);
    if (o.vd >= 8) {
        return TT_EXEC_DONE;
    }
    for (int l = 0; l < LANES; l++) {
        uint8_t f = u->flags[l];

        if (o.mod1 & SFPLZ_MOD1_CC_NE0) {
            f = x[l] != 0;
        }
        if (o.mod1 & SFPLZ_MOD1_CC_COMP) {
            f = !f;
        }
        u->flags[l] = en[l] ? f : u->flags[l];
    }
    return TT_EXEC_DONE;
}

/* ---------------------------------------------------------------------- */
/* FP32 fields                                                            */
/* ---------------------------------------------------------------------- */

#define FP32_EXP        0x7f800000u
#define FP32_MAN        0x007fffffu

static TTExec tt_sfpsetexp_body(TTCoproc *s, int t, uint32_t insn)
{
    TTSfpuOp o = tt_sfpu_op(s, insn);
    const uint32_t *b = s->sfpu.lreg[o.vb], *c = s->sfpu.lreg[o.vc];
    uint32_t r[LANES];
    uint8_t en[LANES];

    tt_sfpu_active_enabled(s, insn, o.vd, en);
    /*
     * The new exponent: SFPSETEXP_MOD1_ARG_IMM: Imm8; ARG_EXPONENT: VD's
     * exponent; else VD's low 8 bits
     */
    if (o.mod1 & 1) {
        for (int l = 0; l < LANES; l++) {
            r[l] = (c[l] & ~FP32_EXP) | ((o.imm12 & 0xff) << 23);
        }
    } else if (o.mod1 & 2) {
        for (int l = 0; l < LANES; l++) {
            r[l] = (c[l] & ~FP32_EXP) | (b[l] & FP32_EXP);
        }
    } else {
        for (int l = 0; l < LANES; l++) {
            r[l] = (c[l] & ~FP32_EXP) | ((b[l] & 0xff) << 23);
        }
    }
    tt_sfpu_commit(s, o.vd, r, en);
    return TT_EXEC_DONE;
}

static TTExec tt_sfpsetman_body(TTCoproc *s, int t, uint32_t insn)
{
    TTSfpuOp o = tt_sfpu_op(s, insn);
    const uint32_t *b = s->sfpu.lreg[o.vb], *c = s->sfpu.lreg[o.vc];
    /* SFPSETMAN_MOD1_ARG_IMM: Imm12 << 11, else VD's low 23 bits */
    uint32_t imm = o.imm12 << 11, keep = o.mod1 & 1 ? 0 : FP32_MAN;
    uint32_t r[LANES];
    uint8_t en[LANES];

    tt_sfpu_active_enabled(s, insn, o.vd, en);
    for (int l = 0; l < LANES; l++) {
        r[l] = (c[l] & ~FP32_MAN) | (b[l] & keep) | (imm & ~keep);
    }
    tt_sfpu_commit(s, o.vd, r, en);
    return TT_EXEC_DONE;
}

static TTExec tt_sfpsetsgn_body(TTCoproc *s, int t, uint32_t insn)
{
    TTSfpuOp o = tt_sfpu_op(s, insn);
    const uint32_t *b = s->sfpu.lreg[o.vb], *c = s->sfpu.lreg[o.vc];
    /* SFPSETSGN_MOD1_ARG_IMM: Imm1, else VD's sign */
    uint32_t imm = (o.imm12 & 1) << 31;
    uint32_t keep = o.mod1 & 1 ? 0 : TT_FP32_SIGN;
    uint32_t r[LANES];
    uint8_t en[LANES];

    tt_sfpu_active_enabled(s, insn, o.vd, en);
    for (int l = 0; l < LANES; l++) {
        r[l] = (c[l] & ~TT_FP32_SIGN) | (b[l] & keep) | (imm & ~keep);
    }
    tt_sfpu_commit(s, o.vd, r, en);
    return TT_EXEC_DONE;
}

#define SFPEXEXP_MOD1_NODEBIAS          1
#define SFPEXEXP_MOD1_SET_CC_SGN_EXP    2
#define SFPEXEXP_MOD1_SET_CC_COMP_EXP   8

static TTExec tt_sfpexexp_body(TTCoproc *s, int t, uint32_t insn)
{
    TTSfpuOp o = tt_sfpu_op(s, insn);
    const uint32_t *c = s->sfpu.lreg[o.vc];
    int32_t bias = o.mod1 & SFPEXEXP_MOD1_NODEBIAS ? 0 : 127;
    uint32_t r[LANES];
    uint8_t en[LANES];

    tt_sfpu_active_enabled(s, insn, o.vd, en);
    for (int l = 0; l < LANES; l++) {
        r[l] = (int32_t)((c[l] >> 23) & 0xff) - bias;
    }
    tt_sfpu_commit(s, o.vd, r, en);
    tt_sfpu_sign_cc(s, o.vd, r, en,
                    !(o.mod1 & SFPEXEXP_MOD1_SET_CC_SGN_EXP),
                    o.mod1 & SFPEXEXP_MOD1_SET_CC_COMP_EXP);
    return TT_EXEC_DONE;
}

static TTExec tt_sfpexman_body(TTCoproc *s, int t, uint32_t insn)
{
    TTSfpuOp o = tt_sfpu_op(s, insn);
    const uint32_t *c = s->sfpu.lreg[o.vc];
    /* SFPEXMAN_MOD1_PAD9: no hidden bit */
    uint32_t hidden = o.mod1 & 1 ? 0 : 1u << 23;
    uint32_t r[LANES];
    uint8_t en[LANES];

    tt_sfpu_active_enabled(s, insn, o.vd, en);
    for (int l = 0; l < LANES; l++) {
        r[l] = hidden | (c[l] & FP32_MAN);
    }
    tt_sfpu_commit(s, o.vd, r, en);
    return TT_EXEC_DONE;
}

static TTExec tt_sfpdivp2_body(TTCoproc *s, int t, uint32_t insn)
{
    TTSfpuOp o = tt_sfpu_op(s, insn);
    const uint32_t *c = s->sfpu.lreg[o.vc];
    uint32_t imm8 = o.imm12 & 0xff;
    bool add = o.mod1 & 1;      /* SFPDIVP2_MOD1_ADD */
    uint32_t r[LANES];
    uint8_t en[LANES];

    tt_sfpu_active_enabled(s, insn, o.vd, en);
    for (int l = 0; l < LANES; l++) {
        uint32_t exp = (c[l] >> 23) & 0xff;

        if (!add) {
            exp = imm8;
        } else if (exp != 255) {        /* Inf and NaN unchanged */
            exp = (exp + imm8) & 0xff;
        }
        r[l] = (c[l] & ~FP32_EXP) | (exp << 23);
    }
    tt_sfpu_commit(s, o.vd, r, en);
    return TT_EXEC_DONE;
}

/* ---------------------------------------------------------------------- */
/* Look-up tables (SFPLUT.md, SFPLUTFP32.md)                              */
/* ---------------------------------------------------------------------- */

#define FP32_ONE        0x3f800000u

/* Lut8ToFp32: Sign(7), 127 - Exp(6:4), Man(3:0); 0xff is zero */
static uint32_t tt_sfpu_lut8(uint32_t x)
{
    x &= 0xff;
    if (x == 0xff) {
        return 0;
    }
    return ((x >> 7) << 31) | ((127 - ((x >> 4) & 7)) << 23) |
           ((x & 0xf) << 19);
}

/* Lut16ToFp32: FP16 rebiased, exponent 31 meaning a zero */
static uint32_t tt_sfpu_lut16(uint32_t x)
{
    uint32_t exp = (x >> 10) & 0x1f;

    x &= 0xffff;
    return ((x >> 15) << 31) | ((exp == 0x1f ? 0 : 112 + exp) << 23) |
           ((x & 0x3ff) << 13);
}

/*
 * The segment of |LReg[3]|: 0 below 1.0, 1 below 2.0, else 2 (NaN too);
 * FP32 bit patterns of non-negative values order as the values do.
 */
static unsigned tt_sfpu_lut_segment(uint32_t b)
{
    return b < FP32_ONE ? 0 : b < 0x40000000 ? 1 : 2;
}

/*
 * d = a * |LReg[3]| + c per lane through the FMA, the sign of LReg[3]
 * with @sgn_retain, into VD or (INDIRECT_VD) LReg[7]'s register
 */
static void tt_sfpu_lut_commit(TTCoproc *s, unsigned vd, bool indirect,
                               bool sgn_retain, const uint32_t *a,
                               const uint32_t *c, const uint8_t *en)
{
    TTSfpuState *u = &s->sfpu;
    uint32_t b[LANES], d[LANES];

    for (int l = 0; l < LANES; l++) {
        b[l] = u->lreg[3][l] & ~TT_FP32_SIGN;
    }
    for (int l = 0; l < LANES; l++) {
        d[l] = tt_sfpu_fma(a[l], b[l], c[l], !tt_sfpu_bh(s));
        if (sgn_retain) {
            d[l] = (d[l] & ~TT_FP32_SIGN) | (u->lreg[3][l] & TT_FP32_SIGN);
        }
    }
    tt_sfpu_mad_commit_result(s, vd, indirect ? SFPMAD_MOD1_INDIRECT_VD : 0,
                              d, en);
}

#define SFPLUT_MOD0_SGN_RETAIN  4
#define SFPLUT_MOD0_INDIRECT_VD 8

static TTExec tt_sfplut_body(TTCoproc *s, int t, uint32_t insn)
{
    TTSfpuState *u = &s->sfpu;
    unsigned vd = tt_sfpu_vd(s, FIELD_EX32(insn, SFPLUT, lreg_ind));
    unsigned mod0 = FIELD_EX32(insn, SFPLUT, instr_mod0);
    uint32_t a[LANES], c[LANES];
    uint8_t en[LANES];

    tt_sfpu_active_enabled(s, insn, vd, en);
    for (int l = 0; l < LANES; l++) {
        unsigned i = tt_sfpu_lut_segment(u->lreg[3][l] & ~TT_FP32_SIGN);
        uint32_t coeffs = u->lreg[i][l];

        a[l] = tt_sfpu_lut8(coeffs >> 8);
        c[l] = tt_sfpu_lut8(coeffs);
    }
    tt_sfpu_lut_commit(s, vd, mod0 & SFPLUT_MOD0_INDIRECT_VD,
                       mod0 & SFPLUT_MOD0_SGN_RETAIN, a, c, en);
    return TT_EXEC_DONE;
}

#define SFPLUTFP32_MOD1_FP16_3ENTRY_TABLE   10
#define SFPLUTFP32_MOD1_FP16_6ENTRY_TABLE1  2
#define SFPLUTFP32_MOD1_FP16_6ENTRY_TABLE2  3
#define SFPLUTFP32_MOD1_SGN_RETAIN          4
#define SFPLUTFP32_MOD1_INDIRECT_VD         8

static TTExec tt_sfplutfp32_body(TTCoproc *s, int t, uint32_t insn)
{
    TTSfpuState *u = &s->sfpu;
    unsigned vd = tt_sfpu_vd(s, extract32(FIELD_EX32(insn, SFPLUTFP32,
                                                     lreg_dest), 0, 4));
    unsigned mod1 = FIELD_EX32(insn, SFPLUTFP32, instr_mod1);
    /* 3.0 or, with FP16_6ENTRY_TABLE2, 4.0 */
    uint32_t cut = (mod1 & 3) == SFPLUTFP32_MOD1_FP16_6ENTRY_TABLE2 ?
                   0x40800000 : 0x40400000;
    uint32_t a[LANES], c[LANES];
    uint8_t en[LANES];

    tt_sfpu_active_enabled(s, insn, vd, en);
    for (int l = 0; l < LANES; l++) {
        uint32_t b = u->lreg[3][l] & ~TT_FP32_SIGN;
        unsigned i = tt_sfpu_lut_segment(b), j;

        if (!(mod1 & SFPLUTFP32_MOD1_FP16_6ENTRY_TABLE1)) {
            a[l] = u->lreg[i][l];
            c[l] = u->lreg[4 + i][l];
        } else if ((mod1 & SFPLUTFP32_MOD1_FP16_3ENTRY_TABLE) ==
                   SFPLUTFP32_MOD1_FP16_3ENTRY_TABLE) {
            a[l] = tt_sfpu_lut16(u->lreg[i][l] >> 16);
            c[l] = tt_sfpu_lut16(u->lreg[i][l]);
        } else {
            /* Halves: 0.5, 1.0, 1.5, 2.0 and the cut */
            j = b < 0x3f000000 ? 0 : b < FP32_ONE ? 16 :
                b < 0x3fc00000 ? 0 : b < 0x40000000 ? 16 : b < cut ? 0 : 16;
            a[l] = tt_sfpu_lut16(u->lreg[i][l] >> j);
            c[l] = tt_sfpu_lut16(u->lreg[4 + i][l] >> j);
        }
    }
    tt_sfpu_lut_commit(s, vd, mod1 & SFPLUTFP32_MOD1_INDIRECT_VD,
                       mod1 & SFPLUTFP32_MOD1_SGN_RETAIN, a, c, en);
    return TT_EXEC_DONE;
}

/* ---------------------------------------------------------------------- */
/* Blackhole: SFPMUL24, SFPGT, SFPLE                                      */
/* ---------------------------------------------------------------------- */

#define SFPMUL24_MOD1_UPPER     1

/* Mul24ShiftAdd of SFPMUL24.md */
static uint32_t tt_sfpu_mul24_add(uint32_t pm, uint32_t z)
{
    unsigned ze = (z >> 23) & 0xff, pe = 129, re, sh;
    uint32_t zm, zgrs;

    if (!ze) {
        return pm;
    }
    re = MAX(pe, ze);
    sh = (re - ze) & 31;
    zgrs = ((1u << 23) + (z & 0x7fffff)) << 3;
    pm >>= (re - pe) & 31;
    zm = zgrs >> sh;
    if (zm) {
        pm += zm;
        pm += (((zm << sh) ^ zgrs) > 0xffff) << 16;
        pm &= 0x7fffff;
    }
    return pm;
}

static TTExec tt_sfpmul24_body(TTCoproc *s, int t, uint32_t insn)
{
    TTSfpuState *u = &s->sfpu;
    unsigned mod1 = FIELD_EX32(insn, SFPMUL24, instr_mod1);
    unsigned vd = tt_sfpu_vd(s, FIELD_EX32(insn, SFPMUL24, lreg_dest));
    unsigned vc = tt_sfpu_vc(s, FIELD_EX32(insn, SFPMUL24, lreg_src_c));
    unsigned vb = tt_sfpu_vb(s, FIELD_EX32(insn, SFPMUL24, lreg_src_b));
    unsigned va = extract32(FIELD_EX32(insn, SFPMUL24, lreg_src_a), 0, 4);
    uint32_t d[LANES];
    uint8_t en[LANES];

    tt_sfpu_active_enabled(s, insn, vd, en);
    for (int l = 0; l < LANES; l++) {
        unsigned i = mod1 & SFPMAD_MOD1_INDIRECT_VA ? u->lreg[7][l] & 15 : va;
        uint32_t a = u->lreg[i][l], b = u->lreg[vb][l];

        if (mod1 & SFPMUL24_MOD1_UPPER) {
            d[l] = ((uint64_t)(a & 0x7fffff) * (b & 0x7fffff)) >> 23;
        } else {
            d[l] = (a * b) & 0x7fffff;
        }
        d[l] = tt_sfpu_mul24_add(d[l], u->lreg[vc][l]);
    }
    tt_sfpu_mad_commit_result(s, vd, mod1, d, en);
    return TT_EXEC_DONE;
}

/* SignMagIsSmaller(C, D): sign-magnitude (or FP32 total order) C < D */
static bool tt_sfpu_sm_less(uint32_t c, uint32_t d)
{
    c ^= (uint32_t)((int32_t)c >> 30) >> 1;
    d ^= (uint32_t)((int32_t)d >> 30) >> 1;
    return (int32_t)c < (int32_t)d;
}

#define SFPGT_MOD1_SET_CC       1
#define SFPGT_MOD1_MUTATE_STACK 2
#define SFPGT_MOD1_MUTATE_OR    4
#define SFPGT_MOD1_SET_VD       8

/* SFPGT (@le false): VD > VC; SFPLE: VD <= VC (SFPGT.md, SFPLE.md) */
static TTExec tt_sfpu_compare(TTCoproc *s, uint32_t insn, bool le)
{
    TTSfpuState *u = &s->sfpu;
    TTSfpuOp o = tt_sfpu_op(s, insn);
    uint32_t r[LANES];
    uint8_t act[LANES], en[LANES], res[LANES];

    tt_sfpu_backdoor(s, insn, o.vd, act);
    tt_sfpu_lane_enabled(s, en);
    for (int l = 0; l < LANES; l++) {
        res[l] = tt_sfpu_sm_less(u->lreg[o.vc][l], u->lreg[o.vb][l]) ^ le;
        en[l] &= act[l];
        r[l] = res[l] ? ~0u : 0;
    }
    if (o.mod1 & SFPGT_MOD1_SET_VD) {
        tt_sfpu_commit(s, o.vd, r, en);
    }
    for (int l = 0; l < LANES; l++) {
        unsigned n = u->stack_size[l];

        if ((o.mod1 & SFPGT_MOD1_SET_CC) && en[l]) {
            u->flags[l] = res[l];
        }
        if ((o.mod1 & SFPGT_MOD1_MUTATE_STACK) && act[l] && n) {
            if (o.mod1 & SFPGT_MOD1_MUTATE_OR) {
                u->stack_flags[n - 1][l] |= res[l];
            } else {
                u->stack_flags[n - 1][l] &= res[l];
            }
        }
    }
    return TT_EXEC_DONE;
}

TT_SFPU_SAME_LAYOUT(SFPGT);
TT_SFPU_SAME_LAYOUT(SFPLE);

static TTExec tt_sfpgt_body(TTCoproc *s, int t, uint32_t insn)
{
    return tt_sfpu_compare(s, insn, false);
}

static TTExec tt_sfple_body(TTCoproc *s, int t, uint32_t insn)
{
    return tt_sfpu_compare(s, insn, true);
}

/* ---------------------------------------------------------------------- */
/* SFPARECIP (Blackhole): SFPARECIP.md                                    */
/* ---------------------------------------------------------------------- */

#define SFPARECIP_MOD1_RECIP        0
#define SFPARECIP_MOD1_COND_RECIP   1

/* ApproxRecip of a non-negative FP32 @x */
static uint32_t tt_sfpu_approx_recip(uint32_t x)
{
    uint32_t i;

    if (x < 0x00800000) {               /* below 2**-126: infinity */
        return 0x7f800000;
    }
    if (x >= 0x7e800000) {              /* 2**126 and up: 0 */
        return 0;
    }
    /* The page's LUT[i] is round(2**15 / (128 + i + 0.5)) - 128 */
    i = (x >> 16) & 0x7f;
    return ((253 - (x >> 23)) << 23) |
           ((((2u << 16) / (2 * 128 + 2 * i + 1) + 1) / 2 - 128) << 16);
}

/* ApproxExp of a non-negative FP32 @x */
static uint32_t tt_sfpu_approx_exp(uint32_t x)
{
    if (x < 0x00800000) {
        return 0x3f800000;              /* 1.0 */
    }
    if (x < 0x3c800000) {               /* below 0.015625 */
        return 0x3f810000 | (x & 0xffff);
    }
    if (x < 0x3f320000) {               /* below 0.6953125 */
        return 0x3f800000 |
               (tt_sfpu_approx_exp_lut[(x >> 16) - 0x3c80] << 16) |
               (x & 0xffff);
    }
    if (x < 0x40000000) {               /* below 2 */
        return 0x40000000 |
               ((uint32_t)tt_sfpu_approx_exp_lut[(x >> 16) - 0x3c80] << 16) |
               (x & 0xffff);
    }
    return 0x40800000 | (x & 0xffff);
}

/*
 * Lanewise approximate reciprocal or exponential of LReg[VC] into
 * LReg[VD] (VD 0..7); VB is imm12_math 3:0 (the page's encoding).
 */
static TTExec tt_sfparecip_body(TTCoproc *s, int t, uint32_t insn)
{
    TTSfpuOp o = tt_sfpu_op(s, insn);
    const uint32_t *b = s->sfpu.lreg[tt_sfpu_vb(s, extract32(o.imm12, 0, 4))];
    const uint32_t *c = s->sfpu.lreg[o.vc];
    uint32_t r[LANES];
    uint8_t en[LANES];

    tt_sfpu_active_enabled(s, insn, o.vd, en);
    for (int l = 0; l < LANES; l++) {
        uint32_t x = c[l], sign = x & TT_FP32_SIGN;

        switch (o.mod1) {
        case SFPARECIP_MOD1_RECIP:
            x = sign + tt_sfpu_approx_recip(x - sign);
            break;
        case SFPARECIP_MOD1_COND_RECIP:
            if ((int32_t)b[l] < 0) {
                x = tt_sfpu_approx_recip(x - sign);
            }
            break;
        default:                        /* SFPARECIP_MOD1_EXP and others */
            x = sign + tt_sfpu_approx_exp(x - sign);
            break;
        }
        r[l] = x;
    }
    tt_sfpu_commit(s, o.vd, r, en);
    return TT_EXEC_DONE;
}

/* ---------------------------------------------------------------------- */
/* The instructions: issue through the sequencer (tt_sfpu_issue)          */
/* ---------------------------------------------------------------------- */

TT_SFPU_INSN(tt_sfpmad)
TT_SFPU_INSN(tt_sfpadd)
TT_SFPU_INSN(tt_sfpmul)
TT_SFPU_INSN(tt_sfpaddi)
TT_SFPU_INSN(tt_sfpmuli)
TT_SFPU_INSN(tt_sfpiadd)
TT_SFPU_INSN(tt_sfpand)
TT_SFPU_INSN(tt_sfpor)
TT_SFPU_INSN(tt_sfpxor)
TT_SFPU_INSN(tt_sfpnot)
TT_SFPU_INSN(tt_sfpmov)
TT_SFPU_INSN(tt_sfpabs)
TT_SFPU_INSN(tt_sfpshft)
TT_SFPU_INSN(tt_sfplz)
TT_SFPU_INSN(tt_sfpsetexp)
TT_SFPU_INSN(tt_sfpsetman)
TT_SFPU_INSN(tt_sfpsetsgn)
TT_SFPU_INSN(tt_sfpexexp)
TT_SFPU_INSN(tt_sfpexman)
TT_SFPU_INSN(tt_sfpdivp2)
TT_SFPU_INSN(tt_sfplut)
TT_SFPU_INSN(tt_sfplutfp32)
TT_SFPU_INSN(tt_sfpmul24)
TT_SFPU_INSN(tt_sfpgt)
TT_SFPU_INSN(tt_sfple)
TT_SFPU_INSN(tt_sfparecip)
