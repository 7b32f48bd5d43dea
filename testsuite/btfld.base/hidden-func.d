#name: a hidden function: static, as the local symbol the link made of it (every compiler)
#source: hidden-func.c
#ld: exec
#run: 3
#dump: symbols
#kernel: valid
FUNC 'main' global: GLOBAL
FUNC 'visible_add' global: GLOBAL
FUNC 'hidden_add' static: LOCAL
