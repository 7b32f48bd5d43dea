#name: a link mixing gcc 15 BTF (real linkage, C23 unnamed parameters, ENUM size 0) with this compiler's: each object fixed for its own compiler
#source: mixed-gcc15.s
#source: mixed-gcc12.c
#ld: exec
#run: 0
#bpftool: same
#kernel: valid
#warning: btfld: type [13] FUNC 'c23_def': a parameter has no name, which the kernel refuses; no FUNC for it
[1] STRUCT 'with_fwd' size=16 vlen=2
	'p' type_id=3 bits_offset=0
	'n' type_id=4 bits_offset=64
[2] ENUM 'later' encoding=UNSIGNED size=4 vlen=0
[3] PTR '(anon)' type_id=2
[4] INT 'int' size=4 bits_offset=0 nr_bits=32 encoding=SIGNED
[5] FUNC_PROTO '(anon)' ret_type_id=4 vlen=0
[6] FUNC 'g15_entry' type_id=5 linkage=global
[7] INT 'char' size=1 bits_offset=0 nr_bits=8 encoding=SIGNED
[8] FUNC_PROTO '(anon)' ret_type_id=4 vlen=1
	'a' type_id=4
[9] FUNC 'main' type_id=5 linkage=global
[10] FUNC 'ext_fn' type_id=8 linkage=global
[11] VAR 'tag' type_id=7, linkage=global
[12] VAR 'wf' type_id=1, linkage=global
[13] DATASEC '.data' size=17 vlen=1
	type_id=11 offset=16 size=1 (VAR 'tag')
[14] DATASEC '.bss' size=32 vlen=1
	type_id=12 offset=16 size=16 (VAR 'wf')
