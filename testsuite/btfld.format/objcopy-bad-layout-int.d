#name: btf-objcopy: a layout section contradicting a kind's record size
#source: bad-layout-int.s
#ld: none
#objcopy: --btf-dedup
#asan: yes
#error: btf-objcopy: objcopy-bad-layout-int.out: error: .BTF: BTF layout section: kind 1 (INT) has info_sz 8, elem_sz 0, flags 0x0 (expected 4, 0, 0)
