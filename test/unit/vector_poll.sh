#!/bin/sh
# vector_poll.sh - the hot loops of generated C vectorize under every common flag set, and the
# poll for split-phase collectives (ZRT_POLL, once per row) neither sits in them nor makes the
# C compiler split, unswitch or de-vectorize their nest (issue 19). A test program has jacobi's
# loop (stencil and max<< fused, the max tested every iteration, so its gather is in flight while
# the next loop nests run) and cg's (a floating +<< fused with the update that produces its
# operand). Its C (azc --keep-c) is compiled as azc compiles it, with -O2 (the default), -O3,
# -march=native and -O3 -march=native, with gcc's -fopt-info-vec-all and -fopt-info-loop-all:
#   - the inner loop of each nest is reported "loop vectorized" (the +<< loop only with the
#     in-order reduction gcc makes of it, which needs the accumulator in a register and
#     -fvect-cost-model=dynamic at -O2: azc passes it);
#   - no loop of a nest is split ("loop split") or unswitched ("unswitching");
#   - ZRT_POLL is the first statement of the outer loop, never inside the inner one.
# Then the executable runs on 1 and 2 processes and prints what -O0 prints. With make SAN=1 (the
# sanitizers' checks keep every loop scalar) only the placement of ZRT_POLL and the runs are checked.
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
fail=0
cat > "$t/vp.zpl" <<'EOF'
program vp;
config var n : integer = 40;
region R = [1..n, 1..n];
direction north = [-1, 0]; south = [1, 0]; east = [0, 1]; west = [0, -1];
var A, T, X, P, Q : [R] double;
    err, rr, alpha : double;
    it : integer;
procedure vp();
[R] begin
  A := Index1 * 0.01 + Index2 * 0.02;
  [south of R] A := 1.0;
  P := Index2 * 0.5;
  Q := Index1 * 0.25;
  X := 0.0;
  alpha := 0.125;
  it := 0;
  repeat
    T   := (A@north + A@east + A@west + A@south) / 4.0;
    err := max<< abs(A - T);
    A   := T;
    X   := X + alpha * P;
    rr  := +<< (X * Q);
    it  += 1;
  until err < 0.0001 | it >= 20;
  writeln("it = ", it, " err = %.12e":err, " rr = %.12e":rr);
end;
EOF
"$AZC" --keep-c --no-pdl "$t/vp.zpl" -o "$t/vp" || exit 1
c=$t/vp.c
"$AZC" --cflags | grep -q -- "-fvect-cost-model=dynamic" || { echo "vector_poll.sh: azc --cflags lacks -fvect-cost-model=dynamic"; fail=1; }
# the line numbers of the two hot inner loops: the `for` after the simd pragma (max) and after the
# `ZRT_POLL` of the nest that folds X * Q.
max_loop=$(awk '/omp simd reduction\(max:/ { print NR + 1; exit }' "$c")
sum_loop=$(awk '/zr[0-9]* \+= zv;/ { s = NR } END { print s }' "$c")
sum_loop=$(awk -v s="$sum_loop" 'NR < s && /for \(int64_t i1/ { f = NR } END { print f }' "$c")
[ -n "$max_loop" ] && [ -n "$sum_loop" ] || { echo "vector_poll.sh: hot loops not found in the C"; exit 1; }
# ZRT_POLL: in the outer loop of each nest, not in its inner loop
for l in $max_loop $sum_loop; do
  poll=$(awk -v l="$l" 'NR < l && /ZRT_POLL/ { p = NR } NR < l && /for \(int64_t i0/ { o = NR } END { print (p > o) ? "outer" : "missing" }' "$c")
  [ "$poll" = outer ] || { echo "vector_poll.sh: line $l: no ZRT_POLL in the outer loop of the nest"; fail=1; }
  awk -v l="$l" 'NR > l && /^ *}/ { exit } NR > l && /ZRT_POLL/ { bad = 1 } END { exit bad }' "$c" ||
    { echo "vector_poll.sh: ZRT_POLL inside the inner loop at line $l"; fail=1; }
done
# a sanitizer build (make SAN=1) compiles generated C with -fsanitize: its checks keep loops scalar
sets='"-O2" "-O3" "-march=native" "-O3 -march=native"'
"$AZC" --cflags | grep -q -- -fsanitize && sets=
eval "set -- $sets"
for flags in "$@"; do
  case $flags in -march=*) opt="-O2 $flags" ;; *) opt=$flags ;; esac
  # shellcheck disable=SC2086
  mpicc $opt $("$AZC" --cflags) -c "$c" -o "$t/vp.o" -fopt-info-vec-all -fopt-info-loop-all 2> "$t/info" ||
    { echo "vector_poll.sh: $flags: the C does not compile"; fail=1; continue; }
  for l in $max_loop $sum_loop; do # gcc names the line of the loop or of a statement in it
    e=$(awk -v l="$l" 'NR > l && /^ *}$/ { print NR; exit }' "$c")
    awk -F: -v l="$l" -v e="$e" '$1 ~ /vp\.c$/ && $2 >= l && $2 <= e && /optimized: loop vectorized/ { ok = 1 } END { exit !ok }' "$t/info" ||
      { echo "vector_poll.sh: $flags: the inner loop at line $l is not vectorized"; grep "vp.c:$l:" "$t/info" | head -5; fail=1; }
  done
  if grep -E "(vp\.c|zrt\.h):[0-9]+:[0-9]+: optimized: .*(loop split|Unswitching)" "$t/info" > "$t/split"; then
    echo "vector_poll.sh: $flags: a loop was split or unswitched:"
    cat "$t/split"
    fail=1
  fi
done
# the executable prints what the -O0 build prints, on 1 and 2 processes
"$AZC" -O0 --no-pdl "$t/vp.zpl" -o "$t/vp0" || exit 1
for np in 1 2; do
  mpirun -np $np "$t/vp" > "$t/a.out" 2>&1 || { echo "vector_poll.sh: np $np: the run failed"; cat "$t/a.out"; fail=1; }
  mpirun -np $np "$t/vp0" > "$t/b.out" 2>&1
  cmp -s "$t/a.out" "$t/b.out" || { echo "vector_poll.sh: np $np: -O2 and -O0 print differently"; cat "$t/a.out" "$t/b.out"; fail=1; }
done
exit $fail
