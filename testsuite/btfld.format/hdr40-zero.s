# A 40-byte header whose bytes after the known fields are zero.
	HDR_LEN = 40
	LAYOUT_OFF = 28
	LAYOUT_LEN = 80
	NKINDS = 20
	.include "layout.inc"
