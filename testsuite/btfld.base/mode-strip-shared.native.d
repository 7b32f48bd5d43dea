#name: -shared -s: the patched ld keeps every FUNC and VAR (it takes them from its own symbol table, not the output's .symtab): those of the link without -s
#source: objfacts-b.c -fPIC
#source: objfacts-a.c -fPIC
#ld: shared
#ldflags: -s
#grep: ^\[\d+\] (FUNC|VAR) 
FUNC 'dup_name'  linkage=global
FUNC 'dup_name'  linkage=static
FUNC 'geta'  linkage=global
FUNC 'getb'  linkage=global
FUNC 'getca'  linkage=global
FUNC 'gettls'  linkage=global
FUNC 'unused_a'  linkage=global
FUNC 'usebuf'  linkage=global
FUNC 'weakf'  linkage=global
VAR 'buf' , linkage=global
VAR 'count' , linkage=static
VAR 'shadow' , linkage=static
VAR 'shadow' , linkage=static
VAR 'tls_a' , linkage=global
VAR 'tls_b' , linkage=static
