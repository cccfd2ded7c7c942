#!/usr/bin/env python3
"""Builds the corpus "tang" (全唐诗) from the npm package chinese-poetry 2.0.1.

    make-tang-corpus.py TARBALL OUTPUT_DIR

Reads dist/quantangshi/poet.tang.N.json from the package's tarball in ascending N; each file is a
JSON array of poems, taken in order. A poem's text is its paragraphs, each trimmed of white space
(Unicode's White_Space), joined without separator; an empty text is no document. The documents,
each followed by one newline, are converted to simplified characters by OpenCC (t2s.json) and
written to OUTPUT_DIR/tang.txt, one poem per line (docs/tiny-model.md, "tang: 全唐诗");
the package's MIT notice goes to OUTPUT_DIR/chinese-poetry-LICENSE. Both files are written under
temporary names and renamed: an interrupted run leaves no half-written corpus.
"""

import hashlib
import json
import os
import re
import subprocess
import sys
import tarfile
import tempfile

WHITE_SPACE = "".join(
    map(chr, [*range(0x09, 0x0E), 0x20, 0x85, 0xA0, 0x1680, *range(0x2000, 0x200B),
              0x2028, 0x2029, 0x202F, 0x205F, 0x3000]))
# The SHA-256 of tang.txt as Debian 12's OpenCC 1.1.6 converts the package: the text the model
# that ships (resources/models/tang.safetensors) was trained on. Another OpenCC may convert some
# characters otherwise; the corpus still works, but that model's vocabulary may no longer match.
TRAINED_ON = "7e0bfef90e62386d922b84c4968351dc33d43afdf63799d1ddfa238c00413006"
POEM_FILE = re.compile(r"^package/dist/quantangshi/poet\.tang\.(\d+)\.json$")


def documents(tarball):
    with tarfile.open(tarball, "r:gz") as archive:
        members = [(int(m.group(1)), member) for member in archive.getmembers()
                   if (m := POEM_FILE.match(member.name))]
        if not members:
            sys.exit(f"make-tang-corpus: {tarball} has no dist/quantangshi/poet.tang.*.json")
        for _, member in sorted(members, key=lambda pair: pair[0]):
            poems = json.load(archive.extractfile(member))
            for poem in poems:
                text = "".join(line.strip(WHITE_SPACE) for line in poem.get("paragraphs", []))
                if text:
                    yield text


def write_atomically(path, data):
    directory = os.path.dirname(path) or "."
    with tempfile.NamedTemporaryFile(dir=directory, delete=False) as file:
        file.write(data)
    os.chmod(file.name, 0o644)  # readable by every user once installed
    os.replace(file.name, path)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tarball, output = sys.argv[1], sys.argv[2]
    os.makedirs(output, exist_ok=True)
    traditional = "".join(text + "\n" for text in documents(tarball)).encode("utf-8")
    converted = subprocess.run(["opencc", "-c", "t2s.json"], input=traditional,
                               capture_output=True, check=False)
    if converted.returncode != 0:
        sys.exit("make-tang-corpus: opencc failed: " + converted.stderr.decode(errors="replace"))
    if converted.stdout.count(b"\n") != traditional.count(b"\n"):
        sys.exit("make-tang-corpus: opencc changed the number of poems")
    with tarfile.open(tarball, "r:gz") as archive:
        notice = archive.extractfile("package/LICENSE").read()
    write_atomically(os.path.join(output, "chinese-poetry-LICENSE"), notice)
    write_atomically(os.path.join(output, "tang.txt"), converted.stdout)
    if hashlib.sha256(converted.stdout).hexdigest() != TRAINED_ON:
        print("make-tang-corpus: warning: this tang.txt differs from the text the long-trained "
              "model was trained on (another OpenCC version?); that model may not open with it",
              file=sys.stderr)


if __name__ == "__main__":
    main()
