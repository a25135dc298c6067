/*
 * qemu-tensix benchmark firmware: a 128x128x128 BF16 matmul on one tile or
 * shared by a grid of tiles (issue 12).
 *
 * C (128x128) = A (128x128) @ B (128x128), each matrix 4x4 tiles of 32x32
 * BF16 (bench-tile.h's tile format: a 16-byte header, then faces 0..3).
 * Output tile (I, J) = sum over K of A(I, K) @ B(K, J), computed as
 * bench-matmul.c computes one tile, with the sum kept in Dst: for each
 * K, A(I, K) is unpacked into SrcB and B(K, J) into SrcA (one UNPACR
 * each, handing the bank over), 16 MVMULs per fidelity phase add the
 * product to Dst rows 0..63 (LoFi: one phase, L1 0x20008 = 0; HiFi4: four,
 * = 1), SETRWC gives the banks back and clears the counters; after the
 * fourth K one PACR packs the tile to C and ZEROACC clears Dst rows 0..63.
 * The tile addresses change from step to step by WRCFG from GPRs
 * loaded beforehand (unpacker 0 and 1 Base_address, packer 0
 * L1_Dest_addr), in the instruction stream, so TRISC0 never waits for the
 * coprocessor (the model's units retire at once; silicon would want a
 * STALLWAIT or a second Config state before each WRCFG, as tt-llk
 * does).  All in Tensix thread 0 of each tile.
 *
 * Tiles: the same ELF runs on every tile of the grid; the runner loads the
 * parameter words into each tile's L1 (system address (y << 42) | (x << 36)
 * | 0x20000).  Tile index n = y * GRID_W + x from NOC_NODE_ID (the first
 * tile is at (0,0)); of NTILES tiles, tile n computes output tiles
 * 16 n / NTILES .. 16 (n + 1) / NTILES - 1 (NTILES divides 16), COUNT + 1
 * times (the last one is checked), then checks its C tiles against sums
 * worked out here in integers: A's entries are 1.0 or 2.0 and B's 0.0 or
 * 1.0, so every partial sum is an integer of at most 256, exact in BF16
 * (the phases past LoFi add zeroes).  BRISC of tile n > 0 then writes
 * its status (0x100 | failed) by a NoC 0 write into tile (0,0)'s L1
 * (0x20400 + 64 n), as tt-metal's noc_async_write does (bench-noc.c),
 * and parks; BRISC of tile (0,0) waits for every other tile's word and
 * exits through semihosting with 0 if every tile found its C right.
 *
 * Parameter words: L1 0x20000 COUNT, 0x20004 1 on Blackhole, 0x20008 the
 * fidelity (0 LoFi, 1 HiFi4), 0x2000C NTILES, 0x20010 GRID_W.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "bench-tile.h"

#define L1_NTILES           0x2000Cu
#define L1_GRID_W           0x20010u
#define L1_NEVER            0x20014u    /* stays 0: parked cores poll it */
#define L1_DONE_SRC         0x20200u    /* a tile's status, sent to (0,0) */
#define L1_DONE(n)          (0x20400u + 64u * (n))  /* at tile (0,0) */

/* The matrices: 16 tiles each, 4 KiB apart (tile t = row * 4 + column) */
#define MAT_A               0x40000u
#define MAT_B               0x50000u
#define MAT_C               0x60000u
#define MTILE(m, t)         ((m) + 0x1000u * (t))

/* GPRs of thread 0 holding the tile addresses (16-byte units) */
#define GPR_A(t)            (8u + (t))
#define GPR_B(t)            (24u + (t))
#define GPR_C(t)            (40u + (t))
#define TRISC_GPR           ((volatile uint32_t *)0xFFE00000)

#define OP_WRCFG            0xB0u

#define MBOX_TO_BRISC       ((volatile uint32_t *)0xFFEC0000)
#define MBOX_FROM_TRISC0    ((volatile uint32_t *)0xFFEC1000)
#define SOFT_RESET_0        ((volatile uint32_t *)0xFFB121B0)
#define RELEASE_TRISC0      0x46000u    /* all held but BRISC and TRISC0 */

int trisc0_main(void);
void brisc_main(void);

/* A(r, k): 1 or 2; B(k, c): 0 or 1, from a hash of the position */
static unsigned a_val(unsigned r, unsigned k)
{
    return 1 + (((r * 128 + k) * 0x9E3779B1u) >> 31);
}

static unsigned b_val(unsigned k, unsigned c)
{
    return ((16384 + k * 128 + c) * 0x9E3779B1u) >> 31;
}

/* BF16 of the integer @n, 0 <= @n <= 256 (exact) */
static uint16_t bf16_int(unsigned n)
{
    unsigned p = 8;

    if (!n) {
        return 0;
    }
    while (!(n >> p)) {
        p--;
    }
    return (uint16_t)(((127 + p) << 7) | ((n << 7 >> p) & 0x7f));
}

static uint32_t wrcfg(unsigned gpr, unsigned word)
{
    return (OP_WRCFG << 24) | (gpr << 16) | word;
}

/* ADDR_MOD_AB_SEC@n / ADDR_MOD_DST_SEC@n words, by SETC16 (bench-matmul.c) */
static void set_addr_mod(unsigned n, uint32_t ab, uint32_t dst)
{
    static const unsigned ab_wh[4] = {
        TT_WH_THD_ADDR_MOD_AB_SEC0_SrcAIncr_ADDR32,
        TT_WH_THD_ADDR_MOD_AB_SEC1_SrcAIncr_ADDR32,
        TT_WH_THD_ADDR_MOD_AB_SEC2_SrcAIncr_ADDR32,
        TT_WH_THD_ADDR_MOD_AB_SEC3_SrcAIncr_ADDR32,
    };
    static const unsigned ab_bh[4] = {
        TT_BH_THD_ADDR_MOD_AB_SEC0_SrcAIncr_ADDR32,
        TT_BH_THD_ADDR_MOD_AB_SEC1_SrcAIncr_ADDR32,
        TT_BH_THD_ADDR_MOD_AB_SEC2_SrcAIncr_ADDR32,
        TT_BH_THD_ADDR_MOD_AB_SEC3_SrcAIncr_ADDR32,
    };
    static const unsigned dst_wh[4] = {
        TT_WH_THD_ADDR_MOD_DST_SEC0_DestIncr_ADDR32,
        TT_WH_THD_ADDR_MOD_DST_SEC1_DestIncr_ADDR32,
        TT_WH_THD_ADDR_MOD_DST_SEC2_DestIncr_ADDR32,
        TT_WH_THD_ADDR_MOD_DST_SEC3_DestIncr_ADDR32,
    };
    static const unsigned dst_bh[4] = {
        TT_BH_THD_ADDR_MOD_DST_SEC0_DestIncr_ADDR32,
        TT_BH_THD_ADDR_MOD_DST_SEC1_DestIncr_ADDR32,
        TT_BH_THD_ADDR_MOD_DST_SEC2_DestIncr_ADDR32,
        TT_BH_THD_ADDR_MOD_DST_SEC3_DestIncr_ADDR32,
    };

    push(setc16(bh ? ab_bh[n] : ab_wh[n], ab));
    push(setc16(bh ? dst_bh[n] : dst_wh[n], dst));
}

/* MVMUL, no flips: AddrMod @am (Wormhole bits 16:15, Blackhole 16:14) */
static uint32_t mvmul(unsigned am, unsigned dst_row)
{
    return (OP_MVMUL << 24) | (am << (bh ? 14 : 15)) | dst_row;
}

/* This tile's index in the grid, from NoC 0's NODE_ID (x | y << 6) */
static unsigned tile_number(void)
{
    uint32_t id = L1_WORD(0xFFB20000u + (bh ? 0x44u : 0x2Cu));

    return ((id >> 6) & 0x3f) * L1_WORD(L1_GRID_W) + (id & 0x3f);
}

int trisc0_main(void)
{
    unsigned variant = L1_WORD(L1_VARIANT);
    unsigned phases = variant == 1 ? 4 : 1;
    unsigned ntiles, n, first, last, reps;
    uint32_t a_incr, b_incr, b_cr, fid;
    unsigned unp0_base, unp1_base, pck0_dest;

    bench_init();
    ntiles = L1_WORD(L1_NTILES);
    n = tile_number();
    if (ntiles == 0 || 16 % ntiles || n >= ntiles) {
        return 2;
    }
    first = 16 * n / ntiles;
    last = 16 * (n + 1) / ntiles;
    a_incr = THD_S(ADDR_MOD_AB_SEC0_SrcAIncr);
    b_incr = THD_S(ADDR_MOD_AB_SEC0_SrcBIncr);
    b_cr = 1u << THD_S(ADDR_MOD_AB_SEC0_SrcBCR);
    fid = 1u << THD_S(ADDR_MOD_DST_SEC0_FidelityIncr);
    unp0_base = CFG_W(THCON_SEC0_REG3_Base_address);
    unp1_base = unp0_base + UNP_SEC;
    pck0_dest = (bh ? TT_BH_CFG_THCON_SEC0_REG1_Row_start_section_size_ADDR32
                    : TT_WH_CFG_THCON_SEC0_REG1_Row_start_section_size_ADDR32)
                + 1;

    /* The inputs (all of A and B; C cleared) and the address GPRs */
    for (unsigned r = 0; r < 128; r++) {
        for (unsigned c = 0; c < 128; c++) {
            unsigned t = (r >> 5) * 4 + (c >> 5);
            unsigned i = 2 * tile_index(r & 31, c & 31);

            L1_HALF(TILE_DATA(MTILE(MAT_A, t)) + i) = bf16_int(a_val(r, c));
            L1_HALF(TILE_DATA(MTILE(MAT_B, t)) + i) = bf16_int(b_val(r, c));
            L1_HALF(TILE_DATA(MTILE(MAT_C, t)) + i) = 0xffff;
        }
    }
    for (unsigned t = 0; t < 16; t++) {
        TRISC_GPR[GPR_A(t)] = MTILE(MAT_A, t) >> 4;
        TRISC_GPR[GPR_B(t)] = MTILE(MAT_B, t) >> 4;
        TRISC_GPR[GPR_C(t)] = (1u << 31) | (MTILE(MAT_C, t) >> 4);
    }

    /* Units as bench-matmul.c; SrcA row 0 is OutAddr 64: 128 bytes */
    setup_unpacker(0, MAT_B, false, 128);
    setup_unpacker(1, MAT_A, false, 0);
    setup_packers();
    push(setc16(THD_W(SRCA_SET_SetOvrdWithAddr),
                1u << THD_S(SRCA_SET_SetOvrdWithAddr)));
    push(setadc_x(3, 1, 1023));
    set_addr_mod(0, 8 << b_incr, 0);
    set_addr_mod(1, (16 << a_incr) | b_cr, 0);
    set_addr_mod(2, (16 << a_incr) | (16 << b_incr) | b_cr, 0);
    set_addr_mod(3, (16 << a_incr) | (16 << b_incr) | b_cr, fid);

    /*
     * The replay buffer: 0-1 the two UNPACRs, 2-17 the 16 MVMULs of a
     * phase, 18 SETRWC, 19-20 PACR and ZEROACC of the first half of Dst
     */
    push(replay_load(0, 21));
    push(unpacr(0, true));
    push(unpacr(1, true));
    for (unsigned m = 0; m < 16; m++) {
        unsigned i = m >> 3, j = (m >> 1) & 1, h = m & 1;
        unsigned am = !h ? 0 : !j ? 1 : m == 15 ? 3 : 2;

        push(mvmul(am, 16 * (2 * i + j) + 8 * h));
    }
    push((OP_SETRWC << 24) | (3u << 22) | 0xfu);
    push(PACR_TILE);
    push((OP_ZEROACC << 24) | (2u << 19));

    reps = L1_WORD(L1_COUNT) + 1;
    for (unsigned rep = 0; rep < reps; rep++) {
        for (unsigned t = first; t < last; t++) {
            unsigned ti = t >> 2, tj = t & 3;

            for (unsigned k = 0; k < 4; k++) {
                /* in0 = A(I, K) to SrcB (unpacker 1), in1 = B(K, J) */
                push(wrcfg(GPR_B(k * 4 + tj), unp0_base));
                push(wrcfg(GPR_A(ti * 4 + k), unp1_base));
                push(replay(0, 2));
                for (unsigned p = 0; p < phases; p++) {
                    push(replay(2, 16));
                }
                push(replay(18, 1));
            }
            push(wrcfg(GPR_C(t), pck0_dest));
            push(replay(19, 2));
        }
    }
    tt_sync();

    /* The check: this tile's share of C */
    for (unsigned t = first; t < last; t++) {
        for (unsigned r = 32 * (t >> 2); r < 32 * (t >> 2) + 32; r++) {
            for (unsigned c = 32 * (t & 3); c < 32 * (t & 3) + 32; c++) {
                unsigned sum = 0;
                uint16_t got, want;

                for (unsigned k = 0; k < 128; k++) {
                    sum += a_val(r, k) * b_val(k, c);
                }
                want = bf16_int(sum);
                got = L1_HALF(TILE_DATA(MTILE(MAT_C, t)) +
                              2 * tile_index(r & 31, c & 31));
                if (got != want) {
                    L1_WORD(L1_FAIL) = r * 128 + c;
                    L1_WORD(L1_FAIL + 4) = got;
                    L1_WORD(L1_FAIL + 8) = want;
                    return 1;
                }
            }
        }
    }
    return 0;
}

/* ---------------------------------------------------------------------- */
/* BRISC: release TRISC0, collect the results, exit                       */
/* ---------------------------------------------------------------------- */

#define NOC_BASE            0xFFB20000u
#define NOC_TARG_ADDR_LO    0x00u
#define NOC_RET_ADDR_LO     0x0Cu
#define NOC_CTRL            0x1Cu
#define NOC_AT_LEN_BE       0x20u
#define NOC_STATUS(i)       L1_WORD(NOC_BASE + 0x200u + 4u * (i))
#define MST_WR_ACK_RECEIVED         0x1u
#define MST_NONPOSTED_WR_REQ_SENT   0xAu
#define WR_BUF              0
#define CMD_WR              (1u << 1)
#define CMD_RESP_MARKED     (1u << 4)
#define CMD_VC_STATIC       (1u << 7)
#define CMD_STATIC_VC(v)    ((uint32_t)(v) << 13)

static volatile uint32_t *noc_reg(int b, uint32_t off)
{
    return &L1_WORD(NOC_BASE + b * (bh ? 0x800u : 0x400u) + off);
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

/*
 * noc_async_write of @len bytes from local @src to @dst of tile @xy, then
 * noc_async_write_barrier (bench-noc.c)
 */
static void noc_write_flushed(uint32_t xy, uint32_t src, uint32_t dst,
                              uint32_t len)
{
    uint32_t cmd_ctrl = bh ? 0x40u : 0x28u;
    uint32_t issued = NOC_STATUS(MST_NONPOSTED_WR_REQ_SENT);
    uint32_t acked = NOC_STATUS(MST_WR_ACK_RECEIVED);
    uint32_t my_xy = *noc_reg(0, bh ? 0x44u : 0x2Cu) & 0xFFFu;

    while (*noc_reg(WR_BUF, cmd_ctrl) != 0) {
    }
    set_coord(WR_BUF, false, my_xy, src);       /* the source: this tile */
    *noc_reg(WR_BUF, NOC_CTRL) = CMD_WR | CMD_VC_STATIC | CMD_STATIC_VC(1) |
                                 CMD_RESP_MARKED;
    set_coord(WR_BUF, true, xy, dst);
    *noc_reg(WR_BUF, NOC_AT_LEN_BE) = len;
    *noc_reg(WR_BUF, cmd_ctrl) = 1;
    while (NOC_STATUS(MST_NONPOSTED_WR_REQ_SENT) != issued + 1) {
    }
    while (NOC_STATUS(MST_WR_ACK_RECEIVED) != acked + 1) {
    }
}

/* Spin on an L1 word nobody writes (spin-park parks the core) */
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
    unsigned ntiles, n;
    uint32_t status;

    bh = L1_WORD(L1_IS_BH) != 0;
    ntiles = L1_WORD(L1_NTILES);
    n = tile_number();
    *SOFT_RESET_0 = RELEASE_TRISC0;
    status = *MBOX_FROM_TRISC0;         /* parks until TRISC0 reports */
    if (n != 0) {
        L1_WORD(L1_DONE_SRC) = 0x100u | status;
        noc_write_flushed(0, L1_DONE_SRC, L1_DONE(n), 64);
        park();
    }
    for (unsigned i = 1; i < ntiles; i++) {
        uint32_t w;

        while (!((w = L1_WORD(L1_DONE(i))) & 0x100u)) {
        }
        status |= w & 0xffu;
    }
    semihost_exit(status);
}

__asm__(".pushsection .text.brisc, \"ax\"\n"
        ".globl _start\n"
        "_start:\n"
        "    li sp, 0xFFB00800\n"           /* top of BRISC's local RAM */
        "    call brisc_main\n"
        "1:  j 1b\n"
        ".popsection\n"
        ".pushsection .text.trisc0, \"ax\"\n"
        ".globl _start_trisc0\n"
        "_start_trisc0:\n"
        "    li sp, 0xFFB00800\n"           /* top of TRISC0's local RAM */
        "    call trisc0_main\n"
        "    li t0, 0xFFEC0000\n"           /* MBOX_TO_BRISC */
        "    sw a0, 0(t0)\n"
        "    li t0, 0x20014\n"              /* L1_NEVER: park */
        "2:  lw t1, 0(t0)\n"
        "    beqz t1, 2b\n"
        "    j 2b\n"
        ".popsection");
