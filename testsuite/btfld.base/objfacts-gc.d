#name: per-object facts, --gc-sections: each VAR on its own object's symbol, of its type's size
#source: objfacts-b.c
#source: objfacts-a.c
#source: objfacts-m.c
#ld: exec
#cflags: -ffunction-sections -fdata-sections
#ldflags: -Wl,--gc-sections
#run: 150
#dump: symbols
#kernel: valid
FUNC 'gettls' global: GLOBAL
FUNC 'usebuf' global: GLOBAL
FUNC 'weakf' global: GLOBAL
FUNC 'dup_name' static: LOCAL
FUNC 'geta' global: GLOBAL
FUNC 'dup_name' global: GLOBAL
FUNC 'main' global: GLOBAL
VAR 'tls_b' static .tbss+0 size 8 type 8: LOCAL TLS size 8
VAR 'shadow' static .data+8 size 4 type 4: LOCAL OBJECT size 4
VAR 'buf' global .data+16 size 16 type 16: GLOBAL OBJECT size 16
VAR 'count' static .data+32 size 4 type 4: LOCAL OBJECT size 4
VAR 'shadow' static .data+40 size 8 type 8: LOCAL OBJECT size 8
