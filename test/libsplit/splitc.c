/* splitc.c - what a Split-C program written by hand looks like, checked: a bucket sort step (counts
 * exchanged with a scan and a reduction, keys sent with irregular stores, completed once with
 * all_store_sync and once with store_sync of the known byte count); a 2-D Jacobi iteration on
 * blocks of rows with a halo exchange by stores and store_sync (ghost rows and counters alternate
 * by iteration parity), compared with the serial computation; and a block-distributed vector
 * reversed with gets, rotated with puts, and redistributed cyclically, with sync. */
#include "check.h"

static int me, np;

/* ---- bucket sort ---- */

enum { NK = 2000, KEYMAX = 1 << 20 };

static int cmp_i64(const void *a, const void *b) {
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return (x > y) - (x < y);
}
static int64_t hash32(int64_t k) { return (int64_t)((uint64_t)(k * 2654435761u) & 0xffffffffu); }

static void bucket_sort(int seed, int use_store_sync) {
  int64_t *keys = malloc(NK * sizeof *keys);
  int64_t *counts = calloc((size_t)np, sizeof *counts), *offs = malloc((size_t)np * sizeof *offs);
  int64_t *totals = malloc((size_t)np * sizeof *totals);
  rng g = rng_seed((uint64_t)seed, (uint64_t)me, 11);
  int64_t sum[2] = {0, 0};
  for (int i = 0; i < NK; i++) {
    /* Skewed keys, so the buckets differ in size. */
    uint64_t a = rng_below(&g, KEYMAX), b = rng_below(&g, KEYMAX);
    keys[i] = (int64_t)(a < b ? a : b);
    counts[keys[i] * np / KEYMAX]++;
    sum[0] += keys[i], sum[1] += hash32(keys[i]);
  }
  /* Where my keys go in each bucket, and how big each bucket is. */
  memcpy(offs, counts, (size_t)np * sizeof *offs);
  sc_all_scan(sc_team_all, offs, (size_t)np, SC_I64, SC_SUM, 1);
  memcpy(totals, counts, (size_t)np * sizeof *totals);
  sc_all_reduce(sc_team_all, totals, (size_t)np, SC_I64, SC_SUM);
  int64_t cap = 1;
  for (int d = 0; d < np; d++) cap = totals[d] > cap ? totals[d] : cap;
  int64_t *bucket = sc_all_alloc((size_t)cap * sizeof *bucket, 0);
  for (int64_t i = 0; i < cap; i++) bucket[i] = -1;
  sc_barrier();
  for (int i = 0; i < NK; i++) {
    int d = (int)(keys[i] * np / KEYMAX);
    sc_store(sc_gadd(on(d, bucket), offs[d]++, sizeof(int64_t)), &keys[i], sizeof(int64_t));
  }
  if (use_store_sync) sc_store_sync((size_t)totals[me] * sizeof(int64_t));
  else sc_all_store_sync();
  int64_t n = totals[me];
  qsort(bucket, (size_t)n, sizeof *bucket, cmp_i64);
  int64_t got[2] = {0, 0};
  int bad = 0;
  for (int64_t i = 0; i < n; i++) {
    if (!bad && (bucket[i] < 0 || bucket[i] * np / KEYMAX != me)) {
      CHECK(0, "seed %d: key %" PRId64 " in bucket %d", seed, bucket[i], me);
      bad = 1;
    }
    got[0] += bucket[i], got[1] += hash32(bucket[i]);
  }
  sc_all_reduce(sc_team_all, sum, 2, SC_I64, SC_SUM);
  sc_all_reduce(sc_team_all, got, 2, SC_I64, SC_SUM);
  CHECK(got[0] == sum[0] && got[1] == sum[1],
        "seed %d (%s): the sorted keys are not a permutation of the input", seed,
        use_store_sync ? "store_sync" : "all_store_sync");
  /* The last key of each bucket is at most the first key of the next non-empty one. */
  int64_t first = -1;
  if (me + 1 < np && totals[me + 1] > 0) sc_read(&first, on(me + 1, bucket), sizeof first);
  CHECK(me + 1 >= np || totals[me + 1] == 0 || n == 0 || bucket[n - 1] <= first,
        "seed %d: bucket %d ends with %" PRId64 ", the next starts with %" PRId64, seed, me,
        n ? bucket[n - 1] : -1, first);
  sc_store_local_sync();
  sc_barrier();
  sc_all_free(bucket);
  free(keys), free(counts), free(offs), free(totals);
}

/* ---- Jacobi with a halo exchange ---- */

enum { GR = 26, GC = 16, ITERS = 40 };

static double init_u(int i, int j) { return (double)((i * 7 + j * 3) % 10) + (i == 0) * 5.0; }

/* The serial computation: u after ITERS sweeps. */
static void jacobi_serial(double (*u)[GC]) {
  double (*v)[GC] = malloc(sizeof(double[GR][GC]));
  for (int i = 0; i < GR; i++)
    for (int j = 0; j < GC; j++) u[i][j] = init_u(i, j);
  for (int t = 0; t < ITERS; t++) {
    memcpy(v, u, sizeof(double[GR][GC]));
    for (int i = 1; i < GR - 1; i++)
      for (int j = 1; j < GC - 1; j++) v[i][j] = (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]) / 4;
    memcpy(u, v, sizeof(double[GR][GC]));
  }
  free(v);
}

static void jacobi(void) {
  int r0 = me * GR / np, r1 = (me + 1) * GR / np, nr = r1 - r0;
  int up = me > 0 ? me - 1 : -1, down = me + 1 < np ? me + 1 : -1;
  /* ghost[parity][0]: the row above my block, ghost[parity][1]: the row below. */
  double (*ghost)[2][GC] = sc_all_alloc(sizeof(double[2][2][GC]), 0);
  double (*u)[GC] = malloc(sizeof(double[GR][GC])), (*v)[GC] = malloc(sizeof(double[GR][GC]));
  sc_stctr kk[2] = {SC_STCTR_DEFAULT, sc_stctr_alloc()};
  for (int i = 0; i < nr; i++)
    for (int j = 0; j < GC; j++) u[i][j] = init_u(r0 + i, j);
  size_t expect = (size_t)((up >= 0) + (down >= 0)) * GC * sizeof(double);
  sc_barrier();
  for (int t = 0; t < ITERS; t++) {
    int par = t % 2;
    if (up >= 0) sc_store_ctr(on(up, ghost[par][1]), u[0], sizeof(double[GC]), kk[par]);
    if (down >= 0) sc_store_ctr(on(down, ghost[par][0]), u[nr - 1], sizeof(double[GC]), kk[par]);
    if (kk[par] == SC_STCTR_DEFAULT) sc_store_sync(expect);
    else sc_store_sync_ctr(kk[par], expect);
    for (int i = 0; i < nr; i++) {
      int gi = r0 + i;
      memcpy(v[i], u[i], sizeof(double[GC]));
      if (gi == 0 || gi == GR - 1) continue;
      const double *above = i > 0 ? u[i - 1] : ghost[par][0], *below = i < nr - 1 ? u[i + 1] : ghost[par][1];
      for (int j = 1; j < GC - 1; j++) v[i][j] = (above[j] + below[j] + u[i][j - 1] + u[i][j + 1]) / 4;
    }
    sc_store_local_sync();   /* u's edge rows were the sources */
    double (*w)[GC] = u;
    u = v, v = w;
  }
  double (*ref)[GC] = malloc(sizeof(double[GR][GC]));
  jacobi_serial(ref);
  for (int i = 0; i < nr; i++)
    for (int j = 0; j < GC; j++)
      if (u[i][j] != ref[r0 + i][j]) {
        CHECK(0, "jacobi: u[%d][%d] = %.17g, serial %.17g", r0 + i, j, u[i][j], ref[r0 + i][j]);
        i = nr;
        break;
      }
  sc_barrier();
  sc_stctr_free(kk[1]);
  sc_all_free(ghost);
  free(u), free(v), free(ref);
}

/* ---- a block-distributed vector: reverse with gets, rotate with puts, make cyclic ---- */

enum { B = 100 };

static int64_t xval(int64_t i) { return i * i + 3; }

static void vectors(void) {
  int64_t n = (int64_t)np * B;
  int64_t *x = sc_all_alloc(3 * B * sizeof(int64_t), 0), *z = x + B, *w = x + 2 * B;
  int64_t y[B];
  for (int i = 0; i < B; i++) x[i] = xval((int64_t)me * B + i), z[i] = w[i] = -1;
  sc_barrier();
  /* y[i] := x[n-1-i] for my i: one get per element, one sync. */
  for (int i = 0; i < B; i++) {
    int64_t gi = n - 1 - ((int64_t)me * B + i);
    sc_get(&y[i], sc_gadd(on((int)(gi / B), x), gi % B, sizeof(int64_t)), sizeof(int64_t));
  }
  sc_sync();
  for (int i = 0; i < B; i++)
    CHECK_EQ(y[i], xval(n - 1 - ((int64_t)me * B + i)), "reverse by gets: element %d", i);
  /* z[(i + 37) mod n] := x[i] by puts; w cyclic: element i on process i mod P at i div P. */
  for (int i = 0; i < B; i++) {
    int64_t gi = (int64_t)me * B + i, to = (gi + 37) % n;
    sc_put(sc_gadd(on((int)(to / B), z), to % B, sizeof(int64_t)), &x[i], sizeof(int64_t));
    sc_put(sc_gadd(on((int)(gi % np), w), gi / np, sizeof(int64_t)), &x[i], sizeof(int64_t));
  }
  sc_sync();
  sc_barrier();
  for (int i = 0; i < B; i++) {
    int64_t gi = (int64_t)me * B + i;
    CHECK_EQ(z[i], xval(((gi - 37) % n + n) % n), "rotate by puts: element %" PRId64, gi);
    CHECK_EQ(w[i], xval((int64_t)i * np + me), "cyclic by puts: local element %d", i);
  }
  /* A few blocking reads of random elements of the cyclic vector. */
  rng g = rng_seed(5, (uint64_t)me, 0);
  for (int k = 0; k < 20; k++) {
    int64_t gi = (int64_t)rng_below(&g, (uint64_t)n), val;
    sc_read(&val, sc_gadd(on((int)(gi % np), w), gi / np, sizeof(int64_t)), sizeof val);
    CHECK_EQ(val, xval(gi), "read of cyclic element %" PRId64, gi);
  }
  sc_barrier();
  sc_all_free(x);
}

int main(int argc, char **argv) {
  check_init(&argc, &argv);
  me = sc_myproc();
  np = sc_procs();
  for (int seed = 0; seed < 4; seed++) bucket_sort(seed, seed % 2);
  jacobi();
  vectors();
  return check_done("splitc");
}
