# SPDX-License-Identifier: GPL-2.0
"""Unit tests of tools/docblock.py: a generated block never loses text (make test)."""
import os
import subprocess
import sys
import tempfile
import unittest

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
import docblock  # noqa: E402

B, E = docblock.markers('b', 'w')
DOC = f'# Results\n\nkept above\n\n{B}\n\nold figure\n\n{E}\n\nkept below\n'


class WriteBlock(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.path = os.path.join(self.tmp.name, 'results.md')
        with open(self.path, 'w') as f:
            f.write(DOC)

    def tearDown(self):
        self.tmp.cleanup()

    def text(self):
        with open(self.path) as f:
            return f.read()

    def test_replaces_only_its_block(self):
        docblock.write(self.path, 'b', 'w', ['new figure'], '## H')
        self.assertEqual(self.text(), DOC.replace('old figure', 'new figure'))

    def test_refuses_an_empty_block(self):
        for body in ([], ['', '  ']):
            with self.assertRaises(docblock.DocError):
                docblock.write(self.path, 'b', 'w', body, '## H')
        self.assertEqual(self.text(), DOC)

    def test_appends_a_missing_block_under_its_heading(self):
        docblock.write(self.path, 'c', 'w', ['c figure'], '## C')
        c_begin, c_end = docblock.markers('c', 'w')
        self.assertEqual(self.text(), DOC + f'\n## C\n\n{c_begin}\n\nc figure\n\n{c_end}\n')

    def test_refuses_unbalanced_markers(self):
        with open(self.path, 'w') as f:
            f.write(DOC.replace(E, ''))
        with self.assertRaises(docblock.DocError):
            docblock.write(self.path, 'b', 'w', ['x'], '## H')

    def test_refuses_a_doc_with_uncommitted_changes(self):
        git = ['git', '-C', self.tmp.name, '-c', 'user.name=t', '-c', 'user.email=t@t']
        subprocess.run(git + ['init', '-q'], check=True)
        subprocess.run(git + ['add', 'results.md'], check=True)
        subprocess.run(git + ['commit', '-qm', 'doc'], check=True)
        docblock.write(self.path, 'b', 'w', ['committed doc: written'], '## H')
        with self.assertRaises(docblock.DocError):
            docblock.write(self.path, 'b', 'w', ['second write over an uncommitted one'], '## H')
        self.assertIn('committed doc: written', self.text())


if __name__ == '__main__':
    unittest.main()
