/*
 * qemu-tensix test: Blackhole's RISC-V window onto Dst at 0xFFBD8000
 * (BlackholeA0 TensixCoprocessor/Dst.md, "RISCV access to Dst").
 *
 * TRISC0 stores through each of the six formats of
 * RISC_DEST_ACCESS_CTRL_SEC0.fmt and reads the bits back raw (no_swizzle)
 * and converted; TRISC2 then checks a 32-bit access spanning two 16-bit
 * elements (TRISC2 may access several elements at once).  The expected
 * values are worked out from the page's Load / Store functions:
 *
 *   -pi = 0xc0490fdb as FP32 is Dst32b 0xc9800fdb (Sign, ManHi, Exp,
 *   ManLo), i.e. Dst16b rows 0 and 8: 0xc980 and 0x0fdb;
 *   int32 -5 is sign-magnitude 0x80000005; -2**31 clamps to 0xffffffff,
 *   which reads back as -(2**31 - 1);
 *   FP16 1.0 (0x3c00) is 0x000f and -1.5 (0xbe00) 0xc00f (Sign, Man, Exp);
 *   BF16 -3.14 (0xc049) is 0xc980;
 *   int8 -5 (0xfb) is stored as 0x8000 | (0x85 << 5) | 16: the page's
 *   "meant to be conversion to sign-magnitude, but isn't" 0x180 - Value.
 *
 * Wormhole has no such window: there the program only says so.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "tt.h"

#if defined(TT_ARCH_BH)

#define DST_WIN             0xFFBD8000u
/* Config[0] word 3: RISC_DEST_ACCESS_CTRL_SEC0 bits 18:14, SEC2 28:24 */
#define RISC_DEST_ACCESS    TT_REG(0xFFEF000Cu)

/* Elements of the window: MMIO, so volatile */
#define W32(i)  (*(volatile uint32_t *)(DST_WIN + 4u * (i))) /* MMIO */
#define W16(i)  (*(volatile uint16_t *)(DST_WIN + 2u * (i))) /* MMIO */
#define W8(i)   (*(volatile uint8_t *)(DST_WIN + (i)))       /* MMIO */

enum { FP32, INT32, FP16, BF16, INT16, INT8 };

/* RISC_DEST_ACCESS_CTRL_SEC[t] = {fmt, no_swizzle, unsigned_int} */
static void access(int t, unsigned fmt, bool raw, bool uns)
{
    unsigned shift = 14 + 5 * t;

    RISC_DEST_ACCESS = ((raw | uns << 1 | fmt << 2) << shift);
    (void)RISC_DEST_ACCESS;     /* the write has landed */
}

#define CHECK0(got, want)   TT_CORE_CHECK(TT_TRISC0, (got), (want))

static void check_fp32_int32(void)
{
    access(0, FP32, false, false);
    W32(0) = 0xc0490fdb;
    W32(17) = 0x3f800000;                   /* Dst32b[1][1] */
    access(0, FP32, true, false);
    CHECK0(W32(0), 0xc9800fdb);
    CHECK0(W32(17), 0x007f0000);
    access(0, INT16, true, false);          /* Dst16b, raw */
    CHECK0(W16(0), 0xc980);
    CHECK0(W16(8 * 16), 0x0fdb);
    CHECK0(W16(1 * 16 + 1), 0x007f);
    CHECK0(W16(9 * 16 + 1), 0x0000);
    access(0, FP32, false, false);
    CHECK0(W32(0), 0xc0490fdb);
    CHECK0(W32(17), 0x3f800000);

    access(0, INT32, false, false);
    W32(2) = (uint32_t)-5;
    W32(3) = 0x80000000;
    W32(4) = 0x00123456;
    access(0, FP32, true, false);
    CHECK0(W32(2), 0x80000005);
    CHECK0(W32(3), 0xffffffff);
    CHECK0(W32(4), 0x12003456);             /* bits 23:16 move up */
    access(0, INT32, false, false);
    CHECK0(W32(2), (uint32_t)-5);
    CHECK0(W32(3), 0x80000001);
    CHECK0(W32(4), 0x00123456);
    access(0, INT32, true, false);          /* no_swizzle: no conversion */
    CHECK0(W32(2), 0x80000005);
}

static void check_16bit(void)
{
    access(0, FP16, false, false);
    W16(32) = 0x3c00;
    W16(33) = 0xbe00;
    access(0, BF16, false, false);
    W16(34) = 0x3f80;
    W16(35) = 0xc049;
    access(0, INT16, false, false);
    W16(36) = 0xfffb;
    W16(37) = 0x8000;
    access(0, INT16, false, true);
    W16(38) = 0xfffb;

    access(0, INT16, true, false);
    CHECK0(W16(32), 0x000f);
    CHECK0(W16(33), 0xc00f);
    CHECK0(W16(34), 0x007f);
    CHECK0(W16(35), 0xc980);
    CHECK0(W16(36), 0x8005);
    CHECK0(W16(37), 0xffff);
    CHECK0(W16(38), 0xfffb);

    access(0, FP16, false, false);
    CHECK0(W16(33), 0xbe00);
    access(0, BF16, false, false);
    CHECK0(W16(35), 0xc049);
    access(0, INT16, false, false);
    CHECK0(W16(36), 0xfffb);
    CHECK0(W16(37), 0x8001);
    CHECK0(W16(38), 0x8005);
    access(0, INT16, false, true);
    CHECK0(W16(38), 0xfffb);
}

static void check_int8(void)
{
    access(0, INT8, false, false);
    W8(48) = 5;
    W8(49) = 0xfb;
    W8(50) = 0x80;
    W8(51) = 0;
    access(0, INT8, false, true);
    W8(52) = 0xfb;

    access(0, INT16, true, false);
    CHECK0(W16(48), 0x00b0);
    CHECK0(W16(49), 0x90b0);
    CHECK0(W16(50), 0x9ff0);
    CHECK0(W16(51), 0x0000);
    CHECK0(W16(52), 0x1f70);

    access(0, INT8, false, false);
    CHECK0(W8(48), 5);
    CHECK0(W8(49), 0xfb);
    CHECK0(W8(50), 0x81);
    access(0, INT8, false, true);
    CHECK0(W8(50), 0xff);
    CHECK0(W8(52), 0xfb);
}

static void trisc0(TTResult *r, uint32_t errors)
{
    check_fp32_int32();
    check_16bit();
    check_int8();
    tt_publish(r, errors);
}

/* After TRISC0 (both write Config word 3): two FP16 elements at once */
static void trisc2(TTResult *r, uint32_t errors)
{
    tt_wait_eq(&tt_results[TT_TRISC0].magic, TT_RESULT_MAGIC, 5000);
    access(2, FP16, false, false);
    W16(64) = 0x3c00;
    W16(65) = 0xbe00;
    TT_CORE_CHECK(TT_TRISC2, W32(32), 0xbe003c00);
    W32(33) = 0x3c00be00;
    access(2, INT16, true, false);
    TT_CORE_CHECK(TT_TRISC2, W16(66), 0xc00f);
    TT_CORE_CHECK(TT_TRISC2, W16(67), 0x000f);
    tt_publish(r, errors);
}

void trisc_main(int t)
{
    static TTTriscFn *const fn[3] = { trisc0, NULL, trisc2 };

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
    tt_printf("dst_window (%s): RISC-V access to Dst\n", TT_ARCH_NAME);
    tt_brisc_common_checks();
#if defined(TT_ARCH_BH)
    tt_run_others();
#else
    tt_printf("  no RISC-V window onto Dst on this architecture\n");
#endif
    return tt_summary("dst_window", tt_nfails + tt_failures, tt_nchecks);
}
