/*
 * ttfw test kernel (BRISC, data movement 0): out[i] = in[i] * mul + add
 *
 * Runtime args (DM0): 0-2 source x, y, L1/DRAM address (NoC 0
 * coordinates), 3-5 destination x, y, address, 6 word count n, 7 mul,
 * 8 report address (this tile's L1).  Common args: 0 add.
 * CB 0 is the staging buffer (at least 4 n bytes).
 *
 * Reads the input over the kernel's NoC into CB 0, computes in place,
 * writes it to the destination, then increments semaphore 0 by 1 with a
 * NoC atomic on this tile.  Report (words): 0x600D0000 | proc,
 * x | y << 8 | noc << 16, kernel_config_base, kernel entry, CB 0 fifo
 * address, size, page size, number of pages, a .data word, a .bss word
 * after ++ (1: .bss is zeroed on every launch), common arg 0, semaphore 0
 * as found on entry.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "ttfw_kernel.h"

static volatile uint32_t data_tag = 0xDA7A0000;     /* .data */
static volatile uint32_t bss_count;                 /* .bss */
static ttfw_noc_state noc;

void kernel_main(const ttfw_kargs *k)
{
    uint32_t n = ttfw_arg(k, 6), mul = ttfw_arg(k, 7);
    uint32_t add = ttfw_common_arg(k, 0);
    volatile uint32_t *r = &TTFW_L1_32(ttfw_arg(k, 8));   /* results */
    const ttfw_cb *cb0 = &k->cb[0];
    uint32_t buf = cb0->fifo_wr_ptr;
    volatile uint32_t *v = &TTFW_L1_32(buf);    /* the CB page */
    uint32_t sem0 = *TTFW_SEM_ADDR(k, 0);
    uint32_t nc = k->noc_index;

    ttfw_noc_local_state_init(&noc, nc);
    ttfw_noc_async_read(&noc, nc,
                        ttfw_get_noc_addr(k, ttfw_arg(k, 0), ttfw_arg(k, 1),
                                          ttfw_arg(k, 2)), buf, 4 * n);
    ttfw_noc_async_read_barrier(&noc, nc);
    for (uint32_t i = 0; i < n; i++) {
        v[i] = v[i] * mul + add;
    }
    ttfw_noc_async_write(&noc, nc, buf,
                         ttfw_get_noc_addr(k, ttfw_arg(k, 3), ttfw_arg(k, 4),
                                           ttfw_arg(k, 5)), 4 * n);
    ttfw_noc_async_write_barrier(&noc, nc);
    ttfw_noc_atomic_inc(&noc, nc,
                        ttfw_get_local_noc_addr(k, ttfw_semaphore(k, 0)), 1);
    ttfw_noc_async_atomic_barrier(&noc, nc);

    bss_count++;
    r[0] = 0x600D0000 | k->proc;
    r[1] = k->my_x[0] | k->my_y[0] << 8 | nc << 16;
    r[2] = k->kernel_config_base;
    r[3] = k->kernel_entry;
    r[4] = cb0->fifo_limit - cb0->fifo_size;
    r[5] = cb0->fifo_size;
    r[6] = cb0->fifo_page_size;
    r[7] = cb0->fifo_num_pages;
    r[8] = data_tag | k->proc;
    r[9] = bss_count;
    r[10] = add;
    r[11] = sem0;
}
