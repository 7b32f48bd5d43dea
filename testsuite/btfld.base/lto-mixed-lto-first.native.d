#name: lto link of LTO and non-LTO objects, the LTO object first: the patched ld gives the types in the output's section order (the LTO object's first), the plugin in claim order (the plain object's first, then what LTO compiled)
#source: lto-mixed-lib.c -flto
#source: lto-mixed-main.c
#ldflags: -flto -gbtf -O2
#ld: exec
#run: 3
#kernel: valid
[1] STRUCT 'counter' size=16 vlen=2
	'hits' type_id=2 bits_offset=0
	'label' type_id=5 bits_offset=64
[2] INT 'long unsigned int' size=8 bits_offset=0 nr_bits=64 encoding=(none)
[3] INT 'char' size=1 bits_offset=0 nr_bits=8 encoding=SIGNED
[4] CONST '(anon)' type_id=3
[5] PTR '(anon)' type_id=4
[6] FUNC_PROTO '(anon)' ret_type_id=2 vlen=1
	'c' type_id=7
[7] PTR '(anon)' type_id=1
[8] FUNC 'lib_bump' type_id=6 linkage=global
[9] INT 'int' size=4 bits_offset=0 nr_bits=32 encoding=SIGNED
[10] FUNC_PROTO '(anon)' ret_type_id=9 vlen=0
[11] FUNC 'main' type_id=10 linkage=global
[12] VAR 'lib_counter' type_id=1, linkage=static
[13] VAR 'main_counter' type_id=1, linkage=global
[14] DATASEC '.data' size=48 vlen=2
	type_id=12 offset=16 size=16 (VAR 'lib_counter')
	type_id=13 offset=32 size=16 (VAR 'main_counter')
