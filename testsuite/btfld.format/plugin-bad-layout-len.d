#name: plugin: a layout section of partial records
#source: main.c
#source: bad-layout-len.s
#ld: exec
#error: btfld: plugin-bad-layout-len-2.o: .BTF: bad BTF layout section (offset 28, length 78)
#error: btfld: 1 input(s) with malformed .BTF; no output written
