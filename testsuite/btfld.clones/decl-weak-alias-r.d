#name: the same in an ld -r (the vmlinux.o link)
#source: decl-weak-table.c
#source: decl-weak-stub.c
#source: decl-weak-alias.c
#ld: relocatable
#grep: FUNC '
FUNC '__do_sys_probe'  linkage=static
FUNC '__x64_sys_probe'  linkage=global
FUNC 'main'  linkage=global
