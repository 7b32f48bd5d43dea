# gcc 12's BTF (every FUNC static, VARs for extern declarations, which
# look like real linkage) on a global function: from ld-btf's btf-a.s.
	.text
	.globl	fa
	.type	fa, @function
fa:
	ret
	.size	fa, .-fa

	.data
	.balign	8
	.type	pad_a, @object
	.size	pad_a, 8
pad_a:
	.8byte	0
	.globl	va
	.type	va, @object
	.size	va, 4
va:
	.4byte	1

	.section .BTF,"",@progbits
	.2byte	0xeb9f
	.byte	1, 0
	.4byte	24, 0, .Lte - .Lt, .Lte - .Lt, .Lse - .Ls
.Lt:
	# [1] INT 'int' size 4, signed, 32 bits
	.4byte	.Lint - .Ls, 0x01000000, 4, 0x01000020
	# [2] FUNC_PROTO, returns [1], no parameters
	.4byte	0, 0x0d000000, 1
	# [3] FUNC 'fa' [2], static
	.4byte	.Lfa - .Ls, 0x0c000000, 2
	# [4] VAR 'va' [1], global
	.4byte	.Lva - .Ls, 0x0e000000, 1, 1
	# [5] VAR 'ext' [1], extern
	.4byte	.Lext - .Ls, 0x0e000000, 1, 2
	# [6] DATASEC '.data', size 0: va and ext at offset 0
	.4byte	.Ldata - .Ls, 0x0f000002, 0
	.4byte	4, 0, 4
	.4byte	5, 0, 4
.Lte:
.Ls:
	.byte	0
.Lint:	.asciz	"int"
.Lfa:	.asciz	"fa"
.Lva:	.asciz	"va"
.Lext:	.asciz	"ext"
.Ldata:	.asciz	".data"
.Lse:
	.section .note.GNU-stack,"",@progbits
