/*
 * Tenstorrent NoC NIU register block: the command buffer windows, the
 * NIU-wide NOC_CFG and NOC_STATUS windows, and the status counters.
 *
 * tt-isa-documentation WormholeB0/NoC/{MemoryMap,Counters}.md,
 * BlackholeA0/NoC/{MemoryMap,Counters,Interrupts}.md; tt-metal / tt-umd
 * noc_parameters.h for the offsets (reference/address-map.md section 5).
 * Writing NOC_CMD_CTRL issues a request (tt_noc_req.c).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/bitops.h"
#include "tt_log.h"
#include "tt_noc_int.h"
#include "trace.h"

/*
 * A command buffer window (buffer b at b * the stride).  Both
 * architectures place the first nine registers alike.
 */
REG32(NOC_TARG_ADDR_LO, 0x00)
REG32(NOC_TARG_ADDR_MID, 0x04)
REG32(NOC_TARG_ADDR_HI, 0x08)
REG32(NOC_RET_ADDR_LO, 0x0C)
REG32(NOC_RET_ADDR_MID, 0x10)
REG32(NOC_RET_ADDR_HI, 0x14)
REG32(NOC_PACKET_TAG, 0x18)
REG32(NOC_CTRL, 0x1C)
REG32(NOC_AT_LEN_BE, 0x20)
/* Wormhole B0 (NOC_CMD_BUF_OFFSET 0x400) */
REG32(WH_NOC_AT_DATA, 0x24)
REG32(WH_NOC_CMD_CTRL, 0x28)
REG32(WH_NOC_NODE_ID, 0x2C)
REG32(WH_NOC_ENDPOINT_ID, 0x30)
REG32(WH_NUM_MEM_PARITY_ERR, 0x40)
REG32(WH_NUM_HEADER_1B_ERR, 0x44)
REG32(WH_NUM_HEADER_2B_ERR, 0x48)
REG32(WH_ECC_CTRL, 0x4C)
REG32(WH_NOC_CLEAR_OUTSTANDING_REQ_CNT, 0x50)
REG32(WH_NOC_CMD_STATUS, 0x54)
/* Blackhole (NOC_CMD_BUF_OFFSET 0x800) */
REG32(BH_NOC_AT_LEN_BE_1, 0x24)
REG32(BH_NOC_AT_DATA, 0x28)
REG32(BH_NOC_BRCST_EXCLUDE, 0x2C)
REG32(BH_NOC_L1_ACC_AT_INSTRN, 0x30)
REG32(BH_NOC_SEC_CTRL, 0x34)
REG32(BH_NOC_CMD_CTRL, 0x40)
REG32(BH_NOC_NODE_ID, 0x44)
REG32(BH_NOC_ENDPOINT_ID, 0x48)
REG32(BH_NUM_MEM_PARITY_ERR, 0x50)
REG32(BH_NUM_HEADER_1B_ERR, 0x54)
REG32(BH_NUM_HEADER_2B_ERR, 0x58)
REG32(BH_ECC_CTRL, 0x5C)
REG32(BH_NOC_CLEAR_OUTSTANDING_REQ_CNT, 0x60)
REG32(BH_CMD_BUF_AVAIL, 0x64)
REG32(BH_CMD_BUF_OVFL, 0x68)
/* NIU-wide windows inside command buffer 0's window */
REG32(NOC_CFG0, 0x100)
REG32(NOC_STATUS0, 0x200)                   /* 0x80 words: counters, debug */
REG32(BH_NOC_SEC_FENCE, 0x400)              /* to 0x5FF, with counters */

/* The register fields this block decodes */
FIELD(NOC_NODE_ID, X, 0, 6)
FIELD(NOC_NODE_ID, Y, 6, 6)
FIELD(NOC_NODE_ID, WIDTH, 12, 7)
FIELD(NOC_NODE_ID, HEIGHT, 19, 7)
FIELD(NOC_NODE_ID, X_FIRST, 28, 1)          /* X-before-Y routing */
FIELD(NOC_ENDPOINT_ID, TILE_INDEX, 0, 8)
FIELD(NOC_ENDPOINT_ID, TILE_TYPE, 16, 8)    /* BH: 23:8, 0x0100 */
FIELD(NOC_ENDPOINT_ID, NOC, 24, 8)
FIELD(ECC_CTRL, FORCE_ERR, 3, 3)

#define TT_NOC_STATUS_WORDS     0x80
#define TT_NOC_ENDPOINT_TENSIX  0x01
#define TT_NOC_SEC_FENCE_SIZE   0x200
/* Counters 0x00..0x3D are documented (Counters.md) */
#define TT_NOC_NUM_DOCUMENTED   (R_NIU_SLV_POSTED_WR_REQ_STARTED + 1)

/*
 * The registers of a command buffer window: the stored ones
 * (TT_NOC_BUF_*, whose index is the register's for the first nine)
 * followed by those with behaviour of their own.
 */
enum {
    NIU_CMD_CTRL = TT_NOC_BUF_NREGS,
    NIU_NODE_ID,
    NIU_ENDPOINT_ID,
    NIU_NUM_MEM_PARITY_ERR,     /* NIU-wide from here to NIU_CMD_STATUS */
    NIU_NUM_HEADER_1B_ERR,
    NIU_NUM_HEADER_2B_ERR,
    NIU_ECC_CTRL,
    NIU_CLEAR_OUTSTANDING,
    NIU_CMD_STATUS,             /* WH: combined initiator status */
    NIU_CMD_BUF_AVAIL,          /* BH, in every buffer window */
    NIU_CMD_BUF_OVFL,
    NIU__MAX
};

QEMU_BUILD_BUG_ON((int)R_NOC_AT_LEN_BE != (int)TT_NOC_BUF_AT_LEN_BE);
QEMU_BUILD_BUG_ON((int)R_NOC_PACKET_TAG != (int)TT_NOC_BUF_PACKET_TAG);

static bool tt_noc_reg_niu_wide(int r)
{
    return r >= NIU_NUM_MEM_PARITY_ERR && r <= NIU_CMD_STATUS;
}

/* The registers past the first nine: name and offset per architecture */
typedef struct TTNocReg {
    const char *name;
    uint16_t offset[TT_ARCH__MAX];      /* 0: absent */
} TTNocReg;

#define WH_BH(wh, bh) \
    { [TT_ARCH_WORMHOLE_B0] = (wh), [TT_ARCH_BLACKHOLE] = (bh) }

static const TTNocReg tt_noc_regs[NIU__MAX] = {
    [TT_NOC_BUF_AT_LEN_BE_1] = { "NOC_AT_LEN_BE_1",
                                 WH_BH(0, A_BH_NOC_AT_LEN_BE_1) },
    [TT_NOC_BUF_AT_DATA] = { "NOC_AT_DATA",
                             WH_BH(A_WH_NOC_AT_DATA, A_BH_NOC_AT_DATA) },
    [TT_NOC_BUF_BRCST_EXCLUDE] = { "NOC_BRCST_EXCLUDE",
                                   WH_BH(0, A_BH_NOC_BRCST_EXCLUDE) },
    [TT_NOC_BUF_L1_ACC_AT_INSTRN] = { "NOC_L1_ACC_AT_INSTRN",
                                      WH_BH(0, A_BH_NOC_L1_ACC_AT_INSTRN) },
    [TT_NOC_BUF_SEC_CTRL] = { "NOC_SEC_CTRL", WH_BH(0, A_BH_NOC_SEC_CTRL) },
    [NIU_CMD_CTRL] = { "NOC_CMD_CTRL",
                       WH_BH(A_WH_NOC_CMD_CTRL, A_BH_NOC_CMD_CTRL) },
    [NIU_NODE_ID] = { "NOC_NODE_ID",
                      WH_BH(A_WH_NOC_NODE_ID, A_BH_NOC_NODE_ID) },
    [NIU_ENDPOINT_ID] = { "NOC_ENDPOINT_ID",
                          WH_BH(A_WH_NOC_ENDPOINT_ID, A_BH_NOC_ENDPOINT_ID) },
    [NIU_NUM_MEM_PARITY_ERR] = { "NUM_MEM_PARITY_ERR",
                                 WH_BH(A_WH_NUM_MEM_PARITY_ERR,
                                       A_BH_NUM_MEM_PARITY_ERR) },
    [NIU_NUM_HEADER_1B_ERR] = { "NUM_HEADER_1B_ERR",
                                WH_BH(A_WH_NUM_HEADER_1B_ERR,
                                      A_BH_NUM_HEADER_1B_ERR) },
    [NIU_NUM_HEADER_2B_ERR] = { "NUM_HEADER_2B_ERR",
                                WH_BH(A_WH_NUM_HEADER_2B_ERR,
                                      A_BH_NUM_HEADER_2B_ERR) },
    [NIU_ECC_CTRL] = { "ECC_CTRL", WH_BH(A_WH_ECC_CTRL, A_BH_ECC_CTRL) },
    [NIU_CLEAR_OUTSTANDING] = { "NOC_CLEAR_OUTSTANDING_REQ_CNT",
                                WH_BH(A_WH_NOC_CLEAR_OUTSTANDING_REQ_CNT,
                                      A_BH_NOC_CLEAR_OUTSTANDING_REQ_CNT) },
    [NIU_CMD_STATUS] = { "NIU combined request initiator status",
                         WH_BH(A_WH_NOC_CMD_STATUS, 0) },
    [NIU_CMD_BUF_AVAIL] = { "CMD_BUF_AVAIL", WH_BH(0, A_BH_CMD_BUF_AVAIL) },
    [NIU_CMD_BUF_OVFL] = { "CMD_BUF_OVFL", WH_BH(0, A_BH_CMD_BUF_OVFL) },
};

static const char *const tt_noc_first_regs[] = {
    "NOC_TARG_ADDR_LO", "NOC_TARG_ADDR_MID", "NOC_TARG_ADDR_HI",
    "NOC_RET_ADDR_LO", "NOC_RET_ADDR_MID", "NOC_RET_ADDR_HI",
    "NOC_PACKET_TAG", "NOC_CTRL", "NOC_AT_LEN_BE",
};

/* The name of stored register @idx (TT_NOC_BUF_*) */
static const char *tt_noc_buf_reg_name(uint32_t idx)
{
    return idx < ARRAY_SIZE(tt_noc_first_regs) ? tt_noc_first_regs[idx] :
                                                 tt_noc_regs[idx].name;
}

/* NOC_CMD_BUF_OFFSET and the number of NOC_CFG words */
static const uint32_t tt_noc_buf_stride[TT_ARCH__MAX] = WH_BH(0x400, 0x800);
static const uint32_t tt_noc_cfg_words[TT_ARCH__MAX] = WH_BH(0xF, 0x20);

/* ---------------------------------------------------------------------- */
/* Counters                                                               */
/* ---------------------------------------------------------------------- */

/* BH: NIU_MST_REQS_OUTSTANDING_ID(id) went positive -> zero for @bits */
static void tt_noc_rtz(TTNocNiu *niu, uint32_t bits)
{
    uint32_t en = ARRAY_FIELD_EX32(niu->cfg, BH_NIU_TRANS_COUNT_RTZ_CFG,
                                   INT_ENABLE);
    bool was = niu->rtz_source & en;

    niu->rtz_source |= bits;
    if (tt_noc_is_bh(niu) && !was && (niu->rtz_source & en)) {
        tt_log_mask(LOG_UNIMP, "%s: NIU_TRANS_COUNT_RTZ_SOURCE 0x%04x "
                    "raises the NoC IRQ; the PIC is not modelled, no "
                    "interrupt is delivered\n", tt_noc_name(niu),
                    niu->rtz_source & en);
    }
}

void tt_noc_outstanding(TTNocNiu *niu, uint32_t id, int delta)
{
    uint32_t *c = &niu->status[R_NIU_MST_REQS_OUTSTANDING_ID0 + id];
    uint32_t old = *c & 0xFF;

    *c = (old + delta) & 0xFF;
    if (old != 0 && *c == 0) {
        tt_noc_rtz(niu, 1u << id);
    }
}

void tt_noc_outgoing(TTNocNiu *niu, uint32_t id, int delta)
{
    uint32_t *c = &niu->status[R_NIU_MST_WRITE_REQS_OUTGOING_ID0 + id];

    *c = (*c + delta) & 0xFF;
}

/* ---------------------------------------------------------------------- */
/* Registers with behaviour                                               */
/* ---------------------------------------------------------------------- */

static uint32_t tt_noc_node_id(TTNocNiu *niu)
{
    uint32_t x, y, v = 0;

    /*
     * MemoryMap.md NOC_NODE_ID: x, y, NoC width and height, dateline
     * flags (0 here, see docs/units/noc.md), X-before-Y routing on NoC 0.
     */
    tt_noc_self(niu, &x, &y);
    v = FIELD_DP32(v, NOC_NODE_ID, X, x);
    v = FIELD_DP32(v, NOC_NODE_ID, Y, y);
    v = FIELD_DP32(v, NOC_NODE_ID, WIDTH, niu->noc_width);
    v = FIELD_DP32(v, NOC_NODE_ID, HEIGHT, niu->noc_height);
    return FIELD_DP32(v, NOC_NODE_ID, X_FIRST, niu->noc == 0);
}

static uint32_t tt_noc_endpoint_id(TTNocNiu *niu)
{
    uint32_t v = 0;

    /*
     * Tile index (QEMU's tile numbering), tile type "Tensix" (WH 0x01 in
     * bits 23:16, BH 0x0100 in bits 23:8: the same bits), NoC index.
     */
    v = FIELD_DP32(v, NOC_ENDPOINT_ID, TILE_INDEX, niu->tile_index);
    v = FIELD_DP32(v, NOC_ENDPOINT_ID, TILE_TYPE, TT_NOC_ENDPOINT_TENSIX);
    return FIELD_DP32(v, NOC_ENDPOINT_ID, NOC, niu->noc);
}

static uint32_t tt_noc_status_read(TTNocNiu *niu, uint32_t i, bool peek)
{
    if (i < R_NIU_MST_REQS_OUTSTANDING_ID0 ||
        (i >= R_NIU_SLV_ATOMIC_RESP_SENT && i < TT_NOC_NUM_DOCUMENTED)) {
        return niu->status[i];
    }
    if (i < R_NIU_SLV_ATOMIC_RESP_SENT) {
        return niu->status[i] & 0xFF;
    }
    if (tt_noc_is_bh(niu) && i == R_BH_NIU_TRANS_COUNT_RTZ_NUM) {
        uint32_t cfg = niu->cfg[R_BH_NIU_TRANS_COUNT_RTZ_CFG];
        uint32_t pending = niu->rtz_source &
            FIELD_EX32(cfg, BH_NIU_TRANS_COUNT_RTZ_CFG, INT_ENABLE);
        uint32_t bit;

        if (!pending) {
            return 0;
        }
        bit = ctz32(pending);
        if (!peek &&
            !FIELD_EX32(cfg, BH_NIU_TRANS_COUNT_RTZ_CFG, RC_DISABLE)) {
            niu->rtz_source &= ~(1u << bit);
        }
        return bit;
    }
    if (tt_noc_is_bh(niu) && i == R_BH_NIU_TRANS_COUNT_RTZ_SOURCE) {
        return niu->rtz_source;
    }
    if (!peek) {
        tt_log_mask(LOG_UNIMP, "%s: NOC_STATUS(0x%02x) (router / NIU "
                    "debug information) is not modelled; reads 0\n",
                    tt_noc_name(niu), i);
    }
    return 0;
}

static uint32_t tt_noc_cfg_read(TTNocNiu *niu, uint32_t i)
{
    if (tt_noc_is_bh(niu) && (i == R_BH_DEBUG_COUNTER_RESET ||
                              i == R_BH_NIU_TRANS_COUNT_RTZ_CLR)) {
        return 0;               /* write-only pulses */
    }
    return niu->cfg[i];
}

static void tt_noc_cfg_write(TTNocNiu *niu, uint32_t i, uint32_t val)
{
    if (tt_noc_is_bh(niu)) {
        if (i == R_BH_DEBUG_COUNTER_RESET) {
            /* Bit 0: router flit counters, bit 4: CMD_BUF_OVFL; both 0 */
            return;
        }
        if (i == R_BH_NIU_TRANS_COUNT_RTZ_CLR) {
            niu->rtz_source &= ~val;
            return;
        }
    }
    if (i == R_NIU_CFG_0 && FIELD_EX32(val, NIU_CFG_0, TILE_CLK_OFF) &&
        !ARRAY_FIELD_EX32(niu->cfg, NIU_CFG_0, TILE_CLK_OFF)) {
        tt_log_mask(LOG_UNIMP, "%s: NIU_CFG_0 tile clock disable is not "
                    "modelled; the tile keeps running\n", tt_noc_name(niu));
    }
    niu->cfg[i] = val;
    if (tt_noc_is_bh(niu) && i == R_BH_NIU_TRANS_COUNT_RTZ_CFG) {
        tt_noc_rtz(niu, 0);
    }
}

static void tt_noc_clear_outstanding(TTNocNiu *niu, uint32_t val)
{
    trace_tt_noc_clear_outstanding(tt_noc_name(niu), val & 0xFFFF);
    for (int i = 0; i < 16; i++) {
        if (val & (1u << i)) {
            tt_noc_outstanding(niu, i, -(int)(niu->status[
                R_NIU_MST_REQS_OUTSTANDING_ID0 + i] & 0xFF));
        }
    }
}

/* ---------------------------------------------------------------------- */
/* Decoding                                                               */
/* ---------------------------------------------------------------------- */

typedef enum TTNocWin {
    WIN_NONE,
    WIN_REG,                    /* a command buffer register */
    WIN_CFG,
    WIN_STATUS,
    WIN_UNIMP,                  /* BH security fence, router counters */
} TTNocWin;

/* The command buffer register at @off of a window, or -1 */
static int tt_noc_buf_reg(TTNocNiu *niu, uint32_t off)
{
    if (off <= A_NOC_AT_LEN_BE) {
        return off / 4;
    }
    for (int r = TT_NOC_BUF_AT_LEN_BE + 1; r < NIU__MAX; r++) {
        if (tt_noc_regs[r].offset[niu->arch_id] == off) {
            return r;
        }
    }
    return -1;
}

/* Which register the aligned word at @addr is; @idx: register / index */
static TTNocWin tt_noc_decode(TTNocNiu *niu, uint32_t addr, int *b,
                              uint32_t *idx)
{
    uint32_t stride = tt_noc_buf_stride[niu->arch_id];
    uint32_t off = addr % stride;
    int r;

    *b = addr / stride;
    if (*b >= TT_NOC_NUM_BUFS) {
        return WIN_NONE;
    }
    r = tt_noc_buf_reg(niu, off);
    if (r >= 0) {
        if (*b != 0 && tt_noc_reg_niu_wide(r)) {
            return WIN_NONE;
        }
        *idx = r;
        return WIN_REG;
    }
    if (*b != 0) {
        return WIN_NONE;
    }
    if (off >= A_NOC_CFG0 &&
        off < A_NOC_CFG0 + 4 * tt_noc_cfg_words[niu->arch_id]) {
        *idx = (off - A_NOC_CFG0) / 4;
        return WIN_CFG;
    }
    if (off >= A_NOC_STATUS0 &&
        off < A_NOC_STATUS0 + 4 * TT_NOC_STATUS_WORDS) {
        *idx = (off - A_NOC_STATUS0) / 4;
        return WIN_STATUS;
    }
    if (tt_noc_is_bh(niu) && off >= A_BH_NOC_SEC_FENCE &&
        off < A_BH_NOC_SEC_FENCE + TT_NOC_SEC_FENCE_SIZE) {
        return WIN_UNIMP;
    }
    return WIN_NONE;
}

/* ---------------------------------------------------------------------- */
/* MMIO                                                                   */
/* ---------------------------------------------------------------------- */

/* A register of a command buffer window that is not storage */
static uint32_t tt_noc_reg_read(TTNocNiu *niu, int b, uint32_t idx,
                                bool peek)
{
    uint32_t v = 0;

    switch (idx) {
    case NIU_CMD_CTRL:
        /* MemoryMap.md: 1 until the request's last packet has left */
        return tt_noc_pending(niu, b);
    case NIU_CMD_STATUS:
        /* WH: bit i = the low bit of command buffer i's NOC_CMD_CTRL */
        for (int i = 0; i < TT_NOC_NUM_BUFS; i++) {
            v |= (uint32_t)tt_noc_pending(niu, i) << i;
        }
        return v;
    case NIU_NODE_ID:
        return tt_noc_node_id(niu);
    case NIU_ENDPOINT_ID:
        return tt_noc_endpoint_id(niu);
    case NIU_ECC_CTRL:
        return niu->ecc_ctrl;
    case NIU_CMD_BUF_AVAIL:
        if (!peek) {
            tt_log_mask(LOG_UNIMP, "%s: CMD_BUF_AVAIL (request FIFO depth "
                        "undocumented) is not modelled; reads 0\n",
                        tt_noc_name(niu));
        }
        return 0;
    default:
        /*
         * No ECC errors, no request FIFO overflow.  CLEAR_OUTSTANDING is
         * write-only.
         */
        return 0;
    }
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
        return tt_noc_reg_read(niu, b, idx, peek);
    case WIN_CFG:
        return tt_noc_cfg_read(niu, idx);
    case WIN_STATUS:
        return tt_noc_status_read(niu, idx, peek);
    case WIN_UNIMP:
        if (!peek) {
            tt_log_mask(LOG_UNIMP, "%s: read at 0x%04x (security fence / "
                        "router counters) is not modelled; reads 0\n",
                        tt_noc_name(niu), addr);
        }
        return 0;
    default:
        if (!peek) {
            tt_log_mask(LOG_GUEST_ERROR, "%s: read at 0x%04x: no register "
                        "there; reads 0\n", tt_noc_name(niu), addr);
        }
        return 0;
    }
}

/* A register of a command buffer window that is not storage */
static void tt_noc_reg_write(TTNocNiu *niu, int b, uint32_t idx,
                             uint32_t addr, uint32_t val)
{
    switch (idx) {
    case NIU_CMD_CTRL:
        if (val & 1) {
            tt_noc_issue(niu, b);
        }
        return;
    case NIU_ECC_CTRL:
        niu->ecc_ctrl = val;
        if (FIELD_EX32(val, ECC_CTRL, FORCE_ERR)) {
            tt_log_mask(LOG_UNIMP, "%s: ECC_CTRL 0x%08x: forced ECC "
                        "errors are not modelled\n", tt_noc_name(niu), val);
        }
        return;
    case NIU_CLEAR_OUTSTANDING:
        tt_noc_clear_outstanding(niu, val);
        return;
    default:
        tt_log_mask(LOG_GUEST_ERROR, "%s: write 0x%08x to read-only %s "
                    "(0x%04x); ignored\n", tt_noc_name(niu), val,
                    tt_noc_regs[idx].name, addr);
        return;
    }
}

static void tt_noc_word_write(TTNocNiu *niu, uint32_t addr, uint32_t val)
{
    uint32_t idx = 0;
    int b;

    switch (tt_noc_decode(niu, addr, &b, &idx)) {
    case WIN_REG:
        if (idx >= TT_NOC_BUF_NREGS) {
            tt_noc_reg_write(niu, b, idx, addr, val);
            return;
        }
        if (tt_noc_pending(niu, b)) {
            /*
             * MemoryMap.md NOC_CMD_CTRL: software must not write the
             * initiator's fields until NOC_CMD_CTRL reads 0; the request
             * in flight keeps its registers.
             */
            tt_log_mask(LOG_GUEST_ERROR, "%s: write 0x%08x to %s of "
                        "command buffer %d (0x%04x) while its request is "
                        "in flight (NOC_CMD_CTRL reads 1); ignored\n",
                        tt_noc_name(niu), val, tt_noc_buf_reg_name(idx),
                        b, addr);
            return;
        }
        niu->buf[b][idx] = idx == TT_NOC_BUF_PACKET_TAG ?
            FIELD_EX32(val, NOC_PACKET_TAG, STORED) : val;
        if (idx == TT_NOC_BUF_SEC_CTRL && val) {
            tt_log_mask(LOG_UNIMP, "%s: NOC_SEC_CTRL 0x%08x: security "
                        "control is not modelled\n", tt_noc_name(niu), val);
        }
        return;
    case WIN_CFG:
        tt_noc_cfg_write(niu, idx, val);
        return;
    case WIN_STATUS:
        tt_log_mask(LOG_GUEST_ERROR, "%s: write 0x%08x to read-only "
                    "NOC_STATUS(0x%02x); ignored\n", tt_noc_name(niu), val,
                    idx);
        return;
    case WIN_UNIMP:
        tt_log_mask(LOG_UNIMP, "%s: write 0x%08x at 0x%04x (security "
                    "fence) is not modelled; ignored\n", tt_noc_name(niu),
                    val, addr);
        return;
    default:
        tt_log_mask(LOG_GUEST_ERROR, "%s: write 0x%08x at 0x%04x: no "
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
        /*
         * The registers are 32 bits (MemoryMap.md names no narrower
         * one): a narrow store is logged and merges into the register's
         * current value, which is written.  Narrow loads read the word.
         */
        word = deposit32(tt_noc_word_read(niu, addr & ~3, true),
                         (addr & 3) * 8, size * 8, val);
        tt_log_mask(LOG_GUEST_ERROR, "%s: %u-bit store of 0x%" PRIx64
                    " at 0x%04" PRIx64 ": the registers are 32 bits; "
                    "merged, 0x%08x written to 0x%04" PRIx64 "\n",
                    tt_noc_name(niu), size * 8, val, (uint64_t)addr, word,
                    (uint64_t)(addr & ~3));
    }
    tt_noc_word_write(niu, addr & ~3, word);
}

const MemoryRegionOps tt_noc_ops = {
    .read = tt_noc_read,
    .write = tt_noc_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid.min_access_size = 1,
    .valid.max_access_size = 4,
    .impl.min_access_size = 1,
    .impl.max_access_size = 4,
};
