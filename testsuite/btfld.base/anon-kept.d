#name: anonymous types are kept with the default VAR policy; a declared function's prototype goes
#source: anon-kept.c
#ld: relocatable
#bpftool: same
#kernel: valid
[1] ENUM '(anon)' encoding=UNSIGNED size=4 vlen=2
	'ANON_ANY' val=0
	'ANON_EXIST' val=2
[2] INT 'unsigned int' size=4 bits_offset=0 nr_bits=32 encoding=(none)
[3] STRUCT 'opaque_arg' size=4 vlen=1
	'v' type_id=4 bits_offset=0
[4] INT 'int' size=4 bits_offset=0 nr_bits=32 encoding=SIGNED
[5] CONST '(anon)' type_id=3
[6] PTR '(anon)' type_id=5
[7] INT 'long unsigned int' size=8 bits_offset=0 nr_bits=64 encoding=(none)
[8] FUNC_PROTO '(anon)' ret_type_id=4 vlen=0
[9] FUNC 'use' type_id=8 linkage=global
