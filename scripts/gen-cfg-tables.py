#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Generate hw-tensix/tt_cfg_regs.c, the tables of Tensix backend
# configuration register fields of qemu-tensix (one per architecture), from
# tt-metal's cfg_defines.h (Apache-2.0, Copyright Tenstorrent Inc.):
#
#   tt_metal/hw/inc/wormhole/wormhole_b0_defines/cfg_defines.h
#   tt_metal/hw/inc/blackhole/cfg_defines.h
#
# (newer tt-metal trees have them under tt_metal/hw/inc/internal/tt-1xx/).
#
# Only facts are taken from the headers: for every field NAME, the
# NAME_ADDR32 (word index), NAME_SHAMT and NAME_MASK constants, whether the
# field belongs to the "// Registers for THREAD" section (ThreadConfig) or
# to one of the others (Config), CFG_STATE_SIZE, THD_STATE_SIZE and the
# *_CFGREG_BASE_ADDR32 section bases.  The headers are not part of
# qemu-tensix; the output is committed, so building does not need them.
#
# Usage: scripts/gen-cfg-tables.py WORMHOLE_B0_CFG_DEFINES_H
#                                  BLACKHOLE_CFG_DEFINES_H [-o OUTPUT]
#
# OUTPUT defaults to hw-tensix/tt_cfg_regs.c next to this script's
# repository.  The sha256 of each input header is recorded in the output.

import argparse
import hashlib
import os
import re
import sys

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_OUT = os.path.join(REPO_ROOT, "hw-tensix", "tt_cfg_regs.c")

# (argument name, TTArchId, short prefix), in tt_isa.h's TTArchId order
ARCHS = [("wormhole_b0", "TT_ARCH_WORMHOLE_B0", "wh"),
         ("blackhole", "TT_ARCH_BLACKHOLE", "bh")]

# Sections of cfg_defines.h, in order; THREAD is ThreadConfig
SECTIONS = ["THREAD", "ALU", "PACK0", "UNPACK0", "UNPACK1", "THCON", "GLOBAL"]

SECTION_RE = re.compile(r"^//\s*Registers for (\w+)\s*$")
DEFINE_RE = re.compile(r"^#define\s+(\w+?)_(ADDR32|SHAMT|MASK)\s+"
                       r"(0[xX][0-9a-fA-F]+|\d+)\s*$")
SIZE_RE = re.compile(r"^#define\s+(CFG_STATE_SIZE|THD_STATE_SIZE)\s+(\d+)\s*$")


def die(msg):
    sys.exit("gen-cfg-tables.py: " + msg)


def parse(path):
    """Return (sizes, bases, fields) of one cfg_defines.h.

    fields: list of (thread, addr32, shift, mask, name)."""
    with open(path, "rb") as f:
        raw = f.read()
    sha = hashlib.sha256(raw).hexdigest()
    section = None
    sizes = {}
    bases = {}
    consts = {}
    order = []
    for lineno, line in enumerate(raw.decode("utf-8").splitlines(), 1):
        m = SECTION_RE.match(line)
        if m:
            section = m.group(1)
            if section not in SECTIONS:
                die("%s:%d: unknown section %s" % (path, lineno, section))
            continue
        m = SIZE_RE.match(line)
        if m:
            sizes[m.group(1)] = int(m.group(2))
            continue
        m = DEFINE_RE.match(line)
        if not m:
            continue
        name, kind, value = m.group(1), m.group(2), int(m.group(3), 0)
        if name.endswith("_CFGREG_BASE") and kind == "ADDR32":
            bases[name[:-len("_CFGREG_BASE")]] = value
            continue
        if section is None:
            die("%s:%d: %s outside any section" % (path, lineno, name))
        key = (section == "THREAD", name)
        if key not in consts:
            consts[key] = {}
            order.append(key)
        consts[key][kind] = value

    for s in ("CFG_STATE_SIZE", "THD_STATE_SIZE"):
        if s not in sizes:
            die("%s: no %s" % (path, s))
    for s in SECTIONS:
        if s not in bases:
            die("%s: no %s_CFGREG_BASE_ADDR32" % (path, s))

    fields = []
    for thread, name in order:
        c = consts[(thread, name)]
        if set(c) != {"ADDR32", "SHAMT", "MASK"}:
            die("%s: %s lacks one of ADDR32/SHAMT/MASK" % (path, name))
        addr, shift, mask = c["ADDR32"], c["SHAMT"], c["MASK"]
        words = 1
        if shift == 0 and mask > 0xFFFFFFFF and mask & (mask + 1) == 0 and \
                mask.bit_length() % 32 == 0:
            # A field of several whole words (a 128-bit TileDescriptor)
            words = mask.bit_length() // 32
            mask = 0xFFFFFFFF
        if thread:
            limit = sizes["THD_STATE_SIZE"]
        else:
            limit = sizes["CFG_STATE_SIZE"] * 4
        field = mask >> shift
        if (not 0 <= addr <= limit - words or not 0 <= shift < 32 or
                mask == 0 or
                mask > 0xFFFFFFFF or field << shift != mask or
                field & (field + 1)):
            die("%s: %s: unexpected ADDR32 %d SHAMT %d MASK 0x%x"
                % (path, name, addr, shift, mask))
        if thread and (mask > 0xFFFF or words > 1):
            die("%s: %s: ThreadConfig field beyond 16 bits" % (path, name))
        fields.append((thread, addr, shift, mask, name, words))
    names = [f[4] for f in fields]
    if len(set(names)) != len(names):
        die("%s: duplicate field names" % path)
    fields.sort()
    return sha, sizes, bases, fields


def emit_arch(out, prefix, fields):
    out.append("static const TTCfgRegInfo tt_cfg_regs_%s[] = {" % prefix)
    for thread, addr, shift, mask, name, words in fields:
        if words > 1:
            macro = "CW"
            args = "%d, %d" % (addr, words)
        else:
            macro = "T" if thread else "C"
            args = "%d, %d, 0x%x" % (addr, shift, mask)
        line = '    %s("%s", %s),' % (macro, name, args)
        if len(line) <= 80:
            out.append(line)
        else:
            out.append('    %s("%s",' % (macro, name))
            out.append("      %s)," % args)
    out.append("};")
    out.append("")
    by_name = sorted(range(len(fields)), key=lambda i: fields[i][4])
    out.append("static const uint16_t tt_cfg_by_name_%s[] = {" % prefix)
    for i in range(0, len(by_name), 12):
        out.append("    " + ", ".join("%d" % k for k in by_name[i:i + 12]) +
                   ",")
    out.append("};")
    out.append("")


def main():
    ap = argparse.ArgumentParser(
        description="Generate hw-tensix/tt_cfg_regs.c from tt-metal's "
                    "cfg_defines.h (Wormhole B0 and Blackhole)")
    ap.add_argument("wormhole_b0", help="wormhole_b0_defines/cfg_defines.h")
    ap.add_argument("blackhole", help="blackhole/cfg_defines.h")
    ap.add_argument("-o", "--output", default=DEFAULT_OUT)
    args = ap.parse_args()

    parsed = {}
    for arch, _, _ in ARCHS:
        parsed[arch] = parse(getattr(args, arch))

    out = []
    out.append("""/*
 * Tensix backend configuration register fields, one table per architecture
 *
 * GENERATED FILE, DO NOT EDIT BY HAND.
 * Generated by scripts/gen-cfg-tables.py from tt-metal's cfg_defines.h
 * (Apache-2.0, Copyright Tenstorrent Inc.); edit the script and re-run it.
 * Inputs:""")
    for arch, _, _ in ARCHS:
        out.append(" *   %s, sha256" % arch)
        out.append(" *     %s" % parsed[arch][0])
    out.append(""" *
 * Each entry is a field NAME: word index NAME_ADDR32, shift NAME_SHAMT and
 * in-place mask NAME_MASK; C() for Config, T() for ThreadConfig, CW() for a
 * Config field of several whole words (NAME_MASK wider than 32 bits).
 * Sorted by (ThreadConfig, word, shift); tt_cfg_by_name_* index them by
 * name.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "tt_cfg.h"

#define C(n, a, s, m) { n, a, s, false, m, 1 }
#define T(n, a, s, m) { n, a, s, true, m, 1 }
#define CW(n, a, w) { n, a, 0, false, 0xffffffff, w }
""")
    for arch, _, prefix in ARCHS:
        emit_arch(out, prefix, parsed[arch][3])

    out.append("const TTCfgLayout tt_cfg_layouts[TT_ARCH__MAX] = {")
    for arch, archid, prefix in ARCHS:
        _, sizes, bases, _ = parsed[arch]
        out.append("    [%s] = {" % archid)
        out.append("        .cfg_state_size = %d," % sizes["CFG_STATE_SIZE"])
        out.append("        .thd_state_size = %d," % sizes["THD_STATE_SIZE"])
        for s in SECTIONS[1:]:
            out.append("        .%s_base = %d," % (s.lower(), bases[s]))
        out.append("        .nregs = ARRAY_SIZE(tt_cfg_regs_%s)," % prefix)
        out.append("        .regs = tt_cfg_regs_%s," % prefix)
        out.append("        .by_name = tt_cfg_by_name_%s," % prefix)
        out.append("    },")
    out.append("};")

    text = "\n".join(out) + "\n"
    with open(args.output, "w") as f:
        f.write(text)


if __name__ == "__main__":
    main()
