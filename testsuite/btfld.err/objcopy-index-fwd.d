#name: btf-objcopy: an array indexed by a forward-declared type is refused
#source: index-fwd.s
#ld: none
#objcopy: --btf-dedup
#asan: yes
#error: btf-objcopy: objcopy-index-fwd.out: error: .BTF: type [3] ARRAY '(anon)': index type is forward-declared
