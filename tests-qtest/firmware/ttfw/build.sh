#!/bin/sh
# ttfw: build the firmware (and the test kernels) for both architectures
#
# Usage:
#   build.sh OUTDIR
#       OUTDIR/{bh,wh}/{brisc,ncrisc,trisc0,trisc1,trisc2}.elf   firmware
#       OUTDIR/{bh,wh}/kernels/NAME-PROC.elf                     test kernels
#   build.sh --kernel ARCH PROC OUT.elf SRC.c [SRC.c ...] [-- CFLAGS...]
#       one kernel: ARCH bh|wh, PROC brisc|ncrisc|trisc0|trisc1|trisc2;
#       linked at PROC's slot of the kernel-config ring (ttfw_layout.h)
#
# Environment: CC (default riscv64-unknown-elf-gcc)
#
# SPDX-License-Identifier: GPL-2.0-or-later
set -e

SRC=$(cd "$(dirname "$0")" && pwd)
CC=${CC:-riscv64-unknown-elf-gcc}

CFLAGS="-mabi=ilp32 -mcmodel=medlow -mno-relax -msmall-data-limit=0
        -nostdlib -nostartfiles -ffreestanding -fno-builtin
        -fno-tree-loop-distribute-patterns -O2 -g -Wall -Wextra
        -Wno-unused-parameter --param=min-pagesize=0 -I$SRC"
LDFLAGS="-Wl,--no-relax -Wl,--build-id=none -Wl,--no-warn-rwx-segments
         -static"
PROCS="brisc ncrisc trisc0 trisc1 trisc2"

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# Evaluate the layout constants of architecture $1 (BH/WH) into shell
# variables, through the C preprocessor (one run) and shell arithmetic.
layout() {
    A=$1
    cat >"$TMP/vals.c" <<EOF
#include "ttfw_layout.h"
L1=TTFW_MEM_L1_SIZE
BRISC_FW_BASE=TTFW_MEM_BRISC_FW_BASE
BRISC_FW_SIZE=TTFW_${A}_BRISC_FW_SIZE
NCRISC_FW_BASE=TTFW_${A}_NCRISC_FW_BASE
NCRISC_FW_SIZE=TTFW_MEM_NCRISC_FW_SIZE
TRISC_FW_SIZE=TTFW_MEM_TRISC_FW_SIZE
TRISC0_FW_BASE=TTFW_${A}_TRISC0_FW_BASE
TRISC1_FW_BASE=TTFW_${A}_TRISC1_FW_BASE
TRISC2_FW_BASE=TTFW_${A}_TRISC2_FW_BASE
BRISC_SCRATCH=TTFW_${A}_BRISC_SCRATCH
NCRISC_SCRATCH=TTFW_${A}_NCRISC_SCRATCH
TRISC0_SCRATCH=TTFW_${A}_TRISC0_SCRATCH
TRISC1_SCRATCH=TTFW_${A}_TRISC1_SCRATCH
TRISC2_SCRATCH=TTFW_${A}_TRISC2_SCRATCH
LOCAL_BASE=TTFW_MEM_LOCAL_BASE
LOCAL_BNC=TTFW_${A}_LOCAL_SIZE_BNC
LOCAL_T=TTFW_${A}_LOCAL_SIZE_T
FW_LDM_BNC=TTFW_FW_LDM_SIZE_BNC
FW_LDM_T=TTFW_FW_LDM_SIZE_T
STACK_BNC=TTFW_STACK_SIZE_BNC
STACK_T=TTFW_STACK_SIZE_T
KCFG_BASE=TTFW_${A}_KERNEL_CONFIG_BASE
SLOT_SIZE=TTFW_KERNEL_SLOT_SIZE
SLOT0=TTFW_KERNEL_SLOT(0)
SLOT1=TTFW_KERNEL_SLOT(1)
SLOT2=TTFW_KERNEL_SLOT(2)
SLOT3=TTFW_KERNEL_SLOT(3)
SLOT4=TTFW_KERNEL_SLOT(4)
IRAM_BASE=TTFW_MEM_NCRISC_IRAM_BASE
NC_KERNEL_IRAM=TTFW_WH_NCRISC_KERNEL_IRAM
EOF
    $CC -E -P -undef -I"$SRC" -x c "$TMP/vals.c" | grep '=' >"$TMP/vals.sh"
    while IFS='=' read -r name expr; do
        eval "$name=\$(( $expr ))"
    done <"$TMP/vals.sh"
}

arch_flags() {
    case $1 in
    bh) echo "-march=rv32im_zicsr_zba_zbb -DTT_ARCH_BH" ;;
    wh) echo "-march=rv32im_zicsr -DTT_ARCH_WH" ;;
    *)  echo "build.sh: unknown architecture '$1' (bh or wh)" >&2; exit 2 ;;
    esac
}

proc_index() {
    case $1 in
    brisc) echo 0 ;; ncrisc) echo 1 ;;
    trisc0) echo 2 ;; trisc1) echo 3 ;; trisc2) echo 4 ;;
    *)  echo "build.sh: unknown processor '$1'" \
             "(brisc ncrisc trisc0 trisc1 trisc2)" >&2; exit 2 ;;
    esac
}

# Local RAM of processor index $1: size, firmware part, stack
local_sizes() {
    if [ "$1" -le 1 ]; then
        LOCAL=$LOCAL_BNC; FW_LDM=$FW_LDM_BNC; STACK=$STACK_BNC
    else
        LOCAL=$LOCAL_T; FW_LDM=$FW_LDM_T; STACK=$STACK_T
    fi
}

# link_script OUT.ld -DTEXT_ORIGIN=... : preprocess the template
link_script() {
    ldout=$1
    shift
    $CC -E -P -undef -x c -I"$SRC" "$@" "$SRC/ttfw.ld.S" -o "$ldout"
}

# build_fw ARCH PROC OUTDIR
build_fw() {
    arch=$1 proc=$2 out=$3
    p=$(proc_index "$proc")
    local_sizes "$p"
    case $proc in
    brisc)  base=$BRISC_FW_BASE; size=$BRISC_FW_SIZE
            scratch=$BRISC_SCRATCH; src=brisc.c; extra= ;;
    ncrisc) base=$NCRISC_FW_BASE; size=$NCRISC_FW_SIZE
            scratch=$NCRISC_SCRATCH; src=ncrisc.c; extra= ;;
    trisc*) t=$((p - 2))
            eval "base=\$TRISC${t}_FW_BASE; scratch=\$TRISC${t}_SCRATCH"
            size=$TRISC_FW_SIZE; src=trisc.c; extra=-DTTFW_TRISC=$t ;;
    esac
    ld="$TMP/$arch-$proc.ld"
    link_script "$ld" -DTEXT_ORIGIN="$base" -DTEXT_SIZE="$size" \
        -DLDM_ORIGIN="$LOCAL_BASE" -DLDM_SIZE="$FW_LDM" \
        -DSTACK_TOP=$((LOCAL_BASE + LOCAL))
    # shellcheck disable=SC2046,SC2086
    $CC $CFLAGS $(arch_flags "$arch") -DTTFW_CORE="$p" \
        -DTTFW_SCRATCH="$scratch" $extra $LDFLAGS -Wl,-T,"$ld" \
        -o "$out/$proc.elf" "$SRC/crt0.S" "$SRC/$src" -lgcc
}

# build_kernel ARCH PROC OUT.elf SRC... [-- CFLAGS...]
build_kernel() {
    arch=$1 proc=$2 out=$3
    shift 3
    srcs=
    kflags=
    while [ $# -gt 0 ]; do
        if [ "$1" = "--" ]; then
            shift
            kflags="$*"
            break
        fi
        srcs="$srcs $1"
        shift
    done
    p=$(proc_index "$proc")
    local_sizes "$p"
    slot=0
    eval "slot=\$SLOT$p"
    lma=$((KCFG_BASE + slot))
    ld="$TMP/k-$arch-$proc-$(basename "$out").ld"
    if [ "$arch" = wh ] && [ "$proc" = ncrisc ]; then
        text="-DTEXT_ORIGIN=$NC_KERNEL_IRAM -DTEXT_LMA=$lma"
    else
        text="-DTEXT_ORIGIN=$lma"
    fi
    # shellcheck disable=SC2086
    link_script "$ld" -DKERNEL $text -DTEXT_SIZE="$SLOT_SIZE" \
        -DLDM_ORIGIN=$((LOCAL_BASE + FW_LDM)) \
        -DLDM_SIZE=$((LOCAL - STACK - FW_LDM)) \
        -DSTACK_TOP=$((LOCAL_BASE + LOCAL))
    # shellcheck disable=SC2046,SC2086
    $CC $CFLAGS $(arch_flags "$arch") -DTTFW_KERNEL_PROC="$p" $kflags \
        $LDFLAGS -Wl,-T,"$ld" -o "$out" "$SRC/kcrt0.S" $srcs -lgcc
}

if [ "$1" = "--kernel" ]; then
    if [ $# -lt 5 ]; then
        echo "usage: $0 --kernel ARCH PROC OUT.elf SRC.c... [-- CFLAGS]" >&2
        exit 2
    fi
    arch_flags "$2" >/dev/null
    layout "$(echo "$2" | tr '[:lower:]' '[:upper:]')"
    shift
    build_kernel "$@"
    exit 0
fi

if [ $# -ne 1 ]; then
    echo "usage: $0 OUTDIR | $0 --kernel ARCH PROC OUT.elf SRC.c..." >&2
    exit 2
fi
OUT=$1

# Test kernels: NAME:PROC...
KERNELS="scale:brisc copy:ncrisc tensix:trisc0,trisc1,trisc2
         fault:brisc,ncrisc,trisc1 hang:brisc,ncrisc dram:brisc"

for arch in bh wh; do
    layout "$(echo "$arch" | tr '[:lower:]' '[:upper:]')"
    mkdir -p "$OUT/$arch/kernels"
    for proc in $PROCS; do
        build_fw "$arch" "$proc" "$OUT/$arch"
    done
    for k in $KERNELS; do
        name=${k%%:*}
        for proc in $(echo "${k#*:}" | tr , ' '); do
            build_kernel "$arch" "$proc" "$OUT/$arch/kernels/$name-$proc.elf" \
                "$SRC/kernels/$name.c"
        done
    done
done
