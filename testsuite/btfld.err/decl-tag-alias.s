# The fixups keep one VAR per address (a, the first), and b's tag must
# go with b (it used to stay, tagging type 0).
	TAG_TYPE = 3
	TAG_IDX = -1
	.include "decl-tag.inc"
