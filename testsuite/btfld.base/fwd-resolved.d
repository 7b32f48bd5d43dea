#name: a forward declaration is resolved by the full definition
#source: fwd-resolved-1.c
#source: fwd-resolved-2.c
#ld: exec
#run: 0
#bpftool: same
#kernel: valid
[1] STRUCT 'list' size=16 vlen=2
	'head' type_id=2 bits_offset=0
	'len' type_id=3 bits_offset=64
[2] PTR '(anon)' type_id=4
[3] INT 'int' size=4 bits_offset=0 nr_bits=32 encoding=SIGNED
[4] STRUCT 'node' size=16 vlen=2
	'value' type_id=3 bits_offset=0
	'next' type_id=2 bits_offset=64
[5] FUNC_PROTO '(anon)' ret_type_id=3 vlen=0
[6] FUNC 'main' type_id=5 linkage=global
[7] VAR 'the_list' type_id=1, linkage=global
[8] DATASEC '.bss' size=32 vlen=1
	type_id=7 offset=16 size=16 (VAR 'the_list')
