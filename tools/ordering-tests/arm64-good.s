/* expect-ok: every owner-word transition has its ordering */
	.text
	.globl mutex_lock
mutex_lock:
	mrs x2, sp_el0
	b 2f
	mov x1, #0
	casa x1, x2, [x0]
	cbnz x1, 3f
1:	ret
2:	mov x3, #0
	prfm pstl1strm, [x0]
4:	ldaxr x1, [x0]
	eor x4, x1, x3
	cbnz x4, 5f
	stxr w4, x2, [x0]
	cbnz w4, 4b
5:	cbz x1, 1b
3:	b __mutex_lock_slowpath
	.globl mutex_unlock
mutex_unlock:
	mrs x2, sp_el0
	b 2f
	mov x1, x2
	casl x1, xzr, [x0]
1:	ret
2:	mov x3, #0
4:	ldxr x1, [x0]
	eor x4, x1, x2
	cbnz x4, 1b
	stlxr w4, x3, [x0]
	cbnz w4, 4b
	ret
