/*
 * Tenstorrent NoC NIU model: what its parts share.
 *
 * tt_noc.c        life cycle, per-architecture facts, coordinates and
 *                 coordinate translation
 * tt_noc_regs.c   the NIU register block (MMIO handlers) and counters
 * tt_noc_req.c    the request engine: issue, reads, writes
 * tt_noc_mcast.c  the recipients of a request (unicast and broadcast)
 * tt_noc_atomic.c atomics
 *
 * Only the NoC's own headers and tt_arch.h: the NoC knows nothing of the
 * tile that contains it beyond the properties tt_noc_init() reads.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_TENSIX_TT_NOC_INT_H
#define HW_TENSIX_TT_NOC_INT_H

#include "hw/registerfields.h"
#include "tt_arch.h"
#include "tt_noc.h"

/* ---------------------------------------------------------------------- */
/* Register fields used by more than one part                             */
/* ---------------------------------------------------------------------- */

/* NOC_CTRL (stored as TT_NOC_BUF_CTRL) */
FIELD(NOC_CTRL, TYPE, 0, 2)
FIELD(NOC_CTRL, WR_BE, 2, 1)
FIELD(NOC_CTRL, WR_INLINE, 3, 1)
FIELD(NOC_CTRL, RESP_MARKED, 4, 1)
FIELD(NOC_CTRL, BRCST_PACKET, 5, 1)
FIELD(NOC_CTRL, PORT_MASK, 10, 3)           /* WH: first-router ports */
FIELD(NOC_CTRL, BRCST_SRC_INCLUDE, 17, 1)
FIELD(NOC_CTRL, L1_ACC_AT_EN, 31, 1)        /* BH */

/* NOC_CTRL.TYPE */
enum {
    NOC_CMD_TYPE_RD = 0,
    NOC_CMD_TYPE_AT = 1,
    NOC_CMD_TYPE_WR = 2,
    NOC_CMD_TYPE_RESERVED = 3,
};

/* NOC_PACKET_TAG (stored as TT_NOC_BUF_PACKET_TAG) */
FIELD(NOC_PACKET_TAG, TO_OVERLAY, 6, 1)
FIELD(NOC_PACKET_TAG, HEADER_STORE, 9, 1)
FIELD(NOC_PACKET_TAG, TRANSACTION_ID, 10, 4)
FIELD(NOC_PACKET_TAG, STORED, 0, 16)        /* bits 31:16 read as zero */

/*
 * NOC_CFG(i): offsets in the NOC_CFG window (NIU + 0x100), so that R_x
 * is the index in TTNocNiu.cfg[].
 */
REG32(NIU_CFG_0, 0x00)
    FIELD(NIU_CFG_0, TILE_CLK_OFF, 12, 1)
    FIELD(NIU_CFG_0, XLAT_EN, 14, 1)
REG32(ROUTER_CFG_1, 0x08)                   /* broadcast opt-out, columns */
REG32(ROUTER_CFG_3, 0x10)                   /* broadcast opt-out, rows */
REG32(NOC_X_ID_TRANSLATE_TABLE_0, 0x18)
REG32(WH_NOC_Y_ID_TRANSLATE_TABLE_0, 0x28)
REG32(WH_NOC_ID_LOGICAL, 0x38)
REG32(BH_NOC_Y_ID_TRANSLATE_TABLE_0, 0x30)
REG32(BH_NOC_ID_LOGICAL, 0x48)
REG32(BH_NOC_ID_TRANSLATE_COL_MASK, 0x50)
REG32(BH_NOC_ID_TRANSLATE_ROW_MASK, 0x54)
REG32(BH_DDR_COORD_TRANSLATE_TABLE_0, 0x58)
REG32(BH_DDR_COORD_TRANSLATE_TABLE_5, 0x6C)
    FIELD(BH_DDR_COORD_TRANSLATE_TABLE_5, COL9_DDR, 10, 1)
    FIELD(BH_DDR_COORD_TRANSLATE_TABLE_5, COL0_DDR, 11, 1)
REG32(BH_DDR_COORD_TRANSLATE_COL_SWAP, 0x70)
REG32(BH_DEBUG_COUNTER_RESET, 0x74)
REG32(BH_NIU_TRANS_COUNT_RTZ_CFG, 0x78)
    FIELD(BH_NIU_TRANS_COUNT_RTZ_CFG, INT_ENABLE, 0, 16)
    FIELD(BH_NIU_TRANS_COUNT_RTZ_CFG, RC_DISABLE, 28, 1)
REG32(BH_NIU_TRANS_COUNT_RTZ_CLR, 0x7C)

/* NOC_ID_LOGICAL (WH NOC_CFG(0xE), BH NOC_CFG(0x12)) */
FIELD(NOC_ID_LOGICAL, X, 0, 6)
FIELD(NOC_ID_LOGICAL, Y, 6, 6)

/*
 * NOC_STATUS(i) (Counters.md): offsets in the NOC_STATUS window (NIU +
 * 0x200), so that R_x is the index in TTNocNiu.status[].
 */
REG32(NIU_MST_ATOMIC_RESP_RECEIVED, 0x00)
REG32(NIU_MST_WR_ACK_RECEIVED, 0x04)
REG32(NIU_MST_RD_RESP_RECEIVED, 0x08)
REG32(NIU_MST_RD_DATA_WORD_RECEIVED, 0x0C)
REG32(NIU_MST_CMD_ACCEPTED, 0x10)
REG32(NIU_MST_RD_REQ_SENT, 0x14)
REG32(NIU_MST_NONPOSTED_ATOMIC_SENT, 0x18)
REG32(NIU_MST_POSTED_ATOMIC_SENT, 0x1C)
REG32(NIU_MST_NONPOSTED_WR_DATA_WORD_SENT, 0x20)
REG32(NIU_MST_POSTED_WR_DATA_WORD_SENT, 0x24)
REG32(NIU_MST_NONPOSTED_WR_REQ_SENT, 0x28)
REG32(NIU_MST_POSTED_WR_REQ_SENT, 0x2C)
REG32(NIU_MST_NONPOSTED_WR_REQ_STARTED, 0x30)
REG32(NIU_MST_POSTED_WR_REQ_STARTED, 0x34)
REG32(NIU_MST_RD_REQ_STARTED, 0x38)
REG32(NIU_MST_NONPOSTED_ATOMIC_STARTED, 0x3C)
REG32(NIU_MST_REQS_OUTSTANDING_ID0, 0x40)   /* 16 8-bit counters */
REG32(NIU_MST_WRITE_REQS_OUTGOING_ID0, 0x80)    /* 16 8-bit counters */
REG32(NIU_SLV_ATOMIC_RESP_SENT, 0xC0)
REG32(NIU_SLV_WR_ACK_SENT, 0xC4)
REG32(NIU_SLV_RD_RESP_SENT, 0xC8)
REG32(NIU_SLV_RD_DATA_WORD_SENT, 0xCC)
REG32(NIU_SLV_REQ_ACCEPTED, 0xD0)
REG32(NIU_SLV_RD_REQ_RECEIVED, 0xD4)
REG32(NIU_SLV_NONPOSTED_ATOMIC_RECEIVED, 0xD8)
REG32(NIU_SLV_POSTED_ATOMIC_RECEIVED, 0xDC)
REG32(NIU_SLV_NONPOSTED_WR_DATA_WORD_RECEIVED, 0xE0)
REG32(NIU_SLV_POSTED_WR_DATA_WORD_RECEIVED, 0xE4)
REG32(NIU_SLV_NONPOSTED_WR_REQ_RECEIVED, 0xE8)
REG32(NIU_SLV_POSTED_WR_REQ_RECEIVED, 0xEC)
REG32(NIU_SLV_NONPOSTED_WR_REQ_STARTED, 0xF0)
REG32(NIU_SLV_POSTED_WR_REQ_STARTED, 0xF4)
REG32(BH_NIU_TRANS_COUNT_RTZ_NUM, 0x178)
REG32(BH_NIU_TRANS_COUNT_RTZ_SOURCE, 0x17C)

/* ---------------------------------------------------------------------- */
/* Per-architecture facts of the data path (tt_noc.c)                     */
/* ---------------------------------------------------------------------- */

typedef struct TTNocArch {
    uint32_t cfg_y_table;       /* NOC_Y_ID_TRANSLATE_TABLE_0 */
    uint32_t cfg_id_logical;    /* NOC_ID_LOGICAL */
    uint32_t entry_bits;        /* bits per translation table entry */
    uint32_t max_packet;        /* bytes per packet (256 flits) */
    uint32_t flit_bytes;
    uint32_t be_bytes;          /* byte-enable write span */
    uint32_t col_optout_bits;   /* ROUTER_CFG_1 mask width */
    uint32_t row_optout_bits;   /* ROUTER_CFG_3 mask width */
    /* Address bit selecting PCIe host memory whatever the coords (0: none) */
    uint64_t pcie_bit;
    bool coords_in_hi;          /* BH: TARG/RET_ADDR_HI hold x/y */
    bool xlat_writeback;        /* WH: translated coords written back */
    bool ctrl_port_mask;        /* WH: NOC_CTRL[12:10] set on issue */
    bool split_carry;           /* BH: splitting adds to the 64-bit address */
} TTNocArch;

const TTNocArch *tt_noc_arch(TTNocNiu *niu);

static inline bool tt_noc_is_bh(TTNocNiu *niu)
{
    return niu->arch_id == TT_ARCH_BLACKHOLE;
}

static inline const char *tt_noc_name(TTNocNiu *niu)
{
    return memory_region_name(&niu->mmio);
}

/* Tensix tiles: L1 below this local address, MMIO at and above */
#define TT_NOC_MMIO_START       0xFF000000ull

/* Alignment.md: in Tensix tiles, local addresses >= 0xFF000000 are MMIO */
static inline bool tt_noc_is_mmio(uint64_t addr)
{
    return addr >= TT_NOC_MMIO_START && addr <= UINT32_MAX;
}

/* ---------------------------------------------------------------------- */
/* Coordinates (tt_noc.c)                                                 */
/* ---------------------------------------------------------------------- */

/* x/y (unicast, or the broadcast end corner) and the broadcast start */
typedef struct TTNocCoord {
    uint32_t x, y;
    uint32_t sx, sy;
} TTNocCoord;

/* This NIU's coordinates on its own NoC */
void tt_noc_self(TTNocNiu *niu, uint32_t *x, uint32_t *y);
/* This NoC's coordinates -> NoC 0 coordinates; false outside the grid */
bool tt_noc_to_noc0(TTNocNiu *niu, uint32_t x, uint32_t y,
                    uint32_t *x0, uint32_t *y0);
/* The NIU of this NoC at this NoC's coordinates (x, y), or NULL */
TTNocNiu *tt_noc_niu_at(TTNocNiu *niu, uint32_t x, uint32_t y);
/* Coordinate translation (NIU_CFG_0.XLAT_EN) of (*@x, *@y) */
void tt_noc_translate(TTNocNiu *niu, uint32_t *x, uint32_t *y);

/* ---------------------------------------------------------------------- */
/* Registers and counters (tt_noc_regs.c)                                 */
/* ---------------------------------------------------------------------- */

extern const MemoryRegionOps tt_noc_ops;

static inline void tt_noc_ctr(TTNocNiu *niu, int idx, uint32_t by)
{
    niu->status[idx] += by;
}

/* NIU_MST_REQS_OUTSTANDING_ID(@id) += @delta (8 bits, wraps) */
void tt_noc_outstanding(TTNocNiu *niu, uint32_t id, int delta);
/* NIU_MST_WRITE_REQS_OUTGOING_ID(@id) += @delta (8 bits, wraps) */
void tt_noc_outgoing(TTNocNiu *niu, uint32_t id, int delta);

/* ---------------------------------------------------------------------- */
/* Requests (tt_noc_req.c)                                                */
/* ---------------------------------------------------------------------- */

typedef struct TTNocReq {
    TTNocNiu *niu;
    int b;                      /* command buffer */
    uint32_t ctrl;
    uint32_t tag;
    uint32_t id;                /* NOC_PACKET_TRANSACTION_ID */
    bool marked;                /* NOC_CMD_RESP_MARKED (non-posted) */
    bool bcast;
    uint32_t self_x, self_y;    /* initiator on this NoC */
    TTNocCoord targ, ret;       /* translated, this NoC's coordinates */
    uint64_t targ_addr, ret_addr;   /* of the next packet */
    uint32_t *errors;           /* errors this request has logged */
} TTNocReq;

/* Queue the request in command buffer @b (NOC_CMD_CTRL written) */
void tt_noc_issue(TTNocNiu *niu, int b);
/* Is the request of command buffer @b in flight (NOC_CMD_CTRL reads 1)? */
bool tt_noc_pending(TTNocNiu *niu, int b);
/* TTNocNiu.timer: send the next chunk of the queued requests */
void tt_noc_queue_timer(void *opaque);
/* Forget every request in flight (reset) */
void tt_noc_queue_reset(TTNocNiu *niu);

/*
 * A guest error of a request, logged (LOG_GUEST_ERROR) unless the request
 * has already logged TT_NOC_MAX_ERRORS: a request of millions of packets
 * logs a few lines, not one per packet.
 */
#define TT_NOC_MAX_ERRORS   4
void G_GNUC_PRINTF(2, 3) tt_noc_req_error(TTNocReq *rq, const char *fmt,
                                          ...);
/*
 * Access @len bytes at local address @addr of the tile at this NoC's
 * coordinates (@x, @y); false (logged; a read yields zeros) if nothing
 * answers.
 */
bool tt_noc_xfer(TTNocReq *rq, uint32_t x, uint32_t y, uint64_t addr,
                 void *buf, uint32_t len, bool write);
/* The NIU a response goes to (the initiator if there is none there) */
TTNocNiu *tt_noc_resp_niu(TTNocReq *rq, const TTNocCoord *c,
                          const char *what);

/* ---------------------------------------------------------------------- */
/* Recipients (tt_noc_mcast.c)                                            */
/* ---------------------------------------------------------------------- */

typedef struct TTNocDest {
    TTNocNiu *niu;              /* NULL: nothing at (x, y) */
    uint32_t x, y;
} TTNocDest;

/* Room for every recipient of @rq (one, or every NIU of the grid) */
TTNocDest *tt_noc_dest_alloc(TTNocReq *rq);
/* The recipients of @rq addressed to @c, in @d; returns how many */
uint32_t tt_noc_dests(TTNocReq *rq, const TTNocCoord *c, TTNocDest *d);

/* ---------------------------------------------------------------------- */
/* Atomics (tt_noc_atomic.c)                                              */
/* ---------------------------------------------------------------------- */

void tt_noc_do_atomic(TTNocReq *rq);

#endif
