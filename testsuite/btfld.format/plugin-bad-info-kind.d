#name: plugin: info bits 29-30 (kind over 31)
#source: main.c
#source: bad-info-kind.s
#ld: exec
#error: btfld: plugin-bad-info-kind-2.o: .BTF: type [1]: unsupported info bits 0x20000000
#error: btfld: 1 input(s) with malformed .BTF; no output written
