#!/bin/sh
# dir_ghosts.sh - shifts by direction constants (section 15.1) through ghost views (issue 22).
# test/check/own_dir_ghosts.zpl shifts the levels of a strided hierarchy by elements of
# direction-constant arrays through parameters (a stencil, a restriction, an interpolation over a
# shifted region, a shift wider than the arrays' ghost cells, a dense array, arguments that share
# storage and arguments that do not): its generated C makes no remap (every such '@^' is a transfer
# item, zrt_xfer_add_view, and allocates no temporary over the covering region), a run reports no
# remap in AZ_STATS, and it prints its expected output (computed by the remaps azc used before, on
# one process) on 1, 2, 3 and 4 processes under auto, on 3 and 4 under the other bindings, optimized and with -fno-comm-opt
# -fno-overlap. samples/mg.zpl's C makes no remap either. QUICK=1 runs 1 and 3 processes with msg
# and auto.
. test/lib/progs.sh
runs_setup
prog=test/check/own_dir_ghosts.zpl
want=test/golden/own_dir_ghosts.out
progs_exe "$prog" "--keep-c" "$t/w" || exit 1
progs_exe "$prog" "-fno-comm-opt -fno-overlap" "$t/wn" || exit 1
if grep -q 'zrt_remap' "$t/w.c" || ! grep -q 'zrt_xfer_add_view' "$t/w.c"; then
  echo "dir_ghosts.sh: the shifts by direction constants of $prog are not ghost-cell transfers:"
  grep -n 'zrt_remap\|zrt_xfer_add' "$t/w.c" | head; fail=1
fi
"$AZC" samples/mg.zpl -o "$t/mg.c" || exit 1
if grep -q 'zrt_remap' "$t/mg.c"; then
  echo "dir_ghosts.sh: samples/mg.zpl makes remaps:"; grep -n 'zrt_remap' "$t/mg.c" | head; fail=1
fi
AZ_STATS=1 timeout 120 mpirun -x AZ_STATS -np 3 "$t/w" >"$t/out" 2>"$t/err" || { echo "dir_ghosts.sh: $prog on 3 failed"; cat "$t/err"; fail=1; }
remaps=$(awk '$1 == "comm" && $2 == "run" && $3 == "remap" { print $4 }' "$t/err")
[ "$remaps" = 0 ] || { echo "dir_ghosts.sh: $prog on 3 processes made '$remaps' remaps, expected 0"; cat "$t/err"; fail=1; }
if [ "${QUICK:-0}" = 1 ]; then
  runs_match "$want" "dir_ghosts.sh: $prog" "msg auto" "1 3" "$t/w" "$t/wn" || fail=1
else
  runs_match "$want" "dir_ghosts.sh: $prog" "msg put store tailored" "3 4" "$t/w" "$t/wn" || fail=1
  runs_match "$want" "dir_ghosts.sh: $prog" auto "1 2 3 4" "$t/w" "$t/wn" || fail=1
fi
exit $fail
