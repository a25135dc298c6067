#!/bin/sh
# qemu-tensix benchmark: Tensix instructions per second through the replay
# expander, played back from MOPs.
#
# Runs bench-replay.elf (TRISC0 records 16 SETDMAREG instructions in the
# replay buffer, then pushes COUNT template-1 MOPs of 32639 REPLAY
# playbacks of them each: 522224 SETDMAREGs per MOP) for two counts and
# reports Tensix instructions retired per second of host time from the
# difference, which cancels QEMU start-up and exit; best of three (the
# method of run-bench-mop.sh).  Issue 3's target for MOP-expanded simple
# instructions: 50 million or more.
#
# Usage: run-bench-replay.sh QEMU BENCH_REPLAY_ELF [MACHINE...]
# Environment: BENCH_REPLAY_N1, BENCH_REPLAY_N2 (the two counts, 20 and
# 620), BENCH_RUNS (3).
# The last lines are "BENCH KEY VALUE UNIT" (scripts/bench reads them).
#
# SPDX-License-Identifier: GPL-2.0-or-later
set -eu
QEMU=$1
ELF=$2
shift 2
MACHINES=${*:-tt-blackhole tt-wormhole}
N1=${BENCH_REPLAY_N1:-20}
N2=${BENCH_REPLAY_N2:-620}
PER_MOP=$((32639 * 16))

# shellcheck source=SCRIPTDIR/bench-lib.sh
. "$(dirname "$0")/bench-lib.sh"

for m in $MACHINES; do
    d=$(bench_delta "$m" "$N1" "$N2")
    us=$((d / 1000))
    [ "$us" -gt 0 ] || us=1
    best=$(( PER_MOP * (N2 - N1) * 1000000 / us ))
    printf '%-14s %-38s %8d M Tensix insns/s (best of %d)\n' "$m" \
        "REPLAY of SETDMAREG from MOPs, TRISC0" $((best / 1000000)) "$RUNS"
    bench_line "tensix-replay-rate.$m" $((best / 1000000)) M/s
done
bench_finish
