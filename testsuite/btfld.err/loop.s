# PTR is fine to cycle through, a CONST cycle is not: [2] CONST -> [2].
	MAGIC = 0xeb9f
	HDR_LEN = 24
	STR_LEN_EXTRA = 0
	INT_NAME = 1
	INT_INFO = 0x01000000
	PTR_INFO = 0x0a000000
	PTR_TARGET = 2
	.include "blob.inc"
