#!/bin/sh
# runahead.sh - collectives that run ahead and injected noise change timing, never results
# (issue 7): every program with an expected output in test/golden/ (test/check/NAME.zpl or
# samples/NAME.zpl: own_runahead and own_split_expr among them) must print exactly that output on
# 1 process with blocking collectives (AZ_RUNAHEAD=0), and on two of these three, turning from one
# program to the next (each pair once in three programs; FULL=1: all three): on 2 with
# AZ_RUNAHEAD=1 and noise on every process, on 3 blocking with noise on process 0 and
# AZ_GATHER=tree (exact reductions through a reduction tree, with its steps before and after the
# doubling; the others through Bruck's dissemination instead of the flat gather), and on 4 with
# AZ_RUNAHEAD=8, noise everywhere and the tree (so the exact reductions that run ahead travel in
# batches: store is not tailored) (oversubscribed on small machines). own_runahead and
# own_split_expr run all three. Then the stress program test/stress/runahead.zpl
# (thousands of iterations, five reductions and a halo exchange each, three of them deferred)
# under noise on 4 processes with AZ_RUNAHEAD = 0, 2 and 48, with 32 and the dissemination gather,
# and on 3 with the tailored binding: no hang, the output of one process. Bad AZ_RUNAHEAD,
# AZ_GATHER and AZ_NOISE values are one line and exit status 2 (run without mpirun, so that only the program writes).
# The executables are test/lib/progs.sh's; the programs (and the stress program) run TEST_JOBS at a time.
. test/lib/jobs.sh
. test/lib/progs.sh
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
progs_dir
fail=0
say() { echo "runahead.sh: $*"; fail=1; }

# run EXE EXPECTED NP RUNAHEAD NOISE [BINDING [GATHER]]: the output must be EXPECTED (in directory $d)
run() {
  AZ_RUNAHEAD=$4 AZ_NOISE=$5 AZ_COMM=${6:-store} AZ_GATHER=${7:-auto} timeout 120 \
    mpirun -x AZ_RUNAHEAD -x AZ_NOISE -x AZ_COMM -x AZ_GATHER -np "$3" "$1" >"$d/out" 2>"$d/err"
  st=$?
  if [ $st -ne 0 ] || ! cmp -s "$d/out" "$2"; then
    say "$(basename "$1") on $3 processes, AZ_RUNAHEAD=$4 AZ_NOISE=$5 ${6:+AZ_COMM=$6} ${7:+AZ_GATHER=$7}: status $st, output differs"
    diff "$2" "$d/out" | head -5; head -3 "$d/err"
  fi
}

# check OUT: the runs of test/golden/OUT's program, or (OUT = stress) of the stress program
check() {
  d=$(mktemp -d "$t/$(basename "$1").XXXXXX")
  if [ "$1" = stress ]; then
    progs_build test/stress/runahead.zpl >"$d/cc.log" 2>&1 || { say "the stress program does not compile"; cat "$d/cc.log"; return 1; }
    (cd "$d" && "$EXE") >"$d/stress.out" 2>&1 || say "the stress program fails on one process"
    for ra in 0 2 48; do run "$EXE" "$d/stress.out" 4 $ra all:500:100; done
    run "$EXE" "$d/stress.out" 4 32 all:500:100 store dissemination
    run "$EXE" "$d/stress.out" 3 4 all:700:150 tailored
    return $fail
  fi
  n=${1%%:*}
  out=$(pwd)/${1#*:}
  name=$(basename "$out" .out)
  src=test/check/$name.zpl
  [ -f "$src" ] || src=samples/$name.zpl
  [ -f "$src" ] || return 0
  progs_build "$src" >"$d/cc.log" 2>&1 || { say "$src does not compile"; cat "$d/cc.log"; return 1; }
  cd "$d" || return 1
  run "$EXE" "$out" 1 0 ""
  skip=$((n % 3))
  case $name in own_runahead|own_split_expr) skip= ;; esac
  [ "${FULL:-0}" = 1 ] && skip=
  [ "$skip" = 0 ] || run "$EXE" "$out" 2 1 all:2000:300
  [ "$skip" = 1 ] || run "$EXE" "$out" 3 0 0:1000:200 store tree
  [ "$skip" = 2 ] || run "$EXE" "$out" 4 8 all:1000:200 store tree
  return $fail
}

set -- stress
n=0
for out in test/golden/*.out; do
  n=$((n + 1))
  set -- "$@" "$n:$out"
done
jobs_each check "$@" || fail=1
progs_build test/stress/runahead.zpl || exit 1
stress=$EXE
d=$t

# bad values: one line on stderr, status 2
for bad in "AZ_RUNAHEAD=-1:AZ_RUNAHEAD must be" "AZ_RUNAHEAD=49:AZ_RUNAHEAD must be" "AZ_RUNAHEAD=x:AZ_RUNAHEAD must be" "AZ_GATHER=ring:AZ_GATHER must be" \
  "AZ_NOISE=1:2:3:AZ_NOISE must be" "AZ_NOISE=all:100:100:AZ_NOISE must be" "AZ_NOISE=7:100:10:AZ_NOISE names process 7"; do
  assign=${bad%%:*}
  case $bad in AZ_NOISE=*) assign=$(echo "$bad" | sed 's/:AZ_NOISE.*//') ;; esac
  want=${bad#"$assign":}
  env "$assign" timeout 60 "$stress" >/dev/null 2>"$d/err"
  st=$?
  [ $st = 2 ] && [ "$(wc -l < "$d/err")" = 1 ] && grep -q "error: $want" "$d/err" ||
    { say "$assign: status $st, expected 2 and one line with '$want':"; cat "$d/err"; }
done
exit $fail
