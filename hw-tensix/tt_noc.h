/*
 * Tenstorrent NoC: the two NIUs (network interface units) of a tile,
 * their command buffers, configuration registers and status counters.
 *
 * Writing NOC_CMD_CTRL queues a request; the NIU sends its packets in
 * bounded chunks, the first inside the store (so small requests have
 * completed when the store returns), the rest from a QEMU_CLOCK_VIRTUAL
 * timer, while software polls NOC_CMD_CTRL and the counters as on
 * silicon.  This is the interface the tile uses; the model is tt_noc.c
 * (life cycle,
 * coordinates), tt_noc_regs.c, tt_noc_req.c, tt_noc_mcast.c and
 * tt_noc_atomic.c, sharing tt_noc_int.h.  See docs/units/noc.md.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_TENSIX_TT_NOC_H
#define HW_TENSIX_TT_NOC_H

#include "exec/memory.h"
#include "qemu/timer.h"
#include "tt_core.h"

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

/* Per request in flight: TARG x, y, start x, start y, then RET's */
#define TT_NOC_REQ_COORDS   8

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

    /*
     * Requests in flight (their NOC_CMD_CTRL reads 1), migrated: the
     * command buffers in the order software issued them, and per buffer
     * the coordinates resolved at issue (translated; Blackhole does not
     * write them back) and how many errors it has logged.  The rest of a
     * request is its registers, which automatic splitting advances packet
     * by packet as on silicon (Counters.md).  The timer sends the next
     * chunk.
     */
    uint32_t queue_len;
    uint8_t queue[TT_NOC_NUM_BUFS];
    uint32_t req_coord[TT_NOC_NUM_BUFS][TT_NOC_REQ_COORDS];
    uint32_t req_errors[TT_NOC_NUM_BUFS];
    QEMUTimer *timer;
    /*
     * The tile's cores (set by the tile): a core parked polling L1 looks
     * again when a packet has written into its tile
     */
    TTCore *cores;
} TTNocNiu;

/*
 * Create NIU @n of tile @t (its MMIO region, mapped by the tile).  The
 * NIU knows the tile only as a QOM object: it reads its properties
 * "arch", "x", "y", "noc-width", "noc-height", "hartid-base" and "noc".
 */
void tt_noc_init(TTTileState *t, TTNocNiu *niu, int n);
void tt_noc_reset(TTNocNiu *niu);
/*
 * A packet has written into @niu's tile (NULL: no tile there): its cores
 * parked on L1 words look again.  Called once per recipient of a packet,
 * with the NIU the request already resolved.
 */
void tt_noc_delivered(TTNocNiu *niu);
extern const VMStateDescription vmstate_tt_noc_niu;

#endif
