/*
 * qemu-tensix benchmark firmware (issue 14): the eltwise-add tile kernel
 * the way tt-metal runs it, with circular buffers in L1, COUNT (L1
 * 0x20000) tiles.
 *
 * Circular buffers (tt-metal's CB interface): CB 0 (A), CB 1 (B) and
 * CB 16 (out), two pages each of one 32x32 BF16 tile (a 16-byte header,
 * then 2048 bytes); the shared counters tiles_received (written by the
 * producer) and tiles_acked (written by the consumer) are L1 words,
 * compared as 16-bit free-running counts as tt-metal does; each core
 * keeps its own read / write pointer.
 *
 *   NCRISC (reader): per tile cb_reserve_back on CB 0 and 1, a NoC read
 *     (noc_async_read through NoC 1, the reader's default NoC in
 *     tt-metal; bench-noc.c's register sequence) of A and of B from a
 *     "DRAM" buffer in the L1 of the same tile (its own coordinates) into
 *     the pages, noc_async_read_barrier, cb_push_back.
 *   TRISC0 (unpack): cb_wait_front on CB 0 and 1, the unpackers' Base
 *     addresses to the front pages (RISC-V CFG stores, then STALLWAIT on
 *     TRISC_CFG as tt-llk does), the 2 UNPACRs, TENSIX_SYNC (the
 *     unpackers are done with the pages), cb_pop_front (tiles_acked).
 *   TRISC1 (math): bench-pipe.h's math_tile(): SEMWAIT MATH_PACK, 8
 *     ELWADD, SETRWC, STALLWAIT, SEMPOST.
 *   TRISC2 (pack): cb_reserve_back on CB 16, packer 0's L1_Dest_addr to
 *     the back page, STALLWAIT on TRISC_CFG, bench-pipe.h's pack_tile()
 *     (SEMWAIT, PACR, STALLWAIT, ZEROACC, SEMGET), TENSIX_SYNC,
 *     cb_push_back.
 *   BRISC (writer): cb_wait_front on CB 16, a NoC write (NoC 0) of the
 *     page to an output "DRAM" buffer in its own L1,
 *     noc_async_write_barrier, cb_pop_front.  After the last tile it
 *     compares the output buffer with A + B (exact: integers), bit for
 *     bit, waits for the TRISCs and NCRISC, and exits with 0 when
 *     everything matches.
 *
 * TRISC0 configures everything (bench-pipe.h's pipe_config) before the
 * others start their loops (L1_READY).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "bench-pipe.h"

int brisc_main(void);
int trisc0_main(void);
int trisc1_main(void);
int trisc2_main(void);
void ncrisc_main(void);

/* L1 map (above bench-tile.h's) */
#define CB_IF               0x20040     /* 16 bytes per CB: received, acked */
#define CB_A                0
#define CB_B                1
#define CB_OUT              2           /* tt-metal's CB 16 */
#define CB_RECEIVED(c)      L1_WORD(CB_IF + 16 * (c))
#define CB_ACKED(c)         L1_WORD(CB_IF + 16 * (c) + 4)
#define CB_PAGES            2
#define CB_PAGE             0x810       /* header + 2048 bytes */
#define CB_BASE(c)          (0x40000 + 0x2000 * (c))
#define DRAM_A              0x50000     /* tile data, 2048 bytes each */
#define DRAM_B              0x51000
#define DRAM_OUT            0x52000
#define L1_NCRISC_DONE      0x20014
#define TILE_BYTES          2048

/* STALLWAIT condition TRISC_CFG; block STALL_UNPACK, STALL_PACK */
#define WAIT_TRISC_CFG      (bh ? 0x400u : 0x2000u)
#define STALL_PACK          0x04u
#define STALL_UNPACK        0x08u

/* ---------------------------------------------------------------------- */
/* The CB interface (tt-metal's cb_api.h / dataflow_api.h, 16-bit counts) */
/* ---------------------------------------------------------------------- */

typedef struct LocalCB {
    unsigned cb;
    uint32_t ptr;               /* the read or write pointer */
    uint32_t count;             /* this core's own received / acked */
} LocalCB;

static void cb_init(LocalCB *l, unsigned cb)
{
    l->cb = cb;
    l->ptr = CB_BASE(cb);
    l->count = 0;
}

static void cb_advance(LocalCB *l)
{
    l->ptr += CB_PAGE;
    if (l->ptr == CB_BASE(l->cb) + CB_PAGES * CB_PAGE) {
        l->ptr = CB_BASE(l->cb);
    }
}

/* Producer: wait for a free page; its address */
static uint32_t cb_reserve_back(LocalCB *l)
{
    while ((uint16_t)(l->count - CB_ACKED(l->cb)) >= CB_PAGES) {
    }
    return l->ptr;
}

static void cb_push_back(LocalCB *l)
{
    l->count++;
    CB_RECEIVED(l->cb) = l->count;
    cb_advance(l);
}

/* Consumer: wait for a filled page; its address */
static uint32_t cb_wait_front(LocalCB *l)
{
    while ((uint16_t)(CB_RECEIVED(l->cb) - l->count) == 0) {
    }
    return l->ptr;
}

static void cb_pop_front(LocalCB *l)
{
    l->count++;
    CB_ACKED(l->cb) = l->count;
    cb_advance(l);
}

/* ---------------------------------------------------------------------- */
/* NoC (bench-noc.c: noc_async_read / noc_async_write to this tile)       */
/* ---------------------------------------------------------------------- */

#define NOC_TARG_ADDR_LO    0x00u
#define NOC_RET_ADDR_LO     0x0Cu
#define NOC_CTRL            0x1Cu
#define NOC_AT_LEN_BE       0x20u
#define MST_WR_ACK_RECEIVED         0x1u
#define MST_RD_RESP_RECEIVED        0x2u
#define MST_NONPOSTED_WR_REQ_SENT   0xAu
#define WR_BUF              0
#define RD_BUF              1
#define CMD_WR              (1u << 1)
#define CMD_RESP_MARKED     (1u << 4)
#define CMD_VC_STATIC       (1u << 7)
#define CMD_STATIC_VC(v)    ((uint32_t)(v) << 13)

typedef struct Noc {
    uint32_t base;              /* 0xFFB20000 NoC 0, 0xFFB30000 NoC 1 */
    uint32_t xy;                /* this tile on that NoC */
    uint32_t issued, acked;
} Noc;

static volatile uint32_t *noc_reg(Noc *n, int b, uint32_t off)
{
    return &L1_WORD(n->base + b * (bh ? 0x800u : 0x400u) + off);
}

static uint32_t noc_status(Noc *n, uint32_t i)
{
    return L1_WORD(n->base + 0x200u + 4u * i);
}

static void noc_set_coord(Noc *n, int b, bool ret, uint32_t addr)
{
    uint32_t lo = ret ? NOC_RET_ADDR_LO : NOC_TARG_ADDR_LO;

    *noc_reg(n, b, lo) = addr;
    if (bh) {
        *noc_reg(n, b, lo + 4) = 0;
        *noc_reg(n, b, lo + 8) = n->xy;
    } else {
        *noc_reg(n, b, lo + 4) = n->xy << 4;
    }
}

static void noc_init(Noc *n, uint32_t base, int b)
{
    n->base = base;
    n->xy = *noc_reg(n, 0, bh ? 0x44u : 0x2Cu) & 0xFFF;
    if (b == RD_BUF) {
        *noc_reg(n, RD_BUF, NOC_CTRL) = CMD_RESP_MARKED | CMD_VC_STATIC |
                                        CMD_STATIC_VC(1);
        noc_set_coord(n, RD_BUF, true, 0);
        n->issued = noc_status(n, MST_RD_RESP_RECEIVED);
    } else {
        noc_set_coord(n, WR_BUF, false, 0);
        n->issued = noc_status(n, MST_NONPOSTED_WR_REQ_SENT);
        n->acked = noc_status(n, MST_WR_ACK_RECEIVED);
    }
}

static void noc_cmd_ready(Noc *n, int b)
{
    while (*noc_reg(n, b, bh ? 0x40u : 0x28u) != 0) {
    }
}

/* One request (len <= NOC_MAX_BURST_SIZE) */
static void noc_read(Noc *n, uint32_t src, uint32_t dst, uint32_t len)
{
    noc_cmd_ready(n, RD_BUF);
    *noc_reg(n, RD_BUF, NOC_RET_ADDR_LO) = dst;
    noc_set_coord(n, RD_BUF, false, src);
    *noc_reg(n, RD_BUF, NOC_AT_LEN_BE) = len;
    *noc_reg(n, RD_BUF, bh ? 0x40u : 0x28u) = 1;
    n->issued++;
}

static void noc_read_barrier(Noc *n)
{
    while (noc_status(n, MST_RD_RESP_RECEIVED) != n->issued) {
    }
}

static void noc_write(Noc *n, uint32_t src, uint32_t dst, uint32_t len)
{
    noc_cmd_ready(n, WR_BUF);
    *noc_reg(n, WR_BUF, NOC_CTRL) = CMD_WR | CMD_VC_STATIC |
                                    CMD_STATIC_VC(1) | CMD_RESP_MARKED;
    *noc_reg(n, WR_BUF, NOC_TARG_ADDR_LO) = src;
    noc_set_coord(n, WR_BUF, true, dst);
    *noc_reg(n, WR_BUF, NOC_AT_LEN_BE) = len;
    *noc_reg(n, WR_BUF, bh ? 0x40u : 0x28u) = 1;
    n->issued++;
    n->acked++;
}

static void noc_write_barrier(Noc *n)
{
    while (noc_status(n, MST_NONPOSTED_WR_REQ_SENT) != n->issued) {
    }
    while (noc_status(n, MST_WR_ACK_RECEIVED) != n->acked) {
    }
}

/* ---------------------------------------------------------------------- */
/* The cores                                                              */
/* ---------------------------------------------------------------------- */

int brisc_main(void)
{
    uint32_t n = L1_WORD(L1_COUNT), rc = 0;
    LocalCB out;
    Noc noc;

    bh = L1_WORD(L1_IS_BH) != 0;
    L1_WORD(L1_READY) = 0;
    L1_WORD(L1_NCRISC_DONE) = 0;
    for (unsigned c = 0; c < 3; c++) {
        CB_RECEIVED(c) = 0;
        CB_ACKED(c) = 0;
    }
    for (unsigned i = 0; i < TILE_BYTES / 4; i++) {
        L1_WORD(DRAM_OUT + 4 * i) = 0;
    }
    noc_init(&noc, 0xFFB20000, WR_BUF);
    cb_init(&out, CB_OUT);
    SOFT_RESET_0 = 0;                   /* every core runs */

    for (uint32_t t = 0; t < n; t++) {
        uint32_t p = cb_wait_front(&out);

        noc_write(&noc, TILE_DATA(p), DRAM_OUT, TILE_BYTES);
        noc_write_barrier(&noc);
        cb_pop_front(&out);
    }
    for (unsigned i = 0; i < 1024 && n; i++) {
        uint16_t want = bf16_int(in_a(i) + in_b(i));
        uint16_t got = L1_HALF(DRAM_OUT + 2 * i);

        if (got != want) {
            L1_WORD(L1_FAIL) = i;
            L1_WORD(L1_FAIL + 4) = got;
            L1_WORD(L1_FAIL + 8) = want;
            rc = 1;
            break;
        }
    }
    for (unsigned i = 0; i < 3; i++) {
        rc |= MBOX_FROM_TRISC(i);       /* parks until TRISC i reports */
    }
    while (L1_WORD(L1_NCRISC_DONE) != 1) {
    }
    return rc;
}

void ncrisc_main(void)
{
    uint32_t n = L1_WORD(L1_COUNT);
    LocalCB a, b;
    Noc noc;

    pipe_wait_ready();
    noc_init(&noc, 0xFFB30000, RD_BUF);
    cb_init(&a, CB_A);
    cb_init(&b, CB_B);
    for (uint32_t t = 0; t < n; t++) {
        uint32_t pa = cb_reserve_back(&a);
        uint32_t pb = cb_reserve_back(&b);

        noc_read(&noc, DRAM_A, TILE_DATA(pa), TILE_BYTES);
        noc_read(&noc, DRAM_B, TILE_DATA(pb), TILE_BYTES);
        noc_read_barrier(&noc);
        cb_push_back(&a);
        cb_push_back(&b);
    }
    L1_WORD(L1_NCRISC_DONE) = 1;
}

int trisc0_main(void)
{
    uint32_t n = L1_WORD(L1_COUNT);
    unsigned w0, w1;
    LocalCB a, b;

    for (unsigned i = 0; i < 1024; i++) {
        L1_HALF(DRAM_A + 2 * i) = bf16_int(in_a(i));
        L1_HALF(DRAM_B + 2 * i) = bf16_int(in_b(i));
    }
    pipe_config(CB_BASE(CB_A), CB_BASE(CB_B));
    w0 = CFG_W(THCON_SEC0_REG3_Base_address);
    w1 = w0 + UNP_SEC;
    cb_init(&a, CB_A);
    cb_init(&b, CB_B);
    L1_WORD(L1_READY) = READY_MAGIC;
    for (uint32_t t = 0; t < n; t++) {
        uint32_t pa = cb_wait_front(&a);
        uint32_t pb = cb_wait_front(&b);

        CFG[w0] = pa >> 4;
        CFG[w1] = pb >> 4;
        push(stallwait(STALL_UNPACK, WAIT_TRISC_CFG));
        unpack_tile();
        tt_sync();
        cb_pop_front(&a);
        cb_pop_front(&b);
    }
    tt_sync();
    return 0;
}

int trisc1_main(void)
{
    uint32_t n = L1_WORD(L1_COUNT);

    pipe_wait_ready();
    math_init();
    for (uint32_t t = 0; t < n; t++) {
        math_tile();
    }
    tt_sync();
    return 0;
}

int trisc2_main(void)
{
    uint32_t n = L1_WORD(L1_COUNT);
    unsigned dest;
    LocalCB out;

    pipe_wait_ready();
    dest = (bh ? TT_BH_CFG_THCON_SEC0_REG1_Row_start_section_size_ADDR32
               : TT_WH_CFG_THCON_SEC0_REG1_Row_start_section_size_ADDR32) + 1;
    pack_init();
    cb_init(&out, CB_OUT);
    for (uint32_t t = 0; t < n; t++) {
        uint32_t p = cb_reserve_back(&out);

        CFG[dest] = (1u << 31) | (p >> 4);
        push(stallwait(STALL_PACK, WAIT_TRISC_CFG));
        pack_tile();
        tt_sync();
        cb_push_back(&out);
    }
    tt_sync();
    return 0;
}
