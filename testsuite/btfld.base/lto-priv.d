#name: -flto with partitions: X.lto_priv.N describes the static X
#source: lto-priv.c
#ld: lto
#ldflags: -flto-partition=max -fno-inline
#run: 10
#kernel: valid
[1] INT 'int' size=4 bits_offset=0 nr_bits=32 encoding=SIGNED
[2] INT 'long unsigned int' size=8 bits_offset=0 nr_bits=64 encoding=(none)
[3] ARRAY '(anon)' type_id=1 index_type_id=2 nr_elems=4
[4] FUNC_PROTO '(anon)' ret_type_id=1 vlen=2
	'c' type_id=1
	'v' type_id=7
[5] INT 'char' size=1 bits_offset=0 nr_bits=8 encoding=SIGNED
[6] PTR '(anon)' type_id=5
[7] PTR '(anon)' type_id=6
[8] FUNC_PROTO '(anon)' ret_type_id=1 vlen=1
	'i' type_id=1
[9] FUNC 'main' type_id=4 linkage=global
[10] FUNC 'use2' type_id=8 linkage=static
[11] FUNC 'use1' type_id=8 linkage=static
[12] VAR 'table' type_id=3, linkage=static
[13] DATASEC '.rodata' size=32 vlen=1
	type_id=12 offset=16 size=16 (VAR 'table')
