#name: archive link
#source: modes-main.c
#source: modes-lib.c
#ld: archive
#run: 2
#bpftool: same
#kernel: valid
[1] INT 'long unsigned int' size=8 bits_offset=0 nr_bits=64 encoding=(none)
[2] INT 'char' size=1 bits_offset=0 nr_bits=8 encoding=SIGNED
[3] INT 'int' size=4 bits_offset=0 nr_bits=32 encoding=SIGNED
[4] FUNC_PROTO '(anon)' ret_type_id=3 vlen=0
[5] FUNC 'main' type_id=4 linkage=global
[6] STRUCT 'counter' size=16 vlen=2
	'hits' type_id=1 bits_offset=0
	'label' type_id=8 bits_offset=64
[7] CONST '(anon)' type_id=2
[8] PTR '(anon)' type_id=7
[9] FUNC_PROTO '(anon)' ret_type_id=1 vlen=0
[10] FUNC_PROTO '(anon)' ret_type_id=1 vlen=1
	'c' type_id=11
[11] PTR '(anon)' type_id=6
[12] FUNC 'lib_bump' type_id=9 linkage=global
[13] FUNC 'bump' type_id=10 linkage=global
[14] VAR 'lib_counter' type_id=6, linkage=static
[15] DATASEC '.data' size=32 vlen=1
	type_id=14 offset=16 size=16 (VAR 'lib_counter')
