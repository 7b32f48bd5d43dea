# far-records.c compiled by gcc 12 with -S -O2 -gbtf and the GCC plugin,
# a 32 KiB section (.zpad) put after .btfld.clones: the records lie
# between .BTF and the symbol table, far from both.
	.file	"far-records.c"
	.section	.BTF,"",@progbits
.Lbtf0:
	.value	0xeb9f
	.byte	0x1
	.byte	0
	.long	0x18
	.long	0
	.long	0x80
	.long	0x80
	.long	0x3e
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
	.long	0xd000002
	.long	0x1
	.long	0x35
	.long	0x1
	.long	0x37
	.long	0x1
	.long	0x5
	.long	0xe000000
	.long	0x1
	.long	0x1
	.long	0xa
	.long	0xc000000
	.long	0x2
	.long	0x16
	.long	0xc000000
	.long	0x3
	.long	0x39
	.long	0xf000001
	.long	0
	.long	0x4
	.long	0
	.long	0x4
	.string	""
	.string	"int"
	.string	"sink"
	.string	"far_records"
	.string	"scale"
	.string	"/tmp/fr/far-records.c"
	.string	""
	.string	"x"
	.string	"x"
	.string	"k"
	.string	".bss"
	.text
.Ltext0:
	.file 0 "/tmp/fr" "far-records.c"
	.p2align 4
	.type	scale.constprop.0, @function
scale.constprop.0:
.LFB2:
	.cfi_startproc
	movl	sink(%rip), %edx
	leal	(%rdi,%rdi,2), %eax
	addl	%edi, %edx
	movl	%edx, sink(%rip)
	addl	%edx, %eax
	ret
	.cfi_endproc
.LFE2:
	.size	scale.constprop.0, .-scale.constprop.0
	.p2align 4
	.globl	far_records
	.type	far_records, @function
far_records:
.LFB1:
	.cfi_startproc
	call	scale.constprop.0
	addl	$1, %edi
	movl	%eax, %ecx
	call	scale.constprop.0
	addl	%ecx, %eax
	ret
	.cfi_endproc
.LFE1:
	.size	far_records, .-far_records
	.globl	sink
	.bss
	.align 4
	.type	sink, @object
	.size	sink, 4
sink:
	.zero	4
	.ident	"GCC: (Debian 12.2.0-14+deb12u1) 12.2.0"
	.pushsection	.btfld.clones,"",%progbits
	.ascii	"v1 unit far-records.c\n"
	.ascii	"v1 scale.constprop.0 scale clone same n 2 0\n"
	.popsection
	.section	.zpad,"",@progbits
	.fill	32768, 1, 0
	.section	.note.GNU-stack,"",@progbits
