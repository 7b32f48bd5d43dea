#name: -flto: the declaration's FUNC for an assembly function
#source: decl-use.c
#source: decl-def.c
#source: decl-nobtf.c -g0
#source: decl-asm.s
#ld: lto
#run: 0
#dump: symbols
FUNC 'asm_sum' global: GLOBAL
FUNC 'asm_noargs' global: GLOBAL
FUNC 'asm_copy' global: GLOBAL
FUNC 'asm_twice' global: GLOBAL
FUNC 'main' global: GLOBAL
