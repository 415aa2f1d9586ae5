#!/bin/sh
# runtime_errors.sh - every directory of test/run holds one program (compiled from inside the
# directory, so messages name it as given, together with any C files there), optional run
# arguments (args), the expected standard error and exit status, and optionally the expected
# standard output: run-time errors of section 10.6, command-line errors of section 10.2, and
# programs linked with C code through extern declarations.
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
# Under make SAN=1 the generated programs are sanitized too; MPI's own allocations at exit are not
# leaks of ours, so leak reports are off for them (azc itself is leak-checked by the other tests).
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
AZC_ABS=$(cd "$(dirname "$AZC")" && pwd)/$(basename "$AZC")
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
fail=0
for d in test/run/*/; do
  name=$(basename "$d")
  src=$(cd "$d" && ls *.zpl)
  csrc=$(cd "$d" && ls *.c 2>/dev/null)
  # shellcheck disable=SC2086
  if ! (cd "$d" && AZC_MPICC="mpicc -Wall -Wextra -Werror" "$AZC_ABS" "$src" $csrc -o "$t/$name") >"$t/cc" 2>&1; then
    echo "runtime_errors.sh: $name: does not compile:"; head -5 "$t/cc"; fail=1; continue
  fi
  args=
  [ -f "$d/args" ] && args=$(cat "$d/args")
  # shellcheck disable=SC2086
  "$t/$name" $args >"$t/out" 2>"$t/err"
  status=$?
  want=$(cat "$d/status")
  if [ "$status" != "$want" ]; then echo "runtime_errors.sh: $name: exit status $status, expected $want"; fail=1; fi
  if ! cmp -s "$t/err" "$d/expected.stderr"; then
    echo "runtime_errors.sh: $name: standard error differs"; diff -u "$d/expected.stderr" "$t/err" | head -10; fail=1
  fi
  if [ -f "$d/expected.stdout" ] && ! cmp -s "$t/out" "$d/expected.stdout"; then
    echo "runtime_errors.sh: $name: standard output differs"; diff -u "$d/expected.stdout" "$t/out" | head -10; fail=1
  fi
  if [ ! -f "$d/expected.stdout" ] && [ -s "$t/out" ]; then
    echo "runtime_errors.sh: $name: printed output before the error"; fail=1
  fi
  # On 3 processes the error is reported once, first, with the same status (mpirun may add its
  # own notice after it).
  [ "${QUICK:-0}" = 1 ] && continue
  # shellcheck disable=SC2086
  timeout 120 mpirun -np 3 "$t/$name" $args >"$t/out3" 2>"$t/err3"
  status=$?
  if [ "$status" != "$want" ]; then echo "runtime_errors.sh: $name on 3 processes: exit status $status, expected $want"; fail=1; fi
  if ! head -n "$(wc -l <"$d/expected.stderr")" "$t/err3" | cmp -s - "$d/expected.stderr"; then
    echo "runtime_errors.sh: $name on 3 processes: standard error differs"; head -5 "$t/err3"; fail=1
  fi
  if [ -f "$d/expected.stdout" ] && ! cmp -s "$t/out3" "$d/expected.stdout"; then
    echo "runtime_errors.sh: $name on 3 processes: standard output differs"; diff -u "$d/expected.stdout" "$t/out3" | head -10; fail=1
  fi
done
exit $fail
