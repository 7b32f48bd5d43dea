#name: a weak function overridden by a strong one, ld -r (the plugin in both links) then a program: one global FUNC
#source: weak-override-1.c
#source: weak-override-2.c
#source: weak-override-m.c
#ld: relocatable-exec
#run: 42
#dump: symbols
#kernel: valid
FUNC 'wf' global: GLOBAL
FUNC 'main' global: GLOBAL
