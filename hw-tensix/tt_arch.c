/*
 * Tenstorrent Tensix tile: per-architecture parameter tables
 *
 * Sources: tt-isa-documentation (WormholeB0, BlackholeA0: BabyRISCV/README.md
 * memory maps, PushTensixInstruction.md, REPLAY.md, BackendConfiguration.md)
 * and, for configuration word indices and sizes, tt-metal's cfg_defines.h
 * through the generated tt_cfg_defs.h.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/units.h"
#include "target/riscv/cpu-qom.h"
#include "tt_arch.h"
#include "tt_cfg_defs.h"

const char *const tt_core_name[TT_NUM_CORES] = {
    "BRISC", "NCRISC", "TRISC0", "TRISC1", "TRISC2",
};

const char *const tt_core_id[TT_NUM_CORES] = {
    "brisc", "ncrisc", "trisc0", "trisc1", "trisc2",
};

static const TTArchInfo tt_arch_table[TT_ARCH__MAX] = {
    [TT_ARCH_WORMHOLE_B0] = {
        .id = TT_ARCH_WORMHOLE_B0,
        .name = "wormhole_b0",
        .cpu_type = TYPE_RISCV_CPU_TT_WH,
        .clock_hz = 1000000000ULL,
        .l1_size = 1464 * KiB,
        .local_ram_size = { 4 * KiB, 4 * KiB, 2 * KiB, 2 * KiB, 2 * KiB },
        .ncrisc_iram_size = 16 * KiB,
        .has_local_ram_alias = false,
        .tdma_noc_visible = true,
        .default_reset_pc = { 0x0, 0x12000, 0x6000, 0xA000, 0xE000 },
        .reset_pc_in_cfg = true,
        .cfg_trisc_reset_pc = TT_WH_CFG_TRISC_RESET_PC_SEC0_PC_ADDR32,
        .cfg_trisc_reset_pc_en =
            TT_WH_CFG_TRISC_RESET_PC_OVERRIDE_Reset_PC_Override_en_ADDR32,
        .cfg_ncrisc_reset_pc = TT_WH_CFG_NCRISC_RESET_PC_PC_ADDR32,
        .cfg_ncrisc_reset_pc_en =
            TT_WH_CFG_NCRISC_RESET_PC_OVERRIDE_Reset_PC_Override_en_ADDR32,
        /* TensixFrontend diagram: FIFOs of 32, 16 and 16 entries */
        .fifo_accept_max = { 31, 15, 15 },
        .replay_len0 = 32,
        /* Config[0], Config[1], ThreadConfig[3] of 16 B */
        .cfg_state_words = TT_WH_CFG_STATE_SIZE * 4,
        .cfg_state1_offset = TT_WH_CFG_STATE_SIZE * 16,         /* 0x2F0 */
        .cfg_dual_offset = 0,
        .cfg_global_base = TT_WH_CFG_GLOBAL_CFGREG_BASE_ADDR32,
        .thd_cfg_offset = 2 * TT_WH_CFG_STATE_SIZE * 16,        /* 0x5E0 */
        .thd_cfg_words = TT_WH_THD_STATE_SIZE,
        .thd_cfg_entry = 16,
        .thd_cfg_stride = TT_WH_THD_STATE_SIZE * 16,            /* 0x390 */
    },
    [TT_ARCH_BLACKHOLE] = {
        .id = TT_ARCH_BLACKHOLE,
        .name = "blackhole",
        .cpu_type = TYPE_RISCV_CPU_TT_BH,
        .trisc2_cpu_type = TYPE_RISCV_CPU_TT_BH_T2,     /* part of V */
        .clock_hz = 1350000000ULL,
        .l1_size = 1536 * KiB,
        .local_ram_size = { 8 * KiB, 8 * KiB, 4 * KiB, 4 * KiB, 4 * KiB },
        .ncrisc_iram_size = 0,
        .has_local_ram_alias = true,
        .local_ram_clears_on_release = true,
        .has_dst_riscv_window = true,   /* BlackholeA0 Dst.md */
        .has_dest_cg_ctrl = true,       /* tt-metal tensix.h */
        .default_reset_pc = { 0x0, 0x12000, 0x6000, 0xA000, 0xE000 },
        .reset_pc_in_cfg = false,
        /* 32 only through .ttinsn fusion; single pushes stop at 29 */
        .fifo_accept_max = { 28, 28, 28 },
        .replay_len0 = 32,
        /* Config[0], Config[1], ConfigDualWrite, ThreadConfig[3] of 4 B */
        .cfg_state_words = TT_BH_CFG_STATE_SIZE * 4,
        .cfg_state1_offset = TT_BH_CFG_STATE_SIZE * 16,         /* 0x380 */
        .cfg_dual_offset = 2 * TT_BH_CFG_STATE_SIZE * 16,       /* 0x700 */
        .cfg_global_base = TT_BH_CFG_GLOBAL_CFGREG_BASE_ADDR32,
        .thd_cfg_offset = 3 * TT_BH_CFG_STATE_SIZE * 16,        /* 0xA80 */
        .thd_cfg_words = TT_BH_THD_STATE_SIZE,
        .thd_cfg_entry = 4,
        .thd_cfg_stride = TT_BH_THD_STATE_SIZE * 4,             /* 0x110 */
    },
};

const TTArchInfo *tt_arch_get(TTArchId id)
{
    assert(id < TT_ARCH__MAX);
    return &tt_arch_table[id];
}

