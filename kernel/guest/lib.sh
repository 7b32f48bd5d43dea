# Helpers for the guest scenario scripts (sourced by /scenario.sh).

# run_case ID COMMAND...: run COMMAND between the case markers that the
# host side (kernel/testsuite/lib/kernel.exp) parses.
run_case() {
	id=$1
	shift
	echo "@@CASE-BEGIN $id@@"
	"$@" 2>&1
	rc=$?
	echo "@@CASE-END $id rc=$rc@@"
}

# dmesg_mark: put a numbered mark in the kernel log; dmesg_since N
# prints what the kernel logged after mark N.
mark_no=0
dmesg_mark() {
	mark_no=$((mark_no + 1))
	echo "btfld-mark-$mark_no" >/dev/kmsg
}
dmesg_since() {
	dmesg | sed -n "/btfld-mark-$1\$/,\$p" | sed 1d
}

# try_insmod KO: insert a module, print the result and the kernel log of
# the attempt.
try_insmod() {
	dmesg_mark
	m=$mark_no
	insmod "$1"
	rc=$?
	echo "insmod: rc=$rc"
	dmesg_since $m | sed 's/^/dmesg: /'
	return $rc
}

# check_module_btf NAME: show the module's BTF in sysfs, if any.
check_module_btf() {
	f=/sys/kernel/btf/$1
	if [ ! -e "$f" ]; then
		echo "sysfs: $f: missing"
		return 1
	fi
	echo "sysfs: $f: present"
	btf-load --info "$f" || return 1
	btf-load --dump --base /sys/kernel/btf/vmlinux "$f"
}
