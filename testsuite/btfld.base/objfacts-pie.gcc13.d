#name: per-object facts, PIE: each VAR on its own object's symbol, of its type's size
#source: objfacts-b.c
#source: objfacts-a.c
#source: objfacts-m.c
#ld: exec
#run: 150
#dump: symbols
#kernel: valid
FUNC 'gettls' global: GLOBAL
FUNC 'getb' global: GLOBAL
FUNC 'usebuf' global: GLOBAL
FUNC 'weakf' global: GLOBAL
FUNC 'dup_name' static: LOCAL
FUNC 'unused_a' global: GLOBAL
FUNC 'getca' global: GLOBAL
FUNC 'geta' global: GLOBAL
FUNC 'dup_name' global: GLOBAL
FUNC 'main' global: GLOBAL
VAR 'tls_a' global .tdata+0 size 4 type 4: GLOBAL TLS size 4
VAR 'tls_b' static .tbss+0 size 8 type 8: LOCAL TLS size 8
VAR 'shadow' static .data+16 size 4 type 4: LOCAL OBJECT size 4
VAR 'buf' global .data+32 size 16 type 16: GLOBAL OBJECT size 16
VAR 'count' static .data+48 size 4 type 4: LOCAL OBJECT size 4
VAR 'shadow' static .data+56 size 8 type 8: LOCAL OBJECT size 8
