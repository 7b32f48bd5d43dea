#name: multi-dimensional arrays in source order (gcc 12, 13 reversed them)
#source: md-arrays.c
#ld: exec
#run: 0
#bpftool: same
#kernel: valid
[1] STRUCT 'grid' size=56 vlen=3
	'cell' type_id=5 bits_offset=0
	'row' type_id=7 bits_offset=288
	'next' type_id=9 bits_offset=384
[2] INT 'char' size=1 bits_offset=0 nr_bits=8 encoding=SIGNED
[3] INT 'long unsigned int' size=8 bits_offset=0 nr_bits=64 encoding=(none)
[4] ARRAY '(anon)' type_id=2 index_type_id=3 nr_elems=7
[5] ARRAY '(anon)' type_id=4 index_type_id=3 nr_elems=5
[6] INT 'short int' size=2 bits_offset=0 nr_bits=16 encoding=SIGNED
[7] ARRAY '(anon)' type_id=6 index_type_id=3 nr_elems=3
[8] FWD 'opaque' fwd_kind=struct
[9] PTR '(anon)' type_id=8
[10] INT 'int' size=4 bits_offset=0 nr_bits=32 encoding=SIGNED
[11] ARRAY '(anon)' type_id=10 index_type_id=3 nr_elems=4
[12] ARRAY '(anon)' type_id=11 index_type_id=3 nr_elems=3
[13] ARRAY '(anon)' type_id=12 index_type_id=3 nr_elems=2
[14] INT 'long int' size=8 bits_offset=0 nr_bits=64 encoding=SIGNED
[15] ARRAY '(anon)' type_id=14 index_type_id=3 nr_elems=6
[16] FUNC_PROTO '(anon)' ret_type_id=10 vlen=0
[17] FUNC 'main' type_id=16 linkage=global
[18] VAR 'g' type_id=1, linkage=global
[19] VAR 'flat' type_id=15, linkage=global
[20] VAR 'cube' type_id=13, linkage=global
[21] DATASEC '.bss' size=256 vlen=3
	type_id=18 offset=32 size=56 (VAR 'g')
	type_id=19 offset=96 size=48 (VAR 'flat')
	type_id=20 offset=160 size=96 (VAR 'cube')
