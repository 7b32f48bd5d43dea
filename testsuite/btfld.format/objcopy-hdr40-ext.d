#name: btf-objcopy: non-zero header bytes past the known fields
#source: hdr40-ext.s
#ld: none
#objcopy: --btf-dedup
#asan: yes
#error: btf-objcopy: objcopy-hdr40-ext.out: error: .BTF: unsupported BTF header extension (byte 32 of 40 is not zero)
