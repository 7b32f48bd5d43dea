#name: libbpf 1.1's dedup crashes on gcc's raw enum FWD: contained, output removed
#source: engine-fwd-1.c
#source: engine-fwd-2.c
#ld: exec
#plugin-opt: engine=libbpf
#plugin-opt: no-fixups
#removed: yes
#error: btfld: engine-fwd-libbpf.out: libbpf dedup crashed (signal 11); output removed
