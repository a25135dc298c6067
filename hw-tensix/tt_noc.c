/*
 * Tenstorrent NoC NIU model: life cycle, per-architecture facts and
 * coordinates.
 *
 * tt-isa-documentation WormholeB0/NoC/{MemoryMap,Counters,Atomics,
 * Coordinates,Alignment,RoutingPaths}.md and BlackholeA0/NoC/{MemoryMap,
 * Counters,Atomics,Coordinates,Interrupts}.md; tt-metal / tt-umd
 * noc_parameters.h for the register offsets and field encodings the ISA
 * pages leave out (summarised in reference/address-map.md section 5).
 *
 * Each tile has two NIUs (NoC 0 and NoC 1), each with four request
 * initiators ("command buffers").  Writing 1 to NOC_CMD_CTRL queues a
 * request; its packets are sent in bounded chunks, the first inside the
 * store, the rest from the NIU's timer (tt_noc_req.c), and NOC_CMD_CTRL
 * reads 1 until the last has left.  Data moves through the system
 * address space (the NoC view, tile (x, y)'s local address A at
 * (y << 42) | (x << 36) | A), and every counter the documentation lists
 * for a packet is bumped at the initiating, target and response NIUs in
 * the documented order.
 *
 * Coordinates in a NIU's registers are that NoC's coordinates: NoC 1 is
 * mirrored (x1 = noc_width - 1 - x, y1 = noc_height - 1 - y).  With
 * NIU_CFG_0 bit 14 set they first go through the coordinate translation
 * tables.
 *
 * The parts: see tt_noc_int.h.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/bitops.h"
#include "qapi/error.h"
#include "qom/object.h"
#include "migration/vmstate.h"
#include "tt_noc_int.h"

/* ---------------------------------------------------------------------- */
/* Per-architecture facts                                                 */
/* ---------------------------------------------------------------------- */

static const TTNocArch tt_noc_arch_table[TT_ARCH__MAX] = {
    [TT_ARCH_WORMHOLE_B0] = {
        .cfg_y_table = R_WH_NOC_Y_ID_TRANSLATE_TABLE_0,
        .cfg_id_logical = R_WH_NOC_ID_LOGICAL,
        .entry_bits = 4,
        .max_packet = 8192,
        .flit_bytes = 32,
        .be_bytes = 32,
        .col_optout_bits = 10,
        .row_optout_bits = 12,
        /*
         * Wormhole: bit 35 selects host memory only at the PCIe tile
         * (0,3); elsewhere it is an ordinary local address bit (the ARC
         * tile's registers live at 0x8_xxxx_xxxx).  The SoC model's PCIe
         * tile answers for its whole window, so no special case here.
         */
        .pcie_bit = 0,
        .coords_in_hi = false,
        .xlat_writeback = true,
        .ctrl_port_mask = true,
        .split_carry = false,
    },
    [TT_ARCH_BLACKHOLE] = {
        .cfg_y_table = R_BH_NOC_Y_ID_TRANSLATE_TABLE_0,
        .cfg_id_logical = R_BH_NOC_ID_LOGICAL,
        .entry_bits = 5,
        .max_packet = 16384,
        .flit_bytes = 64,
        .be_bytes = 64,
        .col_optout_bits = 17,
        .row_optout_bits = 12,
        .pcie_bit = 1ull << 60,
        .coords_in_hi = true,
        .xlat_writeback = false,
        .ctrl_port_mask = false,
        .split_carry = true,
    },
};

const TTNocArch *tt_noc_arch(TTNocNiu *niu)
{
    return &tt_noc_arch_table[niu->arch_id];
}

/* ---------------------------------------------------------------------- */
/* Coordinates                                                            */
/* ---------------------------------------------------------------------- */

void tt_noc_self(TTNocNiu *niu, uint32_t *x, uint32_t *y)
{
    *x = niu->noc ? niu->noc_width - 1 - niu->x : niu->x;
    *y = niu->noc ? niu->noc_height - 1 - niu->y : niu->y;
}

bool tt_noc_to_noc0(TTNocNiu *niu, uint32_t x, uint32_t y,
                    uint32_t *x0, uint32_t *y0)
{
    if (x >= niu->noc_width || y >= niu->noc_height) {
        return false;
    }
    *x0 = niu->noc ? niu->noc_width - 1 - x : x;
    *y0 = niu->noc ? niu->noc_height - 1 - y : y;
    return true;
}

void tt_noc_delivered(TTNocNiu *niu)
{
    if (niu && niu->cores) {
        tt_cores_spin_check(niu->cores);
    }
}

TTNocNiu *tt_noc_niu_at(TTNocNiu *niu, uint32_t x, uint32_t y)
{
    MemoryRegionSection sec;
    TTNocNiu *found = NULL;
    uint32_t sx, sy, x0, y0;

    tt_noc_self(niu, &sx, &sy);
    if (x == sx && y == sy) {
        return niu;
    }
    if (!tt_noc_to_noc0(niu, x, y, &x0, &y0)) {
        return NULL;
    }
    sec = memory_region_find(niu->sysmem,
                             TT_NOC_ADDR(x0, y0, TT_NOC_REGS_BASE +
                                         niu->noc * TT_NOC_REGS_SIZE), 4);
    if (sec.mr) {
        if (sec.mr->ops == &tt_noc_ops) {
            found = sec.mr->opaque;
        }
        memory_region_unref(sec.mr);
    }
    return found;
}

/* Entry @i of a translation table starting at NOC_CFG(@base) */
static uint32_t tt_noc_xlat_entry(TTNocNiu *niu, uint32_t base, uint32_t i)
{
    const TTNocArch *na = tt_noc_arch(niu);
    uint32_t per_word = 32 / na->entry_bits;

    return extract32(niu->cfg[base + i / per_word],
                     (i % per_word) * na->entry_bits, na->entry_bits);
}

/*
 * Coordinate translation (NIU_CFG_0 bit 14).  WH (Coordinates.md):
 * separable 32-entry X and Y tables of 4-bit entries, indexed by the low
 * five bits of the coordinate.  BH (Coordinates.md "Translation
 * algorithm"): combined translation with the row/column masks and the
 * DDR table.
 */
void tt_noc_translate(TTNocNiu *niu, uint32_t *x, uint32_t *y)
{
    const TTNocArch *na = tt_noc_arch(niu);
    uint32_t x31 = *x & 31, y31 = *y & 31;
    uint32_t nx, ny;

    if (!tt_noc_is_bh(niu)) {
        *x = tt_noc_xlat_entry(niu, R_NOC_X_ID_TRANSLATE_TABLE_0, x31);
        *y = tt_noc_xlat_entry(niu, na->cfg_y_table, y31);
        return;
    } else {
        bool ddr9 = ARRAY_FIELD_EX32(niu->cfg, BH_DDR_COORD_TRANSLATE_TABLE_5,
                                     COL9_DDR);
        bool ddr0 = ARRAY_FIELD_EX32(niu->cfg, BH_DDR_COORD_TRANSLATE_TABLE_5,
                                     COL0_DDR);
        uint32_t xs = x31 ^ 9;
        bool xs_ddr = (xs == 9 && ddr9) || (xs == 0 && ddr0);
        bool x_ddr = (x31 == 9 && ddr9) || (x31 == 0 && ddr0);

        if ((niu->cfg[R_BH_DDR_COORD_TRANSLATE_COL_SWAP] & (1u << y31)) &&
            xs_ddr) {
            nx = xs;
        } else if (niu->cfg[R_BH_NOC_ID_TRANSLATE_ROW_MASK] & (1u << y31)) {
            nx = *x;
        } else {
            nx = tt_noc_xlat_entry(niu, R_NOC_X_ID_TRANSLATE_TABLE_0, x31);
        }
        if (x_ddr) {
            ny = tt_noc_xlat_entry(niu, R_BH_DDR_COORD_TRANSLATE_TABLE_0,
                                   y31);
        } else if (niu->cfg[R_BH_NOC_ID_TRANSLATE_COL_MASK] & (1u << x31)) {
            ny = *y;
        } else {
            ny = tt_noc_xlat_entry(niu, na->cfg_y_table, y31);
        }
        *x = nx;
        *y = ny;
    }
}

/* ---------------------------------------------------------------------- */
/* Life cycle                                                             */
/* ---------------------------------------------------------------------- */

void tt_noc_init(TTTileState *t, TTNocNiu *niu, int n)
{
    Object *owner = OBJECT(t);
    g_autofree char *name = NULL;

    niu->noc = n;
    niu->arch_id = object_property_get_uint(owner, "arch", &error_abort);
    niu->x = object_property_get_uint(owner, "x", &error_abort);
    niu->y = object_property_get_uint(owner, "y", &error_abort);
    niu->noc_width = object_property_get_uint(owner, "noc-width",
                                              &error_abort);
    niu->noc_height = object_property_get_uint(owner, "noc-height",
                                               &error_abort);
    niu->tile_index = object_property_get_uint(owner, "hartid-base",
                                               &error_abort) / TT_NUM_CORES;
    niu->sysmem = MEMORY_REGION(object_property_get_link(owner, "noc",
                                                         &error_abort));
    assert(niu->arch_id < TT_ARCH__MAX);

    name = g_strdup_printf("tt-noc%d-niu(%u,%u)", n, niu->x, niu->y);
    memory_region_init_io(&niu->mmio, owner, &tt_noc_ops, niu, name,
                          TT_NOC_REGS_SIZE);
    /*
     * A request's first packets are sent from within the store to
     * NOC_CMD_CTRL and, as a loopback request does on silicon, reach the
     * registers of its own tile (owned by the same device), this NIU's
     * included: the NIU is an agent of its own, so it does not take the
     * owner's re-entrancy guard.  A NOC_CMD_CTRL store made by a packet
     * only queues its request (tt_noc_issue()), so sending never nests.
     */
    niu->mmio.disable_reentrancy_guard = true;
    niu->timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, tt_noc_queue_timer, niu);
}

/* Translation table at NOC_CFG(@base) reset to the identity */
static void tt_noc_reset_table(TTNocNiu *niu, uint32_t base)
{
    const TTNocArch *na = tt_noc_arch(niu);
    uint32_t per_word = 32 / na->entry_bits;

    for (uint32_t i = 0; i < 32; i++) {
        uint32_t *w = &niu->cfg[base + i / per_word];

        /* 4-bit entries cannot hold 16..31: those reset to 0 */
        *w = deposit32(*w, (i % per_word) * na->entry_bits, na->entry_bits,
                       i < (1u << na->entry_bits) ? i : 0);
    }
}

void tt_noc_reset(TTNocNiu *niu)
{
    const TTNocArch *na = tt_noc_arch(niu);
    uint32_t *id;
    uint32_t x, y;

    memset(niu->buf, 0, sizeof(niu->buf));
    memset(niu->cfg, 0, sizeof(niu->cfg));
    memset(niu->status, 0, sizeof(niu->status));
    niu->ecc_ctrl = 0;
    niu->rtz_source = 0;
    tt_noc_queue_reset(niu);

    /*
     * Translation disabled, tables the identity (the power-on contents
     * are undocumented; firmware programs them), NOC_ID_LOGICAL holds the
     * NIU's own NoC coordinates (MemoryMap.md "NOC_ID_LOGICAL").
     */
    tt_noc_reset_table(niu, R_NOC_X_ID_TRANSLATE_TABLE_0);
    tt_noc_reset_table(niu, na->cfg_y_table);
    if (tt_noc_is_bh(niu)) {
        tt_noc_reset_table(niu, R_BH_DDR_COORD_TRANSLATE_TABLE_0);
    }
    tt_noc_self(niu, &x, &y);
    id = &niu->cfg[na->cfg_id_logical];
    *id = FIELD_DP32(*id, NOC_ID_LOGICAL, X, x);
    *id = FIELD_DP32(*id, NOC_ID_LOGICAL, Y, y);
}

/* Requests in flight: only when there are some */
static bool tt_noc_queue_needed(void *opaque)
{
    TTNocNiu *niu = opaque;

    return niu->queue_len != 0;
}

static int tt_noc_queue_post_load(void *opaque, int version_id)
{
    TTNocNiu *niu = opaque;
    uint32_t seen = 0;

    if (niu->queue_len > TT_NOC_NUM_BUFS) {
        return -EINVAL;
    }
    for (uint32_t i = 0; i < niu->queue_len; i++) {
        if (niu->queue[i] >= TT_NOC_NUM_BUFS ||
            (seen & (1u << niu->queue[i]))) {
            return -EINVAL;
        }
        seen |= 1u << niu->queue[i];
    }
    return 0;
}

static const VMStateDescription vmstate_tt_noc_queue = {
    .name = "tt-noc-niu/queue",
    .version_id = 1,
    .minimum_version_id = 1,
    .needed = tt_noc_queue_needed,
    .post_load = tt_noc_queue_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32(queue_len, TTNocNiu),
        VMSTATE_UINT8_ARRAY(queue, TTNocNiu, TT_NOC_NUM_BUFS),
        VMSTATE_UINT32_2DARRAY(req_coord, TTNocNiu, TT_NOC_NUM_BUFS,
                               TT_NOC_REQ_COORDS),
        VMSTATE_UINT32_ARRAY(req_errors, TTNocNiu, TT_NOC_NUM_BUFS),
        VMSTATE_TIMER_PTR(timer, TTNocNiu),
        VMSTATE_END_OF_LIST()
    }
};

/* A stream without the queue subsection has no request in flight */
static int tt_noc_pre_load(void *opaque)
{
    tt_noc_queue_reset(opaque);
    return 0;
}

const VMStateDescription vmstate_tt_noc_niu = {
    .name = "tt-noc-niu",
    .version_id = 2,
    .minimum_version_id = 2,
    .pre_load = tt_noc_pre_load,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_2DARRAY(buf, TTNocNiu, TT_NOC_NUM_BUFS,
                               TT_NOC_BUF_NREGS),
        VMSTATE_UINT32_ARRAY(cfg, TTNocNiu, TT_NOC_CFG_WORDS),
        VMSTATE_UINT32_ARRAY(status, TTNocNiu, TT_NOC_NUM_COUNTERS),
        VMSTATE_UINT32(ecc_ctrl, TTNocNiu),
        VMSTATE_UINT32(rtz_source, TTNocNiu),
        VMSTATE_END_OF_LIST()
    },
    .subsections = (const VMStateDescription * const []) {
        &vmstate_tt_noc_queue,
        NULL
    }
};
