# A 40-byte header with a non-zero byte after the known fields.
	HDR_LEN = 40
	LAYOUT_OFF = 28
	LAYOUT_LEN = 80
	NKINDS = 20
	EXT = 1
	.include "layout.inc"
