#name: a weak function overridden by a strong one, ld -r without the plugin (one object, both blobs), then a program: one global FUNC
#source: weak-override-1.c
#source: weak-override-2.c
#source: weak-override-m.c
#ld: relocatable-exec
#plugin: final
#run: 42
#dump: symbols
#kernel: valid
FUNC 'wf' global: GLOBAL
FUNC 'main' global: GLOBAL
