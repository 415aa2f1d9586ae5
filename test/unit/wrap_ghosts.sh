#!/bin/sh
# wrap_ghosts.sh - '@^' by constant directions through ghost cells (issue 22). A torus stencil
# (test/check/own_wrap_ghosts.zpl's, written here on its own) must compile to a periodic exchange:
# its generated C adds wrap-around transfer items (zrt_xfer_add_wrap) and makes no remap, and a run
# reports no remap in AZ_STATS (a '@^' by a constant direction allocates no temporary); so does
# samples/swm.zpl, whose wrap statements fill their arrays' borders with ghost-cell transfers.
# test/check/own_wrap_ghosts.zpl, which mixes ghost-cell wraps with those that stay remaps, prints
# its expected output on 1, 2, 3 and 4 processes under every binding (msg, put, store, tailored,
# auto), optimized and compiled with -fno-comm-opt -fno-overlap, and its pattern loop makes exactly
# the calls of its pattern file (AZ_CHECK=FILE, on 4 processes, the pattern file's count, under
# auto, tailored and store; AZ_CHECK=1 on 3). QUICK=1 runs 1 and 3 processes with msg and auto.
. test/lib/progs.sh
runs_setup
cat >"$t/torus.zpl" <<'ZPL'
program torus;
config var n : integer = 12;
region R = [1..n, 1..n];
direction north = [-1, 0]; south = [1, 0]; east = [0, 1]; west = [0, -1]; ne = [-1, 1]; far = [2, -2];
var A, B : [R] double;
    i : integer;
procedure torus();
[R] begin
  A := Index1 * n + Index2;
  for i := 1 to 3 do
    B := (A@^north + A@^south + A@^east + A@^west + A@^ne + A@^far) / 6.0;
    A := B;
  end;
  writeln("%.6f" : +<< A);
end;
ZPL
"$AZC" --keep-c "$t/torus.zpl" -o "$t/torus" || exit 1
if grep -q 'zrt_remap' "$t/torus.c" || ! grep -q 'zrt_xfer_add_wrap' "$t/torus.c"; then
  echo "wrap_ghosts.sh: the @^ reads of torus.zpl are not ghost-cell transfers:"; grep -n 'zrt_remap\|zrt_xfer_add' "$t/torus.c"; fail=1
fi
for np in 1 3; do
  AZ_STATS=1 timeout 120 mpirun -x AZ_STATS -np $np "$t/torus" >"$t/out" 2>"$t/err" || { echo "wrap_ghosts.sh: torus on $np failed"; cat "$t/err"; fail=1; continue; }
  remaps=$(awk '$1 == "comm" && $2 == "run" && $3 == "remap" { print $4 }' "$t/err")
  if [ "$remaps" != 0 ]; then
    echo "wrap_ghosts.sh: torus on $np processes made '$remaps' remaps, expected 0"; cat "$t/err"; fail=1
  fi
done

# wrap statements around a declared region (swm's boundaries): border cells filled by ghost-cell
# transfers, no remap either
progs_exe samples/swm.zpl "--keep-c" "$t/swm" || exit 1
grep -q 'zrt_xfer_fill_wrap' "$t/swm.c" || { echo "wrap_ghosts.sh: swm's wrap statements are not transfers"; fail=1; }
AZ_STATS=1 timeout 120 mpirun -x AZ_STATS -np 3 "$t/swm" -sm=24 -sn=20 -siters=4 -smprint=4 >"$t/out" 2>"$t/err" ||
  { echo "wrap_ghosts.sh: swm on 3 failed"; cat "$t/err"; fail=1; }
remaps=$(awk '$1 == "comm" && $2 == "run" && $3 == "remap" { print $4 }' "$t/err")
[ "$remaps" = 0 ] || { echo "wrap_ghosts.sh: swm on 3 processes made '$remaps' remaps, expected 0"; cat "$t/err"; fail=1; }

prog=test/check/own_wrap_ghosts.zpl
want=test/golden/own_wrap_ghosts.out
progs_exe "$prog" "" "$t/w" || exit 1
progs_exe "$prog" "-fno-comm-opt -fno-overlap" "$t/wn" || exit 1
nps="1 2 3 4" bindings="msg put store tailored auto"
[ "${QUICK:-0}" = 1 ] && nps="1 3" bindings="msg auto"
runs_match "$want" "wrap_ghosts.sh: $prog" "$bindings" "$nps" "$t/w" "$t/wn" || fail=1
for b in auto tailored store; do
  AZ_COMM=$b AZ_CHECK="$t/w.pdl" timeout 120 mpirun -x AZ_COMM -x AZ_CHECK -np 4 "$t/w" >"$t/out" 2>"$t/err" ||
    { echo "wrap_ghosts.sh: AZ_CHECK=w.pdl with AZ_COMM=$b on 4 processes failed:"; head -5 "$t/err"; fail=1; }
done
AZ_CHECK=1 timeout 120 mpirun -x AZ_CHECK -np 3 "$t/w" >"$t/out" 2>"$t/err" ||
  { echo "wrap_ghosts.sh: AZ_CHECK=1 on 3 processes failed:"; head -5 "$t/err"; fail=1; }
grep -q 'pattern 1' "$t/w.pdl" || { echo "wrap_ghosts.sh: the pattern file has no pattern:"; cat "$t/w.pdl"; fail=1; }
exit $fail
