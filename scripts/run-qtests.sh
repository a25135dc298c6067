#!/bin/sh
# Run our qtests (suite "tensix") and QEMU's generic qtests (suite
# "qtest-riscv32": qom-test, device-introspect-test, test-hmp, qmp-cmd-test,
# ...) against the tt-blackhole and tt-wormhole machines.
# Usage: scripts/run-qtests.sh QEMU_BUILD_DIR
# QEMU_TENSIX_TIMEOUT_MULTIPLIER (scripts/run-tests.sh --sanitize)
# multiplies each qtest's timeout.
set -eu
QB=$1
status=0
flock /tmp/qemu-tensix-build.lock \
    meson test -C "$QB" --suite tensix --suite qtest-riscv32 \
    --print-errorlogs --num-processes 2 \
    ${QEMU_TENSIX_TIMEOUT_MULTIPLIER:+--timeout-multiplier \
        "$QEMU_TENSIX_TIMEOUT_MULTIPLIER"} > "$QB/qtest-summary.log" 2>&1 ||
    status=$?
grep -E "^ *[0-9]+/[0-9]+ " "$QB/qtest-summary.log" || true
# Count TAP subtests of passing programs, and failing programs as one each
ok=$(awk '/^ *[0-9]+\/[0-9]+ .* OK / {
            n = 1
            for (i = 1; i < NF; i++) if ($(i + 1) == "subtests") n = $i
            s += n
          } END { print s + 0 }' "$QB/qtest-summary.log")
fail=$(grep -c -E "^ *[0-9]+/[0-9]+ .* (FAIL|ERROR|TIMEOUT) " \
       "$QB/qtest-summary.log" || true)
if [ "$status" != 0 ]; then
    tail -n 60 "$QB/qtest-summary.log"
fi
echo "qtest: ${ok:-0} passed, ${fail:-0} failed"
exit "$status"
