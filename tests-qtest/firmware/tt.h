/*
 * qemu-tensix bare-metal test firmware: shared definitions
 *
 * One ELF holds the code of all five baby RISC-V cores of a Tensix tile
 * (BRISC, NCRISC, TRISC0-2).  BRISC starts at the ELF entry (address 0);
 * it points the other cores' reset PCs at their entry stubs in start.S
 * and releases them from soft reset.
 *
 * Build with -DTT_ARCH_BH (tt-blackhole) or -DTT_ARCH_WH (tt-wormhole):
 * the reset PC override registers differ between the two.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef TT_FW_H
#define TT_FW_H

#include <stdint.h>
#include <stdbool.h>
#include <stddef.h>

#if defined(TT_ARCH_BH)
#define TT_ARCH_NAME        "blackhole"
#define TT_CLOCK_HZ         1350000000ull
#define TT_FIFO_ACCEPT_MAX  28      /* a push is accepted while count <= */
#elif defined(TT_ARCH_WH)
#define TT_ARCH_NAME        "wormhole"
#define TT_CLOCK_HZ         1000000000ull
#define TT_FIFO_ACCEPT_MAX  31
#else
#error "define TT_ARCH_BH or TT_ARCH_WH"
#endif

/* ------------------------------------------------------------------ */
/* Cores                                                              */
/* ------------------------------------------------------------------ */

enum {
    TT_BRISC,
    TT_NCRISC,
    TT_TRISC0,
    TT_TRISC1,
    TT_TRISC2,
    TT_NUM_CORES
};

extern const char *const tt_core_name[TT_NUM_CORES];

/* ------------------------------------------------------------------ */
/* Memory map (a core's local view)                                   */
/* ------------------------------------------------------------------ */

/* A word of memory or MMIO that something else may change: volatile */
#define TT_REG(a)           (*(volatile uint32_t *)(uintptr_t)(a))
#define TT_REG8(a)          (*(volatile uint8_t *)(uintptr_t)(a)) /* a byte */
#define TT_WORD(a, i)       TT_REG((a) + 4u * (i))  /* word i from a */

#define TT_L1_BASE          0x00000000u
#define TT_LOCAL_RAM        0xFFB00000u     /* private to each core */
#define TT_LOCAL_RAM_BT     0x1000u         /* B/NC size usable on both archs */
#define TT_LOCAL_RAM_T      0x0800u         /* TRISC size usable on both */

/* Tile control / debug registers */
/* INSTRN_BUF_STATUS bit t: FIFO t not full, bit 4 + t: FIFO t empty */
#define TT_INSTRN_BUF_STATUS 0xFFB120A8u
#define TT_SOFT_RESET_0     0xFFB121B0u
#define TT_RESET_BRISC      (1u << 11)
#define TT_RESET_TRISC0     (1u << 12)
#define TT_RESET_TRISC1     (1u << 13)
#define TT_RESET_TRISC2     (1u << 14)
#define TT_RESET_NCRISC     (1u << 18)
#define TT_RESET_ALL_BUT_B  0x47000u        /* value after machine reset */
#define TT_WALL_CLOCK_L     0xFFB121F0u     /* read latches the high word */
#define TT_WALL_CLOCK_H     0xFFB121F8u

/* Reset PC overrides */
#define TT_BH_TRISC0_RESET_PC       0xFFB12228u /* +4: T1, +8: T2 */
#define TT_BH_TRISC_RESET_PC_EN     0xFFB12234u /* bit i: TRISCi */
#define TT_BH_NCRISC_RESET_PC       0xFFB12238u
#define TT_BH_NCRISC_RESET_PC_EN    0xFFB1223Cu /* bit 0 */
#define TT_WH_TRISC0_RESET_PC       0xFFEF0278u /* TENSIX_CFG words */
#define TT_WH_TRISC_RESET_PC_EN     0xFFEF0284u
#define TT_WH_NCRISC_RESET_PC       0xFFEF0288u
#define TT_WH_NCRISC_RESET_PC_EN    0xFFEF028Cu

/* Default reset PCs (no override) */
#define TT_DEFAULT_PC_TRISC0 0x6000u
#define TT_DEFAULT_PC_TRISC1 0xA000u
#define TT_DEFAULT_PC_TRISC2 0xE000u
#define TT_DEFAULT_PC_NCRISC 0x12000u

/* Tensix coprocessor windows (BRISC and TRISCs only) */
#define TT_REGFILE          0xFFE00000u     /* GPRs; BRISC: + t * 256 */
#define TT_GPR(r)           TT_REG(TT_REGFILE + 4u * (r))   /* own thread */
#define TT_GPR_OF(t, r)     TT_REG(TT_REGFILE + 256u * (t) + 4u * (r))
#define TT_INSTRN_BUF(t)    (0xFFE40000u + 0x10000u * (t))  /* TRISC: t=0 */
#define TT_PC_BUF           0xFFE80000u
#define TT_TTSYNC           (TT_PC_BUF + 0x4)   /* CoprocessorDoneCheck */
#define TT_MOPSYNC          (TT_PC_BUF + 0x8)   /* MOPExpanderDoneCheck */
#define TT_SEM(s)           (TT_PC_BUF + 0x20 + 4u * (s))  /* TRISC only */
#define TT_NUM_SEMAPHORES   8
#define TT_NUM_GPRS         64

/* Mailboxes: k = 0 BRISC, 1..3 TRISC0..2 */
#define TT_MBOX_B           0
#define TT_MBOX_T(i)        (1 + (i))
#define TT_MBOX(k)          (0xFFEC0000u + 0x1000u * (k))
#define TT_MBOX_DEPTH       4

/* CSRs */
#define TT_CSR_CFG0         0x7C0
#define TT_CSR_QSTATUS      0xBC0
#define TT_CSR_BSTATUS      0xBC1
#define TT_CFG0_RESET       0x20000u

#define TT_CSR_READ(csr) ({                                             \
    uint32_t v_;                                                        \
    __asm__ volatile("csrr %0, %1" : "=r"(v_) : "i"(csr));              \
    v_; })

/* tt_cfg_qstatus classes */
#define TT_Q_THCON          (1u << 2)
#define TT_Q_SYNC           (1u << 7)
#define TT_Q_MISC           (1u << 8)
#define TT_Q_OTHERS_SHIFT   13

/* ------------------------------------------------------------------ */
/* Tensix instructions                                                */
/* ------------------------------------------------------------------ */

#define TT_INSN(op, fields) (((uint32_t)(op) << 24) | (uint32_t)(fields))

#define TT_NOP              TT_INSN(0x02, 0)
#define TT_STALLWAIT(block, cond) \
    TT_INSN(0xA2, (((block) & 0x1FFu) << 15) | ((cond) & 0x7FFFu))
#define TT_SEMINIT(mask, init, max) \
    TT_INSN(0xA3, (((max) & 0xFu) << 20) | (((init) & 0xFu) << 16) | \
            (((mask) & 0xFFu) << 2))
#define TT_SEMPOST(mask)    TT_INSN(0xA4, ((mask) & 0xFFu) << 2)
#define TT_SEMGET(mask)     TT_INSN(0xA5, ((mask) & 0xFFu) << 2)
#define TT_SEMWAIT(block, mask, cond) \
    TT_INSN(0xA6, (((block) & 0x1FFu) << 15) | (((mask) & 0xFFu) << 2) | \
            ((cond) & 3u))
/* SETDMAREG immediate: 16 bits into half-register h (GPR h/2, h&1: high) */
#define TT_SETDMAREG(h, val) \
    TT_INSN(0x45, (((val) & 0xFFFFu) << 8) | ((h) & 0x7Fu))

#define TT_MOP(tmpl, count1, lo) \
    TT_INSN(0x01, ((uint32_t)(tmpl) << 23) | ((uint32_t)(count1) << 16) | \
            (uint32_t)(lo))
#define TT_MOP_CFG(hi)      TT_INSN(0x03, (hi))

#define TT_SEMWAIT_ZERO     1u      /* wait while a sem's value == 0 */
#define TT_SEMWAIT_MAX      2u      /* wait while a sem's value >= max */
#define TT_BLOCK_SYNC       (1u << 1)
#define TT_BLOCK_MATH       (1u << 6)
#define TT_BLOCK_ALL        0x1FFu

/*
 * .ttinsn: the instruction word rotated left by 2, executed as a RISC-V
 * instruction by BRISC or a TRISC (same as a store to INSTRN_BUF 0).
 * @x must be a compile-time constant.
 */
#define TT_ROTL2(x) \
    ((((uint32_t)(x)) << 2) | (((uint32_t)(x)) >> 30))
#define TTI(x) \
    __asm__ volatile(".word %0" :: "i"(TT_ROTL2(x)) : "memory")

/* The address of @sym, a label of a top-level __asm__ block */
#define TT_ASM_ADDR(sym) ({                                             \
    uint32_t a_;                                                        \
    __asm__("la %0, " #sym : "=r"(a_));                                 \
    a_; })

/* Push by store (TRISC: own thread with t = 0; BRISC: thread t) */
static inline void tt_push(int t, uint32_t insn)
{
    TT_REG(TT_INSTRN_BUF(t)) = insn;
}

/* TRISC: wait until this core's Tensix thread has nothing in flight */
static inline void tt_ttsync(void)
{
    TT_REG(TT_TTSYNC) = 0;
    (void)TT_REG(TT_TTSYNC);
}

/* ------------------------------------------------------------------ */
/* Results shared in L1                                               */
/* ------------------------------------------------------------------ */

#define TT_RESULT_MAGIC     0x7E57D0E5u     /* "test done" */

/*
 * A core's record, written by that core and polled by BRISC while the
 * core runs: the type itself is volatile.
 */
typedef volatile struct TTResult {
    uint32_t magic;         /* TT_RESULT_MAGIC once the record is final */
    uint32_t errors;        /* bitmask of failed checks (TT_E_*) */
    uint32_t started;       /* 1 once the core ran its main */
    uint32_t mhartid;
    uint32_t cfg0;
    uint32_t local_sig;     /* signature written to its local RAM */
    uint32_t step;          /* progress marker (program-specific) */
    uint32_t data[9];       /* program-specific */
} TTResult;

extern TTResult tt_results[TT_NUM_CORES];

/* Error bits of the common checks */
#define TT_E_MHARTID        (1u << 0)
#define TT_E_CFG0           (1u << 1)
#define TT_E_LOCAL_RAM      (1u << 2)
#define TT_E_FIRST_PROGRAM  (1u << 8)   /* program-specific from here */

/* Local RAM signature area (below the stacks at the top of local RAM) */
#define TT_SIG_WORDS        64
#define TT_SIG(core)        (0x51600000u | ((uint32_t)(core) << 12))

/* mhartid, cfg0, local RAM write/read-back; fills @r, returns errors */
uint32_t tt_common_checks(int core, TTResult *r);
/* BRISC: the common checks into its record, a failed check if any fails */
void tt_brisc_common_checks(void);
/* Is the local RAM signature still intact? (other cores cannot touch it) */
bool tt_local_sig_intact(int core);

/* ------------------------------------------------------------------ */
/* Control (BRISC)                                                    */
/* ------------------------------------------------------------------ */

/* Entry stubs in start.S, and the PC each core really started at */
extern volatile uint32_t tt_entry_pc[TT_NUM_CORES];
void _start_ncrisc(void);
void _start_trisc0(void);
void _start_trisc1(void);
void _start_trisc2(void);

/* Point the four other cores' reset PCs at the entry stubs */
void tt_set_reset_pcs(void);
/* Write SOFT_RESET_0 (1 = held) */
static inline void tt_soft_reset(uint32_t held)
{
    TT_REG(TT_SOFT_RESET_0) = held;
}

/* Wall clock */
uint64_t tt_clock(void);
static inline uint64_t tt_deadline_ms(uint32_t ms)
{
    return tt_clock() + TT_CLOCK_HZ / 1000 * ms;
}
static inline bool tt_expired(uint64_t deadline)
{
    return tt_clock() >= deadline;
}
/* Spin until *p == v or timeout; returns true if it got there */
bool tt_wait_eq(volatile uint32_t *p, uint32_t v, uint32_t ms);
/* Spin for @ms */
void tt_delay_ms(uint32_t ms);
/* Give real hardware time to let anything not held go through (2 ms) */
static inline void tt_settle(void)
{
    tt_delay_ms(2);
}

/* ------------------------------------------------------------------ */
/* Semihosting output and exit                                        */
/* ------------------------------------------------------------------ */

uint32_t tt_semihost(uint32_t op, uintptr_t param);   /* start.S */
void tt_puts(const char *s);
/* %s %c %d %u %x with optional - or 0 flag and width; no floats */
void tt_printf(const char *fmt, ...);   /* uint32_t args: no format check */
__attribute__((noreturn)) void tt_exit(uint32_t code);

/* ------------------------------------------------------------------ */
/* Checks (BRISC)                                                     */
/* ------------------------------------------------------------------ */

/* INSTRN_BUF_STATUS bit 4 + t: Tensix thread t's FIFO is empty */
bool tt_fifo_empty(int t);
/* Wait up to @ms for thread t's FIFO to empty; false on timeout */
bool tt_wait_fifo_empty(int t, uint32_t ms);
/* Push @insn into thread t and wait (bounded) until it has retired */
void tt_run(int t, uint32_t insn);

/* Failed checks so far */
extern int tt_failures;
/* Count (and print) a failed check unless @ok */
void tt_check(bool ok, const char *what, uint32_t got, uint32_t want);
static inline void tt_check_eq(const char *what, uint32_t got, uint32_t want)
{
    tt_check(got == want, what, got, want);
}

/* Checks named by their line (TT_CHECK): how many, how many failed */
extern uint32_t tt_nchecks, tt_nfails;
void tt_check_at(const char *file, uint32_t line, uint32_t got,
                 uint32_t want);
#define TT_CHECK(got, want) tt_check_at(__FILE__, __LINE__, (got), (want))
/* "  N of M checks failed" (1) or "  M checks", "@prog: all ..." (0) */
int tt_summary(const char *prog, uint32_t fails, uint32_t checks);

/*
 * Checks by any core (TT_CORE_CHECK names them by line), logged in L1;
 * tt_core_report() (BRISC) prints the failures and adds them and the
 * checks to tt_nfails / tt_nchecks for tt_summary()
 */
void tt_core_check_at(int core, uint32_t line, uint32_t got, uint32_t want);
#define TT_CORE_CHECK(core, got, want) \
    tt_core_check_at((core), __LINE__, (got), (want))
void tt_core_report(void);
/*
 * BRISC: release NCRISC and the TRISCs at their entry stubs, wait (5 s
 * each) for their results, a failed check per core that did not publish
 * or published errors, then tt_core_report()
 */
void tt_run_others(void);

/*
 * Instructions that must trap (illegal): tt_skip_trap, a trap vector that
 * stores mcause in tt_trap_cause and steps over the (4-byte) instruction.
 * TT_SKIP_TRAP_ON / _OFF go around the instruction in inline assembly:
 * operand %1 is a scratch register for the old mtvec; t0 and t1 are
 * clobbered.
 * One tt_trap_cause serves every core: one core at a time.
 */
extern volatile uint32_t tt_trap_cause;
#define TT_MCAUSE_ILLEGAL   2
#define TT_SKIP_TRAP_ON     "la t0, tt_skip_trap\n"                         \
                            "csrrw %1, mtvec, t0\n"
#define TT_SKIP_TRAP_OFF    "csrw mtvec, %1\n"

/* Thread t's GPR g reaches v (within a second) */
void tt_expect_gpr(int t, int g, uint32_t v, const char *what);
/* Thread t's GPR g is still 0 after tt_settle(): its marker is held */
void tt_expect_held(int t, int g, const char *what);
/* GPR[r] of thread t = v, by two SETDMAREG (ScalarUnit.md advice) */
void tt_set_gpr(int t, unsigned r, uint32_t v);

/*
 * TRISC: serve BRISC's mailbox commands: @serve(cmd, &reply) returns false
 * on the last one (no reply), else the reply (0 unless set) goes back
 */
void tt_serve_brisc(bool (*serve)(uint32_t cmd, uint32_t *reply));
/* Pop a word from TRISC t's mailbox to BRISC; false after @ms without */
bool tt_mbox_recv(int t, uint32_t *v, uint32_t ms);
/* TRISC t's reply (within 2 s); 0xDEAD and a failed check @what if none */
uint32_t tt_mbox_reply(int t, const char *what);

/* ------------------------------------------------------------------ */
/* TDMA-RISC (BRISC; tt_regs.h has the registers)                     */
/* ------------------------------------------------------------------ */

/* tdma_xmov() of tt-metal's firmware API */
void tt_tdma_xmov(uint32_t src16, uint32_t dst16, uint32_t size16,
                  uint32_t dir);
/* wait_tdma_movers_done(): dummy read, then poll for idle + empty */
uint32_t tt_wait_movers_done(void);

/* ------------------------------------------------------------------ */
/* Results of the other cores                                         */
/* ------------------------------------------------------------------ */

/* Publish @r: @errors, then the magic that says it is final */
static inline void tt_publish(TTResult *r, uint32_t errors)
{
    r->errors = errors;
    r->magic = TT_RESULT_MAGIC;
}
/* A core with nothing to do but the common checks: run them, publish */
void tt_common_only(int core);
/* What a TRISC runs after its common checks; it publishes the result */
typedef void TTTriscFn(TTResult *r, uint32_t errors);
/* TRISC t: the common checks, then @fn[t] (where NULL: publish them) */
void tt_trisc_dispatch(int t, TTTriscFn *const fn[3]);

/* Failures a core logs in L1 for BRISC to print */
#define TT_MAX_FAILS        24
/* Written by the core that failed, read by BRISC: volatile */
typedef volatile struct TTFailRec {
    const char *what;
    int32_t idx;
    uint32_t got, want;
} TTFailRec;

/* TRISC: MOP expander templates (TTSync MOPExpanderDoneCheck first) */
#define TT_MOP_CFG_BASE     0xFFB80000u
void tt_mop_program(const uint32_t cfg[9]);
/* TRISC: push @insn into the own thread and wait until it has run */
static inline void tt_run_own(uint32_t insn)
{
    tt_push(0, insn);
    tt_ttsync();
}

/* ------------------------------------------------------------------ */
/* Per-program entry points                                           */
/* ------------------------------------------------------------------ */

int brisc_main(void);           /* return value: exit code */
void ncrisc_main(void);
void trisc_main(int thread);

#endif
