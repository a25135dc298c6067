/*
 * ttfw: the project's own Tensix firmware, following tt-metal's Dec-2024
 * slow-dispatch protocol (reference/boot-and-launch.md).
 *
 * This header is shared by the device code (firmware, kernels) and the
 * host launcher (tests-qtest/tt-launch.c): plain C constants only, every
 * architecture-specific value in a TTFW_BH_ / TTFW_WH_ pair.
 *
 * Part 1 is tt-metal's Dec-2024 L1 layout (dev_mem_map.h, dev_msgs.h of
 * tt-metal a3801c49, evaluated).  Part 2 are conventions of ttfw itself
 * (marked "ttfw:"), which tt-metal leaves to its build system: where the
 * kernels are linked, the kernel argument block, the debug area.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef TTFW_LAYOUT_H
#define TTFW_LAYOUT_H

/* ------------------------------------------------------------------ */
/* 1. tt-metal Dec-2024: L1 layout of a Tensix worker                 */
/* ------------------------------------------------------------------ */

#define TTFW_MEM_L1_SIZE                0x16E000   /* Dec-2024 headers */
#define TTFW_MEM_NOC_ATOMIC_RET_VAL     0x4
#define TTFW_MEM_L1_BARRIER             0xC
#define TTFW_MEM_MAILBOX_BASE           0x10
#define TTFW_MEM_ZEROS_BASE             0x3000
#define TTFW_MEM_ZEROS_SIZE             512
#define TTFW_MEM_BRISC_FW_BASE          0x3200
#define TTFW_MEM_LOCAL_BASE             0xFFB00000
#define TTFW_MEM_NCRISC_IRAM_BASE       0xFFC00000 /* Wormhole */
#define TTFW_MEM_NCRISC_IRAM_SIZE       0x4000
#define TTFW_MEM_NCRISC_FW_SIZE         1536       /* both archs */
#define TTFW_MEM_TRISC_FW_SIZE          1536
#define TTFW_KERNEL_RING_SIZE           0x11400

/* Blackhole */
#define TTFW_BH_BRISC_FW_SIZE           0x1480
#define TTFW_BH_NCRISC_FW_BASE          0x4680
#define TTFW_BH_TRISC0_FW_BASE          0x4C80
#define TTFW_BH_TRISC1_FW_BASE          0x5280
#define TTFW_BH_TRISC2_FW_BASE          0x5880
#define TTFW_BH_KERNEL_CONFIG_BASE      0x5E80     /* MEM_MAP_END */
#define TTFW_BH_BRISC_SCRATCH           0x5E80     /* INIT_LOCAL_L1 */
#define TTFW_BH_NCRISC_SCRATCH          0x7E80
#define TTFW_BH_TRISC0_SCRATCH          0x9E80
#define TTFW_BH_TRISC1_SCRATCH          0xAE80
#define TTFW_BH_TRISC2_SCRATCH          0xBE80
#define TTFW_BH_BANK_TO_NOC_SCRATCH     0xCE80
#define TTFW_BH_L1_UNRESERVED_BASE      0x17280
#define TTFW_BH_LOCAL_SIZE_BNC          0x2000
#define TTFW_BH_LOCAL_SIZE_T            0x1000

/* Wormhole B0 */
#define TTFW_WH_BRISC_FW_SIZE           0x1500
#define TTFW_WH_NCRISC_FW_BASE          TTFW_MEM_NCRISC_IRAM_BASE
#define TTFW_WH_NCRISC_IRAM_STAGING     0x5900     /* INIT_IRAM_L1 */
#define TTFW_WH_TRISC0_FW_BASE          0x4700
#define TTFW_WH_TRISC1_FW_BASE          0x4D00
#define TTFW_WH_TRISC2_FW_BASE          0x5300
#define TTFW_WH_NOC_COUNTER_BASE        0x6F00
#define TTFW_WH_KERNEL_CONFIG_BASE      0x6F10
#define TTFW_WH_BRISC_SCRATCH           0x6F10
#define TTFW_WH_NCRISC_SCRATCH          0x7F10
#define TTFW_WH_TRISC0_SCRATCH          0x8F10
#define TTFW_WH_TRISC1_SCRATCH          0x9710
#define TTFW_WH_TRISC2_SCRATCH          0x9F10
#define TTFW_WH_BANK_TO_NOC_SCRATCH     0xA710
#define TTFW_WH_L1_UNRESERVED_BASE      0x18320
#define TTFW_WH_LOCAL_SIZE_BNC          0x1000
#define TTFW_WH_LOCAL_SIZE_T            0x0800

/* mailboxes_t at 0x10 (identical on both architectures) */
#define TTFW_NCRISC_RESUME_ADDR         0x10   /* ncrisc_halt.resume_addr */
#define TTFW_NCRISC_STACK_SAVE          0x14   /* ncrisc_halt.stack_save */
#define TTFW_SLAVE_SYNC                 0x18   /* u32 .all */
#define TTFW_SLAVE_SYNC_DM1             0x18   /* NCRISC run byte */
#define TTFW_SLAVE_SYNC_TRISC(n)        (0x19 + (n))
#define TTFW_LAUNCH_MSG_RD_PTR          0x1C
#define TTFW_LAUNCH_MSG(i)              (0x20 + 80 * (i))
#define TTFW_LAUNCH_MSG_SIZE            80
#define TTFW_LAUNCH_MSG_ENTRIES         4
#define TTFW_GO_MSG                     0x160
#define TTFW_GO_MSG_SIGNAL              0x163
#define TTFW_WATCHER                    0x168
#define TTFW_DPRINT_BUF                 0x268
#define TTFW_CORE_INFO                  0x2EF0
#define TTFW_CORE_INFO_SIZE             224

/* kernel_config_msg_t field offsets (packed, 80 bytes) */
#define TTFW_KC_WATCHER_KERNEL_IDS      0x00   /* u16 x3 */
#define TTFW_KC_NCRISC_KERNEL_SIZE16    0x06   /* u16 */
#define TTFW_KC_KERNEL_CONFIG_BASE(t)   (0x08 + 4 * (t))  /* u32 x3 */
#define TTFW_KC_SEM_OFFSET(t)           (0x14 + 2 * (t))  /* u16 x3 */
#define TTFW_KC_LOCAL_CB_OFFSET         0x1A   /* u16 */
#define TTFW_KC_REMOTE_CB_OFFSET        0x1C   /* u16 */
#define TTFW_KC_RTA_OFFSET(c)           (0x1E + 4 * (c))  /* u16 rta */
#define TTFW_KC_CRTA_OFFSET(c)          (0x20 + 4 * (c))  /* u16 crta */
#define TTFW_KC_KERNEL_TEXT_OFFSET(p)   (0x2A + 4 * (p))  /* u32 x5 */
#define TTFW_KC_HOST_ASSIGNED_ID        0x3E   /* u16 */
#define TTFW_KC_MODE                    0x40
#define TTFW_KC_BRISC_NOC_ID            0x41
#define TTFW_KC_BRISC_NOC_MODE          0x42
#define TTFW_KC_MAX_LOCAL_CB_END        0x43
#define TTFW_KC_MIN_REMOTE_CB_START     0x44
#define TTFW_KC_EXIT_ERISC_KERNEL       0x45
#define TTFW_KC_ENABLES                 0x46

/* core_info_msg_t field offsets */
#define TTFW_CI_NOC_PCIE_BASE           0x00   /* u64 */
#define TTFW_CI_NOC_PCIE_END            0x08
#define TTFW_CI_NOC_DRAM_BASE           0x10
#define TTFW_CI_NOC_DRAM_END            0x18
#define TTFW_CI_NON_WORKER              0x20   /* {x, y, type} x 35 */
#define TTFW_CI_NUM_NON_WORKER          35
#define TTFW_CI_VIRT_NON_WORKER         0x89   /* {x, y, type} x 18 */
#define TTFW_CI_NUM_VIRT_NON_WORKER     18
#define TTFW_CI_HARVESTED_Y             0xBF   /* u8 x2 */
#define TTFW_CI_VIRT_HARVESTED_Y        0xC1   /* u8 x2 */
#define TTFW_CI_NOC_SIZE_X              0xC3
#define TTFW_CI_NOC_SIZE_Y              0xC4
#define TTFW_CORE_TYPE_DRAM             3
#define TTFW_CORE_TYPE_UNKNOWN          5

/* Message values */
#define TTFW_RUN_MSG_INIT               0x40
#define TTFW_RUN_MSG_GO                 0x80
#define TTFW_RUN_MSG_RESET_READ_PTR     0xC0
#define TTFW_RUN_MSG_DONE               0x00
#define TTFW_RUN_SYNC_MSG_INIT          0x40
#define TTFW_RUN_SYNC_MSG_GO            0x80
#define TTFW_RUN_SYNC_MSG_DONE          0x00
#define TTFW_RUN_SYNC_MSG_ALL_INIT      0x40404040
#define TTFW_RUN_SYNC_MSG_ALL_TRISCS_GO 0x80808000
#define TTFW_RUN_SYNC_MSG_ALL_DONE      0x00000000
#define TTFW_DISPATCH_MODE_DEV          0
#define TTFW_DISPATCH_MODE_HOST         1

/* Dispatch classes (rta_offset index, enables bits) */
#define TTFW_CLASS_DM0                  0      /* BRISC */
#define TTFW_CLASS_DM1                  1      /* NCRISC */
#define TTFW_CLASS_COMPUTE              2      /* TRISC0-2 */
#define TTFW_NUM_CLASSES                3
#define TTFW_ENABLE_DM0                 (1 << TTFW_CLASS_DM0)
#define TTFW_ENABLE_DM1                 (1 << TTFW_CLASS_DM1)
#define TTFW_ENABLE_COMPUTE             (1 << TTFW_CLASS_COMPUTE)

/* Processors (kernel_text_offset index) and programmable core types */
#define TTFW_PROC_BRISC                 0
#define TTFW_PROC_NCRISC                1
#define TTFW_PROC_TRISC0                2
#define TTFW_PROC_TRISC1                3
#define TTFW_PROC_TRISC2                4
#define TTFW_NUM_PROCS                  5
#define TTFW_CORE_TYPE_TENSIX           0

/* Circular buffers (Dec-2024: 32) and their overlay-stream counters */
#define TTFW_NUM_CBS                    32
#define TTFW_CB_CONFIG_WORDS            4  /* addr, size, num_pages, page */
#define TTFW_BH_CB_TILES_RECEIVED(i)    (0xFFB48028 + 0x1000 * (i))
#define TTFW_BH_CB_TILES_ACKED(i)       (0xFFB48020 + 0x1000 * (i))
#define TTFW_WH_CB_TILES_RECEIVED(i)    (0xFFB48010 + 0x1000 * (i))
#define TTFW_WH_CB_TILES_ACKED(i)       (0xFFB4800C + 0x1000 * (i))

/* Registers the host touches */
#define TTFW_SOFT_RESET_0               0xFFB121B0
#define TTFW_SOFT_RESET_ALL_HELD        0x47800
#define TTFW_SOFT_RESET_BRISC_RUN       0x47000
#define TTFW_SOFT_RESET_UMD_STAGGERED   0x80000000     /* masked by HW */

/* The jump word at L1[0]: jal x0, MEM_BRISC_FIRMWARE_BASE (0x3200) */
#define TTFW_JUMP_WORD                  0x2000306F

/* ------------------------------------------------------------------ */
/* 2. ttfw conventions                                                */
/* ------------------------------------------------------------------ */

/*
 * ttfw: the kernel configuration the launcher writes at the start of the
 * kernel-config ring (kernel_config_base = L1_KERNEL_CONFIG_BASE, slow
 * dispatch uses one program at a time), offsets from kernel_config_base:
 */
#define TTFW_KCFG_RTA(c)        (0x000 + 0x100 * (c)) /* 64 words each */
#define TTFW_KCFG_MAX_RTA       64
#define TTFW_KCFG_CRTA(c)       (0x300 + 0x80 * (c))  /* 32 words each */
#define TTFW_KCFG_MAX_CRTA      32
#define TTFW_KCFG_SEM           0x480  /* 16 semaphores, 16 bytes apart */
#define TTFW_KCFG_NUM_SEMS      16
#define TTFW_KCFG_SEM_STRIDE    16
#define TTFW_KCFG_LOCAL_CB      0x580  /* 32 x 4 words */
#define TTFW_KCFG_REMOTE_CB     0x780  /* no remote CBs */
#define TTFW_KCFG_SIZE          0x800

/*
 * ttfw: kernels are linked at fixed places of the ring: processor p's
 * text (and, behind it, the image of its local-RAM data) at
 * kernel_config_base + TTFW_KERNEL_SLOT(p), TTFW_KERNEL_SLOT_SIZE bytes at
 * most.  Exception, Wormhole NCRISC: its text runs from IRAM, linked at
 * TTFW_WH_NCRISC_KERNEL_IRAM (behind the 1536 bytes of firmware; BRISC
 * copies it there with the mover) and loaded (LMA) into its slot.  The
 * launcher takes the addresses from the kernel ELF and only checks them.
 */
#define TTFW_KERNEL_SLOT(p)     (TTFW_KCFG_SIZE + 0x2000 * (p))
#define TTFW_KERNEL_SLOT_SIZE   0x2000
#define TTFW_WH_NCRISC_KERNEL_IRAM \
    (TTFW_MEM_NCRISC_IRAM_BASE + TTFW_MEM_NCRISC_FW_SIZE)

/*
 * ttfw: local data RAM split.  Firmware .data/.bss from 0xFFB00000, the
 * kernel's .data/.bss from TTFW_KERNEL_LDM_* up to the stack, the stack at
 * the top (sizes in bytes; same offsets on both architectures, the
 * Blackhole RAMs being larger).
 */
#define TTFW_FW_LDM_SIZE_BNC    0x600
#define TTFW_FW_LDM_SIZE_T      0x400
#define TTFW_STACK_SIZE_BNC     768
#define TTFW_STACK_SIZE_T       320

/*
 * ttfw: debug area = tt-metal's watcher area (0x168, unused without the
 * watcher).  Waypoints at watcher.debug_waypoint[core] (4 ASCII bytes,
 * core order B, NC, T0, T1, T2), fault records in the watcher ring buffer
 * area: {magic, mcause, mepc, mtval} per core.
 */
#define TTFW_WAYPOINT(core)     (TTFW_WATCHER + 4 + 4 * (core))
#define TTFW_FAULT(core)        (TTFW_WATCHER + 0x78 + 16 * (core))
#define TTFW_FAULT_MAGIC        0x544C4146     /* "FALT" */

/*
 * ttfw: bank tables at MEM_BANK_TO_NOC_SCRATCH, in the tt-metal order and
 * packing (dram_bank_to_noc_xy[2][D], l1_bank_to_noc_xy[2][L] as u16,
 * bank_to_dram_offset[D], bank_to_l1_offset[L] as i32).  DRAM banks: WH 12
 * (bank b = channel b / 2 at offset (b & 1) GiB), BH 8 (one per channel);
 * one L1 bank (the tile itself).
 */
#define TTFW_BH_NUM_DRAM_BANKS  8
#define TTFW_WH_NUM_DRAM_BANKS  12
#define TTFW_NUM_L1_BANKS       1

#endif
