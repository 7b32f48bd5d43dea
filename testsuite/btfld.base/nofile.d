#name: an object without an STT_FILE symbol (assembled): its static VAR on its own symbol, after the STT_FILE ld names after the file
#source: nofile-lib.s
#source: nofile-main.s
#ld: exec
#run: 0
#dump: symbols
#kernel: valid
FUNC 's1' global: GLOBAL
FUNC 'main' global: GLOBAL
FUNC 'bump' static: LOCAL
VAR 'counter' static .data+16 size 4 type 4: LOCAL OBJECT size 4
