# The judgement of a 7.2 gbtf kernel against the stock u built with the
# same compiler, sourced by gbtf.exp (the forky root's gcc 16) and
# gbtf-gcc15.exp with UGBTF_GCC set: "" for the root's gcc, else the
# major version N of gcc-N (kernel/upstream-kernel --gcc=N).
#
# Kernel "gbtf" of 7.2 (kernel/upstream-kernel --variant=gbtf): Debian's
# 7.2 with the series kernel/patches/7.2/gbtf/, configured as u plus
# config/upstream-gbtf.config (DEBUG_INFO_NONE, DEBUG_INFO_BTF_TOOLCHAIN),
# built with pahole hidden: vmlinux and module BTF come from gcc -gbtf and
# btf-objcopy, then 7.2's resolve_btfids.  Judged against the stock u
# (DWARF and pahole 1.32), same configuration and compiler otherwise.
# On the host:
#
#   - vmlinux has no DWARF, and its .BTF is one blob;
#   - resolve_btfids sorted it by name, as 7.2 sorts pahole's;
#   - its type count is within 1% of u's;
#   - it has every named STRUCT, UNION, ENUM and TYPEDEF of u's but those
#     listed, each with the reason, in gbtf-missing-names (or
#     gbtf-missing-names.gccN for gcc-N);
#   - the FUNCs with a DECL_TAG bpf_kfunc, and those with bpf_fastcall,
#     are u's.
#
# Then in one boot: no BTF complaint in the kernel log (the struct_ops
# value types, which the series defines at file scope, registered),
# BPF_BTF_LOAD accepts /sys/kernel/btf/vmlinux; kernel/modules/hello and kfunc, built
# as external modules by this kernel's own Kbuild (split BTF from
# btf-objcopy, distilled base and .BTF_ids from resolve_btfids), load
# with their BTF in /sys/kernel/btf, and a BPF program calls the kfunc.
# Last, fentry by name: of the FUNC names both kernels' vmlinux BTF
# have, sorted, every Kth (about 300 of them), an fentry program is
# loaded and attached for each in a boot of each kernel: the verdict
# (attached, or the errno of the load or the attach) must be the same
# for every function, and most must attach.

global BTF_OBJCOPY WORKDIR srcdir subdir UGBTF_GCC

# "upstream gbtf" for the root's gcc, "upstream gbtf gcc-N" for gcc-N.
set who [expr {$UGBTF_GCC eq "" ? "upstream gbtf" : "upstream gbtf gcc-$UGBTF_GCC"}]
set gccopt [expr {$UGBTF_GCC eq "" ? {} : [list --gcc=$UGBTF_GCC]}]
set sfx [expr {$UGBTF_GCC eq "" ? "" : "-gcc$UGBTF_GCC"}]
set names [lmap n {
    "vmlinux has no DWARF and one .BTF blob"
    "vmlinux BTF is sorted by name"
    "type count within 1% of u's (pahole)"
    "named struct/union/enum/typedef types include u's"
    "the FUNCs tagged bpf_kfunc are u's"
    "the FUNCs tagged bpf_fastcall are u's"
    "no BTF errors in the kernel log"
    "BPF_BTF_LOAD accepts /sys/kernel/btf/vmlinux"
    "hello.ko and kfunc.ko have .BTF.base and .BTF"
    "insmod hello.ko"
    "/sys/kernel/btf/hello has the module's types on vmlinux's"
    "insmod kfunc.ko"
    "BPF program calls btfld_kfunc_add (40, 2) = 1042"
    "struct_ops types registered (no \"Cannot find struct\" in the kernel log)"
    "fentry by name on a sample of the FUNCs both kernels have: the same verdict as on u, function by function"
} { string cat "$who: " $n }]

if {$BTF_OBJCOPY eq "" || ![file executable $BTF_OBJCOPY]} {
    foreach n $names { unsupported "$n (no --objcopy given)" }
    return
}

set kg [kernel_script upstream-kernel --variant=gbtf --objcopy=$BTF_OBJCOPY {*}$gccopt]
set ku [kernel_script upstream-kernel --variant=u {*}$gccopt]
set kos {}
foreach name {hello kfunc} {
    lappend kos [kernel_script upstream-module --kernel-dir=$kg --module=$name \
		     --flavour=gbtf]
}

# ---- vmlinux, on the host -------------------------------------------------

# The types of a bpftool-style raw dump (btf-objcopy --dump-btf): a list
# of {KIND NAME REST}, in id order, NAME "" for an anonymous type.
proc ugbtf_types {dump} {
    set out {}
    foreach line [split $dump "\n"] {
	if {[regexp {^\[\d+\] (\S+) '([^']*)'(.*)$} $line -> kind name rest]} {
	    if {$name eq "(anon)"} { set name "" }
	    lappend out [list $kind $name $rest]
	}
    }
    return $out
}

# "KIND NAME" of the named STRUCT/UNION/ENUM/TYPEDEF types, ENUM64 counted
# as ENUM, sorted, unique.
proc ugbtf_named {types} {
    set out {}
    foreach t $types {
	lassign $t kind name
	if {$name eq "" || $kind ni {STRUCT UNION ENUM ENUM64 TYPEDEF}} continue
	if {$kind eq "ENUM64"} { set kind ENUM }
	lappend out "$kind $name"
    }
    return [lsort -unique $out]
}

# The names of the FUNCs tagged TAG (component -1), sorted.
proc ugbtf_tagged {types tag} {
    set out {}
    foreach t $types {
	lassign $t kind name rest
	if {$kind eq "DECL_TAG" && $name eq $tag
	    && [regexp {type_id=(\d+) component_idx=-1$} $rest -> id]} {
	    set target [lindex $types [expr {$id - 1}]]
	    lappend out [expr {[lindex $target 0] eq "FUNC" ? [lindex $target 1] : "?$id"}]
	}
    }
    return [lsort $out]
}

set info [exec $BTF_OBJCOPY --info $kg/vmlinux]
set debug [regexp {\s\.debug_info\s} [exec readelf -S --wide $kg/vmlinux]]
kernel_judge [lindex $names 0] [expr {!$debug && [regexp {: 1 blob, } $info]}] \
    "host: $info\nhost: .debug_info: $debug\n"

set gtypes [ugbtf_types [exec $BTF_OBJCOPY --dump-btf $kg/vmlinux]]
set utypes [ugbtf_types [exec $BTF_OBJCOPY --dump-btf $ku/vmlinux]]
set prev ""
set unsorted {}
foreach t $gtypes {
    set n [lindex $t 1]
    if {[string compare $prev $n] > 0} { lappend unsorted "$prev > $n" }
    set prev $n
}
kernel_judge [lindex $names 1] [expr {[llength $unsorted] == 0}] \
    "host: out of order: [lrange $unsorted 0 9]\n"

set ng [llength $gtypes]
set nu [llength $utypes]
clone_output "note: $who: vmlinux BTF types: gbtf $ng, u (pahole) $nu"
kernel_judge [lindex $names 2] [expr {$ng > 0 && $nu > 0 && abs($ng - $nu) * 100 <= $nu}] \
    "host: gbtf $ng types, u $nu\n"

set explained [dict create]
# gbtf-missing-names, or gbtf-missing-names.gccN where gcc-N's BTF lacks
# other names.
set mfile $srcdir/$subdir/gbtf-missing-names
if {$UGBTF_GCC ne "" && [file exists $mfile.gcc$UGBTF_GCC]} {
    set mfile $mfile.gcc$UGBTF_GCC
}
set f [open $mfile r]
foreach line [split [read $f] "\n"] {
    set line [string trim [regsub {#.*$} $line ""]]
    if {$line ne ""} { dict set explained $line 1 }
}
close $f
set gnamed [ugbtf_named $gtypes]
set unamed [ugbtf_named $utypes]
set missing {}
foreach n $unamed {
    if {[lsearch -sorted -exact $gnamed $n] < 0} { lappend missing $n }
}
set ok [expr {[llength $gnamed] > 0 && [lsort [dict keys $explained]] eq $missing}]
clone_output "note: $who: named types of u missing here: [llength $missing] of [llength $unamed]"
kernel_judge [lindex $names 3] $ok \
    "host: missing: $missing\nhost: listed in [file tail $mfile]: [lsort [dict keys $explained]]\n"

foreach tag {bpf_kfunc bpf_fastcall} i {4 5} {
    set g [ugbtf_tagged $gtypes $tag]
    set u [ugbtf_tagged $utypes $tag]
    clone_output "note: $who: FUNCs tagged $tag: gbtf [llength $g], u [llength $u]"
    kernel_judge [lindex $names $i] [expr {[llength $u] > 0 && $g eq $u}] \
	"host: gbtf: $g\nhost: u: $u\n"
}

# The FUNC names of both kernels, sorted; every Kth of them.
proc ugbtf_funcs {types} {
    set out {}
    foreach t $types {
	if {[lindex $t 0] eq "FUNC"} { lappend out [lindex $t 1] }
    }
    return [lsort -unique $out]
}
set ufuncs [ugbtf_funcs $utypes]
set common {}
foreach n [ugbtf_funcs $gtypes] {
    if {[lsearch -sorted -exact $ufuncs $n] >= 0} { lappend common $n }
}
set step [expr {max(1, ([llength $common] + 299) / 300)}]
set fentry_list $WORKDIR/fentry-list$sfx
set f [open $fentry_list w]
for {set i 0} {$i < [llength $common]} {incr i $step} {
    puts $f [lindex $common $i]
}
close $f
clone_output "note: $who: fentry sample: every ${step}th of [llength $common] FUNC names both kernels have"

set kinds {}
foreach ko $kos { lappend kinds [kernel_btf_kind $ko] }
kernel_judge [lindex $names 8] [expr {$kinds eq {split-elf split-elf}}] "host: $kinds\n"

# ---- the guest ------------------------------------------------------------

set body {
run_case boot-log sh -c 'dmesg | grep -E -i "btf|bpf" | sed "s/^/dmesg: /"'
run_case vmlinux-load btf-load /sys/kernel/btf/vmlinux
run_case hello-insmod try_insmod /data/hello.ko
run_case hello-btf check_module_btf hello
run_case kfunc-insmod try_insmod /data/kfunc.ko
run_case kfunc-call btf-load --call-kfunc kfunc btfld_kfunc_add 40 2
run_case end-log sh -c 'dmesg | grep -E -i "btf|bpf" | sed "s/^/dmesg: /"'
run_case fentry btf-load --fentry /data/fentry-list
}
set adds [list [list [lindex $kos 0] /data/hello.ko] [list [lindex $kos 1] /data/kfunc.ko] \
	      [list $fentry_list /data/fentry-list]]
if {[catch {kernel_boot upstream-gbtf$sfx $kg $body $adds} console]} {
    clone_output "ERROR: $console"
    foreach n [lrange $names 6 end] {
	if {$n ne [lindex $names 8]} { unresolved $n }
    }
    return
}
set r [kernel_cases $console]
if {[catch {kernel_boot upstream-gbtf-u$sfx $ku \
		"run_case fentry btf-load --fentry /data/fentry-list\n" \
		[list [list $fentry_list /data/fentry-list]]} uconsole]} {
    clone_output "ERROR: $uconsole"
    set uconsole ""
}
set ru [kernel_cases $uconsole]

set log [kernel_case_output $r end-log]
kernel_judge [lindex $names 6] [expr {[kernel_case_rc $r end-log] == 0
	      && ![regexp -line {^dmesg: .*(BPF: |failed to validate|[Ii]nvalid|BTF.*error)} $log]}] $log

# register_bpf_struct_ops() finds struct bpf_struct_ops_<type> in
# vmlinux BTF.
kernel_judge [lindex $names 13] [expr {[kernel_case_rc $r end-log] == 0
	      && ![regexp -line {Cannot find struct} $log]}] $log

set out [kernel_case_output $r vmlinux-load]
kernel_judge [lindex $names 7] [expr {[kernel_case_rc $r vmlinux-load] == 0
				       && [regexp -line {: OK fd=} $out]}] $out

set out [kernel_case_output $r hello-insmod]
kernel_judge [lindex $names 9] [expr {[kernel_case_rc $r hello-insmod] == 0
	      && [regexp -line {hello: loaded: hello at \(1,2\)} $out]
	      && ![regexp -line {BPF:|failed to validate} $out]}] $out
set out [kernel_case_output $r hello-btf]
kernel_judge [lindex $names 10] [expr {[kernel_case_rc $r hello-btf] == 0
	      && [regexp -line {\] STRUCT 'hello_state'$} $out]
	      && [regexp -line {\] ENUM 'hello_mood'$} $out]
	      && [regexp -line {\] FUNC 'hello_describe'$} $out]
	      && [regexp -line {: hello_state\.node -> \[\d+\] STRUCT 'list_head' \(base\)$} $out]}] $out

set out [kernel_case_output $r kfunc-insmod]
kernel_judge [lindex $names 11] [expr {[kernel_case_rc $r kfunc-insmod] == 0
	      && [regexp -line {kfunc: loaded: register_btf_kfunc_id_set: 0} $out]}] $out
set out [kernel_case_output $r kfunc-call]
kernel_judge [lindex $names 12] [expr {[kernel_case_rc $r kfunc-call] == 0
	      && [regexp -line {^bpf-kfunc: kfunc btfld_kfunc_add: retval=1042$} $out]}] $out

# fentry by name: "bpf-fentry: NAME: VERDICT" on each kernel.
proc ugbtf_fentry {r} {
    set out [dict create]
    if {![dict exists $r fentry]} { return $out }
    foreach line [split [kernel_case_output $r fentry] "\n"] {
	if {[regexp {^bpf-fentry: (\S+): (.*)$} $line -> n v] && ![string is integer $n]} {
	    dict set out $n $v
	}
    }
    return $out
}
set gf [ugbtf_fentry $r]
set uf [ugbtf_fentry $ru]
set differ {}
set attached 0
dict for {n v} $uf {
    set g [expr {[dict exists $gf $n] ? [dict get $gf $n] : "(no verdict)"}]
    if {$g ne $v} { lappend differ "$n: gbtf $g, u $v" }
    if {$v eq "attached"} { incr attached }
}
clone_output "note: $who: fentry: [dict size $uf] functions, $attached attached on u, [llength $differ] verdicts differ"
kernel_judge [lindex $names 14] [expr {[dict size $uf] > 0 && [dict size $gf] == [dict size $uf]
				       && $attached * 2 > [dict size $uf] && [llength $differ] == 0}] \
    "host: [join $differ "\nhost: "]\n"
