#name: a stub the link's weak definition and a strong alias define gets the declaration's FUNC (the kernel's syscall stubs)
#source: decl-weak-table.c
#source: decl-weak-stub.c
#source: decl-weak-alias.c
#ld: exec
#run: 0
#bpftool: same
#kernel: valid
[1] STRUCT 'regs' size=16 vlen=2
	'di' type_id=2 bits_offset=0
	'si' type_id=2 bits_offset=64
[2] INT 'long int' size=8 bits_offset=0 nr_bits=64 encoding=SIGNED
[3] CONST '(anon)' type_id=1
[4] FUNC_PROTO '(anon)' ret_type_id=2 vlen=1
	'arg0' type_id=5
[5] PTR '(anon)' type_id=3
[6] INT 'int' size=4 bits_offset=0 nr_bits=32 encoding=SIGNED
[7] FUNC_PROTO '(anon)' ret_type_id=6 vlen=0
[8] FUNC '__x64_sys_probe' type_id=4 linkage=global
[9] FUNC 'main' type_id=7 linkage=global
[10] FUNC_PROTO '(anon)' ret_type_id=2 vlen=1
	'regs' type_id=5
[11] FUNC '__do_sys_probe' type_id=10 linkage=static
