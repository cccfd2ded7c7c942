#!/usr/bin/env bash
# Trains the long-trained 全唐诗 model that ships with Attention Lab (resources/models/
# tang.safetensors: `attention-cli ... --model tang`, step 7's "Open the long-trained model"),
# deterministically: the same command, seed and thread count give the same file. Prints the
# training curve, then the heads report of the result (attention-cli heads).
#
#   scripts/train-tang-model.sh [--out FILE] [--no-build]
#
# The settings below are the ones the file in the repository was trained with; docs/results.md
# ("The long-trained model") reports the run: its curve, its time and its heads.
set -euo pipefail
cd "$(dirname "$0")/.."

out=resources/models/tang.safetensors
build=1
while [ $# -gt 0 ]; do
    case "$1" in
    --out) out="$2"; shift 2 ;;
    --no-build) build=0; shift ;;
    -h | --help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "train-tang-model.sh: unknown argument $1; see --help" >&2; exit 2 ;;
    esac
done

if [ "$build" -eq 1 ]; then
    source scripts/deps.sh
    attention_install_missing
    attention_fetch_poetry
    cmake --preset release >/dev/null
    cmake --build --preset release
fi
cli=build/release/bin/attention-cli
mkdir -p "$(dirname "$out")"

# The exact command: change nothing here without training and committing the file again.
"$cli" train --corpus tang --context 64 --d-model 128 --heads 8 --layers 2 --batch 16 \
    --lr 3e-3 --warmup 200 --steps 12000 --eval-every 1000 --seed 1 --threads 2 --out "$out"
"$cli" heads --model "$out" --corpus tang
