#!/usr/bin/env bash
# Installs what is missing, builds the test preset (AddressSanitizer + UndefinedBehaviorSanitizer)
# and runs every test offscreen. Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/deps.sh
attention_install_missing

export QT_QPA_PLATFORM=offscreen
cmake --preset test
cmake --build --preset test
ctest --preset test
