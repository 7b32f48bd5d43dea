#name: a clone's cold part is no other entry point (--btf-consistent-funcs=addr)
#clones-plugin: yes
#source: cold-clone.c
#ld: exec
#plugin: no
#objcopy: --btf-dedup --btf-features=optimized_func --btf-consistent-funcs=addr
#grep: FUNC '
#kernel: valid
FUNC 'main'  linkage=global
FUNC 'oops'  linkage=global
FUNC 'warm'  linkage=static
