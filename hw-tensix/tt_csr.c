/*
 * Tenstorrent Tensix tile: custom CSRs of the baby RISC-V cores
 *
 * BlackholeA0/TensixTile/BabyRISCV/CSRs.md: cfg0 (0x7C0), pmacfg0/1 and
 * scratch CSRs (0x7C1-0x7C6), tt_cfg_qstatus (0xBC0), tt_cfg_bstatus
 * (0xBC1), tt_cfg_sstatus0-7 (0xBC2-0xBC9), and mhartid reading 0;
 * InstructionSet.md: Blackhole's F has fcsr but not fflags or frm, and
 * TRISC2's V has vxsat and vxrm but not vcsr.
 *
 * QEMU's CSR table is process-global: every predicate checks that the
 * accessing hart belongs to a Tensix tile, and other harts keep QEMU's
 * behaviour.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/main-loop.h"
#include "tt_tile.h"
#include "trace.h"

#define CSR_TT_CFG0         0x7c0
#define CSR_TT_CFG_LAST     0x7c6
#define CSR_TT_QSTATUS      0xbc0
#define CSR_TT_BSTATUS      0xbc1
#define CSR_TT_SSTATUS0     0xbc2
#define CSR_TT_SSTATUS7     0xbc9

/*
 * QEMU's mhartid operations, which ours defer to for other harts.  One per
 * process, like the CSR table riscv_set_csr_ops() changes.
 */
static riscv_csr_operations tt_orig_mhartid;
/* QEMU's operations of the CSRs the baby cores lack, in tt_absent_csr[] */
static const int tt_absent_csr[] = { CSR_FFLAGS, CSR_FRM, CSR_VCSR };
static riscv_csr_operations tt_orig_absent[ARRAY_SIZE(tt_absent_csr)];

static RISCVException tt_csr_pred(CPURISCVState *env, int csrno)
{
    return tt_core_from_env(env) ? RISCV_EXCP_NONE : RISCV_EXCP_ILLEGAL_INST;
}

static RISCVException tt_csr_read(CPURISCVState *env, int csrno,
                                  target_ulong *val)
{
    TTCore *c = tt_core_from_env(env);

    if (csrno >= CSR_TT_CFG0 && csrno <= CSR_TT_CFG_LAST) {
        *val = c->cfg0[csrno - CSR_TT_CFG0];
    } else if (csrno >= CSR_TT_SSTATUS0 && csrno <= CSR_TT_SSTATUS7) {
        /*
         * B and NC: scratch.  T cores: a copy of some overlay stream's
         * STREAM_CURR_PHASE / STREAM_NUM_MSGS_RECEIVED; until the overlay
         * exists, the value last written (DisTTStatusReg semantics).
         */
        *val = c->sstatus[csrno - CSR_TT_SSTATUS0];
    } else {
        BQL_LOCK_GUARD();
        if (csrno == CSR_TT_QSTATUS) {
            *val = tt_tensix_qstatus(&tt_core_tile(c)->tensix, c->index);
        } else {
            *val = tt_tensix_bstatus(&tt_core_tile(c)->tensix, c->index);
        }
    }
    trace_tt_csr_read(c->index, csrno, *val);
    return RISCV_EXCP_NONE;
}

static RISCVException tt_csr_write(CPURISCVState *env, int csrno,
                                   target_ulong val)
{
    TTCore *c = tt_core_from_env(env);

    trace_tt_csr_write(c->index, csrno, val);
    if (csrno >= CSR_TT_CFG0 && csrno <= CSR_TT_CFG_LAST) {
        /*
         * Chicken bits: stored; of them only cfg0.EnBFloat and
         * EnBFloatRTNE change what emulation does (the .h format)
         */
        c->cfg0[csrno - CSR_TT_CFG0] = val;
        tt_core_fp_sync(c);
    } else if (csrno >= CSR_TT_SSTATUS0 && csrno <= CSR_TT_SSTATUS7) {
        c->sstatus[csrno - CSR_TT_SSTATUS0] = val;
    }
    /* qstatus / bstatus are status registers: writes have no effect */
    return RISCV_EXCP_NONE;
}

static RISCVException tt_mhartid_pred(CPURISCVState *env, int csrno)
{
    return tt_orig_mhartid.predicate(env, csrno);
}

static RISCVException tt_mhartid_read(CPURISCVState *env, int csrno,
                                      target_ulong *val)
{
    if (tt_core_from_env(env)) {
        /* CSRs.md: always zero on every baby core */
        *val = 0;
        return RISCV_EXCP_NONE;
    }
    return tt_orig_mhartid.read(env, csrno, val);
}

/* fflags, frm and vcsr: not implemented on the baby cores (illegal) */
static RISCVException tt_absent_csr_pred(CPURISCVState *env, int csrno)
{
    if (tt_core_from_env(env)) {
        return RISCV_EXCP_ILLEGAL_INST;
    }
    for (int i = 0; i < ARRAY_SIZE(tt_absent_csr); i++) {
        if (tt_absent_csr[i] == csrno) {
            return tt_orig_absent[i].predicate(env, csrno);
        }
    }
    g_assert_not_reached();
}

void tt_csr_register(void)
{
    static bool done;           /* the table is per process, not per machine */
    static riscv_csr_operations ops = {
        .name = "tt-custom",
        .predicate = tt_csr_pred,
        .read = tt_csr_read,
        .write = tt_csr_write,
    };
    static riscv_csr_operations mhartid_ops = {
        .name = "mhartid",
        .predicate = tt_mhartid_pred,
        .read = tt_mhartid_read,
    };
    static riscv_csr_operations absent_ops[ARRAY_SIZE(tt_absent_csr)];

    if (done) {
        return;
    }
    done = true;
    for (int csr = CSR_TT_CFG0; csr <= CSR_TT_CFG_LAST; csr++) {
        riscv_set_csr_ops(csr, &ops);
    }
    for (int csr = CSR_TT_QSTATUS; csr <= CSR_TT_SSTATUS7; csr++) {
        riscv_set_csr_ops(csr, &ops);
    }
    riscv_get_csr_ops(CSR_MHARTID, &tt_orig_mhartid);
    riscv_set_csr_ops(CSR_MHARTID, &mhartid_ops);
    for (int i = 0; i < ARRAY_SIZE(tt_absent_csr); i++) {
        riscv_get_csr_ops(tt_absent_csr[i], &tt_orig_absent[i]);
        absent_ops[i] = tt_orig_absent[i];
        absent_ops[i].predicate = tt_absent_csr_pred;
        riscv_set_csr_ops(tt_absent_csr[i], &absent_ops[i]);
    }
}
