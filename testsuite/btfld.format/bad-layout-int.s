# A layout section that disagrees with the INT record's size.
	HDR_LEN = 32
	LAYOUT_OFF = 28
	LAYOUT_LEN = 80
	NKINDS = 20
	INT_INFO_SZ = 8
	.include "layout.inc"
