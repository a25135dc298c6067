/*
 * ttfw: device-side definitions shared by the firmware and the kernels
 *
 * Build with -DTT_ARCH_BH or -DTT_ARCH_WH.  The L1 layout and message
 * values are in ttfw_layout.h (shared with the host launcher); this file
 * selects the architecture's values and adds the register addresses and
 * the kernel ABI (struct ttfw_kargs).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef TTFW_H
#define TTFW_H

#include <stdint.h>
#include <stdbool.h>
#include "ttfw_layout.h"

#if defined(TT_ARCH_BH)
#define TTFW_ARCH(name)             TTFW_BH_##name
#elif defined(TT_ARCH_WH)
#define TTFW_ARCH(name)             TTFW_WH_##name
#else
#error "define TT_ARCH_BH or TT_ARCH_WH"
#endif

#define TTFW_KERNEL_CONFIG_BASE     TTFW_ARCH(KERNEL_CONFIG_BASE)
#define TTFW_BANK_TO_NOC_SCRATCH    TTFW_ARCH(BANK_TO_NOC_SCRATCH)
#define TTFW_NUM_DRAM_BANKS         TTFW_ARCH(NUM_DRAM_BANKS)
#define TTFW_LOCAL_SIZE_BNC         TTFW_ARCH(LOCAL_SIZE_BNC)
#define TTFW_LOCAL_SIZE_T           TTFW_ARCH(LOCAL_SIZE_T)
#define TTFW_CB_TILES_RECEIVED(i)   TTFW_ARCH(CB_TILES_RECEIVED(i))
#define TTFW_CB_TILES_ACKED(i)      TTFW_ARCH(CB_TILES_ACKED(i))

/* MMIO, and L1 the host and the other cores read and write: volatile */
#define TTFW_REG(a)     (*(volatile uint32_t *)(uintptr_t)(a))  /* MMIO */
#define TTFW_L1_8(a)    (*(volatile uint8_t *)(uintptr_t)(a))   /* L1 */
#define TTFW_L1_16(a)   (*(volatile uint16_t *)(uintptr_t)(a))  /* L1 */
#define TTFW_L1_32(a)   (*(volatile uint32_t *)(uintptr_t)(a))  /* L1 */

/* ------------------------------------------------------------------ */
/* Registers (reference/address-map.md)                               */
/* ------------------------------------------------------------------ */

/* Tile control / debug */
#define TTFW_RESET_NCRISC           (1u << 18)
#define TTFW_BH_TRISC_RESET_PC(t)   (0xFFB12228u + 4u * (t))
#define TTFW_BH_TRISC_RESET_PC_EN   0xFFB12234u
#define TTFW_BH_NCRISC_RESET_PC     0xFFB12238u
#define TTFW_BH_NCRISC_RESET_PC_EN  0xFFB1223Cu
#define TTFW_BH_DEST_CG_CTRL        0xFFB12240u

/* TDMA-RISC (mover) */
#define TTFW_TDMA_XMOV_SRC          0xFFB11000u
#define TTFW_TDMA_XMOV_DST          0xFFB11004u
#define TTFW_TDMA_XMOV_SIZE         0xFFB11008u
#define TTFW_TDMA_XMOV_DIR          0xFFB1100Cu
#define TTFW_TDMA_COMMAND           0xFFB11010u
#define TTFW_TDMA_STATUS            0xFFB11014u
#define TTFW_TDMA_CLK_GATE_EN       0xFFB11024u
#define TTFW_TDMA_CMD_MOVER0        0x40u
#define TTFW_XMOV_L1_TO_L0          1u
#define TTFW_TDMA_ST_MOVER0_BUSY    0x01u
#define TTFW_TDMA_ST_FIFO_EMPTY     0x08u
#define TTFW_MOVER_VIEW_IRAM        0x4000u     /* 16-byte units */

/* TENSIX_CFG words (state 0) */
#define TTFW_CFG(w)                 TTFW_REG(0xFFEF0000u + 4u * (w))
#define TTFW_CFG_ECC_SCRUBBER       3u
#if defined(TT_ARCH_BH)
#define TTFW_CFG_IC_INVALIDATE      185u
#else
#define TTFW_CFG_IC_INVALIDATE      157u
#define TTFW_CFG_TRISC_RESET_PC(t)  (158u + (t))
#define TTFW_CFG_TRISC_RESET_PC_EN  161u
#define TTFW_CFG_NCRISC_RESET_PC    162u
#define TTFW_CFG_NCRISC_RESET_PC_EN 163u
#endif
#define TTFW_IC_INVALIDATE_ALL      0x1Fu

/* Tensix windows */
#define TTFW_REGFILE                0xFFE00000u
#define TTFW_INSTRN_BUF(t)          (0xFFE40000u + 0x10000u * (t))
#define TTFW_TTSYNC                 0xFFE80004u

/* ------------------------------------------------------------------ */
/* NoC NIU (reference/address-map.md section 5)                       */
/* ------------------------------------------------------------------ */

#if defined(TT_ARCH_BH)
#define TTFW_NOC_BUF_STRIDE         0x800u
#define TTFW_NOC_AT_DATA            0x28u
#define TTFW_NOC_CMD_CTRL           0x40u
#define TTFW_NOC_NODE_ID            0x44u
#else
#define TTFW_NOC_BUF_STRIDE         0x400u
#define TTFW_NOC_AT_DATA            0x24u
#define TTFW_NOC_CMD_CTRL           0x28u
#define TTFW_NOC_NODE_ID            0x2Cu
#endif
#define TTFW_NOC_TARG_ADDR_LO       0x00u
#define TTFW_NOC_TARG_ADDR_MID      0x04u
#define TTFW_NOC_TARG_ADDR_HI       0x08u
#define TTFW_NOC_RET_ADDR_LO        0x0Cu
#define TTFW_NOC_RET_ADDR_MID       0x10u
#define TTFW_NOC_RET_ADDR_HI        0x14u
#define TTFW_NOC_PACKET_TAG         0x18u
#define TTFW_NOC_CTRL               0x1Cu
#define TTFW_NOC_AT_LEN_BE          0x20u

#define TTFW_NOC_BASE(n)            (0xFFB20000u + 0x10000u * (n))
#define TTFW_NOC_REG(n, b, off) \
    TTFW_REG(TTFW_NOC_BASE(n) + (b) * TTFW_NOC_BUF_STRIDE + (off))
#define TTFW_NOC_CFG(n, i) \
    TTFW_REG(TTFW_NOC_BASE(n) + 0x100u + 4u * (i))
#define TTFW_NOC_STATUS(n, i) \
    TTFW_REG(TTFW_NOC_BASE(n) + 0x200u + 4u * (i))
#define TTFW_NIU_CFG_0              0u
#define TTFW_ROUTER_CFG_0           1u

/* tt-metal command buffer roles */
#define TTFW_NOC_WR_BUF             0u
#define TTFW_NOC_RD_BUF             1u
#define TTFW_NOC_WR_REG_BUF         2u
#define TTFW_NOC_AT_BUF             3u

#define TTFW_NOC_CMD_AT             (1u << 0)
#define TTFW_NOC_CMD_WR             (1u << 1)
#define TTFW_NOC_CMD_WR_INLINE      (1u << 3)
#define TTFW_NOC_CMD_RESP_MARKED    (1u << 4)
#define TTFW_NOC_CMD_VC_STATIC      (1u << 7)
#define TTFW_NOC_CMD_STATIC_VC(v)   ((uint32_t)(v) << 13)
#define TTFW_NOC_AT_INS_INCR_GET    (1u << 12)
#define TTFW_NOC_AT_WRAP(w)         ((uint32_t)(w) << 2)

/* NOC_STATUS counters */
#define TTFW_NIU_MST_ATOMIC_RESP_RECEIVED   0x0u
#define TTFW_NIU_MST_WR_ACK_RECEIVED        0x1u
#define TTFW_NIU_MST_RD_RESP_RECEIVED       0x2u
#define TTFW_NIU_MST_NONPOSTED_WR_REQ_SENT  0xAu
#define TTFW_NIU_MST_POSTED_WR_REQ_SENT     0xBu

/* NoC address (tt-metal convention): y << 42 | x << 36 | local */
#define TTFW_NOC_XY_ADDR(x, y, a) \
    (((uint64_t)(y) << 42) | ((uint64_t)(x) << 36) | (uint64_t)(a))

/* ------------------------------------------------------------------ */
/* Kernel ABI                                                         */
/* ------------------------------------------------------------------ */

/*
 * Local circular-buffer interface, filled by the firmware from the CB
 * config words before each kernel (tt-metal LocalCBInterface).  BRISC and
 * NCRISC: bytes; TRISCs: 16-byte units (addresses >> 4), like tt-metal.
 */
typedef struct ttfw_cb {
    uint32_t fifo_size;
    uint32_t fifo_limit;
    uint32_t fifo_page_size;
    uint32_t fifo_num_pages;
    uint32_t fifo_rd_ptr;
    uint32_t fifo_wr_ptr;
} ttfw_cb;

/*
 * What the firmware hands a kernel (pointer in a0).  tt-metal links its
 * kernels against the firmware's globals instead; ttfw kernels are linked
 * on their own, so everything they need is passed here.
 */
typedef struct ttfw_kargs {
    volatile uint32_t *rta;         /* runtime args of the kernel's class */
    volatile uint32_t *crta;        /* common runtime args */
    volatile uint32_t *sem;         /* semaphore 0 (16 bytes apart) */
    ttfw_cb *cb;                    /* [TTFW_NUM_CBS] */
    uint32_t kernel_config_base;
    uint32_t kernel_entry;          /* where the firmware called it */
    uint8_t proc;                   /* TTFW_PROC_* */
    uint8_t noc_index;              /* the NoC this kernel should use */
    uint8_t my_x[2], my_y[2];       /* this tile on NoC 0 / NoC 1 */
    uint8_t noc_size_x, noc_size_y;
    uint8_t num_dram_banks;
    const uint16_t *dram_bank_to_noc_xy;    /* [2][num_dram_banks] */
    const int32_t *bank_to_dram_offset;     /* [num_dram_banks] */
} ttfw_kargs;

#define TTFW_SEM_ADDR(k, i) \
    (&TTFW_L1_32((uintptr_t)(k)->sem + TTFW_KCFG_SEM_STRIDE * (i)))

typedef void (*ttfw_kernel_fn)(const ttfw_kargs *args);

/* ------------------------------------------------------------------ */
/* Small helpers                                                      */
/* ------------------------------------------------------------------ */

static inline void ttfw_waypoint(unsigned core, uint32_t four_chars)
{
    TTFW_L1_32(TTFW_WAYPOINT(core)) = four_chars;
}

/* 'A','B','C','D' -> bytes in memory order */
#define TTFW_WP(a, b, c, d) \
    ((uint32_t)(a) | (uint32_t)(b) << 8 | (uint32_t)(c) << 16 | \
     (uint32_t)(d) << 24)

#endif
