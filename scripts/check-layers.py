#!/usr/bin/env python3
"""Holds the project's layers to their arrows: gui and cli -> widgets -> model -> core.

- core/ includes nothing of app/;
- app/model includes nothing of app/widgets, app/gui or app/cli;
- app/widgets includes nothing of app/gui or app/cli, and of the core only types.h (the matrix
  and index types every layer shares): everything else of the core it reaches through app/model.

A header is known by its file name, as the targets' include directories make them visible
("head.h", "tiny/inference.h"). scripts/test.sh runs it beside check-sizes.py; exits 1 naming
each include that crosses a layer.
"""

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
# What app/widgets may include of the core directly.
SHARED_CORE = {"types.h"}


def headers(folder):
    """The names a file includes a header of `folder` by: "head.h", "tiny/inference.h"."""
    base = ROOT / folder
    return {str(p.relative_to(base)) for p in base.rglob("*.h")}


def sources(folder):
    return sorted(p for p in (ROOT / folder).rglob("*") if p.suffix in (".h", ".cpp"))


def includes(path):
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        match = INCLUDE.match(line)
        if match:
            yield number, match.group(1)


def main():
    core = headers("core")
    model = headers("app/model")
    widgets = headers("app/widgets")
    above_model = widgets | headers("app/gui") | headers("app/cli")
    # Per layer: the headers it must not include, and why.
    rules = [
        ("core", headers("app") - core, "the core includes nothing of app/"),
        ("app/model", above_model - model, "app/model includes nothing of the widgets, gui or cli"),
        ("app/widgets", (headers("app/gui") | headers("app/cli")) - widgets - model,
         "the widgets include nothing of gui or cli"),
        ("app/widgets", core - SHARED_CORE - model - widgets,
         "the widgets reach the core through app/model (only types.h directly)"),
    ]
    problems = []
    for folder, forbidden, why in rules:
        for path in sources(folder):
            for number, name in includes(path):
                if name in forbidden:
                    problems.append(f"{path.relative_to(ROOT)}:{number}: includes {name}: {why}")
    for problem in problems:
        print(problem)
    if problems:
        return 1
    print("check-layers: gui and cli -> widgets -> model -> core, no include against the arrows")
    return 0


if __name__ == "__main__":
    sys.exit(main())
