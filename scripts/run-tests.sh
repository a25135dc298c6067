#!/bin/sh
# Build everything and run the whole test suite: our qtests, QEMU's generic
# qtests against both machines, and the firmware tests on both machines.
# Prints "N passed, M failed" last; exits non-zero on any failure.
#
# Usage: scripts/run-tests.sh [--sanitize] [MESON-TEST-OPTIONS...]
#   --sanitize  build a separate tree, build-san/ (QEMU_TENSIX_BUILD
#               overrides), with QEMU configured --enable-asan
#               --enable-ubsan, and run the whole suite under it.  ASan
#               reports go to build-san/sanitizer-logs/, UBSan's to the
#               test logs; any report fails the run.  Timeouts are
#               multiplied by QEMU_TENSIX_TIMEOUT_MULTIPLIER (default 4
#               with --sanitize).
set -eu
REPO=$(cd "$(dirname "$0")/.." && pwd)
sanitize=0
if [ "${1:-}" = --sanitize ]; then
    sanitize=1
    shift
fi
if [ "$sanitize" = 1 ]; then
    BUILD=${QEMU_TENSIX_BUILD:-"$REPO/build-san"}
    export QEMU_TENSIX_TIMEOUT_MULTIPLIER=${QEMU_TENSIX_TIMEOUT_MULTIPLIER:-4}
else
    BUILD=${QEMU_TENSIX_BUILD:-"$REPO/build"}
fi
export QEMU_TENSIX_BUILD="$BUILD"
QEMU_TENSIX_SANITIZE=$sanitize "$REPO/scripts/setup.sh"
if [ "$sanitize" = 1 ]; then
    # ASan's reports go to files (one per process that has something to
    # say), so stderr stays what the tests expect.  Leaks at exit are not
    # checked (QEMU frees little at exit; QEMU's own CI does the same).
    # UBSan, linked with ASan, ignores log_path and prints to stderr (the
    # test logs): the first report stops the process, so the test fails.
    SANLOG="$BUILD/sanitizer-logs"
    rm -rf "$SANLOG"
    mkdir -p "$SANLOG"
    export ASAN_OPTIONS="detect_leaks=0:log_path=$SANLOG/asan"
    export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
fi
status=0
meson test -C "$BUILD" --print-errorlogs \
    ${QEMU_TENSIX_TIMEOUT_MULTIPLIER:+--timeout-multiplier \
        "$QEMU_TENSIX_TIMEOUT_MULTIPLIER"} "$@" || status=$?
# Every suite prints its own "suite: N passed, M failed" line; add them up.
sed -n -E 's/^([a-z-]+: )?([0-9]+) passed, ([0-9]+) failed$/\2 \3/p' \
    "$BUILD/meson-logs/testlog.txt" |
    awk '{ p += $1; f += $2 } END { printf "%d passed, %d failed\n", p, f }'
if [ "$sanitize" = 1 ]; then
    # One file per process that had something to say.  ASan warns once per
    # process that it does not fully support makecontext/swapcontext
    # (QEMU's coroutines): not a report.
    reports=0
    for f in $(find "$SANLOG" -type f | sort); do
        if grep -qv "makecontext/swapcontext" "$f"; then
            echo "== $f"
            head -n 40 "$f"
            reports=$((reports + 1))
        fi
    done
    ub=$(cat "$BUILD/meson-logs/testlog.txt" \
             "$BUILD/qemu/meson-logs/testlog.txt" 2>/dev/null |
         grep -a -c "runtime error:" || true)
    reports=$((reports + ub))
    echo "$reports sanitizer reports (ASan in $SANLOG, UBSan in" \
         "the test logs)"
    if [ "$reports" != 0 ]; then
        status=1
    fi
fi
exit "$status"
