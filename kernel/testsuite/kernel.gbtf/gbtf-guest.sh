# Guest helpers of gbtf.exp (sourced by its scenario script).

# named_types FILE: "KIND NAME" of the named STRUCT, UNION, ENUM (ENUM64
# counted as ENUM) and TYPEDEF types of BTF FILE, sorted, unique.
named_types() {
	btf-load --dump "$1" |
		sed -n -E "s/^btf-dump: [^:]*: \[[0-9]+\] (STRUCT|UNION|ENUM|ENUM64|TYPEDEF) '(.+)'\$/\1 \2/p" |
		sed 's/^ENUM64 /ENUM /' | sort -u
}

# missing_names: the named types of /data/pahole-names (kernel A's, made
# by pahole) that /sys/kernel/btf/vmlinux lacks, one "missing: KIND NAME"
# line each.
missing_names() {
	named_types /sys/kernel/btf/vmlinux >/tmp/ours || return 1
	echo "ours: $(wc -l </tmp/ours) named"
	# Lines of pahole-names only: once in the input, the others twice or
	# three times.
	sort /tmp/ours /tmp/ours /data/pahole-names | uniq -u | sed 's/^/missing: /'
}

# kfunc_tags: the number of DECL_TAG 'bpf_kfunc' of /sys/kernel/btf/vmlinux.
kfunc_tags() {
	echo "kfunc-tags: $(btf-load --dump /sys/kernel/btf/vmlinux |
		grep -c "\] DECL_TAG 'bpf_kfunc'\$")"
}

# btf_log: the kernel's messages about BTF and BPF so far.
btf_log() {
	dmesg | grep -E -i 'btf|bpf' | sed 's/^/dmesg: /'
	return 0
}
