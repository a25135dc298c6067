/*
 * Tensix frontend state of one thread: the instruction FIFO, the MOP
 * expander and the replay expander.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_TENSIX_TT_FRONTEND_H
#define HW_TENSIX_TT_FRONTEND_H

#define TT_FIFO_DEPTH       32

/* FIFO entry flags */
#define TT_FIFO_FROM_TRISC  (1u << 0)   /* counts in tt_cfg_qstatus */
#define TT_FIFO_BYPASS_MOP  (1u << 1)   /* pushed by BRISC: after MOP */

typedef struct TTFrontend {
    /* Instruction FIFO before the MOP expander (ring buffer) */
    uint32_t fifo[TT_FIFO_DEPTH];
    uint8_t fifo_flags[TT_FIFO_DEPTH];
    uint32_t fifo_head;
    uint32_t fifo_count;
} TTFrontend;

#endif
