#name: -shared -s: FUNCs and VARs of the definitions .dynsym exports, placed where their objects' sections landed; the link says what it dropped
#source: objfacts-b.c -fPIC
#source: objfacts-a.c -fPIC
#ld: shared
#ldflags: -s
#warning: btfld: mode-strip-shared.out: no symbol table in the output (-s, --strip-all): FUNCs and VARs only for the symbols of .dynsym (8 FUNC and 2 VAR kept, the inputs' other records dropped): ld tells a plugin no symbol values, and the section headers say where each output section lies, not where each input section landed in it; link without -s and strip the output afterwards (strip keeps .BTF) to keep them all
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
VAR 'tls_a' global .tdata+0 size 4 type 4: GLOBAL TLS size 4
VAR 'buf' global .data+16 size 16 type 16: GLOBAL OBJECT size 16
