# struct s { void m (void); }: a member of a function type (a pointer to
# one is what C has): the kernel refuses it, and dedup resolved the
# forward a prototype took into a loop through it (fuzz-btf).
	.section .BTF,"",@progbits
	.short	0xeb9f		# magic
	.byte	1		# version
	.byte	0		# flags
	.long	24		# hdr_len
	.long	0		# type_off
	.long	36		# type_len
	.long	36		# str_off
	.long	5		# str_len
	# [1] STRUCT 's' size=8 vlen=1
	.long	1
	.long	0x04000001
	.long	8
	.long	3, 2, 0		# 'm' type_id=2 bits_offset=0
	# [2] FUNC_PROTO '(anon)' ret_type_id=0 vlen=0
	.long	0
	.long	0x0d000000
	.long	0
	# strings
	.asciz	""
	.asciz	"s"
	.asciz	"m"
