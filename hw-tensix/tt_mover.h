/*
 * Tensix Mover (XMOV) and TDMA-RISC state.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_TENSIX_TT_MOVER_H
#define HW_TENSIX_TT_MOVER_H

typedef struct TTMoverState {
    uint32_t reserved;
} TTMoverState;

#endif
