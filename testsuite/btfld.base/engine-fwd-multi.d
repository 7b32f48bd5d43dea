#name: btfld engine: a declaration in an object with two definitions of its name stays one (ld -r output)
#source: engine-fwd-multi-1.c
#source: engine-fwd-multi-2.c
#source: engine-fwd-multi-3.c
#source: engine-fwd-multi-4.c
#ld: relocatable-exec
#run: 0
#bpftool: same
#kernel: valid
[1] STRUCT 'foo' size=4 vlen=1
	'a' type_id=2 bits_offset=0
[2] INT 'int' size=4 bits_offset=0 nr_bits=32 encoding=SIGNED
[3] STRUCT 'foo' size=8 vlen=1
	'b' type_id=4 bits_offset=0
[4] INT 'long int' size=8 bits_offset=0 nr_bits=64 encoding=SIGNED
[5] STRUCT 'user' size=8 vlen=1
	'f' type_id=7 bits_offset=0
[6] FWD 'foo' fwd_kind=struct
[7] PTR '(anon)' type_id=6
[8] FUNC_PROTO '(anon)' ret_type_id=2 vlen=0
[9] FUNC 'main' type_id=8 linkage=global
[10] VAR 'foo1' type_id=1, linkage=global
[11] VAR 'foo2' type_id=3, linkage=global
[12] VAR 'u' type_id=5, linkage=global
[13] DATASEC '.bss' size=32 vlen=3
	type_id=10 offset=8 size=4 (VAR 'foo1')
	type_id=11 offset=16 size=8 (VAR 'foo2')
	type_id=12 offset=24 size=8 (VAR 'u')
