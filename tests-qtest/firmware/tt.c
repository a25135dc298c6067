/*
 * qemu-tensix bare-metal test firmware: runtime shared by all programs
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdarg.h>
#include <stddef.h>
#include "tt.h"
#include "tt_regs.h"

#define SYS_WRITE0          0x04
#define SYS_EXIT_EXTENDED   0x20
#define ADP_Stopped_ApplicationExit 0x20026u

const char *const tt_core_name[TT_NUM_CORES] = {
    "BRISC", "NCRISC", "TRISC0", "TRISC1", "TRISC2",
};

TTResult tt_results[TT_NUM_CORES];
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
    static volatile uint32_t block[2];  /* read by the host */

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

volatile uint32_t tt_trap_cause;   /* written by tt_skip_trap */

__asm__(".section .text\n"
        ".balign 4\n"
        ".globl tt_skip_trap\n"
        "tt_skip_trap:\n"
        "    csrr t0, mcause\n"
        "    la t1, tt_trap_cause\n"
        "    sw t0, 0(t1)\n"
        "    csrr t0, mepc\n"
        "    addi t0, t0, 4\n"
        "    csrw mepc, t0\n"
        "    mret\n");

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

/* Word i of the local RAM signature area */
#define TT_SIG_WORD(i)      TT_WORD(TT_LOCAL_RAM, i)

uint32_t tt_common_checks(int core, TTResult *r)
{
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
        TT_SIG_WORD(i) = TT_SIG(core) + i;
    }
    if (!tt_local_sig_intact(core)) {
        errors |= TT_E_LOCAL_RAM;
    }
    return errors;
}

void tt_brisc_common_checks(void)
{
    TTResult *r = &tt_results[TT_BRISC];

    r->errors = tt_common_checks(TT_BRISC, r);
    tt_check(r->errors == 0, "BRISC common checks", r->errors, 0);
}

bool tt_local_sig_intact(int core)
{
    for (int i = 0; i < TT_SIG_WORDS; i++) {
        if (TT_SIG_WORD(i) != TT_SIG(core) + i) {
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
    const uint32_t t_pc = TT_BH_TRISC0_RESET_PC, t_en = TT_BH_TRISC_RESET_PC_EN;
    const uint32_t nc_pc = TT_BH_NCRISC_RESET_PC;
    const uint32_t nc_en = TT_BH_NCRISC_RESET_PC_EN;
#else
    const uint32_t t_pc = TT_WH_TRISC0_RESET_PC, t_en = TT_WH_TRISC_RESET_PC_EN;
    const uint32_t nc_pc = TT_WH_NCRISC_RESET_PC;
    const uint32_t nc_en = TT_WH_NCRISC_RESET_PC_EN;
#endif

    TT_REG(t_pc + 0) = (uintptr_t)_start_trisc0;
    TT_REG(t_pc + 4) = (uintptr_t)_start_trisc1;
    TT_REG(t_pc + 8) = (uintptr_t)_start_trisc2;
    TT_REG(t_en) = 7;
    TT_REG(nc_pc) = (uintptr_t)_start_ncrisc;
    TT_REG(nc_en) = 1;
}

uint64_t tt_clock(void)
{
    uint32_t lo = TT_REG(TT_WALL_CLOCK_L);
    uint32_t hi = TT_REG(TT_WALL_CLOCK_H);

    return ((uint64_t)hi << 32) | lo;
}

/* @p: memory another core or a device changes, hence volatile */
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

void tt_delay_ms(uint32_t ms)
{
    uint64_t deadline = tt_deadline_ms(ms);

    while (!tt_expired(deadline)) {
        /* spin */
    }
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

uint32_t tt_nchecks, tt_nfails;

void tt_check_at(const char *file, uint32_t line, uint32_t got,
                 uint32_t want)
{
    const char *name = file;

    for (const char *p = file; *p; p++) {
        if (*p == '/') {
            name = p + 1;
        }
    }
    tt_nchecks++;
    if (got != want) {
        tt_nfails++;
        tt_printf("  FAIL: %s:%u: got 0x%x, expected 0x%x\n", name, line,
                  got, want);
    }
}

/* Written by the checking core, read by BRISC */
static volatile struct {
    uint32_t checks, fails;
    uint32_t line[TT_MAX_FAILS], got[TT_MAX_FAILS], want[TT_MAX_FAILS];
} tt_core_log[TT_NUM_CORES];

void tt_core_check_at(int core, uint32_t line, uint32_t got, uint32_t want)
{
    uint32_t n = tt_core_log[core].fails;

    tt_core_log[core].checks++;
    if (got == want) {
        return;
    }
    if (n < TT_MAX_FAILS) {
        tt_core_log[core].line[n] = line;
        tt_core_log[core].got[n] = got;
        tt_core_log[core].want[n] = want;
    }
    tt_core_log[core].fails = n + 1;
}

void tt_core_report(void)
{
    for (int c = 0; c < TT_NUM_CORES; c++) {
        uint32_t n = tt_core_log[c].fails;

        for (uint32_t i = 0; i < n && i < TT_MAX_FAILS; i++) {
            tt_printf("  FAIL %s: line %u: got 0x%x, expected 0x%x\n",
                      tt_core_name[c], tt_core_log[c].line[i],
                      tt_core_log[c].got[i], tt_core_log[c].want[i]);
        }
        tt_nchecks += tt_core_log[c].checks;
        tt_nfails += n;
    }
}

void tt_run_others(void)
{
    tt_set_reset_pcs();
    tt_soft_reset(0);
    for (int c = TT_NCRISC; c < TT_NUM_CORES; c++) {
        TTResult *r = &tt_results[c];

        tt_check(tt_wait_eq(&r->magic, TT_RESULT_MAGIC, 5000) &&
                 r->errors == 0, tt_core_name[c], r->errors, 0);
    }
    tt_core_report();
}

int tt_summary(const char *prog, uint32_t fails, uint32_t checks)
{
    if (fails) {
        tt_printf("  %u of %u checks failed\n", fails, checks);
        return 1;
    }
    tt_printf("  %u checks\n", checks);
    tt_printf("%s: all checks passed\n", prog);
    return 0;
}

void tt_expect_gpr(int t, int g, uint32_t v, const char *what)
{
    bool ok = tt_wait_eq(&TT_GPR_OF(t, g), v, 1000);

    tt_check(ok, what, TT_GPR_OF(t, g), v);
}

void tt_expect_held(int t, int g, const char *what)
{
    tt_settle();
    tt_check(TT_GPR_OF(t, g) == 0, what, TT_GPR_OF(t, g), 0);
}

void tt_set_gpr(int t, unsigned r, uint32_t v)
{
    tt_run(t, TT_SETDMAREG(2 * r, v & 0xFFFF));
    tt_run(t, TT_SETDMAREG(2 * r + 1, v >> 16));
}

void tt_serve_brisc(bool (*serve)(uint32_t cmd, uint32_t *reply))
{
    for (;;) {
        uint32_t reply = 0;

        if (!serve(TT_REG(TT_MBOX(TT_MBOX_B)), &reply)) {
            return;
        }
        TT_REG(TT_MBOX(TT_MBOX_B)) = reply;
    }
}

bool tt_mbox_recv(int t, uint32_t *v, uint32_t ms)
{
    uint32_t mb = TT_MBOX(TT_MBOX_T(t));
    uint64_t deadline = tt_deadline_ms(ms);

    while (!TT_REG(mb + 4)) {
        if (tt_expired(deadline)) {
            return false;
        }
    }
    *v = TT_REG(mb);
    return true;
}

uint32_t tt_mbox_reply(int t, const char *what)
{
    uint32_t v;

    if (!tt_mbox_recv(t, &v, 2000)) {
        tt_check(false, what, 0, 1);
        return 0xDEAD;
    }
    return v;
}

void tt_tdma_xmov(uint32_t src16, uint32_t dst16, uint32_t size16,
                  uint32_t dir)
{
    TT_REG(XMOV_SRC) = src16;
    TT_REG(XMOV_DST) = dst16;
    TT_REG(XMOV_SIZE) = size16;
    TT_REG(XMOV_DIR) = dir;
    TT_REG(COMMAND) = CMD_MOVER;
}

uint32_t tt_wait_movers_done(void)
{
    uint32_t st;

    (void)TT_REG(STATUS);
    do {
        st = TT_REG(STATUS);
    } while ((st & (1u | 0x08u)) != 0x08u);
    return st;
}

void tt_common_only(int core)
{
    TTResult *r = &tt_results[core];

    tt_publish(r, tt_common_checks(core, r));
}

void tt_trisc_dispatch(int t, TTTriscFn *const fn[3])
{
    TTResult *r = &tt_results[TT_TRISC0 + t];
    uint32_t errors = tt_common_checks(TT_TRISC0 + t, r);

    if (fn[t]) {
        fn[t](r, errors);
    } else {
        tt_publish(r, errors);
    }
}

void tt_mop_program(const uint32_t cfg[9])
{
    TT_REG(TT_MOPSYNC) = 0;
    (void)TT_REG(TT_MOPSYNC);
    for (int i = 0; i < 9; i++) {
        TT_REG(TT_MOP_CFG_BASE + 4u * i) = cfg[i];
    }
}
