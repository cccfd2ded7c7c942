#!/usr/bin/env python3
"""Holds the sources of app/ and core/ to two sizes: no file over 600 lines and no function body
over 60 lines. Message tables (functions that only word texts) may be longer: they are listed in
ALLOWED below with the reason. scripts/test.sh runs it first; exits 1 naming each file and
function that is too long.

A function body is found by the project's format (.clang-format): a definition's opening brace
stands alone on its line, at column 0 or, inside a class, at column 4, and its closing brace at
the same column. Bodies of classes, structs, enums and namespaces are not functions.
"""

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


def main():
    root = pathlib.Path(__file__).resolve().parent.parent
    problems = []
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
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"check-sizes: {len(problems)} too long (a message table may be added to ALLOWED "
              f"in {pathlib.Path(__file__).name}, with its reason)", file=sys.stderr)
        return 1
    print(f"check-sizes: every file of app/ and core/ within {MAX_FILE_LINES} lines, every "
          f"function within {MAX_FUNCTION_LINES}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
