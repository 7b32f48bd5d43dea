#name: btf-objcopy: a layout section of partial records
#source: bad-layout-len.s
#ld: none
#objcopy: --btf-dedup
#asan: yes
#error: btf-objcopy: objcopy-bad-layout-len.out: error: .BTF: bad BTF layout section (offset 28, length 78)
