# A 28-byte header: layout_off only, layout_len missing (zero).
	HDR_LEN = 28
	LAYOUT_OFF = 0
	LAYOUT_LEN = 0
	NKINDS = 0
	.include "layout.inc"
