/*
 * Tensix Configuration Unit: the backend configuration registers
 * (Config[2], ThreadConfig[3], and on Blackhole ConfigDualWrite) as seen at
 * TENSIX_CFG_BASE, and the instructions that access them (SETC16, WRCFG,
 * RDCFG, RMWCIB0-3, and on Blackhole CFGSHIFTMASK and STREAMWRCFG).
 *
 * tt-isa-documentation WormholeB0 and BlackholeA0
 * TensixCoprocessor/BackendConfiguration.md, ConfigurationUnit.md and the
 * instruction pages.  Register names, word indices and fields come from
 * the generated tables in tt_cfg_regs.c.
 *
 * Timing: every instruction and RISC-V request completes when it is
 * executed, so the documented latencies (WRCFG 2 cycles, RDCFG >= 2 cycles,
 * CFGSHIFTMASK 2 cycles, STREAMWRCFG >= 5 cycles) and the rules "the
 * instruction after WRCFG/CFGSHIFTMASK must not consume its result", "the
 * instruction(s) after RDCFG must not consume its GPR" are met by any
 * program: results are visible to the very next instruction.  The
 * Configuration Unit never holds an instruction at the Wait Gate.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/bitops.h"
#include "qemu/error-report.h"
#include "migration/vmstate.h"
#include "exec/memory.h"
#include "tt_log.h"
#include "tt_unit.h"
#include "trace.h"

/* BlackholeA0 noc_overlay_parameters.h: STREAM_REG_ADDR(stream, reg) */
#define TT_NOC_OVERLAY_BASE         0xFFB40000u
#define TT_NOC_STREAM_REG_SPACE     0x1000u

/* ---------------------------------------------------------------------- */
/* Register tables                                                        */
/* ---------------------------------------------------------------------- */

const TTCfgLayout *tt_cfg_layout(TTArchId arch)
{
    assert(arch < TT_ARCH__MAX);
    return &tt_cfg_layouts[arch];
}

const TTCfgRegInfo *tt_cfg_reg_lookup(TTArchId arch, const char *name)
{
    const TTCfgLayout *l = tt_cfg_layout(arch);
    int lo = 0, hi = l->nregs - 1;

    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        const TTCfgRegInfo *r = &l->regs[l->by_name[mid]];
        int c = strcmp(name, r->name);

        if (c == 0) {
            return r;
        }
        if (c < 0) {
            hi = mid - 1;
        } else {
            lo = mid + 1;
        }
    }
    return NULL;
}

/* Index of the first field at or after (@thread, @addr32) in regs[] */
static int tt_cfg_lower_bound(const TTCfgLayout *l, bool thread,
                              uint32_t addr32)
{
    int lo = 0, hi = l->nregs;

    while (lo < hi) {
        int mid = (lo + hi) / 2;
        const TTCfgRegInfo *r = &l->regs[mid];

        if (r->thread < thread ||
            (r->thread == thread && r->addr32 < addr32)) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    return lo;
}

const char *tt_cfg_word_name(TTArchId arch, bool thread, uint32_t addr32,
                             char *buf, size_t len)
{
    const TTCfgLayout *l = tt_cfg_layout(arch);
    int i = tt_cfg_lower_bound(l, thread, addr32);
    int n = 0;
    size_t common;

    while (i + n < l->nregs && l->regs[i + n].thread == thread &&
           l->regs[i + n].addr32 == addr32) {
        n++;
    }
    if (n == 0) {
        /* Inside a field of several words (they hold no other field)? */
        const TTCfgRegInfo *p = i > 0 ? &l->regs[i - 1] : NULL;

        if (p && p->thread == thread && p->words > 1 &&
            p->addr32 + p->words > addr32) {
            snprintf(buf, len, "%s[%u]", p->name, addr32 - p->addr32);
        } else {
            snprintf(buf, len, "-");
        }
        return buf;
    }
    if (n == 1) {
        snprintf(buf, len, "%s", l->regs[i].name);
        return buf;
    }
    /* The fields' longest common prefix that ends before a '_' */
    common = strlen(l->regs[i].name);
    for (int k = 1; k < n; k++) {
        const char *a = l->regs[i].name, *b = l->regs[i + k].name;
        size_t m = 0;

        while (m < common && a[m] == b[m]) {
            m++;
        }
        common = m;
    }
    while (common > 0 && l->regs[i].name[common] != '_') {
        common--;
    }
    if (common >= 3) {
        snprintf(buf, len, "%.*s_*", (int)common, l->regs[i].name);
    } else {
        snprintf(buf, len, "%s,...", l->regs[i].name);
    }
    return buf;
}

/*
 * Fields whose writes have side effects or that the unit itself reads, per
 * architecture, from the generated tt_cfg_defs.h (name NULL where the
 * architecture has none).
 */
typedef struct TTCfgSpecial {
    TTCfgRegInfo cfg_state_id;
    TTCfgRegInfo state_reset_en;
    TTCfgRegInfo prng_seed;
    TTCfgRegInfo ic_invalidate;
    TTCfgRegInfo ctx_cnt_reset[2];
    TTCfgRegInfo scratch[3];                    /* Blackhole */
    TTCfgRegInfo stream_id_sync[4];             /* Blackhole */
} TTCfgSpecial;

#define TT_CFG_FIELD(n, a, s, t, m) { .name = n, .addr32 = a, .shift = s, \
                                     .thread = t, .mask = m, .words = 1 }
/* Config field @n of architecture @p (WH, BH) */
#define TT_CFG_C(p, n) \
    TT_CFG_FIELD(#n, TT_##p##_CFG_##n##_ADDR32, TT_##p##_CFG_##n##_SHAMT, \
                 false, TT_##p##_CFG_##n##_MASK)
/* ThreadConfig field @n of architecture @p */
#define TT_CFG_T(p, n) \
    TT_CFG_FIELD(#n, TT_##p##_THD_##n##_ADDR32, TT_##p##_THD_##n##_SHAMT, \
                 true, TT_##p##_THD_##n##_MASK)

static const TTCfgSpecial tt_cfg_special[TT_ARCH__MAX] = {
    [TT_ARCH_WORMHOLE_B0] = {
        .cfg_state_id = TT_CFG_T(WH, CFG_STATE_ID_StateID),
        .state_reset_en = TT_CFG_C(WH, STATE_RESET_EN),
        .prng_seed = TT_CFG_C(WH, PRNG_SEED_Seed_Val),
        .ic_invalidate = TT_CFG_C(WH, RISCV_IC_INVALIDATE_InvalidateAll),
        .ctx_cnt_reset = {
            TT_CFG_T(WH, UNPACK_MISC_CFG_CfgContextCntReset_0),
            TT_CFG_T(WH, UNPACK_MISC_CFG_CfgContextCntReset_1),
        },
    },
    [TT_ARCH_BLACKHOLE] = {
        .cfg_state_id = TT_CFG_T(BH, CFG_STATE_ID_StateID),
        .state_reset_en = TT_CFG_C(BH, STATE_RESET_EN),
        .prng_seed = TT_CFG_C(BH, PRNG_SEED_Seed_Val),
        .ic_invalidate = TT_CFG_C(BH, RISCV_IC_INVALIDATE_InvalidateAll),
        .ctx_cnt_reset = {
            TT_CFG_T(BH, UNPACK_MISC_CFG_CfgContextCntReset_0),
            TT_CFG_T(BH, UNPACK_MISC_CFG_CfgContextCntReset_1),
        },
        .scratch = {
            TT_CFG_C(BH, SCRATCH_SEC0_val),
            TT_CFG_C(BH, SCRATCH_SEC1_val),
            TT_CFG_C(BH, SCRATCH_SEC2_val),
        },
        .stream_id_sync = {
            TT_CFG_T(BH, STREAM_ID_SYNC_SEC0_BankSel),
            TT_CFG_T(BH, STREAM_ID_SYNC_SEC1_BankSel),
            TT_CFG_T(BH, STREAM_ID_SYNC_SEC2_BankSel),
            TT_CFG_T(BH, STREAM_ID_SYNC_SEC3_BankSel),
        },
    },
};

static const TTCfgSpecial *tt_cfg_sp(TTCoproc *s)
{
    return &tt_cfg_special[s->arch->id];
}

/* @f, if the architecture has it, agrees with the tables */
static void tt_cfg_check_special(TTArchId arch, const TTCfgRegInfo *f)
{
    const TTCfgRegInfo *r = f->name ? tt_cfg_reg_lookup(arch, f->name) : NULL;

    assert(!f->name || (r && r->addr32 == f->addr32 &&
                        r->shift == f->shift && r->mask == f->mask &&
                        r->thread == f->thread));
}

/* ---------------------------------------------------------------------- */
/* Reading and writing Config                                             */
/* ---------------------------------------------------------------------- */

uint32_t tt_cfg_read(TTCoproc *s, int state, uint32_t index)
{
    if (index >= s->arch->cfg_state_words) {
        return 0;
    }
    if (index >= s->arch->cfg_global_base) {
        state = 0;      /* one value, held in both states */
    }
    return s->cfg.regs[state & 1][index];
}

/*
 * Write @n consecutive words Config[@state][@index..] (already checked to
 * be in range) as one access, then apply the documented immediate effects
 * of the write (BackendConfiguration.md, "Special cases").  @src names the
 * writer for trace output; @rmwcib: the write is an RMWCIB, which does not
 * trigger STATE_RESET_EN.
 */
static void tt_cfg_store(TTCoproc *s, int state, uint32_t index,
                         const uint32_t *values, int n, const char *src,
                         bool rmwcib)
{
    const TTCfgLayout *l = tt_cfg_layout(s->arch->id);
    const TTCfgSpecial *sp = tt_cfg_sp(s);
    bool reset = false;

    for (int k = 0; k < n; k++) {
        uint32_t i = index + k;
        uint32_t old = s->cfg.regs[state][i];

        if (trace_event_get_state_backends(TRACE_TT_CFG_WRITE)) {
            char name[96];

            trace_tt_cfg_write(src, state, i,
                               tt_cfg_word_name(s->arch->id, false, i, name,
                                                sizeof(name)),
                               old, values[k]);
        }
        if (s->cfg.thcon_reset_held && i >= l->thcon_base &&
            i < l->global_base) {
            /* SoftReset.md, THCON configuration soft reset */
            trace_tt_cfg_discarded(src, state, i, values[k]);
            continue;
        }
        if (i >= l->global_base) {
            s->cfg.regs[0][i] = values[k] & s->cfg.regs_defined[i];
            s->cfg.regs[1][i] = values[k] & s->cfg.regs_defined[i];
        } else {
            s->cfg.regs[state][i] = values[k] & s->cfg.regs_defined[i];
        }
        if (i == sp->state_reset_en.addr32 && !rmwcib) {
            reset = true;
        }
        if (i == sp->prng_seed.addr32) {
            trace_tt_cfg_effect(state, "PRNG seed", values[k]);
            tt_sfpu_seed_prng(s, values[k]);
        }
        if (i == sp->ic_invalidate.addr32) {
            /*
             * No effect to model: QEMU keeps translated code coherent with
             * writes to L1 (a stale instruction cache is not a behaviour
             * software may rely on).
             */
            trace_tt_cfg_effect(state, "instruction cache invalidate",
                                tt_cfg_field_of(&sp->ic_invalidate,
                                                values[k]));
        }
    }
    if (reset) {
        /*
         * Writing anything to Config[i][STATE_RESET_EN_ADDR32] zeroes
         * Config[i][0 .. GLOBAL_CFGREG_BASE_ADDR32 - 1].  Words written by
         * the same (128-bit) access are zeroed too: the reset is applied
         * after the whole access.
         */
        trace_tt_cfg_effect(state, "STATE_RESET_EN", 0);
        memset(s->cfg.regs[state], 0, l->global_base * sizeof(uint32_t));
    }
}

void tt_cfg_write_word(TTCoproc *s, int state, uint32_t index,
                       uint32_t value)
{
    if (index >= s->arch->cfg_state_words) {
        tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: write of 0x%08x to "
                    "Config word %u, beyond its %u words, dropped\n",
                    value, index, s->arch->cfg_state_words);
        return;
    }
    tt_cfg_store(s, state & 1, index, &value, 1, "unit", false);
}

uint32_t tt_cfg_get(TTCoproc *s, int state, const TTCfgRegInfo *r)
{
    return tt_cfg_field_of(r, tt_cfg_read(s, state, r->addr32));
}

uint32_t tt_cfg_thread_get(TTCoproc *s, int t, const TTCfgRegInfo *r)
{
    return tt_cfg_field_of(r, s->cfg.thd[t][r->addr32]);
}

int tt_cfg_state_id(TTCoproc *s, int t)
{
    /* ThreadConfig[t].CFG_STATE_ID_StateID (word 0, bit 0) */
    return tt_cfg_thread_get(s, t, &tt_cfg_sp(s)->cfg_state_id);
}

void tt_cfg_thcon_soft_reset(TTCoproc *s, bool held)
{
    const TTCfgLayout *l = tt_cfg_layout(s->arch->id);

    if (held && !s->cfg.thcon_reset_held) {
        /* SoftReset.md: "Upon entering soft reset" */
        for (int i = 0; i < 2; i++) {
            memset(&s->cfg.regs[i][l->thcon_base], 0,
                   (l->global_base - l->thcon_base) * sizeof(uint32_t));
        }
    }
    if (held != s->cfg.thcon_reset_held) {
        trace_tt_cfg_soft_reset(held);
    }
    s->cfg.thcon_reset_held = held;
}

/* ---------------------------------------------------------------------- */
/* TENSIX_CFG window                                                      */
/* ---------------------------------------------------------------------- */

/*
 * Decode a TENSIX_CFG offset: returns the region kind and fills state,
 * index (word or ThreadConfig entry) and thread.  Layout
 * (BackendConfiguration.md): Config[0], Config[1], on Blackhole
 * ConfigDualWrite, then ThreadConfig[3][THD_STATE_SIZE] with 16-byte
 * (Wormhole) or 4-byte (Blackhole) entries holding a 16-bit value.
 */
enum {
    TT_CFGR_NONE,
    TT_CFGR_STATE,
    TT_CFGR_DUAL,
    TT_CFGR_THREAD,
    TT_CFGR_THREAD_PAD,     /* the padding of a ThreadConfig entry */
};

static int tt_cfg_decode(TTCoproc *s, hwaddr addr, int *state,
                         uint32_t *index, int *thread)
{
    const TTArchInfo *a = s->arch;
    uint32_t state_bytes = a->cfg_state_words * 4;

    if (addr < state_bytes) {
        *state = 0;
        *index = addr / 4;
        return TT_CFGR_STATE;
    }
    if (addr >= a->cfg_state1_offset &&
        addr < a->cfg_state1_offset + state_bytes) {
        *state = 1;
        *index = (addr - a->cfg_state1_offset) / 4;
        return TT_CFGR_STATE;
    }
    if (a->cfg_dual_offset && addr >= a->cfg_dual_offset &&
        addr < a->cfg_dual_offset + state_bytes) {
        *state = 0;
        *index = (addr - a->cfg_dual_offset) / 4;
        return TT_CFGR_DUAL;
    }
    if (addr >= a->thd_cfg_offset &&
        addr < a->thd_cfg_offset + TT_NUM_THREADS * a->thd_cfg_stride) {
        uint32_t off = addr - a->thd_cfg_offset;

        *thread = off / a->thd_cfg_stride;
        off %= a->thd_cfg_stride;
        *index = off / a->thd_cfg_entry;
        if (*index >= a->thd_cfg_words) {
            return TT_CFGR_NONE;
        }
        return off % a->thd_cfg_entry >= 2 ? TT_CFGR_THREAD_PAD
                                           : TT_CFGR_THREAD;
    }
    return TT_CFGR_NONE;
}

uint32_t tt_cfg_peek(TTCoproc *s, uint32_t offset)
{
    int state = 0, thread = 0;
    uint32_t index = 0;

    offset &= ~3;
    switch (tt_cfg_decode(s, offset, &state, &index, &thread)) {
    case TT_CFGR_STATE:
        return tt_cfg_read(s, state, index);
    case TT_CFGR_DUAL:
        /* Blackhole: reads of ConfigDualWrite[j] read Config[0][j] */
        return tt_cfg_read(s, 0, index);
    case TT_CFGR_THREAD:
        /* {uint16_t Value, Padding...}: the padding reads as zero */
        return s->cfg.thd[thread][index] & 0xffff;
    case TT_CFGR_THREAD_PAD:
        return 0;
    default:
        tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: read of unmapped "
                    "TENSIX_CFG offset 0x%x\n", offset);
        return 0;
    }
}

static uint64_t tt_cfg_mmio_read(void *opaque, hwaddr addr, unsigned size)
{
    TTCoreView *v = opaque;
    uint32_t val = tt_cfg_peek(v->s, addr) >> ((addr & 3) * 8);

    trace_tt_tensix_mmio_read("cfg", v->core, addr, val, size);
    return val;
}

static void tt_cfg_mmio_write(void *opaque, hwaddr addr, uint64_t val,
                         unsigned size)
{
    TTCoreView *v = opaque;
    TTCoproc *s = v->s;
    const char *src = tt_core_name[v->core];
    uint32_t value = val;
    int state = 0, thread = 0;
    uint32_t index = 0;

    trace_tt_tensix_mmio_write("cfg", v->core, addr, val, size);
    if (size != 4 || (addr & 3)) {
        /* BackendConfiguration.md: RISC-V writes must be "sw" */
        tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: %s: %u-byte write to "
                    "TENSIX_CFG offset 0x%" HWADDR_PRIx " ignored (only "
                    "aligned 32-bit stores are supported)\n",
                    src, size, addr);
        return;
    }
    switch (tt_cfg_decode(s, addr, &state, &index, &thread)) {
    case TT_CFGR_STATE:
        tt_cfg_store(s, state, index, &value, 1, src, false);
        break;
    case TT_CFGR_DUAL:
        /* Blackhole ConfigDualWrite[j]: Config[0][j] and Config[1][j] */
        tt_cfg_store(s, 0, index, &value, 1, src, false);
        if (index < s->arch->cfg_global_base) {
            tt_cfg_store(s, 1, index, &value, 1, src, false);
        }
        break;
    case TT_CFGR_THREAD:
    case TT_CFGR_THREAD_PAD:
        tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: %s: ThreadConfig is "
                    "read-only to RISC-V (offset 0x%" HWADDR_PRIx "), "
                    "write ignored\n", src, addr);
        break;
    default:
        tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: %s: write to unmapped "
                    "TENSIX_CFG offset 0x%" HWADDR_PRIx " ignored\n",
                    src, addr);
        break;
    }
    /*
     * A write may change what a thread held at its Wait Gate is waiting
     * for only through the Wait Gate's own conditions, which do not read
     * Config; nothing to kick.
     */
}

static const MemoryRegionOps tt_cfg_ops = {
    .read = tt_cfg_mmio_read,
    .write = tt_cfg_mmio_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid.min_access_size = 1,
    .valid.max_access_size = 4,
    .impl.min_access_size = 1,
    .impl.max_access_size = 4,
};

/* ---------------------------------------------------------------------- */
/* Instructions                                                           */
/* ---------------------------------------------------------------------- */

/* "if (CfgIndex >= (CFG_STATE_SIZE*4)) UndefinedBehaviour();" */
static bool tt_cfg_index_ok(TTCoproc *s, int t, uint32_t insn,
                            uint32_t index)
{
    char buf[160];

    if (index < s->arch->cfg_state_words) {
        return true;
    }
    tt_insn_format(s->arch->id, insn, buf, sizeof(buf));
    tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: T%d: %s: Config index %u is "
                "beyond the %u words of a state; dropped\n", t, buf, index,
                s->arch->cfg_state_words);
    return false;
}

/* SETC16.md */
TTExec tt_setc16(TTCoproc *s, int t, uint32_t insn)
{
    const TTCfgSpecial *sp = tt_cfg_sp(s);
    uint32_t index = FIELD_EX32(insn, SETC16, setc16_reg);
    uint32_t value = FIELD_EX32(insn, SETC16, setc16_value);
    uint32_t resets = 0;

    if (index >= s->arch->thd_cfg_words) {
        tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: T%d: SETC16 index %u is "
                    "beyond the %u ThreadConfig words; dropped\n", t,
                    index, s->arch->thd_cfg_words);
        return TT_EXEC_DONE;
    }
    if (trace_event_get_state_backends(TRACE_TT_CFG_THREAD_WRITE)) {
        char name[96];

        trace_tt_cfg_thread_write(t, index,
                                  tt_cfg_word_name(s->arch->id, true, index,
                                                   name, sizeof(name)),
                                  s->cfg.thd[t][index], value);
    }
    s->cfg.thd[t][index] = value & s->cfg.thd_defined[index];

    /*
     * BackendConfiguration.md, "Special cases".  The clock-gater controls
     * (Wormhole CG_CTRL_*) only change power and timing: nothing to model.
     * CfgContextCntReset_0/1 reset unpacker 0/1's context counter of this
     * thread (we take a field set to 1 as the request).
     */
    for (int u = 0; u < 2; u++) {
        const TTCfgRegInfo *r = &sp->ctx_cnt_reset[u];

        if (r->name && r->addr32 == index && tt_cfg_field_of(r, value)) {
            resets |= 1u << u;
        }
    }
    if (resets) {
        trace_tt_cfg_effect(tt_cfg_state_id(s, t), "context counter reset",
                            resets);
        tt_unpack_reset_ctx_counters(s, t, resets);
    }
    return TT_EXEC_DONE;
}

/*
 * The Config index of WRCFG/RDCFG: their CfgReg field is 15 (WRCFG) or
 * 16 (RDCFG) bits wide; WRCFG.md and RDCFG.md use bits 10:0 (CfgIndex).
 */
static uint32_t tt_cfg_index_field(uint32_t cfg_reg)
{
    return cfg_reg & 0x7ff;
}

/*
 * The GPR of WRCFG/RDCFG: their GprAddress field is 8 bits wide; WRCFG.md
 * and RDCFG.md use bits 5:0 (InputReg/ResultReg, one of 64 GPRs).
 */
static uint32_t tt_cfg_gpr_field(uint32_t gpr_address)
{
    return gpr_address & 0x3f;
}

/* WRCFG.md */
TTExec tt_wrcfg(TTCoproc *s, int t, uint32_t insn)
{
    uint32_t index = tt_cfg_index_field(FIELD_EX32(insn, WRCFG, CfgReg));
    bool is128 = FIELD_EX32(insn, WRCFG, wr128b);
    uint32_t reg = tt_cfg_gpr_field(FIELD_EX32(insn, WRCFG, GprAddress));
    int state = tt_cfg_state_id(s, t);

    if (!tt_cfg_index_ok(s, t, insn, index)) {
        return TT_EXEC_DONE;
    }
    if (is128) {
        /* memcpy(&Config[StateID][CfgIndex & ~3], &GPRs[InputReg & ~3], 16) */
        tt_cfg_store(s, state, index & ~3u, &s->thread[t].gpr[reg & ~3u], 4,
                     "WRCFG", false);
    } else {
        tt_cfg_store(s, state, index, &s->thread[t].gpr[reg], 1, "WRCFG",
                     false);
    }
    return TT_EXEC_DONE;
}

/* RDCFG.md */
TTExec tt_rdcfg(TTCoproc *s, int t, uint32_t insn)
{
    uint32_t index = tt_cfg_index_field(FIELD_EX32(insn, RDCFG, CfgReg));
    uint32_t reg = tt_cfg_gpr_field(FIELD_EX32(insn, RDCFG, GprAddress));
    int state = tt_cfg_state_id(s, t);
    uint32_t value;

    if (!tt_cfg_index_ok(s, t, insn, index)) {
        return TT_EXEC_DONE;
    }
    value = tt_cfg_read(s, state, index);
    if (trace_event_get_state_backends(TRACE_TT_CFG_READ)) {
        char name[96];

        trace_tt_cfg_read(t, state, index,
                          tt_cfg_word_name(s->arch->id, false, index, name,
                                           sizeof(name)),
                          value, reg);
    }
    s->thread[t].gpr[reg] = value;
    return TT_EXEC_DONE;
}

/*
 * RMWCIB.md: byte @byte (Index1, the opcode's offset from RMWCIB0) of
 * Config word @index = (@data & @mask) | (old & ~@mask)
 */
static void tt_cfg_rmwcib(TTCoproc *s, int t, uint32_t insn, unsigned byte,
                          uint32_t index, uint32_t data, uint32_t mask)
{
    int state = tt_cfg_state_id(s, t);
    uint32_t word, old;

    if (!tt_cfg_index_ok(s, t, insn, index)) {
        return;
    }
    word = tt_cfg_read(s, state, index);
    old = extract32(word, byte * 8, 8);
    word = deposit32(word, byte * 8, 8, (data & mask) | (old & ~mask));
    tt_cfg_store(s, state, index, &word, 1, "RMWCIB", true);
}

TTExec tt_rmwcib0(TTCoproc *s, int t, uint32_t insn)
{
    tt_cfg_rmwcib(s, t, insn, 0, FIELD_EX32(insn, RMWCIB0, CfgRegAddr),
                  FIELD_EX32(insn, RMWCIB0, Data),
                  FIELD_EX32(insn, RMWCIB0, Mask));
    return TT_EXEC_DONE;
}

TTExec tt_rmwcib1(TTCoproc *s, int t, uint32_t insn)
{
    tt_cfg_rmwcib(s, t, insn, 1, FIELD_EX32(insn, RMWCIB1, CfgRegAddr),
                  FIELD_EX32(insn, RMWCIB1, Data),
                  FIELD_EX32(insn, RMWCIB1, Mask));
    return TT_EXEC_DONE;
}

TTExec tt_rmwcib2(TTCoproc *s, int t, uint32_t insn)
{
    tt_cfg_rmwcib(s, t, insn, 2, FIELD_EX32(insn, RMWCIB2, CfgRegAddr),
                  FIELD_EX32(insn, RMWCIB2, Data),
                  FIELD_EX32(insn, RMWCIB2, Mask));
    return TT_EXEC_DONE;
}

TTExec tt_rmwcib3(TTCoproc *s, int t, uint32_t insn)
{
    tt_cfg_rmwcib(s, t, insn, 3, FIELD_EX32(insn, RMWCIB3, CfgRegAddr),
                  FIELD_EX32(insn, RMWCIB3, Data),
                  FIELD_EX32(insn, RMWCIB3, Mask));
    return TT_EXEC_DONE;
}

/* BlackholeA0 CFGSHIFTMASK.md */
TTExec tt_cfgshiftmask(TTCoproc *s, int t, uint32_t insn)
{
    const TTCfgSpecial *sp = tt_cfg_sp(s);
    uint32_t index = FIELD_EX32(insn, CFGSHIFTMASK, CfgReg);
    uint32_t scratch_index = FIELD_EX32(insn, CFGSHIFTMASK, scratch_sel);
    uint32_t rotate = FIELD_EX32(insn, CFGSHIFTMASK, right_cshift_amt);
    uint32_t mask_width = FIELD_EX32(insn, CFGSHIFTMASK, mask_width);
    uint32_t alu_mode = FIELD_EX32(insn, CFGSHIFTMASK, operation);
    bool mask_mode = FIELD_EX32(insn, CFGSHIFTMASK, disable_mask_on_old_val);
    int state = tt_cfg_state_id(s, t);
    const TTCfgRegInfo *scratch;
    uint32_t mask, value, cfg;

    scratch = &sp->scratch[scratch_index < 3 ? scratch_index : t];
    if (!scratch->name) {
        tt_unimp_insn(s, t, insn, "no SCRATCH_SEC registers on this "
                      "architecture");
        return TT_EXEC_DONE;
    }
    if (!tt_cfg_index_ok(s, t, insn, index)) {
        return TT_EXEC_DONE;
    }
    value = tt_cfg_read(s, 0, scratch->addr32);     /* global */
    mask = (2u << mask_width) - 1u;         /* MaskWidth 31: all ones */
    value = ror32(value & mask, rotate);

    cfg = tt_cfg_read(s, state, index);
    if (!mask_mode) {
        cfg &= ~ror32(mask, rotate);
    }
    switch (alu_mode) {
    case 0:
        cfg |= value;
        break;
    case 1:
        cfg &= value;
        break;
    case 2:
        cfg ^= value;
        break;
    case 3:
        cfg += value;
        break;
    case 4:
        cfg |= ~value;
        break;
    case 5:
        cfg &= ~value;
        break;
    case 6:
        cfg ^= ~value;
        break;
    default:
        cfg -= value;
        break;
    }
    tt_cfg_store(s, state, index, &cfg, 1, "CFGSHIFTMASK", false);
    return TT_EXEC_DONE;
}

/*
 * BlackholeA0 STREAMWRCFG.md.  The stream_id_sel field is 3 bits wide; the
 * functional model uses its bits 1:0 (STREAM_ID_SYNC_SEC0..3).
 */
TTExec tt_streamwrcfg(TTCoproc *s, int t, uint32_t insn)
{
    const TTCfgSpecial *sp = tt_cfg_sp(s);
    uint32_t index = FIELD_EX32(insn, STREAMWRCFG, CfgReg);
    uint32_t reg = FIELD_EX32(insn, STREAMWRCFG, StreamRegAddr);
    uint32_t select = FIELD_EX32(insn, STREAMWRCFG, stream_id_sel) & 3;
    int state = tt_cfg_state_id(s, t);
    uint32_t stream, value;
    MemTxResult res;
    hwaddr addr;

    if (!sp->stream_id_sync[select].name) {
        tt_unimp_insn(s, t, insn, "no STREAM_ID_SYNC registers on this "
                      "architecture");
        return TT_EXEC_DONE;
    }
    if (!tt_cfg_index_ok(s, t, insn, index)) {
        return TT_EXEC_DONE;
    }
    /*
     * NOC_STREAM_READ_REG(StreamIndex, RegIndex) is a read of the tile's
     * NoC Overlay register, the same as a RISC-V load from
     * STREAM_REG_ADDR(): until the overlay is modelled (issue 4) that
     * region is an unimplemented device, which logs LOG_UNIMP and reads 0.
     */
    stream = tt_cfg_thread_get(s, t, &sp->stream_id_sync[select]);
    addr = TT_NOC_OVERLAY_BASE + stream * TT_NOC_STREAM_REG_SPACE + reg * 4;
    value = address_space_ldl_le(&s->tile_as, addr, MEMTXATTRS_UNSPECIFIED,
                                 &res);
    if (res != MEMTX_OK) {
        tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: T%d: STREAMWRCFG: read "
                    "of stream %u register %u (0x%08" HWADDR_PRIx ") "
                    "failed; writes 0\n", t, stream, reg, addr);
        value = 0;
    }
    trace_tt_cfg_stream_read(t, stream, reg, value);
    tt_cfg_store(s, state, index, &value, 1, "STREAMWRCFG", false);
    return TT_EXEC_DONE;
}

/* ---------------------------------------------------------------------- */
/* QOM hooks                                                              */
/* ---------------------------------------------------------------------- */

/* The bits of each word that some field of the register tables covers */
static void tt_cfg_init_defined(TTCoproc *s)
{
    const TTCfgLayout *l = tt_cfg_layout(s->arch->id);

    memset(s->cfg.regs_defined, 0, sizeof(s->cfg.regs_defined));
    memset(s->cfg.thd_defined, 0, sizeof(s->cfg.thd_defined));
    for (int i = 0; i < l->nregs; i++) {
        const TTCfgRegInfo *r = &l->regs[i];

        for (int w = 0; w < r->words; w++) {
            if (r->thread) {
                s->cfg.thd_defined[r->addr32 + w] |= r->mask;
            } else {
                s->cfg.regs_defined[r->addr32 + w] |= r->mask;
            }
        }
    }
}

void tt_cfg_realize(TTCoproc *s)
{
    const TTArchInfo *a = s->arch;
    const TTCfgLayout *l = tt_cfg_layout(a->id);
    const TTCfgSpecial *sp = tt_cfg_sp(s);
    uint32_t state_bytes = a->cfg_state_words * 4;

    /* tt_arch.c's layout agrees with the register tables (cfg_defines.h) */
    assert(a->cfg_state_words == l->cfg_state_size * 4u);
    assert(a->cfg_global_base == l->global_base);
    assert(a->thd_cfg_words == l->thd_state_size);
    assert(a->cfg_state1_offset == state_bytes);
    assert(!a->cfg_dual_offset || a->cfg_dual_offset == 2 * state_bytes);
    assert(a->thd_cfg_offset == (a->cfg_dual_offset ? 3 : 2) * state_bytes);
    assert(a->thd_cfg_stride == a->thd_cfg_words * a->thd_cfg_entry);
    assert(sp->cfg_state_id.addr32 == 0 && sp->cfg_state_id.mask == 1);
    tt_cfg_check_special(a->id, &sp->cfg_state_id);
    tt_cfg_check_special(a->id, &sp->state_reset_en);
    tt_cfg_check_special(a->id, &sp->prng_seed);
    tt_cfg_check_special(a->id, &sp->ic_invalidate);
    for (int i = 0; i < 2; i++) {
        tt_cfg_check_special(a->id, &sp->ctx_cnt_reset[i]);
    }
    for (int i = 0; i < 3; i++) {
        tt_cfg_check_special(a->id, &sp->scratch[i]);
    }
    for (int i = 0; i < 4; i++) {
        tt_cfg_check_special(a->id, &sp->stream_id_sync[i]);
    }

    tt_cfg_init_defined(s);
    for (int c = 0; c < TT_NUM_CORES; c++) {
        g_autofree char *name = NULL;

        if (c == TT_CORE_NCRISC) {
            continue;   /* NCRISC uses the CFGREG_RD_CNTL debug pair */
        }
        name = g_strdup_printf("tt-cfg-%s", tt_core_name[c]);
        memory_region_init_io(&s->cfg_mmio[c], s->owner, &tt_cfg_ops,
                              &s->view[c][0], name, 0x10000);
        s->cfg_mmio[c].disable_reentrancy_guard = true;
    }
}

void tt_cfg_reset(TTCoproc *s)
{
    memset(s->cfg.regs, 0, sizeof(s->cfg.regs));
    memset(s->cfg.thd, 0, sizeof(s->cfg.thd));
    s->cfg.thcon_reset_held = false;
}

const VMStateDescription vmstate_tt_cfg = {
    .name = "tt-tensix/cfg",
    .version_id = 2,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_2DARRAY(cfg.regs, TTCoproc, 2, TT_CFG_MAX_WORDS),
        VMSTATE_UINT32_2DARRAY(cfg.thd, TTCoproc, TT_NUM_THREADS,
                               TT_THD_CFG_MAX_WORDS),
        VMSTATE_BOOL_V(cfg.thcon_reset_held, TTCoproc, 2),
        VMSTATE_END_OF_LIST()
    }
};
