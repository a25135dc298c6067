/*
 * Tenstorrent NoC: the two NIUs (network interface units) of a tile,
 * their command buffers, configuration registers and status counters.
 *
 * Requests execute completely when software writes NOC_CMD_CTRL (an
 * infinitely fast NoC is a legal timing: software can only observe
 * completion through NOC_CMD_CTRL and the counters).  This is the
 * interface the tile uses; the model is tt_noc.c (life cycle,
 * coordinates), tt_noc_regs.c, tt_noc_req.c, tt_noc_mcast.c and
 * tt_noc_atomic.c, sharing tt_noc_int.h.  See docs/units/noc.md.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_TENSIX_TT_NOC_H
#define HW_TENSIX_TT_NOC_H

#include "exec/memory.h"

#define TT_NUM_NOCS         2
#define TT_NOC_REGS_BASE    0xFFB20000u     /* NoC n at + n * 0x10000 */
#define TT_NOC_REGS_SIZE    0x10000u

#define TT_NOC_NUM_BUFS     4               /* request initiators */
#define TT_NOC_CFG_WORDS    32              /* NOC_CFG(i) storage (WH: 15) */
#define TT_NOC_NUM_COUNTERS 64              /* NOC_STATUS(0..0x3F) */

/* The registers stored per command buffer (TTNocNiu.buf[b][]) */
enum {
    TT_NOC_BUF_TARG_LO,
    TT_NOC_BUF_TARG_MID,
    TT_NOC_BUF_TARG_HI,
    TT_NOC_BUF_RET_LO,
    TT_NOC_BUF_RET_MID,
    TT_NOC_BUF_RET_HI,
    TT_NOC_BUF_PACKET_TAG,
    TT_NOC_BUF_CTRL,
    TT_NOC_BUF_AT_LEN_BE,
    TT_NOC_BUF_AT_LEN_BE_1,         /* Blackhole */
    TT_NOC_BUF_AT_DATA,
    TT_NOC_BUF_BRCST_EXCLUDE,       /* Blackhole */
    TT_NOC_BUF_L1_ACC_AT_INSTRN,    /* Blackhole */
    TT_NOC_BUF_SEC_CTRL,            /* Blackhole */
    TT_NOC_BUF_NREGS
};

typedef struct TTTileState TTTileState;

typedef struct TTNocNiu {
    int noc;                    /* 0 or 1 */
    MemoryRegion mmio;

    /* Where the NIU is, from its tile's properties (set by tt_noc_init) */
    uint8_t arch_id;            /* TTArchId */
    uint32_t x, y;              /* the tile's NoC 0 coordinates */
    uint32_t noc_width, noc_height;
    uint32_t tile_index;        /* hartid-base / TT_NUM_CORES */
    MemoryRegion *sysmem;       /* the system (NoC) address space */

    uint32_t buf[TT_NOC_NUM_BUFS][TT_NOC_BUF_NREGS];
    uint32_t cfg[TT_NOC_CFG_WORDS];         /* NIU_CFG_0, ROUTER_CFG_*, ... */
    uint32_t status[TT_NOC_NUM_COUNTERS];   /* NIU_MST_* / NIU_SLV_* */
    uint32_t ecc_ctrl;
    uint32_t rtz_source;        /* Blackhole NIU_TRANS_COUNT_RTZ_SOURCE */

    /* Not migrated: only true inside tt_noc_issue() */
    bool busy;
} TTNocNiu;

/*
 * Create NIU @n of tile @t (its MMIO region, mapped by the tile).  The
 * NIU knows the tile only as a QOM object: it reads its properties
 * "arch", "x", "y", "noc-width", "noc-height", "hartid-base" and "noc".
 */
void tt_noc_init(TTTileState *t, TTNocNiu *niu, int n);
void tt_noc_reset(TTNocNiu *niu);
extern const VMStateDescription vmstate_tt_noc_niu;

#endif
