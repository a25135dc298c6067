/*
 * Tensix Scalar Unit (ThCon) state.  The GPRs themselves live in
 * TTCoproc.thread[].gpr, as several units read them.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_TENSIX_TT_THCON_H
#define HW_TENSIX_TT_THCON_H

#include "tt_isa.h"

typedef struct TTThconState {
    /*
     * ATCAS and ATINCGETPTR keep retrying inside the Scalar Unit until
     * their condition holds, and no other thread's ThCon instruction may
     * enter meanwhile (ScalarUnit.md).  busy = 1 + the retrying thread,
     * or 0; busy_insn = the instruction it retries.
     */
    uint32_t busy;
    uint32_t busy_insn;
} TTThconState;

/*
 * Per-architecture facts the Scalar Unit needs (tt-metal cfg_defines.h,
 * assembly.yaml, REG2FLOP_Configuration.md).  Indexed by TTArchId in
 * tt_thcon.c.
 */
typedef struct TTThconArch {
    uint32_t thcon_cfg_base;    /* THCON_CFGREG_BASE_ADDR32 */
    /*
     * Config word of THCON_SEC0_REG1, SEC0_REG8, SEC1_REG1, SEC1_REG8
     * (packer i's Out_data_format at bits 7:4, Disable_zero_compress at
     * bit 0; word 0 also holds All_pack_disable_zero_compress at 20:17
     * and its _ovrd at bit 21).
     */
    uint32_t pack_cfg_word[4];
    uint32_t num_tile_headers;  /* SETDMAREG InputSource 2.. that exist */
    uint32_t thd_srca_set;      /* ThreadConfig word of SRCA_SET */
    bool reg2flop_cfg_unsupported;  /* UnsupportedFunctionality() */
} TTThconArch;

void tt_thcon_reset(TTCoproc *s);
void tt_thcon_realize(TTCoproc *s);
extern const VMStateDescription vmstate_tt_thcon;

#endif
