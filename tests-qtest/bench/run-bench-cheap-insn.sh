#!/bin/sh
# qemu-tensix benchmark (issue 14): host time per cheap real Tensix
# instruction, INCRWC by 0 on the math thread (TRISC1), from MOP + REPLAY.
#
# Runs bench-cheap-insn.elf (TRISC1 records 16 INCRWCs by 0 in the
# replay buffer, then pushes COUNT template-1 MOPs of 32639 playbacks of
# them: 522224 INCRWCs per MOP) for two counts and reports host ns per
# INCRWC from the difference, which cancels start-up and exit; best of
# three.  Issue 14's target: 2 ns or less (ttsim v1.10.0: 18-21 ns).
#
# Usage: run-bench-cheap-insn.sh QEMU ELF [MACHINE...]
# Environment: BENCH_CHEAP_N1, BENCH_CHEAP_N2 (the two counts, 10 and
# 210), BENCH_RUNS (3).
# The last lines are "BENCH tensix-cheap-insn.MACHINE NS ns".
#
# SPDX-License-Identifier: GPL-2.0-or-later
set -eu
QEMU=$1
ELF=$2
shift 2
MACHINES=${*:-tt-blackhole tt-wormhole}
N1=${BENCH_CHEAP_N1:-10}
N2=${BENCH_CHEAP_N2:-210}
PER_MOP=$((32639 * 16))

# shellcheck source=SCRIPTDIR/bench-lib.sh
. "$(dirname "$0")/bench-lib.sh"

for m in $MACHINES; do
    # tenths of a ns per instruction
    d=$(bench_delta "$m" "$N1" "$N2")
    best=$((d * 10 / (PER_MOP * (N2 - N1))))
    v=$((best / 10)).$((best % 10))
    printf '%-14s %-38s %8s ns/insn (best of %d)\n' "$m" \
        "INCRWC 0 from MOP + REPLAY, TRISC1" "$v" "$RUNS"
    bench_line "tensix-cheap-insn.$m" "$v" ns
done
bench_finish
