#!/bin/sh
# qemu-tensix benchmark: RISC-V instruction rate of one busy BRISC.
#
# Runs bench.elf (a 4-instruction ALU loop on BRISC) for two loop counts
# and reports instructions per second of host time from the difference,
# which cancels QEMU start-up and exit.  Then the same with the other
# four cores released and spin-polling an L1 word.
#
# Usage: run-bench.sh QEMU BENCH_ELF [MACHINE...]
# Environment: BENCH_N1, BENCH_N2 (5e7, 1e9),
# BENCH_RUNS (3: best of three).
# The last lines are "BENCH KEY VALUE UNIT" (scripts/bench reads them).
set -eu
QEMU=$1
ELF=$2
shift 2
MACHINES=${*:-tt-blackhole tt-wormhole}
N1=${BENCH_N1:-50000000}
N2=${BENCH_N2:-1000000000}

# shellcheck source=SCRIPTDIR/bench-lib.sh
. "$(dirname "$0")/bench-lib.sh"

for m in $MACHINES; do
    for others in 0 1; do
        d=$(bench_delta "$m" "$N1" "$N2" "$others")
        best=$(( (4 * (N2 - N1)) * 1000000 / (d / 1000) ))
        if [ "$others" = 0 ]; then
            what="busy BRISC, other cores in reset"
            key=busy
        else
            what="busy BRISC, 4 cores spin-polling L1"
            key=pollers
        fi
        printf '%-14s %-38s %8d MIPS (best of %d)\n' "$m" "$what" \
            $((best / 1000000)) "$RUNS"
        bench_line "riscv-mips.$m.$key" $((best / 1000000)) MIPS
    done
done
bench_finish
