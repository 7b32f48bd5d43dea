#name: btf-objcopy --btf-consistent-funcs: one FUNC per name, none for differing prototypes
#source: consistent-funcs-1.c
#source: consistent-funcs-2.c
#ld: exec
#plugin: no
#run: 0
#objcopy: --btf-dedup --btf-consistent-funcs
#bpftool: same
#kernel: valid
[1] STRUCT 's1' size=4 vlen=1
	'a' type_id=2 bits_offset=0
[2] INT 'int' size=4 bits_offset=0 nr_bits=32 encoding=SIGNED
[3] CONST '(anon)' type_id=1
[4] CONST '(anon)' type_id=2
[5] FUNC_PROTO '(anon)' ret_type_id=2 vlen=0
[6] FUNC_PROTO '(anon)' ret_type_id=2 vlen=1
	'a' type_id=2
[7] INT 'long int' size=8 bits_offset=0 nr_bits=64 encoding=SIGNED
[8] FUNC_PROTO '(anon)' ret_type_id=7 vlen=1
	'__unused' type_id=9
[9] PTR '(anon)' type_id=3
[10] PTR '(anon)' type_id=1
[11] PTR '(anon)' type_id=2
[12] FUNC_PROTO '(anon)' ret_type_id=2 vlen=1
	'p' type_id=13
[13] PTR '(anon)' type_id=4
[14] FUNC_PROTO '(anon)' ret_type_id=2 vlen=2
	'a' type_id=2
	'p' type_id=17
[15] INT 'char' size=1 bits_offset=0 nr_bits=8 encoding=SIGNED
[16] CONST '(anon)' type_id=15
[17] PTR '(anon)' type_id=16
[18] FUNC 'one' type_id=5 linkage=global
[19] FUNC 'unique' type_id=6 linkage=static
[20] FUNC 'sysc' type_id=8 linkage=global
[21] FUNC 'constness' type_id=12 linkage=static
[22] FUNC 'same' type_id=14 linkage=static
[23] STRUCT 's2' size=4 vlen=1
	'b' type_id=2 bits_offset=0
[24] PTR '(anon)' type_id=23
[25] FUNC 'main' type_id=5 linkage=global
