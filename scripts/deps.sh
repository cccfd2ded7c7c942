#!/usr/bin/env bash
# Installs the Debian packages the project needs that are not installed yet (sourced by run.sh
# and test.sh). Nothing happens when all are present; apt-get runs with sudo when not root.

attention_packages=(
    cmake ninja-build g++ pkg-config
    qt6-base-dev qt6-charts-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
    qt6-translations-l10n libqt6opengl6-dev libgl-dev libeigen3-dev fonts-noto-cjk fortunes-zh
    xvfb xauth dbus-daemon at-spi2-core python3-pyatspi
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
