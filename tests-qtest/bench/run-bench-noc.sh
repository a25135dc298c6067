#!/bin/sh
# qemu-tensix benchmark: host time per 1 MiB NoC transfer.
#
# Runs bench-noc.elf on a 2x1 grid (-M MACHINE,grid-width=2): BRISC of
# tile (0,0) writes (or reads) 1 MiB to (from) tile (1,0)'s L1 COUNT
# times through NoC 0, in NOC_MAX_BURST_SIZE requests (16 KiB Blackhole,
# 8 KiB Wormhole) as tt-metal's noc_async_write / noc_async_read do, each
# 1 MiB followed by the write (acknowledgement) or read barrier; then it
# checks the data path once (a failed check fails the benchmark).  Two
# counts; host time per MiB from the difference, which cancels QEMU
# start-up, the check and exit; best of three.
#
# Usage: run-bench-noc.sh QEMU BENCH_NOC_ELF [MACHINE...]
# Environment: BENCH_NOC_N1, BENCH_NOC_N2 (the two counts, 10 and 1010),
# BENCH_RUNS (3).
# The last lines are "BENCH KEY VALUE UNIT" (scripts/bench reads them).
#
# SPDX-License-Identifier: GPL-2.0-or-later
set -eu
QEMU=$1
ELF=$2
shift 2
MACHINES=${*:-tt-blackhole tt-wormhole}
N1=${BENCH_NOC_N1:-10}
N2=${BENCH_NOC_N2:-1010}

# shellcheck source=SCRIPTDIR/bench-lib.sh
. "$(dirname "$0")/bench-lib.sh"

for mode in 0:write 1:read; do
    what=${mode#*:}
    mode=${mode%%:*}
    for m in $MACHINES; do
        bh=0
        [ "$m" = tt-blackhole ] && bh=1
        # words: COUNT, is Blackhole, mode, initiator (tile (0,0) only)
        d=$(bench_delta "$m,grid-width=2" "$N1" "$N2" "$bh" "$mode" 1)
        best=$((d / (N2 - N1)))
        printf '%-14s %-38s %5d.%d us/MiB (best of %d)\n' "$m" \
            "1 MiB NoC $what, tile (0,0) <-> (1,0)" "$((best / 1000))" \
            "$((best % 1000 / 100))" "$RUNS"
        bench_line "noc-1mib.$m.$what" \
            "$((best / 1000)).$((best % 1000 / 100))" us
    done
done
bench_finish
