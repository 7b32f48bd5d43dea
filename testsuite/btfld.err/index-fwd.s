# An ARRAY indexed by a forward-declared type: the kernel wants an INT;
# dedup resolved the forward into a STRUCT holding the array, a loop
# (fuzz-link).
	.section .BTF,"",@progbits
	.short	0xeb9f		# magic
	.byte	1		# version
	.byte	0		# flags
	.long	24		# hdr_len
	.long	0		# type_off
	.long	52		# type_len
	.long	52		# str_off
	.long	7		# str_len
	# [1] INT 'int' size=4 SIGNED 32 bits
	.long	1
	.long	0x01000000
	.long	4
	.long	0x01000020
	# [2] FWD 'f' fwd_kind=struct
	.long	5
	.long	0x07000000
	.long	0
	# [3] ARRAY '(anon)' type_id=1 index_type_id=2 nr_elems=4
	.long	0
	.long	0x03000000
	.long	0
	.long	1, 2, 4
	# strings
	.asciz	""
	.asciz	"int"
	.asciz	"f"
