#name: optimized-func, true-signature without the GCC plugin's records
#source: clones.c
#source: main.c
#source: mv.c
#source: unchanged.c
#ld: exec
#plugin-opt: optimized-func
#plugin-opt: true-signature
#run: 0
#dump: symbols
#kernel: valid
FUNC 'clones_run' global: GLOBAL
FUNC 'hot_cold' global: GLOBAL
FUNC 'twin_static' static: LOCAL
FUNC 'twin_global' global: GLOBAL
FUNC 'global_cp' global: GLOBAL
FUNC 'cp_some' static: LOCAL
FUNC 'main' global: GLOBAL
FUNC 'report' global: GLOBAL
FUNC 'expensive' global: GLOBAL
FUNC 'use_cfg' global: GLOBAL
FUNC 'unchanged_run' global: GLOBAL
VAR 'cp_some_ptr' global .data+16 size 8 type 8: GLOBAL OBJECT size 8
VAR 'shared' static .data+32 size 144 type 144: LOCAL OBJECT size 144
VAR 'sink' global .bss+4 size 4 type 4: GLOBAL OBJECT size 4
VAR 'calls' static .bss+8 size 4 type 4: LOCAL OBJECT size 4
