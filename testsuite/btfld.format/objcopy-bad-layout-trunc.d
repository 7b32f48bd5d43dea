#name: btf-objcopy: a layout section past the end
#source: bad-layout-trunc.s
#ld: none
#objcopy: --btf-dedup
#asan: yes
#error: btf-objcopy: objcopy-bad-layout-trunc.out: error: .BTF: truncated BTF: sections end at 412, only 145 bytes present
