#name: plugin: a 32-byte header without layout section
#source: main.c
#source: hdr32-empty.s
#ld: exec
#run: 0
#bpftool: same
#kernel: valid
[1] INT 'int' size=4 bits_offset=0 nr_bits=32 encoding=SIGNED
[2] FUNC_PROTO '(anon)' ret_type_id=1 vlen=0
[3] FUNC 'main' type_id=2 linkage=global
[4] PTR '(anon)' type_id=1
