#name: plugin: a header shorter than 24 bytes
#source: main.c
#source: hdr20.s
#ld: exec
#error: btfld: plugin-hdr20-2.o: .BTF: bad BTF header length 20
#error: btfld: 1 input(s) with malformed .BTF; no output written
