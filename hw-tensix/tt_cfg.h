/*
 * Tensix Configuration Unit state: the backend configuration registers
 * (two Config states and per-thread ThreadConfig).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_TENSIX_TT_CFG_H
#define HW_TENSIX_TT_CFG_H

#define TT_CFG_MAX_WORDS    256
#define TT_THD_CFG_MAX_WORDS 128

typedef struct TTCfgState {
    uint32_t regs[2][TT_CFG_MAX_WORDS];         /* Config[state][word] */
    uint32_t thd[3][TT_THD_CFG_MAX_WORDS];      /* ThreadConfig[t][word] */
} TTCfgState;

#endif
