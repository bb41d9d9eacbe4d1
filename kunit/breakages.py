# SPDX-License-Identifier: GPL-2.0
# Deliberate breakages of the mutex, one per entry: (name, file, old, new).
# tools/run-breakages applies each to a clean workspace, runs the suite on
# x86_64 and records which cases fail; docs/breakages.md is its table.
# Each 'old' must occur exactly once in the file.
import contextlib
import os
import subprocess


@contextlib.contextmanager
def applied(ws, name):
    """Breakage NAME in workspace WS for the with-block; the file is put back
    byte for byte after it, also when it raises (callers turn SIGTERM into
    SystemExit).  Raises ValueError, touching nothing, for an unknown name,
    a text that does not occur exactly once, or uncommitted changes in WS."""
    entry = [b for b in BREAKAGES if b[0] == name]
    if not entry:
        raise ValueError(f'no breakage {name} in kunit/breakages.py')
    _, path, old, new = entry[0]
    if subprocess.run(['git', '-C', ws, 'status', '--porcelain', '--untracked-files=no'],
                      capture_output=True, text=True, check=True).stdout.strip():
        raise ValueError(f'{ws} has uncommitted changes; not applying {name} over them')
    f = os.path.join(ws, path)
    orig = open(f).read()
    if orig.count(old) != 1:
        raise ValueError(f'{name}: the text to break occurs {orig.count(old)} times in {path}')
    try:
        open(f, 'w').write(orig.replace(old, new))
        yield
    finally:
        open(f, 'w').write(orig)


BREAKAGES = [
    ("owner-keeps-pickup", "kernel/locking/mutex.c",
     "return (struct task_struct *)(atomic_long_read(&lock->owner) & ~MUTEX_FLAGS);",
     "return (struct task_struct *)(atomic_long_read(&lock->owner) & ~0x03UL);"),
    ("is-locked-reads-flags", "kernel/locking/mutex.c",
     "return __mutex_owner(lock) != NULL;",
     "return atomic_long_read(&lock->owner) != 0;"),
    ("fast-lock-sets-waiters", "kernel/locking/mutex.c",
     "if (atomic_long_try_cmpxchg_acquire(&lock->owner, &zero, curr))",
     "if (atomic_long_try_cmpxchg_acquire(&lock->owner, &zero, curr | MUTEX_FLAG_WAITERS))"),
    ("fast-unlock-ignores-flags", "kernel/locking/mutex.c",
     "return atomic_long_try_cmpxchg_release(&lock->owner, &curr, 0UL);",
     "atomic_long_set_release(&lock->owner, 0UL);\n\treturn true;"),
    ("slow-unlock-drops-flags", "kernel/locking/mutex.c",
     "if (atomic_long_try_cmpxchg_release(&lock->owner, &owner, __owner_flags(owner))) {",
     "if (atomic_long_try_cmpxchg_release(&lock->owner, &owner, 0UL)) {"),
    ("trylock-drops-flags", "kernel/locking/mutex.c",
     "if (atomic_long_try_cmpxchg_acquire(&lock->owner, &owner, task | flags)) {",
     "if (atomic_long_try_cmpxchg_acquire(&lock->owner, &owner, task | (flags & MUTEX_FLAG_HANDOFF))) {"),
    ("trylock-steals-handoff", "kernel/locking/mutex.c",
     "\t\t\t\tif (task != curr)\n\t\t\t\t\tbreak;\n",
     "\t\t\t\ttask = curr;\n"),
    ("no-handoff-request", "kernel/locking/mutex.c",
     "\t\t\t\tflags |= MUTEX_FLAG_HANDOFF;\n",
     "\t\t\t\tbreak;\n"),
    ("handoff-drops-waiters", "kernel/locking/mutex.c",
     "new = (owner & MUTEX_FLAG_WAITERS);",
     "new = 0;"),
    ("handoff-without-pickup", "kernel/locking/mutex.c",
     "\t\tif (task)\n\t\t\tnew |= MUTEX_FLAG_PICKUP;\n",
     ""),
    ("handoff-to-last-waiter", "kernel/locking/mutex.c",
     "\t\t\tlist_first_entry(&lock->wait_list,\n\t\t\t\t\t struct mutex_waiter, list);\n\n\t\tnext = waiter->task;",
     "\t\t\tlist_last_entry(&lock->wait_list,\n\t\t\t\t\t struct mutex_waiter, list);\n\n\t\tnext = waiter->task;"),
    ("add-waiter-sets-no-flag", "kernel/locking/mutex.c",
     "\tif (__mutex_waiter_is_first(lock, waiter))\n\t\t__mutex_set_flag(lock, MUTEX_FLAG_WAITERS);\n",
     ""),
    ("remove-waiter-keeps-flags", "kernel/locking/mutex.c",
     "\tif (likely(list_empty(&lock->wait_list)))\n\t\t__mutex_clear_flag(lock, MUTEX_FLAGS);\n",
     ""),
    ("remove-waiter-always-clears", "kernel/locking/mutex.c",
     "\tif (likely(list_empty(&lock->wait_list)))\n\t\t__mutex_clear_flag(lock, MUTEX_FLAGS);\n",
     "\t__mutex_clear_flag(lock, MUTEX_FLAGS);\n"),
    ("signals-ignored", "kernel/locking/mutex.c",
     "if (signal_pending_state(state, current)) {",
     "if (0 && signal_pending_state(state, current)) {"),
    ("unlock-wakes-nobody", "kernel/locking/mutex.c",
     "\t\twake_q_add(&wake_q, next);\n",
     ""),
    ("trylock-ignores-owner", "kernel/locking/mutex.c",
     "\t\t\t} else {\n\t\t\t\tbreak;\n\t\t\t}\n\t\t} else {",
     "\t\t\t} else {\n\t\t\t\ttask = curr;\n\t\t\t}\n\t\t} else {"),
    ("ealready-is-edeadlk", "kernel/locking/mutex.c",
     "return -EALREADY;",
     "return -EDEADLK;"),
    ("wait-die-never-dies", "kernel/locking/ww_mutex.h",
     "\tif (hold_ctx && __ww_ctx_less(ctx, hold_ctx))",
     "\tif (0 && hold_ctx && __ww_ctx_less(ctx, hold_ctx))"),
    ("wound-wait-never-wounds", "kernel/locking/ww_mutex.h",
     "\t\thold_ctx->wounded = 1;\n",
     ""),
    ("spin-on-owner-disabled", "kernel/Kconfig.locks",
     "config MUTEX_SPIN_ON_OWNER\n\tdef_bool y\n\tdepends on SMP && ARCH_SUPPORTS_ATOMIC_RMW\n",
     "config MUTEX_SPIN_ON_OWNER\n\tdef_bool y\n\tdepends on SMP && ARCH_SUPPORTS_ATOMIC_RMW && !KUNIT\n"),
    ("unlock-splats", "kernel/locking/mutex.c",
     "\tif (owner & MUTEX_FLAG_HANDOFF)\n\t\t__mutex_handoff(lock, next);\n",
     "\tif (owner & MUTEX_FLAG_HANDOFF) {\n\t\t__mutex_handoff(lock, next);\n\t\tdebug_locks_off();\n\t}\n"),
    ("init-sets-waiters", "kernel/locking/mutex.c",
     "\tatomic_long_set(&lock->owner, 0);\n",
     "\tatomic_long_set(&lock->owner, 0x01L);\n"),
    ("fast-lock-ignores-flags", "kernel/locking/mutex.c",
     "\tunsigned long zero = 0UL;\n",
     "\tunsigned long zero = atomic_long_read(&lock->owner) & MUTEX_FLAGS;\n"),
    ("flags-overlap-task-bits", "kernel/locking/mutex.c",
     "#define MUTEX_FLAG_PICKUP\t0x04\n\n#define MUTEX_FLAGS\t\t0x07\n",
     "#define MUTEX_FLAG_PICKUP\t0x40\n\n#define MUTEX_FLAGS\t\t0x43\n"),
    ("spin-disabled", "kernel/locking/mutex.c",
     "\t\tif (!mutex_can_spin_on_owner(lock))\n\t\t\tgoto fail;\n",
     "\t\tif (1 || !mutex_can_spin_on_owner(lock))\n\t\t\tgoto fail;\n"),
    ("woken-waiter-never-spins", "kernel/locking/mutex.c",
     "\t\tif (first) {\n\t\t\ttrace_contention_begin(lock, LCB_F_MUTEX | LCB_F_SPIN);\n",
     "\t\tif (0 && first) {\n\t\t\ttrace_contention_begin(lock, LCB_F_MUTEX | LCB_F_SPIN);\n"),
    ("spin-on-sleeping-owner", "kernel/locking/mutex.c",
     "\t\tif (!owner_on_cpu(owner) || need_resched()) {\n\t\t\tret = false;\n",
     "\t\tif (need_resched()) {\n\t\t\tret = false;\n"),
    ("spinner-requests-handoff", "kernel/locking/mutex.c",
     "\treturn __mutex_trylock_common(lock, false);\n",
     "\treturn __mutex_trylock_common(lock, true);\n"),
    ("unlock-releases-despite-handoff", "kernel/locking/mutex.c",
     "\t\tif (owner & MUTEX_FLAG_HANDOFF)\n\t\t\tbreak;\n\n",
     ""),
    ("signal-before-pickup", "kernel/locking/mutex.c",
     "\t\tif (__mutex_trylock(lock))\n\t\t\tgoto acquired;\n\n"
     "\t\t/*\n\t\t * Check for signals and kill conditions while holding\n"
     "\t\t * wait_lock. This ensures the lock cancellation is ordered\n"
     "\t\t * against mutex_unlock() and wake-ups do not go missing.\n\t\t */\n"
     "\t\tif (signal_pending_state(state, current)) {\n\t\t\tret = -EINTR;\n\t\t\tgoto err;\n\t\t}\n",
     "\t\tif (signal_pending_state(state, current)) {\n\t\t\tret = -EINTR;\n\t\t\tgoto err;\n\t\t}\n\n"
     "\t\tif (__mutex_trylock(lock))\n\t\t\tgoto acquired;\n"),
    ("killable-is-interruptible", "kernel/locking/mutex.c",
     "\treturn __mutex_lock(lock, TASK_KILLABLE, 0, NULL, _RET_IP_);\n",
     "\treturn __mutex_lock(lock, TASK_INTERRUPTIBLE, 0, NULL, _RET_IP_);\n"),
    ("lock-is-killable", "kernel/locking/mutex.c",
     "\t__mutex_lock(lock, TASK_UNINTERRUPTIBLE, 0, NULL, _RET_IP_);\n",
     "\t__mutex_lock(lock, TASK_KILLABLE, 0, NULL, _RET_IP_);\n"),
    ("lock-io-not-iowait", "kernel/locking/mutex.c",
     "\ttoken = io_schedule_prepare();\n\tmutex_lock(lock);\n",
     "\ttoken = 0;\n\tmutex_lock(lock);\n"),
    ("dec-and-lock-always-locks", "kernel/locking/mutex.c",
     "\tif (atomic_add_unless(cnt, -1, 1))\n\t\treturn 0;\n",
     ""),
    ("ww-trylock-forgets-context", "kernel/locking/mutex.c",
     "\tif (__mutex_trylock(&ww->base)) {\n\t\tww_mutex_set_context_fastpath(ww, ww_ctx);\n",
     "\tif (__mutex_trylock(&ww->base)) {\n"),
    ("no-ealready", "kernel/locking/mutex.c",
     "\t\tif (unlikely(ww_ctx == READ_ONCE(ww->ctx)))\n\t\t\treturn -EALREADY;\n",
     ""),
    ("ww-waiters-unordered", "kernel/locking/ww_mutex.h",
     "\t__ww_waiter_add(lock, waiter, pos);\n",
     "\t__ww_waiter_add(lock, waiter, NULL);\n"),
    ("wound-wait-younger-dies", "kernel/locking/ww_mutex.h",
     "\tif (!ctx->is_wait_die) {\n\t\tif (ctx->wounded)\n",
     "\tif (!ctx->is_wait_die) {\n\t\tif (1 || ctx->wounded)\n"),
    ("eintr-before-trylock", "kernel/locking/mutex.c",
     "\tif (__mutex_trylock_fast(lock))\n\t\treturn 0;\n\n\treturn __mutex_lock_interruptible_slowpath(lock);\n",
     "\tif (signal_pending(current))\n\t\treturn -EINTR;\n\tif (__mutex_trylock_fast(lock))\n\t\treturn 0;\n\n"
     "\treturn __mutex_lock_interruptible_slowpath(lock);\n"),
    ("wait-die-older-dies", "kernel/locking/ww_mutex.h",
     "\tif (hold_ctx && __ww_ctx_less(ctx, hold_ctx))",
     "\tif (hold_ctx)"),
    ("dec-and-lock-unlocked-to-zero", "kernel/locking/mutex.c",
     "\tif (atomic_add_unless(cnt, -1, 1))\n\t\treturn 0;\n",
     "\tif (atomic_add_unless(cnt, -1, 0))\n\t\treturn 0;\n"),
    ("ww-lock-is-killable", "kernel/locking/mutex.c",
     "\treturn __ww_mutex_lock(&lock->base, TASK_UNINTERRUPTIBLE, 0,",
     "\treturn __ww_mutex_lock(&lock->base, TASK_KILLABLE, 0,"),
]
