/*
 * qemu-tensix test: a peek at an empty packer metadata FIFO waits
 * (TDMA-RISC.md: "will automatically wait" until the packer pushes).
 *
 * BRISC configures packer 0 (BF16 from Dst to L1 0x20000, no compression,
 * Enable_out_fifo) and releases TRISC0, then peeks at packer 0's empty
 * FIFO (TDMA-RISC +0x30).  TRISC0 waits a little, records that it is
 * about to pack and issues SETADC X 0..15 and PACR with Last: the push
 * of that tile ({LastTileSize 2, AllZeroFlags 0}, as tt-mover-test's
 * meta-fifo finds) lets BRISC's read return.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "tt.h"
#include "tt_regs.h"

#define CFG(i)              TT_REG(0xFFEF0000u + 4u * (i))
#define FIFO_STATUS         (TDMA + 0x038)
#define FIFO_TILE_SIZE(p)   (TDMA + 0x030 + 0x100 * (p))
#define FIFO_ZEROMASK(p)    (TDMA + 0x034 + 0x100 * (p))

#if defined(TT_ARCH_BH)
#define PK0                 68      /* THCON_SEC0_REG1 */
#define EDGE0               24      /* PCK_EDGE_OFFSET_SEC0 */
#else
#define PK0                 56
#define EDGE0               20
#endif
#define OUT0                0x20000u
#define BF16                5u

#define SETADC_PK_X(ch, v)  TT_INSN(0x50, (4u << 21) | ((ch) << 20) | (v))
#define PACR_LAST           TT_INSN(0x41, (1u << 8) | 1u)

static void trisc0(TTResult *r, uint32_t errors)
{
    tt_delay_ms(20);
    r->step = 1;                        /* about to pack */
    tt_push(0, SETADC_PK_X(0, 0));
    tt_push(0, SETADC_PK_X(1, 15));
    tt_push(0, PACR_LAST);
    tt_ttsync();
    tt_publish(r, errors);
}

void trisc_main(int t)
{
    static TTTriscFn *const fn[3] = { trisc0, NULL, NULL };

    tt_trisc_dispatch(t, fn);
}

void ncrisc_main(void)
{
    tt_common_only(TT_NCRISC);
}

int brisc_main(void)
{
    TTResult *r0 = &tt_results[TT_TRISC0];
    uint32_t size;

    tt_printf("pack_meta_wait (%s): peek of an empty packer metadata FIFO\n",
              TT_ARCH_NAME);
    tt_brisc_common_checks();
    CFG(1) = BF16 << 25;                /* ALU_FORMAT_SPEC_REG2_Dstacc */
    CFG(EDGE0) = 0xffff;
    CFG(PK0) = 0;
    CFG(PK0 + 1) = OUT0 >> 4;
    CFG(PK0 + 2) = 1 | (BF16 << 4) | (BF16 << 8) | (1u << 14) | (1u << 15);
    (void)CFG(PK0 + 2);
    TT_CHECK(TT_REG(FIFO_STATUS) & 3, 1);        /* packer 0 empty */

    tt_set_reset_pcs();
    tt_soft_reset(0);
    size = TT_REG(FIFO_TILE_SIZE(0));   /* waits for TRISC0's PACR */
    TT_CHECK(r0->step, 1);
    TT_CHECK(size, 2);
    TT_CHECK(TT_REG(FIFO_ZEROMASK(0)), 0);       /* pop */
    TT_CHECK(TT_REG(FIFO_STATUS) & 3, 1);        /* empty again */
    TT_CHECK(tt_wait_eq(&r0->magic, TT_RESULT_MAGIC, 5000), true);
    TT_CHECK(r0->errors, 0);
    return tt_summary("pack_meta_wait", tt_nfails + tt_failures, tt_nchecks);
}
