/*
 * qemu-tensix benchmark firmware: a 1 MiB NoC transfer between two tiles
 *
 * Machine: a 2x1 grid (-M tt-blackhole,grid-width=2 or tt-wormhole,...),
 * the same ELF on both tiles.  The runner's parameter words reach tile
 * (0,0) only (the generic loader writes system addresses, which are tile
 * (0,0)'s L1): BRISC of tile (1,0), which finds no initiator word, spins
 * on an L1 word nobody writes (spin-park parks it; a core parked on a
 * mailbox would be reported as a deadlock); BRISC of tile (0,0)
 * moves 1 MiB between
 * its L1 and tile (1,0)'s, COUNT times, through NoC 0, as tt-metal's
 * dataflow API does it (noc_init, noc_local_state_init,
 * noc_async_write / noc_async_read in NOC_MAX_BURST_SIZE pieces, then
 * noc_async_write_barrier / noc_async_read_barrier; the register usage of
 * tests-qtest/firmware/noc_loopback.c):
 *
 *   mode 0 (write): non-posted writes of L1 0x40000..0x13FFFF to the
 *     same addresses of tile (1,0), 16 KiB per request on Blackhole,
 *     8 KiB on Wormhole, then wait for every write's acknowledgement;
 *   mode 1 (read): reads of tile (1,0)'s 0x40000..0x13FFFF into the same
 *     addresses of the local L1, then wait for every response.
 *
 * Then, in both modes, it checks the data path once: it writes a pattern
 * to tile (1,0), clears its own copy, reads it back and compares every
 * word; the exit status (semihosting) is 1 if a word is wrong.  The
 * runner (run-bench-noc.sh) times two COUNTs, so QEMU's start-up, the
 * pattern, the check and the exit cancel out.
 *
 * Parameter words (-device loader): L1 0x20000 COUNT, 0x20004 1 on
 * Blackhole, 0x20008 the mode, 0x2000C 1 (the initiator).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdint.h>
#include <stdbool.h>

#define L1_WORD(a)          (*(volatile uint32_t *)(uintptr_t)(a))
#define L1_COUNT            0x20000u
#define L1_IS_BH            0x20004u
#define L1_MODE             0x20008u
#define L1_INITIATOR        0x2000Cu

#define BUF                 0x40000u    /* 1 MiB, both tiles */
#define BUF_LEN             0x100000u

#define L1_NEVER            0x20010u    /* stays 0 */
#define BRISC_STACK_TOP     0xFFB00800u /* in BRISC's local RAM */

/* NIU 0 (MemoryMap.md; tests-qtest/firmware/noc_loopback.c) */
#define NOC_BASE            0xFFB20000u
#define NOC_TARG_ADDR_LO    0x00u
#define NOC_RET_ADDR_LO     0x0Cu
#define NOC_CTRL            0x1Cu
#define NOC_AT_LEN_BE       0x20u
#define NOC_STATUS(i)       L1_WORD(NOC_BASE + 0x200u + 4u * (i))
#define MST_WR_ACK_RECEIVED         0x1u
#define MST_RD_RESP_RECEIVED        0x2u
#define MST_NONPOSTED_WR_REQ_SENT   0xAu

/* tt-metal buffer roles */
#define WR_BUF              0
#define RD_BUF              1

#define CMD_WR              (1u << 1)
#define CMD_RESP_MARKED     (1u << 4)
#define CMD_VC_STATIC       (1u << 7)
#define CMD_STATIC_VC(v)    ((uint32_t)(v) << 13)

/* What differs between the architectures (set from L1_IS_BH) */
static uint32_t buf_stride, cmd_ctrl_off, node_id_off, max_burst;
static bool bh;

static volatile uint32_t *noc_reg(int b, uint32_t off)
{
    return &L1_WORD(NOC_BASE + b * buf_stride + off);
}

/* Coordinates + local address into TARG (@ret false) or RET */
static void set_coord(int b, bool ret, uint32_t xy, uint32_t addr)
{
    uint32_t lo = ret ? NOC_RET_ADDR_LO : NOC_TARG_ADDR_LO;

    *noc_reg(b, lo) = addr;
    if (bh) {
        *noc_reg(b, lo + 4) = 0;
        *noc_reg(b, lo + 8) = xy;           /* x | y << 6 */
    } else {
        *noc_reg(b, lo + 4) = xy << 4;      /* x << 4 | y << 10 */
    }
}

static void buf_ready(int b)
{
    while (*noc_reg(b, cmd_ctrl_off) != 0) {
    }
}

static void wait_status(uint32_t i, uint32_t want)
{
    while (NOC_STATUS(i) != want) {
    }
}

static uint32_t writes_issued, writes_acked, reads_issued;

/* noc_async_write: @len bytes from local @src to @dst of tile @xy */
static void noc_write(uint32_t xy, uint32_t src, uint32_t dst, uint32_t len)
{
    while (len) {
        uint32_t n = len < max_burst ? len : max_burst;

        buf_ready(WR_BUF);
        *noc_reg(WR_BUF, NOC_CTRL) = CMD_WR | CMD_VC_STATIC |
                                     CMD_STATIC_VC(1) | CMD_RESP_MARKED;
        *noc_reg(WR_BUF, NOC_TARG_ADDR_LO) = src;
        set_coord(WR_BUF, true, xy, dst);
        *noc_reg(WR_BUF, NOC_AT_LEN_BE) = n;
        *noc_reg(WR_BUF, cmd_ctrl_off) = 1;
        writes_issued++;
        writes_acked++;
        src += n;
        dst += n;
        len -= n;
    }
}

/* noc_async_read: @len bytes from @src of tile @xy to local @dst */
static void noc_read(uint32_t xy, uint32_t src, uint32_t dst, uint32_t len)
{
    while (len) {
        uint32_t n = len < max_burst ? len : max_burst;

        buf_ready(RD_BUF);
        *noc_reg(RD_BUF, NOC_RET_ADDR_LO) = dst;
        set_coord(RD_BUF, false, xy, src);
        *noc_reg(RD_BUF, NOC_AT_LEN_BE) = n;
        *noc_reg(RD_BUF, cmd_ctrl_off) = 1;
        reads_issued++;
        src += n;
        dst += n;
        len -= n;
    }
}

static void write_barrier(void)
{
    wait_status(MST_NONPOSTED_WR_REQ_SENT, writes_issued);
    wait_status(MST_WR_ACK_RECEIVED, writes_acked);
}

static void read_barrier(void)
{
    wait_status(MST_RD_RESP_RECEIVED, reads_issued);
}

static uint32_t pattern(uint32_t i)
{
    return i * 0x9E3779B1u + 0x1234567u;
}

static void park(void)
{
    for (;;) {
        while (L1_WORD(L1_NEVER) == 0) {
        }
    }
}

static void semihost_exit(uint32_t code)
{
    static volatile uint32_t block[2];

    block[0] = 0x20026;             /* ADP_Stopped_ApplicationExit */
    block[1] = code;
    register uint32_t a0 __asm__("a0") = 0x20;      /* SYS_EXIT_EXTENDED */
    register uint32_t a1 __asm__("a1") = (uint32_t)(uintptr_t)block;
    __asm__ volatile(".option push\n\t.option norvc\n\t"
                     ".balign 16\n\t"
                     "slli zero, zero, 0x1f\n\t"
                     "ebreak\n\t"
                     "srai zero, zero, 7\n\t"
                     ".option pop"
                     : : "r"(a0), "r"(a1) : "memory");
    park();
}

void brisc_main(void)
{
    uint32_t count = L1_WORD(L1_COUNT), mode = L1_WORD(L1_MODE);
    uint32_t my_xy, peer_xy, bad = 0;

    if (L1_WORD(L1_INITIATOR) != 1) {
        park();                         /* tile (1,0): the peer */
    }
    bh = L1_WORD(L1_IS_BH) != 0;
    buf_stride = bh ? 0x800u : 0x400u;
    cmd_ctrl_off = bh ? 0x40u : 0x28u;
    node_id_off = bh ? 0x44u : 0x2Cu;
    max_burst = bh ? 16384u : 8192u;    /* NOC_MAX_BURST_SIZE */

    my_xy = *noc_reg(0, node_id_off) & 0xFFF;  /* x | y << 6: (0,0) */
    peer_xy = my_xy + 1;                        /* (1,0) */

    /* noc_init: fixed coordinates per buffer role */
    set_coord(WR_BUF, false, my_xy, 0);
    *noc_reg(RD_BUF, NOC_CTRL) = CMD_RESP_MARKED | CMD_VC_STATIC |
                                 CMD_STATIC_VC(1);
    set_coord(RD_BUF, true, my_xy, 0);
    /* noc_local_state_init */
    writes_issued = NOC_STATUS(MST_NONPOSTED_WR_REQ_SENT);
    writes_acked = NOC_STATUS(MST_WR_ACK_RECEIVED);
    reads_issued = NOC_STATUS(MST_RD_RESP_RECEIVED);

    for (uint32_t k = 0; k < count; k++) {
        if (mode == 0) {
            noc_write(peer_xy, BUF, BUF, BUF_LEN);
            write_barrier();
        } else {
            noc_read(peer_xy, BUF, BUF, BUF_LEN);
            read_barrier();
        }
    }

    /* The check: pattern out, local copy cleared, read back */
    for (uint32_t i = 0; i < BUF_LEN / 4; i++) {
        L1_WORD(BUF + 4 * i) = pattern(i);
    }
    noc_write(peer_xy, BUF, BUF, BUF_LEN);
    write_barrier();
    for (uint32_t i = 0; i < BUF_LEN / 4; i++) {
        L1_WORD(BUF + 4 * i) = 0;
    }
    noc_read(peer_xy, BUF, BUF, BUF_LEN);
    read_barrier();
    for (uint32_t i = 0; i < BUF_LEN / 4; i++) {
        bad += L1_WORD(BUF + 4 * i) != pattern(i);
    }
    semihost_exit(bad != 0);
}

__asm__(".pushsection .text.brisc, \"ax\"\n"
        ".globl _start\n"
        "_start:\n"
        "    li sp, 0xFFB00800\n"            /* BRISC_STACK_TOP */
        "    call brisc_main\n"
        "1:  j 1b\n"
        ".popsection");
