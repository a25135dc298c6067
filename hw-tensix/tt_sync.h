/*
 * Tensix Sync Unit state: semaphores, mutexes and each thread's Wait Gate
 * latch (STALLWAIT / SEMWAIT / STREAMWAIT).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_TENSIX_TT_SYNC_H
#define HW_TENSIX_TT_SYNC_H

#include "tt_isa.h"
#include "tt_cfg_defs.h"

#define TT_NUM_SEMAPHORES   8
#define TT_SYNC_MUTEX_SLOTS 8       /* mutex index space 0..7 (Wormhole) */
#define TT_MUTEX_FREE       0       /* TTSyncState.mutex[]: else thread + 1 */

/*
 * The ThreadConfig fields STREAMWAIT reads (Blackhole) are
 * TT_BH_THD_STREAMWAIT_PHASE_HI_Val_*, TT_BH_THD_STREAMWAIT_NUM_MSGS_HI_Val_*
 * and TT_BH_THD_STREAM_ID_SYNC_SEC<i>_BankSel_* (tt_cfg_defs.h); the four
 * STREAM_ID_SYNC words are consecutive.
 */
QEMU_BUILD_BUG_ON(TT_BH_THD_STREAM_ID_SYNC_SEC3_BankSel_ADDR32 !=
                  TT_BH_THD_STREAM_ID_SYNC_SEC0_BankSel_ADDR32 + 3 ||
                  TT_BH_THD_STREAM_ID_SYNC_SEC3_BankSel_MASK !=
                  TT_BH_THD_STREAM_ID_SYNC_SEC0_BankSel_MASK);

typedef struct TTSemaphore {
    uint8_t value;              /* uint4_t Value */
    uint8_t max;                /* uint4_t Max */
} TTSemaphore;

/* WaitGate[t].LatchedWaitInstruction */
typedef struct TTWaitLatch {
    uint8_t opcode;             /* TT_OP_{STALL,SEM,STREAM}WAIT; 0: none */
    uint16_t cond_mask;
    uint16_t block_mask;
    uint8_t sem_mask;
    uint8_t stream_sel;         /* STREAMWAIT StreamSelect */
    uint32_t target;            /* STREAMWAIT TargetValue */
} TTWaitLatch;

typedef struct TTSyncState {
    TTSemaphore sem[TT_NUM_SEMAPHORES];
    TTWaitLatch wait[TT_NUM_THREADS];
    uint8_t mutex[TT_SYNC_MUTEX_SLOTS];     /* Mutex[i].HeldBy */
    /*
     * Log throttling only: bit t set once thread t's ATGETM/ATRELM with an
     * invalid index (an infinite wait) has been reported; hang_insn[t] is
     * that instruction.
     */
    uint8_t hang_logged;
    uint32_t hang_insn[TT_NUM_THREADS];
} TTSyncState;

/*
 * STALLWAIT wait conditions, independent of their bit number (which
 * differs between the architectures, see TTSyncArchInfo.stallwait_cond).
 */
enum {
    TT_WAITC_THCON_MEM,         /* ThCon memory requests of this thread */
    TT_WAITC_UNPACK0,           /* this thread's insn in Unpacker 0 */
    TT_WAITC_UNPACK1,
    TT_WAITC_PACK0,             /* Wormhole: per packer */
    TT_WAITC_PACK1,
    TT_WAITC_PACK2,
    TT_WAITC_PACK3,
    TT_WAITC_PACK,              /* Blackhole: the packer pipeline */
    TT_WAITC_FPU,               /* this thread's insn in the Matrix Unit */
    TT_WAITC_SRCA_UNPACK,       /* SrcA[Unpackers[0].SrcBank] not Unpackers' */
    TT_WAITC_SRCB_UNPACK,       /* SrcB[Unpackers[1].SrcBank] not Unpackers' */
    TT_WAITC_SRCA_MATH,         /* SrcA[MatrixUnit.SrcABank] not MatrixUnit's */
    TT_WAITC_SRCB_MATH,         /* SrcB[MatrixUnit.SrcBBank] not MatrixUnit's */
    TT_WAITC_MOVER,             /* mover memory requests outstanding */
    TT_WAITC_TRISC_REQ,         /* RISCV T core's requests not processed */
    TT_WAITC_SFPU,              /* this thread's insn in the Vector Unit */
    TT_WAITC_CFG,               /* any thread's insn in the Config Unit */
    TT_WAITC__MAX
};

/* Per-architecture facts of the Sync Unit, indexed by TTArchId */
typedef struct TTSyncArchInfo {
    uint8_t stallwait_bits;     /* width of STALLWAIT's ConditionMask */
    uint16_t default_cond;      /* ConditionMask 0 (and SEMWAIT cond 0) */
    uint8_t mutex_valid;        /* bit i: mutex index i exists */
    bool has_streamwait;
    const uint8_t *stallwait_cond;      /* TT_WAITC_* of condition bit i */
} TTSyncArchInfo;

extern const TTSyncArchInfo tt_sync_arch[TT_ARCH__MAX];



/*
 * Deadlock diagnostics: describe, in one line, why thread @t is held by
 * the Sync Unit (latched wait and its conditions with the semaphore
 * values, or ATGETM and the mutex's holder), or say that it is not.
 */
void tt_sync_describe_wait(TTCoproc *s, int t, char *buf,
                           size_t len);

/*
 * RISCV T0-T2 access to SemaphoreAccess[@i] (PC_BUF_BASE + 0x20 + 4 * i,
 * SyncUnit.md).  The write re-evaluates the latched waits and kicks the
 * coprocessor.  @core is for tracing only.
 */
uint32_t tt_sync_sem_mmio_read(TTCoproc *s, unsigned i);
void tt_sync_sem_mmio_write(TTCoproc *s, int core, unsigned i,
                            uint32_t val);

/*
 * The Wait Gate of thread @t lets anything through: no wait latched and no
 * hang logged (tt_sync_gate_blocks() would return false; inline, for the
 * execution loop)
 */
static inline bool tt_sync_gate_open(const TTSyncState *sy, int t)
{
    return !sy->wait[t].opcode && !(sy->hang_logged & (1u << t));
}

/* Wait Gate: does the latched STALLWAIT/SEMWAIT hold back @insn (@d)? */
bool tt_sync_gate_blocks(TTCoproc *s, int t, uint32_t insn,
                         const TTInsnDesc *d);
void tt_sync_reset(TTCoproc *s);
extern const VMStateDescription vmstate_tt_sync;

#endif
