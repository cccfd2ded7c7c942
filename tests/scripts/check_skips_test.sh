#!/usr/bin/env bash
# scripts/check-skips.sh on ctest logs written here: a log without skips passes; a skip that is not
# on tests/skips-allowed.txt fails with its line named, by default and with CI unset; with
# ATTENTION_ALLOW_SKIPS=1 the same skip is listed and passes.
#   check_skips_test.sh SOURCE_DIR
set -euo pipefail
source_dir=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "check_skips_test: $*" >&2; exit 1; }
printf 'PASS   : TestX::a()\nTotals: 1 passed\n' > "$work/clean.log"
printf 'PASS   : TestX::a()\nSKIP   : TestX::b() no such thing here\n' > "$work/skip.log"

"$source_dir/scripts/check-skips.sh" "$work/clean.log" > "$work/out" 2>&1 ||
    fail "a log without skips failed: $(cat "$work/out")"
if env -u CI -u ATTENTION_ALLOW_SKIPS "$source_dir/scripts/check-skips.sh" "$work/skip.log" \
    > "$work/out" 2>&1; then
    fail "a skip off the list passed: $(cat "$work/out")"
fi
grep -q "TestX::b() no such thing here" "$work/out" || fail "the skip is not named: $(cat "$work/out")"
ATTENTION_ALLOW_SKIPS=1 "$source_dir/scripts/check-skips.sh" "$work/skip.log" > "$work/out" 2>&1 ||
    fail "ATTENTION_ALLOW_SKIPS=1 did not let the skip pass: $(cat "$work/out")"
grep -q "TestX::b()" "$work/out" || fail "an allowed skip is not listed: $(cat "$work/out")"
echo "check-skips: a skip fails the run unless allowed, and is listed either way"
