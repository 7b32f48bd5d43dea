#name: btf-objcopy: Header length smaller than the header.
#source: bad-hdr-len.s
#ld: none
#objcopy: --btf-dedup
#asan: yes
#error: btf-objcopy: objcopy-bad-hdr-len.out: error: .BTF: bad BTF header length 16
