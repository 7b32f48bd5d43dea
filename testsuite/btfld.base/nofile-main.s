# The program using nofile-lib.s (gcc 12 -gbtf -O2 -S): a static long
# counter (folded away) and a static bump of its own.
	.file	"nofile-main.c"
	.section	.BTF,"",@progbits
.Lbtf0:
	.value	0xeb9f
	.byte	0x1
	.byte	0
	.long	0x18
	.long	0
	.long	0xa0
	.long	0xa0
	.long	0x4a
	.long	0x1
	.long	0x1000000
	.long	0x8
	.long	0x1000040
	.long	0x12
	.long	0x1000000
	.long	0x4
	.long	0x1000020
	.long	0
	.long	0xd000001
	.long	0x2
	.long	0
	.long	0x2
	.long	0
	.long	0xd000000
	.long	0x2
	.long	0
	.long	0xd000001
	.long	0x1
	.long	0x42
	.long	0x1
	.long	0xa
	.long	0xe000000
	.long	0x1
	.long	0
	.long	0x16
	.long	0xc000000
	.long	0x3
	.long	0x19
	.long	0xc000000
	.long	0x4
	.long	0x1e
	.long	0xc000000
	.long	0x5
	.long	0x44
	.long	0xf000001
	.long	0
	.long	0x6
	.long	0
	.long	0x8
	.string	""
	.string	"long int"
	.string	"counter"
	.string	"int"
	.string	"s1"
	.string	"main"
	.string	"bump"
	.string	"/tmp/btfld.base/nofile-main.c"
	.string	""
	.string	"x"
	.string	".data"
	.text
.Ltext0:
	.file 0 "/tmp/btfld.base" "nofile-main.c"
	.p2align 4
	.type	bump, @function
bump:
.LFB0:
	.cfi_startproc
	leaq	(%rdi,%rdi,8), %rax
	ret
	.cfi_endproc
.LFE0:
	.size	bump, .-bump
	.section	.text.startup,"ax",@progbits
	.p2align 4
	.globl	main
	.type	main, @function
main:
.LFB1:
	.cfi_startproc
	pushq	%rbx
	.cfi_def_cfa_offset 16
	.cfi_offset 3, -16
	movl	$1, %edi
	call	s1@PLT
	movl	$1, %edi
	movl	%eax, %ebx
	call	bump
	leal	-13(%rbx,%rax), %eax
	popq	%rbx
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
.LFE1:
	.size	main, .-main
	.ident	"GCC: (Debian 12.2.0-14+deb12u1) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
