# versions.sh -- the binutils versions ld-patches has a series for
# (sourced by lib.sh and gen-series).
#
# ref_ver is the version the series (./series, ./0001-*.patch ...) is
# made against; every other version V has V/context.diff (gen-series).

ref_ver=2.40
all_vers="2.40 2.44 2.47"

# ver_desc VERSION: where Debian ships it.
ver_desc () {
  case $1 in
    2.40) echo "Debian 12's binutils-source" ;;
    2.44) echo "Debian 13's binutils-source" ;;
    2.47) echo "Debian forky's binutils-source" ;;
  esac
}
