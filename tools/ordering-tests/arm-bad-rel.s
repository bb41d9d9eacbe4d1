/* expect-fail: mutex_unlock: release transition at [0-9a-f]+: ldrex r12, \[r0\].*memory access after the last release fence: [0-9a-f]+: str r2, \[r0, #8\] */
	.text
	.arm
	.globl mutex_unlock
mutex_unlock:
	mrc p15, 0, r3, c13, c0, 3
	dmb ish
	mov r2, #0
	str r2, [r0, #8]
1:	ldrex r12, [r0]
	mov r1, #0
	teq r12, r3
	strexeq r1, r2, [r0]
	cmp r1, #0
	bne 1b
	bx lr
