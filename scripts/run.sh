#!/usr/bin/env bash
# Installs what is missing, builds the release preset and starts Attention Lab.
# Arguments go to the app, e.g. scripts/run.sh --preset exercise1 --lang zh_CN
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/deps.sh
attention_install_missing
# Without the npm registry step 7 offers tang300 and song100 and says how to get 全唐诗.
attention_fetch_poetry || true

cmake --preset release >/dev/null
cmake --build --preset release

exec build/release/bin/attention-lab "$@"
