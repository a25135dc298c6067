/*
 * ttfw test kernel (BRISC): DRAM through the firmware's bank tables
 *
 * Runtime args (DM0): 0 DRAM bank, 1 offset in the bank, 2 word count n,
 * 3 report address, 4 local L1 buffer (4 n bytes).  Reads n words from
 * the bank (get_noc_addr_from_bank_id), writes them back incremented by
 * one right behind (offset + 4 n), and reports: 0x600D0000 | proc, the
 * sum of the words read, the bank's NoC XY entry for the kernel's NoC,
 * the bank's offset entry, the number of banks.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "ttfw_kernel.h"

static ttfw_noc_state noc;

void kernel_main(const ttfw_kargs *k)
{
    uint32_t bank = ttfw_arg(k, 0), off = ttfw_arg(k, 1);
    uint32_t n = ttfw_arg(k, 2), buf = ttfw_arg(k, 4);
    volatile uint32_t *r = &TTFW_L1_32(ttfw_arg(k, 3));   /* results */
    volatile uint32_t *v = &TTFW_L1_32(buf);    /* the CB page */
    uint32_t nc = k->noc_index, sum = 0;

    ttfw_noc_local_state_init(&noc, nc);
    ttfw_noc_async_read(&noc, nc, ttfw_get_dram_noc_addr(k, bank, off), buf,
                        4 * n);
    ttfw_noc_async_read_barrier(&noc, nc);
    for (uint32_t i = 0; i < n; i++) {
        sum += v[i];
        v[i] += 1;
    }
    ttfw_noc_async_write(&noc, nc, buf,
                         ttfw_get_dram_noc_addr(k, bank, off + 4 * n), 4 * n);
    ttfw_noc_async_write_barrier(&noc, nc);

    r[0] = 0x600D0000 | k->proc;
    r[1] = sum;
    r[2] = k->dram_bank_to_noc_xy[nc * k->num_dram_banks + bank];
    r[3] = (uint32_t)k->bank_to_dram_offset[bank];
    r[4] = k->num_dram_banks;
}
