#name: -plugin-opt no-fixups keeps gcc 14+'s BTF as it is (deduplicated; extern VARs outside DATASECs)
#source: fixups-1.c
#source: fixups-2.c
#ld: exec
#plugin-opt: no-fixups
#run: 0
#grep: ^\[\d+\] (INT|FUNC|DATASEC) 
DATASEC '.bss' size=0 vlen=2
DATASEC '.data' size=0 vlen=1
DATASEC '.data' size=0 vlen=3
FUNC 'main'  linkage=global
FUNC 'step'  linkage=static
FUNC 'tick'  linkage=extern
FUNC 'tick'  linkage=global
INT 'char' size=1 bits_offset=0 nr_bits=8 encoding=SIGNED
INT 'int' size=4 bits_offset=0 nr_bits=32 encoding=SIGNED
INT 'long int' size=8 bits_offset=0 nr_bits=64 encoding=SIGNED
INT 'long unsigned int' size=8 bits_offset=0 nr_bits=64 encoding=(none)
INT 'unsigned char' size=1 bits_offset=0 nr_bits=8 encoding=(none)
