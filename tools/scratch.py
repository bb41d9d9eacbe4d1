# SPDX-License-Identifier: GPL-2.0
"""Scratch worktrees: breakages are commits in a detached worktree of the
workspace, never edits of the workspace's own files.

    wt = scratch.worktree(ws, path, 'mutex-owner-word')   # tip of the branch
    scratch.commit_breakage(wt, 'no-handoff-request')     # tip + breakage
    scratch.kunit_env(wt)                                  # env for tools/kunit-run

The workspace's working tree, index, HEAD and branches are never written;
git only records the worktree under its .git/worktrees/ and stores the
scratch commits' objects.  A kill -9 at any moment leaves the workspace as
it was; a half-made or stale scratch worktree (its workspace recreated, an
interrupted commit) is pruned and made again on the next call.
"""
import os
import shutil
import subprocess
import sys

from breakages import BREAKAGES, ROW_BREAKAGES

# Nothing from the user's or system git configuration (hooks, signing).
GIT_ENV = {
    'GIT_CONFIG_NOSYSTEM': '1', 'GIT_CONFIG_GLOBAL': os.devnull,
    'GIT_AUTHOR_NAME': 'breakage', 'GIT_AUTHOR_EMAIL': 'breakage@localhost',
    'GIT_COMMITTER_NAME': 'breakage', 'GIT_COMMITTER_EMAIL': 'breakage@localhost',
    'GIT_AUTHOR_DATE': '2024-11-17T00:00:00+0000', 'GIT_COMMITTER_DATE': '2024-11-17T00:00:00+0000',
}


class ScratchError(Exception):
    """A one-line reason the scratch worktree cannot be made."""


def git(cwd, *args):
    p = subprocess.run(['git', '-C', cwd, '-c', 'core.hooksPath=/dev/null', '-c', 'commit.gpgSign=false',
                        *args], capture_output=True, text=True, env=dict(os.environ, **GIT_ENV))
    if p.returncode:
        err = (p.stderr.strip().splitlines() or [f'exit {p.returncode}'])[0]
        raise ScratchError(f"git {' '.join(args[:2])} in {cwd}: {err}")
    return p.stdout.strip()


def _common(path):
    return os.path.realpath(git(path, 'rev-parse', '--path-format=absolute', '--git-common-dir'))


def worktree(ws, path, rev):
    """A clean detached worktree of WS at PATH, checked out at REV (e.g. the
    workspace branch); made anew when missing, stale or broken."""
    if not os.path.isdir(ws):
        raise ScratchError(f'no workspace at {ws}; run make workspace first')
    try:
        common = _common(ws)
        tip = git(ws, 'rev-parse', '--verify', '-q', f'{rev}^{{commit}}')
    except ScratchError:
        raise ScratchError(f'{ws} is not a workspace with {rev}; run make workspace first') from None
    git(ws, 'worktree', 'prune')
    if os.path.lexists(path):
        try:
            if _common(path) != common or os.path.realpath(git(path, 'rev-parse', '--show-toplevel')) != \
                    os.path.realpath(path):
                raise ScratchError('another repository')
            git(path, 'checkout', '-q', '--force', '--detach', tip)
            git(path, 'clean', '-q', '-f', '-d')
            return path
        except ScratchError:
            if not _ours(path, common):
                raise ScratchError(f'{path} exists and is not a scratch worktree of {ws}; move it aside') from None
            shutil.rmtree(path)  # stale: its workspace was recreated, or it was left half-made
    # A worktree add killed half way leaves its entry locked ("initializing").
    subprocess.run(['git', '-C', ws, 'worktree', 'unlock', path], capture_output=True)
    git(ws, 'worktree', 'prune')
    os.makedirs(os.path.dirname(path), exist_ok=True)
    git(ws, 'worktree', 'add', '-q', '--detach', path, tip)
    return path


def _ours(path, common):
    """PATH is an empty directory, or a worktree of the repository COMMON
    or of one that no longer exists (a recreated workspace)."""
    dotgit = os.path.join(path, '.git')
    if not os.path.isfile(dotgit):
        return os.path.isdir(path) and not os.listdir(path)
    with open(dotgit) as f:
        gitdir = f.read().strip().removeprefix('gitdir: ')
    gitdir = os.path.realpath(os.path.join(path, gitdir))
    return gitdir.startswith(os.path.join(common, 'worktrees') + os.sep) or not os.path.exists(gitdir)


def commit_breakage(wt, name):
    """Commit breakage NAME on top of WT's HEAD; returns the commit.  Raises
    ValueError for an unknown NAME or a text that does not occur once."""
    _, path, old, new = lookup(name)
    f = os.path.join(wt, path)
    with open(f, newline='') as fh:  # bytes as they are: CRLF stays CRLF
        text = fh.read()
    if text.count(old) != 1:
        raise ValueError(f'{name}: the text to break occurs {text.count(old)} times in {path}')
    with open(f, 'w', newline='') as fh:
        fh.write(text.replace(old, new))
    git(wt, 'commit', '-q', '-a', '-m', f'breakage: {name}', '-m', 'Scratch commit of tools/breakages.py.')
    return git(wt, 'rev-parse', 'HEAD')


def kunit_env(wt, **extra):
    """Environment for tools/kunit-run in WT: the build directories beside it (as
    deep as build/out/ROW beside build/linux, so ccache hits the
    workspace's entries with the basedir one level up)."""
    parent = os.path.dirname(os.path.abspath(wt))
    env = {k: v for k, v in os.environ.items() if k != 'BASE'}  # WT's base: the default
    return dict(env, WORKSPACE=wt, KUNIT_OUT=os.path.join(parent, 'out'), CCACHE_BASEDIR=parent,
                **{k: str(v) for k, v in extra.items()})


def lookup(name):
    """Breakage NAME's (name, file, old, new), from BREAKAGES or
    ROW_BREAKAGES; ValueError when unknown."""
    for b in BREAKAGES + [rb[1:] for rb in ROW_BREAKAGES]:
        if b[0] == name:
            return b
    raise ValueError(f"unknown breakage '{name}'; see tools/breakages.py for the names")


USAGE = """usage: scratch.py check NAME | worktree WS PATH REV | commit WT NAME
  check     exit 1 with a one-line error when NAME is not in tools/breakages.py
  worktree  make (prune and re-make when stale) a detached worktree of WS at PATH, at REV
  commit    commit breakage NAME on top of WT's HEAD; prints the commit"""


def main(argv):
    cmds = {'check': 1, 'worktree': 3, 'commit': 2}
    if not argv or argv[0] not in cmds or len(argv) - 1 != cmds[argv[0]]:
        sys.exit(USAGE)
    try:
        if argv[0] == 'check':
            lookup(argv[1])
        elif argv[0] == 'worktree':
            worktree(*argv[1:])
        else:
            print(commit_breakage(*argv[1:]))
    except (ValueError, ScratchError) as e:
        print(f'{os.environ.get("SCRATCH_ME", "scratch.py")}: error: {e}', file=sys.stderr)
        sys.exit(1)


if __name__ == '__main__':
    main(sys.argv[1:])
