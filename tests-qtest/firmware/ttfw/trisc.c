/*
 * ttfw: TRISC0/1/2 firmware (tt-metal Dec-2024 trisc.cc); built three
 * times with -DTTFW_TRISC=0/1/2.
 *
 * Zeroes the 64 GPRs of its Tensix thread, reports its init done (run
 * byte = DONE), then per launch: wait for its run byte = GO, set up the CB
 * interfaces in 16-byte units (TRISC0 the read side, TRISC2 the write
 * side, TRISC1 none), run the kernel, wait until its Tensix thread is idle
 * (tensix_sync) and write DONE.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "fw_common.h"

#ifndef TTFW_TRISC
#error "define TTFW_TRISC (0, 1 or 2)"
#endif

#define CORE (TTFW_PROC_TRISC0 + TTFW_TRISC)
#define RUN_BYTE TTFW_L1_8(TTFW_SLAVE_SYNC_TRISC(TTFW_TRISC))

ttfw_cb cb_interface[TTFW_NUM_CBS];
ttfw_kargs kargs;

/* CoprocessorDoneCheck: store (orders earlier pushes), then blocking load */
static inline void tensix_sync(void)
{
    TTFW_REG(TTFW_TTSYNC) = 0;
    (void)TTFW_REG(TTFW_TTSYNC);
}

int main(void)
{
    ttfw_waypoint(CORE, TTFW_WP('I', 0, 0, 0));
    for (uint32_t i = 0; i < 64; i++) {
        TTFW_REG(TTFW_REGFILE + 4 * i) = 0;
    }
    fw_read_node_ids();
    kargs.proc = CORE;
    /* Waypoint first: once the run byte says DONE the host may look */
    ttfw_waypoint(CORE, TTFW_WP('W', 0, 0, 0));
    RUN_BYTE = TTFW_RUN_SYNC_MSG_DONE;      /* init done */

    for (;;) {
        uint32_t base;

        while (RUN_BYTE != TTFW_RUN_SYNC_MSG_GO) {
            /* until BRISC says go */
        }
        base = fw_config_init(TTFW_CLASS_COMPUTE);
        kargs.noc_index = 0;
#if TTFW_TRISC != 1
        fw_setup_local_cbs(base, 4, TTFW_TRISC == 0, TTFW_TRISC == 2);
#endif
        ttfw_waypoint(CORE, TTFW_WP('R', 0, 0, 0));
        fw_run_kernel(fw_kernel_address(base, CORE));
        ttfw_waypoint(CORE, TTFW_WP('T', 'S', 0, 0));
        tensix_sync();
        ttfw_waypoint(CORE, TTFW_WP('W', 0, 0, 0));
        RUN_BYTE = TTFW_RUN_SYNC_MSG_DONE;
    }
    return 0;
}
