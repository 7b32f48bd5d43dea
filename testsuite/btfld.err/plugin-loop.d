#name: plugin: PTR is fine to cycle through, a CONST cycle is not: [2] CONST -> [2].
#source: main.c
#source: loop.s
#ld: exec
#error: btfld: plugin-loop-2.o: .BTF: type [2] CONST '(anon)': reference loop through type [2]
#error: btfld: 1 input(s) with malformed .BTF; no output written
