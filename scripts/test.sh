#!/usr/bin/env bash
# Installs what is missing, builds the test preset (AddressSanitizer + UndefinedBehaviorSanitizer)
# and runs every test offscreen, then the monkey test at full length (scripts/monkey.sh: a warm-up
# and two runs of 10,000 random actions on the main window, LeakSanitizer on, peaks compared),
# then fuzzes the scenario reader and the model-file reader for 60 seconds each (fuzz preset:
# clang, libFuzzer, ASan + UBSan).
# Exits non-zero on any failure or finding.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/deps.sh
attention_install_missing clang libclang-rt-14-dev time

export QT_QPA_PLATFORM=offscreen
cmake --preset test
cmake --build --preset test
ctest --preset test | tee build/test/ctest.log
tests=$(sed -n 's/.*tests failed out of \([0-9]*\).*/\1/p' build/test/ctest.log)

# ctest ran 1000 monkey actions; this runs 10,000 to warm up, then two runs of 10,000 whose peak
# memory it compares.
scripts/monkey.sh | tee build/test/monkey-summary.log
monkey=$(tail -n 1 build/test/monkey-summary.log)

# Each fuzzer runs on a copy of its seed corpus (it adds the inputs it finds interesting), so the
# repository is never modified; a crash, hang, leak or sanitizer report stops it with an error and
# leaves the input in build/fuzz/artifacts/.
cmake --preset fuzz
cmake --build --preset fuzz
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
        exit 1
    fi
    sed -n 's/^stat::number_of_executed_units: *//p' "build/fuzz/${name}.log"
}
scenario_runs=$(run_fuzzer fuzz_scenario tests/fuzz/corpus tests/fuzz/scenario.dict)
echo "fuzz_scenario: ${scenario_runs} executions in 60 s, nothing found"
modelfile_runs=$(run_fuzzer fuzz_modelfile tests/fuzz/modelfile-corpus tests/fuzz/modelfile.dict)
echo "fuzz_modelfile: ${modelfile_runs} executions in 60 s, nothing found"
echo "${monkey}"
echo "ctest: ${tests} passed, 0 failed"
