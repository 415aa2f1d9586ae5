#!/bin/sh
# row_alignment.sh - row alignment of parallel arrays (rtl/zrt/zrt_array.c, AZ_ALIGN, AZ_HUGE):
# (a) a 2-D and 3-D program with odd sizes whose rows are padded on 1 and 2 processes and on some of
#     3 and 4 (shifts,
#     wrap, @^, a parallel initializer, reductions, a partial reduction, a scan, A := T, writeln of
#     whole arrays) prints the same with AZ_ALIGN=0 (dense rows) as with the default on 1, 2, 3
#     and 4 processes;
# (b) a C program linked with libzrt.a checks the layout itself: by default the first element of
#     this process's block in the last dimension starts a 64-byte line in every row and the row
#     stride is a multiple of 64 bytes (2-D, 3-D, rank 1, odd element sizes, copies, a process
#     that is not the first of its grid line); rows shorter than 32 x lcm(elem, 64) bytes (MG's
#     64 + 2 doubles, 255 doubles) stay dense, 257 doubles are padded; with AZ_ALIGN=0 the rows
#     are dense; arrays of 2 MB or more are mapped on a 2 MB boundary (huge pages; AZ_HUGE=0: not),
#     zeroed, and keep that through copies and exchanges; a bad value of AZ_ALIGN or AZ_HUGE is
#     rejected.
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
fail=0
say() { echo "row_alignment.sh: $*"; fail=1; }

# ---- (a) the same output with and without alignment ----

cat > "$t/rows.zpl" <<'EOF'
program rows;

config var n : integer = 13;
           m : integer = 603;
           h : integer = 523;
           iters : integer = 3;

region R = [1..n, 1..m];
       Col = [1..n, 1];
       C = [1..3, 1..5, 1..h];

direction north = [-1, 0]; south = [1, 0]; east = [0, 1]; west = [0, -1];
          up = [-1, 0, 0]; back = [0, 0, 1]; front = [0, 0, -1];

var A, T : [R] double;
    G : [R] double = 1.5;
    I : [R] integer;
    S : [Col] double;
    K, L : [C] double;
    it : integer;

procedure rows();
begin
  [R] begin
    A := Index1 * 1000.0 + Index2;
    I := Index1 * 7 + Index2 * 3;
    for it := 1 to iters do
      [east of R] wrap A;
      T := (A@north + A@south + A@east + A@west) / 4.0 + G;
      A := T;
    end;
    writeln("sum A = ", +<< A, " max I = ", max<< I@^east);
    [Col] S := +<< [R] A;
    [Col] writeln(S);
    I := I@^south + I@^west;
    writeln(I);
    writeln(A);
  end;
  [C] begin
    K := Index1 * 100.0 + Index2 * 10.0 + Index3;
    L := K@back + K@front + K@up;
    L := +||[3] L;
    writeln(L);
    writeln("sum L = ", +<< L);
  end;
end;
EOF
"$AZC" "$t/rows.zpl" -o "$t/rows" > "$t/cc" 2>&1 || { say "rows.zpl does not compile:"; head -5 "$t/cc"; exit 1; }
for np in 1 2 3 4; do
  for a in 0 1; do
    AZ_ALIGN=$a timeout 120 mpirun -x AZ_ALIGN -np $np "$t/rows" > "$t/out$a" 2> "$t/err$a" ||
      { say "np=$np AZ_ALIGN=$a failed:"; head -5 "$t/err$a"; }
  done
  [ -s "$t/out0" ] || say "np=$np: no output"
  cmp -s "$t/out0" "$t/out1" || { say "np=$np: the output differs with AZ_ALIGN=0 and 1:"; diff "$t/out0" "$t/out1" | cut -c1-150 | head -6; }
  if [ $np = 1 ]; then cp "$t/out0" "$t/want"
  else cmp -s "$t/want" "$t/out1" || { say "np=$np: the output differs from np=1's:"; diff "$t/want" "$t/out1" | cut -c1-150 | head -6; }
  fi
done

# ---- (b) the layout ----

cat > "$t/layout.c" <<'EOF'
/* layout.c - the storage layout of zrt_array_alloc: aligned and padded rows (argument "aligned")
 * or dense rows (argument "dense"). */
#include "zrt_internal.h"
#include "zrt_region.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const zrt_program prog = { "layout", "layout.zpl", NULL, 0 };
static int failures;
static bool aligned;

/* Count a failure of what. */
static void check(bool ok, const char *what) {
  if (!ok) {
    printf("layout: %s: %s\n", aligned ? "aligned" : "dense", what);
    failures++;
  }
}

/* Address of global index idx in a. */
static char *at(const zrt_array *a, const int64_t *idx) {
  int64_t off = 0;
  for (int k = 0; k < a->rank; k++)
    off += idx[k] * a->stride[k];
  return a->origin + off * (int64_t)a->elem;
}

/* Rows of a 2-D array: element (i, first) of every row i on a line, the row stride in whole lines
 * covering the row (aligned); or the row stride equal to the extent (dense). */
static void check_rows(const zrt_array *a, int64_t first, const char *what) {
  int64_t ext = a->hi[1] - a->lo[1] + 1;
  if (!aligned) {
    check(a->stride[0] == ext && a->stride[1] == 1, what);
    return;
  }
  check(a->stride[1] == 1 && a->stride[0] >= ext && a->stride[0] * (int64_t)a->elem % 64 == 0, what);
  for (int64_t i = a->lo[0]; i <= a->hi[0]; i++)
    check((uintptr_t)at(a, (int64_t[]){ i, first }) % 64 == 0, what);
}

/* Values written through the strides survive a copy, which keeps the layout. */
static void check_copy(zrt_array *a) {
  for (int64_t i = a->lo[0]; i <= a->hi[0]; i++)
    for (int64_t j = a->lo[1]; j <= a->hi[1]; j++)
      *(double *)at(a, (int64_t[]){ i, j }) = (double)(i * 1000 + j);
  zrt_array b = { 0 };
  zrt_array_copy(&b, a);
  bool same = b.stride[0] == a->stride[0] && (!aligned || (uintptr_t)b.mem % 64 == (uintptr_t)a->mem % 64);
  for (int64_t i = a->lo[0]; i <= a->hi[0]; i++)
    for (int64_t j = a->lo[1]; j <= a->hi[1]; j++)
      same &= *(double *)at(&b, (int64_t[]){ i, j }) == (double)(i * 1000 + j);
  check(same, "copy");
  zrt_array_free(&b);
}

int main(int argc, char **argv) {
  zrt_g.prog = &prog;
  aligned = argc > 1 && !strcmp(argv[1], "aligned");
  check(zrt_array_aligning() == aligned, "zrt_array_aligning");
  /* one process; storage [0..40] x [0..301] around the box [1..39] x [1..300]: column 1 aligned */
  zrt_distribute_as(2, (int64_t[]){ 1, 1 }, (int64_t[]){ 39, 300 }, 0, (int[]){ 1, 1 });
  zrt_array a;
  zrt_array_alloc(&a, 2, sizeof(double), (int64_t[]){ 0, 0 }, (int64_t[]){ 40, 301 }, 0);
  check_rows(&a, 1, "2-D, one process");
  check_copy(&a);
  zrt_array_free(&a);
  /* process 1 of a 1 x 2 grid: its block starts at column 301 (fluff from 293) */
  zrt_distribute_as(2, (int64_t[]){ 1, 1 }, (int64_t[]){ 39, 600 }, 1, (int[]){ 1, 2 });
  zrt_array_alloc(&a, 2, sizeof(double), (int64_t[]){ 0, 0 }, (int64_t[]){ 40, 601 }, 0);
  check(a.lo[1] == 293 && a.hi[1] == 601, "2-D, second process: its columns");
  check_rows(&a, 301, "2-D, second process");
  check_copy(&a);
  zrt_array_free(&a);
  /* 3-D of 4-byte elements, rows of 601: every row of every plane */
  zrt_distribute_as(3, (int64_t[]){ 1, 1, 1 }, (int64_t[]){ 3, 5, 601 }, 0, (int[]){ 1, 1, 1 });
  zrt_array c;
  zrt_array_alloc(&c, 3, 4, (int64_t[]){ 1, 1, 1 }, (int64_t[]){ 3, 5, 601 }, 0);
  check(c.stride[1] == (aligned ? 608 : 601) && c.stride[0] == c.stride[1] * 5, "3-D strides");
  for (int64_t i = 1; i <= 3 && aligned; i++)
    for (int64_t j = 1; j <= 5; j++)
      check((uintptr_t)at(&c, (int64_t[]){ i, j, 1 }) % 64 == 0, "3-D rows");
  zrt_array_free(&c);
  /* 12-byte elements: the row stride becomes a multiple of lcm(12, 64) = 192 bytes */
  zrt_array e;
  zrt_array_alloc_box(&e, 2, 12, (int64_t[]){ 1, 1 }, (int64_t[]){ 4, 600 }, 0, false, 0);
  check(e.stride[0] == (aligned ? 608 : 600), "12-byte elements: stride");
  for (int64_t i = 1; i <= 4 && aligned; i++)
    check((uintptr_t)at(&e, (int64_t[]){ i, 1 }) % 64 == 0, "12-byte elements: rows");
  zrt_array_free(&e);
  /* short rows are not padded; rank 1: the block's first index aligned */
  zrt_array s;
  zrt_array_alloc_box(&s, 2, 8, (int64_t[]){ 1, 1 }, (int64_t[]){ 5, 9 }, 0, false, 0);
  check(s.stride[0] == 9 && (!aligned || (uintptr_t)s.mem % 64 == 0), "short rows");
  zrt_array_free(&s);
  /* rows under 32 lines stay dense (their padding would be streamed too): MG's 64 + 2, and 255
   * doubles; 257 are padded to 264 */
  const int64_t lens[] = { 66, 255, 257 }, strides[] = { 66, 255, 264 };
  for (int i = 0; i < 3; i++) {
    zrt_array_alloc_box(&s, 3, 8, (int64_t[]){ 0, 0, 0 }, (int64_t[]){ 3, 3, lens[i] - 1 }, 0, false, 0);
    check(s.stride[1] == (aligned ? strides[i] : lens[i]) && s.stride[0] == s.stride[1] * 4, "rows of 66, 255, 257 doubles");
    zrt_array_free(&s);
  }
  /* 2 MB or more (AZ_HUGE, not under AddressSanitizer): a mapping of its own on a 2 MB boundary,
   * zeroed, rows aligned as above; copies and exchanges keep track of it */
  bool huge = !getenv("AZ_HUGE") || strcmp(getenv("AZ_HUGE"), "0");
#ifdef __SANITIZE_ADDRESS__
  huge = false;
#endif
  check(zrt_array_huge() == huge, "zrt_array_huge");
  zrt_distribute_as(2, (int64_t[]){ 1, 1 }, (int64_t[]){ 600, 600 }, 0, (int[]){ 1, 1 });
  zrt_array h, h2 = { 0 };
  zrt_array_alloc(&h, 2, sizeof(double), (int64_t[]){ 0, 0 }, (int64_t[]){ 601, 601 }, 0);
  check(huge ? h.mapped > 0 && (uintptr_t)h.block % (2 << 20) == 0 : h.mapped == 0, "2 MB or more: mapped on a 2 MB boundary");
  bool zero = true;
  for (int64_t i = 0; i <= 601; i++)
    for (int64_t j = 0; j <= 601; j++)
      zero &= *(double *)at(&h, (int64_t[]){ i, j }) == 0.0;
  check(zero, "2 MB or more: zeroed");
  check_rows(&h, 1, "2 MB or more");
  check_copy(&h);
  zrt_array_copy(&h2, &h);
  check(h2.mapped == h.mapped && (h2.mapped == 0 || (uintptr_t)h2.block % (2 << 20) == 0), "2 MB or more: a copy");
  *(double *)at(&h, (int64_t[]){ 5, 5 }) = 1.0;
  *(double *)at(&h2, (int64_t[]){ 5, 5 }) = 2.0;
  zrt_array_exchange(&h, &h2, &(zrt_region){ .rank = 2, .lo = { 1, 1 }, .hi = { 600, 600 }, .stride = { 1, 1 } });
  check(*(double *)at(&h, (int64_t[]){ 5, 5 }) == 2.0 && *(double *)at(&h2, (int64_t[]){ 5, 5 }) == 1.0, "2 MB or more: an exchange");
  zrt_array_free(&h);
  zrt_array_free(&h2);
  zrt_distribute_as(1, (int64_t[]){ 1 }, (int64_t[]){ 100 }, 2, (int[]){ 4 });
  zrt_array v;
  zrt_array_alloc(&v, 1, 8, (int64_t[]){ 0 }, (int64_t[]){ 101 }, 0);
  check(!aligned || (uintptr_t)at(&v, (int64_t[]){ 51 }) % 64 == 0, "rank 1");
  zrt_array_free(&v);
  return failures != 0;
}
EOF
# shellcheck disable=SC2046
mpicc $("$AZC" --cflags) -Wall -Wextra -Werror -o "$t/layout" "$t/layout.c" $("$AZC" --libs) > "$t/cc" 2>&1 ||
  { say "layout.c does not build:"; head -5 "$t/cc"; exit 1; }
env -u AZ_ALIGN "$t/layout" aligned || say "the default layout is not aligned"
AZ_ALIGN=1 "$t/layout" aligned || say "AZ_ALIGN=1: the layout is not aligned"
AZ_ALIGN=0 "$t/layout" dense || say "AZ_ALIGN=0: the layout is not dense"
AZ_HUGE=0 "$t/layout" aligned || say "AZ_HUGE=0: the layout is not aligned, or large arrays are mapped"
AZ_ALIGN=0 AZ_HUGE=1 "$t/layout" dense || say "AZ_ALIGN=0 AZ_HUGE=1: the layout is not dense"
for v in AZ_ALIGN AZ_HUGE; do
  env "$v=2" "$t/rows" > "$t/out" 2> "$t/err"
  st=$?
  [ $st = 2 ] && grep -q "$v must be 0 or 1, not '2'" "$t/err" || say "$v=2: exit status $st, $(cat "$t/err")"
done
exit $fail
