#name: btf-objcopy: Only 10 bytes of a 24-byte header.
#source: truncated-header.s
#ld: none
#objcopy: --btf-dedup
#asan: yes
#error: btf-objcopy: objcopy-truncated-header.out: error: .BTF: truncated BTF header (10 bytes, need 24)
