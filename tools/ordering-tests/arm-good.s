/* expect-ok: every owner-word transition has its ordering */
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
	dmb ish
	cmp r1, #0
	bxeq lr
	b __mutex_lock_slowpath
	.globl mutex_unlock
mutex_unlock:
	mrc p15, 0, r3, c13, c0, 3
	dmb ish
	mov r2, #0
1:	ldrex r12, [r0]
	mov r1, #0
	teq r12, r3
	strexeq r1, r2, [r0]
	cmp r1, #0
	bne 1b
	bx lr
