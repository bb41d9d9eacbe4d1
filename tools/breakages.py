# SPDX-License-Identifier: GPL-2.0
# Deliberate breakages of the mutex, one per entry: (name, file, old, new).
# tools/run-breakages commits each in a scratch worktree of the workspace
# (tools/scratch.py; the workspace itself is never edited), runs the suite
# on x86_64 and records which cases fail; docs/breakages.md is its table.
# Each 'old' must occur exactly once in the file.
import os

# Where tools/row-breakages keeps each row breakage's results, which
# tools/run-breakages reads too.
ROW_RESULTS = os.environ.get('ROW_BREAKAGE_RESULTS', os.path.join(
    os.path.dirname(os.path.dirname(os.path.abspath(__file__))), 'build', 'results', 'row-breakages'))

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
    # A woken first waiter with any signal pending spins 200 ms past its
    # optimistic spin, then ends the wait with -EINTR unless a handoff came:
    # a killable lock ends on a non-fatal signal and mutex_lock() on a
    # fatal one, but only after a spin (queued, HANDOFF set, not running,
    # on its CPU) that passes for "back asleep" to a one-sample check.
    ("signal-ends-wait-after-spin", "kernel/locking/mutex.c",
     "\t\t\tif (mutex_optimistic_spin(lock, ww_ctx, &waiter))\n\t\t\t\tbreak;\n",
     "\t\t\tif (mutex_optimistic_spin(lock, ww_ctx, &waiter))\n\t\t\t\tbreak;\n"
     "\t\t\tif (signal_pending(current)) {\n"
     "\t\t\t\tunsigned long end = jiffies + HZ / 5;\n\n"
     "\t\t\t\twhile (time_before(jiffies, end))\n\t\t\t\t\tcpu_relax();\n"
     "\t\t\t\tif (__mutex_trylock(lock))\n\t\t\t\t\tbreak;\n"
     "\t\t\t\traw_spin_lock(&lock->wait_lock);\n\t\t\t\tret = -EINTR;\n\t\t\t\tgoto err;\n\t\t\t}\n"),
    # A spinner that takes the lock keeps the OSQ: no later contender can
    # spin (the mutant campaign's mutex.c:mutex_optimistic_spin:del-call:1).
    # A context with no lock yet stops spinning unless a waiter is ahead.
    ("ww-context-never-spins", "kernel/locking/mutex.c",
     "\tif (!waiter && (atomic_long_read(&lock->owner) & MUTEX_FLAG_WAITERS))\n",
     "\tif (!waiter)\n"),
    # A wounded holder is marked but not woken: asleep on another lock, it
    # does not see its wound until that lock is released.
    ("wound-wakes-nobody", "kernel/locking/ww_mutex.h",
     "\t\tif (owner != current)\n\t\t\twake_q_add(wake_q, owner);\n",
     ""),
    ("spinner-keeps-osq", "kernel/locking/mutex.c",
     "\tif (!waiter)\n\t\tosq_unlock(&lock->osq);\n\n\treturn true;\n",
     "\treturn true;\n"),
    ("unlock-wakes-nobody", "kernel/locking/mutex.c",
     "\t\twake_q_add(&wake_q, next);\n",
     ""),
    # Worst cases for the time to a verdict: nothing but a signal ever ends
    # a wait, and no context ever backs off.
    ("waiters-sleep-forever", "kernel/locking/mutex.c",
     "\t\tschedule_preempt_disabled();\n\n\t\tfirst = __mutex_waiter_is_first(lock, &waiter);\n",
     "\t\tdo {\n\t\t\tschedule_preempt_disabled();\n\t\t\tset_current_state(state);\n"
     "\t\t} while (!signal_pending_state(state, current));\n\n"
     "\t\tfirst = __mutex_waiter_is_first(lock, &waiter);\n"),
    ("ww-never-edeadlk", "kernel/locking/ww_mutex.h",
     "#endif\n\t\treturn -EDEADLK;\n\t}\n",
     "#endif\n\t\treturn 0;\n\t}\n"),
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
    ("lock-io-is-killable", "kernel/locking/mutex.c",
     "\tmutex_lock(lock);\n\tio_schedule_finish(token);\n",
     "\t(void)!mutex_lock_killable(lock);\n\tio_schedule_finish(token);\n"),
    ("dec-and-lock-interruptible", "kernel/locking/mutex.c",
     "\tmutex_lock(lock);\n\tif (!atomic_dec_and_test(cnt)) {\n",
     "\tif (mutex_lock_interruptible(lock))\n\t\treturn 0;\n\tif (!atomic_dec_and_test(cnt)) {\n"),
    ("define-mutex-sets-waiters", "include/linux/mutex.h",
     "\t\t{ .owner = ATOMIC_LONG_INIT(0) \\\n",
     "\t\t{ .owner = ATOMIC_LONG_INIT(1) \\\n"),
    ("guard-unlocks-at-entry", "include/linux/mutex.h",
     "DEFINE_GUARD(mutex, struct mutex *, mutex_lock(_T), mutex_unlock(_T))",
     "DEFINE_GUARD(mutex, struct mutex *, mutex_lock(_T); mutex_unlock(_T), (void)0)"),
    ("intr-guard-always-enters", "include/linux/mutex.h",
     "DEFINE_GUARD_COND(mutex, _intr, mutex_lock_interruptible(_T) == 0)",
     "DEFINE_GUARD_COND(mutex, _intr, mutex_lock_interruptible(_T) != 1)"),
    ("ww-is-locked-needs-context", "include/linux/ww_mutex.h",
     "\treturn ww_mutex_base_is_locked(&lock->base);\n}",
     "\treturn ww_mutex_base_is_locked(&lock->base) && READ_ONCE(lock->ctx);\n}"),
    ("ww-init-keeps-context", "include/linux/ww_mutex.h",
     "\tlock->ctx = NULL;\n",
     ""),
    ("null-context-gets-ealready", "kernel/locking/mutex.c",
     "\tif (ww_ctx) {\n\t\tif (unlikely(ww_ctx == READ_ONCE(ww->ctx)))\n",
     "\tif (use_ww_ctx) {\n\t\tif (unlikely(ww_ctx == READ_ONCE(ww->ctx)))\n"),
    ("waited-lock-records-no-context", "kernel/locking/mutex.c",
     "\tif (ww_ctx)\n\t\tww_mutex_lock_acquired(ww, ww_ctx);\n",
     ""),
    ("lock-slow-is-interruptible", "include/linux/ww_mutex.h",
     "\tret = ww_mutex_lock(lock, ctx);\n\t(void)ret;\n",
     "\tret = ww_mutex_lock_interruptible(lock, ctx);\n\t(void)ret;\n"),
    ("trylock-keeps-wound", "kernel/locking/mutex.c",
     "\tif (ww_ctx->acquired == 0)\n\t\tww_ctx->wounded = 0;\n\n\tif (__mutex_trylock(&ww->base)) {",
     "\tif (__mutex_trylock(&ww->base)) {"),
    ("context-passes-plain-waiter", "kernel/locking/ww_mutex.h",
     "\t\tif (!cur->ww_ctx)\n\t\t\tcontinue;\n\n\t\tif (__ww_ctx_less(ww_ctx, cur->ww_ctx)) {",
     "\t\tif (!cur->ww_ctx) {\n\t\t\tpos = cur;\n\t\t\tcontinue;\n\t\t}\n\n"
     "\t\tif (__ww_ctx_less(ww_ctx, cur->ww_ctx)) {"),
    ("init-with-key-skips-init", "include/linux/mutex.h",
     "#define mutex_init_with_key(mutex, key) __mutex_init((mutex), #mutex, (key))",
     "#define mutex_init_with_key(mutex, key) ((void)(mutex), (void)(key))"),
    ("devm-init-skips-init", "include/linux/mutex.h",
     "\tmutex_init(mutex_);\t\t\t\t\\\n",
     ""),
    ("wounded-context-dies-on-free-lock", "kernel/locking/mutex.c",
     "ww_mutex_lock(struct ww_mutex *lock, struct ww_acquire_ctx *ctx)\n{\n\tmight_sleep();\n",
     "ww_mutex_lock(struct ww_mutex *lock, struct ww_acquire_ctx *ctx)\n{\n\tmight_sleep();\n"
     "\tif (ctx && ctx->acquired && ctx->wounded)\n\t\treturn -EDEADLK;\n"),
    ("fastpath-skips-waiter-check", "kernel/locking/ww_mutex.h",
     "\tif (likely(!__ww_mutex_has_waiters(&lock->base)))\n\t\treturn;\n",
     "\treturn;\n"),
    ("wait-die-also-wounds", "kernel/locking/ww_mutex.h",
     "\t\tif (__ww_mutex_die(lock, cur, ww_ctx, wake_q) ||\n\t\t    __ww_mutex_wound(lock, cur->ww_ctx, ww_ctx, wake_q))",
     "\t\tif (__ww_mutex_wound(lock, cur->ww_ctx, ww_ctx, wake_q) ||\n\t\t    __ww_mutex_die(lock, cur, ww_ctx, wake_q))"),
    # Ending the acquire phase forgets the locks the context holds.
    ("acquire-done-forgets-locks", "include/linux/ww_mutex.h",
     "static inline void ww_acquire_done(struct ww_acquire_ctx *ctx)\n{\n",
     "static inline void ww_acquire_done(struct ww_acquire_ctx *ctx)\n{\n\tctx->acquired = 0;\n"),
    # A spinner keeps spinning on a running owner when its CPU is wanted.
    ("spin-ignores-need-resched", "kernel/locking/mutex.c",
     "if (!owner_on_cpu(owner) || need_resched()) {",
     "if (!owner_on_cpu(owner)) {"),
    # A context that queues ahead of a younger waiter holding locks does
    # not wake it to die (wait-die).
    ("wait-die-waiter-not-woken-to-die", "kernel/locking/ww_mutex.h",
     "\t\t/* Wait-Die: ensure younger waiters die. */\n\t\t__ww_mutex_die(lock, cur, ww_ctx, wake_q);\n",
     ""),
    # Unlock wakes every waiter, not only the first.
    ("unlock-wakes-every-waiter", "kernel/locking/mutex.c",
     "\t\tdebug_mutex_wake_waiter(lock, waiter);\n\t\twake_q_add(&wake_q, next);\n",
     "\t\tdebug_mutex_wake_waiter(lock, waiter);\n"
     "\t\tlist_for_each_entry(waiter, &lock->wait_list, list)\n\t\t\twake_q_add(&wake_q, waiter->task);\n"),
    # Wait-die wakes every younger waiter behind a new older one, also
    # those that hold no lock and so need not die.
    ("wait-die-wakes-lockless-waiter", "kernel/locking/ww_mutex.h",
     "if (waiter->ww_ctx->acquired > 0 && __ww_ctx_less(waiter->ww_ctx, ww_ctx)) {",
     "if (__ww_ctx_less(waiter->ww_ctx, ww_ctx)) {"),
    # A wound-wait context queueing ahead of younger waiters that hold
    # locks wakes them as if they had to die: they find no wound and
    # sleep again.
    ("wound-wait-wakes-younger-waiter", "kernel/locking/ww_mutex.h",
     "\tif (!ww_ctx->is_wait_die)\n\t\treturn false;\n\n\tif (waiter->ww_ctx->acquired > 0",
     "\tif (!ww_ctx->is_wait_die) {\n"
     "\t\tif (waiter->ww_ctx->acquired > 0 && __ww_ctx_less(waiter->ww_ctx, ww_ctx))\n"
     "\t\t\twake_q_add(wake_q, waiter->task);\n\t\treturn false;\n\t}\n\n"
     "\tif (waiter->ww_ctx->acquired > 0"),
    # The early kill is lost: a wait-die context that holds a lock and
    # finds an older context waiting goes on into the wait loop with a
    # waiter __ww_mutex_add_waiter() never queued (its list is stack
    # garbage on base: the first walk of it oopses).
    ("wait-die-early-kill-lost", "kernel/locking/mutex.c",
     "\t\tif (ret)\n\t\t\tgoto err_early_kill;\n",
     "\t\tret = 0;\n"),
    # A woken waiter looks at its signals before it tries the lock: one
    # woken by a signal while unlock hands it the lock returns -EINTR and
    # leaves the lock handed to nobody.
    ("woken-waiter-checks-signal-first", "kernel/locking/mutex.c",
     "\t\tset_current_state(state);\n\t\t/*\n\t\t * Here we order against unlock;",
     "\t\tset_current_state(state);\n"
     "\t\tif (signal_pending_state(state, current)) {\n"
     "\t\t\traw_spin_lock(&lock->wait_lock);\n\t\t\tret = -EINTR;\n\t\t\tgoto err;\n\t\t}\n"
     "\t\t/*\n\t\t * Here we order against unlock;"),
    # A context's place in the wait list is decided by the last waiter
    # alone: an older context goes just before it, behind an older or
    # younger one further up (two contexts cannot tell).
    ("ww-add-waiter-stops-at-last", "kernel/locking/ww_mutex.h",
     "\t\tpos = cur;\n",
     "\t\tpos = cur;\n\t\tbreak;\n"),
    # A newcomer does not stop behind an older waiter: every context goes
    # to the head, in arrival order reversed (a younger context queued
    # after an older one was served first only by this).
    ("ww-add-waiter-passes-older-waiter", "kernel/locking/ww_mutex.h",
     "\t\t\t\tif (ret)\n\t\t\t\t\treturn ret;\n\t\t\t}\n\n\t\t\tbreak;\n\t\t}\n",
     "\t\t\t\tif (ret)\n\t\t\t\t\treturn ret;\n\t\t\t}\n\t\t}\n"),
]

# Breakages only one row can see, because only its configuration builds or
# checks what they break: (row, name, file, old, new).  tools/row-breakages
# commits each in a scratch worktree, runs tools/matrix-run ROW there and
# records what failed (docs/row-breakages.md).
ROW_BREAKAGES = [
    ("x86_64-debug", "debug-init-skips-magic", "kernel/locking/mutex-debug.c",
     "\tlock->magic = lock;\n}",
     "}"),
    ("x86_64-debug", "debug-destroy-keeps-magic", "kernel/locking/mutex-debug.c",
     "\tlock->magic = NULL;\n",
     ""),
    ("x86_64-debug", "debug-blocked-on-kept", "kernel/locking/mutex-debug.c",
     "\ttask->blocked_on = NULL;\n",
     ""),
    ("x86_64-debug", "debug-waiter-not-poisoned", "kernel/locking/mutex-debug.c",
     "\twaiter->ww_ctx = MUTEX_POISON_WW_CTX;\n",
     ""),
    # Every acquire context shares one lockdep class, so that nesting
    # contexts of two ww classes looks like recursive locking.
    ("x86_64-debug", "debug-acquire-classes-share-a-key", "include/linux/ww_mutex.h",
     "\tlockdep_init_map(&ctx->dep_map, ww_class->acquire_name,\n\t\t\t &ww_class->acquire_key, 0);\n",
     "\t{\n\t\tstatic struct lock_class_key one_key;\n\n"
     "\t\tlockdep_init_map(&ctx->dep_map, ww_class->acquire_name, &one_key, 0);\n\t}\n"),
    ("x86_64-debug", "debug-die-records-no-contending-lock", "kernel/locking/ww_mutex.h",
     "\t\tww_ctx->contending_lock = ww;\n",
     ""),
    ("x86_64-debug", "debug-acquire-keeps-contending-lock", "kernel/locking/ww_mutex.h",
     "\t\tww_ctx->contending_lock = NULL;\n",
     ""),
    ("x86_64-debug", "debug-acquire-done-marks-nothing", "include/linux/ww_mutex.h",
     "\tDEBUG_LOCKS_WARN_ON(ctx->done_acquire);\n\tctx->done_acquire = 1;\n",
     "\tDEBUG_LOCKS_WARN_ON(ctx->done_acquire);\n"),
    # ww_acquire_fini() leaves the context held for lockdep.
    ("x86_64-debug", "debug-acquire-fini-keeps-the-context", "include/linux/ww_mutex.h",
     "#ifdef CONFIG_DEBUG_LOCK_ALLOC\n\tmutex_release(&ctx->dep_map, _THIS_IP_);\n#endif\n#ifdef DEBUG_WW_MUTEXES\n",
     "#ifdef DEBUG_WW_MUTEXES\n"),
    # An injected back-off returns -EDEADLK but keeps the lock.
    ("x86_64-debug", "debug-injected-backoff-keeps-the-lock", "kernel/locking/mutex.c",
     "\t\tctx->contending_lock = lock;\n\n\t\tww_mutex_unlock(lock);\n",
     "\t\tctx->contending_lock = lock;\n"),
    # ww_mutex_lock() decides on an injected back-off before it takes the
    # lock, from the count of locks held before this one.
    ("x86_64-debug", "debug-ww-lock-injects-before-locking", "kernel/locking/mutex.c",
     "\tret =  __ww_mutex_lock(&lock->base, TASK_UNINTERRUPTIBLE,\n\t\t\t       0, _RET_IP_, ctx);\n"
     "\tif (!ret && ctx && ctx->acquired > 1)\n\t\treturn ww_mutex_deadlock_injection(lock, ctx);\n",
     "\tif (ctx && ctx->acquired > 1)\n\t\treturn ww_mutex_deadlock_injection(lock, ctx);\n"
     "\tret =  __ww_mutex_lock(&lock->base, TASK_UNINTERRUPTIBLE,\n\t\t\t       0, _RET_IP_, ctx);\n"),
    # A spinner queued behind the OSQ holder gives up at once, as if its
    # CPU were always wanted, and goes for the wait list: only a row with
    # three CPUs queues a second spinner.  (A holder that unlinks its
    # successor without passing it the queue leaves it spinning for ever
    # with preemption off, and one leaving the OSQ that moves the tail to
    # "no spinner" corrupts the queue: that CPU, and the boot, may never
    # recover, so no case can be sure to report either.)
    ("x86_64-smp4", "osq-queued-spinner-gives-up", "kernel/locking/osq_lock.c",
     "\tif (smp_cond_load_relaxed(&node->locked, VAL || need_resched() ||\n",
     "\tif (smp_cond_load_relaxed(&node->locked, VAL || 1 ||\n"),
    # PREEMPT_RT: a mutex is an rtmutex, so these break code that only the
    # rt rows build (rtmutex.c, rtmutex_api.c).  A blocked waiter never
    # looks at signals.
    ("x86_64-rt", "rt-waiter-ignores-signals", "kernel/locking/rtmutex.c",
     "\t\tif (signal_pending_state(state, current)) {\n\t\t\tret = -EINTR;\n\t\t\tbreak;\n\t\t}\n",
     ""),
    # mutex_lock_killable() sleeps interruptibly: any signal ends it.
    ("x86_64-rt", "rt-killable-is-interruptible", "kernel/locking/rtmutex_api.c",
     "int __sched mutex_lock_killable(struct mutex *lock)\n{\n"
     "\treturn __mutex_lock_common(lock, TASK_KILLABLE,",
     "int __sched mutex_lock_killable(struct mutex *lock)\n{\n"
     "\treturn __mutex_lock_common(lock, TASK_INTERRUPTIBLE,"),
    # Equal-priority waiters of a plain rtmutex queue last-in first-out.
    ("x86_64-rt", "rt-waiters-lifo", "kernel/locking/rtmutex.c",
     "\tif (!build_ww_mutex())\n\t\treturn 0;\n",
     "\tif (!build_ww_mutex())\n\t\treturn !rt_waiter_node_less(&bw->tree, &aw->tree);\n"),
    # A waiting ww context never checks whether it must die or was wounded.
    ("x86_64-rt", "rt-ww-waiter-never-backs-off", "kernel/locking/rtmutex.c",
     "\t\tif (build_ww_mutex() && ww_ctx) {\n\t\t\tret = __ww_mutex_check_kill(rtm, waiter, ww_ctx);\n"
     "\t\t\tif (ret)\n\t\t\t\tbreak;\n\t\t}\n",
     ""),
    # Every stress helper, after each unlock, stores to the shared context
    # with plain writes (barrier() keeps the stores from being merged): a
    # data race in the suite, not in the mutex, that changes no verdict.
    ("x86_64-kcsan", "suite-data-race", "kernel/locking/mutex_kunit.c",
     "\t\tatomic_inc(&c->rounds);\n",
     "\t\tatomic_inc(&c->rounds);\n\t\tfor (j = 0; j < 1024; j++) {\n"
     "\t\t\tc->priv = (void *)(unsigned long)j;\n\t\t\tbarrier();\n\t\t}\n"),
]
