#name: btf-objcopy --btf-features: units and blobs that do not pair
#clones-plugin: yes
#source: clones.c
#source: main.c
#source: mv.c
#source: unchanged.c
#source: extra-unit.s
#ld: exec
#plugin: no
#objcopy: --btf-dedup --btf-features=optimized_func,true_signature
#warning: btfld: warning: .btfld.clones: 5 compilation units for 4 blobs of .BTF: no FUNCs for gcc's clones
#grep: FUNC '
FUNC 'clones_run'  linkage=global
FUNC 'cp_some'  linkage=static
FUNC 'expensive'  linkage=global
FUNC 'global_cp'  linkage=global
FUNC 'hot_cold'  linkage=global
FUNC 'main'  linkage=global
FUNC 'report'  linkage=global
FUNC 'twin_global'  linkage=global
FUNC 'twin_static'  linkage=static
FUNC 'unchanged_run'  linkage=global
FUNC 'use_cfg'  linkage=global
