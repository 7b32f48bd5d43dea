#name: btfld engine: FWDs (and gcc's enum FWD) resolve to their definitions
#source: engine-fwd-1.c
#source: engine-fwd-2.c
#ld: exec
#run: 0
#bpftool: same
#kernel: valid
[1] STRUCT 'holder' size=16 vlen=2
	'first' type_id=2 bits_offset=0
	'attr' type_id=3 bits_offset=64
[2] PTR '(anon)' type_id=4
[3] PTR '(anon)' type_id=6
[4] STRUCT 'node' size=16 vlen=2
	'value' type_id=5 bits_offset=0
	'next' type_id=2 bits_offset=64
[5] INT 'int' size=4 bits_offset=0 nr_bits=32 encoding=SIGNED
[6] ENUM 'dma_attr' encoding=UNSIGNED size=4 vlen=2
	'DMA_NONE' val=0
	'DMA_COHERENT' val=1
[7] INT 'unsigned int' size=4 bits_offset=0 nr_bits=32 encoding=(none)
[8] FUNC_PROTO '(anon)' ret_type_id=5 vlen=0
[9] FUNC 'main' type_id=8 linkage=global
[10] VAR 'the_holder' type_id=1, linkage=global
[11] VAR 'the_attr' type_id=6, linkage=global
[12] VAR 'the_node' type_id=4, linkage=global
[13] DATASEC '.bss' size=64 vlen=3
	type_id=10 offset=16 size=16 (VAR 'the_holder')
	type_id=11 offset=32 size=4 (VAR 'the_attr')
	type_id=12 offset=48 size=16 (VAR 'the_node')
