#name: plugin kfunc-tags=all: every set8 (Linux 6.0 to 6.8), as btf-objcopy --btf-kfunc-tags=all
#source: kfunc-sets.c
#ld: exec
#plugin-opt: kfunc-tags=all
#warning: btfld: kfunc 'kf_missing' (set 'plain_set'): no FUNC of that name, not tagged
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
[13] DECL_TAG 'bpf_kfunc' type_id=10 component_idx=-1
[14] DECL_TAG 'bpf_kfunc' type_id=11 component_idx=-1
[15] DECL_TAG 'bpf_fastcall' type_id=11 component_idx=-1
[16] DECL_TAG 'bpf_kfunc' type_id=12 component_idx=-1
