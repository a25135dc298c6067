/*
 * Tenstorrent Tensix coprocessor: the tt-tensix device
 *
 * The QOM device that holds the coprocessor core (TTCoproc: threads and
 * units, tt_unit.h), its windows (tt_tensix_mmio.c), reset and migration
 * state, and what the tile asks of it.  The execution loop is tt_exec.c.
 *
 * See tt_tensix.h for the execution model and tt-isa-documentation
 * (WormholeB0/TensixTile/TensixCoprocessor, BabyRISCV) for the functional
 * models followed here.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/timer.h"
#include "qemu/main-loop.h"
#include "qapi/error.h"
#include "hw/qdev-properties.h"
#include "migration/vmstate.h"
#include "tt_tensix.h"
#include "tt_exec.h"
#include "trace.h"

bool tt_tensix_push(TTTensixState *s, int t, uint32_t insn, unsigned flags)
{
    return tt_exec_push(&s->cp, t, insn, flags);
}

void tt_tensix_kick(TTTensixState *s)
{
    tt_exec_run(&s->cp);
}

/* Retry threads stalled on memory conditions (see poll_needed) */
static void tt_tensix_poll(void *opaque)
{
    tt_tensix_kick(opaque);
}

void tt_tensix_core_reset(TTTensixState *s, int core)
{
    /* SoftReset.md, "Upon entering soft reset" */
    if (TT_CORE_IS_TRISC(core)) {
        s->cp.flush_gen[TT_TRISC_THREAD(core)]++;
        tt_frontend_flush(&s->cp, TT_TRISC_THREAD(core));
        /* "Upon leaving soft reset": PCBuf from B discarded (same effect) */
        s->pcbuf[TT_TRISC_THREAD(core)].head = 0;
        s->pcbuf[TT_TRISC_THREAD(core)].count = 0;
    }
    if (core != TT_CORE_NCRISC) {
        int me = core == TT_CORE_BRISC ? 0 : core - TT_CORE_TRISC0 + 1;

        for (int k = 0; k < TT_NUM_MAILBOX_CORES; k++) {
            s->mbox[me][k].count = 0;
            s->mbox[me][k].head = 0;
        }
    }
}

void tt_tensix_soft_reset(TTTensixState *s, uint32_t old, uint32_t val)
{
    s->cp.soft_reset = val;
    /* Bit 9: THCON configuration (and Scalar Unit) soft reset */
    if (extract32(old ^ val, 9, 1)) {
        tt_cfg_thcon_soft_reset(&s->cp, extract32(val, 9, 1));
    }
    /* Mover, TDMA-RISC and packer-metadata soft reset bits */
    tt_mover_soft_reset(&s->cp, old, val);
    tt_tensix_kick(s);
}

uint32_t tt_tensix_cfg_read(TTTensixState *s, int state, uint32_t index)
{
    return tt_cfg_read(&s->cp, state, index);
}

uint32_t tt_tensix_cfg_peek(TTTensixState *s, uint32_t offset)
{
    return tt_cfg_peek(&s->cp, offset);
}

uint32_t tt_tensix_fifo_status(TTTensixState *s)
{
    uint32_t val = 0;

    for (int t = 0; t < TT_NUM_THREADS; t++) {
        val |= (s->cp.fe[t].fifo_count <= s->cp.arch->fifo_accept_max[t]) << t;
        val |= (s->cp.fe[t].fifo_count == 0) << (4 + t);
    }
    return val;
}

void tt_tensix_describe_thread(TTTensixState *s, int t, char *buf,
                               size_t len)
{
    TTThread *th = &s->cp.thread[t];
    uint64_t first = th->retired > TT_THREAD_HISTORY ?
                     th->retired - TT_THREAD_HISTORY : 0;
    size_t n;

    if (tt_frontend_idle(&s->cp, t)) {
        snprintf(buf, len, "idle");
    } else {
        tt_sync_describe_wait(&s->cp, t, buf, len);
    }
    /* then the last retired instructions, oldest first */
    for (uint64_t i = first; i < th->retired; i++) {
        n = strlen(buf);
        if (n + 8 >= len) {
            break;
        }
        snprintf(buf + n, len - n, i == first ? "; last: " : ", ");
        n = strlen(buf);
        tt_insn_format(s->cp.arch->id, th->history[i % TT_THREAD_HISTORY],
                       buf + n, len - n);
    }
}

uint32_t tt_tensix_qstatus(TTTensixState *s, int core)
{
    uint32_t all = 0, own;

    for (int t = 0; t < TT_NUM_THREADS; t++) {
        all |= tt_frontend_qclasses(&s->cp, t);
    }
    own = TT_CORE_IS_TRISC(core) ?
          tt_frontend_qclasses(&s->cp, TT_TRISC_THREAD(core)) : all;
    /* bit 11 and its copy 24, sfpu_cc: some Vector Unit lane is enabled */
    if (tt_sfpu_any_lane_enabled(&s->cp)) {
        own |= 1u << 11;
        all |= 1u << 11;
    }
    return own | (all << 13);
}

uint32_t tt_tensix_bstatus(TTTensixState *s, int core)
{
    /*
     * Busy = queued in the frontend, or executing in the backend.  Backend
     * units retire instantly in this model, so only the queued part shows.
     */
    uint32_t q = tt_tensix_qstatus(s, core);

    return (q & 0x7ff) | (((q >> 13) & 0x7ff) << 11);
}
/* ---------------------------------------------------------------------- */
/* QOM                                                                    */
/* ---------------------------------------------------------------------- */

static void tt_tensix_realize(DeviceState *dev, Error **errp)
{
    TTTensixState *s = TT_TENSIX(dev);
    TTCoproc *cp = &s->cp;

    if (s->arch_id >= TT_ARCH__MAX) {
        error_setg(errp, "tt-tensix: invalid architecture %u", s->arch_id);
        return;
    }
    if (!s->l1 || !s->space || !cp->cores || !cp->overlay) {
        error_setg(errp, "tt-tensix: 'l1', 'space', the cores and the "
                   "overlay must be set by the tile");
        return;
    }
    cp->owner = OBJECT(dev);
    cp->arch = tt_arch_get(s->arch_id);
    cp->l1 = s->l1;
    assert(cp->arch->cfg_state_words <= TT_CFG_MAX_WORDS);
    assert(cp->arch->thd_cfg_words <= TT_THD_CFG_MAX_WORDS);

    for (int c = 0; c < TT_NUM_CORES; c++) {
        for (int i = 0; i < TT_NUM_THREADS; i++) {
            cp->view[c][i] = (TTCoreView) { .s = cp, .core = c, .index = i };
        }
    }
    tt_tensix_mmio_init(s);
    address_space_init(&cp->tile_as, s->space, "tt-tensix-tile");
    cp->poll_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, tt_tensix_poll, s);
    tt_frontend_realize(cp);
    tt_cfg_realize(cp);
    tt_mover_realize(cp);
    tt_thcon_realize(cp);
    tt_dst_riscv_realize(cp);
    tt_adc_add_properties(cp);
    tt_dst_add_properties(cp);
    tt_pack_add_properties(cp);
    tt_sfpu_add_properties(cp);
}

static void tt_tensix_reset_hold(Object *obj, ResetType type)
{
    TTTensixState *s = TT_TENSIX(obj);
    TTCoproc *cp = &s->cp;

    tt_frontend_reset(cp);
    tt_sync_reset(cp);
    tt_thcon_reset(cp);
    tt_cfg_reset(cp);
    tt_mover_reset(cp);
    tt_adc_reset(cp);
    memset(cp->thread, 0, sizeof(cp->thread));
    memset(&cp->src, 0, sizeof(cp->src));
    tt_fpu_reset(cp);
    tt_dst_reset(cp);
    tt_pack_reset(cp);
    tt_unpack_reset(cp);
    tt_sfpu_reset(cp);
    cp->running = false;
    cp->rerun = false;
    cp->poll_needed = false;
    if (cp->poll_timer) {
        timer_del(cp->poll_timer);
    }
    memset(s->mbox, 0, sizeof(s->mbox));
    memset(s->pcbuf, 0, sizeof(s->pcbuf));
}

static const VMStateDescription vmstate_tt_thread = {
    .name = "tt-thread",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_ARRAY(gpr, TTThread, TT_NUM_GPRS),
        VMSTATE_END_OF_LIST()
    }
};

static const VMStateDescription vmstate_tt_mailbox = {
    .name = "tt-mailbox",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_ARRAY(data, TTMailbox, TT_MAILBOX_DEPTH),
        VMSTATE_UINT32(head, TTMailbox),
        VMSTATE_UINT32(count, TTMailbox),
        VMSTATE_END_OF_LIST()
    }
};

static const VMStateDescription vmstate_tt_pcbuf = {
    .name = "tt-pcbuf",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_ARRAY(data, TTPcBuf, TT_PCBUF_DEPTH),
        VMSTATE_UINT32(head, TTPcBuf),
        VMSTATE_UINT32(count, TTPcBuf),
        VMSTATE_END_OF_LIST()
    }
};

static const VMStateDescription vmstate_tt_src_sync = {
    .name = "tt-tensix/src-banks",
    .version_id = 2,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT8_ARRAY(src.a_client, TTCoproc, TT_SRC_BANKS),
        VMSTATE_UINT8_ARRAY(src.b_client, TTCoproc, TT_SRC_BANKS),
        VMSTATE_UINT8(src.fpu_a_bank, TTCoproc),
        VMSTATE_UINT8(src.fpu_b_bank, TTCoproc),
        VMSTATE_UINT8_ARRAY(src.unp_bank, TTCoproc, 2),
        VMSTATE_UINT32_2DARRAY(src.unp_row, TTCoproc, 2, TT_NUM_THREADS),
        VMSTATE_UINT8_2DARRAY_V(src.implied_fmt, TTCoproc, 2, TT_SRC_BANKS, 2),
        VMSTATE_UINT8_V(src.last_srca_row, TTCoproc, 2),
        VMSTATE_END_OF_LIST()
    }
};

static const VMStateDescription vmstate_tt_src_bank = {
    .name = "tt-src-bank",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_2DARRAY(v, TTSrcBank, TT_SRC_ROWS, TT_SRC_COLS),
        VMSTATE_END_OF_LIST()
    }
};

static int tt_coproc_post_load(void *opaque, int version_id)
{
    TTCoproc *s = opaque;

    tt_fpu_reset(s);        /* the Src banks changed under its cache */
    for (int i = 0; i < TT_SRC_BANKS; i++) {
        s->src.a_client[i] &= 1;
        s->src.b_client[i] &= 1;
    }
    s->src.fpu_a_bank &= 1;
    s->src.fpu_b_bank &= 1;
    s->src.unp_bank[0] &= 1;
    s->src.unp_bank[1] &= 1;
    for (int i = 0; i < TT_SRC_BANKS; i++) {
        s->src.implied_fmt[0][i] &= 0xf;
        s->src.implied_fmt[1][i] &= 0xf;
    }
    s->src.last_srca_row &= 0x3f;
    for (int i = 0; i < TT_NUM_THREADS; i++) {
        s->src.unp_row[0][i] &= 0x30;   /* SRCx_SET_Base << 4 */
        s->src.unp_row[1][i] &= 0x30;
    }
    return 0;
}

/* The coprocessor core: threads and units, each unit a subsection */
static const VMStateDescription vmstate_tt_coproc = {
    .name = "tt-tensix",    /* its subsections are "tt-tensix/UNIT" */
    .version_id = 1,
    .minimum_version_id = 1,
    .post_load = tt_coproc_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_STRUCT_ARRAY(thread, TTCoproc, TT_NUM_THREADS, 1,
                             vmstate_tt_thread, TTThread),
        VMSTATE_STRUCT_ARRAY(src.a, TTCoproc, TT_SRC_BANKS, 1,
                             vmstate_tt_src_bank, TTSrcBank),
        VMSTATE_STRUCT_ARRAY(src.b, TTCoproc, TT_SRC_BANKS, 1,
                             vmstate_tt_src_bank, TTSrcBank),
        VMSTATE_UINT32(soft_reset, TTCoproc),
        VMSTATE_BOOL(poll_needed, TTCoproc),
        VMSTATE_TIMER_PTR(poll_timer, TTCoproc),
        VMSTATE_END_OF_LIST()
    },
    .subsections = (const VMStateDescription * const []) {
        &vmstate_tt_frontend,
        &vmstate_tt_sync,
        &vmstate_tt_thcon,
        &vmstate_tt_cfg,
        &vmstate_tt_mover,
        &vmstate_tt_adc,
        &vmstate_tt_src_sync,
        &vmstate_tt_dst,
        &vmstate_tt_pack,
        &vmstate_tt_unpack,
        &vmstate_tt_sfpu,
        NULL
    }
};

static int tt_tensix_post_load(void *opaque, int version_id)
{
    TTTensixState *s = opaque;

    for (int i = 0; i < TT_NUM_MAILBOX_CORES * TT_NUM_MAILBOX_CORES; i++) {
        TTMailbox *mb = &s->mbox[i / 4][i % 4];

        if (mb->head >= TT_MAILBOX_DEPTH || mb->count > TT_MAILBOX_DEPTH) {
            return -EINVAL;
        }
    }
    for (int i = 0; i < TT_NUM_THREADS; i++) {
        if (s->pcbuf[i].head >= TT_PCBUF_DEPTH ||
            s->pcbuf[i].count > TT_PCBUF_DEPTH) {
            return -EINVAL;
        }
    }
    return 0;
}

static const VMStateDescription vmstate_tt_tensix = {
    .name = TYPE_TT_TENSIX,
    .version_id = 2,
    .minimum_version_id = 2,
    .post_load = tt_tensix_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_STRUCT(cp, TTTensixState, 1, vmstate_tt_coproc, TTCoproc),
        VMSTATE_STRUCT_2DARRAY(mbox, TTTensixState, TT_NUM_MAILBOX_CORES,
                               TT_NUM_MAILBOX_CORES, 1, vmstate_tt_mailbox,
                               TTMailbox),
        VMSTATE_STRUCT_ARRAY(pcbuf, TTTensixState, TT_NUM_THREADS, 1,
                             vmstate_tt_pcbuf, TTPcBuf),
        VMSTATE_UINT32(pc_buf_override, TTTensixState),
        VMSTATE_END_OF_LIST()
    },
};

static const Property tt_tensix_properties[] = {
    DEFINE_PROP_UINT8("arch", TTTensixState, arch_id, TT_ARCH_BLACKHOLE),
    DEFINE_PROP_BOOL("fast-paths", TTTensixState, cp.fast_paths, true),
    DEFINE_PROP_LINK("l1", TTTensixState, l1, TYPE_MEMORY_REGION,
                     MemoryRegion *),
    DEFINE_PROP_LINK("space", TTTensixState, space, TYPE_MEMORY_REGION,
                     MemoryRegion *),
};

static void tt_tensix_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);

    dc->desc = "Tenstorrent Tensix coprocessor";
    dc->realize = tt_tensix_realize;
    dc->vmsd = &vmstate_tt_tensix;
    dc->user_creatable = false;
    rc->phases.hold = tt_tensix_reset_hold;
    device_class_set_props(dc, tt_tensix_properties);
}

static const TypeInfo tt_tensix_info = {
    .name = TYPE_TT_TENSIX,
    .parent = TYPE_DEVICE,
    .instance_size = sizeof(TTTensixState),
    .class_init = tt_tensix_class_init,
};

static void tt_tensix_register_types(void)
{
    type_register_static(&tt_tensix_info);
}

type_init(tt_tensix_register_types)
