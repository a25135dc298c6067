/*
 * Tensix address counters: ADCs (unpackers/packers) and RWCs (matrix unit).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_TENSIX_TT_ADC_H
#define HW_TENSIX_TT_ADC_H

typedef struct TTAdcState {
    uint32_t reserved;
} TTAdcState;

#endif
