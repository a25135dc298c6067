/*
 * qemu-tensix benchmark firmware: SFPMAD rate
 *
 * BRISC (entry at 0) releases TRISC1 (the math thread, reset PC 0xA000)
 * alone and waits (parked) on TRISC1's mailbox, then exits through
 * semihosting: status 0 if TRISC1 reports 1, else 1.
 *
 * TRISC1 loads LReg[0] = 1.5, LReg[1] = -0.75, LReg[2] = 3.0 (SFPLOADI,
 * BF16 immediates) in all 32 lanes (every lane is enabled after reset),
 * then programs template 1 (OuterCount 127, InnerCount 127, LoopOp1 set)
 * with SFPMAD LReg[3] = LReg[0] * LReg[1] + LReg[2] (Mod1 0) in every
 * slot: a MOP is 32639 SFPMADs.  It pushes COUNT MOPs (the word at L1
 * 0x20000) and waits with TTSync.  SFPMAD and SFPLOADI are encoded the
 * same on Wormhole B0 and Blackhole (assembly.yaml), so nothing depends
 * on the architecture.
 *
 * Then it checks the result in every lane: LReg[5] = LReg[3] * 1.0 -
 * 1.875 (LReg[10] is the fixed 1.0; LReg[5] first set to 1.0 so that an
 * SFPMAD without effect is seen), lane predication on (SFPENCC), LaneFlags
 * = LReg[5] != 0 (SFPSETCC): tt_cfg_qstatus.sfpu_cc (bit 11) must be 0,
 * no lane differs; then LaneFlags = LReg[5] == 0: sfpu_cc must be 1.  It
 * writes 1 to BRISC's mailbox if both hold, else 2.  SFPNOPs keep
 * Wormhole's rule that nothing reads an SFPMAD's result on the next cycle.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "semihost-exit.S.inc"

    .option norvc
    .option norelax

/* TT_SFPLOADI(VD, Mod0 0 (FLOATB: BF16), Imm16) */
#define SFPLOADI_BF16(vd, imm)  ((0x71 << 24) | ((vd) << 20) | (imm))
/* TT_SFPMAD(VA, VB, VC, VD, Mod1 0) */
#define SFPMAD(va, vb, vc, vd) \
    ((0x84 << 24) | ((va) << 16) | ((vb) << 12) | ((vc) << 8) | ((vd) << 4))
#define SFPNOP              (0x8f << 24)
/* TT_SFPENCC(Imm2 E, 0, 0, Mod1 EI): UseLaneFlags = 1, LaneFlags = 1 */
#define SFPENCC_ON          ((0x8a << 24) | (1 << 12) | 2)
/* TT_SFPSETCC(0, VC, 0, Mod1): LREG_NE0 2, LREG_EQ0 6 */
#define SFPSETCC(vc, mod1)  ((0x7b << 24) | ((vc) << 8) | (mod1))
#define BENCH_MAD           SFPMAD(0, 1, 2, 3)
#define MOP_T1              0x01800000  /* MOP(template 1, 0, 0) */
#define CSR_TT_QSTATUS      0xbc0       /* bit 11: sfpu_cc */
#define SOFT_RESET_0        0xFFB121B0
#define RELEASE_TRISC1      0x45000     /* all held but BRISC and TRISC1 */
#define MOP_CFG_BASE        0xFFB80000
#define INSTRN_BUF          0xFFE40000
#define PC_BUF              0xFFE80000  /* +4: CoprocessorDoneCheck */
#define MBOX_TO_BRISC       0xFFEC0000  /* TRISCi -> BRISC (write) */
#define MBOX_FROM_TRISC1    0xFFEC2000  /* TRISC1 -> BRISC (read) */

    .section .text
    .globl _start
_start:
    li      t0, SOFT_RESET_0
    li      t1, RELEASE_TRISC1
    sw      t1, 0(t0)
    li      t0, MBOX_FROM_TRISC1
    lw      t1, 0(t0)           /* parks until TRISC1 reports */
    li      t2, 1
    beq     t1, t2, 1f
    la      t0, exit_block      /* SEMIHOST_EXIT0's block: status 1 */
    sw      t2, 4(t0)
1:  SEMIHOST_EXIT0

    .org    0xa000
trisc1:
    li      t0, INSTRN_BUF
    li      t1, SFPLOADI_BF16(0, 0x3fc0)    /* 1.5 */
    sw      t1, 0(t0)
    li      t1, SFPLOADI_BF16(1, 0xbf40)    /* -0.75 */
    sw      t1, 0(t0)
    li      t1, SFPLOADI_BF16(2, 0x4040)    /* 3.0 */
    sw      t1, 0(t0)

    li      t0, MOP_CFG_BASE
    la      t1, mop_cfg
    li      t2, 9
2:  lw      t3, 0(t1)
    sw      t3, 0(t0)
    addi    t0, t0, 4
    addi    t1, t1, 4
    addi    t2, t2, -1
    bnez    t2, 2b

    li      t0, 0x20000
    lw      a0, 0(t0)           /* COUNT */
    li      t0, INSTRN_BUF
    li      t1, MOP_T1
    beqz    a0, 4f
3:  sw      t1, 0(t0)           /* push one MOP: 32639 SFPMADs */
    addi    a0, a0, -1
    bnez    a0, 3b
4:  jal     ra, ttsync

    /* The check (skipped when COUNT is 0: LReg[3] was never written) */
    li      t0, 0x20000
    lw      a0, 0(t0)
    li      a2, 1
    beqz    a0, 7f
    li      a2, 2
    li      t0, INSTRN_BUF
    la      t1, check_insns
    la      t2, check_end
5:  lw      t3, 0(t1)
    sw      t3, 0(t0)
    addi    t1, t1, 4
    bne     t1, t2, 5b
    jal     ra, ttsync
    csrr    t3, CSR_TT_QSTATUS
    srli    t3, t3, 11
    andi    t3, t3, 1
    bnez    t3, 7f              /* some lane's LReg[5] != 0 */
    li      t1, SFPENCC_ON
    sw      t1, 0(t0)
    li      t1, SFPSETCC(5, 6)
    sw      t1, 0(t0)
    jal     ra, ttsync
    csrr    t3, CSR_TT_QSTATUS
    srli    t3, t3, 11
    andi    t3, t3, 1
    beqz    t3, 7f              /* no lane's LReg[5] == 0 */
    li      a2, 1
7:  li      t0, MBOX_TO_BRISC
    sw      a2, 0(t0)
6:  j       6b

/* TTSync: wait until everything pushed has executed */
ttsync:
    li      t4, PC_BUF
    sw      zero, 4(t4)
    lw      t4, 4(t4)
    ret

    .section .data
    .balign 4
mop_cfg:
    .word   127                 /* OuterCount */
    .word   127                 /* InnerCount (doubled: LoopOp1 is set) */
    .word   BENCH_MAD, BENCH_MAD, BENCH_MAD, BENCH_MAD, BENCH_MAD
    .word   BENCH_MAD, BENCH_MAD
check_insns:
    .word   SFPNOP
    .word   SFPLOADI_BF16(5, 0x3f80)        /* 1.0 */
    .word   SFPLOADI_BF16(6, 0xbff0)        /* -1.875 */
    .word   SFPMAD(3, 10, 6, 5)
    .word   SFPNOP
    .word   SFPENCC_ON
    .word   SFPSETCC(5, 2)
check_end:
