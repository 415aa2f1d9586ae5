#!/bin/sh
# distributed.sh - every program with an expected output in test/golden/ (see golden.sh) runs on
# 3 processes with the default Ironman binding (store) and with msg and put, on 4 with tailored,
# on 3 with libsplit's Active Messages transport (LIBSPLIT_TRANSPORT=am) under the store binding,
# and compiled with -fno-comm-opt -fno-overlap (every transfer where its statement is, no
# interior/border split) on 3 with store, on 4 with msg and on 2 with tailored over Active
# Messages, and must print exactly what it prints on one process (section 11: results do not
# depend on the process count, the binding or the communication optimizations). The default
# binding on 2 and 4 processes is runahead.sh's (the same programs, under noise).
# QUICK=1 runs 3 processes with the default binding (optimized and not) and 4 with tailored.
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
runs="store:3 msg:3 put:3 tailored:4 store/am:3 store:3:noopt msg:4:noopt tailored/am:2:noopt"
[ "${QUICK:-0}" = 1 ] && runs="store:3 tailored:4 store:3:noopt"
fail=0
for out in test/golden/*.out; do
  base=$(basename "$out" .out)
  prog=${base%%.*}
  src=test/check/$prog.zpl
  [ -f "$src" ] || src=samples/$prog.zpl
  [ -f "$src" ] || continue
  args=
  [ "$base" != "$prog" ] && [ -f "test/golden/$base.args" ] && args=$(cat "test/golden/$base.args")
  for run in $runs; do
    opts= exe=$t/$prog
    case $run in *:noopt) opts="-fno-comm-opt -fno-overlap" exe=$t/$prog.noopt run=${run%:noopt} ;; esac
    # shellcheck disable=SC2086
    if [ ! -x "$exe" ] && ! "$AZC" $opts "$src" -o "$exe" >"$t/cc.log" 2>&1; then
      echo "distributed.sh: $src does not compile ($opts):"; head -20 "$t/cc.log"; fail=1; continue
    fi
    binding=${run%:*} np=${run#*:} transport=rma
    case $binding in */*) transport=${binding#*/} binding=${binding%/*} ;; esac
    # shellcheck disable=SC2086
    (cd "$t" && AZ_COMM=$binding LIBSPLIT_TRANSPORT=$transport LIBSPLIT_WATCHDOG=60 timeout 120 \
      mpirun -x AZ_COMM -x LIBSPLIT_TRANSPORT -x LIBSPLIT_WATCHDOG -np "$np" "$exe" $args >"$t/stdout" 2>"$t/stderr")
    status=$?
    if [ $status -ne 0 ] || ! cmp -s "$t/stdout" "$out"; then
      echo "distributed.sh: $base on $np processes ($binding, $transport${opts:+, $opts}): status $status, output differs"
      diff -u "$out" "$t/stdout" | head -10; head -5 "$t/stderr"; fail=1
    fi
  done
done
exit $fail
