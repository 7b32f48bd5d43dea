#name: optimized-func: records far from .BTF and the symbol table are read (the plugin reads an input in parts)
#source: far-records.s
#ld: relocatable
#plugin-opt: optimized-func
[1] INT 'int' size=4 bits_offset=0 nr_bits=32 encoding=SIGNED
[2] FUNC_PROTO '(anon)' ret_type_id=1 vlen=1
	'x' type_id=1
[3] FUNC 'far_records' type_id=2 linkage=global
[4] VAR 'sink' type_id=1, linkage=global
[5] DATASEC '.bss' size=4 vlen=1
	type_id=4 offset=0 size=4 (VAR 'sink')
[6] FUNC 'scale' type_id=2 linkage=static
