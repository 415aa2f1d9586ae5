#!/bin/sh
# row_sums.sh - partial sums along the last dimension read from row buffers (backend/emit_rowsums.c;
# issue 22). test/check/own_row_sums.zpl has three statements with parenthesised sums that are one
# sum moved along the last dimension (over a level, and a restriction reading every other cell of
# the finer row), one whose directions have a family's signs but not its values, and each again
# with the same terms summed one by one; its values are whole numbers, so both must print the same
# sums and a difference of 0 (test/check/own_row_sums.out) on 1 to 4 processes under msg and
# auto, 3 under store and tailored. Its C must have the three nests with partial sums, and
# AZ_STATS must count the nests run from row buffers (faces and restrictions) and as written (the
# directions that are not moves). samples/mg.zpl's resid, psinv and rprj3 use them.
# QUICK=1: 1 and 3 processes.
. test/lib/progs.sh
runs_setup
prog=test/check/own_row_sums.zpl
want=test/check/own_row_sums.out  # here, not in test/golden: this script runs it on 1-4 processes itself
progs_exe "$prog" "--keep-c" "$t/w" || exit 1
nests=$(grep -c 'partial sums along the last dimension from row buffers' "$t/w.c")
[ "$nests" = 3 ] || { echo "row_sums.sh: $prog has $nests nests with partial sums, expected 3"; fail=1; }
"$AZC" samples/mg.zpl -o "$t/mg.c" || exit 1
nests=$(grep -c 'partial sums along the last dimension from row buffers' "$t/mg.c")
[ "$nests" = 3 ] || { echo "row_sums.sh: samples/mg.zpl has $nests nests with partial sums, expected 3 (resid, psinv, rprj3)"; fail=1; }
# faces on levels 0-2 and restrictions to levels 1-2 from buffers, the three not moved as written
stats_scaled "row_sums.sh: $prog" "$t/w" "partial sums" 5 3 "%d nests from row buffers, %d as written (all processes)" || fail=1
runs_match_usual "$want" "row_sums.sh: $prog" "$t/w" || fail=1
exit $fail
