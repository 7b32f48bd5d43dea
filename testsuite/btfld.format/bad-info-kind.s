# A record with bit 29 of info set (a kind beyond 31).
	HDR_LEN = 32
	LAYOUT_OFF = 28
	LAYOUT_LEN = 80
	NKINDS = 20
	INT_INFO = 0x21000000
	.include "layout.inc"
