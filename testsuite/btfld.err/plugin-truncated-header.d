#name: plugin: Only 10 bytes of a 24-byte header.
#source: main.c
#source: truncated-header.s
#ld: exec
#error: btfld: plugin-truncated-header-2.o: .BTF: truncated BTF header (10 bytes, need 24)
#error: btfld: 1 input(s) with malformed .BTF; no output written
