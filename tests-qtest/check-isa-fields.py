#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Check the generated decode tables of qemu-tensix against tt-llk's
# assembly.yaml, independently of scripts/gen-isa-tables.py:
#
#  - hw-tensix/tt_isa_fields.h: every operand field of every instruction of
#    both architectures is a FIELD(INSN, Field, start, width) whose start
#    bit is the YAML's start_bit and whose width runs to the next field's
#    start bit (or bit 24), under INSN, or WH_INSN / BH_INSN where the
#    architectures place the instruction's fields differently; no FIELD
#    that the YAML does not have;
#  - every instruction but MOP, MOP_CFG and REPLAY has its function
#    (tt_<insn>) declared there;
#  - hw-tensix/tt_isa_tables.c: each architecture's table lists every
#    opcode of its YAML with that name, that function and those fields,
#    and nothing else;
#  - hw-tensix/tt_opcodes.h: TT_OP_<INSN> is the YAML's opcode.
#
# Usage: check-isa-fields.py REPO_ROOT [ISA_DIR]
# Prints "isa-fields: N passed, M failed" last; exits 1 on any failure.

import os
import re
import sys

import yaml

ARCHS = (("wormhole_b0", "TT_ARCH_WORMHOLE_B0", "WH_"),
         ("blackhole", "TT_ARCH_BLACKHOLE", "BH_"))
EXPANDED = {"MOP", "MOP_CFG", "REPLAY"}

passed = 0
failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL: " + what)


def ident(name):
    return re.sub(r"[^A-Za-z0-9_]", "_", name)


def yaml_fields(v):
    args = v.get("arguments") or []
    starts = sorted(set(a["start_bit"] for a in args)) + [24]
    out = []
    for a in args:
        s = a["start_bit"]
        out.append((ident(a["name"]), s, starts[starts.index(s) + 1] - s))
    return sorted(out, key=lambda f: (f[1], f[0]))


def main():
    repo = sys.argv[1]
    isa = sys.argv[2] if len(sys.argv) > 2 else \
        os.path.join(repo, "..", "shared", "isa")
    hw = os.path.join(repo, "hw-tensix")
    with open(os.path.join(hw, "tt_isa_fields.h")) as f:
        fields_h = f.read()
    with open(os.path.join(hw, "tt_isa_tables.c")) as f:
        tables_c = f.read()
    with open(os.path.join(hw, "tt_opcodes.h")) as f:
        opcodes_h = f.read()

    fields = {}
    for reg, fname, start, width in re.findall(
            r"^FIELD\((\w+), (\w+), (\d+), (\d+)\)$", fields_h, re.M):
        fields.setdefault(reg, []).append((fname, int(start), int(width)))
    protos = set(re.findall(r"^TTExecFn (\w+);$", fields_h, re.M))
    opcodes = dict((n, int(v, 16)) for n, v in re.findall(
        r"^#define TT_OP_(\w+)\s+0x([0-9a-f]+)", opcodes_h, re.M))

    yamls = {}
    for arch, _, _ in ARCHS:
        with open(os.path.join(isa, arch, "assembly.yaml")) as f:
            yamls[arch] = yaml.safe_load(f)

    used = set()
    for arch, enum, prefix in ARCHS:
        y = yamls[arch]
        # this architecture's table: [0xNN] = { .name = "X", ... }
        body = tables_c.split("[%s] = {" % enum, 1)[1]
        body = body.split("\n    },\n", 1)[0]
        entries = dict((int(op, 16), rest) for op, rest in re.findall(
            r"\[0x([0-9a-f]{2})\] = \{(.*?)\n        \},", body, re.S))
        check(len(entries) == len(y),
              "%s: table has %d opcodes, YAML %d" %
              (arch, len(entries), len(y)))
        for name, v in y.items():
            op = v["op_binary"]
            want = yaml_fields(v)
            reg = ident(name)
            if reg not in fields and prefix + reg in fields:
                reg = prefix + reg
            got = sorted(fields.get(reg, []), key=lambda f: (f[1], f[0]))
            if want:
                used.add(reg)
            check(got == want, "%s: %s: FIELDs %r, YAML %r" %
                  (arch, name, got, want))
            check(opcodes.get(ident(name).upper()) == op,
                  "%s: TT_OP_%s is not 0x%02x" % (arch, name, op))
            e = entries.get(op, "")
            check('.name = "%s",' % name in e,
                  "%s: table entry 0x%02x is not %s" % (arch, op, name))
            fn = "tt_" + ident(name).lower()
            if name in EXPANDED:
                check(".exec" not in e, "%s: %s has a function" %
                      (arch, name))
            else:
                check(fn in protos and (".exec = %s," % fn) in e,
                      "%s: %s does not dispatch to %s" % (arch, name, fn))
            tfields = re.findall(r'\{ "([^"]+)", (\d+), (\d+) \}', e)
            if want:
                arr = re.search(r"\.fields = (\w+),", e)
                arr = arr and re.search(
                    r"static const TTInsnField %s\[\] = \{\n(.*?)\n\};" %
                    arr.group(1), tables_c, re.S)
                tfields = re.findall(r'\{ "([^"]+)", (\d+), (\d+) \}',
                                     arr.group(1)) if arr else []
            tf = sorted(((ident(n), int(s), int(w)) for n, s, w in tfields),
                        key=lambda f: (f[1], f[0]))
            check(tf == want, "%s: %s: table fields %r, YAML %r" %
                  (arch, name, tf, want))
    for reg in fields:
        check(reg in used, "FIELD register %s has no YAML instruction" % reg)

    print("isa-fields: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
