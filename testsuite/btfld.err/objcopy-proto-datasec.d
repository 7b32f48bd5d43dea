#name: btf-objcopy: a prototype returning a DATASEC is refused
#source: proto-datasec.s
#ld: none
#objcopy: --btf-dedup
#asan: yes
#error: btf-objcopy: objcopy-proto-datasec.out: error: .BTF: type [4] FUNC_PROTO '(anon)': cannot refer to DATASEC [3]
