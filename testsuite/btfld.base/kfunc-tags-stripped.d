#name: btf-objcopy --btf-kfunc-tags: a stripped file's kfunc sets cannot be found
#source: kfunc-sets.c
#ld: exec
#ldflags: -s
#plugin: no
#objcopy: --btf-dedup --no-fixups --btf-kfunc-tags
#error: btf-objcopy: kfunc-tags-stripped.out: error: has .BTF_ids but no .symtab: the kfunc sets cannot be found
