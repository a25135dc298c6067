#!/bin/sh
# qemu-tensix benchmark: host time per MVMUL.
#
# Runs bench-mvmul.elf (TRISC0 fills SrcA/SrcB with BF16 data once, hands
# the banks to the matrix unit, then pushes COUNT template-1 MOPs of 32639
# MVMULs each) for a short and a long count and reports host ns per MVMUL
# from the difference, which cancels QEMU start-up, the fill and exit.
# The issue's target: 300 ns or less (Tenstorrent's ttsim: 4 to 6 us).
#
# Usage: run-bench-mvmul.sh QEMU BENCH_MVMUL_ELF [MACHINE...]
# Environment: BENCH_MVMUL_N1, BENCH_MVMUL_N2 (2, 22),
# BENCH_RUNS (3: best of three).
# The last lines are "BENCH KEY VALUE UNIT" (scripts/bench reads them).
#
# SPDX-License-Identifier: GPL-2.0-or-later
set -eu
QEMU=$1
ELF=$2
shift 2
MACHINES=${*:-tt-blackhole tt-wormhole}
N1=${BENCH_MVMUL_N1:-2}
N2=${BENCH_MVMUL_N2:-22}
PER_MOP=32639

# shellcheck source=SCRIPTDIR/bench-lib.sh
. "$(dirname "$0")/bench-lib.sh"

for m in $MACHINES; do
    bh=0
    [ "$m" = tt-blackhole ] && bh=1
    d=$(bench_delta "$m" "$N1" "$N2" "$bh")
    best=$((d / (PER_MOP * (N2 - N1))))
    printf '%-14s %-38s %8d ns/MVMUL (best of %d)\n' "$m" \
        "MOP-expanded BF16 MVMUL, TRISC0" "$best" "$RUNS"
    bench_line "tensix-mvmul.$m" "$best" ns
done
bench_finish
