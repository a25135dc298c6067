# shellcheck shell=sh
# qemu-tensix benchmarks: what run-bench.sh and run-bench-mop.sh share
# (sourced).  They set QEMU and ELF first.
#
# SPDX-License-Identifier: GPL-2.0-or-later

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
