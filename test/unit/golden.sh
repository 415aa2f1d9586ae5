#!/bin/sh
# golden.sh - compile every program with an expected output in test/golden/ (NAME.out, and
# NAME.VARIANT.out with its arguments in NAME.VARIANT.args) from test/check/NAME.zpl or samples/NAME.zpl,
# with the generated C compiled under -Wall -Wextra -Werror at -O2, at -O0, with statement fusion
# off (-fno-fuse), with copy elimination off (-fno-copy-elim: A := Temp copies instead of swapping
# the arrays' storage) and with all three off (-O0 -fno-fuse -fno-copy-elim): a differential test
# of the optimizations (issue 9; distributed.sh runs the last on 2, 3 and 4 processes and each of
# -O0, -fno-fuse and -fno-copy-elim on one of them; make test-matrix runs the default build and
# all four on 1, 2, 3 and 4). Each runs on one process here (no mpirun) and must print the
# expected output byte for byte. The executables are test/lib/progs.sh's, shared with the other
# scripts; the programs are checked TEST_JOBS at a time.
. test/lib/jobs.sh
. test/lib/progs.sh
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
# Under make SAN=1 the generated programs are sanitized too; MPI's own allocations at exit are not
# leaks of ours, so leak reports are off for them (azc itself is leak-checked by the other tests).
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
progs_dir

# check OUT: the program of the expected output OUT under every option set
check() {
  out=$1
  golden_prog "$out"
  [ -n "$src" ] || return 0
  d=$(mktemp -d "$t/$base.XXXXXX")
  fail=0
  # the default build first: -O2 is azc's default, and its executable is the other scripts' too
  for opt in "" -O0 -fno-fuse -fno-copy-elim "-O0 -fno-fuse -fno-copy-elim"; do
    if ! progs_build "$src" "$opt" >"$d/cc.log" 2>&1; then
      echo "golden.sh: $src does not compile (${opt:--O2}):"; cat "$d/cc.log"; fail=1; continue
    fi
    # shellcheck disable=SC2086
    (cd "$d" && "$EXE" $args >"$d/stdout" 2>"$d/stderr")
    st=$?
    if ! cmp -s "$d/stdout" "$out"; then
      echo "golden.sh: $base (${opt:--O2}): output differs (exit status $st, $EXE):"; diff -u "$out" "$d/stdout" | head -20
      [ -s "$d/stderr" ] && { echo "standard error:"; head -10 "$d/stderr"; }
      fail=1
    fi
  done
  return $fail
}

jobs_each check test/golden/*.out
