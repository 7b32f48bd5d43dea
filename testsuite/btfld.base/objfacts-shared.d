#name: per-object facts, -shared with a version script: hidden globals become static FUNCs/VARs of their local symbols
#source: objfacts-b.c -fPIC
#source: objfacts-a.c -fPIC
#ld: shared
#ldflags: -Wl,--version-script=@srcdir@/objfacts.map
#dump: symbols
#kernel: valid
FUNC 'gettls' static: LOCAL
FUNC 'getb' static: LOCAL
FUNC 'usebuf' global: GLOBAL
FUNC 'weakf' global: GLOBAL
FUNC 'dup_name' static: LOCAL
FUNC 'unused_a' static: LOCAL
FUNC 'getca' static: LOCAL
FUNC 'geta' global: GLOBAL
VAR 'tls_a' static .tdata+0 size 4 type 4: LOCAL TLS size 4
VAR 'tls_b' static .tbss+0 size 8 type 8: LOCAL TLS size 8
VAR 'shadow' static .data+8 size 4 type 4: LOCAL OBJECT size 4
VAR 'buf' global .data+16 size 16 type 16: GLOBAL OBJECT size 16
VAR 'count' static .data+32 size 4 type 4: LOCAL OBJECT size 4
VAR 'shadow' static .data+40 size 8 type 8: LOCAL OBJECT size 8
