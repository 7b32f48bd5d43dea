#name: a weak function overridden by a strong one: one global FUNC, the strong definition's
#source: weak-override-1.c
#source: weak-override-2.c
#source: weak-override-m.c
#ld: exec
#run: 42
#kernel: valid
#grep: ^\[\d+\] FUNC |^\t'(regs|unused)' 
	'regs' 
FUNC 'main'  linkage=global
FUNC 'wf'  linkage=global
