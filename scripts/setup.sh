#!/bin/sh
# Everything needed before running: Debian packages, QEMU source (from
# Debian's source package, verified and cached), the patched and
# configured QEMU tree, and the build of QEMU and the test firmware.
# Idempotent; a second run only rebuilds what changed.
# QEMU_TENSIX_BUILD: the tree (default build/); QEMU_TENSIX_SANITIZE=1
# sets a new tree up with -Dsanitize=true (ASan and UBSan; what
# scripts/run-tests.sh --sanitize does, in build-san/).
set -eu
REPO=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${QEMU_TENSIX_BUILD:-"$REPO/build"}
"$REPO/scripts/install-deps.sh"
if [ ! -f "$BUILD/build.ninja" ]; then
    if [ "${QEMU_TENSIX_SANITIZE:-0}" = 1 ]; then
        meson setup "$BUILD" "$REPO" -Dsanitize=true
    else
        meson setup "$BUILD" "$REPO"
    fi
fi
meson compile -C "$BUILD"
