#name: typedef, const, volatile, array, func proto, enum, union, bitfields
#source: kinds.c
#ld: exec
#run: 0
#bpftool: same
#kernel: valid
[1] INT 'unsigned int' size=4 bits_offset=0 nr_bits=32 encoding=(none)
[2] TYPEDEF 'u32' type_id=1
[3] CONST '(anon)' type_id=2
[4] VOLATILE '(anon)' type_id=3
[5] TYPEDEF 'cv_u32' type_id=4
[6] ENUM 'color' encoding=UNSIGNED size=4 vlen=3
	'RED' val=0
	'GREEN' val=5
	'BLUE' val=4294967295
[7] INT 'int' size=4 bits_offset=0 nr_bits=32 encoding=SIGNED
[8] UNION 'num' size=8 vlen=3
	'i' type_id=7 bits_offset=0
	'f' type_id=9 bits_offset=0
	'd' type_id=10 bits_offset=0
[9] FLOAT 'float' size=4
[10] FLOAT 'double' size=8
[11] STRUCT 'flags' size=4 vlen=4
	'a' type_id=1 bits_offset=0 bitfield_size=3
	'b' type_id=1 bits_offset=3 bitfield_size=5
	'c' type_id=7 bits_offset=8 bitfield_size=12
	'tail' type_id=12 bits_offset=24
[12] INT 'unsigned char' size=1 bits_offset=0 nr_bits=8 encoding=(none)
[13] STRUCT 'all' size=112 vlen=10
	'id' type_id=2 bits_offset=0
	'ro' type_id=14 bits_offset=64
	'name' type_id=17 bits_offset=128
	'grid' type_id=19 bits_offset=256
	'color' type_id=6 bits_offset=448
	'num' type_id=8 bits_offset=512
	'flags' type_id=11 bits_offset=576
	'callback' type_id=24 bits_offset=640
	'raw' type_id=26 bits_offset=704
	'ld' type_id=27 bits_offset=768
[14] PTR '(anon)' type_id=5
[15] INT 'char' size=1 bits_offset=0 nr_bits=8 encoding=SIGNED
[16] INT 'long unsigned int' size=8 bits_offset=0 nr_bits=64 encoding=(none)
[17] ARRAY '(anon)' type_id=15 index_type_id=16 nr_elems=16
[18] ARRAY '(anon)' type_id=7 index_type_id=16 nr_elems=3
[19] ARRAY '(anon)' type_id=18 index_type_id=16 nr_elems=2
[20] FUNC_PROTO '(anon)' ret_type_id=7 vlen=2
	'(anon)' type_id=21
	'(anon)' type_id=23
[21] PTR '(anon)' type_id=13
[22] CONST '(anon)' type_id=15
[23] PTR '(anon)' type_id=22
[24] PTR '(anon)' type_id=20
[25] PTR '(anon)' type_id=0
[26] RESTRICT '(anon)' type_id=25
[27] FLOAT 'long double' size=16
[28] FUNC_PROTO '(anon)' ret_type_id=7 vlen=0
[29] FUNC_PROTO '(anon)' ret_type_id=7 vlen=2
	'a' type_id=21
	'(anon)' type_id=0
[30] FUNC 'main' type_id=28 linkage=global
[31] FUNC 'use' type_id=29 linkage=global
[32] VAR 'g_all' type_id=13, linkage=global
[33] DATASEC '.bss' size=144 vlen=1
	type_id=32 offset=32 size=112 (VAR 'g_all')
