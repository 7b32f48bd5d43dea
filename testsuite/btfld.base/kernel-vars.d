#name: kernel VAR policy (vars=percpu): per-CPU VARs only, anonymous types kept as pahole keeps them, index type for unsized arrays
#source: kernel-vars.c
#ld: relocatable
#plugin-opt: vars=percpu
#bpftool: same
#kernel: valid
[1] STRUCT 'item' size=4 vlen=1
	'id' type_id=2 bits_offset=0
[2] INT 'int' size=4 bits_offset=0 nr_bits=32 encoding=SIGNED
[3] CONST '(anon)' type_id=1
[4] ENUM '(anon)' encoding=UNSIGNED size=4 vlen=2
	'LIMIT_LOW' val=1
	'LIMIT_HIGH' val=9
[5] INT 'unsigned int' size=4 bits_offset=0 nr_bits=32 encoding=(none)
[6] INT 'long int' size=8 bits_offset=0 nr_bits=64 encoding=SIGNED
[7] INT 'long unsigned int' size=8 bits_offset=0 nr_bits=64 encoding=(none)
[8] ARRAY '(anon)' type_id=2 index_type_id=7 nr_elems=3
[9] INT 'char' size=1 bits_offset=0 nr_bits=8 encoding=SIGNED
[10] CONST '(anon)' type_id=9
[11] ARRAY '(anon)' type_id=10 index_type_id=7 nr_elems=0
[12] CONST '(anon)' type_id=11
[13] PTR '(anon)' type_id=3
[14] PTR '(anon)' type_id=7
[15] PTR '(anon)' type_id=10
[16] FUNC_PROTO '(anon)' ret_type_id=15 vlen=0
[17] FUNC_PROTO '(anon)' ret_type_id=2 vlen=1
	'it' type_id=13
[18] ARRAY '(anon)' type_id=7 index_type_id=7 nr_elems=2
[19] FUNC 'greeting' type_id=16 linkage=global
[20] FUNC 'tally' type_id=17 linkage=global
[21] VAR 'pcpu_bytes' type_id=6, linkage=global
[22] VAR 'pcpu_hits' type_id=2, linkage=global
[23] DATASEC '.data..percpu' size=12 vlen=2
	type_id=21 offset=0 size=8 (VAR 'pcpu_bytes')
	type_id=22 offset=8 size=4 (VAR 'pcpu_hits')
