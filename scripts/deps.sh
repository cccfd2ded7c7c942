#!/usr/bin/env bash
# Installs the Debian packages the project needs that are not installed yet (sourced by run.sh
# and test.sh). Nothing happens when all are present; apt-get runs with sudo when not root.

attention_packages=(
    cmake ninja-build g++ pkg-config
    qt6-base-dev qt6-charts-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
    qt6-translations-l10n libqt6opengl6-dev libgl-dev libeigen3-dev fonts-noto-cjk fortunes-zh
    xvfb xauth openbox dbus-daemon at-spi2-core python3-pyatspi python3 opencc
)

attention_install_missing() {
    local missing=()
    local package
    for package in "${attention_packages[@]}" "$@"; do
        if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
            missing+=("$package")
        fi
    done
    [ ${#missing[@]} -eq 0 ] && return 0

    local sudo=()
    [ "$(id -u)" -eq 0 ] || sudo=(sudo)
    echo "Installing missing packages: ${missing[*]}"
    "${sudo[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends \
        "${missing[@]}"
}

# 全唐诗 (the corpus "tang"): the npm package chinese-poetry, fetched once with `npm pack` into
# build/deps and checked against the registry's integrity value pinned here. The build converts
# it (scripts/make-tang-corpus.py). Debian's npm is installed when no npm is on the PATH.
attention_poetry_package=chinese-poetry@2.0.1
attention_poetry_tarball=build/deps/chinese-poetry-2.0.1.tgz
attention_poetry_integrity='sha512-KtYARvV7CWNtax0na9+Jn6PlhGgSoid7PWyDzXI4KsCEm2odZcqEQyval5koaLygZnM/EQ3lfJ//25K8p3uHNg=='

# The integrity value (sha512-<base64>) of a file, as npm writes it.
attention_integrity_of() {
    python3 -c 'import base64, hashlib, sys
print("sha512-" + base64.b64encode(hashlib.sha512(open(sys.argv[1], "rb").read()).digest()).decode())' "$1"
}

attention_fetch_poetry() {
    if [ -f "$attention_poetry_tarball" ] &&
        [ "$(attention_integrity_of "$attention_poetry_tarball")" = "$attention_poetry_integrity" ]; then
        return 0
    fi
    command -v npm >/dev/null || attention_install_missing npm
    local dir work got
    dir=$(dirname "$attention_poetry_tarball")
    mkdir -p "$dir"
    work=$(mktemp -d "$dir/fetch.XXXXXX")
    # At most five minutes, one try: without the registry, the rest of the project still works.
    if ! (cd "$work" && timeout 300 npm pack --silent --fetch-retries=0 \
        "$attention_poetry_package" >/dev/null); then
        rm -rf "$work"
        echo "deps.sh: could not fetch $attention_poetry_package from the npm registry; tang300" \
            "and song100 work without it" >&2
        return 1
    fi
    got=$(attention_integrity_of "$work"/chinese-poetry-*.tgz)
    if [ "$got" != "$attention_poetry_integrity" ]; then
        rm -rf "$work"
        echo "deps.sh: $attention_poetry_package does not match its pinned integrity value" \
            "(expected $attention_poetry_integrity, got $got); nothing was kept" >&2
        return 1
    fi
    mv "$work"/chinese-poetry-*.tgz "$attention_poetry_tarball"
    rm -rf "$work"
}
