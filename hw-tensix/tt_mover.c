/*
 * Tensix Mover: the XMOV instruction and TDMA-RISC (0xFFB11000).
 *
 * tt-isa-documentation WormholeB0 TensixTile/Mover.md, TDMA-RISC.md,
 * TensixCoprocessor/XMOV.md, SoftReset.md; Blackhole deltas from
 * BlackholeA0 (no NCRISC instruction RAM, 1536 KiB of L1, TDMA-RISC
 * visible to RISCV B and T only).  See docs/units/mover.md.
 *
 * The mover is infinitely fast here: XMOV and TDMA-RISC mover commands
 * perform the whole transfer when they start, so the mover is never busy
 * and the command queue drains in the store that fills it.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/bitops.h"
#include "hw/registerfields.h"
#include "migration/vmstate.h"
#include "tt_log.h"
#include "tt_unit.h"
#include "trace.h"

/* ---------------------------------------------------------------------- */
/* Per-architecture facts                                                 */
/* ---------------------------------------------------------------------- */

/*
 * The THCON_SEC0_REG6_* Config fields XMOV reads (tt_cfg_defs.h):
 * Source_address and Destination_address are whole words; Buffer_size
 * (bits 29:0) and Transfer_direction (bits 31:30) share the third word.
 */
typedef struct TTMoverArchInfo {
    uint32_t reg6_src;          /* word of Source_address */
    uint32_t reg6_dst;          /* word of Destination_address */
    uint32_t reg6_size_dir;     /* word of Buffer_size, Transfer_direction */
    uint32_t size_mask;         /* Buffer_size: in-place mask, shift */
    uint8_t size_shift;
    uint32_t dir_mask;          /* Transfer_direction: in-place mask, shift */
    uint8_t dir_shift;
} TTMoverArchInfo;

#define TT_MOVER_REG6(p, n) TT_##p##_CFG_THCON_SEC0_REG6_##n
#define TT_MOVER_ARCH(p) {                                                  \
    .reg6_src = TT_MOVER_REG6(p, Source_address_ADDR32),                    \
    .reg6_dst = TT_MOVER_REG6(p, Destination_address_ADDR32),               \
    .reg6_size_dir = TT_MOVER_REG6(p, Buffer_size_ADDR32),                  \
    .size_mask = TT_MOVER_REG6(p, Buffer_size_MASK),                        \
    .size_shift = TT_MOVER_REG6(p, Buffer_size_SHAMT),                      \
    .dir_mask = TT_MOVER_REG6(p, Transfer_direction_MASK),                  \
    .dir_shift = TT_MOVER_REG6(p, Transfer_direction_SHAMT),                \
}

/* Buffer_size and Transfer_direction share a word; the addresses do not */
QEMU_BUILD_BUG_ON(TT_MOVER_REG6(WH, Buffer_size_ADDR32) !=
                  TT_MOVER_REG6(WH, Transfer_direction_ADDR32) ||
                  TT_MOVER_REG6(WH, Source_address_MASK) != 0xffffffffu ||
                  TT_MOVER_REG6(WH, Destination_address_MASK) != 0xffffffffu);
QEMU_BUILD_BUG_ON(TT_MOVER_REG6(BH, Buffer_size_ADDR32) !=
                  TT_MOVER_REG6(BH, Transfer_direction_ADDR32) ||
                  TT_MOVER_REG6(BH, Source_address_MASK) != 0xffffffffu ||
                  TT_MOVER_REG6(BH, Destination_address_MASK) != 0xffffffffu);

static const TTMoverArchInfo tt_mover_arch[TT_ARCH__MAX] = {
    [TT_ARCH_WORMHOLE_B0] = TT_MOVER_ARCH(WH),
    [TT_ARCH_BLACKHOLE] = TT_MOVER_ARCH(BH),
};

/* xmov_direction_t (Mover.md) */
enum {
    TT_XMOV_L0_TO_L1,       /* memset(0) into L1 */
    TT_XMOV_L1_TO_L0,       /* memcpy from L1 into Config or NCRISC IRAM */
    TT_XMOV_L0_TO_L0,       /* memset(0) into Config or NCRISC IRAM */
    TT_XMOV_L1_TO_L1,       /* memcpy from L1 into L1 */
};

static const char *const tt_xmov_mode_name[4] = {
    "L0_TO_L1", "L1_TO_L0", "L0_TO_L0", "L1_TO_L1",
};

/* SOFT_RESET_0 bits (SoftReset.md) */
#define TT_SR_PACKER(p)     BIT(2 + (p))
#define TT_SR_MOVER         BIT(6)
#define TT_SR_TDMA_RISC     BIT(8)      /* and glue */
#define TT_SR_PACK_DST      BIT(17)     /* also resets all packers */

/* The "_TO_L0" destination windows, in mover (byte) addresses */
#define TT_MOVER_CFG_END    0xffffu
#define TT_MOVER_IRAM_BASE  0x40000u
#define TT_MOVER_IRAM_END   0x4ffffu
#define TT_MOVER_REGION     0x10000u

/* TDMA-RISC registers */
REG32(TDMA_XMOV_SRC, 0x000)
REG32(TDMA_XMOV_DST, 0x004)
REG32(TDMA_XMOV_SIZE, 0x008)
REG32(TDMA_XMOV_DIR, 0x00C)
REG32(TDMA_COMMAND, 0x010)
REG32(TDMA_STATUS, 0x014)                   /* StatusBits() */
    FIELD(TDMA_STATUS, MOVER_BUSY, 0, 1)
    FIELD(TDMA_STATUS, CMDQ_FULL, 2, 1)
    FIELD(TDMA_STATUS, CMDQ_EMPTY, 3, 1)
    FIELD(TDMA_STATUS, PARAMQ_FULL, 4, 1)
    FIELD(TDMA_STATUS, PARAMQ_EMPTY, 5, 1)
    FIELD(TDMA_STATUS, CMDQ_CAPACITY, 8, 8)
REG32(TDMA_CLK_GATE_EN, 0x024)
REG32(TDMA_CLK_GATE_HYST, 0x028)
REG32(TDMA_XMOV_L1_BASE, 0x02C)
REG32(TDMA_FIFO_STATUS, 0x038)
REG32(TDMA_SCALER0, 0x03C)
REG32(TDMA_SCALER1, 0x13C)
/* Per packer p, at p * 0x100 + ... */
REG32(TDMA_PACKED_SIZE, 0x018)              /* + 0x40 * thread */
REG32(TDMA_ACC_PACKED_SIZE, 0x01C)          /* + 0x40 * thread */
REG32(TDMA_ALL_ZERO_FLAGS, 0x020)
REG32(TDMA_FIFO_TILE_SIZE, 0x030)
REG32(TDMA_FIFO_ZEROMASK, 0x034)

/* TDMA-RISC command opcodes (TDMA_RISC_Command_Processor) */
#define TT_TDMA_CMD_MOVER       0x40
#define TT_TDMA_CMD_MOVER_WAIT  0x46
#define TT_TDMA_CMD_L1_WRITE    0x66
#define TT_TDMA_CMD_NOP         0x89

bool tt_mover_busy(TTCoproc *s)
{
    return false;
}

/* ---------------------------------------------------------------------- */
/* The mover (Mover.md functional model)                                  */
/* ---------------------------------------------------------------------- */

/*
 * Write one Config word at byte offset @off of TENSIX_CFG, as the mover
 * sees it: the same layout as RISC-V stores (Config[0], Config[1], and on
 * Blackhole ConfigDualWrite).  Returns false if nothing is there.
 */
static bool tt_mover_cfg_write(TTCoproc *s, uint32_t off, uint32_t val)
{
    const TTArchInfo *a = s->arch;
    uint32_t state_bytes = a->cfg_state_words * 4;

    if (off < state_bytes) {
        tt_cfg_write_word(s, 0, off / 4, val);
        return true;
    }
    if (off >= a->cfg_state1_offset &&
        off < a->cfg_state1_offset + state_bytes) {
        tt_cfg_write_word(s, 1, (off - a->cfg_state1_offset) / 4, val);
        return true;
    }
    if (a->cfg_dual_offset && off >= a->cfg_dual_offset &&
        off < a->cfg_dual_offset + state_bytes) {
        tt_cfg_write_word(s, 0, (off - a->cfg_dual_offset) / 4, val);
        tt_cfg_write_word(s, 1, (off - a->cfg_dual_offset) / 4, val);
        return true;
    }
    return false;   /* ThreadConfig (SETC16 only) or unmapped */
}

/* NCRISC's view: its instruction RAM is mapped there (Wormhole) */
static AddressSpace *tt_mover_iram_as(TTCoproc *s)
{
    return tt_core_as(&s->cores[TT_CORE_NCRISC]);
}

/*
 * Mover(dst, src, count, mode): byte addresses and count, all multiples of
 * 16.  The transfer goes 16 bytes at a time in increasing address order.
 */
static void tt_mover_run(TTCoproc *s, const char *who, uint32_t dst,
                         uint32_t src, uint32_t count, uint32_t mode)
{
    enum { DST_L1, DST_CFG, DST_IRAM, DST_NOWHERE } kind;
    const uint32_t l1 = s->arch->l1_size;
    const bool from_l1 = mode == TT_XMOV_L1_TO_L1 ||
                         mode == TT_XMOV_L1_TO_L0;
    uint32_t off = 0, limit = 0, lost = 0;
    bool bad_src = false;

    trace_tt_mover_xfer(who, tt_xmov_mode_name[mode & 3], src, dst, count);
    if (s->soft_reset & TT_SR_MOVER) {
        /* SoftReset.md: commands are discarded while the mover is held */
        trace_tt_mover_discard(who, "mover held in soft reset");
        return;
    }
    if (!count) {
        return;
    }

    if (mode == TT_XMOV_L1_TO_L1 || mode == TT_XMOV_L0_TO_L1) {
        kind = DST_L1;
        if (dst >= l1) {
            tt_log_mask(LOG_GUEST_ERROR, "tt-mover: %s: destination 0x%x "
                        "is outside L1 (undefined behaviour); the writes "
                        "are discarded\n", who, dst);
        }
    } else {
        if (dst <= TT_MOVER_CFG_END) {
            kind = DST_CFG;
            off = dst;
            limit = TT_MOVER_REGION;
        } else if (dst >= TT_MOVER_IRAM_BASE && dst <= TT_MOVER_IRAM_END) {
            kind = DST_IRAM;
            off = dst - TT_MOVER_IRAM_BASE;
            limit = s->arch->ncrisc_iram_size;
            if (!limit) {
                tt_log_mask(LOG_GUEST_ERROR, "tt-mover: %s: destination "
                            "0x%x is NCRISC instruction RAM, which %s "
                            "does not have; the writes are discarded\n",
                            who, dst, s->arch->name);
            }
        } else {
            /* Mover.md: the operation happens, the writes are discarded */
            kind = DST_NOWHERE;
            trace_tt_mover_discard(who, "destination maps to nothing");
        }
        if (kind != DST_NOWHERE && (uint64_t)off + count > TT_MOVER_REGION) {
            tt_log_mask(LOG_GUEST_ERROR, "tt-mover: %s: 0x%x bytes at 0x%x "
                        "cross the end of the 64 KiB destination region "
                        "(undefined behaviour); the writes past it are "
                        "discarded\n", who, count, dst);
        }
    }
    if (from_l1 && src >= l1) {
        tt_log_mask(LOG_GUEST_ERROR, "tt-mover: %s: source 0x%x is outside "
                    "L1 (undefined behaviour); reads there give zeros\n",
                    who, src);
    }
    if (kind == DST_NOWHERE) {
        return;     /* reads from L1 have no side effects */
    }

    for (uint64_t i = 0; i < count; i += 16) {
        uint8_t buf[16] = { 0 };

        if (from_l1) {
            uint64_t a = (uint64_t)src + i;

            if (a + 16 <= l1) {
                memcpy(buf, tt_unit_l1(s, a, 16), 16);
            } else {
                bad_src = true;
            }
        }
        switch (kind) {
        case DST_L1: {
            uint64_t a = (uint64_t)dst + i;

            if (a + 16 <= l1) {
                address_space_write(&s->tile_as, a, MEMTXATTRS_UNSPECIFIED,
                                    buf, 16);
            }
            break;
        }
        case DST_CFG:
            if (off + i + 16 > limit) {
                break;
            }
            for (int k = 0; k < 16; k += 4) {
                if (!tt_mover_cfg_write(s, off + i + k, ldl_le_p(buf + k))) {
                    lost++;
                }
            }
            break;
        case DST_IRAM:
            if (off + i + 16 <= limit) {
                address_space_write(tt_mover_iram_as(s),
                                    TT_NCRISC_IRAM_BASE + off + i,
                                    MEMTXATTRS_UNSPECIFIED, buf, 16);
            } else if (limit) {
                lost += 4;
            }
            break;
        default:
            break;
        }
    }
    if (bad_src) {
        trace_tt_mover_discard(who, "source beyond L1 read as zeros");
    }
    if (lost && kind == DST_CFG) {
        tt_log_mask(LOG_GUEST_ERROR, "tt-mover: %s: %u words written to "
                    "TENSIX_CFG offsets 0x%x..0x%x that hold no Config "
                    "word (ThreadConfig or unmapped) were discarded\n",
                    who, lost, off, off + count - 1);
    } else if (lost) {
        tt_log_mask(LOG_GUEST_ERROR, "tt-mover: %s: %u words beyond the "
                    "%u-byte NCRISC instruction RAM were discarded\n",
                    who, lost, limit);
    }
}

/* ---------------------------------------------------------------------- */
/* XMOV (XMOV.md)                                                         */
/* ---------------------------------------------------------------------- */

TTExec tt_xmov(TTCoproc *s, int t, uint32_t insn)
{
    const TTMoverArchInfo *ma = &tt_mover_arch[s->arch->id];
    int state;
    uint32_t src, dst, word;

    if (s->soft_reset & TT_SR_TDMA_RISC) {
        /* SoftReset.md, glue held: "XMOV instructions will not start" */
        return TT_EXEC_STALL;
    }
    state = tt_cfg_state_id(s, t);
    src = tt_cfg_read(s, state, ma->reg6_src);
    dst = tt_cfg_read(s, state, ma->reg6_dst);
    word = tt_cfg_read(s, state, ma->reg6_size_dir);
    /* Buffer_size is bits 29:0, of which the mover uses the low 16 */
    tt_mover_run(s, "XMOV", dst << 4, src << 4,
                 (((word & ma->size_mask) >> ma->size_shift) & 0xffff) << 4,
                 (word & ma->dir_mask) >> ma->dir_shift);
    return TT_EXEC_DONE;
}

/* ---------------------------------------------------------------------- */
/* TDMA-RISC command queue and command processor (TDMA-RISC.md)           */
/* ---------------------------------------------------------------------- */

/* MovCmdBase index for an access by @core ("CurrentThread") */
static int tt_tdma_base_index(int core)
{
    switch (core) {
    case TT_CORE_BRISC:
        return 0;
    case TT_CORE_TRISC0:
    case TT_CORE_TRISC1:
    case TT_CORE_TRISC2:
        return 1 + core - TT_CORE_TRISC0;
    default:
        /*
         * NCRISC and the NoC (Wormhole): CurrentThreadMovCmdBase() falls
         * back to RISCV T0's; writes go there too.
         */
        return 1;
    }
}

static void tt_tdma_execute(TTCoproc *s, uint32_t cmd,
                            const uint32_t *params, int base)
{
    TTMoverState *m = &s->mover;
    bool compact = cmd >> 31;

    trace_tt_mover_cmd_exec(cmd, params[0], params[1], params[2], params[3]);
    switch (cmd & 0xff) {
    case TT_TDMA_CMD_MOVER: {
        uint32_t src, dst, count, mode;

        /* Mover.IsBusy() is never true here: no wait */
        if (compact) {
            src = m->mov_cmd_base[base] + extract32(cmd, 8, 8);
            dst = extract32(cmd, 16, 8);
            count = extract32(cmd, 24, 6);
            mode = extract32(cmd, 30, 1) ? TT_XMOV_L1_TO_L1
                                         : TT_XMOV_L1_TO_L0;
        } else {
            src = params[0];
            dst = params[1];
            count = params[2] & 0xffff;
            mode = params[3] & 3;
        }
        tt_mover_run(s, "TDMA-RISC", dst << 4, src << 4, count << 4, mode);
        break;
    }
    case TT_TDMA_CMD_MOVER_WAIT:
        /* Waits for the mover to be idle, which it always is */
        break;
    case TT_TDMA_CMD_L1_WRITE: {
        uint32_t dst = params[0];
        unsigned size = (cmd & 0x100) ? 8 : 4;
        uint8_t buf[8];

        if (compact || (cmd & 0x600) != 0x600) {
            tt_log_mask(LOG_GUEST_ERROR, "tt-mover: TDMA-RISC L1 write "
                        "command 0x%08x is %s (undefined behaviour); "
                        "ignored\n", cmd,
                        compact ? "compact" : "missing bits 10:9");
            break;
        }
        if (dst & (size - 1)) {
            tt_log_mask(LOG_GUEST_ERROR, "tt-mover: TDMA-RISC %u-bit L1 "
                        "write to unaligned 0x%x goes to 0x%x\n",
                        size * 8, dst, dst & ~(size - 1));
            dst &= ~(size - 1);
        }
        if ((uint64_t)dst + size > s->arch->l1_size) {
            tt_log_mask(LOG_GUEST_ERROR, "tt-mover: TDMA-RISC L1 write to "
                        "0x%x, outside L1 (undefined behaviour); "
                        "ignored\n", dst);
            break;
        }
        stl_le_p(buf, params[2]);
        stl_le_p(buf + 4, params[3]);
        address_space_write(&s->tile_as, dst, MEMTXATTRS_UNSPECIFIED, buf,
                            size);
        break;
    }
    case TT_TDMA_CMD_NOP:
        break;
    default:
        tt_log_mask(LOG_GUEST_ERROR, "tt-mover: TDMA-RISC command 0x%08x "
                    "has no documented opcode (undefined behaviour); "
                    "ignored\n", cmd);
        break;
    }
}

/* TDMA_RISC_Command_Processor(): run until the queue is empty */
static void tt_tdma_process(TTCoproc *s)
{
    TTMoverState *m = &s->mover;

    while (m->q_count) {
        int h = m->q_head;
        uint32_t cmd = m->q_cmd[h];

        tt_tdma_execute(s, cmd, m->q_params[h], m->q_base[h]);
        m->q_head = (h + 1) % TT_MOVER_QUEUE_DEPTH;
        m->q_count--;
        if (!(cmd >> 31) && m->param_credits < TT_MOVER_PARAM_CREDITS) {
            m->param_credits++;
        }
    }
}

/* EnqueueCmd() */
static void tt_tdma_enqueue(TTCoproc *s, int core, uint32_t cmd)
{
    TTMoverState *m = &s->mover;
    int tail;

    if (m->q_count >= TT_MOVER_QUEUE_DEPTH) {
        /* Cannot happen: the processor drains the queue on every push */
        tt_log_mask(LOG_GUEST_ERROR, "tt-mover: TDMA-RISC command queue "
                    "full, command 0x%08x dropped\n", cmd);
        return;
    }
    tail = (m->q_head + m->q_count) % TT_MOVER_QUEUE_DEPTH;
    m->q_cmd[tail] = cmd;
    m->q_base[tail] = tt_tdma_base_index(core);
    if (cmd >> 31) {
        memset(m->q_params[tail], 0, sizeof(m->q_params[tail]));
    } else {
        if (m->param_credits == 0) {
            /*
             * The documented hardware bug: EnqueueCmd should wait but does
             * not.  Unreachable here, since commands complete at once.
             */
            tt_log_mask(LOG_GUEST_ERROR, "tt-mover: TDMA-RISC command "
                        "with parameters enqueued with no parameter "
                        "credits (undefined behaviour)\n");
        } else {
            m->param_credits--;
        }
        memcpy(m->q_params[tail], m->cmd_params, sizeof(m->cmd_params));
    }
    m->q_count++;
    trace_tt_mover_cmd_enqueue(core, cmd, m->q_count, m->param_credits);
    tt_tdma_process(s);
}

/* ---------------------------------------------------------------------- */
/* Packer / unpacker configuration and sideband metadata (TDMA-RISC.md)   */
/* ---------------------------------------------------------------------- */

static uint32_t tt_tdma_status(TTCoproc *s)
{
    TTMoverState *m = &s->mover;
    uint32_t v = 0;

    v = FIELD_DP32(v, TDMA_STATUS, MOVER_BUSY, tt_mover_busy(s));
    v = FIELD_DP32(v, TDMA_STATUS, CMDQ_FULL,
                   m->q_count == TT_MOVER_QUEUE_DEPTH);
    v = FIELD_DP32(v, TDMA_STATUS, CMDQ_EMPTY, m->q_count == 0);
    v = FIELD_DP32(v, TDMA_STATUS, PARAMQ_FULL, m->param_credits == 0);
    v = FIELD_DP32(v, TDMA_STATUS, PARAMQ_EMPTY,
                   m->param_credits == TT_MOVER_PARAM_CREDITS);
    v = FIELD_DP32(v, TDMA_STATUS, CMDQ_CAPACITY,
                   TT_MOVER_QUEUE_DEPTH - m->q_count);
    /* bits 16, 17: the packer / unpacker reg-write FIFOs are never full */
    return v;
}

static void tt_tdma_set_scaler(TTCoproc *s, uint32_t start,
                               uint32_t values)
{
    if (start == 3) {
        values >>= 16;      /* the low half configures a clock gater */
    }
    for (uint32_t i = 0; i < 3 && start + i < 4; i++) {
        s->mover.set_reg_hi_scaler[start + i] = values & 0x1ff;
        values >>= 9;
    }
}

static uint32_t tt_tdma_scalars_and_status(TTCoproc *s, int u)
{
    uint32_t v = 0;

    for (int i = 0; i < 3; i++) {
        v |= s->mover.set_reg_hi_scaler[i] << (i * 9);
    }
    /* bits 27-30: packers busy for thread T2; packers are never busy */
    if (s->mover.unpacker_set_reg_acc[u] & 0x10000) {
        v |= 1u << 31;
    }
    return v;
}

static uint32_t tt_tdma_fifo_status(TTCoproc *s)
{
    uint32_t v = s->mover.pack_reg_addr_raw << 8;

    for (int p = 0; p < TT_NUM_PACKERS; p++) {
        const TTPackerMeta *pm = &s->mover.packer[p];

        if (pm->fifo_count == 0) {
            v |= 1u << (2 * p);
        }
        if (pm->fifo_count == TT_PACK_META_FIFO_DEPTH) {
            v |= 2u << (2 * p);
        }
    }
    return v;
}

/* ResetPackerAccTileSize() */
static void tt_tdma_reset_acc(TTCoproc *s, uint32_t val)
{
    for (int p = 0; p < TT_NUM_PACKERS; p++) {
        if (val & BIT(16 + p)) {
            TTPackerMeta *pm = &s->mover.packer[p];

            memset(pm->acc_tile_size, 0, sizeof(pm->acc_tile_size));
            pm->l1_dest_addr_offset = val & 0xffff;
        }
    }
}

/* UnpackerPackerAcc() */
static uint32_t tt_tdma_unpacker_packer_acc(TTCoproc *s, int p, int t)
{
    uint32_t lo = s->mover.packer[p].acc_tile_size[t] & 0xffff;
    uint32_t hi = s->mover.unpacker_set_reg_acc[p & 1] & 0xffff;

    return (hi << 16) | lo;
}

/* MetadataFIFO.Pop().AllZeroFlags; @what for the log */
static uint32_t tt_tdma_fifo_pop(TTCoproc *s, int p, const char *what)
{
    TTPackerMeta *pm = &s->mover.packer[p];
    uint32_t v;

    if (!pm->fifo_count) {
        tt_log_mask(LOG_GUEST_ERROR, "tt-mover: %s of packer %d's empty "
                    "metadata FIFO (undefined data: 0)\n", what, p);
        return 0;
    }
    v = pm->fifo_zero_flags[pm->fifo_head];
    pm->fifo_head = (pm->fifo_head + 1) % TT_PACK_META_FIFO_DEPTH;
    pm->fifo_count--;
    return v;
}

/* ---------------------------------------------------------------------- */
/* TDMA-RISC MMIO (per-core windows)                                      */
/* ---------------------------------------------------------------------- */

static uint32_t tt_tdma_read32(TTCoproc *s, int core, hwaddr addr)
{
    TTMoverState *m = &s->mover;
    int p = addr >> 8;
    hwaddr lo = addr & 0xff;

    switch (addr) {
    case A_TDMA_XMOV_SRC:
    case A_TDMA_XMOV_DST:
    case A_TDMA_XMOV_SIZE:
    case A_TDMA_XMOV_DIR:
    case A_TDMA_COMMAND:
        return 0;
    case A_TDMA_STATUS:
        return tt_tdma_status(s);
    case A_TDMA_CLK_GATE_EN:
        return m->unpack_reg_addr & 0xffffff7f;     /* UnpackRegAddrRaw */
    case A_TDMA_CLK_GATE_HYST:
        return m->scaler2_raw;
    case A_TDMA_XMOV_L1_BASE:
        return m->mov_cmd_base[tt_tdma_base_index(core)];
    case A_TDMA_FIFO_STATUS:
        return tt_tdma_fifo_status(s);
    case A_TDMA_SCALER0:
        return tt_tdma_scalars_and_status(s, 0);
    case A_TDMA_SCALER1:
        return tt_tdma_scalars_and_status(s, 1);
    }
    switch (p < TT_NUM_PACKERS ? lo : 0) {
    case A_TDMA_PACKED_SIZE:
    case A_TDMA_PACKED_SIZE + 0x40:
    case A_TDMA_PACKED_SIZE + 0x80:
        return tt_mover_packer_tile_size(s, p, (lo - A_TDMA_PACKED_SIZE)
                                                / 0x40);
    case A_TDMA_ACC_PACKED_SIZE:
    case A_TDMA_ACC_PACKED_SIZE + 0x40:
    case A_TDMA_ACC_PACKED_SIZE + 0x80:
        return tt_tdma_unpacker_packer_acc(s, p, (lo - A_TDMA_ACC_PACKED_SIZE)
                                                 / 0x40);
    case A_TDMA_ALL_ZERO_FLAGS:
        return m->packer[p].all_zero_flags;
    case A_TDMA_FIFO_TILE_SIZE: {
        TTPackerMeta *pm = &m->packer[p];

        if (!pm->fifo_count) {
            /*
             * Peek waits until the packer pushes (a later PACR with Last
             * and Enable_out_fifo): the core parks, re-reading once the
             * packer wakes it.  An access from outside the cores (qtest,
             * gdb) cannot wait: it reads 0.
             */
            if (tt_core_can_block(&s->cores[core])) {
                tt_core_park(&s->cores[core], TT_WAIT_PACK_META, p);
            }
            tt_log_mask(LOG_GUEST_ERROR, "tt-mover: %s: peek of packer "
                        "%d's empty metadata FIFO from outside the core "
                        "would wait; returns 0\n", tt_core_name[core], p);
            return 0;
        }
        /* The entries TTPackerMeta gets from PACR with Last (tt_pack.c) */
        return pm->fifo_tile_size[pm->fifo_head];
    }
    case A_TDMA_FIFO_ZEROMASK:
        return tt_tdma_fifo_pop(s, p, "read");
    }
    tt_log_mask(LOG_GUEST_ERROR, "tt-mover: %s: read of unmapped TDMA-RISC "
                "offset 0x%03" HWADDR_PRIx ", returns 0\n",
                tt_core_name[core], addr);
    return 0;
}

static void tt_tdma_write32(TTCoproc *s, int core, hwaddr addr,
                            uint32_t val)
{
    TTMoverState *m = &s->mover;
    int p = addr >> 8;
    hwaddr lo = addr & 0xff;

    switch (addr) {
    case A_TDMA_XMOV_SRC:
    case A_TDMA_XMOV_DST:
    case A_TDMA_XMOV_SIZE:
    case A_TDMA_XMOV_DIR:
        m->cmd_params[(addr >> 2) - R_TDMA_XMOV_SRC] = val;
        return;
    case A_TDMA_COMMAND:
        tt_tdma_enqueue(s, core, val);
        return;
    case A_TDMA_STATUS:
        return;
    case A_TDMA_CLK_GATE_EN:
        m->unpack_reg_addr = val;
        return;
    case A_TDMA_CLK_GATE_HYST:
        m->scaler2_raw = val & 0x01ff007f;
        tt_tdma_set_scaler(s, 3, val);
        return;
    case A_TDMA_XMOV_L1_BASE:
        m->mov_cmd_base[tt_tdma_base_index(core)] = val;
        return;
    case A_TDMA_FIFO_STATUS:
        m->pack_reg_addr_raw = val;     /* SetPackRegAddr() */
        return;
    case A_TDMA_SCALER0:
    case A_TDMA_SCALER1:
        tt_tdma_set_scaler(s, 0, val);
        return;
    }
    switch (p < TT_NUM_PACKERS ? lo : 0) {
    case A_TDMA_PACKED_SIZE:
    case A_TDMA_PACKED_SIZE + 0x40:
    case A_TDMA_PACKED_SIZE + 0x80:
    case A_TDMA_ALL_ZERO_FLAGS:
    case A_TDMA_FIFO_TILE_SIZE:
        return;     /* no effect */
    case A_TDMA_ACC_PACKED_SIZE:
    case A_TDMA_ACC_PACKED_SIZE + 0x40:
    case A_TDMA_ACC_PACKED_SIZE + 0x80:
        tt_tdma_reset_acc(s, val);
        return;
    case A_TDMA_FIFO_ZEROMASK:
        tt_tdma_fifo_pop(s, p, "pop (write)");
        return;
    }
    tt_log_mask(LOG_GUEST_ERROR, "tt-mover: %s: write 0x%08x to unmapped "
                "TDMA-RISC offset 0x%03" HWADDR_PRIx " ignored\n",
                tt_core_name[core], val, addr);
}

static uint64_t tt_tdma_read(void *opaque, hwaddr addr, unsigned size)
{
    TTCoreView *v = opaque;
    uint32_t val = tt_tdma_read32(v->s, v->core, addr & ~3);

    val = extract32(val, (addr & 3) * 8, size * 8);
    trace_tt_tensix_mmio_read("tdma", v->core, addr, val, size);
    return val;
}

static void tt_tdma_write(void *opaque, hwaddr addr, uint64_t val,
                          unsigned size)
{
    TTCoreView *v = opaque;
    TTCoproc *s = v->s;

    trace_tt_tensix_mmio_write("tdma", v->core, addr, val, size);
    if (s->soft_reset & TT_SR_TDMA_RISC) {
        /* SoftReset.md: writes are silently discarded while held */
        trace_tt_mover_discard("TDMA-RISC", "held in soft reset");
        return;
    }
    if (size != 4 || (addr & 3)) {
        tt_log_mask(LOG_GUEST_ERROR, "tt-mover: %s: %u-byte write to "
                    "TDMA-RISC offset 0x%03" HWADDR_PRIx " ignored (only "
                    "aligned 32-bit stores are supported)\n",
                    tt_core_name[v->core], size, addr);
        return;
    }
    tt_tdma_write32(s, v->core, addr, val);
}

static const MemoryRegionOps tt_tdma_ops = {
    .read = tt_tdma_read,
    .write = tt_tdma_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid.min_access_size = 1,
    .valid.max_access_size = 4,
    .impl.min_access_size = 1,
    .impl.max_access_size = 4,
};

/* ---------------------------------------------------------------------- */
/* Interfaces for the other units                                         */
/* ---------------------------------------------------------------------- */

uint32_t tt_mover_packer_tile_size(TTCoproc *s, int p, int thread)
{
    const TTPackerMeta *pm = &s->mover.packer[p];

    return pm->last_thread == thread ? pm->last_tile_size : 0;
}

uint32_t tt_mover_packer_acc_tile_size(TTCoproc *s, int p, int thread)
{
    return s->mover.packer[p].acc_tile_size[thread] & 0xffff;
}

uint32_t tt_mover_packer_all_zero_flags(TTCoproc *s, int p)
{
    return s->mover.packer[p].all_zero_flags;
}

void tt_mover_packer_reset_acc(TTCoproc *s, int p)
{
    TTPackerMeta *pm = &s->mover.packer[p];

    memset(pm->acc_tile_size, 0, sizeof(pm->acc_tile_size));
}

void tt_mover_soft_reset(TTCoproc *s, uint32_t old, uint32_t val)
{
    TTMoverState *m = &s->mover;

    if ((val & TT_SR_TDMA_RISC) && !(old & TT_SR_TDMA_RISC)) {
        /*
         * Entering TDMA-RISC soft reset: the command queue is emptied and
         * CmdParams zeroed.  "Some value" goes to the SetRegBase and
         * SetRegHiScaler fields: they keep theirs here.
         */
        m->q_head = 0;
        m->q_count = 0;
        m->param_credits = TT_MOVER_PARAM_CREDITS;
        memset(m->cmd_params, 0, sizeof(m->cmd_params));
    }
    /* Mover (bit 6): nothing is ever in flight to abort */
    for (int p = 0; p < TT_NUM_PACKERS; p++) {
        uint32_t bits = TT_SR_PACKER(p) | TT_SR_PACK_DST;
        bool was = old & bits, now = val & bits;
        TTPackerMeta *pm = &m->packer[p];

        if (now && !was) {
            memset(pm->acc_tile_size, 0, sizeof(pm->acc_tile_size));
            pm->last_tile_size = 0;
            pm->fifo_head = 0;
            pm->fifo_count = 0;
        } else if (was && !now) {
            pm->l1_dest_addr_offset = 0;
        }
    }
}

/* ---------------------------------------------------------------------- */
/* QOM glue                                                               */
/* ---------------------------------------------------------------------- */

void tt_mover_realize(TTCoproc *s)
{
    for (int c = 0; c < TT_NUM_CORES; c++) {
        g_autofree char *name = g_strdup_printf("tt-tdma-risc-%s",
                                                tt_core_name[c]);

        memory_region_init_io(&s->tdma[c], s->owner, &tt_tdma_ops,
                              &s->view[c][0], name, 0x1000);
        s->tdma[c].disable_reentrancy_guard = true;
    }
}

void tt_mover_reset(TTCoproc *s)
{
    memset(&s->mover, 0, sizeof(s->mover));
    s->mover.param_credits = TT_MOVER_PARAM_CREDITS;
}

static const VMStateDescription vmstate_tt_packer_meta = {
    .name = "tt-packer-meta",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32(last_thread, TTPackerMeta),
        VMSTATE_UINT32(last_tile_size, TTPackerMeta),
        VMSTATE_UINT32_ARRAY(acc_tile_size, TTPackerMeta, 3),
        VMSTATE_UINT32(all_zero_flags, TTPackerMeta),
        VMSTATE_UINT32(l1_dest_addr_offset, TTPackerMeta),
        VMSTATE_UINT32_ARRAY(fifo_tile_size, TTPackerMeta,
                             TT_PACK_META_FIFO_DEPTH),
        VMSTATE_UINT32_ARRAY(fifo_zero_flags, TTPackerMeta,
                             TT_PACK_META_FIFO_DEPTH),
        VMSTATE_UINT32(fifo_head, TTPackerMeta),
        VMSTATE_UINT32(fifo_count, TTPackerMeta),
        VMSTATE_END_OF_LIST()
    }
};

static int tt_mover_post_load(void *opaque, int version_id)
{
    TTCoproc *s = opaque;
    TTMoverState *m = &s->mover;

    if (m->q_head >= TT_MOVER_QUEUE_DEPTH ||
        m->q_count > TT_MOVER_QUEUE_DEPTH ||
        m->param_credits > TT_MOVER_PARAM_CREDITS) {
        return -EINVAL;
    }
    for (int i = 0; i < TT_MOVER_QUEUE_DEPTH; i++) {
        if (m->q_base[i] >= TT_MOVER_NUM_BASES) {
            return -EINVAL;
        }
    }
    for (int p = 0; p < TT_NUM_PACKERS; p++) {
        if (m->packer[p].fifo_head >= TT_PACK_META_FIFO_DEPTH ||
            m->packer[p].fifo_count > TT_PACK_META_FIFO_DEPTH ||
            m->packer[p].last_thread >= TT_NUM_THREADS) {
            return -EINVAL;
        }
    }
    return 0;
}

const VMStateDescription vmstate_tt_mover = {
    .name = "tt-tensix/mover",
    .version_id = 2,
    .minimum_version_id = 2,
    .post_load = tt_mover_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_ARRAY(mover.cmd_params, TTCoproc, 4),
        VMSTATE_UINT32_ARRAY(mover.mov_cmd_base, TTCoproc,
                             TT_MOVER_NUM_BASES),
        VMSTATE_UINT32(mover.param_credits, TTCoproc),
        VMSTATE_UINT32_ARRAY(mover.q_cmd, TTCoproc,
                             TT_MOVER_QUEUE_DEPTH),
        VMSTATE_UINT32_2DARRAY(mover.q_params, TTCoproc,
                               TT_MOVER_QUEUE_DEPTH, 4),
        VMSTATE_UINT32_ARRAY(mover.q_base, TTCoproc,
                             TT_MOVER_QUEUE_DEPTH),
        VMSTATE_UINT32(mover.q_head, TTCoproc),
        VMSTATE_UINT32(mover.q_count, TTCoproc),
        VMSTATE_UINT32(mover.unpack_reg_addr, TTCoproc),
        VMSTATE_UINT32(mover.scaler2_raw, TTCoproc),
        VMSTATE_UINT32(mover.pack_reg_addr_raw, TTCoproc),
        VMSTATE_UINT32_ARRAY(mover.set_reg_hi_scaler, TTCoproc, 4),
        VMSTATE_UINT32_ARRAY(mover.unpacker_set_reg_acc, TTCoproc,
                             TT_NUM_UNPACKERS),
        VMSTATE_STRUCT_ARRAY(mover.packer, TTCoproc, TT_NUM_PACKERS, 1,
                             vmstate_tt_packer_meta, TTPackerMeta),
        VMSTATE_END_OF_LIST()
    }
};
