/* test_array.c - parallel-array storage (allocation of this process's part with fluff, zeroed,
 * row-major, addressing through origin and strides, flood dimensions, copies) and indexed
 * arrays (row-major addressing, copies, R2 messages). */
#include "rtl_check.h"
#include "zrt_internal.h"
#include "zrt_region.h"

static const zrt_program prog = { "arr", "arr.zpl", NULL, 0 };

/* Address of global index idx in a. */
static char *at(const zrt_array *a, const int64_t *idx) {
  int64_t off = 0;
  for (int k = 0; k < a->rank; k++)
    off += idx[k] * a->stride[k];
  return a->origin + off * (int64_t)a->elem;
}

/* Is every byte of n bytes at p zero? */
static bool all_zero(const void *p, size_t n) {
  const unsigned char *b = p;
  for (size_t i = 0; i < n; i++)
    if (b[i])
      return false;
  return true;
}

/* One process: the whole storage region, row-major, last dimension contiguous. */
static void test_whole(void) {
  zrt_array a = { 0 };
  a.dlo[0] = 1, a.dhi[0] = 10, a.slo[1] = -1, a.shi[1] = 5;
  zrt_array_alloc(&a, 2, sizeof(double), (int64_t[]){ 0, -1 }, (int64_t[]){ 11, 5 }, 0);
  CHECK(a.allocated && a.mem && a.rank == 2 && a.elem == sizeof(double));
  CHECK(a.dlo[0] == 1 && a.dhi[0] == 10 && a.slo[1] == -1 && a.shi[1] == 5);  /* kept */
  CHECK(a.lo[0] == 0 && a.hi[0] == 11 && a.lo[1] == -1 && a.hi[1] == 5);
  CHECK(a.stride[0] == 7 && a.stride[1] == 1);
  CHECK(all_zero(a.mem, 12 * 7 * sizeof(double)));
  for (int64_t i = 0; i <= 11; i++)
    for (int64_t j = -1; j <= 5; j++)
      *(double *)at(&a, (int64_t[]){ i, j }) = 100.0 * (double)i + (double)j;
  const double *m = a.mem;
  CHECK(m[0] == -1.0 && m[1] == 0.0 && m[6] == 5.0 && m[7] == 99.0 && m[83] == 1105.0);
  zrt_array b = { 0 };
  zrt_array_copy(&b, &a);
  CHECK(b.mem != a.mem && b.allocated && b.stride[0] == 7);
  CHECK(*(double *)at(&b, (int64_t[]){ 3, 4 }) == 304.0);
  *(double *)at(&a, (int64_t[]){ 3, 4 }) = -1.0;
  CHECK(*(double *)at(&b, (int64_t[]){ 3, 4 }) == 304.0);
  void *keep = b.mem;
  zrt_array_copy(&b, &a);                     /* same layout: copied in place */
  CHECK(b.mem == keep && *(double *)at(&b, (int64_t[]){ 3, 4 }) == -1.0);
  zrt_array c;
  zrt_array_alloc(&c, 1, 1, (int64_t[]){ 1 }, (int64_t[]){ 3 }, 0);
  zrt_array_copy(&c, &a);                     /* another layout: reallocated */
  CHECK(c.rank == 2 && *(double *)at(&c, (int64_t[]){ 11, 5 }) == 1105.0);
  zrt_array_free(&a);
  zrt_array_free(&b);
  zrt_array_free(&c);
  CHECK(!a.allocated && a.mem == NULL);
}

/* Flood dimensions have extent 1 and stride 0: every index reaches the same element. */
static void test_flood(void) {
  zrt_array f;
  zrt_array_alloc(&f, 2, sizeof(int), (int64_t[]){ 1, 1 }, (int64_t[]){ 4, 9 }, 1u << 1);
  CHECK(f.stride[0] == 1 && f.stride[1] == 0);
  CHECK(at(&f, (int64_t[]){ 2, 5 }) == at(&f, (int64_t[]){ 2, -3 }));
  CHECK(at(&f, (int64_t[]){ 1, 0 }) == (char *)f.mem);
  CHECK(at(&f, (int64_t[]){ 4, 0 }) == (char *)f.mem + 3 * sizeof(int));
  zrt_array_free(&f);
  zrt_array g;
  zrt_array_alloc(&g, 3, 2, (int64_t[]){ 0, 0, 0 }, (int64_t[]){ 2, 5, 3 }, 1u << 1);
  CHECK(g.stride[0] == 4 && g.stride[1] == 0 && g.stride[2] == 1);
  CHECK(at(&g, (int64_t[]){ 2, 7, 3 }) == (char *)g.mem + 2 * (2 * 4 + 3));
  zrt_array_free(&g);
  zrt_array h;
  zrt_array_alloc(&h, 2, 8, (int64_t[]){ 0, 0 }, (int64_t[]){ 0, 0 }, 3u);
  CHECK(h.mem && h.stride[0] == 0 && h.stride[1] == 0 && h.origin == (char *)h.mem);
  zrt_array_free(&h);
}

/* Empty regions, rank 6, odd element sizes. */
static void test_shapes(void) {
  zrt_array e;
  zrt_array_alloc(&e, 2, 4, (int64_t[]){ 1, 1 }, (int64_t[]){ 0, 5 }, 0);
  CHECK(e.allocated && e.mem == NULL && e.origin == NULL);
  zrt_array e2 = { 0 };
  zrt_array_copy(&e2, &e);
  CHECK(e2.allocated && e2.mem == NULL);
  zrt_array_free(&e);
  zrt_array_free(&e2);
  zrt_array s;
  int64_t lo[6] = { 1, 2, 3, -1, 0, 1 }, hi[6] = { 2, 3, 4, 0, 1, 2 };
  zrt_array_alloc(&s, 6, 3, lo, hi, 0);
  CHECK(s.stride[5] == 1 && s.stride[0] == 32);
  CHECK(all_zero(s.mem, 64 * 3));
  CHECK(at(&s, lo) == (char *)s.mem && at(&s, hi) == (char *)s.mem + 63 * 3);
  zrt_array_free(&s);
}

/* A process of a simulated grid allocates its block plus the fluff, within the storage region. */
static void test_distributed(void) {
  int64_t lo = 1, hi = 100, slo = 0, shi = 101;
  static const int64_t want[4][2] = { { 0, 33 }, { 18, 58 }, { 43, 83 }, { 68, 101 } };
  for (int me = 0; me < 4; me++) {
    zrt_distribute_as(1, &lo, &hi, me, (int[]){ 4 });
    zrt_array a;
    zrt_array_alloc(&a, 1, 8, &slo, &shi, 0);
    CHECK_INT(a.lo[0], want[me][0]);
    CHECK_INT(a.hi[0], want[me][1]);
    CHECK(at(&a, &a.lo[0]) == (char *)a.mem);
    zrt_array_free(&a);
  }
  zrt_distribute_as(1, &lo, &hi, 1, (int[]){ 4 });
  zrt_array b;
  zrt_array_alloc_fluff(&b, 1, 8, &slo, &shi, 0, (int64_t[]){ 1 }, (int64_t[]){ 2 }, 7);
  CHECK(b.lo[0] == 25 && b.hi[0] == 52);
  zrt_array_free(&b);
  /* a process that owns nothing of the box holds nothing */
  zrt_distribute_as(2, (int64_t[]){ 1, 1 }, (int64_t[]){ 3, 3 }, 3, (int[]){ 4, 1 });
  zrt_array c;
  zrt_array_alloc_fluff(&c, 2, 8, (int64_t[]){ 1, 1 }, (int64_t[]){ 3, 3 }, 0,
                        (int64_t[]){ 0, 0 }, (int64_t[]){ 0, 0 }, 7);
  CHECK(c.allocated && c.mem == NULL);
  zrt_array_free(&c);
  zrt_grid_reset();
}

/* Indexed arrays: row-major from the lower bounds, copies. */
static void test_iarray(void) {
  zrt_iarray a;
  zrt_iarray_alloc(&a, 2, sizeof(int32_t), (int64_t[]){ 1, 0 }, (int64_t[]){ 3, 4 });
  CHECK(a.count == 15 && all_zero(a.data, 15 * 4));
  CHECK((char *)zrt_iarray_at(&a, (int64_t[]){ 1, 0 }, 1, "a") == a.data);
  CHECK((char *)zrt_iarray_at(&a, (int64_t[]){ 2, 3 }, 1, "a") == a.data + (5 + 3) * 4);
  CHECK((char *)zrt_iarray_at(&a, (int64_t[]){ 3, 4 }, 1, "a") == a.data + 14 * 4);
  for (int i = 0; i < 15; i++)
    ((int32_t *)a.data)[i] = i;
  zrt_iarray b = { 0 };
  zrt_iarray_copy(&b, &a);
  CHECK(b.data != a.data && b.count == 15 && ((int32_t *)b.data)[14] == 14);
  CHECK(*(int32_t *)zrt_iarray_at(&b, (int64_t[]){ 2, 1 }, 1, "b") == 6);
  zrt_iarray_free(&a);
  zrt_iarray_free(&b);
  zrt_iarray e;
  zrt_iarray_alloc(&e, 1, 8, (int64_t[]){ 5 }, (int64_t[]){ 4 });
  CHECK(e.count == 0 && e.data);
  zrt_iarray_free(&e);
}

typedef struct r2_case {
  int64_t lo[2], hi[2], idx[2];
  int ndims;
  const char *name, *msg;
} r2_case;

/* Child: one out-of-bounds subscript. */
static void r2_child(void *arg) {
  const r2_case *c = arg;
  zrt_iarray a;
  zrt_iarray_alloc(&a, c->ndims, 4, c->lo, c->hi);
  zrt_printf(ZRT_ZOUT, 1, "x\n");
  zrt_iarray_at(&a, c->idx, 44, c->name);
  zrt_exit(0);
}

static void test_r2(void) {
  static const r2_case cases[] = {
    { { 1 }, { 3 }, { 4 }, 1, "a", "subscript 4 is out of bounds 1..3 for dimension 1 of 'a'" },
    { { 1 }, { 3 }, { 0 }, 1, "a", "subscript 0 is out of bounds 1..3 for dimension 1 of 'a'" },
    { { 1, 0 }, { 3, 4 }, { 2, -1 }, 2, "m",
      "subscript -1 is out of bounds 0..4 for dimension 2 of 'm'" },
    { { -5, 0 }, { -2, 4 }, { -6, 9 }, 2, "m",
      "subscript -6 is out of bounds -5..-2 for dimension 1 of 'm'" },
    { { 1 }, { 0 }, { 1 }, 1, "e", "subscript 1 is out of bounds 1..0 for dimension 1 of 'e'" },
    { { 0 }, { 9 }, { INT64_MIN }, 1, "big",
      "subscript -9223372036854775808 is out of bounds 0..9 for dimension 1 of 'big'" },
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char want[160];
    snprintf(want, sizeof want, "arr.zpl:44: runtime error: %s\n", cases[i].msg);
    child_result r = run_child(r2_child, (void *)&cases[i]);
    CHECK_CHILD(r, 1, "x\n", want);
  }
}

/* Child: an allocation that cannot succeed. */
static void oom_child(void *arg) {
  zrt_array a;
  if (arg)
    zrt_array_alloc_fluff(&a, 2, 8, (int64_t[]){ 0, 0 }, (int64_t[]){ INT64_MAX / 4, 1000 }, 0,
                          NULL, NULL, 12);
  else
    zrt_array_alloc(&a, 1, 8, (int64_t[]){ 0 }, (int64_t[]){ INT64_MAX - 1 }, 0);
  zrt_exit(0);
}

static void test_r15(void) {
  child_result r = run_child(oom_child, "line");
  CHECK_CHILD(r, 1, "", "arr.zpl:12: runtime error: out of memory\n");
  r = run_child(oom_child, NULL);
  CHECK_CHILD(r, 1, "", "arr.zpl: runtime error: out of memory\n");
}

/* Boxes of a 3-D array copied to a buffer, back, and within the array: rows along the last
 * dimension in one run, a face across it (a row's elements a row apart) element by element, for
 * 8-byte and 4-byte elements. */
static void test_copy_box(void) {
  for (size_t elem = 4; elem <= 8; elem += 4) {
    zrt_array a = { 0 };
    zrt_array_alloc(&a, 3, elem, (int64_t[]){ 0, 0, 0 }, (int64_t[]){ 3, 4, 5 }, 0);
    for (int64_t i = 0; i <= 3; i++)
      for (int64_t j = 0; j <= 4; j++)
        for (int64_t k = 0; k <= 5; k++) {
          int v = (int)(100 * i + 10 * j + k);
          if (elem == 8) *(double *)at(&a, (int64_t[]){ i, j, k }) = v;
          else *(int *)at(&a, (int64_t[]){ i, j, k }) = v;
        }
    char buf[64 * 8];
    /* the face k = 3 of rows i 1..2, j 0..4: 10 elements, j fastest */
    CHECK_INT(zrt_copy_box(&a, &a, (int64_t[]){ 1, 0, 3 }, (int64_t[]){ 2, 4, 3 }, buf, true), 10 * (long long)elem);
    for (int n = 0; n < 10; n++) {
      int want = 100 * (1 + n / 5) + 10 * (n % 5) + 3;
      double got = elem == 8 ? ((double *)buf)[n] : ((int *)buf)[n];
      CHECK(got == want);
    }
    /* the box j 1..2, k 2..4 of row i = 3: two runs of three */
    CHECK_INT(zrt_copy_box(&a, &a, (int64_t[]){ 3, 1, 2 }, (int64_t[]){ 3, 2, 4 }, buf, true), 6 * (long long)elem);
    CHECK((elem == 8 ? ((double *)buf)[4] : ((int *)buf)[4]) == 323);
    /* back into the face k = 0, and the face k = 5 from k = 1 (within) */
    zrt_copy_box(&a, &a, (int64_t[]){ 3, 1, 0 }, (int64_t[]){ 3, 2, 0 }, buf, false);
    zrt_copy_box_within(&a, (int64_t[]){ 0, 0, 5 }, (int64_t[]){ 3, 4, 5 }, (int64_t[]){ 0, 0, -4 });
    for (int64_t i = 0; i <= 3; i++)
      for (int64_t j = 0; j <= 4; j++) {
        double k5 = elem == 8 ? *(double *)at(&a, (int64_t[]){ i, j, 5 }) : *(int *)at(&a, (int64_t[]){ i, j, 5 });
        CHECK(k5 == 100 * i + 10 * j + 1);
      }
    for (int64_t j = 1; j <= 2; j++) {  /* the first two values of the two runs: 312, 313 */
      double k0 = elem == 8 ? *(double *)at(&a, (int64_t[]){ 3, j, 0 }) : *(int *)at(&a, (int64_t[]){ 3, j, 0 });
      CHECK(k0 == 311 + j);
    }
    zrt_array_free(&a);
  }
}

/* Long rows (one memcpy a row: 20 doubles), a column across the last two dimensions (one
 * element a row of dimension 0), and a face one cell thick across the last dimension copied
 * within the array (as rows of the dimension before it). */
static void test_copy_box_runs(void) {
  zrt_array a = { 0 };
  zrt_array_alloc(&a, 3, sizeof(double), (int64_t[]){ 0, 0, 0 }, (int64_t[]){ 2, 1, 19 }, 0);
  for (int64_t i = 0; i <= 2; i++)
    for (int64_t j = 0; j <= 1; j++)
      for (int64_t k = 0; k <= 19; k++)
        *(double *)at(&a, (int64_t[]){ i, j, k }) = (double)(1000 * i + 100 * j + k);
  double buf[120];
  CHECK_INT(zrt_copy_box(&a, &a, (int64_t[]){ 1, 0, 0 }, (int64_t[]){ 2, 1, 19 }, (char *)buf, true), 80 * 8);
  for (int n = 0; n < 80; n++)
    CHECK(buf[n] == 1000 * (1 + n / 40) + 100 * (n / 20 % 2) + n % 20);
  CHECK_INT(zrt_copy_box(&a, &a, (int64_t[]){ 0, 1, 7 }, (int64_t[]){ 2, 1, 7 }, (char *)buf, true), 3 * 8);
  for (int n = 0; n < 3; n++)
    CHECK(buf[n] == 1000 * n + 107);
  zrt_copy_box_within(&a, (int64_t[]){ 0, 0, 19 }, (int64_t[]){ 2, 1, 19 }, (int64_t[]){ 0, 0, -18 });
  for (int64_t i = 0; i <= 2; i++)
    for (int64_t j = 0; j <= 1; j++)
      CHECK(*(double *)at(&a, (int64_t[]){ i, j, 19 }) == 1000 * i + 100 * j + 1);
  CHECK(*(double *)at(&a, (int64_t[]){ 2, 1, 18 }) == 2118);
  zrt_array_free(&a);
}

/* A prepared box copy runs on any array of the layout it was prepared for (another allocation:
 * the same cells at the same offsets from its origin), and zrt_box_copy_fits says no for another
 * layout (wider rows): a transfer's plan keeps its copies across calls and prepares them again only
 * then. */
static void test_box_copy_prepared(void) {
  zrt_array a = { 0 }, b = { 0 }, wide = { 0 };
  zrt_array_alloc(&a, 2, sizeof(double), (int64_t[]){ 0, 0 }, (int64_t[]){ 3, 9 }, 0);
  zrt_array_alloc(&b, 2, sizeof(double), (int64_t[]){ 0, 0 }, (int64_t[]){ 3, 9 }, 0);
  zrt_array_alloc(&wide, 2, sizeof(double), (int64_t[]){ 0, 0 }, (int64_t[]){ 3, 19 }, 0);
  for (int64_t i = 0; i <= 3; i++)
    for (int64_t j = 0; j <= 9; j++) {
      *(double *)at(&a, (int64_t[]){ i, j }) = (double)(10 * i + j);
      *(double *)at(&b, (int64_t[]){ i, j }) = (double)(100 + 10 * i + j);
    }
  zrt_box_copy bc;
  /* column 9 from column 1 (within), rows 0..3 */
  zrt_box_copy_prepare(&bc, &a, &a, (int64_t[]){ 0, 9 }, (int64_t[]){ 3, 9 }, &a, (int64_t[]){ 0, -8 });
  CHECK(zrt_box_copy_fits(&bc, &a, &a));
  CHECK(zrt_box_copy_fits(&bc, &b, &b));
  CHECK(!zrt_box_copy_fits(&bc, &wide, &wide));
  CHECK(!zrt_box_copy_fits(&bc, &a, NULL)); /* prepared for a copy within, not for a buffer */
  CHECK_INT(zrt_box_copy_run(&bc, &b, &b, NULL, false), 4 * 8);
  for (int64_t i = 0; i <= 3; i++) {
    CHECK(*(double *)at(&b, (int64_t[]){ i, 9 }) == 100 + 10 * i + 1);
    CHECK(*(double *)at(&a, (int64_t[]){ i, 9 }) == 10 * i + 9); /* a untouched */
  }
  /* rows 1..2, columns 2..4 to a buffer, prepared on a, run on b */
  double buf[8];
  zrt_box_copy_prepare(&bc, &a, &a, (int64_t[]){ 1, 2 }, (int64_t[]){ 2, 4 }, NULL, NULL);
  CHECK(zrt_box_copy_fits(&bc, &b, NULL));
  CHECK_INT(zrt_box_copy_run(&bc, &b, NULL, (char *)buf, true), 6 * 8);
  for (int n = 0; n < 6; n++)
    CHECK(buf[n] == 100 + 10 * (1 + n / 3) + 2 + n % 3);
  /* an empty box moves nothing */
  zrt_box_copy_prepare(&bc, &a, &a, (int64_t[]){ 2, 4 }, (int64_t[]){ 1, 4 }, NULL, NULL);
  CHECK_INT(zrt_box_copy_run(&bc, &a, NULL, (char *)buf, true), 0);
  zrt_array_free(&a);
  zrt_array_free(&b);
  zrt_array_free(&wide);
}

/* A ghost view remembers the arrays whose own ghost cells served its shifts, by what the answer
 * depends on: another array of the same shape with narrower ghost cells, or the same array read
 * farther, gets a copy with wider ones, even right after the same question was answered "itself". */
static void test_ghost_view_remembered(void) {
  zrt_array wide = { 0 }, narrow = { 0 }, tmp;
  const int64_t lo[] = { 1 }, hi[] = { 10 }, one[] = { 1 }, none[] = { 0 };
  wide.dlo[0] = narrow.dlo[0] = wide.slo[0] = narrow.slo[0] = 1;
  wide.dhi[0] = narrow.dhi[0] = wide.shi[0] = narrow.shi[0] = 10; /* declared and storage regions */
  zrt_array_alloc_ghosts(&wide, 1, sizeof(double), lo, hi, 0, one, one, none, none, 1);
  zrt_array_alloc_ghosts(&narrow, 1, sizeof(double), lo, hi, 0, none, none, none, none, 1);
  for (int64_t i = 1; i <= 10; i++)
    *(double *)at(&narrow, (int64_t[]){ i }) = (double)i;
  zrt_region c = { 1, { 1 }, { 10 }, { 1 }, { 0 }, 0 };
  const int64_t up[] = { 1 }, two[] = { 2 };
  for (int round = 0; round < 2; round++) { /* the second round asks what the first remembered */
    CHECK(zrt_ghost_view(&wide, &c, false, 1, up, &tmp, 1) == &wide);
    zrt_array *v = zrt_ghost_view(&narrow, &c, false, 1, up, &tmp, 1);
    CHECK(v == &tmp && v->fluff_hi[0] >= 1 && *(double *)at(v, (int64_t[]){ 7 }) == 7.0);
    zrt_ghost_view_end(v, &tmp);
    v = zrt_ghost_view(&wide, &c, false, 1, two, &tmp, 1);
    CHECK(v == &tmp && v->fluff_hi[0] >= 2);
    zrt_ghost_view_end(v, &tmp);
  }
  zrt_array_free(&wide);
  zrt_array_free(&narrow);
}

/* The table of remembered answers: a key it learnt is known (the last few always, whatever the
 * others did to their slots), a key it did not learn never is, even one that differs only in a
 * value past the hashed ones or in its length, or is too long to keep. */
static void test_memo(void) {
  zrt_memo *m = NULL;
  int64_t v[300];
  for (int i = 0; i < 300; i++) v[i] = i;
  for (int64_t k = 0; k < 500; k++) {
    v[0] = k;
    zrt_memo_learn(&m, (zrt_memo_part[]){ { v, 40 } }, 1);
    CHECK(zrt_memo_knows(&m, (zrt_memo_part[]){ { v, 40 } }, 1));
  }
  int known = 0;
  for (int64_t k = 0; k < 500; k++) {
    v[0] = k;
    known += zrt_memo_knows(&m, (zrt_memo_part[]){ { v, 40 } }, 1);
  }
  CHECK(known > 0 && known <= 64);
  v[0] = 499;
  v[39] = -1;                                                                   /* past the hashed values */
  CHECK(!zrt_memo_knows(&m, (zrt_memo_part[]){ { v, 40 } }, 1));
  CHECK(!zrt_memo_knows(&m, (zrt_memo_part[]){ { v, 39 } }, 1));                 /* shorter */
  zrt_memo_learn(&m, (zrt_memo_part[]){ { v, 300 } }, 1);                        /* too long: not kept */
  CHECK(!zrt_memo_knows(&m, (zrt_memo_part[]){ { v, 300 } }, 1));
  CHECK(!zrt_memo_knows(&m, (zrt_memo_part[]){ { NULL, 0 } }, 1));              /* empty: never */
}

/* zrt_wrap_contains_dirs on array a against one zrt_wrap_contains a read: regions of strides 2 and 4
 * and of three extents, directions whose offsets repeat, the failing read first, later or nowhere. */
static void check_wrap_contains_dirs(const zrt_array *a) {
  const int64_t offsets[] = { -4, -2, 0, 2, 4, -1 };
  for (int64_t hi = 5; hi <= 9; hi += 2)
    for (int64_t stride = 2; stride <= 4; stride += 2) {
      zrt_region c = { 2, { 1, 0 }, { hi, 7 }, { stride, 1 }, { 1, 0 }, 0 };
      for (int first = 0; first < 6; first++)
        for (int len = 1; len <= 6; len++) {
          int64_t d[6][ZRT_MAX_RANK] = { { 0 } };
          const int64_t *dirs[6];
          int want = -1;
          for (int j = 0; j < len; j++) {
            d[j][0] = offsets[(first + j) % 6], d[j][1] = j % 3 - 1;
            dirs[j] = d[j];
            if (want < 0 && !zrt_wrap_contains(&c, a, d[j]))
              want = j;
          }
          CHECK_INT(zrt_wrap_contains_dirs(&c, a, len, dirs), want);
        }
    }
}

/* zrt_wrap_contains_dirs names the first of its directions that zrt_wrap_contains rejects: a
 * dimension of step 2 and odd extent (wrapping changes the remainder), its offsets repeating. The
 * same questions again (answered from what it remembers), then on an array of the other phase and
 * extent, whose answers differ for the same region and offsets. */
static void test_wrap_contains_dirs(void) {
  zrt_array a = { 0 }, b = { 0 };
  a.rank = b.rank = 2;
  a.dlo[0] = 1, a.dhi[0] = 9, a.step[0] = 2, a.phase[0] = 1; /* 1, 3, ..., 9: extent 9 */
  a.dlo[1] = b.dlo[1] = 0, a.dhi[1] = b.dhi[1] = 7, a.step[1] = b.step[1] = 1; /* dense */
  b.dlo[0] = 0, b.dhi[0] = 8, b.step[0] = 2, b.phase[0] = 0; /* 0, 2, ..., 8: the region's odd indices are not b's */
  check_wrap_contains_dirs(&a);
  check_wrap_contains_dirs(&a);
  check_wrap_contains_dirs(&b);
  check_wrap_contains_dirs(&a);
  zrt_region empty = { 2, { 3, 0 }, { 2, 7 }, { 2, 1 }, { 1, 0 }, 0 };
  CHECK_INT(zrt_wrap_contains_dirs(&empty, &a, 1, (const int64_t *const[]){ (int64_t[ZRT_MAX_RANK]){ -1 } }), -1);
}

int main(void) {
  zrt_g.prog = &prog;
  test_whole();
  test_flood();
  test_shapes();
  test_distributed();
  test_iarray();
  test_copy_box();
  test_copy_box_runs();
  test_box_copy_prepared();
  test_ghost_view_remembered();
  test_memo();
  test_wrap_contains_dirs();
  test_r2();
  test_r15();
  return check_report("test_rtl_array");
}
