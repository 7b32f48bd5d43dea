#name: TLS variables: DATASECs .tdata and .tbss with offsets within each section
#source: tls-vars.c
#ld: exec
#run: 0
#kernel: valid
[1] INT 'int' size=4 bits_offset=0 nr_bits=32 encoding=SIGNED
[2] INT 'long int' size=8 bits_offset=0 nr_bits=64 encoding=SIGNED
[3] FUNC_PROTO '(anon)' ret_type_id=1 vlen=0
[4] FUNC 'main' type_id=3 linkage=global
[5] VAR 'tls_c' type_id=2, linkage=global
[6] VAR 'tls_a' type_id=1, linkage=global
[7] VAR 'tls_z' type_id=1, linkage=global
[8] VAR 'plain' type_id=1, linkage=global
[9] DATASEC '.tdata' size=12 vlen=2
	type_id=5 offset=0 size=8 (VAR 'tls_c')
	type_id=6 offset=8 size=4 (VAR 'tls_a')
[10] DATASEC '.tbss' size=4 vlen=1
	type_id=7 offset=0 size=4 (VAR 'tls_z')
[11] DATASEC '.bss' size=8 vlen=1
	type_id=8 offset=4 size=4 (VAR 'plain')
