#name: weak definitions alone in their section, of an object not the link's first: their FUNCs kept
#source: weak-only-m.c
#source: weak-only-1.c
#ld: exec
#run: 3
#dump: symbols
#grep: ^FUNC '
#kernel: valid
FUNC 'build_table' global: WEAK
FUNC 'emit_plain' global: WEAK
FUNC 'main' global: GLOBAL
