#name: plugin: Header length smaller than the header.
#source: main.c
#source: bad-hdr-len.s
#ld: exec
#error: btfld: plugin-bad-hdr-len-2.o: .BTF: bad BTF header length 16
#error: btfld: 1 input(s) with malformed .BTF; no output written
