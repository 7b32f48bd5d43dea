# The valid blob (control).
	MAGIC = 0xeb9f
	HDR_LEN = 24
	STR_LEN_EXTRA = 0
	INT_NAME = 1
	INT_INFO = 0x01000000
	PTR_INFO = 0x02000000
	PTR_TARGET = 1
	.include "blob.inc"
