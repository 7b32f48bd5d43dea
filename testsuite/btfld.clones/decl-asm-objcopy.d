#name: btf-objcopy: the declaration's FUNC for an assembly function
#source: decl-use.c
#source: decl-def.c
#source: decl-nobtf.c -g0
#source: decl-asm.s
#ld: exec
#plugin: no
#objcopy: --btf-dedup
#run: 0
[1] INT 'long unsigned int' size=8 bits_offset=0 nr_bits=64 encoding=(none)
[2] TYPEDEF 'size_t' type_id=1
[3] STRUCT 'pair' size=8 vlen=2
	'a' type_id=4 bits_offset=0
	'b' type_id=4 bits_offset=32
[4] INT 'int' size=4 bits_offset=0 nr_bits=32 encoding=SIGNED
[5] INT 'long int' size=8 bits_offset=0 nr_bits=64 encoding=SIGNED
[6] FUNC_PROTO '(anon)' ret_type_id=5 vlen=1
	'(anon)' type_id=5
[7] PTR '(anon)' type_id=6
[8] FUNC_PROTO '(anon)' ret_type_id=4 vlen=1
	'(anon)' type_id=4
[9] PTR '(anon)' type_id=8
[10] FUNC_PROTO '(anon)' ret_type_id=4 vlen=1
	'arg0' type_id=13
[11] INT 'char' size=1 bits_offset=0 nr_bits=8 encoding=SIGNED
[12] CONST '(anon)' type_id=11
[13] PTR '(anon)' type_id=12
[14] PTR '(anon)' type_id=3
[15] FUNC_PROTO '(anon)' ret_type_id=4 vlen=2
	'arg0' type_id=4
	'(anon)' type_id=0
[16] FUNC_PROTO '(anon)' ret_type_id=4 vlen=0
[17] PTR '(anon)' type_id=0
[18] FUNC_PROTO '(anon)' ret_type_id=17 vlen=3
	'arg0' type_id=17
	'arg1' type_id=20
	'arg2' type_id=2
[19] CONST '(anon)' type_id=0
[20] PTR '(anon)' type_id=19
[21] FUNC_PROTO '(anon)' ret_type_id=5 vlen=1
	'arg0' type_id=5
[22] ARRAY '(anon)' type_id=11 index_type_id=1 nr_elems=4
[23] FUNC 'c_nobtf' type_id=10 linkage=global
[24] FUNC 'asm_sum' type_id=15 linkage=global
[25] FUNC 'asm_noargs' type_id=16 linkage=global
[26] FUNC 'asm_copy' type_id=18 linkage=global
[27] FUNC 'asm_twice' type_id=21 linkage=global
[28] FUNC 'main' type_id=16 linkage=global
[29] FUNC_PROTO '(anon)' ret_type_id=4 vlen=2
	'a' type_id=4
	'b' type_id=4
[30] FUNC 'c_defined' type_id=29 linkage=global
[31] VAR 'datum_ptr' type_id=9, linkage=global
[32] VAR 'label_ptr' type_id=9, linkage=global
[33] VAR 'twice_ptr' type_id=7, linkage=global
[34] DATASEC '.data' size=44 vlen=3
	type_id=31 offset=16 size=8 (VAR 'datum_ptr')
	type_id=32 offset=24 size=8 (VAR 'label_ptr')
	type_id=33 offset=32 size=8 (VAR 'twice_ptr')
