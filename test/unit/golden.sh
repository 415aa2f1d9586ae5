#!/bin/sh
# golden.sh - compile every program with an expected output in test/golden/ (NAME.out, and
# NAME.VARIANT.out with its arguments in NAME.VARIANT.args) from test/check/NAME.zpl or samples/NAME.zpl,
# with the generated C compiled under -Wall -Wextra -Werror at -O2, at -O0 and with statement
# fusion off (-fno-fuse): a differential test of the optimizations. Each runs on one process and
# must print the expected output byte for byte.
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
# Under make SAN=1 the generated programs are sanitized too; MPI's own allocations at exit are not
# leaks of ours, so leak reports are off for them (azc itself is leak-checked by the other tests).
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
fail=0
for out in test/golden/*.out; do
  base=$(basename "$out" .out)
  prog=${base%%.*}
  src=test/check/$prog.zpl
  [ -f "$src" ] || src=samples/$prog.zpl
  [ -f "$src" ] || continue
  args=
  [ "$base" != "$prog" ] && [ -f "test/golden/$base.args" ] && args=$(cat "test/golden/$base.args")
  for opt in -O2 -O0 -fno-fuse; do
    exe=$t/$prog$opt
    if [ ! -x "$exe" ]; then
      if ! AZC_MPICC="mpicc -Wall -Wextra -Werror" "$AZC" $opt "$src" -o "$exe" >"$t/cc.log" 2>&1; then
        echo "golden.sh: $src does not compile ($opt):"; head -20 "$t/cc.log"; fail=1; continue
      fi
    fi
    # shellcheck disable=SC2086
    (cd "$t" && "$exe" $args >"$t/stdout" 2>"$t/stderr")
    if ! cmp -s "$t/stdout" "$out"; then
      echo "golden.sh: $base ($opt): output differs"; diff -u "$out" "$t/stdout" | head -20; fail=1
    fi
  done
done
exit $fail
