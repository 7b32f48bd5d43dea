#!/bin/sh
# summary.sh SUMFILE -- print DejaGnu's totals as "N passed, N failed".
# Expected failures count as passes; unexpected passes, failures,
# unresolved and untested tests as failures.
sum=$1
[ -f "$sum" ] || { echo "0 passed, 1 failed"; exit 1; }
count () { grep -c "^$1:" "$sum"; }
pass=$(( $(count PASS) + $(count XFAIL) ))
fail=$(( $(count FAIL) + $(count XPASS) + $(count UNRESOLVED) + $(count UNTESTED) + $(count ERROR) ))
unsup=$(count UNSUPPORTED)
if [ "$unsup" -gt 0 ]; then
  echo "$pass passed, $fail failed, $unsup skipped"
else
  echo "$pass passed, $fail failed"
fi
[ "$fail" -eq 0 ]
