#name: plugin consistent-funcs=addr in ld -r: a section and an offset tell the statics apart; the weak sysc ld overrode has no FUNC, the strong one's does
#source: consistent-funcs-1.c
#source: consistent-funcs-2.c
#ld: relocatable
#plugin-opt: consistent-funcs=addr
[1] STRUCT 's1' size=4 vlen=1
	'a' type_id=2 bits_offset=0
[2] INT 'int' size=4 bits_offset=0 nr_bits=32 encoding=SIGNED
[3] CONST '(anon)' type_id=1
[4] CONST '(anon)' type_id=2
[5] FUNC_PROTO '(anon)' ret_type_id=2 vlen=0
[6] FUNC_PROTO '(anon)' ret_type_id=2 vlen=1
	'a' type_id=2
[7] INT 'long int' size=8 bits_offset=0 nr_bits=64 encoding=SIGNED
[8] PTR '(anon)' type_id=3
[9] PTR '(anon)' type_id=1
[10] PTR '(anon)' type_id=2
[11] PTR '(anon)' type_id=4
[12] INT 'char' size=1 bits_offset=0 nr_bits=8 encoding=SIGNED
[13] CONST '(anon)' type_id=12
[14] PTR '(anon)' type_id=13
[15] FUNC 'one' type_id=5 linkage=global
[16] FUNC 'unique' type_id=6 linkage=static
[17] STRUCT 's2' size=4 vlen=1
	'b' type_id=2 bits_offset=0
[18] FUNC_PROTO '(anon)' ret_type_id=7 vlen=1
	'regs' type_id=8
[19] PTR '(anon)' type_id=17
[20] FUNC 'main' type_id=5 linkage=global
[21] FUNC 'sysc' type_id=18 linkage=global
