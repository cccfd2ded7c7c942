#!/usr/bin/env python3
"""Fills each unfinished message of NEW.ts with the translation its source text had in OLD.ts
(in any context), editing the text in place: strings that moved to another class keep their
words. After a part of a class becomes a class of its own, its strings change context and
lupdate marks them unfinished; run, for each language,

    git show HEAD:translations/attention_lab_zh_CN.ts > /tmp/old.ts
    cmake --build --preset release --target update_translations
    scripts/carry-translations.py /tmp/old.ts translations/attention_lab_zh_CN.ts

and translate what it lists as left."""
import re
import sys

MESSAGE = re.compile(r"<message( numerus=\"yes\")?>\s*<source>(.*?)</source>(.*?)</message>", re.S)
TRANSLATION = re.compile(r"<translation( type=\"[a-z]+\")?>(.*?)</translation>|<translation( type=\"[a-z]+\")?/>", re.S)

old_text = open(sys.argv[1], encoding="utf-8").read()
known = {}
for m in MESSAGE.finditer(old_text):
    t = TRANSLATION.search(m.group(3))
    if t and not (t.group(1) or t.group(3)):
        known.setdefault(m.group(2), t.group(0))

new_path = sys.argv[2]
new_text = open(new_path, encoding="utf-8").read()
counts = {"carried": 0, "left": 0}


def carry(m):
    t = TRANSLATION.search(m.group(3))
    if not t or 'type="unfinished"' not in t.group(0):
        return m.group(0)
    if m.group(2) not in known:
        counts["left"] += 1
        print("no translation:", m.group(2)[:70], file=sys.stderr)
        return m.group(0)
    counts["carried"] += 1
    return m.group(0).replace(t.group(0), known[m.group(2)], 1)


new_text = MESSAGE.sub(carry, new_text)
open(new_path, "w", encoding="utf-8").write(new_text)
print(f"{new_path}: {counts['carried']} carried over, {counts['left']} left")
