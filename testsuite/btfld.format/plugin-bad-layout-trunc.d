#name: plugin: a layout section past the end
#source: main.c
#source: bad-layout-trunc.s
#ld: exec
#error: btfld: plugin-bad-layout-trunc-2.o: .BTF: truncated BTF: sections end at 412, only 145 bytes present
#error: btfld: 1 input(s) with malformed .BTF; no output written
