#name: plugin: info bits 16-23 (vlen over 65535)
#source: main.c
#source: bad-info-vlen.s
#ld: exec
#error: btfld: plugin-bad-info-vlen-2.o: .BTF: type [1]: unsupported info bits 0x00010000
#error: btfld: 1 input(s) with malformed .BTF; no output written
