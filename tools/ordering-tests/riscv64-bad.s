/* expect-fail: mutex_lock: acquire transition at [0-9a-f]+: lr.d a5,\(a0\) .. sc.d a4,tp,\(a0\).*lr.d is not an acquire form; return before any acquire fence */
	.text
	.globl mutex_lock
mutex_lock:
0:	lr.d a5, (a0)
	bnez a5, 1f
	sc.d a4, tp, (a0)
	bnez a4, 0b
1:	bnez a5, 2f
	ret
2:	fence r, rw
	tail __mutex_lock_slowpath
