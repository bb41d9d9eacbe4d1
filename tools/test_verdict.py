# SPDX-License-Identifier: GPL-2.0
"""Unit tests of tools/verdict.py over captured kunit.py outputs (make test)."""
import json
import os
import sys
import tempfile
import unittest

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
import verdict  # noqa: E402

DATA = os.path.join(here, 'verdict-tests')
SRC = os.path.join(DATA, 'mutex_kunit.c')


class UnreadableReport(unittest.TestCase):
    """A row whose kunit.py JSON cannot be read is a failed row with that
    reason, not a traceback that stops the rows after it."""

    def verdict_of(self, text):
        with tempfile.TemporaryDirectory() as d:
            js = os.path.join(d, 'row.json')
            with open(js, 'w') as f:
                f.write(text)
            return verdict.row_verdict('x86_64-base', [], js, None, 0, 'row.log', SRC)

    def test_truncated_json_fails_the_row_with_its_reason(self):
        with open(os.path.join(DATA, 'pass.json')) as f:
            whole = f.read()
        r = self.verdict_of(whole[:len(whole) // 2])
        self.assertFalse(r['ok'])
        self.assertEqual(len(r['problems']), 1)
        self.assertIn('unreadable kunit.py JSON', r['problems'][0])
        self.assertIn('row.log', r['problems'][0])

    def test_json_of_the_wrong_shape_fails_the_row(self):
        r = self.verdict_of('[1, 2, 3]')
        self.assertFalse(r['ok'])
        self.assertIn('unreadable kunit.py JSON', r['problems'][0])

    def test_missing_json_is_a_build_or_boot_failure(self):
        r = verdict.row_verdict('x86_64-base', [], os.path.join(DATA, 'none.json'), None, 1, 'row.log', SRC)
        self.assertFalse(r['ok'])
        self.assertIn('no kunit.py JSON', r['problems'][0])

    def test_the_whole_report_still_passes(self):
        r = verdict.row_verdict('x86_64-base', [], os.path.join(DATA, 'pass.json'), None, 0, 'row.log', SRC)
        self.assertTrue(r['ok'], r['problems'])


class CutOffLog(unittest.TestCase):
    """A boot that stops mid-suite: kunit.py stands in for the results it
    never saw with cases of no name.  They fail the row as missing
    results of their suite, not as cases named "suite." ."""

    def test_nameless_stand_ins_are_missing_results(self):
        report = {'name': 'KUnit Test Group', 'test_cases': [{'name': '', 'status': 'FAIL'}],
                  'sub_groups': [{'name': 'mutex_waiters', 'sub_groups': [],
                                  'test_cases': [{'name': 'mutex_a', 'status': 'FAIL'},
                                                 {'name': '', 'status': 'FAIL'},
                                                 {'name': '', 'status': 'FAIL'}]}]}
        with tempfile.TemporaryDirectory() as d:
            js = os.path.join(d, 'row.json')
            with open(js, 'w') as f:
                json.dump(report, f)
            r = verdict.row_verdict('x86_64-base', [], js, None, 1, 'row.log', SRC)
        self.assertFalse(r['ok'])
        self.assertEqual(r['cases'], [('mutex_waiters', 'mutex_a', 'FAIL')])
        self.assertIn('mutex_waiters: 2 result(s) missing: the log ends before them', r['problems'])
        self.assertIn('KUnit Test Group: 1 result(s) missing: the log ends before them', r['problems'])


if __name__ == '__main__':
    unittest.main()
