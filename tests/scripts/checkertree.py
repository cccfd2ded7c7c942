"""What the checkers' tests share (check_docs_test.py, check_layers_test.py, check_sizes_test.py):
a temporary tree written from TREE, the checker run over it with --root, and a refusal's words
looked for in what it printed. A test module sets CheckerTree.checker from its command line."""

import pathlib
import subprocess
import sys
import tempfile
import unittest


class CheckerTree(unittest.TestCase):
    checker = None  # the checker script's path, set by the test module's main
    TREE = {}       # file name (relative to the tree) -> text

    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        self.root = pathlib.Path(self.folder.name)
        for name, text in self.TREE.items():
            self.write(name, text)

    def tearDown(self):
        self.folder.cleanup()

    def write(self, name, text):
        path = self.root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")

    def run_checker(self):
        """The checker's exit status and all it printed."""
        result = subprocess.run([sys.executable, CheckerTree.checker, "--root", str(self.root)],
                                capture_output=True, text=True)
        return result.returncode, result.stdout + result.stderr

    def assertPasses(self):
        status, output = self.run_checker()
        self.assertEqual(status, 0, output)

    def assertRefused(self, *words):
        status, output = self.run_checker()
        self.assertEqual(status, 1, output)
        for word in words:
            self.assertIn(word, output)


def main():
    """Runs the module's tests against the checker named first on the command line."""
    CheckerTree.checker = sys.argv.pop(1)
    unittest.main(module="__main__")
