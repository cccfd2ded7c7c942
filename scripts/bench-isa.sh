#!/usr/bin/env bash
# The portable build (baseline x86-64 with runtime CPU dispatch, what the .deb ships) against the
# native build (-march=native), side by side in one run: training steps/s (`attention-cli train`,
# default model, 300 steps) and the tiled kernel's GFLOP/s (`attention-cli bench --kernel tiled`,
# the largest T), both at 2 threads, alternating the programs for each of ROUNDS rounds; the
# portable program also forced to its baseline path (ATTENTION_LAB_ISA=baseline), which is how the
# package ran before the dispatch. Prints every figure, the medians and the ratios to native (the
# aims: portable ÷ native at least 0.9), and the sizes of the two attention-cli programs.
#
#   scripts/bench-isa.sh [--rounds N] [--no-build]
set -euo pipefail
cd "$(dirname "$0")/.."

rounds=3
build=1
while [ $# -gt 0 ]; do
    case "$1" in
    --rounds) rounds="$2"; shift 2 ;;
    --no-build) build=0; shift ;;
    -h | --help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench-isa.sh: unknown argument $1; see --help" >&2; exit 2 ;;
    esac
done

if [ "$build" -eq 1 ]; then
    for preset in release portable; do
        cmake --preset "$preset" >/dev/null
        cmake --build --preset "$preset" --target attention-cli
    done
fi
native=build/release/bin/attention-cli
portable=build/portable/bin/attention-cli
echo "native:   $("$native" --version | sed -n 3p)"
echo "portable: $("$portable" --version | sed -n 3p)"

# The program for a column: native, portable, baseline (the portable one on its baseline path).
run() {
    case "$1" in
    native) "$native" "${@:2}" ;;
    portable) "$portable" "${@:2}" ;;
    baseline) ATTENTION_LAB_ISA=baseline "$portable" "${@:2}" ;;
    esac
}
train_rate() {
    run "$1" train --steps 300 --eval-every 300 --threads 2 --format json | tail -n 1 |
        /usr/bin/python3 -c "import json, sys; print(json.load(sys.stdin)['steps_per_second'])"
}
tiled_gflops() {
    run "$1" bench --kernel tiled --threads 2 --format json | /usr/bin/python3 -c "
import json, sys
rows = json.load(sys.stdin)['results']
print(max(rows, key=lambda r: r['T'])['gflops'])"
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for ((round = 1; round <= rounds; round++)); do
    # Alternate which program goes first, so that a change in the machine's load hits both.
    order=(native portable baseline)
    [ $((round % 2)) -eq 0 ] && order=(baseline portable native)
    for which in "${order[@]}"; do
        train_rate "$which" >>"$work/train-$which"
        tiled_gflops "$which" >>"$work/tiled-$which"
    done
    line="round $round:"
    for which in native portable baseline; do
        line+=" $which $(tail -n 1 "$work/train-$which") steps/s $(tail -n 1 "$work/tiled-$which") GFLOP/s;"
    done
    echo "$line"
done

/usr/bin/python3 - "$work" "$(stat -L -c %s "$native")" "$(stat -L -c %s "$portable")" <<'PY'
import statistics, sys
work = sys.argv[1]
def median(name):
    return statistics.median(float(x) for x in open(f"{work}/{name}").read().split())
for label, key in (("training steps/s", "train"), ("tiled GFLOP/s", "tiled")):
    n, p, b = (median(f"{key}-{which}") for which in ("native", "portable", "baseline"))
    print(f"{label:18} native {n:6.1f}  portable {p:6.1f} ({p / n:.2f}×)"
          f"  baseline path {b:6.1f} ({b / n:.2f}×)")
n, p = int(sys.argv[2]), int(sys.argv[3])
print(f"attention-cli size  native {n / 1e6:.1f} MB  portable {p / 1e6:.1f} MB")
PY
