# A prototype returning a DATASEC: only a DATASEC lists VARs and nothing
# refers to a DATASEC (the kernel refuses it); the fixups, which drop
# the VARs without a symbol and rebuild the DATASECs, used to copy this
# one, still listing them as type 0, with exit status 0 (fuzz-link).
	.section .BTF,"",@progbits
	.short	0xeb9f		# magic
	.byte	1		# version
	.byte	0		# flags
	.long	24		# hdr_len
	.long	0		# type_off
	.long	80		# type_len
	.long	80		# str_off
	.long	14		# str_len
	# [1] INT 'int' size=4 SIGNED 32 bits
	.long	1
	.long	0x01000000
	.long	4
	.long	0x01000020
	# [2] VAR 'v' type_id=1 linkage=global
	.long	5
	.long	0x0e000000
	.long	1
	.long	1
	# [3] DATASEC '.bss' size=4 vlen=1
	.long	7
	.long	0x0f000001
	.long	4
	.long	2, 0, 4
	# [4] FUNC_PROTO '(anon)' ret_type_id=3 vlen=0
	.long	0
	.long	0x0d000000
	.long	3
	# [5] FUNC 'f' type_id=4 linkage=global
	.long	12
	.long	0x0c000001
	.long	4
	# strings
	.asciz	""
	.asciz	"int"
	.asciz	"v"
	.asciz	".bss"
	.asciz	"f"
