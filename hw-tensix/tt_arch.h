/*
 * Tenstorrent Tensix tile: per-architecture parameters
 *
 * Every fact that differs between Wormhole B0 and Blackhole lives in one
 * TTArchInfo table (tt_arch.c), never in scattered constants.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_TENSIX_TT_ARCH_H
#define HW_TENSIX_TT_ARCH_H

#include "tt_isa.h"

/* The five "baby" RISC-V cores of a Tensix tile, in this order. */
enum {
    TT_CORE_BRISC,
    TT_CORE_NCRISC,
    TT_CORE_TRISC0,
    TT_CORE_TRISC1,
    TT_CORE_TRISC2,
    TT_NUM_CORES
};

/* "BRISC", "NCRISC", "TRISC0".. and "brisc", "ncrisc", "trisc0".. */
extern const char *const tt_core_name[TT_NUM_CORES];
extern const char *const tt_core_id[TT_NUM_CORES];

#define TT_NUM_THREADS      3       /* Tensix threads T0..T2 */
#define TT_CORE_IS_TRISC(c) ((c) >= TT_CORE_TRISC0)
#define TT_TRISC_THREAD(c)  ((c) - TT_CORE_TRISC0)

/* Addresses common to both architectures (a core's local view). */
#define TT_LOCAL_RAM_BASE       0xFFB00000u
#define TT_TDMA_RISC_BASE       0xFFB11000u
#define TT_TILE_REGS_BASE       0xFFB12000u
#define TT_PIC_BASE             0xFFB13000u
#define TT_LOCAL_ALIAS_BASE     0xFFB14000u     /* Blackhole only */
#define TT_MOP_CFG_BASE         0xFFB80000u
#define TT_NCRISC_IRAM_BASE     0xFFC00000u     /* Wormhole only */
#define TT_REGFILE_BASE         0xFFE00000u
#define TT_INSTRN_BUF_BASE      0xFFE40000u
#define TT_INSTRN_BUF_STRIDE    0x10000u
#define TT_PC_BUF_BASE          0xFFE80000u
#define TT_PC_BUF_STRIDE        0x10000u
#define TT_MAILBOX_BASE         0xFFEC0000u
#define TT_MAILBOX_STRIDE       0x1000u
#define TT_CFG_BASE             0xFFEF0000u
#define TT_DST_RISCV_BASE       0xFFBD8000u     /* Blackhole TRISCs only */

/* Address of tile (x, y)'s local address A in the NoC (system) view. */
#define TT_NOC_ADDR(x, y, a) \
    (((uint64_t)(y) << 42) | ((uint64_t)(x) << 36) | (uint64_t)(a))
#define TT_NOC_TILE_SPAN        (1ULL << 32)

typedef struct TTArchInfo {
    TTArchId id;
    const char *name;           /* "wormhole_b0", "blackhole" */
    const char *cpu_type;       /* QOM type of the baby cores */
    const char *trisc2_cpu_type;    /* TRISC2's, if it differs */
    uint64_t clock_hz;          /* AI clock: wall clock counter rate */

    uint32_t l1_size;
    uint32_t local_ram_size[TT_NUM_CORES];
    uint32_t ncrisc_iram_size;  /* 0 if the architecture has none */
    bool has_local_ram_alias;   /* slow NoC-visible alias at 0xFFB14000 */
    bool local_ram_clears_on_release;   /* unless DISABLE_RESET says not */
    bool tdma_noc_visible;      /* TDMA-RISC reachable by NCRISC and NoC */
    bool has_dst_riscv_window;  /* TRISCs see Dst at TT_DST_RISCV_BASE */
    bool has_dest_cg_ctrl;      /* tile register DEST_CG_CTRL (0x240) */

    /* Reset PCs (SOFT_RESET_0 release) */
    uint32_t default_reset_pc[TT_NUM_CORES];
    bool reset_pc_in_cfg;       /* Wormhole: overrides live in TENSIX_CFG */
    uint32_t cfg_trisc_reset_pc;        /* Config word index, TRISC0 PC */
    uint32_t cfg_trisc_reset_pc_en;     /* Config word index, enable bits */
    uint32_t cfg_ncrisc_reset_pc;
    uint32_t cfg_ncrisc_reset_pc_en;

    /* Tensix frontend */
    /* Per thread: a push is accepted while the first FIFO holds <= this */
    uint32_t fifo_accept_max[3];
    uint32_t replay_len0;       /* what REPLAY with len 0 means */

    /* Backend configuration space (TENSIX_CFG_BASE) layout */
    uint32_t cfg_state_words;   /* 32-bit words per Config[] state */
    uint32_t cfg_state1_offset; /* byte offset of Config[1] */
    uint32_t cfg_dual_offset;   /* byte offset of ConfigDualWrite, or 0 */
    uint32_t cfg_global_base;   /* words >= this are shared by both states */
    uint32_t thd_cfg_offset;    /* byte offset of ThreadConfig[0][0] */
    uint32_t thd_cfg_words;     /* entries per thread */
    uint32_t thd_cfg_entry;     /* bytes per entry (value in low 16 bits) */
    uint32_t thd_cfg_stride;    /* bytes per thread */
} TTArchInfo;

const TTArchInfo *tt_arch_get(TTArchId id);

#endif
