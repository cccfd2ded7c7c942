#!/usr/bin/env python3
"""Holds the sources of app/ and core/ to two sizes and one shape: no file over 600 lines, no
function body over 60 lines, and no class whose members are defined in two .cpp files (a class
that outgrows its file gives a part a class of its own). Message tables (functions that only word
texts) may be longer: they are listed in ALLOWED below with the reason. scripts/test.sh runs it
first; exits 1 naming each file, function and class at fault. --root checks another tree
(tests/scripts/check_sizes_test.py plants each fault in a small one).

A function body is found by the project's format (.clang-format): a definition's opening brace
stands alone on its line, at column 0 or, inside a class, at column 4, and its closing brace at
the same column. Bodies of classes, structs, enums and namespaces are not functions.
"""

import argparse
import collections
import pathlib
import re
import sys

MAX_FILE_LINES = 600
MAX_FUNCTION_LINES = 60

# file (relative to the repository), the line before the body's brace: why it may be longer.
ALLOWED = {
    ("app/model/scenarioerror.cpp", "QString words(const ScenarioError &e)"):
        "message table: one wording per kind of scenario error",
    ("app/widgets/lesson/lessontext.cpp", "StepText LessonText::step(int step)"):
        "message table: the texts of the lesson's steps",
}

NOT_A_FUNCTION = re.compile(r"^\s*(template\s*<.*>\s*)?(class|struct|enum|union|namespace)\b")

# A member's definition at column 0: an optional return type, then Owner::member( (the owner the
# last name before ::, so that Outer::Inner::f belongs to Inner).
MEMBER_DEFINITION = re.compile(
    r"^(?:[\w:<>,*&\s]+?\s+[*&]*)?(?:\w+::)*?(\w+)::(~?\w+|operator\S+)\s*\(")


def long_bodies(path, lines):
    """(first line, length, signature) of each function body longer than the limit."""
    found = []
    for indent in ("", "    "):
        opening = None
        for number, line in enumerate(lines):
            if line == indent + "{":
                opening = number
            elif opening is not None and line.rstrip() in (indent + "}", indent + "};"):
                signature = lines[opening - 1].strip() if opening > 0 else ""
                length = number - opening - 1
                if length > MAX_FUNCTION_LINES and not NOT_A_FUNCTION.match(signature):
                    found.append((opening, length, signature))
                opening = None
    return found


def member_owners(lines):
    """The classes (or namespaces) whose members `lines` of a .cpp file define."""
    owners = set()
    for line in lines:
        if not line or line[0].isspace() or line.startswith(("//", "#", "return")):
            continue
        match = MEMBER_DEFINITION.match(line)
        if match and not line.rstrip().endswith(";"):
            owners.add(match.group(1))
    return owners


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=pathlib.Path,
                        default=pathlib.Path(__file__).resolve().parent.parent)
    root = parser.parse_args().root.resolve()
    problems = []
    defined_in = collections.defaultdict(list)
    for folder in ("app", "core"):
        for path in sorted((root / folder).rglob("*")):
            if path.suffix not in (".cpp", ".h"):
                continue
            relative = path.relative_to(root).as_posix()
            lines = path.read_text(encoding="utf-8").split("\n")
            if len(lines) - 1 > MAX_FILE_LINES:
                problems.append(f"{relative}: {len(lines) - 1} lines (at most {MAX_FILE_LINES})")
            for opening, length, signature in long_bodies(path, lines):
                if (relative, signature) in ALLOWED:
                    continue
                problems.append(f"{relative}:{opening}: {signature} has a body of {length} "
                                f"lines (at most {MAX_FUNCTION_LINES})")
            if path.suffix == ".cpp":
                for owner in member_owners(lines):
                    defined_in[owner].append(relative)
    for owner, files in sorted(defined_in.items()):
        if len(files) > 1:
            problems.append(f"{owner}: members defined in {len(files)} files ({', '.join(files)}); "
                            f"give a part a class of its own")
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"check-sizes: {len(problems)} at fault (a message table may be added to ALLOWED "
              f"in {pathlib.Path(__file__).name}, with its reason)", file=sys.stderr)
        return 1
    print(f"check-sizes: every file of app/ and core/ within {MAX_FILE_LINES} lines, every "
          f"function within {MAX_FUNCTION_LINES}, every class defined in one .cpp file")
    return 0


if __name__ == "__main__":
    sys.exit(main())
