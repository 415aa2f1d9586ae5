#!/bin/sh
# distributed.sh - every program with an expected output in test/golden/ (see golden.sh) runs on
# 2, 3 and 4 processes (3 and 4 oversubscribed on small machines) and must print exactly what it
# prints on one process (section 11: results do not depend on the process count). QUICK=1 runs
# 3 processes only.
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
nps="2 3 4"
[ "${QUICK:-0}" = 1 ] && nps=3
fail=0
for out in test/golden/*.out; do
  base=$(basename "$out" .out)
  prog=${base%%.*}
  src=test/check/$prog.zpl
  [ -f "$src" ] || src=samples/$prog.zpl
  [ -f "$src" ] || continue
  args=
  [ "$base" != "$prog" ] && [ -f "test/golden/$base.args" ] && args=$(cat "test/golden/$base.args")
  exe=$t/$prog
  if [ ! -x "$exe" ] && ! "$AZC" "$src" -o "$exe" >"$t/cc.log" 2>&1; then
    echo "distributed.sh: $src does not compile:"; head -20 "$t/cc.log"; fail=1; continue
  fi
  for np in $nps; do
    # shellcheck disable=SC2086
    (cd "$t" && timeout 120 mpirun -np "$np" "$exe" $args >"$t/stdout" 2>"$t/stderr")
    status=$?
    if [ $status -ne 0 ] || ! cmp -s "$t/stdout" "$out"; then
      echo "distributed.sh: $base on $np processes: status $status, output differs"
      diff -u "$out" "$t/stdout" | head -10; head -5 "$t/stderr"; fail=1
    fi
  done
done
exit $fail
