#name: btf-objcopy: Name offset past the string section.
#source: bad-str-off.s
#ld: none
#objcopy: --btf-dedup
#asan: yes
#error: btf-objcopy: objcopy-bad-str-off.out: error: .BTF: type [1] INT: string offset 99 out of range
