#name: per-object facts: gcc 12's static FUNC on a global function is global (the binding decides, as by name)
#source: gcc12-static-global.s
#ld: relocatable
[1] INT 'int' size=4 bits_offset=0 nr_bits=32 encoding=SIGNED
[2] FUNC_PROTO '(anon)' ret_type_id=1 vlen=0
[3] FUNC 'fa' type_id=2 linkage=global
[4] VAR 'va' type_id=1, linkage=global
[5] DATASEC '.data' size=12 vlen=1
	type_id=4 offset=8 size=4 (VAR 'va')
