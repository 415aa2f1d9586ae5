#!/bin/sh
# phases.sh - transfers whose shifts go diagonally exchange their ghost cells by dimension under the
# msg binding (rtl/zrt/zrt_phases.c, xfer_plan_phases): in phase k each process talks to its neighbours
# along grid dimension k only, the corners travelling through the process beside them.
# test/check/own_phases.zpl (plain diagonal shifts in 2-D, wrap-around diagonals in 3-D) prints
# test/golden/own_phases.out on 1, 4, 6 and 9 processes under msg (phases), and on 9 under store
# (the direct exchange); on 9 processes (a 3 x 3 grid) AZ_STATS counts the phases' messages: 24 a
# round for the 2-D transfer where the direct exchange makes 36, 36 for the 3-D one where it makes
# 54; test/check/own_mask_wrap.zpl prints its output on 5 and 12 processes (the
# plans' processes around, below); test/check/own_dir_ghosts.zpl's shifts wider than a block go by
# phases on 9 processes (below). samples/mg.zpl's class S verifies on 8 processes under msg with 3 messages a
# round per process (the 2 x 2 x 2 grid's three dimensions) where the direct exchange makes 7, and
# its msg plans are built once per level and operator (17) and taken up again from the shelf at
# the later calls (69, every one as the call gives its region, before its items), where store
# builds one at every call (86); its operators compute their interior in chunks while the phases
# travel (below); on 27 processes its coarsest level's psinv reads wider than a block and goes by
# phases too, printing what one process prints. (golden.sh and runahead.sh run
# own_phases under the other bindings and process counts.)
# QUICK=1: the own program only.
. test/lib/progs.sh
runs_setup
want=test/golden/own_phases.out
progs_exe test/check/own_phases.zpl "" "$t/ph" || exit 1
runs_match "$want" own_phases msg "1 4 6 9" "$t/ph" || fail=1
runs_match "$want" own_phases store "9" "$t/ph" || fail=1
# plans ask only the processes around (xfer_near_procs) where nothing can come from further: not
# where a covering region lies beyond a wrap-around array's declared region (own_mask_wrap's
# `[ne of W] wrap B`, whose pieces come from two blocks away on 5 and 12 processes)
progs_exe test/check/own_mask_wrap.zpl "" "$t/mw" || exit 1
runs_match test/golden/own_mask_wrap.out own_mask_wrap msg "5 12" "$t/mw" || fail=1

# messages LINE BINDING NP EXE [ARGS]: the messages all processes sent for the transfer of LINE
messages() {
  _exe=$4
  _np=$3
  _b=$2
  _line=$1
  shift 4
  AZ_STATS=1 AZ_COMM=$_b timeout 120 mpirun -x AZ_STATS -x AZ_COMM -np "$_np" "$_exe" "$@" >"$t/out" 2>"$t/err"
  awk -v l="$_line" 'NF == 8 && $2 == l { print $3, $5; exit }' "$t/err"
}
for case in "28 msg 72" "30 msg 108"; do
  set -- $case
  got=$(messages "$1" "$2" 9 "$t/ph")
  [ "$got" = "3 $3" ] || { echo "phases.sh: own_phases line $1, AZ_COMM=$2 on 9 processes: rounds and messages '$got', expected '3 $3'"; fail=1; }
done

# shifts wider than a block (a hierarchy's coarse levels on many processes) go by phases too, each
# piece crossing a dimension straight to the block it is bound for: own_dir_ghosts (n = 16 on 3 x 3
# processes, blocks of 5 and 6) shifts its dense array D by east[k] and sw[k], 8 cells at k = 3;
# its transfer (line 78) sends 117 messages in its 4 rounds where the direct exchange of that
# round made it 135; the output is the golden one on 9 and 16 processes (reach 2 blocks, 4 x 4)
progs_exe test/check/own_dir_ghosts.zpl "" "$t/dg" || exit 1
runs_match test/golden/own_dir_ghosts.out own_dir_ghosts msg "9 16" "$t/dg" || fail=1
got=$(messages 78 msg 9 "$t/dg")
[ "$got" = "4 117" ] || { echo "phases.sh: own_dir_ghosts line 78, AZ_COMM=msg on 9 processes: rounds and messages '$got', expected '4 117' (135: the widest round exchanged directly)"; fail=1; }

# overlap (zrt_xfer_split): statements whose transfers go by phases compute their interior in chunks
# while the phases travel, each phase that arrived moving on between two chunks (AZ_STATS on 9
# processes, where the transfers go by phases: more chunks than nests under msg, one a nest under
# store, which exchanges directly); own_phases with 40 x 40 points (interiors wide enough to cut)
# prints on 4 and 9 processes under both what it prints on one
"$t/ph" -sn=40 > "$t/ph40.want" 2>"$t/ph40.err" || { echo "phases.sh: own_phases -sn=40 on one process failed"; cat "$t/ph40.err"; fail=1; }
for b in msg store; do
  for np in 4 9; do
    AZ_STATS=1 AZ_COMM=$b timeout 120 mpirun -x AZ_STATS -x AZ_COMM -np $np "$t/ph" -sn=40 >"$t/ph40.out" 2>"$t/ph40.err"
    cmp -s "$t/ph40.want" "$t/ph40.out" ||
      { echo "phases.sh: own_phases -sn=40 on $np processes, AZ_COMM=$b: output differs"; diff "$t/ph40.want" "$t/ph40.out" | head -5; fail=1; }
    # shellcheck disable=SC2046
    set -- $(sed -n 's/^AZ_STATS: overlap: \([0-9]*\) nests .* in \([0-9]*\) chunks.*/\1 \2/p' "$t/ph40.err")
    [ $np = 9 ] || continue
    case $b in msg) ok=$([ "${2:-0}" -gt "${1:-0}" ] && echo yes) ;; *) ok=$([ "${1:-0}" -gt 0 ] && [ "$2" = "$1" ] && echo yes) ;; esac
    [ "$ok" = yes ] || { echo "phases.sh: own_phases -sn=40 on $np processes, AZ_COMM=$b: nests split and their chunks '$*'"; fail=1; }
  done
done

if [ -z "$QUICK" ]; then
  progs_exe samples/mg.zpl "" "$t/mg" || exit 1
  for b in msg; do
    set -- $(messages 293 $b 8 "$t/mg" -sClass=S)
    per=$([ "${1:-0}" -gt 0 ] && echo $((${2:-0} / $1 / 8)))
    expect=3 plans="17 69 69"; [ $b = store ] && expect=7 plans="86 0 0"
    grep -q "VERIFICATION SUCCESSFUL" "$t/out" && [ "$per" = "$expect" ] ||
      { echo "phases.sh: mg class S on 8 processes, AZ_COMM=$b: resid's transfer sent $2 messages in $1 rounds, expected $expect a round per process, or it did not verify"; fail=1; }
    got=$(awk '/transfer plans:/ { print $4, $6, $10 }' "$t/err")
    [ "$got" = "$plans" ] || { echo "phases.sh: mg class S on 8 processes, AZ_COMM=$b: plans built, taken up again and taken up as their region was given '$got', expected '$plans'"; fail=1; }
  done
  # on 3 x 3 x 3 processes (blocks of 10 and 11) psinv at the coarsest level (2^3 points, 16 apart)
  # reads wider than a block: by phases, its transfer sends 3360 messages in 25 rounds (3480 when
  # that round goes direct); the run prints what one process prints
  "$t/mg" -stiming=false > "$t/mg1.out" 2>&1 || { echo "phases.sh: mg class S on one process failed"; fail=1; }
  got=$(messages 302 msg 27 "$t/mg" -stiming=false)
  [ "$got" = "25 3360" ] && cmp -s "$t/mg1.out" "$t/out" ||
    { echo "phases.sh: mg class S on 27 processes: psinv's rounds and messages '$got', expected '25 3360', or its output differs from one process's"; fail=1; }
fi
exit $fail
