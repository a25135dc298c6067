#!/bin/sh
# Incrementally build qemu-system-riscv32 in BUILD_DIR/qemu, after
# scripts/prepare-qemu.sh has prepared the tree; touch STAMP when done.
# Usage: scripts/build-qemu.sh BUILD_DIR [STAMP]
set -eu
REPO=$(cd "$(dirname "$0")/.." && pwd)
BUILD=$1
"$REPO/scripts/prepare-qemu.sh" "$BUILD"
# One ninja at a time in this QEMU tree (a lock of the tree's own, so that
# a caller holding a lock of its own around the whole build cannot
# deadlock with it).
flock "$BUILD/qemu/.qemu-tensix-build.lock" \
    ninja -C "$BUILD/qemu" qemu-system-riscv32
if [ $# -ge 2 ]; then
    touch "$2"
fi
