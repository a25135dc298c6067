/*
 * Tenstorrent NoC NIU: the recipients of a request, one for unicast, a
 * rectangle of NIUs for a broadcast (multicast) packet.
 *
 * tt-isa-documentation WormholeB0/NoC/MemoryMap.md "NOC_TARG_ADDR and
 * NOC_RET_ADDR", BlackholeA0/NoC/MemoryMap.md (NOC_BRCST_EXCLUDE, after
 * tt-metal get_noc_exclude_region).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "tt_log.h"
#include "tt_noc_int.h"
#include "trace.h"

/* NOC_BRCST_EXCLUDE (BH, stored as TT_NOC_BUF_BRCST_EXCLUDE) */
FIELD(NOC_BRCST_EXCLUDE, KEEP_SKIP, 0, 8)
FIELD(NOC_BRCST_EXCLUDE, X, 8, 6)
FIELD(NOC_BRCST_EXCLUDE, Y, 14, 6)
FIELD(NOC_BRCST_EXCLUDE, DIR_X, 20, 1)
FIELD(NOC_BRCST_EXCLUDE, DIR_Y, 21, 1)
FIELD(NOC_BRCST_EXCLUDE, ENABLE, 22, 1)

static bool tt_noc_in_span(uint32_t v, uint32_t start, uint32_t end)
{
    /* MemoryMap.md: start > end wraps around the torus */
    return start <= end ? (v >= start && v <= end) : (v <= end || v >= start);
}

/* BH NOC_BRCST_EXCLUDE: is (x, y) in the excluded quadrant? */
static bool tt_noc_excluded(uint32_t excl, uint32_t x, uint32_t y)
{
    uint32_t ex = FIELD_EX32(excl, NOC_BRCST_EXCLUDE, X);
    uint32_t ey = FIELD_EX32(excl, NOC_BRCST_EXCLUDE, Y);
    bool in_x, in_y;

    if (!FIELD_EX32(excl, NOC_BRCST_EXCLUDE, ENABLE)) {
        return false;
    }
    in_x = FIELD_EX32(excl, NOC_BRCST_EXCLUDE, DIR_X) ? x >= ex : x <= ex;
    in_y = FIELD_EX32(excl, NOC_BRCST_EXCLUDE, DIR_Y) ? y >= ey : y <= ey;
    return in_x && in_y;
}

/* Has @dst, at (@x, @y), opted out of broadcasts (ROUTER_CFG_1/3)? */
static bool tt_noc_opted_out(TTNocNiu *dst, uint32_t x, uint32_t y)
{
    const TTNocArch *na = tt_noc_arch(dst);

    return (x < na->col_optout_bits &&
            (dst->cfg[R_ROUTER_CFG_1] & (1u << x))) ||
           (y < na->row_optout_bits &&
            (dst->cfg[R_ROUTER_CFG_3] & (1u << y)));
}

TTNocDest *tt_noc_dest_alloc(TTNocReq *rq)
{
    TTNocNiu *niu = rq->niu;

    return g_new(TTNocDest,
                 rq->bcast ? niu->noc_width * niu->noc_height : 1);
}

/*
 * One for unicast; for a broadcast every NIU of the rectangle, less the
 * initiator without NOC_CMD_BRCST_SRC_INCLUDE, less BH
 * NOC_BRCST_EXCLUDE's quadrant, less NIUs opted out through their
 * ROUTER_CFG_1 / ROUTER_CFG_3.
 */
uint32_t tt_noc_dests(TTNocReq *rq, const TTNocCoord *c, TTNocDest *d)
{
    TTNocNiu *niu = rq->niu;
    uint32_t w = niu->noc_width, h = niu->noc_height;
    bool src_include = FIELD_EX32(rq->ctrl, NOC_CTRL, BRCST_SRC_INCLUDE);
    uint32_t excl = 0, n = 0;

    if (!rq->bcast) {
        d[0].niu = tt_noc_niu_at(niu, c->x, c->y);
        d[0].x = c->x;
        d[0].y = c->y;
        return 1;
    }
    if (tt_noc_is_bh(niu)) {
        excl = niu->buf[rq->b][TT_NOC_BUF_BRCST_EXCLUDE];
        if (FIELD_EX32(excl, NOC_BRCST_EXCLUDE, KEEP_SKIP)) {
            tt_log_mask(LOG_UNIMP, "%s cmd buf %d: NOC_BRCST_EXCLUDE "
                        "bits 7:0 = 0x%02x (keep/skip strides) are not "
                        "modelled; ignored\n", tt_noc_name(niu), rq->b,
                        FIELD_EX32(excl, NOC_BRCST_EXCLUDE, KEEP_SKIP));
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

            if (!tt_noc_in_span(x, c->sx, c->x) ||
                (x == rq->self_x && y == rq->self_y && !src_include) ||
                tt_noc_excluded(excl, x, y)) {
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
            if (tt_noc_opted_out(dst, x, y)) {
                continue;
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
