#!/bin/sh
# qemu-tensix benchmark: host time per 32x32 BF16 tile (unpack, pack or
# matmul; bench-unpack.c, bench-pack.c, bench-matmul.c).
#
# Runs ELF with COUNT = N1 and N2 MOPs of PER_MOP tiles each and reports
# host ns per tile from the difference, which cancels QEMU start-up, the
# set-up, the program's check of its result and the exit; best of three.
# A run whose check fails (non-zero exit) fails the benchmark.
#
# Usage: run-bench-tile.sh QEMU ELF LABEL PER_MOP N1 N2 [VARIANT:NAME...]
#   VARIANT is the word the program reads at L1 0x20008 (default 0); "_"
#   in NAME prints as a space.
# Environment: BENCH_TILE_MACHINES (default "tt-blackhole tt-wormhole"),
# BENCH_RUNS (3: best of three), BENCH_QEMU_ARGS (more QEMU arguments,
# e.g. "-accel tcg,thread=single") and BENCH_KEY_SUFFIX (appended to NAME
# in the keys).  The last lines are "BENCH
# tensix-NAME[SUFFIX].MACHINE[.VARIANT] NS ns" (NAME from ELF
# bench-NAME.elf), for scripts/bench.
#
# SPDX-License-Identifier: GPL-2.0-or-later
set -eu
QEMU=$1
ELF=$2
LABEL=$3
PER_MOP=$4
N1=$5
N2=$6
shift 6
VARIANTS=${*:-0:}
MACHINES=${BENCH_TILE_MACHINES:-tt-blackhole tt-wormhole}
KEY=tensix-$(basename "$ELF" .elf | sed 's/^bench-//')${BENCH_KEY_SUFFIX:-}

# shellcheck source=SCRIPTDIR/bench-lib.sh
. "$(dirname "$0")/bench-lib.sh"

for v in $VARIANTS; do
    var=${v%%:*}
    name=$(echo "${v#*:}" | tr _ ' ')
    for m in $MACHINES; do
        bh=0
        [ "$m" = tt-blackhole ] && bh=1
        d=$(bench_delta "$m" "$N1" "$N2" "$bh" "$var")
        best=$((d / (PER_MOP * (N2 - N1))))
        printf '%-14s %-40s %8d ns/tile (best of %d)\n' "$m" \
            "$LABEL${name:+ ($name)}" "$best" "$RUNS"
        bench_line "$KEY.$m${name:+.$(echo "$name" | tr ' ' _)}" "$best" ns
    done
done
bench_finish
