#name: btf-objcopy: a header shorter than 24 bytes
#source: hdr20.s
#ld: none
#objcopy: --btf-dedup
#asan: yes
#error: btf-objcopy: objcopy-hdr20.out: error: .BTF: bad BTF header length 20
