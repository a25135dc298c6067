/*
 * Tenstorrent NoC NIU atomics: read-modify-write of 16 bytes of a Tensix
 * tile's L1, with a response carrying the previous value of one word.
 *
 * tt-isa-documentation WormholeB0/NoC/Atomics.md and
 * BlackholeA0/NoC/Atomics.md (the Bits32_NOC_AT_LEN_BE_* diagrams).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/atomic.h"
#include "qemu/bswap.h"
#include "exec/address-spaces.h"
#include "fpu/softfloat.h"
#include "tt_log.h"
#include "tt_noc_int.h"
#include "trace.h"

/* NOC_AT_LEN_BE of an atomic: the fields depend on the opcode */
FIELD(NOC_AT_LEN_BE, WORD, 0, 2)            /* the word the result is of */
FIELD(NOC_AT_LEN_BE, ACC_FMT, 0, 4)         /* BH ACC */
FIELD(NOC_AT_LEN_BE, INT_WIDTH, 2, 5)       /* INCR_GET */
FIELD(NOC_AT_LEN_BE, SWAP_MASK, 2, 8)       /* SWAP */
FIELD(NOC_AT_LEN_BE, CMP_VAL, 2, 4)         /* CAS */
FIELD(NOC_AT_LEN_BE, SET_VAL, 6, 4)         /* CAS */
FIELD(NOC_AT_LEN_BE, IND_SWAP, 2, 1)        /* STORE_IND: swap variant */
FIELD(NOC_AT_LEN_BE, SWAP_WORD, 2, 2)       /* SWAP_4B */
FIELD(NOC_AT_LEN_BE, EXT_OP, 8, 4)          /* BH EXT: 3 = swap */
FIELD(NOC_AT_LEN_BE, ZAAMO_OP, 8, 3)        /* BH EXT with ZAAMO */
FIELD(NOC_AT_LEN_BE, ZAAMO, 11, 1)
FIELD(NOC_AT_LEN_BE, OPCODE, 12, 4)

/* NOC_AT_LEN_BE.OPCODE */
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

#define NOC_AT_EXT_OP_SWAP      3

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

typedef uint16_t TTNocAdd16(uint16_t, uint16_t, float_status *);

/* Both 16-bit halves of @a and @b added with @add */
static uint32_t tt_noc_add_halves(TTNocAdd16 *add, uint32_t a, uint32_t b,
                                  float_status *fs)
{
    uint32_t res = 0;

    for (int i = 0; i < 2; i++) {
        res = deposit32(res, 16 * i, 16, add(extract32(a, 16 * i, 16),
                                             extract32(b, 16 * i, 16), fs));
    }
    return res;
}

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
        return tt_noc_add_halves(float16_add, orig, data, &fs);
    case 2:
    case 10:
        return tt_noc_add_halves(bfloat16_add, orig, data, &fs);
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

/* RISC-V Zaamo operation @op (AMOADD.W .. AMOMAXU.W) */
static uint32_t tt_noc_zaamo(uint32_t op, uint32_t orig, uint32_t d)
{
    switch (op) {
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
        return tt_noc_zaamo(m->a, orig, d);
    case AMO_ACC:
        return tt_noc_acc_word(m->a, orig, d);
    default:
        return orig;
    }
}

/* BH ACC formats Atomics.md documents */
static bool tt_noc_acc_fmt_valid(uint32_t fmt)
{
    switch (fmt) {
    case 0: case 1: case 2: case 4: case 7:
    case 8: case 9: case 10: case 12: case 13: case 15:
        return true;
    default:
        return false;
    }
}

/*
 * Decode NOC_AT_LEN_BE.  Returns false, with a log line, for opcodes the
 * model does not know (no memory change then).
 */
static bool tt_noc_amo_decode(TTNocReq *rq, uint32_t lb, uint32_t data,
                              TTNocAmo *m)
{
    bool bh = tt_noc_is_bh(rq->niu);
    uint32_t op = FIELD_EX32(lb, NOC_AT_LEN_BE, OPCODE);

    *m = (TTNocAmo) {
        .kind = AMO_NONE,
        .data = data,
        .ofs = FIELD_EX32(lb, NOC_AT_LEN_BE, WORD),
    };
    switch (op) {
    case NOC_AT_NOP:
        return true;
    case NOC_AT_INCR_GET:
        m->kind = AMO_INCR;
        m->a = (2u << FIELD_EX32(lb, NOC_AT_LEN_BE, INT_WIDTH)) - 1;
        return true;
    case NOC_AT_SWAP:
        m->kind = AMO_SWAP_HALVES;
        m->a = FIELD_EX32(lb, NOC_AT_LEN_BE, SWAP_MASK);
        m->ofs = -1;
        return true;
    case NOC_AT_CAS:
        m->kind = AMO_CAS;
        m->a = FIELD_EX32(lb, NOC_AT_LEN_BE, CMP_VAL);
        m->b = FIELD_EX32(lb, NOC_AT_LEN_BE, SET_VAL);
        return true;
    case NOC_AT_STORE_IND:
        if (FIELD_EX32(lb, NOC_AT_LEN_BE, IND_SWAP)) {
            m->kind = AMO_SWAP;
            return true;
        }
        break;
    case NOC_AT_SWAP_4B:
        m->kind = AMO_SWAP;
        m->ofs = FIELD_EX32(lb, NOC_AT_LEN_BE, SWAP_WORD);
        return true;
    case NOC_AT_ACC:
        if (!bh) {
            break;
        }
        m->a = FIELD_EX32(lb, NOC_AT_LEN_BE, ACC_FMT);
        if (!tt_noc_acc_fmt_valid(m->a)) {
            tt_log_mask(LOG_UNIMP, "%s cmd buf %d: NoC atomic ACC format "
                        "%u is not documented; no memory change\n",
                        tt_noc_name(rq->niu), rq->b, m->a);
            return false;
        }
        m->kind = AMO_ACC;
        m->ofs = -1;
        return true;
    case NOC_AT_EXT:
        if (!bh) {
            break;
        }
        if (FIELD_EX32(lb, NOC_AT_LEN_BE, ZAAMO)) {
            m->kind = AMO_ZAAMO;
            m->a = FIELD_EX32(lb, NOC_AT_LEN_BE, ZAAMO_OP);
            return true;
        }
        if (FIELD_EX32(lb, NOC_AT_LEN_BE, EXT_OP) == NOC_AT_EXT_OP_SWAP) {
            m->kind = AMO_SWAP;
            return true;
        }
        break;
    default:
        break;
    }
    if (op == NOC_AT_INCR_GET_PTR || op == NOC_AT_GET_TILE_MAP ||
        op == NOC_AT_STORE_IND || (bh && op == NOC_AT_EXT)) {
        tt_log_mask(LOG_UNIMP, "%s cmd buf %d: NoC atomic NOC_AT_LEN_BE "
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
        tt_log_mask(LOG_UNIMP, "%s cmd buf %d: atomic at (%u,%u) 0x%"
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
    sec = memory_region_find(niu->sysmem, sys, 16);
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

/* Initiator: virtual channel assigned, request leaves (one flit) */
static void tt_noc_atomic_sent(TTNocReq *rq)
{
    TTNocNiu *niu = rq->niu;

    /* REQS_OUTSTANDING_ID: counted at issue (tt_noc_issue()) */
    tt_noc_ctr(niu, R_NIU_MST_CMD_ACCEPTED, 1);
    if (rq->marked) {
        tt_noc_ctr(niu, R_NIU_MST_NONPOSTED_ATOMIC_STARTED, 1);
    }
    tt_noc_ctr(niu, rq->marked ? R_NIU_MST_NONPOSTED_ATOMIC_SENT :
                                 R_NIU_MST_POSTED_ATOMIC_SENT, 1);
}

void tt_noc_do_atomic(TTNocReq *rq)
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
    tt_noc_atomic_sent(rq);

    n = tt_noc_dests(rq, &rq->targ, d);
    for (uint32_t k = 0; k < n; k++) {
        uint32_t result;
        uint8_t buf[4];

        if (d[k].niu) {
            tt_noc_ctr(d[k].niu, R_NIU_SLV_REQ_ACCEPTED, 1);
            tt_noc_ctr(d[k].niu,
                       rq->marked ? R_NIU_SLV_NONPOSTED_ATOMIC_RECEIVED :
                                    R_NIU_SLV_POSTED_ATOMIC_RECEIVED, 1);
        }
        result = tt_noc_atomic_at(rq, d[k].x, d[k].y, &m, valid);
        tt_noc_delivered(d[k].niu);
        trace_tt_noc_atomic(tt_noc_name(niu), rq->b, d[k].x, d[k].y,
                            rq->targ_addr, lb, m.data, result, !rq->marked,
                            rq->id);
        if (!rq->marked) {
            continue;
        }
        if (d[k].niu) {
            tt_noc_ctr(d[k].niu, R_NIU_SLV_ATOMIC_RESP_SENT, 1);
        }
        /* Response: Result written at NOC_RET_ADDR, then counted there */
        stl_le_p(buf, result);
        tt_noc_xfer(rq, rq->ret.x, rq->ret.y, rq->ret_addr & ~3ull, buf, 4,
                    true);
        tt_noc_delivered(resp);
        tt_noc_ctr(resp, R_NIU_MST_ATOMIC_RESP_RECEIVED, 1);
        tt_noc_outstanding(resp, rq->id, -1);
    }
}
