#!/bin/sh
# werror_c.sh - the generated C of every program in test/check/ and samples/ compiles without a
# warning (mpicc -Wall -Wextra -Werror): golden.sh builds the programs with an expected output that
# way, and this builds the rest (compile only, since some need C definitions to link, such as
# own_externs.zpl's). A program azc accepts but cannot compile yet must say so with its located
# "code generation for ... is not implemented yet" error (the few constructs the back end names with
# emit_unsupported), never crash or print C that does not compile.
. test/lib/progs.sh
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
fail=0
checked=0
skipped=0
for f in test/check/*.zpl samples/*.zpl; do
  name=$(basename "$f" .zpl)
  [ -f "test/golden/$name.out" ] && continue   # golden.sh compiles it with -Werror
  if ! "$AZC" "$f" -o "$t/$name.c" --no-pdl 2>"$t/$name.err"; then
    if grep -q "^$f:[0-9]*:[0-9]*: error: code generation for .* is not implemented yet$" "$t/$name.err"; then
      skipped=$((skipped + 1))
      continue
    fi
    echo "werror_c.sh: azc failed on $f:"
    head -5 "$t/$name.err"
    fail=1
    continue
  fi
  # shellcheck disable=SC2046
  if ! $AZC_MPICC_TESTS $("$AZC" --cflags) -c "$t/$name.c" -o "$t/$name.o" >"$t/$name.log" 2>&1; then
    echo "werror_c.sh: the C generated for $f does not compile with $AZC_MPICC_TESTS:"
    head -20 "$t/$name.log"
    fail=1
  fi
  checked=$((checked + 1))
done
echo "werror_c.sh: $checked programs compiled, $skipped not compilable yet (emit_unsupported)"
[ "$checked" -gt 0 ] || fail=1
exit $fail
