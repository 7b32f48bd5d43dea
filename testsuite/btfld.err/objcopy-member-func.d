#name: btf-objcopy: a member whose type is a FUNC is refused
#source: member-func.s
#ld: none
#objcopy: --btf-dedup
#asan: yes
#error: btf-objcopy: objcopy-member-func.out: error: .BTF: type [1] STRUCT 's': member 0 is of a function type
