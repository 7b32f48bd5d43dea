#name: -flto: no FUNC for a function LTO cloned or inlined away
#source: lto-a.c
#source: lto-b.c
#ld: lto
#ldflags: -flto-partition=max
#run: 0
#dump: symbols
#kernel: valid
FUNC 'lto_two' static: LOCAL
FUNC 'lto_one' static: LOCAL
FUNC 'helper' static: LOCAL
FUNC 'main' global: GLOBAL
