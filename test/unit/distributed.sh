#!/bin/sh
# distributed.sh - every program with an expected output in test/golden/ (see golden.sh) runs on
# several process counts, bindings, transports and builds and must print exactly what it prints on
# one process (section 11: results do not depend on the process count, the binding or the
# communication optimizations). The runs (BINDING[/TRANSPORT]:NP[:BUILD]):
#   auto:3 msg:3 put:3 tailored:4        the Ironman bindings (auto: the default)
#   auto/tcp:4 store/tcp:4               over Open MPI's TCP transport (mpirun --mca btl self,tcp
#                                        --mca osc pt2pt, LIBSPLIT_SHARED=0: no shared memory)
#   store/am:3 tailored/am:2:noopt       libsplit's Active Messages transport (LIBSPLIT_TRANSPORT=am)
#   store:3:noopt msg:4:noopt            compiled with -fno-comm-opt -fno-overlap (every transfer
#                                        where its statement is, no interior/border split)
#   store:turnK:nocopy|nofuse|O0         one optimization off (issue 9), on 2, 3 or 4 processes,
#                                        turning with the expected output (three different counts)
#   store:2:off store:3:off store:4:off  every optimization off (-O0 -fno-fuse -fno-copy-elim)
# make test runs every program with the default binding on 3 processes (whose patterns, written
# with --az-pdl, must be in the strict form of Appendix A: test/tools/pdl_strict.c) and two of
# the other fifteen runs, the next two for the next program: each run covers every seventh or
# eighth expected output (about 13 programs), and eight consecutive programs cover all of them; the
# programs about communication (every_run below: the bindings, run-ahead, the optimizations of
# transfers, phased exchanges, changing plans) run all sixteen. FULL=1 (make test-full) runs all
# sixteen on every program. The default binding on 2 and 4 processes is
# runahead.sh's (the same programs, under noise); golden.sh runs every build on one process.
# QUICK=1 runs 3 processes with the default binding (optimized and not) and 4 with tailored.
# MATRIX=1 (make test-matrix) runs instead the complete matrix of issue 9: every expected output
# compiled by default (-O2), with -O0, -fno-fuse, -fno-copy-elim and all three, each on 1, 2, 3
# and 4 processes (store), and ends with a line that says how many runs passed.
# The executables are test/lib/progs.sh's; the programs are checked TEST_JOBS at a time.
. test/lib/jobs.sh
. test/lib/progs.sh
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
progs_dir
STRICT=$BUILD/test/tools/pdl_strict
# BINDING[/TRANSPORT]:NP[:BUILD]; NP "turnK" is 2, 3 or 4, turning with the expected output (K: the
# offset, so that turn0, turn1 and turn2 are three different counts)
first_run=auto:3
turning="msg:3 put:3 tailored:4 auto/tcp:4 store/tcp:4 store/am:3 store:3:noopt msg:4:noopt tailored/am:2:noopt
  store:turn0:nocopy store:turn1:nofuse store:turn2:O0 store:2:off store:3:off store:4:off"
per_program=2
every_run="jacobi own_comm_opt own_tailored own_runahead own_phases own_plan_rebuild"
runs="$first_run $turning"
[ "${FULL:-0}" = 1 ] && per_program=''
[ "${QUICK:-0}" = 1 ] && runs="auto:3 tailored:4 auto/tcp:4 store:3:noopt" per_program=''
if [ "${MATRIX:-0}" = 1 ]; then
  runs='' per_program=''
  for b in "" :O0 :nofuse :nocopy :off; do
    for np in 1 2 3 4; do runs="$runs store:$np$b"; done
  done
fi

# runs_of: the runs of the Nth expected output (n; base: its name): all of $runs, or (per_program
# set, base not in every_run) the first run and the per_program turning runs from position
# n * per_program on (counting from 0, around)
runs_of() {
  case " $every_run " in *" $base "*) echo "$runs"; return ;; esac
  if [ -z "$per_program" ]; then
    echo "$runs"
    return
  fi
  # shellcheck disable=SC2086
  set -- $turning
  _k=0 _picked=$first_run
  while [ $_k -lt "$per_program" ]; do
    _i=$(( (n * per_program + _k) % $# + 1 ))
    eval "_picked=\"\$_picked \${$_i}\""
    _k=$((_k + 1))
  done
  echo "$_picked"
}

# check N OUT: the runs of the Nth expected output OUT
check() {
  n=${1%%:*} out=${1#*:}
  golden_prog "$out"
  [ -n "$src" ] || return 0
  d=$(mktemp -d "$t/$base.XXXXXX")
  fail=0
  first=yes
  for run in $(runs_of); do
    opts=
    case $run in
      *:noopt) opts="-fno-comm-opt -fno-overlap" ;;
      *:nocopy) opts=-fno-copy-elim ;;
      *:nofuse) opts=-fno-fuse ;;
      *:O0) opts=-O0 ;;
      *:off) opts="-O0 -fno-fuse -fno-copy-elim" ;;
    esac
    [ -n "$opts" ] && run=${run%:*}
    if ! progs_build "$src" "$opts" >"$d/cc.log" 2>&1; then
      echo "distributed.sh: $src does not compile ($opts):"; cat "$d/cc.log"; fail=1; continue
    fi
    binding=${run%:*} np=${run#*:} transport=rma
    case $np in turn*) np=$((2 + (n + ${np#turn}) % 3)) ;; esac
    case $binding in */*) transport=${binding#*/} binding=${binding%/*} ;; esac
    net= shared=1
    [ "$transport" = tcp ] && transport=rma net="--mca btl self,tcp --mca osc pt2pt" shared=0
    pdl=
    case " $args " in *" --help "*|*" -h "*) ;; *) [ $first = yes ] && pdl=--az-pdl=$d/run.pdl ;; esac
    first=no
    # shellcheck disable=SC2086
    (cd "$d" && AZ_COMM=$binding LIBSPLIT_TRANSPORT=$transport LIBSPLIT_SHARED=$shared LIBSPLIT_WATCHDOG=60 timeout 120 \
      mpirun $net -x AZ_COMM -x LIBSPLIT_TRANSPORT -x LIBSPLIT_SHARED -x LIBSPLIT_WATCHDOG -np "$np" "$EXE" $args $pdl \
      >"$d/stdout" 2>"$d/stderr")
    status=$?
    if [ $status -ne 0 ] || ! cmp -s "$d/stdout" "$out"; then
      echo "distributed.sh: $base on $np processes ($binding, $transport${net:+ over tcp}${opts:+, $opts}): status $status, output differs"
      diff -u "$out" "$d/stdout" | head -10; head -5 "$d/stderr"; fail=1
    elif [ -n "$pdl" ] && ! "$STRICT" "$d/run.pdl" 2>"$d/strict"; then
      echo "distributed.sh: $base on $np processes: the patterns it wrote (--az-pdl) are not strict:"; cat "$d/strict"; fail=1
    fi
  done
  return $fail
}

set --
n=0
for out in test/golden/*.out; do
  n=$((n + 1))
  set -- "$@" "$n:$out"
done
jobs_each check "$@"
st=$?
if [ "${MATRIX:-0}" = 1 ]; then
  nruns=$(echo "$runs" | wc -w)
  if [ $st -eq 0 ]; then
    echo "distributed.sh: MATRIX=1: all $(($# * nruns)) runs passed ($# expected outputs x 5 builds x 4 process counts)"
  else
    echo "distributed.sh: MATRIX=1: failures above ($# expected outputs x 5 builds x 4 process counts)"
  fi
fi
exit $st
