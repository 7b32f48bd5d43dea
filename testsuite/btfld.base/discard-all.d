#name: -x (--discard-all): no local symbols in the output, so no static FUNC or VAR
#source: objfacts-b.c
#source: objfacts-a.c
#source: objfacts-m.c
#ld: exec
#ldflags: -Wl,-x
#run: 150
#dump: symbols
#kernel: valid
FUNC 'gettls' global: GLOBAL
FUNC 'getb' global: GLOBAL
FUNC 'usebuf' global: GLOBAL
FUNC 'weakf' global: GLOBAL
FUNC 'unused_a' global: GLOBAL
FUNC 'getca' global: GLOBAL
FUNC 'geta' global: GLOBAL
FUNC 'dup_name' global: GLOBAL
FUNC 'main' global: GLOBAL
VAR 'tls_a' global .tdata+0 size 4 type 4: GLOBAL TLS size 4
VAR 'buf' global .data+32 size 16 type 16: GLOBAL OBJECT size 16
