#!/usr/bin/env bash
# scripts/deps.sh's attention_fetch_poetry against a package whose integrity differs from the
# pinned value (a small local package, so no registry is needed): refused with a message naming
# both values, nothing kept (no tarball, no half-fetched folder).
#   fetch_poetry_test.sh SOURCE_DIR
set -euo pipefail
source_dir=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
command -v npm >/dev/null || { echo "npm is missing (scripts/deps.sh installs it)"; exit 1; }
mkdir -p "$work/fake"
echo '{"name": "chinese-poetry", "version": "2.0.1"}' > "$work/fake/package.json"
cd "$work"
source "$source_dir/scripts/deps.sh"
attention_poetry_package=$work/fake
attention_poetry_tarball=$work/deps/chinese-poetry-2.0.1.tgz
if attention_fetch_poetry 2> "$work/err"; then
    echo "a package with another integrity value was kept"; exit 1
fi
grep -q "does not match its pinned integrity value" "$work/err" || { cat "$work/err"; exit 1; }
grep -q "$attention_poetry_integrity" "$work/err" || { cat "$work/err"; exit 1; }
[ ! -e "$attention_poetry_tarball" ] || { echo "the tarball was kept"; exit 1; }
[ -z "$(ls -A "$work/deps")" ] || { echo "left behind:"; ls -A "$work/deps"; exit 1; }
echo "attention_fetch_poetry: refused, nothing kept"
