#name: per-object facts: two statics of one name and one size, ld -r then a program: their own types and offsets
#source: objfacts-s1.c
#source: objfacts-s2.c
#source: objfacts-sm.c
#ld: relocatable-exec
#run: 0
#kernel: valid
[1] INT 'int' size=4 bits_offset=0 nr_bits=32 encoding=SIGNED
[2] FUNC_PROTO '(anon)' ret_type_id=1 vlen=0
[3] FUNC 'get_s1' type_id=2 linkage=global
[4] FLOAT 'float' size=4
[5] FUNC_PROTO '(anon)' ret_type_id=4 vlen=0
[6] FUNC 'get_s2' type_id=5 linkage=global
[7] FUNC 'main' type_id=2 linkage=global
[8] VAR 'same' type_id=1, linkage=static
[9] VAR 'same' type_id=4, linkage=static
[10] DATASEC '.data' size=24 vlen=2
	type_id=8 offset=16 size=4 (VAR 'same')
	type_id=9 offset=20 size=4 (VAR 'same')
