#name: btf-objcopy: A PTR with members.
#source: bad-vlen.s
#ld: none
#objcopy: --btf-dedup
#asan: yes
#error: btf-objcopy: objcopy-bad-vlen.out: error: .BTF: type [2] PTR '(anon)': bad vlen 3
