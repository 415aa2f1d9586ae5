#!/bin/sh
# mg_ref.sh - bench/mg: the hand-written NAS MG reference (bench/mg/mg_ref.c) and its benchmark
# script. mg_ref, built with mpicc -O3 -march=native, must verify class S (32^3, 4 iterations,
# L2 norm 5.307707005734e-05 within NPB's 1e-8) at np = 1, 2, 3 and 4 (3: an uneven block split,
# and processes that own no point of the coarsest levels), with NPB's stencils and with `plain`
# ones, print the NPB report's lines, and refuse a bad command line with a usage line and exit
# status 2; with N points per side instead of a class it must compute what samples/mg.zpl
# -spoints=N computes; then bench/mg/mg.sh's quick mode (class S, one run) must exit 0 with a row per
# program and np and a section between its markers, with the NPB comparison; under SimGrid SMPI
# (where installed) AZ_SMPI_WORK=count counts the timed part's points. About 20 s.
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
fail=0
say() { echo "mg_ref.sh: $*"; fail=1; }

mpicc -O3 -march=native -Wall -Wextra -Werror -o "$t/mg_ref" bench/mg/mg_ref.c -lm || { say "mg_ref.c does not compile"; exit 1; }

# check NP [plain]: class S at NP processes verifies and prints the report.
check() {
  np=$1
  shift
  timeout 120 mpirun -np "$np" "$t/mg_ref" S "$@" > "$t/out" 2>&1
  st=$?
  for line in ' VERIFICATION SUCCESSFUL' ' Class           =                        S' \
    ' Size            =             32x  32x  32' ' Iterations      =                        4' \
    " Total processes = $(printf '%24d' "$np")"; do
    grep -qx "$line" "$t/out" || { say "np=$np $*: no line '$line' (exit status $st):"; cat "$t/out"; return; }
  done
  norm=$(sed -n 's/^ L2 Norm is *//p' "$t/out")
  awk -v x="$norm" 'BEGIN { e = (x - 5.307707005734e-05) / 5.307707005734e-05; exit !(x != "" && e <= 1e-8 && e >= -1e-8) }' ||
    say "np=$np $*: L2 norm '$norm'"
  grep -Eq '^ Time in seconds = +[0-9]+\.[0-9]+$' "$t/out" && grep -Eq '^ Mop/s total += +[0-9]+\.[0-9]+$' "$t/out" &&
    grep -Eq '^ Peak memory += +[0-9]+\.[0-9] MB' "$t/out" || say "np=$np $*: no time, Mop/s or peak memory line"
  [ "$st" = 0 ] || say "np=$np $*: exit status $st"
}
for np in 1 2 3 4; do check "$np"; done
for np in 1 3; do check "$np" plain; done

# bad command lines: one line from process 0 (mpirun adds its own), exit status 2
for args in ":no class given" "B:unknown class 'B'" "S fast:unknown argument 'fast'" "SS:unknown class 'SS'" \
  "A plain x:unknown argument 'x'" "6:unknown class '6'" "2:unknown class '2'" "16x:unknown class '16x'" \
  "S 4 4:unknown argument '4'" "S 0:unknown argument '0'" "S plain 4:unknown argument '4'"; do
  want="mg_ref: ${args#*:} (usage: mg_ref CLASS|N [ITERATIONS] [plain], CLASS: S, W or A; N: points per side, a power of two from 4; not verified but for a class at 4 iterations)"
  # shellcheck disable=SC2086
  timeout 60 mpirun -np 2 "$t/mg_ref" ${args%%:*} > "$t/out" 2> "$t/err"
  st=$?
  { [ "$st" = 2 ] && [ "$(grep -c '^mg_ref: ' "$t/err")" = 1 ] && grep -qxF "$want" "$t/err"; } ||
    { say "arguments '${args%%:*}': exit status $st, standard error:"; cat "$t/err"; }
done

# a size of one's own (NPB's class U): mg_ref N and samples/mg.zpl -spoints=N, two programs written
# apart, compute the same L2 norm (16^3 points, on 1 and 3 processes) and say it is not verified;
# mg.zpl refuses a side that is not a power of two in one line, exit status 1
# samples/mg.zpl's default build is golden.sh's (test/lib/progs.sh)
. test/lib/progs.sh
progs_exe samples/mg.zpl "" "$t/mg" > "$t/azc.log" 2>&1 || { say "azc samples/mg.zpl failed:"; cat "$t/azc.log"; }
for np in 1 3; do
  timeout 60 mpirun -np "$np" "$t/mg_ref" 16 > "$t/ref16" 2>&1 || say "mg_ref 16 on $np: exit status $?"
  timeout 60 mpirun -np "$np" "$t/mg" -spoints=16 -stiming=false > "$t/zpl16" 2>&1 || say "mg -spoints=16 on $np: exit status $?"
  a=$(sed -n 's/^ L2 Norm is *//p' "$t/ref16") b=$(sed -n 's/^ L2 Norm is *//p' "$t/zpl16")
  awk -v a="$a" -v b="$b" 'BEGIN { d = (a - b) / a; exit !(a != "" && b != "" && a > 0 && d <= 1e-11 && d >= -1e-11) }' ||
    say "np=$np: mg_ref 16's L2 norm '$a', mg -spoints=16's '$b'"
  for f in ref16 zpl16; do
    grep -q '^ Class  *= *U$' "$t/$f" && grep -q '^ Verification  *= *NOT PERFORMED$' "$t/$f" ||
      { say "np=$np $f: not class U, or not 'NOT PERFORMED':"; cat "$t/$f"; }
  done
done
# ITERATIONS: mg_ref 16 6 and mg -spoints=16 -siterations=6 compute the same norm, and class S at
# 5 iterations is not verified
timeout 60 mpirun -np 2 "$t/mg_ref" 16 6 > "$t/ref16" 2>&1 || say "mg_ref 16 6: exit status $?"
timeout 60 mpirun -np 2 "$t/mg" -spoints=16 -siterations=6 -stiming=false > "$t/zpl16" 2>&1 || say "mg -spoints=16 -siterations=6: exit status $?"
a=$(sed -n 's/^ L2 Norm is *//p' "$t/ref16") b=$(sed -n 's/^ L2 Norm is *//p' "$t/zpl16")
awk -v a="$a" -v b="$b" 'BEGIN { d = (a - b) / a; exit !(a != "" && b != "" && a > 0 && d <= 1e-11 && d >= -1e-11) }' ||
  say "mg_ref 16 6's L2 norm '$a', mg -spoints=16 -siterations=6's '$b'"
grep -q '^ Iterations      = *6$' "$t/ref16" || { say "mg_ref 16 6: not 6 iterations:"; cat "$t/ref16"; }
timeout 60 mpirun -np 1 "$t/mg_ref" S 5 > "$t/out" 2>&1
grep -q '^ Verification  *= *NOT PERFORMED$' "$t/out" || { say "mg_ref S 5: verified at 5 iterations:"; cat "$t/out"; }
timeout 60 mpirun -np 2 "$t/mg" -spoints=24 > "$t/out" 2> "$t/err"
st=$?
{ [ "$st" != 0 ] && grep -qx 'mg: -spoints=24: the points per side must be a power of two, 4 or more' "$t/err"; } ||
  { say "mg -spoints=24: exit status $st, standard error:"; cat "$t/err"; }

# under SimGrid SMPI (where installed): bench/smpi_work.h's hooks count every loop nest's points
# of the timed part, class S on one process: 4 x (n^3 + comm3's 4 (n^2 + n (n+2) + (n+2)^2) plane
# copies) summed over the operators of the V-cycle, interp and zero3 over whole local arrays:
# 989360; the hooks change nothing of the result
if command -v smpicc >/dev/null 2>&1 && command -v smpirun >/dev/null 2>&1; then
  smpicc -O2 -o "$t/mg_smpi" bench/mg/mg_ref.c -lm > "$t/cc.log" 2>&1 || { say "smpicc mg_ref.c failed:"; cat "$t/cc.log"; }
  echo node-0 > "$t/hosts"
  root=$(pwd)
  (cd "$t" && AZ_SMPI_WORK=count timeout 120 smpirun -np 1 -platform "$root/bench/platforms/modern.xml" -hostfile "$t/hosts" \
    --log=root.thresh:warning --log=xbt_cfg.thresh:warning --log=smpi_config.thresh:error "$t/mg_smpi" S) > "$t/out" 2> "$t/err"
  grep -q '^AZ_SMPI_WORK: 989360 elements in ' "$t/err" && grep -qx ' VERIFICATION SUCCESSFUL' "$t/out" ||
    { say "mg_ref under SMPI, AZ_SMPI_WORK=count: not 989360 elements, or not verified:"; cat "$t/err" "$t/out" | head -20; }
fi

# the benchmark script's quick mode
QUICK=1 MG_NPS="1 2" AZC="$AZC" BUILD="$t/build" sh bench/mg/mg.sh > "$t/log" 2>&1 || { say "mg.sh failed:"; cat "$t/log"; }
rows=$(awk '$1 == "S" && ($3 == "ref" || $3 == "plain") && $4 > 0 && $5 > 0 && $6 > 0 { print $2, $3 }' "$t/log" | tr '\n' ';')
[ "$rows" = "1 ref;1 plain;2 ref;2 plain;" ] || { say "mg.sh: unexpected rows ($rows):"; cat "$t/log"; }
doc=$t/build/bench/mg/performance.md
[ "$(grep -c '^<!-- mg:begin -->$' "$doc")" = 1 ] && [ "$(grep -c '^<!-- mg:end -->$' "$doc")" = 1 ] &&
  grep -q '^| S | 2 | [0-9.]* | [0-9]* | [0-9]* | [0-9.]* |' "$doc" && grep -q '^| S | 1 | 0.001100 | [0-9.]* | [0-9.]* |$' "$doc" ||
  say "mg.sh: no well-formed section in $doc"
exit $fail
