#name: empty enums in a relocatable link with the kernel's VAR policy
#source: empty-enums-1.c
#source: empty-enums-2.c
#ld: relocatable
#plugin-opt: vars=percpu
#warning: btfld: type [1] ENUM '(anon)': the compiler dropped its enumerators that need 64 bits; made ENUM64 with the 0 it kept
#warning: btfld: type [5] ENUM 'ee_big': the compiler dropped its enumerators that need 64 bits; made ENUM64 with the 0 it kept
#warning: btfld: type [6] ENUM 'ee_mixed': the compiler dropped its enumerators that need 64 bits; made ENUM64 with the 1 it kept
#warning: btfld: ENUM64 '(anon)' size 8: the compiler left it without enumerators (gcc 12 drops those that need more than 32 bits); dropped, nothing refers to it
#warning: btfld: ENUM '(anon)' size 4: the compiler left it without enumerators (gcc 12 drops those that need more than 32 bits); dropped, nothing refers to it
#warning: btfld: ENUM64 'ee_big' size 8: the compiler left it without enumerators (gcc 12 drops those that need more than 32 bits), and STRUCT 'ee_holder' uses it by value: made INT 'long unsigned int'
#warning: btfld: ENUM '(anon)' size 4: the compiler left it without enumerators (gcc 12 drops those that need more than 32 bits), and STRUCT 'ee_holder' uses it by value: made INT 'unsigned int'
#warning: btfld: ENUM64 '(anon)' size 8: the compiler left it without enumerators (gcc 12 drops those that need more than 32 bits), and TYPEDEF 'ee_t' uses it by value: made INT 'long unsigned int'
#bpftool: same
#kernel: valid
[1] INT 'long unsigned int' size=8 bits_offset=0 nr_bits=64 encoding=(none)
[2] INT 'unsigned int' size=4 bits_offset=0 nr_bits=32 encoding=(none)
[3] ENUM64 'ee_mixed' encoding=UNSIGNED size=8 vlen=1
	'EE_ONE' val=1ULL
[4] STRUCT 'ee_holder' size=32 vlen=4
	'field' type_id=2 bits_offset=0
	'big' type_id=1 bits_offset=64
	'big_ptr' type_id=5 bits_offset=128
	'mixed' type_id=3 bits_offset=192
[5] PTR '(anon)' type_id=1
[6] TYPEDEF 'ee_t' type_id=1
[7] FUNC_PROTO '(anon)' ret_type_id=1 vlen=1
	'x' type_id=1
[8] FUNC 'ee_flags' type_id=7 linkage=global
[9] INT 'int' size=4 bits_offset=0 nr_bits=32 encoding=SIGNED
[10] FUNC_PROTO '(anon)' ret_type_id=9 vlen=0
[11] FUNC_PROTO '(anon)' ret_type_id=9 vlen=2
	'p' type_id=13
	'b' type_id=1
[12] ENUM 'ee_fwd' encoding=UNSIGNED size=4 vlen=0
[13] PTR '(anon)' type_id=12
[14] FUNC 'main' type_id=10 linkage=global
[15] FUNC 'ee_take' type_id=11 linkage=global
