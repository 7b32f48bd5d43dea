# gcc 15.3 (Debian forky) -gbtf -O2 -S of this C source, kept as assembly
# so that every compiler's testsuite links real gcc 15 BTF:
#   /* Compiled by gcc 15 (forky) with -gbtf -O2 -S: BTF with real linkage,
#      a C23 definition with an unnamed parameter, an extern declaration and
#      a forward enum (ENUM of size 0).  */
#   enum later;
#   struct with_fwd { enum later *p; int n; };
#   struct with_fwd wf;
#   extern int ext_fn (int a);
#   int c23_def (int, int b) { return b + ext_fn (b); }
#   static __attribute__ ((noinline)) int helper (int) { return 3; }
#   int g15_entry (void) { return c23_def (1, 2) + helper (0) + wf.n; }
	.file	"g15mix.c"
	.text
.Ltext0:
	.file 0 "/tmp/probe" "g15mix.c"
	.p2align 4
	.globl	c23_def
	.type	c23_def, @function
c23_def:
.LFB0:
	.cfi_startproc
	pushq	%rbx
	.cfi_def_cfa_offset 16
	.cfi_offset 3, -16
	movl	%esi, %edi
	movl	%esi, %ebx
	call	ext_fn@PLT
	addl	%ebx, %eax
	popq	%rbx
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
.LFE0:
	.size	c23_def, .-c23_def
	.p2align 4
	.globl	g15_entry
	.type	g15_entry, @function
g15_entry:
.LFB2:
	.cfi_startproc
	subq	$8, %rsp
	.cfi_def_cfa_offset 16
.LBB4:
.LBB5:
	movl	$2, %edi
	call	ext_fn@PLT
.LBE5:
.LBE4:
	movl	8+wf(%rip), %edx
	addq	$8, %rsp
	.cfi_def_cfa_offset 8
	leal	5(%rdx,%rax), %eax
	ret
	.cfi_endproc
.LFE2:
	.size	g15_entry, .-g15_entry
	.globl	wf
	.bss
	.align 16
	.type	wf, @object
	.size	wf, 16
wf:
	.zero	16
	.section	.BTF,"",@progbits
.Lbtf0:
	.value	0xeb9f
	.byte	0x1
	.byte	0
	.long	0x18
	.long	0
	.long	0xf4
	.long	0xf4
	.long	0x43
	.long	0x1
	.long	0x4000002
	.long	0x10
	.long	0x10
	.long	0x3
	.long	0
	.long	0x16
	.long	0x4
	.long	0x40
	.long	0xa
	.long	0x6000000
	.long	0
	.long	0
	.long	0x2000000
	.long	0x2
	.long	0x12
	.long	0x1000000
	.long	0x4
	.long	0x1000020
	.long	0
	.long	0xd000001
	.long	0x4
	.long	0
	.long	0x4
	.long	0
	.long	0xd000000
	.long	0x4
	.long	0
	.long	0xd000001
	.long	0x4
	.long	0
	.long	0x4
	.long	0
	.long	0xd000002
	.long	0x4
	.long	0
	.long	0x4
	.long	0x3c
	.long	0x4
	.long	0x18
	.long	0xe000000
	.long	0x1
	.long	0x1
	.long	0x1b
	.long	0xc000002
	.long	0x5
	.long	0x22
	.long	0xc000001
	.long	0x6
	.long	0x2c
	.long	0xc000000
	.long	0x7
	.long	0x33
	.long	0xc000001
	.long	0x8
	.long	0x3e
	.long	0xf000001
	.long	0
	.long	0x9
	.long	0
	.long	0x10
	.string	""
	.string	"with_fwd"
	.string	"later"
	.string	"p"
	.string	"int"
	.string	"n"
	.string	"wf"
	.string	"ext_fn"
	.string	"g15_entry"
	.string	"helper"
	.string	"c23_def"
	.string	""
	.string	"b"
	.string	".bss"
	.ident	"GCC: (Debian 15.3.0-4) 15.3.0"
	.section	.note.GNU-stack,"",@progbits
