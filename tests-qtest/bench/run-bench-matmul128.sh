#!/bin/sh
# qemu-tensix benchmark: host time per 128x128x128 BF16 matmul
# (bench-matmul128.c), on one tile and shared by a grid of 8 tiles.
#
# One tile: -M MACHINE, the whole matmul (16 output tiles of 32x32, each
# the sum of 4 tile products accumulated in Dst) on its Tensix thread 0.
# Eight tiles: -M MACHINE,grid-width=8 (BENCH_MM128_GRID, default 8x1;
# 4x2 works too), each tile computing 2 of the 16 output tiles; tile
# (0,0) waits for the others' NoC-written done words.  Every tile checks
# its C (a wrong result fails the benchmark).  The parameter words are
# loaded into every tile's L1.  Two repetition counts (N1, N2); host time
# per matmul from the difference, which cancels QEMU start-up, the
# inputs, the check and the exit; best of three.
#
# Usage: run-bench-matmul128.sh QEMU ELF [MACHINE...]
# Environment: BENCH_MM128_N1, BENCH_MM128_N2 (the two counts, 1 and
# 1001), BENCH_MM128_FIDELITY (0 LoFi, the default; 1 HiFi4),
# BENCH_MM128_GRID (8x1), BENCH_RUNS (3).  The last lines are "BENCH
# matmul-128.MACHINE.{1tile,8tiles} US us" and "BENCH
# matmul-128.MACHINE.ratio R x" (1 tile / 8 tiles), for scripts/bench.
#
# SPDX-License-Identifier: GPL-2.0-or-later
set -eu
QEMU=$1
ELF=$2
shift 2
MACHINES=${*:-tt-blackhole tt-wormhole}
N1=${BENCH_MM128_N1:-1}
N2=${BENCH_MM128_N2:-1001}
FID=${BENCH_MM128_FIDELITY:-0}
GRID=${BENCH_MM128_GRID:-8x1}
GW=${GRID%x*}
GH=${GRID#*x}

# shellcheck source=SCRIPTDIR/bench-lib.sh
. "$(dirname "$0")/bench-lib.sh"

# mm_run MACHINE-OPTIONS W H COUNT BH -> elapsed ns; the parameter words
# (COUNT, BH, fidelity, W * H, W) at L1 0x20000 of every tile of the W x H
# grid (system address (y << 42) | (x << 36) | local)
mm_run() {
    mopt=$1 w=$2 h=$3 count=$4 isbh=$5
    loaders=""
    y=0
    while [ "$y" -lt "$h" ]; do
        x=0
        while [ "$x" -lt "$w" ]; do
            base=$(( (y << 42) | (x << 36) | 0x20000 ))
            i=0
            for word in "$count" "$isbh" "$FID" $((w * h)) "$w"; do
                loaders="$loaders $(bench_loader $((base + 4 * i)) "$word")"
                i=$((i + 1))
            done
            x=$((x + 1))
        done
        y=$((y + 1))
    done
    bench_time "$mopt" "COUNT $count" "$loaders"
}

for m in $MACHINES; do
    bh=0
    [ "$m" = tt-blackhole ] && bh=1
    one=""
    many=""
    for _ in $(seq "$RUNS"); do
        a=$(mm_run "$m" 1 1 "$N1" "$bh")
        b=$(mm_run "$m" 1 1 "$N2" "$bh")
        ns=$(( (b - a) / (N2 - N1) ))
        if [ -z "$one" ] || [ "$ns" -lt "$one" ]; then
            one=$ns
        fi
        mopt="$m,grid-width=$GW,grid-height=$GH"
        a=$(mm_run "$mopt" "$GW" "$GH" "$N1" "$bh")
        b=$(mm_run "$mopt" "$GW" "$GH" "$N2" "$bh")
        ns=$(( (b - a) / (N2 - N1) ))
        if [ -z "$many" ] || [ "$ns" -lt "$many" ]; then
            many=$ns
        fi
    done
    ratio=$(( one * 100 / many ))
    ratio=$((ratio / 100)).$(printf '%02d' $((ratio % 100)))
    printf '%-14s %-44s %8d.%d us (best of %d)\n' "$m" \
        "128x128x128 BF16 matmul, 1 tile" $((one / 1000)) \
        $((one % 1000 / 100)) "$RUNS"
    printf '%-14s %-44s %8d.%d us (best of %d)\n' "$m" \
        "128x128x128 BF16 matmul, $((GW * GH)) tiles ($GRID)" \
        $((many / 1000)) $((many % 1000 / 100)) "$RUNS"
    printf '%-14s %-44s %8s x\n' "$m" "1 tile / $((GW * GH)) tiles" "$ratio"
    bench_line "matmul-128.$m.1tile" \
        "$((one / 1000)).$((one % 1000 / 100))" us
    bench_line "matmul-128.$m.8tiles" \
        "$((many / 1000)).$((many % 1000 / 100))" us
    bench_line "matmul-128.$m.ratio" "$ratio" x
done
bench_finish
