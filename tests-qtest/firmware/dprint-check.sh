#!/bin/sh
# qemu-tensix: check the DPRINT server's output (tt_dprint.c)
#
# Usage: dprint-check.sh QEMU OUTDIR
#   QEMU    path to qemu-system-riscv32
#   OUTDIR  what build.sh built (OUTDIR/{bh,wh}/dprint_tokens.elf)
#
# Runs dprint_tokens on both machines with dprint=on (buffers at
# dprint-base=0x30000, outside the image), once printing to stdout and once
# to a file chardev, and compares each hart's lines with the text derived
# by hand in dprint_tokens.c.  Lines of different harts may interleave, so
# each hart's lines are compared separately.  Exits 1 on any failure.
#
# SPDX-License-Identifier: GPL-2.0-or-later
set -u
# shellcheck source=SCRIPTDIR/fw-lib.sh
. "$(dirname "$0")/fw-lib.sh"
fw_init "$@"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

P='0:(x=0,y=0)'
{
    echo "$P:BR: hello"
    echo "$P:BR: 42 -7 deadbeef ffff 65535"
    echo "$P:BR:     12|-3 4294967296"
    echo "$P:BR: 1.5 0.1 2.000 1.500 -2.5"
    echo "$P:BR: a"
    echo "$P:BR: b"
    echo "$P:BR: A10 1777777777777777777777"
    i=0
    while [ $i -lt 20 ]; do
        echo "$P:BR: line $i"
        i=$((i + 1))
    done
} >"$tmp/want.BR"
{
    echo "$P:NC: from nc"
    echo "$P:NC: 1.5 -2"
    echo "$P:NC: 1 -1.5"
    echo "$P:NC: 1 2 3"
    echo "$P:NC: Warning: MATH core does not support TileSlice printing, omitting print..."
    echo "$P:NC:    2   -1 "
    echo "$P:NC: 3 7 "
    echo "$P:NC: Unknown data format 99 "
    echo "$P:NC: 1.5 "
    echo "$P:NC: 0x10 0x10020 |11"
    echo "$P:NC: Unknown type 0"
    echo "$P:NC: 0xabc "
} >"$tmp/want.NC"
# Continuation lines of multi-row tile slices (one flush, one prefix)
cat >"$tmp/want.cont" <<'EOT'
0.25 3
4 <TileSlice data truncated due to exceeding max count (4)>
EOT
echo "$P:TR2: 5" >"$tmp/want.TR2"
: >"$tmp/want.TR0"      # disabled (wpos = DEBUG_PRINT_SERVER_DISABLED_MAGIC)
: >"$tmp/want.TR1"      # never written

for arch in bh wh; do
    machine=$(fw_machine $arch)
    for out in stdout chardev; do
        name="$machine dprint_tokens ($out)"
        opts="$machine,dprint=on,dprint-base=0x30000"
        chr=""
        if [ $out = chardev ]; then
            opts="$opts,dprint-chardev=dp"
            chr="-chardev file,id=dp,path=$tmp/chr"
        fi
        rm -f "$tmp/chr"
        # shellcheck disable=SC2086
        fw_run "$TIMEOUT" "$opts" "$OUT/$arch/dprint_tokens.elf" "$tmp/log" \
            $chr
        rc=$?
        if [ $out = chardev ]; then
            src=$tmp/chr
            # nothing of DPRINT on stdout then
            if grep -q "^$P:" "$tmp/log"; then
                echo "FAIL $name: DPRINT lines on stdout"
                failed=$((failed + 1))
                continue
            fi
        else
            src=$tmp/log
        fi
        ok=1
        if [ $rc -ne 0 ] || \
           ! grep -qx "dprint_tokens: all checks passed" "$tmp/log"; then
            ok=0
        fi
        grep -x -F -f "$tmp/want.cont" "$src" >"$tmp/got.cont" 2>/dev/null
        if ! cmp -s "$tmp/want.cont" "$tmp/got.cont"; then
            echo "  tile slice continuation lines differ:"
            diff "$tmp/want.cont" "$tmp/got.cont" | sed 's/^/    | /'
            ok=0
        fi
        for h in BR NC TR0 TR1 TR2; do
            grep -F "$P:$h: " "$src" >"$tmp/got.$h" 2>/dev/null
            if ! cmp -s "$tmp/want.$h" "$tmp/got.$h"; then
                echo "  $h lines differ:"
                diff "$tmp/want.$h" "$tmp/got.$h" | sed 's/^/    | /'
                ok=0
            fi
        done
        if [ $ok -eq 1 ]; then
            echo "PASS $name"
            passed=$((passed + 1))
        else
            echo "FAIL $name (exit status $rc)"
            sed 's/^/    | /' "$tmp/log"
            failed=$((failed + 1))
        fi
    done
done
fw_summary
