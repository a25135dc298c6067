# shellcheck shell=sh
# qemu-tensix firmware tests: what run-tests.sh, dprint-check.sh and
# neg/run-neg-tests.sh share (sourced).
#
# SPDX-License-Identifier: GPL-2.0-or-later

# fw_init "$@": check for QEMU OUTDIR and set QEMU, OUT, TIMEOUT (default
# 20 s) and the counts
fw_init() {
    if [ $# -ne 2 ]; then
        echo "usage: $0 QEMU OUTDIR" >&2
        exit 2
    fi
    QEMU=$1
    # shellcheck disable=SC2034 # used by the scripts that source this
    OUT=$2
    TIMEOUT=${TIMEOUT:-20}
    passed=0
    failed=0
}

# fw_machine ARCH: the machine of bh or wh
fw_machine() {
    case $1 in
    bh) echo tt-blackhole ;;
    wh) echo tt-wormhole ;;
    esac
}

# fw_run SECONDS MACHINE_OPTIONS ELF LOG [QEMU_OPTION...]: run ELF under
# semihosting, all output into LOG; returns QEMU's (or timeout's) status.
# FW_MACHINE_OPTS (",spin-park=off", say) is appended to every -M.
fw_run() {
    secs=$1
    opts=$2
    elf=$3
    log=$4
    shift 4
    timeout "$secs" "$QEMU" -M "$opts${FW_MACHINE_OPTS:-}" "$@" \
        -nographic -monitor none \
        -serial none -semihosting-config enable=on,target=native \
        -kernel "$elf" </dev/null >"$log" 2>&1
}

# fw_summary: print the counts; fails if anything failed
fw_summary() {
    echo "$passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}
