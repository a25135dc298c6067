#!/bin/sh
# Everything needed before running: Debian packages, QEMU source (from
# Debian's source package, verified and cached), the patched and
# configured QEMU tree, and the build of QEMU and the test firmware.
# Idempotent; a second run only rebuilds what changed.
set -eu
REPO=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${QEMU_TENSIX_BUILD:-"$REPO/build"}
"$REPO/scripts/install-deps.sh"
if [ ! -f "$BUILD/build.ninja" ]; then
    meson setup "$BUILD" "$REPO"
fi
meson compile -C "$BUILD"
