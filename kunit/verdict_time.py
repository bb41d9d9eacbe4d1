# SPDX-License-Identifier: GPL-2.0
"""How long each case took to its verdict, from a console log booted with
printk.time=1: a case's time runs from the previous KTAP line (the result
before it, or its suite's header) to its own result line."""
import os
import re

RESULT = re.compile(r'^\[\s*(\d+\.\d+)\]\s*(?:(ok|not ok) \d+ (\S+)|# Subtest: (\S+)|KTAP version)')


def slowest(log):
    """(seconds, case) of the case that took longest to its verdict in the
    console log LOG, or None when there is no log or no timed result."""
    if not os.path.exists(log):
        return None
    best, last = None, None
    for line in open(log, errors='replace'):
        m = RESULT.match(line.strip())
        if not m:
            continue
        t = float(m.group(1))
        if m.group(3) and last is not None and (best is None or t - last > best[0]):
            best = (t - last, m.group(3))
        last = t
    return best
