#name: btf-objcopy --btf-features on a relocatable link of the clones
#clones-plugin: yes
#source: clones.c
#source: main.c
#source: mv.c
#source: unchanged.c
#ld: relocatable
#plugin: no
#objcopy: --btf-dedup --btf-features=optimized_func,true_signature
#kernel: valid
[1] STRUCT 'big' size=48 vlen=6
	'a' type_id=2 bits_offset=0
	'b' type_id=2 bits_offset=64
	'c' type_id=2 bits_offset=128
	'd' type_id=2 bits_offset=192
	'e' type_id=2 bits_offset=256
	'f' type_id=2 bits_offset=320
[2] INT 'long int' size=8 bits_offset=0 nr_bits=64 encoding=SIGNED
[3] CONST '(anon)' type_id=1
[4] INT 'int' size=4 bits_offset=0 nr_bits=32 encoding=SIGNED
[5] FUNC_PROTO '(anon)' ret_type_id=4 vlen=2
	'(anon)' type_id=4
	'(anon)' type_id=4
[6] PTR '(anon)' type_id=5
[7] PTR '(anon)' type_id=4
[8] INT 'char' size=1 bits_offset=0 nr_bits=8 encoding=SIGNED
[9] CONST '(anon)' type_id=8
[10] PTR '(anon)' type_id=9
[11] FUNC_PROTO '(anon)' ret_type_id=4 vlen=3
	'x' type_id=4
	'buf' type_id=7
	'bp' type_id=12
[12] PTR '(anon)' type_id=3
[13] FUNC_PROTO '(anon)' ret_type_id=4 vlen=2
	'x' type_id=4
	'p' type_id=7
[14] FUNC_PROTO '(anon)' ret_type_id=2 vlen=2
	'a' type_id=2
	'b' type_id=2
[15] FUNC_PROTO '(anon)' ret_type_id=4 vlen=2
	'x' type_id=4
	'k' type_id=4
[16] FUNC 'clones_run' type_id=11 linkage=global
[17] FUNC 'hot_cold' type_id=13 linkage=global
[18] FUNC 'twin_static' type_id=14 linkage=static
[19] FUNC 'twin_global' type_id=14 linkage=global
[20] FUNC 'global_cp' type_id=15 linkage=global
[21] FUNC 'cp_some' type_id=15 linkage=static
[22] INT 'long unsigned int' size=8 bits_offset=0 nr_bits=64 encoding=(none)
[23] ARRAY '(anon)' type_id=1 index_type_id=22 nr_elems=3
[24] FUNC_PROTO '(anon)' ret_type_id=4 vlen=0
[25] ARRAY '(anon)' type_id=4 index_type_id=22 nr_elems=16
[26] FUNC_PROTO '(anon)' ret_type_id=0 vlen=2
	'msg' type_id=10
	'v' type_id=4
[27] FUNC_PROTO '(anon)' ret_type_id=0 vlen=2
	'p' type_id=7
	'n' type_id=4
[28] FUNC 'main' type_id=24 linkage=global
[29] FUNC 'report' type_id=26 linkage=global
[30] FUNC 'expensive' type_id=27 linkage=global
[31] CONST '(anon)' type_id=4
[32] PTR '(anon)' type_id=31
[33] STRUCT 'cfg' size=8 vlen=2
	'mul' type_id=4 bits_offset=0
	'add' type_id=4 bits_offset=32
[34] CONST '(anon)' type_id=33
[35] FUNC_PROTO '(anon)' ret_type_id=0 vlen=1
	'c' type_id=36
[36] PTR '(anon)' type_id=34
[37] FUNC_PROTO '(anon)' ret_type_id=4 vlen=1
	'x' type_id=4
[38] FUNC_PROTO '(anon)' ret_type_id=4 vlen=2
	'c' type_id=36
	'x' type_id=4
[39] FUNC_PROTO '(anon)' ret_type_id=4 vlen=3
	'n' type_id=4
	'k' type_id=4
	'(anon)' type_id=0
[40] STRUCT '__va_list_tag' size=24 vlen=4
	'gp_offset' type_id=41 bits_offset=0
	'fp_offset' type_id=41 bits_offset=32
	'overflow_arg_area' type_id=42 bits_offset=64
	'reg_save_area' type_id=42 bits_offset=128
[41] INT 'unsigned int' size=4 bits_offset=0 nr_bits=32 encoding=(none)
[42] PTR '(anon)' type_id=0
[43] ARRAY '(anon)' type_id=40 index_type_id=22 nr_elems=1
[44] TYPEDEF '__builtin_va_list' type_id=43
[45] FUNC 'use_cfg' type_id=35 linkage=global
[46] FUNC 'unchanged_run' type_id=37 linkage=global
[47] FUNC 'agg' type_id=38 linkage=static
[48] FUNC 'vsum' type_id=39 linkage=static
[49] VAR 'shared' type_id=23, linkage=static
[50] VAR 'sink' type_id=4, linkage=global
[51] VAR 'calls' type_id=4, linkage=static
[52] VAR 'cp_some_ptr' type_id=6, linkage=global
[53] DATASEC '.data' size=144 vlen=1
	type_id=49 offset=0 size=144 (VAR 'shared')
[54] DATASEC '.bss' size=8 vlen=2
	type_id=50 offset=0 size=4 (VAR 'sink')
	type_id=51 offset=4 size=4 (VAR 'calls')
[55] DATASEC '.data.rel.local' size=8 vlen=1
	type_id=52 offset=0 size=8 (VAR 'cp_some_ptr')
[56] FUNC_PROTO '(anon)' ret_type_id=4 vlen=2
	'p' type_id=7
	'n' type_id=4
[57] FUNC 'partial.part.0' type_id=56 linkage=static
[58] FUNC 'cp_all' type_id=37 linkage=static
[59] FUNC 'cp_all.constprop.0' type_id=37 linkage=static
[60] FUNC_PROTO '(anon)' ret_type_id=0 vlen=2
	'out' type_id=7
	'n' type_id=4
[61] FUNC 'unused_result' type_id=60 linkage=static
[62] FUNC 'unused_result.isra.0' type_id=60 linkage=static
[63] FUNC_PROTO '(anon)' ret_type_id=4 vlen=2
	'x' type_id=4
	'y' type_id=4
[64] FUNC 'unused_arg.isra.0' type_id=63 linkage=static
[65] FUNC_PROTO '(anon)' ret_type_id=4 vlen=2
	'p' type_id=32
	'n' type_id=4
[66] FUNC 'mv_sum.avx2' type_id=65 linkage=static
[67] FUNC 'agg.constprop.0' type_id=38 linkage=static
[68] FUNC 'vsum.constprop.0' type_id=39 linkage=static
