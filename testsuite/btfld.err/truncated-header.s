# Only 10 bytes of a 24-byte header.
	.section .BTF,"",@progbits
	.short	0xeb9f
	.byte	1, 0
	.long	24
	.short	0
