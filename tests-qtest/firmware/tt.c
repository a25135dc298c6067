/*
 * qemu-tensix bare-metal test firmware: runtime shared by all programs
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdarg.h>
#include <stddef.h>
#include "tt.h"

#define SYS_WRITE0          0x04
#define SYS_EXIT_EXTENDED   0x20
#define ADP_Stopped_ApplicationExit 0x20026u

const char *const tt_core_name[TT_NUM_CORES] = {
    "BRISC", "NCRISC", "TRISC0", "TRISC1", "TRISC2",
};

volatile tt_result tt_results[TT_NUM_CORES];
volatile uint32_t tt_entry_pc[TT_NUM_CORES];    /* written by start.S */

/* ------------------------------------------------------------------ */
/* Things GCC may call even in freestanding code                      */
/* ------------------------------------------------------------------ */

void *memset(void *d, int c, size_t n)
{
    unsigned char *p = d;

    while (n--) {
        *p++ = (unsigned char)c;
    }
    return d;
}

void *memcpy(void *d, const void *s, size_t n)
{
    unsigned char *p = d;
    const unsigned char *q = s;

    while (n--) {
        *p++ = *q++;
    }
    return d;
}

/* ------------------------------------------------------------------ */
/* Semihosting                                                        */
/* ------------------------------------------------------------------ */

void tt_puts(const char *s)
{
    tt_semihost(SYS_WRITE0, (uintptr_t)s);
}

void tt_exit(uint32_t code)
{
    static volatile uint32_t block[2];

    block[0] = ADP_Stopped_ApplicationExit;
    block[1] = code;
    for (;;) {
        tt_semihost(SYS_EXIT_EXTENDED, (uintptr_t)block);
    }
}

typedef struct outbuf {
    char buf[128];
    unsigned len;
} outbuf;

static void out_flush(outbuf *o)
{
    if (o->len) {
        o->buf[o->len] = 0;
        tt_puts(o->buf);
        o->len = 0;
    }
}

static void out_char(outbuf *o, char c)
{
    if (o->len == sizeof(o->buf) - 1) {
        out_flush(o);
    }
    o->buf[o->len++] = c;
}

static void out_num(outbuf *o, uint32_t v, unsigned base, bool neg,
                    unsigned width, char pad)
{
    char tmp[12];
    unsigned n = 0;

    do {
        unsigned d = v % base;

        tmp[n++] = d < 10 ? '0' + d : 'a' + d - 10;
        v /= base;
    } while (v);
    if (neg) {
        tmp[n++] = '-';
    }
    while (width > n) {
        out_char(o, pad);
        width--;
    }
    while (n) {
        out_char(o, tmp[--n]);
    }
}

void tt_printf(const char *fmt, ...)
{
    outbuf o = { .len = 0 };
    va_list ap;

    va_start(ap, fmt);
    for (; *fmt; fmt++) {
        unsigned width = 0;
        bool left = false;
        char pad = ' ';

        if (*fmt != '%') {
            out_char(&o, *fmt);
            continue;
        }
        fmt++;
        if (*fmt == '-') {
            left = true;
            fmt++;
        }
        if (*fmt == '0') {
            pad = '0';
            fmt++;
        }
        while (*fmt >= '0' && *fmt <= '9') {
            width = width * 10 + (*fmt++ - '0');
        }
        switch (*fmt) {
        case 's': {
            const char *s = va_arg(ap, const char *);
            unsigned n = 0;

            while (s[n]) {
                n++;
            }
            for (; !left && width > n; width--) {
                out_char(&o, ' ');
            }
            while (*s) {
                out_char(&o, *s++);
            }
            for (; left && width > n; width--) {
                out_char(&o, ' ');
            }
            break;
        }
        case 'c':
            out_char(&o, (char)va_arg(ap, int));
            break;
        case 'd': {
            int v = va_arg(ap, int);

            out_num(&o, v < 0 ? -(uint32_t)v : (uint32_t)v, 10, v < 0,
                    width, pad);
            break;
        }
        case 'u':
            out_num(&o, va_arg(ap, uint32_t), 10, false, width, pad);
            break;
        case 'x':
            out_num(&o, va_arg(ap, uint32_t), 16, false, width, pad);
            break;
        case '%':
            out_char(&o, '%');
            break;
        case 0:
            fmt--;
            break;
        default:
            out_char(&o, '%');
            out_char(&o, *fmt);
            break;
        }
    }
    va_end(ap);
    out_flush(&o);
}

/* Called by the trap vectors in start.S */
__attribute__((noreturn))
void tt_trap(uint32_t core, uint32_t mcause, uint32_t mepc, uint32_t mtval)
{
    tt_printf("TRAP on %s: mcause=0x%x mepc=0x%08x mtval=0x%08x\n",
              core < TT_NUM_CORES ? tt_core_name[core] : "?", mcause, mepc,
              mtval);
    tt_exit(3);
}

/* ------------------------------------------------------------------ */
/* Checks every core runs                                             */
/* ------------------------------------------------------------------ */

static volatile uint32_t *tt_sig_area(void)
{
    return (volatile uint32_t *)(uintptr_t)TT_LOCAL_RAM;
}

uint32_t tt_common_checks(int core, volatile tt_result *r)
{
    volatile uint32_t *sig = tt_sig_area();
    uint32_t errors = 0;
    uint32_t v;

    r->started = 1;
    __asm__ volatile("csrr %0, mhartid" : "=r"(v));
    r->mhartid = v;
    if (v != 0) {
        errors |= TT_E_MHARTID;
    }
    v = TT_CSR_READ(TT_CSR_CFG0);
    r->cfg0 = v;
    if (v != TT_CFG0_RESET) {
        errors |= TT_E_CFG0;
    }

    r->local_sig = TT_SIG(core);
    for (int i = 0; i < TT_SIG_WORDS; i++) {
        sig[i] = TT_SIG(core) + i;
    }
    if (!tt_local_sig_intact(core)) {
        errors |= TT_E_LOCAL_RAM;
    }
    return errors;
}

bool tt_local_sig_intact(int core)
{
    volatile uint32_t *sig = tt_sig_area();

    for (int i = 0; i < TT_SIG_WORDS; i++) {
        if (sig[i] != TT_SIG(core) + i) {
            return false;
        }
    }
    return true;
}

/* ------------------------------------------------------------------ */
/* BRISC control                                                      */
/* ------------------------------------------------------------------ */

void tt_set_reset_pcs(void)
{
#if defined(TT_ARCH_BH)
    TT_REG(TT_BH_TRISC0_RESET_PC + 0) = (uintptr_t)_start_trisc0;
    TT_REG(TT_BH_TRISC0_RESET_PC + 4) = (uintptr_t)_start_trisc1;
    TT_REG(TT_BH_TRISC0_RESET_PC + 8) = (uintptr_t)_start_trisc2;
    TT_REG(TT_BH_TRISC_RESET_PC_EN) = 7;
    TT_REG(TT_BH_NCRISC_RESET_PC) = (uintptr_t)_start_ncrisc;
    TT_REG(TT_BH_NCRISC_RESET_PC_EN) = 1;
#else
    TT_REG(TT_WH_TRISC0_RESET_PC + 0) = (uintptr_t)_start_trisc0;
    TT_REG(TT_WH_TRISC0_RESET_PC + 4) = (uintptr_t)_start_trisc1;
    TT_REG(TT_WH_TRISC0_RESET_PC + 8) = (uintptr_t)_start_trisc2;
    TT_REG(TT_WH_TRISC_RESET_PC_EN) = 7;
    TT_REG(TT_WH_NCRISC_RESET_PC) = (uintptr_t)_start_ncrisc;
    TT_REG(TT_WH_NCRISC_RESET_PC_EN) = 1;
#endif
}

uint64_t tt_clock(void)
{
    uint32_t lo = TT_REG(TT_WALL_CLOCK_L);
    uint32_t hi = TT_REG(TT_WALL_CLOCK_H);

    return ((uint64_t)hi << 32) | lo;
}

bool tt_wait_eq(volatile uint32_t *p, uint32_t v, uint32_t ms)
{
    uint64_t deadline = tt_deadline_ms(ms);

    while (*p != v) {
        if (tt_expired(deadline)) {
            return *p == v;
        }
    }
    return true;
}

int tt_failures;

void tt_check(bool ok, const char *what, uint32_t got, uint32_t want)
{
    if (!ok) {
        tt_printf("  FAIL: %s: got 0x%x, expected 0x%x\n", what, got, want);
        tt_failures++;
    }
}

bool tt_fifo_empty(int t)
{
    return TT_REG(TT_INSTRN_BUF_STATUS) & (1u << (4 + t));
}

bool tt_wait_fifo_empty(int t, uint32_t ms)
{
    uint64_t deadline = tt_deadline_ms(ms);

    while (!tt_fifo_empty(t)) {
        if (tt_expired(deadline)) {
            return false;
        }
    }
    return true;
}

void tt_run(int t, uint32_t insn)
{
    tt_push(t, insn);
    if (!tt_wait_fifo_empty(t, 2000)) {
        tt_printf("  FAIL: T%d did not retire 0x%08x\n", t, insn);
        tt_failures++;
    }
}
