#!/bin/sh
# vector_clones.sh - procedures whose loops vectorize exactly get an AVX2 copy beside the generic
# one (ZRT_VECTOR_CLONES, docs/codegen.md "Compiler flags"). samples/jacobi.zpl built with plain
# azc (generic x86-64) holds a generic and an AVX2 copy of its procedure, the one this machine
# runs prints what the build without copies (-DZRT_NO_CLONES) prints, and a -march=native build
# (which has AVX2 where the machine does) holds no copies. Skipped off x86-64.
[ "$(uname -m)" = x86_64 ] || { echo "vector_clones.sh: not x86-64"; exit 77; }
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
fail=0
"$AZC" --keep-c samples/jacobi.zpl -o "$t/j" || exit 1
grep -q '^ZRT_VECTOR_CLONES static void z_jacobi(' "$t/j.c" ||
  { echo "vector_clones.sh: jacobi's procedure is not marked ZRT_VECTOR_CLONES"; fail=1; }
nm "$t/j" | grep -q 'z_jacobi\.avx2' || { echo "vector_clones.sh: no AVX2 copy of z_jacobi in the executable"; fail=1; }
flags=$("$AZC" --cflags) libs=$("$AZC" --libs)
# shellcheck disable=SC2086
mpicc -O2 $flags -DZRT_NO_CLONES "$t/j.c" -o "$t/plain" $libs || exit 1
nm "$t/plain" | grep -q 'z_jacobi\.avx2' && { echo "vector_clones.sh: -DZRT_NO_CLONES still clones"; fail=1; }
for np in 1 2; do
  timeout 120 mpirun -np $np "$t/j" -sn=48 >"$t/a" 2>&1 && timeout 120 mpirun -np $np "$t/plain" -sn=48 >"$t/b" 2>&1 ||
    { echo "vector_clones.sh: a run on $np processes failed"; cat "$t/a" "$t/b" | head; fail=1; }
  cmp -s "$t/a" "$t/b" || { echo "vector_clones.sh: with and without copies differ on $np processes:"; diff "$t/a" "$t/b" | head; fail=1; }
done
if grep -q avx2 /proc/cpuinfo; then
  "$AZC" -march=native samples/jacobi.zpl -o "$t/n" || exit 1
  nm "$t/n" | grep -q 'z_jacobi\.avx2' && { echo "vector_clones.sh: a -march=native build still holds copies"; fail=1; }
fi
exit $fail
