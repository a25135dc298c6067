/*
 * Tenstorrent NoC NIU model.
 *
 * tt-isa-documentation WormholeB0/NoC/{MemoryMap,Counters,Atomics,
 * Coordinates,Alignment,RoutingPaths}.md and BlackholeA0/NoC/{MemoryMap,
 * Counters,Atomics,Coordinates,Interrupts}.md; tt-metal / tt-umd
 * noc_parameters.h for the register offsets and field encodings the ISA
 * pages leave out (summarised in reference/address-map.md section 5).
 *
 * Each tile has two NIUs (NoC 0 and NoC 1), each with four request
 * initiators ("command buffers").  A request executes completely, under
 * the BQL, when software writes 1 to NOC_CMD_CTRL: data moves through the
 * system address space (the NoC view, tile (x, y)'s local address A at
 * (y << 42) | (x << 36) | A), and every counter the documentation lists
 * for the request is bumped at the initiating, target and response NIUs
 * in the documented order.  NOC_CMD_CTRL therefore always reads 0.
 *
 * Coordinates in a NIU's registers are that NoC's coordinates: NoC 1 is
 * mirrored (x1 = noc_width - 1 - x, y1 = noc_height - 1 - y).  With
 * NIU_CFG_0 bit 14 set they first go through the coordinate translation
 * tables.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/bitops.h"
#include "qemu/atomic.h"
#include "qemu/bswap.h"
#include "exec/address-spaces.h"
#include "fpu/softfloat.h"
#include "migration/vmstate.h"
#include "tt_tile.h"
#include "tt_noc.h"
#include "trace.h"

/* ---------------------------------------------------------------------- */
/* Registers and fields                                                   */
/* ---------------------------------------------------------------------- */

/*
 * Registers of a command buffer window: the stored ones (TT_NOC_BUF_*)
 * followed by those with behaviour of their own.
 */
enum {
    R_CMD_CTRL = TT_NOC_BUF_NREGS,
    R_NODE_ID,
    R_ENDPOINT_ID,
    R_NUM_MEM_PARITY_ERR,       /* NIU-wide from here to R_CMD_STATUS */
    R_NUM_HEADER_1B_ERR,
    R_NUM_HEADER_2B_ERR,
    R_ECC_CTRL,
    R_CLEAR_OUTSTANDING,
    R_CMD_STATUS,               /* WH: combined initiator status */
    R_CMD_BUF_AVAIL,            /* BH, in every buffer window */
    R_CMD_BUF_OVFL,
    R__MAX
};

static const char *const tt_noc_reg_names[R__MAX] = {
    [TT_NOC_BUF_TARG_LO] = "NOC_TARG_ADDR_LO",
    [TT_NOC_BUF_TARG_MID] = "NOC_TARG_ADDR_MID",
    [TT_NOC_BUF_TARG_HI] = "NOC_TARG_ADDR_HI",
    [TT_NOC_BUF_RET_LO] = "NOC_RET_ADDR_LO",
    [TT_NOC_BUF_RET_MID] = "NOC_RET_ADDR_MID",
    [TT_NOC_BUF_RET_HI] = "NOC_RET_ADDR_HI",
    [TT_NOC_BUF_PACKET_TAG] = "NOC_PACKET_TAG",
    [TT_NOC_BUF_CTRL] = "NOC_CTRL",
    [TT_NOC_BUF_AT_LEN_BE] = "NOC_AT_LEN_BE",
    [TT_NOC_BUF_AT_LEN_BE_1] = "NOC_AT_LEN_BE_1",
    [TT_NOC_BUF_AT_DATA] = "NOC_AT_DATA",
    [TT_NOC_BUF_BRCST_EXCLUDE] = "NOC_BRCST_EXCLUDE",
    [TT_NOC_BUF_L1_ACC_AT_INSTRN] = "NOC_L1_ACC_AT_INSTRN",
    [TT_NOC_BUF_SEC_CTRL] = "NOC_SEC_CTRL",
    [R_CMD_CTRL] = "NOC_CMD_CTRL",
    [R_NODE_ID] = "NOC_NODE_ID",
    [R_ENDPOINT_ID] = "NOC_ENDPOINT_ID",
    [R_NUM_MEM_PARITY_ERR] = "NUM_MEM_PARITY_ERR",
    [R_NUM_HEADER_1B_ERR] = "NUM_HEADER_1B_ERR",
    [R_NUM_HEADER_2B_ERR] = "NUM_HEADER_2B_ERR",
    [R_ECC_CTRL] = "ECC_CTRL",
    [R_CLEAR_OUTSTANDING] = "NOC_CLEAR_OUTSTANDING_REQ_CNT",
    [R_CMD_STATUS] = "NIU combined request initiator status",
    [R_CMD_BUF_AVAIL] = "CMD_BUF_AVAIL",
    [R_CMD_BUF_OVFL] = "CMD_BUF_OVFL",
};

static bool tt_noc_reg_niu_wide(int r)
{
    return r >= R_NUM_MEM_PARITY_ERR && r <= R_CMD_STATUS;
}

/* NIU-wide windows inside command buffer 0's window */
#define TT_NOC_CFG_OFFSET       0x100
#define TT_NOC_STATUS_OFFSET    0x200
#define TT_NOC_STATUS_WORDS     0x80    /* 0x200-0x3FF: counters + debug */

/* NOC_CTRL */
#define NOC_CMD_TYPE_MASK       3u
#define NOC_CMD_TYPE_RD         0u
#define NOC_CMD_TYPE_AT         1u
#define NOC_CMD_TYPE_WR         2u
#define NOC_CMD_WR_BE           (1u << 2)
#define NOC_CMD_WR_INLINE       (1u << 3)
#define NOC_CMD_RESP_MARKED     (1u << 4)
#define NOC_CMD_BRCST_PACKET    (1u << 5)
#define NOC_CMD_PORT_MASK_SHIFT 10      /* WH: first-router output ports */
#define NOC_CMD_BRCST_SRC_INCLUDE (1u << 17)
#define NOC_CMD_L1_ACC_AT_EN    (1u << 31)      /* BH */

#define NOC_PORT_NIU            1u
#define NOC_PORT_Y              2u
#define NOC_PORT_X              4u

/* NOC_PACKET_TAG */
#define NOC_TAG_TO_OVERLAY      (1u << 6)
#define NOC_TAG_HEADER_STORE    (1u << 9)
#define NOC_TAG_ID_SHIFT        10
#define NOC_TAG_MASK            0xFFFFu         /* bits 31:16 read as zero */

/* NOC_BRCST_EXCLUDE (BH; tt-metal get_noc_exclude_region) */
#define NOC_EXCL_KEEP_SKIP_MASK 0xFFu
#define NOC_EXCL_X_SHIFT        8
#define NOC_EXCL_Y_SHIFT        14
#define NOC_EXCL_DIR_X          (1u << 20)
#define NOC_EXCL_DIR_Y          (1u << 21)
#define NOC_EXCL_ENABLE         (1u << 22)

/* NOC_CFG indices common to both architectures */
#define NIU_CFG_0               0x0
#define NIU_CFG_0_TILE_CLK_OFF  (1u << 12)
#define NIU_CFG_0_XLAT_EN       (1u << 14)
#define ROUTER_CFG_1            0x2     /* broadcast opt-out, per column */
#define ROUTER_CFG_3            0x4     /* broadcast opt-out, per row */
#define NOC_X_ID_TRANSLATE_TABLE_0 0x6

/* Blackhole-only NOC_CFG indices */
#define BH_NOC_ID_TRANSLATE_COL_MASK    0x14
#define BH_NOC_ID_TRANSLATE_ROW_MASK    0x15
#define BH_DDR_COORD_TRANSLATE_TABLE_0  0x16
#define BH_DDR_COORD_TRANSLATE_TABLE_5  0x1B
#define BH_DDR_COORD_TRANSLATE_COL_SWAP 0x1C
#define BH_DEBUG_COUNTER_RESET          0x1D
#define BH_NIU_TRANS_COUNT_RTZ_CFG      0x1E
#define BH_NIU_TRANS_COUNT_RTZ_CLR      0x1F
#define BH_RTZ_CFG_INT_ENABLE_MASK      0xFFFFu
#define BH_RTZ_CFG_RC_DISABLE           (1u << 28)

/* NOC_STATUS indices (Counters.md) */
enum {
    MST_ATOMIC_RESP_RECEIVED = 0x0,
    MST_WR_ACK_RECEIVED = 0x1,
    MST_RD_RESP_RECEIVED = 0x2,
    MST_RD_DATA_WORD_RECEIVED = 0x3,
    MST_CMD_ACCEPTED = 0x4,
    MST_RD_REQ_SENT = 0x5,
    MST_NONPOSTED_ATOMIC_SENT = 0x6,
    MST_POSTED_ATOMIC_SENT = 0x7,
    MST_NONPOSTED_WR_DATA_WORD_SENT = 0x8,
    MST_POSTED_WR_DATA_WORD_SENT = 0x9,
    MST_NONPOSTED_WR_REQ_SENT = 0xA,
    MST_POSTED_WR_REQ_SENT = 0xB,
    MST_NONPOSTED_WR_REQ_STARTED = 0xC,
    MST_POSTED_WR_REQ_STARTED = 0xD,
    MST_RD_REQ_STARTED = 0xE,
    MST_NONPOSTED_ATOMIC_STARTED = 0xF,
    MST_REQS_OUTSTANDING_ID0 = 0x10,    /* 8-bit counters */
    MST_WRITE_REQS_OUTGOING_ID0 = 0x20, /* 8-bit counters */
    SLV_ATOMIC_RESP_SENT = 0x30,
    SLV_WR_ACK_SENT = 0x31,
    SLV_RD_RESP_SENT = 0x32,
    SLV_RD_DATA_WORD_SENT = 0x33,
    SLV_REQ_ACCEPTED = 0x34,
    SLV_RD_REQ_RECEIVED = 0x35,
    SLV_NONPOSTED_ATOMIC_RECEIVED = 0x36,
    SLV_POSTED_ATOMIC_RECEIVED = 0x37,
    SLV_NONPOSTED_WR_DATA_WORD_RECEIVED = 0x38,
    SLV_POSTED_WR_DATA_WORD_RECEIVED = 0x39,
    SLV_NONPOSTED_WR_REQ_RECEIVED = 0x3A,
    SLV_POSTED_WR_REQ_RECEIVED = 0x3B,
    SLV_NONPOSTED_WR_REQ_STARTED = 0x3C,
    SLV_POSTED_WR_REQ_STARTED = 0x3D,
    NUM_COUNTERS_DOCUMENTED = 0x3E,
};

/* Blackhole NOC_STATUS indices beyond the counters */
#define BH_NIU_TRANS_COUNT_RTZ_NUM      0x5E
#define BH_NIU_TRANS_COUNT_RTZ_SOURCE   0x5F

/* Tensix tiles: L1 below this local address, MMIO at and above */
#define TT_NOC_MMIO_START       0xFF000000ull

/* Atomic opcodes (NOC_AT_LEN_BE bits 15:12) */
enum {
    NOC_AT_NOP = 0x0,
    NOC_AT_INCR_GET = 0x1,
    NOC_AT_INCR_GET_PTR = 0x2,
    NOC_AT_SWAP = 0x3,
    NOC_AT_CAS = 0x4,
    NOC_AT_GET_TILE_MAP = 0x5,
    NOC_AT_STORE_IND = 0x6,
    NOC_AT_SWAP_4B = 0x7,
    NOC_AT_ACC = 0x9,           /* BH */
    NOC_AT_EXT = 0xA,           /* BH: Zaamo, swap */
};

/* ---------------------------------------------------------------------- */
/* Per-architecture facts                                                 */
/* ---------------------------------------------------------------------- */

#define OFF(o) ((o) + 1)        /* TTNocArch.off1: 0 means "absent" */

typedef struct TTNocArch {
    uint32_t buf_stride;        /* NOC_CMD_BUF_OFFSET */
    uint16_t off1[R__MAX];      /* register offset + 1 in a buffer window */
    uint32_t cfg_words;         /* NOC_CFG(0 .. n-1) */
    uint32_t cfg_y_table;       /* NOC_Y_ID_TRANSLATE_TABLE_0 */
    uint32_t cfg_id_logical;    /* NOC_ID_LOGICAL */
    uint32_t table_words;       /* words per translation table */
    uint32_t entry_bits;        /* bits per translation table entry */
    uint32_t max_packet;        /* bytes per packet (256 flits) */
    uint32_t flit_bytes;
    uint32_t be_bytes;          /* byte-enable write span */
    uint32_t col_optout_bits;   /* ROUTER_CFG_1 mask width */
    uint32_t row_optout_bits;   /* ROUTER_CFG_3 mask width */
    uint64_t pcie_bit;          /* address bit selecting PCIe host memory,
                                   whatever the coordinates (0: none) */
    bool coords_in_hi;          /* BH: TARG/RET_ADDR_HI hold x/y */
    bool xlat_writeback;        /* WH: translated coords written back */
    bool ctrl_port_mask;        /* WH: NOC_CTRL[12:10] set on issue */
    bool split_carry;           /* BH: splitting adds to the 64-bit address */
} TTNocArch;

static const TTNocArch tt_noc_arch_table[TT_ARCH__MAX] = {
    [TT_ARCH_WORMHOLE_B0] = {
        .buf_stride = 0x400,
        .off1 = {
            [TT_NOC_BUF_TARG_LO] = OFF(0x00),
            [TT_NOC_BUF_TARG_MID] = OFF(0x04),
            [TT_NOC_BUF_TARG_HI] = OFF(0x08),
            [TT_NOC_BUF_RET_LO] = OFF(0x0C),
            [TT_NOC_BUF_RET_MID] = OFF(0x10),
            [TT_NOC_BUF_RET_HI] = OFF(0x14),
            [TT_NOC_BUF_PACKET_TAG] = OFF(0x18),
            [TT_NOC_BUF_CTRL] = OFF(0x1C),
            [TT_NOC_BUF_AT_LEN_BE] = OFF(0x20),
            [TT_NOC_BUF_AT_DATA] = OFF(0x24),
            [R_CMD_CTRL] = OFF(0x28),
            [R_NODE_ID] = OFF(0x2C),
            [R_ENDPOINT_ID] = OFF(0x30),
            [R_NUM_MEM_PARITY_ERR] = OFF(0x40),
            [R_NUM_HEADER_1B_ERR] = OFF(0x44),
            [R_NUM_HEADER_2B_ERR] = OFF(0x48),
            [R_ECC_CTRL] = OFF(0x4C),
            [R_CLEAR_OUTSTANDING] = OFF(0x50),
            [R_CMD_STATUS] = OFF(0x54),
        },
        .cfg_words = 0xF,
        .cfg_y_table = 0xA,
        .cfg_id_logical = 0xE,
        .table_words = 4,
        .entry_bits = 4,
        .max_packet = 8192,
        .flit_bytes = 32,
        .be_bytes = 32,
        .col_optout_bits = 10,
        .row_optout_bits = 12,
        /*
         * Wormhole: bit 35 selects host memory only at the PCIe tile
         * (0,3); elsewhere it is an ordinary local address bit (the ARC
         * tile's registers live at 0x8_xxxx_xxxx).  The SoC model's PCIe
         * tile answers for its whole window, so no special case here.
         */
        .pcie_bit = 0,
        .coords_in_hi = false,
        .xlat_writeback = true,
        .ctrl_port_mask = true,
        .split_carry = false,
    },
    [TT_ARCH_BLACKHOLE] = {
        .buf_stride = 0x800,
        .off1 = {
            [TT_NOC_BUF_TARG_LO] = OFF(0x00),
            [TT_NOC_BUF_TARG_MID] = OFF(0x04),
            [TT_NOC_BUF_TARG_HI] = OFF(0x08),
            [TT_NOC_BUF_RET_LO] = OFF(0x0C),
            [TT_NOC_BUF_RET_MID] = OFF(0x10),
            [TT_NOC_BUF_RET_HI] = OFF(0x14),
            [TT_NOC_BUF_PACKET_TAG] = OFF(0x18),
            [TT_NOC_BUF_CTRL] = OFF(0x1C),
            [TT_NOC_BUF_AT_LEN_BE] = OFF(0x20),
            [TT_NOC_BUF_AT_LEN_BE_1] = OFF(0x24),
            [TT_NOC_BUF_AT_DATA] = OFF(0x28),
            [TT_NOC_BUF_BRCST_EXCLUDE] = OFF(0x2C),
            [TT_NOC_BUF_L1_ACC_AT_INSTRN] = OFF(0x30),
            [TT_NOC_BUF_SEC_CTRL] = OFF(0x34),
            [R_CMD_CTRL] = OFF(0x40),
            [R_NODE_ID] = OFF(0x44),
            [R_ENDPOINT_ID] = OFF(0x48),
            [R_NUM_MEM_PARITY_ERR] = OFF(0x50),
            [R_NUM_HEADER_1B_ERR] = OFF(0x54),
            [R_NUM_HEADER_2B_ERR] = OFF(0x58),
            [R_ECC_CTRL] = OFF(0x5C),
            [R_CLEAR_OUTSTANDING] = OFF(0x60),
            [R_CMD_BUF_AVAIL] = OFF(0x64),
            [R_CMD_BUF_OVFL] = OFF(0x68),
        },
        .cfg_words = 0x20,
        .cfg_y_table = 0xC,
        .cfg_id_logical = 0x12,
        .table_words = 6,
        .entry_bits = 5,
        .max_packet = 16384,
        .flit_bytes = 64,
        .be_bytes = 64,
        .col_optout_bits = 17,
        .row_optout_bits = 12,
        .pcie_bit = 1ull << 60,
        .coords_in_hi = true,
        .xlat_writeback = false,
        .ctrl_port_mask = false,
        .split_carry = true,
    },
};

static const TTNocArch *tt_noc_arch(TTNocNiu *niu)
{
    return &tt_noc_arch_table[niu->tile->arch->id];
}

static bool tt_noc_is_bh(TTNocNiu *niu)
{
    return niu->tile->arch->id == TT_ARCH_BLACKHOLE;
}

static const char *tt_noc_name(TTNocNiu *niu)
{
    return memory_region_name(&niu->mmio);
}

static const MemoryRegionOps tt_noc_ops;

/* ---------------------------------------------------------------------- */
/* Coordinates                                                            */
/* ---------------------------------------------------------------------- */

/* This NIU's coordinates on its own NoC */
static void tt_noc_self(TTNocNiu *niu, uint32_t *x, uint32_t *y)
{
    TTTileState *t = niu->tile;

    *x = niu->noc ? t->noc_width - 1 - t->x : t->x;
    *y = niu->noc ? t->noc_height - 1 - t->y : t->y;
}

/* This NoC's coordinates -> NoC 0 coordinates; false outside the grid */
static bool tt_noc_to_noc0(TTNocNiu *niu, uint32_t x, uint32_t y,
                           uint32_t *x0, uint32_t *y0)
{
    TTTileState *t = niu->tile;

    if (x >= t->noc_width || y >= t->noc_height) {
        return false;
    }
    *x0 = niu->noc ? t->noc_width - 1 - x : x;
    *y0 = niu->noc ? t->noc_height - 1 - y : y;
    return true;
}

/* The NIU of this NoC at this NoC's coordinates (x, y), or NULL */
static TTNocNiu *tt_noc_niu_at(TTNocNiu *niu, uint32_t x, uint32_t y)
{
    MemoryRegionSection sec;
    TTNocNiu *found = NULL;
    uint32_t sx, sy, x0, y0;

    tt_noc_self(niu, &sx, &sy);
    if (x == sx && y == sy) {
        return niu;
    }
    if (!tt_noc_to_noc0(niu, x, y, &x0, &y0)) {
        return NULL;
    }
    sec = memory_region_find(niu->tile->noc,
                             TT_NOC_ADDR(x0, y0, TT_NOC_REGS_BASE +
                                         niu->noc * TT_NOC_REGS_SIZE), 4);
    if (sec.mr) {
        if (sec.mr->ops == &tt_noc_ops) {
            found = sec.mr->opaque;
        }
        memory_region_unref(sec.mr);
    }
    return found;
}

/* x/y (unicast, or the broadcast end corner) and the broadcast start */
typedef struct TTNocCoord {
    uint32_t x, y;
    uint32_t sx, sy;
} TTNocCoord;

/* Address and coordinates of the TARG (@ret false) or RET registers */
static void tt_noc_get_coord(TTNocNiu *niu, int b, bool ret, TTNocCoord *c,
                             uint64_t *addr)
{
    const TTNocArch *na = tt_noc_arch(niu);
    uint32_t *r = niu->buf[b];
    uint32_t lo = r[ret ? TT_NOC_BUF_RET_LO : TT_NOC_BUF_TARG_LO];
    uint32_t mid = r[ret ? TT_NOC_BUF_RET_MID : TT_NOC_BUF_TARG_MID];
    uint32_t hi = r[ret ? TT_NOC_BUF_RET_HI : TT_NOC_BUF_TARG_HI];
    uint32_t xy;

    if (na->coords_in_hi) {
        /* BH: MID is the high half of a 64-bit address, HI the coords */
        *addr = lo | (uint64_t)mid << 32;
        xy = hi;
    } else {
        /* WH: MID = address bits 35:32, then x, y (, start x, start y) */
        *addr = lo | (uint64_t)(mid & 0xF) << 32;
        xy = mid >> 4;
    }
    c->x = extract32(xy, 0, 6);
    c->y = extract32(xy, 6, 6);
    c->sx = extract32(xy, 12, 6);
    c->sy = extract32(xy, 18, 6);
}

/* Entry @i of a translation table starting at NOC_CFG(@base) */
static uint32_t tt_noc_xlat_entry(TTNocNiu *niu, uint32_t base, uint32_t i)
{
    const TTNocArch *na = tt_noc_arch(niu);
    uint32_t per_word = 32 / na->entry_bits;

    return extract32(niu->cfg[base + i / per_word],
                     (i % per_word) * na->entry_bits, na->entry_bits);
}

/*
 * Coordinate translation (NIU_CFG_0 bit 14).  WH (Coordinates.md):
 * separable 32-entry X and Y tables of 4-bit entries, indexed by the low
 * five bits of the coordinate.  BH (Coordinates.md "Translation
 * algorithm"): combined translation with the row/column masks and the
 * DDR table.
 */
static void tt_noc_translate(TTNocNiu *niu, uint32_t *x, uint32_t *y)
{
    const TTNocArch *na = tt_noc_arch(niu);
    uint32_t x31 = *x & 31, y31 = *y & 31;
    uint32_t nx, ny;

    if (!tt_noc_is_bh(niu)) {
        *x = tt_noc_xlat_entry(niu, NOC_X_ID_TRANSLATE_TABLE_0, x31);
        *y = tt_noc_xlat_entry(niu, na->cfg_y_table, y31);
        return;
    } else {
        uint32_t t5 = niu->cfg[BH_DDR_COORD_TRANSLATE_TABLE_5];
        bool ddr9 = t5 & (1u << 10), ddr0 = t5 & (1u << 11);
        uint32_t xs = x31 ^ 9;
        bool xs_ddr = (xs == 9 && ddr9) || (xs == 0 && ddr0);
        bool x_ddr = (x31 == 9 && ddr9) || (x31 == 0 && ddr0);

        if ((niu->cfg[BH_DDR_COORD_TRANSLATE_COL_SWAP] & (1u << y31)) &&
            xs_ddr) {
            nx = xs;
        } else if (niu->cfg[BH_NOC_ID_TRANSLATE_ROW_MASK] & (1u << y31)) {
            nx = *x;
        } else {
            nx = tt_noc_xlat_entry(niu, NOC_X_ID_TRANSLATE_TABLE_0, x31);
        }
        if (x_ddr) {
            ny = tt_noc_xlat_entry(niu, BH_DDR_COORD_TRANSLATE_TABLE_0, y31);
        } else if (niu->cfg[BH_NOC_ID_TRANSLATE_COL_MASK] & (1u << x31)) {
            ny = *y;
        } else {
            ny = tt_noc_xlat_entry(niu, na->cfg_y_table, y31);
        }
        *x = nx;
        *y = ny;
    }
}

/* ---------------------------------------------------------------------- */
/* Counters                                                               */
/* ---------------------------------------------------------------------- */

static void tt_noc_ctr(TTNocNiu *niu, int idx, uint32_t by)
{
    niu->status[idx] += by;
}

/* BH: a counter NIU_MST_REQS_OUTSTANDING_ID(id) went positive -> zero */
static void tt_noc_rtz(TTNocNiu *niu, uint32_t bits)
{
    uint32_t en = niu->cfg[BH_NIU_TRANS_COUNT_RTZ_CFG] &
                  BH_RTZ_CFG_INT_ENABLE_MASK;
    bool was = niu->rtz_source & en;

    niu->rtz_source |= bits;
    if (tt_noc_is_bh(niu) && !was && (niu->rtz_source & en)) {
        qemu_log_mask(LOG_UNIMP, "%s: NIU_TRANS_COUNT_RTZ_SOURCE 0x%04x "
                      "raises the NoC IRQ; the PIC is not modelled, no "
                      "interrupt is delivered\n", tt_noc_name(niu),
                      niu->rtz_source & en);
    }
}

/* NIU_MST_REQS_OUTSTANDING_ID(@id) += @delta (8 bits, wraps) */
static void tt_noc_outstanding(TTNocNiu *niu, uint32_t id, int delta)
{
    uint32_t *c = &niu->status[MST_REQS_OUTSTANDING_ID0 + id];
    uint32_t old = *c & 0xFF;

    *c = (old + delta) & 0xFF;
    if (old != 0 && *c == 0) {
        tt_noc_rtz(niu, 1u << id);
    }
}

/* NIU_MST_WRITE_REQS_OUTGOING_ID(@id) += @delta (8 bits, wraps) */
static void tt_noc_outgoing(TTNocNiu *niu, uint32_t id, int delta)
{
    uint32_t *c = &niu->status[MST_WRITE_REQS_OUTGOING_ID0 + id];

    *c = (*c + delta) & 0xFF;
}

/* ---------------------------------------------------------------------- */
/* Requests                                                               */
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
    uint64_t targ_addr, ret_addr;
} TTNocReq;

static void G_GNUC_PRINTF(2, 3) tt_noc_req_error(TTNocReq *rq,
                                                  const char *fmt, ...)
{
    g_autofree char *msg = NULL;
    va_list ap;

    va_start(ap, fmt);
    msg = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    qemu_log_mask(LOG_GUEST_ERROR, "%s cmd buf %d: %s\n",
                  tt_noc_name(rq->niu), rq->b, msg);
}

/*
 * Access @len bytes at local address @addr of the tile at this NoC's
 * coordinates (@x, @y).  A request nothing answers is logged and has a
 * defined effect: a read yields zeros, a write is dropped; the caller
 * advances the counters as if the target had answered.
 */
static bool tt_noc_xfer(TTNocReq *rq, uint32_t x, uint32_t y, uint64_t addr,
                        void *buf, uint32_t len, bool write)
{
    TTNocNiu *niu = rq->niu;
    const TTNocArch *na = tt_noc_arch(niu);
    const char *what = write ? "write" : "read";
    uint32_t x0, y0;
    MemTxResult r;

    if (len == 0) {
        return true;
    }
    if (!write) {
        memset(buf, 0, len);
    }
    if (addr & na->pcie_bit) {
        qemu_log_mask(LOG_UNIMP, "%s cmd buf %d: %s of %u bytes at (%u,%u) "
                      "0x%" PRIx64 " on NoC %d targets PCIe host memory, "
                      "which is not modelled; %s\n", tt_noc_name(niu),
                      rq->b, what, len, x, y, addr, niu->noc,
                      write ? "dropped" : "reads zeros");
        return false;
    }
    if (addr + len > (1ull << 36)) {
        tt_noc_req_error(rq, "%s of %u bytes at (%u,%u) 0x%" PRIx64 " on "
                         "NoC %d: beyond the 36-bit local address space; %s",
                         what, len, x, y, addr, niu->noc,
                         write ? "dropped" : "reads zeros");
        return false;
    }
    if (!tt_noc_to_noc0(niu, x, y, &x0, &y0)) {
        tt_noc_req_error(rq, "%s of %u bytes at (%u,%u) 0x%" PRIx64 " on "
                         "NoC %d: coordinates outside the %ux%u NoC grid; %s",
                         what, len, x, y, addr, niu->noc,
                         niu->tile->noc_width, niu->tile->noc_height,
                         write ? "dropped" : "reads zeros");
        return false;
    }
    r = address_space_rw(&address_space_memory, TT_NOC_ADDR(x0, y0, addr),
                         MEMTXATTRS_UNSPECIFIED, buf, len, write);
    if (r != MEMTX_OK) {
        tt_noc_req_error(rq, "%s of %u bytes at (%u,%u) 0x%" PRIx64 " on "
                         "NoC %d (NoC 0 (%u,%u)): no tile there or nothing "
                         "mapped; %s", what, len, x, y, addr, niu->noc,
                         x0, y0, write ? "dropped" : "unmapped bytes read "
                         "as zeros");
        return false;
    }
    return true;
}

/* Write the bytes @data[i] whose bit i in @mask is set to @addr + i */
static void tt_noc_write_masked(TTNocReq *rq, uint32_t x, uint32_t y,
                                uint64_t addr, uint8_t *data, uint64_t mask,
                                uint32_t nbytes)
{
    uint32_t i = 0, j;

    while (i < nbytes) {
        if (!(mask >> i & 1)) {
            i++;
            continue;
        }
        j = i + 1;
        while (j < nbytes && (mask >> j & 1)) {
            j++;
        }
        tt_noc_xfer(rq, x, y, addr + i, data + i, j - i, true);
        i = j;
    }
}

/*
 * The NIU a response / acknowledgement goes to.  If nothing is at those
 * coordinates it is counted at the initiator instead (defined behaviour:
 * software waiting for it does not hang), and logged.
 */
static TTNocNiu *tt_noc_resp_niu(TTNocReq *rq, const TTNocCoord *c,
                                 const char *what)
{
    TTNocNiu *n = tt_noc_niu_at(rq->niu, c->x, c->y);

    if (!n) {
        tt_noc_req_error(rq, "%s goes to (%u,%u) on NoC %d, where there is "
                         "no NIU; counted at the initiator instead", what,
                         c->x, c->y, rq->niu->noc);
        n = rq->niu;
    }
    return n;
}

static bool tt_noc_in_span(uint32_t v, uint32_t start, uint32_t end)
{
    /* MemoryMap.md: start > end wraps around the torus */
    return start <= end ? (v >= start && v <= end) : (v <= end || v >= start);
}

/* BH NOC_BRCST_EXCLUDE: is (x, y) in the excluded quadrant? */
static bool tt_noc_excluded(uint32_t excl, uint32_t x, uint32_t y)
{
    uint32_t ex = extract32(excl, NOC_EXCL_X_SHIFT, 6);
    uint32_t ey = extract32(excl, NOC_EXCL_Y_SHIFT, 6);
    bool in_x, in_y;

    if (!(excl & NOC_EXCL_ENABLE)) {
        return false;
    }
    in_x = (excl & NOC_EXCL_DIR_X) ? x >= ex : x <= ex;
    in_y = (excl & NOC_EXCL_DIR_Y) ? y >= ey : y <= ey;
    return in_x && in_y;
}

typedef struct TTNocDest {
    TTNocNiu *niu;              /* NULL: nothing at (x, y) */
    uint32_t x, y;
} TTNocDest;

/* Room for every recipient of @rq (one, or every NIU of the grid) */
static TTNocDest *tt_noc_dest_alloc(TTNocReq *rq)
{
    TTTileState *t = rq->niu->tile;

    return g_new(TTNocDest, rq->bcast ? t->noc_width * t->noc_height : 1);
}

/*
 * The recipients of a request addressed to @c: one for unicast; for a
 * broadcast every NIU of the rectangle (MemoryMap.md "NOC_TARG_ADDR and
 * NOC_RET_ADDR"), less the initiator without NOC_CMD_BRCST_SRC_INCLUDE,
 * less BH NOC_BRCST_EXCLUDE's quadrant, less NIUs opted out through their
 * ROUTER_CFG_1 / ROUTER_CFG_3.  Returns the number filled in @d.
 */
static uint32_t tt_noc_dests(TTNocReq *rq, const TTNocCoord *c, TTNocDest *d)
{
    TTNocNiu *niu = rq->niu;
    const TTNocArch *na = tt_noc_arch(niu);
    uint32_t w = niu->tile->noc_width, h = niu->tile->noc_height;
    uint32_t excl = 0, n = 0;

    if (!rq->bcast) {
        d[0].niu = tt_noc_niu_at(niu, c->x, c->y);
        d[0].x = c->x;
        d[0].y = c->y;
        return 1;
    }
    if (tt_noc_is_bh(niu)) {
        excl = niu->buf[rq->b][TT_NOC_BUF_BRCST_EXCLUDE];
        if (excl & NOC_EXCL_KEEP_SKIP_MASK) {
            qemu_log_mask(LOG_UNIMP, "%s cmd buf %d: NOC_BRCST_EXCLUDE "
                          "bits 7:0 = 0x%02x (keep/skip strides) are not "
                          "modelled; ignored\n", tt_noc_name(niu), rq->b,
                          excl & NOC_EXCL_KEEP_SKIP_MASK);
        }
    }
    if (c->x >= w || c->sx >= w || c->y >= h || c->sy >= h) {
        tt_noc_req_error(rq, "broadcast rectangle (%u,%u)-(%u,%u) reaches "
                         "outside the %ux%u NoC grid; only NIUs inside it "
                         "receive", c->sx, c->sy, c->x, c->y, w, h);
    }
    for (uint32_t y = 0; y < h; y++) {
        if (!tt_noc_in_span(y, c->sy, c->y)) {
            continue;
        }
        for (uint32_t x = 0; x < w; x++) {
            TTNocNiu *dst;

            if (!tt_noc_in_span(x, c->sx, c->x)) {
                continue;
            }
            if (x == rq->self_x && y == rq->self_y &&
                !(rq->ctrl & NOC_CMD_BRCST_SRC_INCLUDE)) {
                continue;
            }
            if (tt_noc_excluded(excl, x, y)) {
                continue;
            }
            dst = tt_noc_niu_at(niu, x, y);
            if (!dst) {
                tt_noc_req_error(rq, "broadcast rectangle (%u,%u)-(%u,%u) "
                                 "includes (%u,%u), where there is no "
                                 "tile; skipped", c->sx, c->sy, c->x, c->y,
                                 x, y);
                continue;
            }
            if ((x < na->col_optout_bits &&
                 (dst->cfg[ROUTER_CFG_1] & (1u << x))) ||
                (y < na->row_optout_bits &&
                 (dst->cfg[ROUTER_CFG_3] & (1u << y)))) {
                continue;       /* opted out of receiving broadcasts */
            }
            d[n].niu = dst;
            d[n].x = x;
            d[n].y = y;
            n++;
        }
    }
    trace_tt_noc_bcast(tt_noc_name(niu), rq->b, c->sx, c->sy, c->x, c->y,
                       excl, n);
    return n;
}

/* Length-mode request: number of packets (Counters.md, splitting) */
static uint32_t tt_noc_packets(TTNocReq *rq, uint32_t len)
{
    uint32_t max = tt_noc_arch(rq->niu)->max_packet;

    return len ? DIV_ROUND_UP(len, max) : 1;
}

static uint32_t tt_noc_flits(TTNocReq *rq, uint32_t bytes)
{
    return DIV_ROUND_UP(bytes, tt_noc_arch(rq->niu)->flit_bytes);
}

/*
 * Automatic request splitting leaves the last packet's length in
 * NOC_AT_LEN_BE and both addresses advanced past the earlier packets.
 */
static void tt_noc_split_regs(TTNocReq *rq, uint32_t len, uint32_t npkt)
{
    const TTNocArch *na = tt_noc_arch(rq->niu);
    uint32_t *r = rq->niu->buf[rq->b];
    uint64_t adv = (uint64_t)na->max_packet * (npkt - 1);

    if (npkt <= 1) {
        return;
    }
    r[TT_NOC_BUF_AT_LEN_BE] = len - adv;
    if (na->split_carry) {
        uint64_t t = rq->targ_addr + adv, rt = rq->ret_addr + adv;

        r[TT_NOC_BUF_TARG_LO] = t;
        r[TT_NOC_BUF_TARG_MID] = t >> 32;
        r[TT_NOC_BUF_RET_LO] = rt;
        r[TT_NOC_BUF_RET_MID] = rt >> 32;
    } else {
        r[TT_NOC_BUF_TARG_LO] += adv;
        r[TT_NOC_BUF_RET_LO] += adv;
    }
}

static uint32_t tt_noc_len(TTNocReq *rq)
{
    uint32_t *r = rq->niu->buf[rq->b];

    if (tt_noc_is_bh(rq->niu) && r[TT_NOC_BUF_AT_LEN_BE_1]) {
        tt_noc_req_error(rq, "NOC_AT_LEN_BE_1 = 0x%08x in a length: the "
                         "high half of the length is ignored",
                         r[TT_NOC_BUF_AT_LEN_BE_1]);
    }
    if (r[TT_NOC_BUF_AT_LEN_BE] == 0) {
        tt_noc_req_error(rq, "zero length: one packet carrying no data");
    }
    return r[TT_NOC_BUF_AT_LEN_BE];
}

/* Alignment.md: in Tensix tiles, local addresses >= 0xFF000000 are MMIO */
static bool tt_noc_is_mmio(uint64_t addr)
{
    return addr >= TT_NOC_MMIO_START && addr <= UINT32_MAX;
}

/* ------------------------------- Reads -------------------------------- */

static void tt_noc_do_read(TTNocReq *rq)
{
    TTNocNiu *niu = rq->niu;
    uint32_t max = tt_noc_arch(niu)->max_packet;
    uint32_t len = tt_noc_len(rq);
    uint32_t npkt = tt_noc_packets(rq, len);
    g_autofree uint8_t *data = g_malloc(MIN(len, max));
    TTNocNiu *src, *dst;

    if ((tt_noc_is_mmio(rq->targ_addr) || tt_noc_is_mmio(rq->ret_addr)) &&
        len != 4) {
        tt_noc_req_error(rq, "read of %u bytes with an MMIO address: only "
                         "4 is allowed (Alignment.md); done as asked", len);
    }
    trace_tt_noc_read(tt_noc_name(niu), rq->b, rq->targ.x, rq->targ.y,
                      rq->targ_addr, rq->ret.x, rq->ret.y, rq->ret_addr, len,
                      rq->id);
    src = tt_noc_niu_at(niu, rq->targ.x, rq->targ.y);
    dst = tt_noc_resp_niu(rq, &rq->ret, "the read response");

    /* As software writes NOC_CMD_CTRL */
    tt_noc_outstanding(niu, rq->id, npkt);
    for (uint32_t p = 0; p < npkt; p++) {
        uint32_t plen = MIN(len - p * max, max);
        uint32_t flits = tt_noc_flits(rq, plen);

        /* Initiator: virtual channel assigned, request leaves */
        tt_noc_ctr(niu, MST_CMD_ACCEPTED, 1);
        tt_noc_ctr(niu, MST_RD_REQ_STARTED, 1);
        tt_noc_ctr(niu, MST_RD_REQ_SENT, 1);
        /* Target: request arrives, data read, response sent */
        if (src) {
            tt_noc_ctr(src, SLV_REQ_ACCEPTED, 1);
            tt_noc_ctr(src, SLV_RD_REQ_RECEIVED, 1);
        }
        tt_noc_xfer(rq, rq->targ.x, rq->targ.y,
                    rq->targ_addr + (uint64_t)p * max, data, plen, false);
        if (src) {
            tt_noc_ctr(src, SLV_RD_RESP_SENT, 1);
            tt_noc_ctr(src, SLV_RD_DATA_WORD_SENT, flits);
        }
        /* Response: written at RET, then counted there */
        tt_noc_xfer(rq, rq->ret.x, rq->ret.y,
                    rq->ret_addr + (uint64_t)p * max, data, plen, true);
        tt_noc_ctr(dst, MST_RD_RESP_RECEIVED, 1);
        tt_noc_ctr(dst, MST_RD_DATA_WORD_RECEIVED, flits);
        tt_noc_outstanding(dst, rq->id, -1);
    }
    tt_noc_split_regs(rq, len, npkt);
}

/* ------------------------------- Writes ------------------------------- */

static void tt_noc_slave_write(TTNocReq *rq, TTNocNiu *dst, uint32_t flits)
{
    if (!dst) {
        return;
    }
    /*
     * Counters.md: inline writes count at arrival, the others per data
     * flit and at the last one; the totals are the same.
     */
    if (rq->marked) {
        tt_noc_ctr(dst, SLV_NONPOSTED_WR_REQ_STARTED, 1);
        tt_noc_ctr(dst, SLV_NONPOSTED_WR_DATA_WORD_RECEIVED, flits);
        tt_noc_ctr(dst, SLV_NONPOSTED_WR_REQ_RECEIVED, 1);
    } else {
        tt_noc_ctr(dst, SLV_POSTED_WR_REQ_STARTED, 1);
        tt_noc_ctr(dst, SLV_POSTED_WR_DATA_WORD_RECEIVED, flits);
        tt_noc_ctr(dst, SLV_POSTED_WR_REQ_RECEIVED, 1);
    }
}

/* The write acknowledgement of one recipient */
static void tt_noc_write_ack(TTNocReq *rq, TTNocNiu *dst, TTNocNiu *ack)
{
    if (!rq->marked) {
        return;
    }
    if (dst) {
        tt_noc_ctr(dst, SLV_WR_ACK_SENT, 1);
    }
    tt_noc_ctr(ack, MST_WR_ACK_RECEIVED, 1);
    tt_noc_outstanding(ack, rq->id, -1);
}

/* Write request with NOC_CMD_WR_INLINE (data in NOC_AT_DATA) */
static void tt_noc_do_inline_write(TTNocReq *rq)
{
    TTNocNiu *niu = rq->niu;
    uint32_t *r = niu->buf[rq->b];
    uint32_t data = r[TT_NOC_BUF_AT_DATA];
    uint32_t be = r[TT_NOC_BUF_AT_LEN_BE];
    g_autofree TTNocDest *d = tt_noc_dest_alloc(rq);
    bool mmio = tt_noc_is_mmio(rq->targ_addr);
    uint8_t bytes[16];
    uint32_t n, mask16;

    trace_tt_noc_inline_write(tt_noc_name(niu), rq->b, rq->targ.x,
                              rq->targ.y, rq->targ_addr, data, be,
                              !rq->marked, rq->bcast, rq->id);
    if (!mmio && tt_noc_is_bh(niu)) {
        tt_noc_req_error(rq, "inline write to L1 0x%" PRIx64 ": unsafe on "
                         "Blackhole silicon (hardware bug, MemoryMap.md); "
                         "modelled as on Wormhole", rq->targ_addr);
    }
    /* As software writes NOC_CMD_CTRL */
    if (rq->marked) {
        tt_noc_outstanding(niu, rq->id, 1);
    }
    /* Initiator: virtual channel assigned (the packet is one flit) */
    tt_noc_ctr(niu, MST_CMD_ACCEPTED, 1);
    tt_noc_ctr(niu, rq->marked ? MST_NONPOSTED_WR_REQ_STARTED :
                                 MST_POSTED_WR_REQ_STARTED, 1);
    tt_noc_ctr(niu, rq->marked ? MST_NONPOSTED_WR_REQ_SENT :
                                 MST_POSTED_WR_REQ_SENT, 1);

    /*
     * MemoryMap.md NOC_AT_LEN_BE: to MMIO, a 32-bit store of NOC_AT_DATA;
     * to L1, byte i of the aligned 16 bytes gets byte i & 3 of
     * NOC_AT_DATA when bit i & 15 or bit 16 + (i & 15) of NOC_AT_LEN_BE
     * is set.
     */
    for (int i = 0; i < 16; i++) {
        bytes[i] = data >> (8 * (i & 3));
    }
    mask16 = (be | be >> 16) & 0xFFFF;
    n = tt_noc_dests(rq, &rq->targ, d);
    for (uint32_t k = 0; k < n; k++) {
        tt_noc_slave_write(rq, d[k].niu, 1);
        if (mmio) {
            tt_noc_xfer(rq, d[k].x, d[k].y, rq->targ_addr & ~3ull, bytes, 4,
                        true);
        } else {
            tt_noc_write_masked(rq, d[k].x, d[k].y, rq->targ_addr & ~0xFull,
                                bytes, mask16, 16);
        }
        /* The acknowledgement goes to the initiating NIU */
        tt_noc_write_ack(rq, d[k].niu, niu);
    }
}

/* Write request (data from the initiator's NOC_TARG_ADDR) */
static void tt_noc_do_write(TTNocReq *rq)
{
    TTNocNiu *niu = rq->niu;
    const TTNocArch *na = tt_noc_arch(niu);
    uint32_t *r = niu->buf[rq->b];
    bool be_mode = rq->ctrl & NOC_CMD_WR_BE;
    bool hdr_store = !rq->marked && (rq->tag & NOC_TAG_HEADER_STORE);
    uint64_t hdr_addr = (uint64_t)r[TT_NOC_BUF_AT_DATA] << 4;
    uint32_t len, npkt, max = na->max_packet;
    g_autofree TTNocDest *d = tt_noc_dest_alloc(rq);
    g_autofree uint8_t *data = NULL;
    TTNocNiu *ack;
    uint32_t n;

    if (be_mode) {
        len = na->be_bytes;
        npkt = 1;
    } else {
        len = tt_noc_len(rq);
        npkt = tt_noc_packets(rq, len);
        if ((tt_noc_is_mmio(rq->targ_addr) || tt_noc_is_mmio(rq->ret_addr))
            && len != 4) {
            tt_noc_req_error(rq, "write of %u bytes with an MMIO address: "
                             "only 4 is allowed (Alignment.md); done as "
                             "asked", len);
        }
    }
    data = g_malloc(MAX(MIN(len, max), 16));
    trace_tt_noc_write(tt_noc_name(niu), rq->b, rq->targ_addr, rq->ret.x,
                       rq->ret.y, rq->ret_addr, len, be_mode, !rq->marked,
                       rq->id);
    /* The acknowledgement goes to the NIU at NOC_TARG_ADDR's x/y */
    ack = rq->marked ? tt_noc_resp_niu(rq, &rq->targ,
                                       "the write acknowledgement") : NULL;
    n = tt_noc_dests(rq, &rq->ret, d);

    /* As software writes NOC_CMD_CTRL */
    if (rq->marked) {
        tt_noc_outstanding(niu, rq->id, npkt);
    }
    tt_noc_outgoing(niu, rq->id, npkt);

    for (uint32_t p = 0; p < npkt; p++) {
        uint64_t off = (uint64_t)p * max;
        uint32_t plen = MIN(len - p * max, max);
        uint32_t flits = be_mode ? 1 : tt_noc_flits(rq, plen);
        uint64_t be = 0;
        bool dst_mmio = tt_noc_is_mmio(rq->ret_addr);

        /* Initiator: virtual channel assigned */
        tt_noc_ctr(niu, MST_CMD_ACCEPTED, 1);
        tt_noc_ctr(niu, rq->marked ? MST_NONPOSTED_WR_REQ_STARTED :
                                     MST_POSTED_WR_REQ_STARTED, 1);

        /* Initiator: data read from its own address space */
        if (!be_mode) {
            tt_noc_xfer(rq, rq->self_x, rq->self_y, rq->targ_addr + off,
                        data, plen, false);
        } else if (dst_mmio) {
            /* To MMIO: NOC_AT_LEN_BE ignored, one 32-bit store */
            tt_noc_xfer(rq, rq->self_x, rq->self_y, rq->targ_addr & ~3ull,
                        data, 4, false);
        } else if (tt_noc_is_mmio(rq->targ_addr)) {
            /* From MMIO (Alignment.md SA4): one 4-byte read, broadcast */
            tt_noc_xfer(rq, rq->self_x, rq->self_y, rq->targ_addr & ~3ull,
                        data, 4, false);
            for (uint32_t i = 4; i < len; i++) {
                data[i] = data[i & 3];
            }
        } else {
            tt_noc_xfer(rq, rq->self_x, rq->self_y, rq->targ_addr & ~0xFull,
                        data, len, false);
        }
        if (be_mode) {
            be = r[TT_NOC_BUF_AT_LEN_BE];
            if (na->be_bytes > 32) {
                be |= (uint64_t)r[TT_NOC_BUF_AT_LEN_BE_1] << 32;
            }
            if (!dst_mmio && !tt_noc_is_bh(niu) &&
                !tt_noc_is_mmio(rq->targ_addr) &&
                ((rq->ret_addr | rq->targ_addr) & 0x1F)) {
                tt_noc_req_error(rq, "byte-enable write 0x%" PRIx64 " -> 0x%"
                                 PRIx64 ": both should be 32-byte aligned "
                                 "(Alignment.md); aligned down to 16",
                                 rq->targ_addr, rq->ret_addr);
            }
        }
        tt_noc_ctr(niu, rq->marked ? MST_NONPOSTED_WR_REQ_SENT :
                                     MST_POSTED_WR_REQ_SENT, 1);
        tt_noc_ctr(niu, rq->marked ? MST_NONPOSTED_WR_DATA_WORD_SENT :
                                     MST_POSTED_WR_DATA_WORD_SENT, flits);
        tt_noc_outgoing(niu, rq->id, -1);

        /* Each recipient */
        for (uint32_t k = 0; k < n; k++) {
            tt_noc_slave_write(rq, d[k].niu, flits);
            if (!be_mode) {
                tt_noc_xfer(rq, d[k].x, d[k].y, rq->ret_addr + off, data,
                            plen, true);
            } else if (dst_mmio) {
                tt_noc_xfer(rq, d[k].x, d[k].y, rq->ret_addr & ~3ull, data,
                            4, true);
            } else {
                tt_noc_write_masked(rq, d[k].x, d[k].y,
                                    rq->ret_addr & ~0xFull, data, be, len);
            }
            if (hdr_store) {
                /* First 128 bits also at NOC_AT_DATA << 4 */
                tt_noc_xfer(rq, d[k].x, d[k].y, hdr_addr, data,
                            MIN(plen, 16), true);
            }
            tt_noc_write_ack(rq, d[k].niu, ack);
        }
    }
    if (!be_mode) {
        tt_noc_split_regs(rq, len, npkt);
    }
}

/* ------------------------------ Atomics ------------------------------- */

typedef enum TTNocAmoKind {
    AMO_NONE,
    AMO_INCR,                   /* a = IntMask */
    AMO_CAS,                    /* a = CmpVal, b = SetVal */
    AMO_SWAP,
    AMO_SWAP_HALVES,            /* a = 8-bit mask of 16-bit halves */
    AMO_ZAAMO,                  /* a = Op */
    AMO_ACC,                    /* a = Fmt */
} TTNocAmoKind;

typedef struct TTNocAmo {
    TTNocAmoKind kind;
    uint32_t data;              /* NOC_AT_DATA */
    uint32_t a, b;
    int ofs;                    /* word of the 16 bytes, or -1: all four */
} TTNocAmo;

/* BH parallel addition (Atomics.md "Parallel addition") on one word */
static uint32_t tt_noc_acc_word(uint32_t fmt, uint32_t orig, uint32_t data)
{
    float_status fs = { };
    uint32_t res = 0;

    /* Denormals flushed to zero on input and output; round to nearest */
    set_float_rounding_mode(float_round_nearest_even, &fs);
    set_flush_to_zero(true, &fs);
    set_flush_inputs_to_zero(true, &fs);
    set_default_nan_mode(true, &fs);
    set_float_default_nan_pattern(0b01000000, &fs);
    set_float_2nan_prop_rule(float_2nan_prop_s_ab, &fs);

    switch (fmt) {
    case 0:
    case 8:
        return float32_add(orig, data, &fs);
    case 1:
    case 9:
        for (int i = 0; i < 2; i++) {
            res = deposit32(res, 16 * i, 16,
                            float16_add(extract32(orig, 16 * i, 16),
                                        extract32(data, 16 * i, 16), &fs));
        }
        return res;
    case 2:
    case 10:
        for (int i = 0; i < 2; i++) {
            res = deposit32(res, 16 * i, 16,
                            bfloat16_add(extract32(orig, 16 * i, 16),
                                         extract32(data, 16 * i, 16), &fs));
        }
        return res;
    case 4:
    case 12:
    case 13:
        return orig + data;     /* wrapping two's complement */
    case 7:
    case 15:
        for (int i = 0; i < 4; i++) {
            uint32_t s = extract32(orig, 8 * i, 8) + extract32(data, 8 * i, 8);

            res = deposit32(res, 8 * i, 8, fmt == 7 ? MIN(s, 0xFFu) : s);
        }
        return res;
    default:
        g_assert_not_reached();     /* filtered by tt_noc_amo_decode() */
    }
}

static uint32_t tt_noc_amo_apply(const TTNocAmo *m, uint32_t orig, int k)
{
    uint32_t d = m->data;

    switch (m->kind) {
    case AMO_INCR:
        return ((orig + d) & m->a) | (orig & ~m->a);
    case AMO_CAS:
        return orig == m->a ? m->b : orig;
    case AMO_SWAP:
        return d;
    case AMO_SWAP_HALVES:
        /* 16-bit half i of the 16 bytes gets ToWrite[i & 1] */
        return ((m->a >> (2 * k) & 1) ? d & 0xFFFF : orig & 0xFFFF) |
               ((m->a >> (2 * k + 1) & 1) ? d & 0xFFFF0000 :
                                            orig & 0xFFFF0000);
    case AMO_ZAAMO:
        switch (m->a) {
        case 0:
            return orig + d;
        case 1:
            return orig ^ d;
        case 2:
            return orig | d;
        case 3:
            return orig & d;
        case 4:
            return (int32_t)orig < (int32_t)d ? orig : d;
        case 5:
            return (int32_t)orig > (int32_t)d ? orig : d;
        case 6:
            return orig < d ? orig : d;
        default:
            return orig > d ? orig : d;
        }
    case AMO_ACC:
        return tt_noc_acc_word(m->a, orig, d);
    default:
        return orig;
    }
}

/*
 * Decode NOC_AT_LEN_BE (Atomics.md; the field layouts are the
 * Bits32_NOC_AT_LEN_BE_* diagrams).  Returns false, with a log line, for
 * opcodes the model does not know (no memory change then).
 */
static bool tt_noc_amo_decode(TTNocReq *rq, uint32_t lb, uint32_t data,
                              TTNocAmo *m)
{
    bool bh = tt_noc_is_bh(rq->niu);
    uint32_t op = extract32(lb, 12, 4);

    *m = (TTNocAmo) { .kind = AMO_NONE, .data = data, .ofs = lb & 3 };
    switch (op) {
    case NOC_AT_NOP:
        return true;
    case NOC_AT_INCR_GET:
        m->kind = AMO_INCR;
        m->a = (2u << extract32(lb, 2, 5)) - 1;     /* IntWidth */
        return true;
    case NOC_AT_SWAP:
        m->kind = AMO_SWAP_HALVES;
        m->a = extract32(lb, 2, 8);                 /* Mask */
        m->ofs = -1;
        return true;
    case NOC_AT_CAS:
        m->kind = AMO_CAS;
        m->a = extract32(lb, 2, 4);                 /* CmpVal */
        m->b = extract32(lb, 6, 4);                 /* SetVal */
        return true;
    case NOC_AT_STORE_IND:
        if (lb & (1u << 2)) {                       /* swap, index variant */
            m->kind = AMO_SWAP;
            return true;
        }
        break;
    case NOC_AT_SWAP_4B:
        m->kind = AMO_SWAP;
        m->ofs = extract32(lb, 2, 2);
        return true;
    case NOC_AT_ACC:
        if (!bh) {
            break;
        }
        m->a = extract32(lb, 0, 4);
        switch (m->a) {
        case 0: case 1: case 2: case 4: case 7:
        case 8: case 9: case 10: case 12: case 13: case 15:
            m->kind = AMO_ACC;
            m->ofs = -1;
            return true;
        default:
            qemu_log_mask(LOG_UNIMP, "%s cmd buf %d: NoC atomic ACC format "
                          "%u is not documented; no memory change\n",
                          tt_noc_name(rq->niu), rq->b, m->a);
            return false;
        }
    case NOC_AT_EXT:
        if (!bh) {
            break;
        }
        if (lb & (1u << 11)) {                      /* Zaamo */
            m->kind = AMO_ZAAMO;
            m->a = extract32(lb, 8, 3);
            return true;
        }
        if (extract32(lb, 8, 4) == 3) {             /* swap, index variant */
            m->kind = AMO_SWAP;
            return true;
        }
        break;
    default:
        break;
    }
    if (op == NOC_AT_INCR_GET_PTR || op == NOC_AT_GET_TILE_MAP ||
        op == NOC_AT_STORE_IND || (bh && op == NOC_AT_EXT)) {
        qemu_log_mask(LOG_UNIMP, "%s cmd buf %d: NoC atomic NOC_AT_LEN_BE "
                      "0x%08x (opcode %u) is not documented and not "
                      "modelled; no memory change, the response carries the "
                      "target word\n", tt_noc_name(rq->niu), rq->b, lb, op);
    } else {
        tt_noc_req_error(rq, "reserved NoC atomic opcode %u (NOC_AT_LEN_BE "
                         "0x%08x); no memory change, the response carries "
                         "the target word", op, lb);
    }
    return false;
}

/* One word of L1 read-modify-written with a host atomic */
static uint32_t tt_noc_amo32(uint32_t *p, const TTNocAmo *m, int k)
{
    uint32_t old, orig;

    do {
        old = qatomic_read(p);
        orig = le32_to_cpu(old);
    } while (qatomic_cmpxchg(p, old,
                             cpu_to_le32(tt_noc_amo_apply(m, orig, k))) != old);
    return orig;
}

/*
 * The atomic at the tile at (@x, @y): on the aligned 16 bytes of L1 at
 * NOC_TARG_ADDR, atomically; returns Result, the word at NOC_TARG_ADDR
 * before the operation (0 if nothing could be done).
 */
static uint32_t tt_noc_atomic_at(TTNocReq *rq, uint32_t x, uint32_t y,
                                 const TTNocAmo *m, bool valid)
{
    TTNocNiu *niu = rq->niu;
    uint64_t a16 = rq->targ_addr & ~0xFull;
    int rw = (rq->targ_addr >> 2) & 3;
    MemoryRegionSection sec;
    uint32_t x0, y0, *p, result;
    hwaddr sys, plen = 16;
    bool ram = false;

    if (rq->targ_addr & tt_noc_arch(niu)->pcie_bit) {
        qemu_log_mask(LOG_UNIMP, "%s cmd buf %d: atomic at (%u,%u) 0x%"
                      PRIx64 " targets PCIe host memory, which is not "
                      "modelled (and atomics need L1); ignored\n",
                      tt_noc_name(niu), rq->b, x, y, rq->targ_addr);
        return 0;
    }
    if (tt_noc_is_mmio(rq->targ_addr) || rq->targ_addr >= (1ull << 36) ||
        !tt_noc_to_noc0(niu, x, y, &x0, &y0)) {
        tt_noc_req_error(rq, "atomic at (%u,%u) 0x%" PRIx64 " on NoC %d: "
                         "atomics need L1 (Atomics.md); no operation, the "
                         "response carries 0", x, y, rq->targ_addr,
                         niu->noc);
        return 0;
    }
    sys = TT_NOC_ADDR(x0, y0, a16);
    sec = memory_region_find(niu->tile->noc, sys, 16);
    if (sec.mr) {
        ram = memory_region_is_ram(sec.mr) && !sec.readonly &&
              int128_ge(sec.size, int128_make64(16));
        memory_region_unref(sec.mr);
    }
    p = ram ? address_space_map(&address_space_memory, sys, &plen, true,
                                MEMTXATTRS_UNSPECIFIED) : NULL;
    if (!p || plen < 16) {
        if (p) {
            address_space_unmap(&address_space_memory, p, plen, true, 0);
        }
        tt_noc_req_error(rq, "atomic at (%u,%u) 0x%" PRIx64 " on NoC %d: "
                         "no L1 there; no operation, the response carries 0",
                         x, y, rq->targ_addr, niu->noc);
        return 0;
    }
    result = le32_to_cpu(qatomic_read(&p[rw]));
    if (valid && m->kind != AMO_NONE) {
        for (int k = 0; k < 4; k++) {
            if (m->ofs < 0 || m->ofs == k) {
                uint32_t orig = tt_noc_amo32(&p[k], m, k);

                if (k == rw) {
                    result = orig;
                }
            }
        }
    }
    address_space_unmap(&address_space_memory, p, plen, true, plen);
    return result;
}

static void tt_noc_do_atomic(TTNocReq *rq)
{
    TTNocNiu *niu = rq->niu;
    uint32_t *r = niu->buf[rq->b];
    uint32_t lb = r[TT_NOC_BUF_AT_LEN_BE];
    g_autofree TTNocDest *d = tt_noc_dest_alloc(rq);
    TTNocNiu *resp = NULL;
    TTNocAmo m;
    bool valid;
    uint32_t n;

    valid = tt_noc_amo_decode(rq, lb, r[TT_NOC_BUF_AT_DATA], &m);
    if (rq->marked) {
        resp = tt_noc_resp_niu(rq, &rq->ret, "the atomic response");
        if (rq->ret_addr & 3) {
            tt_noc_req_error(rq, "atomic response address 0x%" PRIx64
                             " is not 4-byte aligned; aligned down",
                             rq->ret_addr);
        }
    }
    /* As software writes NOC_CMD_CTRL */
    if (rq->marked) {
        tt_noc_outstanding(niu, rq->id, 1);
    }
    /* Initiator: virtual channel assigned, request leaves (one flit) */
    tt_noc_ctr(niu, MST_CMD_ACCEPTED, 1);
    if (rq->marked) {
        tt_noc_ctr(niu, MST_NONPOSTED_ATOMIC_STARTED, 1);
    }
    tt_noc_ctr(niu, rq->marked ? MST_NONPOSTED_ATOMIC_SENT :
                                 MST_POSTED_ATOMIC_SENT, 1);

    n = tt_noc_dests(rq, &rq->targ, d);
    for (uint32_t k = 0; k < n; k++) {
        uint32_t result;
        uint8_t buf[4];

        if (d[k].niu) {
            tt_noc_ctr(d[k].niu, SLV_REQ_ACCEPTED, 1);
            tt_noc_ctr(d[k].niu, rq->marked ? SLV_NONPOSTED_ATOMIC_RECEIVED :
                                              SLV_POSTED_ATOMIC_RECEIVED, 1);
        }
        result = tt_noc_atomic_at(rq, d[k].x, d[k].y, &m, valid);
        trace_tt_noc_atomic(tt_noc_name(niu), rq->b, d[k].x, d[k].y,
                            rq->targ_addr, lb, m.data, result, !rq->marked,
                            rq->id);
        if (!rq->marked) {
            continue;
        }
        if (d[k].niu) {
            tt_noc_ctr(d[k].niu, SLV_ATOMIC_RESP_SENT, 1);
        }
        /* Response: Result written at NOC_RET_ADDR, then counted there */
        stl_le_p(buf, result);
        tt_noc_xfer(rq, rq->ret.x, rq->ret.y, rq->ret_addr & ~3ull, buf, 4,
                    true);
        tt_noc_ctr(resp, MST_ATOMIC_RESP_RECEIVED, 1);
        tt_noc_outstanding(resp, rq->id, -1);
    }
}

/* ------------------------------- Issue -------------------------------- */

/* First-router output ports of a unicast packet (WH NOC_CTRL[12:10]) */
static uint32_t tt_noc_port_mask(TTNocReq *rq, const TTNocCoord *dst)
{
    bool dx = dst->x != rq->self_x, dy = dst->y != rq->self_y;

    /* RoutingPaths.md: NoC 0 moves along X first, NoC 1 along Y first */
    if (rq->niu->noc == 0) {
        return dx ? NOC_PORT_X : dy ? NOC_PORT_Y : NOC_PORT_NIU;
    }
    return dy ? NOC_PORT_Y : dx ? NOC_PORT_X : NOC_PORT_NIU;
}

/* WH: translated coordinates written back into NOC_*_ADDR_MID */
static void tt_noc_writeback(TTNocNiu *niu, int b, int reg,
                             const TTNocCoord *c, bool bcast)
{
    uint32_t *mid = &niu->buf[b][reg];

    *mid = deposit32(*mid, 4, 6, c->x);
    *mid = deposit32(*mid, 10, 6, c->y);
    if (bcast) {
        *mid = deposit32(*mid, 16, 6, c->sx);
        *mid = deposit32(*mid, 22, 6, c->sy);
    }
}

static void tt_noc_issue(TTNocNiu *niu, int b)
{
    const TTNocArch *na = tt_noc_arch(niu);
    MemReentrancyGuard *guard = &DEVICE(niu->tile)->mem_reentrancy_guard;
    uint32_t *r = niu->buf[b];
    TTNocReq rq = { .niu = niu, .b = b };
    uint32_t type;
    bool bcast_in_ret, saved;

    if (niu->busy) {
        tt_noc_req_error(&rq, "NOC_CMD_CTRL written by a request of this "
                         "NIU itself (a NoC write to its own NIU); the new "
                         "request is dropped");
        return;
    }
    rq.ctrl = r[TT_NOC_BUF_CTRL];
    rq.tag = r[TT_NOC_BUF_PACKET_TAG];
    rq.id = extract32(rq.tag, NOC_TAG_ID_SHIFT, 4);
    rq.marked = rq.ctrl & NOC_CMD_RESP_MARKED;
    rq.bcast = rq.ctrl & NOC_CMD_BRCST_PACKET;
    type = rq.ctrl & NOC_CMD_TYPE_MASK;
    tt_noc_self(niu, &rq.self_x, &rq.self_y);
    tt_noc_get_coord(niu, b, false, &rq.targ, &rq.targ_addr);
    tt_noc_get_coord(niu, b, true, &rq.ret, &rq.ret_addr);

    if (type == NOC_CMD_TYPE_RD) {
        rq.marked = true;       /* reads always get a response */
        if (rq.bcast) {
            tt_noc_req_error(&rq, "broadcast read (NOC_CTRL 0x%08x): done "
                             "as a unicast read from (%u,%u)", rq.ctrl,
                             rq.targ.x, rq.targ.y);
            rq.bcast = false;
        }
    }
    /* Non-inline writes carry the destination in NOC_RET_ADDR */
    bcast_in_ret = type == NOC_CMD_TYPE_WR && !(rq.ctrl & NOC_CMD_WR_INLINE);

    /* MemoryMap.md NOC_CMD_CTRL: translation happens as software issues */
    if (niu->cfg[NIU_CFG_0] & NIU_CFG_0_XLAT_EN) {
        bool tb = rq.bcast && !bcast_in_ret, rb = rq.bcast && bcast_in_ret;

        tt_noc_translate(niu, &rq.targ.x, &rq.targ.y);
        tt_noc_translate(niu, &rq.ret.x, &rq.ret.y);
        if (tb) {
            tt_noc_translate(niu, &rq.targ.sx, &rq.targ.sy);
        }
        if (rb) {
            tt_noc_translate(niu, &rq.ret.sx, &rq.ret.sy);
        }
        if (na->xlat_writeback) {
            tt_noc_writeback(niu, b, TT_NOC_BUF_TARG_MID, &rq.targ, tb);
            tt_noc_writeback(niu, b, TT_NOC_BUF_RET_MID, &rq.ret, rb);
        }
    }
    if (na->ctrl_port_mask && !rq.bcast && type != 3) {
        uint32_t ports = tt_noc_port_mask(&rq, bcast_in_ret ? &rq.ret :
                                                         &rq.targ);
        r[TT_NOC_BUF_CTRL] = deposit32(r[TT_NOC_BUF_CTRL],
                                       NOC_CMD_PORT_MASK_SHIFT, 3, ports);
    }
    if (type == 3) {
        tt_noc_req_error(&rq, "reserved request type 3 (NOC_CTRL "
                         "0x%08x); nothing is sent", rq.ctrl);
        return;
    }
    if ((rq.ctrl & NOC_CMD_L1_ACC_AT_EN) && tt_noc_is_bh(niu)) {
        qemu_log_mask(LOG_UNIMP, "%s cmd buf %d: NOC_CMD_L1_ACC_AT_EN "
                      "(unusable on silicon) is not modelled; a plain "
                      "write\n", tt_noc_name(niu), b);
    }
    if ((rq.tag & NOC_TAG_TO_OVERLAY) && type == NOC_CMD_TYPE_WR) {
        qemu_log_mask(LOG_UNIMP, "%s cmd buf %d: delivery to the receiver's "
                      "NoC overlay (NOC_PACKET_TAG 0x%04x) is not modelled; "
                      "only the memory write happens\n", tt_noc_name(niu), b,
                      rq.tag);
    }

    /*
     * The NIU is an agent of its own: lift the tile's re-entrancy guard
     * (engaged by the core's access to this register) so that requests
     * reach the tile's own MMIO, as a loopback request does on silicon.
     */
    niu->busy = true;
    saved = guard->engaged_in_io;
    guard->engaged_in_io = false;
    switch (type) {
    case NOC_CMD_TYPE_RD:
        tt_noc_do_read(&rq);
        break;
    case NOC_CMD_TYPE_AT:
        tt_noc_do_atomic(&rq);
        break;
    default:
        if (rq.ctrl & NOC_CMD_WR_INLINE) {
            tt_noc_do_inline_write(&rq);
        } else {
            tt_noc_do_write(&rq);
        }
        break;
    }
    guard->engaged_in_io = saved;
    niu->busy = false;
}

/* ---------------------------------------------------------------------- */
/* MMIO                                                                   */
/* ---------------------------------------------------------------------- */

static uint32_t tt_noc_node_id(TTNocNiu *niu)
{
    TTTileState *t = niu->tile;
    uint32_t x, y;

    /*
     * MemoryMap.md NOC_NODE_ID: x, y, NoC width and height, dateline
     * flags (0 here, see docs/units/noc.md), X-before-Y routing on NoC 0.
     */
    tt_noc_self(niu, &x, &y);
    return x | y << 6 | (t->noc_width & 0x7F) << 12 |
           (t->noc_height & 0x7F) << 19 | (niu->noc == 0) << 28;
}

static uint32_t tt_noc_endpoint_id(TTNocNiu *niu)
{
    /*
     * Tile index (QEMU's tile numbering), tile type "Tensix" (WH 0x01 in
     * bits 23:16, BH 0x0100 in bits 23:8: the same bits), NoC index.
     */
    uint32_t index = niu->tile->hartid_base / TT_NUM_CORES;

    return (index & 0xFF) | 0x010000 | (uint32_t)niu->noc << 24;
}

static uint32_t tt_noc_status_read(TTNocNiu *niu, uint32_t i, bool peek)
{
    if (i < MST_REQS_OUTSTANDING_ID0 ||
        (i >= SLV_ATOMIC_RESP_SENT && i < NUM_COUNTERS_DOCUMENTED)) {
        return niu->status[i];
    }
    if (i < SLV_ATOMIC_RESP_SENT) {
        return niu->status[i] & 0xFF;
    }
    if (tt_noc_is_bh(niu) && i == BH_NIU_TRANS_COUNT_RTZ_NUM) {
        uint32_t cfg = niu->cfg[BH_NIU_TRANS_COUNT_RTZ_CFG];
        uint32_t pending = niu->rtz_source & cfg & BH_RTZ_CFG_INT_ENABLE_MASK;
        uint32_t bit;

        if (!pending) {
            return 0;
        }
        bit = ctz32(pending);
        if (!peek && !(cfg & BH_RTZ_CFG_RC_DISABLE)) {
            niu->rtz_source &= ~(1u << bit);
        }
        return bit;
    }
    if (tt_noc_is_bh(niu) && i == BH_NIU_TRANS_COUNT_RTZ_SOURCE) {
        return niu->rtz_source;
    }
    if (!peek) {
        qemu_log_mask(LOG_UNIMP, "%s: NOC_STATUS(0x%02x) (router / NIU "
                      "debug information) is not modelled; reads 0\n",
                      tt_noc_name(niu), i);
    }
    return 0;
}

static uint32_t tt_noc_cfg_read(TTNocNiu *niu, uint32_t i)
{
    if (tt_noc_is_bh(niu) && (i == BH_DEBUG_COUNTER_RESET ||
                              i == BH_NIU_TRANS_COUNT_RTZ_CLR)) {
        return 0;               /* write-only pulses */
    }
    return niu->cfg[i];
}

static void tt_noc_cfg_write(TTNocNiu *niu, uint32_t i, uint32_t val)
{
    if (tt_noc_is_bh(niu)) {
        if (i == BH_DEBUG_COUNTER_RESET) {
            /* Bit 0: router flit counters, bit 4: CMD_BUF_OVFL; both 0 */
            return;
        }
        if (i == BH_NIU_TRANS_COUNT_RTZ_CLR) {
            niu->rtz_source &= ~val;
            return;
        }
    }
    if (i == NIU_CFG_0 && (val & NIU_CFG_0_TILE_CLK_OFF) &&
        !(niu->cfg[i] & NIU_CFG_0_TILE_CLK_OFF)) {
        qemu_log_mask(LOG_UNIMP, "%s: NIU_CFG_0 tile clock disable is not "
                      "modelled; the tile keeps running\n", tt_noc_name(niu));
    }
    niu->cfg[i] = val;
    if (tt_noc_is_bh(niu) && i == BH_NIU_TRANS_COUNT_RTZ_CFG) {
        tt_noc_rtz(niu, 0);
    }
}

typedef enum TTNocWin {
    WIN_NONE,
    WIN_REG,                    /* a command buffer register */
    WIN_CFG,
    WIN_STATUS,
    WIN_UNIMP,                  /* BH security fence, router counters */
} TTNocWin;

/* Which register the aligned word at @addr is; @idx: register / index */
static TTNocWin tt_noc_decode(TTNocNiu *niu, uint32_t addr, int *b,
                              uint32_t *idx)
{
    const TTNocArch *na = tt_noc_arch(niu);
    uint32_t off = addr % na->buf_stride;

    *b = addr / na->buf_stride;
    if (*b >= TT_NOC_NUM_BUFS) {
        return WIN_NONE;
    }
    for (int r = 0; r < R__MAX; r++) {
        if (na->off1[r] == off + 1) {
            if (*b != 0 && tt_noc_reg_niu_wide(r)) {
                return WIN_NONE;
            }
            *idx = r;
            return WIN_REG;
        }
    }
    if (*b != 0) {
        return WIN_NONE;
    }
    if (off >= TT_NOC_CFG_OFFSET &&
        off < TT_NOC_CFG_OFFSET + 4 * na->cfg_words) {
        *idx = (off - TT_NOC_CFG_OFFSET) / 4;
        return WIN_CFG;
    }
    if (off >= TT_NOC_STATUS_OFFSET &&
        off < TT_NOC_STATUS_OFFSET + 4 * TT_NOC_STATUS_WORDS) {
        *idx = (off - TT_NOC_STATUS_OFFSET) / 4;
        return WIN_STATUS;
    }
    if (tt_noc_is_bh(niu) && off >= 0x400 && off < 0x600) {
        return WIN_UNIMP;
    }
    return WIN_NONE;
}

/* The 32-bit register at @addr (word-aligned); @peek: no side effects */
static uint32_t tt_noc_word_read(TTNocNiu *niu, uint32_t addr, bool peek)
{
    uint32_t idx = 0;
    int b;

    switch (tt_noc_decode(niu, addr, &b, &idx)) {
    case WIN_REG:
        if (idx < TT_NOC_BUF_NREGS) {
            return niu->buf[b][idx];
        }
        switch (idx) {
        case R_NODE_ID:
            return tt_noc_node_id(niu);
        case R_ENDPOINT_ID:
            return tt_noc_endpoint_id(niu);
        case R_ECC_CTRL:
            return niu->ecc_ctrl;
        case R_CMD_BUF_AVAIL:
            if (!peek) {
                qemu_log_mask(LOG_UNIMP, "%s: CMD_BUF_AVAIL (request FIFO "
                              "depth undocumented) is not modelled; reads "
                              "0\n", tt_noc_name(niu));
            }
            return 0;
        default:
            /*
             * NOC_CMD_CTRL and the combined status: every request has
             * completed by the time it could be read.  No ECC errors, no
             * request FIFO overflow.  CLEAR_OUTSTANDING is write-only.
             */
            return 0;
        }
    case WIN_CFG:
        return tt_noc_cfg_read(niu, idx);
    case WIN_STATUS:
        return tt_noc_status_read(niu, idx, peek);
    case WIN_UNIMP:
        if (!peek) {
            qemu_log_mask(LOG_UNIMP, "%s: read at 0x%04x (security fence / "
                          "router counters) is not modelled; reads 0\n",
                          tt_noc_name(niu), addr);
        }
        return 0;
    default:
        if (!peek) {
            qemu_log_mask(LOG_GUEST_ERROR, "%s: read at 0x%04x: no register "
                          "there; reads 0\n", tt_noc_name(niu), addr);
        }
        return 0;
    }
}

static void tt_noc_word_write(TTNocNiu *niu, uint32_t addr, uint32_t val)
{
    uint32_t idx = 0;
    int b;

    switch (tt_noc_decode(niu, addr, &b, &idx)) {
    case WIN_REG:
        if (idx < TT_NOC_BUF_NREGS) {
            niu->buf[b][idx] = idx == TT_NOC_BUF_PACKET_TAG ?
                               val & NOC_TAG_MASK : val;
            if (idx == TT_NOC_BUF_SEC_CTRL && val) {
                qemu_log_mask(LOG_UNIMP, "%s: NOC_SEC_CTRL 0x%08x: security "
                              "control is not modelled\n", tt_noc_name(niu),
                              val);
            }
            return;
        }
        switch (idx) {
        case R_CMD_CTRL:
            if (val & 1) {
                tt_noc_issue(niu, b);
            }
            return;
        case R_ECC_CTRL:
            niu->ecc_ctrl = val;
            if (extract32(val, 3, 3)) {
                qemu_log_mask(LOG_UNIMP, "%s: ECC_CTRL 0x%08x: forced ECC "
                              "errors are not modelled\n", tt_noc_name(niu),
                              val);
            }
            return;
        case R_CLEAR_OUTSTANDING:
            trace_tt_noc_clear_outstanding(tt_noc_name(niu), val & 0xFFFF);
            for (int i = 0; i < 16; i++) {
                if (val & (1u << i)) {
                    tt_noc_outstanding(niu, i, -(int)(niu->status[
                        MST_REQS_OUTSTANDING_ID0 + i] & 0xFF));
                }
            }
            return;
        default:
            qemu_log_mask(LOG_GUEST_ERROR, "%s: write 0x%08x to read-only "
                          "%s (0x%04x); ignored\n", tt_noc_name(niu), val,
                          tt_noc_reg_names[idx], addr);
            return;
        }
    case WIN_CFG:
        tt_noc_cfg_write(niu, idx, val);
        return;
    case WIN_STATUS:
        qemu_log_mask(LOG_GUEST_ERROR, "%s: write 0x%08x to read-only "
                      "NOC_STATUS(0x%02x); ignored\n", tt_noc_name(niu), val,
                      idx);
        return;
    case WIN_UNIMP:
        qemu_log_mask(LOG_UNIMP, "%s: write 0x%08x at 0x%04x (security "
                      "fence) is not modelled; ignored\n", tt_noc_name(niu),
                      val, addr);
        return;
    default:
        qemu_log_mask(LOG_GUEST_ERROR, "%s: write 0x%08x at 0x%04x: no "
                      "register there; ignored\n", tt_noc_name(niu), val,
                      addr);
        return;
    }
}

static uint64_t tt_noc_read(void *opaque, hwaddr addr, unsigned size)
{
    TTNocNiu *niu = opaque;
    uint32_t word = tt_noc_word_read(niu, addr & ~3, false);
    uint32_t val = extract32(word, (addr & 3) * 8, size * 8);

    trace_tt_noc_reg_read(tt_noc_name(niu), addr, val, size);
    return val;
}

static void tt_noc_write(void *opaque, hwaddr addr, uint64_t val,
                         unsigned size)
{
    TTNocNiu *niu = opaque;
    uint32_t word = val;

    trace_tt_noc_reg_write(tt_noc_name(niu), addr, val, size);
    if (size < 4) {
        /* A narrow store merges into the register's current value */
        word = deposit32(tt_noc_word_read(niu, addr & ~3, true),
                         (addr & 3) * 8, size * 8, val);
    }
    tt_noc_word_write(niu, addr & ~3, word);
}

static const MemoryRegionOps tt_noc_ops = {
    .read = tt_noc_read,
    .write = tt_noc_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid.min_access_size = 1,
    .valid.max_access_size = 4,
    .impl.min_access_size = 1,
    .impl.max_access_size = 4,
};

/* ---------------------------------------------------------------------- */
/* Life cycle                                                             */
/* ---------------------------------------------------------------------- */

void tt_noc_init(TTTileState *t, TTNocNiu *niu, int n)
{
    g_autofree char *name = g_strdup_printf("tt-noc%d-niu(%u,%u)", n, t->x,
                                            t->y);

    niu->tile = t;
    niu->noc = n;
    memory_region_init_io(&niu->mmio, OBJECT(t), &tt_noc_ops, niu, name,
                          TT_NOC_REGS_SIZE);
}

/* Translation table at NOC_CFG(@base) reset to the identity */
static void tt_noc_reset_table(TTNocNiu *niu, uint32_t base)
{
    const TTNocArch *na = tt_noc_arch(niu);
    uint32_t per_word = 32 / na->entry_bits;

    for (uint32_t i = 0; i < 32; i++) {
        uint32_t *w = &niu->cfg[base + i / per_word];

        /* 4-bit entries cannot hold 16..31: those reset to 0 */
        *w = deposit32(*w, (i % per_word) * na->entry_bits, na->entry_bits,
                       i < (1u << na->entry_bits) ? i : 0);
    }
}

void tt_noc_reset(TTNocNiu *niu)
{
    const TTNocArch *na = tt_noc_arch(niu);
    uint32_t x, y;

    memset(niu->buf, 0, sizeof(niu->buf));
    memset(niu->cfg, 0, sizeof(niu->cfg));
    memset(niu->status, 0, sizeof(niu->status));
    niu->ecc_ctrl = 0;
    niu->rtz_source = 0;
    niu->busy = false;

    /*
     * Translation disabled, tables the identity (the power-on contents
     * are undocumented; firmware programs them), NOC_ID_LOGICAL holds the
     * NIU's own NoC coordinates (MemoryMap.md "NOC_ID_LOGICAL").
     */
    tt_noc_reset_table(niu, NOC_X_ID_TRANSLATE_TABLE_0);
    tt_noc_reset_table(niu, na->cfg_y_table);
    if (tt_noc_is_bh(niu)) {
        tt_noc_reset_table(niu, BH_DDR_COORD_TRANSLATE_TABLE_0);
    }
    tt_noc_self(niu, &x, &y);
    niu->cfg[na->cfg_id_logical] = x | y << 6;
}

const VMStateDescription vmstate_tt_noc_niu = {
    .name = "tt-noc-niu",
    .version_id = 2,
    .minimum_version_id = 2,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_2DARRAY(buf, TTNocNiu, TT_NOC_NUM_BUFS,
                               TT_NOC_BUF_NREGS),
        VMSTATE_UINT32_ARRAY(cfg, TTNocNiu, TT_NOC_CFG_WORDS),
        VMSTATE_UINT32_ARRAY(status, TTNocNiu, TT_NOC_NUM_COUNTERS),
        VMSTATE_UINT32(ecc_ctrl, TTNocNiu),
        VMSTATE_UINT32(rtz_source, TTNocNiu),
        VMSTATE_END_OF_LIST()
    }
};
