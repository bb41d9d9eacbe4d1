/* expect-fail: mutex_lock: acquire transition at [0-9a-f]+: cas x1, x2, \[x0\].*cas is not an acquire form */
	.text
	.globl mutex_lock
mutex_lock:
	mrs x2, sp_el0
	mov x1, #0
	cas x1, x2, [x0]
	cbnz x1, 3f
	ret
3:	b __mutex_lock_slowpath
