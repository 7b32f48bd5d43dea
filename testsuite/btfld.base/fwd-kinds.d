#name: gcc fixups: forward declarations never defined (FWD type field, forward enum)
#source: fwd-kinds.c
#ld: exec
#run: 0
#bpftool: same
#kernel: valid
[1] STRUCT 'ops' size=8 vlen=1
	'check' type_id=9 bits_offset=0
[2] INT 'int' size=4 bits_offset=0 nr_bits=32 encoding=SIGNED
[3] FUNC_PROTO '(anon)' ret_type_id=2 vlen=3
	'(anon)' type_id=5
	'(anon)' type_id=7
	'(anon)' type_id=8
[4] FWD 'opaque' fwd_kind=struct
[5] PTR '(anon)' type_id=4
[6] FWD 'opaque_u' fwd_kind=union
[7] PTR '(anon)' type_id=6
[8] ENUM 'stage' encoding=UNSIGNED size=4 vlen=0
[9] PTR '(anon)' type_id=3
[10] FUNC_PROTO '(anon)' ret_type_id=2 vlen=0
[11] FUNC 'main' type_id=10 linkage=global
[12] VAR 'the_ops' type_id=1, linkage=global
[13] DATASEC '.bss' size=16 vlen=1
	type_id=12 offset=8 size=8 (VAR 'the_ops')
