#!/usr/bin/env python3
"""Tests of scripts/check-layers.py: a small tree of the project's layout (core with a tiny/ folder,
app/model, the widgets in two rooms, gui and cli) is written to a temporary folder, checked as it
is (it passes), then with one include against the arrows planted at a time, each named as the
project's includes name headers: each is refused with its file, line and rule. The ctest
check_layers runs it.

Usage: check_layers_test.py PATH/TO/check-layers.py
"""

from checkertree import CheckerTree, main

WIDGETS_CMAKE = """add_library(widgets)
foreach(room views lesson/train)
    target_include_directories(widgets PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}/${room})
endforeach()
"""

TREE = {
    "core/types.h": "#pragma once\n",
    "core/head.h": '#pragma once\n#include "types.h"\n',
    "core/tiny/model.h": '#pragma once\n#include "head.h"\n',
    "app/model/session.h": '#pragma once\n#include "tiny/model.h"\n',
    "app/widgets/CMakeLists.txt": WIDGETS_CMAKE,
    "app/widgets/views/chart.h": '#pragma once\n#include "types.h"\n#include "session.h"\n',
    "app/widgets/lesson/train/page.cpp": '#include "chart.h"\n#include "session.h"\n',
    "app/widgets/lesson/train/page.h": "#pragma once\n",
    "app/gui/window.h": '#pragma once\n#include "page.h"\n',
    "app/cli/command.h": '#pragma once\n#include "session.h"\n',
}


class CheckLayersTest(CheckerTree):
    TREE = TREE

    def plant(self, name, include):
        self.write(name, TREE[name] + f'#include "{include}"\n')

    def test_a_sound_tree_passes(self):
        self.assertPasses()

    def test_the_core_including_the_model_is_refused(self):
        self.plant("core/tiny/model.h", "session.h")
        self.assertRefused("core/tiny/model.h:3: includes session.h", "nothing of app/")

    def test_the_model_including_a_widget_is_refused(self):
        self.plant("app/model/session.h", "chart.h")
        self.assertRefused("app/model/session.h:3: includes chart.h", "nothing of the widgets")

    def test_the_model_including_the_cli_is_refused(self):
        self.plant("app/model/session.h", "command.h")
        self.assertRefused("app/model/session.h:3: includes command.h")

    def test_a_widget_including_the_gui_is_refused(self):
        self.plant("app/widgets/lesson/train/page.cpp", "window.h")
        self.assertRefused("app/widgets/lesson/train/page.cpp:3: includes window.h",
                           "nothing of gui or cli")

    def test_a_widget_including_the_core_is_refused(self):
        self.plant("app/widgets/views/chart.h", "tiny/model.h")
        self.assertRefused("app/widgets/views/chart.h:4: includes tiny/model.h", "through app/model")

    def test_a_header_outside_every_room_is_refused(self):
        self.write("app/widgets/attic/old.h", "#pragma once\n")
        self.assertRefused("app/widgets/attic/old.h: under no include directory")


if __name__ == "__main__":
    main()
