#name: btf-objcopy: info bits 16-23 (vlen over 65535)
#source: bad-info-vlen.s
#ld: none
#objcopy: --btf-dedup
#asan: yes
#error: btf-objcopy: objcopy-bad-info-vlen.out: error: .BTF: type [1]: unsupported info bits 0x00010000
