# SPDX-License-Identifier: GPL-2.0
"""Unit tests of tools/mutate.py (run by make test: python3 -m unittest)."""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mutate  # noqa: E402

SRC = '''// SPDX-License-Identifier: GPL-2.0
#include <linux/mutex.h>
#define F(x) ((x) < 1 && (x) > 2)

/* a comment: if (a < b) f(x); */
static bool one(struct mutex *lock, long owner)
{
	const char *s = "a < b && c";

	if (owner == 0 && lock)
		__mutex_set_flag(lock, MUTEX_FLAG_WAITERS);
	owner |= MUTEX_FLAG_HANDOFF;
	atomic_long_try_cmpxchg_acquire(&lock->owner, &owner, 0UL);
	smp_mb();
	swap(owner, lock);
	return s != NULL;
}

struct not_a_function {
	int a;
};

#ifdef CONFIG_MUTEX_KUNIT_TEST
static void in_the_suite(void)
{
	if (1 < 2)
		f();
}
#endif
'''


def ids(text, path='kernel/locking/mutex.c'):
    return [m.id for m in mutate.mutants_of(path, text)]


class MutateTest(unittest.TestCase):
    def test_sites_of_each_operator(self):
        got = ids(SRC)
        for want in ['mutex.c:one:negate-cond:0', 'mutex.c:one:rel:0=!=', 'mutex.c:one:logic:0=||',
                     'mutex.c:one:del-call:0', 'mutex.c:one:const:0=MUTEX_FLAG_HANDOFF',
                     'mutex.c:one:const:1=MUTEX_FLAG_WAITERS', 'mutex.c:one:del-assign:0',
                     'mutex.c:one:order:0=atomic_long_try_cmpxchg_relaxed', 'mutex.c:one:order:1',
                     'mutex.c:one:swap-args:1=lock,owner', 'mutex.c:one:rel:1===']:
            self.assertIn(want, got)

    def test_nothing_from_comments_strings_macros_or_the_suite(self):
        got = ids(SRC)
        self.assertFalse([i for i in got if 'in_the_suite' in i or 'not_a_function' in i])
        # one relational site in code (==) and one in the return (!=): none
        # from the string, the comment or the #define
        self.assertEqual(sorted(i for i in got if ':rel:' in i), ['mutex.c:one:rel:0=!=', 'mutex.c:one:rel:1==='])

    def test_every_line_stays_where_it_was(self):
        for m in mutate.mutants_of('kernel/locking/mutex.c', SRC):
            new = mutate.apply(SRC, m)
            self.assertEqual(new.count('\n'), SRC.count('\n'), m.id)
            self.assertNotEqual(new, SRC, m.id)

    def test_ids_survive_an_edit_elsewhere(self):
        before = set(ids(SRC))
        edited = SRC.replace('static bool one', 'static int zero(void)\n{\n\treturn 1 < 2;\n}\n\nstatic bool one')
        self.assertTrue(before <= set(ids(edited)))

    def test_second_definition_is_numbered(self):
        src = 'static int f(int a)\n{\n\treturn a < 1;\n}\n#else\nstatic int f(int a)\n{\n\treturn a < 2;\n}\n'
        self.assertEqual(ids(src), ['mutex.c:f:rel:0=<=', 'mutex.c:f#2:rel:0=<='])

    def test_swap_moves_two_statements_of_one_block(self):
        ms = {m.id: m for m in mutate.mutants_of('kernel/locking/mutex.c', SRC) if m.op == 'swap-stmt'}
        # the if with its statement, the |=, the cmpxchg, smp_mb(), swap():
        # four neighbouring pairs; not the declaration, not the return
        self.assertEqual(sorted(ms), [f'mutex.c:one:swap-stmt:{n}' for n in range(4)])
        new = mutate.apply(SRC, ms['mutex.c:one:swap-stmt:0'])
        self.assertIn('\towner |= MUTEX_FLAG_HANDOFF;\n\tif (owner == 0 && lock)\n'
                      '\t\t__mutex_set_flag(lock, MUTEX_FLAG_WAITERS);\n\tatomic_long', new)

    def test_negation_wraps_the_whole_condition(self):
        m = [m for m in mutate.mutants_of('kernel/locking/mutex.c', SRC) if m.id == 'mutex.c:one:negate-cond:0'][0]
        self.assertIn('if (!(owner == 0 && lock))', mutate.apply(SRC, m))


if __name__ == '__main__':
    unittest.main()
