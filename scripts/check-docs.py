#!/usr/bin/env python3
"""Holds README.md and the documents in docs/ to what a reader can use (docs/testing.md):

- a prose line has at most 120 characters (table rows and fenced code blocks aside);
- a table cell has at most 40 words;
- README.md has at most 150 lines;
- every relative link or picture resolves to a file of the repository (tracked, or new and not
  ignored by git), and its #anchor, if any, to a heading of that file;
- no document names the team's design folder outside the repository.

scripts/test.sh runs it beside check-sizes.py. Usage: scripts/check-docs.py [--root DIR]; exits 1
naming the file, the line and what is wrong for each fault.
"""

import argparse
import pathlib
import re
import subprocess
import sys
import urllib.parse

MAX_PROSE_CHARS = 120
MAX_CELL_WORDS = 40
MAX_README_LINES = 150

FENCE = re.compile(r"^\s*(```|~~~)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
CODE_SPAN = re.compile(r"`[^`]*`")
# [text](target) and ![alt](target); the target ends at the first space or closing parenthesis.
INLINE_LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE_LINK = re.compile(r"^\s{0,3}\[[^\]]+\]:\s+<?(\S+?)>?(\s|$)")
# The design folder outside the repository, its name written in two parts so that a search of the
# repository for it finds only the files that still cite it.
OUTSIDE_FOLDER = "shared" + "/"
OUTSIDE = re.compile(r"(\.\./)+" + OUTSIDE_FOLDER + r"|\b" + OUTSIDE_FOLDER + "design/")
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


def documents(root):
    """README.md and every Markdown file under docs/, as paths."""
    found = [root / "README.md"] if (root / "README.md").is_file() else []
    docs = root / "docs"
    if docs.is_dir():
        found += sorted(p for p in docs.rglob("*.md") if p.is_file())
    return found


def repository_files(root):
    """The files a link may point to: git's tracked and new files when root is a work tree (what
    .gitignore ignores, such as build/, is not the repository's), else every file under root."""
    try:
        listed = subprocess.run(
            ["git", "-C", str(root), "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
            check=True, capture_output=True).stdout
        if listed and (root / ".git").exists():
            files = {root / name for name in listed.decode().split("\0") if name}
            folders = {root / folder for f in files for folder in f.relative_to(root).parents}
            return files | folders
    except (OSError, subprocess.CalledProcessError):
        pass
    return {p for p in root.rglob("*")}


def slug(heading):
    """The anchor GitHub gives a heading: lower case, code marks and punctuation removed (letters of
    any script, digits, '_' and '-' kept), spaces turned into '-'."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(path):
    """The anchors of a Markdown file's headings, with -1, -2 … for repeated ones."""
    seen = {}
    result = set()
    for _, line in prose_lines(path.read_text(encoding="utf-8").splitlines()):
        match = HEADING.match(line)
        if not match:
            continue
        base = slug(match.group(2))
        name = base if base not in seen else f"{base}-{seen[base]}"
        seen[base] = seen.get(base, 0) + 1
        result.add(name)
    return result


def prose_lines(lines):
    """(line number, line) of the lines outside fenced code blocks."""
    inside = False
    for number, line in enumerate(lines, start=1):
        if FENCE.match(line):
            inside = not inside
            continue
        if not inside:
            yield number, line


def table_cells(line):
    """The cells of a table row; escaped bars (\\|) stay inside their cell."""
    cells = re.split(r"(?<!\\)\|", line.strip())
    if cells and cells[0] == "":
        cells = cells[1:]
    if cells and cells[-1] == "":
        cells = cells[:-1]
    return cells


def link_faults(root, path, target, files, anchor_cache):
    """What is wrong with one link target, or None."""
    if SCHEME.match(target) or target.startswith("//"):
        return None  # a web address or mail: not checked here
    parsed = urllib.parse.urlsplit(target)
    file_part = urllib.parse.unquote(parsed.path)
    fragment = urllib.parse.unquote(parsed.fragment)
    destination = (path.parent / file_part).resolve() if file_part else path.resolve()
    try:
        destination.relative_to(root)
    except ValueError:
        return f"link {target} leads outside the repository"
    if destination not in files and destination != root:
        return f"link {target} names no file of the repository"
    if fragment and destination.suffix == ".md":
        if destination not in anchor_cache:
            anchor_cache[destination] = anchors(destination)
        if fragment not in anchor_cache[destination]:
            return f"link {target}: {destination.name} has no heading with the anchor #{fragment}"
    return None


def check_file(root, path, files, anchor_cache):
    """The faults of one document, as "file:line: what" strings."""
    name = path.relative_to(root)
    lines = path.read_text(encoding="utf-8").splitlines()
    faults = []
    if path == root / "README.md" and len(lines) > MAX_README_LINES:
        faults.append(f"{name}: {len(lines)} lines; README.md may have at most {MAX_README_LINES}")
    for number, line in prose_lines(lines):
        where = f"{name}:{number}"
        if OUTSIDE.search(line):
            faults.append(f"{where}: names a folder outside the repository; cite the file in docs/")
        if line.lstrip().startswith("|"):
            for cell in table_cells(line):
                words = len(cell.split())
                if words > MAX_CELL_WORDS:
                    faults.append(f"{where}: a table cell of {words} words (at most {MAX_CELL_WORDS})")
        elif len(line) > MAX_PROSE_CHARS:
            faults.append(f"{where}: {len(line)} characters (at most {MAX_PROSE_CHARS} in prose)")
        text = CODE_SPAN.sub("", line)
        targets = [m.group(1) for m in INLINE_LINK.finditer(text)]
        reference = REFERENCE_LINK.match(text)
        if reference:
            targets.append(reference.group(1))
        for target in targets:
            fault = link_faults(root, path, target, files, anchor_cache)
            if fault:
                faults.append(f"{where}: {fault}")
    return faults


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", default=pathlib.Path(__file__).resolve().parent.parent,
                        type=pathlib.Path, help="the repository (default: this script's)")
    root = parser.parse_args().root.resolve()
    files = {p.resolve() for p in repository_files(root)}
    anchor_cache = {}
    faults = []
    checked = documents(root)
    for path in checked:
        faults += check_file(root, path, files, anchor_cache)
    for fault in faults:
        print(fault, file=sys.stderr)
    if faults:
        print(f"check-docs: {len(faults)} fault(s) in {len(checked)} documents", file=sys.stderr)
        return 1
    print(f"check-docs: {len(checked)} documents, every line, table cell and link in bounds")
    return 0


if __name__ == "__main__":
    sys.exit(main())
