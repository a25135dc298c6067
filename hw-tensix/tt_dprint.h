/*
 * Tenstorrent Tensix: DPRINT server (tt-metal debug print ring buffers)
 *
 * With -M ...,dprint=on the machine plays tt-metal's host print server:
 * every millisecond of virtual time it decodes each core's DPRINT buffer
 * in L1 (five 204-byte DebugPrintMemLayout records at dprint-base, in the
 * order NC, T0, T1, T2, BR), prints the text and hands the buffer back by
 * advancing rpos.  Off by default; costs nothing when off.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_TENSIX_TT_DPRINT_H
#define HW_TENSIX_TT_DPRINT_H

#include "chardev/char-fe.h"
#include "hw/qdev-core.h"
#include "qemu/notify.h"
#include "qemu/timer.h"
#include "tt_tile.h"

#define TYPE_TT_DPRINT "tt-dprint"
OBJECT_DECLARE_SIMPLE_TYPE(TTDprintState, TT_DPRINT)

/* Dec-2024 mailboxes_t: dprint_buf at L1 0x268 */
#define TT_DPRINT_DEFAULT_BASE      0x268u
#define TT_DPRINT_NUM_BUFS          5
#define TT_DPRINT_BUF_SIZE          204u    /* DebugPrintMemLayout */
#define TT_DPRINT_HDR_SIZE          12u     /* wpos, rpos, core_x, core_y */
#define TT_DPRINT_DATA_SIZE         (TT_DPRINT_BUF_SIZE - TT_DPRINT_HDR_SIZE)
#define TT_DPRINT_STARTING_MAGIC    0x98989898u
#define TT_DPRINT_DISABLED_MAGIC    0xF8F8F8F8u
#define TT_DPRINT_POLL_NS           1000000     /* 1 ms of virtual time */

/* Buffer index of each hart (tt-metal DebugPrintHartIndex) */
enum {
    TT_DPRINT_IDX_NC = 0,
    TT_DPRINT_IDX_TR0 = 1,
    TT_DPRINT_IDX_TR1 = 2,
    TT_DPRINT_IDX_TR2 = 3,
    TT_DPRINT_IDX_BR = 4,
};

/* Host-side decoder state of one buffer (iostream format flags) */
typedef struct TTDprintHart {
    GString *line;              /* text of the line being assembled */
    char *line_buf;             /* migration: a copy of line */
    uint32_t line_len;
    uint8_t prev_type;          /* previous record's type code */
    uint8_t base;               /* 10, 16 or 8 */
    bool fixed;                 /* std::fixed, else std::defaultfloat */
    int precision;              /* std::setprecision, default 6 */
    int width;                  /* std::setw: next item only */
    bool waiting;               /* stopped on a WAIT record */
    uint32_t wait_signal;
    bool bad_reported;          /* a corrupt header was logged */
} TTDprintHart;

struct TTDprintState {
    DeviceState parent_obj;

    /* Properties */
    uint32_t num_tiles;
    uint32_t base;              /* L1 offset of the first buffer */
    CharBackend chr;            /* output; stdout when not connected */
    TTTileState *tiles;         /* set by the machine before realize */
    bool use_chr;               /* chr was connected at realize */

    QEMUTimer *timer;
    Notifier exit_notifier;     /* last poll when QEMU exits */
    GHashTable *raised;         /* RAISEd signal values */
    TTDprintHart *harts;        /* num_tiles * TT_DPRINT_NUM_BUFS */
    uint32_t num_harts;
    int8_t last_setw;           /* most recent SETW of any hart (arrays) */
    /* migration: the RAISEd signal values */
    uint32_t *raised_buf;
    uint32_t raised_len;
};

/*
 * Machine reset: write DEBUG_PRINT_SERVER_STARTING_MAGIC into every wpos
 * (what tt-metal's server does when it attaches) and start polling.
 */
void tt_dprint_reset(TTDprintState *s);

#endif
