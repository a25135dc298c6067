/*
 * Tenstorrent chips: full-chip NoC layouts and the non-Tensix tiles
 *
 * Which NoC 0 coordinates of a Wormhole B0 / Blackhole chip hold Tensix
 * workers, DRAM ports (channel, port), Ethernet, PCIe, ARC, security,
 * L2CPU or router-only tiles (facts of the vendor SoC descriptors; see
 * tt_soc.c and docs/units/soc.md), and the "tt-soc" device that maps every
 * non-Tensix tile of a chip into the NoC (system) address space.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_TENSIX_TT_SOC_H
#define HW_TENSIX_TT_SOC_H

#include "hw/qdev-core.h"
#include "exec/memory.h"
#include "tt_arch.h"
#include "tt_dram.h"
#include "tt_arc.h"
#include "tt_noc.h"

/* What sits at a NoC coordinate */
typedef enum TTSocKind {
    TT_SOC_NONE,            /* outside the chip's grid */
    TT_SOC_TENSIX,
    TT_SOC_DRAM,
    TT_SOC_ETH,
    TT_SOC_PCIE,
    TT_SOC_ARC,
    TT_SOC_SECURITY,        /* Blackhole */
    TT_SOC_L2CPU,           /* Blackhole */
    TT_SOC_ROUTER,          /* router (and NIU) only */
    TT_SOC__MAX
} TTSocKind;

#define TT_SOC_MAX_DRAM     8       /* DRAM channels (Blackhole) */
#define TT_SOC_DRAM_PORTS   3       /* NoC coordinates per channel */
#define TT_SOC_MAX_LIST     24      /* longest coordinate list */

/* A tile's whole slot in the NoC view: 36 local address bits */
#define TT_SOC_SLOT_SIZE    (1ULL << 36)

typedef struct TTSocXY {
    uint8_t x, y;
} TTSocXY;

typedef struct TTSocList {
    uint32_t n;
    TTSocXY xy[TT_SOC_MAX_LIST];
} TTSocList;

typedef struct TTSocLayout {
    uint32_t width, height;     /* NoC grid */
    /* Tensix workers: every (worker_x[i], worker_y[j]) */
    uint32_t num_worker_x, num_worker_y;
    uint8_t worker_x[16];
    uint8_t worker_y[16];
    /* DRAM: channel c is visible at dram[c][0..2] */
    uint32_t num_dram;
    TTSocXY dram[TT_SOC_MAX_DRAM][TT_SOC_DRAM_PORTS];
    uint64_t dram_size;         /* bytes per channel, at local address 0 */
    TTSocList eth;              /* in Ethernet channel order */
    TTSocList pcie;
    TTSocList arc;
    TTSocList security;
    TTSocList l2cpu;
    TTSocList router;
} TTSocLayout;

/* The full-chip layout of an architecture */
const TTSocLayout *tt_soc_layout(TTArchId arch);
/* Tensix workers in row-major order (y, then x) */
uint32_t tt_soc_num_workers(const TTSocLayout *l);
void tt_soc_worker_xy(const TTSocLayout *l, uint32_t i, uint32_t *x,
                      uint32_t *y);

/* ---------------------------------------------------------------------- */

/* A tile that is only a register / memory window nobody models yet */
typedef struct TTSocStub {
    TTSocKind kind;
    uint32_t index;
    uint32_t x, y;
    MemoryRegion mr;
} TTSocStub;

/*
 * Blackhole: the NIU configuration registers (NOC_CFG(i), NIU + 0x100) of
 * both NoCs of a non-Tensix tile, storage only; the rest of the NIU
 * windows read 0 (LOG_UNIMP).  Only what the ARC firmware's NoC
 * translation set-up writes and a host reads back (tt_soc.c).
 */
#define TT_SOC_MAX_NIU      64      /* Blackhole: 17 x 12 - 140 workers */

typedef struct TTSocNiu {
    struct TTSocState *soc;
    TTSocKind kind;
    uint32_t index;             /* into TTSocState.niu_cfg */
    uint32_t x, y;              /* NoC 0 */
    MemoryRegion mr;            /* both NoCs' NIUs, from TT_NOC_REGS_BASE */
} TTSocNiu;

#define TYPE_TT_SOC "tt-soc"
OBJECT_DECLARE_SIMPLE_TYPE(TTSocState, TT_SOC)

struct TTSocState {
    DeviceState parent_obj;

    /* Properties */
    uint8_t arch_id;
    MemoryRegion *noc;          /* the system (NoC) address space */

    const TTSocLayout *layout;
    TTDramState dram[TT_SOC_MAX_DRAM];
    TTArcState arc;
    uint32_t num_stubs;
    TTSocStub *stubs;           /* Ethernet, PCIe, security, L2CPU, router */
    uint32_t num_niu;           /* Blackhole: every non-Tensix tile */
    TTSocNiu niu[TT_SOC_MAX_NIU];
    uint32_t niu_cfg[TT_SOC_MAX_NIU][2 * TT_NOC_CFG_WORDS];
};

/*
 * Blackhole: program the NoC coordinate translation of both NoCs of every
 * tile as the ARC firmware does at boot (tt-zephyr-platforms
 * lib/tenstorrent/bh_arc/noc_init.c), through the NIUs' configuration
 * registers in @as, for the chip the model is (tt_soc.c)
 */
void tt_soc_bh_noc_translation(const TTSocLayout *l, AddressSpace *as);

/*
 * Wormhole: program the NoC coordinate translation of both NoCs of every
 * Tensix tile as the firmware leaves it (WormholeB0 NoC/Coordinates.md:
 * 0..15 the identity, 16.. the columns and rows by kind, no row
 * harvested), through the NIUs' configuration registers in @as
 */
void tt_soc_wh_noc_translation(const TTSocLayout *l, AddressSpace *as);

#endif
