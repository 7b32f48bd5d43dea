#name: section markers and empty arrays (symbols of size 0) get no VAR: kernel policy
#source: kernel-vars-markers.c
#ld: relocatable
#plugin-opt: vars=percpu
#bpftool: same
#kernel: valid
[1] INT 'char' size=1 bits_offset=0 nr_bits=8 encoding=SIGNED
[2] ARRAY '(anon)' type_id=1 index_type_id=4 nr_elems=0
[3] INT 'int' size=4 bits_offset=0 nr_bits=32 encoding=SIGNED
[4] INT 'long unsigned int' size=8 bits_offset=0 nr_bits=64 encoding=(none)
[5] PTR '(anon)' type_id=1
[6] FUNC_PROTO '(anon)' ret_type_id=5 vlen=0
[7] FUNC 'marker' type_id=6 linkage=global
[8] VAR 'pcpu_count' type_id=3, linkage=global
[9] DATASEC '.data..percpu' size=4 vlen=1
	type_id=8 offset=0 size=4 (VAR 'pcpu_count')
