# A layout section of a length not a multiple of its records.
	HDR_LEN = 32
	LAYOUT_OFF = 28
	LAYOUT_LEN = 78
	NKINDS = 20
	.include "layout.inc"
