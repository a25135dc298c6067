/*
 * Tensix Sync Unit state: semaphores, mutexes and each thread's Wait Gate
 * latch (STALLWAIT / SEMWAIT).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_TENSIX_TT_SYNC_H
#define HW_TENSIX_TT_SYNC_H

#define TT_NUM_SEMAPHORES   8

typedef struct TTSemaphore {
    uint8_t value;
    uint8_t max;
} TTSemaphore;

/* The Wait Gate's latched STALLWAIT / SEMWAIT */
typedef struct TTWaitLatch {
    uint8_t opcode;             /* 0: nothing latched */
    uint16_t cond_mask;
    uint16_t block_mask;
    uint8_t sem_mask;
} TTWaitLatch;

typedef struct TTSyncState {
    TTSemaphore sem[TT_NUM_SEMAPHORES];
    TTWaitLatch wait[3];        /* per thread */
} TTSyncState;

#endif
