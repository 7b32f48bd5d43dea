# lib.sh -- which binutils the ld-patches scripts work on (sourced).
#
# BINUTILS_VERSION selects it: 2.40 (Debian 12's binutils-source, the
# default), 2.44 (Debian 13's) or 2.47 (Debian forky's).  Sets bu_ver,
# debsrc (Debian's /usr/src/binutils: tarball and patches), tarball,
# bu_top (the tarball's top directory) and patchdir: that version's
# series, written by gen-series into a directory removed on exit.
#
# 2.40's source comes from this host's binutils-source package; the
# others' from their Debian's, fetched once into the cache with the
# apt-get of a root of that Debian (scripts/mkroot trixie|forky) and
# unpacked with dpkg-deb.

. "$here/versions.sh"

# fetch_source SUITE: Debian SUITE's binutils-source into $bu_cache.
fetch_source () {
  root=$("$here/../scripts/mkroot" "$1")
  echo "ld-patches: fetching $1's binutils-source" >&2
  # The archive's Release files may be past their Valid-Until.
  chroot "$root" sh -c 'cd /tmp && rm -f binutils-source_*.deb &&
    apt-get -o Acquire::Check-Valid-Until=false update -qq &&
    apt-get download binutils-source' >&2
  rm -rf "$bu_cache.tmp"
  mkdir -p "$bu_cache.tmp"
  dpkg-deb -x "$root"/tmp/binutils-source_*_all.deb "$bu_cache.tmp"
  rm -f "$root"/tmp/binutils-source_*.deb
  rm -rf "$bu_cache"
  mv "$bu_cache.tmp" "$bu_cache"
}

bu_ver=${BINUTILS_VERSION:-$ref_ver}
bu_cache=${BTFLD_CACHE:-$HOME/.cache/btfld}/src/binutils-source-$bu_ver
case $bu_ver in
  2.40)
    debsrc=/usr/src/binutils
    # Debian 12's binutils-source, installed when missing (as root; the
    # build dependencies of binutils' testsuite come with dejagnu).
    if [ ! -f "$debsrc/binutils-2.40.tar.xz" ] && [ "$(id -u)" = 0 ] \
       && command -v apt-get > /dev/null; then
      echo "ld-patches: installing binutils-source" >&2
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq binutils-source \
	texinfo bison flex > /dev/null 2>&1 \
	|| { DEBIAN_FRONTEND=noninteractive apt-get update -qq > /dev/null 2>&1
	     DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	       binutils-source texinfo bison flex > /dev/null 2>&1; } || true
    fi
    ;;
  2.44)
    debsrc=$bu_cache/usr/src/binutils
    [ -f "$debsrc/binutils-2.44.tar.xz" ] || fetch_source trixie
    ;;
  2.47)
    # forky's binutils-source may be a snapshot (2.47.50, ...).
    debsrc=$bu_cache/usr/src/binutils
    ls "$debsrc"/binutils-2.4[78]*.tar.xz > /dev/null 2>&1 \
      || fetch_source forky
    ;;
  *)
    echo "ld-patches: unsupported BINUTILS_VERSION $bu_ver ($all_vers)" >&2
    exit 2
    ;;
esac
tarball=$(ls "$debsrc"/binutils-$bu_ver*.tar.xz 2> /dev/null | head -n 1)
tarball=${tarball:-$debsrc/binutils-$bu_ver.tar.xz}
bu_top=$(basename "$tarball" .tar.xz)

lib_tmp=$(mktemp -d)
trap 'rm -rf "$lib_tmp"' EXIT
patchdir=$lib_tmp/series
# patch-tree sets gen_partial: a context.diff out of date is fixed there.
"$here/gen-series" ${gen_partial:+--partial} "$bu_ver" "$patchdir"
