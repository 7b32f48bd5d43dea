#name: plugin: a layout section contradicting a kind's record size
#source: main.c
#source: bad-layout-int.s
#ld: exec
#error: btfld: plugin-bad-layout-int-2.o: .BTF: BTF layout section: kind 1 (INT) has info_sz 8, elem_sz 0, flags 0x0 (expected 4, 0, 0)
#error: btfld: 1 input(s) with malformed .BTF; no output written
