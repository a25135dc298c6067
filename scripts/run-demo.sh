#!/bin/sh
# Build everything (first run: a few minutes) and boot the default demo on
# a Tensix tile: BRISC releases the other four cores, every core checks its
# private RAM and L1, the TRISCs push Tensix instructions, and BRISC prints
# the result.  QEMU exits with the demo's status.
#
# Usage: scripts/run-demo.sh [blackhole|wormhole] [extra QEMU options...]
set -eu
REPO=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${QEMU_TENSIX_BUILD:-"$REPO/build"}
ARCH=blackhole
case "${1:-}" in
blackhole|wormhole) ARCH=$1; shift ;;
esac
"$REPO/scripts/setup.sh" > "$BUILD.setup.log" 2>&1 || {
    tail -n 40 "$BUILD.setup.log" >&2
    echo "run-demo: set-up failed (full log: $BUILD.setup.log)" >&2
    exit 1
}
case $ARCH in
blackhole) fw=bh ;;
wormhole) fw=wh ;;
esac
set -x
exec "$BUILD/qemu/qemu-system-riscv32" -M "tt-$ARCH" -nographic \
    -monitor none -serial none -semihosting-config enable=on,target=native \
    -kernel "$BUILD/tests-qtest/firmware/$fw/demo.elf" "$@"
