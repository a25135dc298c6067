/*
 * ttfw: NoC requests the way tt-metal issues them (noc_nonblocking_api.h
 * of the Dec-2024 tree: noc_init, noc_local_state_init,
 * ncrisc_noc_fast_read / _write, noc_fast_atomic_increment, the *_flushed
 * barriers), for the firmware and the kernels.
 *
 * Addresses are tt-metal NoC addresses: y << 42 | x << 36 | local, with
 * the coordinates of the NoC used (NoC 1 coordinates are mirrored:
 * ttfw_noc_addr() converts from NoC 0 coordinates).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef TTFW_NOC_H
#define TTFW_NOC_H

#include "ttfw.h"

#define TTFW_NOC_WR_VC  1u      /* NOC_UNICAST_WRITE_VC */
#define TTFW_NOC_MAX_BURST 16384u

/* Software counters of one core (tt-metal noc_*_num_issued / _acked) */
typedef struct ttfw_noc_state {
    uint32_t reads_num_issued[2];
    uint32_t nonposted_writes_num_issued[2];
    uint32_t nonposted_writes_acked[2];
    uint32_t nonposted_atomics_acked[2];
    uint32_t posted_writes_num_issued[2];
} ttfw_noc_state;

static inline uint32_t ttfw_noc_node_id(uint32_t noc)
{
    return TTFW_NOC_REG(noc, 0, TTFW_NOC_NODE_ID);
}

/* NoC address of NoC 0 tile (@x, @y) local @a, as seen on @noc */
static inline uint64_t ttfw_noc_addr(uint32_t noc, uint32_t x, uint32_t y,
                                     uint32_t a)
{
    if (noc) {
        uint32_t id = ttfw_noc_node_id(1);
        uint32_t w = (id >> 12) & 0x7F, h = (id >> 19) & 0x7F;

        x = w - 1 - x;
        y = h - 1 - y;
    }
    return TTFW_NOC_XY_ADDR(x, y, a);
}

/* Write the target (@ret false) or return address registers of a buffer */
static inline void ttfw_noc_set_addr(uint32_t noc, uint32_t buf, bool ret,
                                     uint64_t addr)
{
    uint32_t lo = ret ? TTFW_NOC_RET_ADDR_LO : TTFW_NOC_TARG_ADDR_LO;

    TTFW_NOC_REG(noc, buf, lo) = (uint32_t)addr;
#if defined(TT_ARCH_BH)
    TTFW_NOC_REG(noc, buf, lo + 4) = (uint32_t)(addr >> 32) & 0x1000000Fu;
    TTFW_NOC_REG(noc, buf, lo + 8) = (uint32_t)(addr >> 36) & 0xFFFFFFu;
#else
    TTFW_NOC_REG(noc, buf, lo + 4) = (uint32_t)(addr >> 32);
#endif
}

static inline bool ttfw_noc_cmd_buf_ready(uint32_t noc, uint32_t buf)
{
    return TTFW_NOC_REG(noc, buf, TTFW_NOC_CMD_CTRL) == 0;
}

/*
 * noc_init: point the write buffers' targets and the read buffer's return
 * address at this tile, the atomic buffer's return address at
 * @atomic_ret, and pre-program the read buffer's CTRL.
 */
static inline void ttfw_noc_init(uint32_t atomic_ret)
{
    for (uint32_t noc = 0; noc < 2; noc++) {
        uint32_t id = ttfw_noc_node_id(noc);
        uint64_t self = TTFW_NOC_XY_ADDR(id & 0x3F, (id >> 6) & 0x3F, 0);

        ttfw_noc_set_addr(noc, TTFW_NOC_WR_BUF, false, self);
        ttfw_noc_set_addr(noc, TTFW_NOC_WR_REG_BUF, false, self);
        ttfw_noc_set_addr(noc, TTFW_NOC_AT_BUF, true, self | atomic_ret);
        TTFW_NOC_REG(noc, TTFW_NOC_RD_BUF, TTFW_NOC_CTRL) =
            TTFW_NOC_CMD_RESP_MARKED | TTFW_NOC_CMD_VC_STATIC |
            TTFW_NOC_CMD_STATIC_VC(1);
        ttfw_noc_set_addr(noc, TTFW_NOC_RD_BUF, true, self);
    }
}

/* noc_local_state_init: software counters = the NIU's counters */
static inline void ttfw_noc_local_state_init(ttfw_noc_state *s, uint32_t noc)
{
    s->reads_num_issued[noc] =
        TTFW_NOC_STATUS(noc, TTFW_NIU_MST_RD_RESP_RECEIVED);
    s->nonposted_writes_num_issued[noc] =
        TTFW_NOC_STATUS(noc, TTFW_NIU_MST_NONPOSTED_WR_REQ_SENT);
    s->nonposted_writes_acked[noc] =
        TTFW_NOC_STATUS(noc, TTFW_NIU_MST_WR_ACK_RECEIVED);
    s->nonposted_atomics_acked[noc] =
        TTFW_NOC_STATUS(noc, TTFW_NIU_MST_ATOMIC_RESP_RECEIVED);
    s->posted_writes_num_issued[noc] =
        TTFW_NOC_STATUS(noc, TTFW_NIU_MST_POSTED_WR_REQ_SENT);
}

/* Read @len bytes at NoC address @src into local L1 @dst */
static inline void ttfw_noc_async_read(ttfw_noc_state *s, uint32_t noc,
                                       uint64_t src, uint32_t dst,
                                       uint32_t len)
{
    while (len) {
        uint32_t n = len > TTFW_NOC_MAX_BURST ? TTFW_NOC_MAX_BURST : len;

        while (!ttfw_noc_cmd_buf_ready(noc, TTFW_NOC_RD_BUF)) {
            /* until the command buffer is free */
        }
        TTFW_NOC_REG(noc, TTFW_NOC_RD_BUF, TTFW_NOC_RET_ADDR_LO) = dst;
        ttfw_noc_set_addr(noc, TTFW_NOC_RD_BUF, false, src);
        TTFW_NOC_REG(noc, TTFW_NOC_RD_BUF, TTFW_NOC_AT_LEN_BE) = n;
        TTFW_NOC_REG(noc, TTFW_NOC_RD_BUF, TTFW_NOC_CMD_CTRL) = 1;
        s->reads_num_issued[noc]++;
        src += n;
        dst += n;
        len -= n;
    }
}

/* Write @len bytes of local L1 @src to NoC address @dst (non-posted) */
static inline void ttfw_noc_async_write(ttfw_noc_state *s, uint32_t noc,
                                        uint32_t src, uint64_t dst,
                                        uint32_t len)
{
    while (len) {
        uint32_t n = len > TTFW_NOC_MAX_BURST ? TTFW_NOC_MAX_BURST : len;

        while (!ttfw_noc_cmd_buf_ready(noc, TTFW_NOC_WR_BUF)) {
            /* until the command buffer is free */
        }
        TTFW_NOC_REG(noc, TTFW_NOC_WR_BUF, TTFW_NOC_CTRL) =
            TTFW_NOC_CMD_WR | TTFW_NOC_CMD_VC_STATIC |
            TTFW_NOC_CMD_STATIC_VC(TTFW_NOC_WR_VC) | TTFW_NOC_CMD_RESP_MARKED;
        TTFW_NOC_REG(noc, TTFW_NOC_WR_BUF, TTFW_NOC_TARG_ADDR_LO) = src;
        ttfw_noc_set_addr(noc, TTFW_NOC_WR_BUF, true, dst);
        TTFW_NOC_REG(noc, TTFW_NOC_WR_BUF, TTFW_NOC_AT_LEN_BE) = n;
        TTFW_NOC_REG(noc, TTFW_NOC_WR_BUF, TTFW_NOC_CMD_CTRL) = 1;
        s->nonposted_writes_num_issued[noc]++;
        s->nonposted_writes_acked[noc]++;
        src += n;
        dst += n;
        len -= n;
    }
}

/* noc_semaphore_inc: atomic increment of the word at NoC address @addr */
static inline void ttfw_noc_atomic_inc(ttfw_noc_state *s, uint32_t noc,
                                       uint64_t addr, uint32_t incr)
{
    while (!ttfw_noc_cmd_buf_ready(noc, TTFW_NOC_AT_BUF)) {
        /* until the command buffer is free */
    }
    ttfw_noc_set_addr(noc, TTFW_NOC_AT_BUF, false, addr);
    TTFW_NOC_REG(noc, TTFW_NOC_AT_BUF, TTFW_NOC_CTRL) =
        TTFW_NOC_CMD_VC_STATIC | TTFW_NOC_CMD_STATIC_VC(TTFW_NOC_WR_VC) |
        TTFW_NOC_CMD_RESP_MARKED | TTFW_NOC_CMD_AT;
    TTFW_NOC_REG(noc, TTFW_NOC_AT_BUF, TTFW_NOC_AT_LEN_BE) =
        TTFW_NOC_AT_INS_INCR_GET | TTFW_NOC_AT_WRAP(31) |
        ((uint32_t)(addr >> 2) & 3u);
    TTFW_NOC_REG(noc, TTFW_NOC_AT_BUF, TTFW_NOC_AT_DATA) = incr;
    TTFW_NOC_REG(noc, TTFW_NOC_AT_BUF, TTFW_NOC_CMD_CTRL) = 1;
    s->nonposted_atomics_acked[noc]++;
}

static inline void ttfw_noc_async_read_barrier(ttfw_noc_state *s,
                                               uint32_t noc)
{
    while (TTFW_NOC_STATUS(noc, TTFW_NIU_MST_RD_RESP_RECEIVED) !=
           s->reads_num_issued[noc]) {
        /* until every read response is in */
    }
}

static inline void ttfw_noc_async_write_barrier(ttfw_noc_state *s,
                                                uint32_t noc)
{
    while (TTFW_NOC_STATUS(noc, TTFW_NIU_MST_WR_ACK_RECEIVED) !=
           s->nonposted_writes_acked[noc]) {
        /* until every write is acknowledged */
    }
}

static inline void ttfw_noc_async_atomic_barrier(ttfw_noc_state *s,
                                                 uint32_t noc)
{
    while (TTFW_NOC_STATUS(noc, TTFW_NIU_MST_ATOMIC_RESP_RECEIVED) !=
           s->nonposted_atomics_acked[noc]) {
        /* until every atomic has responded */
    }
}

#endif
