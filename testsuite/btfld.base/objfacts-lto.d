#name: per-object facts, -flto: FUNCs and VARs of the objects LTO compiled
#source: objfacts-b.c
#source: objfacts-a.c
#source: objfacts-m.c
#ld: lto
#run: 150
#dump: symbols
#kernel: valid
FUNC 'dup_name' static: LOCAL
FUNC 'main' global: GLOBAL
VAR 'tls_a' global .tdata+0 size 4 type 4: GLOBAL TLS size 4
VAR 'tls_b' static .tbss+0 size 8 type 8: LOCAL TLS size 8
VAR 'shadow' static .data+16 size 8 type 8: LOCAL OBJECT size 8
