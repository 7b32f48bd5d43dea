#name: plugin: String section runs past the end of the section.
#source: main.c
#source: truncated-strs.s
#ld: exec
#error: btfld: plugin-truncated-strs-2.o: .BTF: truncated BTF: sections end at 97, only 57 bytes present
#error: btfld: 1 input(s) with malformed .BTF; no output written
