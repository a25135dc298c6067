#!/bin/sh
# qemu-tensix bare-metal test firmware: build every program for both
# architectures into OUTDIR/{bh,wh}/NAME.elf
#
# Usage: build.sh OUTDIR
# Environment: CC (default riscv64-unknown-elf-gcc), PROGRAMS (default: every
# NAME.c here except tt.c)
#
# SPDX-License-Identifier: GPL-2.0-or-later
set -e

if [ $# -ne 1 ]; then
    echo "usage: $0 OUTDIR" >&2
    exit 2
fi
OUT=$1
SRC=$(cd "$(dirname "$0")" && pwd)
CC=${CC:-riscv64-unknown-elf-gcc}
# Every .c file but the runtime (tt.c) is a program
PROGRAMS=${PROGRAMS:-$(cd "$SRC" && ls *.c | grep -v '^tt\.c$' | sed 's/\.c$//')}

CFLAGS="-march=rv32im_zicsr -mabi=ilp32 -mcmodel=medlow -mno-relax
        -nostdlib -nostartfiles -ffreestanding -fno-builtin
        -fno-tree-loop-distribute-patterns -O2 -g -Wall -Wextra
        -Wno-unused-parameter"
LDFLAGS="-Wl,-T,$SRC/link.ld -Wl,--no-relax -Wl,--build-id=none
         -Wl,--no-warn-rwx-segments -static"

for arch in bh wh; do
    case $arch in
    bh) DEF=-DTT_ARCH_BH ;;
    wh) DEF=-DTT_ARCH_WH ;;
    esac
    mkdir -p "$OUT/$arch"
    for prog in $PROGRAMS; do
        # shellcheck disable=SC2086
        $CC $CFLAGS $DEF -I"$SRC" $LDFLAGS -o "$OUT/$arch/$prog.elf" \
            "$SRC/start.S" "$SRC/tt.c" "$SRC/$prog.c" -lgcc
    done
    # Negative tests (neg/*.c): programs the model must report on
    mkdir -p "$OUT/$arch/neg"
    for src in "$SRC"/neg/*.c; do
        prog=$(basename "$src" .c)
        # shellcheck disable=SC2086
        $CC $CFLAGS $DEF -I"$SRC" $LDFLAGS -o "$OUT/$arch/neg/$prog.elf" \
            "$SRC/start.S" "$SRC/tt.c" "$src" -lgcc
    done
done
