#name: plugin: Name offset past the string section.
#source: main.c
#source: bad-str-off.s
#ld: exec
#error: btfld: plugin-bad-str-off-2.o: .BTF: type [1] INT: string offset 99 out of range
#error: btfld: 1 input(s) with malformed .BTF; no output written
