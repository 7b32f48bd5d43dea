#name: btf-objcopy: a result that does not read back is an error, nothing written
#source: reread.c
#ld: none
#objcopy: --btf-dedup
#asan: yes
#env: BTFLD_TEST_BREAK_OUTPUT=1
#error: btf-objcopy: objcopy-reread.out: error: objcopy-reread.out: the .BTF written does not read back: type [5] DATASEC '.data': entry [0] is not a VAR
