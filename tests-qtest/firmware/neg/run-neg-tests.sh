#!/bin/sh
# qemu-tensix negative firmware tests: programs that must make the model
# report a problem.  Usage: run-neg-tests.sh QEMU OUTDIR
# Prints one line per case and "N passed, M failed"; exits 1 on failure.
#
# SPDX-License-Identifier: GPL-2.0-or-later
set -u
# shellcheck source=SCRIPTDIR/../fw-lib.sh
. "$(dirname "$0")/../fw-lib.sh"
fw_init "$@"
log=$(mktemp)
trap 'rm -f "$log"' EXIT

# deadlock: must be reported (and QEMU keeps running until the timeout)
for arch in bh wh; do
    machine=$(fw_machine $arch)
    fw_run 4 "$machine" "$OUT/$arch/neg/deadlock.elf" "$log"
    rc=$?
    if [ $rc -eq 124 ] &&
       grep -q "tt-tile(0,0): deadlock: no core can run" "$log" &&
       grep -q "BRISC  reading the empty mailbox TRISC1->BRISC" "$log" &&
       grep -q "TRISC0 TTSync: waiting for Tensix thread T0" "$log" &&
       grep -q "T0     next SEMPOST sem_sel=0x2: held at the Wait Gate by the latched SEMWAIT (block mask 0x1ff): keep waiting while any of sem0 has value == 0; sem0=0/max 1" "$log" &&
       grep -q "T1     idle" "$log" &&
       grep -q "TRISC1 halted (wfi)" "$log"; then
        echo "PASS $machine deadlock diagnosed"
        passed=$((passed + 1))
    else
        echo "FAIL $machine deadlock (exit $rc):"
        sed 's/^/    /' "$log"
        failed=$((failed + 1))
    fi
done

# strict mode: the first guest error stops the machine (QEMU stays until
# the timeout) with the error, the core, its PC and the instruction;
# without it the program carries on
for arch in bh wh; do
    machine=$(fw_machine $arch)
    fw_run 4 "$machine,strict=on" "$OUT/$arch/neg/strict.elf" "$log"
    rc=$?
    if [ $rc -eq 124 ] &&
       grep -q "strict mode: stopped at the first guest error: tt-tensix: T0: ATRELM of mutex 0, which is not held: no effect; core /machine/tile\[0,0\]/brisc/cpu, pc 0x[0-9a-f]\{8\}, Tensix thread T0 executing 0xa1000000$" "$log" &&
       ! grep -q "carried on" "$log"; then
        echo "PASS $machine,strict=on stopped at the guest error"
        passed=$((passed + 1))
    else
        echo "FAIL $machine,strict=on (exit $rc):"
        sed 's/^/    /' "$log"
        failed=$((failed + 1))
    fi
    fw_run 10 "$machine" "$OUT/$arch/neg/strict.elf" "$log"
    rc=$?
    if [ $rc -eq 0 ] && grep -q "carried on past the guest error" "$log"; then
        echo "PASS $machine carried on past the guest error"
        passed=$((passed + 1))
    else
        echo "FAIL $machine without strict mode (exit $rc):"
        sed 's/^/    /' "$log"
        failed=$((failed + 1))
    fi
done
fw_summary
