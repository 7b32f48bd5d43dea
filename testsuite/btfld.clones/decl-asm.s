# Functions and a datum defined in assembly, declared in C by
# decl-use.c.  GNU as, x86-64.
	.text
	.globl	asm_copy
	.type	asm_copy, @function
asm_copy:			# void *asm_copy (void *, const void *, size_t)
	movq	%rdi, %rax
	movq	%rdx, %rcx
	rep movsb
	ret
	.size	asm_copy, .-asm_copy

	.globl	asm_noargs
	.type	asm_noargs, @function
asm_noargs:			# int asm_noargs (void)
	movl	$7, %eax
	ret
	.size	asm_noargs, .-asm_noargs

	.globl	asm_twice
	.type	asm_twice, @function
asm_twice:			# long asm_twice (long)
	leaq	(%rdi,%rdi), %rax
	ret
	.size	asm_twice, .-asm_twice

	.globl	asm_sum
	.type	asm_sum, @function
asm_sum:			# int asm_sum (int, ...): its first argument
	movl	%edi, %eax
	ret
	.size	asm_sum, .-asm_sum

	.globl	asm_hidden
	.hidden	asm_hidden
	.type	asm_hidden, @function
asm_hidden:			# int asm_hidden (struct pair *): p->a
	movl	(%rdi), %eax
	ret
	.size	asm_hidden, .-asm_hidden

	.globl	asm_label		# no .type: a label, not a function
asm_label:
	ret

	.data
	.globl	asm_datum
	.type	asm_datum, @object
asm_datum:
	.long	3
	.size	asm_datum, 4
	.section	.note.GNU-stack,"",@progbits
