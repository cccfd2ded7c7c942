#!/usr/bin/env python3
"""Tests of scripts/check-sizes.py: a small tree of app/ and core/ is written to a temporary
folder and checked as it is (it passes), then with one fault planted at a time (a file over 600
lines, a function body over 60, a class whose members two .cpp files define): each is refused
with its file and what is wrong. The ctest check_sizes runs it.

Usage: check_sizes_test.py PATH/TO/check-sizes.py
"""

from checkertree import CheckerTree, main

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


class CheckSizesTest(CheckerTree):
    TREE = TREE

    def test_the_tree_as_it_is_passes(self):
        self.assertPasses()

    def test_a_long_file_is_refused(self):
        self.write("core/long.h", "#pragma once\n" + "// a line\n" * 600)
        self.assertRefused("core/long.h: 601 lines")

    def test_a_long_function_is_refused(self):
        body = "    ++x;\n" * 61
        self.write("core/long.cpp", f"int count(int x)\n{{\n{body}    return x;\n}}\n")
        self.assertRefused("core/long.cpp:1: int count(int x) has a body of 62 lines")

    def test_a_class_over_two_files_is_refused(self):
        self.write("app/widgets/pagetexts.cpp",
                   '#include "page.h"\n\nQString Page::hint() const\n{\n    return {};\n}\n')
        self.assertRefused("Page: members defined in 2 files", "app/widgets/page.cpp",
                            "app/widgets/pagetexts.cpp")

    def test_a_nested_class_counts_as_its_own(self):
        # Page::Row's members in a second file are Row's, not Page's.
        self.write("app/widgets/row.cpp", '#include "page.h"\n\nint Page::Row::size() const\n'
                                          "{\n    return 0;\n}\n")
        self.assertRefused("Row: members defined in 2 files")
        code, output = self.run_checker()
        self.assertNotIn("Page: members", output)


if __name__ == "__main__":
    main()
