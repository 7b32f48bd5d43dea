#name: btf-objcopy: a layout section overlapping the types
#source: bad-layout-overlap.s
#ld: none
#objcopy: --btf-dedup
#asan: yes
#error: btf-objcopy: objcopy-bad-layout-overlap.out: error: .BTF: BTF layout section overlaps the type or string section
