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
# the fill loops run over a multiple of ZRT_FILL_ROUND cells (no scalar tail); the cells they read
# past a row's range are the array's next ones, past its last its slack: with arrays packed
# (AZ_ALIGN=0: no alignment slack) and on malloc's blocks (AZ_HUGE=0), a build under SAN=1 stops
# at the first read past an array without that slack (seen); the output is the default layout's
fills=$(grep -c 'ZRT_FILL_ROUND) / ZRT_FILL_ROUND \* ZRT_FILL_ROUND' "$t/mg.c")
[ "$fills" = 3 ] || { echo "row_sums.sh: samples/mg.zpl rounds $fills fill loops' lengths up to ZRT_FILL_ROUND cells, expected 3"; fail=1; }
progs_exe samples/mg.zpl "" "$t/mg" || exit 1
"$t/mg" -spoints=16 -stiming=false > "$t/mg.want" 2>&1 || { echo "row_sums.sh: samples/mg.zpl -spoints=16 failed"; cat "$t/mg.want"; fail=1; }
AZ_ALIGN=0 AZ_HUGE=0 "$t/mg" -spoints=16 -stiming=false > "$t/mg.out" 2>&1
cmp -s "$t/mg.want" "$t/mg.out" ||
  { echo "row_sums.sh: samples/mg.zpl -spoints=16 with AZ_ALIGN=0 AZ_HUGE=0 prints otherwise"; tail -5 "$t/mg.out"; fail=1; }
# faces on levels 0-2 and restrictions to levels 1-2 from buffers, the three not moved as written
stats_scaled "row_sums.sh: $prog" "$t/w" "partial sums" 5 3 "%d nests from row buffers, %d as written (all processes)" || fail=1
runs_match_usual "$want" "row_sums.sh: $prog" "$t/w" || fail=1
exit $fail
