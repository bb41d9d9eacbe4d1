/* expect-ok: every owner-word transition has its ordering */
	.text
	.globl mutex_lock
mutex_lock:
0:	lr.d a5, (a0)
	bnez a5, 1f
	sc.d a4, tp, (a0)
	bnez a4, 0b
	fence r, rw
1:	bnez a5, 2f
	ret
2:	tail __mutex_lock_slowpath
	.globl mutex_unlock
mutex_unlock:
	fence rw, w
0:	lr.d a4, (a0)
	bne a4, tp, 1f
	sc.d a3, zero, (a0)
	bnez a3, 0b
1:	ret
