/*
 * qemu-tensix test: Wait Gate block masks, STALLWAIT conditions,
 * STREAMWAIT (Sync Unit)
 *
 * BRISC pushes every Tensix instruction (into T0, and into T1 to release
 * T0's gate); TRISC0 serves semaphore reads through PC_BUF.  Markers are
 * SETDMAREG immediates into T0's GPRs, read back through REGFILE.
 *
 * The gate is closed with SEMWAIT(mask, sem0, "wait while value == 0")
 * after SEMINIT sem0 = 0: the latched wait's block mask then decides which
 * instructions pass (STALLWAIT.md, "Block mask": the block table), and
 * since instructions leave the Wait Gate in order, nothing passes after
 * the first caught one.  T1's SEMPOST sem0 opens the gate.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "tt.h"

#define B(n)                (1u << (n))
#define MARK(g, v)          TT_SETDMAREG(2 * (g), (v))  /* GPR g low half */
#define ZEROACC0            TT_INSN(0x10, 0)                /* Matrix, B6 */
#define RDCFG(gpr, idx)     TT_INSN(0xB1, ((gpr) << 16) | (idx))  /* B7 */
#define SFPNOP              TT_INSN(0x8F, 0)                /* SFPU, B8 */
#define UNPACR_NOP_NOP      TT_INSN(0x43, 0x2)      /* WH: Unpacker, B0+B3 */
#define STREAMWAIT(block, lo, cond, sel) \
    TT_INSN(0xA7, ((block) << 15) | ((lo) << 4) | ((cond) << 3) | (sel))

#define SCRATCH_GPR         60      /* RDCFG destination, not checked */

/* Semaphore server commands (BRISC -> TRISC0 mailbox) */
#define CMD_READ            0x01000000u
#define CMD_DONE            0x0F000000u

/* ------------------------------------------------------------------ */
/* TRISC0: semaphore reads through PC_BUF for BRISC                   */
/* ------------------------------------------------------------------ */

static bool serve(uint32_t cmd, uint32_t *reply)
{
    if (cmd == CMD_DONE) {
        return false;
    }
    if ((cmd & 0xFF000000u) == CMD_READ) {
        *reply = TT_REG(TT_SEM(cmd & 7));
    }
    return true;
}

void trisc_main(int t)
{
    tt_common_only(TT_TRISC0 + t);
    tt_serve_brisc(serve);
}

void ncrisc_main(void)
{
}

/* ------------------------------------------------------------------ */
/* BRISC                                                              */
/* ------------------------------------------------------------------ */

static uint32_t sem_read(int i)
{
    TT_REG(TT_MBOX(TT_MBOX_T(0))) = CMD_READ | i;
    return tt_mbox_reply(0, "TRISC0 semaphore server reply");
}

/* T0's GPR g reaches v (eventually) */
static void expect_mark(int g, uint32_t v, const char *what)
{
    bool ok = tt_wait_eq(&TT_GPR_OF(0, g), v, 1000);

    tt_check(ok, what, TT_GPR_OF(0, g), v);
}

/* T0's GPR g is still v after settling (held instructions) */
static void expect_held(int g, uint32_t v, const char *what)
{
    tt_settle();
    tt_check(TT_GPR_OF(0, g) == v, what, TT_GPR_OF(0, g), v);
}

static void expect_sem(int i, uint32_t v, const char *what)
{
    uint32_t got;

    tt_settle();
    got = sem_read(i);
    tt_check(got == v, what, got, v);
}

/* Close T0's gate: sem0 = sem1 = 0 (max 1), SEMWAIT(mask) on sem0 */
static void close_gate(uint32_t mask)
{
    tt_push(0, TT_SEMINIT(B(0) | B(1), 0, 1));
    tt_push(0, TT_SEMWAIT(mask, B(0), TT_SEMWAIT_ZERO));
}

/* T1 posts sem0: T0's latched wait is satisfied and forgotten */
static void open_gate(void)
{
    tt_push(1, TT_SEMPOST(B(0)));
}

/*
 * A gate closed with block mask @mask: a Sync Unit instruction (SEMPOST
 * sem1) and a ThCon one (SETDMAREG into GPR g) are pushed in the order
 * given by @sync_first; @sync_held / @thcon_held say whether the mask
 * catches each (STALLWAIT.md block table: SEMPOST B1; SETDMAREG B0, B5).
 */
static void class_case(const char *name, uint32_t mask, bool sync_first,
                       bool sync_held, bool thcon_held, int g)
{
    /*
     * In order: once the first instruction is caught, the second one is
     * held behind it whatever its class.
     */
    bool s_held = sync_first ? sync_held : (thcon_held || sync_held);
    bool t_held = sync_first ? (sync_held || thcon_held) : thcon_held;
    uint32_t sem1;

    close_gate(mask);
    if (sync_first) {
        tt_push(0, TT_SEMPOST(B(1)));
        tt_push(0, MARK(g, 0x100 + g));
    } else {
        tt_push(0, MARK(g, 0x100 + g));
        tt_push(0, TT_SEMPOST(B(1)));
    }
    tt_settle();
    sem1 = sem_read(1);
    tt_printf("  %s: SEMPOST %s, SETDMAREG %s\n", name,
              s_held ? "held" : "passes", t_held ? "held" : "passes");
    tt_check(sem1 == (s_held ? 0u : 1u), name, sem1, s_held ? 0 : 1);
    tt_check(TT_GPR_OF(0, g) == (t_held ? 0u : 0x100u + g), name,
             TT_GPR_OF(0, g), t_held ? 0 : 0x100 + g);
    /* Gate open: both have executed (sem1 posted once: 0 -> 1) */
    open_gate();
    expect_mark(g, 0x100 + g, name);
    expect_sem(1, 1, name);
}

/*
 * A gate closed with @mask holds @insn (an instruction of the unit that
 * @mask's bit stands for): a SETDMAREG (not caught by @mask) before it
 * passes, the SETDMAREG after it waits in order.
 */
static void unit_case(const char *name, uint32_t mask, uint32_t insn, int g)
{
    close_gate(mask);
    tt_push(0, MARK(g, 0x200 + g));
    tt_push(0, insn);
    tt_push(0, MARK(g + 1, 0x200 + g + 1));
    expect_mark(g, 0x200 + g, name);
    expect_held(g + 1, 0, name);
    tt_printf("  %s: held\n", name);
    open_gate();
    expect_mark(g + 1, 0x200 + g + 1, name);
}

int brisc_main(void)
{
    uint32_t g = 1;

    tt_printf("sync_stallwait (%s): Wait Gate block masks, STALLWAIT, "
              "STREAMWAIT\n", TT_ARCH_NAME);
    tt_brisc_common_checks();
    tt_set_reset_pcs();
    tt_soft_reset(TT_RESET_NCRISC | TT_RESET_TRISC1 | TT_RESET_TRISC2);
    tt_check(tt_wait_eq(&tt_results[TT_TRISC0].magic, TT_RESULT_MAGIC, 5000),
             "TRISC0 started", 0, 1);

    /*
     * Block bits against SEMPOST (B1 only) and SETDMAREG (B0, B5).
     * B1: SEMPOST caught; SETDMAREG first passes.
     */
    class_case("B1, SETDMAREG then SEMPOST", B(1), false, true, false, g++);
    /* B1, SEMPOST first: caught, and the SETDMAREG after it waits */
    class_case("B1, SEMPOST then SETDMAREG", B(1), true, true, false, g++);
    /* B5 (ThCon): SEMPOST passes, SETDMAREG caught */
    class_case("B5, SEMPOST then SETDMAREG", B(5), true, false, true, g++);
    /* B0 (Misc, Mover, ThCon, Packers, Unpackers): SETDMAREG caught */
    class_case("B0, SEMPOST then SETDMAREG", B(0), true, false, true, g++);
    /* B2, B3, B4, B6, B7, B8 catch neither */
    class_case("B2", B(2), true, false, false, g++);
    class_case("B3", B(3), true, false, false, g++);
    class_case("B4", B(4), true, false, false, g++);
    class_case("B6", B(6), true, false, false, g++);
    class_case("B7", B(7), true, false, false, g++);
    class_case("B8", B(8), true, false, false, g++);
    /* BlockMask 0 means B6 (SEMWAIT.md): SEMPOST and SETDMAREG pass */
    class_case("mask 0 (= B6)", 0, true, false, false, g++);
    /* Several bits: caught if any bit catches (B1 | B5): both held */
    class_case("B1|B5", B(1) | B(5), false, true, true, g++);
    class_case("all bits", TT_BLOCK_ALL, true, true, true, g++);

    /* Instructions of the other units held by their bit */
    g = 20;
    unit_case("B6 holds ZEROACC (Matrix Unit)", B(6), ZEROACC0, g);
    g += 2;
    unit_case("mask 0 holds ZEROACC", 0, ZEROACC0, g);
    g += 2;
    unit_case("B7 holds RDCFG (Configuration Unit)", B(7),
              RDCFG(SCRATCH_GPR, 0), g);
    g += 2;
    unit_case("B8 holds SFPNOP (Vector Unit)", B(8), SFPNOP, g);
    g += 2;
    /* STALLWAIT is caught by every block bit */
    unit_case("B8 holds STALLWAIT", B(8), TT_STALLWAIT(B(1), 1), g);
    g += 2;
    unit_case("B2 holds STALLWAIT", B(2), TT_STALLWAIT(B(1), 1), g);
    g += 2;
#if defined(TT_ARCH_WH)
    /* UNPACR_NOP (Nop mode) is caught by B0 and B3 */
    unit_case("B3 holds UNPACR_NOP", B(3), UNPACR_NOP_NOP, g);
    g += 2;
#endif

    /*
     * A later SEMWAIT replaces the latched wait if the block mask lets it
     * through.  Wormhole: SEMWAIT is caught by B1 only, so with mask
     * 0x1FD (all but B1) the NOP (caught only if all bits are set) and the
     * second SEMWAIT pass; the new latch waits on sem2 = 1 (met), so the
     * marker passes while sem0 is still 0.  Blackhole: SEMWAIT is caught
     * by every bit, so the second SEMWAIT and the marker wait for sem0.
     */
    g = 40;
    tt_push(0, TT_SEMINIT(B(2), 1, 1));
    close_gate(TT_BLOCK_ALL & ~B(1));
    tt_push(0, TT_NOP);
    tt_push(0, TT_SEMWAIT(B(5), B(2), TT_SEMWAIT_ZERO));
    tt_push(0, MARK(g, 0x400));
#if defined(TT_ARCH_WH)
    expect_mark(g, 0x400, "WH: NOP and SEMWAIT pass mask 0x1FD, new latch");
    tt_printf("  WH: NOP and SEMWAIT pass mask 0x1FD; the new latch "
              "replaces the old one\n");
    open_gate();
#else
    expect_held(g, 0, "BH: SEMWAIT caught by mask 0x1FD");
    tt_printf("  BH: SEMWAIT caught by mask 0x1FD (every block bit)\n");
    open_gate();
    expect_mark(g, 0x400, "BH: SEMWAIT after the gate opens");
#endif
    /*
     * Blackhole only: SEMWAIT is caught by B5 alone; on Wormhole it
     * passes.  The first latch waits on sem0 = 0, the second on sem2 = 1.
     */
    g++;
    close_gate(B(5));
    tt_push(0, TT_SEMWAIT(B(5), B(2), TT_SEMWAIT_ZERO));
    tt_push(0, TT_SEMPOST(B(1)));
#if defined(TT_ARCH_WH)
    expect_sem(1, 1, "WH: SEMWAIT and SEMPOST pass B5");
    open_gate();
#else
    expect_sem(1, 0, "BH: SEMWAIT caught by B5");
    open_gate();
    expect_sem(1, 1, "BH: SEMPOST after the gate opens");
#endif

    /*
     * STALLWAIT conditions: every unit is idle and no request is in
     * flight, so each condition is met and a SETDMAREG after a STALLWAIT
     * blocking everything passes.  Not tested: the AllowedClient
     * conditions that wait for MatrixUnit (WH C10, C11; BH C7, C8), which
     * hold after reset (SrcA/SrcB AllowedClient = Unpackers).
     * ConditionMask 0 means 0x7F (WH) / 0x0F (BH): idle units as well.
     */
    g = 44;
    {
#if defined(TT_ARCH_WH)
        const uint32_t conds = 0x7FFF & ~(B(10) | B(11));
        const int nbits = 15;
#else
        const uint32_t conds = 0x1FFF & ~(B(7) | B(8));
        const int nbits = 13;
#endif
        int n = 0;

        for (int b = 0; b < nbits; b++) {
            if (conds & B(b)) {
                tt_push(0, TT_STALLWAIT(TT_BLOCK_ALL, B(b)));
                tt_push(0, MARK(g, 0x500 + b));
                expect_mark(g, 0x500 + b, "STALLWAIT condition met");
                n++;
            }
        }
        tt_push(0, TT_STALLWAIT(TT_BLOCK_ALL, 0));
        tt_push(0, MARK(g, 0x5FF));
        expect_mark(g, 0x5FF, "STALLWAIT default conditions met");
        tt_push(0, TT_STALLWAIT(TT_BLOCK_ALL, conds));
        tt_push(0, MARK(g, 0x5AA));
        expect_mark(g, 0x5AA, "STALLWAIT all conditions at once met");
        tt_printf("  STALLWAIT: %d condition bits, default and all at once "
                  "met on idle units\n", n);
    }
    /* SEMWAIT with condition 0 is a STALLWAIT with the default mask */
    tt_push(0, TT_SEMINIT(B(0), 0, 1));
    tt_push(0, TT_SEMWAIT(TT_BLOCK_ALL, B(0), 0));
    tt_push(0, MARK(g, 0x5BB));
    expect_mark(g, 0x5BB, "SEMWAIT condition 0: STALLWAIT, met");
    /* SEMWAIT selecting no semaphore: no condition can hold */
    tt_push(0, TT_SEMWAIT(TT_BLOCK_ALL, 0, TT_SEMWAIT_ZERO | TT_SEMWAIT_MAX));
    tt_push(0, MARK(g, 0x5CC));
    expect_mark(g, 0x5CC, "SEMWAIT on no semaphore met");

#if defined(TT_ARCH_BH)
    /*
     * STREAMWAIT: TargetValue = (ThreadConfig hi << 10) | TargetValueLo;
     * ThreadConfig is 0 after reset, so with TargetValueLo 0 the
     * condition "register < 0" never holds, whatever the stream.
     */
    g++;
    tt_push(0, STREAMWAIT(TT_BLOCK_ALL, 0, 0, 0));
    tt_push(0, MARK(g, 0x600));
    expect_mark(g, 0x600, "STREAMWAIT phase >= 0 met");
    tt_push(0, STREAMWAIT(B(5), 0, 1, 3));
    tt_push(0, MARK(g, 0x601));
    expect_mark(g, 0x601, "STREAMWAIT messages >= 0 met");
    /* A STREAMWAIT is itself caught by every block bit */
    unit_case("B4 holds STREAMWAIT", B(4), STREAMWAIT(B(5), 0, 0, 0), 50);
    tt_printf("  STREAMWAIT with target 0 met\n");

    /*
     * Stream 0 (STREAM_ID_SYNC_SEC0.BankSel = 0 after reset):
     * NUM_MSGS_RECEIVED is register 259 (0xFFB4040C), CURR_PHASE register
     * 29 (0xFFB40074).  C1 keeps waiting while the register < 3.
     */
    g++;
    TT_REG(0xFFB4040Cu) = 0;
    tt_push(0, STREAMWAIT(TT_BLOCK_ALL, 3, 1, 0));
    tt_push(0, MARK(g, 0x610));
    TT_REG(0xFFB4040Cu) = 2;
    expect_held(g, 0, "STREAMWAIT messages >= 3 held at 2");
    TT_REG(0xFFB4040Cu) = 3;
    expect_mark(g, 0x610, "STREAMWAIT messages >= 3 met at 3");
    /* C0 on the phase register, target 5 */
    TT_REG(0xFFB40074u) = 4;
    tt_push(0, STREAMWAIT(TT_BLOCK_ALL, 5, 0, 0));
    tt_push(0, MARK(g, 0x611));
    expect_held(g, 0x610, "STREAMWAIT phase >= 5 held at 4");
    TT_REG(0xFFB40074u) = 9;
    expect_mark(g, 0x611, "STREAMWAIT phase >= 5 met at 9");
    tt_printf("  STREAMWAIT waits on stream 0's registers\n");
#endif

    TT_REG(TT_MBOX(TT_MBOX_T(0))) = CMD_DONE;
    if (tt_failures) {
        tt_printf("sync_stallwait: FAILED (%d checks)\n", tt_failures);
        return 1;
    }
    tt_printf("sync_stallwait: all checks passed\n");
    return 0;
}
