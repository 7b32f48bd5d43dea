#name: plugin: a layout section overlapping the types
#source: main.c
#source: bad-layout-overlap.s
#ld: exec
#error: btfld: plugin-bad-layout-overlap-2.o: .BTF: BTF layout section overlaps the type or string section
#error: btfld: 1 input(s) with malformed .BTF; no output written
