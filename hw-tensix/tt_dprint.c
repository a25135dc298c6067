/*
 * Tenstorrent Tensix: DPRINT server (tt-metal debug print ring buffers)
 *
 * Device side (tt-metal dprint.h): each hart appends records
 * [type code: 1 byte][payload size: 1 byte][payload] to the data[] of its
 * own DebugPrintMemLayout and then stores the new wpos; when a record does
 * not fit it spins until rpos == wpos, then restarts both at 0.  Host side
 * (tt-metal dprint_server.cpp): decode data[rpos..wpos), print, store
 * rpos = wpos.  This file is that host side, run from a virtual-clock
 * timer of the machine.  Formatting follows the C++ iostream the server
 * prints into (sticky hex/oct/dec, fixed/defaultfloat, precision; setw for
 * the next item only; uint8_t printed as a character).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/atomic.h"
#include "qemu/error-report.h"
#include "qemu/log.h"
#include "qapi/error.h"
#include "chardev/char.h"
#include "system/system.h"
#include "tt_dprint.h"

/* tt-metal DPrintTypeID (hostdevcommon/dprint_common.h, Dec-2024) */
enum {
    DP_CSTR, DP_ENDL, DP_SETW, DP_UINT8, DP_UINT16, DP_UINT32, DP_UINT64,
    DP_INT8, DP_INT16, DP_INT32, DP_INT64, DP_FLOAT32, DP_CHAR, DP_RAISE,
    DP_WAIT, DP_BFLOAT16, DP_SETPRECISION, DP_FIXED, DP_DEFAULTFLOAT,
    DP_HEX, DP_OCT, DP_DEC, DP_TILESLICE, DP_U32_ARRAY, DP_TYPED_U32_ARRAY,
    DP_COUNT,
};

/* tt-metal's abbreviated RISC names, by buffer index */
static const char *const tt_dprint_hart_name[TT_DPRINT_NUM_BUFS] = {
    "NC", "TR0", "TR1", "TR2", "BR",
};

static void tt_dprint_out(TTDprintState *s, const char *buf, size_t len)
{
    if (s->use_chr) {
        qemu_chr_fe_write_all(&s->chr, (const uint8_t *)buf, len);
    } else {
        fwrite(buf, 1, len, stdout);
        fflush(stdout);
    }
}

/* Print the line assembled so far, with tt-metal's prefix */
static void tt_dprint_flush(TTDprintState *s, TTTileState *t, int idx,
                            TTDprintHart *h)
{
    g_autofree char *out = NULL;

    if (!h->line->len) {
        return;
    }
    out = g_strdup_printf("0:(x=%u,y=%u):%s: %s", t->x, t->y,
                          tt_dprint_hart_name[idx], h->line->str);
    tt_dprint_out(s, out, strlen(out));
    g_string_truncate(h->line, 0);
}

/* Append @str, right-aligned in the pending setw width (then cleared) */
static void tt_dprint_put(TTDprintHart *h, const char *str, size_t len)
{
    for (int i = len; i < h->width; i++) {
        g_string_append_c(h->line, ' ');
    }
    g_string_append_len(h->line, str, len);
    h->width = 0;
}

static void tt_dprint_put_str(TTDprintHart *h, const char *str)
{
    tt_dprint_put(h, str, strlen(str));
}

/* Unsigned integer in the current base */
static void tt_dprint_put_u64(TTDprintHart *h, uint64_t v)
{
    char buf[32];

    snprintf(buf, sizeof(buf),
             h->base == 16 ? "%" PRIx64 : h->base == 8 ? "%" PRIo64
                                                       : "%" PRIu64, v);
    tt_dprint_put_str(h, buf);
}

/*
 * Signed integer of @bits bits: iostream prints hex/oct through the
 * unsigned type of the same width (int8_t is printed as an int, so 32).
 */
static void tt_dprint_put_s64(TTDprintHart *h, int64_t v, int bits)
{
    char buf[32];

    if (h->base != 10) {
        tt_dprint_put_u64(h, bits == 64 ? (uint64_t)v
                                        : (uint64_t)v & MAKE_64BIT_MASK(0,
                                                                       bits));
        return;
    }
    snprintf(buf, sizeof(buf), "%" PRId64, v);
    tt_dprint_put_str(h, buf);
}

static void tt_dprint_put_float(TTDprintHart *h, float f)
{
    char buf[400];

    snprintf(buf, sizeof(buf), h->fixed ? "%.*f" : "%.*g", h->precision,
             (double)f);
    tt_dprint_put_str(h, buf);
}

static uint32_t tt_dprint_le32(const uint8_t *p)
{
    return p[0] | (p[1] << 8) | (p[2] << 16) | ((uint32_t)p[3] << 24);
}

static uint64_t tt_dprint_le64(const uint8_t *p)
{
    return tt_dprint_le32(p) | ((uint64_t)tt_dprint_le32(p + 4) << 32);
}

/* Payload sizes of the fixed-size records (0: variable) */
static const uint8_t tt_dprint_fixed_size[DP_COUNT] = {
    [DP_ENDL] = 1, [DP_SETW] = 1, [DP_UINT8] = 1, [DP_UINT16] = 2,
    [DP_UINT32] = 4, [DP_UINT64] = 8, [DP_INT8] = 1, [DP_INT16] = 2,
    [DP_INT32] = 4, [DP_INT64] = 8, [DP_FLOAT32] = 4, [DP_CHAR] = 1,
    [DP_RAISE] = 4, [DP_WAIT] = 4, [DP_BFLOAT16] = 2, [DP_SETPRECISION] = 1,
    [DP_FIXED] = 1, [DP_DEFAULTFLOAT] = 1, [DP_HEX] = 1, [DP_OCT] = 1,
    [DP_DEC] = 1,
};

/*
 * Decode one record.  Returns false when the hart must stop reading (a
 * WAIT on a signal nobody raised yet).
 */
static bool tt_dprint_record(TTDprintState *s, TTTileState *t, int idx,
                             TTDprintHart *h, uint8_t code, const uint8_t *p,
                             uint32_t sz)
{
    char c;

    switch (code) {
    case DP_CSTR: {
        /* The payload includes the terminating 0; split at newlines */
        g_autofree char *str = g_strndup((const char *)p, sz);
        char *cur = str, *nl;

        while ((nl = strchr(cur, '\n'))) {
            tt_dprint_put(h, cur, nl + 1 - cur);
            tt_dprint_flush(s, t, idx, h);
            cur = nl + 1;
        }
        tt_dprint_put_str(h, cur);
        break;
    }
    case DP_ENDL:
        /* After a tile slice that already ended its line: no extra '\n' */
        if (h->prev_type != DP_TILESLICE || !h->line->len ||
            h->line->str[h->line->len - 1] != '\n') {
            g_string_append_c(h->line, '\n');
        }
        tt_dprint_flush(s, t, idx, h);
        break;
    case DP_SETW:
        h->width = (int8_t)p[0];
        break;
    case DP_SETPRECISION:
        h->precision = p[0];
        break;
    case DP_FIXED:
        h->fixed = true;
        break;
    case DP_DEFAULTFLOAT:
        h->fixed = false;
        break;
    case DP_HEX:
        h->base = 16;
        break;
    case DP_OCT:
        h->base = 8;
        break;
    case DP_DEC:
        h->base = 10;
        break;
    case DP_UINT8:      /* iostream prints an unsigned char as a char */
    case DP_CHAR:
        c = p[0];
        tt_dprint_put(h, &c, 1);
        break;
    case DP_UINT16:
        tt_dprint_put_u64(h, p[0] | (p[1] << 8));
        break;
    case DP_UINT32:
        tt_dprint_put_u64(h, tt_dprint_le32(p));
        break;
    case DP_UINT64:
        tt_dprint_put_u64(h, tt_dprint_le64(p));
        break;
    case DP_INT8:
        tt_dprint_put_s64(h, (int8_t)p[0], 32);
        break;
    case DP_INT16:
        tt_dprint_put_s64(h, (int16_t)(p[0] | (p[1] << 8)), 16);
        break;
    case DP_INT32:
        tt_dprint_put_s64(h, (int32_t)tt_dprint_le32(p), 32);
        break;
    case DP_INT64:
        tt_dprint_put_s64(h, (int64_t)tt_dprint_le64(p), 64);
        break;
    case DP_FLOAT32: {
        uint32_t bits = tt_dprint_le32(p);
        float f;

        memcpy(&f, &bits, 4);
        tt_dprint_put_float(h, f);
        break;
    }
    case DP_BFLOAT16: {
        uint32_t bits = (uint32_t)(p[0] | (p[1] << 8)) << 16;
        float f;

        memcpy(&f, &bits, 4);
        tt_dprint_put_float(h, f);
        break;
    }
    case DP_U32_ARRAY:
    case DP_TYPED_U32_ARRAY: {
        /* Raw words as "0x%x "; a typed array's last word is its type */
        uint32_t n = sz / 4;

        if (code == DP_TYPED_U32_ARRAY && n) {
            uint32_t type = tt_dprint_le32(p + 4 * (n - 1));

            n--;
            if (type >> 16) {
                qemu_log_mask(LOG_UNIMP, "tt-dprint: (%u,%u) %s: typed "
                              "array of type %u (subtype %u) printed raw\n",
                              t->x, t->y, tt_dprint_hart_name[idx],
                              type >> 16, type & 0xFFFF);
            }
        }
        h->base = 16;   /* the server leaves its stream in hex */
        for (uint32_t i = 0; i < n; i++) {
            char buf[16];

            snprintf(buf, sizeof(buf), "0x%x ", tt_dprint_le32(p + 4 * i));
            g_string_append(h->line, buf);
        }
        break;
    }
    case DP_TILESLICE:
        qemu_log_mask(LOG_UNIMP, "tt-dprint: (%u,%u) %s: TILESLICE records "
                      "are not decoded\n", t->x, t->y,
                      tt_dprint_hart_name[idx]);
        g_string_append(h->line, "<TILESLICE>\n");
        break;
    case DP_RAISE:
        g_hash_table_add(s->raised,
                         GUINT_TO_POINTER(tt_dprint_le32(p) + 1));
        break;
    case DP_WAIT:
        h->waiting = true;
        h->wait_signal = tt_dprint_le32(p);
        break;
    }
    h->prev_type = code;
    return !h->waiting;
}

/* Decode whatever one buffer holds; advance its rpos */
static void tt_dprint_poll_one(TTDprintState *s, TTTileState *t, int idx,
                               TTDprintHart *h, uint8_t *buf)
{
    uint32_t *hdr = (uint32_t *)buf;
    const uint8_t *data = buf + TT_DPRINT_HDR_SIZE;
    uint32_t wpos, rpos;

    if (h->waiting) {
        if (!g_hash_table_contains(s->raised,
                                   GUINT_TO_POINTER(h->wait_signal + 1))) {
            return;
        }
        h->waiting = false;
    }
    /* The device stores wpos after the record: acquire before the data */
    wpos = le32_to_cpu(qatomic_load_acquire(&hdr[0]));
    rpos = le32_to_cpu(qatomic_read(&hdr[1]));
    if (wpos == TT_DPRINT_STARTING_MAGIC || wpos == TT_DPRINT_DISABLED_MAGIC ||
        rpos >= wpos) {
        return;
    }
    if (wpos > TT_DPRINT_DATA_SIZE) {
        if (!h->bad_reported) {
            qemu_log_mask(LOG_GUEST_ERROR, "tt-dprint: (%u,%u) %s: wpos %u "
                          "is past the %u-byte buffer; ignored\n", t->x, t->y,
                          tt_dprint_hart_name[idx], wpos,
                          TT_DPRINT_DATA_SIZE);
            h->bad_reported = true;
        }
        return;
    }
    h->bad_reported = false;
    while (rpos < wpos) {
        uint8_t code, sz;

        if (wpos - rpos < 2) {
            goto bad;
        }
        code = data[rpos];
        sz = data[rpos + 1];
        rpos += 2;
        if (sz > wpos - rpos || code >= DP_COUNT ||
            (tt_dprint_fixed_size[code] && sz != tt_dprint_fixed_size[code])) {
            rpos -= 2;
            goto bad;
        }
        if (!tt_dprint_record(s, t, idx, h, code, data + rpos, sz)) {
            rpos += sz;
            break;
        }
        rpos += sz;
    }
    qatomic_store_release(&hdr[1], cpu_to_le32(rpos));
    memory_region_set_dirty(&t->l1, (uint8_t *)&hdr[1] -
                            (uint8_t *)memory_region_get_ram_ptr(&t->l1), 4);
    return;

bad:
    qemu_log_mask(LOG_GUEST_ERROR, "tt-dprint: (%u,%u) %s: bad record at "
                  "rpos %u (code %u, size %u, wpos %u); skipped to wpos\n",
                  t->x, t->y, tt_dprint_hart_name[idx], rpos, data[rpos],
                  rpos + 1 < wpos ? data[rpos + 1] : 0, wpos);
    qatomic_store_release(&hdr[1], cpu_to_le32(wpos));
    memory_region_set_dirty(&t->l1, (uint8_t *)&hdr[1] -
                            (uint8_t *)memory_region_get_ram_ptr(&t->l1), 4);
}

void tt_dprint_poll(TTDprintState *s)
{
    for (uint32_t i = 0; i < s->num_tiles; i++) {
        TTTileState *t = &s->tiles[i];
        uint8_t *l1 = memory_region_get_ram_ptr(&t->l1);

        for (int b = 0; b < TT_DPRINT_NUM_BUFS; b++) {
            tt_dprint_poll_one(s, t, b,
                               &s->harts[i * TT_DPRINT_NUM_BUFS + b],
                               l1 + s->base + b * TT_DPRINT_BUF_SIZE);
        }
    }
}

static void tt_dprint_timer_cb(void *opaque)
{
    TTDprintState *s = opaque;

    tt_dprint_poll(s);
    timer_mod(s->timer,
              qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) + TT_DPRINT_POLL_NS);
}

/* QEMU exits (e.g. semihosting exit): print what is still buffered */
static void tt_dprint_exit(Notifier *n, void *data)
{
    TTDprintState *s = container_of(n, TTDprintState, exit_notifier);

    tt_dprint_poll(s);
    for (uint32_t i = 0; i < s->num_tiles * TT_DPRINT_NUM_BUFS; i++) {
        TTDprintHart *h = &s->harts[i];

        if (h->line->len) {
            g_string_append_c(h->line, '\n');
            tt_dprint_flush(s, &s->tiles[i / TT_DPRINT_NUM_BUFS],
                            i % TT_DPRINT_NUM_BUFS, h);
        }
    }
}

TTDprintState *tt_dprint_new(TTTileState *tiles, uint32_t num_tiles,
                             uint32_t base, const char *chardev_id)
{
    TTDprintState *s = g_new0(TTDprintState, 1);

    for (uint32_t i = 0; i < num_tiles; i++) {
        uint64_t l1 = memory_region_size(&tiles[i].l1);

        if ((uint64_t)base + TT_DPRINT_NUM_BUFS * TT_DPRINT_BUF_SIZE > l1 ||
            (base & 3)) {
            error_report("tt: dprint-base 0x%x: the %u DPRINT buffers "
                         "(%u bytes, 4-byte aligned) do not fit in the "
                         "0x%" PRIx64 "-byte L1", base, TT_DPRINT_NUM_BUFS,
                         TT_DPRINT_NUM_BUFS * TT_DPRINT_BUF_SIZE, l1);
            exit(1);
        }
    }
    s->tiles = tiles;
    s->num_tiles = num_tiles;
    s->base = base;
    if (chardev_id) {
        Chardev *chr = qemu_chr_find(chardev_id);

        if (!chr) {
            error_report("tt: dprint-chardev: no chardev '%s'", chardev_id);
            exit(1);
        }
        qemu_chr_fe_init(&s->chr, chr, &error_fatal);
        s->use_chr = true;
    }
    s->raised = g_hash_table_new(NULL, NULL);
    s->harts = g_new0(TTDprintHart, num_tiles * TT_DPRINT_NUM_BUFS);
    for (uint32_t i = 0; i < num_tiles * TT_DPRINT_NUM_BUFS; i++) {
        s->harts[i].line = g_string_new(NULL);
    }
    s->timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, tt_dprint_timer_cb, s);
    s->exit_notifier.notify = tt_dprint_exit;
    qemu_add_exit_notifier(&s->exit_notifier);
    return s;
}

void tt_dprint_reset(TTDprintState *s)
{
    g_hash_table_remove_all(s->raised);
    for (uint32_t i = 0; i < s->num_tiles * TT_DPRINT_NUM_BUFS; i++) {
        TTDprintHart *h = &s->harts[i];

        g_string_truncate(h->line, 0);
        h->prev_type = DP_COUNT;
        h->base = 10;
        h->fixed = false;
        h->precision = 6;
        h->width = 0;
        h->waiting = false;
        h->bad_reported = false;
    }
    for (uint32_t i = 0; i < s->num_tiles; i++) {
        uint8_t *l1 = memory_region_get_ram_ptr(&s->tiles[i].l1);

        for (int b = 0; b < TT_DPRINT_NUM_BUFS; b++) {
            uint32_t *hdr = (uint32_t *)(l1 + s->base +
                                         b * TT_DPRINT_BUF_SIZE);

            qatomic_set(&hdr[0], cpu_to_le32(TT_DPRINT_STARTING_MAGIC));
        }
        memory_region_set_dirty(&s->tiles[i].l1, s->base,
                                TT_DPRINT_NUM_BUFS * TT_DPRINT_BUF_SIZE);
    }
    timer_mod(s->timer,
              qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) + TT_DPRINT_POLL_NS);
}
