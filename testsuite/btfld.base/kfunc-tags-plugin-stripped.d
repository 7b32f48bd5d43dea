#name: plugin kfunc-tags with -s: no .symtab to find the kfunc sets in, the output removed
#source: kfunc-sets.c
#ld: exec
#ldflags: -s
#plugin-opt: kfunc-tags
#error: btfld: kfunc-tags-plugin-stripped.out: has .BTF_ids but no .symtab: the kfunc sets cannot be found; output removed
#removed: yes
