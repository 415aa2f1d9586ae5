#!/bin/sh
# smpi.sh - the same programs on simulated processes (issue 25, docs/scaling.md): where SimGrid's
# SMPI is installed (smpicc, smpirun; make deps SMPI=1), build the runtime with smpicc (make
# smpi-rtl: build-smpi/), compile samples/heat.zpl and samples/life.zpl with azc --mpi=smpi, run
# them on 16 simulated processes of bench/platforms/modern.xml and compare with what they print on
# real MPI (test/golden/NAME.out, which golden.sh and distributed.sh check under mpirun): heat
# under every binding (AZ_COMM msg, put, store, tailored: libsplit's am transport), life under the
# default; and the things SMPI cannot run say so in one line at start-up with a non-zero status
# (LIBSPLIT_TRANSPORT=rma, AZ_NOISE), before the program prints anything; AZ_SMPI_WORK's
# computation at a fixed cost per element (counted, charged, refused when bad or outside SMPI). Elsewhere it says it skipped, and passes.
# SMPI_NP=64 (or 256) runs it all on that many simulated processes instead (not in make test: the
# libsplit bindings pre-post 4 (P - 1) receives per process, minutes at 256).
if ! command -v smpicc >/dev/null 2>&1 || ! command -v smpirun >/dev/null 2>&1; then
  echo "smpi.sh: skipped: SimGrid's SMPI (smpicc, smpirun) is not installed (make deps SMPI=1)"
  exit 77
fi
AZC=${AZC:-build/azc}
root=$(pwd)
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
fail=0
say() { echo "smpi.sh: $*"; fail=1; }

make --no-print-directory smpi-rtl >"$t/make.log" 2>&1 || { say "make smpi-rtl failed"; tail -20 "$t/make.log"; exit 1; }
np=${SMPI_NP:-16}
case $np in '' | *[!0-9]*) echo "smpi.sh: SMPI_NP must be a number of processes, not '$np'"; exit 1 ;; esac
awk -v np="$np" 'BEGIN { for (i = 0; i < np || i < 16; i++) print "node-" i }' >"$t/hosts"

# sim EXE OUT ERR [ARGS...]: run EXE on np (16) simulated processes of the modern cluster, or on
# simnp where it is set (the element counts below are those of 16 processes, whatever SMPI_NP
# says); smpirun's own options in SIMOPTS
sim() {
  exe=$1 out=$2 err=$3
  shift 3
  (cd "$t" && timeout 900 smpirun -np "${simnp:-$np}" -platform "$root/bench/platforms/modern.xml" -hostfile "$t/hosts" \
    --log=root.thresh:warning --log=xbt_cfg.thresh:warning --log=smpi_config.thresh:error ${SIMOPTS:-} "$exe" "$@") >"$out" 2>"$err"
}

for p in heat life; do
  "$AZC" --mpi=smpi "samples/$p.zpl" -o "$t/$p" >"$t/cc.log" 2>&1 || { say "azc --mpi=smpi samples/$p.zpl failed"; cat "$t/cc.log"; }
done
for b in msg put store tailored; do
  AZ_COMM=$b sim "$t/heat" "$t/out" "$t/err"
  st=$?
  if [ $st -ne 0 ] || ! cmp -s "$t/out" test/golden/heat.out; then
    say "heat on $np simulated processes, AZ_COMM=$b: status $st, output differs from test/golden/heat.out"
    diff test/golden/heat.out "$t/out" | head -5; tail -5 "$t/err"
  fi
done
sim "$t/life" "$t/out" "$t/err"
st=$?
if [ $st -ne 0 ] || ! cmp -s "$t/out" test/golden/life.out; then
  say "life on $np simulated processes: status $st, output differs from test/golden/life.out"
  diff test/golden/life.out "$t/out" | head -5; tail -5 "$t/err"
fi

# Under the message binding the runtime's collectives block in MPI (zrt_collectives_block):
# SimGrid 3.32's nonblocking collectives leave 2P finished activities on each simulated process,
# which made every later message of the run cost O(P) to simulate. jacobi's timers and
# reduction: SMPI's time-independent trace of every process must show no MPI_I* collective.
"$AZC" --mpi=smpi --no-pdl bench/jacobi/jacobi.zpl -o "$t/jacobi" >"$t/cc.log" 2>&1 || { say "azc --mpi=smpi jacobi failed"; cat "$t/cc.log"; }
SIMOPTS="-trace-ti --cfg=tracing/filename:$t/ti" sim "$t/jacobi" "$t/out" "$t/err" -sn=64 -siters=3
grep -q "loop seconds" "$t/out" || { say "jacobi with -trace-ti did not run"; tail -5 "$t/err"; }
n=$(cat "$t"/ti_files/*rank* 2>/dev/null | wc -l)
nbc=$(cat "$t"/ti_files/*rank* 2>/dev/null | grep -cE " (iallreduce|iallgather|iallgatherv|ibcast) ")
[ "$n" -gt 0 ] && [ "$nbc" = 0 ] || say "jacobi under SMPI: $nbc nonblocking collectives in $n traced calls"

# AZ_SMPI_WORK (rtl/zrt/zrt_work.c): each loop nest costs F flops per element of this process's
# part. count: process 0 reports its elements of the timed loop (jacobi's one nest an iteration:
# 3 x 16 x 16 on 16 processes of a 64 x 64 grid). F = 5 on one process of 5 Gflop/s: 100
# iterations of 64 x 64 take 409.6 us of simulated time, exactly, whatever this machine does.
simnp=16
AZ_SMPI_WORK=count sim "$t/jacobi" "$t/out" "$t/err" -sn=64 -siters=3
grep -q "^AZ_SMPI_WORK: 768 elements in " "$t/err" || { say "AZ_SMPI_WORK=count: not 768 elements on process 0"; cat "$t/err" | head -3; }
(cd "$t" && AZ_SMPI_WORK=5 timeout 300 smpirun -np 1 -platform "$root/bench/platforms/modern.xml" -hostfile "$t/hosts" \
  --log=root.thresh:warning --log=xbt_cfg.thresh:warning --log=smpi_config.thresh:error --cfg=smpi/simulate-computation:no \
  "$t/jacobi" -sn=64 -siters=100) >"$t/out" 2>"$t/err"
grep -qx "loop seconds: 0.000410" "$t/out" || { say "AZ_SMPI_WORK=5: jacobi's loop did not take 409.6 us"; cat "$t/out" "$t/err" | head -5; }
# a stopwatch's interval counts too (StartTimer .. StopTimer, as samples/mg.zpl times itself): the
# two nests between them on 16 processes of an 8 x 16 grid, 8 elements each on process 0
cat >"$t/sw.zpl" <<'ZPL'
program sw;
region R = [1..8, 1..16];
var A, B : [R] double;
    t : timer;
procedure sw();
begin
  [R] A := Index1 + Index2;
  ClearTimer(t);
  StartTimer(t, 1);
  [R] B := A * 2.0;
  [R] A := B@^[0, 1] + 1.0;
  StopTimer(t);
  [R] writeln(+<< A);
end;
ZPL
"$AZC" --mpi=smpi --no-pdl "$t/sw.zpl" -o "$t/sw" >"$t/cc.log" 2>&1 || { say "azc --mpi=smpi sw.zpl failed"; cat "$t/cc.log"; }
AZ_SMPI_WORK=count sim "$t/sw" "$t/out" "$t/err"
grep -q "^AZ_SMPI_WORK: 16 elements in " "$t/err" || { say "AZ_SMPI_WORK=count: not 16 elements in the stopwatch's interval"; cat "$t/err" | head -3; }
simnp=
# outside SMPI the variable is an error, not ignored
"$AZC" --no-pdl bench/jacobi/jacobi.zpl -o "$t/jacobi_mpi" >"$t/cc.log" 2>&1 || { say "azc jacobi failed"; cat "$t/cc.log"; }
AZ_SMPI_WORK=5 "$t/jacobi_mpi" -sn=8 -siters=1 >"$t/out" 2>"$t/err"
st=$?
[ $st -ne 0 ] && [ "$(grep -c "AZ_SMPI_WORK works only under SimGrid SMPI" "$t/err")" = 1 ] && [ ! -s "$t/out" ] ||
  say "AZ_SMPI_WORK outside SMPI: status $st, not one line of error"

# refused ENV MESSAGE: the program stops at start-up with MESSAGE in one line of its standard error
refused() {
  (export "$1" AZ_COMM=store && sim "$t/heat" "$t/out" "$t/err")
  st=$?
  n=$(grep -c "$2" "$t/err")
  if [ $st -eq 0 ] || [ "$n" != 1 ] || grep -qxF "$(head -1 test/golden/heat.out)" "$t/out"; then
    say "$1 under SMPI: status $st, $n lines with '$2', or the program ran"
    cat "$t/err" | head -5
  fi
}
refused LIBSPLIT_TRANSPORT=rma "the rma transport does not run under SimGrid SMPI"
refused AZ_NOISE=all:1000:100 "AZ_NOISE does not run under SimGrid SMPI"
refused AZ_SMPI_WORK=fast "AZ_SMPI_WORK must be a positive number of flops per element or 'count'"

# azc --mpi=... takes mpi or smpi only
"$AZC" --mpi=lam samples/heat.zpl -o "$t/x" 2>"$t/err" && say "azc --mpi=lam was accepted"
grep -q "invalid option '--mpi=lam'" "$t/err" || { say "azc --mpi=lam: no clear error"; cat "$t/err"; }
exit $fail
