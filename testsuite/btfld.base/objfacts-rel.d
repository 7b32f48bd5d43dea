#name: per-object facts, ld -r: each VAR on its own object's symbol, at its offset in the merged section
#source: objfacts-b.c
#source: objfacts-a.c
#ld: relocatable
#dump: symbols
FUNC 'gettls' global: GLOBAL
FUNC 'getb' global: GLOBAL
FUNC 'usebuf' global: GLOBAL
FUNC 'weakf' global: GLOBAL
FUNC 'dup_name' static: LOCAL
FUNC 'unused_a' global: GLOBAL
FUNC 'getca' global: GLOBAL
FUNC 'geta' global: GLOBAL
FUNC 'dup_name' global: GLOBAL
VAR 'tls_a' global .tdata+0 size 4 type 4: GLOBAL TLS size 4
VAR 'tls_b' static .tbss+0 size 8 type 8: LOCAL TLS size 8
VAR 'shadow' static .data+0 size 4 type 4: LOCAL OBJECT size 4
VAR 'buf' global .data+16 size 16 type 16: GLOBAL OBJECT size 16
VAR 'count' static .data+32 size 4 type 4: LOCAL OBJECT size 4
VAR 'shadow' static .data+40 size 8 type 8: LOCAL OBJECT size 8
