# A layout section past the end of the blob.
	HDR_LEN = 32
	LAYOUT_OFF = 300
	LAYOUT_LEN = 80
	NKINDS = 20
	.include "layout.inc"
