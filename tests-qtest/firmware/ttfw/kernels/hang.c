/*
 * ttfw test kernel: never returns.  The launcher must time out and say
 * which core is still running its kernel.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "ttfw_kernel.h"

void kernel_main(const ttfw_kargs *k)
{
    for (;;) {
        __asm__ volatile("" : : : "memory");
    }
}
