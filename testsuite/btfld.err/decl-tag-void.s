# A DECL_TAG on type 0 (void): the kernel refuses it.
	TAG_TYPE = 0
	TAG_IDX = -1
	.include "decl-tag.inc"
