#!/bin/sh
# section15_ast.sh - what the front end leaves in the tree for the constructs of language.md section
# 15, as azc --emit=ast shows it: the facts the back end compiles them from (docs/frontend.md,
# "Section 15 in the checked tree"). Each check is a line the dump must contain.
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
fail=0
# has FILE TEXT: the dump of FILE contains TEXT (fixed string)
has() {
  grep -qF -- "$2" "$t/$(basename "$1").ast" || { echo "section15_ast.sh: $1: no line with '$2'"; fail=1; }
}
for f in test/check/s15_1_constants.zpl test/check/s15_2_arrays_of_arrays.zpl test/check/s15_4_overloading.zpl \
         test/check/s15_5_user_reductions.zpl test/check/s15_6_free_timers.zpl test/check/s15_7_projections.zpl \
         samples/mg.zpl; do
  "$AZC" --emit=ast "$f" >"$t/$(basename "$f").ast" || { echo "section15_ast.sh: azc --emit=ast $f failed"; fail=1; }
done
# 15.1: constants and their values; the sign check left to the run time (R16); element uses
has test/check/s15_1_constants.zpl "const up : direction<-,0,0> = [-1, 0, 0]  value [-1, 0, 0]"
has test/check/s15_1_constants.zpl "const far : direction<0,0,+> = [0, 0, n]  check R16"
has test/check/s15_1_constants.zpl "const Level : array [0..3] of region<..,..,..> = Base by step[index1]"
has test/check/s15_1_constants.zpl "var V : [Base] double  border lo (1,0,0) hi (1,1,1)"
has test/check/s15_1_constants.zpl "cover [Level[k]]"
has test/check/s15_1_constants.zpl "V@^dir100[k]"
# 15.2: an element region per index, one border per indexed array
has test/check/s15_2_arrays_of_arrays.zpl "var U : array [0..2] of [Level[index1]] double = 1.0 : double  border lo (0,1) hi (0,1)"
has test/check/s15_2_arrays_of_arrays.zpl "call resid(R[k], R[k], U[k], k)"
# 15.4: the member each call chose (name@line of its first declaration)
has test/check/s15_4_overloading.zpl "value twice@21(1.5) : double"
has test/check/s15_4_overloading.zpl "value twice@19(3) : integer"
has test/check/s15_4_overloading.zpl "call total@28(5.0, k)"
# 15.5: the procedures of each user-defined reduction and its state type
has test/check/s15_5_user_reductions.zpl "{identity mm@16, accumulate mm@17, combine mm@18, state minmax}"
has test/check/s15_5_user_reductions.zpl "{identity best@32, accumulate best@33, combine best@33, state place}"
has test/check/s15_5_user_reductions.zpl "{identity sum@36 (function), accumulate sum@37 (function), combine sum@37 (function), state double}"
# 15.6: free variables, and reductions over the processes' values
has test/check/s15_6_free_timers.zpl "free var work : double = 0.0 : double"
has test/check/s15_6_free_timers.zpl "(max<< ReadTimer(t)){over processes} : double"
# 15.7: projections have the shape of every element reached
has test/check/s15_7_projections.zpl "target c.max[].loc[] : array of integer"
# the NAS MG sample
has samples/mg.zpl "(minMaxK<< (v, Index1, Index2, Index3)){identity minMaxK@"
has samples/mg.zpl "var U : array [0..L] of [Level[index1]] double"
has samples/mg.zpl "free var tinit : timer"
exit $fail
