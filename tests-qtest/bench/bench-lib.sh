# shellcheck shell=sh
# qemu-tensix benchmarks: what the runners share (sourced).  Those that
# call bench_run set QEMU and ELF first.
#
# SPDX-License-Identifier: GPL-2.0-or-later

# Runs per figure (best of RUNS); scripts/bench --quick sets 1
# shellcheck disable=SC2034  # used by the runners that source this
RUNS=${BENCH_RUNS:-3}

# bench_line KEY VALUE UNIT: a figure for the runner's machine-readable
# last lines, "BENCH KEY VALUE UNIT" (scripts/bench parses them), which
# bench_finish prints after everything else
BENCH_LINES=""
bench_line() {
    BENCH_LINES="${BENCH_LINES}BENCH $1 $2 $3
"
}

bench_finish() {
    printf '%s' "$BENCH_LINES"
}

now_ns() {
    date +%s%N
}

# bench_run MACHINE WORD... -> elapsed ns of one run of ELF on MACHINE, with
# the WORDs loaded at L1 0x20000, 0x20004, ...
bench_run() {
    m=$1
    shift
    loaders=""
    addr=$((0x20000))
    for w in "$@"; do
        loaders="$loaders -device loader,addr=$(printf '0x%x' "$addr")"
        loaders="$loaders,data=$w,data-len=4"
        addr=$((addr + 4))
    done
    t0=$(now_ns)
    # shellcheck disable=SC2086
    "$QEMU" -M "$m" -nographic -monitor none -serial none \
        -semihosting-config enable=on,target=native -kernel "$ELF" $loaders ||
        {
            rc=$?
            echo "bench: $ELF on $m ($*) exited with $rc" >&2
            exit "$rc"
        }
    t1=$(now_ns)
    echo $((t1 - t0))
}
