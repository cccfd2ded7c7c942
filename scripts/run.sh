#!/usr/bin/env bash
# Installs what is missing, builds what the app needs in the release preset and starts Attention
# Lab. Arguments go to the app, e.g. scripts/run.sh --preset exercise1 --lang zh_CN
#
# It builds only what a user runs: attention-lab, attention-cli (the console tool of the README's
# examples) and tang_corpus (全唐诗 for step 7, converted when its package was fetched), not the
# test programs and benchmarks a whole tree builds; a second start with nothing changed builds
# nothing. scripts/test.sh builds and runs the rest.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/deps.sh
attention_install_missing

targets=(attention-lab attention-cli)
# Without the npm registry step 7 offers tang300 and song100 and says how to get 全唐诗; the
# target tang_corpus exists only when the package is there.
if attention_fetch_poetry; then
    targets+=(tang_corpus)
fi

cmake --preset release >/dev/null
cmake --build --preset release --target "${targets[@]}"

exec build/release/bin/attention-lab "$@"
