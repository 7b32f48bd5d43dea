#name: btfld engine resolves gcc's raw struct FWD for an enum (no fixups)
#source: engine-fwd-1.c
#source: engine-fwd-2.c
#ld: exec
#plugin-opt: no-fixups
#grep: ^\[\d+\] (STRUCT|ENUM|FWD|PTR) 
ENUM 'dma_attr' encoding=UNSIGNED size=4 vlen=2
PTR '(anon)' 
PTR '(anon)' 
STRUCT 'holder' size=16 vlen=2
STRUCT 'node' size=16 vlen=2
