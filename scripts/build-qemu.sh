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
# deadlock with it).  A caller that already holds this very lock (flock
# LOCK meson compile -C BUILD, to keep its own ninja runs out of the way)
# is not waited for: that would never end.
LOCK="$BUILD/qemu/.qemu-tensix-build.lock"
lock_held_by_caller() {
    want=$(readlink -f "$LOCK")
    p=$PPID
    while [ "${p:-0}" -gt 1 ]; do
        for fd in /proc/"$p"/fd/*; do
            if [ "$(readlink -f "$fd" 2>/dev/null)" = "$want" ]; then
                return 0
            fi
        done
        p=$(awk '/^PPid:/ { print $2 }' /proc/"$p"/status 2>/dev/null)
    done
    return 1
}
if [ -e "$LOCK" ] && lock_held_by_caller; then
    ninja -C "$BUILD/qemu" qemu-system-riscv32
else
    flock "$LOCK" ninja -C "$BUILD/qemu" qemu-system-riscv32
fi
if [ $# -ge 2 ]; then
    touch "$2"
fi
