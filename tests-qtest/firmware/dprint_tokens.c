/*
 * DPRINT server (tt_dprint.c): BRISC writes tt-metal DPRINT records into
 * the DPRINT buffers exactly as tt-metal's device side (dprint.h
 * debug_print()) does, including waiting for the host when a record does
 * not fit, and checks what the host (the machine) does to rpos.  The
 * printed text is checked by dprint-check.sh, which runs this program with
 * -M ...,dprint=on,dprint-base=0x30000 (0x268, the tt-metal default, is
 * inside this image).  Without dprint=on the buffers must stay untouched
 * (all zero) and the program only checks that.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "tt.h"

#define DP_BASE         0x30000u    /* dprint-base given by dprint-check.sh */
#define DP_BUF_SIZE     204u
#define DP_DATA_SIZE    192u
#define DP_STARTING     0x98989898u
#define DP_DISABLED     0xF8F8F8F8u

/* Buffer index per hart (tt-metal DebugPrintHartIndex) */
enum { IDX_NC, IDX_TR0, IDX_TR1, IDX_TR2, IDX_BR };

/* tt-metal DPrintTypeID (Dec-2024) */
enum {
    CSTR, ENDL, SETW, UINT8, UINT16, UINT32, UINT64, INT8, INT16, INT32,
    INT64, FLOAT32, CHAR, RAISE, WAIT, BFLOAT16, SETPRECISION, FIXED,
    DEFAULTFLOAT, HEX, OCT, DEC, TILESLICE, U32_ARRAY, TYPED_U32_ARRAY,
};

/* tt::DataFormat values used below */
#define DF_FLOAT32      0
#define DF_FLOAT16_B    5
#define DF_BFP8_B       6
#define DF_UINT16       9
/* TypedU32_ARRAY_Format; TileSlice return codes */
#define TA_RAW          1
#define TA_REG_DATA     2
#define TS_OK           2
#define TS_MATH         6

/*
 * TileSlice<64> as dprint_tile.h sends it (TileSliceHostDev<64>, packed):
 * cb_ptr, SliceRange h0 h1 hs w0 w1 ws, cb_id, data_format, data_count,
 * endl_rows, return_code, pad, data[64]: an 80-byte payload
 */
typedef struct {
    uint32_t cb_ptr;
    uint8_t h0, h1, hs, w0, w1, ws;
    uint8_t cb_id, data_format, data_count, endl_rows, return_code, pad;
    uint8_t data[64];
} __attribute__((packed)) dp_tslice;

typedef struct {
    volatile uint32_t wpos;             /* the server polls these */
    volatile uint32_t rpos;             /* the server's */
    volatile uint16_t core_x, core_y;   /* the server's */
    volatile uint8_t data[DP_DATA_SIZE];    /* read by the server */
} dp_buf;

static dp_buf *dp(int idx)
{
    return (dp_buf *)(uintptr_t)(DP_BASE + DP_BUF_SIZE * idx);
}

static bool dp_stuck;

/* Wait (bounded) for the host to read everything: rpos >= wpos */
static bool dp_wait_drained(dp_buf *b)
{
    uint64_t deadline = tt_deadline_ms(5000);

    while (b->rpos < b->wpos) {
        if (tt_expired(deadline)) {
            return false;
        }
    }
    return true;
}

/* tt-metal debug_print(): one record [code][size][payload] */
static void dp_put(int idx, uint8_t code, const void *val, uint32_t sz)
{
    dp_buf *b = dp(idx);
    const uint8_t *p = val;
    uint32_t wpos;

    if (b->wpos == DP_DISABLED || dp_stuck) {
        return;
    }
    wpos = b->wpos;
    if (wpos + sz + 2 >= DP_DATA_SIZE) {
        /* Full: wait for the host to catch up, then restart at 0 */
        if (!dp_wait_drained(b)) {
            tt_check(false, "host drained a full buffer (rpos)", b->rpos,
                     b->wpos);
            dp_stuck = true;
            return;
        }
        b->wpos = 0;
        b->rpos = 0;
        wpos = 0;
    }
    b->data[wpos++] = code;
    b->data[wpos++] = sz;
    for (uint32_t i = 0; i < sz; i++) {
        b->data[wpos + i] = p[i];
    }
    wpos += sz;
    b->wpos = wpos;     /* the record becomes visible only now */
}

static void dp_str(int idx, const char *s)
{
    uint32_t n = 0;

    while (s[n]) {
        n++;
    }
    dp_put(idx, CSTR, s, n + 1);    /* with the terminating 0 */
}

static void dp_u8(int idx, uint8_t code, uint8_t v)
{
    dp_put(idx, code, &v, 1);
}

static void dp_u16(int idx, uint8_t code, uint16_t v)
{
    dp_put(idx, code, &v, 2);
}

static void dp_u32(int idx, uint8_t code, uint32_t v)
{
    dp_put(idx, code, &v, 4);
}

static void dp_u64(int idx, uint8_t code, uint64_t v)
{
    dp_put(idx, code, &v, 8);
}

static void dp_endl(int idx)
{
    dp_u8(idx, ENDL, 0);
}

/* IEEE single bits (no float arithmetic needed) */
#define F32_1_5     0x3FC00000u     /* 1.5 */
#define F32_0_1     0x3DCCCCCDu     /* 0.1f = 0.100000001490116... */
#define F32_2_0     0x40000000u     /* 2.0 */
#define BF16_1_5    0x3FC0u         /* 1.5 */
#define BF16_M2_5   0xC020u         /* -2.5 */

/* Zero @ts, then copy @n data bytes (no libc here) */
static void dp_slice_init(dp_tslice *ts, const uint8_t *d, uint32_t n)
{
    /* byte stores the compiler may not turn into a memset call */
    volatile uint8_t *b = (volatile uint8_t *)ts;

    for (uint32_t i = 0; i < sizeof(*ts); i++) {
        b[i] = 0;
    }
    for (uint32_t i = 0; i < n; i++) {
        ts->data[i] = d[i];
    }
}

static void dp_slice(const dp_tslice *ts)
{
    dp_put(IDX_NC, TILESLICE, ts, sizeof(*ts));
}

/*
 * TILESLICE records (host: PrintTileSlice of dprint_server.cpp), on NC:
 *  1. Float16_b [0:2:1, 0:2:1], 4 data, endl_rows: bf16 0x3FC0 0xC000
 *     0x3E80 0x4040 = 1.5 -2 0.25 3; a space between the items of a row
 *     (w + ws < w1), "\n" after each row; the ENDL after a slice ending in
 *     "\n" adds nothing: "1.5 -2" and (no prefix: one flush) "0.25 3"
 *  2. Bfp8_b [0, 0:2], 2 data, no endl_rows; each datum is [exp][mantissa]
 *     (dprint_tile.h); convert_bfp_to_u32: (127, 0x40): sign 0, 0x40 has
 *     bit 6 set, no shift, hidden bit dropped: exp 127, man 0 = 1.0;
 *     (128, 0xB0): sign 1, 0x30 shifted once to 0x60, then <<1 & 0x7F =
 *     0x40, exp 127: -(1 + 0x40/128) = -1.5: "1 -1.5" (ENDL adds "\n")
 *  3. UInt16 [0:2, 0:3], data_count 4 (1 2 3 4): row 0 "1 2 3\n", row 1
 *     "4 " then i = 4 >= count: "<TileSlice data truncated due to
 *     exceeding max count (4)>\n"
 *  4. return code DPrintErrorMath: the fixed warning line
 */
static void dp_tiles(void)
{
    static const uint8_t bf16[8] = { 0xC0, 0x3F, 0x00, 0xC0,
                                     0x80, 0x3E, 0x40, 0x40 };
    static const uint8_t bfp8[4] = { 127, 0x40, 128, 0xB0 };
    static const uint8_t u16[8] = { 1, 0, 2, 0, 3, 0, 4, 0 };
    dp_tslice ts;

    dp_slice_init(&ts, bf16, sizeof(bf16));
    ts.cb_ptr = 0x20000;
    ts.h0 = 0; ts.h1 = 2; ts.hs = 1; ts.w0 = 0; ts.w1 = 2; ts.ws = 1;
    ts.data_format = DF_FLOAT16_B;
    ts.data_count = 4;
    ts.endl_rows = 1;
    ts.return_code = TS_OK;
    dp_slice(&ts);
    dp_endl(IDX_NC);

    dp_slice_init(&ts, bfp8, sizeof(bfp8));
    ts.h0 = 0; ts.h1 = 1; ts.hs = 1; ts.w0 = 0; ts.w1 = 2; ts.ws = 1;
    ts.data_format = DF_BFP8_B;
    ts.data_count = 2;
    ts.return_code = TS_OK;
    dp_slice(&ts);
    dp_endl(IDX_NC);

    dp_slice_init(&ts, u16, sizeof(u16));
    ts.h0 = 0; ts.h1 = 2; ts.hs = 1; ts.w0 = 0; ts.w1 = 3; ts.ws = 1;
    ts.data_format = DF_UINT16;
    ts.data_count = 4;
    ts.endl_rows = 1;
    ts.return_code = TS_OK;
    dp_slice(&ts);
    dp_endl(IDX_NC);

    dp_slice_init(&ts, NULL, 0);
    ts.return_code = TS_MATH;
    dp_slice(&ts);
    dp_endl(IDX_NC);
}

static void dp_words(uint8_t code, const uint32_t *w, uint32_t n)
{
    dp_put(IDX_NC, code, w, 4 * n);
}

/*
 * (TYPED_)U32_ARRAY records (host: PrintTypedUint32Array and
 * PrintTensixRegisterData), on NC.  Register data is [sign][mantissa]
 * [exponent] (make_float): Float16_b halves are s:1 m:7 e:8.
 *  1. SETW(4), typed (2, Float16_b) {0x807F0080}: low 0x0080: e 128 - 127
 *     = 1, m 0: 2; high 0x807F: s 1, e 127 - 127 = 0, m 0: -1; each in
 *     setw(4) (the latest SETW) and followed by " ": "   2   -1 "
 *  2. SETW(0), typed (2, UInt16) {0x00070003}: "3 7 "
 *  3. typed (2, subtype 99) {1}: "Unknown data format 99 "
 *  4. typed (2, Float32) {0x3FC00000}: "1.5 "
 *  5. U32_ARRAY {0x10, 0x00010020}: the type is the last word's upper
 *     half, 1 = raw, and all words are printed: "0x10 0x10020 ", the base
 *     stays hex: UINT32 17 prints "11"; then DEC
 *  6. U32_ARRAY {5}: type 5 >> 16 = 0: "Unknown type 0"
 *  7. typed (1 = raw, 0) {0xABC}: "0xabc "; DEC
 */
static void dp_arrays(void)
{
    uint32_t a1[2] = { 0x807F0080u, (TA_REG_DATA << 16) | DF_FLOAT16_B };
    uint32_t a2[2] = { 0x00070003u, (TA_REG_DATA << 16) | DF_UINT16 };
    uint32_t a3[2] = { 1, (TA_REG_DATA << 16) | 99 };
    uint32_t a4[2] = { 0x3FC00000u, (TA_REG_DATA << 16) | DF_FLOAT32 };
    uint32_t a5[2] = { 0x10, 0x00010020u };
    uint32_t a6[1] = { 5 };
    uint32_t a7[2] = { 0xABC, TA_RAW << 16 };

    dp_u8(IDX_NC, SETW, 4);
    dp_words(TYPED_U32_ARRAY, a1, 2);
    dp_endl(IDX_NC);
    dp_u8(IDX_NC, SETW, 0);
    dp_words(TYPED_U32_ARRAY, a2, 2);
    dp_endl(IDX_NC);
    dp_words(TYPED_U32_ARRAY, a3, 2);
    dp_endl(IDX_NC);
    dp_words(TYPED_U32_ARRAY, a4, 2);
    dp_endl(IDX_NC);
    dp_words(U32_ARRAY, a5, 2);
    dp_u8(IDX_NC, CHAR, '|');
    dp_u32(IDX_NC, UINT32, 17);
    dp_u8(IDX_NC, DEC, 0);
    dp_endl(IDX_NC);
    dp_words(U32_ARRAY, a6, 1);
    dp_endl(IDX_NC);
    dp_words(TYPED_U32_ARRAY, a7, 2);
    dp_u8(IDX_NC, DEC, 0);
    dp_endl(IDX_NC);
}

int brisc_main(void)
{
    bool on = dp(IDX_BR)->wpos == DP_STARTING;

    for (int i = 0; i < 5; i++) {
        /*
         * dprint=on: the machine writes DEBUG_PRINT_SERVER_STARTING_MAGIC
         * into every wpos at reset (as tt-metal's server does on attach);
         * off: nothing touches L1 (it is zero after reset).
         */
        tt_check(dp(i)->wpos == (on ? DP_STARTING : 0), "wpos after reset",
                 dp(i)->wpos, on ? DP_STARTING : 0);
        tt_check(dp(i)->rpos == 0, "rpos after reset", dp(i)->rpos, 0);
    }
    if (!on) {
        tt_puts("dprint_tokens: no DPRINT server (dprint=off): buffers "
                "untouched\n");
        goto out;
    }
    /* DebugPrinter(): first use resets the positions */
    for (int i = 0; i < 5; i++) {
        dp(i)->wpos = 0;
        dp(i)->rpos = 0;
    }
    /* TR0: printing disabled on this hart: the host must skip it */
    dp(IDX_TR0)->data[0] = CSTR;
    dp(IDX_TR0)->data[1] = 2;
    dp(IDX_TR0)->data[2] = 'x';
    dp(IDX_TR0)->data[3] = 0;
    dp(IDX_TR0)->rpos = 0;
    dp(IDX_TR0)->wpos = DP_DISABLED;

    /* "hello" */
    dp_str(IDX_BR, "hello");
    dp_endl(IDX_BR);
    /* "42 -7 deadbeef ffff 65535": int16 -1 in hex prints as u16 */
    dp_u32(IDX_BR, UINT32, 42);
    dp_u8(IDX_BR, CHAR, ' ');
    dp_u32(IDX_BR, INT32, (uint32_t)-7);
    dp_u8(IDX_BR, CHAR, ' ');
    dp_u8(IDX_BR, HEX, 0);
    dp_u32(IDX_BR, UINT32, 0xDEADBEEFu);
    dp_u8(IDX_BR, CHAR, ' ');
    dp_u16(IDX_BR, INT16, 0xFFFF);
    dp_u8(IDX_BR, DEC, 0);
    dp_u8(IDX_BR, CHAR, ' ');
    dp_u16(IDX_BR, UINT16, 65535);
    dp_endl(IDX_BR);
    /* "    12|-3 4294967296": setw(6) pads only the next item */
    dp_u8(IDX_BR, SETW, 6);
    dp_u32(IDX_BR, UINT32, 12);
    dp_str(IDX_BR, "|");
    dp_u8(IDX_BR, INT8, (uint8_t)-3);
    dp_u8(IDX_BR, CHAR, ' ');
    dp_u64(IDX_BR, UINT64, 0x100000000ull);
    dp_endl(IDX_BR);
    /*
     * "1.5 0.1 2.000 1.500 -2.5": defaultfloat precision 6 is %.6g
     * (0.1f -> 0.1); setprecision(3)+fixed is %.3f; back to defaultfloat
     * with precision 3: %.3g of -2.5 is -2.5
     */
    dp_u32(IDX_BR, FLOAT32, F32_1_5);
    dp_u8(IDX_BR, CHAR, ' ');
    dp_u32(IDX_BR, FLOAT32, F32_0_1);
    dp_u8(IDX_BR, CHAR, ' ');
    dp_u8(IDX_BR, SETPRECISION, 3);
    dp_u8(IDX_BR, FIXED, 0);
    dp_u32(IDX_BR, FLOAT32, F32_2_0);
    dp_u8(IDX_BR, CHAR, ' ');
    dp_u16(IDX_BR, BFLOAT16, BF16_1_5);
    dp_u8(IDX_BR, DEFAULTFLOAT, 0);
    dp_u8(IDX_BR, CHAR, ' ');
    dp_u16(IDX_BR, BFLOAT16, BF16_M2_5);
    dp_endl(IDX_BR);
    /* "a" and "b": a newline inside a string ends the line */
    dp_str(IDX_BR, "a\nb");
    dp_endl(IDX_BR);
    /*
     * "A10 1777777777777777777777": uint8_t prints as a character; oct 8
     * is 10; int64 -1 in oct is 2^64 - 1 = 1 followed by 21 sevens
     */
    dp_u8(IDX_BR, UINT8, 'A');
    dp_u8(IDX_BR, OCT, 0);
    dp_u32(IDX_BR, UINT32, 8);
    dp_u8(IDX_BR, CHAR, ' ');
    dp_u64(IDX_BR, INT64, ~0ull);
    dp_u8(IDX_BR, DEC, 0);
    dp_endl(IDX_BR);
    /*
     * "line 0" ... "line 19": 17 bytes each (8 + 6 + 3), 340 bytes in
     * all: the 192-byte buffer fills and the device waits for the host
     */
    for (uint32_t i = 0; i < 20; i++) {
        dp_str(IDX_BR, "line ");
        dp_u32(IDX_BR, UINT32, i);
        dp_endl(IDX_BR);
    }
    /* Other harts' buffers: "from nc" (NC), "5" (TR2) */
    dp_str(IDX_NC, "from nc");
    dp_endl(IDX_NC);
    dp_tiles();
    dp_arrays();
    dp_u32(IDX_TR2, INT32, 5);
    dp_endl(IDX_TR2);

    /* The host reads every enabled buffer up to wpos */
    for (int i = 0; i < 5; i++) {
        if (i == IDX_TR0) {
            continue;
        }
        tt_check(dp_wait_drained(dp(i)), "host advanced rpos to wpos",
                 dp(i)->rpos, dp(i)->wpos);
    }
    /* ... and leaves a disabled one alone */
    tt_check(dp(IDX_TR0)->rpos == 0, "rpos of a disabled buffer",
             dp(IDX_TR0)->rpos, 0);
    tt_check(dp(IDX_TR0)->wpos == DP_DISABLED, "wpos of a disabled buffer",
             dp(IDX_TR0)->wpos, DP_DISABLED);
out:
    if (tt_failures) {
        tt_printf("dprint_tokens: FAILED (%d checks)\n", tt_failures);
        return 1;
    }
    tt_puts("dprint_tokens: all checks passed\n");
    return 0;
}

void ncrisc_main(void)
{
}

void trisc_main(int t)
{
}
