/* expect-fail: mutex_unlock: release transition at [0-9a-f]+: cmpxchg %rdx,\(%rdi\).*without lock prefix */
	.text
	.globl mutex_unlock
mutex_unlock:
	movq %gs:0, %rax
	xorl %edx, %edx
	cmpxchgq %rdx, (%rdi)
	ret
