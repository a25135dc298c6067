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
#include <math.h>
#include "qemu/atomic.h"
#include "qemu/error-report.h"
#include "qemu/log.h"
#include "qapi/error.h"
#include "chardev/char.h"
#include "hw/qdev-properties.h"
#include "hw/qdev-properties-system.h"
#include "migration/vmstate.h"
#include "system/system.h"
#include "tt_log.h"
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

/* tt::DataFormat (tt_backend_api_types.hpp) */
enum {
    DF_FLOAT32 = 0, DF_FLOAT16 = 1, DF_BFP8 = 2, DF_BFP4 = 3, DF_TF32 = 4,
    DF_FLOAT16_B = 5, DF_BFP8_B = 6, DF_BFP4_B = 7, DF_INT32 = 8,
    DF_UINT16 = 9, DF_LF8 = 10, DF_BFP2 = 11, DF_INT8 = 14, DF_BFP2_B = 15,
    DF_UINT32 = 24, DF_UINT8 = 30,
};

/* TypedU32_ARRAY_Format (hostdevcommon/dprint_common.h) */
enum {
    TA_INVALID = 0, TA_RAW = 1, TA_TENSIX_CFG_REG_DATA_FORMAT = 2,
};

/* dprint_tileslice_return_code_enum */
enum {
    TS_OK = 2, TS_BAD_TILE_IDX = 3, TS_BAD_POINTER = 4,
    TS_UNSUPPORTED_FORMAT = 5, TS_MATH = 6, TS_ETHERNET = 7,
};

/* magic_enum names of tt::DataFormat, as the server's fmt::format prints */
static const char *tt_dprint_df_name(uint8_t df)
{
    switch (df) {
    case DF_FLOAT32: return "Float32";
    case DF_FLOAT16: return "Float16";
    case DF_BFP8: return "Bfp8";
    case DF_BFP4: return "Bfp4";
    case DF_TF32: return "Tf32";
    case DF_FLOAT16_B: return "Float16_b";
    case DF_BFP8_B: return "Bfp8_b";
    case DF_BFP4_B: return "Bfp4_b";
    case DF_INT32: return "Int32";
    case DF_UINT16: return "UInt16";
    case DF_LF8: return "Lf8";
    case DF_BFP2: return "Bfp2";
    case DF_INT8: return "Int8";
    case DF_BFP2_B: return "Bfp2_b";
    case DF_UINT32: return "UInt32";
    case DF_UINT8: return "UInt8";
    case 0xF0: return "RawUInt8";
    case 0xF1: return "RawUInt16";
    case 0xF2: return "RawUInt32";
    case 0xFF: return "Invalid";
    default: return "";     /* magic_enum: no name */
    }
}

static float tt_dprint_f32(uint32_t bits)
{
    float f;

    memcpy(&f, &bits, 4);
    return f;
}

/*
 * The server's make_float(): bits are [sign][mantissa][exponent] (exponent
 * in the low bits, no special case for 0, inf or NaN): (1 + m / 2^mb) *
 * 2^(e - bias), computed in double and stored in a float at each step.
 */
static float tt_dprint_make_float(int eb, int mb, uint32_t data)
{
    int sign = (data >> (eb + mb)) & 1;
    int exp_val = (int)(data & ((1u << eb) - 1)) - ((1 << (eb - 1)) - 1);
    int man = (data >> eb) & ((1u << mb) - 1);
    float r = 1.0 + ((float)man / (float)(1 << mb));

    r = r * pow(2, exp_val);
    return sign ? -r : r;
}

/*
 * tt-metal convert_bfp_to_u32(is_exp_a = false): a BFP mantissa byte
 * (sign + 7/3/1 magnitude bits) and its shared 8-bit exponent to float
 * bits, normalising the magnitude (exponent arithmetic in uint32_t).
 */
static uint32_t tt_dprint_bfp_to_u32(uint8_t df, uint8_t data, uint8_t sexp)
{
    uint32_t exp = sexp, sign, man;
    int mbits, shift = 0;

    switch (df) {
    case DF_BFP2:
    case DF_BFP2_B:
        sign = data >> 1;
        man = data & 1;
        if (!man) {
            exp = 0;
        } else {
            man = 0;    /* the only magnitude bit is the hidden one */
        }
        return (sign << 31) | (exp << 23) | (man << 22);
    case DF_BFP4:
    case DF_BFP4_B:
        mbits = 3;
        break;
    case DF_BFP8:
    case DF_BFP8_B:
        mbits = 7;
        break;
    default:
        return 0;
    }
    sign = data >> mbits;
    man = data & ((1u << mbits) - 1);
    if (!man) {
        exp = 0;
    } else {
        while (!(man & (1u << (mbits - 1)))) {
            man <<= 1;
            shift++;
        }
        man = (man << 1) & ((1u << mbits) - 1);
        exp -= shift;
    }
    return (sign << 31) | (exp << 23) | (man << (23 - mbits));
}

/* Append printf-formatted text through the pending setw width */
static void G_GNUC_PRINTF(2, 3) tt_dprint_putf(TTDprintHart *h,
                                               const char *fmt, ...)
{
    g_autofree char *str = NULL;
    va_list ap;

    va_start(ap, fmt);
    str = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    tt_dprint_put_str(h, str);
}

/* The server's PrintTensixRegisterData(): one word of a typed array */
static void tt_dprint_reg_datum(TTDprintHart *h, int width, uint32_t d,
                                uint16_t fmt)
{
    switch (fmt) {
    case DF_FLOAT16:
    case DF_BFP8:
    case DF_BFP4:
    case DF_BFP2:
    case DF_LF8:
        h->width = width;
        tt_dprint_put_float(h, tt_dprint_make_float(5, 10, d & 0xFFFF));
        tt_dprint_put_str(h, " ");
        h->width = width;
        tt_dprint_put_float(h, tt_dprint_make_float(5, 10, d >> 16));
        tt_dprint_put_str(h, " ");
        break;
    case DF_BFP8_B:
    case DF_BFP4_B:
    case DF_BFP2_B:
    case DF_FLOAT16_B:
        h->width = width;
        tt_dprint_put_float(h, tt_dprint_make_float(8, 7, d & 0xFFFF));
        tt_dprint_put_str(h, " ");
        h->width = width;
        tt_dprint_put_float(h, tt_dprint_make_float(8, 7, d >> 16));
        tt_dprint_put_str(h, " ");
        break;
    case DF_TF32:
        h->width = width;
        tt_dprint_put_float(h, tt_dprint_make_float(8, 10, d));
        tt_dprint_put_str(h, " ");
        break;
    case DF_FLOAT32:
        h->width = width;
        tt_dprint_put_float(h, tt_dprint_f32(d));
        tt_dprint_put_str(h, " ");
        break;
    case DF_UINT32:
        h->width = width;
        tt_dprint_put_u64(h, d);
        tt_dprint_put_str(h, " ");
        break;
    case DF_UINT16:
        h->width = width;
        tt_dprint_put_u64(h, d & 0xFFFF);
        tt_dprint_put_str(h, " ");
        h->width = width;
        tt_dprint_put_u64(h, d >> 16);
        tt_dprint_put_str(h, " ");
        break;
    default:
        tt_dprint_put_str(h, "Unknown data format ");
        tt_dprint_put_u64(h, fmt);
        tt_dprint_put_str(h, " ");
        break;
    }
}

/*
 * The server's PrintTypedUint32Array().  The element type is always taken
 * from the upper half of the LAST word, also for a plain U32_ARRAY (which
 * has no type word: then every word is printed, but with the type the
 * last one happens to carry, usually 0, "Unknown type 0" per word); a
 * TYPED_U32_ARRAY's last word is its type and is not printed.  The width
 * of register data is the most recent SETW of any hart.
 */
static void tt_dprint_typed_array(TTDprintState *s, TTTileState *t, int idx,
                                  TTDprintHart *h, const uint8_t *p,
                                  uint32_t sz, bool untyped)
{
    uint32_t n = sz / 4, last;
    uint16_t type, subtype;

    if (!n) {
        /* The server reads data[-1] (and a typed one loops ~forever) */
        tt_log_mask(LOG_GUEST_ERROR, "tt-dprint: (%u,%u) %s: empty %s "
                    "record; ignored\n", t->x, t->y,
                    tt_dprint_hart_name[idx],
                    untyped ? "U32_ARRAY" : "TYPED_U32_ARRAY");
        return;
    }
    last = tt_dprint_le32(p + 4 * (n - 1));
    type = last >> 16;
    subtype = last & 0xFFFF;
    if (!untyped) {
        n--;
    }
    for (uint32_t i = 0; i < n; i++) {
        uint32_t d = tt_dprint_le32(p + 4 * i);

        switch (type) {
        case TA_RAW:
            h->base = 16;
            tt_dprint_put_str(h, "0x");
            tt_dprint_put_u64(h, d);
            tt_dprint_put_str(h, " ");
            break;
        case TA_TENSIX_CFG_REG_DATA_FORMAT:
            tt_dprint_reg_datum(h, s->last_setw, d, subtype);
            break;
        default:
            tt_dprint_put_str(h, "Unknown type ");
            tt_dprint_put_u64(h, type);
            break;
        }
    }
}

/* TileSliceHostDev<0> (dprint_common.h): 16-byte header, then the data */
#define TS_HDR_SIZE     16

/*
 * The server's PrintTileSlice().  Data past the record's payload reads as
 * zero (the server would read whatever follows in the buffer).
 */
static void tt_dprint_tile_slice(TTTileState *t, int idx, TTDprintHart *h,
                                 const uint8_t *p, uint32_t sz)
{
    uint8_t hdr[TS_HDR_SIZE] = { 0 };
    const uint8_t *data = p + TS_HDR_SIZE;
    uint32_t dsz = sz > TS_HDR_SIZE ? sz - TS_HDR_SIZE : 0;
    uint8_t h0, h1, hs, w0, w1, ws, cb, df, count, endl_rows, rc;
    uint32_t i = 0;
    bool short_data = false;

    memcpy(hdr, p, MIN(sz, TS_HDR_SIZE));
    if (sz < TS_HDR_SIZE) {
        tt_log_mask(LOG_GUEST_ERROR, "tt-dprint: (%u,%u) %s: TILESLICE "
                    "record of %u bytes (header: %u)\n", t->x, t->y,
                    tt_dprint_hart_name[idx], sz, TS_HDR_SIZE);
    }
    h0 = hdr[4];
    h1 = hdr[5];
    hs = hdr[6];
    w0 = hdr[7];
    w1 = hdr[8];
    ws = hdr[9];
    cb = hdr[10];
    df = hdr[11];
    count = hdr[12];
    endl_rows = hdr[13];
    rc = hdr[14];

    switch (rc) {
    case TS_OK:
        break;
    case TS_BAD_POINTER:
        /* fmt::format of enum CBIndex: "CBIndex::c_N" */
        if (cb < 32) {
            tt_dprint_putf(h, "Tried printing CBIndex::c_%u: BAD TILE POINTER "
                           "(ptr=%u, count=%u)\n", cb, tt_dprint_le32(hdr),
                           count);
        } else {
            tt_dprint_putf(h, "Tried printing CBIndex::: BAD TILE POINTER "
                           "(ptr=%u, count=%u)\n", tt_dprint_le32(hdr), count);
        }
        return;
    case TS_UNSUPPORTED_FORMAT:
        if (cb < 32) {
            tt_dprint_putf(h, "Tried printing CBIndex::c_%u: Unsupported data "
                           "format (DataFormat::%s)\n", cb,
                           tt_dprint_df_name(df));
        } else {
            tt_dprint_putf(h, "Tried printing CBIndex::: Unsupported data "
                           "format (DataFormat::%s)\n", tt_dprint_df_name(df));
        }
        return;
    case TS_MATH:
        tt_dprint_put_str(h, "Warning: MATH core does not support TileSlice "
                          "printing, omitting print...\n");
        return;
    case TS_ETHERNET:
        tt_dprint_put_str(h, "Warning: Ethernet core does not support "
                          "TileSlice printing, omitting print...\n");
        return;
    default:
        tt_dprint_putf(h, "Warning: TileSlice printing failed with unknown "
                       "return code %u, omitting print...\n", rc);
        return;
    }

    /*
     * A zero row step with an empty row range would make the server loop
     * forever (every other case ends at data_count): print nothing.
     */
    if (!hs && h0 < h1 && w0 >= w1) {
        tt_log_mask(LOG_GUEST_ERROR, "tt-dprint: (%u,%u) %s: TILESLICE "
                    "with row step 0 and no columns; ignored\n", t->x,
                    t->y, tt_dprint_hart_name[idx]);
        return;
    }
    for (int r = h0; r < h1; r += hs) {
        bool exceeded = false;

        for (int c = w0; c < w1; c += ws) {
            uint8_t b[4] = { 0 };
            uint32_t bpd;

            if (i >= count) {
                exceeded = true;
                break;
            }
            switch (df) {
            case DF_FLOAT32:
            case DF_INT32:
            case DF_UINT32:
                bpd = 4;
                break;
            case DF_FLOAT16_B:
            case DF_UINT16:
            case DF_BFP8:
            case DF_BFP8_B:
            case DF_BFP4:
            case DF_BFP4_B:
                bpd = 2;
                break;
            case DF_INT8:
            case DF_UINT8:
                bpd = 1;
                break;
            default:
                bpd = 0;
                break;
            }
            for (uint32_t k = 0; k < bpd; k++) {
                if (i * bpd + k < dsz) {
                    b[k] = data[i * bpd + k];
                } else {
                    short_data = true;
                }
            }
            switch (df) {
            case DF_FLOAT16_B:
                tt_dprint_put_float(h, tt_dprint_f32((uint32_t)(b[0] |
                                                                b[1] << 8)
                                                     << 16));
                break;
            case DF_FLOAT32:
                tt_dprint_put_float(h, tt_dprint_f32(tt_dprint_le32(b)));
                break;
            case DF_BFP4_B:
            case DF_BFP8_B:
                /* [exponent][mantissa] byte pairs, as dprint_tile.h packs */
                tt_dprint_put_float(h, tt_dprint_f32(
                                        tt_dprint_bfp_to_u32(df, b[1], b[0])));
                break;
            case DF_INT8:
                tt_dprint_put_s64(h, (int8_t)b[0], 32);
                break;
            case DF_UINT8:
                tt_dprint_put_u64(h, b[0]);
                break;
            case DF_UINT16:
                tt_dprint_put_u64(h, b[0] | (b[1] << 8));
                break;
            case DF_INT32:
                tt_dprint_put_s64(h, (int32_t)tt_dprint_le32(b), 32);
                break;
            case DF_UINT32:
                tt_dprint_put_u64(h, tt_dprint_le32(b));
                break;
            default:
                break;      /* the server prints nothing for the datum */
            }
            if (c + ws < w1) {
                tt_dprint_put_str(h, " ");
            }
            i++;
        }
        if (exceeded) {
            tt_dprint_putf(h, "<TileSlice data truncated due to exceeding max "
                           "count (%u)>\n", count);
            break;
        }
        if (endl_rows) {
            tt_dprint_put_str(h, "\n");
        }
    }
    if (short_data) {
        tt_log_mask(LOG_GUEST_ERROR, "tt-dprint: (%u,%u) %s: TILESLICE "
                    "data_count %u is past its %u-byte payload; read as "
                    "0\n", t->x, t->y, tt_dprint_hart_name[idx], count, sz);
    }
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
        s->last_setw = (int8_t)p[0];    /* server-wide, never cleared */
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
        tt_dprint_typed_array(s, t, idx, h, p, sz, true);
        break;
    case DP_TYPED_U32_ARRAY:
        tt_dprint_typed_array(s, t, idx, h, p, sz, false);
        break;
    case DP_TILESLICE:
        tt_dprint_tile_slice(t, idx, h, p, sz);
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
            tt_log_mask(LOG_GUEST_ERROR, "tt-dprint: (%u,%u) %s: wpos %u "
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
    /* dirty the RAM block itself (not its L1 alias): L1 is at its offset 0 */
    memory_region_set_dirty(&t->ram, (uint8_t *)&hdr[1] -
                            (uint8_t *)memory_region_get_ram_ptr(&t->l1), 4);
    tt_cores_spin_check(t->core);   /* a core may wait for the room */
    return;

bad:
    tt_log_mask(LOG_GUEST_ERROR, "tt-dprint: (%u,%u) %s: bad record at "
                "rpos %u (code %u, size %u, wpos %u); skipped to wpos\n",
                t->x, t->y, tt_dprint_hart_name[idx], rpos, data[rpos],
                rpos + 1 < wpos ? data[rpos + 1] : 0, wpos);
    qatomic_store_release(&hdr[1], cpu_to_le32(wpos));
    memory_region_set_dirty(&t->ram, (uint8_t *)&hdr[1] -
                            (uint8_t *)memory_region_get_ram_ptr(&t->l1), 4);
    tt_cores_spin_check(t->core);   /* a core may wait for the room */
}

/* One polling pass over every buffer (also run by the timer) */
static void tt_dprint_poll(TTDprintState *s)
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
    for (uint32_t i = 0; i < s->num_harts; i++) {
        TTDprintHart *h = &s->harts[i];

        if (h->line->len) {
            g_string_append_c(h->line, '\n');
            tt_dprint_flush(s, &s->tiles[i / TT_DPRINT_NUM_BUFS],
                            i % TT_DPRINT_NUM_BUFS, h);
        }
    }
}

static void tt_dprint_realize(DeviceState *dev, Error **errp)
{
    TTDprintState *s = TT_DPRINT(dev);

    if (!s->tiles) {
        error_setg(errp, "tt-dprint: no tiles given");
        return;
    }
    for (uint32_t i = 0; i < s->num_tiles; i++) {
        uint64_t l1 = memory_region_size(&s->tiles[i].l1);

        if ((uint64_t)s->base + TT_DPRINT_NUM_BUFS * TT_DPRINT_BUF_SIZE > l1 ||
            (s->base & 3)) {
            error_setg(errp, "tt: dprint-base 0x%x: the %u DPRINT buffers "
                       "(%u bytes, 4-byte aligned) do not fit in the "
                       "0x%" PRIx64 "-byte L1", s->base, TT_DPRINT_NUM_BUFS,
                       TT_DPRINT_NUM_BUFS * TT_DPRINT_BUF_SIZE, l1);
            return;
        }
    }
    s->use_chr = qemu_chr_fe_backend_connected(&s->chr);
    s->raised = g_hash_table_new(NULL, NULL);
    s->num_harts = s->num_tiles * TT_DPRINT_NUM_BUFS;
    s->harts = g_new0(TTDprintHart, s->num_harts);
    for (uint32_t i = 0; i < s->num_harts; i++) {
        s->harts[i].line = g_string_new(NULL);
    }
    s->timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, tt_dprint_timer_cb, s);
    s->exit_notifier.notify = tt_dprint_exit;
    qemu_add_exit_notifier(&s->exit_notifier);
}

void tt_dprint_reset(TTDprintState *s)
{
    g_hash_table_remove_all(s->raised);
    s->last_setw = 0;
    for (uint32_t i = 0; i < s->num_harts; i++) {
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
        memory_region_set_dirty(&s->tiles[i].ram, s->base,
                                TT_DPRINT_NUM_BUFS * TT_DPRINT_BUF_SIZE);
    }
    timer_mod(s->timer,
              qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) + TT_DPRINT_POLL_NS);
}

/* ---------------------------------------------------------------------- */
/* Migration: the decoder state between polls                             */
/* ---------------------------------------------------------------------- */

static int tt_dprint_hart_pre_save(void *opaque)
{
    TTDprintHart *h = opaque;

    g_free(h->line_buf);
    h->line_len = h->line->len;
    h->line_buf = g_memdup2(h->line->str, h->line->len);
    return 0;
}

static int tt_dprint_hart_post_save(void *opaque)
{
    TTDprintHart *h = opaque;

    g_clear_pointer(&h->line_buf, g_free);
    return 0;
}

static int tt_dprint_hart_post_load(void *opaque, int version_id)
{
    TTDprintHart *h = opaque;

    g_string_truncate(h->line, 0);
    g_string_append_len(h->line, h->line_buf, h->line_len);
    g_clear_pointer(&h->line_buf, g_free);
    return 0;
}

static const VMStateDescription vmstate_tt_dprint_hart = {
    .name = "tt-dprint-hart",
    .version_id = 1,
    .minimum_version_id = 1,
    .pre_save = tt_dprint_hart_pre_save,
    .post_save = tt_dprint_hart_post_save,
    .post_load = tt_dprint_hart_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32(line_len, TTDprintHart),
        VMSTATE_VBUFFER_ALLOC_UINT32(line_buf, TTDprintHart, 0, NULL,
                                     line_len),
        VMSTATE_UINT8(prev_type, TTDprintHart),
        VMSTATE_UINT8(base, TTDprintHart),
        VMSTATE_BOOL(fixed, TTDprintHart),
        VMSTATE_INT32(precision, TTDprintHart),
        VMSTATE_INT32(width, TTDprintHart),
        VMSTATE_BOOL(waiting, TTDprintHart),
        VMSTATE_UINT32(wait_signal, TTDprintHart),
        VMSTATE_BOOL(bad_reported, TTDprintHart),
        VMSTATE_END_OF_LIST()
    }
};

static int tt_dprint_pre_save(void *opaque)
{
    TTDprintState *s = opaque;
    GHashTableIter it;
    gpointer key;
    uint32_t i = 0;

    g_free(s->raised_buf);
    s->raised_len = g_hash_table_size(s->raised);
    s->raised_buf = g_new(uint32_t, s->raised_len);
    g_hash_table_iter_init(&it, s->raised);
    while (g_hash_table_iter_next(&it, &key, NULL)) {
        s->raised_buf[i++] = GPOINTER_TO_UINT(key);
    }
    return 0;
}

static int tt_dprint_post_save(void *opaque)
{
    TTDprintState *s = opaque;

    g_clear_pointer(&s->raised_buf, g_free);
    return 0;
}

static int tt_dprint_post_load(void *opaque, int version_id)
{
    TTDprintState *s = opaque;

    g_hash_table_remove_all(s->raised);
    for (uint32_t i = 0; i < s->raised_len; i++) {
        g_hash_table_add(s->raised, GUINT_TO_POINTER(s->raised_buf[i]));
    }
    g_clear_pointer(&s->raised_buf, g_free);
    return 0;
}

static const VMStateDescription vmstate_tt_dprint = {
    .name = TYPE_TT_DPRINT,
    .version_id = 1,
    .minimum_version_id = 1,
    .pre_save = tt_dprint_pre_save,
    .post_save = tt_dprint_post_save,
    .post_load = tt_dprint_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_TIMER_PTR(timer, TTDprintState),
        VMSTATE_INT8(last_setw, TTDprintState),
        VMSTATE_UINT32(raised_len, TTDprintState),
        VMSTATE_VARRAY_UINT32_ALLOC(raised_buf, TTDprintState, raised_len, 0,
                                    vmstate_info_uint32, uint32_t),
        VMSTATE_STRUCT_VARRAY_POINTER_UINT32(harts, TTDprintState, num_harts,
                                             vmstate_tt_dprint_hart,
                                             TTDprintHart),
        VMSTATE_END_OF_LIST()
    }
};

static const Property tt_dprint_properties[] = {
    DEFINE_PROP_UINT32("num-tiles", TTDprintState, num_tiles, 0),
    DEFINE_PROP_UINT32("base", TTDprintState, base, TT_DPRINT_DEFAULT_BASE),
    DEFINE_PROP_CHR("chardev", TTDprintState, chr),
};

static void tt_dprint_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);

    dc->desc = "Tenstorrent DPRINT server (tt-metal debug print buffers)";
    dc->realize = tt_dprint_realize;
    dc->vmsd = &vmstate_tt_dprint;
    dc->user_creatable = false;
    device_class_set_props(dc, tt_dprint_properties);
}

static const TypeInfo tt_dprint_info = {
    .name = TYPE_TT_DPRINT,
    .parent = TYPE_DEVICE,
    .instance_size = sizeof(TTDprintState),
    .class_init = tt_dprint_class_init,
};

static void tt_dprint_register_types(void)
{
    type_register_static(&tt_dprint_info);
}

type_init(tt_dprint_register_types)
