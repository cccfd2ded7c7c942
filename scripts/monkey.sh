#!/usr/bin/env bash
# The monkey test at full length (scripts/test.sh runs it after ctest): tst_monkey, built by the
# test preset (AddressSanitizer + UBSan), runs two rounds of 10,000 seeded random actions one
# after the other in the same window, with LeakSanitizer on. It fails on a failed check, a
# sanitizer report or a leak, and when the peak memory after the second round is more than 1.25
# times the peak after the first: the first round warms everything up (ASan's quarantine, the
# undo history at its limit, Qt's caches), so memory that still grows in the second one is kept
# without bound. Both peaks are printed.
#
# Usage: scripts/monkey.sh (after `cmake --build --preset test`). ATTENTION_MONKEY_ACTIONS and
# ATTENTION_MONKEY_SEED change the round length (default 10000) and the seed (default 1).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/deps.sh
attention_install_missing time

binary=build/test/bin/tst_monkey
log=build/test/monkey.log
times=build/test/monkey.time
if [ ! -x "$binary" ]; then
    echo "monkey.sh: $binary is missing; build it with: cmake --preset test && cmake --build --preset test" >&2
    exit 1
fi

export QT_QPA_PLATFORM=offscreen
export ATTENTION_MONKEY_ACTIONS=${ATTENTION_MONKEY_ACTIONS:-10000}
export ATTENTION_MONKEY_SEED=${ATTENTION_MONKEY_SEED:-1}
export ATTENTION_MONKEY_ROUNDS=2
# LeakSanitizer checks at exit (it cannot run under ptrace: not in a debugger or strace).
export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=1
# Both rounds are one test function; Qt Test's default limit per function is 5 minutes.
export QTEST_FUNCTION_TIMEOUT=3600000

echo "monkey: 2 rounds of ${ATTENTION_MONKEY_ACTIONS} actions, seed ${ATTENTION_MONKEY_SEED}, under ASan + UBSan + LSan"
status=0
/usr/bin/time -v -o "$times" "$binary" >"$log" 2>&1 || status=$?
grep -E '^QINFO.*monkey: peak RSS' "$log" | sed 's/^QINFO *: *[^ ]* //' || true
if [ "$status" -ne 0 ]; then
    grep -v -E '^(QINFO|PASS)' "$log" | tail -n 60
    echo "monkey.sh: tst_monkey failed (exit ${status}); the whole output is in ${log}" >&2
    exit 1
fi

first=$(sed -n 's/.*monkey: peak RSS after round 1: \([0-9]*\) KiB.*/\1/p' "$log")
second=$(sed -n 's/.*monkey: peak RSS after round 2: \([0-9]*\) KiB.*/\1/p' "$log")
if [ -z "$first" ] || [ -z "$second" ]; then
    echo "monkey.sh: no peak memory figures in ${log}" >&2
    exit 1
fi
elapsed=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): *//p' "$times")
summary="monkey: 2 × ${ATTENTION_MONKEY_ACTIONS} actions (seed ${ATTENTION_MONKEY_SEED}) in ${elapsed}; peak RSS $((first / 1024)) MiB after the first ${ATTENTION_MONKEY_ACTIONS}, $((second / 1024)) MiB after the second (ASan's shadow and quarantine included)"
# Integer arithmetic: second > 1.25 × first.
if [ $((second * 4)) -gt $((first * 5)) ]; then
    echo "$summary" >&2
    echo "monkey.sh: the second round raised the peak memory by more than 25%: memory keeps growing" >&2
    exit 1
fi
echo "$summary; no leak, no sanitizer report"
