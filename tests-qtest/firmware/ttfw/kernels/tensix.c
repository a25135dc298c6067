/*
 * ttfw test kernel (TRISC0/1/2, compute): one Tensix instruction
 *
 * Runtime args (COMPUTE, shared by the three TRISCs): 0 report address,
 * 1 value v.  TRISC n pushes two SETDMAREG into its own Tensix thread
 * (GPR 10 = v + n, low and high halves), waits until the thread is idle
 * (TTSync) and reads the GPR back through REGFILE.  Report at
 * report + 32 n: 0x600D0000 | proc, GPR 10, CB 0 read pointer (TRISC0,
 * unpacker side) / write pointer (TRISC2, packer side) in 16-byte units,
 * CB 0 size in 16-byte units (0 on TRISC1: math sets up no CBs), a .data
 * word.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "ttfw_kernel.h"

#define GPR 10
#define SETDMAREG(half, val) \
    ((0x45u << 24) | (((val) & 0xFFFFu) << 8) | ((half) & 0x7Fu))

static volatile uint32_t data_tag = 0xDA7A0000;     /* .data */

void kernel_main(const ttfw_kargs *k)
{
    uint32_t n = k->proc - TTFW_PROC_TRISC0;
    uint32_t v = ttfw_arg(k, 1) + n;
    volatile uint32_t *r = &TTFW_L1_32(ttfw_arg(k, 0) + 32 * n); /* out */
    const ttfw_cb *cb0 = &k->cb[0];

    TTFW_REG(TTFW_INSTRN_BUF(0)) = SETDMAREG(2 * GPR, v);
    TTFW_REG(TTFW_INSTRN_BUF(0)) = SETDMAREG(2 * GPR + 1, v >> 16);
    TTFW_REG(TTFW_TTSYNC) = 0;
    (void)TTFW_REG(TTFW_TTSYNC);

    r[0] = 0x600D0000 | k->proc;
    r[1] = TTFW_REG(TTFW_REGFILE + 4 * GPR);
    r[2] = n == 2 ? cb0->fifo_wr_ptr : cb0->fifo_rd_ptr;
    r[3] = cb0->fifo_size;
    r[4] = data_tag | k->proc;
}
