#!/bin/sh
# row_nests.sh - statements under different covering regions whose rows share one loop nest
# (passes/rows.c, backend/emit_rows.c; issue 22). test/check/own_row_nests.zpl has seven such
# groups: a trilinear interpolation over six parity classes of a strided 3-D level (the nest),
# two groups of pairs of parity classes along the last dimension (five pairs, one loop each, one
# of them only by its signs: its rows are three cells apart, two loops at run time), two
# statements whose arguments do not and then do share storage (the nest, then the
# statements as written: the second reads the row the first writes next), regions of different
# extents (the nest), regions that overlap (as written), the rows of a dense array (the nest).
# Its C must have the seven and the five pairs (and -fno-fuse's none), and it must print what the statements print
# one after the other (test/golden/own_row_nests.out, from the -fno-fuse build) on 1 to 4
# processes under msg and auto, and on 3 under store and tailored. samples/mg.zpl's interp is one
# nest. Statements of a nest that read one array through ghost views, each under the region around
# the nest or that region moved, share one transfer (three such groups; interp's seven statements in
# samples/mg.zpl), whose parity classes make four pairs. AZ_STATS counts the pairs run in one
# loop and as two (the run-time condition). QUICK=1: 1 and 3 processes.
. test/lib/progs.sh
runs_setup
prog=test/check/own_row_nests.zpl
want=test/golden/own_row_nests.out
progs_exe "$prog" "--keep-c" "$t/w" || exit 1
progs_exe "$prog" "--keep-c -fno-fuse" "$t/w0" || exit 1
nests=$(grep -c 'rows in one loop nest' "$t/w.c")
[ "$nests" = 7 ] || { echo "row_nests.sh: $prog has $nests nests of rows, expected 7"; fail=1; }
pairs=$(grep -c 'const bool zpair' "$t/w.c")
[ "$pairs" = 5 ] || { echo "row_nests.sh: $prog has $pairs pairs of rows, expected 5"; fail=1; }
if grep -q 'rows in one loop nest' "$t/w0.c"; then echo "row_nests.sh: -fno-fuse still makes nests of rows"; fail=1; fi
"$AZC" samples/mg.zpl -o "$t/mg.c" || exit 1
grep -q 'lines 325, 326, 327, 328, 329, 330, 331 and 332: their rows in one loop nest' "$t/mg.c" ||
  { echo "row_nests.sh: samples/mg.zpl's interp (lines 325-332) is not one nest of rows"; fail=1; }
pairs=$(grep -c 'const bool zpair' "$t/mg.c")
[ "$pairs" = 4 ] || { echo "row_nests.sh: samples/mg.zpl's interp has $pairs pairs of rows, expected 4"; fail=1; }
# the statements that read one array through ghost views under moves of one region share a transfer
one=$(grep -c 'the transfers of lines .* as one' "$t/w.c")
[ "$one" = 3 ] || { echo "row_nests.sh: $prog has $one shared transfers of ghost views, expected 3"; fail=1; }
grep -q 'the transfers of lines 326, 327, 328, 329, 330, 331, 332 as one' "$t/mg.c" ||
  { echo "row_nests.sh: samples/mg.zpl's interp does not exchange its seven statements' ghost cells of z in one transfer"; fail=1; }
# the pairs run in one loop where their rows match: on every process of 1 and 3, four of the five
# pairs at each of the two calls (8 a process), the fifth (rows three cells apart) as two loops
stats_scaled "row_nests.sh: $prog" "$t/w" "pairs of rows" 8 2 "%d in one loop, %d as two loops (all processes)" || fail=1
runs_match_usual "$want" "row_nests.sh: $prog" "$t/w" || fail=1
# a shared transfer's DN comes between the statements' interiors and their borders
# (zrt_xfer_split_rows): the three nests in the C, none with -fno-overlap; with 40^3 points (interiors
# to cut) on 8 processes, the nests compute their interiors while the ghost cells travel and print
# what the -fno-overlap build prints there (one process sums in another order: its last digits differ)
split=$(grep -c 'zrt_xfer_split_rows' "$t/w.c")
[ "$split" = 3 ] || { echo "row_nests.sh: $prog has $split nests of rows split around their shared transfer, expected 3"; fail=1; }
progs_exe "$prog" "--keep-c -fno-overlap" "$t/wn" || exit 1
if grep -q 'zrt_xfer_split_rows' "$t/wn.c"; then echo "row_nests.sh: -fno-overlap still splits nests of rows"; fail=1; fi
grep -q 'zrt_xfer_split_rows' "$t/mg.c" || { echo "row_nests.sh: samples/mg.zpl's interp does not compute its interior while z's ghost cells travel"; fail=1; }
timeout 120 mpirun -np 8 "$t/wn" -sn=40 > "$t/w40.want" 2>"$t/w40.err" ||
  { echo "row_nests.sh: $prog -fno-overlap -sn=40 on 8 processes failed"; tail -3 "$t/w40.err"; fail=1; }
for b in msg store; do
  AZ_STATS=1 AZ_COMM=$b timeout 120 mpirun -x AZ_STATS -x AZ_COMM -np 8 "$t/w" -sn=40 >"$t/w40.out" 2>"$t/w40.err"
  cmp -s "$t/w40.want" "$t/w40.out" ||
    { echo "row_nests.sh: $prog -sn=40 on 8 processes, AZ_COMM=$b: output differs from -fno-overlap's"; diff "$t/w40.want" "$t/w40.out" | head -5; tail -3 "$t/w40.err"; fail=1; }
  nests=$(sed -n 's/^AZ_STATS: overlap: \([0-9]*\) nests .*/\1/p' "$t/w40.err")
  [ "${nests:-0}" = 40 ] || { echo "row_nests.sh: $prog -sn=40 on 8 processes, AZ_COMM=$b: ${nests:-no} nests overlapped, expected 40 (five calls on each process)"; fail=1; }
done
exit $fail
