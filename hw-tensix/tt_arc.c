/*
 * Tenstorrent ARC tile (chip and board management)
 *
 * No ARC firmware runs in this model, and tt-metal's Tensix firmware never
 * talks to ARC (Dec-2024 brisc.cc/ncrisc.cc); host software does, through
 * the ARC reset unit's scratch registers.  What is modelled
 * (tt-isa-documentation WormholeB0/ARCTile/{README,ResetUnit}.md; tt-umd
 * {wormhole,blackhole}_implementation.hpp for the NoC addresses and the
 * Blackhole scratch RAM):
 *
 *   CSM, 512 KiB of RAM: Wormhole NoC 0x8_1000_0000, Blackhole 0x1000_0000
 *   reset unit (WH NoC 0x8_8003_0000, BH NoC 0x8003_0000), 64 KiB:
 *     0x060-0x07C  SCRATCH[0..7]: storage (post code, ARC message words)
 *     0x0E0/0x0E4  REFCLK_COUNTER low/high: 27 MHz, from the virtual clock
 *     0x100        ARC_MISC_CNTL: storage; on Wormhole the ARC interrupt
 *                  it raises reaches no firmware (LOG_UNIMP)
 *     0x1D0/0x1D4  WH NOC_NODEID_X_0/Y_0 (telemetry table addresses):
 *                  read 0, "no telemetry" as with firmware before 18.4
 *     0x400-0x4FC  BH SCRATCH_RAM[0..63]: storage
 *
 * Blackhole looks like a chip whose ARC firmware has booted (what tt-umd's
 * BlackholeTTDevice / ArcTelemetryReader / BlackholeArcMessageQueue read,
 * laid out as tt-zephyr-platforms' lib/tenstorrent/bh_arc writes it;
 * docs/units/soc.md): after every reset SCRATCH_RAM[2] (boot status) = 5
 * (message queue ready, HW init done, normal firmware), SCRATCH_RAM[11]
 * points at the message queue control block, SCRATCH_RAM[12] at the
 * telemetry data and SCRATCH_RAM[13] at the telemetry table, all in CSM.
 * A write to ARC_MISC_CNTL with IRQ0_TRIG (bits 16-19) set, the host's
 * doorbell, runs every pending request of every queue at once and clears
 * IRQ0_TRIG, as the firmware's interrupt handler does.
 *
 * Anything else in the tile reads 0, ignores writes and logs LOG_UNIMP.
 * Tensix NIUs reach these windows too: on Wormhole, NoC address bit 35
 * selects PCIe host memory only at the PCIe tile (tt_noc.c).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/timer.h"
#include "qapi/error.h"
#include "hw/qdev-properties.h"
#include "hw/registerfields.h"
#include "migration/vmstate.h"
#include "tt_log.h"
#include "tt_arch.h"
#include "tt_arc.h"
#include "trace.h"

#define TT_ARC_SLOT_SIZE        (1ULL << 36)
#define TT_ARC_REFCLK_HZ        27000000ULL

/* Reset unit registers (offsets in its 64 KiB window) */
REG32(SCRATCH0, 0x060)                      /* SCRATCH[0..7] */
REG32(REFCLK_LOW, 0x0E0)
REG32(REFCLK_HIGH, 0x0E4)
REG32(ARC_MISC_CNTL, 0x100)
    FIELD(ARC_MISC_CNTL, IRQ0_TRIG, 16, 4)  /* Blackhole message doorbell */
REG32(NOC_NODEID_X_0, 0x1D0)                /* Wormhole */
REG32(NOC_NODEID_Y_0, 0x1D4)                /* Wormhole */
REG32(SCRATCH_RAM0, 0x400)                  /* Blackhole SCRATCH_RAM[] */

/* Blackhole firmware's SCRATCH_RAM[] use (bh_arc/status_reg.h) */
#define BH_SR_BOOT_STATUS0      2
#define BH_SR_MSG_Q_INFO        11
#define BH_SR_TELEMETRY_DATA    12
#define BH_SR_TELEMETRY_TABLE   13

/*
 * STATUS_BOOT_STATUS0: msg_queue_ready (bit 0), hw_init_status (bits 1-2,
 * 2 = kHwInitDone), fw_id (bits 3-6, 0 = FW_ID_SMC_NORMAL).  tt-umd's
 * wait_arc_core_start() waits for (v & 7) == 5.
 */
#define BH_BOOT_STATUS_BOOTED   (1u | (2u << 1) | (0u << 3))

/* Message queue header words (tt-umd / firmware message_queue_header) */
#define MQ_REQ_WPTR             0       /* host writes */
#define MQ_RSP_RPTR             1       /* host writes */
#define MQ_REQ_RPTR             4       /* ARC writes */
#define MQ_RSP_WPTR             5       /* ARC writes */
#define MQ_LAST_SERIAL          6       /* ARC writes */
#define MQ_PTR_WRAP             (2 * TT_ARC_BH_MSGQ_ENTRIES)

/* Message codes (tt-umd blackhole_arc.hpp, firmware smc_msg.h) */
#define BH_MSG_NOP                  0x11
#define BH_MSG_REPORT_SCRATCH_ONLY  0x16
#define BH_MSG_GET_AICLK            0x34
#define BH_MSG_AICLK_GO_BUSY        0x52
#define BH_MSG_AICLK_GO_LONG_IDLE   0x54
#define BH_MSG_TEST                 0x90
#define BH_MSG_SET_LAST_SERIAL      0xBE

/* Response status (low byte of word 0; firmware msgqueue.c/msgqueue.h) */
#define BH_MSG_OK                   0x00
#define BH_MSG_SCRATCH_ONLY         0xFE
#define BH_MSG_UNKNOWN              0xFF

#define BH_CLOCK_MODE_PPM_UNFORCED  3   /* GET_AICLK data[2] */

/* AICLK in MHz: tt-umd AICLK_BUSY_VAL / AICLK_IDLE_VAL */
#define BH_AICLK_BUSY_MHZ       1350
#define BH_AICLK_IDLE_MHZ       800

/* Telemetry tags (tt-umd types/telemetry.hpp, firmware telemetry.h) */
enum {
    BH_TAG_BOARD_ID_HIGH = 1,
    BH_TAG_BOARD_ID_LOW = 2,
    BH_TAG_HARVESTING_STATE = 4,
    BH_TAG_UPDATE_TELEM_SPEED = 5,
    BH_TAG_ASIC_TEMPERATURE = 11,
    BH_TAG_AICLK = 14,
    BH_TAG_FLASH_BUNDLE_VERSION = 28,
    BH_TAG_ENABLED_TENSIX_COL = 34,
    BH_TAG_ENABLED_ETH = 35,
    BH_TAG_ENABLED_GDDR = 36,
    BH_TAG_ENABLED_L2CPU = 37,
    BH_TAG_PCIE_USAGE = 38,
    BH_TAG_ASIC_LOCATION = 52,
    BH_TAG_ASIC_ID_HIGH = 61,
    BH_TAG_ASIC_ID_LOW = 62,
    BH_TAG_AICLK_LIMIT_MAX = 63,
};

#define BH_TELEMETRY_VERSION    0x00000100      /* firmware TELEMETRY_VERSION */

/*
 * The telemetry a P100A with every Tensix column, GDDR bank and L2CPU
 * enabled publishes, as far as a host needs it (values: docs/decisions.md).
 * The table's entry i has offset i: data word i holds its value.
 */
static const struct {
    uint16_t tag;
    uint32_t value;
} bh_telemetry[] = {
    /* board ID: UPI 0x43 in bits 36-55 (tt-umd: P100), serial 1 */
    { BH_TAG_BOARD_ID_HIGH, 0x00000430 },
    { BH_TAG_BOARD_ID_LOW, 0x00000001 },
    { BH_TAG_HARVESTING_STATE, 0 },
    { BH_TAG_UPDATE_TELEM_SPEED, 100 },             /* ms */
    { BH_TAG_ASIC_TEMPERATURE, 45 << 16 },          /* 45.0 C, s16.16 */
    { BH_TAG_AICLK, BH_AICLK_IDLE_MHZ },            /* updated by messages */
    { BH_TAG_FLASH_BUNDLE_VERSION, 0x13070100 },    /* 19.7.1.0 */
    { BH_TAG_ENABLED_TENSIX_COL, 0x3FFF },          /* all 14 columns */
    { BH_TAG_ENABLED_ETH, TT_ARC_BH_ENABLED_ETH },  /* P100A: no Ethernet */
    { BH_TAG_ENABLED_GDDR, 0xFF },                  /* all 8 banks */
    { BH_TAG_ENABLED_L2CPU, 0xF },                  /* all 4 clusters */
    { BH_TAG_PCIE_USAGE, TT_ARC_BH_PCIE_USAGE },   /* both PCIe: endpoint */
    { BH_TAG_ASIC_LOCATION, 0 },
    { BH_TAG_ASIC_ID_HIGH, 0 },
    { BH_TAG_ASIC_ID_LOW, 1 },
    { BH_TAG_AICLK_LIMIT_MAX, BH_AICLK_BUSY_MHZ },
};

#define BH_TELEM_COUNT          ARRAY_SIZE(bh_telemetry)
#define BH_TELEM_DATA           (TT_ARC_BH_TELEM_TABLE + 8 + 4 * BH_TELEM_COUNT)

typedef struct TTArcArch {
    uint64_t reset_base;        /* NoC local address of the reset unit */
    uint64_t csm_base;          /* of the CSM */
    bool has_nodeid_telemetry;
    bool has_scratch_ram;
    bool booted_fw;             /* Blackhole firmware structures, messages */
} TTArcArch;

static const TTArcArch tt_arc_arch[TT_ARCH__MAX] = {
    [TT_ARCH_WORMHOLE_B0] = {
        .reset_base = TT_ARC_WH_RESET_BASE,
        .csm_base = TT_ARC_WH_CSM_BASE,
        .has_nodeid_telemetry = true,
    },
    [TT_ARCH_BLACKHOLE] = {
        .reset_base = TT_ARC_BH_RESET_BASE,
        .csm_base = TT_ARC_BH_CSM_BASE,
        .has_scratch_ram = true,
        .booted_fw = true,
    },
};

static uint64_t tt_arc_refclk(void)
{
    return muldiv64(qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL), TT_ARC_REFCLK_HZ,
                    NANOSECONDS_PER_SECOND);
}

/* CSM words, by CSM offset (the caller keeps @off inside the CSM) */
static uint32_t tt_arc_csm_ld(TTArcState *s, uint32_t off)
{
    return ldl_le_p((uint8_t *)memory_region_get_ram_ptr(&s->csm) + off);
}

static void tt_arc_csm_st(TTArcState *s, uint32_t off, uint32_t val)
{
    stl_le_p((uint8_t *)memory_region_get_ram_ptr(&s->csm) + off, val);
    memory_region_set_dirty(&s->csm, off, 4);
}

/* ARC address of the CSM offset @off */
static uint32_t tt_arc_bh_addr(uint32_t off)
{
    return TT_ARC_BH_CSM_BASE + off;
}

/* CSM offset of telemetry tag @tag's data word, or -1 */
static int tt_arc_bh_telem_off(uint16_t tag)
{
    for (int i = 0; i < BH_TELEM_COUNT; i++) {
        if (bh_telemetry[i].tag == tag) {
            return BH_TELEM_DATA + 4 * i;
        }
    }
    return -1;
}

/*
 * What the Blackhole firmware has in CSM once it has booted: the message
 * queue control block and empty queues, the telemetry table and data.
 */
static void tt_arc_bh_boot(TTArcState *s)
{
    memset(memory_region_get_ram_ptr(&s->csm), 0, TT_ARC_CSM_SIZE);
    memory_region_set_dirty(&s->csm, 0, TT_ARC_CSM_SIZE);

    /* ARC address of queue 0; entries per queue | queue count << 8 */
    tt_arc_csm_st(s, TT_ARC_BH_MSGQ_INFO, tt_arc_bh_addr(TT_ARC_BH_MSGQ));
    tt_arc_csm_st(s, TT_ARC_BH_MSGQ_INFO + 4,
                  TT_ARC_BH_MSGQ_ENTRIES | (TT_ARC_BH_MSGQ_COUNT << 8));

    tt_arc_csm_st(s, TT_ARC_BH_TELEM_TABLE, BH_TELEMETRY_VERSION);
    tt_arc_csm_st(s, TT_ARC_BH_TELEM_TABLE + 4, BH_TELEM_COUNT);
    for (int i = 0; i < BH_TELEM_COUNT; i++) {
        /* tag in bits 0-15, offset (in data words) in bits 16-31 */
        tt_arc_csm_st(s, TT_ARC_BH_TELEM_TABLE + 8 + 4 * i,
                      bh_telemetry[i].tag | ((uint32_t)i << 16));
        tt_arc_csm_st(s, BH_TELEM_DATA + 4 * i, bh_telemetry[i].value);
    }

    s->scratch_ram[BH_SR_BOOT_STATUS0] = BH_BOOT_STATUS_BOOTED;
    s->scratch_ram[BH_SR_MSG_Q_INFO] = tt_arc_bh_addr(TT_ARC_BH_MSGQ_INFO);
    s->scratch_ram[BH_SR_TELEMETRY_DATA] = tt_arc_bh_addr(BH_TELEM_DATA);
    s->scratch_ram[BH_SR_TELEMETRY_TABLE] =
        tt_arc_bh_addr(TT_ARC_BH_TELEM_TABLE);
}

/*
 * Run one request (@req, 8 words) into @rsp (8 words, zeroed): word 0's
 * low byte is the status (< 240 success; tt-umd returns word 0 >> 16 as
 * the exit code), words 1-7 the return values.  The firmware's handlers
 * (msgqueue.c, aiclk_ppm.c) for the messages a host sends at start-up and
 * around a run; the rest is answered "not recognised" (0xFF), as the
 * firmware answers a code it has no handler for.
 */
static void tt_arc_bh_message(TTArcState *s, uint32_t q, const uint32_t *req,
                              uint32_t *rsp, uint32_t *serial)
{
    uint8_t code = req[0] & 0xFF;
    int aiclk = tt_arc_bh_telem_off(BH_TAG_AICLK);

    switch (code) {
    case BH_MSG_NOP:
        break;
    case BH_MSG_REPORT_SCRATCH_ONLY:
        rsp[0] = BH_MSG_SCRATCH_ONLY;
        break;
    case BH_MSG_GET_AICLK:
        rsp[1] = tt_arc_csm_ld(s, aiclk);
        rsp[2] = BH_CLOCK_MODE_PPM_UNFORCED;
        break;
    case BH_MSG_AICLK_GO_BUSY:
    case BH_MSG_AICLK_GO_LONG_IDLE:
        /* the clock settles at once; telemetry shows it */
        tt_arc_csm_st(s, aiclk, code == BH_MSG_AICLK_GO_BUSY ?
                      BH_AICLK_BUSY_MHZ : BH_AICLK_IDLE_MHZ);
        break;
    case BH_MSG_TEST:
        rsp[1] = req[1] + 1;
        rsp[2] = *serial + 1;
        break;
    case BH_MSG_SET_LAST_SERIAL:
        *serial = req[1];
        return;                 /* the one message that keeps the serial */
    default:
        tt_log_mask(LOG_UNIMP, "tt-arc: ARC message 0x%02x (queue %u, "
                    "arguments 0x%08x 0x%08x) is not modelled; answered "
                    "0xFF (not recognised)\n", code, q, req[1], req[2]);
        rsp[0] = BH_MSG_UNKNOWN;
        break;
    }
    *serial += 1;
}

/*
 * The doorbell: run every pending request of every queue, while there is
 * room for its response (firmware msgqueue.c process_message_queues()).
 * Pointers wrap at twice the queue size; a queue with a pointer out of
 * range is left alone, as the firmware leaves it.
 */
static void tt_arc_bh_doorbell(TTArcState *s)
{
    for (uint32_t q = 0; q < TT_ARC_BH_MSGQ_COUNT; q++) {
        uint32_t base = TT_ARC_BH_MSGQ + q * TT_ARC_BH_MSGQ_BYTES;
        uint32_t reqs = base + 4 * TT_ARC_BH_MSGQ_WORDS;
        uint32_t rsps = reqs + 4 * TT_ARC_BH_MSGQ_WORDS *
                        TT_ARC_BH_MSGQ_ENTRIES;
        uint32_t serial = tt_arc_csm_ld(s, base + 4 * MQ_LAST_SERIAL);

        for (;;) {
            uint32_t req_w = tt_arc_csm_ld(s, base + 4 * MQ_REQ_WPTR);
            uint32_t req_r = tt_arc_csm_ld(s, base + 4 * MQ_REQ_RPTR);
            uint32_t rsp_w = tt_arc_csm_ld(s, base + 4 * MQ_RSP_WPTR);
            uint32_t rsp_r = tt_arc_csm_ld(s, base + 4 * MQ_RSP_RPTR);
            uint32_t req[TT_ARC_BH_MSGQ_WORDS];
            uint32_t rsp[TT_ARC_BH_MSGQ_WORDS] = { 0 };
            uint32_t e;

            if (req_w == req_r) {
                break;
            }
            if (req_w >= MQ_PTR_WRAP || req_r >= MQ_PTR_WRAP ||
                rsp_w >= MQ_PTR_WRAP || rsp_r >= MQ_PTR_WRAP) {
                tt_log_mask(LOG_GUEST_ERROR, "tt-arc: message queue %u: "
                            "pointer out of range (request %u/%u, response "
                            "%u/%u); queue not served\n", q, req_w, req_r,
                            rsp_w, rsp_r);
                break;
            }
            if ((rsp_w - rsp_r) % MQ_PTR_WRAP == TT_ARC_BH_MSGQ_ENTRIES) {
                break;          /* response queue full: wait for the host */
            }
            e = reqs + 4 * TT_ARC_BH_MSGQ_WORDS *
                (req_r % TT_ARC_BH_MSGQ_ENTRIES);
            for (int i = 0; i < TT_ARC_BH_MSGQ_WORDS; i++) {
                req[i] = tt_arc_csm_ld(s, e + 4 * i);
            }
            tt_arc_csm_st(s, base + 4 * MQ_REQ_RPTR,
                          (req_r + 1) % MQ_PTR_WRAP);
            tt_arc_bh_message(s, q, req, rsp, &serial);
            e = rsps + 4 * TT_ARC_BH_MSGQ_WORDS *
                (rsp_w % TT_ARC_BH_MSGQ_ENTRIES);
            for (int i = 0; i < TT_ARC_BH_MSGQ_WORDS; i++) {
                tt_arc_csm_st(s, e + 4 * i, rsp[i]);
            }
            tt_arc_csm_st(s, base + 4 * MQ_RSP_WPTR,
                          (rsp_w + 1) % MQ_PTR_WRAP);
        }
        tt_arc_csm_st(s, base + 4 * MQ_LAST_SERIAL, serial);
    }
}

/* The reset-unit word at @addr, or NULL if it is not storage */
static uint32_t *tt_arc_storage(TTArcState *s, hwaddr addr)
{
    const TTArcArch *aa = &tt_arc_arch[s->arch_id];

    if (addr >= A_SCRATCH0 && addr < A_SCRATCH0 + 4 * TT_ARC_SCRATCH_WORDS) {
        return &s->scratch[(addr - A_SCRATCH0) / 4];
    }
    if (addr == A_ARC_MISC_CNTL) {
        return &s->misc_cntl;
    }
    if (aa->has_scratch_ram && addr >= A_SCRATCH_RAM0 &&
        addr < A_SCRATCH_RAM0 + 4 * TT_ARC_SCRATCH_RAM_WORDS) {
        return &s->scratch_ram[(addr - A_SCRATCH_RAM0) / 4];
    }
    return NULL;
}

static uint64_t tt_arc_reset_read(void *opaque, hwaddr addr, unsigned size)
{
    TTArcState *s = opaque;
    const TTArcArch *aa = &tt_arc_arch[s->arch_id];
    uint32_t *p = tt_arc_storage(s, addr);
    uint32_t val = 0;

    if (p) {
        val = *p;
    } else if (addr == A_REFCLK_LOW) {
        val = tt_arc_refclk();
    } else if (addr == A_REFCLK_HIGH) {
        val = tt_arc_refclk() >> 32;
    } else if (aa->has_nodeid_telemetry &&
               (addr == A_NOC_NODEID_X_0 || addr == A_NOC_NODEID_Y_0)) {
        val = 0;        /* no telemetry table */
    } else {
        tt_log_mask(LOG_UNIMP, "tt-arc: reset unit register 0x%03"
                    HWADDR_PRIx " is not modelled; reads 0\n", addr);
    }
    trace_tt_arc_read(addr, val);
    return val;
}

static void tt_arc_reset_write(void *opaque, hwaddr addr, uint64_t val,
                               unsigned size)
{
    TTArcState *s = opaque;
    const TTArcArch *aa = &tt_arc_arch[s->arch_id];
    uint32_t *p = tt_arc_storage(s, addr);

    trace_tt_arc_write(addr, val);
    if (p) {
        *p = val;
        if (addr == A_ARC_MISC_CNTL && aa->booted_fw) {
            /* the firmware's interrupt handler clears IRQ0_TRIG first */
            if (FIELD_EX32(val, ARC_MISC_CNTL, IRQ0_TRIG)) {
                s->misc_cntl = FIELD_DP32(s->misc_cntl, ARC_MISC_CNTL,
                                          IRQ0_TRIG, 0);
                tt_arc_bh_doorbell(s);
            }
        } else if (addr == A_ARC_MISC_CNTL && val) {
            tt_log_mask(LOG_UNIMP, "tt-arc: ARC_MISC_CNTL = 0x%08" PRIx64
                        ": no ARC firmware is modelled, so the interrupt "
                        "(an ARC message) is not answered\n", val);
        }
    } else if (addr == A_REFCLK_LOW || addr == A_REFCLK_HIGH) {
        tt_log_mask(LOG_GUEST_ERROR, "tt-arc: write of 0x%08" PRIx64
                    " to the read-only REFCLK counter (0x%03" HWADDR_PRIx
                    "); ignored\n", val, addr);
    } else {
        tt_log_mask(LOG_UNIMP, "tt-arc: reset unit register 0x%03"
                    HWADDR_PRIx " is not modelled; write of 0x%08" PRIx64
                    " ignored\n", addr, val);
    }
}

static const MemoryRegionOps tt_arc_reset_ops = {
    .read = tt_arc_reset_read,
    .write = tt_arc_reset_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid.min_access_size = 4,
    .valid.max_access_size = 4,
    .impl.min_access_size = 4,
    .impl.max_access_size = 4,
};

static uint64_t tt_arc_slot_read(void *opaque, hwaddr addr, unsigned size)
{
    TTArcState *s = opaque;

    trace_tt_arc_unimp(s->x, s->y, addr, size, false, 0);
    tt_log_mask(LOG_UNIMP, "tt-arc: ARC tile (%u,%u): read of %u bytes at "
                "0x%09" HWADDR_PRIx " is not modelled; reads 0\n", s->x,
                s->y, size, addr);
    return 0;
}

static void tt_arc_slot_write(void *opaque, hwaddr addr, uint64_t val,
                              unsigned size)
{
    TTArcState *s = opaque;

    trace_tt_arc_unimp(s->x, s->y, addr, size, true, val);
    tt_log_mask(LOG_UNIMP, "tt-arc: ARC tile (%u,%u): write of %u bytes "
                "(0x%" PRIx64 ") at 0x%09" HWADDR_PRIx " is not modelled; "
                "ignored\n", s->x, s->y, size, val, addr);
}

static const MemoryRegionOps tt_arc_slot_ops = {
    .read = tt_arc_slot_read,
    .write = tt_arc_slot_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid.min_access_size = 1,
    .valid.max_access_size = 8,
    .impl.min_access_size = 1,
    .impl.max_access_size = 8,
};

static void tt_arc_realize(DeviceState *dev, Error **errp)
{
    TTArcState *s = TT_ARC(dev);
    Object *obj = OBJECT(dev);
    const TTArcArch *aa;
    uint64_t base;

    if (s->arch_id >= TT_ARCH__MAX) {
        error_setg(errp, "tt-arc: invalid architecture %u", s->arch_id);
        return;
    }
    if (!s->noc) {
        error_setg(errp, "tt-arc: 'noc' link not set");
        return;
    }
    if (s->x >= 64 || s->y >= 64) {
        error_setg(errp, "tt-arc: NoC coordinates (%u,%u) out of range",
                   s->x, s->y);
        return;
    }
    aa = &tt_arc_arch[s->arch_id];
    base = TT_NOC_ADDR(s->x, s->y, 0);

    memory_region_init_io(&s->slot, obj, &tt_arc_slot_ops, s, "tt-arc-tile",
                          TT_ARC_SLOT_SIZE);
    memory_region_add_subregion_overlap(s->noc, base, &s->slot, 0);
    memory_region_init_io(&s->reset_unit, obj, &tt_arc_reset_ops, s,
                          "tt-arc-reset-unit", TT_ARC_RESET_SIZE);
    memory_region_add_subregion_overlap(s->noc, base + aa->reset_base,
                                        &s->reset_unit, 1);
    if (!memory_region_init_ram(&s->csm, obj, "tt-arc-csm",
                                TT_ARC_CSM_SIZE, errp)) {
        return;
    }
    memory_region_add_subregion_overlap(s->noc, base + aa->csm_base,
                                        &s->csm, 1);
}

static void tt_arc_reset_hold(Object *obj, ResetType type)
{
    TTArcState *s = TT_ARC(obj);

    memset(s->scratch, 0, sizeof(s->scratch));
    memset(s->scratch_ram, 0, sizeof(s->scratch_ram));
    s->misc_cntl = 0;
    if (tt_arc_arch[s->arch_id].booted_fw) {
        tt_arc_bh_boot(s);
    }
}

static const VMStateDescription vmstate_tt_arc = {
    .name = TYPE_TT_ARC,
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_ARRAY(scratch, TTArcState, TT_ARC_SCRATCH_WORDS),
        VMSTATE_UINT32_ARRAY(scratch_ram, TTArcState,
                             TT_ARC_SCRATCH_RAM_WORDS),
        VMSTATE_UINT32(misc_cntl, TTArcState),
        VMSTATE_END_OF_LIST()
    }
};

static const Property tt_arc_properties[] = {
    DEFINE_PROP_UINT8("arch", TTArcState, arch_id, TT_ARCH_BLACKHOLE),
    DEFINE_PROP_UINT32("x", TTArcState, x, 0),
    DEFINE_PROP_UINT32("y", TTArcState, y, 0),
    DEFINE_PROP_LINK("noc", TTArcState, noc, TYPE_MEMORY_REGION,
                     MemoryRegion *),
};

static void tt_arc_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);

    dc->desc = "Tenstorrent ARC tile (minimal; Blackhole firmware view)";
    dc->realize = tt_arc_realize;
    dc->vmsd = &vmstate_tt_arc;
    dc->user_creatable = false;
    rc->phases.hold = tt_arc_reset_hold;
    device_class_set_props(dc, tt_arc_properties);
}

static const TypeInfo tt_arc_info = {
    .name = TYPE_TT_ARC,
    .parent = TYPE_DEVICE,
    .instance_size = sizeof(TTArcState),
    .class_init = tt_arc_class_init,
};

static void tt_arc_register_types(void)
{
    type_register_static(&tt_arc_info);
}

type_init(tt_arc_register_types)
