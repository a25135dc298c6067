/*
 * Tenstorrent Tensix coprocessor: services of the unit interface
 *
 * What tt_unit.h offers every unit besides the coprocessor state: L1
 * access and the log helpers.  Below the units; depends on nothing above.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "tt_log.h"
#include "tt_unit.h"

void tt_unimp_insn(TTCoproc *s, int t, uint32_t insn, const char *what)
{
    char buf[160];

    if (!qemu_loglevel_mask(LOG_UNIMP) && likely(!tt_strict)) {
        return;
    }
    tt_insn_format(s->arch->id, insn, buf, sizeof(buf));
    tt_log_mask(LOG_UNIMP, "tt-tensix: T%d: %s%s%s not modelled yet "
                "(insn 0x%08x); dropped\n", t, buf, what ? ": " : "",
                what ? what : "", insn);
}

uint8_t *tt_unit_l1(TTCoproc *s, uint32_t addr, uint32_t len)
{
    uint64_t size = memory_region_size(s->l1);

    if ((uint64_t)addr + len > size) {
        return NULL;
    }
    return (uint8_t *)memory_region_get_ram_ptr(s->l1) + addr;
}
