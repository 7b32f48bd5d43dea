# A DECL_TAG with a component index on a VAR: the kernel refuses it.
	TAG_TYPE = 3
	TAG_IDX = 0
	.include "decl-tag.inc"
