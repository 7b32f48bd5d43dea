#name: btf-objcopy: a DECL_TAG goes with the aliased VAR the fixups drop
#source: decl-tag-alias.s
#ld: none
#objcopy: --btf-dedup
#asan: yes
#bpftool: same
[1] INT 'int' size=4 bits_offset=0 nr_bits=32 encoding=SIGNED
[2] DECL_TAG 'kept' type_id=3 component_idx=-1
[3] VAR 'a' type_id=1, linkage=global
[4] DATASEC '.data' size=4 vlen=1
	type_id=3 offset=0 size=4 (VAR 'a')
