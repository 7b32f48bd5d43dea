# Kernel 7.x header (32 bytes), layout section between types and strings.
	HDR_LEN = 32
	LAYOUT_OFF = 28
	LAYOUT_LEN = 80
	NKINDS = 20
	.include "layout.inc"
