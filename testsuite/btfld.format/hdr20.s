# A 20-byte header.
	HDR_LEN = 20
	LAYOUT_OFF = 0
	LAYOUT_LEN = 0
	NKINDS = 0
	.include "layout.inc"
