# struct s { struct s m; } as a member of the forward of s: C has no such
# member (its type is incomplete), the kernel refuses it, and dedup used
# to resolve the forward into a STRUCT containing itself (fuzz-link).
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
	# [2] FWD 's' fwd_kind=struct
	.long	1
	.long	0x07000000
	.long	0
	# strings
	.asciz	""
	.asciz	"s"
	.asciz	"m"
