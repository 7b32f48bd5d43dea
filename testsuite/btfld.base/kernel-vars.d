#name: kernel VAR policy (vars=percpu): per-CPU VARs only, anonymous types kept as pahole keeps them
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
[9] PTR '(anon)' type_id=3
[10] PTR '(anon)' type_id=7
[11] FUNC_PROTO '(anon)' ret_type_id=2 vlen=1
	'it' type_id=9
[12] ARRAY '(anon)' type_id=7 index_type_id=7 nr_elems=2
[13] FUNC 'tally' type_id=11 linkage=global
[14] VAR 'pcpu_bytes' type_id=6, linkage=global
[15] VAR 'pcpu_hits' type_id=2, linkage=global
[16] DATASEC '.data..percpu' size=12 vlen=2
	type_id=14 offset=0 size=8 (VAR 'pcpu_bytes')
	type_id=15 offset=8 size=4 (VAR 'pcpu_hits')
