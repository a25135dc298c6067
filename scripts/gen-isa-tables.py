#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Generate the Tensix coprocessor instruction decode tables of qemu-tensix
# from tt-llk's instruction tables, tt_llk_{wormhole_b0,blackhole}/
# instructions/assembly.yaml (Apache-2.0, Copyright Tenstorrent AI ULC):
#
#   hw-tensix/tt_opcodes.h      TT_OP_* opcode constants
#   hw-tensix/tt_isa_fields.h   every operand field as a registerfields.h
#                               FIELD(INSN, Field, start, width), read with
#                               FIELD_EX32(insn, INSN, Field); and the
#                               prototype of each instruction's function
#                               (tt_<insn>, one per instruction)
#   hw-tensix/tt_isa_tables.c   per architecture, opcode -> descriptor:
#                               name, unit, Wait Gate block bits, fields (for
#                               tracing) and the function that executes it
#
# Only facts are taken from the YAML: mnemonics, opcodes, execution units
# (ex_resource), operand field names and start bits.  A field's width runs
# to the next field's start bit (or bit 24); this is the width tt-llk's
# generated ckernel_ops.h gives each operand of its encoders, which
# --llk-ops checks field by field.  Where the two architectures place an
# instruction's fields differently, the FIELDs are WH_INSN and BH_INSN.
# The output is committed so that building qemu-tensix does not need the
# YAML; tests-qtest/check-isa-fields.py checks it against the YAML.
#
# Usage: scripts/gen-isa-tables.py [WORMHOLE_B0_YAML [BLACKHOLE_YAML]]
#                                  [--outdir DIR]
#                                  [--llk-ops WH_CKERNEL_OPS_H BH_CKERNEL_OPS_H]

import argparse
import os
import re
import sys

import yaml

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_WH = os.path.join(REPO_ROOT, "..", "shared", "isa", "wormhole_b0",
                          "assembly.yaml")
DEFAULT_BH = os.path.join(REPO_ROOT, "..", "shared", "isa", "blackhole",
                          "assembly.yaml")
DEFAULT_OUTDIR = os.path.join(REPO_ROOT, "hw-tensix")

# Expected number of instructions; a changed YAML must be looked at by a human
EXPECTED_COUNT = {"wormhole_b0": 128, "blackhole": 137}

# (YAML arch, TTArchId, short prefix), in tt_isa.h's TTArchId order
ARCHS = [("wormhole_b0", "TT_ARCH_WORMHOLE_B0", "wh"),
         ("blackhole", "TT_ARCH_BLACKHOLE", "bh")]

# ex_resource values, in tt_isa.h's TTUnit order
UNITS = ["NONE", "SYNC", "CFG", "MATH", "SFPU", "PACK", "UNPACK", "TDMA",
         "THCON", "XMOV"]

# Operand bits are 23:0, the opcode is 31:24
OPERAND_BITS = 24


def B(*bits):
    mask = 0
    for b in bits:
        mask |= 1 << b
    return mask


BLOCK_ALL = B(*range(9))

# Wait Gate block mask (STALLWAIT/SEMWAIT block bits B0..B8) of each
# instruction, following tt-isa-documentation's STALLWAIT block table:
#   B0 any of Miscellaneous unit (ADCs), Mover, Scalar Unit, Packers,
#      Unpackers
#   B1 Sync Unit, B2 Packers, B3 Unpackers, B4 Mover, B5 Scalar Unit (ThCon),
#   B6 Matrix Unit (FPU), B7 Configuration Unit, B8 Vector Unit (SFPU)
UNIT_BLOCK = {
    "THCON": B(0, 5),       # Scalar Unit
    "TDMA": B(0),           # Miscellaneous unit: SETADC*, INCADC*, ADDRCR*,
                            # SETDVALID
    "XMOV": B(0, 4),        # Mover
    "PACK": B(0, 2),        # Packers
    "UNPACK": B(0, 3),      # Unpackers
    "SYNC": B(1),           # Sync Unit
    "MATH": B(6),           # Matrix Unit (FPU)
    "CFG": B(7),            # Configuration Unit
    "SFPU": B(8),           # Vector Unit (SFPU)
    # NONE: every such instruction must have an entry in BLOCK_EXCEPTIONS
}

BLOCK_EXCEPTIONS = {
    # ex_resource TDMA, but executed by the Scalar Unit (ThCon)
    "DMANOP": B(0, 5),
    # ex_resource THCON, but only caught by B0
    "RSTDMA": B(0),
    # STALLWAIT waits for every block
    "STALLWAIT": BLOCK_ALL,
    # NOP is special-cased by the caller: blocked only if all bits are set
    "NOP": 0,
    # Expanded or consumed before the Wait Gate: never reach it
    "MOP": 0,
    "MOP_CFG": 0,
    "REPLAY": 0,
    # Blackhole, ex_resource NONE
    "RESOURCEDECL": 0,
}

# Per-architecture exceptions: BlackholeA0 STALLWAIT.md's block table
# catches SEMWAIT and STREAMWAIT with every bit (Wormhole: B1 only).
ARCH_BLOCK_EXCEPTIONS = {
    "blackhole": {
        "SEMWAIT": BLOCK_ALL,
        "STREAMWAIT": BLOCK_ALL,
    },
}


# Expanded by the frontend: they never reach an execution unit
EXPANDED = {"MOP", "MOP_CFG", "REPLAY"}


def fail(msg):
    sys.exit("gen-isa-tables: error: " + msg)


def c_ident(name):
    return re.sub(r"[^A-Za-z0-9_]", "_", name)


def block_expr(mask):
    if mask == BLOCK_ALL:
        return "TT_BLOCK_ALL"
    if mask == 0:
        return "0"
    return " | ".join("TT_BLOCK_B%d" % b for b in range(9) if mask & (1 << b))


def load_arch(path, arch):
    try:
        with open(path) as f:
            data = yaml.safe_load(f)
    except OSError as e:
        fail("%s: %s" % (path, e))
    if not isinstance(data, dict):
        fail("%s: expected a mapping of instructions" % path)

    insns = {}
    by_op = {}
    for name, v in data.items():
        where = "%s: %s" % (arch, name)
        if not isinstance(v, dict):
            fail(where + ": not a mapping")
        op = v.get("op_binary")
        if not isinstance(op, int) or not 0 <= op <= 0xff:
            fail(where + ": bad op_binary %r" % (op,))
        if op in by_op:
            fail(where + ": opcode 0x%02x also used by %s" % (op, by_op[op]))
        by_op[op] = name
        unit = v.get("ex_resource")
        if unit not in UNITS:
            fail(where + ": unknown ex_resource %r" % (unit,))

        # 'arguments: 0' and an empty 'arguments:' both mean no operands
        args = v.get("arguments") or []
        if not isinstance(args, list):
            fail(where + ": bad arguments %r" % (args,))
        fields = []
        names = set()
        for i, a in enumerate(args):
            fname = a.get("name")
            start = a.get("start_bit")
            if not isinstance(fname, str) or not fname:
                fail(where + ": argument %d has no name" % i)
            if '"' in fname or "\\" in fname:
                fail(where + ": field name %r needs escaping" % fname)
            if fname in names:
                fail(where + ": duplicate field name %r" % fname)
            names.add(fname)
            if not isinstance(start, int) or not 0 <= start < OPERAND_BITS:
                fail(where + ": field %s: bad start_bit %r" % (fname, start))
            fields.append((start, i, fname))

        # Sort by start bit (stable for aliases sharing a start bit); a
        # field extends to the next distinct start bit, the last to bit 23.
        # Aliases sharing a start bit get the same width.
        fields.sort()
        starts = sorted(set(s for s, _, _ in fields)) + [OPERAND_BITS]
        out = []
        for start, _, fname in fields:
            nxt = starts[starts.index(start) + 1]
            out.append((fname, start, nxt - start))

        if name in ARCH_BLOCK_EXCEPTIONS.get(arch, {}):
            block = ARCH_BLOCK_EXCEPTIONS[arch][name]
        elif name in BLOCK_EXCEPTIONS:
            block = BLOCK_EXCEPTIONS[name]
        elif unit in UNIT_BLOCK:
            block = UNIT_BLOCK[unit]
        else:
            fail(where + ": no Wait Gate block rule for unit %s" % unit)

        insns[name] = {"op": op, "unit": unit, "block": block,
                       "fields": tuple(out)}
    return insns


def check(tables):
    wh = tables["wormhole_b0"]
    bh = tables["blackhole"]
    counts = ", ".join("%s %d" % (a, len(tables[a])) for a, _, _ in ARCHS)
    print("gen-isa-tables: instructions: " + counts)

    missing = sorted(set(wh) - set(bh))
    if missing:
        fail("Wormhole instructions missing on Blackhole: " +
             ", ".join(missing))
    for name in sorted(set(wh) & set(bh)):
        if wh[name]["op"] != bh[name]["op"]:
            fail("%s: opcode 0x%02x on Wormhole, 0x%02x on Blackhole" %
                 (name, wh[name]["op"], bh[name]["op"]))
    for arch, _, _ in ARCHS:
        if len(tables[arch]) != EXPECTED_COUNT[arch]:
            fail("%s: %d instructions, expected %d" %
                 (arch, len(tables[arch]), EXPECTED_COUNT[arch]))
    idents = {}
    for name in set(wh) | set(bh):
        ident = c_ident(name).upper()
        if ident in idents:
            fail("%s and %s map to the same TT_OP_%s" %
                 (name, idents[ident], ident))
        idents[ident] = name


def check_llk_ops(tables, paths):
    """Check start bits and widths against tt-llk's ckernel_ops.h."""
    for (arch, _, _), path in zip(ARCHS, paths):
        try:
            with open(path) as f:
                text = f.read()
        except OSError as e:
            fail("%s: %s" % (path, e))
        text = " ".join(text.replace("\\\n", " ").split())
        widths = {}
        for m in re.finditer(r"#define TT_(\w+)_VALID\(([^)]*)\) \((.*?)\)"
                             r" #define", text):
            widths[m.group(1)] = dict(
                (a, int(w)) for a, w in
                re.findall(r"is_valid\((\w+), (\d+)\)", m.group(3)))
        shifts = {}
        for m in re.finditer(r"#define TT_OP_(\w+)\(([^)]*)\) TT_OP\( ?"
                             r"(0x[0-9a-fA-F]+), (.*?) #define", text):
            shifts[m.group(1)] = dict(
                (a, int(b)) for a, b in
                re.findall(r"\(\((\w+)\) << (\d+)\)", m.group(4)))
        checked = 0
        for name, d in tables[arch].items():
            ident = c_ident(name)
            if ident not in widths:
                continue        # no encoder with operands in ckernel_ops.h
            by_start = dict((s, w) for a, s in shifts.get(ident, {}).items()
                            for b, w in widths[ident].items() if a == b)
            for fname, start, width in d["fields"]:
                if by_start.get(start) != width:
                    fail("%s: %s.%s: bits %d+%d, ckernel_ops.h says %r" %
                         (arch, name, fname, start, width,
                          by_start.get(start)))
                checked += 1
        print("gen-isa-tables: %s: %d field widths agree with %s" %
              (arch, checked, path))


def exec_fn(name):
    return "tt_" + c_ident(name).lower()


HEADER = """\
/*
 * %s
 *
 * GENERATED FILE, DO NOT EDIT BY HAND.
 * Generated by scripts/gen-isa-tables.py from tt-llk's
 * tt_llk_{wormhole_b0,blackhole}/instructions/assembly.yaml
 * (Apache-2.0, Copyright Tenstorrent AI ULC); edit the script and re-run it.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
"""


def gen_opcodes(tables):
    wh = tables["wormhole_b0"]
    bh = tables["blackhole"]
    ops = {}
    for t in (wh, bh):
        for name, d in t.items():
            ops[name] = d["op"]
    lines = [HEADER % "Tensix coprocessor opcodes (instruction bits 31:24)"]
    lines.append("#ifndef HW_TENSIX_TT_OPCODES_H")
    lines.append("#define HW_TENSIX_TT_OPCODES_H")
    lines.append("")
    lines.append("/* Same opcode on Wormhole B0 and Blackhole unless "
                 "marked */")
    for name in sorted(ops, key=lambda n: (ops[n], n)):
        define = "#define TT_OP_%-16s 0x%02x" % (c_ident(name).upper(),
                                                 ops[name])
        if name not in wh:
            define += "  /* Blackhole only */"
        lines.append(define)
    lines.append("")
    lines.append("#endif /* HW_TENSIX_TT_OPCODES_H */")
    return "\n".join(lines) + "\n"


def field_variants(tables, name):
    """[(FIELD register prefix, fields)] of instruction @name."""
    present = [(a, p) for a, _, p in ARCHS if name in tables[a]]
    distinct = set(tables[a][name]["fields"] for a, _ in present)
    if len(distinct) == 1:
        return [("", tables[present[0][0]][name]["fields"])]
    return [(p.upper() + "_", tables[a][name]["fields"]) for a, p in present]


def gen_fields(tables):
    lines = [HEADER % ("Tensix coprocessor instruction fields and "
                       "instruction functions")]
    lines.append("#ifndef HW_TENSIX_TT_ISA_FIELDS_H")
    lines.append("#define HW_TENSIX_TT_ISA_FIELDS_H")
    lines.append("")
    lines.append('#include "hw/registerfields.h"')
    lines.append('#include "tt_isa.h"')
    lines.append("")
    lines.append("/*")
    lines.append(" * Operand fields: FIELD_EX32(insn, INSN, Field).  "
                 "Where Wormhole B0 and")
    lines.append(" * Blackhole differ, WH_INSN and BH_INSN.")
    lines.append(" */")
    ops = {}
    for a, _, _ in ARCHS:
        for name, d in tables[a].items():
            ops[name] = d["op"]
    for name in sorted(ops, key=lambda n: (ops[n], n)):
        for prefix, fields in field_variants(tables, name):
            if not fields:
                continue
            lines.append("")
            lines.append("/* %s%s (0x%02x) */" % (prefix, name, ops[name]))
            for fname, start, width in fields:
                lines.append("FIELD(%s%s, %s, %d, %d)" %
                             (prefix, c_ident(name), c_ident(fname), start,
                              width))
    lines.append("")
    lines.append("/*")
    lines.append(" * One function per instruction (MOP, MOP_CFG and REPLAY "
                 "are expanded by")
    lines.append(" * the frontend and have none)")
    lines.append(" */")
    for name in sorted(ops, key=lambda n: (ops[n], n)):
        if name not in EXPANDED:
            lines.append("TTExecFn %s;" % exec_fn(name))
    lines.append("")
    lines.append("#endif /* HW_TENSIX_TT_ISA_FIELDS_H */")
    return "\n".join(lines) + "\n"


def gen_tables(tables):
    lines = [HEADER % "Tensix coprocessor instruction decode tables"]
    lines.append('#include "qemu/osdep.h"')
    lines.append('#include "tt_isa.h"')
    lines.append('#include "tt_isa_fields.h"')
    lines.append("")

    # Field arrays: shared between architectures where identical
    arrays = {}     # (arch, name) -> array identifier
    names = sorted(set().union(*(tables[a] for a, _, _ in ARCHS)))
    for name in names:
        present = [(a, p) for a, _, p in ARCHS if name in tables[a]]
        variants = []
        for a, p in present:
            fields = tables[a][name]["fields"]
            if not fields:
                continue
            for v in variants:
                if v["fields"] == fields:
                    v["archs"].append((a, p))
                    break
            else:
                variants.append({"fields": fields, "archs": [(a, p)]})
        for v in variants:
            if len(v["archs"]) == len(ARCHS):
                ident = "tt_fields_%s" % c_ident(name)
            else:
                prefix = "_".join(p for _, p in v["archs"])
                ident = "tt_%s_fields_%s" % (prefix, c_ident(name))
            for a, _ in v["archs"]:
                arrays[(a, name)] = ident
            lines.append("static const TTInsnField %s[] = {" % ident)
            for fname, start, width in v["fields"]:
                lines.append('    { "%s", %d, %d },' % (fname, start, width))
            lines.append("};")
            lines.append("")

    lines.append("const TTInsnDesc tt_isa_table[TT_ARCH__MAX][256] = {")
    for arch, enum, _ in ARCHS:
        t = tables[arch]
        lines.append("    [%s] = {" % enum)
        for name in sorted(t, key=lambda n: t[n]["op"]):
            d = t[name]
            lines.append("        [0x%02x] = {" % d["op"])
            lines.append('            .name = "%s",' % name)
            lines.append("            .unit = TT_UNIT_%s," % d["unit"])
            lines.append("            .block = %s," % block_expr(d["block"]))
            if name not in EXPANDED:
                lines.append("            .exec = %s," % exec_fn(name))
            if d["fields"]:
                ident = arrays[(arch, name)]
                lines.append("            .nfields = ARRAY_SIZE(%s)," % ident)
                lines.append("            .fields = %s," % ident)
            lines.append("        },")
        lines.append("    },")
    lines.append("};")
    return "\n".join(lines) + "\n"


def write(path, text):
    with open(path, "w") as f:
        f.write(text)
    print("gen-isa-tables: wrote " + os.path.relpath(path))


def main():
    ap = argparse.ArgumentParser(
        description="Generate hw-tensix/tt_isa_tables.c and tt_opcodes.h "
                    "from tt-llk's assembly.yaml")
    ap.add_argument("wormhole_yaml", nargs="?", default=DEFAULT_WH,
                    help="tt-llk wormhole_b0 assembly.yaml")
    ap.add_argument("blackhole_yaml", nargs="?", default=DEFAULT_BH,
                    help="tt-llk blackhole assembly.yaml")
    ap.add_argument("--outdir", default=DEFAULT_OUTDIR,
                    help="output directory (default: hw-tensix)")
    ap.add_argument("--llk-ops", nargs=2, metavar=("WH_OPS_H", "BH_OPS_H"),
                    help="tt-llk's common/inc/ckernel_ops.h of each "
                         "architecture: check every field against them")
    args = ap.parse_args()

    tables = {
        "wormhole_b0": load_arch(args.wormhole_yaml, "wormhole_b0"),
        "blackhole": load_arch(args.blackhole_yaml, "blackhole"),
    }
    check(tables)
    if args.llk_ops:
        check_llk_ops(tables, args.llk_ops)
    write(os.path.join(args.outdir, "tt_isa_tables.c"), gen_tables(tables))
    write(os.path.join(args.outdir, "tt_opcodes.h"), gen_opcodes(tables))
    write(os.path.join(args.outdir, "tt_isa_fields.h"), gen_fields(tables))


if __name__ == "__main__":
    main()
