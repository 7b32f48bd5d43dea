#!/bin/sh
# run-example.sh EXAMPLES-DIR PLUGIN BTF-OBJCOPY -- link the example
# program without and with the btfld plugin and show what .BTF holds.
set -e
ex=$1 plugin=$(cd "$(dirname "$2")" && pwd)/$(basename "$2") objcopy=$3
cc=${CC:-gcc}
out=example-out
mkdir -p $out
for f in store ops main; do
  $cc -gbtf -O2 -I"$ex" -c "$ex/$f.c" -o $out/$f.o
done
echo "== gcc -gbtf: 3 objects, each with its own .BTF"
$cc $out/store.o $out/ops.o $out/main.o -o $out/inventory-plain
echo "without the plugin (GNU ld concatenates):"
echo "  $("$objcopy" --info $out/inventory-plain)"
echo "with -Wl,-plugin,$(basename "$plugin"):"
$cc $out/store.o $out/ops.o $out/main.o -o $out/inventory \
  -Wl,-plugin,"$plugin" -Wl,-plugin-opt,stats 2>&1 | sed 's/^/  /'
echo "  $("$objcopy" --info $out/inventory)"
echo "== the program still runs:"
./$out/inventory | sed 's/^/  /'
echo "== its BTF, as bpftool shows it (first lines):"
if command -v bpftool >/dev/null 2>&1 || [ -x /usr/sbin/bpftool ]; then
  PATH=$PATH:/usr/sbin bpftool btf dump file $out/inventory format raw | head -12 | sed 's/^/  /'
else
  "$objcopy" --dump-btf $out/inventory | head -12 | sed 's/^/  /'
fi
