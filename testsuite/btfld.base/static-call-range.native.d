#name: static call trampolines under a kernel-style linker script: the patched ld keeps __SCT__hook's FUNC (it sees the output section .text.static, and no symbol the script defines); the plugin and btf-objcopy, which the kernel uses, leave it out
#source: static-call.c
#ld: exec
#ldflags: -Wl,-T,@srcdir@/static-call.ld
#run: 0
#kernel: valid
[1] INT 'int' size=4 bits_offset=0 nr_bits=32 encoding=SIGNED
[2] FUNC_PROTO '(anon)' ret_type_id=1 vlen=2
	'arg0' type_id=1
	'arg1' type_id=1
[3] FUNC_PROTO '(anon)' ret_type_id=1 vlen=0
[4] FUNC_PROTO '(anon)' ret_type_id=1 vlen=2
	'a' type_id=1
	'b' type_id=1
[5] FUNC 'asm_add' type_id=2 linkage=global
[6] FUNC '__SCT__hook' type_id=2 linkage=global
[7] FUNC 'main' type_id=3 linkage=global
[8] FUNC 'hook_target' type_id=4 linkage=global
