# A record with bits 16-23 of info set (a vlen beyond 65535).
	HDR_LEN = 32
	LAYOUT_OFF = 28
	LAYOUT_LEN = 80
	NKINDS = 20
	INT_INFO = 0x01010000
	.include "layout.inc"
