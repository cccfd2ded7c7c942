#!/usr/bin/env bash
# The screen-reader check: attention-lab read over AT-SPI, the Linux accessibility bus that Orca
# uses. Starts an X server (Xvfb) and a private D-Bus session, in which the accessibility bus is
# started on demand, and runs read_weights.py there (it opens distinct-weights.json in the app,
# chooses another query with the keyboard and reads every weight).
# usage: atspi_check.sh ATTENTION_LAB ATTENTION_CLI
# Needs Debian's xvfb, xauth, dbus-daemon, at-spi2-core and python3-pyatspi (scripts/deps.sh).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
for tool in xvfb-run dbus-run-session /usr/libexec/at-spi-bus-launcher; do
    command -v "$tool" > /dev/null || {
        echo "FAIL: $tool is missing (scripts/deps.sh installs it)"
        exit 1
    }
done
/usr/bin/python3 -c 'import pyatspi' 2> /dev/null || {
    echo "FAIL: python3-pyatspi is missing (scripts/deps.sh installs it)"
    exit 1
}

# Sanitizer builds: the app is stopped with SIGTERM, so a leak report cannot come at its exit;
# the X server's extensions' allocations are not ours either.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}"
# The whole check, X server and buses included, may not outlive this. The display number starts
# at a random place, so that parallel runs (ctest -j, other checks) rarely race for the same one.
# -noreset: by default Xvfb resets when its last client leaves (the accessibility bus's helpers
# come and go while the app starts) and refuses connections meanwhile.
exec timeout --kill-after=10 240 \
    xvfb-run -a -n $((200 + RANDOM % 600)) -s "-screen 0 1600x1000x24 -noreset" \
    dbus-run-session -- /usr/bin/python3 "$here/read_weights.py" "$@"
