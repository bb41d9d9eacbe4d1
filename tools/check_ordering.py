#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""tools/check-ordering: acquire/release of the mutex owner-word transitions,
checked in the generated code.

    tools/check-ordering [--skip-missing] ROW|DIR...   build/out/ROW or a build dir
    tools/check-ordering [--vmlinux] ROW|DIR...        also the row's linked vmlinux
    tools/check-ordering --obj FILE --arch ARCH [--label NAME] [--image]

Disassembles kernel/locking/mutex.o with the arch's objdump (-dr), finds every
pointer-width compare-and-swap on the owner word in the mutex functions of
FUNCTIONS below (inlined copies included: one site per copy), and checks that
it has acquire (lock side) or release (unlock side) semantics in the ISA:
in the instruction itself (x86 lock prefix, arm64 casa/casl/ldaxr/stlxr,
riscv .aq/.rl) or in a fence in the position that gives the same guarantee:
an acquire fence on every path from the successful store to the next shared
memory access, call or return; a release fence on every path into the
load-exclusive from the previous shared memory access, call or function entry.
Prints a table per object; exits 1 naming function and instruction when a
transition lacks its ordering (or a required transition is not found).
docs/ordering.md has the reasoning and what this does not prove.
"""
import argparse
import os
import re
import subprocess
import sys

# --- Per-arch knowledge ------------------------------------------------------
# objdump: the binutils that reads the arch's objects.
# word: the owner word's width; CAS of any other width (the inlined arm64 and
#   riscv qspinlock on wait_lock, atomic_t counters) is not an owner transition.
# flavours: the shapes of compare-and-swap the arch's atomics generate
#   (arch/*/include/asm/cmpxchg.h, atomic*.h), each with the regex that finds
#   it: ('cas', NAME, MNEMONIC) a single instruction; ('llsc', NAME, LOAD,
#   STORE, CONDITIONAL-STORE) a load-exclusive / store-exclusive loop that
#   is a CAS when a conditional branch (or a conditional store) sits between.
# wide: what makes a site 64-bit (regex on its first operand, or with 'mnem:'
#   on its mnemonic); None: every site is 32-bit.
# cret: a return with a condition code, which also falls through.
# own_acq / own_rel: regex on the site's load/CAS (ld) or store (st) mnemonic
#   that carries acquire / release itself.
# fence_acq / fence_rel: fence instructions (mnemonic + operands, spaces
#   removed) accepted after (acquire) or before (release) the site.
# full_rmw: RMW instructions the arch's atomics use as fully ordered
#   (riscv amo*.aqrl, arm64 LSE *al): accepted as a fence in either position.
# mem: mnemonics that access memory; stack: operands that address the stack
#   or the literal pool (private to this CPU: no ordering needed for them);
# fp: (frame-pointer setup from sp, operand through it): also stack.
# call / ret / jump: call, return and unconditional-branch mnemonics; cond:
#   conditional branches (target is the operand printed as "ADDR <sym+off>").
ARM_CC = 'eq|ne|cs|hs|cc|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le'
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import table  # noqa: E402


def _objdump(arch):
    """The arch's objdump: its cross prefix comes from the table (read when
    an object is disassembled, not at import)."""
    return table.load_or_die('check-ordering').arch(arch)['cross'] + 'objdump'


ARCHES = {
    'x86_64': dict(
        word=64,
        flavours=[('cas', 'x86', r'^(lock )?cmpxchg[lq]?$')], wide=r'^%r(?!\d+[dwb]$)', cret=None,
        own_acq=r'^lock cmpxchg', own_rel=r'^lock cmpxchg',
        fence_acq=[], fence_rel=[], full_rmw=None, mem=None, stack=None, fp=None,
        call=r'^call', ret=r'^ret', jump=r'^jmp$', cond=r'^j(?!mp)'),
    'i386': dict(
        word=32,
        flavours=[('cas', 'x86', r'^(lock )?cmpxchg[lq]?$')], wide=r'^%r(?!\d+[dwb]$)', cret=None,
        own_acq=r'^lock cmpxchg', own_rel=r'^lock cmpxchg',
        fence_acq=[], fence_rel=[], full_rmw=None, mem=None, stack=None, fp=None,
        call=r'^call', ret=r'^ret', jump=r'^jmp$', cond=r'^j(?!mp)'),
    'arm64': dict(
        word=64,
        flavours=[('cas', 'lse', r'^cas(a|l|al)?$'),
                  ('llsc', 'llsc', r'^ld(a)?xr$', r'^st(l)?xr$', None)],
        wide=r'^(x\d+|xzr)$', cret=None,
        own_acq=r'^(cas(a|al)|ldaxr)$', own_rel=r'^(cas(l|al)|stlxr)$',
        fence_acq=['dmbish', 'dmbsy', 'dmbishld'], fence_rel=['dmbish', 'dmbsy'],
        full_rmw=r'^(ld(add|clr|eor|set|smax|smin|umax|umin)|swp|cas)al[bh]?$',
        mem=r'^(ld|st|cas|swp|prfm$)', stack=r'\[sp\b', fp=(r'^mov x29, sp$', r'\[x29\b'),
        call=r'^blr?$', ret=r'^ret', jump=r'^b$|^br$', cond=r'^(b\.|cbn?z|tbn?z)'),
    'arm': dict(
        word=32,
        flavours=[('llsc', 'ldrex', r'^ldrex$', r'^strex(eq|ne)?$', r'^strex(eq|ne)$')],
        wide=None, cret=r'^(bx|pop|ldm\w*)(%s)$' % ARM_CC,
        own_acq=None, own_rel=None,
        fence_acq=['dmbish', 'dmbsy', 'dmb'], fence_rel=['dmbish', 'dmbsy', 'dmb'],
        full_rmw=None,
        mem=r'^(ldr|str|ldm|stm|push|pop|vldr|vstr|vld|vst|ldrex|strex|swp)',
        stack=r'\[sp\b|\[pc\b|^\{|^sp!?,', fp=(r'^add fp, sp, ', r'\[fp\b'),
        call=r'^blx?$', ret=r'^(bx|pop|ldm\w*)(%s)?$' % ARM_CC, jump=r'^b$',
        cond=r'^b(%s)$|^cbn?z$' % ARM_CC),
    'riscv64': dict(
        word=64,
        flavours=[('llsc', 'lrsc', r'^lr\.[wd]', r'^sc\.[wd]', None)],
        wide='mnem:^lr\\.d', cret=None,
        own_acq=r'^lr\.[wd]\.aq', own_rel=r'^sc\.[wd]\.(aq)?rl',
        fence_acq=['fencer,rw', 'fencerw,rw', 'fence.tso', 'fenceiorw,iorw'],
        fence_rel=['fencerw,w', 'fencerw,rw', 'fence.tso', 'fenceiorw,iorw'],
        full_rmw=r'^amo\w+\.[wd]\.aqrl$',
        mem=r'^(c\.)?(l[bhwd]u?|s[bhwd]|fl[wd]|fs[wd]|lr\.|sc\.|amo)',
        stack=r'\(sp\)', fp=(r'^addi? s0,sp,', r'\(s0\)'),
        call=r'^(jal|jalr|call)$', ret=r'^ret$', jump=r'^(j|jr|tail)$',
        cond=r'^b(eq|ne|lt|ge|ltu|geu|eqz|nez|lez|gez|ltz|gtz|gt|le|gtu|leu)$'),
}

# The mutex.c functions whose owner-word CAS sites are checked, with the side
# each site is on.  Clones (.constprop.N, .isra.N, .part.N, .cold) count as the
# function.  'mixed' (a function that inlines both mutex_lock and
# mutex_unlock): a site is acquire when its expected value is the constant 0
# (zero -> current, __mutex_trylock_fast), release when its new value is 0
# (current -> 0, __mutex_unlock_fast); a site with neither is not an owner
# transition (atomic_dec_and_mutex_lock's counter) and is listed, unchecked.
# Other functions in mutex.o (the KUnit cases #included at its end) are not
# checked.
FUNCTIONS = {
    # lock fast path (__mutex_trylock_fast) and, in the slow paths and
    # trylocks, every inlined copy of __mutex_trylock_common's success CAS
    'mutex_lock': 'acquire',
    'mutex_lock_killable': 'acquire',
    'mutex_lock_interruptible': 'acquire',
    'mutex_lock_io': 'acquire',
    'mutex_trylock': 'acquire',
    'ww_mutex_lock': 'acquire',
    'ww_mutex_lock_interruptible': 'acquire',
    'ww_mutex_trylock': 'acquire',
    '__mutex_trylock_common': 'acquire',
    '__mutex_trylock_fast': 'acquire',
    '__mutex_trylock_or_owner': 'acquire',
    'mutex_optimistic_spin': 'acquire',
    '__mutex_lock': 'acquire',
    '__mutex_lock_common': 'acquire',
    '__ww_mutex_lock': 'acquire',
    '__mutex_lock_slowpath': 'acquire',
    '__mutex_lock_killable_slowpath': 'acquire',
    '__mutex_lock_interruptible_slowpath': 'acquire',
    '__ww_mutex_lock_slowpath': 'acquire',
    '__ww_mutex_lock_interruptible_slowpath': 'acquire',
    'mutex_lock_nested': 'acquire',
    'mutex_lock_killable_nested': 'acquire',
    'mutex_lock_interruptible_nested': 'acquire',
    'mutex_lock_io_nested': 'acquire',
    '_mutex_lock_nest_lock': 'acquire',
    # unlock fast path, __mutex_unlock_slowpath's release, __mutex_handoff
    'mutex_unlock': 'release',
    'ww_mutex_unlock': 'release',
    '__mutex_unlock_fast': 'release',
    '__mutex_unlock_slowpath': 'release',
    '__mutex_handoff': 'release',
    'atomic_dec_and_mutex_lock': 'mixed',
}

# Transitions that must be found (at least N sites per flavour present in the
# object, summed over the function's clones), so that a renamed or vanished
# function cannot pass by having nothing to check.  __mutex_unlock_slowpath:
# its own release plus the inlined __mutex_handoff.
REQUIRED = {
    'mutex_lock': 1,
    'mutex_lock_killable': 1,
    'mutex_lock_interruptible': 1,
    'mutex_lock_io': 1,
    'mutex_trylock': 1,
    'mutex_unlock': 1,
    '__mutex_lock': 1,
    '__mutex_unlock_slowpath': 2,
}
# Under CONFIG_DEBUG_LOCK_ALLOC the fast paths are not compiled: mutex_lock
# and friends are then macros or plain calls, and only these are required.
REQUIRED_DEBUG = {'__mutex_unlock_slowpath': 2, '__mutex_lock': 1, 'mutex_trylock': 1}

# Calls from the functions above to an out-of-line atomic (arm64's LL/SC
# bodies were once out of line, the __LL_SC_FALLBACK trampolines in
# .subsection 1, until "arm64: atomics: remove LL/SC trampolines"; 6.12's
# arch/arm64/include/asm/atomic_ll_sc.h has them inline).  Their ordering
# would not be visible in the caller: such a call fails the check.
OUT_OF_LINE = r'^(__ll_sc_|__lse_|__arch_atomic|arch_atomic|__atomic|atomic64_|__cmpxchg|__xchg)'

# -----------------------------------------------------------------------------

LINE = re.compile(r'^\s*([0-9a-f]+):\t(.*)$')
FUNC = re.compile(r'^([0-9a-f]+) <([^>]+)>:$')
RELOC = re.compile(r'^\s*([0-9a-f]+): (R_\S+)\s+(.*)$')
TARGET = re.compile(r'\b([0-9a-f]+) <([^>+]+)(\+0x[0-9a-f]+)?>')


class Insn:
    def __init__(self, addr, text):
        self.addr = addr
        self.text = text.strip()
        body = re.split(r'\s(//|@|;|#)\s', self.text)[0].strip()
        parts = body.split(None, 1)
        self.mnem = parts[0] if parts else ''
        self.ops = parts[1] if len(parts) > 1 else ''
        if self.mnem == 'lock' and self.ops:      # x86 prefix
            sub = self.ops.split(None, 1)
            self.mnem = 'lock ' + sub[0]
            self.ops = sub[1] if len(sub) > 1 else ''
        self.relocs = []
        self.target = None         # (addr, symbol)

    def __str__(self):
        return '%x: %s' % (self.addr, re.sub(r'\s+', ' ', self.text))


def base_name(sym):
    return re.split(r'\.(constprop|isra|part|cold|lto_priv)', sym)[0]


SECTION = {}     # id(instruction list) -> (section, symbol)


def objdump_run(objdump, args):
    try:
        return subprocess.run([objdump] + args, check=True, capture_output=True,
                              text=True).stdout
    except FileNotFoundError:
        sys.exit('check-ordering: error: %s not found (install binutils for the arch)' % objdump)
    except subprocess.CalledProcessError as e:
        sys.exit('check-ordering: error: %s %s failed: %s' % (objdump, ' '.join(args),
                                                             e.stderr.strip()))


SYMBOL = re.compile(r'^([0-9a-f]+) .* F (\S+)\s+([0-9a-f]+)\s+(\S+)$')


def disassemble(objdump, obj, image=False):
    """obj: objdump -dr of the whole object.  image (a linked vmlinux): only
    the functions of FUNCTIONS, found in its symbol table (a static function
    of the same name in another object would be checked too)."""
    if not image:
        return parse(objdump_run(objdump, ['-dr', '--no-show-raw-insn', obj]))
    out = []
    for line in objdump_run(objdump, ['-t', obj]).splitlines():
        m = SYMBOL.match(line)
        if not m or FUNCTIONS.get(base_name(m.group(4))) is None or int(m.group(3), 16) == 0:
            continue
        start = int(m.group(1), 16)
        out.append(objdump_run(objdump, [
            '-d', '--no-show-raw-insn', '--start-address=0x%x' % start,
            '--stop-address=0x%x' % (start + int(m.group(3), 16)), obj]))
    return parse('\n'.join(out))


def parse(out):
    funcs, cur, section = {}, None, ''
    for line in out.splitlines():
        if line.startswith('Disassembly of section '):
            section = line[len('Disassembly of section '):].rstrip(':')
            continue
        m = FUNC.match(line)
        if m and m.group(2).startswith('.L') and cur is not None:
            continue        # riscv keeps local labels (.L1^B32) as symbols
        if m:
            cur = []
            SECTION[id(cur)] = (section, m.group(2))
            funcs.setdefault(m.group(2), []).append(cur)
            continue
        if cur is None:
            continue
        m = RELOC.match(line)
        if m and cur:
            cur[-1].relocs.append(m.group(3))
            continue
        m = LINE.match(line)
        if m:
            insn = Insn(int(m.group(1), 16), m.group(2))
            if insn.mnem and insn.mnem != '...':
                cur.append(insn)
    # one symbol, one instruction list (a name twice in one object is not
    # expected for these functions; keep them apart by suffix if it happens)
    flat = {}
    for name, bodies in funcs.items():
        for i, body in enumerate(bodies):
            flat[name if i == 0 else '%s#%d' % (name, i)] = body
    return flat


class Func:
    def __init__(self, name, insns, arch):
        self.name, self.insns, self.arch = name, insns, arch
        self.a = ARCHES[arch]
        self.index = {x.addr: i for i, x in enumerate(insns)}
        # a frame pointer set up from sp: accesses through it are stack too
        self.fp = self.a['fp'] is not None and any(
            re.match(self.a['fp'][0], x.mnem + ' ' + x.ops) for x in insns)
        for x in insns:
            if self.is_branch(x):
                m = TARGET.search(x.ops)
                if m:
                    x.target = (int(m.group(1), 16), m.group(2))
        self.preds = {i: [] for i in range(len(insns))}
        for i, x in enumerate(insns):
            for j in self.succs(i):
                self.preds[j].append(i)

    def m(self, key, x):
        return self.a[key] is not None and re.search(self.a[key], x.mnem)

    def is_branch(self, x):
        return bool(self.m('jump', x) or self.m('cond', x) or self.m('call', x))

    def local_target(self, x):
        if x.target and (base_name(x.target[1]) == base_name(self.name)
                         or x.target[1].startswith('.L')) \
                and x.target[0] in self.index:
            return self.index[x.target[0]]
        return None

    def is_return(self, x):
        if not self.m('ret', x):
            return False
        if x.mnem.startswith('pop') or x.mnem.startswith('ldm'):
            return 'pc' in x.ops
        return True

    def succs(self, i):
        x = self.insns[i]
        if self.is_return(x):
            if self.m('cret', x) and i + 1 < len(self.insns):
                return [i + 1]
            return []
        out = []
        if self.m('jump', x) or self.m('cond', x):
            t = self.local_target(x)
            if t is not None:
                out.append(t)
            if self.m('jump', x):
                return out
        if i + 1 < len(self.insns):
            out.append(i + 1)
        return out

    def leaves(self, x):
        """A branch out of the function (a tail call) or an indirect jump."""
        if self.m('jump', x) or self.m('cond', x):
            return self.local_target(x) is None
        return False

    def shared_access(self, x):
        """A load or store another CPU may observe (not stack, not literal)."""
        if self.a['mem'] is None or not re.search(self.a['mem'], x.mnem):
            return False
        if x.mnem.startswith('prfm'):
            return False
        if x.mnem in ('push', 'pop'):
            return False
        if self.a['stack'] and re.search(self.a['stack'], x.ops):
            return False
        if self.fp and re.search(self.a['fp'][1], x.ops):
            return False
        return True

    def fence(self, x, kind):
        if self.a['full_rmw'] and re.match(self.a['full_rmw'], x.mnem):
            return True
        key = (x.mnem + x.ops).replace(' ', '').replace('\t', '')
        return key in self.a['fence_acq' if kind == 'acquire' else 'fence_rel']


# --- Finding the owner-word CAS sites ---------------------------------------

ARM_ALIAS = {'r11': 'fp', 'r12': 'ip', 'r13': 'sp', 'r14': 'lr', 'r15': 'pc'}


def reg(name, arch):
    """A register name as objdump prints it in operands (arm: ip, not r12)."""
    name = name.strip().lstrip('%')
    return ARM_ALIAS.get(name, name) if arch == 'arm' else name


def width(f, x):
    """The width of the CAS starting at instruction X (ARCHES 'wide')."""
    wide = f.a['wide']
    if wide is None:
        return 32
    if wide.startswith('mnem:'):
        return 64 if re.search(wide[5:], x.mnem) else 32
    return 64 if re.search(wide, x.ops.split(',')[0].strip()) else 32


class Site:
    def __init__(self, func, flavour, ld, st):
        self.func, self.flavour, self.ld, self.st = func, flavour, ld, st
        self.role = None
        self.verdict = None
        self.ok = None

    def text(self):
        f = self.func
        if self.ld == self.st:
            return str(f.insns[self.ld])
        return '%s .. %s' % (f.insns[self.ld], re.sub(r'^[0-9a-f]+: ', '', str(f.insns[self.st])))


def find_sites(f, word):
    sites = []
    ins = f.insns
    for i, x in enumerate(ins):
        for fl in f.a['flavours']:
            if not re.match(fl[2], x.mnem) or width(f, x) != word:
                continue
            if fl[0] == 'cas':
                sites.append(Site(f, fl[1], i, i))
                continue
            # a compare-and-swap: a store-exclusive within a few
            # instructions, conditional on a compare of the loaded value
            # (a branch out, or arm's strexeq), unlike the atomic or/andnot
            # loops that flip flag bits.
            compare = False
            for j in range(i + 1, min(i + 8, len(ins))):
                y = ins[j]
                if re.match(fl[3], y.mnem):
                    if compare or (fl[4] and re.match(fl[4], y.mnem)):
                        sites.append(Site(f, fl[1], i, j))
                    break
                if f.m('cond', y):
                    compare = True
    return sites


def zero_reg(f, i, name):
    """Was REG set to 0 (or is it the zero register) shortly before insn i,
    in straight-line code?"""
    r = reg(name, f.arch)
    if r in ('xzr', 'wzr', 'zero', '#0'):
        return True
    alias = {r}
    if re.match(r'^[xw]\d+$', r):
        alias |= {'x' + r[1:], 'w' + r[1:]}
    if re.match(r'^r[a-d]x$|^e[a-d]x$', r):
        alias |= {'r' + r[1:], 'e' + r[1:]}
    for j in range(i - 1, max(i - 8, -1), -1):
        y = f.insns[j]
        ops = [reg(o, f.arch) for o in y.ops.split(',')]
        if y.mnem == 'xor' and len(ops) == 2 and ops[0] == ops[1] and ops[1] in alias:
            return True
        if y.mnem in ('mov', 'li', 'movs') and len(ops) >= 2 and ops[0] in alias:
            return re.match(r'^(#0(x0)?|0|xzr|wzr|zero)\b', ops[1]) is not None
        if ops and ops[0] in alias and not f.m('cond', y):
            return False
        if f.is_branch(y):
            return False
    return False


def classify_mixed(s):
    """acquire: expected value 0; release: new value 0; else None."""
    f, x = s.func, s.func.insns[s.ld]
    ops = [reg(o, f.arch) for o in x.ops.split(',')]
    if s.flavour == 'x86':
        return 'acquire' if zero_reg(f, s.ld, 'rax') else \
            ('release' if zero_reg(f, s.ld, ops[0]) else None)
    if s.flavour == 'lse':
        return 'acquire' if zero_reg(f, s.ld, ops[0]) else \
            ('release' if zero_reg(f, s.ld, ops[1]) else None)
    st = f.insns[s.st]
    new = reg(st.ops.split(',')[1], f.arch)
    between = f.insns[s.ld + 1:s.st]
    loaded = ops[0]
    old_zero = False
    for y in between:
        yo = [reg(o, f.arch) for o in y.ops.split(',')]
        if f.m('cond', y) and loaded in yo[0:1] and y.mnem in ('cbnz', 'bnez', 'cbz', 'beqz'):
            old_zero = True
        if f.m('cond', y) and len(yo) >= 2 and y.mnem in ('bne', 'beq') and 'zero' in yo[:2]:
            old_zero = True
        if y.mnem in ('teq', 'cmp') and len(yo) == 2 and yo[0] == loaded and re.match(r'^#0\b', yo[1]):
            old_zero = True
        if y.mnem == 'eor' and len(yo) == 3 and yo[1] == loaded and zero_reg(f, s.ld, yo[2]):
            old_zero = True
        if y.mnem in ('teq', 'cmp') and len(yo) == 2 and yo[0] == loaded and zero_reg(f, s.ld, yo[1]):
            old_zero = True
    if old_zero:
        return 'acquire'
    if zero_reg(f, s.ld, new):
        return 'release'
    return None


# --- Ordering ----------------------------------------------------------------

LIMIT = 64


def worst(bad):
    """The unordered paths' ends, nearest first (by address), at most two."""
    bad = sorted(set(bad))
    more = ' (and %d more)' % (len(bad) - 2) if len(bad) > 2 else ''
    return '; '.join(b for _, b in bad[:2]) + more


def fence_after(f, s):
    """Every path from the successful store to the next shared access, call
    or return meets an acquire fence.  Returns (ok, fence or culprit)."""
    lo = s.ld
    # The compare-and-branch inside the loop that leaves on a mismatch: the
    # same branch again after the loop, on the same unchanged register, is
    # taken only on failure, which needs no ordering (atomic_t.txt:
    # conditional RMW ops are unordered on FAILURE); follow its other edge.
    fail = {(y.mnem, TARGET.sub('', y.ops).strip(' ,')) for y in f.insns[s.ld + 1:s.st]
            if f.m('cond', y)}
    stack = [(j, False) for j in f.succs(s.st) if not lo <= j <= s.st]
    seen, fences, bad = set(), [], []
    while stack:
        j, clobbered = stack.pop()
        if j in seen:
            continue
        seen.add(j)
        if len(seen) > LIMIT:
            return False, 'no acquire fence within %d instructions' % LIMIT
        y = f.insns[j]
        if f.fence(y, 'acquire'):
            fences.append(y)
            continue
        if f.shared_access(y):
            bad.append((y.addr, 'memory access before any acquire fence: %s' % y))
            continue
        if f.m('call', y):
            bad.append((y.addr, 'call before any acquire fence: %s' % y))
            continue
        if f.is_return(y):
            bad.append((y.addr, 'return before any acquire fence: %s' % y))
            if not f.m('cret', y):
                continue
        key = (y.mnem, TARGET.sub('', y.ops).strip(' ,'))
        if key in fail and not clobbered and j + 1 < len(f.insns):
            stack.append((j + 1, False))
            continue
        if f.leaves(y):
            bad.append((y.addr, 'branch out of the function before any acquire fence: %s' % y))
            continue
        dest = reg(y.ops.split(',')[0], f.arch) if y.ops else ''
        regs = {reg(r, f.arch) for k in fail for r in k[1].split(',')}
        hit = clobbered or (dest in regs and not f.m('cond', y) and not f.is_branch(y))
        stack.extend((k, hit) for k in f.succs(j) if not lo <= k <= s.st)
    if bad:
        return False, worst(bad)
    if not fences:
        return False, 'no path to an acquire fence'
    return True, fences[0]


def fence_before(f, s):
    """Every path into the load(-exclusive) from the previous shared access,
    call or function entry meets a release fence."""
    loop_end = s.st
    for j in range(s.st, min(s.st + 4, len(f.insns))):
        if f.local_target(f.insns[j]) == s.ld:
            loop_end = j
    stack = [p for p in f.preds[s.ld] if not s.ld <= p <= loop_end]
    if s.ld == 0:
        return False, 'the function entry reaches it with no release fence'
    seen, fences, bad = set(), [], []
    while stack:
        j = stack.pop()
        if j in seen:
            continue
        seen.add(j)
        if len(seen) > LIMIT:
            return False, 'no release fence within %d instructions' % LIMIT
        y = f.insns[j]
        if f.fence(y, 'release'):
            fences.append(y)
            continue
        if f.shared_access(y):
            bad.append((y.addr, 'memory access after the last release fence: %s' % y))
            continue
        if f.m('call', y):
            bad.append((y.addr, 'call after the last release fence: %s' % y))
            continue
        if j == 0:
            bad.append((y.addr, 'the function entry reaches it with no release fence'))
            continue
        stack.extend(f.preds[j])
    if bad:
        return False, worst(bad)
    if not fences:
        return False, 'no release fence on the way in'
    return True, fences[0]


def judge(s):
    f, a = s.func, s.func.a
    ld, st = f.insns[s.ld], f.insns[s.st]
    if s.flavour == 'x86':
        if re.match(a['own_acq'], ld.mnem):
            return True, 'lock-prefixed RMW: full barrier'
        return False, 'cmpxchg without lock prefix: no ordering'
    own = a['own_acq'] if s.role == 'acquire' else a['own_rel']
    insn = ld if s.role == 'acquire' else st
    if s.flavour == 'lse':
        insn = ld
    if own and re.match(own, insn.mnem):
        return True, '%s has %s semantics' % (insn.mnem, s.role)
    ok, why = (fence_after if s.role == 'acquire' else fence_before)(f, s)
    if ok:
        return True, '%s %s it (%s)' % (
            re.sub(r'\s+', ' ', why.text), 'follows' if s.role == 'acquire' else 'precedes',
            'same guarantee as the acquire form' if s.role == 'acquire'
            else 'same guarantee as the release form')
    return False, 'no %s: %s%s' % (s.role, '' if own is None else '%s is not %s; ' % (
        insn.mnem, 'an acquire form' if s.role == 'acquire' else 'a release form'), why)


def check_object(obj, arch, label, required=True, image=False):
    a = ARCHES[arch]
    funcs = disassemble(_objdump(arch), obj, image)
    sites, others = [], 0
    for name, insns in funcs.items():
        f = Func(name, insns, arch)
        role = FUNCTIONS.get(base_name(name.split('#')[0]))
        found = find_sites(f, a['word'])
        if role is None:
            others += len(found)
            continue
        for s in found:
            s.role = classify_mixed(s) if role == 'mixed' else role
            sites.append(s)
    failures, outline = [], []
    for name, insns in funcs.items():
        if FUNCTIONS.get(base_name(name.split('#')[0])) is None:
            continue
        for x in insns:
            for r in x.relocs:
                if re.match(OUT_OF_LINE, r):
                    outline.append('%s: %s calls out-of-line atomic %s at %s: '
                                   'its ordering is not checked here' % (label, name, r, x))
    print('== %s (%s): %s' % (label, arch, obj))
    rows = []
    for s in sites:
        if s.role is None:
            rows.append((s.func.name, s.flavour, '-', s.text(),
                         'not an owner transition (no zero operand): not checked'))
            continue
        s.ok, s.verdict = judge(s)
        rows.append((s.func.name, s.flavour, s.role, s.text(),
                     ('ok: ' if s.ok else 'FAIL: ') + s.verdict))
        if not s.ok:
            failures.append(s)
    w = [max([len(r[k]) for r in rows] + [len(h)]) for k, h in
         enumerate(('function', 'flavour', 'side', 'instruction'))]
    print('%-*s  %-*s  %-*s  %-*s  %s' % (w[0], 'function', w[1], 'flavour', w[2], 'side',
                                         w[3], 'instruction', 'verdict'))
    for r in rows:
        print('%-*s  %-*s  %-*s  %-*s  %s' % (w[0], r[0], w[1], r[1], w[2], r[2], w[3], r[3], r[4]))
    # required transitions
    flavours = sorted({s.flavour for s in sites}) or [fl[1] for fl in a['flavours']]
    debug = not any(base_name(n) == 'mutex_lock' for n in funcs)
    missing = []
    for fn, n in ((REQUIRED_DEBUG if debug else REQUIRED) if required else {}).items():
        for fl in flavours:
            got = sum(1 for s in sites if base_name(s.func.name) == fn
                      and s.flavour == fl and s.role)
            if got < n and n == 1 and calls_checked(funcs, fn, sites, fl):
                continue      # e.g. mutex_lock_io calling mutex_lock
            if got < n:
                missing.append('%s: %d %s site(s), expected at least %d' % (fn, got, fl, n))
    checked = sum(1 for s in sites if s.role)
    print('%s: %d transitions checked (%s), %d failed; %d CAS sites in other functions '
          '(KUnit cases) not checked%s' % (
              label, checked, ', '.join('%s %d' % (fl, sum(1 for s in sites if s.flavour == fl
                                                           and s.role)) for fl in flavours),
              len(failures), others, '; lock debugging: fast paths absent' if debug else ''))
    errs = []
    for s in failures:
        errs.append('%s: %s: %s transition at %s lacks its ordering: %s' % (
            label, base_name(s.func.name), s.role, s.text(), s.verdict))
    for m in missing:
        errs.append('%s: required transition not found: %s' % (label, m))
    errs += outline
    return errs


def calls_checked(funcs, fn, sites, flavour):
    """Does FN (no site of its own) call or tail-call a function that has
    a checked site of FLAVOUR on the same side?"""
    role = FUNCTIONS.get(fn)
    have = {base_name(s.func.name) for s in sites
            if s.flavour == flavour and s.role == role}
    for name, insns in funcs.items():
        if base_name(name) != fn:
            continue
        for x in insns:
            m = TARGET.search(x.ops)
            names = [base_name(m.group(2))] if m else []
            for r in x.relocs:
                names += [base_name(n) for n in reloc_targets(funcs, r)]
            if any(n in have and n != fn for n in names):
                return True
    return False


def reloc_targets(funcs, r):
    """The function(s) a call relocation may name: a symbol, or SECTION+OFF
    (a static function in another section; x86's PC32 addend is -4, so
    OFF + 4 too)."""
    m = re.match(r'^([^+-]+)(?:([+-])0x([0-9a-f]+))?$', r)
    if not m:
        return []
    sym, sign, off = m.group(1), m.group(2), int(m.group(3) or '0', 16)
    if not sym.startswith('.'):
        return [sym]
    off = -off if sign == '-' else off
    out = []
    for name, insns in funcs.items():
        sec = SECTION.get(id(insns), ('', ''))[0]
        if sec == sym and insns and any(insns[0].addr <= t <= insns[-1].addr
                                         for t in (off, off + 4)):
            out.append(name)
    return out


def resolve(arg, out):
    """ROW (OUT/ROW) or any kunit build dir -> (mutex.o, arch, label)."""
    cands = [arg, os.path.join(out, arg)]
    for d in cands:
        obj = os.path.join(d, 'kernel', 'locking', 'mutex.o')
        if os.path.isfile(obj):
            row = os.path.basename(os.path.normpath(d))
            arch = row_arch(row, d)
            return obj, arch, row
    return None


def row_arch(row, d):
    """The arch of build dir D: its .config's, else the ARCH of its name (a
    row, or a row with a suffix such as tools/ordering-objs' -acq)."""
    cfg = os.path.join(d, '.config')
    text = open(cfg).read() if os.path.isfile(cfg) else ''
    for sym, arch in (('CONFIG_ARM64=y', 'arm64'), ('CONFIG_ARM=y', 'arm'),
                      ('CONFIG_RISCV=y', 'riscv64'), ('CONFIG_X86_64=y', 'x86_64'),
                      ('CONFIG_X86_32=y', 'i386')):
        if sym in text:
            return arch
    try:
        head = table.Table.split_row(row)[0]
    except table.Unknown:
        head = None
    if head in ARCHES:
        return head
    sys.exit('check-ordering: error: cannot tell the arch of %s' % d)


def main():
    top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    p = argparse.ArgumentParser(prog='check-ordering', description=__doc__.split('\n')[0])
    p.add_argument('rows', nargs='*', help='ROW (OUT/ROW) or a build dir')
    p.add_argument('--out', default=os.environ.get('KUNIT_OUT', os.path.join(top, 'build', 'out')),
                   help='where ROW build dirs are (default: $KUNIT_OUT or build/out)')
    p.add_argument('--obj', help='a mutex.o to check')
    p.add_argument('--arch', choices=sorted(ARCHES), help='its arch (with --obj)')
    p.add_argument('--label', help='name for --obj in the output')
    p.add_argument('--image', action='store_true',
                   help='--obj is a linked kernel (vmlinux): read its mutex functions by symbol')
    p.add_argument('--vmlinux', action='store_true',
                   help="also check each ROW's linked vmlinux, not only its mutex.o")
    p.add_argument('--no-required', action='store_true',
                   help='do not require the transitions of REQUIRED (for small test objects)')
    p.add_argument('--skip-missing', action='store_true',
                   help='skip ROWs that have no build dir (make test: rows not built)')
    args = p.parse_args()
    jobs = []
    if args.obj:
        if not args.arch:
            p.error('--obj needs --arch')
        jobs.append((args.obj, args.arch, args.label or args.obj, args.image))
    for r in args.rows:
        got = resolve(r, args.out)
        if got is None:
            if args.skip_missing:
                print('check-ordering: %s: no kernel/locking/mutex.o, skipped' % r)
                continue
            sys.exit('check-ordering: error: %s: no kernel/locking/mutex.o there or in '
                     '%s/%s' % (r, args.out, r))
        jobs.append(got + (False,))
        if args.vmlinux:
            image = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(got[0]))),
                                 'vmlinux')
            if os.path.isfile(image):
                jobs.append((image, got[1], got[2] + ' vmlinux', True))
            elif not args.skip_missing:
                sys.exit('check-ordering: error: %s: no vmlinux next to %s' % (r, got[0]))
    if not jobs:
        sys.exit('check-ordering: error: nothing to check (no build dir of %s under %s)'
                 % (' '.join(args.rows) or '-', args.out))
    errs = []
    for obj, arch, label, image in jobs:
        errs += check_object(obj, arch, label, not args.no_required, image)
        print()
    if errs:
        for e in errs:
            print('check-ordering: error: ' + e, file=sys.stderr)
        sys.exit(1)
    print('check-ordering: %d object(s): every owner-word transition has its ordering' % len(jobs))


if __name__ == '__main__':
    main()
