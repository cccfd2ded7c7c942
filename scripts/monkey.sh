#!/usr/bin/env bash
# The monkey test at full length (scripts/test.sh runs it after ctest): tst_monkey, built by the
# test preset (AddressSanitizer + UBSan), runs three rounds of seeded random actions one after the
# other in the same window, 3,000 then twice 10,000, with LeakSanitizer on. The first round warms
# up what is meant to fill once: ASan's quarantine and stack depot, the undo history up to its limit of
# 1000 steps, Qt's font and glyph caches, the heatmaps' laid-out texts. The other two are the
# two runs compared: the script fails on a failed check, a sanitizer report or a leak, and on
# memory still growing once warmed up, by two gates. The first, the heap in use (the allocator's
# own count of live blocks), is measured after each round with the window put in one fixed state
# (the lesson preset, an empty undo history), so the figures compare: the one after the third
# round may not exceed the one after the second by more than 5%. The second is the peak resident
# size, ASan's own memory included, which may not grow by more than 20% from the second round to
# the third. A missing or zero figure fails too. All figures are printed.
#
# Why a warm-up round: the peak after the second round is about 1.13 times the peak after the
# first (ASan's stack depot keeps every new allocation stack the monkey finds, and the history
# reaches its limit only after some 2000 actions), so comparing the first two runs would leave
# little room; after the warm-up a further 10,000 actions raise the peak by about 12% (the stack
# depot still grows), and the heap in use while the history holds what a round left varies by
# ±10% (a step at d = 1024 keeps two 1024-wide scenarios), hence the fixed state.
#
# Measured with seed 1, rounds of 10,000, ASan build (KiB at rest after the three rounds; the
# gate compares the last two). Until the Fusion style's header sections were drawn by
# PixmapCacheSafeStyle, the heap grew by some 8.5 MiB a round without end: 27776, 36315, 45129
# (+242 per mille; the pixmap cache kept a key for every header section painted with a colour,
# see pixmapcachesafestyle.h). Since, two runs left 17077, 18101, 17697 (-23 per mille) and 17262,
# 18057, 17758 (-17 per mille): flat. In the release build (rounds of 5000, seeds 2, 3, 4) the
# last two figures differ by -37, -26 and -24 per mille: the 5% gate leaves room for that.
# Step 7's inspector measures a reset model's heads on its own thread; until the figure waited
# for it, a measurement taken while it ran held some 7 MiB more (35 -> 42 MiB, +182 per mille,
# failed the gate once). Waiting, rounds of 3000 left 25279, 25274, 24511 KiB (-31 per mille).
#
# The warm-up is 3,000 actions: the peak of a whole run is reached within its first 1000 (a
# scenario at d = 4096), the history reaches its limit after some 2000, and from there the
# resident size grows by 15–20 MiB a thousand actions (the stack depot) in every round alike
# (scripts/test.sh, 2026-12-07: 1614 MiB peak after 1000 actions, unchanged through 20,000).
#
# Usage: scripts/monkey.sh (after `cmake --build --preset test`). ATTENTION_MONKEY_ACTIONS,
# ATTENTION_MONKEY_WARMUP and ATTENTION_MONKEY_SEED change the length of the compared rounds
# (default 10000), of the warm-up (default 3000) and the seed (default 1);
# ATTENTION_MONKEY_BINARY and ATTENTION_MONKEY_LOG another test binary and log file;
# ATTENTION_MONKEY_HEAP_GROWTH and ATTENTION_MONKEY_RSS_GROWTH the gates' limits in percent
# (default 5 and 20).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/deps.sh
attention_install_missing time

binary=${ATTENTION_MONKEY_BINARY:-build/test/bin/tst_monkey}
log=${ATTENTION_MONKEY_LOG:-build/test/monkey.log}
times=${log%.log}.time
if [ ! -x "$binary" ]; then
    echo "monkey.sh: $binary is missing; build it with: cmake --preset test && cmake --build --preset test" >&2
    exit 1
fi

export QT_QPA_PLATFORM=offscreen
export ATTENTION_MONKEY_ACTIONS=${ATTENTION_MONKEY_ACTIONS:-10000}
export ATTENTION_MONKEY_WARMUP=${ATTENTION_MONKEY_WARMUP:-3000}
export ATTENTION_MONKEY_SEED=${ATTENTION_MONKEY_SEED:-1}
export ATTENTION_MONKEY_ROUNDS=3
# LeakSanitizer checks at exit (it cannot run under ptrace: not in a debugger or strace).
export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=1
# The rounds are one test function; Qt Test's default limit per function is 5 minutes.
export QTEST_FUNCTION_TIMEOUT=3600000

echo "monkey: a warm-up of ${ATTENTION_MONKEY_WARMUP} and 2 rounds of ${ATTENTION_MONKEY_ACTIONS} actions, seed ${ATTENTION_MONKEY_SEED}, under ASan + UBSan + LSan"
status=0
/usr/bin/time -v -o "$times" "$binary" >"$log" 2>&1 || status=$?
grep -E '^QINFO.*monkey: (peak RSS|heap at rest)' "$log" | sed 's/^QINFO *: *[^ ]* //' || true
if [ "$status" -ne 0 ]; then
    grep -v -E '^(QINFO|PASS)' "$log" | tail -n 60
    echo "monkey.sh: tst_monkey failed (exit ${status}); the whole output is in ${log}" >&2
    exit 1
fi

peak() { sed -n "s/.*monkey: peak RSS after round $1: \\([0-9]*\\) KiB.*/\\1/p" "$log"; }
rest() { sed -n "s/.*monkey: heap at rest after round $1: \\([0-9]*\\) KiB.*/\\1/p" "$log"; }
warm=$(peak 1)
first=$(peak 2)
second=$(peak 3)
heapFirst=$(rest 2)
heapSecond=$(rest 3)
for figure in "$warm" "$first" "$second" "$heapFirst" "$heapSecond"; do
    if [ -z "$figure" ] || [ "$figure" -le 0 ]; then
        echo "monkey.sh: a memory figure is missing or zero in ${log} (peaks '${warm}' '${first}' '${second}' KiB, heap at rest '${heapFirst}' '${heapSecond}' KiB)" >&2
        exit 1
    fi
done
elapsed=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): *//p' "$times")
n=${ATTENTION_MONKEY_ACTIONS}
summary="monkey: ${ATTENTION_MONKEY_WARMUP} warm-up + 2 × ${n} actions (seed ${ATTENTION_MONKEY_SEED}) in ${elapsed}; heap in use at rest $((heapFirst / 1024)) MiB after the first run of ${n}, $((heapSecond / 1024)) MiB after the second ($((heapSecond * 1000 / heapFirst - 1000)) per mille); peak RSS $((first / 1024)) MiB after the first run, $((second / 1024)) MiB after the second ($((warm / 1024)) MiB after the warm-up; ASan's own memory included)"
# Integer arithmetic: heapSecond > (1 + growth/100) × heapFirst, second > (1 + rssGrowth/100) ×
# first. The RSS gate is 20%: on an idle machine the peak grew by 12%, 9%, 8.8% and 10.2% (seed 1,
# four runs over three weeks; ASan's stack depot still grows), and by 16.3% once with a build and
# a training run beside it (1289 -> 1500 MiB; the same tree idle: 1360 -> 1499), while the heap
# at rest stayed flat (-24 per mille): the heap gate is the one that sees a leak. The heap
# gate is the issue's aim, 5% (ATTENTION_MONKEY_HEAP_GROWTH): about 0.9 MiB a round of 10,000,
# which a leak of some 70 bytes per document change (about 13,000 a round) exceeds. A deliberate
# leak of 4 KiB per document change, kept reachable so that LeakSanitizer does not see it, left
# 62538, 109487 and 162914 KiB (+487 per mille) and failed.
growth=${ATTENTION_MONKEY_HEAP_GROWTH:-5}
if [ $((heapSecond * 100)) -gt $((heapFirst * (100 + growth))) ]; then
    echo "$summary" >&2
    echo "monkey.sh: the second run holds more than ${growth}% more heap than the first: memory keeps growing" >&2
    exit 1
fi
rssGrowth=${ATTENTION_MONKEY_RSS_GROWTH:-20}
if [ $((second * 100)) -gt $((first * (100 + rssGrowth))) ]; then
    echo "$summary" >&2
    echo "monkey.sh: the second run raised the peak memory by more than ${rssGrowth}%: memory keeps growing" >&2
    exit 1
fi
echo "$summary; no leak, no sanitizer report"
