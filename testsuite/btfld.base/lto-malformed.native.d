#name: a malformed .BTF in an LTO object fails the link (the patched ld: before it writes anything, naming lto-wrapper's object)
#source: modes-lib.c
#source: modes-main.c
#ld: lto
#lto-wrapper: corrupt
#error: ld: error: type [1] INT 'long unsigned int': bad size or vlen (size 2147483647)
