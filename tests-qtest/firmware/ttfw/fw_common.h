/*
 * ttfw: pieces shared by the five firmware images (brisc.c, ncrisc.c,
 * trisc.c): tt-metal's firmware_common.h / circular_buffer_init.h
 * equivalents.  Each image is one translation unit including this file.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef TTFW_FW_COMMON_H
#define TTFW_FW_COMMON_H

#include "ttfw.h"

#define MAILBOX_GO_SIGNAL   TTFW_L1_8(TTFW_GO_MSG_SIGNAL)
#define SLAVE_SYNC_ALL      TTFW_L1_32(TTFW_SLAVE_SYNC)
#define LAUNCH_RD_PTR       TTFW_L1_32(TTFW_LAUNCH_MSG_RD_PTR)

/* Field @f of the current launch message */
#define LAUNCH_FIELD_ADDR(f) \
    (TTFW_LAUNCH_MSG(LAUNCH_RD_PTR & (TTFW_LAUNCH_MSG_ENTRIES - 1)) + (f))
#define LAUNCH_8(f)         TTFW_L1_8(LAUNCH_FIELD_ADDR(f))
#define LAUNCH_16(f)        TTFW_L1_16(LAUNCH_FIELD_ADDR(f))
/* kernel_text_offset[] is not 4-byte aligned: two halves */
#define LAUNCH_32U(f) \
    ((uint32_t)LAUNCH_16(f) | (uint32_t)LAUNCH_16((f) + 2) << 16)

/* Firmware globals each image defines (tt-metal's names) */
extern ttfw_cb cb_interface[TTFW_NUM_CBS];
extern ttfw_kargs kargs;

/* l1_to_local_mem_copy */
static inline void fw_copy_words(uintptr_t dst, uintptr_t src, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        TTFW_L1_32(dst + 4 * i) = TTFW_L1_32(src + 4 * i);
    }
}

/* Our NoC coordinates, from NODE_ID of both NoCs */
static inline void fw_read_node_ids(void)
{
    for (uint32_t noc = 0; noc < 2; noc++) {
        uint32_t id = TTFW_NOC_REG(noc, 0, TTFW_NOC_NODE_ID);

        kargs.my_x[noc] = id & 0x3F;
        kargs.my_y[noc] = (id >> 6) & 0x3F;
        if (noc == 0) {
            kargs.noc_size_x = (id >> 12) & 0x7F;
            kargs.noc_size_y = (id >> 19) & 0x7F;
        }
    }
}

/*
 * noc_bank_table_init: copy the host-written bank tables from
 * MEM_BANK_TO_NOC_SCRATCH into local RAM (tt-metal order and packing).
 */
#define FW_BANK_TABLES()                                                    \
    uint16_t dram_bank_to_noc_xy[2][TTFW_NUM_DRAM_BANKS];                   \
    uint16_t l1_bank_to_noc_xy[2][TTFW_NUM_L1_BANKS];                       \
    int32_t bank_to_dram_offset[TTFW_NUM_DRAM_BANKS];                       \
    int32_t bank_to_l1_offset[TTFW_NUM_L1_BANKS];                           \
    _Static_assert(sizeof(dram_bank_to_noc_xy) % 4 == 0 &&                  \
                   sizeof(l1_bank_to_noc_xy) % 4 == 0, "packed tables");    \
    static void fw_bank_table_init(void)                                    \
    {                                                                       \
        uint32_t a = TTFW_BANK_TO_NOC_SCRATCH;                              \
                                                                            \
        fw_copy_words((uintptr_t)dram_bank_to_noc_xy, a,                    \
                      sizeof(dram_bank_to_noc_xy) / 4);                     \
        a += sizeof(dram_bank_to_noc_xy);                                   \
        fw_copy_words((uintptr_t)l1_bank_to_noc_xy, a,                      \
                      sizeof(l1_bank_to_noc_xy) / 4);                       \
        a += sizeof(l1_bank_to_noc_xy);                                     \
        fw_copy_words((uintptr_t)bank_to_dram_offset, a,                    \
                      sizeof(bank_to_dram_offset) / 4);                     \
        a += sizeof(bank_to_dram_offset);                                   \
        fw_copy_words((uintptr_t)bank_to_l1_offset, a,                      \
                      sizeof(bank_to_l1_offset) / 4);                       \
        kargs.num_dram_banks = TTFW_NUM_DRAM_BANKS;                         \
        kargs.dram_bank_to_noc_xy = &dram_bank_to_noc_xy[0][0];             \
        kargs.bank_to_dram_offset = bank_to_dram_offset;                    \
    }

/*
 * firmware_config_init: kernel_config_base of the Tensix core type and
 * the argument pointers of dispatch class @cls, into kargs.
 */
static inline uint32_t fw_config_init(uint32_t cls)
{
    uint32_t base = LAUNCH_32U(TTFW_KC_KERNEL_CONFIG_BASE(
                                   TTFW_CORE_TYPE_TENSIX));

    kargs.kernel_config_base = base;
    kargs.sem = &TTFW_L1_32(
        base + LAUNCH_16(TTFW_KC_SEM_OFFSET(TTFW_CORE_TYPE_TENSIX)));
    kargs.rta = &TTFW_L1_32(base + LAUNCH_16(TTFW_KC_RTA_OFFSET(cls)));
    kargs.crta = &TTFW_L1_32(base + LAUNCH_16(TTFW_KC_CRTA_OFFSET(cls)));
    kargs.cb = cb_interface;
    return base;
}

/*
 * setup_local_cb_read_write_interfaces: CBs [0, max_local_cb_end_index)
 * from the config words {addr, size, num_pages, page_size} (bytes);
 * @shift = 4 on the TRISCs (16-byte units).
 */
static inline void fw_setup_local_cbs(uint32_t base, uint32_t shift,
                                      bool read, bool write)
{
    /* The CB config words in L1 */
    volatile uint32_t *w = &TTFW_L1_32(base +
                                       LAUNCH_16(TTFW_KC_LOCAL_CB_OFFSET));
    uint32_t end = LAUNCH_8(TTFW_KC_MAX_LOCAL_CB_END);

    if (end > TTFW_NUM_CBS) {
        end = TTFW_NUM_CBS;
    }
    for (uint32_t i = 0; i < end; i++, w += TTFW_CB_CONFIG_WORDS) {
        ttfw_cb *cb = &cb_interface[i];
        uint32_t addr = w[0] >> shift;
        uint32_t size = w[1] >> shift;

        cb->fifo_size = size;
        cb->fifo_limit = addr + size;
        cb->fifo_page_size = w[3] >> shift;
        if (read) {
            cb->fifo_rd_ptr = addr;
        }
        if (write) {
            cb->fifo_wr_ptr = addr;
            cb->fifo_num_pages = w[2];
        }
    }
}

/* Kernel of processor @proc (0 = none, a ttfw convention) */
static inline uint32_t fw_kernel_address(uint32_t base, uint32_t proc)
{
    uint32_t off = LAUNCH_32U(TTFW_KC_KERNEL_TEXT_OFFSET(proc));

    return off ? base + off : 0;
}

static inline void fw_run_kernel(uint32_t entry)
{
    if (entry) {
        kargs.kernel_entry = entry;
        ((ttfw_kernel_fn)(uintptr_t)entry)(&kargs);
    }
}

#if defined(TT_ARCH_WH)
/* crt0.S, Wormhole NCRISC (tt-metal ncrisc-halt.S) */
void ncrisc_resume(void);
void notify_brisc_and_halt(uint32_t status);
#endif

#endif
