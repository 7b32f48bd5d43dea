#name: btf-objcopy: a DECL_TAG with a component index on a VAR is refused
#source: decl-tag-idx.s
#ld: none
#objcopy: --btf-dedup
#asan: yes
#error: btf-objcopy: objcopy-decl-tag-idx.out: error: .BTF: type [4] DECL_TAG 'tag': bad component index 0
