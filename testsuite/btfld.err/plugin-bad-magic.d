#name: plugin: Wrong magic number.
#source: main.c
#source: bad-magic.s
#ld: exec
#error: btfld: plugin-bad-magic-2.o: .BTF: bad BTF magic 0xeb9e
#error: btfld: 1 input(s) with malformed .BTF; no output written
