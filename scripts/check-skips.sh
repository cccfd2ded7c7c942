#!/usr/bin/env bash
# Lists the checks that Qt Test skipped (QSKIP) in a ctest log, and fails when one is not on the
# allow-list tests/skips-allowed.txt. scripts/test.sh runs it after ctest: a skip off the list
# fails the run, unless ATTENTION_ALLOW_SKIPS=1 (scripts/test.sh --allow-skips) says that the one
# running it knowingly lacks what a check needs; then the skips are only listed.
#
# Usage: scripts/check-skips.sh [LOG] (default build/test/Testing/Temporary/LastTest.log)
set -euo pipefail
cd "$(dirname "$0")/.."
log=${1:-build/test/Testing/Temporary/LastTest.log}
allowed=tests/skips-allowed.txt

# Qt Test writes "SKIP   : TestClass::function(tag) why" for each skipped check.
skipped=$(grep -E '^SKIP +: ' "$log" | sed 's/^SKIP *: *//' || true)
[ -n "$skipped" ] || exit 0
echo "skipped inside tests ($(echo "$skipped" | wc -l)):"
echo "$skipped" | sed 's/^/  /'

# Each entry of the list: a text that the skipped line printed above contains (at least
# TestClass::function), a tab, the reason.
if grep -v -E '^(#|$)' "$allowed" | grep -v -q -P '^[^\t]+\t+\S'; then
    echo "check-skips: every line of $allowed needs a pattern, a tab and a reason" >&2
    exit 1
fi
unexpected=$(echo "$skipped" | grep -v -F -f <(grep -v -E '^(#|$)' "$allowed" | cut -f1) || true)
if [ -n "$unexpected" ] && [ "${ATTENTION_ALLOW_SKIPS:-0}" != 1 ]; then
    echo "check-skips: these skips fail the run (not on $allowed; ATTENTION_ALLOW_SKIPS=1 or" >&2
    echo "scripts/test.sh --allow-skips lists them only):" >&2
    echo "$unexpected" | sed 's/^/  /' >&2
    exit 1
fi
