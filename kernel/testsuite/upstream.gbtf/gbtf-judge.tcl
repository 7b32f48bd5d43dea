# The judgement of a 7.2 gbtf kernel against the stock u built with the
# same compiler and configuration, sourced by gbtf.exp (the forky root's
# gcc 16) and gbtf-gcc15.exp with UGBTF_GCC set: "" for the root's gcc,
# else the major version N of gcc-N (kernel/upstream-kernel --gcc=N);
# and by upstream.large/large.exp with UGBTF_CONFIG set to defconfig
# (kernel/upstream-kernel --config=defconfig; "" or unset: tinyconfig).
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
# kernel/modules/clones, built the same way with btfld's GCC plugin and
# BTFLD_BTF_FEATURES=optimized_func,true_signature, has two functions
# that gcc emits only as clones (one without an unused parameter, one
# without a constant one); an fentry program attached to each clone's
# FUNC reads the arguments the module called it with, which it can only
# if the FUNC has the parameters the clone really takes.
# The CO-RE corpus (kernel/core/) compiles against each kernel's
# vmlinux.h (the forky root's bpftool and clang, kernel/upstream-core),
# and each build loads on both kernels (guest/core-load).
# Every in-tree module the gbtf kernel's configuration builds (none for
# tinyconfig) that loads on u, its own build loaded in u's boot, loads,
# dependencies first, with its BTF in /sys/kernel/btf/NAME (a module
# for a device the guest lacks loads on neither).
# Last, fentry by name: of the FUNC names both kernels' vmlinux BTF
# have, sorted, every Kth (about 300 of them), an fentry program is
# loaded and attached for each in a boot of each kernel: the verdict
# (attached, or the errno of the load or the attach) must be the same
# for every function, and most must attach.

global BTF_OBJCOPY BTF_PLUGIN WORKDIR srcdir subdir UGBTF_GCC UGBTF_CONFIG
if {![info exists UGBTF_CONFIG]} { set UGBTF_CONFIG "" }

# "upstream gbtf" for the root's gcc and tinyconfig, "upstream gbtf
# gcc-N" for gcc-N, "upstream gbtf defconfig" for defconfig.
set who "upstream gbtf"
set gccopt {}
set sfx ""
if {$UGBTF_GCC ne ""} {
    append who " gcc-$UGBTF_GCC"
    lappend gccopt --gcc=$UGBTF_GCC
    append sfx -gcc$UGBTF_GCC
}
if {$UGBTF_CONFIG ne ""} {
    append who " $UGBTF_CONFIG"
    lappend gccopt --config=$UGBTF_CONFIG
    append sfx -$UGBTF_CONFIG
}
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
    "insmod clones.ko"
    "fentry on clones_drop's clone (an unused parameter removed) reads its arguments (40, 81)"
    "fentry on clones_scale's clone (a constant parameter removed) reads its argument (45)"
    "every in-tree module that loads on u loads, with its BTF in /sys/kernel/btf"
    "vmlinux.o linked with btfld's ld plugin (BTFLD_PLUGIN), its .BTF one blob"
} { string cat "$who: " $n }]

if {$BTF_OBJCOPY eq "" || ![file executable $BTF_OBJCOPY]} {
    foreach n $names { unsupported "$n (no --objcopy given)" }
    return
}

set plugopt {}
if {[info exists BTF_PLUGIN] && $BTF_PLUGIN ne "" && [file exists $BTF_PLUGIN]} {
    set plugopt [list --plugin=$BTF_PLUGIN]
}
set kg [kernel_script upstream-kernel --variant=gbtf --objcopy=$BTF_OBJCOPY {*}$plugopt {*}$gccopt]
set ku [kernel_script upstream-kernel --variant=u {*}$gccopt]
set core_dir(gbtf) [kernel_script upstream-core --kernel-dir=$kg]
set core_dir(u) [kernel_script upstream-core --kernel-dir=$ku]
set corpus [kernel_core_corpus]
set hdesc {gbtf "gbtf's vmlinux.h" u "u's vmlinux.h (pahole)"}
foreach h {gbtf u} {
    foreach {prog progs} $corpus {
	set obj $core_dir($h)/$prog.bpf.o
	set log ""
	catch {set log [exec cat $core_dir($h)/$prog.log]}
	kernel_judge "$who: core: $prog compiles against [dict get $hdesc $h]" \
	    [file exists $obj] "$log\n"
    }
}
# core-load cases for a boot, and the files they need.
proc ugbtf_core_body {} {
    global core_dir corpus
    set body ""
    set adds [list [list [kernel_core_loader] /bin/core-load]]
    foreach h {gbtf u} {
	set objs {}
	foreach {prog progs} $corpus {
	    if {[file exists $core_dir($h)/$prog.bpf.o]} {
		lappend adds [list $core_dir($h)/$prog.bpf.o /data/core/$prog-$h.bpf.o]
		lappend objs /data/core/$prog-$h.bpf.o
	    }
	}
	append body "run_case core-$h core-load $objs\n"
    }
    return [list $body $adds]
}
# Judge the core-load cases of cases R, a boot of kernel KDESC.
proc ugbtf_core_judge {r kdesc} {
    global core_dir corpus hdesc who
    foreach h {gbtf u} {
	set out [kernel_case_output $r core-$h]
	foreach {prog progs} $corpus {
	    lassign [kernel_core_verdict $out $prog $h $progs] loaded mine
	    kernel_judge "$who: core: $prog built with [dict get $hdesc $h] loads on $kdesc" \
		[expr {[file exists $core_dir($h)/$prog.bpf.o] && $loaded}] "[join $mine \n]\n"
	}
    }
}
lassign [ugbtf_core_body] core_body core_adds

set kos {}
foreach name {hello kfunc clones} {
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

# Patch 7: vmlinux's BTF made in the link of vmlinux.o.
if {$plugopt eq ""} {
    unsupported "[lindex $names end] (no ld plugin given)"
} else {
    set ocmd ""
    catch {set ocmd [exec cat $kg/.vmlinux.o.cmd]}
    set oinfo ""
    catch {set oinfo [exec $BTF_OBJCOPY --info $kg/vmlinux.o]}
    kernel_judge [lindex $names end] \
	[expr {[string first " -plugin $kg/btfld/btfld.so " $ocmd] >= 0
	       && [regexp {: 1 blob, } $oinfo]}] \
	"host: [string range $ocmd 0 600]\nhost: $oinfo\n"
}

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
# other names, or gbtf-missing-names.CONFIG for another configuration.
set mfile $srcdir/upstream.gbtf/gbtf-missing-names
if {$UGBTF_GCC ne "" && [file exists $mfile.gcc$UGBTF_GCC]} {
    set mfile $mfile.gcc$UGBTF_GCC
}
if {$UGBTF_CONFIG ne "" && [file exists $mfile.$UGBTF_CONFIG]} {
    set mfile $mfile.$UGBTF_CONFIG
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
foreach ko [lrange $kos 0 1] { lappend kinds [kernel_btf_kind $ko] }
kernel_judge [lindex $names 8] [expr {$kinds eq {split-elf split-elf}}] "host: $kinds\n"

# Append module NAME of MODS (NAME -> {PATH DEPENDENCIES}) to the list
# ORDERV after its dependencies, once (SEENV: the names appended).
proc ugbtf_visit {mods name orderv seenv} {
    upvar $orderv order $seenv seen
    if {[dict exists $seen $name] || ![dict exists $mods $name]} return
    dict set seen $name 1
    foreach d [lindex [dict get $mods $name] 1] { ugbtf_visit $mods $d order seen }
    lappend order [list $name [lindex [dict get $mods $name] 0]]
}

# The in-tree modules of KG, dependencies first: a list of {NAME PATH}.
proc ugbtf_intree {kg} {
    set mods [dict create]
    set f [open $kg/modules.order r]
    foreach line [split [read $f] "\n"] {
	if {$line eq ""} continue
	set ko $kg/[regsub {\.o$} $line .ko]
	set name [exec modinfo -F name $ko]
	set deps [split [exec modinfo -F depends $ko] ","]
	dict set mods $name [list $ko [lsearch -all -inline -not -exact $deps ""]]
    }
    close $f
    set order {}
    set seen [dict create]
    foreach name [lsort [dict keys $mods]] { ugbtf_visit $mods $name order seen }
    return $order
}
set intree [ugbtf_intree $kg]
set intree_script $WORKDIR/intree$sfx.sh
set f [open $intree_script w]
puts $f "# insmod every in-tree module, dependencies first"
foreach m $intree {
    lassign $m name ko
    puts $f "insmod /data/intree/[file tail $ko] && r=0 || r=\$?"
    puts $f "if \[ -e /sys/kernel/btf/$name \]; then b=present; else b=missing; fi"
    puts $f "echo \"intree: $name: insmod rc=\$r, btf \$b\""
}
close $f
clone_output "note: $who: in-tree modules: [llength $intree]"

# ---- the guest ------------------------------------------------------------

set body {
run_case boot-log sh -c 'dmesg | grep -E -i "btf|bpf" | sed "s/^/dmesg: /"'
run_case vmlinux-load btf-load /sys/kernel/btf/vmlinux
run_case hello-insmod try_insmod /data/hello.ko
run_case hello-btf check_module_btf hello
run_case kfunc-insmod try_insmod /data/kfunc.ko
run_case kfunc-call btf-load --call-kfunc kfunc btfld_kfunc_add 40 2
run_case clones-insmod try_insmod /data/clones.ko
run_case clones-drop btf-load --fentry-args clones clones_drop /sys/module/clones/parameters/trigger 40
run_case clones-scale btf-load --fentry-args clones clones_scale /sys/module/clones/parameters/trigger 40
run_case end-log sh -c 'dmesg | grep -E -i "btf|bpf" | sed "s/^/dmesg: /"'
run_case fentry btf-load --fentry /data/fentry-list
}
append body $core_body
append body "run_case intree sh /data/intree.sh\n"
append body {run_case intree-log sh -c 'dmesg | grep -E -i "btf|bpf" | sed "s/^/dmesg: /"'}
append body "\n"
set adds [list [list [lindex $kos 0] /data/hello.ko] [list [lindex $kos 1] /data/kfunc.ko] \
	      [list [lindex $kos 2] /data/clones.ko] [list $fentry_list /data/fentry-list] \
	      {*}$core_adds [list $intree_script /data/intree.sh]]
foreach m $intree {
    lappend adds [list [lindex $m 1] /data/intree/[file tail [lindex $m 1]]]
}
if {[catch {kernel_boot upstream-gbtf$sfx $kg $body $adds} console]} {
    clone_output "ERROR: $console"
    foreach n [lrange $names 6 end] {
	if {$n ne [lindex $names 8]} { unresolved $n }
    }
    foreach k {gbtf u} {
	foreach h {gbtf u} {
	    foreach {prog progs} $corpus {
		unresolved "$who: core: $prog built with [dict get $hdesc $h] loads on [expr {$k eq "u" ? "u" : "gbtf"}]"
	    }
	}
    }
    return
}
set r [kernel_cases $console]
set uadds [list [list $fentry_list /data/fentry-list] {*}$core_adds \
	       [list $intree_script /data/intree.sh]]
foreach m [ugbtf_intree $ku] {
    lappend uadds [list [lindex $m 1] /data/intree/[file tail [lindex $m 1]]]
}
if {[catch {kernel_boot upstream-gbtf-u$sfx $ku \
		"run_case fentry btf-load --fentry /data/fentry-list\n$core_body\nrun_case intree sh /data/intree.sh\n" \
		$uadds} uconsole]} {
    clone_output "ERROR: $uconsole"
    set uconsole ""
}
set ru [kernel_cases $uconsole]
ugbtf_core_judge $r gbtf
ugbtf_core_judge $ru u

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

# The clones: "bpf-fentry-args: NAME.SUFFIX: ARGS" and one read of one.
set out [kernel_case_output $r clones-insmod]
kernel_judge [lindex $names 15] [expr {[kernel_case_rc $r clones-insmod] == 0
	      && [regexp -line {clones: loaded} $out]}] $out
foreach case {clones-drop clones-scale} fn {clones_drop clones_scale} args {{40 81} 45} i {16 17} {
    set out [kernel_case_output $r $case]
    kernel_judge [lindex $names $i] [expr {[kernel_case_rc $r $case] == 0
	      && [regexp -line "^bpf-fentry-args: ${fn}\\.\\S+: $args\$" $out]
	      && [regexp -line {^bpf-fentry-args: 1 read of 1$} $out]}] $out
}

# In-tree modules: "intree: NAME: insmod rc=0, btf present" on gbtf for
# each that u loads ("intree: NAME: insmod rc=0, ..."), and no BTF
# complaint in the kernel log after them.
set out [kernel_case_output $r intree]
set uout [kernel_case_output $ru intree]
set bad {}
set neither {}
foreach m $intree {
    set name [lindex $m 0]
    if {![regexp -line "^intree: $name: insmod rc=0, " $uout]} {
	lappend neither $name
    } elseif {![regexp -line "^intree: $name: insmod rc=0, btf present\$" $out]} {
	lappend bad $name
    }
}
set log [kernel_case_output $r intree-log]
if {[llength $intree] == 0} {
    unsupported "[lindex $names 18] (the configuration builds no module)"
} else {
    clone_output "note: $who: in-tree modules u does not load either: $neither"
    kernel_judge [lindex $names 18] [expr {[llength $bad] == 0
	      && [llength $neither] < [llength $intree]
	      && ![regexp -line {^dmesg: .*(BPF: |failed to validate|[Ii]nvalid|BTF.*error)} $log]}] \
	"host: not loaded with BTF: $bad\n$out\n$log"
}
