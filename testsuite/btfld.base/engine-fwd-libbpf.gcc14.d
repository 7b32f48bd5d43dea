#name: libbpf dedup with gcc 14+'s forward enum (ENUM size 0, no raw FWD to crash on): resolved to its definition
#source: engine-fwd-1.c
#source: engine-fwd-2.c
#ld: exec
#plugin-opt: engine=libbpf
#plugin-opt: no-fixups
#grep: ^\[\d+\] (STRUCT|ENUM|FWD|PTR|VAR|DATASEC) 
DATASEC '.bss' size=0 vlen=1
DATASEC '.bss' size=0 vlen=2
ENUM 'dma_attr' encoding=UNSIGNED size=4 vlen=2
PTR '(anon)' 
PTR '(anon)' 
STRUCT 'holder' size=16 vlen=2
STRUCT 'node' size=16 vlen=2
VAR 'the_attr' , linkage=global
VAR 'the_holder' , linkage=global
VAR 'the_node' , linkage=global
