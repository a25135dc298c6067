#!/bin/sh
# Install the Debian packages qemu-tensix needs, when missing.
#
# QEMU 10.0.x, meson >= 1.5 and pycotap come from bookworm-backports.  The
# backports entry is derived from the machine's own Debian sources entry
# (same URIs and keyring), so no archive host is named in this repository.
set -eu

PKGS="meson ninja-build python3-pycotap libglib2.0-dev libfdt-dev pkg-config \
python3-venv python3-yaml flex bison gcc-riscv64-unknown-elf xz-utils dpkg-dev"
BPO_PKGS="meson python3-pycotap"
SRC_LIST=/etc/apt/sources.list.d/qemu-tensix-backports.sources

sudo_cmd=""
if [ "$(id -u)" != 0 ]; then
    sudo_cmd="sudo"
fi

missing=""
for p in $PKGS; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then
        missing="$missing $p"
    fi
done

# meson must be >= 1.5 for QEMU 10.0
meson_ok() {
    v=$(meson --version 2>/dev/null) || return 1
    dpkg --compare-versions "$v" ge 1.5
}

add_backports() {
    [ -f "$SRC_LIST" ] && return 0
    # Derive from the existing deb822 entry (or one-line list) for the
    # main Debian archive: keep its URIs and keyring, change the suite.
    base=""
    for f in /etc/apt/sources.list.d/*.sources; do
        [ -f "$f" ] || continue
        if grep -qE '^Suites:.*\bbookworm\b' "$f"; then
            base="$f"
            break
        fi
    done
    if [ -n "$base" ]; then
        awk -v RS= -v ORS='\n\n' '/Suites:[^\n]*bookworm( |$|\n)/ && !/security/' "$base" |
            awk 'NR==1,/^$/' |
            sed -e 's/^Types:.*/Types: deb deb-src/' \
                -e 's/^Suites:.*/Suites: bookworm-backports/' \
                -e '/^#/d' > /tmp/qemu-tensix-bpo.$$
    elif [ -f /etc/apt/sources.list ]; then
        line=$(grep -E '^deb .* bookworm main' /etc/apt/sources.list | head -n 1)
        [ -n "$line" ] || { echo "install-deps: no Debian bookworm source entry found" >&2; exit 1; }
        uri=$(echo "$line" | awk '{for(i=2;i<=NF;i++) if ($i ~ /:\/\//) {print $i; exit}}')
        printf 'Types: deb deb-src\nURIs: %s\nSuites: bookworm-backports\nComponents: main\n' \
            "$uri" > /tmp/qemu-tensix-bpo.$$
    else
        echo "install-deps: cannot find the machine's Debian sources" >&2
        exit 1
    fi
    if ! grep -q '^URIs:' /tmp/qemu-tensix-bpo.$$; then
        echo "install-deps: could not derive a backports entry" >&2
        exit 1
    fi
    $sudo_cmd cp /tmp/qemu-tensix-bpo.$$ "$SRC_LIST"
    rm -f /tmp/qemu-tensix-bpo.$$
    NEED_UPDATE=1
}

NEED_UPDATE=0
add_backports
if [ "$NEED_UPDATE" = 1 ] || [ ! -f /var/lib/apt/qemu-tensix-updated ]; then
    $sudo_cmd apt-get update -q
    $sudo_cmd touch /var/lib/apt/qemu-tensix-updated
fi

if [ -n "$missing" ] || ! meson_ok; then
    echo "install-deps: installing:$missing"
    export DEBIAN_FRONTEND=noninteractive
    # shellcheck disable=SC2086
    $sudo_cmd apt-get install -y -q --no-install-recommends $missing
    $sudo_cmd apt-get install -y -q --no-install-recommends \
        -t bookworm-backports $BPO_PKGS
fi
