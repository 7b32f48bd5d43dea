#name: gcc fixups: linkage, char encoding, DATASEC, extern VAR, enum
#source: fixups-1.c
#source: fixups-2.c
#ld: exec
#run: 0
#warning: btfld: type [8] ENUM 'wide': the compiler dropped its enumerators that need 64 bits; made ENUM64 with the 2 it kept
#bpftool: same
#kernel: valid
[1] INT 'char' size=1 bits_offset=0 nr_bits=8 encoding=SIGNED
[2] INT 'long unsigned int' size=8 bits_offset=0 nr_bits=64 encoding=(none)
[3] ARRAY '(anon)' type_id=1 index_type_id=2 nr_elems=8
[4] INT 'unsigned char' size=1 bits_offset=0 nr_bits=8 encoding=(none)
[5] INT 'int' size=4 bits_offset=0 nr_bits=32 encoding=SIGNED
[6] INT 'long int' size=8 bits_offset=0 nr_bits=64 encoding=SIGNED
[7] ARRAY '(anon)' type_id=6 index_type_id=2 nr_elems=4
[8] ENUM64 'wide' encoding=UNSIGNED size=8 vlen=2
	'WIDE_NEG' val=18446744073709551611ULL
	'WIDE_SMALL' val=7ULL
[9] FUNC_PROTO '(anon)' ret_type_id=5 vlen=1
	'by' type_id=5
[10] FUNC 'tick' type_id=9 linkage=global
[11] FUNC 'step' type_id=9 linkage=static
[12] FUNC_PROTO '(anon)' ret_type_id=5 vlen=0
[13] FUNC 'main' type_id=12 linkage=global
[14] VAR 'table' type_id=7, linkage=global
[15] VAR 'mask' type_id=4, linkage=global
[16] VAR 'greeting' type_id=3, linkage=global
[17] VAR 'shared_total' type_id=5, linkage=global
[18] VAR 'wide_value' type_id=8, linkage=global
[19] VAR 'calls' type_id=5, linkage=static
[20] DATASEC '.data' size=84 vlen=4
	type_id=14 offset=32 size=32 (VAR 'table')
	type_id=15 offset=64 size=1 (VAR 'mask')
	type_id=16 offset=72 size=8 (VAR 'greeting')
	type_id=17 offset=80 size=4 (VAR 'shared_total')
[21] DATASEC '.bss' size=24 vlen=2
	type_id=18 offset=8 size=8 (VAR 'wide_value')
	type_id=19 offset=16 size=4 (VAR 'calls')
