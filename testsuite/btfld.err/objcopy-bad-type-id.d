#name: btf-objcopy: PTR to a type id that does not exist.
#source: bad-type-id.s
#ld: none
#objcopy: --btf-dedup
#asan: yes
#error: btf-objcopy: objcopy-bad-type-id.out: error: .BTF: type [2] PTR '(anon)': references type id 7 out of range
