# SPDX-License-Identifier: GPL-2.0
"""Unit tests of tools/mutants.py's result cache and triage reader (make test)."""
import importlib.util
import os
import sys
import tempfile
import unittest

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
spec = importlib.util.spec_from_file_location('mutants', os.path.join(here, 'mutants.py'))
mutants = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mutants)
from mutate import Mutant  # noqa: E402


def campaign(res, tip):
    c = object.__new__(mutants.Campaign)  # no workspace: only the cache
    c.res, c.tip, c.src = res, tip, {'kernel/locking/mutex.c': 'digest1'}
    return c


def mutant(mid, op='rel'):
    return Mutant(mid, 'kernel/locking/mutex.c', 'f', op, 0, 1, '<=')


class CacheTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.old = campaign(self.dir.name, 'tip1')

    def tearDown(self):
        self.dir.cleanup()

    def save(self, mid, verdict, **extra):
        self.old.save(dict(id=mid, tip='tip1', src='digest1', verdict=verdict, **extra))

    def test_same_tip_keeps_every_verdict(self):
        for v in ('killed', 'survived', 'timeout', 'dropped'):
            self.save('m-' + v, v)
            self.assertEqual(self.old.load(mutant('m-' + v))['verdict'], v)

    def test_new_tip_reruns_survivors_and_timeouts_only(self):
        for v in ('killed', 'survived', 'timeout', 'dropped', 'unchanged', 'noboot'):
            self.save('m-' + v, v)
        new = campaign(self.dir.name, 'tip2')
        kept = {v for v in ('killed', 'survived', 'timeout', 'dropped', 'unchanged', 'noboot')
                if new.load(mutant('m-' + v))}
        self.assertEqual(kept, {'killed', 'dropped', 'unchanged', 'noboot'})

    def test_fresh_or_a_changed_file_reruns_everything(self):
        self.save('m', 'killed')
        new = campaign(self.dir.name, 'tip2')
        self.assertIsNone(new.load(mutant('m'), fresh=True))
        new.src = {'kernel/locking/mutex.c': 'digest2'}
        self.assertIsNone(new.load(mutant('m')))

    def test_order_mutant_without_its_arm64_check_reruns(self):
        self.save('o', 'unchanged')
        self.assertIsNone(self.old.load(mutant('o', 'order')))
        self.save('o', 'unchanged', ordering='ok')
        self.assertEqual(self.old.load(mutant('o', 'order'))['verdict'], 'unchanged')

    def test_a_torn_result_is_not_a_result(self):
        self.save('m', 'killed')
        with open(self.old.cache('m'), 'w') as f:
            f.write('{"id": "m", "verd')
        self.assertIsNone(self.old.load(mutant('m')))


class TriageTest(unittest.TestCase):
    def test_escaped_pipes_in_an_id(self):
        with tempfile.NamedTemporaryFile('w', suffix='.md', delete=False) as f:
            f.write('| mutant | class | reason |\n|---|---|---|\n'
                    '| `osq.c:f:logic:0=\\|\\|` | gap | needs three CPUs |\n')
        try:
            saved, mutants.DOC = mutants.DOC, f.name
            self.assertEqual(mutants.read_triage(), {'osq.c:f:logic:0=||': ('gap', 'needs three CPUs')})
        finally:
            mutants.DOC = saved
            os.unlink(f.name)


if __name__ == '__main__':
    unittest.main()
