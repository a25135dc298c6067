/*
 * ttfw: BRISC firmware (tt-metal Dec-2024 brisc.cc, slow dispatch)
 *
 * Boot: bank tables, NODE_ID, device_setup(), release the other cores
 * (Wormhole: NCRISC firmware into IRAM first), wait until every
 * subordinate has initialised, go_message.signal = DONE.  Then the launch
 * loop: zero the CB counters, wait for GO, read the launch message, start
 * the TRISCs / NCRISC through the slave_sync bytes, run the BRISC kernel,
 * wait for the subordinates, signal DONE.
 *
 * Differences from Dec-2024 tt-metal (all in docs/launcher.md):
 * - BRISC waits for all four subordinates to report their init done
 *   (slave_sync = RUN_SYNC_MSG_ALL_INIT before release, each writes DONE)
 *   before signalling DONE to the host, as current tt-metal does; Dec-2024
 *   Blackhole did not wait, and the host could then overwrite the
 *   NCRISC/TRISC data images (which overlap the kernel-config ring) before
 *   they were copied.
 * - kernel_text_offset 0 means "no kernel" for that processor.
 * - Only the dedicated-NoC mode and no remote CBs; in fast-dispatch mode
 *   (mode = DEV) the read pointer advances but no dispatcher is notified.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "fw_common.h"
#include "ttfw_noc.h"

#define CORE TTFW_PROC_BRISC

ttfw_cb cb_interface[TTFW_NUM_CBS];
ttfw_kargs kargs;
FW_BANK_TABLES()

static ttfw_noc_state noc_state;

/* Tensix instructions of device_setup() (tt-metal c_tensix_core.h) */
#define TT_OP(op, arg)          (((uint32_t)(op) << 24) | (uint32_t)(arg))
#define INSN_NOP                TT_OP(0x02, 0)
#define INSN_ZEROACC_ALL        TT_OP(0x10, 3u << 19)   /* clear_mode 3 */
#define INSN_SFPENCC            TT_OP(0x8A, (3u << 12) | 10u)
#define INSN_SFPLOADI_M1        TT_OP(0x71, 0xBF80u)    /* LREG0 = -1.0 */
#define INSN_SFPCONFIG_LREG11   TT_OP(0x91, 11u << 4)   /* LREG11 = LREG0 */
#define INSN_SEMINIT(sem, max, init) \
    TT_OP(0xA3, (1u << ((sem) + 2)) | ((init) << 16) | ((max) << 20))
#define SEM_MATH_PACK           1u
#define SEM_UNPACK_TO_DEST      2u
#define SEM_MATH_DONE           7u

static inline void push_t0(uint32_t insn)
{
    TTFW_REG(TTFW_INSTRN_BUF(0)) = insn;
}

static void rmw_cfg(uint32_t word, uint32_t shift, uint32_t mask,
                    uint32_t val)
{
    uint32_t old = TTFW_CFG(word);

    TTFW_CFG(word) = (old & ~mask) | ((val << shift) & mask);
}

/* Reset PCs of NCRISC and the TRISCs: their firmware bases */
static void set_deassert_addresses(void)
{
#if defined(TT_ARCH_BH)
    TTFW_REG(TTFW_BH_NCRISC_RESET_PC) = TTFW_BH_NCRISC_FW_BASE;
    TTFW_REG(TTFW_BH_TRISC_RESET_PC(0)) = TTFW_BH_TRISC0_FW_BASE;
    TTFW_REG(TTFW_BH_TRISC_RESET_PC(1)) = TTFW_BH_TRISC1_FW_BASE;
    TTFW_REG(TTFW_BH_TRISC_RESET_PC(2)) = TTFW_BH_TRISC2_FW_BASE;
    TTFW_REG(TTFW_BH_TRISC_RESET_PC_EN) = 0x7;
    TTFW_REG(TTFW_BH_NCRISC_RESET_PC_EN) = 0x1;
#else
    TTFW_CFG(TTFW_CFG_NCRISC_RESET_PC) = TTFW_WH_NCRISC_FW_BASE;
    TTFW_CFG(TTFW_CFG_TRISC_RESET_PC(0)) = TTFW_WH_TRISC0_FW_BASE;
    TTFW_CFG(TTFW_CFG_TRISC_RESET_PC(1)) = TTFW_WH_TRISC1_FW_BASE;
    TTFW_CFG(TTFW_CFG_TRISC_RESET_PC(2)) = TTFW_WH_TRISC2_FW_BASE;
    TTFW_CFG(TTFW_CFG_TRISC_RESET_PC_EN) = 0x7;
    TTFW_CFG(TTFW_CFG_NCRISC_RESET_PC_EN) = 0x1;
#endif
}

static void device_setup(void)
{
#if defined(TT_ARCH_BH)
    TTFW_REG(TTFW_BH_DEST_CG_CTRL) = 0;
#endif
    TTFW_REG(TTFW_TDMA_CLK_GATE_EN) = 0x3F;
    for (uint32_t noc = 0; noc < 2; noc++) {
        TTFW_NOC_CFG(noc, TTFW_NIU_CFG_0) |= 1;
        TTFW_NOC_CFG(noc, TTFW_ROUTER_CFG_0) |= 1;
    }
    set_deassert_addresses();
    for (uint32_t a = 0; a < TTFW_MEM_ZEROS_SIZE; a += 4) {
        TTFW_L1_32(TTFW_MEM_ZEROS_BASE + a) = 0;
    }
    TTFW_CFG(TTFW_CFG_IC_INVALIDATE) = TTFW_IC_INVALIDATE_ALL;

    /* Clear Dst, enable the SFPU CC stack, LREG11 = -1.0 */
    push_t0(INSN_ZEROACC_ALL);
    push_t0(INSN_SFPENCC);
    push_t0(INSN_NOP);
    push_t0(INSN_SFPLOADI_M1);
    push_t0(INSN_SFPCONFIG_LREG11);

    /* ECC scrubber: Enable, Scrub_On_Error, Delay = 0x100 (Config word 3) */
    rmw_cfg(TTFW_CFG_ECC_SCRUBBER, 0, 0x1, 1);
    rmw_cfg(TTFW_CFG_ECC_SCRUBBER, 1, 0x2, 1);
    rmw_cfg(TTFW_CFG_ECC_SCRUBBER, 3, 0x3FF8, 0x100);

    /* initialize_tensix_semaphores: max 1, value 0 */
    push_t0(INSN_SEMINIT(SEM_MATH_PACK, 1, 0));
    push_t0(INSN_SEMINIT(SEM_UNPACK_TO_DEST, 1, 0));
    push_t0(INSN_SEMINIT(SEM_MATH_DONE, 1, 0));
}

/* init_sync_registers: the CB tiles received / acked counters */
static void init_sync_registers(void)
{
    for (uint32_t i = 0; i < TTFW_NUM_CBS; i++) {
        TTFW_REG(TTFW_CB_TILES_RECEIVED(i)) = 0;
        TTFW_REG(TTFW_CB_TILES_ACKED(i)) = 0;
    }
}

#if defined(TT_ARCH_WH)
/* Mover 0: L1 (16-byte units) -> NCRISC IRAM at @iram16 */
static void l1_to_ncrisc_iram_copy(uint32_t src16, uint32_t iram16,
                                   uint32_t size16)
{
    TTFW_REG(TTFW_TDMA_XMOV_SRC) = src16;
    TTFW_REG(TTFW_TDMA_XMOV_DST) = TTFW_MOVER_VIEW_IRAM + iram16;
    TTFW_REG(TTFW_TDMA_XMOV_SIZE) = size16;
    TTFW_REG(TTFW_TDMA_XMOV_DIR) = TTFW_XMOV_L1_TO_L0;
    TTFW_REG(TTFW_TDMA_COMMAND) = TTFW_TDMA_CMD_MOVER0;
}

/* wait_tdma_movers_done(MOVER0_BUSY) */
static void l1_to_ncrisc_iram_copy_wait(void)
{
    (void)TTFW_REG(TTFW_TDMA_STATUS);
    while ((TTFW_REG(TTFW_TDMA_STATUS) &
            (TTFW_TDMA_ST_MOVER0_BUSY | TTFW_TDMA_ST_FIFO_EMPTY)) !=
           TTFW_TDMA_ST_FIFO_EMPTY) {
        /* until mover 0 is idle and the FIFO empty */
    }
}
#endif

static void wait_subordinates(void)
{
    ttfw_waypoint(CORE, TTFW_WP('N', 'T', 'W', 0));
    while (SLAVE_SYNC_ALL != TTFW_RUN_SYNC_MSG_ALL_DONE) {
        /* until every subordinate core is done */
    }
    ttfw_waypoint(CORE, TTFW_WP('N', 'T', 'D', 0));
}

int main(void)
{
    ttfw_waypoint(CORE, TTFW_WP('I', 0, 0, 0));
    fw_bank_table_init();
    LAUNCH_RD_PTR = 0;
    fw_read_node_ids();
    kargs.proc = CORE;
    device_setup();

    /* Release NCRISC and the TRISCs; each writes DONE once initialised */
    TTFW_L1_32(TTFW_NCRISC_RESUME_ADDR) = 0;
    SLAVE_SYNC_ALL = TTFW_RUN_SYNC_MSG_ALL_INIT;
#if defined(TT_ARCH_WH)
    /* NCRISC firmware: staged in L1, size in the init launch message */
    l1_to_ncrisc_iram_copy(TTFW_WH_NCRISC_IRAM_STAGING >> 4, 0,
                           LAUNCH_16(TTFW_KC_NCRISC_KERNEL_SIZE16));
    l1_to_ncrisc_iram_copy_wait();
#endif
    TTFW_REG(TTFW_SOFT_RESET_0) = 0;
#if defined(TT_ARCH_WH)
    ttfw_waypoint(CORE, TTFW_WP('I', 'N', 'R', 'W'));
    while (TTFW_L1_32(TTFW_NCRISC_RESUME_ADDR) == 0) {
        /* until NCRISC has halted */
    }
    TTFW_CFG(TTFW_CFG_NCRISC_RESET_PC) = TTFW_L1_32(TTFW_NCRISC_RESUME_ADDR);
#endif
    wait_subordinates();

    MAILBOX_GO_SIGNAL = TTFW_RUN_MSG_DONE;

    ttfw_noc_init(TTFW_MEM_NOC_ATOMIC_RET_VAL);
    for (uint32_t noc = 0; noc < 2; noc++) {
        ttfw_noc_local_state_init(&noc_state, noc);
    }

    for (;;) {
        uint32_t sig, base, enables, entry;

        init_sync_registers();
#if defined(TT_ARCH_WH)
        /* assert_just_ncrisc_reset: hold NCRISC while IRAM is refilled */
        TTFW_REG(TTFW_SOFT_RESET_0) = TTFW_RESET_NCRISC;
#endif
        ttfw_waypoint(CORE, TTFW_WP('G', 'W', 0, 0));
        while ((sig = MAILBOX_GO_SIGNAL) != TTFW_RUN_MSG_GO) {
            if (sig == TTFW_RUN_MSG_RESET_READ_PTR) {
                LAUNCH_RD_PTR = 0;
                MAILBOX_GO_SIGNAL = TTFW_RUN_MSG_DONE;
            }
        }
        ttfw_waypoint(CORE, TTFW_WP('G', 'D', 0, 0));

        base = fw_config_init(TTFW_CLASS_DM0);
        enables = LAUNCH_8(TTFW_KC_ENABLES);
#if defined(TT_ARCH_WH)
        if (enables & TTFW_ENABLE_DM1) {
            uint32_t src = fw_kernel_address(base, TTFW_PROC_NCRISC);

            l1_to_ncrisc_iram_copy(src >> 4, TTFW_MEM_NCRISC_FW_SIZE >> 4,
                                   LAUNCH_16(TTFW_KC_NCRISC_KERNEL_SIZE16));
        }
#endif
        TTFW_CFG(TTFW_CFG_IC_INVALIDATE) = TTFW_IC_INVALIDATE_ALL;

        if (enables & TTFW_ENABLE_COMPUTE) {
            SLAVE_SYNC_ALL = TTFW_RUN_SYNC_MSG_ALL_TRISCS_GO;
        }
        kargs.noc_index = LAUNCH_8(TTFW_KC_BRISC_NOC_ID) & 1;
        fw_setup_local_cbs(base, 0, true, true);

        if (enables & TTFW_ENABLE_DM1) {
            TTFW_L1_8(TTFW_SLAVE_SYNC_DM1) = TTFW_RUN_SYNC_MSG_GO;
#if defined(TT_ARCH_WH)
            l1_to_ncrisc_iram_copy_wait();
            TTFW_REG(TTFW_SOFT_RESET_0) = 0;
#endif
        }

        entry = fw_kernel_address(base, TTFW_PROC_BRISC);
        if ((enables & TTFW_ENABLE_DM0) && entry) {
            ttfw_waypoint(CORE, TTFW_WP('R', 0, 0, 0));
            fw_run_kernel(entry);
            ttfw_waypoint(CORE, TTFW_WP('D', 0, 0, 0));
        }

        wait_subordinates();
        MAILBOX_GO_SIGNAL = TTFW_RUN_MSG_DONE;

        if (LAUNCH_8(TTFW_KC_MODE) == TTFW_DISPATCH_MODE_DEV) {
            LAUNCH_8(TTFW_KC_ENABLES) = 0;
            LAUNCH_RD_PTR = (LAUNCH_RD_PTR + 1) &
                            (TTFW_LAUNCH_MSG_ENTRIES - 1);
        }
    }
    return 0;
}
