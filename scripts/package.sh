#!/usr/bin/env bash
# Builds the Debian package build/portable/attention-lab_<version>-1_<arch>.deb: installs what
# is missing (dpkg-dev for dpkg-shlibdeps), builds the portable preset (baseline x86-64, not
# -march=native, so the package runs on any machine; its hot code is also compiled for x86-64-v3
# and v4 and the fastest the CPU runs is chosen at start, core/isa.h) without the tests, and
# runs cpack.
# Install the result with: sudo apt-get install ./build/portable/attention-lab_*.deb
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/deps.sh
attention_install_missing dpkg-dev file
attention_fetch_poetry # the package ships 全唐诗

cmake --preset portable -DATTENTION_LAB_BUILD_TESTS=OFF
cmake --build --preset portable
rm -f build/portable/attention-lab_*.deb
(cd build/portable && cpack -G DEB)
package=$(ls build/portable/attention-lab_*.deb)
echo "Debian package: ${package}"
