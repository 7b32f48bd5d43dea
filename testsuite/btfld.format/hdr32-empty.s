# A 32-byte header without a layout section.
	HDR_LEN = 32
	LAYOUT_OFF = 0
	LAYOUT_LEN = 0
	NKINDS = 0
	.include "layout.inc"
