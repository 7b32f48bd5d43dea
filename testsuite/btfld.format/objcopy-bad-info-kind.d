#name: btf-objcopy: info bits 29-30 (kind over 31)
#source: bad-info-kind.s
#ld: none
#objcopy: --btf-dedup
#asan: yes
#error: btf-objcopy: objcopy-bad-info-kind.out: error: .BTF: type [1]: unsupported info bits 0x20000000
