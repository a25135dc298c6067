#!/bin/sh
# qemu-tensix benchmark: start-up time and peak resident memory of a whole
# chip (soc=full), before any core runs.
#
# Runs, per machine, best of three:
#   echo q | /usr/bin/time -f "%e %M" QEMU -M MACHINE,soc=full \
#       -display none -S -monitor stdio -nodefaults
# (time to the monitor's prompt and its "q", and the peak resident set,
# both from /usr/bin/time; the smallest of each).  Issue 12's target: 0.3
# s and 150 MB on either architecture.
#
# Usage: run-bench-soc-startup.sh QEMU [MACHINE...]
# Environment: BENCH_RUNS (3).
# The last lines are "BENCH KEY VALUE UNIT" (scripts/bench reads them).
#
# SPDX-License-Identifier: GPL-2.0-or-later
set -eu
QEMU=$1
shift
MACHINES=${*:-tt-blackhole tt-wormhole}

# shellcheck source=SCRIPTDIR/bench-lib.sh
. "$(dirname "$0")/bench-lib.sh"

if [ ! -x /usr/bin/time ]; then
    echo "soc-startup: /usr/bin/time is missing (Debian package time)" >&2
    exit 1
fi
out=$(mktemp)
trap 'rm -f "$out"' EXIT

for m in $MACHINES; do
    best_s=""
    best_kb=""
    for _ in $(seq "$RUNS"); do
        if ! echo q | /usr/bin/time -o "$out" -f "%e %M" "$QEMU" \
             -M "$m,soc=full" -display none -S -monitor stdio \
             -nodefaults >/dev/null; then
            echo "soc-startup: $QEMU -M $m,soc=full failed" >&2
            exit 1
        fi
        # shellcheck disable=SC2046
        set -- $(tail -n 1 "$out")
        if [ -z "$best_s" ] || awk "BEGIN { exit !($1 < $best_s) }"; then
            best_s=$1
        fi
        if [ -z "$best_kb" ] || [ "$2" -lt "$best_kb" ]; then
            best_kb=$2
        fi
    done
    mb=$(( (best_kb * 1024 + 500000) / 1000000 ))
    printf '%-14s %-38s %8.2f s %6d MB (best of %d)\n' "$m" \
        "soc=full start-up, peak resident" "$best_s" "$mb" "$RUNS"
    bench_line "soc-startup.$m.time" "$best_s" s
    bench_line "soc-startup.$m.rss" "$mb" MB
done
bench_finish
