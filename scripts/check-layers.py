#!/usr/bin/env python3
"""Holds the project's layers to their arrows: gui and cli -> widgets -> model -> core.

- core/ includes nothing of app/;
- app/model includes nothing of app/widgets, app/gui or app/cli;
- app/widgets includes nothing of app/gui or app/cli, and of the core only types.h (the matrix
  and index types every layer shares): everything else of the core it reaches through app/model.

A header is known by the name an include gives it: its path from the include directory that
holds it, as the targets' CMakeLists.txt set them ("head.h" and "tiny/inference.h" from core/,
"keptruns.h" from app/model/, "losschart.h" from the widgets' room lesson/train/). The widgets'
rooms are read from app/widgets/CMakeLists.txt, so a new room is checked as soon as it is built.
A header under no include directory is itself a fault: no include could name it.

scripts/test.sh runs it beside check-sizes.py; exits 1 naming each include that crosses a layer.
tests/scripts/check_layers_test.py plants each kind of fault in a small tree (--root).
"""

import argparse
import pathlib
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
# app/widgets/CMakeLists.txt: foreach(room heatmap plane ... accessibility)
ROOMS = re.compile(r"foreach\s*\(\s*room\s+([^)]*)\)")
# What app/widgets may include of the core directly.
SHARED_CORE = {"types.h"}


def include_roots(root):
    """Each layer's include directories, as its CMakeLists.txt sets them."""
    widgets = root / "app/widgets"
    rooms = ROOMS.search((widgets / "CMakeLists.txt").read_text(encoding="utf-8"))
    return {
        "core": [root / "core"],
        "app/model": [root / "app/model", root / "app/model/training"],
        "app/widgets": [widgets / room for room in (rooms.group(1).split() if rooms else [])],
        "app/gui": [root / "app/gui"],
        "app/cli": [root / "app/cli"],
    }


def headers(root, folder, roots, problems):
    """The names an include gives the headers of `folder`: each one's path from its include
    directory (the deepest that holds it)."""
    names = set()
    for path in sorted((root / folder).rglob("*.h")):
        holders = [r for r in roots[folder] if r in path.parents]
        if not holders:
            problems.append(f"{path.relative_to(root)}: under no include directory of {folder}")
            continue
        deepest = max(holders, key=lambda r: len(r.parts))
        names.add(path.relative_to(deepest).as_posix())
    return names


def sources(root, folder):
    return sorted(p for p in (root / folder).rglob("*") if p.suffix in (".h", ".cpp"))


def includes(path):
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        match = INCLUDE.match(line)
        if match:
            yield number, match.group(1)


def check(root):
    """The problems of the tree at `root`, one line each."""
    roots = include_roots(root)
    problems = []
    names = {folder: headers(root, folder, roots, problems) for folder in roots}
    core, model, widgets = names["core"], names["app/model"], names["app/widgets"]
    above = names["app/gui"] | names["app/cli"]
    # Per layer: the names it must not include, and why. A name its own layer (or a layer it may
    # include) also has is its own.
    rules = [
        ("core", (model | widgets | above) - core, "the core includes nothing of app/"),
        ("app/model", (widgets | above) - model - core,
         "app/model includes nothing of the widgets, gui or cli"),
        ("app/widgets", above - widgets - model, "the widgets include nothing of gui or cli"),
        ("app/widgets", core - SHARED_CORE - model - widgets,
         "the widgets reach the core through app/model (only types.h directly)"),
    ]
    for folder, forbidden, why in rules:
        for path in sources(root, folder):
            for number, name in includes(path):
                if name in forbidden:
                    problems.append(f"{path.relative_to(root)}:{number}: includes {name}: {why}")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=pathlib.Path,
                        default=pathlib.Path(__file__).resolve().parent.parent,
                        help="the repository (default: this script's)")
    problems = check(parser.parse_args().root.resolve())
    for problem in problems:
        print(problem)
    if problems:
        return 1
    print("check-layers: gui and cli -> widgets -> model -> core, no include against the arrows")
    return 0


if __name__ == "__main__":
    sys.exit(main())
