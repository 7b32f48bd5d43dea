#name: a weak function overridden by a strong one, btf-objcopy --btf-dedup on a plain link: one global FUNC
#source: weak-override-1.c
#source: weak-override-2.c
#source: weak-override-m.c
#ld: exec
#plugin: no
#objcopy: --btf-dedup
#dump: symbols
#kernel: valid
FUNC 'wf' global: GLOBAL
FUNC 'main' global: GLOBAL
