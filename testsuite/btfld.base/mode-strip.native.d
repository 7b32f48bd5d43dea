#name: -s (--strip-all): the patched ld keeps FUNCs and VARs (it takes them from its own symbol table, not the output's .symtab): the BTF of the link without -s
#source: modes-lib.c
#source: modes-main.c
#ld: exec
#ldflags: -s
#run: 2
[1] STRUCT 'counter' size=16 vlen=2
	'hits' type_id=2 bits_offset=0
	'label' type_id=5 bits_offset=64
[2] INT 'long unsigned int' size=8 bits_offset=0 nr_bits=64 encoding=(none)
[3] INT 'char' size=1 bits_offset=0 nr_bits=8 encoding=SIGNED
[4] CONST '(anon)' type_id=3
[5] PTR '(anon)' type_id=4
[6] FUNC_PROTO '(anon)' ret_type_id=2 vlen=0
[7] FUNC_PROTO '(anon)' ret_type_id=2 vlen=1
	'c' type_id=8
[8] PTR '(anon)' type_id=1
[9] FUNC 'lib_bump' type_id=6 linkage=global
[10] FUNC 'bump' type_id=7 linkage=global
[11] INT 'int' size=4 bits_offset=0 nr_bits=32 encoding=SIGNED
[12] FUNC_PROTO '(anon)' ret_type_id=11 vlen=0
[13] FUNC 'main' type_id=12 linkage=global
[14] VAR 'lib_counter' type_id=1, linkage=static
[15] DATASEC '.data' size=32 vlen=1
	type_id=14 offset=16 size=16 (VAR 'lib_counter')
