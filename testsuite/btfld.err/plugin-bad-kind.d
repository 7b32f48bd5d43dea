#name: plugin: Kind 25 does not exist.
#source: main.c
#source: bad-kind.s
#ld: exec
#error: btfld: plugin-bad-kind-2.o: .BTF: type [1]: unknown kind 25
#error: btfld: 1 input(s) with malformed .BTF; no output written
