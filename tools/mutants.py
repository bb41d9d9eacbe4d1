#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""tools/mutants.py run|report|list [options]: the mutation campaign.

run     For each mutant of tools/mutate.py (the mutex code of the series
        tip): write it into a scratch worktree of the workspace
        (build/mutant/linux; the workspace itself is never written),
        build x86_64-base there and, when the mutant changed the object
        the suite runs (kernel/locking/mutex.o, osq_lock.o or
        mutex-debug.o), boot the suite and judge it with tools/verdict.py.
        A mutant whose object is unchanged on x86_64-base (code built only
        with lock debugging, or folded away by the compiler) is tried on
        x86_64-debug the same way.  A mutant of osq_lock.c runs on
        x86_64-smp4 instead: the OSQ queues a second spinner only with
        three CPUs or more.  Each result is cached in
        build/results/mutants/ by mutant id, with the series tip and the
        digest of the mutated file it ran with, written whole (rename)
        when the mutant is done, so a kill -9 at any point loses at most
        the mutant in progress and a rerun resumes.  After a change of the
        suite (a new tip) only the survivors and timeouts run again, and
        any mutant whose file changed; --fresh runs every one again.  Mutants run in a
        fixed pseudo-random order (sha1 of the id), so a run cut short is
        a uniform sample.
report  Write docs/mutants.tsv (one line a mutant: id, verdict, row,
        seconds, boot seconds, failed cases) from the results that hold
        for the current tip, and the scores per file and operator into
        the report block of docs/mutants.md (nothing else of it).
list    The mutant ids, in campaign order.
check   docs/mutants.tsv names only mutants the tip has, and every
        survivor in it has a triage row in docs/mutants.md (ids only: no
        build); prints how many of the tip's mutants the results cover.

Verdicts: killed (a case failed, or the boot crashed or did not report
every suite), ordering (an order mutant that x86 cannot tell apart, for
which tools/check-ordering on arm64's mutex.o finds a transition without
its acquire or release), noboot (the kernel never reached the suites:
a mutex bug that stops the boot itself; killed, and no case can do
better), timeout (kunit.py's --timeout ended the boot: killed, but a
bounded-verdict violation), build (a BUILD_BUG_ON of the suite fired:
killed at build time), survived (every case passed), dropped (does not
compile), unchanged (the object is byte-identical on both rows: the
compiler proved the mutant equivalent, or the code is built on neither).

Mutants an earlier tip left survived or timed out run first.
Options: --limit N (mutants this run), --match TEXT (ids containing
TEXT), --fresh (ignore results of other tips), --timeout S (kunit.py --timeout of a mutant's boot; default 150).
Env: WORKSPACE, MUTANT_DIR (scratch parent, default build/mutant, on
another base build/mutant-BASE), MUTANT_RESULTS (default
build/results/mutants, or mutants-BASE), BASE (run and list only: the
docs are the default base's).
"""
import argparse
import fcntl
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time

top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(top, 'tools'))
import mutate  # noqa: E402
import scratch  # noqa: E402
import table  # noqa: E402
import verdict  # noqa: E402

ARCH = 'x86_64'
ROWS = ['base', 'debug']  # variants, in the order a mutant tries them
ROWS_OF = {'kernel/locking/osq_lock.c': ['smp4']}  # files that need other rows
# A weakened ordering is the same code on x86 (every locked instruction is
# a full barrier): order mutants that x86 leaves alive are judged by
# tools/check-ordering on this arch's mutex.o (docs/ordering.md).
ORDER_ARCH = 'arm64'
OBJECT = {'kernel/locking/osq_lock.c': 'kernel/locking/osq_lock.o',
          'kernel/locking/mutex-debug.c': 'kernel/locking/mutex-debug.o'}
KILLED = ('killed', 'timeout', 'build', 'ordering', 'noboot')
TSV = os.path.join(top, 'docs', 'mutants.tsv')
DOC = os.path.join(top, 'docs', 'mutants.md')
TRIAGE = ('equivalent', 'elsewhere', 'gap')


def die(msg):
    print(f'mutants: error: {msg}', file=sys.stderr)
    sys.exit(1)


def obj_of(path):
    return OBJECT.get(path, 'kernel/locking/mutex.o')


def order_key(mid):
    return hashlib.sha1(mid.encode()).hexdigest()


class Campaign:
    def __init__(self, timeout):
        t = table.load_or_die('mutants')
        b = t.base(os.environ.get('BASE') or table.DEFAULT_BASE)
        self.suffix, self.base = b['suffix'], b['name']
        self.ws = os.environ.get('WORKSPACE', os.path.join(top, b['workspace']))
        self.branch = b['branch']
        parent = os.environ.get('MUTANT_DIR', os.path.join(top, 'build', 'mutant' + self.suffix))
        self.wt = os.path.join(parent, 'linux')
        self.timeout = timeout
        p = subprocess.run(['git', '-C', self.ws, 'rev-parse', '--verify', '-q', f'refs/heads/{self.branch}'],
                           capture_output=True, text=True)
        if p.returncode:
            die(f'no workspace with branch {self.branch} at {self.ws}; run make workspace first')
        self.tip = p.stdout.strip()
        self.res = os.environ.get('MUTANT_RESULTS', os.path.join(top, 'build', 'results', 'mutants' + self.suffix))
        os.makedirs(self.res, exist_ok=True)
        self.env = scratch.kunit_env(self.wt, KUNIT_TIMEOUT=str(timeout), KUNIT_KERNEL_ARGS='printk.time=1')
        if self.suffix:  # kunit_env() drops BASE: the scratch tree is this base's
            self.env['BASE'] = b['name']
        self.out = self.env['KUNIT_OUT']

    def mutants(self):
        """The mutants of the series tip (read from git, not from a working
        tree), made once; also sets self.src, each file's digest."""
        if getattr(self, '_mutants', None) is not None:
            return self._mutants

        def at_tip(ws, path):
            return subprocess.run(['git', '-C', ws, 'show', f'{self.tip}:{path}'], check=True,
                                  capture_output=True, text=True).stdout
        texts = {p: at_tip(self.ws, p) for p in mutate.FILES}
        self.src = {p: hashlib.sha1(t.encode()).hexdigest()[:16] for p, t in texts.items()}
        ms = mutate.all_mutants(self.ws, lambda _, p: texts[p])
        self._mutants = sorted(ms, key=lambda m: order_key(m.id))
        return self._mutants

    def cache(self, mid):
        return os.path.join(self.res, order_key(mid) + '.json')

    def load(self, m, fresh=False):
        """M's result, when it still holds for the tip: measured at the tip,
        or a verdict no suite change can turn (killed, dropped, unchanged)
        on the same file text."""
        try:
            with open(self.cache(m.id)) as f:
                r = json.load(f)
        except (OSError, ValueError):
            return None
        if m.op == 'order' and r['verdict'] in ('survived', 'unchanged') and 'ordering' not in r:
            return None  # ran before the check-ordering phase existed
        if r.get('tip') == self.tip:
            return r
        if fresh or r.get('src') != self.src[m.file] or r['verdict'] in ('survived', 'timeout'):
            return None
        return r

    def save(self, r):
        path = self.cache(r['id'])
        with open(path + '.tmp', 'w') as f:
            json.dump(r, f)
        os.replace(path + '.tmp', path)

    def restore(self):
        scratch.git(self.wt, 'checkout', '-q', '-f', 'HEAD', '--', *mutate.FILES)

    def row_dir(self, variant, arch=ARCH):
        return os.path.join(self.out, table.Table.row_name(arch, variant, self.base))

    def kunit(self, variant, mode, logname, arch=ARCH):
        """tools/kunit-run in MODE; (exit status, log text, seconds)."""
        env = dict(self.env, KUNIT_MODE=mode, KUNIT_RESULTS=os.path.join(self.res, 'run'))
        os.makedirs(env['KUNIT_RESULTS'], exist_ok=True)
        log = os.path.join(self.res, 'run', logname)
        t = time.time()
        with open(log, 'w') as f:
            rc = subprocess.run([os.path.join(top, 'tools', 'kunit-run'), arch, variant], env=env,
                                stdout=f, stderr=subprocess.STDOUT, pass_fds=(self.lock,)).returncode
        with open(log, errors='replace') as f:
            return rc, f.read(), time.time() - t

    def digest(self, variant, path):
        try:
            with open(os.path.join(self.row_dir(variant), obj_of(path)), 'rb') as f:
                return hashlib.sha256(f.read()).hexdigest()
        except OSError:
            return None

    def boot(self, variant):
        """Boot the built row; (verdict, failed cases, seconds, slowest)."""
        row = table.Table.row_name(ARCH, variant, self.base)
        js = os.path.join(self.res, 'run', f'{row}.json')
        console = os.path.join(self.row_dir(variant), 'test.log')
        for stale in (js, console):
            if os.path.exists(stale):
                os.unlink(stale)
        rc, text, secs = self.kunit(variant, 'exec', 'exec.log')
        config = verdict.config_symbols(os.path.join(self.row_dir(variant), '.config'))
        r = verdict.row_verdict(row, [], js, console, rc, 'exec.log',
                                os.path.join(self.wt, 'kernel/locking/mutex_kunit.c'), config)
        failed = [f'{s}.{c}' for s, c, st in r['cases'] if not verdict.passed(st)]
        sl = verdict.slowest(console)
        try:
            with open(console, errors='replace') as f:
                reached = 'KTAP version' in f.read()
        except OSError:
            reached = False
        if r['ok']:
            v = 'survived'
        elif not reached:
            v = 'noboot'
        elif secs >= self.timeout:
            v = 'timeout'
        else:
            v = 'killed'
        return v, failed or r['problems'][:3], secs, (round(sl[0], 1), sl[1]) if sl else None

    def build_clean_tip(self, variant):
        """Build the unmutated tip on VARIANT, once more from an empty build
        directory if that fails: a build killed with the campaign (kill -9)
        can leave truncated files there, which would fail every later build
        and drop mutants that do compile."""
        self.restore()
        rc, _, _ = self.kunit(variant, 'build', 'build.log')
        if rc:
            print(f'mutants: the unmutated tip does not build in {self.row_dir(variant)}; '
                  'building it again from scratch', flush=True)
            shutil.rmtree(self.row_dir(variant), ignore_errors=True)
            rc, _, _ = self.kunit(variant, 'build', 'build.log')
        if rc:
            die(f'the unmutated tip does not build on {ARCH}-{variant}; see {self.res}/run/build.log')

    def baseline(self, variant):
        """Build and boot the unmutated tip on VARIANT once per tip: the object
        digests a mutant is compared with, and proof that the suite passes."""
        ref = os.path.join(self.res, f'baseline-{self.tip[:12]}-{variant}.json')
        if os.path.exists(ref):
            with open(ref) as f:
                return json.load(f)
        self.build_clean_tip(variant)
        v, failed, secs, _ = self.boot(variant)
        if v != 'survived':
            die(f'the unmutated suite fails on {ARCH}-{variant}: {" ".join(failed)}')
        digests = {p: self.digest(variant, p) for p in mutate.FILES}
        print(f'mutants: baseline {ARCH}-{variant} passes ({secs:.0f} s boot)', flush=True)
        with open(ref + '.tmp', 'w') as f:
            json.dump(digests, f)
        os.replace(ref + '.tmp', ref)
        return digests

    def ordering(self):
        """Build ORDER_ARCH-base from the worktree as it is and run
        tools/check-ordering on its mutex.o: (ok, last line), ok None when
        the build fails."""
        rc, _, _ = self.kunit('base', 'build', 'build-order.log', ORDER_ARCH)
        if rc:
            return None, f'{ORDER_ARCH} build failed'
        p = subprocess.run([os.path.join(top, 'tools', 'check-ordering'), '--out', self.out,
                            table.Table.row_name(ORDER_ARCH, 'base', self.base)], capture_output=True, text=True)
        lines = (p.stderr.strip() or p.stdout.strip()).splitlines()
        return p.returncode == 0, lines[-1] if lines else ''

    def ordering_baseline(self):
        ref = os.path.join(self.res, f'baseline-{self.tip[:12]}-{ORDER_ARCH}-ordering')
        if os.path.exists(ref):
            return
        self.restore()
        ok, why = self.ordering()
        if not ok:
            die(f'check-ordering fails on the unmutated tip ({ORDER_ARCH}): {why}')
        open(ref, 'w').close()

    def run_one(self, m):
        original = mutate.read(self.wt, m.file)
        t = time.time()
        r = dict(id=m.id, tip=self.tip, src=self.src[m.file], verdict='unchanged', row=None, boot_s=None,
                 failed=[], slowest=None)
        try:
            for variant in ROWS_OF.get(m.file, ROWS):
                digests = self.baseline(variant)
                with open(os.path.join(self.wt, m.file), 'w', newline='') as f:
                    f.write(mutate.apply(original, m))
                rc, text, _ = self.kunit(variant, 'build', 'build.log')
                if rc:
                    bugs = verdict.build_bug_ons(text)
                    r.update(row=variant, verdict='build' if bugs else 'dropped',
                             failed=[f'BUILD_BUG_ON in {fn}' for fn, _ in bugs])
                    break
                if self.digest(variant, m.file) == digests[m.file]:
                    continue
                v, failed, secs, sl = self.boot(variant)
                r.update(row=variant, verdict=v, failed=failed[:20], boot_s=round(secs, 1), slowest=sl)
                break
            if m.op == 'order' and r['verdict'] in ('survived', 'unchanged'):
                self.ordering_baseline()
                with open(os.path.join(self.wt, m.file), 'w', newline='') as f:
                    f.write(mutate.apply(original, m))
                ok, why = self.ordering()
                r['ordering'] = why
                if ok is False:
                    r.update(row=f'{ORDER_ARCH}-base', verdict='ordering', failed=[why])
        finally:
            with open(os.path.join(self.wt, m.file), 'w', newline='') as f:
                f.write(original)
        r['secs'] = round(time.time() - t, 1)
        return r

    def run(self, limit, match, fresh):
        # One campaign at a time: the builds inherit the lock, so a build
        # left running by a killed campaign keeps it too.
        os.makedirs(os.path.dirname(self.wt), exist_ok=True)
        self.lock = os.open(os.path.join(os.path.dirname(self.wt), 'lock'), os.O_CREAT | os.O_RDWR)
        try:
            fcntl.flock(self.lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            die(f'another campaign, or a build a killed one left running, holds '
                f'{os.path.dirname(self.wt)}/lock; wait for it or end it')
        try:
            scratch.worktree(self.ws, self.wt, f'refs/heads/{self.branch}')
        except scratch.ScratchError as e:
            die(str(e))
        for variant in dict.fromkeys(ROWS + sum(ROWS_OF.values(), [])):
            self.build_clean_tip(variant)
        self.baseline(ROWS[0])
        todo = [m for m in self.mutants() if match in m.id]
        left = [m for m in todo if self.load(m, fresh) is None]
        # What an earlier tip left survived or timed out first: a suite
        # change is judged by them before the campaign goes on.
        left.sort(key=lambda m: not os.path.exists(self.cache(m.id)))
        print(f'mutants: {len(todo)} mutants, {len(todo) - len(left)} cached, {len(left)} to run '
              f'(tip {self.tip[:12]})', flush=True)
        for n, m in enumerate(left[:limit] if limit else left, 1):
            r = self.run_one(m)
            self.save(r)
            print(f'[{n}/{len(left)}] {r["verdict"]:9} {r["secs"]:6.1f} s  {m.id}', flush=True)


def results(c):
    out = []
    for m in c.mutants():
        r = c.load(m)
        if r:
            out.append((m, r))
    return out


BEGIN, END = '<!-- mutants report: begin -->\n', '<!-- mutants report: end -->\n'


def score_table(rows, title, key):
    out = [f'| {title} | mutants | killed | survived | dropped | unchanged | score |\n',
           '|---|---|---|---|---|---|---|\n']
    groups = {}
    for m, r in rows:
        groups.setdefault(key(m), []).append(r['verdict'])
    for k in sorted(groups):
        v = groups[k]
        kd = sum(x in KILLED for x in v)
        sv = v.count('survived')
        sc = f'{100 * kd / (kd + sv):.0f} %' if kd + sv else '—'
        out.append(f'| {k} | {len(v)} | {kd} | {sv} | {v.count("dropped")} | {v.count("unchanged")} | {sc} |\n')
    return out


def report(c):
    rows = results(c)
    if not rows:
        die(f'no results that hold for tip {c.tip[:12]} in {c.res}; run tools/mutants.py run first')
    with open(DOC) as f:
        doc = f.read()
    if doc.count(BEGIN) != 1 or doc.count(END) != 1:
        die(f'{os.path.relpath(DOC, top)} must have one "{BEGIN.strip()}" and one "{END.strip()}" line')
    rows.sort(key=lambda x: x[0].id)
    lines = ['id\tverdict\trow\tsecs\tboot_s\tfailed\n']
    for m, r in rows:
        lines.append(f"{m.id}\t{r['verdict']}\t{r['row'] or '-'}\t{r['secs']}\t{r['boot_s'] or '-'}\t"
                     f"{len(r['failed'])}\n")
    total = len(c.mutants())
    v = [r['verdict'] for _, r in rows]
    kd, sv = sum(x in KILLED for x in v), v.count('survived')
    slow = sorted(((r['boot_s'], m.id, r['verdict']) for m, r in rows if r['boot_s']), reverse=True)[:5]
    block = [f'Generated by `tools/mutants.py report` from the results of {len(rows)} of the '
             f'{total} mutants of the series tip `{c.tip[:12]}` (x86_64-base, then x86_64-debug for '
             f'a mutant whose object is unchanged on base; osq_lock.c on x86_64-smp4), on {time.strftime("%Y-%m-%d")}.\n\n',
             f'Killed {kd}, survived {sv}: score {100 * kd / max(kd + sv, 1):.0f} % before triage '
             f'(killed of killed + survived). Timeouts (killed, but over the verdict bound): '
             f'{v.count("timeout")}. Dropped (do not compile): {v.count("dropped")}. '
             f'Unchanged object on both rows: {v.count("unchanged")}.\n\n']
    try:
        equiv = sum(1 for m, r in rows if r['verdict'] == 'survived'
                    and read_triage().get(m.id, ('',))[0] == 'equivalent')
    except OSError:
        equiv = 0
    if kd + sv - equiv:
        block += [f'After triage ({equiv} survivors equivalent): {kd} of {kd + sv - equiv} non-equivalent '
                  f'mutants killed, {100 * kd / (kd + sv - equiv):.0f} %. Wall time of these {len(rows)}: '
                  f'{sum(r["secs"] for _, r in rows) / 3600:.1f} h, '
                  f'{sum(r["secs"] for _, r in rows) / len(rows):.0f} s a mutant.\n\n']
    block += score_table(rows, 'file', lambda m: m.file) + ['\n']
    block += score_table(rows, 'operator', lambda m: m.op) + ['\n']
    block += ['Slowest boots: ' + '; '.join(f'{b} s `{i}` ({vd})' for b, i, vd in slow) + '.\n']
    a, b = doc.index(BEGIN) + len(BEGIN), doc.index(END)
    with open(TSV + '.tmp', 'w') as f:
        f.writelines(lines)
    with open(DOC + '.tmp', 'w') as f:
        f.write(doc[:a] + ''.join(block) + doc[b:])
    os.replace(TSV + '.tmp', TSV)
    os.replace(DOC + '.tmp', DOC)
    print(f'mutants: {len(rows)} of {total} hold for tip {c.tip[:12]}: {kd} killed, {sv} survived; '
          f'wrote {os.path.relpath(TSV, top)} and the report block of {os.path.relpath(DOC, top)}')


def read_tsv():
    """{id: verdict} of docs/mutants.tsv."""
    with open(TSV) as f:
        rows = [line.rstrip('\n').split('\t') for line in f][1:]
    return {r[0]: r[1] for r in rows}


def read_triage():
    """{id: (class, reason)} of the triage table in docs/mutants.md: rows
    '| `ID` | CLASS | REASON |'."""
    out = {}
    with open(DOC) as f:
        for line in f:
            cells = [c.strip().replace('\\|', '|') for c in re.split(r'(?<!\\)\|', line.strip())[1:-1]]
            if len(cells) >= 3 and cells[0].startswith('`') and cells[0].endswith('`'):
                out[cells[0].strip('`')] = (cells[1], cells[2])
    return out


def check(c):
    try:
        got, triage = read_tsv(), read_triage()
    except OSError as e:
        die(f'{e.filename}: {e.strerror}')
    now = {m.id for m in c.mutants()}
    bad = [f'{mid}: in docs/mutants.tsv, not a mutant of the tip {c.tip[:12]}' for mid in got if mid not in now]
    for mid, v in sorted(got.items()):
        if v == 'survived':
            cls = triage.get(mid)
            if not cls:
                bad.append(f'{mid}: survived, no triage row in docs/mutants.md')
            elif cls[0] not in TRIAGE or not cls[1]:
                bad.append(f'{mid}: triage class must be one of {"/".join(TRIAGE)}, with a reason')
    bad += [f'{mid}: triaged in docs/mutants.md but not a survivor in docs/mutants.tsv'
            for mid in triage if got.get(mid) != 'survived']
    for b in bad:
        print(f'mutants: {b}', file=sys.stderr)
    print(f'mutants: docs/mutants.tsv has {len(got)} of the tip\'s {len(now)} mutants, '
          f'{sum(v == "survived" for v in got.values())} survivors, {len(triage)} triaged')
    sys.exit(1 if bad else 0)


def main():
    ap = argparse.ArgumentParser(prog='tools/mutants.py', description=__doc__.split('\n')[0])
    ap.add_argument('cmd', choices=['run', 'report', 'list', 'check'])
    ap.add_argument('--limit', type=int, default=0)
    ap.add_argument('--match', default='')
    ap.add_argument('--timeout', type=int, default=150)
    ap.add_argument('--fresh', action='store_true')
    a = ap.parse_args()
    c = Campaign(a.timeout)
    if a.cmd == 'list':
        print('\n'.join(m.id for m in c.mutants()))
    elif a.cmd in ('report', 'check') and c.suffix:
        die(f'docs/mutants.md and .tsv are the default base\'s; {a.cmd} for BASE={os.environ["BASE"]} '
            f'has no doc (its results are in {c.res})')
    elif a.cmd == 'report':
        report(c)
    elif a.cmd == 'check':
        check(c)
    else:
        c.run(a.limit, a.match, a.fresh)


if __name__ == '__main__':
    main()
