#name: btf-objcopy --btf-consistent-funcs=addr: the same FUNCs for assembly functions
#source: decl-use.c
#source: decl-def.c
#source: decl-nobtf.c -g0
#source: decl-asm.s
#ld: exec
#plugin: no
#objcopy: --btf-dedup --btf-consistent-funcs=addr --btf-vars=none
#run: 0
#dump: symbols
FUNC 'c_nobtf' global: GLOBAL
FUNC 'asm_sum' global: GLOBAL
FUNC 'asm_noargs' global: GLOBAL
FUNC 'asm_copy' global: GLOBAL
FUNC 'asm_twice' global: GLOBAL
FUNC 'main' global: GLOBAL
FUNC 'c_defined' global: GLOBAL
