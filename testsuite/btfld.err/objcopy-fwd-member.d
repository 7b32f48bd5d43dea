#name: btf-objcopy: a member of a forward-declared type is refused
#source: fwd-member.s
#ld: none
#objcopy: --btf-dedup
#asan: yes
#error: btf-objcopy: objcopy-fwd-member.out: error: .BTF: type [1] STRUCT 's': member 0 is of a forward-declared type
