# SPDX-License-Identifier: GPL-2.0
"""The one verdict: did a run of the mutex suite pass, and what it printed.

Every tool that decides pass or fail, or reads numbers out of a run's
output, uses this module; the tools themselves only run things and
present results.  One place for each piece of knowledge:

    cases(data), load_cases(path)   kunit.py's JSON -> (suite, case, status)
    passed(status)                  PASS and SKIP pass; anything else fails
    expected_suites(mutex_kunit_c[, config])  the suites the test file defines
    config_symbols(dot_config)      the symbols a build's .config sets
    FACTS, console_facts(...)       what a row's boot log must (not) show
    row_verdict(...)                one row's verdict (tools/matrix-run)
    write_junit(), junit_failures() that verdict as JUnit XML, and read back
    slowest(console_log)            the case that took longest to its verdict
    build_bug_ons(kunit_log)        BUILD_BUG_ONs that failed a build
    elapsed(kunit_log)              kunit.py's building and running seconds
    torture_stats(), torture_success(), TORTURE_SUCCESS   locktorture's output

Bash tools call it as a script:

    python3 tools/verdict.py check [--rc N] [--log LOG] [--console LOG --fact F...]
                                   JSON MUTEX_KUNIT_C

prints the failed cases and problems, then 'verdict: PASS: ...' or
'verdict: FAIL: ...', and exits 0 when the run passed, 1 when it did not.
"""
import argparse
import json
import os
import re
import sys
from xml.etree import ElementTree
from xml.sax.saxutils import quoteattr


class VerdictError(Exception):
    """Not a failed run but a missing input (no workspace): a one-line reason."""


# --- kunit.py's JSON ---------------------------------------------------------

def cases(group, suite=None):
    """Walk kunit.py's JSON (a dict) into (suite, case, status).

    A parameterised case is a sub_group of its suite: its parameters are
    yielded with the case's name as their suite ('ww_case.wait-die').
    Top-level cases, if any, have the root group's name as their suite."""
    for c in group.get('test_cases', []):
        yield suite or group['name'], c['name'], c['status']
    for g in group.get('sub_groups', []):
        yield from cases(g, g['name'])


class Unreadable(ValueError):
    """kunit.py's JSON exists but is not a report (truncated, not JSON, a
    wrong shape): the row failed, for this one-line reason."""


def load_cases(path):
    """cases() of the JSON file PATH as a list, or None when there is no
    file: kunit.py writes none when the build fails or the boot crashes.
    Raises Unreadable when the file is there but cannot be read as a
    report."""
    if not os.path.exists(path):
        return None
    try:
        with open(path, errors='replace') as f:
            return list(cases(json.load(f)))
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as e:
        raise Unreadable(f'unreadable kunit.py JSON {path}: {type(e).__name__}: {e}') from None


def passed(status):
    """Invariant: PASS and SKIP pass; every other status (FAIL, ERROR, one
    kunit.py adds later) fails."""
    return status in ('PASS', 'SKIP')


def config_symbols(path):
    """The CONFIG_ symbols set (=y or =m) in the kernel .config at PATH;
    None when there is none."""
    try:
        with open(path) as f:
            return set(re.findall(r'^(CONFIG_\w+)=[ym]$', f.read(), re.M))
    except OSError:
        return None


def strip_c_comments(text):
    """Blank out C comments, keeping string and char literals and newlines."""
    tok = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)

    def blank(m):
        s = m.group(0)
        return s if s[0] in '"\'' else re.sub(r'[^\n]', ' ', s)
    return tok.sub(blank, text)


def registered_cases(text):
    """The case names the suite source TEXT registers with KUNIT_CASE*(),
    outside comments, in file order, each once."""
    return list(dict.fromkeys(re.findall(
        r'\bKUNIT_CASE(?:_SLOW|_PARAM|_PARAM_ATTR|_ATTR)?\s*\(\s*([A-Za-z_]\w*)', strip_c_comments(text))))


def expected_suites(src, config=None):
    """The suite names mutex_kunit.c at SRC defines (.name = "..."), in
    file order: every one of them must run (peers rows: see row_verdict).
    With CONFIG (config_symbols() of the row's build), a definition inside
    '#ifdef CONFIG_X' or '#ifndef CONFIG_X' (or their #else) that this
    configuration leaves out is not expected; any other #if counts as
    taken."""
    try:
        with open(src) as f:
            text = f.read()
    except OSError:
        raise VerdictError(f'no {src}; run make workspace first') from None
    names, taken = [], []
    for line in text.splitlines():
        m = re.match(r'\s*#\s*(ifdef|ifndef|if|else|elif|endif)\b\s*(\w*)', line)
        if m and config is not None:
            d, sym = m.groups()
            if d in ('ifdef', 'ifndef'):
                taken.append((sym in config) == (d == 'ifdef'))
            elif d == 'if':
                taken.append(True)
            elif d == 'else' and taken:
                taken[-1] = not taken[-1]
            elif d == 'endif' and taken:
                taken.pop()
            continue
        m = re.match(r'\s*\.name = "([^"]+)"', line)
        if m and all(taken):
            names.append(m.group(1))
    return names


# --- the console (the guest's boot log, kunit.py's test.log) -----------------

# locktorture's last line when every check held (the TYPE-torture prefix
# names the lock type).
TORTURE_SUCCESS = '-torture:--- End of test: SUCCESS'

# Console facts a row's boot log must show (name: [(regex, must match)]);
# tools/table.toml names them per row.  peers: the in-tree peers' own verdicts
# (PEER_NAMES, in the same order); a missing verdict is a failure.
FACTS = {
    'smp1': [('smp: Brought up \\d+ nodes?, 1 CPU\\s*$', True)],
    'smp2': [('smp: Brought up \\d+ nodes?, 2 CPUs', True)],
    'smp4': [('smp: Brought up \\d+ nodes?, 4 CPUs', True)],
    'lse': [('CPU features: detected: LSE atomic instructions', True)],
    'no-lse': [('CPU features: detected: LSE atomic instructions', False)],
    'preempt': [('Dynamic Preempt: full|PREEMPT ', True)],
    'preempt-none': [('Dynamic Preempt: none', True)],
    'preempt-voluntary': [('Dynamic Preempt: voluntary', True)],
    'preempt-rt': [('SMP PREEMPT_RT ', True)],
    'kcsan': [('kcsan: strict mode configured', True)],
    'no-kcsan-reports': [('BUG: KCSAN:', False)],
    'peers': [('Good, all +\\d+ testcases passed!', True),
              ('All ww mutex selftests passed', True),
              (TORTURE_SUCCESS, True)],
}
PEER_NAMES = ['locking-selftest', 'test-ww_mutex', 'locktorture']
# The facts only one arch's boot can show (absent: any arch).
FACT_ARCHES = {'lse': ['arm64'], 'no-lse': ['arm64']}


def console_facts(text, facts, console):
    """Check FACTS named in FACTS-list FACTS against the console TEXT (read
    from the file CONSOLE, named in the messages).  Yields (suite, name,
    ok, problem) per regex: suite 'console' and the fact's name, or suite
    'peers' and the peer's name; problem is None when ok."""
    for f in facts:
        for i, (rx, want) in enumerate(FACTS[f]):
            suite, name = ('peers', PEER_NAMES[i]) if f == 'peers' else ('console', f)
            ok = bool(re.search(rx, text, re.M)) == want
            problem = None if ok else f'{suite} {name}: ' + (
                'no verdict /%s/ in %s' % (rx, console) if want else 'unexpected /%s/ in %s' % (rx, console))
            yield suite, name, ok, problem


def torture_stats(text):
    """locktorture's 'Writes: Total: N Max/Min: MAX/MIN ... Fail: F' lines,
    oldest first, as (total, max, min, fail) ints; fail is None when the
    line is cut before its Fail field."""
    return [(int(t), int(mx), int(mn), int(f) if f else None) for t, mx, mn, f in
            re.findall(r'Writes: +Total: +(\d+) +Max/Min: +(\d+)/(\d+)(?:.*?Fail: +(\d+))?', text)]


def torture_success(text, torture_type=''):
    """locktorture (of TORTURE_TYPE, e.g. mutex_lock, or any) ended with SUCCESS."""
    return f'{torture_type}{TORTURE_SUCCESS}' in text


# printk.time=1 console lines: a KTAP result, a suite header or KTAP's start.
_KTAP = re.compile(r'^\[\s*(\d+\.\d+)\]\s*(?:(ok|not ok) \d+ (\S+)|# Subtest: (\S+)|KTAP version)')


# Every case must reach its verdict in less than this, with any breakage.
VERDICT_LIMIT_S = 60.0
# Every boot, with any single bug, reports its whole KTAP output within this.
BOOT_LIMIT_S = 120.0


def slowest(log):
    """(seconds, case) of the case that took longest to its verdict in the
    console log LOG booted with printk.time=1, or None when there is no log
    or no timed result.  A case's time runs from the previous KTAP line
    (the result before it, or its suite's header) to its own result line."""
    if not os.path.exists(log):
        return None
    best, last = None, None
    with open(log, errors='replace') as f:
        for line in f:
            m = _KTAP.match(line.strip())
            if not m:
                continue
            t = float(m.group(1))
            if m.group(3) and last is not None and (best is None or t - last > best[0]):
                best = (t - last, m.group(3))
            last = t
    return best


def boot_seconds(log):
    """The guest's uptime at the last timed line of the console log LOG
    (printk.time=1): how long the whole boot took, or None without a log."""
    if not os.path.exists(log):
        return None
    last = None
    with open(log, errors='replace') as f:
        for line in f:
            m = _TIME.match(line)
            if m:
                last = float(m.group(1))
    return last


_TIME = re.compile(r'^\[\s*(\d+\.\d+)\]')


# --- kunit.py's own output (its log) -----------------------------------------

def elapsed(text):
    """(building s, running s) from kunit.py run's 'Elapsed time' line, or
    None (kunit.py exec prints no building time; a failed build none)."""
    m = re.search(r'Elapsed time: [\d.]+s total, [\d.]+s configuring, ([\d.]+)s building, '
                  r'([\d.]+)s running', text)
    return (float(m.group(1)), float(m.group(2))) if m else None


def build_bug_ons(text):
    """(function, expression) of each BUILD_BUG_ON in mutex_kunit.c that
    failed the build, from kunit.py's log TEXT."""
    return [(fn, expr.strip()) for fn, expr in re.findall(
        r"mutex_kunit\.c: In function .(\w+).:\n[^\n]*error: [^\n]*BUILD_BUG_ON failed: ([^\n]*)", text)]


# --- one row's verdict -------------------------------------------------------

def row_verdict(row, facts, js, console, rc, log, suites_src, config=None):
    """The verdict of one run of ROW: kunit.py's JSON JS, the console log
    CONSOLE checked for FACTS, kunit.py's exit status RC and log LOG (named
    in the messages), suites expected from the file SUITES_SRC as built
    with the symbols CONFIG (config_symbols(); None: every suite).

    Returns dict(row, rc, passed, failed, skipped, cases, problems, notes,
    ok).  Invariant: ok only when the JSON exists, no case and no console
    fact failed, every expected suite ran, and kunit.py exited 0 (or a
    case failed, which says why it did not).  Raises VerdictError when
    SUITES_SRC cannot be read."""
    r = dict(row=row, rc=rc, passed=0, failed=0, skipped=0, problems=[], cases=[], notes=[], ok=False)
    try:
        got = load_cases(js)
    except Unreadable as e:
        r['problems'].append(f'{e} (see {log})')
        return r
    if got is None:
        r['problems'].append('no kunit.py JSON (build or boot failure; see %s)' % log)
        return r
    lost = {}
    for suite, name, status in got:
        if not name:  # kunit.py's stand-in for results a cut-off log never gave
            lost[suite] = lost.get(suite, 0) + 1
            continue
        r['cases'].append((suite, name, status))
        r[{'PASS': 'passed', 'SKIP': 'skipped'}.get(status, 'failed')] += 1
    for suite, n in lost.items():
        r['problems'].append(f'{suite}: {n} result(s) missing: the log ends before them')
    text = ''  # no console: every wanted fact is missing
    if console:
        try:
            with open(console, errors='replace') as f:
                text = f.read()
        except OSError:
            pass
    for suite, name, ok, problem in console_facts(text, facts, console):
        r['cases'].append((suite, name, 'PASS' if ok else 'FAIL'))
        r['passed' if ok else 'failed'] += 1
        if problem:
            r['problems'].append(problem)
    stats = torture_stats(text)
    if 'peers' in facts and stats:
        total, mx, mn, _ = stats[0]
        r['notes'].append(f'locktorture writes {total} (max/min per writer {mx}/{mn})')
    # peers rows run only mutex_config (tools/kunit-run's filter) beside the peers.
    seen = {suite for suite, _, _ in got}
    for s in ['mutex_config'] if 'peers' in facts else expected_suites(suites_src, config):
        if s not in seen:
            r['problems'].append(f'suite {s} did not run')
    if rc and not r['failed']:
        r['problems'].append(f'kunit.py exited {rc}')
    r['ok'] = not r['failed'] and not r['problems']
    return r


def write_junit(r, path):
    """Write row verdict R as JUnit XML at PATH: one testsuite ROW.SUITE per
    suite (console facts in ROW.console, peers in ROW.peers) and the row's
    problems as failed cases of ROW.row (junit_failures reads it back)."""
    with open(path, 'w') as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n')
        f.write(f'<testsuites name={quoteattr(r["row"])}>\n')
        suites = {}
        for s, n, st in r['cases']:
            suites.setdefault(s, []).append((n, st))
        for p in r['problems']:
            suites.setdefault('row', []).append((p, 'FAIL'))
        for s, cs in suites.items():
            fails = sum(not passed(st) for _, st in cs)
            skips = sum(st == 'SKIP' for _, st in cs)
            f.write(f'  <testsuite name={quoteattr(r["row"] + "." + s)} tests="{len(cs)}" '
                    f'failures="{fails}" skipped="{skips}">\n')
            for n, st in cs:
                f.write(f'    <testcase classname={quoteattr(r["row"] + "." + s)} name={quoteattr(n)}>')
                if st == 'SKIP':
                    f.write('<skipped/>')
                elif st != 'PASS':
                    f.write(f'<failure message={quoteattr(st)}/>')
                f.write('</testcase>\n')
            f.write('  </testsuite>\n')
        f.write('</testsuites>\n')


def junit_failures(path, row):
    """What failed in write_junit's file PATH for ROW, sorted: 'suite.case',
    console facts as 'console.FACT', row problems as 'row: ...'; None when
    there is no file.  A failed console fact is also a row problem
    ('console FACT: ...'): it is listed once, as console.FACT."""
    if not os.path.exists(path):
        return None
    failed = []
    for tc in ElementTree.parse(path).getroot().iter('testcase'):
        if tc.find('failure') is None:
            continue
        suite = tc.get('classname', '').removeprefix(row + '.')
        if suite == 'row' and tc.get('name', '').startswith('console '):
            continue
        failed.append(f"{suite}: {tc.get('name')}" if suite == 'row' else f"{suite}.{tc.get('name')}")
    return sorted(failed)


# --- the command line, for bash tools ----------------------------------------

def main(argv):
    ap = argparse.ArgumentParser(prog='verdict.py', description='The verdict of one kunit.py run.')
    sub = ap.add_subparsers(dest='cmd', required=True)
    c = sub.add_parser('check', help='exit 0 when the run passed (every suite of MUTEX_KUNIT_C ran, '
                       'no case failed, kunit.py exited 0), else print why and exit 1')
    c.add_argument('--rc', type=int, default=0, help="kunit.py's exit status")
    c.add_argument('--log', help="kunit.py's log, named when there is no JSON")
    c.add_argument('--console', help="the guest's console log (kunit.py's test.log), for --fact")
    c.add_argument('--fact', action='append', default=[], choices=list(FACTS),
                   help='a console fact the run must show (repeat for more)')
    c.add_argument('--config', help="the build's .config: a suite it leaves out is not expected")
    c.add_argument('json')
    c.add_argument('mutex_kunit_c')
    a = ap.parse_args(argv)
    if a.fact and not a.console:
        ap.error('--fact needs --console')
    try:
        config = None
        if a.config:
            config = config_symbols(a.config)
            if config is None:
                raise VerdictError(f'no {a.config}')
        r = row_verdict('check', a.fact, a.json, a.console, a.rc, a.log or a.json, a.mutex_kunit_c,
                        config)
    except VerdictError as e:
        print(f'verdict: error: {e}')
        return 1
    for s, n, st in r['cases']:
        if not passed(st):
            print(f'verdict: {s}.{n}: {st}')
    for p in r['problems']:
        print(f'verdict: {p}')
    print(f"verdict: {'PASS' if r['ok'] else 'FAIL'}: {r['passed']} passed, {r['failed']} failed, "
          f"{r['skipped']} skipped")
    return 0 if r['ok'] else 1


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
