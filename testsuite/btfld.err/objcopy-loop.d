#name: btf-objcopy: PTR is fine to cycle through, a CONST cycle is not: [2] CONST -> [2].
#source: loop.s
#ld: none
#objcopy: --btf-dedup
#asan: yes
#error: btf-objcopy: objcopy-loop.out: error: .BTF: type [2] CONST '(anon)': reference loop through type [2]
