#!/bin/sh
# Incrementally build qemu-system-riscv32 in BUILD_DIR/qemu, after
# scripts/prepare-qemu.sh has prepared the tree; touch STAMP when done.
# Usage: scripts/build-qemu.sh BUILD_DIR [STAMP]
set -eu
REPO=$(cd "$(dirname "$0")/.." && pwd)
BUILD=$1
"$REPO/scripts/prepare-qemu.sh" "$BUILD"
# One ninja at a time in the QEMU tree.
flock /tmp/qemu-tensix-build.lock ninja -C "$BUILD/qemu" qemu-system-riscv32
if [ $# -ge 2 ]; then
    touch "$2"
fi
