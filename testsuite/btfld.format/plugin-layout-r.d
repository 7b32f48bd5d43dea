#name: plugin layout: an ld -r output with the 7.x header and layout section
#source: main.c
#source: hdr32-layout.s
#ld: relocatable
#plugin-opt: layout
[1] INT 'int' size=4 bits_offset=0 nr_bits=32 encoding=SIGNED
[2] FUNC_PROTO '(anon)' ret_type_id=1 vlen=0
[3] FUNC 'main' type_id=2 linkage=global
[4] PTR '(anon)' type_id=1
