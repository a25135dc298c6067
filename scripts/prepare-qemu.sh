#!/bin/sh
# Obtain QEMU 10.0.x from Debian's source package, overlay qemu-tensix into
# it, apply target-patches/ and configure a minimal riscv32-softmmu build.
#
# Usage: scripts/prepare-qemu.sh BUILD_DIR
#   BUILD_DIR/qemu-src   pristine QEMU + patches + overlay symlinks
#   BUILD_DIR/qemu       QEMU build tree (ninja)
#
# Idempotent: re-extracts only when the patch series changes, re-configures
# only when configs/ changes.  The orig tarball is cached in
# $QEMU_TENSIX_CACHE (default ~/.cache/qemu-tensix).
set -eu

QEMU_VERSION=10.0.2
QEMU_TARBALL="qemu_${QEMU_VERSION}+ds.orig.tar.xz"
QEMU_SHA256=0901da33844a331bf8b3602b9c1fbd178e60b737c8e3ade678255bd090c9b9f1
QEMU_APT_SOURCE="qemu/bookworm-backports"

REPO=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${1:-"$REPO/build"}
mkdir -p "$BUILD"
BUILD=$(cd "$BUILD" && pwd)
CACHE=${QEMU_TENSIX_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/qemu-tensix}
SRC="$BUILD/qemu-src"
OBJ="$BUILD/qemu"

die() {
    echo "prepare-qemu: $*" >&2
    exit 1
}

check_sha() {
    echo "$QEMU_SHA256  $1" | sha256sum -c --status
}

# 1. The orig tarball, from the Debian source package (through apt).
mkdir -p "$CACHE"
if [ ! -f "$CACHE/$QEMU_TARBALL" ] || ! check_sha "$CACHE/$QEMU_TARBALL"; then
    echo "prepare-qemu: fetching QEMU $QEMU_VERSION source with apt-get source"
    tmp=$(mktemp -d)
    # The .dsc and Debian patches are not needed (and may be missing from
    # the archive while the orig tarball is present): ignore apt's status
    # and check for the tarball itself.
    (cd "$tmp" && apt-get source --download-only "$QEMU_APT_SOURCE" \
        >"$tmp/apt.log" 2>&1) || true
    if [ ! -f "$tmp/$QEMU_TARBALL" ]; then
        cat "$tmp/apt.log" >&2
        rm -rf "$tmp"
        die "apt-get source did not deliver $QEMU_TARBALL (is deb-src for bookworm-backports enabled? run scripts/install-deps.sh)"
    fi
    check_sha "$tmp/$QEMU_TARBALL" || { rm -rf "$tmp"; die "sha256 mismatch for $QEMU_TARBALL"; }
    mv "$tmp/$QEMU_TARBALL" "$CACHE/$QEMU_TARBALL"
    rm -rf "$tmp"
fi

# 2. Extract and patch when the series (or this script) changed.
stamp=$(cat "$REPO/scripts/prepare-qemu.sh" "$REPO/target-patches/series" \
        $(sed -e 's/#.*//' -e '/^ *$/d' -e "s|^|$REPO/target-patches/|" \
          "$REPO/target-patches/series") | sha256sum | cut -d' ' -f1)
if [ ! -f "$SRC/.qemu-tensix-stamp" ] || \
   [ "$(cat "$SRC/.qemu-tensix-stamp")" != "$stamp" ]; then
    echo "prepare-qemu: extracting QEMU $QEMU_VERSION into $SRC"
    rm -rf "$SRC" "$SRC.tmp"
    mkdir -p "$SRC.tmp"
    tar -xJf "$CACHE/$QEMU_TARBALL" -C "$SRC.tmp" --strip-components=1
    for p in $(sed -e 's/#.*//' -e '/^ *$/d' "$REPO/target-patches/series"); do
        echo "prepare-qemu: applying $p"
        patch -d "$SRC.tmp" -p1 --quiet --forward < "$REPO/target-patches/$p" ||
            die "patch $p does not apply"
    done
    # Overlay: our device folder and qtest folder, linked into the tree.
    ln -s "$REPO/hw-tensix" "$SRC.tmp/hw/tensix"
    ln -s "$REPO/tests-qtest" "$SRC.tmp/tests/qtest/tensix"
    echo "subdir('tensix')" >> "$SRC.tmp/hw/meson.build"
    echo "source tensix/Kconfig" >> "$SRC.tmp/hw/Kconfig"
    echo "subdir('tensix')" >> "$SRC.tmp/tests/qtest/meson.build"
    sed -i "s|^    'hw/riscv',|&\n    'hw/tensix',|" "$SRC.tmp/meson.build"
    grep -q "'hw/tensix'," "$SRC.tmp/meson.build" ||
        die "could not register hw/tensix trace events"
    echo "$stamp" > "$SRC.tmp/.qemu-tensix-stamp"
    mv "$SRC.tmp" "$SRC"
    rm -rf "$OBJ"
fi
# The device config is a file of ours: keep it current (a symlink).
ln -sf "$REPO/configs/tensix-devices.mak" \
    "$SRC/configs/devices/riscv32-softmmu/tensix.mak"

# 3. Configure once; meson re-runs itself when meson.build files change.
if [ ! -f "$OBJ/build.ninja" ]; then
    mkdir -p "$OBJ"
    echo "prepare-qemu: configuring"
    (cd "$OBJ" && "$SRC/configure" \
        --target-list=riscv32-softmmu \
        --without-default-features \
        --without-default-devices \
        --with-devices-riscv32=tensix \
        --enable-tcg --enable-fdt=system \
        --python=/usr/bin/python3 \
        --disable-install-blobs \
        --disable-docs \
        --disable-debug-info \
        ${QEMU_TENSIX_CONFIGURE_FLAGS:-}) > "$BUILD/configure.log" 2>&1 ||
        { tail -n 30 "$BUILD/configure.log" >&2; die "configure failed (see $BUILD/configure.log)"; }
fi
