#!/usr/bin/env python3
"""Tests of scripts/check-sizes.py: a small tree of app/ and core/ is written to a temporary
folder and checked as it is (it passes), then with one fault planted at a time (a file over 600
lines, a function body over 60, a class whose members two .cpp files define): each is refused
with its file and what is wrong. The ctest check_sizes runs it.

Usage: check_sizes_test.py PATH/TO/check-sizes.py
"""

import pathlib
import subprocess
import sys
import tempfile
import unittest

CHECKER = None  # set from the command line

PAGE_CPP = """#include "page.h"

namespace attention {

Page::Page(QWidget *parent)
    : QWidget(parent)
{
}

QString Page::title() const
{
    return tr("Page");
}

Page::Row *Page::Row::make()
{
    return nullptr;
}

} // namespace attention
"""

TREE = {
    "core/kernel.cpp": "namespace attention {\n\nint twice(int x)\n{\n    return 2 * x;\n}\n\n}\n",
    "app/widgets/page.h": "#pragma once\n",
    "app/widgets/page.cpp": PAGE_CPP,
    # Another class's members, and a call of Page's, in a second file.
    "app/widgets/chart.cpp": '#include "page.h"\n\nvoid Chart::draw()\n{\n'
                             "    Page::title();\n    return;\n}\n",
}


class CheckSizesTest(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        self.root = pathlib.Path(self.folder.name)
        for name, text in TREE.items():
            self.write(name, text)

    def tearDown(self):
        self.folder.cleanup()

    def write(self, name, text):
        path = self.root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")

    def run_checker(self):
        result = subprocess.run([sys.executable, CHECKER, "--root", str(self.root)],
                                capture_output=True, text=True)
        return result.returncode, result.stdout + result.stderr

    def assert_refused(self, *words):
        code, output = self.run_checker()
        self.assertEqual(code, 1, output)
        for word in words:
            self.assertIn(word, output)

    def test_the_tree_as_it_is_passes(self):
        code, output = self.run_checker()
        self.assertEqual(code, 0, output)

    def test_a_long_file_is_refused(self):
        self.write("core/long.h", "#pragma once\n" + "// a line\n" * 600)
        self.assert_refused("core/long.h: 601 lines")

    def test_a_long_function_is_refused(self):
        body = "    ++x;\n" * 61
        self.write("core/long.cpp", f"int count(int x)\n{{\n{body}    return x;\n}}\n")
        self.assert_refused("core/long.cpp:1: int count(int x) has a body of 62 lines")

    def test_a_class_over_two_files_is_refused(self):
        self.write("app/widgets/pagetexts.cpp",
                   '#include "page.h"\n\nQString Page::hint() const\n{\n    return {};\n}\n')
        self.assert_refused("Page: members defined in 2 files", "app/widgets/page.cpp",
                            "app/widgets/pagetexts.cpp")

    def test_a_nested_class_counts_as_its_own(self):
        # Page::Row's members in a second file are Row's, not Page's.
        self.write("app/widgets/row.cpp", '#include "page.h"\n\nint Page::Row::size() const\n'
                                          "{\n    return 0;\n}\n")
        self.assert_refused("Row: members defined in 2 files")
        code, output = self.run_checker()
        self.assertNotIn("Page: members", output)


if __name__ == "__main__":
    CHECKER = sys.argv.pop(1)
    unittest.main()
