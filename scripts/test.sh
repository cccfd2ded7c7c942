#!/usr/bin/env bash
# Installs what is missing, builds the test preset (AddressSanitizer + UndefinedBehaviorSanitizer)
# and runs every test offscreen, then the monkey test at full length (scripts/monkey.sh: a warm-up
# and two runs of 10,000 random actions on the main window, LeakSanitizer on, peaks compared),
# then fuzzes the scenario reader for 60 seconds (fuzz preset: clang, libFuzzer, ASan + UBSan).
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
# A check a test could not run (QSKIP: say, a permission check where root cannot become nobody) is
# listed in the summary rather than passed over in silence.
skipped=$(grep -E '^SKIP +: ' build/test/Testing/Temporary/LastTest.log | sed 's/^SKIP *: *//' || true)

# ctest ran 1000 monkey actions; this runs 10,000 to warm up, then two runs of 10,000 whose peak
# memory it compares.
scripts/monkey.sh | tee build/test/monkey-summary.log
monkey=$(tail -n 1 build/test/monkey-summary.log)

# The fuzzer runs on a copy of the seed corpus (it adds the inputs it finds interesting), so the
# repository is never modified; a crash, hang, leak or sanitizer report stops it with an error and
# leaves the input in build/fuzz/artifacts/.
cmake --preset fuzz
cmake --build --preset fuzz
rm -rf build/fuzz/corpus build/fuzz/artifacts
cp -r tests/fuzz/corpus build/fuzz/corpus
mkdir -p build/fuzz/artifacts
if ! build/fuzz/bin/fuzz_scenario -dict=tests/fuzz/scenario.dict -max_len=65536 -rss_limit_mb=2048 \
    -timeout=10 -max_total_time=60 -print_final_stats=1 -artifact_prefix=build/fuzz/artifacts/ \
    build/fuzz/corpus 2>build/fuzz/fuzz.log; then
    tail -n 60 build/fuzz/fuzz.log
    echo "fuzz_scenario found a problem; the input is in build/fuzz/artifacts/ (see build/fuzz/fuzz.log)" >&2
    exit 1
fi
executions=$(sed -n 's/^stat::number_of_executed_units: *//p' build/fuzz/fuzz.log)
echo "fuzz_scenario: ${executions} executions in 60 s, nothing found"
echo "${monkey}"
echo "ctest: ${tests} passed, 0 failed"
if [ -n "${skipped}" ]; then
    echo "skipped inside tests ($(echo "${skipped}" | wc -l)):"
    echo "${skipped}" | sed 's/^/  /'
fi
