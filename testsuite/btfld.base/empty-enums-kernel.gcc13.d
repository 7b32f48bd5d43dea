#name: empty enums in a relocatable link with the kernel's VAR policy (gcc 13+: nothing is empty)
#source: empty-enums-1.c
#source: empty-enums-2.c
#ld: relocatable
#plugin-opt: vars=percpu
#bpftool: same
#kernel: valid
[1] ENUM64 '(anon)' encoding=UNSIGNED size=8 vlen=3
	'EE_MASK' val=4294967295ULL
	'EE_CPU' val=4294967295ULL
	'EE_CTX' val=4503595332403200ULL
[2] INT 'long unsigned int' size=8 bits_offset=0 nr_bits=64 encoding=(none)
[3] ENUM '(anon)' encoding=UNSIGNED size=4 vlen=1
	'EE_HIGH' val=2147483648
[4] INT 'unsigned int' size=4 bits_offset=0 nr_bits=32 encoding=(none)
[5] ENUM64 'ee_big' encoding=UNSIGNED size=8 vlen=1
	'EE_BIG' val=1099511627776ULL
[6] ENUM64 'ee_mixed' encoding=UNSIGNED size=8 vlen=2
	'EE_ONE' val=1ULL
	'EE_WIDE' val=1099511627776ULL
[7] ENUM '(anon)' encoding=UNSIGNED size=4 vlen=1
	'EE_FIELD' val=4294967295
[8] STRUCT 'ee_holder' size=32 vlen=4
	'field' type_id=7 bits_offset=0
	'big' type_id=5 bits_offset=64
	'big_ptr' type_id=9 bits_offset=128
	'mixed' type_id=6 bits_offset=192
[9] PTR '(anon)' type_id=5
[10] ENUM64 '(anon)' encoding=UNSIGNED size=8 vlen=1
	'EE_T' val=2199023255552ULL
[11] TYPEDEF 'ee_t' type_id=10
[12] FUNC_PROTO '(anon)' ret_type_id=2 vlen=1
	'x' type_id=2
[13] FUNC 'ee_flags' type_id=12 linkage=global
[14] INT 'int' size=4 bits_offset=0 nr_bits=32 encoding=SIGNED
[15] FUNC_PROTO '(anon)' ret_type_id=14 vlen=0
[16] FUNC_PROTO '(anon)' ret_type_id=14 vlen=2
	'p' type_id=18
	'b' type_id=5
[17] ENUM 'ee_fwd' encoding=UNSIGNED size=4 vlen=0
[18] PTR '(anon)' type_id=17
[19] FUNC 'main' type_id=15 linkage=global
[20] FUNC 'ee_take' type_id=16 linkage=global
