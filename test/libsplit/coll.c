/* coll.c - collectives: every reduction type and operator (blocking); inclusive and exclusive
 * scans; broadcasts from every root; split-phase collectives several at a time (reduce of ints,
 * max of doubles, exclusive and inclusive scans, bcast, barrier_begin), begun in the same order
 * everywhere and completed in an order that differs by round and by process, with stores and
 * store_sync between begin and wait; teams from sc_team_split (rows and columns of a process grid,
 * parity classes in reverse order) with collectives in several teams in flight at once. */
#include "check.h"
#include <math.h>

static int me, np, right, left;

/* ---- every type and operator ---- */

static int64_t ival(int p, int e) { return (int64_t)((p * 7 + 3 * e + 3) % 11) - 4; }   /* -4 .. 6 */
static int64_t pval(int p, int e) { return (p + e) % 3 + 1; }                             /* 1 .. 3 */
static int64_t lval(int p, int e) { return e == 0 ? 1 : e == 1 ? p % 2 : p == 1; }        /* logical */
static int64_t bval(int p, int e) { return ((int64_t)1 << (p + e)) | (e == 2 ? 0x100 : 0); }

static int64_t combine(sc_op op, int64_t a, int64_t b) {
  switch (op) {
    case SC_SUM: return a + b;
    case SC_PROD: return a * b;
    case SC_MIN: return a < b ? a : b;
    case SC_MAX: return a > b ? a : b;
    case SC_LAND: return a && b;
    case SC_LOR: return a || b;
    case SC_BAND: return a & b;
    case SC_BOR: return a | b;
    case SC_BXOR: return a ^ b;
  }
  return 0;
}
static int64_t input(sc_op op, int p, int e) {
  switch (op) {
    case SC_PROD: return pval(p, e);
    case SC_LAND: case SC_LOR: return lval(p, e);
    case SC_BAND: case SC_BOR: case SC_BXOR: return bval(p, e);
    default: return ival(p, e);
  }
}
static const char *opname[] = {"SUM", "PROD", "MIN", "MAX", "LAND", "LOR", "BAND", "BOR", "BXOR"};
static const char *tyname[] = {"I32", "I64", "F32", "F64"};

/* The reduction of elements e of processes lo..hi (inclusive) under op. */
static int64_t fold(sc_op op, int lo, int hi, int e) {
  int64_t r = input(op, lo, e);
  for (int p = lo + 1; p <= hi; p++) r = combine(op, r, input(op, p, e));
  return r;
}

static void test_all_ops(void) {
  enum { E = 3 };
  for (int ty = SC_I32; ty <= SC_F64; ty++)
    for (int op = SC_SUM; op <= SC_BXOR; op++) {
      if ((ty == SC_F32 || ty == SC_F64) && op > SC_MAX) continue;
      int32_t i32[E];
      int64_t i64[E];
      float f32[E];
      double f64[E];
      void *buf = ty == SC_I32   ? (void *)i32
                  : ty == SC_I64 ? (void *)i64
                  : ty == SC_F32 ? (void *)f32
                                 : (void *)f64;
      for (int e = 0; e < E; e++) {
        int64_t x = input((sc_op)op, me, e);
        if (ty == SC_I64 && op == SC_SUM) x += (int64_t)1 << 40;   /* needs 64 bits */
        i32[e] = (int32_t)x, i64[e] = x, f32[e] = (float)x, f64[e] = (double)x;
      }
      sc_all_reduce(sc_team_all, buf, E, (sc_type)ty, (sc_op)op);
      for (int e = 0; e < E; e++) {
        int64_t want = fold((sc_op)op, 0, np - 1, e);
        if (ty == SC_I64 && op == SC_SUM) want += (int64_t)np << 40;
        int64_t got = ty == SC_I32   ? i32[e]
                      : ty == SC_I64 ? i64[e]
                      : ty == SC_F32 ? (int64_t)f32[e]
                                     : (int64_t)f64[e];
        CHECK_EQ(got, want, "all_reduce %s %s element %d", tyname[ty], opname[op], e);
      }
    }
  /* Non-integral doubles: max and min of values with fractions, and a long vector. */
  double d[2] = {me * 1.25 - 3.5, -1.0 / (me + 1)};
  sc_all_reduce(sc_team_all, d, 2, SC_F64, SC_MAX);
  CHECK(d[0] == (np - 1) * 1.25 - 3.5 && d[1] == -1.0 / np, "all_reduce F64 MAX: %g %g", d[0], d[1]);
  enum { LONG = 5000 };
  int64_t *v = malloc(LONG * sizeof *v);
  for (int i = 0; i < LONG; i++) v[i] = (int64_t)i * (me + 1);
  sc_all_reduce(sc_team_all, v, LONG, SC_I64, SC_SUM);
  for (int i = 0; i < LONG; i++)
    if (v[i] != (int64_t)i * np * (np + 1) / 2) {
      CHECK_EQ(v[i], (int64_t)i * np * (np + 1) / 2, "all_reduce of %d I64: element %d", LONG, i);
      break;
    }
  free(v);
}

static void test_scans(void) {
  enum { E = 3 };
  static const sc_op ops[] = {SC_SUM, SC_PROD, SC_MIN, SC_MAX, SC_BXOR};
  for (int excl = 0; excl <= 1; excl++)
    for (size_t k = 0; k < sizeof ops / sizeof *ops; k++) {
      sc_op op = ops[k];
      int32_t i32[E];
      int64_t i64[E];
      for (int e = 0; e < E; e++) i32[e] = (int32_t)input(op, me, e), i64[e] = input(op, me, e);
      sc_all_scan(sc_team_all, i32, E, SC_I32, op, excl);
      sc_all_scan(sc_team_all, i64, E, SC_I64, op, excl);
      for (int e = 0; e < E; e++) {
        int64_t want;
        if (!excl) want = fold(op, 0, me, e);
        else if (me > 0) want = fold(op, 0, me - 1, e);
        else
          want = op == SC_SUM || op == SC_BXOR ? 0 : op == SC_PROD ? 1 : op == SC_MIN ? INT32_MAX : INT32_MIN;
        CHECK_EQ(i32[e], want, "%s scan I32 %s element %d", excl ? "exclusive" : "inclusive", opname[op], e);
        if (excl && me == 0 && op == SC_MIN) want = INT64_MAX;
        if (excl && me == 0 && op == SC_MAX) want = INT64_MIN;
        CHECK_EQ(i64[e], want, "%s scan I64 %s element %d", excl ? "exclusive" : "inclusive", opname[op], e);
      }
    }
  double d = me + 0.5;
  sc_all_scan(sc_team_all, &d, 1, SC_F64, SC_SUM, 0);
  CHECK(d == me * (me + 1) / 2.0 + (me + 1) * 0.5,
        "inclusive F64 SUM scan: %g", d);
}

static void test_bcast(void) {
  static const size_t sizes[] = {1, 8, 100000};
  unsigned char *b = malloc(100000);
  for (int root = 0; root < np; root++)
    for (int s = 0; s < 3; s++) {
      if (me == root) pat_fill(b, sizes[s], root, 20 + s);
      else memset(b, 0, sizes[s]);
      sc_bcast(sc_team_all, b, sizes[s], root);
      CHECK_PAT(b, sizes[s], root, 20 + s, "bcast of %zu bytes from root %d", sizes[s], root);
    }
  free(b);
}

/* ---- split-phase, several in flight ---- */

static void test_in_flight(int rounds) {
  enum { H = 6, BN = 1000 };
  int64_t *box = sc_all_alloc(4 * sizeof(int64_t), 0);
  unsigned char *bc = malloc(BN);
  for (int r = 0; r < rounds; r++) {
    int32_t ints[3];
    double dbl[2];
    int64_t ex[2], in;
    int root = r % np;
    for (int k = 0; k < 3; k++) ints[k] = me * 3 + k + r;
    dbl[0] = (me - r) * 1.5, dbl[1] = -(me + 1) * 2.0 - r;
    ex[0] = (int64_t)(me + 1) * (r + 1), ex[1] = (int64_t)me * me;
    in = me + 1 + r;
    if (me == root) pat_fill(bc, BN, root, r % 50);
    else memset(bc, 0, BN);
    sc_coll *h[H];
    h[0] = sc_all_reduce_begin(sc_team_all, ints, 3, SC_I32, SC_SUM);
    h[1] = sc_all_reduce_begin(sc_team_all, dbl, 2, SC_F64, SC_MAX);
    h[2] = sc_all_scan_begin(sc_team_all, ex, 2, SC_I64, SC_SUM, 1);
    h[3] = sc_all_scan_begin(sc_team_all, &in, 1, SC_I64, SC_SUM, 0);
    h[4] = sc_bcast_begin(sc_team_all, bc, BN, root);
    h[5] = sc_barrier_begin(sc_team_all);
    /* Point-to-point traffic while they are in flight. */
    int64_t out[3] = {r, me, r * 100 + me};
    for (int k = 0; k < 3; k++) sc_store(on(right, &box[k]), &out[k], 8);
    sc_store_sync(24);
    CHECK(box[0] == r && box[1] == left && box[2] == r * 100 + left, "round %d: stores during collectives",
          r);
    /* Complete them in an order that depends on the round and the process. */
    int order[H];
    for (int k = 0; k < H; k++) order[k] = k;
    rng g = rng_seed((uint64_t)r, (uint64_t)me, 3);
    for (int k = H - 1; k > 0; k--) {
      int j = (int)rng_below(&g, (uint64_t)k + 1), t = order[k];
      order[k] = order[j], order[j] = t;
    }
    for (int k = 0; k < H; k++) {
      if ((k + r) % 2) sc_coll_wait(h[order[k]]);
      else
        while (!sc_coll_test(h[order[k]])) {
        }
    }
    for (int k = 0; k < 3; k++)
      CHECK_EQ(ints[k], (int64_t)3 * np * (np - 1) / 2 + (int64_t)np * (k + r), "round %d: reduce ints[%d]",
               r, k);
    CHECK(dbl[0] == (np - 1 - r) * 1.5 && dbl[1] == -2.0 - r, "round %d: max of doubles %g %g", r, dbl[0],
          dbl[1]);
    int64_t s0 = 0, s1 = 0;
    for (int q = 0; q < me; q++) s0 += (int64_t)(q + 1) * (r + 1), s1 += (int64_t)q * q;
    CHECK_EQ(ex[0], s0, "round %d: exclusive scan[0]", r);
    CHECK_EQ(ex[1], s1, "round %d: exclusive scan[1]", r);
    CHECK_EQ(in, (int64_t)(me + 1) * (me + 2) / 2 + (int64_t)(me + 1) * r, "round %d: inclusive scan", r);
    CHECK_PAT(bc, BN, root, r % 50, "round %d: bcast from %d", r, root);
    sc_store_local_sync();
    sc_barrier();   /* box is reused next round */
  }
  free(bc);
  sc_all_free(box);
}

/* Many reductions in flight, completed in reverse; a barrier and a reduction cannot complete while
 * process 0 has not begun them (it waits for everybody's token first). */
static void test_many_and_early(void) {
  enum { NH = 40 };
  int64_t v[NH];
  sc_coll *h[NH];
  for (int i = 0; i < NH; i++) {
    v[i] = (int64_t)(me + 1) * (i + 1);
    h[i] = sc_all_reduce_begin(sc_team_all, &v[i], 1, SC_I64, i % 2 ? SC_SUM : SC_MAX);
  }
  for (int i = NH - 1; i >= 0; i--) sc_coll_wait(h[i]);
  for (int i = 0; i < NH; i++)
    CHECK_EQ(v[i], i % 2 ? (int64_t)(i + 1) * np * (np + 1) / 2 : (int64_t)np * (i + 1),
             "reduction %d of %d in flight", i, NH);

  sc_stctr k = sc_stctr_alloc();
  int64_t *tok = sc_all_alloc((size_t)np * sizeof(int64_t), 0);
  int64_t one = 1, x = me + 1;
  sc_barrier();
  if (me == 0) {
    sc_store_sync_ctr(k, (size_t)(np - 1) * sizeof(int64_t));
    sc_coll *b = sc_barrier_begin(sc_team_all), *r = sc_all_reduce_begin(sc_team_all, &x, 1, SC_I64, SC_SUM);
    sc_coll_wait(b);
    sc_coll_wait(r);
  } else {
    sc_coll *b = sc_barrier_begin(sc_team_all), *r = sc_all_reduce_begin(sc_team_all, &x, 1, SC_I64, SC_SUM);
    for (int i = 0; i < 20; i++) {
      int bd = sc_coll_test(b), rd = sc_coll_test(r);
      CHECK(!bd, "barrier_begin completed before process 0 began it");
      CHECK(!rd, "all_reduce_begin completed before process 0 began it");
      if (bd || rd) break;
    }
    sc_store_ctr(on(0, &tok[me]), &one, 8, k);
    sc_coll_wait(b);
    sc_coll_wait(r);
  }
  CHECK_EQ(x, (int64_t)np * (np + 1) / 2, "reduction begun late by process 0");
  sc_barrier();
  sc_all_free(tok);
  sc_stctr_free(k);
}

/* ---- teams ---- */

typedef struct {
  sc_team *t;
  int members[64], n;   /* world ranks in team-rank order */
  const char *name;
} team_info;

/* Split the world by color(p), ranks ordered by key(p) then p (as the contract of MPI_Comm_split). */
static team_info make_team(const char *name, int (*color)(int), int (*key)(int)) {
  team_info ti = {.name = name};
  ti.t = sc_team_split(sc_team_all, color(me), key(me));
  for (int p = 0; p < np; p++)
    if (color(p) == color(me)) ti.members[ti.n++] = p;
  for (int i = 1; i < ti.n; i++)          /* insertion sort by (key, p) */
    for (int j = i; j > 0; j--) {
      int a = ti.members[j - 1], b = ti.members[j];
      if (key(a) > key(b) || (key(a) == key(b) && a > b)) ti.members[j - 1] = b, ti.members[j] = a;
    }
  return ti;
}
static int grid_cols(void) { return np == 4 ? 2 : np; }
static int row_color(int p) { return p / grid_cols(); }
static int row_key(int p) { return p % grid_cols(); }
static int col_color(int p) { return p % grid_cols(); }
static int col_key(int p) { return p / grid_cols(); }
static int par_color(int p) { return p % 2; }
static int par_key(int p) { return -p; }

static int rank_in(const team_info *ti, int p) {
  for (int i = 0; i < ti->n; i++)
    if (ti->members[i] == p) return i;
  return -1;
}

static void test_teams(void) {
  team_info tt[3] = {make_team("row", row_color, row_key), make_team("column", col_color, col_key),
                     make_team("parity", par_color, par_key)};
  for (int k = 0; k < 3; k++) {
    team_info *ti = &tt[k];
    CHECK_EQ(sc_team_size(ti->t), ti->n, "%s team size", ti->name);
    CHECK_EQ(sc_team_rank(ti->t), rank_in(ti, me), "%s team rank", ti->name);
  }
  CHECK_EQ(sc_team_size(sc_team_all), np, "team_all size");
  CHECK_EQ(sc_team_rank(sc_team_all), me, "team_all rank");
  for (int round = 0; round < 5; round++) {
    /* Blocking: sum, exclusive scan in team order, bcast from the last team rank, per team. */
    for (int k = 0; k < 3; k++) {
      team_info *ti = &tt[k];
      int64_t s = me + 1 + round, want = 0, sc = me + 1, wsc = 0;
      for (int i = 0; i < ti->n; i++) want += ti->members[i] + 1 + round;
      for (int i = 0; i < rank_in(ti, me); i++) wsc += ti->members[i] + 1;
      sc_all_reduce(ti->t, &s, 1, SC_I64, SC_SUM);
      CHECK_EQ(s, want, "round %d: sum over the %s team", round, ti->name);
      sc_all_scan(ti->t, &sc, 1, SC_I64, SC_SUM, 1);
      CHECK_EQ(sc, wsc, "round %d: exclusive scan over the %s team", round, ti->name);
      int64_t b = sc_team_rank(ti->t) == ti->n - 1 ? 1000 * me + round : -1;
      sc_bcast(ti->t, &b, 8, ti->n - 1);
      CHECK_EQ(b, 1000 * ti->members[ti->n - 1] + round, "round %d: bcast in the %s team", round, ti->name);
    }
    /* Split-phase in three teams and the world at once, completed in another order. */
    int64_t s[4], mx[3];
    sc_coll *h[8];
    int nh = 0;
    for (int k = 0; k < 3; k++) {
      s[k] = (int64_t)(me + 1) * (round + 1);
      mx[k] = me * 10 + round;
      h[nh++] = sc_all_reduce_begin(tt[k].t, &s[k], 1, SC_I64, SC_SUM);
      h[nh++] = sc_all_reduce_begin(tt[k].t, &mx[k], 1, SC_I64, SC_MAX);
    }
    s[3] = me;
    h[nh++] = sc_all_reduce_begin(sc_team_all, &s[3], 1, SC_I64, SC_SUM);
    h[nh++] = sc_barrier_begin(tt[round % 3].t);
    for (int i = nh - 1; i >= 0; i--) {
      int j = (i + me + round) % nh;   /* a different order on every process */
      if (h[j]) {
        sc_coll_wait(h[j]);
        h[j] = NULL;
      }
    }
    for (int i = 0; i < nh; i++)
      if (h[i]) sc_coll_wait(h[i]);
    for (int k = 0; k < 3; k++) {
      int64_t want = 0, wmx = INT64_MIN;
      for (int i = 0; i < tt[k].n; i++) {
        want += (int64_t)(tt[k].members[i] + 1) * (round + 1);
        if (tt[k].members[i] * 10 + round > wmx) wmx = tt[k].members[i] * 10 + round;
      }
      CHECK_EQ(s[k], want, "round %d: split-phase sum over the %s team", round, tt[k].name);
      CHECK_EQ(mx[k], wmx, "round %d: split-phase max over the %s team", round, tt[k].name);
    }
    CHECK_EQ(s[3], (int64_t)np * (np - 1) / 2, "round %d: split-phase world sum among team collectives",
             round);
  }
  /* A team of a team: halves of the row team. */
  sc_team *sub = sc_team_split(tt[0].t, sc_team_rank(tt[0].t) % 2, 0);
  int64_t one = 1;
  sc_all_reduce(sub, &one, 1, SC_I64, SC_SUM);
  CHECK_EQ(one, sc_team_size(sub), "sum of ones over a team split from a team");
  CHECK_EQ(sc_team_size(sub), (tt[0].n + (sc_team_rank(tt[0].t) % 2 == 0)) / 2,
           "size of a team split from a team");
  sc_team_free(sub);
  for (int k = 2; k >= 0; k--) sc_team_free(tt[k].t);
}

int main(int argc, char **argv) {
  check_init(&argc, &argv);
  me = sc_myproc();
  np = sc_procs();
  right = (me + 1) % np;
  left = (me + np - 1) % np;
  test_all_ops();
  test_scans();
  test_bcast();
  test_in_flight(30);
  test_many_and_early();
  test_teams();
  sc_barrier();
  return check_done("coll");
}
