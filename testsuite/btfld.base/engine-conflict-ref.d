#name: btfld engine: definitions conflicting only through what they refer to; a declaration of the name stays one (second round)
#source: engine-conflict-ref-1.c
#source: engine-conflict-ref-2.c
#source: engine-conflict-ref-3.c
#ld: exec
#run: 0
#bpftool: same
#kernel: valid
[1] STRUCT 'inner' size=4 vlen=1
	'x' type_id=2 bits_offset=0
[2] INT 'int' size=4 bits_offset=0 nr_bits=32 encoding=SIGNED
[3] STRUCT 'foo' size=8 vlen=1
	'p' type_id=4 bits_offset=0
[4] PTR '(anon)' type_id=1
[5] STRUCT 'inner' size=8 vlen=1
	'y' type_id=6 bits_offset=0
[6] INT 'long int' size=8 bits_offset=0 nr_bits=64 encoding=SIGNED
[7] STRUCT 'foo' size=8 vlen=1
	'p' type_id=8 bits_offset=0
[8] PTR '(anon)' type_id=5
[9] STRUCT 'user' size=8 vlen=1
	'f' type_id=11 bits_offset=0
[10] FWD 'foo' fwd_kind=struct
[11] PTR '(anon)' type_id=10
[12] FUNC_PROTO '(anon)' ret_type_id=2 vlen=0
[13] FUNC 'main' type_id=12 linkage=global
[14] VAR 'foo1' type_id=3, linkage=global
[15] VAR 'foo2' type_id=7, linkage=global
[16] VAR 'u' type_id=9, linkage=global
[17] DATASEC '.bss' size=32 vlen=3
	type_id=14 offset=8 size=8 (VAR 'foo1')
	type_id=15 offset=16 size=8 (VAR 'foo2')
	type_id=16 offset=24 size=8 (VAR 'u')
