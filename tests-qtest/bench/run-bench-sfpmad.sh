#!/bin/sh
# qemu-tensix benchmark: host time per SFPMAD (32 lanes).
#
# Runs bench-sfpmad.elf (TRISC1 loads three LRegs with SFPLOADI, then
# pushes COUNT template-1 MOPs of 32639 SFPMADs each, LReg[3] = LReg[0] *
# LReg[1] + LReg[2] in all 32 lanes, and checks LReg[3] in every lane)
# for a short and a long count and reports host ns per SFPMAD from the
# difference, which cancels QEMU start-up, the set-up, the check and exit.
# A first run of the short count with -d guest_errors,unimp must log
# nothing (no SFPMAD dropped or refused) and the program's own check must
# pass (its exit status).
# The issue's target: 20 ns or less (Tenstorrent's ttsim: about 300 ns).
#
# Usage: run-bench-sfpmad.sh QEMU BENCH_SFPMAD_ELF [MACHINE...]
# Environment: BENCH_SFPMAD_N1, BENCH_SFPMAD_N2 (10, 160),
# BENCH_RUNS (3: best of three).
# The last lines are "BENCH KEY VALUE UNIT" (scripts/bench reads them).
#
# SPDX-License-Identifier: GPL-2.0-or-later
set -eu
QEMU=$1
ELF=$2
shift 2
MACHINES=${*:-tt-blackhole tt-wormhole}
N1=${BENCH_SFPMAD_N1:-10}
N2=${BENCH_SFPMAD_N2:-160}
PER_MOP=32639

# shellcheck source=SCRIPTDIR/bench-lib.sh
. "$(dirname "$0")/bench-lib.sh"

log=$(mktemp)
trap 'rm -f "$log"' EXIT

for m in $MACHINES; do
    "$QEMU" -M "$m" -nographic -monitor none -serial none \
        -semihosting-config enable=on,target=native -kernel "$ELF" \
        -device loader,addr=0x20000,data=1,data-len=4 \
        -d guest_errors,unimp -D "$log" || {
            echo "bench: $ELF on $m: the result check failed" >&2
            exit 1
        }
    if [ -s "$log" ]; then
        echo "bench: $ELF on $m logged:" >&2
        head -20 "$log" >&2
        exit 1
    fi
    # ps per SFPMAD
    d=$(bench_delta "$m" "$N1" "$N2")
    best=$((d * 1000 / (PER_MOP * (N2 - N1))))
    printf '%-14s %-38s %5d.%d ns/SFPMAD (best of %d)\n' "$m" \
        "MOP-expanded 32-lane SFPMAD, TRISC1" "$((best / 1000))" \
        "$((best % 1000 / 100))" "$RUNS"
    bench_line "tensix-sfpmad.$m" "$((best / 1000)).$((best % 1000 / 100))" ns
done
bench_finish
