/* stores.c - signalling stores and their byte counts: store_sync of an exact total made of stores
 * of different sizes from every process; sc_store_test_ctr reporting 0 while a sender is held
 * back until after a reply; two phases counted on two counters with the second phase sent first;
 * all_store_sync after irregular all-to-all stores for many seeds, alternating between the
 * default counter and an allocated one (each reused every other phase); floods: 20000 outstanding
 * 8-byte gets before one sync, every process storing thousands of 8-byte values into one process
 * and one process into every other, and 1 MiB stores and puts from every process to every process
 * at once; store_sync taking the bytes in pieces and all_store_sync completing the rest. */
#include "check.h"

static int me, np, right, left;

/* ---- store_sync of an exact total ---- */

enum { NSIZES = 5, SLOT = 8192 };

/* The sizes of the stores that sender s makes to receiver r in round rd (1 .. 4000 bytes). */
static size_t store_size(int rd, int s, int r, int i) {
  rng g = rng_seed((uint64_t)rd, (uint64_t)s * 64 + (uint64_t)r, (uint64_t)i);
  static const size_t base[NSIZES] = {8, 24, 1, 100, 3000};
  return base[i] + rng_below(&g, 1000) * (i == 4) + rng_below(&g, 7) * (i == 3);
}

static void test_store_sync_total(void) {
  unsigned char *rx = sc_all_alloc((size_t)np * SLOT, 0);
  unsigned char *out = malloc(SLOT);
  for (int rd = 0; rd < 3; rd++) {
    memset(rx, 0, (size_t)np * SLOT);
    sc_barrier();
    pat_fill(out, SLOT, me, 60 + rd);
    /* Every process stores to every process (itself included), starting with the next one. */
    for (int j = 0; j < np; j++) {
      int r = (me + 1 + j) % np;
      size_t o = 0;
      for (int i = 0; i < NSIZES; i++) {
        size_t n = store_size(rd, me, r, i);
        sc_store(on(r, rx + (size_t)me * SLOT + o), out + o, n);
        o += n + 8;
      }
    }
    size_t total = 0;
    for (int s = 0; s < np; s++)
      for (int i = 0; i < NSIZES; i++) total += store_size(rd, s, me, i);
    sc_store_sync(total);
    for (int s = 0; s < np; s++) {
      unsigned char want[SLOT];
      pat_fill(want, SLOT, s, 60 + rd);
      size_t o = 0;
      for (int i = 0; i < NSIZES; i++) {
        size_t n = store_size(rd, s, me, i);
        CHECK(memcmp(rx + (size_t)s * SLOT + o, want + o, n) == 0,
              "round %d: store %d (%zu bytes) from process %d after store_sync(%zu)", rd, i, n, s, total);
        CHECK(rx[(size_t)s * SLOT + o + n] == 0, "round %d: store %d from %d wrote past its end", rd, i, s);
        o += n + 8;
      }
    }
    CHECK(!sc_store_test_ctr(SC_STCTR_DEFAULT, 1),
          "round %d: nothing left on counter 0 after store_sync(%zu)", rd, total);
    sc_store_local_sync();
    sc_barrier();
  }
  free(out);
  sc_all_free(rx);
}

/* ---- sc_store_test_ctr says 0 while the sender waits for my reply ---- */

static void test_store_test_held_back(void) {
  enum { A = 64, B = 200 };
  sc_stctr kd = sc_stctr_alloc(), kt = sc_stctr_alloc();
  unsigned char *rx = sc_all_alloc(1024, 0);
  int64_t *token = sc_all_alloc(8, 0);
  memset(rx, 0, 1024);
  *token = -1;
  unsigned char out[1024], want[1024];
  pat_fill(out, sizeof out, me, 70);
  pat_fill(want, sizeof want, left, 70);
  sc_barrier();
  /* Sender role: part A (8 + 56 bytes) to the next process now. */
  sc_store_ctr(on(right, rx), out, 8, kd);
  sc_store_ctr(on(right, rx + 8), out + 8, A - 8, kd);
  /* Receiver role: part B cannot have been sent yet, my reply is still to come. */
  for (int i = 0; i < 50; i++) {
    CHECK(!sc_store_test_ctr(kd, A + B), "store_test_ctr(%d) before the sender was allowed to send part B",
          A + B);
    sc_poll();
  }
  sc_store_sync_ctr(kd, A);
  CHECK(memcmp(rx, want, A) == 0, "part A after store_sync_ctr(%d)", A);
  CHECK(!sc_store_test_ctr(kd, 1), "store_test_ctr(1) after part A, before my reply");
  int64_t tok = 1000 + me;
  sc_store_ctr(on(left, token), &tok, 8, kt);          /* reply: the previous process may go on */
  /* Sender role: wait for the next process's reply, then send part B. */
  sc_store_sync_ctr(kt, 8);
  CHECK_EQ(*token, 1000 + right, "the reply token");
  sc_store_ctr(on(right, rx + 256), out + 256, B, kd);
  long polls = 0;
  while (!sc_store_test_ctr(kd, B)) polls++;
  CHECK(memcmp(rx + 256, want + 256, B) == 0, "part B after store_test_ctr(%d) said 1 (%ld polls)", B, polls);
  CHECK(!sc_store_test_ctr(kd, 1), "store_test_ctr consumed part B");
  sc_store_local_sync();
  sc_barrier();
  sc_all_free(token);
  sc_all_free(rx);
  sc_stctr_free(kt);
  sc_stctr_free(kd);
}

/* ---- two phases on two counters, the second phase sent first ---- */

static void test_two_phases(void) {
  enum { P1 = 3 * 16, P2 = 10000 };
  sc_stctr k1 = sc_stctr_alloc(), k2 = sc_stctr_alloc();
  unsigned char *b1 = sc_all_alloc((size_t)np * P1, 0), *b2 = sc_all_alloc((size_t)np * P2, 0);
  unsigned char *o1 = malloc(P1), *o2 = malloc(P2), *w = malloc(P2);
  for (int rd = 0; rd < 4; rd++) {
    memset(b1, 0, (size_t)np * P1);
    memset(b2, 0, (size_t)np * P2);
    sc_barrier();
    pat_fill(o1, P1, me, 80 + rd);
    pat_fill(o2, P2, me, 90 + rd);
    for (int j = 0; j < np; j++) {
      int r = (me + j) % np;
      sc_store_ctr(on(r, b2 + (size_t)me * P2), o2, P2, k2);
    }
    for (int j = 0; j < np; j++) {
      int r = (me + j) % np;
      for (int i = 0; i < 3; i++) sc_store_ctr(on(r, b1 + (size_t)me * P1 + 16 * i), o1 + 16 * i, 16, k1);
    }
    sc_store_sync_ctr(k1, (size_t)np * P1);
    for (int s = 0; s < np; s++) {
      pat_fill(w, P1, s, 80 + rd);
      CHECK(memcmp(b1 + (size_t)s * P1, w, P1) == 0, "round %d: phase 1 from %d after store_sync_ctr(k1)", rd,
            s);
    }
    sc_store_sync_ctr(k2, (size_t)np * P2);
    for (int s = 0; s < np; s++) {
      pat_fill(w, P2, s, 90 + rd);
      CHECK(memcmp(b2 + (size_t)s * P2, w, P2) == 0, "round %d: phase 2 from %d after store_sync_ctr(k2)", rd,
            s);
    }
    CHECK(!sc_store_test_ctr(k1, 1) && !sc_store_test_ctr(k2, 1), "round %d: both counters empty", rd);
    sc_store_local_sync();
    sc_barrier();
  }
  free(o1), free(o2), free(w);
  sc_all_free(b2);
  sc_all_free(b1);
  sc_stctr_free(k2);
  sc_stctr_free(k1);
}

/* ---- all_store_sync after irregular all-to-all stores ---- */

enum { M = 32, MAXB = 2000 };

/* The global slot that value i goes to under seed s: a permutation of [0, np*M). */
static void perm(uint64_t seed, int n, int *p) {
  for (int i = 0; i < n; i++) p[i] = i;
  rng g = rng_seed(seed, 77, 0);
  for (int i = n - 1; i > 0; i--) {
    int j = (int)rng_below(&g, (uint64_t)i + 1), t = p[i];
    p[i] = p[j], p[j] = t;
  }
}
static int64_t value(int seed, int i) { return (int64_t)seed * 1000003 + i * 7 + 1; }
/* Where process q's bulk store of seed s goes, and how long it is. */
static int bulk_dest(int seed, int q) {
  rng g = rng_seed((uint64_t)seed, (uint64_t)q, 5);
  return (int)rng_below(&g, (uint64_t)np);
}
static size_t bulk_len(int seed, int q) {
  rng g = rng_seed((uint64_t)seed, (uint64_t)q, 6);
  return 1 + rng_below(&g, MAXB);
}

static void test_all_store_sync(int nseeds) {
  int n = np * M;
  int *p = malloc(sizeof *p * (size_t)n), *inv = malloc(sizeof *inv * (size_t)n);
  int64_t *slots = sc_all_alloc(2 * M * sizeof(int64_t), 0);       /* double-buffered by seed */
  unsigned char *bulk = sc_all_alloc(2 * (size_t)np * MAXB, 0);
  unsigned char *out = malloc(MAXB), *w = malloc(MAXB);
  int64_t vals[M];
  sc_stctr kk[2] = {SC_STCTR_DEFAULT, sc_stctr_alloc()};
  memset(slots, 0, 2 * M * sizeof(int64_t));
  memset(bulk, 0, 2 * (size_t)np * MAXB);
  sc_barrier();
  for (int seed = 0; seed < nseeds; seed++) {
    int par = seed % 2;
    sc_stctr k = kk[par];
    perm((uint64_t)seed, n, p);
    for (int i = 0; i < n; i++) inv[p[i]] = i;
    /* My values me*M .. me*M+M-1, in an order that depends on the seed. */
    rng g = rng_seed((uint64_t)seed, (uint64_t)me, 9);
    int start = (int)rng_below(&g, M);
    for (int jj = 0; jj < M; jj++) {
      int j = (start + jj) % M, i = me * M + j;
      vals[j] = value(seed, i);
      int dst = p[i] / M, slot = p[i] % M;
      sc_store_ctr(on(dst, &slots[par * M + slot]), &vals[j], 8, k);
    }
    size_t bl = bulk_len(seed, me);
    pat_fill(out, bl, me, seed % 200);
    sc_store_ctr(on(bulk_dest(seed, me), bulk + ((size_t)par * np + (size_t)me) * MAXB), out, bl, k);
    if (k == SC_STCTR_DEFAULT) sc_all_store_sync();
    else sc_all_store_sync_ctr(k);
    /* My slots and bulk areas of this seed; afterwards cleared for seed + 2. */
    for (int j = 0; j < M; j++) {
      int i = inv[me * M + j];
      CHECK_EQ(slots[par * M + j], value(seed, i), "seed %d counter %d: slot %d (value %d from process %d)",
               seed, (int)k, j, i, i / M);
    }
    for (int q = 0; q < np; q++) {
      unsigned char *b = bulk + ((size_t)par * np + (size_t)q) * MAXB;
      if (bulk_dest(seed, q) == me) {
        size_t ql = bulk_len(seed, q);
        pat_fill(w, ql, q, seed % 200);
        CHECK(memcmp(b, w, ql) == 0, "seed %d: bulk store of %zu bytes from %d", seed, ql, q);
        memset(b, 0, ql);
      }
    }
    CHECK(!sc_store_test_ctr(k, 1), "seed %d: counter %d is zero after all_store_sync", seed, (int)k);
    memset(&slots[par * M], 0, M * sizeof(int64_t));
  }
  /* Nothing stray anywhere (stores that arrived late would show up here). */
  sc_barrier();
  for (int j = 0; j < 2 * M; j++) CHECK_EQ(slots[j], 0, "slot %d after the last seed", j);
  for (size_t b = 0; b < 2 * (size_t)np * MAXB; b++)
    if (bulk[b]) {
      CHECK(0, "bulk byte %zu after the last seed", b);
      break;
    }
  sc_barrier();
  sc_stctr_free(kk[1]);
  sc_all_free(bulk);
  sc_all_free(slots);
  free(p), free(inv), free(out), free(w);
}

/* ---- partial consumption: store_sync in pieces, then all_store_sync over what is left ---- */

static void test_partial(void) {
  sc_stctr k = sc_stctr_alloc();
  int64_t *rx = sc_all_alloc(8 * sizeof(int64_t), 0), out[8];
  for (int rd = 0; rd < 3; rd++) {
    for (int i = 0; i < 8; i++) rx[i] = -1, out[i] = (int64_t)rd * 100 + me * 10 + i;
    sc_barrier();
    for (int i = 0; i < 8; i++) sc_store_ctr(on(right, &rx[i]), &out[i], 8, k);
    /* 64 bytes come: take 8, then 16 by polling, then 8 more; leave 32 for all_store_sync. */
    sc_store_sync_ctr(k, 8);
    while (!sc_store_test_ctr(k, 16)) {
    }
    sc_store_sync_ctr(k, 8);
    int n = 0;
    for (int i = 0; i < 8; i++) n += rx[i] == (int64_t)rd * 100 + left * 10 + i;
    CHECK(n >= 4, "round %d: %d of 8 stores visible after store_sync of 32 bytes", rd, n);
    sc_all_store_sync_ctr(k);
    for (int i = 0; i < 8; i++)
      CHECK_EQ(rx[i], (int64_t)rd * 100 + left * 10 + i,
               "round %d: store %d after store_sync of half and all_store_sync", rd, i);
    CHECK(!sc_store_test_ctr(k, 1), "round %d: counter empty after all_store_sync", rd);
    sc_barrier();
  }
  sc_all_free(rx);
  sc_stctr_free(k);
}

/* ---- floods ---- */

static void test_floods(void) {
  enum { NG = 20000, NS = 4000 };
  const size_t MB = (size_t)1 << 20;
  /* Many outstanding gets, one sync. */
  int64_t *ro = sc_all_alloc(NG * sizeof(int64_t), 0), *got = malloc(NG * sizeof(int64_t));
  for (int i = 0; i < NG; i++) ro[i] = (int64_t)me * 1000000 + i, got[i] = -1;
  sc_barrier();
  for (int i = 0; i < NG; i++) sc_get(&got[i], on(right, &ro[(i * 7919) % NG]), 8);
  sc_sync();
  for (int i = 0; i < NG; i++)
    if (got[i] != (int64_t)right * 1000000 + (i * 7919) % NG) {
      CHECK_EQ(got[i], (int64_t)right * 1000000 + (i * 7919) % NG, "get %d of %d outstanding", i, NG);
      break;
    }
  /* Everybody into process 0 (all_store_sync), then process 0 into everybody (store_sync). */
  int64_t *in = sc_all_alloc((size_t)np * NS * sizeof(int64_t), 0), *out = malloc(NS * sizeof(int64_t));
  memset(in, 0, (size_t)np * NS * sizeof(int64_t));
  sc_barrier();
  for (int i = 0; i < NS; i++) {
    out[i] = (int64_t)me * 1000000 + i + 1;
    sc_store(on(0, &in[(size_t)me * NS + (size_t)(NS - 1 - i)]), &out[i], 8);
  }
  sc_all_store_sync();
  if (me == 0)
    for (int q = 0; q < np; q++)
      for (int i = 0; i < NS; i++)
        if (in[(size_t)q * NS + (size_t)(NS - 1 - i)] != (int64_t)q * 1000000 + i + 1) {
          CHECK(0, "incast: value %d from process %d", i, q);
          q = np;
          break;
        }
  sc_barrier();
  if (me == 0)
    for (int q = 0; q < np; q++)
      for (int i = 0; i < NS; i++) sc_store(on(q, &in[i]), &out[i], 8);
  sc_store_sync(NS * sizeof(int64_t));
  for (int i = 0; i < NS; i++)
    if (in[i] != i + 1) {
      CHECK_EQ(in[i], i + 1, "outcast: value %d from process 0 after store_sync", i);
      break;
    }
  sc_store_local_sync();
  sc_barrier();
  /* 1 MiB from everybody to everybody at once: stores, then puts. */
  unsigned char *big = sc_all_alloc((size_t)np * MB, 0), *src = malloc(MB);
  pat_fill(src, MB, me, 33);
  for (int kind = 0; kind < 2; kind++) {
    memset(big, 0, (size_t)np * MB);
    sc_barrier();
    for (int j = 0; j < np; j++) {
      int r = (me + j) % np;
      if (kind == 0) sc_store(on(r, big + (size_t)me * MB), src, MB);
      else sc_put(on(r, big + (size_t)me * MB), src, MB);
    }
    if (kind == 0) sc_all_store_sync();
    else sc_sync(), sc_barrier();
    for (int q = 0; q < np; q++)
      CHECK_PAT(big + (size_t)q * MB, MB, q, 33, "1 MiB %s from process %d, all to all",
                kind ? "put" : "store", q);
    sc_barrier();
  }
  sc_all_free(big);
  sc_all_free(in);
  sc_all_free(ro);
  free(src), free(out), free(got);
}

int main(int argc, char **argv) {
  check_init(&argc, &argv);
  me = sc_myproc();
  np = sc_procs();
  right = (me + 1) % np;
  left = (me + np - 1) % np;
  test_store_sync_total();
  test_store_test_held_back();
  test_two_phases();
  test_all_store_sync(50);
  test_partial();
  test_floods();
  return check_done("stores");
}
