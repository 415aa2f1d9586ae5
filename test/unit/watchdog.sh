#!/bin/sh
# watchdog.sh - LIBSPLIT_WATCHDOG covers the waits of a run under every binding (issue 23): one
# process of three is stopped (SIGSTOP) in the middle of a run of reductions and shifts; the run
# must end with a run-time error that names the stopped process (not the waiting one) soon after
# the watchdog time. Under make test one run per binding; WATCHDOG_RUNS=N runs N per binding and
# prints the detection rate (the measurement of issue 23).
t=$(mktemp -d)
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
W=3
RUNS=${WATCHDOG_RUNS:-1}
fail=0
mp=
trap '[ -n "$mp" ] && kill -9 "$mp" 2>/dev/null; rm -rf "$t"' EXIT
say() { echo "watchdog.sh: $*"; fail=1; }
cat >"$t/spin.zpl" <<'ZPL'
program spin;
config var n     : integer = 32;
           steps : integer = 100000000;
region R = [1..n, 1..n];
direction east = [0, 1];
var A : [R] double;
    s : double;
    i : integer;
procedure spin();
begin
  [R] A := 1.0;
  for i := 1 to steps do
    [R] A := A@east + 1.0;
    [R] s := +<< A;
    if i = 20 then writeln(zerr, "running"); end;
  end;
  writeln(s);
end;
ZPL
"$AZC" "$t/spin.zpl" -o "$t/spin" >"$t/cc" 2>&1 || { cat "$t/cc"; exit 1; }

# pid_of_rank MPIRUN RANK: the pid of rank RANK among the descendants of MPIRUN (its own processes)
pid_of_rank() {
  for p in $(ps -o pid= --ppid "$1") $(for q in $(ps -o pid= --ppid "$1"); do ps -o pid= --ppid "$q"; done); do
    r=$(tr '\0' '\n' <"/proc/$p/environ" 2>/dev/null | sed -n 's/^OMPI_COMM_WORLD_RANK=//p')
    [ "$r" = "$2" ] && { echo "$p"; return; }
  done
}

# one BINDING RANK: stop RANK once the run is going; 0 if the report names it within 4 W seconds
one() {
  rm -f "$t/out" "$t/err"
  AZ_COMM=$1 LIBSPLIT_WATCHDOG=$W mpirun -x AZ_COMM -x LIBSPLIT_WATCHDOG -np 3 "$t/spin" >"$t/out" 2>"$t/err" &
  mp=$!
  i=0
  until grep -q running "$t/err" 2>/dev/null || [ $i -ge 600 ]; do sleep 0.1; i=$((i + 1)); done
  pid=$(pid_of_rank "$mp" "$2")
  [ -n "$pid" ] || { say "$1: no process of rank $2"; kill -9 "$mp"; wait "$mp"; return 1; }
  kill -STOP "$pid"
  i=0
  while kill -0 "$mp" 2>/dev/null && [ $i -lt $((40 * W)) ]; do sleep 0.1; i=$((i + 1)); done
  kill -CONT "$pid" 2>/dev/null
  if kill -0 "$mp" 2>/dev/null; then
    kill -9 "$mp" 2>/dev/null
    wait "$mp"
    say "$1, rank $2 stopped: no report within $((4 * W)) s"
    return 1
  fi
  wait "$mp"
  st=$?
  mp=
  grep -q "runtime error: watchdog: process $2 showed no sign of life" "$t/err" && [ $st != 0 ] && return 0
  say "$1, rank $2 stopped: exit status $st, report:"
  head -n 3 "$t/err"
  return 1
}

for b in msg tailored put store; do
  ok=0
  k=0
  while [ $k -lt "$RUNS" ]; do
    one $b $((k % 3)) && ok=$((ok + 1))
    k=$((k + 1))
  done
  [ "$RUNS" -gt 1 ] && echo "watchdog.sh: AZ_COMM=$b: $ok of $RUNS stopped processes reported"
done
exit $fail
