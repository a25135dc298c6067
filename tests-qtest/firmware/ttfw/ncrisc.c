/*
 * ttfw: NCRISC firmware (tt-metal Dec-2024 ncrisc.cc)
 *
 * Blackhole: runs from L1 (MEM_NCRISC_FIRMWARE_BASE); reports its init
 * done (run byte = DONE), then per launch waits for its run byte = GO,
 * runs the kernel from the kernel-config ring and writes DONE.
 *
 * Wormhole: runs from its IRAM (0xFFC00000), filled by BRISC with the
 * mover.  It stores its resume routine's address in
 * ncrisc_halt.resume_addr and halts (notify_brisc_and_halt: registers and
 * sp saved, run byte = DONE); BRISC holds it in reset, copies the kernel
 * into IRAM behind the firmware (TTFW_WH_NCRISC_KERNEL_IRAM) and releases
 * it at the resume routine, which returns here to run the kernel.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "fw_common.h"

#define CORE TTFW_PROC_NCRISC
#define RUN_BYTE TTFW_L1_8(TTFW_SLAVE_SYNC_DM1)

ttfw_cb cb_interface[TTFW_NUM_CBS];
ttfw_kargs kargs;
FW_BANK_TABLES()

int main(void)
{
    ttfw_waypoint(CORE, TTFW_WP('I', 0, 0, 0));
    fw_bank_table_init();
    fw_read_node_ids();
    kargs.proc = CORE;
#if defined(TT_ARCH_WH)
    TTFW_L1_32(TTFW_NCRISC_RESUME_ADDR) = (uint32_t)(uintptr_t)ncrisc_resume;
#else
    /* Waypoint first: once the run byte says DONE the host may look */
    ttfw_waypoint(CORE, TTFW_WP('W', 0, 0, 0));
    RUN_BYTE = TTFW_RUN_SYNC_MSG_DONE;      /* init done */
#endif

    for (;;) {
        uint32_t base, entry;

#if defined(TT_ARCH_WH)
        ttfw_waypoint(CORE, TTFW_WP('W', 0, 0, 0));
        notify_brisc_and_halt(TTFW_RUN_SYNC_MSG_DONE);
#else
        while (RUN_BYTE != TTFW_RUN_SYNC_MSG_GO) {
            /* until BRISC says go */
        }
#endif
        base = fw_config_init(TTFW_CLASS_DM1);
        kargs.noc_index = 1 - (LAUNCH_8(TTFW_KC_BRISC_NOC_ID) & 1);
        fw_setup_local_cbs(base, 0, true, true);
#if defined(TT_ARCH_WH)
        entry = fw_kernel_address(base, TTFW_PROC_NCRISC) ?
                TTFW_WH_NCRISC_KERNEL_IRAM : 0;
#else
        entry = fw_kernel_address(base, TTFW_PROC_NCRISC);
#endif
        ttfw_waypoint(CORE, TTFW_WP('R', 0, 0, 0));
        fw_run_kernel(entry);
#if !defined(TT_ARCH_WH)
        ttfw_waypoint(CORE, TTFW_WP('W', 0, 0, 0));
        RUN_BYTE = TTFW_RUN_SYNC_MSG_DONE;
#endif
    }
    return 0;
}
