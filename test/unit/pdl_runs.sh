#!/bin/sh
# pdl_runs.sh - patterns written by running programs (--az-pdl=FILE, rtl/zrt/zrt_pattern.c): for
# every sample, bench/micro/micro.zpl, test/check/own_comm_opt.zpl and own_tailored.zpl
# on 1 to 4 processes (the default binding; msg and tailored), under AZ_CHECK=1 (every iteration of a
# pattern must repeat the first), the file must pass `azpdl check` (Appendix A
# syntax, names paired, every message matched, no deadlock) and the strict checker
# (test/tools/pdl_strict.c: Appendix A and nothing else, no comments); jacobi's on 4 processes with n = 16
# must be exactly test/pdl/runs/jacobi_np4_n16.pdl (checked by hand: 64-byte halo messages from
# and to each process's two neighbours, then the max<< gathered flat: 8 bytes from and to each of
# the three others, all with one tag).
# AZ_CHECK=FILE: jacobi follows that file from its first iteration on with the same n, diverges at
# the first call with another n, and a file for another process count or a broken file is one
# clear error.
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
BUILD=${BUILD:-build}
AZPDL=${AZPDL:-$BUILD/azpdl}
STRICT=$BUILD/test/tools/pdl_strict
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
# the default builds of the samples are golden.sh's (test/lib/progs.sh)
. test/lib/progs.sh
progs_dir
fail=0
for src in samples/*.zpl bench/micro/micro.zpl test/check/own_comm_opt.zpl test/check/own_tailored.zpl; do
  name=$(basename "$src" .zpl)
  args=
  case $name in jacobi) args=-sn=16 ;; micro) args="-sn=20 -siters=3" ;; esac
  if ! progs_exe "$src" "" "$t/$name" >"$t/azc.err" 2>&1; then
    echo "pdl_runs.sh: $src does not compile"; head -5 "$t/azc.err"; fail=1; continue
  fi
  for run in store:1 store:2 store:3 store:4 msg:3 tailored:4 auto:4; do
    b=${run%:*} np=${run#*:}
    rm -f "$t/out.pdl"
    # shellcheck disable=SC2086
    if ! AZ_CHECK=1 AZ_COMM=$b timeout 120 mpirun -x AZ_CHECK -x AZ_COMM -np "$np" "$t/$name" $args --az-pdl="$t/out.pdl" >/dev/null 2>"$t/err"; then
      echo "pdl_runs.sh: $name on $np processes ($b) failed"; head -5 "$t/err"; fail=1; continue
    fi
    if ! "$AZPDL" check "$t/out.pdl" 2>"$t/check"; then
      echo "pdl_runs.sh: the patterns of $name on $np processes ($b) do not pass azpdl check:"; head -10 "$t/check"; fail=1
    fi
    if ! "$STRICT" "$t/out.pdl" 2>"$t/check"; then
      echo "pdl_runs.sh: the patterns of $name on $np processes ($b) are not in the strict form:"; cat "$t/check"; fail=1
    fi
    if [ "$name" = jacobi ] && [ "$np" = 4 ] && ! cmp -s "$t/out.pdl" test/pdl/runs/jacobi_np4_n16.pdl; then
      echo "pdl_runs.sh: jacobi's patterns on 4 processes ($b) differ from test/pdl/runs/jacobi_np4_n16.pdl:"
      diff -u test/pdl/runs/jacobi_np4_n16.pdl "$t/out.pdl" | head -20; fail=1
    fi
  done
done
# AZ_CHECK=FILE: every iteration, the first one too, must make the file's calls
j=test/pdl/runs/jacobi_np4_n16.pdl
"$AZC" samples/jacobi.zpl -o "$t/jacobi" 2>/dev/null
if ! AZ_CHECK=$j timeout 120 mpirun -x AZ_CHECK -np 4 "$t/jacobi" -sn=16 >/dev/null 2>"$t/err"; then
  echo "pdl_runs.sh: jacobi -sn=16 on 4 processes does not follow $j:"; head -5 "$t/err"; fail=1
fi
AZ_CHECK=$j timeout 120 mpirun -x AZ_CHECK -np 4 "$t/jacobi" -sn=20 >/dev/null 2>"$t/err"
grep -q "AZ_CHECK: pattern 1, process [0-3], call 1: expected beginRecv source [0-3] tag 1 maxsize 64, got beginRecv source [0-3] tag 1 maxsize 80" "$t/err" ||
  { echo "pdl_runs.sh: jacobi -sn=20 against $j: no divergence reported at the first call:"; head -5 "$t/err"; fail=1; }
AZ_CHECK=$j timeout 120 mpirun -x AZ_CHECK -np 3 "$t/jacobi" -sn=16 >/dev/null 2>"$t/err"
grep -q "AZ_CHECK: '$j' describes 4 processes, this run has 3" "$t/err" ||
  { echo "pdl_runs.sh: AZ_CHECK with a file for another process count:"; head -5 "$t/err"; fail=1; }
AZ_CHECK=test/pdl/err_unmatched.pdl timeout 120 mpirun -x AZ_CHECK -np 2 "$t/jacobi" -sn=16 >/dev/null 2>"$t/err"
grep -q "AZ_CHECK: test/pdl/err_unmatched.pdl:[0-9]*:[0-9]*: pattern" "$t/err" ||
  { echo "pdl_runs.sh: AZ_CHECK with a broken file:"; head -5 "$t/err"; fail=1; }
# a bad option value is one clear line
"$AZC" samples/hello.zpl -o "$t/hello" 2>/dev/null
if "$t/hello" --az-pdl >/dev/null 2>"$t/err" || ! grep -q "missing file name for option '--az-pdl'" "$t/err"; then
  echo "pdl_runs.sh: '--az-pdl' without a file name is not reported"; cat "$t/err"; fail=1
fi
exit $fail
