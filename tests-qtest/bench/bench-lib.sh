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

# bench_time MACHINE WHAT LOADERS -> elapsed ns of one run of ELF on
# MACHINE with the -device loader options LOADERS (one string, split on
# blanks) and BENCH_QEMU_ARGS (split too); WHAT names the run in the
# message if QEMU fails
bench_time() {
    t0=$(now_ns)
    # shellcheck disable=SC2086
    "$QEMU" -M "$1" -nographic -monitor none -serial none \
        -semihosting-config enable=on,target=native -kernel "$ELF" $3 \
        ${BENCH_QEMU_ARGS:-} ||
        {
            rc=$?
            echo "bench: $ELF on $1 ($2) exited with $rc" >&2
            exit "$rc"
        }
    t1=$(now_ns)
    echo $((t1 - t0))
}

# bench_loader ADDR WORD -> the -device loader option storing WORD at ADDR
bench_loader() {
    echo "-device loader,addr=$(printf '0x%x' "$1"),data=$2,data-len=4"
}

# bench_run MACHINE WORD... -> elapsed ns of one run of ELF on MACHINE, with
# the WORDs loaded at L1 0x20000, 0x20004, ...
bench_run() {
    m=$1
    shift
    loaders=""
    addr=$((0x20000))
    for w in "$@"; do
        loaders="$loaders $(bench_loader "$addr" "$w")"
        addr=$((addr + 4))
    done
    bench_time "$m" "$*" "$loaders"
}

# bench_delta MACHINE N1 N2 [WORD...] -> the smallest, over RUNS pairs of
# runs, of the time of a run with COUNT N2 minus that of one with COUNT N1
# (COUNT the first word, the WORDs after it), in ns: QEMU's start-up and
# exit cancel out.  Every figure the runners derive from it is monotonic
# in it, so its best is the figure's best.
bench_delta() {
    dm=$1
    dn1=$2
    dn2=$3
    shift 3
    dbest=""
    for _ in $(seq "$RUNS"); do
        da=$(bench_run "$dm" "$dn1" "$@") || exit $?
        db=$(bench_run "$dm" "$dn2" "$@") || exit $?
        if [ -z "$dbest" ] || [ $((db - da)) -lt "$dbest" ]; then
            dbest=$((db - da))
        fi
    done
    echo "$dbest"
}
