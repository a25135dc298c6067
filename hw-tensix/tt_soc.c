/*
 * Tenstorrent chips: full-chip NoC layouts and the non-Tensix tiles
 *
 * Layout facts (NoC 0 coordinates) from the vendor SoC descriptors:
 * tt-metal tt_metal/soc_descriptors/{wormhole_b0_80_arch,
 * blackhole_140_arch}.yaml and tt-umd device/api/umd/device/arch/
 * {wormhole,blackhole}_implementation.hpp (TENSIX_CORES_NOC0,
 * DRAM_CORES_NOC0, ETH_CORES_NOC0, PCIE_CORES_NOC0, ARC_CORES_NOC0,
 * SECURITY_CORES_NOC0, L2CPU_CORES_NOC0, ROUTER_CORES_NOC0); DRAM sizes
 * from tt-isa-documentation WormholeB0/DRAMTile/README.md (two 1 GiB GDDR6
 * channels per group of three DRAM tiles, at NoC addresses 0 and 1 GiB)
 * and blackhole_140_arch.yaml (dram_bank_size).  docs/units/soc.md has the
 * maps and the decisions.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/units.h"
#include "qapi/error.h"
#include "hw/qdev-properties.h"
#include "hw/resettable.h"
#include "migration/vmstate.h"
#include "system/reset.h"
#include "tt_log.h"
#include "tt_soc.h"
#include "trace.h"

#define XY(a, b) { .x = (a), .y = (b) }

static const TTSocLayout tt_soc_layouts[TT_ARCH__MAX] = {
    /*
     * Wormhole B0, 10 x 12 (wormhole_b0_80_arch.yaml).  The descriptor
     * lists 12 DRAM "banks" of 1 GiB: pairs share the same three
     * coordinates at offsets 0 and 1 GiB, i.e. the six 2 GiB channels of
     * tt-umd (DRAM_BANK_SIZE = 2 GiB) in this order.
     *
     *   y\x  0   1-4   5   6-9
     *    0   D0  E     D2  E
     *    1   D0  T     D2  T
     *    2   R   T     D3  T
     *    3   P   T     D4  T
     *    4   R   T     D4  T
     *    5   D1  T     D5  T
     *    6   D1  E     D5  E
     *    7   D1  T     D5  T
     *    8   R   T     D4  T
     *    9   R   T     D3  T
     *   10   A   T     D3  T
     *   11   D0  T     D2  T
     */
    [TT_ARCH_WORMHOLE_B0] = {
        .width = 10,
        .height = 12,
        .num_worker_x = 8,
        .worker_x = { 1, 2, 3, 4, 6, 7, 8, 9 },
        .num_worker_y = 10,
        .worker_y = { 1, 2, 3, 4, 5, 7, 8, 9, 10, 11 },
        .num_dram = 6,
        .dram = {
            { XY(0, 0), XY(0, 1), XY(0, 11) },
            { XY(0, 5), XY(0, 6), XY(0, 7) },
            { XY(5, 0), XY(5, 1), XY(5, 11) },
            { XY(5, 2), XY(5, 9), XY(5, 10) },
            { XY(5, 3), XY(5, 4), XY(5, 8) },
            { XY(5, 5), XY(5, 6), XY(5, 7) },
        },
        .dram_size = 2 * GiB,
        .eth = { 16, {
            XY(9, 0), XY(1, 0), XY(8, 0), XY(2, 0),
            XY(7, 0), XY(3, 0), XY(6, 0), XY(4, 0),
            XY(9, 6), XY(1, 6), XY(8, 6), XY(2, 6),
            XY(7, 6), XY(3, 6), XY(6, 6), XY(4, 6),
        } },
        .pcie = { 1, { XY(0, 3) } },
        .arc = { 1, { XY(0, 10) } },
        .router = { 4, { XY(0, 2), XY(0, 4), XY(0, 8), XY(0, 9) } },
    },
    /*
     * Blackhole, 17 x 12 (blackhole_140_arch.yaml; tt-umd for the second
     * PCIe tile (2,0), the security tile and the L2CPU tiles, which the
     * tt-metal descriptor files under router_only).  Eight 4 GiB channels;
     * tt-metal's dram_bank_size 0xFF000000 is what is visible from local
     * address 0: the top 16 MiB of the 4 GiB window is the DRAM tile's own
     * register space (its NIU at 0xFFB20000, tt-umd
     * NOC0_CONTROL_REG_ADDR_BASE_MAP).
     *
     *   y\x  0   1  2  3-7  8   9   10 11 12-16
     *    0   D0  R  P  R    A   D4  R  P  R
     *    1   D0  E  E  E    R   D4  E  E  E
     *    2   D1  T  T  T    S   D5  T  T  T
     *    3   D1  T  T  T    L   D5  T  T  T
     *    4   D2  T  T  T    R   D6  T  T  T
     *    5   D3  T  T  T    L   D7  T  T  T
     *    6   D3  T  T  T    R   D7  T  T  T
     *    7   D3  T  T  T    L   D7  T  T  T
     *    8   D2  T  T  T    R   D6  T  T  T
     *    9   D2  T  T  T    L   D6  T  T  T
     *   10   D1  T  T  T    R   D5  T  T  T
     *   11   D0  T  T  T    R   D4  T  T  T
     */
    [TT_ARCH_BLACKHOLE] = {
        .width = 17,
        .height = 12,
        .num_worker_x = 14,
        .worker_x = { 1, 2, 3, 4, 5, 6, 7, 10, 11, 12, 13, 14, 15, 16 },
        .num_worker_y = 10,
        .worker_y = { 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 },
        .num_dram = 8,
        .dram = {
            { XY(0, 0), XY(0, 1), XY(0, 11) },
            { XY(0, 2), XY(0, 10), XY(0, 3) },
            { XY(0, 9), XY(0, 4), XY(0, 8) },
            { XY(0, 5), XY(0, 7), XY(0, 6) },
            { XY(9, 0), XY(9, 1), XY(9, 11) },
            { XY(9, 2), XY(9, 10), XY(9, 3) },
            { XY(9, 9), XY(9, 4), XY(9, 8) },
            { XY(9, 5), XY(9, 7), XY(9, 6) },
        },
        .dram_size = 0xFF000000ULL,
        .eth = { 14, {
            XY(1, 1), XY(16, 1), XY(2, 1), XY(15, 1), XY(3, 1), XY(14, 1),
            XY(4, 1), XY(13, 1), XY(5, 1), XY(12, 1), XY(6, 1), XY(11, 1),
            XY(7, 1), XY(10, 1),
        } },
        .pcie = { 2, { XY(2, 0), XY(11, 0) } },
        .arc = { 1, { XY(8, 0) } },
        .security = { 1, { XY(8, 2) } },
        .l2cpu = { 4, { XY(8, 3), XY(8, 5), XY(8, 7), XY(8, 9) } },
        .router = { 18, {
            XY(1, 0), XY(3, 0), XY(4, 0), XY(5, 0), XY(6, 0), XY(7, 0),
            XY(10, 0), XY(12, 0), XY(13, 0), XY(14, 0), XY(15, 0),
            XY(16, 0),
            XY(8, 1), XY(8, 4), XY(8, 6), XY(8, 8), XY(8, 10), XY(8, 11),
        } },
    },
};

static const char *const tt_soc_kind_names[TT_SOC__MAX] = {
    [TT_SOC_NONE] = "no",
    [TT_SOC_TENSIX] = "Tensix",
    [TT_SOC_DRAM] = "DRAM",
    [TT_SOC_ETH] = "Ethernet",
    [TT_SOC_PCIE] = "PCIe",
    [TT_SOC_ARC] = "ARC",
    [TT_SOC_SECURITY] = "security",
    [TT_SOC_L2CPU] = "L2CPU",
    [TT_SOC_ROUTER] = "router-only",
};

const TTSocLayout *tt_soc_layout(TTArchId arch)
{
    assert(arch < TT_ARCH__MAX);
    return &tt_soc_layouts[arch];
}

static const char *tt_soc_kind_name(TTSocKind k)
{
    return k < TT_SOC__MAX ? tt_soc_kind_names[k] : "?";
}

static bool tt_soc_in_list(const TTSocList *li, uint32_t x, uint32_t y)
{
    for (uint32_t i = 0; i < li->n; i++) {
        if (li->xy[i].x == x && li->xy[i].y == y) {
            return true;
        }
    }
    return false;
}

/* Kind of the tile at NoC 0 (x, y) */
static TTSocKind tt_soc_kind_at(const TTSocLayout *l, uint32_t x, uint32_t y)
{
    static const struct {
        TTSocKind kind;
        size_t offset;
    } lists[] = {
        { TT_SOC_ETH, offsetof(TTSocLayout, eth) },
        { TT_SOC_PCIE, offsetof(TTSocLayout, pcie) },
        { TT_SOC_ARC, offsetof(TTSocLayout, arc) },
        { TT_SOC_SECURITY, offsetof(TTSocLayout, security) },
        { TT_SOC_L2CPU, offsetof(TTSocLayout, l2cpu) },
        { TT_SOC_ROUTER, offsetof(TTSocLayout, router) },
    };
    bool wx = false, wy = false;

    if (x >= l->width || y >= l->height) {
        return TT_SOC_NONE;
    }
    for (uint32_t i = 0; i < l->num_worker_x; i++) {
        wx |= l->worker_x[i] == x;
    }
    for (uint32_t i = 0; i < l->num_worker_y; i++) {
        wy |= l->worker_y[i] == y;
    }
    if (wx && wy) {
        return TT_SOC_TENSIX;
    }
    for (uint32_t c = 0; c < l->num_dram; c++) {
        for (uint32_t p = 0; p < TT_SOC_DRAM_PORTS; p++) {
            if (l->dram[c][p].x == x && l->dram[c][p].y == y) {
                return TT_SOC_DRAM;
            }
        }
    }
    for (size_t k = 0; k < ARRAY_SIZE(lists); k++) {
        const TTSocList *li = (const void *)((const char *)l +
                                             lists[k].offset);

        if (tt_soc_in_list(li, x, y)) {
            return lists[k].kind;
        }
    }
    return TT_SOC_NONE;
}

uint32_t tt_soc_num_workers(const TTSocLayout *l)
{
    return l->num_worker_x * l->num_worker_y;
}

void tt_soc_worker_xy(const TTSocLayout *l, uint32_t i, uint32_t *x,
                      uint32_t *y)
{
    assert(i < tt_soc_num_workers(l));
    *x = l->worker_x[i % l->num_worker_x];
    *y = l->worker_y[i / l->num_worker_x];
}

/*
 * Every coordinate of the grid is exactly one thing: the lists are
 * disjoint and cover the grid (a check of the tables above).
 */
static void tt_soc_check_layout(const TTSocLayout *l)
{
    uint32_t listed = tt_soc_num_workers(l) + l->num_dram * TT_SOC_DRAM_PORTS +
                      l->eth.n + l->pcie.n + l->arc.n + l->security.n +
                      l->l2cpu.n + l->router.n;

    assert(listed == l->width * l->height);
    for (uint32_t y = 0; y < l->height; y++) {
        for (uint32_t x = 0; x < l->width; x++) {
            assert(tt_soc_kind_at(l, x, y) != TT_SOC_NONE);
        }
    }
}

/* ---------------------------------------------------------------------- */
/* Stub tiles                                                             */
/* ---------------------------------------------------------------------- */

static uint64_t tt_soc_stub_read(void *opaque, hwaddr addr, unsigned size)
{
    TTSocStub *st = opaque;

    trace_tt_soc_stub_access(tt_soc_kind_name(st->kind), st->x, st->y, addr,
                             size, false, 0);
    tt_log_mask(LOG_UNIMP, "tt-soc: %s tile %u at (%u,%u): read of %u "
                "bytes at 0x%09" HWADDR_PRIx " is not modelled; reads 0\n",
                tt_soc_kind_name(st->kind), st->index, st->x, st->y, size,
                addr);
    return 0;
}

static void tt_soc_stub_write(void *opaque, hwaddr addr, uint64_t val,
                              unsigned size)
{
    TTSocStub *st = opaque;

    trace_tt_soc_stub_access(tt_soc_kind_name(st->kind), st->x, st->y, addr,
                             size, true, val);
    tt_log_mask(LOG_UNIMP, "tt-soc: %s tile %u at (%u,%u): write of %u "
                "bytes (0x%" PRIx64 ") at 0x%09" HWADDR_PRIx " is not "
                "modelled; ignored\n", tt_soc_kind_name(st->kind),
                st->index, st->x, st->y, size, val, addr);
}

static const MemoryRegionOps tt_soc_stub_ops = {
    .read = tt_soc_stub_read,
    .write = tt_soc_stub_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid.min_access_size = 1,
    .valid.max_access_size = 8,
    .impl.min_access_size = 1,
    .impl.max_access_size = 8,
};

/*
 * Map a read-0 / write-ignore window of @size at @base of @into for the
 * @kind tile at (@x, @y); every access is logged as LOG_UNIMP.  Used for
 * what the model does not implement in non-Tensix tiles.
 */
static void tt_soc_stub_init(TTSocStub *st, Object *owner, MemoryRegion *into,
                             hwaddr base, uint64_t size, int priority,
                             TTSocKind kind, uint32_t index, uint32_t x,
                             uint32_t y)
{
    g_autofree char *name = g_strdup_printf("tt-%s-tile(%u,%u)",
                                            tt_soc_kind_name(kind), x, y);

    st->kind = kind;
    st->index = index;
    st->x = x;
    st->y = y;
    memory_region_init_io(&st->mr, owner, &tt_soc_stub_ops, st, name, size);
    memory_region_add_subregion_overlap(into, base, &st->mr, priority);
}

/* ---------------------------------------------------------------------- */
/* Blackhole: the NIU configuration registers of the non-Tensix tiles     */
/* ---------------------------------------------------------------------- */

#define TT_SOC_NOC_CFG_OFF      0x100   /* NOC_CFG(0) in an NIU's window */

/* NOC_CFG indices (BH MemoryMap.md; tt-zephyr-platforms noc_init.c) */
#define TT_SOC_NIU_CFG_0            0x00
#define TT_SOC_NIU_CFG_0_XLAT_EN    (1u << 14)
#define TT_SOC_X_TABLE(n)           (0x06 + (n))
#define TT_SOC_Y_TABLE(n)           (0x0C + (n))
#define TT_SOC_ID_LOGICAL           0x12
#define TT_SOC_COL_MASK             0x14
#define TT_SOC_ROW_MASK             0x15
#define TT_SOC_DDR_TABLE(n)         (0x16 + (n))
#define TT_SOC_XLAT_BITS            5
#define TT_SOC_XLAT_PER_WORD        (32 / TT_SOC_XLAT_BITS)
#define TT_SOC_XLAT_WORDS           6   /* 32 entries, 6 per word */
#define TT_SOC_XLAT_ENTRIES         32

static uint32_t *tt_soc_niu_word(TTSocNiu *n, hwaddr addr)
{
    uint32_t noc = addr / TT_NOC_REGS_SIZE;
    hwaddr off = addr % TT_NOC_REGS_SIZE;

    if (off < TT_SOC_NOC_CFG_OFF ||
        off >= TT_SOC_NOC_CFG_OFF + 4 * TT_NOC_CFG_WORDS) {
        return NULL;
    }
    return &n->soc->niu_cfg[n->index][noc * TT_NOC_CFG_WORDS +
                                      (off - TT_SOC_NOC_CFG_OFF) / 4];
}

static uint64_t tt_soc_niu_read(void *opaque, hwaddr addr, unsigned size)
{
    TTSocNiu *n = opaque;
    uint32_t *w = tt_soc_niu_word(n, addr & ~3);

    /* narrower loads read part of the word, as a Tensix NIU's do */
    if (w) {
        return extract32(*w, (addr & 3) * 8, MIN(size, 4 - (addr & 3)) * 8);
    }
    tt_log_mask(LOG_UNIMP, "tt-soc: %s tile at (%u,%u): NIU register 0x%"
                HWADDR_PRIx " is not modelled (only NOC_CFG); reads 0\n",
                tt_soc_kind_name(n->kind), n->x, n->y,
                TT_NOC_REGS_BASE + addr);
    return 0;
}

static void tt_soc_niu_write(void *opaque, hwaddr addr, uint64_t val,
                             unsigned size)
{
    TTSocNiu *n = opaque;
    uint32_t *w = tt_soc_niu_word(n, addr & ~3);

    /* narrower stores merge into the word */
    if (w) {
        *w = deposit32(*w, (addr & 3) * 8, MIN(size, 4 - (addr & 3)) * 8,
                       val);
        return;
    }
    tt_log_mask(LOG_UNIMP, "tt-soc: %s tile at (%u,%u): NIU register 0x%"
                HWADDR_PRIx " is not modelled (only NOC_CFG); write of 0x%"
                PRIx64 " ignored\n", tt_soc_kind_name(n->kind), n->x, n->y,
                TT_NOC_REGS_BASE + addr, val);
}

static const MemoryRegionOps tt_soc_niu_ops = {
    .read = tt_soc_niu_read,
    .write = tt_soc_niu_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid.min_access_size = 1,
    .valid.max_access_size = 8,
    .impl.min_access_size = 1,
    .impl.max_access_size = 4,
};

/*
 * The state a Tensix NIU has after reset (tt_noc.c): translation off,
 * tables the identity, NOC_ID_LOGICAL the NIU's own coordinates
 */
static void tt_soc_niu_reset(TTSocState *s, TTSocNiu *n)
{
    const TTSocLayout *l = s->layout;

    for (uint32_t noc = 0; noc < 2; noc++) {
        uint32_t *cfg = &s->niu_cfg[n->index][noc * TT_NOC_CFG_WORDS];
        uint32_t x = noc ? l->width - 1 - n->x : n->x;
        uint32_t y = noc ? l->height - 1 - n->y : n->y;

        memset(cfg, 0, TT_NOC_CFG_WORDS * 4);
        for (uint32_t i = 0; i < TT_SOC_XLAT_ENTRIES; i++) {
            uint32_t sh = (i % TT_SOC_XLAT_PER_WORD) * TT_SOC_XLAT_BITS;

            cfg[TT_SOC_X_TABLE(i / TT_SOC_XLAT_PER_WORD)] |= i << sh;
            cfg[TT_SOC_Y_TABLE(i / TT_SOC_XLAT_PER_WORD)] |= i << sh;
            cfg[TT_SOC_DDR_TABLE(i / TT_SOC_XLAT_PER_WORD)] |= i << sh;
        }
        cfg[TT_SOC_ID_LOGICAL] = (y << 6) | x;
    }
}

static void tt_soc_niu_init(TTSocState *s, TTSocKind kind, uint32_t x,
                            uint32_t y)
{
    TTSocNiu *n;
    g_autofree char *name = g_strdup_printf("tt-%s-niu(%u,%u)",
                                            tt_soc_kind_name(kind), x, y);

    assert(s->num_niu < TT_SOC_MAX_NIU);
    n = &s->niu[s->num_niu];
    n->soc = s;
    n->kind = kind;
    n->index = s->num_niu++;
    n->x = x;
    n->y = y;
    memory_region_init_io(&n->mr, OBJECT(s), &tt_soc_niu_ops, n, name,
                          2 * TT_NOC_REGS_SIZE);
    memory_region_add_subregion_overlap(s->noc,
                                        TT_NOC_ADDR(x, y, TT_NOC_REGS_BASE),
                                        &n->mr, 2);
}

/* ---------------------------------------------------------------------- */
/* Blackhole: NoC coordinate translation as the ARC firmware programs it  */
/* ---------------------------------------------------------------------- */

/*
 * The facts of tt-zephyr-platforms lib/tenstorrent/bh_arc/noc_init.c
 * (ComputeNocTranslation, CopyNoc0ToNoc1, ProgramNocTranslation,
 * InitNocTranslationFromHarvesting), for the chip the model is: every
 * Tensix column and GDDR channel good, ENABLED_ETH and PCIE_USAGE as the
 * ARC's telemetry reports them (tt_arc.h).
 */
typedef struct TTSocXlat {
    uint8_t tx[TT_SOC_XLAT_ENTRIES], ty[TT_SOC_XLAT_ENTRIES];
    uint32_t col_mask, row_mask;
    uint16_t logical[32][32];           /* [post x][post y] */
} TTSocXlat;

/* Y of l2cpu_ss_inst[i]-P1, in instance order (noc_init.c kL2CpuNoc0Y) */
static const uint8_t tt_soc_bh_l2cpu_y[] = { 3, 9, 5, 7 };

/*
 * Every pre-translation (x, y) in [pre_x0, pre_x1] x [pre_y0, pre_y1] whose
 * translation falls in [post_x0, post_x1] x [post_y0, post_y1] becomes
 * the logical coordinate (NOC_ID_LOGICAL) of the tile it reaches
 */
static void tt_soc_xlat_logical(TTSocXlat *t, uint32_t post_x0,
                                uint32_t post_y0, uint32_t post_x1,
                                uint32_t post_y1, uint32_t pre_x0,
                                uint32_t pre_y0, uint32_t pre_x1,
                                uint32_t pre_y1)
{
    for (uint32_t px = pre_x0; px <= pre_x1; px++) {
        uint32_t x = t->tx[px];

        if (x < post_x0 || x > post_x1) {
            continue;
        }
        for (uint32_t py = pre_y0; py <= pre_y1; py++) {
            uint32_t y = t->ty[py];

            if (y >= post_y0 && y <= post_y1) {
                t->logical[x][y] = (py << 6) | px;
            }
        }
    }
}

/* NoC 0's tables (ComputeNocTranslation) */
static void tt_soc_bh_xlat_noc0(const TTSocLayout *l, TTSocXlat *t)
{
    uint32_t eth_enabled = TT_ARC_BH_ENABLED_ETH;
    /* pcie_usage[0] == endpoint (1): instance 0 is at 19-24 */
    uint32_t pcie = (TT_ARC_BH_PCIE_USAGE & 3) == 1 ? 0 : 1;
    /* no bad Tensix column: the good NoC 0 columns 1-7, 10-16 in order */
    uint32_t good = MAKE_64BIT_MASK(1, 7) | MAKE_64BIT_MASK(10, 7);
    uint32_t skip_eth, pcie_x, out;

    memset(t, 0, sizeof(*t));
    for (uint32_t i = 0; i < TT_SOC_XLAT_ENTRIES; i++) {
        t->tx[i] = i < l->width ? i : 0;
        t->ty[i] = i < l->height ? i : 0;
    }
    for (uint32_t x = 0; x < l->width; x++) {
        for (uint32_t y = 0; y < l->height; y++) {
            t->logical[x][y] = (y << 6) | x;
        }
    }
    /* column translation only on the Tensix rows */
    t->row_mask = BIT(0) | BIT(1);

    /* Tensix: X 1-7, 10-16 -> the good columns in increasing order */
    for (uint32_t x = 1; x <= 16 && good; x++) {
        if (x == 8) {
            x = 10;
        }
        t->tx[x] = ctz32(good);
        good &= good - 1;
    }
    tt_soc_xlat_logical(t, 1, 2, 7, 11, 1, 2, 16, 11);
    tt_soc_xlat_logical(t, 10, 2, 16, 11, 1, 2, 16, 11);

    /* GDDR: X 17 west, 18 east; Y 12-23 the ports of channels 0-3 / 4-7 */
    t->tx[17] = l->dram[0][0].x;
    t->tx[18] = l->dram[4][0].x;
    for (uint32_t c = 0; c < 4; c++) {
        for (uint32_t p = 0; p < TT_SOC_DRAM_PORTS; p++) {
            t->ty[12 + c * TT_SOC_DRAM_PORTS + p] = l->dram[c][p].y;
        }
    }
    tt_soc_xlat_logical(t, 0, 0, 0, 11, 17, 12, 17, 23);
    /* as the firmware has it: pre-x 17 only, so east GDDR keeps its own */
    tt_soc_xlat_logical(t, 9, 0, 9, 11, 17, 12, 17, 23);

    /* PCIe: 19-24 -> the endpoint instance, row 0 */
    pcie_x = l->pcie.xy[pcie].x;
    t->tx[19] = pcie_x;
    t->ty[24] = l->pcie.xy[pcie].y;
    tt_soc_xlat_logical(t, pcie_x, 0, pcie_x, 0, 19, 24, 19, 24);

    /*
     * Ethernet: Y 25 -> row 1, X 20-31 -> the Ethernet columns in
     * instance order but two: of instances 4-6 and of 7-9, the highest
     * one not enabled (eth_enabled 0: 6 and 9)
     */
    skip_eth = BIT(31 - clz32(~eth_enabled & MAKE_64BIT_MASK(4, 3)));
    skip_eth |= BIT(31 - clz32(~eth_enabled & MAKE_64BIT_MASK(7, 3)));
    t->ty[25] = l->eth.xy[0].y;
    out = 20;
    for (uint32_t i = 0; out < TT_SOC_XLAT_ENTRIES; i++) {
        if (!(skip_eth & BIT(i))) {
            t->tx[out++] = l->eth.xy[i].x;
        }
    }
    tt_soc_xlat_logical(t, 1, 1, 7, 1, 20, 25, 31, 25);
    tt_soc_xlat_logical(t, 10, 1, 16, 1, 20, 25, 31, 25);

    /* L2CPU: 8-26..29 -> 8-3, 9, 5, 7 */
    for (uint32_t i = 0; i < ARRAY_SIZE(tt_soc_bh_l2cpu_y); i++) {
        t->ty[26 + i] = tt_soc_bh_l2cpu_y[i];
    }
    tt_soc_xlat_logical(t, 8, 3, 8, 9, 8, 26, 8, 29);

    /* security: 8-30 -> 8-2 */
    t->ty[30] = l->security.xy[0].y;
    tt_soc_xlat_logical(t, 8, 2, 8, 2, 8, 30, 8, 30);
}

/* NoC 1's from NoC 0's (CopyNoc0ToNoc1): mirrored */
static void tt_soc_bh_xlat_noc1(const TTSocLayout *l, const TTSocXlat *t0,
                                TTSocXlat *t1)
{
    *t1 = *t0;
    for (uint32_t i = 0; i < TT_SOC_XLAT_ENTRIES; i++) {
        t1->tx[i] = l->width - 1 - t0->tx[i];
        t1->ty[i] = l->height - 1 - t0->ty[i];
    }
    for (uint32_t x = 0; x < l->width; x++) {
        for (uint32_t y = 0; y < l->height; y++) {
            t1->logical[x][y] =
                t0->logical[l->width - 1 - x][l->height - 1 - y];
        }
    }
}

/* NOC_CFG(@i) of NoC @noc's NIU at that NoC's (@x, @y) */
static hwaddr tt_soc_cfg_addr(const TTSocLayout *l, uint32_t noc, uint32_t x,
                              uint32_t y, uint32_t i)
{
    uint32_t x0 = noc ? l->width - 1 - x : x;
    uint32_t y0 = noc ? l->height - 1 - y : y;

    return TT_NOC_ADDR(x0, y0, TT_NOC_REGS_BASE + noc * TT_NOC_REGS_SIZE +
                       TT_SOC_NOC_CFG_OFF + 4 * i);
}

static void tt_soc_cfg_write(AddressSpace *as, hwaddr a, uint32_t v)
{
    address_space_stl_le(as, a, v, MEMTXATTRS_UNSPECIFIED, NULL);
}

static void tt_soc_cfg_set_xlat(AddressSpace *as, hwaddr a)
{
    uint32_t v = address_space_ldl_le(as, a, MEMTXATTRS_UNSPECIFIED, NULL);

    tt_soc_cfg_write(as, a, v | TT_SOC_NIU_CFG_0_XLAT_EN);
}

/*
 * The TT_SOC_XLAT_ENTRIES entries of @t packed into @nwords words of
 * @bits-bit entries (as many as fit in a word, from bit 0)
 */
static void tt_soc_xlat_pack(const uint8_t *t, unsigned bits, uint32_t *w,
                             unsigned nwords)
{
    unsigned per_word = 32 / bits;

    memset(w, 0, nwords * sizeof(*w));
    for (uint32_t i = 0; i < TT_SOC_XLAT_ENTRIES; i++) {
        w[i / per_word] |= (uint32_t)t[i] << ((i % per_word) * bits);
    }
}

/* ProgramNocTranslation: every NIU of NoC @noc, the ARC's last */
static void tt_soc_bh_xlat_program(const TTSocLayout *l, AddressSpace *as,
                                   const TTSocXlat *t, uint32_t noc)
{
    uint32_t wx[TT_SOC_XLAT_WORDS], wy[TT_SOC_XLAT_WORDS];
    uint32_t arc_x = l->arc.xy[0].x;
    uint32_t arc_y = noc ? l->height - 1 - l->arc.xy[0].y : l->arc.xy[0].y;

    tt_soc_xlat_pack(t->tx, TT_SOC_XLAT_BITS, wx, TT_SOC_XLAT_WORDS);
    tt_soc_xlat_pack(t->ty, TT_SOC_XLAT_BITS, wy, TT_SOC_XLAT_WORDS);
    for (uint32_t x = 0; x < l->width; x++) {
        for (uint32_t y = 0; y < l->height; y++) {
            tt_soc_cfg_write(as, tt_soc_cfg_addr(l, noc, x, y,
                                                 TT_SOC_COL_MASK),
                             t->col_mask);
            tt_soc_cfg_write(as, tt_soc_cfg_addr(l, noc, x, y,
                                                 TT_SOC_ROW_MASK),
                             t->row_mask);
            /* DDR translation never used */
            tt_soc_cfg_write(as, tt_soc_cfg_addr(l, noc, x, y,
                                                 TT_SOC_DDR_TABLE(5)), 0);
            tt_soc_cfg_write(as, tt_soc_cfg_addr(l, noc, x, y,
                                                 TT_SOC_ID_LOGICAL),
                             t->logical[x][y]);
            for (uint32_t i = 0; i < TT_SOC_XLAT_WORDS; i++) {
                tt_soc_cfg_write(as, tt_soc_cfg_addr(l, noc, x, y,
                                                     TT_SOC_X_TABLE(i)),
                                 wx[i]);
                tt_soc_cfg_write(as, tt_soc_cfg_addr(l, noc, x, y,
                                                     TT_SOC_Y_TABLE(i)),
                                 wy[i]);
            }
            if (x != arc_x || y != arc_y) {
                tt_soc_cfg_set_xlat(as, tt_soc_cfg_addr(l, noc, x, y,
                                                        TT_SOC_NIU_CFG_0));
            }
        }
    }
    tt_soc_cfg_set_xlat(as, tt_soc_cfg_addr(l, noc, arc_x, arc_y,
                                            TT_SOC_NIU_CFG_0));
}

void tt_soc_bh_noc_translation(const TTSocLayout *l, AddressSpace *as)
{
    TTSocXlat *t0 = g_new(TTSocXlat, 1), *t1 = g_new(TTSocXlat, 1);

    assert(l == tt_soc_layout(TT_ARCH_BLACKHOLE));
    tt_soc_bh_xlat_noc0(l, t0);
    tt_soc_bh_xlat_program(l, as, t0, 0);
    tt_soc_bh_xlat_noc1(l, t0, t1);
    tt_soc_bh_xlat_program(l, as, t1, 1);
    g_free(t0);
    g_free(t1);
}

/* ---------------------------------------------------------------------- */
/* Wormhole: NoC coordinate translation as the firmware leaves it         */
/* ---------------------------------------------------------------------- */

#define TT_SOC_WH_XLAT_BITS         4
#define TT_SOC_WH_XLAT_PER_WORD     (32 / TT_SOC_WH_XLAT_BITS)
#define TT_SOC_WH_X_TABLE(n)        (0x06 + (n))
#define TT_SOC_WH_Y_TABLE(n)        (0x0A + (n))
#define TT_SOC_WH_XLAT_WORDS        (TT_SOC_XLAT_ENTRIES / \
                                     TT_SOC_WH_XLAT_PER_WORD)
#define TT_SOC_WH_XLAT_FIRST        16  /* first translated coordinate */

/*
 * One axis of the firmware-configured table of NoC 0 (WormholeB0
 * NoC/Coordinates.md "Coordinate Translation"): 0..15 the identity, then
 * the @nfixed non-Tensix columns or rows, then the Tensix ones in order
 * (no row is harvested in the model), then 0.
 */
static void tt_soc_wh_xlat_axis(uint8_t *t, const uint8_t *fixed,
                                uint32_t nfixed, const uint8_t *workers,
                                uint32_t nworkers)
{
    uint32_t i;

    for (i = 0; i < TT_SOC_XLAT_ENTRIES; i++) {
        t[i] = i < TT_SOC_WH_XLAT_FIRST ? i : 0;
    }
    i = TT_SOC_WH_XLAT_FIRST;
    for (uint32_t k = 0; k < nfixed; k++) {
        t[i++] = fixed[k];
    }
    for (uint32_t k = 0; k < nworkers; k++) {
        t[i++] = workers[k];
    }
}

/* Entries 16.. of NoC 1's table: the same tiles in NoC 1 coordinates */
static void tt_soc_wh_xlat_mirror(uint8_t *t, uint32_t n, uint32_t used)
{
    for (uint32_t i = TT_SOC_WH_XLAT_FIRST; i < used; i++) {
        t[i] = n - 1 - t[i];
    }
}

void tt_soc_wh_noc_translation(const TTSocLayout *l, AddressSpace *as)
{
    /* X 16: PCIe, ARC, D0, D1; 17: D2-D5.  Y 16: E0-E7; 17: E8-E15 */
    const uint8_t fixed_x[] = { l->arc.xy[0].x, l->dram[2][0].x };
    const uint8_t fixed_y[] = { l->eth.xy[0].y, l->eth.xy[8].y };
    uint32_t used_x = TT_SOC_WH_XLAT_FIRST + 2 + l->num_worker_x;
    uint32_t used_y = TT_SOC_WH_XLAT_FIRST + 2 + l->num_worker_y;
    uint8_t tx[2][TT_SOC_XLAT_ENTRIES], ty[2][TT_SOC_XLAT_ENTRIES];
    uint32_t wx[2][TT_SOC_WH_XLAT_WORDS], wy[2][TT_SOC_WH_XLAT_WORDS];

    assert(l == tt_soc_layout(TT_ARCH_WORMHOLE_B0));
    assert(used_x <= TT_SOC_XLAT_ENTRIES && used_y <= TT_SOC_XLAT_ENTRIES);
    tt_soc_wh_xlat_axis(tx[0], fixed_x, 2, l->worker_x, l->num_worker_x);
    tt_soc_wh_xlat_axis(ty[0], fixed_y, 2, l->worker_y, l->num_worker_y);
    memcpy(tx[1], tx[0], sizeof(tx[0]));
    memcpy(ty[1], ty[0], sizeof(ty[0]));
    tt_soc_wh_xlat_mirror(tx[1], l->width, used_x);
    tt_soc_wh_xlat_mirror(ty[1], l->height, used_y);
    for (uint32_t noc = 0; noc < 2; noc++) {
        tt_soc_xlat_pack(tx[noc], TT_SOC_WH_XLAT_BITS, wx[noc],
                         TT_SOC_WH_XLAT_WORDS);
        tt_soc_xlat_pack(ty[noc], TT_SOC_WH_XLAT_BITS, wy[noc],
                         TT_SOC_WH_XLAT_WORDS);
    }

    /* Every Tensix NIU: the other tiles' NIUs are not modelled */
    for (uint32_t k = 0; k < tt_soc_num_workers(l); k++) {
        uint32_t x, y;

        tt_soc_worker_xy(l, k, &x, &y);
        for (uint32_t noc = 0; noc < 2; noc++) {
            hwaddr cfg = TT_NOC_ADDR(x, y, TT_NOC_REGS_BASE +
                                     noc * TT_NOC_REGS_SIZE +
                                     TT_SOC_NOC_CFG_OFF);

            for (uint32_t i = 0; i < TT_SOC_WH_XLAT_WORDS; i++) {
                tt_soc_cfg_write(as, cfg + 4 * TT_SOC_WH_X_TABLE(i),
                                 wx[noc][i]);
                tt_soc_cfg_write(as, cfg + 4 * TT_SOC_WH_Y_TABLE(i),
                                 wy[noc][i]);
            }
            tt_soc_cfg_set_xlat(as, cfg + 4 * TT_SOC_NIU_CFG_0);
        }
    }
}

/* ---------------------------------------------------------------------- */
/* The SoC device: every non-Tensix tile of a chip                        */
/* ---------------------------------------------------------------------- */

static void tt_soc_realize(DeviceState *dev, Error **errp)
{
    TTSocState *s = TT_SOC(dev);
    Object *obj = OBJECT(dev);
    const TTSocLayout *l;
    struct {
        TTSocKind kind;
        const TTSocList *list;
    } kinds[5];
    uint32_t n = 0;

    if (s->arch_id >= TT_ARCH__MAX) {
        error_setg(errp, "tt-soc: invalid architecture %u", s->arch_id);
        return;
    }
    if (!s->noc) {
        error_setg(errp, "tt-soc: 'noc' link not set");
        return;
    }
    l = s->layout = tt_soc_layout(s->arch_id);
    tt_soc_check_layout(l);

    for (uint32_t c = 0; c < l->num_dram; c++) {
        TTDramState *d = &s->dram[c];
        g_autofree char *name = g_strdup_printf("dram[%u]", c);

        object_initialize_child(obj, name, d, TYPE_TT_DRAM);
        qdev_prop_set_uint32(DEVICE(d), "channel", c);
        qdev_prop_set_uint64(DEVICE(d), "size", l->dram_size);
        for (int p = 0; p < TT_SOC_DRAM_PORTS; p++) {
            g_autofree char *pn = g_strdup_printf("port%d", p);

            qdev_prop_set_uint32(DEVICE(d), pn,
                                 l->dram[c][p].x | l->dram[c][p].y << 8);
        }
        object_property_set_link(OBJECT(d), "noc", OBJECT(s->noc),
                                 &error_abort);
        if (!qdev_realize(DEVICE(d), NULL, errp)) {
            return;
        }
    }

    assert(l->arc.n == 1);
    object_initialize_child(obj, "arc", &s->arc, TYPE_TT_ARC);
    qdev_prop_set_uint8(DEVICE(&s->arc), "arch", s->arch_id);
    qdev_prop_set_uint32(DEVICE(&s->arc), "x", l->arc.xy[0].x);
    qdev_prop_set_uint32(DEVICE(&s->arc), "y", l->arc.xy[0].y);
    object_property_set_link(OBJECT(&s->arc), "noc", OBJECT(s->noc),
                             &error_abort);
    if (!qdev_realize(DEVICE(&s->arc), NULL, errp)) {
        return;
    }
    qemu_register_resettable(OBJECT(&s->arc));

    /* Everything else: logging stubs over the whole tile */
    kinds[0].kind = TT_SOC_ETH;
    kinds[0].list = &l->eth;
    kinds[1].kind = TT_SOC_PCIE;
    kinds[1].list = &l->pcie;
    kinds[2].kind = TT_SOC_SECURITY;
    kinds[2].list = &l->security;
    kinds[3].kind = TT_SOC_L2CPU;
    kinds[3].list = &l->l2cpu;
    kinds[4].kind = TT_SOC_ROUTER;
    kinds[4].list = &l->router;
    for (size_t k = 0; k < ARRAY_SIZE(kinds); k++) {
        s->num_stubs += kinds[k].list->n;
    }
    s->stubs = g_new0(TTSocStub, s->num_stubs);
    for (size_t k = 0; k < ARRAY_SIZE(kinds); k++) {
        for (uint32_t i = 0; i < kinds[k].list->n; i++, n++) {
            uint32_t x = kinds[k].list->xy[i].x, y = kinds[k].list->xy[i].y;

            tt_soc_stub_init(&s->stubs[n], obj, s->noc, TT_NOC_ADDR(x, y, 0),
                             TT_SOC_SLOT_SIZE, 0, kinds[k].kind, i, x, y);
        }
    }

    /* Blackhole: NIU configuration registers in every non-Tensix tile */
    if (s->arch_id == TT_ARCH_BLACKHOLE) {
        for (uint32_t y = 0; y < l->height; y++) {
            for (uint32_t x = 0; x < l->width; x++) {
                TTSocKind k = tt_soc_kind_at(l, x, y);

                if (k != TT_SOC_TENSIX) {
                    tt_soc_niu_init(s, k, x, y);
                }
            }
        }
    }
    qemu_register_resettable(obj);
}

static void tt_soc_reset_hold(Object *obj, ResetType type)
{
    TTSocState *s = TT_SOC(obj);

    for (uint32_t i = 0; i < s->num_niu; i++) {
        tt_soc_niu_reset(s, &s->niu[i]);
    }
}

static const VMStateDescription vmstate_tt_soc = {
    .name = "tt-soc",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_2DARRAY(niu_cfg, TTSocState, TT_SOC_MAX_NIU,
                               2 * TT_NOC_CFG_WORDS),
        VMSTATE_END_OF_LIST()
    }
};

static void tt_soc_finalize(Object *obj)
{
    TTSocState *s = TT_SOC(obj);

    g_free(s->stubs);
}

static const Property tt_soc_properties[] = {
    DEFINE_PROP_UINT8("arch", TTSocState, arch_id, TT_ARCH_BLACKHOLE),
    DEFINE_PROP_LINK("noc", TTSocState, noc, TYPE_MEMORY_REGION,
                     MemoryRegion *),
};

static void tt_soc_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);

    dc->desc = "Tenstorrent chip: the non-Tensix tiles";
    dc->realize = tt_soc_realize;
    dc->vmsd = &vmstate_tt_soc;
    rc->phases.hold = tt_soc_reset_hold;
    dc->user_creatable = false;
    device_class_set_props(dc, tt_soc_properties);
}

static const TypeInfo tt_soc_info = {
    .name = TYPE_TT_SOC,
    .parent = TYPE_DEVICE,
    .instance_size = sizeof(TTSocState),
    .instance_finalize = tt_soc_finalize,
    .class_init = tt_soc_class_init,
};

static void tt_soc_register_types(void)
{
    type_register_static(&tt_soc_info);
}

type_init(tt_soc_register_types)
