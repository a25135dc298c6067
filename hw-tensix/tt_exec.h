/*
 * Tenstorrent Tensix coprocessor: the execution loop (tt_exec.c)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_TENSIX_TT_EXEC_H
#define HW_TENSIX_TT_EXEC_H

#include "tt_unit.h"

/*
 * Run every thread until none makes progress, then wake the cores parked
 * on FIFO space or TTSync.  Re-entered from inside (an instruction's
 * store reaching a window that runs the threads), it only asks the
 * running loop for another pass.
 */
void tt_exec_run(TTCoproc *s);
/* tt_frontend_push() and run; false when the FIFO is full */
bool tt_exec_push(TTCoproc *s, int t, uint32_t insn, unsigned flags);

#endif
