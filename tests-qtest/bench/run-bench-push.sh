#!/bin/sh
# qemu-tensix benchmark: host time per pushed Tensix instruction, by "sw"
# to INSTRN_BUF and as a .ttinsn word.
#
# Runs bench-push.elf (TRISC0 pushes COUNT times 16 SETDMAREGs in a row,
# by store or as .ttinsn: the word at L1 0x20004) for two counts and
# reports host ns per push from the difference, which cancels start-up and
# exit; best of three.
#
# Usage: run-bench-push.sh QEMU ELF [MACHINE...]
# Environment: BENCH_PUSH_N1, BENCH_PUSH_N2 (the two counts, 1000 and
# 201000), BENCH_RUNS (3).
# The last lines are "BENCH tensix-push.MACHINE.{sw,ttinsn} NS ns".
#
# SPDX-License-Identifier: GPL-2.0-or-later
set -eu
QEMU=$1
ELF=$2
shift 2
MACHINES=${*:-tt-blackhole tt-wormhole}
N1=${BENCH_PUSH_N1:-1000}
N2=${BENCH_PUSH_N2:-201000}

# shellcheck source=SCRIPTDIR/bench-lib.sh
. "$(dirname "$0")/bench-lib.sh"

for m in $MACHINES; do
    for v in 0:sw 1:ttinsn; do
        # tenths of a ns per push
        d=$(bench_delta "$m" "$N1" "$N2" "${v%%:*}")
        best=$((d * 10 / (16 * (N2 - N1))))
        ns=$((best / 10)).$((best % 10))
        printf '%-14s %-38s %8s ns/push (best of %d)\n' "$m" \
            "SETDMAREG pushed by ${v#*:}, TRISC0" "$ns" "$RUNS"
        bench_line "tensix-push.$m.${v#*:}" "$ns" ns
    done
done
bench_finish
