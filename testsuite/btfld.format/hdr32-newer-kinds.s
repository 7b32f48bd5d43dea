# A layout section describing 3 kinds more than btfld knows.
	HDR_LEN = 32
	LAYOUT_OFF = 28
	LAYOUT_LEN = 92
	NKINDS = 23
	.include "layout.inc"
