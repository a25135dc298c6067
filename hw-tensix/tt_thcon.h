/*
 * Tensix Scalar Unit (ThCon) state.  The GPRs themselves live in
 * TTTensixState.thread[].gpr, as several units read them.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_TENSIX_TT_THCON_H
#define HW_TENSIX_TT_THCON_H

typedef struct TTThconState {
    uint32_t reserved;          /* nothing beyond the GPRs yet */
} TTThconState;

#endif
