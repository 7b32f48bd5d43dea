#name: btf-objcopy: Wrong magic number.
#source: bad-magic.s
#ld: none
#objcopy: --btf-dedup
#asan: yes
#error: btf-objcopy: objcopy-bad-magic.out: error: .BTF: bad BTF magic 0xeb9e
