# SPDX-License-Identifier: GPL-2.0
"""docblock: write a generated block into a doc, losing nothing.

A block is the text between '<!-- NAME:begin (WRITER writes this block) -->'
and '<!-- NAME:end -->'.  write() replaces one block and nothing else.
Invariants: an empty block is never written; a doc with uncommitted
changes (git status of that file) is never written, so what a person
edited is not lost to a regenerated block; text outside the markers is
kept byte for byte; a doc without the block gets it appended, under
HEADING.
"""
import os
import subprocess


class DocError(Exception):
    """The doc was not written, for this one-line reason."""


def markers(name, writer):
    return f'<!-- {name}:begin ({writer} writes this block) -->', f'<!-- {name}:end -->'


def dirty(path):
    """True when PATH has uncommitted changes in its git repository (False
    outside one)."""
    d = os.path.dirname(os.path.abspath(path))
    p = subprocess.run(['git', '-C', d, 'status', '--porcelain', '--', os.path.basename(path)],
                       capture_output=True, text=True)
    return p.returncode == 0 and bool(p.stdout.strip())


def require_clean(path):
    """Raise DocError when PATH has uncommitted changes: what a person
    edited is never lost to a regenerated block.  Writers call it before
    a long run too, so that the run is not wasted."""
    if dirty(path):
        raise DocError(f'{path} has uncommitted changes; commit or stash them, then run again')


def write(path, name, writer, body, heading):
    """Replace block NAME of PATH by the lines BODY (a list of str)."""
    if not any(line.strip() for line in body):
        raise DocError(f'nothing to write into block {name} of {path}: it is left as it is')
    require_clean(path)
    begin, end = markers(name, writer)
    with open(path) as f:
        text = f.read()
    block = '\n'.join([begin, ''] + body + ['', end])
    n_begin, n_end = text.count(begin), text.count(end)
    if (n_begin, n_end) == (1, 1) and text.index(begin) < text.index(end):
        pre, rest = text.split(begin, 1)
        text = pre + block + rest.split(end, 1)[1]
    elif (n_begin, n_end) == (0, 0):
        text = text.rstrip('\n') + f'\n\n{heading}\n\n' + block + '\n'
    else:
        raise DocError(f'{path}: block {name} has {n_begin} begin and {n_end} end markers; fix them by hand')
    with open(path, 'w') as f:
        f.write(text)
