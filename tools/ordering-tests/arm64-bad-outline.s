/* expect-fail: mutex_lock calls out-of-line atomic __ll_sc__cmpxchg_case_acq_64 */
	.text
	.globl mutex_lock
mutex_lock:
	mrs x2, sp_el0
	mov x1, #0
	bl __ll_sc__cmpxchg_case_acq_64
	cbnz x0, 1f
	ret
1:	b __mutex_lock_slowpath
