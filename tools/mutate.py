# SPDX-License-Identifier: GPL-2.0
"""Mutants of the mutex code: one small change at one site, made by operators.

A small C lexer (comments, strings and preprocessor lines are skipped)
finds the function bodies of each file and, inside them, the sites of
each operator.  A mutant is (id, file, start, end, replacement) over the
file's text; applying it keeps every line where it was, so __LINE__ and
the bug table do not move and an unchanged object file means the
compiler found the mutant equivalent.

Ids are stable: FILE:FUNCTION:OPERATOR:ORDINAL[=REPLACEMENT], the ordinal
counting that operator's sites in that function from its top, so a change
elsewhere in the file does not rename a mutant.

Python rather than Coccinelle: the operators are token-level (an operator,
an identifier, one statement), and the ids need the function and the
ordinal of each site, which a lexer gives directly; Coccinelle's strength,
matching code by its structure and types, is not what these need.

    python3 tools/mutate.py list TREE        one id a line
    python3 tools/mutate.py show TREE ID     the mutant as a diff
    python3 tools/mutate.py count TREE       per file and operator
"""
import difflib
import re
import sys
from collections import namedtuple

# The files, and where in each the mutex code ends (the suite is
# #included at the end of mutex.c: nothing after that line is mutated).
FILES = [
    'kernel/locking/mutex.c',
    'kernel/locking/ww_mutex.h',
    'kernel/locking/mutex.h',
    'kernel/locking/osq_lock.c',
    'kernel/locking/mutex-debug.c',
    'include/linux/mutex.h',
    'include/linux/ww_mutex.h',
]
END_MARK = '#ifdef CONFIG_MUTEX_KUNIT_TEST'

# Operators, in the order docs list them.
OPERATORS = ['negate-cond', 'rel', 'logic', 'del-call', 'const', 'order', 'swap-args', 'del-assign', 'swap-stmt']

Mutant = namedtuple('Mutant', 'id file func op start end new')

Tok = namedtuple('Tok', 'kind text start end')

_LEX = re.compile(r'''
    (?P<ws>\s+)
  | (?P<comment>/\*.*?\*/|//[^\n]*)
  | (?P<str>"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*')
  | (?P<ident>[A-Za-z_]\w*)
  | (?P<num>\d[\w.]*)
  | (?P<op><<=|>>=|->|\+\+|--|<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%&|^]=|[^\s\w])
''', re.S | re.X)

KEYWORDS = {'if', 'while', 'for', 'switch', 'return', 'sizeof', 'do', 'else', 'goto', 'case',
            'typeof', '__typeof__', 'break', 'continue', 'default'}
# Macros that look like calls before a function's name or body.
ATTRIBUTES = {'__attribute__', '__acquires', '__releases', '__must_hold', '__cond_acquires',
              '__printf', '__aligned', '__section', '__cond_lock', 'EXPORT_SYMBOL', 'EXPORT_SYMBOL_GPL'}

REL = {'<': '<=', '<=': '<', '>': '>=', '>=': '>', '==': '!=', '!=': '=='}
SIBLINGS = [
    ['MUTEX_FLAG_WAITERS', 'MUTEX_FLAG_HANDOFF', 'MUTEX_FLAG_PICKUP', 'MUTEX_FLAGS'],
    ['TASK_UNINTERRUPTIBLE', 'TASK_INTERRUPTIBLE', 'TASK_KILLABLE'],
    ['EINTR', 'EALREADY', 'EDEADLK'],
    ['true', 'false'],
]
# Ordering: an acquire or release form and its relaxed twin.
ORDER = {'smp_load_acquire': 'READ_ONCE', 'smp_store_release': 'WRITE_ONCE',
         'smp_cond_load_acquire': 'smp_cond_load_relaxed'}
ORDER_DROP = re.compile(r'^smp_(mb|rmb|wmb|mb__\w+)$')
ASSIGN = {'|=', '&=', '+=', '-=', '^='}


def lex(text):
    """Tokens of TEXT; preprocessor lines (with their continuations) are
    one 'pp' token, comments and strings are not mutated."""
    toks, i, bol = [], 0, True
    while i < len(text):
        if bol:
            m = re.match(r'[ \t]*#', text[i:i + 200])
            if m:
                j = i
                while True:
                    nl = text.find('\n', j)
                    if nl < 0:
                        nl = len(text)
                    if text[nl - 1:nl] != '\\' or nl == len(text):
                        break
                    j = nl + 1
                toks.append(Tok('pp', text[i:nl], i, nl))
                i = nl
                continue
        m = _LEX.match(text, i)
        kind = m.lastgroup
        if kind not in ('ws', 'comment'):
            toks.append(Tok(kind, m.group(), i, m.end()))
        bol = kind == 'ws' and '\n' in m.group() or (kind == 'comment' and m.group().startswith('//'))
        i = m.end()
    return toks


def matching(toks, i):
    """Index of the bracket closing the one at toks[i]."""
    pair = {'(': ')', '[': ']', '{': '}'}[toks[i].text]
    depth = 0
    for j in range(i, len(toks)):
        if toks[j].text == toks[i].text:
            depth += 1
        elif toks[j].text == pair:
            depth -= 1
            if depth == 0:
                return j
    raise ValueError(f'unbalanced {toks[i].text} at offset {toks[i].start}')


def functions(toks):
    """(name, first token index of the body '{', index of its '}')."""
    out, i, decl_start = [], 0, 0
    while i < len(toks):
        t = toks[i]
        if t.kind == 'pp' or t.text in (';', '}'):
            decl_start = i + 1
        elif t.text == '{':
            end = matching(toks, i)
            if toks[i - 1].text == ')':
                name = None
                for j in range(decl_start, i - 1):
                    if toks[j].kind == 'ident' and toks[j + 1].text == '(' and toks[j].text not in ATTRIBUTES \
                            and toks[j].text not in KEYWORDS:
                        name = toks[j].text
                        break
                if name:
                    out.append((name, i, end))
            i = end
            decl_start = i + 1
        elif t.text == '(':
            i = matching(toks, i)
            continue
        i += 1
    return out


def _args(toks, lp, rp):
    """Argument spans (first, last token index) of the call with parens lp..rp."""
    args, start, j = [], lp + 1, lp + 1
    while j < rp:
        if toks[j].text in '([{' and toks[j].kind == 'op':
            j = matching(toks, j) + 1
            continue
        if toks[j].text == ',':
            args.append((start, j - 1))
            start = j + 1
        j += 1
    if start <= rp - 1:
        args.append((start, rp - 1))
    return args


JUMPS = {'return', 'break', 'continue', 'goto'}
# What starts a statement that swap-stmt does not move.
NOT_MOVED = {'for', 'while', 'do', 'switch', 'else', 'case', 'default', '{', '}', ';'} | JUMPS


def _unit_end(toks, i, hi, guarded=False):
    """Index of the last token of the statement at toks[i] that swap-stmt
    may move: a simple statement (to its ';') or an if without else (with
    its statement or block); None for loops, switches, jumps (but for the
    statement of an if: GUARDED), labels, blocks, declarations and
    preprocessor lines."""
    t = toks[i]
    if t.kind == 'pp' or (t.text in NOT_MOVED and not (guarded and t.text in JUMPS)) or i + 1 >= hi:
        return None
    nxt = toks[i + 1]
    if t.kind == 'ident' and (nxt.text == ':' or (nxt.kind == 'ident' and t.text not in KEYWORDS)):
        return None  # a label, or a declaration (type name, then a name)
    if t.text == 'if':
        if nxt.text != '(':
            return None
        j = matching(toks, i + 1) + 1
        if j >= hi:
            return None
        end = matching(toks, j) if toks[j].text == '{' else _unit_end(toks, j, hi, True)
        if end is None or end + 1 >= hi or toks[end + 1].text == 'else':
            return None
        return end
    j = i
    while j < hi:
        if toks[j].kind == 'pp' or toks[j].text == '}':
            return None
        if toks[j].text in ('(', '[', '{'):
            j = matching(toks, j) + 1
            continue
        if toks[j].text == ';':
            return j
        j += 1
    return None


def _swap_site(text, toks, i, lo, hi):
    """swap-stmt at toks[i]: the statement there and the next one of the
    same block, when both may move; (start, end, replacement) or None.
    Only the lines of the two statements move."""
    if toks[i - 1].text not in (';', '{', '}') and i != lo + 1:
        return None
    e1 = _unit_end(toks, i, hi)
    if e1 is None or e1 + 1 >= hi:
        return None
    e2 = _unit_end(toks, e1 + 1, hi)
    if e2 is None:
        return None
    a, b, c, d = toks[i].start, toks[e1].end, toks[e1 + 1].start, toks[e2].end
    return a, d, text[c:d] + text[b:c] + text[a:b]


def _blank(text, start, end, keep=';'):
    """KEEP, then the newlines of text[start:end], so no line moves."""
    return keep + '\n' * text.count('\n', start, end)


def sites(text, toks, name, lo, hi):
    """(op, start, end, replacement, label) of each site in the body lo..hi."""
    out = []
    stmt_start = True
    i = lo + 1
    while i < hi:
        t = toks[i]
        nxt = toks[i + 1] if i + 1 < len(toks) else None
        if t.kind == 'op' and t.text in REL:
            out.append(('rel', t.start, t.end, REL[t.text], REL[t.text]))
        elif t.text in ('&&', '||'):
            new = '||' if t.text == '&&' else '&&'
            out.append(('logic', t.start, t.end, new, new))
        elif t.kind == 'ident' and t.text in ('if', 'while') and nxt and nxt.text == '(':
            rp = matching(toks, i + 1)
            a, b = toks[i + 2].start, toks[rp - 1].end
            out.append(('negate-cond', a, b, '!(' + text[a:b] + ')', ''))
        elif t.kind == 'ident':
            for group in SIBLINGS:
                if t.text in group:
                    for s in group:
                        if s != t.text:
                            out.append(('const', t.start, t.end, s, s))
            if t.text in ORDER:
                out.append(('order', t.start, t.end, ORDER[t.text], ORDER[t.text]))
            elif re.match(r'^atomic(64|_long)?_\w+_(acquire|release)$', t.text):
                new = re.sub(r'_(acquire|release)$', '_relaxed', t.text)
                out.append(('order', t.start, t.end, new, new))
        if stmt_start and t.kind == 'ident' and t.text not in KEYWORDS and nxt and nxt.text == '(':
            rp = matching(toks, i + 1)
            if rp + 1 < hi and toks[rp + 1].text == ';':
                op = 'order' if ORDER_DROP.match(t.text) else 'del-call'
                out.append((op, t.start, toks[rp + 1].end, _blank(text, t.start, toks[rp + 1].end), 'del'))
                args = _args(toks, i + 1, rp)
                if len(args) == 2 and all(a == b and toks[a].kind == 'ident' for a, b in args) \
                        and toks[args[0][0]].text != toks[args[1][0]].text:
                    x, y = toks[args[0][0]], toks[args[1][0]]
                    out.append(('swap-args', x.start, y.end,
                                y.text + text[x.end:y.start] + x.text, f'{y.text},{x.text}'))
        if stmt_start:
            sw = _swap_site(text, toks, i, lo, hi)
            if sw:
                out.append(('swap-stmt', sw[0], sw[1], sw[2], ''))
        if stmt_start and t.kind == 'ident':
            # x OP= y;  x++;  as a whole statement
            j = i
            while j < hi and toks[j].text not in (';', '{', '}') and toks[j].text not in ASSIGN \
                    and toks[j].text not in ('=', '++', '--', '('):
                j += 1
            if j < hi and (toks[j].text in ASSIGN or toks[j].text in ('++', '--')):
                k = j
                while k < hi and toks[k].text != ';':
                    k += 1
                if k < hi and not any(toks[m].text in ('{', '}') for m in range(i, k)):
                    out.append(('del-assign', t.start, toks[k].end, _blank(text, t.start, toks[k].end), 'del'))
        stmt_start = t.text in (';', '{', '}', 'else') or t.kind == 'pp' or (
            t.text == ')' and _closes_condition(toks, i)) or (t.text == ':' and toks[i - 2].text != '?')
        i += 1
    return out


def _closes_condition(toks, i):
    """toks[i] is the ')' of an if/while/for header."""
    depth = 0
    for j in range(i, -1, -1):
        if toks[j].text == ')':
            depth += 1
        elif toks[j].text == '(':
            depth -= 1
            if depth == 0:
                return j > 0 and toks[j - 1].text in ('if', 'while', 'for')
    return False


def short(path):
    return path.split('/')[-1] if path.startswith('kernel/') else path.replace('include/linux/', 'linux/')


def mutants_of(path, text):
    """Every mutant of the mutex code in TEXT (the contents of PATH)."""
    cut = text.find('\n' + END_MARK)
    body = text if cut < 0 else text[:cut + 1]
    toks = lex(body)
    out, defs = [], {}
    for name, lo, hi in functions(toks):
        # A second definition under another #if (ww_mutex.h's mutex and
        # rtmutex twins) is NAME#2.
        defs[name] = defs.get(name, 0) + 1
        if defs[name] > 1:
            name = f'{name}#{defs[name]}'
        ordinal = {}
        for op, a, b, new, label in sites(body, toks, name, lo, hi):
            key = (op, a, b)
            if key not in ordinal:
                ordinal[key] = sum(1 for k in ordinal if k[0] == op)
            mid = f'{short(path)}:{name}:{op}:{ordinal[key]}' + (f'={label}' if label and label != 'del' else '')
            out.append(Mutant(mid, path, name, op, a, b, new))
    seen, uniq = set(), []
    for m in out:
        if m.id not in seen:  # a site two operators reach the same way
            seen.add(m.id)
            uniq.append(m)
    return uniq


def apply(text, m):
    return text[:m.start] + m.new + text[m.end:]


def read(tree, path):
    with open(f'{tree}/{path}', newline='') as f:
        return f.read()


def all_mutants(tree, reader=read):
    """Every mutant of FILES in TREE, each file's text from READER(TREE, PATH)."""
    out = []
    for path in FILES:
        out.extend(mutants_of(path, reader(tree, path)))
    return out


def diff(tree, m):
    old = read(tree, m.file)
    new = apply(old, m)
    return ''.join(difflib.unified_diff(old.splitlines(True), new.splitlines(True),
                                        f'a/{m.file}', f'b/{m.file}', n=1))


def main(argv):
    if len(argv) < 2 or argv[0] not in ('list', 'show', 'count'):
        sys.exit(__doc__.strip().split('\n\n')[-1])
    tree = argv[1]
    try:
        ms = all_mutants(tree)
    except (OSError, ValueError) as e:
        sys.exit(f'mutate.py: error: {e}')
    if argv[0] == 'list':
        print('\n'.join(m.id for m in ms))
    elif argv[0] == 'show':
        by = {m.id: m for m in ms}
        for mid in argv[2:]:
            if mid not in by:
                sys.exit(f'mutate.py: error: no mutant {mid}')
            print(diff(tree, by[mid]), end='')
    else:
        from collections import Counter
        c = Counter((m.file, m.op) for m in ms)
        for path in FILES:
            row = [c[(path, op)] for op in OPERATORS]
            print(f'{path:32} {sum(row):4}  ' + ' '.join(f'{op}={n}' for op, n in zip(OPERATORS, row) if n))
        print(f'{"total":32} {len(ms):4}')


if __name__ == '__main__':
    main(sys.argv[1:])
