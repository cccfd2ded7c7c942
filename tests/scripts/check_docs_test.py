#!/usr/bin/env python3
"""Tests of scripts/check-docs.py: a small repository of documents is written to a temporary folder,
checked once as it is (it passes), then with one fault planted at a time (each is refused, and the
message names the file, the line and the fault). The ctest check_docs runs it.

Usage: check_docs_test.py PATH/TO/check-docs.py
"""

from checkertree import CheckerTree, main

README = """# A project

See [the manual](docs/manual.md#first-steps) and the [licence](LICENSE).

![A picture](pictures/window.png)

| document | what |
|---|---|
| [manual](docs/manual.md) | a few words |
"""

MANUAL = """# The manual

## First steps

Back to the [README](../README.md); on to [the details](#details-of-the-app).

```sh
a code line may be as long as it needs to be: {long}
```

## Details of the app

Nothing more.
""".replace("{long}", "x" * 200)


class CheckDocsTest(CheckerTree):
    TREE = {"README.md": README, "docs/manual.md": MANUAL, "LICENSE": "MIT\n",
            "pictures/window.png": "not really a picture"}

    def test_a_sound_tree_passes(self):
        self.assertPasses()

    def test_a_link_to_a_missing_file_is_refused(self):
        self.write("docs/manual.md", MANUAL + "\nSee [the missing page](missing.md).\n")
        self.assertRefused("docs/manual.md:15", "missing.md", "names no file")

    def test_a_missing_picture_is_refused(self):
        self.write("README.md", README.replace("window.png", "door.png"))
        self.assertRefused("README.md:5", "door.png")

    def test_a_link_out_of_the_repository_is_refused(self):
        self.write("docs/manual.md", MANUAL + "\nThe [design](../../elsewhere/design.md).\n")
        self.assertRefused("docs/manual.md:15", "outside the repository")

    def test_an_anchor_without_its_heading_is_refused(self):
        self.write("README.md", README.replace("#first-steps", "#last-steps"))
        self.assertRefused("README.md:3", "#last-steps")

    def test_a_long_prose_line_is_refused(self):
        self.write("docs/manual.md", MANUAL + "\n" + "word " * 30 + "\n")
        self.assertRefused("docs/manual.md:15", "150 characters")

    def test_a_long_table_cell_is_refused(self):
        self.write("README.md", README + "| [manual](docs/manual.md) | " + "many " * 41 + "|\n")
        self.assertRefused("README.md:10", "41 words")

    def test_a_long_readme_is_refused(self):
        self.write("README.md", README + "line\n" * 142)
        self.assertRefused("README.md: 151 lines")

    def test_the_design_folder_outside_is_refused(self):
        # The folder's name in two parts, as in the checker: the repository names it nowhere else.
        outside = "../" + "shared" + "/design/model.md"
        self.write("docs/manual.md", MANUAL + f"\nThe spec is {outside}.\n")
        self.assertRefused("docs/manual.md:15", "outside the repository")


if __name__ == "__main__":
    main()
