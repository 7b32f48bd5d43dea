#name: libbpf dedup with gcc 14+'s forward enum (ENUM size 0, no raw FWD to crash on): resolved to its definition
#source: engine-fwd-1.c
#source: engine-fwd-2.c
#ld: exec
#plugin-opt: engine=libbpf
#plugin-opt: no-fixups
[1] STRUCT 'holder' size=16 vlen=2
	'first' type_id=2 bits_offset=0
	'attr' type_id=3 bits_offset=64
[2] PTR '(anon)' type_id=6
[3] PTR '(anon)' type_id=8
[4] VAR 'the_holder' type_id=1, linkage=global
[5] DATASEC '.bss' size=0 vlen=1
	type_id=4 offset=0 size=16 (VAR 'the_holder')
[6] STRUCT 'node' size=16 vlen=2
	'value' type_id=7 bits_offset=0
	'next' type_id=2 bits_offset=64
[7] INT 'int' size=4 bits_offset=0 nr_bits=32 encoding=SIGNED
[8] ENUM 'dma_attr' encoding=UNSIGNED size=4 vlen=2
	'DMA_NONE' val=0
	'DMA_COHERENT' val=1
[9] INT 'unsigned int' size=4 bits_offset=0 nr_bits=32 encoding=(none)
[10] FUNC_PROTO '(anon)' ret_type_id=7 vlen=0
[11] VAR 'the_attr' type_id=8, linkage=global
[12] VAR 'the_node' type_id=6, linkage=global
[13] FUNC 'main' type_id=10 linkage=global
[14] DATASEC '.bss' size=0 vlen=2
	type_id=11 offset=0 size=4 (VAR 'the_attr')
	type_id=12 offset=0 size=16 (VAR 'the_node')
