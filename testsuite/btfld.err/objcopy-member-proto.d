#name: btf-objcopy: a member of a function type is refused
#source: member-proto.s
#ld: none
#objcopy: --btf-dedup
#asan: yes
#error: btf-objcopy: objcopy-member-proto.out: error: .BTF: type [1] STRUCT 's': member 0 is of a function type
