#!/usr/bin/env bash
# Trains the tiny model with attention-cli and with the PyTorch peer
# (tests/bench/peer_torch_train.py) for the same wall-clock budget at the default settings, and
# prints for each: steps/s, best validation loss, punctuation F1, peak memory, and the ratios
# ours ÷ peer. Then checks `attention-cli eval` against the peer's independent forward pass on
# the weights file our run saved.
#
#   scripts/bench-train.sh [--budget SECONDS] [--corpus tang] [--no-build]
#
# --corpus tang trains both on 全唐诗 with its own run (attention-cli train --corpus tang's
# defaults: context 64, 2 layers, batch 16, lr 3e-3) and validates once, at the end: one
# validation of its 373,722 characters costs as much as about 120 steps.
#
# The budget (default 60 s) is turned into a step count for each program from a short timed run,
# so that each trains a whole warm-up + cosine schedule in about that time. The peer is timed with
# PyTorch at 2 threads and at 1 (OPENBLAS_NUM_THREADS=1 both times: OpenBLAS's own threads would
# compete with PyTorch's) and trains with the faster; ours likewise at 2 and 1 threads.
#
# Exits 1 when the two runs differ in config, batch, lr or unigram baseline (they did not train
# the same thing), or when eval's loss and the peer's differ by more than 1e-9 relative (both
# compute in float64 on the same float32 weights, so they agree to about 1e-15). python3-torch
# is installed when missing (scripts/deps.sh); the test run itself does not need it.
set -euo pipefail
cd "$(dirname "$0")/.."

budget=60
build=1
corpus=() # tang300 with the spec's defaults
while [ $# -gt 0 ]; do
    case "$1" in
    --budget) budget="$2"; shift 2 ;;
    --no-build) build=0; shift ;;
    --corpus) [ "$2" = tang ] || { echo "bench-train.sh: --corpus takes tang" >&2; exit 2; }
        corpus=(--corpus tang --context 64 --layers 2 --batch 16 --lr 0.003 --warmup 100)
        shift 2 ;;
    -h | --help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench-train.sh: unknown argument $1; see --help" >&2; exit 2 ;;
    esac
done
if ! [[ "$budget" =~ ^[0-9]+$ ]] || [ "$budget" -lt 5 ]; then
    echo "bench-train.sh: --budget takes whole seconds, at least 5" >&2
    exit 2
fi

source scripts/deps.sh
attention_install_missing python3-torch libopenblas0-pthread python3-numpy time
if [ "$build" -eq 1 ]; then
    cmake --preset release >/dev/null
    cmake --build --preset release --target attention-cli
fi

cli=build/release/bin/attention-cli
peer=(/usr/bin/python3 tests/bench/peer_torch_train.py)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export OPENBLAS_NUM_THREADS=1

# The last JSON line of a run's output, and a field of it: json_field FILE FIELD.
json_field() {
    tail -n 1 "$1" | /usr/bin/python3 -c "import json, sys; print(json.load(sys.stdin)['$2'])"
}
# Peak resident memory in bytes from /usr/bin/time -v's report.
peak_bytes() {
    sed -n 's/.*Maximum resident set size (kbytes): \([0-9]*\).*/\1/p' "$1" | awk '{print $1 * 1024}'
}
# Steps that fill the budget at the rate of a calibration run's output.
steps_for_budget() {
    /usr/bin/python3 -c "print(max(20, int($budget * $(json_field "$1" steps_per_second))))"
}

calibration_steps=100
echo "== timing $calibration_steps steps of each, to fit the budget of $budget s"
# Each program trains with the faster of 2 and 1 threads here: on a busy machine a thread that
# waits for a core can cost more than the second thread gains.
faster() { /usr/bin/python3 -c "import sys; sys.exit(0 if $1 > $2 else 1)"; }
best_rate=0
for threads in 2 1; do
    "$cli" train "${corpus[@]}" --steps "$calibration_steps" --eval-every "$calibration_steps" \
        --threads "$threads" --format json >"$work/ours-calibration-$threads.json"
    rate=$(json_field "$work/ours-calibration-$threads.json" steps_per_second)
    echo "ours, $threads thread(s): $rate steps/s"
    if faster "$rate" "$best_rate"; then
        best_rate=$rate
        ours_threads=$threads
    fi
done
ours_steps=$(steps_for_budget "$work/ours-calibration-$ours_threads.json")
best_rate=0
for threads in 2 1; do
    "${peer[@]}" "${corpus[@]}" --steps "$calibration_steps" --eval-every "$calibration_steps" \
        --threads "$threads" >"$work/peer-calibration-$threads.json"
    rate=$(json_field "$work/peer-calibration-$threads.json" steps_per_second)
    echo "peer, PyTorch threads $threads, OPENBLAS_NUM_THREADS=1: $rate steps/s"
    if faster "$rate" "$best_rate"; then
        best_rate=$rate
        peer_threads=$threads
    fi
done
peer_steps=$(steps_for_budget "$work/peer-calibration-$peer_threads.json")

# Both validate every 50 steps whatever the budget, so a run of many steps still finds its best
# step (the default model over-fits tang300 after a few hundred).
ours_eval=50 peer_eval=50
# On 全唐诗 each validates once, after its last step.
[ ${#corpus[@]} -eq 0 ] || { ours_eval=$ours_steps; peer_eval=$peer_steps; }
echo "== training: ours $ours_steps steps at $ours_threads thread(s)," \
    "peer $peer_steps steps at $peer_threads thread(s)"
/usr/bin/time -v -o "$work/ours.time" "$cli" train "${corpus[@]}" --steps "$ours_steps" \
    --eval-every "$ours_eval" --threads "$ours_threads" --out "$work/model.safetensors" \
    --format json >"$work/ours.json"
# The peer stops at 1.2 × the budget at the latest, should the machine slow down under it.
/usr/bin/time -v -o "$work/peer.time" "${peer[@]}" "${corpus[@]}" --steps "$peer_steps" \
    --eval-every "$peer_eval" --threads "$peer_threads" \
    --budget $((budget * 12 / 10)) >"$work/peer.json"
tail -n 1 "$work/ours.json" >"$work/ours-summary.json"
tail -n 1 "$work/peer.json" >"$work/peer-summary.json"

status=0
/usr/bin/python3 - "$work" "$(peak_bytes "$work/ours.time")" "$(peak_bytes "$work/peer.time")" \
    "$ours_threads" "$peer_threads" <<'EOF' || status=1
import json, sys
work, ours_peak, peer_peak = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
ours_threads, peer_threads = sys.argv[4], sys.argv[5]
ours = json.load(open(work + "/ours-summary.json"))
peer = json.load(open(work + "/peer-summary.json"))
ours["peak_memory_bytes"], peer["peak_memory_bytes"] = ours_peak, peer_peak
errors = ["%s differs: ours %s, peer %s" % (key, ours[key], peer[key])
          for key in ("config", "batch", "lr") if ours[key] != peer[key]]
a, b = ours["unigram_val_loss"], peer["unigram_val_loss"]
if not abs(a - b) <= 1e-9 * abs(b):  # the same corpus and vocabulary give the same baseline
    errors.append("unigram_val_loss differs: ours %.12f, peer %.12f" % (a, b))
print("config:", json.dumps(ours["config"]), "batch", ours["batch"], "lr", ours["lr"])
print("unigram_val_loss: ours %.4f, peer %.4f" % (ours["unigram_val_loss"], peer["unigram_val_loss"]))
rows = [("steps", "steps", "%d"), ("seconds", "seconds", "%.1f"),
        ("steps/s", "steps_per_second", "%.2f"), ("best val loss", "best_val_loss", "%.4f"),
        ("best step", "best_step", "%d"), ("punctuation F1", "punctuation_f1", "%.3f"),
        ("peak memory MB", "peak_memory_bytes", None)]
print("%-16s %12s %12s %12s" % ("", "ours(%s thr)" % ours_threads, "peer(%s thr)" % peer_threads,
                                "ours ÷ peer"))
for label, key, fmt in rows:
    a, b = ours[key], peer[key]
    if fmt is None:
        a, b, fmt = a / 1e6, b / 1e6, "%.1f"
    ratio = "%.3f" % (a / b) if b else "—"
    print("%-16s %12s %12s %12s" % (label, fmt % a, fmt % b, ratio))
for error in errors:
    print("bench-train.sh: ERROR: " + error, file=sys.stderr)
sys.exit(1 if errors else 0)
EOF

echo "== eval of our saved model, ours against the peer's forward pass (float64)"
text=床前明月光疑是地上霜
"$cli" eval --model "$work/model.safetensors" --text "$text" --format json >"$work/eval.json"
"${peer[@]}" --check-model "$work/model.safetensors" --text "$text" --threads 1 >"$work/check.json"
/usr/bin/python3 - "$work" <<'EOF' || status=1
import json, sys
ours = json.load(open(sys.argv[1] + "/eval.json"))["loss"]
peer = json.load(open(sys.argv[1] + "/check.json"))["loss"]
print("loss: ours %.12f, peer %.12f, difference %.3g" % (ours, peer, ours - peer))
if not abs(ours - peer) <= 1e-9 * abs(peer):
    sys.exit("bench-train.sh: ERROR: eval's loss differs from the peer's by more than 1e-9 relative")
EOF
exit "$status"
