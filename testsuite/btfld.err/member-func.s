# A member whose type is a FUNC (not even C has that): the kernel cannot
# size it, and dedup resolved a forward through it into a reference loop
# that our own re-read refused (fuzz-btf, crash-fbc1f745).
	.section .BTF,"",@progbits
	.short	0xeb9f		# magic
	.byte	1		# version
	.byte	0		# flags
	.long	24		# hdr_len
	.long	0		# type_off
	.long	48		# type_len
	.long	48		# str_off
	.long	7		# str_len
	# [1] STRUCT 's' size=8 vlen=1
	.long	1
	.long	0x04000001
	.long	8
	.long	3, 3, 0		# 'm' type_id=3 bits_offset=0
	# [2] FUNC_PROTO '(anon)' ret_type_id=0 vlen=0
	.long	0
	.long	0x0d000000
	.long	0
	# [3] FUNC 'f' type_id=2 linkage=static
	.long	5
	.long	0x0c000000
	.long	2
	# strings
	.asciz	""
	.asciz	"s"
	.asciz	"m"
	.asciz	"f"
