#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The one table: tools/table.toml (bases, arches, variants, rows), loaded
and checked.  Every tool that needs to know how an arch is built and
booted, what a variant stacks or which rows CI runs reads it from here.

Python tools:  import table; t = table.load(); t.arch('arm64'), t.rows()...
Bash tools call it as a script (TABLE=FILE reads another table; --as NAME
words the errors as NAME's own):

  table.py arches                 the arch names, one line
  table.py bases                  the base names, one line, in table order
  table.py base-of ROW            the base row ROW runs on
  table.py base-of-tree TREE      the base whose name is kernel tree TREE's
                                  VERSION.PATCHLEVEL (exit 1 if none)
  table.py arch ARCH              KARCH|CROSS|CONSOLE|IMAGE, for
                                  IFS='|' read -r karch cross console image
  table.py variant ARCH VARIANT   SMP|BOOT|KERNEL_ARGS|--kunitconfig=PATH|...,
                                  the variant's kernel arguments (space
                                  separated, maybe none) and kunit.py
                                  --kunitconfig options in order
                                  ('kernel/locking' for an arch with
                                  in_tree_kunitconfig)
  table.py base [NAME]            NAME|PACKAGE|BRANCH|BUNDLE|PATCHES|WORKSPACE|SUFFIX
                                  of base NAME (default 6.12): paths relative
                                  to the project root, SUFFIX ends its row
                                  names ('' for the default base)
  table.py packages [BASE]        the Debian packages of every arch and of
                                  base BASE (default 6.12)
  table.py rows [--required] [--tier T]   row names, one a line

A malformed table exits 2 with the reason; an unknown arch, variant, base
or combination exits 1 with a one-line error naming the known ones.
"""
import os
import re
import sys
import tomllib

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
DEFAULT_BASE = '6.12'
TIERS = ('test', 'matrix')
BOOTS = ('kunit', 'torture', 'panic')

# key: (type, required)
BASE_KEYS = {'package': (str, True), 'branch': (str, True)}
ARCH_KEYS = {'karch': (str, True), 'cross': (str, True), 'console': (str, True),
             'image': (str, True), 'packages': (list, True), 'variants': (list, False),
             'kernel_args': (list, False), 'torture_kconfig': (list, False),
             'in_tree_kunitconfig': (bool, False)}
VARIANT_KEYS = {'kunitconfigs': (list, True), 'smp': (int, True), 'boot': (str, True),
                'arches': (list, False), 'bases': (list, False), 'kernel_args': (list, False)}
ROW_KEYS = {'required': (bool, True), 'tier': (str, True), 'facts': (list, True)}
# Names of bases, arches, variants and kunitconfigs; rows are ARCH-VARIANT
# on the default base and ARCH-VARIANT-BASE on another one.
NAME = re.compile(r'^[a-z0-9_.]+$')
ROW = re.compile(r'^([a-z0-9_.]+)-([a-z0-9_.]+)(?:-([0-9][a-z0-9_.]*))?$')
KUNITCONFIG = re.compile(r'^[a-z0-9_-]+$')


class TableError(Exception):
    """The table itself is malformed."""


class Unknown(Exception):
    """A name or combination the table does not have."""


def _entries(data, section, keys, where, name_rx=NAME):
    out = {}
    entries = data.get(section, {})
    if not isinstance(entries, dict):
        raise TableError(f'{where}: {section} must be a table of entries')
    for name, e in entries.items():
        w = f'{where}: {section}.{name}'
        if not name_rx.match(name):
            raise TableError(f'{w}: the name must match {name_rx.pattern}')
        if not isinstance(e, dict):
            raise TableError(f'{w}: not a table')
        for k in e:
            if k not in keys:
                raise TableError(f"{w}: unknown key '{k}' (known: {' '.join(keys)})")
        for k, (ty, req) in keys.items():
            if k not in e:
                if req:
                    raise TableError(f"{w}: missing '{k}'")
                continue
            if not isinstance(e[k], ty) or (ty is int and isinstance(e[k], bool)):
                raise TableError(f"{w}: '{k}' must be a {ty.__name__}")
            if ty is list and not all(isinstance(x, str) and x for x in e[k]):
                raise TableError(f"{w}: '{k}' must be a list of non-empty strings")
            if ty is list and k != 'packages' and not e[k] and k != 'facts':
                raise TableError(f"{w}: '{k}' must not be empty")
            if ty is list and len(set(e[k])) != len(e[k]):
                raise TableError(f"{w}: '{k}' names something twice")
            for x in (e[k] if ty is list else [e[k]] if ty is str else []):
                if '|' in x or any(c.isspace() for c in x):
                    raise TableError(f"{w}: '{k}' must not contain '|' or spaces")
        out[name] = e
    if not out:
        raise TableError(f'{where}: no {section}')
    return out


class Table:
    def __init__(self, path):
        self.path = path
        where = os.path.relpath(path, TOP) if path.startswith(TOP + '/') else path
        try:
            with open(path, 'rb') as f:
                data = tomllib.load(f)
        except OSError as e:
            raise TableError(f'cannot read {where}: {e.strerror}') from None
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
            raise TableError(f'{where}: {e}') from None
        for k in data:
            if k not in ('bases', 'arches', 'variants', 'rows'):
                raise TableError(f"{where}: unknown section '{k}'")
        self.bases = _entries(data, 'bases', BASE_KEYS, where)
        self.arches = _entries(data, 'arches', ARCH_KEYS, where)
        self.variants = _entries(data, 'variants', VARIANT_KEYS, where)
        self.row_entries = _entries(data, 'rows', ROW_KEYS, where, ROW)
        for name, b in self.bases.items():
            if not b['package'] or not b['branch']:
                raise TableError(f'{where}: bases.{name}: package and branch must not be empty')
        if DEFAULT_BASE not in self.bases:
            raise TableError(f'{where}: no base {DEFAULT_BASE} (the default)')
        for name, a in self.arches.items():
            w = f'{where}: arches.{name}'
            if a['cross'] and not a['cross'].endswith('-'):
                raise TableError(f'{w}: cross prefix must end with -')
            for k in ('karch', 'image'):
                if not a[k]:
                    raise TableError(f"{w}: '{k}' must not be empty")
            if a.get('in_tree_kunitconfig') and 'variants' not in a:
                raise TableError(f'{w}: an in-tree kunitconfig arch must list its variants')
            for v in a.get('variants', []):
                if v not in self.variants:
                    raise TableError(f"{w}: unknown variant '{v}'")
        kdir = os.path.join(TOP, 'kunitconfigs')
        for name, v in self.variants.items():
            w = f'{where}: variants.{name}'
            if v['boot'] not in BOOTS:
                raise TableError(f"{w}: boot '{v['boot']}' (known: {' '.join(BOOTS)})")
            if not 1 <= v['smp'] <= 8:
                raise TableError(f'{w}: smp must be 1 to 8')
            for k in v['kunitconfigs']:
                if not KUNITCONFIG.match(k):
                    raise TableError(f"{w}: kunitconfig '{k}' is a name under kunitconfigs/, not a path")
            for k in v['kunitconfigs']:
                if not os.path.isfile(os.path.join(kdir, k + '.kunitconfig')):
                    raise TableError(f'{w}: no kunitconfigs/{k}.kunitconfig')
            for a in v.get('arches', []):
                if a not in self.arches:
                    raise TableError(f"{w}: unknown arch '{a}'")
            for b in v.get('bases', []):
                if b not in self.bases:
                    raise TableError(f"{w}: unknown base '{b}'")
        facts, fact_arches = _facts()
        for name, r in self.row_entries.items():
            w = f'{where}: rows.{name}'
            if r['tier'] not in TIERS:
                raise TableError(f"{w}: tier '{r['tier']}' (known: {' '.join(TIERS)})")
            if r['required'] and r['tier'] != 'test':
                raise TableError(f'{w}: a required row must be in tier test')
            for f in r['facts']:
                if f not in facts:
                    raise TableError(f"{w}: unknown console fact '{f}' (known: {' '.join(facts)})")
            arch, variant, base = self.split_row(name)
            for f in r['facts']:
                if arch in self.arches and arch not in fact_arches.get(f, [arch]):
                    raise TableError(f"{w}: console fact '{f}' is for {' '.join(fact_arches[f])} only")
            if base is not None and (base == DEFAULT_BASE or base not in self.bases):
                raise TableError(f"{w}: '{base}' is not a base other than the default"
                                 f" (known: {' '.join(self.bases)})")
            try:
                smp = self.variant(arch, variant, base or DEFAULT_BASE)['smp']
            except Unknown as e:
                raise TableError(f'{w}: {e}') from None
            if not self.arches[arch]['console'] and r['facts']:
                raise TableError(f'{w}: arch {arch} has no serial console: its rows have no console facts')
            smp_facts = [f for f in r['facts'] if re.match(r'smp\d+$', f)]
            if self.arches[arch]['console'] and smp_facts != [f'smp{smp}']:
                raise TableError(f"{w}: variant {variant} boots {smp} vCPU(s): facts must have smp{smp}"
                                 " and no other smp fact")
            if not self.arches[arch]['console'] and self.variants[variant]['boot'] != 'kunit':
                raise TableError(f"{w}: a {self.variants[variant]['boot']} boot needs a serial console")

    def arch(self, name):
        try:
            return self.arches[name]
        except KeyError:
            raise Unknown(f"unknown arch '{name}' (known: {' '.join(self.arches)})") from None

    def variant(self, arch, name, base=None):
        """Variant NAME as built for ARCH (on BASE, when given): its entry
        with 'kunitconfigs' as the --kunitconfig arguments for kunit.py
        (paths)."""
        a = self.arch(arch)
        if name not in self.variants:
            raise Unknown(f"unknown variant '{name}' (known: {' '.join(self.variants)})")
        v = dict(self.variants[name])
        if name not in a.get('variants', self.variants):
            raise Unknown(f"arch {arch} has only the variant(s) {' '.join(a['variants'])}")
        if arch not in v.get('arches', self.arches):
            raise Unknown(f"variant {name} is for {' '.join(v['arches'])} only")
        if base is not None and base not in v.get('bases', self.bases):
            raise Unknown(f"variant {name} is for base(s) {' '.join(v['bases'])} only")
        if a.get('in_tree_kunitconfig'):
            v['kunitconfigs'] = ['kernel/locking']
            v['smp'] = 1
        else:
            v['kunitconfigs'] = [os.path.join(TOP, 'kunitconfigs', k + '.kunitconfig')
                                 for k in v['kunitconfigs']]
        return v

    def base(self, name=DEFAULT_BASE):
        """Base NAME with where its series lives: the default base's in
        kernel-branch.bundle, patches/ and build/linux, another base's in
        kernel-branch-NAME.bundle, patches-NAME/ and build/linux-NAME, its
        rows named ARCH-VARIANT-NAME (suffix)."""
        try:
            b = dict(self.bases[name])
        except KeyError:
            raise Unknown(f"unknown base '{name}' (known: {' '.join(self.bases)})") from None
        suffix = '' if name == DEFAULT_BASE else '-' + name
        b.update(name=name, bundle=f'kernel-branch{suffix}.bundle', patches=f'patches{suffix}',
                 workspace=f'build/linux{suffix}', suffix=suffix)
        return b

    @staticmethod
    def split_row(name):
        """ARCH, VARIANT and BASE (None for the default base) of a row name."""
        m = ROW.match(name)
        if not m:
            raise Unknown(f"'{name}' is not a row name (ARCH-VARIANT, or ARCH-VARIANT-BASE)")
        return m.groups()

    @staticmethod
    def row_name(arch, variant, base=None):
        """The name of ARCH's VARIANT row on BASE: split_row()'s inverse."""
        return f'{arch}-{variant}' + ('' if base in (None, DEFAULT_BASE) else f'-{base}')

    def rows(self, required=None, tier=None):
        """Row names in table order, optionally only required ones or one tier."""
        return [n for n, r in self.row_entries.items()
                if (required is None or r['required'] == required)
                and (tier is None or r['tier'] == tier)]

    def row(self, name):
        try:
            return self.row_entries[name]
        except KeyError:
            raise Unknown(f"unknown row '{name}' (known: {' '.join(self.row_entries)})") from None

    def packages(self, base=DEFAULT_BASE):
        """Every arch's packages and base BASE's source package (another
        base's is installed only when something asks for that base)."""
        return sorted({p for a in self.arches.values() for p in a['packages']} |
                      {self.base(base)['package']})


def tree_version(tree):
    """VERSION.PATCHLEVEL of the kernel tree TREE ('6.1'), or None."""
    try:
        with open(os.path.join(tree, 'Makefile')) as f:
            text = f.read()
    except OSError:
        return None
    v = re.search(r'^VERSION = (\d+)$', text, re.M)
    p = re.search(r'^PATCHLEVEL = (\d+)$', text, re.M)
    return f'{v[1]}.{p[1]}' if v and p else None


def _facts():
    """The console facts tools/verdict.py defines, and the arches each
    arch-specific one applies to."""
    sys.path.insert(0, HERE)
    from verdict import FACTS, FACT_ARCHES
    return FACTS, FACT_ARCHES


def load(path=None):
    return Table(path or os.environ.get('TABLE') or os.path.join(HERE, 'table.toml'))


def load_or_die(prog):
    """load(), or exit 2 with 'PROG: error: ...' when the table is malformed."""
    try:
        return load()
    except TableError as e:
        print(f'{prog}: error: {e}', file=sys.stderr)
        sys.exit(2)


def main(argv):
    prog = 'table.py'
    if argv[:1] == ['--as'] and len(argv) > 1:
        prog, argv = argv[1], argv[2:]
    try:
        t = load()
    except TableError as e:
        print(f'{prog}: error: {e}', file=sys.stderr)
        return 2
    try:
        if argv == ['arches']:
            print(' '.join(t.arches))
        elif argv == ['bases']:
            print(' '.join(t.bases))
        elif len(argv) == 2 and argv[0] == 'base-of-tree':
            version = tree_version(argv[1])
            if not version:
                raise Unknown(f'{argv[1]} has no kernel Makefile with VERSION and PATCHLEVEL')
            print(t.base(version)['name'])
        elif argv[:1] == ['row-of'] and len(argv) in (3, 4) and argv[3:] in ([], ['--any']):
            # The row name of a boot of ARCH's VARIANT on BASE.  Without
            # --any, some row (on any base) must boot that variant on that
            # arch when the variant has rows at all: the table says why a
            # pair has none (i386 boots one CPU without ACPI, so its row is
            # i386-acpi, not i386-base).
            arch, variant = argv[1], argv[2]
            base = os.environ.get('BASE') or DEFAULT_BASE
            t.variant(arch, variant, base)
            rows = {r: t.split_row(r)[:2] for r in t.rows()}
            if (argv[3:] != ['--any'] and (arch, variant) not in rows.values()
                    and any(v == variant for _, v in rows.values())):
                mine = [r for r, (a, _) in rows.items() if a == arch]
                raise Unknown(f"no row of tools/table.toml boots variant {variant} on {arch}"
                              f" ({arch}'s rows: {' '.join(mine) or 'none'})")
            print(t.row_name(arch, variant, base))
        elif len(argv) == 2 and argv[0] == 'split-row':
            arch, variant, base = t.split_row(argv[1])
            t.arch(arch)
            print(f'{arch}|{variant}|{base or DEFAULT_BASE}')
        elif len(argv) == 2 and argv[0] == 'base-of':
            t.row(argv[1])
            print(t.split_row(argv[1])[2] or DEFAULT_BASE)
        elif len(argv) == 2 and argv[0] == 'arch':
            a = t.arch(argv[1])
            print('|'.join([a[k] for k in ('karch', 'cross', 'console', 'image')]
                           + [' '.join(a.get(k, [])) for k in ('kernel_args', 'torture_kconfig')]))
        elif len(argv) == 3 and argv[0] == 'variant':
            v = t.variant(argv[1], argv[2], os.environ.get('BASE') or DEFAULT_BASE)
            print('|'.join([str(v['smp']), v['boot'], ' '.join(v.get('kernel_args', []))]
                           + [f'--kunitconfig={k}' for k in v['kunitconfigs']]))
        elif argv[:1] == ['base'] and len(argv) <= 2:
            b = t.base(*(argv[1:] or [DEFAULT_BASE]))
            print('|'.join(b[k] for k in ('name', 'package', 'branch', 'bundle', 'patches',
                                          'workspace', 'suffix')))
        elif argv[:1] == ['packages'] and len(argv) <= 2:
            print(' '.join(t.packages(*argv[1:])))
        elif argv[:1] == ['rows']:
            required, tier, rest = None, None, argv[1:]
            while rest:
                if rest[0] == '--required':
                    required, rest = True, rest[1:]
                elif rest[0] == '--tier' and len(rest) > 1 and rest[1] in TIERS:
                    tier, rest = rest[1], rest[2:]
                else:
                    raise IndexError
            print('\n'.join(t.rows(required, tier)))
        else:
            raise IndexError
    except Unknown as e:
        print(f'{prog}: error: {e}', file=sys.stderr)
        return 1
    except IndexError:
        print(f'usage: {prog} arches | bases | base-of ROW | split-row NAME | row-of ARCH VARIANT [--any] | base-of-tree TREE | arch ARCH | variant ARCH VARIANT | base [NAME] | packages [BASE]'
              ' | rows [--required] [--tier T]', file=sys.stderr)
        return 2
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
