/*
 * Tenstorrent models: guest-error and not-modelled logging, strict mode
 *
 * Every guest mistake and every use of something not modelled goes through
 * tt_log_mask(): it logs as qemu_log_mask() does and, when the machine runs
 * in strict mode (-M tt-...,strict=on), stops the machine at once with the
 * message, the core, its PC and the Tensix instruction being executed, the
 * way Tenstorrent's ttsim stops, but keeping the QEMU process, its monitor
 * and its gdb session (docs/errors.md).  The lowest layer: depends on
 * nothing in hw-tensix.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_TENSIX_TT_LOG_H
#define HW_TENSIX_TT_LOG_H

#include "qemu/log.h"

/* Strict mode is on (the machine's "strict" property) */
extern bool tt_strict;

/*
 * The Tensix instruction the calling thread is executing, for the strict
 * stop's report (0: none); set by the coprocessor's loop.
 */
extern __thread uint32_t tt_log_insn;
extern __thread int tt_log_insn_thread;

/* Log the message as qemu_log_mask() would, then stop the machine */
void G_GNUC_PRINTF(2, 3) tt_strict_stop(int mask, const char *fmt, ...);
void G_GNUC_PRINTF(2, 0) tt_strict_vstop(int mask, const char *fmt,
                                         va_list ap);

/* Arguments are evaluated once, as qemu_log_mask() evaluates them */
#define tt_log_mask(mask, fmt, ...)                                 \
    do {                                                            \
        if (unlikely(tt_strict)) {                                  \
            tt_strict_stop(mask, fmt, ## __VA_ARGS__);              \
        } else {                                                    \
            qemu_log_mask(mask, fmt, ## __VA_ARGS__);               \
        }                                                           \
    } while (0)

#endif
