#name: plugin: A PTR with members.
#source: main.c
#source: bad-vlen.s
#ld: exec
#error: btfld: plugin-bad-vlen-2.o: .BTF: type [2] PTR '(anon)': bad vlen 3
#error: btfld: 1 input(s) with malformed .BTF; no output written
