/*
 * Tenstorrent Tensix tile: the control / debug / status registers
 *
 * RISCV_DEBUG_REG_* at 0xFFB12000 (one 4 KiB block; unmodelled registers
 * are storage): soft reset of the five cores (holding and releasing them
 * at their reset PCs), the Blackhole reset-PC registers, the wall clock,
 * the FIFO status and the configuration read-back.
 *
 * The registers are 32 bits wide; neither the ISA documentation nor
 * tt-metal names one that takes 8- or 16-bit accesses, and the baby RISCV
 * cores cannot fault (BabyRISCV/README.md).  So a narrow load reads the
 * containing word (with that read's effects) and returns its bytes; a
 * narrow store is logged (LOG_GUEST_ERROR) and merged into the word's
 * current value, which is then written (with that write's effects).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qapi/error.h"
#include "qemu/log.h"
#include "qemu/timer.h"
#include "qemu/host-utils.h"
#include "hw/registerfields.h"
#include "hw/core/cpu.h"
#include "exec/ramlist.h"
#include "tt_log.h"
#include "tt_tile.h"
#include "trace.h"

/* Tile control / debug / status registers (TT_TILE_REGS_BASE + offset) */
REG32(CFGREG_RD_CNTL, 0x058)
REG32(CFGREG_RDDATA, 0x078)
REG32(TRISC_PC_BUF_OVERRIDE, 0x090)
REG32(INSTRN_BUF_CTRL0, 0x0A0)
REG32(INSTRN_BUF_CTRL1, 0x0A4)
REG32(INSTRN_BUF_STATUS, 0x0A8)
REG32(SOFT_RESET_0, 0x1B0)
    FIELD(SOFT_RESET_0, BRISC, 11, 1)
    FIELD(SOFT_RESET_0, TRISC0, 12, 1)
    FIELD(SOFT_RESET_0, TRISC1, 13, 1)
    FIELD(SOFT_RESET_0, TRISC2, 14, 1)
    FIELD(SOFT_RESET_0, NCRISC, 18, 1)
REG32(WALL_CLOCK_L, 0x1F0)
REG32(WALL_CLOCK_1, 0x1F4)
REG32(WALL_CLOCK_H, 0x1F8)
REG32(DISABLE_RESET, 0x224)             /* Blackhole */
REG32(TRISC0_RESET_PC, 0x228)           /* Blackhole */
REG32(TRISC1_RESET_PC, 0x22C)
REG32(TRISC2_RESET_PC, 0x230)
REG32(TRISC_RESET_PC_OVERRIDE, 0x234)
REG32(NCRISC_RESET_PC, 0x238)
REG32(NCRISC_RESET_PC_OVERRIDE, 0x23C)
/*
 * Blackhole RISCV_DEBUG_REG_DEST_CG_CTRL (tt-metal's tensix.h): clock
 * gating of Dst.  tt-metal's BRISC firmware writes 0 (gating off) in
 * device_setup().  Gating saves power and changes nothing a program can
 * see, so the register is storage.
 */
REG32(DEST_CG_CTRL, 0x240)

/* After machine reset, only BRISC runs (all four others held). */
#define TT_SOFT_RESET_DEFAULT   0x47000u

static const int tt_soft_reset_bit[TT_NUM_CORES] = {
    [TT_CORE_BRISC] = R_SOFT_RESET_0_BRISC_SHIFT,
    [TT_CORE_NCRISC] = R_SOFT_RESET_0_NCRISC_SHIFT,
    [TT_CORE_TRISC0] = R_SOFT_RESET_0_TRISC0_SHIFT,
    [TT_CORE_TRISC1] = R_SOFT_RESET_0_TRISC1_SHIFT,
    [TT_CORE_TRISC2] = R_SOFT_RESET_0_TRISC2_SHIFT,
};

/* ---------------------------------------------------------------------- */
/* Soft reset                                                             */
/* ---------------------------------------------------------------------- */

static uint32_t tt_core_reset_pc(TTTileState *s, int core)
{
    const TTArchInfo *a = s->arch;
    uint32_t pc = a->default_reset_pc[core];
    uint32_t en, val;

    if (core == TT_CORE_BRISC) {
        return pc;
    }
    if (a->reset_pc_in_cfg) {
        TTTensixState *ts = &s->tensix;

        if (core == TT_CORE_NCRISC) {
            en = tt_tensix_cfg_read(ts, 0, a->cfg_ncrisc_reset_pc_en) & 1;
            val = tt_tensix_cfg_read(ts, 0, a->cfg_ncrisc_reset_pc);
        } else {
            int t = TT_TRISC_THREAD(core);

            en = extract32(tt_tensix_cfg_read(ts, 0, a->cfg_trisc_reset_pc_en),
                           t, 1);
            val = tt_tensix_cfg_read(ts, 0, a->cfg_trisc_reset_pc + t);
        }
    } else if (core == TT_CORE_NCRISC) {
        en = s->ncrisc_reset_pc_override & 1;
        val = s->reset_pc[core];
    } else {
        en = extract32(s->trisc_reset_pc_override, TT_TRISC_THREAD(core), 1);
        val = s->reset_pc[core];
    }
    return en ? val : pc;
}

static void tt_core_hold_work(CPUState *cs, run_on_cpu_data data)
{
    TTCore *c = data.host_ptr;

    if (c->held) {
        cs->halted = 1;
    }
}

static void tt_core_release_work(CPUState *cs, run_on_cpu_data data)
{
    TTCore *c = data.host_ptr;
    TTTileState *s = tt_core_tile(c);
    uint32_t pc;

    if (c->held) {
        return;     /* held again before this ran */
    }
    c->release_pending = false;
    pc = tt_core_reset_pc(s, c->index);
    cpu_reset(cs);
    cpu_env(cs)->pc = pc;
    if (s->arch->local_ram_clears_on_release) {
        /* DISABLE_RESET: bit 2k for T_k, 6 for B, 8 for NC */
        static const int bit[TT_NUM_CORES] = { 6, 8, 0, 2, 4 };

        if (!extract32(s->regs_store[A_DISABLE_RESET / 4], bit[c->index], 1)) {
            memset(memory_region_get_ram_ptr(&c->local_ram), 0,
                   memory_region_size(&c->local_ram));
        }
    }
    trace_tt_core_release(s->x, s->y, tt_core_id[c->index], pc);
    cs->halted = 0;
}

static void tt_tile_set_soft_reset(TTTileState *s, uint32_t val)
{
    uint32_t old = s->soft_reset;
    bool had_vcpus = false;

    for (int i = 0; i < TT_NUM_CORES; i++) {
        had_vcpus |= s->core[i].created;
    }

    trace_tt_tile_soft_reset(s->x, s->y, old, val);
    s->soft_reset = val;
    for (int i = 0; i < TT_NUM_CORES; i++) {
        TTCore *c = &s->core[i];
        bool was = extract32(old, tt_soft_reset_bit[i], 1);
        bool now = extract32(val, tt_soft_reset_bit[i], 1);
        Error *err = NULL;

        if (now && !was) {
            /* Entering reset (SoftReset.md); a core with no vCPU is held */
            c->held = true;
            c->release_pending = false;
            c->wait = TT_WAIT_NONE;
            tt_tensix_core_reset(&s->tensix, i);
            trace_tt_core_hold(s->x, s->y, tt_core_id[i]);
            if (c->created) {
                async_run_on_cpu(CPU(&c->cpu), tt_core_hold_work,
                                 RUN_ON_CPU_HOST_PTR(c));
            }
        } else if (!now && was) {
            c->held = false;
            c->release_pending = true;
            c->wait = TT_WAIT_NONE;
            /*
             * First release of a lazy core: its vCPU now.  The BQL is
             * dropped meanwhile; the work below checks c->held when it
             * runs, so a store in between that holds it again wins.
             */
            if (!tt_tile_create_core(s, i, &err)) {
                tt_log_mask(LOG_GUEST_ERROR, "tt-tile(%u,%u): %s released "
                            "twice at once: %s\n", s->x, s->y,
                            tt_core_id[i], error_get_pretty(err));
                error_free(err);
                continue;
            }
            async_run_on_cpu(CPU(&c->cpu), tt_core_release_work,
                             RUN_ON_CPU_HOST_PTR(c));
        }
    }
    if (extract32(old, tt_soft_reset_bit[TT_CORE_BRISC], 1) &&
        !extract32(val, tt_soft_reset_bit[TT_CORE_BRISC], 1) &&
        (had_vcpus || !s->lazy_cores)) {
        /*
         * BRISC released: the host has just written the tile's firmware.
         * Mark the tile's memory clean for translated code now, in one
         * pass over every vCPU's TLB; otherwise the first translation in
         * each page of that code makes the same pass, and with hundreds
         * of vCPUs those passes dominate booting a whole chip.  Not on
         * the first release of a lazy tile: its memory has been clean
         * since it was created (tt_tile_realize), as no core could write
         * it and the host's writes keep it so.  Only timing depends on
         * this: QEMU cleans each page itself when it translates code there.
         */
        memory_region_reset_dirty(&s->ram, 0, memory_region_size(&s->ram),
                                  DIRTY_MEMORY_CODE);
    }
    /* The coprocessor's units; discarded FIFO entries free space */
    tt_tensix_soft_reset(&s->tensix, old, val);
    tt_tile_wake(s, TT_WAIT_MBOX_WRITE, TT_WAIT_ARG_ANY);
}

/* ---------------------------------------------------------------------- */
/* Tile control / debug / status registers                                */
/* ---------------------------------------------------------------------- */

static uint64_t tt_wall_clock(TTTileState *s)
{
    return muldiv64(qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL), s->arch->clock_hz,
                    NANOSECONDS_PER_SECOND);
}

/* The word at @addr (4-byte aligned); @peek: without side effects */
static uint32_t tt_tile_regs_word_read(TTTileState *s, hwaddr addr,
                                       bool peek)
{
    uint32_t val = 0;
    uint64_t now;

    switch (addr) {
    case A_SOFT_RESET_0:
        val = s->soft_reset;
        break;
    case A_TRISC_PC_BUF_OVERRIDE:
        val = s->pc_buf_override;
        break;
    case A_WALL_CLOCK_L:
        now = tt_wall_clock(s);
        if (!peek) {
            s->wall_clock_hi_latch = now >> 32;
            tt_core_yield();
        }
        val = now;
        break;
    case A_WALL_CLOCK_1:
        val = tt_wall_clock(s) >> 32;
        if (!peek) {
            tt_core_yield();
        }
        break;
    case A_WALL_CLOCK_H:
        val = s->wall_clock_hi_latch;
        break;
    case A_INSTRN_BUF_STATUS:
        val = tt_tensix_fifo_status(&s->tensix);
        break;
    case A_CFGREG_RDDATA:
        val = tt_tensix_cfg_peek(&s->tensix,
                                 (s->regs_store[A_CFGREG_RD_CNTL / 4] &
                                  0x7ff) * 4);
        break;
    case A_TRISC0_RESET_PC:
    case A_TRISC1_RESET_PC:
    case A_TRISC2_RESET_PC:
        if (s->arch->reset_pc_in_cfg) {
            goto plain;
        }
        val = s->reset_pc[TT_CORE_TRISC0 + (addr - A_TRISC0_RESET_PC) / 4];
        break;
    case A_NCRISC_RESET_PC:
        if (s->arch->reset_pc_in_cfg) {
            goto plain;
        }
        val = s->reset_pc[TT_CORE_NCRISC];
        break;
    case A_TRISC_RESET_PC_OVERRIDE:
        if (s->arch->reset_pc_in_cfg) {
            goto plain;
        }
        val = s->trisc_reset_pc_override;
        break;
    case A_NCRISC_RESET_PC_OVERRIDE:
        if (s->arch->reset_pc_in_cfg) {
            goto plain;
        }
        val = s->ncrisc_reset_pc_override;
        break;
    default:
    plain:
        val = s->regs_store[addr / 4];
        break;
    }
    return val;
}

static uint64_t tt_tile_regs_read(void *opaque, hwaddr addr, unsigned size)
{
    TTTileState *s = opaque;
    uint32_t word = tt_tile_regs_word_read(s, addr & ~3, false);
    uint32_t val = extract32(word, (addr & 3) * 8, size * 8);

    trace_tt_tile_reg_read(s->x, s->y, addr, val);
    return val;
}

static void tt_tile_regs_word_write(TTTileState *s, hwaddr addr,
                                    uint32_t val)
{
    switch (addr) {
    case A_SOFT_RESET_0:
        tt_tile_set_soft_reset(s, val);
        return;
    case A_WALL_CLOCK_L:
        s->wall_clock_hi_latch = tt_wall_clock(s) >> 32;
        return;
    case A_WALL_CLOCK_1:
    case A_WALL_CLOCK_H:
    case A_INSTRN_BUF_STATUS:
    case A_CFGREG_RDDATA:
        return;     /* read-only */
    case A_TRISC0_RESET_PC:
    case A_TRISC1_RESET_PC:
    case A_TRISC2_RESET_PC:
        if (!s->arch->reset_pc_in_cfg) {
            s->reset_pc[TT_CORE_TRISC0 + (addr - A_TRISC0_RESET_PC) / 4] = val;
            return;
        }
        break;
    case A_NCRISC_RESET_PC:
        if (!s->arch->reset_pc_in_cfg) {
            s->reset_pc[TT_CORE_NCRISC] = val;
            return;
        }
        break;
    case A_TRISC_RESET_PC_OVERRIDE:
        if (!s->arch->reset_pc_in_cfg) {
            s->trisc_reset_pc_override = val & 7;
            return;
        }
        break;
    case A_NCRISC_RESET_PC_OVERRIDE:
        if (!s->arch->reset_pc_in_cfg) {
            s->ncrisc_reset_pc_override = val & 1;
            return;
        }
        break;
    case A_CFGREG_RD_CNTL:
    case A_DISABLE_RESET:
        break;
    case A_DEST_CG_CTRL:
        if (s->arch->has_dest_cg_ctrl) {
            break;          /* no visible effect: storage */
        }
        tt_log_mask(LOG_UNIMP, "tt-tile(%u,%u): register 0x%08" PRIx64
                    " = 0x%08x stored, no effect modelled yet\n", s->x,
                    s->y, (uint64_t)(TT_TILE_REGS_BASE + addr), val);
        break;
    case A_TRISC_PC_BUF_OVERRIDE:
        s->pc_buf_override = val & 0x3fffffff;
        tt_tensix_set_pcbuf_override(&s->tensix, s->pc_buf_override);
        return;
    case A_INSTRN_BUF_CTRL0:
    case A_INSTRN_BUF_CTRL1:
    default:
        tt_log_mask(LOG_UNIMP, "tt-tile(%u,%u): register 0x%08" PRIx64
                    " = 0x%08x stored, no effect modelled yet\n", s->x,
                    s->y, (uint64_t)(TT_TILE_REGS_BASE + addr), val);
        break;
    }
    s->regs_store[addr / 4] = val;
}

static void tt_tile_regs_write(void *opaque, hwaddr addr, uint64_t val64,
                               unsigned size)
{
    TTTileState *s = opaque;
    uint32_t val = val64;

    trace_tt_tile_reg_write(s->x, s->y, addr, val);
    if (size < 4) {
        uint32_t word = tt_tile_regs_word_read(s, addr & ~3, true);

        val = deposit32(word, (addr & 3) * 8, size * 8, val);
        tt_log_mask(LOG_GUEST_ERROR, "tt-tile(%u,%u): %u-bit store of "
                    "0x%" PRIx64 " to register 0x%08" PRIx64 ": the "
                    "registers are 32 bits; merged, 0x%08x written to "
                    "0x%08" PRIx64 "\n", s->x, s->y, size * 8, val64,
                    (uint64_t)(TT_TILE_REGS_BASE + addr), val,
                    (uint64_t)(TT_TILE_REGS_BASE + (addr & ~3)));
    }
    tt_tile_regs_word_write(s, addr & ~3, val);
}

const MemoryRegionOps tt_tile_regs_ops = {
    .read = tt_tile_regs_read,
    .write = tt_tile_regs_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid.min_access_size = 1,
    .valid.max_access_size = 4,
    .impl.min_access_size = 1,
    .impl.max_access_size = 4,
};

void tt_tile_regs_reset(TTTileState *s)
{
    s->soft_reset = TT_SOFT_RESET_DEFAULT;
    memset(s->reset_pc, 0, sizeof(s->reset_pc));
    s->trisc_reset_pc_override = 0;
    s->ncrisc_reset_pc_override = 0;
    s->wall_clock_hi_latch = 0;
    s->pc_buf_override = 0;
    memset(s->regs_store, 0, sizeof(s->regs_store));
    for (int i = 0; i < TT_NUM_CORES; i++) {
        TTCore *c = &s->core[i];

        c->held = extract32(TT_SOFT_RESET_DEFAULT, tt_soft_reset_bit[i], 1);
        c->release_pending = false;
    }
}

/*
 * The work a SOFT_RESET_0 write queues on a core's vCPU is not part of
 * the migration stream: queue it again.  (A hold only sets halted, which
 * the CPU's own state carries, but whether that already ran is unknown.)
 */
void tt_tile_regs_post_load(TTTileState *s)
{
    for (int i = 0; i < TT_NUM_CORES; i++) {
        TTCore *c = &s->core[i];
        CPUState *cs = tt_core_cpu(c);

        if (!cs) {
            continue;       /* never released: nothing to re-queue */
        }
        if (c->held) {
            async_run_on_cpu(cs, tt_core_hold_work, RUN_ON_CPU_HOST_PTR(c));
        } else if (c->release_pending) {
            async_run_on_cpu(cs, tt_core_release_work,
                             RUN_ON_CPU_HOST_PTR(c));
        }
    }
}
