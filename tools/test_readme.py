# SPDX-License-Identifier: GPL-2.0
"""README.md names every row and every variant of tools/table.toml (make test).

A name counts only where it stands on its own: x86_64-base inside
x86_64-base-6.1, or rt inside x86_64-rt, does not name it.
"""
import os
import re
import sys
import unittest

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
import table  # noqa: E402

README = os.path.join(os.path.dirname(here), 'README.md')


def named(text, name):
    """True when NAME stands in TEXT with no name character ([A-Za-z0-9_],
    '-', or a '.' that goes on with a digit) joined to it on either side."""
    return re.search(rf'(?<![\w.-]){re.escape(name)}(?![\w-]|\.\d)', text) is not None


def missing(text, names):
    """The NAMES that TEXT does not name, in their order."""
    return [n for n in names if not named(text, n)]


class Named(unittest.TestCase):
    def test_a_longer_name_does_not_name_a_shorter_one(self):
        self.assertEqual(missing('rows x86_64-base-6.1 and x86_64-rt', ['x86_64-base', 'rt', 'x86_64-base-6.1']),
                         ['x86_64-base', 'rt'])

    def test_punctuation_and_markup_around_a_name_are_not_part_of_it(self):
        for text in ('rows: x86_64-base.', '`x86_64-base`', '(x86_64-base, arm-base)', 'x86_64-base;'):
            self.assertTrue(named(text, 'x86_64-base'), text)


class ReadmeNamesTheTable(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.table = table.load()
        with open(README) as f:
            cls.readme = f.read()

    def test_every_row_is_named(self):
        gone = missing(self.readme, self.table.rows())
        self.assertFalse(gone, f'README.md does not name the row(s) {" ".join(gone)} of tools/table.toml')

    def test_every_variant_is_named(self):
        gone = missing(self.readme, list(self.table.variants))
        self.assertFalse(gone, f'README.md does not name the variant(s) {" ".join(gone)} of tools/table.toml')


if __name__ == '__main__':
    unittest.main()
