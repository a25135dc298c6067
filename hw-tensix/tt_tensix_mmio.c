/*
 * Tenstorrent Tensix coprocessor: the windows the baby cores reach it by
 *
 * INSTRN_BUF (pushing instructions), REGFILE (the Tensix GPRs), PC_BUF
 * (PCBufs, TTSync, semaphores) and the mailboxes.  An access that must
 * wait parks the core (tt_core.h); the state change that lets it go on
 * wakes it.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "tt_log.h"
#include "tt_tensix.h"
#include "trace.h"

/* The device whose window @v is */
static TTTensixState *tt_view_tensix(TTCoreView *v)
{
    return container_of(v->s, TTTensixState, cp);
}

/* ---------------------------------------------------------------------- */
/* INSTRN_BUF (PushTensixInstruction.md)                                  */
/* ---------------------------------------------------------------------- */

static uint64_t tt_instrn_read(void *opaque, hwaddr addr, unsigned size)
{
    TTCoreView *v = opaque;

    tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: %s: read from INSTRN_BUF "
                "window %d (write-only), returns 0\n",
                tt_core_name[v->core], v->index);
    return 0;
}

static void tt_instrn_write(void *opaque, hwaddr addr, uint64_t val,
                            unsigned size)
{
    TTCoreView *v = opaque;
    TTTensixState *s = tt_view_tensix(v);
    TTCore *c = &s->cp.cores[v->core];
    unsigned flags;
    int t;

    trace_tt_tensix_mmio_write("instrn_buf", v->core, addr, val, size);
    if (v->core == TT_CORE_BRISC) {
        t = v->index;
        flags = TT_FIFO_BYPASS_MOP;
    } else {
        assert(TT_CORE_IS_TRISC(v->core));
        if (v->index != 0) {
            tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: %s: store to "
                        "INSTRN%d_BUF_BASE hangs the core (only BRISC may "
                        "use it)\n", tt_core_name[v->core], v->index);
            if (tt_core_can_block(c)) {
                tt_core_park(c, TT_WAIT_FOREVER, 0);
            }
            return;
        }
        t = TT_TRISC_THREAD(v->core);
        flags = TT_FIFO_FROM_TRISC;
    }
    if (size != 4) {
        tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: %s: %u-byte store to "
                    "INSTRN_BUF pushes the zero-extended value\n",
                    tt_core_name[v->core], size);
    }
    if (!tt_tensix_push(s, t, val, flags)) {
        if (tt_core_can_block(c)) {
            tt_core_park(c, TT_WAIT_FIFO, t);
        }
        tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: push of 0x%08x into full "
                    "T%d FIFO from outside the core dropped\n",
                    (uint32_t)val, t);
    }
}

static const MemoryRegionOps tt_instrn_ops = {
    .read = tt_instrn_read,
    .write = tt_instrn_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid.min_access_size = 1,
    .valid.max_access_size = 4,
    .impl.min_access_size = 4,
    .impl.max_access_size = 4,
};

/* ---------------------------------------------------------------------- */
/* REGFILE: Tensix GPRs (ScalarUnit.md)                                   */
/* ---------------------------------------------------------------------- */

static uint32_t *tt_regfile_word(TTCoreView *v, hwaddr addr)
{
    uint32_t word = addr / 4;
    int t;

    if (v->core == TT_CORE_BRISC) {
        t = word / TT_NUM_GPRS;
        if (t >= TT_NUM_THREADS) {
            return NULL;
        }
    } else {
        t = TT_TRISC_THREAD(v->core);
        if (word >= TT_NUM_GPRS) {
            return NULL;
        }
    }
    return &v->s->thread[t].gpr[word % TT_NUM_GPRS];
}

static uint64_t tt_regfile_read(void *opaque, hwaddr addr, unsigned size)
{
    TTCoreView *v = opaque;
    uint32_t *w = tt_regfile_word(v, addr);
    uint64_t val = 0;

    if (!w) {
        tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: %s: REGFILE read beyond "
                    "its GPRs at 0x%" HWADDR_PRIx "\n",
                    tt_core_name[v->core], addr);
    } else {
        val = extract32(*w, (addr & 3) * 8, size * 8);
    }
    trace_tt_tensix_mmio_read("regfile", v->core, addr, val, size);
    return val;
}

static void tt_regfile_write(void *opaque, hwaddr addr, uint64_t val,
                             unsigned size)
{
    TTCoreView *v = opaque;
    uint32_t *w = tt_regfile_word(v, addr);

    trace_tt_tensix_mmio_write("regfile", v->core, addr, val, size);
    if (!w) {
        tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: %s: REGFILE write beyond "
                    "its GPRs at 0x%" HWADDR_PRIx "\n",
                    tt_core_name[v->core], addr);
        return;
    }
    *w = deposit32(*w, (addr & 3) * 8, size * 8, val);
}

static const MemoryRegionOps tt_regfile_ops = {
    .read = tt_regfile_read,
    .write = tt_regfile_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid.min_access_size = 1,
    .valid.max_access_size = 4,
    .impl.min_access_size = 1,
    .impl.max_access_size = 4,
};

/* ---------------------------------------------------------------------- */
/* PC_BUF: PCBufs, TTSync, semaphores (PCBufs.md, TTSync.md, SyncUnit.md) */
/* ---------------------------------------------------------------------- */

/* The T side of a PC_BUF window (the B side is one FIFO register) */
REG32(PCBUF_DATA, 0x0)          /* PCBuf pop */
REG32(PCBUF_TTSYNC, 0x4)        /* CoprocessorDoneCheck */
REG32(PCBUF_MOPSYNC, 0x8)       /* MOPExpanderDoneCheck */
REG32(PCBUF_SEM0, 0x20)         /* semaphores 0..7, one word each */

/*
 * RISCV_DEBUG_REG_TRISC_PC_BUF_OVERRIDE: ten bits per PCBuf i, at 10 * i
 * (PCBufs.md)
 */
FIELD(PCBUF_OVERRIDE, EN, 0, 1)
FIELD(PCBUF_OVERRIDE, BUSY, 1, 1)
FIELD(PCBUF_OVERRIDE, VALUE, 2, 8)
#define TT_PCBUF_OVERRIDE_BITS  10

static uint32_t tt_pcbuf_override(TTTensixState *s, int i)
{
    return extract32(s->pc_buf_override, TT_PCBUF_OVERRIDE_BITS * i,
                     TT_PCBUF_OVERRIDE_BITS);
}

static bool tt_pcbuf_override_en(TTTensixState *s, int i)
{
    return FIELD_EX32(tt_pcbuf_override(s, i), PCBUF_OVERRIDE, EN);
}

static bool tt_pcbuf_override_busy(TTTensixState *s, int i)
{
    return FIELD_EX32(tt_pcbuf_override(s, i), PCBUF_OVERRIDE, BUSY);
}

static uint32_t tt_pcbuf_override_value(TTTensixState *s, int i)
{
    return FIELD_EX32(tt_pcbuf_override(s, i), PCBUF_OVERRIDE, VALUE);
}

/* Is RISCV T_i parked reading an empty PCBuf[i]? */
static bool tt_pcbuf_reader_waiting(TTTensixState *s, int i)
{
    TTCore *c = &s->cp.cores[TT_CORE_TRISC0 + i];

    return c->wait == TT_WAIT_PCBUF_POP;
}

static uint64_t tt_pcbuf_read(void *opaque, hwaddr addr, unsigned size)
{
    TTCoreView *v = opaque;
    TTTensixState *s = tt_view_tensix(v);
    TTCore *c = &s->cp.cores[v->core];
    uint64_t val = 0;
    int t;

    if (v->core == TT_CORE_BRISC) {
        /*
         * PCBufs.md, RISCV B read: wait until PCBuf[i] is empty, T_i is
         * blocked reading it and Tensix thread i is idle (or the override
         * says busy-bypass).
         */
        int i = v->index;
        TTPcBuf *pb = &s->pcbuf[i];

        if (tt_pcbuf_override_en(s, i) && tt_pcbuf_override_busy(s, i)) {
            goto out;
        }
        if (!pb->count && tt_pcbuf_reader_waiting(s, i) &&
            tt_frontend_idle(&s->cp, i)) {
            goto out;
        }
        if (tt_core_can_block(c)) {
            tt_core_park(c, TT_WAIT_PCBUF_SYNC, i);
        }
        tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: PCBuf %d (B side) read "
                    "from outside the core would wait; returns 0\n", i);
        goto out;
    }
    t = TT_TRISC_THREAD(v->core);
    if (addr < A_PCBUF_TTSYNC) {
        /* PCBufs.md, RISCV T_i read: pop, or wait while empty */
        TTPcBuf *pb = &s->pcbuf[t];

        if (pb->count) {
            val = pb->data[pb->head];
            pb->head = (pb->head + 1) % TT_PCBUF_DEPTH;
            pb->count--;
            tt_cores_wake(s->cp.cores, TT_WAIT_PCBUF_PUSH, t);
            tt_cores_wake(s->cp.cores, TT_WAIT_PCBUF_SYNC, t);
        } else if (tt_pcbuf_override_en(s, t)) {
            val = tt_pcbuf_override_value(s, t);
        } else if (tt_core_can_block(c)) {
            /* BRISC may be waiting for exactly this */
            tt_cores_wake(s->cp.cores, TT_WAIT_PCBUF_SYNC, t);
            tt_core_park(c, TT_WAIT_PCBUF_POP, t);
        } else {
            tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: pop of empty PCBuf "
                        "%d from outside the core returns 0\n", t);
        }
    } else if (addr < A_PCBUF_SEM0) {
        bool mop = (addr & ~3) == A_PCBUF_MOPSYNC;

        /*
         * TTSync.md.  CoprocessorDoneCheck: wait until the thread has
         * nothing in flight.  MOPExpanderDoneCheck: until the MOP expander
         * is idle and no MOP is queued before it.  Either returns at once
         * when PCBuf[t] has OverrideEn and OverrideBusy set.
         */
        bool idle = mop ? tt_frontend_mop_idle(&s->cp, t)
                        : tt_frontend_idle(&s->cp, t);

        if (tt_pcbuf_override_en(s, t) && tt_pcbuf_override_busy(s, t)) {
            idle = true;
        }
        if (!idle && tt_core_can_block(c)) {
            tt_core_park(c, mop ? TT_WAIT_MOP_IDLE : TT_WAIT_THREAD_IDLE, t);
        }
    } else if (addr < A_PCBUF_SEM0 + 4 * TT_NUM_SEMAPHORES) {
        val = tt_sync_sem_mmio_read(&s->cp, (addr - A_PCBUF_SEM0) / 4);
    } else {
        tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: %s: read of unmapped "
                    "PC_BUF offset 0x%" HWADDR_PRIx "\n",
                    tt_core_name[v->core], addr);
    }
out:
    trace_tt_tensix_mmio_read("pc_buf", v->core, addr, val, size);
    return val;
}

static void tt_pcbuf_write(void *opaque, hwaddr addr, uint64_t val,
                           unsigned size)
{
    TTCoreView *v = opaque;
    TTTensixState *s = tt_view_tensix(v);

    trace_tt_tensix_mmio_write("pc_buf", v->core, addr, val, size);
    if (v->core == TT_CORE_BRISC) {
        /* PCBufs.md, RISCV B write: push, waiting while full */
        TTPcBuf *pb = &s->pcbuf[v->index];
        TTCore *c = &s->cp.cores[TT_CORE_BRISC];

        if (pb->count >= TT_PCBUF_DEPTH) {
            if (tt_core_can_block(c)) {
                tt_core_park(c, TT_WAIT_PCBUF_PUSH, v->index);
            }
            tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: push into full PCBuf "
                        "%d from outside the core dropped\n", v->index);
            return;
        }
        pb->data[(pb->head + pb->count) % TT_PCBUF_DEPTH] = val;
        pb->count++;
        tt_cores_wake(s->cp.cores, TT_WAIT_PCBUF_POP, v->index);
        return;
    }
    if (addr < A_PCBUF_SEM0) {
        /* PCBuf (T side) and TTSync: stores are discarded */
        return;
    }
    if (addr < A_PCBUF_SEM0 + 4 * TT_NUM_SEMAPHORES) {
        /* SyncUnit.md "RISCV access to semaphores" (re-checks latches) */
        tt_sync_sem_mmio_write(&s->cp, v->core,
                               (addr - A_PCBUF_SEM0) / 4, val);
        tt_tensix_kick(s);
        return;
    }
    tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: %s: write to unmapped PC_BUF "
                "offset 0x%" HWADDR_PRIx "\n", tt_core_name[v->core], addr);
}

void tt_tensix_set_pcbuf_override(TTTensixState *s, uint32_t val)
{
    s->pc_buf_override = val;
    tt_cores_wake(s->cp.cores, TT_WAIT_PCBUF_POP, TT_WAIT_ARG_ANY);
    tt_cores_wake(s->cp.cores, TT_WAIT_PCBUF_SYNC, TT_WAIT_ARG_ANY);
    tt_cores_wake(s->cp.cores, TT_WAIT_THREAD_IDLE, TT_WAIT_ARG_ANY);
    tt_cores_wake(s->cp.cores, TT_WAIT_MOP_IDLE, TT_WAIT_ARG_ANY);
}

static const MemoryRegionOps tt_pcbuf_ops = {
    .read = tt_pcbuf_read,
    .write = tt_pcbuf_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid.min_access_size = 1,
    .valid.max_access_size = 4,
    .impl.min_access_size = 4,
    .impl.max_access_size = 4,
};

/* ---------------------------------------------------------------------- */
/* Mailboxes (Mailboxes.md)                                               */
/* ---------------------------------------------------------------------- */

/*
 * One region per peer (TT_MAILBOX_STRIDE apart); the words repeat every
 * 8 bytes within it
 */
REG32(MBOX_DATA, 0x0)           /* read: pop, write: push */
REG32(MBOX_STATUS, 0x4)         /* read: 1 while not empty */
#define TT_MBOX_REG_MASK        0x7

/* Index of a mailbox-capable core: B = 0, T0..T2 = 1..3 */
static int tt_mbox_core(int core)
{
    return core == TT_CORE_BRISC ? 0 : core - TT_CORE_TRISC0 + 1;
}

static uint64_t tt_mbox_read(void *opaque, hwaddr addr, unsigned size)
{
    TTCoreView *v = opaque;
    TTTensixState *s = tt_view_tensix(v);
    TTCore *c = &s->cp.cores[v->core];
    int me = tt_mbox_core(v->core);
    int region = addr / TT_MAILBOX_STRIDE;
    TTMailbox *mb = &s->mbox[region][me];     /* from region's core to me */
    uint64_t val;

    if ((addr & TT_MBOX_REG_MASK) == A_MBOX_STATUS) {
        val = mb->count ? 1 : 0;
    } else if (!mb->count) {
        if (tt_core_can_block(c)) {
            tt_core_park(c, TT_WAIT_MBOX_READ, region * 4 + me);
        }
        tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: pop of empty mailbox "
                    "from outside the core returns 0\n");
        val = 0;
    } else {
        val = mb->data[mb->head];
        mb->head = (mb->head + 1) % TT_MAILBOX_DEPTH;
        mb->count--;
        /* Space for the writer (from region's core) */
        tt_cores_wake(s->cp.cores, TT_WAIT_MBOX_WRITE, TT_WAIT_ARG_ANY);
    }
    trace_tt_tensix_mmio_read("mailbox", v->core, addr, val, size);
    return val;
}

static void tt_mbox_write(void *opaque, hwaddr addr, uint64_t val,
                          unsigned size)
{
    TTCoreView *v = opaque;
    TTTensixState *s = tt_view_tensix(v);
    TTCore *c = &s->cp.cores[v->core];
    int me = tt_mbox_core(v->core);
    int region = addr / TT_MAILBOX_STRIDE;
    TTMailbox *mb = &s->mbox[me][region];     /* from me to region's core */
    uint32_t total = 0;

    trace_tt_tensix_mmio_write("mailbox", v->core, addr, val, size);
    for (int k = 0; k < TT_NUM_MAILBOX_CORES; k++) {
        total += s->mbox[me][k].count;
    }
    if (mb->count >= TT_MAILBOX_DEPTH || total >= TT_MAILBOX_DEPTH) {
        if (tt_core_can_block(c)) {
            tt_core_park(c, TT_WAIT_MBOX_WRITE, me * 4 + region);
        }
        tt_log_mask(LOG_GUEST_ERROR, "tt-tensix: write to full mailbox "
                    "from outside the core dropped\n");
        return;
    }
    mb->data[(mb->head + mb->count) % TT_MAILBOX_DEPTH] = val;
    mb->count++;
    tt_cores_wake(s->cp.cores, TT_WAIT_MBOX_READ, me * 4 + region);
}

static const MemoryRegionOps tt_mbox_ops = {
    .read = tt_mbox_read,
    .write = tt_mbox_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid.min_access_size = 4,
    .valid.max_access_size = 4,
    .impl.min_access_size = 4,
    .impl.max_access_size = 4,
};

/* ---------------------------------------------------------------------- */
/* The windows of every core                                              */
/* ---------------------------------------------------------------------- */

/*
 * An access may park its core, leaving the dispatch by longjmp, and a
 * window's work may reach other regions of the tile (the threads it runs
 * store to tile registers): the windows are meant to re-enter.
 */
static void tt_tensix_init_io(TTTensixState *s, MemoryRegion *mr,
                              const MemoryRegionOps *ops, TTCoreView *v,
                              const char *name, uint64_t size)
{
    memory_region_init_io(mr, OBJECT(s), ops, v, name, size);
    mr->disable_reentrancy_guard = true;
}

void tt_tensix_mmio_init(TTTensixState *s)
{
    for (int c = 0; c < TT_NUM_CORES; c++) {
        TTCoreView *v = s->cp.view[c];
        g_autofree char *name = NULL;

        if (c == TT_CORE_NCRISC) {
            continue;   /* NCRISC reaches none of these windows */
        }
        for (int i = 0; i < TT_NUM_THREADS; i++) {
            name = g_strdup_printf("tt-instrn-buf%d-%s", i, tt_core_name[c]);
            tt_tensix_init_io(s, &s->instrn_buf[c][i], &tt_instrn_ops, &v[i],
                              name, TT_INSTRN_BUF_STRIDE);
            g_clear_pointer(&name, g_free);
        }
        for (int i = 0; i < (c == TT_CORE_BRISC ? TT_NUM_THREADS : 1); i++) {
            name = g_strdup_printf("tt-pc-buf%d-%s", i, tt_core_name[c]);
            tt_tensix_init_io(s, &s->pc_buf[c][i], &tt_pcbuf_ops, &v[i],
                              name, TT_PC_BUF_STRIDE);
            g_clear_pointer(&name, g_free);
        }
        name = g_strdup_printf("tt-regfile-%s", tt_core_name[c]);
        tt_tensix_init_io(s, &s->regfile[c], &tt_regfile_ops, &v[0], name,
                          0x1000);
        g_clear_pointer(&name, g_free);
        name = g_strdup_printf("tt-mailbox-%s", tt_core_name[c]);
        tt_tensix_init_io(s, &s->mailbox[c], &tt_mbox_ops, &v[0], name,
                          4 * TT_MAILBOX_STRIDE);
    }
}
