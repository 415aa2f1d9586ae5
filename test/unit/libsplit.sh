#!/bin/sh
# libsplit.sh - the libsplit tests: every program of test/libsplit/ (built as $BUILD/test/libsplit/NAME)
# except errors runs under mpirun at np = 1, 2, 3 and 4 (QUICK=1: 2 and 4) with each transport
# (LIBSPLIT_TRANSPORT=rma and =am, and rma without mapping the other processes' segments,
# LIBSPLIT_RMA_MAP=0, which is how it works across nodes, and from 3 processes am with receive
# slots for one source, LIBSPLIT_AM_RING=1) and must exit 0 within the time limit (LIBSPLIT_TEST_TIMEOUT,
# 60 s; LIBSPLIT_WATCHDOG stops a wait that lasts half of it); a run that does not is reported as
# hung. Then the errors program at np = 2: one start-up that must work (MPI initialized
# before sc_init, an explicit configuration), and cases that must stop within 10 s with a non-zero
# status and a clear message on standard error: sc_abort, bad environment values, the watchdog
# stopping a wait that can never end, and (with each transport) bad arguments, a full segment and
# a symmetric free out of order. One line per failing run (with the first lines of its output);
# exit status 1 if any failed. VERBOSE=1 prints every run with its time.
BUILD=${BUILD:-build}
LIMIT=${LIBSPLIT_TEST_TIMEOUT:-60}
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
# Under make SAN=1 the programs are sanitized; MPI's own allocations at exit are not our leaks.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
unset LIBSPLIT_TRANSPORT LIBSPLIT_WATCHDOG LIBSPLIT_SEGMENT_MB LIBSPLIT_RMA_MAP LIBSPLIT_AM_RING
nps="1 2 3 4"
[ "$QUICK" = 1 ] && nps="2 4"
# rma-mpi: the RMA transport through MPI calls only (LIBSPLIT_RMA_MAP=0), as across nodes;
# am-ring1: the AM transport with receive slots for one source only (LIBSPLIT_AM_RING=1), so that
# from 3 processes on messages find no receive posted and wait for one, as beyond 32 processes
transports="rma rma-mpi am am-ring1"
fail=0
runs=0

# report WHAT REASON FILE: one line for a failing run, then the first lines of its output (the
# FAIL lines if there are any).
report() {
  fail=$((fail + 1))
  echo "libsplit.sh: $1: $2"
  if grep -q '^FAIL' "$3"; then
    grep '^FAIL' "$3" | head -5
  else
    head -5 "$3"
  fi | sed 's/^/    /'
}

# run NP TRANSPORT EXE [ARGS]: mpirun under the time limit with the environment assignments in
# $extra, output in $t/out and $t/err; sets st (124 when the limit was reached) and secs.
extra=
run() {
  np=$1 tr=$2
  shift 2
  runs=$((runs + 1))
  start=$(date +%s)
  map=1 ring=
  [ "$tr" = rma-mpi ] && map=0
  [ "$tr" = am-ring1 ] && ring=1
  # shellcheck disable=SC2086
  env LIBSPLIT_TRANSPORT="${tr%%-*}" LIBSPLIT_RMA_MAP=$map LIBSPLIT_AM_RING=$ring $extra timeout -k 5 "$LIMIT" mpirun -np "$np" "$@" \
    >"$t/out" 2>"$t/err" </dev/null
  st=$?
  secs=$(($(date +%s) - start))
  [ -n "$VERBOSE" ] && echo "libsplit.sh: $* np=$np transport=$tr: status $st, $secs s"
}

for src in test/libsplit/*.c; do
  name=$(basename "$src" .c)
  [ "$name" = errors ] && continue
  exe=$BUILD/test/libsplit/$name
  if [ ! -x "$exe" ]; then
    fail=$((fail + 1))
    echo "libsplit.sh: $name: $exe is not built (make $exe)"
    continue
  fi
  for np in $nps; do
    for tr in $transports; do
      [ "$tr" = am-ring1 ] && [ "$np" -lt 3 ] && continue
      # The watchdog stops a hung wait halfway through the time limit and names it.
      extra=LIBSPLIT_WATCHDOG=$((LIMIT / 2))
      run "$np" "$tr" "$exe"
      extra=
      cat "$t/err" >>"$t/out"
      if [ "$st" -eq 124 ] || [ "$st" -eq 137 ]; then
        report "$name np=$np transport=$tr" "hung (killed after $LIMIT s)" "$t/out"
      elif [ "$st" -ne 0 ] && grep -q 'watchdog' "$t/err"; then
        grep 'watchdog\|FAIL' "$t/err" >"$t/wd"
        report "$name np=$np transport=$tr" "hung (stopped by LIBSPLIT_WATCHDOG after $((LIMIT / 2)) s)" "$t/wd"
      elif [ "$st" -ne 0 ]; then
        report "$name np=$np transport=$tr" "exit status $st" "$t/out"
      fi
    done
  done
done

# --- errors: np = 2 ---------------------------------------------------------------------------
exe=$BUILD/test/libsplit/errors
# expect_error WHAT SECONDS PATTERN...: the last run stopped non-zero within SECONDS and its standard
# error matches every (case-insensitive, basic) regular expression PATTERN.
expect_error() {
  what=$1 within=$2
  shift 2
  cat "$t/err" "$t/out" >"$t/all"
  if [ "$st" -eq 124 ] || [ "$st" -eq 137 ]; then
    report "$what" "hung (killed after $LIMIT s)" "$t/all"
    return
  fi
  if [ "$st" -eq 0 ]; then
    report "$what" "exit status 0, expected an error" "$t/all"
    return
  fi
  if [ "$secs" -gt "$within" ]; then
    report "$what" "took $secs s to stop, expected at most $within s" "$t/all"
    return
  fi
  if grep -q 'returned\|completed' "$t/out"; then
    report "$what" "the program went on after the bad call" "$t/all"
    return
  fi
  for pat in "$@"; do
    if ! grep -qi "$pat" "$t/err"; then
      report "$what" "standard error does not mention '$pat'" "$t/all"
      return
    fi
  done
}

if [ ! -x "$exe" ]; then
  fail=$((fail + 1))
  echo "libsplit.sh: errors: $exe is not built (make $exe)"
else
  run 2 rma "$exe" mpifirst
  cat "$t/err" >>"$t/out"
  if [ "$st" -ne 0 ]; then
    report "errors mpifirst np=2 transport=am (configured)" "exit status $st" "$t/out"
  fi
  run 2 rma "$exe" abort
  expect_error "errors abort np=2" 10 'libsplit: process 1: user stop 42'
  if [ "$st" -ne 7 ] && [ "$st" -ne 0 ] && [ "$st" -ne 124 ]; then
    report "errors abort np=2" "exit status $st, expected sc_abort's code 7" "$t/err"
  fi
  run 2 bogus "$exe" ok
  expect_error "errors LIBSPLIT_TRANSPORT=bogus np=2" 10 'LIBSPLIT_TRANSPORT'
  extra=LIBSPLIT_SEGMENT_MB=lots
  run 2 rma "$exe" ok
  extra=
  expect_error "errors LIBSPLIT_SEGMENT_MB=lots np=2" 10 'LIBSPLIT_SEGMENT_MB'
  extra=LIBSPLIT_AM_RING=0
  run 2 am "$exe" ok
  extra=
  expect_error "errors LIBSPLIT_AM_RING=0 np=2" 10 'LIBSPLIT_AM_RING'
  # the ring's size, in the state the watchdog prints: 2 x 2 slots for each of the np - 1 others,
  # or for LIBSPLIT_AM_RING of them where that is fewer
  extra=LIBSPLIT_WATCHDOG=1
  run 4 am "$exe" watchdog
  expect_error "errors watchdog np=4 transport=am (ring)" 10 'receive ring of 12 slots'
  extra="LIBSPLIT_WATCHDOG=1 LIBSPLIT_AM_RING=2"
  run 4 am "$exe" watchdog
  extra=
  expect_error "errors watchdog np=4 LIBSPLIT_AM_RING=2 (ring)" 10 'receive ring of 8 slots'
  for tr in rma rma-mpi am; do
    extra=LIBSPLIT_WATCHDOG=1
    run 2 "$tr" "$exe" watchdog
    extra=
    expect_error "errors watchdog np=2 transport=$tr" 10 'store_sync' 'counter'
    run 2 "$tr" "$exe" tolocal
    expect_error "errors tolocal np=2 transport=$tr" 10 'libsplit' 'tolocal'
    run 2 "$tr" "$exe" offset
    expect_error "errors offset np=2 transport=$tr" 10 'libsplit'
    run 2 "$tr" "$exe" proc
    expect_error "errors proc np=2 transport=$tr" 10 'libsplit'
    run 2 "$tr" "$exe" full
    expect_error "errors full np=2 transport=$tr" 10 'libsplit' 'sc_all_alloc'
    run 2 "$tr" "$exe" lifo
    expect_error "errors lifo np=2 transport=$tr" 10 'libsplit' 'sc_all_free'
  done
fi

[ "$fail" -eq 0 ] || echo "libsplit.sh: $fail of $runs runs failed"
[ "$fail" -eq 0 ]
