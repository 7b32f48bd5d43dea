#name: btf-objcopy: Kind 25 does not exist.
#source: bad-kind.s
#ld: none
#objcopy: --btf-dedup
#asan: yes
#error: btf-objcopy: objcopy-bad-kind.out: error: .BTF: type [1]: unknown kind 25
