#name: an archive member without an STT_FILE symbol: its static VAR on its own symbol, after the STT_FILE ld names after the member
#source: nofile-main.s
#source: nofile-lib.s
#ld: archive
#run: 0
#dump: symbols
#kernel: valid
FUNC 'main' global: GLOBAL
FUNC 'bump' static: LOCAL
FUNC 's1' global: GLOBAL
VAR 'counter' static .data+16 size 4 type 4: LOCAL OBJECT size 4
