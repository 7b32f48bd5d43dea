#name: an object without BTF contributes no types; its function gets the declaration's FUNC
#source: modes-lib.c -g0
#source: modes-main.c
#ld: exec
#run: 2
#bpftool: same
#kernel: valid
[1] INT 'long unsigned int' size=8 bits_offset=0 nr_bits=64 encoding=(none)
[2] INT 'char' size=1 bits_offset=0 nr_bits=8 encoding=SIGNED
[3] FUNC_PROTO '(anon)' ret_type_id=1 vlen=0
[4] INT 'int' size=4 bits_offset=0 nr_bits=32 encoding=SIGNED
[5] FUNC_PROTO '(anon)' ret_type_id=4 vlen=0
[6] FUNC 'lib_bump' type_id=3 linkage=global
[7] FUNC 'main' type_id=5 linkage=global
