#!/bin/sh
# qemu-tensix benchmark: MOP-expanded Tensix instructions per second.
#
# Runs bench-mop.elf (TRISC0 pushes COUNT template-1 MOPs of 32639
# SETDMAREG instructions each) for two counts and reports Tensix
# instructions retired per second of host time from the difference, which
# cancels QEMU start-up and exit.  The issue's target: 50 million or more.
#
# Usage: run-bench-mop.sh QEMU BENCH_MOP_ELF [MACHINE...]
# Environment: BENCH_MOP_N1, BENCH_MOP_N2 (100, 3100),
# BENCH_RUNS (3: best of three).
# The last lines are "BENCH KEY VALUE UNIT" (scripts/bench reads them).
#
# SPDX-License-Identifier: GPL-2.0-or-later
set -eu
QEMU=$1
ELF=$2
shift 2
MACHINES=${*:-tt-blackhole tt-wormhole}
N1=${BENCH_MOP_N1:-100}
N2=${BENCH_MOP_N2:-3100}
PER_MOP=32639

# shellcheck source=SCRIPTDIR/bench-lib.sh
. "$(dirname "$0")/bench-lib.sh"

for m in $MACHINES; do
    d=$(bench_delta "$m" "$N1" "$N2")
    us=$((d / 1000))
    [ "$us" -gt 0 ] || us=1
    best=$(( PER_MOP * (N2 - N1) * 1000000 / us ))
    printf '%-14s %-38s %8d M Tensix insns/s (best of %d)\n' "$m" \
        "MOP-expanded SETDMAREG, TRISC0" $((best / 1000000)) "$RUNS"
    bench_line "tensix-mop-rate.$m" $((best / 1000000)) M/s
done
bench_finish
