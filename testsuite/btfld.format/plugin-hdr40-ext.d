#name: plugin: non-zero header bytes past the known fields
#source: main.c
#source: hdr40-ext.s
#ld: exec
#error: btfld: plugin-hdr40-ext-2.o: .BTF: unsupported BTF header extension (byte 32 of 40 is not zero)
#error: btfld: 1 input(s) with malformed .BTF; no output written
