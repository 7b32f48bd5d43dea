# An object without an STT_FILE symbol, as an assembler makes one:
# gcc 12 -gbtf -O2 -S of a C file (a static int counter = 3, a static
# bump inlined into the global s1), its .file directives removed.
	.section	.BTF,"",@progbits
.Lbtf0:
	.value	0xeb9f
	.byte	0x1
	.byte	0
	.long	0x18
	.long	0
	.long	0x78
	.long	0x78
	.long	0x3d
	.long	0x1
	.long	0x1000000
	.long	0x4
	.long	0x1000020
	.long	0
	.long	0xd000001
	.long	0x1
	.long	0x33
	.long	0x1
	.long	0
	.long	0xd000001
	.long	0x1
	.long	0x35
	.long	0x1
	.long	0x5
	.long	0xe000000
	.long	0x1
	.long	0
	.long	0xd
	.long	0xc000000
	.long	0x2
	.long	0x10
	.long	0xc000000
	.long	0x3
	.long	0x37
	.long	0xf000001
	.long	0
	.long	0x4
	.long	0
	.long	0x4
	.string	""
	.string	"int"
	.string	"counter"
	.string	"s1"
	.string	"bump"
	.string	"/tmp/btfld.base/nofile-lib.c"
	.string	""
	.string	"x"
	.string	"x"
	.string	".data"
	.text
.Ltext0:
	.p2align 4
	.globl	s1
	.type	s1, @function
s1:
.LFB1:
	.cfi_startproc
.LBB4:
.LBB5:
	movl	counter(%rip), %eax
	leal	1(%rax), %edx
	addl	%edi, %eax
	movl	%edx, counter(%rip)
.LBE5:
.LBE4:
	ret
	.cfi_endproc
.LFE1:
	.size	s1, .-s1
	.data
	.align 4
	.type	counter, @object
	.size	counter, 4
counter:
	.long	3
	.ident	"GCC: (Debian 12.2.0-14+deb12u1) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
