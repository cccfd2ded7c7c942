#!/usr/bin/env bash
# Does the README work on a new Debian 12 machine? Makes a minimal Debian 12 root with mmdebstrap
# (`--variant=apt`: essential packages and apt, nothing else, the way Debian's own builders catch
# a missing build dependency), copies a `git archive` of HEAD into it and runs there, as a new user
# would: `scripts/run.sh --version`, a screenshot of the lesson preset (offscreen; compared by
# content with the same screenshot by this machine's release build),
# `attention-cli lesson --section 2` and the console examples of README.md's "The console tool",
# as the README writes them. With --full it first runs `scripts/test.sh`
# there, so the packages phase of its timing starts from nothing. With --deb FILE it builds
# nothing: it installs the Debian package FILE (scripts/package.sh) with apt and runs the installed
# `attention-cli --version`, which must name the CPU path of its kernels, and `attention-cli lesson
# --section 2`.
#
# Each step's time is printed, and at the end the time of each README command; a failing step
# stops the script with its last lines, and the root is unmounted and removed whatever happens.
# Run it after changing the build, the package list or the scripts; it is not part of CI (a
# --full run takes about as long as CI itself).
#
# Usage: scripts/clean-room.sh [--full | --deb FILE] [--keep-logs DIR]
# Needs root (mmdebstrap, chroot and mount); apt reaches the mirrors of this machine's sources.
set -euo pipefail
cd "$(dirname "$0")/.."

full=0
deb=
logs=
while [ $# -gt 0 ]; do
    case "$1" in
    --full) full=1 ;;
    --keep-logs) logs=${2:?--keep-logs needs a folder}; shift ;;
    --deb) deb=$(realpath "${2:?--deb needs a .deb file}"); shift ;;
    -h | --help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "clean-room.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
    shift
done
[ "$(id -u)" -eq 0 ] || { echo "clean-room.sh: needs root (mmdebstrap, chroot, mount)" >&2; exit 2; }

source scripts/deps.sh
attention_install_missing mmdebstrap git

work=$(mktemp -d /var/tmp/attention-clean-room.XXXXXX)
root=$work/root
project=/root/attention-lab
mounts=(proc sys dev dev/pts)

cleanup() {
    local status=$?
    local m i
    for ((i = ${#mounts[@]} - 1; i >= 0; i--)); do
        m=$root/${mounts[i]}
        mountpoint -q "$m" 2>/dev/null && { umount "$m" 2>/dev/null || umount -l "$m"; }
    done
    if [ -n "$logs" ]; then
        mkdir -p "$logs" && cp "$work"/*.log "$logs"/ 2>/dev/null || true
    fi
    rm -rf --one-file-system "$work"
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# step NAME COMMAND...: runs COMMAND with its output in NAME.log; prints the time it took, or on
# failure the log's last lines, and stops.
step() {
    local name=$1 start=$SECONDS
    shift
    local log=$work/${name//[^A-Za-z0-9.]/-}.log
    if ! "$@" >"$log" 2>&1; then
        echo "clean-room: step '${name}' failed after $((SECONDS - start)) s; its last lines:" >&2
        tail -n 40 "$log" >&2
        exit 1
    fi
    echo "clean-room: ${name}: $((SECONDS - start)) s"
}

# readme_step NAME COMMAND...: a step that is one of the README's commands; its time goes into the
# summary at the end.
readme_times=()
readme_step() {
    local start=$SECONDS
    step "$@"
    readme_times+=("$1: $((SECONDS - start)) s")
}

# console_examples: the commands of README.md's "The console tool" block, one a line (a line
# ending in a backslash joined to the next, comments dropped).
console_examples() {
    awk '/^## The console tool/ { section = 1 } section && /^```sh/ { code = 1; next }
         code && /^```/ { exit } code' README.md |
        sed -e ':a' -e '/\\$/N; s/\\\n *//; ta' | sed 's/ *#.*$//'
}

# inside COMMAND: a login shell in the project's folder in the root.
inside() {
    chroot "$root" /usr/bin/env -i HOME=/root TERM=dumb LANG=C.UTF-8 \
        PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        /bin/bash -c "cd $project && $1"
}

make_root() {
    # This machine's apt sources, so the root reaches the same mirrors.
    local sources=(/etc/apt/sources.list.d/*.sources)
    [ -f "${sources[0]}" ] || sources=(/etc/apt/sources.list)
    mmdebstrap --variant=apt --quiet bookworm "$root" "${sources[@]}"
    cp /etc/resolv.conf "$root/etc/resolv.conf"
    mount -t proc proc "$root/proc"
    mount -t sysfs sysfs "$root/sys"
    mount --bind /dev "$root/dev"
    mount --bind /dev/pts "$root/dev/pts"
}

copy_project() {
    mkdir -p "$root$project"
    git archive --format=tar HEAD | tar -x -C "$root$project"
}

# host_screenshot: the same screenshot by this machine's release build of the working tree (built
# if needed), the same size and language, to compare the clean room's with.
host_screenshot() {
    cmake --preset release && cmake --build --preset release --target attention-lab
    env -i HOME=/root LANG=C.UTF-8 PATH=/usr/bin:/bin QT_QPA_PLATFORM=offscreen \
        build/release/bin/attention-lab --preset lesson --screenshot "$work/host.png"
}

# check_screenshot: the clean room's screenshot against the host's, by content (the same size,
# and the same picture up to anti-aliasing; scripts/compare-screenshots.py explains the measure).
check_screenshot() {
    python3 scripts/compare-screenshots.py "$work/host.png" "$root/tmp/lesson.png"
}

install_deb() {
    cp "$deb" "$root/tmp/"
    chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive \
        /bin/bash -c "apt-get update && apt-get install -y --no-install-recommends /tmp/$(basename "$deb")"
}

if [ -n "$deb" ]; then
    echo "clean-room: $(basename "$deb") in ${root}"
    step "minimal Debian 12 root" make_root
    step "apt-get install the package" install_deb
    step "attention-cli --version" chroot "$root" /usr/bin/attention-cli --version
    sed 's/^/  /' "$work/attention-cli---version.log"
    grep -q ' kernels$' "$work/attention-cli---version.log" ||
        { echo "clean-room: --version names no CPU path" >&2; exit 1; }
    step "attention-cli lesson --section 2" chroot "$root" /usr/bin/attention-cli lesson --section 2
    echo "clean-room: every step passed"
    exit 0
fi

echo "clean-room: $(git rev-parse --short HEAD) in ${root}"
step "minimal Debian 12 root" make_root
step "copy of HEAD" copy_project
if [ "$full" -eq 1 ]; then
    readme_step "scripts/test.sh" inside "CI=true scripts/test.sh"
    grep -E '^(== |phases:|ctest:|fuzz_|monkey:|perf_gate:)' "$work/scripts-test.sh.log" | sed 's/^/  /'
fi
readme_step "scripts/run.sh --version" inside "scripts/run.sh --version"
step "screenshot" inside "QT_QPA_PLATFORM=offscreen build/release/bin/attention-lab --preset lesson --screenshot /tmp/lesson.png"
step "host screenshot" host_screenshot
step "screenshot content" check_screenshot
sed 's/^/  /' "$work/screenshot-content.log"
step "attention-cli lesson --section 2" inside "build/release/bin/attention-cli lesson --section 2"
sed 's/^/  /' "$work/attention-cli-lesson---section-2.log" | head -n 12
# The README's console examples, with the programs scripts/run.sh built, in a folder of their own
# (one writes a model file).
while IFS= read -r example; do
    [ -n "$example" ] || continue
    readme_step "$example" inside "export PATH=$project/build/release/bin:\$PATH &&
        mkdir -p /tmp/examples && cd /tmp/examples && $example"
done < <(console_examples)
echo "clean-room: the README's commands on a new machine:"
printf '  %s\n' "${readme_times[@]}"
echo "clean-room: every step passed"
