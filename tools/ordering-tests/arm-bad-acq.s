/* expect-fail: mutex_lock: acquire transition at [0-9a-f]+: ldrex r1, \[r0\] .. strexeq r2, r3, \[r0\].*memory access before any acquire fence: [0-9a-f]+: ldr r4, \[r0, #8\] */
	.text
	.arm
	.globl mutex_lock
mutex_lock:
	mrc p15, 0, r3, c13, c0, 3
1:	ldrex r1, [r0]
	mov r2, #0
	teq r1, #0
	strexeq r2, r3, [r0]
	cmp r2, #0
	bne 1b
	ldr r4, [r0, #8]
	dmb ish
	bx lr
