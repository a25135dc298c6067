#!/bin/sh
# Build everything and run the whole test suite: our qtests, QEMU's generic
# qtests against both machines, and the firmware tests on both machines.
# Prints "N passed, M failed" last; exits non-zero on any failure.
set -eu
REPO=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${QEMU_TENSIX_BUILD:-"$REPO/build"}
"$REPO/scripts/setup.sh"
status=0
meson test -C "$BUILD" --print-errorlogs "$@" || status=$?
# Every suite prints its own "suite: N passed, M failed" line; add them up.
sed -n -E 's/^([a-z-]+: )?([0-9]+) passed, ([0-9]+) failed$/\2 \3/p' \
    "$BUILD/meson-logs/testlog.txt" |
    awk '{ p += $1; f += $2 } END { printf "%d passed, %d failed\n", p, f }'
exit "$status"
