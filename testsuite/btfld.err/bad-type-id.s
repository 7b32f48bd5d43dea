# PTR to a type id that does not exist.
	MAGIC = 0xeb9f
	HDR_LEN = 24
	STR_LEN_EXTRA = 0
	INT_NAME = 1
	INT_INFO = 0x01000000
	PTR_INFO = 0x02000000
	PTR_TARGET = 7
	.include "blob.inc"
