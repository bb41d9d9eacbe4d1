/* expect-ok: 2 transitions checked */
	.text
	.globl mutex_lock
mutex_lock:
	movq %gs:0, %r13
	xorl %eax, %eax
	lock cmpxchgq %r13, (%rdi)
	jne 1f
	ret
1:	jmp __mutex_lock_slowpath
	.globl mutex_unlock
mutex_unlock:
	movq %gs:0, %rax
	xorl %edx, %edx
	lock cmpxchgq %rdx, (%rdi)
	ret
