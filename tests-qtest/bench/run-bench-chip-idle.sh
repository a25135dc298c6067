#!/bin/sh
# qemu-tensix benchmark: host CPU used by a whole idle chip.
#
# Starts QEMU -M MACHINE,soc=full -display none -monitor none -nodefaults
# (running, not -S; no program, so every core stays in soft reset, as a
# chip waits for its host), lets it settle for a second, then reads the
# process's user + system CPU time (/proc/PID/stat utime + stime) at the
# start and at the end of a window of SECONDS (default 10) and reports the
# difference, in CPU seconds and in % of one host core.  A chip nobody
# has released should cost nothing.
#
# Usage: run-bench-chip-idle.sh QEMU [MACHINE...]
# Environment: BENCH_IDLE_SECONDS (10).
# The last lines are "BENCH KEY VALUE UNIT" (scripts/bench reads them).
#
# SPDX-License-Identifier: GPL-2.0-or-later
set -eu
QEMU=$1
shift
MACHINES=${*:-tt-blackhole tt-wormhole}
WINDOW=${BENCH_IDLE_SECONDS:-10}
HZ=$(getconf CLK_TCK)

# shellcheck source=SCRIPTDIR/bench-lib.sh
. "$(dirname "$0")/bench-lib.sh"

pid=""
trap '[ -z "$pid" ] || kill "$pid" 2>/dev/null || true' EXIT

# cpu_ticks PID -> utime + stime (fields 14 and 15, after the ")" that
# ends the command name)
cpu_ticks() {
    sed 's/.*) //' "/proc/$1/stat" | awk '{ print $12 + $13 }'
}

for m in $MACHINES; do
    "$QEMU" -M "$m,soc=full" -display none -monitor none -nodefaults &
    pid=$!
    sleep 1
    if ! kill -0 "$pid" 2>/dev/null; then
        echo "chip-idle: $QEMU -M $m,soc=full exited" >&2
        exit 1
    fi
    t0=$(cpu_ticks "$pid")
    sleep "$WINDOW"
    t1=$(cpu_ticks "$pid")
    kill "$pid"
    wait "$pid" 2>/dev/null || true
    pid=""
    cpu=$(awk "BEGIN { printf \"%.2f\", ($t1 - $t0) / $HZ }")
    pct=$(awk "BEGIN { printf \"%.1f\", 100 * ($t1 - $t0) / $HZ / $WINDOW }")
    printf '%-14s %-38s %8s CPU s in %s s (%s %% of a core)\n' "$m" \
        "soc=full, every core in reset" "$cpu" "$WINDOW" "$pct"
    bench_line "chip-idle.$m" "$pct" "%"
done
bench_finish
