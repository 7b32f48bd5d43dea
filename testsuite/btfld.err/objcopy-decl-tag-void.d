#name: btf-objcopy: a DECL_TAG on void is refused
#source: decl-tag-void.s
#ld: none
#objcopy: --btf-dedup
#asan: yes
#error: btf-objcopy: objcopy-decl-tag-void.out: error: .BTF: type [4] DECL_TAG 'tag': tagged type [0] is not a STRUCT, UNION, VAR, FUNC or TYPEDEF
