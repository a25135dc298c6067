/*
 * Tenstorrent NoC NIU request engine: issue (NOC_CMD_CTRL), the request
 * queue, reads and writes, with automatic packet splitting and the
 * counters of each.
 *
 * A write of 1 to NOC_CMD_CTRL does what MemoryMap.md says happens "as
 * software writes": counters, coordinate translation, NOC_CTRL's port
 * bits; then it appends the command buffer to the NIU's queue, and
 * NOC_CMD_CTRL reads 1 until the request's last packet has left.  The
 * NIU sends packets from the head of the queue, in issue order
 * (Ordering.md: the order of the NOC_CMD_CTRL writes is the order in
 * which requests leave the NIU), each packet whole (read, delivery,
 * counters, acknowledgement), at most TT_NOC_CHUNK_BYTES per event: the
 * first chunk inside the store (a request of up to 64 KiB has completed
 * when the store returns, as before), the rest from the NIU's
 * QEMU_CLOCK_VIRTUAL timer, one chunk every (bytes / flit size) ns.  A
 * store made by a packet (a request reaching a NIU) only queues, so a
 * store does at most one chunk of NoC work.  Automatic splitting
 * (Counters.md) advances NOC_AT_LEN_BE and the addresses after each
 * packet, as silicon does, so the registers are the state of a request in
 * flight; TTNocNiu adds the queue and the coordinates resolved at issue,
 * and migrates them.
 *
 * tt-isa-documentation WormholeB0/NoC/{MemoryMap,Counters,Alignment,
 * RoutingPaths}.md and BlackholeA0/NoC/{MemoryMap,Counters}.md.  The
 * recipients of a request are tt_noc_mcast.c's, atomics tt_noc_atomic.c.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/bitops.h"
#include "qemu/units.h"
#include "qemu/timer.h"
#include "exec/address-spaces.h"
#include "tt_log.h"
#include "tt_noc_int.h"
#include "trace.h"

/*
 * NoC work per event (a store to NOC_CMD_CTRL, a timer event): packets are
 * sent until this many bytes have been moved (at least one packet; a
 * broadcast packet counts once per recipient).
 */
#define TT_NOC_CHUNK_BYTES      (64 * KiB)

/*
 * The coordinates in NOC_{TARG,RET}_ADDR: WH in bits 31:4 of _MID (bits
 * 3:0 are address bits 35:32), BH in _HI (_MID holds address bits 63:32).
 */
FIELD(WH_NOC_ADDR_MID, ADDR, 0, 4)
FIELD(WH_NOC_ADDR_MID, COORD, 4, 24)
FIELD(NOC_COORD, X, 0, 6)
FIELD(NOC_COORD, Y, 6, 6)
FIELD(NOC_COORD, START_X, 12, 6)            /* broadcast */
FIELD(NOC_COORD, START_Y, 18, 6)

/* NOC_CTRL.PORT_MASK (WH) */
enum {
    NOC_PORT_NIU = 1,
    NOC_PORT_Y = 2,
    NOC_PORT_X = 4,
};

static void G_GNUC_PRINTF(3, 0) tt_noc_req_vlog(TTNocReq *rq, int mask,
                                                 const char *fmt, va_list ap)
{
    g_autofree char *msg = NULL;

    if (!qemu_loglevel_mask(mask) || *rq->errors >= TT_NOC_MAX_ERRORS) {
        return;
    }
    msg = g_strdup_vprintf(fmt, ap);
    tt_log_mask(mask, "%s cmd buf %d: %s%s\n", tt_noc_name(rq->niu), rq->b,
                msg, ++*rq->errors < TT_NOC_MAX_ERRORS ? "" :
                " (further errors of this request are not logged)");
}

void tt_noc_req_error(TTNocReq *rq, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    tt_noc_req_vlog(rq, LOG_GUEST_ERROR, fmt, ap);
    va_end(ap);
}

static void G_GNUC_PRINTF(2, 3) tt_noc_req_unimp(TTNocReq *rq,
                                                 const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    tt_noc_req_vlog(rq, LOG_UNIMP, fmt, ap);
    va_end(ap);
}

/*
 * A request nothing answers is logged and has a defined effect: a read
 * yields zeros, a write is dropped; the caller advances the counters as
 * if the target had answered.
 */
bool tt_noc_xfer(TTNocReq *rq, uint32_t x, uint32_t y, uint64_t addr,
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
        tt_noc_req_unimp(rq, "%s of %u bytes at (%u,%u) 0x%" PRIx64 " on "
                         "NoC %d targets PCIe host memory, which is not "
                         "modelled; %s", what, len, x, y, addr, niu->noc,
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
                         niu->noc_width, niu->noc_height,
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
 * If nothing is at those coordinates the response is counted at the
 * initiator instead (defined behaviour: software waiting for it does not
 * hang), and logged.
 */
TTNocNiu *tt_noc_resp_niu(TTNocReq *rq, const TTNocCoord *c,
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

/*
 * Length-mode request of @len bytes: number of packets (Counters.md,
 * max(1, ceil(len / max))), computed without overflow: NOC_AT_LEN_BE is
 * 32 bits and silicon splits it by subtraction, so 0xFFFFFFFF is 2^18
 * packets (BH), not 0.
 */
static uint32_t tt_noc_packets(TTNocNiu *niu, uint32_t len)
{
    uint32_t max = tt_noc_arch(niu)->max_packet;

    return len ? len / max + (len % max != 0) : 1;
}

static uint32_t tt_noc_flits(TTNocReq *rq, uint32_t bytes)
{
    return DIV_ROUND_UP(bytes, tt_noc_arch(rq->niu)->flit_bytes);
}

/*
 * Automatic request splitting, after a packet that was not the last one
 * (Counters.md): NOC_AT_LEN_BE -= max, both addresses += max (Wormhole:
 * NOC_TARG/RET_ADDR_LO, wrapping at 32 bits; Blackhole: the 64-bit
 * addresses, carrying into _MID).
 */
static void tt_noc_split_regs(TTNocReq *rq)
{
    const TTNocArch *na = tt_noc_arch(rq->niu);
    uint32_t *r = rq->niu->buf[rq->b];

    r[TT_NOC_BUF_AT_LEN_BE] -= na->max_packet;
    if (na->split_carry) {
        uint64_t t = rq->targ_addr + na->max_packet;
        uint64_t rt = rq->ret_addr + na->max_packet;

        r[TT_NOC_BUF_TARG_LO] = t;
        r[TT_NOC_BUF_TARG_MID] = t >> 32;
        r[TT_NOC_BUF_RET_LO] = rt;
        r[TT_NOC_BUF_RET_MID] = rt >> 32;
    } else {
        r[TT_NOC_BUF_TARG_LO] += na->max_packet;
        r[TT_NOC_BUF_RET_LO] += na->max_packet;
    }
}

/*
 * At issue: the packets of a length-mode request, and what of its length
 * silicon would not do as software means it (logged).
 */
static uint32_t tt_noc_issue_len(TTNocReq *rq, const char *what)
{
    TTNocNiu *niu = rq->niu;
    const TTNocArch *na = tt_noc_arch(niu);
    uint32_t *r = niu->buf[rq->b];
    uint32_t len = r[TT_NOC_BUF_AT_LEN_BE];
    uint32_t npkt = tt_noc_packets(niu, len);

    if (tt_noc_is_bh(niu) && r[TT_NOC_BUF_AT_LEN_BE_1]) {
        tt_noc_req_error(rq, "NOC_AT_LEN_BE_1 = 0x%08x in a length: the "
                         "high half of the length is ignored",
                         r[TT_NOC_BUF_AT_LEN_BE_1]);
    }
    if (len == 0) {
        tt_noc_req_error(rq, "zero length: one packet carrying no data");
    }
    /* Alignment.md: a length-mode request with an MMIO address moves 4 */
    if ((tt_noc_is_mmio(rq->targ_addr) || tt_noc_is_mmio(rq->ret_addr)) &&
        len != 4) {
        tt_noc_req_error(rq, "%s of %u bytes with an MMIO address: only 4 "
                         "is allowed (Alignment.md); done as asked", what,
                         len);
    }
    if (npkt > 1 &&
        ((rq->targ_addr | rq->ret_addr) & (na->flit_bytes - 1))) {
        tt_noc_req_error(rq, "%s of %u bytes split into %u packets from "
                         "0x%" PRIx64 " to 0x%" PRIx64 ": automatic "
                         "splitting needs %u-byte aligned addresses "
                         "(Counters.md); done as asked", what, len, npkt,
                         rq->targ_addr, rq->ret_addr, na->flit_bytes);
    }
    if (npkt > 0xFF) {
        tt_noc_req_error(rq, "%s of %u bytes (NOC_AT_LEN_BE 0x%08x) is %u "
                         "packets: the 8-bit NIU_MST_REQS_OUTSTANDING_ID / "
                         "WRITE_REQS_OUTGOING_ID counters wrap (Counters.md:"
                         " just under 2 MiB at most); sent in full, "
                         "counters modulo 256", what, len, len, npkt);
    }
    return npkt;
}

/* ------------------------------- Reads -------------------------------- */

/* One read packet of @plen bytes; returns the bytes moved */
static uint64_t tt_noc_read_packet(TTNocReq *rq, uint32_t plen)
{
    TTNocNiu *niu = rq->niu;
    uint32_t flits = tt_noc_flits(rq, plen);
    g_autofree uint8_t *data = g_malloc(MAX(plen, 1));
    TTNocNiu *src, *dst;

    trace_tt_noc_read(tt_noc_name(niu), rq->b, rq->targ.x, rq->targ.y,
                      rq->targ_addr, rq->ret.x, rq->ret.y, rq->ret_addr, plen,
                      rq->id);
    src = tt_noc_niu_at(niu, rq->targ.x, rq->targ.y);
    dst = tt_noc_resp_niu(rq, &rq->ret, "the read response");

    /* Initiator: virtual channel assigned, request leaves */
    tt_noc_ctr(niu, R_NIU_MST_CMD_ACCEPTED, 1);
    tt_noc_ctr(niu, R_NIU_MST_RD_REQ_STARTED, 1);
    tt_noc_ctr(niu, R_NIU_MST_RD_REQ_SENT, 1);
    /* Target: request arrives, data read, response sent */
    if (src) {
        tt_noc_ctr(src, R_NIU_SLV_REQ_ACCEPTED, 1);
        tt_noc_ctr(src, R_NIU_SLV_RD_REQ_RECEIVED, 1);
    }
    tt_noc_xfer(rq, rq->targ.x, rq->targ.y, rq->targ_addr, data, plen, false);
    if (src) {
        tt_noc_ctr(src, R_NIU_SLV_RD_RESP_SENT, 1);
        tt_noc_ctr(src, R_NIU_SLV_RD_DATA_WORD_SENT, flits);
    }
    /* Response: written at RET, then counted there */
    tt_noc_xfer(rq, rq->ret.x, rq->ret.y, rq->ret_addr, data, plen, true);
    tt_noc_delivered(dst);
    tt_noc_ctr(dst, R_NIU_MST_RD_RESP_RECEIVED, 1);
    tt_noc_ctr(dst, R_NIU_MST_RD_DATA_WORD_RECEIVED, flits);
    tt_noc_outstanding(dst, rq->id, -1);
    return plen;
}

/* ------------------------------- Writes ------------------------------- */

/* Initiator: virtual channel assigned to a write packet */
static void tt_noc_write_started(TTNocReq *rq)
{
    tt_noc_ctr(rq->niu, R_NIU_MST_CMD_ACCEPTED, 1);
    tt_noc_ctr(rq->niu, rq->marked ? R_NIU_MST_NONPOSTED_WR_REQ_STARTED :
                                     R_NIU_MST_POSTED_WR_REQ_STARTED, 1);
}

/* Initiator: a write packet has left */
static void tt_noc_write_sent(TTNocReq *rq)
{
    tt_noc_ctr(rq->niu, rq->marked ? R_NIU_MST_NONPOSTED_WR_REQ_SENT :
                                     R_NIU_MST_POSTED_WR_REQ_SENT, 1);
}

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
        tt_noc_ctr(dst, R_NIU_SLV_NONPOSTED_WR_REQ_STARTED, 1);
        tt_noc_ctr(dst, R_NIU_SLV_NONPOSTED_WR_DATA_WORD_RECEIVED, flits);
        tt_noc_ctr(dst, R_NIU_SLV_NONPOSTED_WR_REQ_RECEIVED, 1);
    } else {
        tt_noc_ctr(dst, R_NIU_SLV_POSTED_WR_REQ_STARTED, 1);
        tt_noc_ctr(dst, R_NIU_SLV_POSTED_WR_DATA_WORD_RECEIVED, flits);
        tt_noc_ctr(dst, R_NIU_SLV_POSTED_WR_REQ_RECEIVED, 1);
    }
}

/* The write acknowledgement of one recipient */
static void tt_noc_write_ack(TTNocReq *rq, TTNocNiu *dst, TTNocNiu *ack)
{
    if (!rq->marked) {
        return;
    }
    if (dst) {
        tt_noc_ctr(dst, R_NIU_SLV_WR_ACK_SENT, 1);
    }
    tt_noc_ctr(ack, R_NIU_MST_WR_ACK_RECEIVED, 1);
    tt_noc_outstanding(ack, rq->id, -1);
}

/* Write request with NOC_CMD_WR_INLINE (data in NOC_AT_DATA), one packet */
static uint64_t tt_noc_inline_packet(TTNocReq *rq)
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
    /* The packet is one flit */
    tt_noc_write_started(rq);
    tt_noc_write_sent(rq);

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
        tt_noc_delivered(d[k].niu);
        /* The acknowledgement goes to the initiating NIU */
        tt_noc_write_ack(rq, d[k].niu, niu);
    }
    return 16ull * n;
}

/*
 * Byte-enable write: the initiator's data for one packet of @len bytes,
 * in @data, and the byte enables, in @be.
 */
static void tt_noc_be_source(TTNocReq *rq, uint8_t *data, uint32_t len,
                             uint64_t *be)
{
    TTNocNiu *niu = rq->niu;
    uint32_t *r = niu->buf[rq->b];
    bool dst_mmio = tt_noc_is_mmio(rq->ret_addr);

    if (dst_mmio) {
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
    *be = r[TT_NOC_BUF_AT_LEN_BE];
    if (tt_noc_arch(niu)->be_bytes > 32) {
        *be |= (uint64_t)r[TT_NOC_BUF_AT_LEN_BE_1] << 32;
    }
    if (!dst_mmio && !tt_noc_is_bh(niu) && !tt_noc_is_mmio(rq->targ_addr) &&
        ((rq->ret_addr | rq->targ_addr) & 0x1F)) {
        tt_noc_req_error(rq, "byte-enable write 0x%" PRIx64 " -> 0x%" PRIx64
                         ": both should be 32-byte aligned (Alignment.md); "
                         "aligned down to 16", rq->targ_addr, rq->ret_addr);
    }
}

/*
 * One packet of a write request (data from the initiator's NOC_TARG_ADDR)
 * of @plen bytes (byte-enable mode: the span); returns the bytes moved.
 */
static uint64_t tt_noc_write_packet(TTNocReq *rq, uint32_t plen)
{
    TTNocNiu *niu = rq->niu;
    uint32_t *r = niu->buf[rq->b];
    bool be_mode = FIELD_EX32(rq->ctrl, NOC_CTRL, WR_BE);
    bool hdr_store = !rq->marked &&
                     FIELD_EX32(rq->tag, NOC_PACKET_TAG, HEADER_STORE);
    bool dst_mmio = tt_noc_is_mmio(rq->ret_addr);
    uint64_t hdr_addr = (uint64_t)r[TT_NOC_BUF_AT_DATA] << 4;
    uint32_t flits = be_mode ? 1 : tt_noc_flits(rq, plen);
    g_autofree TTNocDest *d = tt_noc_dest_alloc(rq);
    g_autofree uint8_t *data = g_malloc(MAX(plen, 16));
    TTNocNiu *ack;
    uint64_t be = 0;
    uint32_t n;

    trace_tt_noc_write(tt_noc_name(niu), rq->b, rq->targ_addr, rq->ret.x,
                       rq->ret.y, rq->ret_addr, plen, be_mode, !rq->marked,
                       rq->id);
    /* The acknowledgement goes to the NIU at NOC_TARG_ADDR's x/y */
    ack = rq->marked ? tt_noc_resp_niu(rq, &rq->targ,
                                       "the write acknowledgement") : NULL;
    n = tt_noc_dests(rq, &rq->ret, d);

    tt_noc_write_started(rq);
    /* Initiator: data read from its own address space */
    if (be_mode) {
        tt_noc_be_source(rq, data, plen, &be);
    } else {
        tt_noc_xfer(rq, rq->self_x, rq->self_y, rq->targ_addr, data, plen,
                    false);
    }
    tt_noc_write_sent(rq);
    tt_noc_ctr(niu, rq->marked ? R_NIU_MST_NONPOSTED_WR_DATA_WORD_SENT :
                                 R_NIU_MST_POSTED_WR_DATA_WORD_SENT, flits);
    tt_noc_outgoing(niu, rq->id, -1);

    /* Each recipient */
    for (uint32_t k = 0; k < n; k++) {
        tt_noc_slave_write(rq, d[k].niu, flits);
        if (!be_mode) {
            tt_noc_xfer(rq, d[k].x, d[k].y, rq->ret_addr, data, plen, true);
        } else if (dst_mmio) {
            tt_noc_xfer(rq, d[k].x, d[k].y, rq->ret_addr & ~3ull, data, 4,
                        true);
        } else {
            tt_noc_write_masked(rq, d[k].x, d[k].y, rq->ret_addr & ~0xFull,
                                data, be, plen);
        }
        if (hdr_store) {
            /* First 128 bits also at NOC_AT_DATA << 4 */
            tt_noc_xfer(rq, d[k].x, d[k].y, hdr_addr, data, MIN(plen, 16),
                        true);
        }
        tt_noc_delivered(d[k].niu);
        tt_noc_write_ack(rq, d[k].niu, ack);
    }
    return (uint64_t)plen * MAX(n, 1);
}

/* ------------------------------- Issue -------------------------------- */

/* Address and coordinates of the TARG (@ret false) or RET registers */
static void tt_noc_get_coord(TTNocNiu *niu, int b, bool ret, TTNocCoord *c,
                             uint64_t *addr)
{
    uint32_t *r = niu->buf[b];
    uint32_t lo = r[ret ? TT_NOC_BUF_RET_LO : TT_NOC_BUF_TARG_LO];
    uint32_t mid = r[ret ? TT_NOC_BUF_RET_MID : TT_NOC_BUF_TARG_MID];
    uint32_t hi = r[ret ? TT_NOC_BUF_RET_HI : TT_NOC_BUF_TARG_HI];
    uint32_t xy;

    if (tt_noc_arch(niu)->coords_in_hi) {
        /* BH: MID is the high half of a 64-bit address, HI the coords */
        *addr = lo | (uint64_t)mid << 32;
        xy = hi;
    } else {
        /* WH: MID = address bits 35:32, then x, y (, start x, start y) */
        *addr = lo | (uint64_t)FIELD_EX32(mid, WH_NOC_ADDR_MID, ADDR) << 32;
        xy = FIELD_EX32(mid, WH_NOC_ADDR_MID, COORD);
    }
    c->x = FIELD_EX32(xy, NOC_COORD, X);
    c->y = FIELD_EX32(xy, NOC_COORD, Y);
    c->sx = FIELD_EX32(xy, NOC_COORD, START_X);
    c->sy = FIELD_EX32(xy, NOC_COORD, START_Y);
}

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
    uint32_t xy = FIELD_EX32(*mid, WH_NOC_ADDR_MID, COORD);

    xy = FIELD_DP32(xy, NOC_COORD, X, c->x);
    xy = FIELD_DP32(xy, NOC_COORD, Y, c->y);
    if (bcast) {
        xy = FIELD_DP32(xy, NOC_COORD, START_X, c->sx);
        xy = FIELD_DP32(xy, NOC_COORD, START_Y, c->sy);
    }
    *mid = FIELD_DP32(*mid, WH_NOC_ADDR_MID, COORD, xy);
}

/* MemoryMap.md NOC_CMD_CTRL: translation happens as software issues */
static void tt_noc_issue_translate(TTNocReq *rq, bool bcast_in_ret)
{
    TTNocNiu *niu = rq->niu;
    bool tb = rq->bcast && !bcast_in_ret, rb = rq->bcast && bcast_in_ret;

    tt_noc_translate(niu, &rq->targ.x, &rq->targ.y);
    tt_noc_translate(niu, &rq->ret.x, &rq->ret.y);
    if (tb) {
        tt_noc_translate(niu, &rq->targ.sx, &rq->targ.sy);
    }
    if (rb) {
        tt_noc_translate(niu, &rq->ret.sx, &rq->ret.sy);
    }
    if (tt_noc_arch(niu)->xlat_writeback) {
        tt_noc_writeback(niu, rq->b, TT_NOC_BUF_TARG_MID, &rq->targ, tb);
        tt_noc_writeback(niu, rq->b, TT_NOC_BUF_RET_MID, &rq->ret, rb);
    }
}

/* What is logged, not modelled, about a request about to execute */
static void tt_noc_issue_unimp(TTNocReq *rq, uint32_t type)
{
    TTNocNiu *niu = rq->niu;

    if (FIELD_EX32(rq->ctrl, NOC_CTRL, L1_ACC_AT_EN) && tt_noc_is_bh(niu)) {
        tt_log_mask(LOG_UNIMP, "%s cmd buf %d: NOC_CMD_L1_ACC_AT_EN "
                    "(unusable on silicon) is not modelled; a plain "
                    "write\n", tt_noc_name(niu), rq->b);
    }
    if (FIELD_EX32(rq->tag, NOC_PACKET_TAG, TO_OVERLAY) &&
        type == NOC_CMD_TYPE_WR) {
        tt_log_mask(LOG_UNIMP, "%s cmd buf %d: delivery to the receiver's "
                    "NoC overlay (NOC_PACKET_TAG 0x%04x) is not modelled; "
                    "only the memory write happens\n", tt_noc_name(niu),
                    rq->b, rq->tag);
    }
}


/* ------------------------------- Queue -------------------------------- */

/* True while a NIU sends packets: a store they make only queues */
static bool tt_noc_sending;

bool tt_noc_pending(TTNocNiu *niu, int b)
{
    for (uint32_t i = 0; i < niu->queue_len; i++) {
        if (niu->queue[i] == b) {
            return true;
        }
    }
    return false;
}

/* The request in flight in command buffer @b, from its registers */
static void tt_noc_req_load(TTNocNiu *niu, int b, TTNocReq *rq)
{
    uint32_t *r = niu->buf[b];
    uint32_t *c = niu->req_coord[b];
    TTNocCoord unused;

    *rq = (TTNocReq) {
        .niu = niu,
        .b = b,
        .ctrl = r[TT_NOC_BUF_CTRL],
        .tag = r[TT_NOC_BUF_PACKET_TAG],
        .errors = &niu->req_errors[b],
        .targ = { c[0], c[1], c[2], c[3] },
        .ret = { c[4], c[5], c[6], c[7] },
    };
    rq->id = FIELD_EX32(rq->tag, NOC_PACKET_TAG, TRANSACTION_ID);
    rq->marked = FIELD_EX32(rq->ctrl, NOC_CTRL, RESP_MARKED);
    rq->bcast = FIELD_EX32(rq->ctrl, NOC_CTRL, BRCST_PACKET);
    if (FIELD_EX32(rq->ctrl, NOC_CTRL, TYPE) == NOC_CMD_TYPE_RD) {
        rq->marked = true;      /* reads always get a response */
        rq->bcast = false;      /* logged at issue */
    }
    tt_noc_self(niu, &rq->self_x, &rq->self_y);
    tt_noc_get_coord(niu, b, false, &unused, &rq->targ_addr);
    tt_noc_get_coord(niu, b, true, &unused, &rq->ret_addr);
}

/*
 * Send the next packet of the request in command buffer @b; add the bytes
 * it moved to *@moved.  True when it was the request's last packet.
 */
static bool tt_noc_packet(TTNocNiu *niu, int b, uint64_t *moved)
{
    const TTNocArch *na = tt_noc_arch(niu);
    uint32_t len = niu->buf[b][TT_NOC_BUF_AT_LEN_BE];
    uint32_t plen = MIN(len, na->max_packet);
    uint64_t bytes;
    bool last = true;
    TTNocReq rq;

    tt_noc_req_load(niu, b, &rq);
    switch (FIELD_EX32(rq.ctrl, NOC_CTRL, TYPE)) {
    case NOC_CMD_TYPE_RD:
        bytes = tt_noc_read_packet(&rq, plen);
        last = len <= na->max_packet;
        break;
    case NOC_CMD_TYPE_AT:
        tt_noc_do_atomic(&rq);
        bytes = 16;
        break;
    default:
        if (FIELD_EX32(rq.ctrl, NOC_CTRL, WR_INLINE)) {
            bytes = tt_noc_inline_packet(&rq);
        } else if (FIELD_EX32(rq.ctrl, NOC_CTRL, WR_BE)) {
            bytes = tt_noc_write_packet(&rq, na->be_bytes);
        } else {
            bytes = tt_noc_write_packet(&rq, plen);
            last = len <= na->max_packet;
        }
        break;
    }
    if (!last) {
        tt_noc_split_regs(&rq);
    }
    /* A packet costs at least its header flit */
    *moved += MAX(bytes, na->flit_bytes);
    return last;
}

/*
 * Send packets from the head of the queue, one chunk; then, if requests
 * remain, the timer sends the next chunk when the NoC would have moved
 * this one (a flit per ns).
 */
static void tt_noc_send(TTNocNiu *niu)
{
    uint64_t moved = 0;

    tt_noc_sending = true;
    while (niu->queue_len && moved < TT_NOC_CHUNK_BYTES) {
        if (tt_noc_packet(niu, niu->queue[0], &moved)) {
            /* The last packet has left: NOC_CMD_CTRL reverts to 0 */
            niu->queue_len--;
            memmove(niu->queue, niu->queue + 1, niu->queue_len);
        }
    }
    tt_noc_sending = false;
    if (niu->queue_len) {
        timer_mod(niu->timer, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) +
                  MAX(moved / tt_noc_arch(niu)->flit_bytes, 1));
    }
}

void tt_noc_queue_timer(void *opaque)
{
    TTNocNiu *niu = opaque;

    if (tt_noc_sending) {
        /* Never nest sending: try again */
        timer_mod(niu->timer, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) + 1);
    } else if (niu->queue_len) {
        tt_noc_send(niu);
    }
}

/* A queued request still being split into packets, or -1 */
static int tt_noc_splitting(TTNocNiu *niu)
{
    for (uint32_t i = 0; i < niu->queue_len; i++) {
        uint32_t *r = niu->buf[niu->queue[i]];
        uint32_t type = FIELD_EX32(r[TT_NOC_BUF_CTRL], NOC_CTRL, TYPE);
        bool len_mode = type == NOC_CMD_TYPE_RD ||
            (type == NOC_CMD_TYPE_WR &&
             !(r[TT_NOC_BUF_CTRL] & (R_NOC_CTRL_WR_BE_MASK |
                                     R_NOC_CTRL_WR_INLINE_MASK)));

        if (len_mode &&
            r[TT_NOC_BUF_AT_LEN_BE] > tt_noc_arch(niu)->max_packet) {
            return niu->queue[i];
        }
    }
    return -1;
}

void tt_noc_queue_reset(TTNocNiu *niu)
{
    niu->queue_len = 0;
    memset(niu->queue, 0, sizeof(niu->queue));
    memset(niu->req_coord, 0, sizeof(niu->req_coord));
    memset(niu->req_errors, 0, sizeof(niu->req_errors));
    if (niu->timer) {
        timer_del(niu->timer);
    }
}

/* ------------------------------- Issue -------------------------------- */

/*
 * MemoryMap.md / Counters.md: what happens "as software writes
 * NOC_CMD_CTRL": the REQS_OUTSTANDING_ID and WRITE_REQS_OUTGOING_ID
 * increments of the whole request.
 */
static void tt_noc_issue_counters(TTNocReq *rq, uint32_t type)
{
    TTNocNiu *niu = rq->niu;
    uint32_t npkt;

    switch (type) {
    case NOC_CMD_TYPE_RD:
        tt_noc_outstanding(niu, rq->id, tt_noc_issue_len(rq, "read"));
        break;
    case NOC_CMD_TYPE_AT:
        if (rq->marked) {
            tt_noc_outstanding(niu, rq->id, 1);
        }
        break;
    default:
        if (FIELD_EX32(rq->ctrl, NOC_CTRL, WR_INLINE)) {
            if (!tt_noc_is_mmio(rq->targ_addr) && tt_noc_is_bh(niu)) {
                tt_noc_req_error(rq, "inline write to L1 0x%" PRIx64 ": "
                                 "unsafe on Blackhole silicon (hardware "
                                 "bug, MemoryMap.md); modelled as on "
                                 "Wormhole", rq->targ_addr);
            }
            if (rq->marked) {
                tt_noc_outstanding(niu, rq->id, 1);
            }
            break;
        }
        npkt = FIELD_EX32(rq->ctrl, NOC_CTRL, WR_BE) ? 1 :
               tt_noc_issue_len(rq, "write");
        if (rq->marked) {
            tt_noc_outstanding(niu, rq->id, npkt);
        }
        tt_noc_outgoing(niu, rq->id, npkt);
        break;
    }
}

void tt_noc_issue(TTNocNiu *niu, int b)
{
    const TTNocArch *na = tt_noc_arch(niu);
    uint32_t *r = niu->buf[b];
    uint32_t *c = niu->req_coord[b];
    TTNocReq rq = { .niu = niu, .b = b, .errors = &niu->req_errors[b] };
    uint32_t type;
    bool bcast_in_ret;

    if (tt_noc_pending(niu, b)) {
        tt_noc_req_error(&rq, "NOC_CMD_CTRL written while the buffer's "
                         "request is in flight (NOC_CMD_CTRL reads 1); "
                         "ignored");
        return;
    }
    niu->req_errors[b] = 0;
    if (tt_noc_splitting(niu) >= 0) {
        tt_noc_req_error(&rq, "NOC_CMD_CTRL written while command buffer "
                         "%d's request is being split into packets "
                         "(Counters.md: not allowed until its NOC_CMD_CTRL "
                         "reads 0); queued behind it",
                         tt_noc_splitting(niu));
    }
    rq.ctrl = r[TT_NOC_BUF_CTRL];
    rq.tag = r[TT_NOC_BUF_PACKET_TAG];
    rq.id = FIELD_EX32(rq.tag, NOC_PACKET_TAG, TRANSACTION_ID);
    rq.marked = FIELD_EX32(rq.ctrl, NOC_CTRL, RESP_MARKED);
    rq.bcast = FIELD_EX32(rq.ctrl, NOC_CTRL, BRCST_PACKET);
    type = FIELD_EX32(rq.ctrl, NOC_CTRL, TYPE);
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
    bcast_in_ret = type == NOC_CMD_TYPE_WR &&
                   !FIELD_EX32(rq.ctrl, NOC_CTRL, WR_INLINE);

    if (ARRAY_FIELD_EX32(niu->cfg, NIU_CFG_0, XLAT_EN)) {
        tt_noc_issue_translate(&rq, bcast_in_ret);
    }
    if (na->ctrl_port_mask && !rq.bcast && type != NOC_CMD_TYPE_RESERVED) {
        uint32_t ports = tt_noc_port_mask(&rq, bcast_in_ret ? &rq.ret :
                                                         &rq.targ);
        r[TT_NOC_BUF_CTRL] = FIELD_DP32(r[TT_NOC_BUF_CTRL], NOC_CTRL,
                                        PORT_MASK, ports);
    }
    if (type == NOC_CMD_TYPE_RESERVED) {
        tt_noc_req_error(&rq, "reserved request type 3 (NOC_CTRL "
                         "0x%08x); nothing is sent", rq.ctrl);
        return;
    }
    tt_noc_issue_unimp(&rq, type);
    tt_noc_issue_counters(&rq, type);

    /* Queued: the packets use the coordinates resolved here */
    c[0] = rq.targ.x;
    c[1] = rq.targ.y;
    c[2] = rq.targ.sx;
    c[3] = rq.targ.sy;
    c[4] = rq.ret.x;
    c[5] = rq.ret.y;
    c[6] = rq.ret.sx;
    c[7] = rq.ret.sy;
    assert(niu->queue_len < TT_NOC_NUM_BUFS);
    niu->queue[niu->queue_len++] = b;

    /*
     * The first chunk now, in the store, if the request is at the head
     * of the queue (otherwise the timer is due and sends it in its turn);
     * but a store made by a packet (a request reaching a NIU, maybe this
     * one) only queues, and the timer sends.
     */
    if (niu->queue_len == 1 && !tt_noc_sending) {
        tt_noc_send(niu);
    } else if (!timer_pending(niu->timer)) {
        timer_mod(niu->timer, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL));
    }
}
