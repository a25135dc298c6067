/*
 * Tensix coprocessor instruction set: decode helpers
 *
 * The tables themselves are generated into tt_isa_tables.c by
 * scripts/gen-isa-tables.py.  This file uses only the C library so that it
 * can also be built outside QEMU.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "tt_isa.h"
#include "tt_opcodes.h"

static const char *const tt_unit_names[TT_UNIT__MAX] = {
    [TT_UNIT_NONE] = "NONE",
    [TT_UNIT_SYNC] = "SYNC",
    [TT_UNIT_CFG] = "CFG",
    [TT_UNIT_MATH] = "MATH",
    [TT_UNIT_SFPU] = "SFPU",
    [TT_UNIT_PACK] = "PACK",
    [TT_UNIT_UNPACK] = "UNPACK",
    [TT_UNIT_TDMA] = "TDMA",
    [TT_UNIT_THCON] = "THCON",
    [TT_UNIT_XMOV] = "XMOV",
};

const char *tt_unit_name(TTUnit unit)
{
    if ((unsigned)unit >= TT_UNIT__MAX) {
        return "?";
    }
    return tt_unit_names[unit];
}

static uint32_t tt_field_value(const TTInsnField *f, uint32_t insn)
{
    if (f->width >= 32) {
        return insn >> f->start;
    }
    return (insn >> f->start) & ((1u << f->width) - 1);
}

/* Append to @buf at *@pos; once @buf is full, further output is dropped */
static void G_GNUC_PRINTF(4, 5)
tt_buf_append(char *buf, size_t len, size_t *pos, const char *fmt, ...)
{
    va_list ap;
    int n;

    if (*pos >= len) {
        return;
    }
    va_start(ap, fmt);
    n = vsnprintf(buf + *pos, len - *pos, fmt, ap);
    va_end(ap);
    if (n < 0) {
        return;
    }
    *pos += n;
}

/* Append @name with characters not valid in C identifiers replaced by '_' */
static void tt_buf_append_ident(char *buf, size_t len, size_t *pos,
                                const char *name)
{
    for (; *name; name++) {
        char c = *name;

        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
              (c >= '0' && c <= '9') || c == '_')) {
            c = '_';
        }
        tt_buf_append(buf, len, pos, "%c", c);
    }
}

void tt_insn_format(TTArchId arch, uint32_t insn, char *buf, size_t len)
{
    const TTInsnDesc *d = tt_isa_lookup(arch, insn);
    size_t pos = 0;
    int i;

    if (len == 0) {
        return;
    }
    buf[0] = '\0';
    if (!d) {
        tt_buf_append(buf, len, &pos, "UNDEF.0x%02x 0x%08x",
                      TT_INSN_OPCODE(insn), insn);
        return;
    }
    tt_buf_append(buf, len, &pos, "%s", d->name);
    for (i = 0; i < d->nfields; i++) {
        const TTInsnField *f = &d->fields[i];

        tt_buf_append(buf, len, &pos, " ");
        tt_buf_append_ident(buf, len, &pos, f->name);
        tt_buf_append(buf, len, &pos, "=0x%x", tt_field_value(f, insn));
    }
}

uint32_t tt_isa_qclass(TTArchId arch, uint32_t insn)
{
    const TTInsnDesc *d = tt_isa_lookup(arch, insn);

    switch (TT_INSN_OPCODE(insn)) {
    case TT_OP_REPLAY:
        return 1u << TT_QCLASS_REPLAY;
    case TT_OP_MOP:
        return 1u << TT_QCLASS_MOP;
    case TT_OP_MOP_CFG:
        return 0;
    }
    if (!d) {
        return 0;
    }
    switch (d->unit) {
    case TT_UNIT_THCON:
        return (1u << TT_QCLASS_THCON) | (1u << TT_QCLASS_MISC);
    case TT_UNIT_XMOV:
        return (1u << TT_QCLASS_MOVER) | (1u << TT_QCLASS_MISC);
    case TT_UNIT_UNPACK:
        return (1u << TT_QCLASS_UNPACK) | (1u << TT_QCLASS_MISC);
    case TT_UNIT_PACK:
        return (1u << TT_QCLASS_PACK) | (1u << TT_QCLASS_MISC);
    case TT_UNIT_CFG:
        return 1u << TT_QCLASS_CFG;
    case TT_UNIT_SYNC:
        return 1u << TT_QCLASS_SYNC;
    case TT_UNIT_TDMA:
        return 1u << TT_QCLASS_MISC;
    case TT_UNIT_SFPU:
        return 1u << TT_QCLASS_SFPU;
    case TT_UNIT_MATH:
        return 1u << TT_QCLASS_FPU;
    }
    return 0;
}
