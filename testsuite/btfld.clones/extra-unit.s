# The records of a compilation unit that has no .BTF: in a linked
# file, its unit line leaves the units and the blobs unpaired.
	.section .btfld.clones,"",@progbits
	.ascii	"v1 unit extra-unit.c\n"
	.ascii	"v1 twin_global.isra.0 twin_global clone same n 2 0,1\n"
