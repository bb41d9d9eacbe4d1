# SPDX-License-Identifier: GPL-2.0
"""What the doc checkers share (check-breakages-doc, check-contract-doc,
check-owner-word-doc): the first stderr line is 'ME: error: ...' and the
exit status 1, a file that cannot be read is such an error, and paths are
named relative to the project.

    die, read = doccheck.for_tool('check-contract-doc')
"""
import os
import sys

TOP = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))


def rel(path):
    p = os.path.abspath(path)
    return os.path.relpath(p, TOP) if p.startswith(TOP + os.sep) else p


def for_tool(me):
    """die(first, *more) and read(path, what, hint='') for the tool ME."""
    def die(first, *more):
        print(f'{me}: error: {first}', file=sys.stderr)
        for m in more:
            print(f'  {m}', file=sys.stderr)
        sys.exit(1)

    def read(path, what, hint=''):
        try:
            with open(path, encoding='utf-8', errors='replace') as f:
                return f.read()
        except OSError as e:
            die(f'cannot read {what} {rel(path)}: {e.strerror}', *([hint] if hint else []))
    return die, read
