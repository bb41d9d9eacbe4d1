/* expect-fail: mutex_unlock: release transition at [0-9a-f]+: ldxr x1, \[x0\] .. stxr w4, x3, \[x0\].*stxr is not a release form */
	.text
	.globl mutex_unlock
mutex_unlock:
	mrs x2, sp_el0
	mov x3, #0
	dmb ish
	str x3, [x0, #32]
4:	ldxr x1, [x0]
	eor x4, x1, x2
	cbnz x4, 5f
	stxr w4, x3, [x0]
	cbnz w4, 4b
5:	ret
