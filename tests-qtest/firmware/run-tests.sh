#!/bin/sh
# qemu-tensix bare-metal test firmware: run every program on both machines
#
# Usage: run-tests.sh QEMU OUTDIR
#   QEMU    path to qemu-system-riscv32
#   OUTDIR  what build.sh built (OUTDIR/{bh,wh}/NAME.elf)
#
# A program passes when QEMU exits with status 0 (semihosting exit code)
# and its last line of output is the expected one.  Prints one line per
# program and machine, then "N passed, M failed"; exits 1 on any failure.
#
# FW_COMPARE_OPTS=",spin-park=off,tensix-fast-paths=off" (the test
# firmware-fast-paths-off):
# each program that passed runs again with those machine options (and
# the QEMU arguments FW_COMPARE_ARGS, split on blanks: there "-accel
# tcg,thread=single") and must print exactly the same output (results
# never depend on the fast paths, nor on how the cores share host
# threads).
#
# SPDX-License-Identifier: GPL-2.0-or-later
set -u
# shellcheck source=SCRIPTDIR/fw-lib.sh
. "$(dirname "$0")/fw-lib.sh"
fw_init "$@"

# Every program but the demo ends with "NAME: all checks passed"
expected_line() {
    case $1 in
    demo)       echo "qemu-tensix demo: all 5 cores passed" ;;
    *)          echo "$1: all checks passed" ;;
    esac
}
SRC=$(cd "$(dirname "$0")" && pwd)
PROGRAMS=${PROGRAMS:-$(cd "$SRC" && ls *.c | grep -v '^tt\.c$' | sed 's/\.c$//')}

log=$(mktemp)
log2=$(mktemp)
trap 'rm -f "$log" "$log2"' EXIT

for prog in $PROGRAMS; do
    for arch in bh wh; do
        machine=$(fw_machine $arch)
        elf=$OUT/$arch/$prog.elf
        name="$machine $prog"
        if [ ! -f "$elf" ]; then
            echo "FAIL $name: $elf missing"
            failed=$((failed + 1))
            continue
        fi
        fw_run "$TIMEOUT" "$machine" "$elf" "$log"
        rc=$?
        last=$(grep -v '^$' "$log" | tail -n 1)
        want=$(expected_line "$prog")
        if [ $rc -eq 0 ] && [ "$last" = "$want" ] &&
           [ -n "${FW_COMPARE_OPTS:-}" ]; then
            # shellcheck disable=SC2086
            FW_MACHINE_OPTS=$FW_COMPARE_OPTS \
                fw_run "$TIMEOUT" "$machine" "$elf" "$log2" \
                ${FW_COMPARE_ARGS:-}
            if [ $? -eq 0 ] && cmp -s "$log" "$log2"; then
                echo "PASS $name (the same with $FW_COMPARE_OPTS" \
                     "${FW_COMPARE_ARGS:-})"
                passed=$((passed + 1))
            else
                echo "FAIL $name: output differs with $FW_COMPARE_OPTS"
                diff "$log" "$log2" | sed 's/^/    | /'
                failed=$((failed + 1))
            fi
        elif [ $rc -eq 0 ] && [ "$last" = "$want" ]; then
            echo "PASS $name"
            passed=$((passed + 1))
        else
            if [ $rc -eq 124 ]; then
                why="timed out after ${TIMEOUT}s"
            else
                why="exit status $rc"
            fi
            echo "FAIL $name: $why"
            sed 's/^/    | /' "$log"
            failed=$((failed + 1))
        fi
    done
done

fw_summary
