/*
 * Tensix Mover (XMOV) and TDMA-RISC state.
 *
 * TDMA-RISC (0xFFB11000) holds the mover's command queue and parameter
 * registers, a few packer / unpacker configuration fields, and the packer
 * sideband metadata (tile sizes, zero masks, metadata FIFOs) that packers
 * produce and RISC-V cores and ThCon (SETDMAREG special) consume.  That
 * metadata lives here; the packer and unpacker units feed it through the
 * functions declared at the end of this file.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_TENSIX_TT_MOVER_H
#define HW_TENSIX_TT_MOVER_H

#include "tt_isa.h"

#define TT_MOVER_QUEUE_DEPTH        4   /* TDMA-RISC command queue */
#define TT_MOVER_PARAM_CREDITS      2   /* ParameterCredits at reset */
#define TT_MOVER_NUM_BASES          4   /* MovCmdBase: B, T0, T1, T2 */
#define TT_NUM_PACKERS              4
#define TT_NUM_UNPACKERS            2
/*
 * Depth of each packer's metadata FIFO: not documented; chosen (see
 * docs/units/mover.md).
 */
#define TT_PACK_META_FIFO_DEPTH     8

/* Packer sideband metadata visible through TDMA-RISC and SETDMAREG */
typedef struct TTPackerMeta {
    uint32_t last_thread;               /* LastThread */
    uint32_t last_tile_size;            /* LastTileSize (16 bits) */
    uint32_t acc_tile_size[3];          /* AccTileSize[thread] (16 bits) */
    uint32_t all_zero_flags;            /* AllZeroFlags */
    uint32_t l1_dest_addr_offset;       /* set by ResetPackerAccTileSize */
    uint32_t fifo_tile_size[TT_PACK_META_FIFO_DEPTH];
    uint32_t fifo_zero_flags[TT_PACK_META_FIFO_DEPTH];
    uint32_t fifo_head;
    uint32_t fifo_count;
} TTPackerMeta;

typedef struct TTMoverState {
    /* Command queue and command processor (TDMA-RISC.md) */
    uint32_t cmd_params[4];             /* CmdParams[] */
    uint32_t mov_cmd_base[TT_MOVER_NUM_BASES];  /* MovCmdBase[] */
    uint32_t param_credits;             /* ParameterCredits */
    uint32_t q_cmd[TT_MOVER_QUEUE_DEPTH];
    uint32_t q_params[TT_MOVER_QUEUE_DEPTH][4];
    uint32_t q_base[TT_MOVER_QUEUE_DEPTH];  /* MovCmdBase index of enqueuer */
    uint32_t q_head;
    uint32_t q_count;

    /* PACR_SETREG / UNPACR_NOP configuration */
    uint32_t unpack_reg_addr;           /* last CLK_GATE_EN write, unmasked */
    uint32_t scaler2_raw;               /* Scaler2Raw (CLK_GATE_HYST) */
    uint32_t pack_reg_addr_raw;         /* PackRegAddrRaw */
    uint32_t set_reg_hi_scaler[4];      /* Packers.SetRegHiScaler[] */
    uint32_t unpacker_set_reg_acc[TT_NUM_UNPACKERS]; /* Unpackers[].SetRegAcc */

    /* Sideband metadata */
    TTPackerMeta packer[TT_NUM_PACKERS];
} TTMoverState;

/*
 * STALLWAIT mover condition (Wormhole C12, Blackhole C9) and TDMA-RISC
 * STATUS.mover_busy: the mover finishes every transfer in the instruction
 * or command that starts it in this model, so it is never busy and this
 * always returns false.
 */
bool tt_mover_busy(TTCoproc *s);

/*
 * SOFT_RESET_0 changed from @old to @val (1 = held).  Applies the
 * "upon entering / leaving soft reset" actions of SoftReset.md for the
 * mover (bit 6), TDMA-RISC (bit 8) and the packers' metadata (bits 2-5,
 * and bit 17 for all packers).  To be called by the tile on every write.
 */
void tt_mover_soft_reset(TTCoproc *s, uint32_t old, uint32_t val);

/*
 * ---- Packer metadata ----
 * The packers (tt_pack.c) write TTPackerMeta directly at the end of a
 * PACR with Last; the functions below are the consumers' view (ThCon
 * SETDMAREG special, TDMA-RISC).
 */
/* PackerTileSize(p, thread) */
uint32_t tt_mover_packer_tile_size(TTCoproc *s, int p,
                                   int thread);
/* Packers[p].AccTileSize[thread] */
uint32_t tt_mover_packer_acc_tile_size(TTCoproc *s, int p, int thread);
/* Packers[p].AllZeroFlags */
uint32_t tt_mover_packer_all_zero_flags(TTCoproc *s, int p);
/* Packers[p].ResetAccTileSize() (SETDMAREG InputSource 8) */
void tt_mover_packer_reset_acc(TTCoproc *s, int p);

/* ---- Unpacker side (UNPACR_NOP) ---- */

void tt_mover_reset(TTCoproc *s);
void tt_mover_realize(TTCoproc *s);
extern const VMStateDescription vmstate_tt_mover;

#endif
