/*
 * Blackhole: RISC-V T0 / T1 / T2's window onto Dst at 0xFFBD8000.
 *
 * tt-isa-documentation BlackholeA0 TensixCoprocessor/Dst.md, "RISCV
 * access to Dst": Load32/Load16/Load8 and Store32/Store16/Store8, shaped
 * by Config RISC_DEST_ACCESS_CTRL_SEC[thread].{fmt, no_swizzle,
 * unsigned_int} of the state the core's thread uses.  Elements go through
 * Dst32b / Dst16b as the matrix unit sees them (Adj16 / Adj32, DstRowValid),
 * so a row ZEROACC cleared reads as zero here too.
 *
 * The page lets TRISC2 access several elements at once and T0 / T1 only
 * one: an access wider than an element is split into elements (on T0 / T1
 * it is also logged as a guest error, silicon "generally misbehaves"); one
 * narrower than an element, and reserved formats, are guest errors: loads
 * see the addressed bytes of the element, stores are dropped.  See
 * docs/units/regfiles.md and docs/decisions.md.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "tt_log.h"
#include "tt_unit.h"
#include "trace.h"

/* RISC_DEST_ACCESS_CTRL_SEC[thread] */
typedef struct TTDstAccess {
    unsigned fmt;
    bool no_swizzle;
    bool unsigned_int;
} TTDstAccess;

enum {
    TT_DST_FMT_FP32,            /* float / uint32_t Dst32b[512][16] */
    TT_DST_FMT_INT32,           /* int32_t Dst32b[512][16] */
    TT_DST_FMT_FP16,            /* __fp16 Dst16b[1024][16] */
    TT_DST_FMT_BF16,            /* __bf16 Dst16b[1024][16] */
    TT_DST_FMT_INT16,           /* int16_t / uint16_t Dst16b[1024][16] */
    TT_DST_FMT_INT8,            /* int8_t / uint8_t Dst16b[1024][16] */
};

static TTDstAccess tt_dst_access(TTCoproc *s, int t)
{
    switch (t) {
    case 0:
        return (TTDstAccess) {
            TT_CFG_CFG_BH(s, t, RISC_DEST_ACCESS_CTRL_SEC0_fmt),
            TT_CFG_CFG_BH(s, t, RISC_DEST_ACCESS_CTRL_SEC0_no_swizzle),
            TT_CFG_CFG_BH(s, t, RISC_DEST_ACCESS_CTRL_SEC0_unsigned_int),
        };
    case 1:
        return (TTDstAccess) {
            TT_CFG_CFG_BH(s, t, RISC_DEST_ACCESS_CTRL_SEC1_fmt),
            TT_CFG_CFG_BH(s, t, RISC_DEST_ACCESS_CTRL_SEC1_no_swizzle),
            TT_CFG_CFG_BH(s, t, RISC_DEST_ACCESS_CTRL_SEC1_unsigned_int),
        };
    default:
        return (TTDstAccess) {
            TT_CFG_CFG_BH(s, t, RISC_DEST_ACCESS_CTRL_SEC2_fmt),
            TT_CFG_CFG_BH(s, t, RISC_DEST_ACCESS_CTRL_SEC2_no_swizzle),
            TT_CFG_CFG_BH(s, t, RISC_DEST_ACCESS_CTRL_SEC2_unsigned_int),
        };
    }
}

/* Bytes per element of @fmt, 0 for the reserved values */
static unsigned tt_dst_elem_size(unsigned fmt)
{
    switch (fmt) {
    case TT_DST_FMT_FP32:
    case TT_DST_FMT_INT32:
        return 4;
    case TT_DST_FMT_FP16:
    case TT_DST_FMT_BF16:
    case TT_DST_FMT_INT16:
        return 2;
    case TT_DST_FMT_INT8:
        return 1;
    default:
        return 0;
    }
}

/* Load32 / Load16 / Load8 of element @idx (address offset / size) */
static uint32_t tt_dst_load(TTCoproc *s, int t, TTDstAccess a, unsigned idx)
{
    uint32_t v;

    switch (a.fmt) {
    case TT_DST_FMT_FP32:
    case TT_DST_FMT_INT32:
        v = tt_dst_read32(s, t, idx / 16, idx % 16);
        if (!a.no_swizzle) {
            /* Dst32b layout (Sign, ManHi, Exp, ManLo) to CPU layout */
            v = (v & 0x8000ffff) | ((v & 0x7f000000) >> 8) |
                ((v & 0x00ff0000) << 7);
        }
        if (a.fmt == TT_DST_FMT_INT32 && !a.no_swizzle && v >= 0x80000000) {
            v = -(v & 0x7fffffff);      /* sign-magnitude; -0 gives +0 */
        }
        return v;
    case TT_DST_FMT_FP16:
        v = tt_dst_read16(s, t, idx / 16, idx % 16);
        if (!a.no_swizzle) {
            v = (v & 0x8000) | ((v & 0x7fe0) >> 5) | ((v & 0x001f) << 10);
        }
        return v;
    case TT_DST_FMT_BF16:
        v = tt_dst_read16(s, t, idx / 16, idx % 16);
        if (!a.no_swizzle) {
            v = (v & 0x8000) | ((v & 0x7f00) >> 8) | ((v & 0x00ff) << 7);
        }
        return v;
    case TT_DST_FMT_INT16:
        v = tt_dst_read16(s, t, idx / 16, idx % 16);
        if (!a.no_swizzle && !a.unsigned_int && v >= 0x8000) {
            v = -(v & 0x7fff) & 0xffff;
        }
        return v;
    case TT_DST_FMT_INT8: {
        /* Integer "8": magnitude in bits 12:5, sign in bit 15 */
        uint32_t v16 = tt_dst_read16(s, t, idx / 16, idx % 16);
        uint32_t mag = (v16 >> 5) & 0x7f;

        if (a.no_swizzle || a.unsigned_int) {
            return (v16 >> 5) & 0xff;
        }
        return (v16 & 0x8000 ? -mag : mag) & 0xff;
    }
    default:
        g_assert_not_reached();
    }
}

/* Store32 / Store16 / Store8 of element @idx */
static void tt_dst_store(TTCoproc *s, int t, TTDstAccess a, unsigned idx,
                         uint32_t v)
{
    switch (a.fmt) {
    case TT_DST_FMT_FP32:
    case TT_DST_FMT_INT32:
        if (a.fmt == TT_DST_FMT_INT32 && !a.no_swizzle && v >= 0x80000000) {
            /* Two's complement to sign-magnitude, -2**31 clamped */
            v = 0x80000000 | -(v + (v == 0x80000000));
        }
        if (!a.no_swizzle) {
            v = (v & 0x8000ffff) | ((v & 0x7f800000) >> 7) |
                ((v & 0x007f0000) << 8);
        }
        tt_dst_write32(s, t, idx / 16, idx % 16, v);
        return;
    case TT_DST_FMT_FP16:
        if (!a.no_swizzle) {
            v = (v & 0x8000) | ((v & 0x7c00) >> 10) | ((v & 0x03ff) << 5);
        }
        break;
    case TT_DST_FMT_BF16:
        if (!a.no_swizzle) {
            v = (v & 0x8000) | ((v & 0x7f80) >> 7) | ((v & 0x007f) << 8);
        }
        break;
    case TT_DST_FMT_INT16:
        if (!a.no_swizzle && !a.unsigned_int && v >= 0x8000) {
            v = 0x8000 | (-(v + (v == 0x8000)) & 0xffff);
        }
        break;
    case TT_DST_FMT_INT8:
        if (a.no_swizzle || a.unsigned_int || v < 0x80) {
            v = (v << 5) | (v ? 16 : 0);
        } else {
            /* Dst.md: meant to negate, but is 0x180 - v (mod 256) */
            uint8_t mag = 0x180 - v - (v == 0x80);

            v = 0x8000 | (mag << 5) | 16;
        }
        break;
    default:
        g_assert_not_reached();
    }
    tt_dst_write16(s, t, idx / 16, idx % 16, v);
}

/*
 * Check an access of @size at @addr; returns the element size, 0 when
 * the access has no defined effect.
 */
static unsigned tt_dst_riscv_check(TTCoreView *v, TTDstAccess a, hwaddr addr,
                                   unsigned size, bool is_write)
{
    unsigned esize = tt_dst_elem_size(a.fmt);
    const char *core = tt_core_name[v->core];

    if (!esize) {
        tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: %s: Dst window %s at "
                    "0x%" HWADDR_PRIx " with reserved fmt %u: %s\n", core,
                    is_write ? "store" : "load", addr, a.fmt,
                    is_write ? "dropped" : "reads 0");
        return 0;
    }
    if (size < esize) {
        tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: %s: %u-byte Dst window "
                    "%s at 0x%" HWADDR_PRIx " narrower than fmt %u's "
                    "elements: %s\n", core, size,
                    is_write ? "store" : "load", addr, a.fmt,
                    is_write ? "dropped" : "reads part of the element");
        return is_write ? 0 : esize;
    }
    if (size > esize && v->core != TT_CORE_TRISC2) {
        tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: %s: %u-byte Dst window "
                    "%s at 0x%" HWADDR_PRIx " spans %u elements of fmt "
                    "%u (only TRISC2 may): split into elements\n", core,
                    size, is_write ? "store" : "load", addr, size / esize,
                    a.fmt);
    }
    return esize;
}

static uint64_t tt_dst_riscv_read(void *opaque, hwaddr addr, unsigned size)
{
    TTCoreView *v = opaque;
    TTCoproc *s = v->s;
    int t = TT_TRISC_THREAD(v->core);
    TTDstAccess a = tt_dst_access(s, t);
    unsigned esize = tt_dst_riscv_check(v, a, addr, size, false);
    uint64_t val = 0;

    if (esize && size < esize) {
        uint32_t e = tt_dst_load(s, t, a, addr / esize);

        val = extract32(e, (addr % esize) * 8, size * 8);
    } else if (esize) {
        for (unsigned i = 0; i < size / esize; i++) {
            uint64_t e = tt_dst_load(s, t, a, addr / esize + i);

            val |= e << (i * esize * 8);
        }
    }
    trace_tt_tensix_mmio_read("dst", v->core, addr, val, size);
    return val;
}

static void tt_dst_riscv_write(void *opaque, hwaddr addr, uint64_t val,
                               unsigned size)
{
    TTCoreView *v = opaque;
    TTCoproc *s = v->s;
    int t = TT_TRISC_THREAD(v->core);
    TTDstAccess a = tt_dst_access(s, t);
    unsigned esize = tt_dst_riscv_check(v, a, addr, size, true);

    trace_tt_tensix_mmio_write("dst", v->core, addr, val, size);
    if (!esize) {
        return;
    }
    for (unsigned i = 0; i < size / esize; i++) {
        tt_dst_store(s, t, a, addr / esize + i,
                     extract64(val, i * esize * 8, esize * 8));
    }
}

static const MemoryRegionOps tt_dst_riscv_ops = {
    .read = tt_dst_riscv_read,
    .write = tt_dst_riscv_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = {
        .min_access_size = 1,
        .max_access_size = 4,
    },
    .impl = {
        .min_access_size = 1,
        .max_access_size = 4,
    },
};

void tt_dst_riscv_realize(TTCoproc *s)
{
    if (!s->arch->has_dst_riscv_window) {
        return;
    }
    for (int c = TT_CORE_TRISC0; c <= TT_CORE_TRISC2; c++) {
        g_autofree char *name = g_strdup_printf("tt-dst-%s",
                                                tt_core_name[c]);

        memory_region_init_io(&s->dst_mmio[c], s->owner, &tt_dst_riscv_ops,
                              &s->view[c][0], name, TT_DST_RISCV_SIZE);
    }
}
