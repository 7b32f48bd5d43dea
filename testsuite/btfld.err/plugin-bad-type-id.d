#name: plugin: PTR to a type id that does not exist.
#source: main.c
#source: bad-type-id.s
#ld: exec
#error: btfld: plugin-bad-type-id-2.o: .BTF: type [2] PTR '(anon)': references type id 7 out of range
#error: btfld: 1 input(s) with malformed .BTF; no output written
