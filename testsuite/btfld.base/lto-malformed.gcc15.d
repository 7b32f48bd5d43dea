#name: a malformed .BTF in an LTO object fails the link (status 1)
#source: modes-lib.c
#source: modes-main.c
#ld: lto
#lto-wrapper: corrupt
#removed: yes
#error: btfld: lto-malformed.out: blob at offset 302: type [1] INT 'long unsigned int': bad size or vlen (size 2147483647); output removed
