/* SPDX-License-Identifier: GPL-2.0 */
/*
 * model/mutex.pml: the owner-word protocol of kernel/locking/mutex.c in
 * Linux 6.12 (Debian linux-source-6.12 6.12.118), as a Promela model for
 * spin.  docs/model.md says what is abstracted and how to run it;
 * tools/check-model runs it and the seeded bugs below.
 *
 * Every model step carries a reference "mutex.c:<line> <function>": the line
 * of 6.12.118's mutex.c and the mutex.c function that contains it
 * (tools/check-model-refs checks that the functions still exist).
 *
 * Each cmpxchg loop of mutex.c (__mutex_trylock_common, __mutex_handoff,
 * the release loop of __mutex_unlock_slowpath) is one atomic step at its
 * linearization point: the successful cmpxchg, or the read that makes the
 * loop break.  A failed cmpxchg only re-reads, so under sequential
 * consistency this is exact.
 *
 * Seeded bugs (spin -DNAME), each must give a counterexample:
 *   UNLOCK_IGNORES_HANDOFF  unlock releases the owner even with HANDOFF set
 *   SIGNAL_BEFORE_PICKUP    the wait loop checks signals before its trylock
 *   CANCEL_KEEPS_HANDOFF    a cancelled last waiter clears WAITERS only
 *   SPINNER_SETS_HANDOFF    the optimistic spinner's trylock sets HANDOFF
 *   FLAGS_KEPT_WHEN_EMPTY   __mutex_remove_waiter never clears the flags
 *   SLEEP_STATE_LATE        the waiter sets its sleep state after it drops
 *                           wait_lock, not before its last trylock
 */

#define NT	3		/* tasks 1..NT */
#define T_INTR	2		/* task 2: mutex_lock_interruptible, gets signals */
#define T_SPIN	3		/* task 3: mutex_lock with an optimistic spinner */

#ifndef CYCLES
#define CYCLES	1		/* lock/unlock rounds per task */
#endif
#ifndef MAXSIG
#define MAXSIG	1		/* signals sent to task T_INTR */
#endif

#define WAITERS	1		/* MUTEX_FLAG_WAITERS */
#define HANDOFF	2		/* MUTEX_FLAG_HANDOFF */
#define PICKUP	4		/* MUTEX_FLAG_PICKUP */
#define FLAGS	7		/* MUTEX_FLAGS */
#define TASK(w)	((w) >> 3)	/* __owner_task() */
#define WORD(t)	((t) << 3)

#define RUNNING	0		/* TASK_RUNNING */
#define UNINT	1		/* TASK_UNINTERRUPTIBLE */
#define INTR	2		/* TASK_INTERRUPTIBLE */

byte ow;			/* lock->owner: task << 3 | flags */
byte wl;			/* lock->wait_lock: holder, 0 = free */
byte wq[NT];			/* lock->wait_list, FIFO, wq[0] first */
byte wqlen;
byte ts[NT + 1];		/* each task's __state */
bit sigp;			/* signal pending for T_INTR */
byte nsig;

/* ghost state for the properties */
byte incs;			/* tasks inside the critical section */
byte hbound;			/* set HANDOFF and is owed the lock, 0 = none */
bit waiting[NT + 1];		/* task is inside a lock slow path */

/* property: no-lost-wakeup.  Every task in the slow path leaves it, as
 * owner or with -EINTR (checked with pan -a -f: weak fairness).  The
 * safety run reports the same bug as an invalid end state (deadlock). */
ltl nolost {
	[] ((waiting[1] -> <> !waiting[1]) &&
	    (waiting[2] -> <> !waiting[2]) &&
	    (waiting[3] -> <> !waiting[3]))
}

/* Invariants, checked in every state by the monitor:
 * - mutual exclusion: at most one task in the critical section;
 * - no HANDOFF or PICKUP without an owner (MUTEX_WARN_ON at
 *   mutex.c:125 __mutex_trylock_common);
 * - with wait_lock free, WAITERS and HANDOFF imply a non-empty wait list
 *   (__mutex_add_waiter and __mutex_remove_waiter keep it so under
 *   wait_lock; the flags are only ever set by a task on the list). */
#define MUTEX_EXCL	(incs <= 1)
#define FLAGS_OWNER	(TASK(ow) != 0 || (ow & (HANDOFF | PICKUP)) == 0)
#define FLAGS_LIST	(wl != 0 || wqlen > 0 || (ow & (WAITERS | HANDOFF)) == 0)

active proctype monitor()
{
end:	atomic {
		!(MUTEX_EXCL && FLAGS_OWNER && FLAGS_LIST) ->
		assert(MUTEX_EXCL);	/* property: mutual-exclusion */
		assert(FLAGS_OWNER);	/* property: flags-owner */
		assert(FLAGS_LIST)	/* property: flags-list */
	}
}

/* a task takes ownership: the handoff bound says who may */
inline took(x)
{
	assert(hbound == 0 || hbound == x);	/* property: handoff-bound */
	if
	:: hbound == x -> hbound = 0
	:: else -> skip
	fi
}

/* mutex.c:129 __mutex_trylock_common: ok = 1 when current got the lock;
 * o = the owner it saw otherwise.  handoff: the first waiter's call. */
inline trylock_common(handoff)
{
	d_step {
		o = TASK(ow);
		fl = ow & FLAGS;
		ok = 0;
		if
		:: o != 0 && (fl & PICKUP) ->		/* mutex.c:113 __mutex_trylock_common */
			if
			:: o == me -> ow = WORD(me) | (fl & ~PICKUP); ok = 1
			:: else -> skip
			fi
		:: o != 0 && !(fl & PICKUP) && handoff ->	/* mutex.c:117 __mutex_trylock_common */
			if
			:: !(fl & HANDOFF) -> ow = ow | HANDOFF; hbound = me
			:: else -> skip
			fi
		:: o != 0 && !(fl & PICKUP) && !handoff -> skip
		:: o == 0 ->				/* mutex.c:125 __mutex_trylock_common */
			assert((fl & (HANDOFF | PICKUP)) == 0);	/* property: flags-owner */
			ow = WORD(me) | fl; ok = 1; took(me)
		fi;
		fl = 0
	}
}

/* mutex.c:218 __mutex_remove_waiter: list_del, clear the flags when empty */
inline remove_waiter(cancel)
{
	d_step {
		i = 0;
		do
		:: wq[i] == me -> break
		:: else -> i++
		od;
		do
		:: i < wqlen - 1 -> wq[i] = wq[i + 1]; i++
		:: else -> break
		od;
		wqlen--;
		wq[wqlen] = 0;
		i = 0;
		if
		:: wqlen == 0 ->			/* mutex.c:220 __mutex_remove_waiter */
#if defined(FLAGS_KEPT_WHEN_EMPTY)
			skip
#elif defined(CANCEL_KEEPS_HANDOFF)
			if
			:: cancel -> ow = ow & ~WAITERS
			:: else -> ow = ow & ~FLAGS
			fi
#else
			ow = ow & ~FLAGS
#endif
		:: else -> skip
		fi;
		/* ghost: a cancelled HANDOFF setter passes the bound to the new
		 * first waiter when 6.12 leaves HANDOFF set for it */
		if
		:: cancel && hbound == me ->
			if
			:: wqlen > 0 && (ow & HANDOFF) -> hbound = wq[0]
			:: else -> hbound = 0
			fi
		:: else -> skip
		fi
	}
}

/* raw_spin_lock(&lock->wait_lock) / raw_spin_unlock */
inline wait_lock()	{ atomic { wl == 0 -> wl = me } }
inline wait_unlock()	{ wl = 0 }

proctype task(byte me; bit intr; bit spinner)
{
	byte o, fl, i, nxt, round;
	bit ok, first, h;

	do
	:: round == CYCLES -> break
	:: else ->
		/* mutex.c:285 mutex_lock / mutex.c:994 mutex_lock_interruptible:
		 * mutex.c:171 __mutex_trylock_fast, cmpxchg 0 -> current */
		d_step {
			if
			:: ow == 0 -> ow = WORD(me); ok = 1; took(me)
			:: else -> ok = 0
			fi
		}
		if
		:: ok -> goto locked
		:: else -> skip
		fi;

		waiting[me] = 1;
		/* mutex.c:612 __mutex_lock_common: __mutex_trylock */
		trylock_common(0);
		if
		:: ok -> goto slow_locked
		:: else -> skip
		fi;

		/* mutex.c:613 __mutex_lock_common ->
		 * mutex.c:441 mutex_optimistic_spin, OSQ left out */
		if
		:: spinner ->
			do
			:: true ->
				/* mutex.c:468 mutex_optimistic_spin: __mutex_trylock_or_owner */
#ifdef SPINNER_SETS_HANDOFF
				trylock_common(1);
#else
				trylock_common(0);
#endif
				if
				:: ok -> o = 0; goto slow_locked
				:: else -> skip
				fi;
				/* mutex.c:359 mutex_spin_on_owner: spin while the
				 * owner is unchanged and on a CPU */
				if
				:: TASK(ow) != o -> o = 0		/* owner changed: retry */
				:: true -> o = 0; break			/* mutex.c:373 mutex_spin_on_owner: gave up */
				fi
			od
		:: else -> skip
		fi;
		o = 0;

		/* mutex.c:623 __mutex_lock_common */
		wait_lock();
		/* mutex.c:627 __mutex_lock_common: __mutex_trylock */
		trylock_common(0);
		if
		:: ok -> o = 0; wait_unlock(); goto slow_locked	/* mutex.c:737 __mutex_lock_common: skip_wait */
		:: else -> o = 0
		fi;

		/* mutex.c:643 __mutex_lock_common -> mutex.c:210 __mutex_add_waiter */
		d_step { wq[wqlen] = me; wqlen++ }
		/* mutex.c:212 __mutex_add_waiter: WAITERS when first */
		d_step {
			if
			:: wq[0] == me -> ow = ow | WAITERS
			:: else -> skip
			fi
		}
#ifndef SLEEP_STATE_LATE
		/* mutex.c:654 __mutex_lock_common: set_current_state */
		ts[me] = (intr -> INTR : UNINT);
#endif

		do
		:: true ->
#ifdef SIGNAL_BEFORE_PICKUP
			if
			:: intr && sigp -> goto cancel
			:: else -> skip
			fi;
#endif
			/* mutex.c:665 __mutex_lock_common: trylock under wait_lock
			 * picks up a handoff before the signal check */
			trylock_common(0);
			o = 0;
			if
			:: ok -> goto acquired
			:: else -> skip
			fi;
#ifndef SIGNAL_BEFORE_PICKUP
			/* mutex.c:673 __mutex_lock_common: signal_pending_state */
			if
			:: intr && sigp -> goto cancel
			:: else -> skip
			fi;
#endif
			/* mutex.c:684 __mutex_lock_common */
			wait_unlock();
#ifdef SLEEP_STATE_LATE
			/* mutex.c:654 __mutex_lock_common: set_current_state, too late */
			ts[me] = (intr -> INTR : UNINT);
#endif
			/* mutex.c:689 __mutex_lock_common: schedule_preempt_disabled;
			 * returns when woken, or at once with a signal pending in
			 * TASK_INTERRUPTIBLE */
			atomic {
				ts[me] == RUNNING || (ts[me] == INTR && sigp) ->
				ts[me] = RUNNING
			}
			/* mutex.c:691 __mutex_lock_common: __mutex_waiter_is_first */
			first = (wq[0] == me);
#ifndef SLEEP_STATE_LATE
			/* mutex.c:693 __mutex_lock_common: set_current_state */
			ts[me] = (intr -> INTR : UNINT);
#endif
			/* mutex.c:699 __mutex_lock_common: __mutex_trylock_or_handoff */
			trylock_common(first);
			o = 0;
			if
			:: ok -> first = 0; goto acquired_relock
			:: else -> skip
			fi;
			/* mutex.c:704 __mutex_lock_common: the first waiter spins,
			 * mutex_optimistic_spin with a waiter: one trylock
			 * (mutex.c:468 mutex_optimistic_spin) or none */
			if
			:: first ->
				first = 0;
				if
				:: true ->
					trylock_common(0);
					o = 0;
					if
					:: ok -> goto acquired_relock
					:: else -> skip
					fi
				:: true -> skip
				fi
			:: else -> skip
			fi;
			/* mutex.c:709 __mutex_lock_common */
			wait_lock()
		od;

acquired_relock:
		skip;
		/* mutex.c:711 __mutex_lock_common */
		wait_lock();
acquired:
		skip;
		/* mutex.c:713 __mutex_lock_common: __set_current_state(TASK_RUNNING) */
		ts[me] = RUNNING;
		/* mutex.c:725 __mutex_lock_common: __mutex_remove_waiter */
		remove_waiter(0);
		/* mutex.c:737 __mutex_lock_common */
		wait_unlock();
slow_locked:
		skip;
		waiting[me] = 0;
locked:
		skip;
		/* critical section */
		d_step {
			incs++;
			assert(incs == 1 && TASK(ow) == me && !(ow & PICKUP))	/* property: mutual-exclusion */
		}
		incs--;

		/* mutex.c:545 mutex_unlock: mutex.c:181 __mutex_unlock_fast,
		 * cmpxchg current -> 0 */
		d_step {
			if
			:: ow == WORD(me) -> ow = 0; ok = 1
			:: else -> ok = 0
			fi
		}
		if
		:: ok -> goto unlocked
		:: else -> skip
		fi;
		/* mutex.c:929 __mutex_unlock_slowpath: the release loop */
		d_step {
			/* mutex.c:930 __mutex_unlock_slowpath: MUTEX_WARN_ON */
			assert(TASK(ow) == me && !(ow & PICKUP));	/* property: mutual-exclusion */
			fl = ow & FLAGS;
#ifdef UNLOCK_IGNORES_HANDOFF
			h = 0;
#else
			h = (fl & HANDOFF) != 0;			/* mutex.c:933 __mutex_unlock_slowpath */
#endif
			if
			:: !h -> ow = fl				/* mutex.c:936 __mutex_unlock_slowpath */
			:: else -> skip
			fi
		}
		if
		:: !h && !(fl & WAITERS) -> fl = 0; goto unlocked	/* mutex.c:940 __mutex_unlock_slowpath */
		:: else -> fl = 0
		fi;
		/* mutex.c:944 __mutex_unlock_slowpath */
		wait_lock();
		/* mutex.c:949 __mutex_unlock_slowpath: first waiter, wake_q_add */
		nxt = wq[0];
		if
		:: h ->
			/* mutex.c:959 __mutex_unlock_slowpath -> mutex.c:246 __mutex_handoff */
			d_step {
				/* mutex.c:238 __mutex_handoff: MUTEX_WARN_ON */
				assert(TASK(ow) == me && !(ow & PICKUP));	/* property: mutual-exclusion */
				ow = (ow & WAITERS) | WORD(nxt) | (nxt != 0 -> PICKUP : 0);
				if
				:: nxt != 0 -> took(nxt)
				:: else -> skip
				fi
			}
		:: else -> skip
		fi;
		h = 0;
		/* mutex.c:962 __mutex_unlock_slowpath */
		wait_unlock();
		/* mutex.c:963 __mutex_unlock_slowpath: wake_up_q */
		d_step {
			if
			:: nxt != 0 -> ts[nxt] = RUNNING
			:: else -> skip
			fi;
			nxt = 0
		}
		goto unlocked;

cancel:
		skip;
		/* mutex.c:743 __mutex_lock_common: err */
		ts[me] = RUNNING;
		/* mutex.c:744 __mutex_lock_common: __mutex_remove_waiter */
		remove_waiter(1);
		/* a cancelled waiter leaves no flag it alone justified: no
		 * handoff to itself, no flag on an empty list */
		assert(TASK(ow) != me);			/* property: cancel-leaves-no-flag */
		assert(wqlen > 0 || (ow & FLAGS) == 0);	/* property: cancel-leaves-no-flag */
		/* mutex.c:747 __mutex_lock_common */
		wait_unlock();
		waiting[me] = 0;
unlocked:
		skip;
		/* back to user space: a pending signal is delivered */
		d_step {
			if
			:: intr -> sigp = 0
			:: else -> skip
			fi;
			ok = 0;
			round++
		}
	od
}

/* signal_wake_up() for task T_INTR: up to MAXSIG signals */
active proctype signaller()
{
	do
	:: nsig < MAXSIG ->
		d_step {
			sigp = 1;
			nsig++;
			if
			:: ts[T_INTR] == INTR -> ts[T_INTR] = RUNNING
			:: else -> skip
			fi
		}
	:: break
	od
}

init
{
	atomic {
		run task(1, 0, 0);
		run task(T_INTR, 1, 0);
		run task(T_SPIN, 0, 1)
	}
}
