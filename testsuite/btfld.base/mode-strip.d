#name: -s (--strip-all): a program exports no symbol in .dynsym, so no FUNC or VAR, and the link says why
#source: modes-lib.c
#source: modes-main.c
#ld: exec
#ldflags: -s
#warning: btfld: mode-strip.out: no symbol table in the output (-s, --strip-all): FUNCs and VARs only for the symbols of .dynsym (0 FUNC and 0 VAR kept, the inputs' other records dropped): ld tells a plugin no symbol values, and the section headers say where each output section lies, not where each input section landed in it; link without -s and strip the output afterwards (strip keeps .BTF) to keep them all
#run: 2
#kernel: valid
[1] STRUCT 'counter' size=16 vlen=2
	'hits' type_id=2 bits_offset=0
	'label' type_id=5 bits_offset=64
[2] INT 'long unsigned int' size=8 bits_offset=0 nr_bits=64 encoding=(none)
[3] INT 'char' size=1 bits_offset=0 nr_bits=8 encoding=SIGNED
[4] CONST '(anon)' type_id=3
[5] PTR '(anon)' type_id=4
[6] PTR '(anon)' type_id=1
[7] INT 'int' size=4 bits_offset=0 nr_bits=32 encoding=SIGNED
