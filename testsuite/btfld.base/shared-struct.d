#name: two CUs sharing a struct give one struct
#source: shared-struct-1.c
#source: shared-struct-2.c
#ld: exec
#run: 3
#bpftool: same
#kernel: valid
[1] STRUCT 'point' size=8 vlen=2
	'x' type_id=2 bits_offset=0
	'y' type_id=2 bits_offset=32
[2] INT 'int' size=4 bits_offset=0 nr_bits=32 encoding=SIGNED
[3] FUNC_PROTO '(anon)' ret_type_id=2 vlen=1
	'p' type_id=4
[4] PTR '(anon)' type_id=1
[5] FUNC 'norm1' type_id=3 linkage=global
[6] FUNC_PROTO '(anon)' ret_type_id=2 vlen=0
[7] FUNC 'main' type_id=6 linkage=global
