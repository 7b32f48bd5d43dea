#name: btf-objcopy --btf-features on a linked program of the clones
#clones-plugin: yes
#source: clones.c
#source: main.c
#source: mv.c
#source: unchanged.c
#ld: exec
#plugin: no
#objcopy: --btf-dedup --btf-features=optimized_func,true_signature
#grep: FUNC '
#kernel: valid
FUNC 'agg'  linkage=static
FUNC 'agg.constprop.0'  linkage=static
FUNC 'clones_run'  linkage=global
FUNC 'cp_all'  linkage=static
FUNC 'cp_all.constprop.0'  linkage=static
FUNC 'cp_some'  linkage=static
FUNC 'expensive'  linkage=global
FUNC 'global_cp'  linkage=global
FUNC 'hot_cold'  linkage=global
FUNC 'main'  linkage=global
FUNC 'mv_sum.avx2'  linkage=static
FUNC 'partial.part.0'  linkage=static
FUNC 'report'  linkage=global
FUNC 'twin_global'  linkage=global
FUNC 'twin_static'  linkage=static
FUNC 'unchanged_run'  linkage=global
FUNC 'unused_arg.constprop.0'  linkage=static
FUNC 'unused_result'  linkage=static
FUNC 'unused_result.isra.0'  linkage=static
FUNC 'use_cfg'  linkage=global
FUNC 'vsum'  linkage=static
FUNC 'vsum.constprop.0'  linkage=static
