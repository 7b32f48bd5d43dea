#name: -x (--discard-all): the patched ld keeps static FUNCs and VARs (it takes them from its own symbol table, not the output's .symtab): the BTF of the link without -x
#source: objfacts-b.c
#source: objfacts-a.c
#source: objfacts-m.c
#ld: exec
#ldflags: -Wl,-x
#run: 150
#grep: ^\[\d+\] (FUNC|VAR|DATASEC) 
#kernel: valid
DATASEC '.data' size=64 vlen=4
DATASEC '.tbss' size=8 vlen=1
DATASEC '.tdata' size=4 vlen=1
FUNC 'dup_name'  linkage=global
FUNC 'dup_name'  linkage=static
FUNC 'geta'  linkage=global
FUNC 'getb'  linkage=global
FUNC 'getca'  linkage=global
FUNC 'gettls'  linkage=global
FUNC 'main'  linkage=global
FUNC 'unused_a'  linkage=global
FUNC 'usebuf'  linkage=global
FUNC 'weakf'  linkage=global
VAR 'buf' , linkage=global
VAR 'count' , linkage=static
VAR 'shadow' , linkage=static
VAR 'shadow' , linkage=static
VAR 'tls_a' , linkage=global
VAR 'tls_b' , linkage=static
