#name: btf-objcopy --btf-dedup without --btf-consistent-funcs: one FUNC per prototype, one global FUNC per name
#source: consistent-funcs-1.c
#source: consistent-funcs-2.c
#ld: exec
#plugin: no
#run: 0
#objcopy: --btf-dedup
#grep: FUNC '
FUNC 'constness'  linkage=static
FUNC 'constness'  linkage=static
FUNC 'count'  linkage=static
FUNC 'count'  linkage=static
FUNC 'differ'  linkage=static
FUNC 'differ'  linkage=static
FUNC 'main'  linkage=global
FUNC 'one'  linkage=global
FUNC 'ret'  linkage=static
FUNC 'ret'  linkage=static
FUNC 'same'  linkage=static
FUNC 'same'  linkage=static
FUNC 'st'  linkage=static
FUNC 'st'  linkage=static
FUNC 'sysc'  linkage=global
FUNC 'unique'  linkage=static
