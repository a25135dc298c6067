/*
 * qemu-tensix test: the replay expander and its composition with the MOP
 * expander (WormholeB0 TensixCoprocessor/REPLAY.md, MOPExpander.md;
 * tt_cfg_qstatus: BlackholeA0 BabyRISCV/CSRs.md).
 *
 * REPLAY(Index, Count, Exec, Load): Load records the next Count
 * instructions into ReplayBuffer[(Index + i) % 32] (and executes them too
 * if Exec); otherwise it emits ReplayBuffer[(Index + i) % 32] for i <
 * Count.  Count 0 means 32 (the upstream REPLAY.md; Count above 32 is
 * unsupported, and assembly.yaml says only log2(32) = 5 bits of it are
 * used).  As in frontend_mop.c, SEMPOST to one semaphore per recorded
 * instruction and SETDMAREG into distinct half-registers make the
 * recorded and replayed sequences visible.
 *
 * TRISC0 runs everything; BRISC pushes a REPLAY playback and a recording
 * into thread 0 (BRISC's pushes enter before the replay expander).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "tt.h"

#define TT_REPLAY(idx, len, exec, load) \
    TT_INSN(0x04, ((uint32_t)(idx) << 14) | ((uint32_t)(len) << 4) | \
            ((uint32_t)(exec) << 1) | (uint32_t)(load))
#define POST(s)             TT_SEMPOST(1u << (s))

/* tt_cfg_qstatus bits (CSRs.md) */
#define Q_REPLAY            (1u << 0)
#define Q_MOP               (1u << 1)
#define Q_THCON             (1u << 2)
#define Q_SYNC              (1u << 7)
#define Q_MISC              (1u << 8)
#define Q_OWN               0x7FFu

#define MSG_READY           0x4E0B0001u
#define MSG_PUSHED          0x4E0B0002u
#define MSG_DONE            0x4E0BD000u

static TTFailRec fail_log[TT_MAX_FAILS];
static volatile uint32_t fail_count;    /* read by BRISC */
static volatile uint32_t check_count;   /* read by BRISC */

/* Only TRISC0 records checks in this program */
static bool check_idx(const char *what, int idx, uint32_t got, uint32_t want)
{
    uint32_t n = fail_count;

    check_count++;
    if (got == want) {
        return true;
    }
    if (n < TT_MAX_FAILS) {
        fail_log[n].what = what;
        fail_log[n].idx = idx;
        fail_log[n].got = got;
        fail_log[n].want = want;
    }
    fail_count = n + 1;
    return false;
}

static bool check(const char *what, uint32_t got, uint32_t want)
{
    return check_idx(what, -1, got, want);
}

static uint32_t sem(int s)
{
    return TT_REG(TT_SEM(s));
}

static void check_sems(const char *what, const uint8_t want[8])
{
    for (int s = 0; s < TT_NUM_SEMAPHORES; s++) {
        check_idx(what, s, sem(s), want[s]);
    }
}

static void sems_init(void)
{
    tt_push(0, TT_SEMINIT(0xFF, 0, 15));
    tt_ttsync();
}

static uint32_t half(int h)
{
    return (TT_GPR(h / 2) >> (16 * (h & 1))) & 0xFFFF;
}

/*
 * The queue classes of tt_cfg_qstatus: without sfpu_cc (bits 11 and 24),
 * which says whether Vector Unit lanes are enabled (all are after reset)
 */
static uint32_t qstatus(void)
{
    return TT_CSR_READ(TT_CSR_QSTATUS) & ~(1u << 11 | 1u << 24);
}

/* ------------------------------------------------------------------ */
/* TRISC0                                                             */
/* ------------------------------------------------------------------ */

/*
 * Load without Exec into slots 30, 31 and 0 (wrapping): SEMPOST 0,
 * SEMPOST 1, SETDMAREG half 40 = 0x1111.  They are only recorded; the
 * fourth instruction (SEMPOST 2) executes.  Playback of 30 +3 executes
 * them; playback of slot 0 alone is the SETDMAREG; slot 31 alone is
 * SEMPOST 1; Index 62 is slot 62 % 32 = 30.
 */
static void r_record_wrap(void)
{
    static const uint8_t want_rec[8] = { 0, 0, 1, 0, 0, 0, 0, 0 };
    static const uint8_t want_play[8] = { 1, 1, 1, 0, 0, 0, 0, 0 };
    static const uint8_t want_end[8] = { 2, 3, 1, 0, 0, 0, 0, 0 };

    sems_init();
    tt_push(0, TT_SETDMAREG(40, 0));
    tt_push(0, TT_REPLAY(30, 3, 0, 1));
    tt_push(0, POST(0));
    tt_push(0, POST(1));
    tt_push(0, TT_SETDMAREG(40, 0x1111));
    tt_run_own(POST(2));
    check_sems("load: recorded, not executed", want_rec);
    check("load: SETDMAREG recorded, not executed", half(40), 0);

    tt_run_own(TT_REPLAY(30, 3, 0, 0));
    check_sems("playback 30 +3", want_play);
    check("playback 30 +3: SETDMAREG from slot 0", half(40), 0x1111);

    tt_push(0, TT_SETDMAREG(40, 0x0F0F));
    tt_run_own(TT_REPLAY(0, 1, 0, 0));
    check("playback slot 0 (recorded after slot 31)", half(40), 0x1111);
    tt_run_own(TT_REPLAY(31, 1, 0, 0));
    tt_run_own(TT_REPLAY(62, 2, 0, 0));
    check_sems("playback 31 +1, 62 (= 30) +2", want_end);
}

/*
 * Load with Exec: recorded and executed.  Exec without Load is a plain
 * playback (the next instruction is not recorded).
 */
static void r_load_exec(void)
{
    static const uint8_t want[8] = { 0, 0, 0, 4, 1, 0, 0, 0 };

    sems_init();
    tt_push(0, TT_SETDMAREG(41, 0));
    tt_push(0, TT_REPLAY(5, 2, 1, 1));
    tt_push(0, POST(3));
    tt_run_own(TT_SETDMAREG(41, 0x2222));
    check("load+exec: SEMPOST executed", sem(3), 1);
    check("load+exec: SETDMAREG executed", half(41), 0x2222);

    tt_push(0, TT_SETDMAREG(41, 0));
    tt_run_own(TT_REPLAY(5, 2, 0, 0));
    check("load+exec: playback SEMPOST", sem(3), 2);
    check("load+exec: playback SETDMAREG", half(41), 0x2222);

    tt_push(0, TT_REPLAY(5, 1, 1, 0));
    tt_run_own(POST(4));
    tt_run_own(TT_REPLAY(5, 1, 0, 0));
    check_sems("Exec without Load plays back", want);
}

/*
 * A MOP whose loop body is REPLAY(30, 3): 2 x 2, LoopOp1 NOP -> LoopOp,
 * Loop1Last, LoopOp, Loop0Last, all the same REPLAY: 4 playbacks of
 * SEMPOST 0, SEMPOST 1, SETDMAREG.  Template 0 with REPLAY payloads:
 * Mask 0x0005, Count1 3: iterations 0 and 2 emit SkipA0 = REPLAY(31, 1)
 * (SEMPOST 1), 1 and 3 emit InsnA0 = REPLAY(30, 2) (SEMPOST 0, 1).
 */
static void r_mop_replay(void)
{
    static const uint32_t cfg1[9] = {
        2, 2, TT_NOP, TT_NOP, TT_NOP, TT_REPLAY(30, 3, 0, 0), TT_NOP,
        TT_REPLAY(30, 3, 0, 0), TT_REPLAY(30, 3, 0, 0),
    };
    static const uint32_t cfg0[9] = {
        0, 0, TT_NOP, TT_REPLAY(30, 2, 0, 0), TT_NOP, TT_NOP, TT_NOP,
        TT_REPLAY(31, 1, 0, 0), TT_NOP,
    };
    static const uint8_t want1[8] = { 4, 4, 0, 0, 0, 0, 0, 0 };
    static const uint8_t want0[8] = { 2, 4, 0, 0, 0, 0, 0, 0 };

    sems_init();
    tt_push(0, TT_SETDMAREG(40, 0));
    tt_mop_program(cfg1);
    tt_run_own(TT_MOP(1, 0, 0));
    check_sems("template 1 body REPLAY(30, 3)", want1);
    check("template 1 body REPLAY: SETDMAREG", half(40), 0x1111);

    sems_init();
    tt_mop_program(cfg0);
    tt_push(0, TT_MOP_CFG(0));
    tt_run_own(TT_MOP(0, 3, 0x0005));
    check_sems("template 0 with REPLAY payloads", want0);
}

/*
 * A MOP that records part of its own expansion: StartOp = REPLAY(10, 2,
 * load), then LoopOp (SEMPOST 2) and Loop0Last (SEMPOST 3) are recorded
 * instead of executed, and EndOp0 = REPLAY(10, 2) plays them back once.
 */
static void r_mop_records(void)
{
    static const uint32_t cfg[9] = {
        1, 2, TT_REPLAY(10, 2, 0, 1), TT_REPLAY(10, 2, 0, 0), TT_NOP,
        POST(2), TT_NOP, POST(3), POST(7),
    };
    static const uint8_t want[8] = { 0, 0, 1, 1, 0, 0, 0, 0 };
    static const uint8_t want2[8] = { 0, 0, 2, 2, 0, 0, 0, 0 };

    sems_init();
    tt_mop_program(cfg);
    tt_run_own(TT_MOP(1, 0, 0));
    check_sems("MOP recording its own expansion", want);
    tt_run_own(TT_REPLAY(10, 2, 0, 0));
    check_sems("slots 10, 11 recorded from a MOP", want2);
}

/*
 * A MOP expansion emitting the MOP instruction word, recorded into slot
 * 21 by a REPLAY the same expansion emitted first.  Played back, that MOP
 * goes to the Wait Gate: the replay expander is after the MOP expander,
 * so it is not expanded (MopCfg now says SEMPOST 6).  The same MopCfg
 * with a MOP pushed by TRISC0 does post it.
 */
static void r_mop_in_replay(void)
{
    static const uint32_t cfg_rec[9] = {
        1, 1, TT_REPLAY(21, 1, 0, 1), TT_NOP, TT_NOP, TT_MOP(1, 0, 0),
        TT_NOP, TT_MOP(1, 0, 0), TT_MOP(1, 0, 0),
    };
    static const uint32_t cfg_body[9] = {
        1, 1, TT_NOP, TT_NOP, TT_NOP, POST(6), TT_NOP, POST(6), POST(6),
    };

    sems_init();
    tt_mop_program(cfg_rec);
    tt_run_own(TT_MOP(1, 0, 0));
    tt_mop_program(cfg_body);
    tt_run_own(TT_REPLAY(21, 1, 0, 0));
    check("MOP played back from the replay buffer is not expanded", sem(6),
          0);
    tt_run_own(TT_MOP(1, 0, 0));
    check("the same MopCfg from a pushed MOP", sem(6), 1);
}

/*
 * BRISC pushes into thread 0: REPLAY(30, 3) playback (SEMPOST 0, 1) and a
 * recording of SEMPOST 5 into slot 12, which TRISC0 then plays back.
 */
static void r_brisc(void)
{
    static const uint8_t want[8] = { 1, 1, 0, 0, 0, 0, 0, 0 };
    uint32_t reply;

    sems_init();
    TT_REG(TT_MBOX(TT_MBOX_B)) = MSG_READY;
    reply = TT_REG(TT_MBOX(TT_MBOX_B));
    check("BRISC reply", reply, MSG_PUSHED);
    tt_ttsync();
    check_sems("REPLAY pushed by BRISC", want);
    tt_run_own(TT_REPLAY(12, 1, 0, 0));
    check("slot 12 recorded from BRISC's pushes", sem(5), 1);
}

/*
 * Count 0 records 32 instructions: slots 0-9 SEMPOST 5, 10-30 SETDMAREG
 * half 42, 31 SEMPOST 6; the 33rd (SEMPOST 7) executes.  Playback with
 * Count 0 emits all 32.
 */
static void r_count0(void)
{
    static const uint8_t want_rec[8] = { 0, 0, 0, 0, 0, 0, 0, 1 };
    static const uint8_t want_play[8] = { 0, 0, 0, 0, 0, 10, 1, 1 };

    sems_init();
    tt_push(0, TT_SETDMAREG(42, 0));
    tt_push(0, TT_REPLAY(0, 0, 0, 1));
    for (int i = 0; i < 32; i++) {
        tt_push(0, i < 10 ? POST(5) : i < 31 ? TT_SETDMAREG(42, 0x3333)
                                            : POST(6));
    }
    tt_run_own(POST(7));
    check_sems("Count 0 records 32", want_rec);
    check("Count 0 records 32: SETDMAREG not executed", half(42), 0);
    tt_run_own(TT_REPLAY(0, 0, 0, 0));
    check_sems("Count 0 plays back 32", want_play);
    check("Count 0 plays back 32: SETDMAREG", half(42), 0x3333);
}

/* Count 33 (unsupported): 33 % 32 = 1 instruction recorded, into slot 20 */
static void r_count33(void)
{
    static const uint8_t want[8] = { 0, 0, 0, 0, 2, 0, 0, 0 };

    sems_init();
    tt_push(0, TT_REPLAY(20, 33, 0, 1));
    tt_push(0, POST(4));
    tt_run_own(POST(4));
    check("Count 33: one recorded, one executed", sem(4), 1);
    tt_run_own(TT_REPLAY(20, 1, 0, 0));
    check_sems("Count 33: slot 20 plays back", want);
}

/*
 * tt_cfg_qstatus while thread 0 is held at its Wait Gate (SEMWAIT while
 * sem 7 == 0, blocking everything): the SETDMAREG held there (ThCon and
 * Misc), a REPLAY with Load and without Exec (not counted), SEMPOST
 * (Sync), a REPLAY with Load and Exec (REPLAY), a MOP (MOP), MOP_CFG (not
 * counted).  No other thread has anything queued, so the or-reduced half
 * is the same.  Then a playback of 32 held at its first instruction:
 * REPLAY and Sync (slots 0-9 SEMPOST 5, 14 and 31 SEMPOST 6, 20 SEMPOST 4,
 * the others SETDMAREG).  Finally a REPLAY waiting for the instructions to
 * record is not in flight: TTSync returns.
 */
static void r_qstatus(void)
{
    static const uint32_t cfg[9] = {
        1, 1, TT_NOP, TT_NOP, TT_NOP, TT_SETDMAREG(51, 0x5151), TT_NOP,
        TT_SETDMAREG(51, 0x5151), TT_SETDMAREG(51, 0x5151),
    };
    static const struct {
        uint32_t insn;
        uint32_t q;
    } steps[] = {
        { TT_SEMWAIT(TT_BLOCK_ALL, 1u << 7, TT_SEMWAIT_ZERO), 0 },
        { TT_SETDMAREG(50, 0x5050), Q_THCON | Q_MISC },
        { TT_REPLAY(14, 1, 0, 1), Q_THCON | Q_MISC },
        { POST(6), Q_THCON | Q_MISC | Q_SYNC },
        { TT_REPLAY(14, 1, 1, 1), Q_THCON | Q_MISC | Q_SYNC | Q_REPLAY },
        { POST(6), Q_THCON | Q_MISC | Q_SYNC | Q_REPLAY },
        { TT_MOP(1, 0, 0), Q_THCON | Q_MISC | Q_SYNC | Q_REPLAY | Q_MOP },
        { TT_MOP_CFG(0), Q_THCON | Q_MISC | Q_SYNC | Q_REPLAY | Q_MOP },
    };
    static const uint8_t want_long[8] = { 0, 0, 0, 0, 1, 10, 2, 1 };
    uint32_t q;

    sems_init();
    tt_push(0, TT_SETDMAREG(50, 0));
    tt_push(0, TT_SETDMAREG(51, 0));
    tt_mop_program(cfg);
    tt_ttsync();
    q = qstatus();
    check("qstatus idle", q, 0);
    for (unsigned i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
        tt_push(0, steps[i].insn);
        q = qstatus();
        check_idx("qstatus own classes after push", i, q & Q_OWN,
                  steps[i].q);
        check_idx("qstatus or-reduced classes after push", i,
                  (q >> TT_Q_OTHERS_SHIFT) & Q_OWN, steps[i].q);
    }
    TT_REG(TT_SEM(7)) = 0;              /* open the gate */
    tt_ttsync();
    check("qstatus after the gate opened", qstatus() & Q_OWN, 0);
    check("GPR[25] after the gate opened", TT_GPR(25), 0x51515050);
    check("SEMPOST recorded with Exec executed once", sem(6), 1);
    tt_run_own(TT_REPLAY(14, 1, 0, 0));
    check("slot 14 holds the second SEMPOST", sem(6), 2);

    /* 32-instruction playback of r_count0's slots, held at the first */
    sems_init();
    tt_push(0, TT_SEMWAIT(TT_BLOCK_SYNC, 1u << 7, TT_SEMWAIT_ZERO));
    tt_push(0, TT_REPLAY(0, 0, 0, 0));
    q = qstatus();
    check("qstatus during a held playback", q & Q_OWN, Q_REPLAY | Q_SYNC);
    TT_REG(TT_SEM(7)) = 0;
    tt_ttsync();
    check("qstatus after the playback", qstatus() & Q_OWN, 0);
    check_sems("held playback of 32 (slot 20 from Count 33)", want_long);

    /* A REPLAY waiting for instructions to record does not hold TTSync */
    sems_init();
    tt_push(0, TT_REPLAY(16, 2, 0, 1));
    tt_push(0, POST(0));
    tt_ttsync();
    check("qstatus while a Load without Exec waits", qstatus() & Q_OWN, 0);
    tt_run_own(POST(1));
    check("recorded: SEMPOST 0", sem(0), 0);
    check("recorded: SEMPOST 1", sem(1), 0);
    tt_run_own(TT_REPLAY(16, 2, 0, 0));
    check("played back: SEMPOST 0", sem(0), 1);
    check("played back: SEMPOST 1", sem(1), 1);
}

static void trisc0(TTResult *r)
{
    r_record_wrap();
    r_load_exec();
    r_mop_replay();
    r_mop_records();
    r_mop_in_replay();
    r_brisc();
    r_count0();
    r_count33();
    r_qstatus();
    sems_init();
    r->magic = TT_RESULT_MAGIC;
    TT_REG(TT_MBOX(TT_MBOX_B)) = MSG_DONE;
}

void trisc_main(int t)
{
    TTResult *r = &tt_results[TT_TRISC0 + t];
    uint32_t errors = tt_common_checks(TT_TRISC0 + t, r);

    if (t == 0) {
        check("TRISC0 common checks", errors, 0);
        trisc0(r);
    } else {
        tt_publish(r, errors);
    }
}

void ncrisc_main(void)
{
    tt_common_only(TT_NCRISC);
}

/* ------------------------------------------------------------------ */
/* BRISC                                                              */
/* ------------------------------------------------------------------ */

static int brisc_failures;

static void bcheck(bool ok, const char *what, uint32_t got, uint32_t want)
{
    if (!ok) {
        tt_printf("  FAIL BRISC: %s: got 0x%x, expected 0x%x\n", what, got,
                  want);
        brisc_failures++;
    }
}

int brisc_main(void)
{
    uint32_t v = 0, errors;
    bool ok;

    tt_printf("frontend_replay (%s): replay expander\n", TT_ARCH_NAME);
    errors = tt_common_checks(TT_BRISC, &tt_results[TT_BRISC]);
    bcheck(errors == 0, "BRISC common checks", errors, 0);
    tt_set_reset_pcs();
    tt_soft_reset(0);

    ok = tt_mbox_recv(0, &v, 10000);
    bcheck(ok && v == MSG_READY, "TRISC0 ready", v, MSG_READY);
    tt_push(0, TT_REPLAY(30, 3, 0, 0));
    tt_push(0, TT_REPLAY(12, 1, 0, 1));
    tt_push(0, POST(5));
    TT_REG(TT_MBOX(TT_MBOX_T(0))) = MSG_PUSHED;
    ok = tt_mbox_recv(0, &v, 10000);
    bcheck(ok && v == MSG_DONE, "TRISC0 done", v, MSG_DONE);
    for (int c = TT_TRISC1; c <= TT_TRISC2; c++) {
        ok = tt_wait_eq(&tt_results[c].magic, TT_RESULT_MAGIC, 5000);
        bcheck(ok && tt_results[c].errors == 0, tt_core_name[c],
               tt_results[c].errors, 0);
    }

    for (uint32_t i = 0; i < fail_count && i < TT_MAX_FAILS; i++) {
        TTFailRec *f = &fail_log[i];

        if (f->idx >= 0) {
            tt_printf("  FAIL TRISC0: %s [%d]: got 0x%x, expected 0x%x\n",
                      f->what, f->idx, f->got, f->want);
        } else {
            tt_printf("  FAIL TRISC0: %s: got 0x%x, expected 0x%x\n",
                      f->what, f->got, f->want);
        }
    }
    if (fail_count || brisc_failures) {
        tt_printf("frontend_replay: FAILED (%u of %u checks, %d BRISC)\n",
                  fail_count, check_count, brisc_failures);
        return 1;
    }
    tt_printf("  %u checks\n", check_count);
    tt_printf("frontend_replay: all checks passed\n");
    return 0;
}
