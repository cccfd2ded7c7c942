#!/usr/bin/env bash
# make-tang-corpus.py on a package of three files made here: files taken in ascending number
# (0, 1000, 10000: not in the order of their names), poems in array order, paragraphs trimmed of
# white space (an ideographic space too) and joined, empty poems dropped, traditional characters
# made simplified by OpenCC; the notice copied; both files readable by everyone.
#   make_tang_corpus_test.sh PYTHON CONVERTER
set -euo pipefail
python=$1 converter=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/package/dist/quantangshi"
dir=$work/package/dist/quantangshi
printf '[{"title": "靜夜思", "paragraphs": ["牀前明月光，疑是地上霜。", " 舉頭望明月，低頭思故鄉。\u3000"]}]' \
    > "$dir/poet.tang.10000.json"
printf '[{"paragraphs": ["秦川雄帝宅，函谷壯皇居。"]}, {"paragraphs": []}, {"paragraphs": ["  "]}]' \
    > "$dir/poet.tang.0.json"
printf '[{"paragraphs": ["綺殿千尋起，", "離宮百雉餘。"]}]' > "$dir/poet.tang.1000.json"
printf '[{"paragraphs": ["宋詞不在此"]}]' > "$dir/poet.song.0.json"
echo "MIT notice" > "$work/package/LICENSE"
tar -czf "$work/package.tgz" -C "$work" package

"$python" "$converter" "$work/package.tgz" "$work/out"
expected=$'秦川雄帝宅，函谷壮皇居。\n绮殿千寻起，离宫百雉余。\n床前明月光，疑是地上霜。举头望明月，低头思故乡。\n'
if [ "$(cat "$work/out/tang.txt"; echo x)" != "${expected}x" ]; then
    echo "tang.txt is"; cat "$work/out/tang.txt"; echo "expected"; printf '%s' "$expected"
    exit 1
fi
[ "$(cat "$work/out/chinese-poetry-LICENSE")" = "MIT notice" ] || { echo "notice differs"; exit 1; }
for f in tang.txt chinese-poetry-LICENSE; do
    [ "$(stat -c %a "$work/out/$f")" = 644 ] || { echo "$f is not 644"; exit 1; }
done
# A package without the poems: refused with a message, nothing written.
tar -czf "$work/empty.tgz" -C "$work" package/LICENSE
if "$python" "$converter" "$work/empty.tgz" "$work/none" 2> "$work/err"; then
    echo "a package without poems was converted"; exit 1
fi
grep -q "has no dist/quantangshi" "$work/err" || { cat "$work/err"; exit 1; }
[ ! -e "$work/none/tang.txt" ] || { echo "a corpus was written"; exit 1; }
echo "make-tang-corpus.py: ok"
