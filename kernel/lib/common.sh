# shellcheck shell=bash
# Shared helpers for the btfld kernel test harness.  Sourced by the
# scripts in kernel/; expects the caller to have `set -euo pipefail`.

# Directory holding the kernel/ scripts (this file lives in kernel/lib/).
BTFLD_KDIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# Cache for extracted sources, kernel builds, modules and run artefacts.
# Never inside the repository.
# (bash expands ~ from the password database when HOME is unset.)
BTFLD_CACHE=${BTFLD_CACHE:-${XDG_CACHE_HOME:-${HOME:-$(echo ~)}/.cache}/btfld}

# Bump when the way a kernel is configured or built changes in a way the
# cache key would not otherwise notice.
export BTFLD_RECIPE=1

BTFLD_JOBS=${BTFLD_JOBS:-2}

# Debian package that ships the kernel source tarball.
BTFLD_KPKG=${BTFLD_KPKG:-linux-source-6.1}

# Packages the harness needs on a Debian 12 host.
BTFLD_PACKAGES=(
	"$BTFLD_KPKG" xz-utils make gcc libc6-dev binutils flex bison bc
	libelf-dev libssl-dev dwarves kmod cpio gzip busybox-static
	qemu-system-x86 dejagnu expect coreutils util-linux
	clang bpftool libbpf-dev zlib1g-dev
)

_btfld_prog=$(basename "$0")

log() {
	printf '[%s %s] %s\n' "$_btfld_prog" "$(date +%H:%M:%S)" "$*" >&2
}

die() {
	printf '%s: error: %s\n' "$_btfld_prog" "$*" >&2
	exit 1
}

# Install whichever of the given Debian packages are missing.
ensure_packages() {
	local missing=() p st
	for p in "$@"; do
		st=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
		case $st in
		*" installed") ;;
		*) missing+=("$p") ;;
		esac
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	if [ "$(id -u)" != 0 ]; then
		die "missing packages: ${missing[*]} (run as root or install them: apt-get install ${missing[*]})"
	fi
	log "installing missing packages: ${missing[*]}"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -q >&2 || die "apt-get update failed"
	apt-get install -y -q --no-install-recommends "${missing[@]}" >&2 ||
		die "apt-get install ${missing[*]} failed"
}

ensure_all_packages() {
	ensure_packages "${BTFLD_PACKAGES[@]}"
}

# Hash of stdin, 16 hex digits.
short_hash() {
	sha256sum | cut -c1-16
}

# Hash of the named files' names and contents, in the given order.
hash_files() {
	local f
	for f in "$@"; do
		printf '%s\n' "$(basename "$f")"
		cat "$f"
	done | short_hash
}

# Path of the kernel source tarball (from the Debian package).
kernel_tarball() {
	local t
	if [ -n "${BTFLD_KERNEL_TARBALL:-}" ]; then
		[ -f "$BTFLD_KERNEL_TARBALL" ] ||
			die "BTFLD_KERNEL_TARBALL=$BTFLD_KERNEL_TARBALL: no such file"
		echo "$BTFLD_KERNEL_TARBALL"
		return
	fi
	t=$(dpkg -L "$BTFLD_KPKG" 2>/dev/null | grep -E '/linux-source-[^/]*\.tar\.(xz|bz2|gz)$' | head -n1 || true)
	[ -n "$t" ] && [ -f "$t" ] ||
		die "cannot find the kernel tarball of package $BTFLD_KPKG (dpkg -L $BTFLD_KPKG)"
	echo "$t"
}

# Version of the kernel tarball, used in cache keys.
kernel_tarball_version() {
	if [ -n "${BTFLD_KERNEL_TARBALL:-}" ]; then
		echo "file-$(sha256sum <"$BTFLD_KERNEL_TARBALL" | cut -c1-16)"
	else
		dpkg-query -W -f='${Version}' "$BTFLD_KPKG"
	fi
}

# patch_series_files VERSION [GROUP]: the files that make up the patch
# series for kernel VERSION (kernel/patches/VERSION/series), or with GROUP
# those of the patch group kernel/patches/VERSION/GROUP/ (its own series
# file, applied after the version's series when there is one): the series
# file and each patch it names, in order.
patch_series_files() {
	local dir=$BTFLD_KDIR/patches/$1${2:+/$2} p
	local series=$dir/series
	[ -f "$series" ] || die "missing $series"
	echo "$series"
	while read -r p _; do
		case $p in '' | '#'*) continue ;; esac
		[ -f "$dir/$p" ] || die "patch listed in series is missing: kernel/${dir#"$BTFLD_KDIR"/}/$p"
		echo "$dir/$p"
	done <"$series"
}

# Take an exclusive lock on the cache for the rest of the process.
lock_cache() {
	mkdir -p "$BTFLD_CACHE"
	exec 9>"$BTFLD_CACHE/.lock"
	if ! flock -n 9; then
		log "waiting for another run holding $BTFLD_CACHE/.lock"
		flock 9
	fi
}

# Run a long command with its output in LOGFILE, printing a heartbeat
# line every minute so a CI log shows progress; on failure show the end
# of the log.
# run_large_test TOOL EXP OBJCOPY PLUGIN T0 T1: runtest --tool TOOL on
# EXP with LARGE=1 (the defconfig-class tests, not part of their tool's
# usual run), BTF_OBJCOPY=OBJCOPY, BTF_PLUGIN=PLUGIN (may be empty); prints its verdicts and "N passed, N
# failed" (T0: the run's start, T1: when its kernels were ready) and
# returns non-zero if anything failed.  The .sum and .log are kept as
# TOOL-large.sum and TOOL-large.log in $BTFLD_KERNEL_OUTDIR.
run_large_test() {
	local tool=$1 exp=$2 objcopy=$3 plugin=$4 t0=$5 t1=$6
	local outdir=${BTFLD_KERNEL_OUTDIR:-$BTFLD_CACHE/results}
	local workdir=$BTFLD_CACHE/run-$tool-large rc=0 sum passed failed
	rm -rf "$workdir"
	mkdir -p "$workdir" "$outdir"
	outdir=$(realpath -- "$outdir")
	rm -f "$outdir/$tool.sum" "$outdir/$tool.log"
	(cd "$workdir" && runtest --tool "$tool" --srcdir "$BTFLD_KDIR/testsuite" \
		--outdir "$outdir" "$exp" \
		KERNEL_SCRIPTS="$BTFLD_KDIR" WORKDIR="$workdir" LARGE=1 \
		BTF_DIR= BTF_OBJCOPY="$objcopy" BTF_PLUGIN="$plugin") || rc=$?
	sum=$outdir/$tool.sum
	[ -f "$sum" ] || die "runtest produced no $sum (exit $rc)"
	cp "$sum" "$outdir/$tool-large.sum"
	cp "$outdir/$tool.log" "$outdir/$tool-large.log"
	passed=$(($(sum_count "$sum" 'expected passes') + $(sum_count "$sum" 'expected failures')))
	failed=$(($(sum_count "$sum" 'unexpected failures') +
		$(sum_count "$sum" 'unexpected successes') +
		$(sum_count "$sum" 'unresolved testcases') + $(grep -c '^ERROR:' "$sum" || true)))
	echo
	echo "=== btfld $tool $exp ($(($(date +%s) - t0))s; kernel builds $((t1 - t0))s) ==="
	grep -E '^(PASS|FAIL|XFAIL|XPASS|UNRESOLVED|UNSUPPORTED|ERROR|note):' "$sum" "$outdir/$tool.log" -h |
		sort -u || true
	echo "logs: $outdir/$tool-large.sum $outdir/$tool-large.log"
	echo "$passed passed, $failed failed"
	[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ] && [ "$rc" -eq 0 ]
}

# sum_count SUM WHAT: the count of "# of WHAT" in DejaGnu summary SUM, 0
# when it has none.
sum_count() {
	local n
	n=$(sed -n "s/^# of $2[[:space:]]*\([0-9]*\)\$/\1/p" "$1" | tail -n1)
	echo "${n:-0}"
}

# timed FILE CMD...: run CMD (a function too), writing its wall, user and
# system time to FILE ("wall W s, user U s, sys S s", with its children's).
timed() {
	local out=$1 TIMEFORMAT='wall %R s, user %U s, sys %S s'
	shift
	{ time "$@" 2>&3; } 3>&2 2>"$out"
}

run_logged() {
	local logfile=$1 what=$2 pid rc start elapsed
	shift 2
	start=$(date +%s)
	"$@" >>"$logfile" 2>&1 &
	pid=$!
	while kill -0 "$pid" 2>/dev/null; do
		for _ in $(seq 60); do
			sleep 1
			kill -0 "$pid" 2>/dev/null || break
		done
		if kill -0 "$pid" 2>/dev/null; then
			elapsed=$(($(date +%s) - start))
			log "  ... $what: ${elapsed}s, last: $(tail -n1 "$logfile" | cut -c1-100)"
		fi
	done
	rc=0
	wait "$pid" || rc=$?
	if [ $rc -ne 0 ]; then
		printf '%s\n' "----- last lines of $logfile -----" >&2
		tail -n 40 "$logfile" >&2
		printf '%s\n' "-----" >&2
		die "$what failed (exit $rc); full log: $logfile"
	fi
	log "  $what done in $(($(date +%s) - start))s"
}

# has_section FILE NAME: does ELF FILE have a section called NAME?
has_section() {
	local sections
	sections=$(readelf -S --wide "$1" 2>/dev/null) || return 1
	grep -qE "[[:space:]]$(printf '%s' "$2" | sed 's/\./\\./g')[[:space:]]" <<<"$sections"
}

# The Debian forky root the stock 7.2 kernels u and u' are built in (and
# their modules, and the libbpf 1.7 / pahole 1.32 comparisons run in):
# scripts/mkroot's root with forky's linux-source-7.2 and what building
# it needs, and g++ with the plugin headers of gcc 15 and 16 for btfld's
# GCC plugin (the gbtf kernels).  Builds the root on first use
# (debootstrap, a few minutes).
BTFLD_UPSTREAM_PACKAGES=(linux-source-7.2 bc bison cpio flex kmod libssl-dev xz-utils zlib1g-dev
	g++ g++-15 g++-16 gcc-15-plugin-dev gcc-16-plugin-dev)
upstream_root() {
	"$BTFLD_KDIR/../scripts/mkroot" forky "${BTFLD_UPSTREAM_PACKAGES[@]}" ||
		die "scripts/mkroot forky ${BTFLD_UPSTREAM_PACKAGES[*]} failed"
}

# in_root ROOT CMD...: run CMD in ROOT (chroot, in a private mount
# namespace with /dev, /proc and the cache bind-mounted at the same path
# as outside, so paths under $BTFLD_CACHE mean the same in and out).
# The working directory is $BTFLD_CACHE.
in_root() {
	local root=$1
	shift
	mkdir -p "$root$BTFLD_CACHE"
	unshare -m /bin/sh -c '
		set -e
		r=$1 c=$2
		shift 2
		mount --rbind /dev "$r/dev"
		mount -t proc proc "$r/proc"
		mount --bind "$c" "$r$c"
		cd "$r$c"
		exec chroot "$r" /usr/bin/env -i \
			PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin \
			HOME=/root LANG=C.UTF-8 /bin/sh -c "cd \"\$0\" && exec \"\$@\"" "$c" "$@"
	' sh "$root" "$BTFLD_CACHE" "$@"
}

# fragment_config_args FRAGMENT...: the scripts/config arguments that
# apply every line of the config fragments, one argument per line.
fragment_config_args() {
	local frag line
	for frag in "$@"; do
		while IFS= read -r line; do
			if [[ $line =~ ^CONFIG_([A-Za-z0-9_]+)=y$ ]]; then
				printf '%s\n' --enable "${BASH_REMATCH[1]}"
			elif [[ $line =~ ^CONFIG_([A-Za-z0-9_]+)=m$ ]]; then
				printf '%s\n' --module "${BASH_REMATCH[1]}"
			elif [[ $line =~ ^CONFIG_([A-Za-z0-9_]+)=(.*)$ ]]; then
				printf '%s\n' --set-val "${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}"
			elif [[ $line =~ ^#\ CONFIG_([A-Za-z0-9_]+)\ is\ not\ set$ ]]; then
				printf '%s\n' --disable "${BASH_REMATCH[1]}"
			fi
		done <"$frag"
	done
}

# check_config_fragments VARIANT CONFIG FRAGMENT...: after olddefconfig,
# DEBUG_INFO_BTF is on and every fragment line survived (where fragments
# set the same option, the last one wins; an option set to n may be
# absent); dies otherwise.
check_config_fragments() {
	local variant=$1 config=$2 frag line
	shift 2
	if ! grep -qx 'CONFIG_DEBUG_INFO_BTF=y' "$config"; then
		die "kernel $variant: CONFIG_DEBUG_INFO_BTF=y did not survive olddefconfig" \
			"(is pahole >= 1.16 installed? $(command -v pahole || echo 'pahole not found');" \
			"$(grep -E '^(CONFIG_PAHOLE_VERSION|# CONFIG_DEBUG_INFO)' "$config" | tr '\n' ' '))"
	fi
	local -A want=()
	for frag in "$@"; do
		while IFS= read -r line; do
			if [[ $line =~ ^CONFIG_([A-Za-z0-9_]+)= ]] ||
				[[ $line =~ ^#\ CONFIG_([A-Za-z0-9_]+)\ is\ not\ set$ ]]; then
				want[${BASH_REMATCH[1]}]=$line
			fi
		done <"$frag"
	done
	# "# CONFIG_X is not set" also holds when X is not in CONFIG at all
	# (its dependencies are not met: X is n all the same).
	local bad=()
	for line in "${want[@]}"; do
		grep -qxF "$line" "$config" && continue
		if [[ $line =~ ^#\ CONFIG_([A-Za-z0-9_]+)\ is\ not\ set$ ]] &&
			! grep -q "^CONFIG_${BASH_REMATCH[1]}=" "$config"; then
			continue
		fi
		bad+=("$line")
	done
	[ ${#bad[@]} -eq 0 ] ||
		die "kernel $variant: these config fragment lines did not survive olddefconfig: ${bad[*]}"
}
