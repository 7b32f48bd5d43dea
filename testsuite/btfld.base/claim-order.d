#name: .BTF not in claim order (a linker script puts the second input's first): the inputs merged in claim order, as the patched ld merges them, each FUNC and VAR on its own object's symbol
#source: objfacts-b.c
#source: objfacts-a.c
#ld: relocatable
#ldflags: -T @srcdir@/claim-order.t
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
VAR 'shadow' static .data+0 size 4 type 4: LOCAL OBJECT size 4
VAR 'buf' global .data+16 size 16 type 16: GLOBAL OBJECT size 16
VAR 'count' static .data+32 size 4 type 4: LOCAL OBJECT size 4
VAR 'shadow' static .data+40 size 8 type 8: LOCAL OBJECT size 8
VAR 'tls_b' static .tbss+0 size 8 type 8: LOCAL TLS size 8
VAR 'tls_a' global .tdata+0 size 4 type 4: GLOBAL TLS size 4
