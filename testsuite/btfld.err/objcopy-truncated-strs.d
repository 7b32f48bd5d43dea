#name: btf-objcopy: String section runs past the end of the section.
#source: truncated-strs.s
#ld: none
#objcopy: --btf-dedup
#asan: yes
#error: btf-objcopy: objcopy-truncated-strs.out: error: .BTF: truncated BTF: sections end at 97, only 57 bytes present
