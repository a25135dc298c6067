/*
 * Tensix Configuration Unit: the backend configuration registers
 * (Config[2], ThreadConfig[3]) as seen at TENSIX_CFG_BASE, and the
 * instructions that access them (SETC16, WRCFG, RDCFG, RMWCIB0-3,
 * CFGSHIFTMASK, STREAMWRCFG).
 *
 * tt-isa-documentation WormholeB0 TensixCoprocessor/BackendConfiguration.md,
 * ConfigurationUnit.md and the instruction pages.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "migration/vmstate.h"
#include "tt_tensix_int.h"
#include "trace.h"

uint32_t tt_tensix_cfg_read(TTTensixState *s, int state, uint32_t index)
{
    if (index >= s->arch->cfg_state_words) {
        return 0;
    }
    if (index >= s->arch->cfg_global_base) {
        state = 0;
    }
    return s->cfg.regs[state][index];
}

void tt_cfg_write_word(TTTensixState *s, int state, uint32_t index,
                       uint32_t value)
{
    if (index >= s->arch->cfg_global_base) {
        s->cfg.regs[0][index] = value;
        s->cfg.regs[1][index] = value;
    } else {
        s->cfg.regs[state][index] = value;
    }
}

/*
 * Decode a TENSIX_CFG offset: returns the region kind and fills state,
 * index (word or ThreadConfig entry) and thread.
 */
enum { TT_CFGR_NONE, TT_CFGR_STATE, TT_CFGR_DUAL, TT_CFGR_THREAD };

static int tt_cfg_decode(TTTensixState *s, hwaddr addr, int *state,
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
        if (off % a->thd_cfg_entry >= 4 ||
            off / a->thd_cfg_entry >= a->thd_cfg_words) {
            return TT_CFGR_NONE;
        }
        *index = off / a->thd_cfg_entry;
        return TT_CFGR_THREAD;
    }
    return TT_CFGR_NONE;
}

uint32_t tt_tensix_cfg_peek(TTTensixState *s, uint32_t offset)
{
    int state = 0, thread = 0;
    uint32_t index = 0;

    switch (tt_cfg_decode(s, offset & ~3, &state, &index, &thread)) {
    case TT_CFGR_STATE:
        return tt_tensix_cfg_read(s, state, index);
    case TT_CFGR_THREAD:
        return s->cfg.thd[thread][index] & 0xffff;
    case TT_CFGR_DUAL:
    default:
        qemu_log_mask(LOG_GUEST_ERROR, "tt-tensix: read of TENSIX_CFG "
                      "offset 0x%x, which is %s\n", offset,
                      offset >= s->arch->cfg_dual_offset &&
                      s->arch->cfg_dual_offset ? "write-only" : "unmapped");
        return 0;
    }
}

static uint64_t tt_cfg_read(void *opaque, hwaddr addr, unsigned size)
{
    TTCoreView *v = opaque;
    uint32_t val = tt_tensix_cfg_peek(v->s, addr) >> ((addr & 3) * 8);

    trace_tt_tensix_mmio_read("cfg", v->core, addr, val, size);
    return val;
}

static void tt_cfg_write(void *opaque, hwaddr addr, uint64_t val,
                         unsigned size)
{
    TTCoreView *v = opaque;
    TTTensixState *s = v->s;
    int state = 0, thread = 0;
    uint32_t index = 0;
    int kind;

    trace_tt_tensix_mmio_write("cfg", v->core, addr, val, size);
    if (size != 4 || (addr & 3)) {
        /* BackendConfiguration.md: RISC-V writes must be "sw" */
        qemu_log_mask(LOG_GUEST_ERROR, "tt-tensix: %s: %u-byte write to "
                      "TENSIX_CFG offset 0x%" HWADDR_PRIx " ignored (only "
                      "aligned 32-bit stores are supported)\n",
                      tt_core_name[v->core], size, addr);
        return;
    }
    kind = tt_cfg_decode(s, addr, &state, &index, &thread);
    switch (kind) {
    case TT_CFGR_STATE:
        tt_cfg_write_word(s, state, index, val);
        break;
    case TT_CFGR_DUAL:
        tt_cfg_write_word(s, 0, index, val);
        tt_cfg_write_word(s, 1, index, val);
        break;
    case TT_CFGR_THREAD:
        qemu_log_mask(LOG_GUEST_ERROR, "tt-tensix: %s: ThreadConfig is "
                      "read-only to RISC-V (offset 0x%" HWADDR_PRIx ")\n",
                      tt_core_name[v->core], addr);
        break;
    default:
        qemu_log_mask(LOG_GUEST_ERROR, "tt-tensix: %s: write to unmapped "
                      "TENSIX_CFG offset 0x%" HWADDR_PRIx "\n",
                      tt_core_name[v->core], addr);
        break;
    }
}

static const MemoryRegionOps tt_cfg_ops = {
    .read = tt_cfg_read,
    .write = tt_cfg_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid.min_access_size = 1,
    .valid.max_access_size = 4,
    .impl.min_access_size = 1,
    .impl.max_access_size = 4,
};


int tt_cfg_state_id(TTTensixState *s, int t)
{
    /* ThreadConfig[t].CFG_STATE_ID_StateID: word 0, bit 0 */
    return s->cfg.thd[t][0] & 1;
}

TTExec tt_cfg_exec(TTTensixState *s, int t, uint32_t insn)
{
    tt_unimp_insn(s, t, insn, NULL);
    return TT_EXEC_DONE;
}

void tt_cfg_realize(TTTensixState *s)
{
    for (int c = 0; c < TT_NUM_CORES; c++) {
        g_autofree char *name = NULL;

        if (c == TT_CORE_NCRISC) {
            continue;   /* NCRISC uses the CFGREG_RD_CNTL debug pair */
        }
        name = g_strdup_printf("tt-cfg-%s", tt_core_name[c]);
        memory_region_init_io(&s->cfg_mmio[c], OBJECT(s), &tt_cfg_ops,
                              &s->view[c][0], name, 0x10000);
    }
}

void tt_cfg_reset(TTTensixState *s)
{
    memset(&s->cfg, 0, sizeof(s->cfg));
}

const VMStateDescription vmstate_tt_cfg = {
    .name = "tt-tensix/cfg",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_2DARRAY(cfg.regs, TTTensixState, 2, TT_CFG_MAX_WORDS),
        VMSTATE_UINT32_2DARRAY(cfg.thd, TTTensixState, TT_NUM_THREADS,
                               TT_THD_CFG_MAX_WORDS),
        VMSTATE_END_OF_LIST()
    }
};
