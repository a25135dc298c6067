/*
 * qemu-tensix tests: register maps shared by the firmware and the qtests
 *
 * Macros and enums only, so that both the bare-metal programs (through
 * tt.h) and the host-side qtests (#include "firmware/tt_regs.h") can use
 * them.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef TT_REGS_H
#define TT_REGS_H

/* TDMA-RISC (TDMA-RISC.md), in BRISC's (and WH NCRISC's) view */
#define TDMA                0xFFB11000u
#define XMOV_SRC            (TDMA + 0x000)
#define XMOV_DST            (TDMA + 0x004)
#define XMOV_SIZE           (TDMA + 0x008)
#define XMOV_DIR            (TDMA + 0x00C)
#define COMMAND             (TDMA + 0x010)
#define STATUS              (TDMA + 0x014)
#define PACKED_SIZE(p, t)   (TDMA + 0x018 + 0x100 * (p) + 0x40 * (t))
#define ACC_PACKED_SIZE(p, t) (TDMA + 0x01C + 0x100 * (p) + 0x40 * (t))
#define ALL_ZERO_FLAGS(p)   (TDMA + 0x020 + 0x100 * (p))
#define CLK_GATE_EN         (TDMA + 0x024)
#define CLK_GATE_HYST       (TDMA + 0x028)
#define XMOV_L1_BASE        (TDMA + 0x02C)
#define FIFO_STATUS         (TDMA + 0x038)
#define SCALER0             (TDMA + 0x03C)
#define SCALER1             (TDMA + 0x13C)

#define CMD_MOVER           0x40u       /* COMMAND: mover copy */
#define DIR_L1_TO_L0        1u          /* XMOV_DIR */

/* NOC_STATUS indices (Counters.md) */
enum {
    MST_ATOMIC_RESP_RECEIVED = 0x0,
    MST_WR_ACK_RECEIVED = 0x1,
    MST_RD_RESP_RECEIVED = 0x2,
    MST_RD_DATA_WORD_RECEIVED = 0x3,
    MST_CMD_ACCEPTED = 0x4,
    MST_RD_REQ_SENT = 0x5,
    MST_NONPOSTED_ATOMIC_SENT = 0x6,
    MST_POSTED_ATOMIC_SENT = 0x7,
    MST_NONPOSTED_WR_DATA_WORD_SENT = 0x8,
    MST_POSTED_WR_DATA_WORD_SENT = 0x9,
    MST_NONPOSTED_WR_REQ_SENT = 0xA,
    MST_POSTED_WR_REQ_SENT = 0xB,
    MST_NONPOSTED_WR_REQ_STARTED = 0xC,
    MST_POSTED_WR_REQ_STARTED = 0xD,
    MST_RD_REQ_STARTED = 0xE,
    MST_NONPOSTED_ATOMIC_STARTED = 0xF,
    SLV_ATOMIC_RESP_SENT = 0x30,
    SLV_WR_ACK_SENT = 0x31,
    SLV_RD_RESP_SENT = 0x32,
    SLV_RD_DATA_WORD_SENT = 0x33,
    SLV_REQ_ACCEPTED = 0x34,
    SLV_RD_REQ_RECEIVED = 0x35,
    SLV_NONPOSTED_ATOMIC_RECEIVED = 0x36,
    SLV_POSTED_ATOMIC_RECEIVED = 0x37,
    SLV_NONPOSTED_WR_DATA_WORD_RECEIVED = 0x38,
    SLV_POSTED_WR_DATA_WORD_RECEIVED = 0x39,
    SLV_NONPOSTED_WR_REQ_RECEIVED = 0x3A,
    SLV_POSTED_WR_REQ_RECEIVED = 0x3B,
    SLV_NONPOSTED_WR_REQ_STARTED = 0x3C,
    SLV_POSTED_WR_REQ_STARTED = 0x3D,
};
#define OUTSTANDING(id)     (0x10 + (id))   /* requests of transaction id */
#define OUTGOING(id)        (0x20 + (id))

#endif
