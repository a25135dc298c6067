/*
 * ttfw test kernel (NCRISC, data movement 1): NoC copy through L1
 *
 * Runtime args (DM1): 0-2 source x, y, address (NoC 0 coordinates),
 * 3-5 destination x, y, address, 6 byte count, 7 report address, 8 local
 * L1 scratch address.  Copies with a NoC read into the scratch area and a
 * NoC write out (both on the kernel's NoC: NoC 1 when BRISC uses NoC 0),
 * then adds 2 to semaphore 1 with a NoC atomic on this tile.
 * Report: 0x600D0000 | proc, x | y << 8 | noc << 16, a word of a
 * constant table (.rodata, which ttfw keeps in local RAM: on Wormhole this
 * kernel runs from NCRISC's IRAM, where loads cannot reach), kernel entry.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "ttfw_kernel.h"

static const uint32_t table[4] = { 0x7AB1E000, 0x7AB1E001, 0x7AB1E002,
                                   0x7AB1E003 };
static ttfw_noc_state noc;

void kernel_main(const ttfw_kargs *k)
{
    uint32_t len = ttfw_arg(k, 6), tmp = ttfw_arg(k, 8);
    volatile uint32_t *r = &TTFW_L1_32(ttfw_arg(k, 7));   /* results */
    uint32_t nc = k->noc_index;

    ttfw_noc_local_state_init(&noc, nc);
    ttfw_noc_async_read(&noc, nc,
                        ttfw_get_noc_addr(k, ttfw_arg(k, 0), ttfw_arg(k, 1),
                                          ttfw_arg(k, 2)), tmp, len);
    ttfw_noc_async_read_barrier(&noc, nc);
    ttfw_noc_async_write(&noc, nc, tmp,
                         ttfw_get_noc_addr(k, ttfw_arg(k, 3), ttfw_arg(k, 4),
                                           ttfw_arg(k, 5)), len);
    ttfw_noc_async_write_barrier(&noc, nc);
    ttfw_noc_atomic_inc(&noc, nc,
                        ttfw_get_local_noc_addr(k, ttfw_semaphore(k, 1)), 2);
    ttfw_noc_async_atomic_barrier(&noc, nc);

    r[0] = 0x600D0000 | k->proc;
    r[1] = k->my_x[0] | k->my_y[0] << 8 | nc << 16;
    r[2] = table[k->proc & 3];
    r[3] = k->kernel_entry;
}
