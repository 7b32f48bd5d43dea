# lib.sh -- which binutils the ld-patches scripts work on (sourced).
#
# BINUTILS_VERSION selects it: 2.40 (Debian 12's binutils-source, the
# default) or 2.44 (Debian 13's).  Sets bu_ver, debsrc (Debian's
# /usr/src/binutils: tarball and patches), patchdir (our series for that
# version) and tarball.
#
# 2.40's source comes from this host's binutils-source package; 2.44's
# from Debian 13's, fetched once into the cache with the trixie root's
# apt-get (scripts/mkroot trixie) and unpacked with dpkg-deb.

bu_ver=${BINUTILS_VERSION:-2.40}
case $bu_ver in
  2.40)
    debsrc=/usr/src/binutils
    patchdir=$here
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
    bu_cache=${BTFLD_CACHE:-$HOME/.cache/btfld}/src/binutils-source-2.44
    debsrc=$bu_cache/usr/src/binutils
    patchdir=$here/2.44
    if [ ! -f "$debsrc/binutils-2.44.tar.xz" ]; then
      root=$("$here/../scripts/mkroot" trixie)
      echo "ld-patches: fetching Debian 13's binutils-source" >&2
      chroot "$root" sh -c 'cd /tmp && rm -f binutils-source_*.deb &&
	apt-get update -qq && apt-get download binutils-source' >&2
      rm -rf "$bu_cache.tmp"
      mkdir -p "$bu_cache.tmp"
      dpkg-deb -x "$root"/tmp/binutils-source_2.44-*_all.deb "$bu_cache.tmp"
      rm -f "$root"/tmp/binutils-source_*.deb
      rm -rf "$bu_cache"
      mv "$bu_cache.tmp" "$bu_cache"
    fi
    ;;
  *)
    echo "ld-patches: unsupported BINUTILS_VERSION $bu_ver (2.40 or 2.44)" >&2
    exit 2
    ;;
esac
tarball=$debsrc/binutils-$bu_ver.tar.xz
