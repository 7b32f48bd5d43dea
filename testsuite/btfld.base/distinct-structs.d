#name: same-named different structs are both kept
#source: distinct-structs-1.c
#source: distinct-structs-2.c
#ld: exec
#run: 0
#bpftool: same
#kernel: valid
[1] STRUCT 'conf' size=4 vlen=1
	'level' type_id=2 bits_offset=0
[2] INT 'int' size=4 bits_offset=0 nr_bits=32 encoding=SIGNED
[3] FUNC_PROTO '(anon)' ret_type_id=2 vlen=1
	'c' type_id=4
[4] PTR '(anon)' type_id=1
[5] FUNC 'get_level' type_id=3 linkage=global
[6] STRUCT 'conf' size=16 vlen=2
	'mask' type_id=7 bits_offset=0
	'tag' type_id=8 bits_offset=64
[7] INT 'long int' size=8 bits_offset=0 nr_bits=64 encoding=SIGNED
[8] INT 'char' size=1 bits_offset=0 nr_bits=8 encoding=SIGNED
[9] PTR '(anon)' type_id=6
[10] PTR '(anon)' type_id=0
[11] FUNC_PROTO '(anon)' ret_type_id=2 vlen=0
[12] FUNC 'main' type_id=11 linkage=global
[13] VAR 'cur' type_id=9, linkage=global
[14] DATASEC '.bss' size=16 vlen=1
	type_id=13 offset=8 size=8 (VAR 'cur')
