# A layout section overlapping the type section.
	HDR_LEN = 32
	LAYOUT_OFF = 0
	LAYOUT_LEN = 80
	NKINDS = 20
	.include "layout.inc"
