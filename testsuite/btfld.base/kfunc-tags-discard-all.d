#name: plugin kfunc-tags with -x (--discard-all): the local __BTF_ID__ symbols are gone, nothing tagged, and a warning says why
#source: kfunc-sets.c
#ld: exec
#ldflags: -Wl,-x
#plugin-opt: kfunc-tags
#warning: btfld: .BTF_ids has no __BTF_ID__ symbols (local symbols discarded: -x, --discard-all?): no kfunc set found, none tagged
#run: 0
#bpftool: same
#kernel: valid
[1] INT 'int' size=4 bits_offset=0 nr_bits=32 encoding=SIGNED
[2] FUNC_PROTO '(anon)' ret_type_id=1 vlen=0
[3] FUNC_PROTO '(anon)' ret_type_id=0 vlen=1
	'p' type_id=4
[4] PTR '(anon)' type_id=1
[5] INT 'long int' size=8 bits_offset=0 nr_bits=64 encoding=SIGNED
[6] FUNC_PROTO '(anon)' ret_type_id=5 vlen=1
	'x' type_id=5
[7] FUNC_PROTO '(anon)' ret_type_id=1 vlen=2
	'a' type_id=1
	'b' type_id=1
[8] FUNC 'main' type_id=2 linkage=global
[9] FUNC 'not_a_kfunc' type_id=2 linkage=global
[10] FUNC 'kf_plain' type_id=3 linkage=global
[11] FUNC 'kf_fast' type_id=6 linkage=global
[12] FUNC 'kf_add' type_id=7 linkage=global
