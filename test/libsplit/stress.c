/* stress.c - many rounds of random mixed traffic, meant for np = 4 on 2 cores: in each round
 * every process issues, in a random order, gets (implicit and explicit counters, blocking reads,
 * strided sections) of a read-only area, puts and writes and stores (on the default counter and on
 * an allocated one) into per-source slots, fetch-and-adds and compare-and-swap increments, while a
 * reduction is in flight; processes are slowed down at random. Every process can recompute every
 * other process's plan from the round's seed, so each checks all it received, all it fetched, and
 * that nothing else changed. The script runs it under a timeout: it must neither hang nor corrupt. */
#include "check.h"

enum {
  ROUNDS = 300,
  NOPS = 12,              /* operations per process per round, at most */
  SLOTB = 512,            /* bytes of one put/store slot */
  RO_BYTES = 256 << 10,   /* read-only area per process */
  GMAX = 64 << 10,        /* largest get */
  NCTR = 4                /* atomic counters per process */
};

typedef enum {
  OP_GET, OP_GET_CTR, OP_READ, OP_GET_SECTION, OP_PUT, OP_PUT_CTR, OP_WRITE, OP_STORE, OP_STORE_K,
  OP_FADD, OP_CSWAP_INC, OP__N
} op_kind;

typedef struct {
  op_kind kind;
  int target;
  size_t off, size;       /* gets: offset into the read-only area; puts, stores: bytes */
  size_t count, stride;   /* get_section: count elements of 8 bytes stride bytes apart */
  int slot;               /* atomics: counter index */
  int64_t v;              /* fetch_add value */
} op;

static int me, np;

/* Process q's operations of round r (n of them). */
static int plan(int r, int q, op *ops) {
  rng g = rng_seed((uint64_t)r, (uint64_t)q, 1);
  int n = (int)rng_below(&g, NOPS + 1);
  for (int j = 0; j < n; j++) {
    op *o = &ops[j];
    memset(o, 0, sizeof *o);
    o->kind = (op_kind)rng_below(&g, OP__N);
    o->target = (int)rng_below(&g, (uint64_t)np);
    switch (o->kind) {
      case OP_GET: case OP_GET_CTR: case OP_READ:
        o->size = rng_below(&g, 8) == 0 ? 1 + rng_below(&g, GMAX)
                  : rng_below(&g, 2)    ? 8
                                        : 1 + rng_below(&g, 2048);
        o->off = rng_below(&g, RO_BYTES - o->size + 1);
        break;
      case OP_GET_SECTION:
        o->count = 1 + rng_below(&g, 64);
        o->stride = 8 * (1 + rng_below(&g, 16));
        o->off = 8 * rng_below(&g, (RO_BYTES - o->count * o->stride) / 8);
        break;
      case OP_PUT: case OP_PUT_CTR: case OP_WRITE: case OP_STORE: case OP_STORE_K:
        o->size = rng_below(&g, 2) ? 8 : 1 + rng_below(&g, SLOTB);
        break;
      case OP_FADD: case OP_CSWAP_INC:
        o->slot = (int)rng_below(&g, NCTR);
        o->v = o->kind == OP_FADD ? 1 + (int64_t)rng_below(&g, 100) : 1;
        break;
      case OP__N: break;
    }
  }
  return n;
}

static unsigned char *ro, *putbox, *stobox;   /* putbox, stobox: [2][np][NOPS][SLOTB] */
static int64_t *ctrs;                          /* [2][NCTR] */

static size_t slot_at(int par, int src, int j) {
  return (((size_t)par * (size_t)np + (size_t)src) * NOPS + (size_t)j) * SLOTB;
}
static int tag_of(int r, int j) { return (r * 13 + j) % 250; }

int main(int argc, char **argv) {
  check_init(&argc, &argv);
  me = sc_myproc();
  np = sc_procs();
  size_t box_bytes = 2 * (size_t)np * NOPS * SLOTB;
  ro = sc_all_alloc(RO_BYTES, 0);
  putbox = sc_all_alloc(box_bytes, 0);
  stobox = sc_all_alloc(box_bytes, 0);
  ctrs = sc_all_alloc(2 * NCTR * sizeof(int64_t), 0);
  pat_fill(ro, RO_BYTES, me, 1);
  memset(putbox, 0, box_bytes);
  memset(stobox, 0, box_bytes);
  memset(ctrs, 0, 2 * NCTR * sizeof(int64_t));
  sc_stctr k = sc_stctr_alloc();
  unsigned char *getbuf = malloc((size_t)NOPS * GMAX);
  unsigned char (*src)[SLOTB] = malloc((size_t)NOPS * SLOTB);
  unsigned char *roref = malloc((size_t)np * RO_BYTES);   /* what every process's ro holds */
  for (int p = 0; p < np; p++) pat_fill(roref + (size_t)p * RO_BYTES, RO_BYTES, p, 1);
  op ops[NOPS], theirs[NOPS];
  sc_barrier();
  for (int r = 0; r < ROUNDS; r++) {
    int par = r % 2;
    int64_t red = (int64_t)r * 1000 + me;
    sc_coll *h = sc_all_reduce_begin(sc_team_all, &red, 1, SC_I64, SC_SUM);
    int n = plan(r, me, ops);
    sc_ctr c = SC_CTR_INIT, pc = SC_CTR_INIT;
    rng slow = rng_seed((uint64_t)r, (uint64_t)me, 2);
    for (int j = 0; j < n; j++) {
      op *o = &ops[j];
      unsigned char *gb = getbuf + (size_t)j * GMAX;
      sc_gptr tro = on(o->target, ro + o->off);
      sc_gptr slot = on(
          o->target, (o->kind == OP_STORE || o->kind == OP_STORE_K ? stobox : putbox) + slot_at(par, me, j));
      pat_fill(src[j], SLOTB, me, tag_of(r, j));
      switch (o->kind) {
        case OP_GET: sc_get(gb, tro, o->size); break;
        case OP_GET_CTR: sc_get_ctr(gb, tro, o->size, &c); break;
        case OP_READ:
          sc_read(gb, tro, o->size);
          CHECK(memcmp(gb, roref + (size_t)o->target * RO_BYTES + o->off, o->size) == 0,
                "round %d op %d: read of %zu bytes at %zu from %d", r, j, o->size, o->off, o->target);
          break;
        case OP_GET_SECTION: {
          sc_section ss = {1, 8, {o->count, 1, 1}, {(ptrdiff_t)o->stride, 0, 0}};
          sc_section ds = {1, 8, {o->count, 1, 1}, {8, 0, 0}};
          sc_get_section(gb, &ds, tro, &ss, &c);
          break;
        }
        case OP_PUT: sc_put(slot, src[j], o->size); break;
        case OP_PUT_CTR: sc_put_ctr(slot, src[j], o->size, &pc); break;
        case OP_WRITE: sc_write(slot, src[j], o->size); break;
        case OP_STORE: sc_store(slot, src[j], o->size); break;
        case OP_STORE_K: sc_store_ctr(slot, src[j], o->size, k); break;
        case OP_FADD: sc_fetch_add_i64(on(o->target, &ctrs[par * NCTR + o->slot]), o->v); break;
        case OP_CSWAP_INC: {
          sc_gptr cg = on(o->target, &ctrs[par * NCTR + o->slot]);
          int64_t old = 0, seen;
          while ((seen = sc_cswap_i64(cg, old, old + 1)) != old) old = seen;
          break;
        }
        case OP__N: break;
      }
      if (rng_below(&slow, 16) == 0)
        for (volatile int spin = 0; spin < 30000; spin = spin + 1) {
        }
      if (rng_below(&slow, 8) == 0) sc_poll();
    }
    /* Complete: gets and puts, then the stores on both counters, then the reduction. */
    if (r % 2) sc_sync_ctr(&c);
    else
      while (!sc_test_ctr(&c)) {
      }
    sc_sync_ctr(&pc);
    sc_sync();
    for (int j = 0; j < n; j++) {
      op *o = &ops[j];
      unsigned char *gb = getbuf + (size_t)j * GMAX;
      const unsigned char *want = roref + (size_t)o->target * RO_BYTES + o->off;
      if (o->kind == OP_GET || o->kind == OP_GET_CTR)
        CHECK(memcmp(gb, want, o->size) == 0, "round %d op %d: get of %zu bytes at %zu from %d", r, j,
              o->size, o->off, o->target);
      if (o->kind == OP_GET_SECTION) {
        for (size_t e = 0; e < o->count; e++)
          if (memcmp(gb + 8 * e, want + e * o->stride, 8) != 0) {
            CHECK(0, "round %d op %d: get_section element %zu of %zu (stride %zu) from %d", r, j, e, o->count,
                  o->stride, o->target);
            break;
          }
      }
    }
    sc_all_store_sync();
    sc_all_store_sync_ctr(k);
    sc_coll_wait(h);
    CHECK_EQ(red, (int64_t)r * 1000 * np + (int64_t)np * (np - 1) / 2,
             "round %d: reduction in flight during the traffic", r);
    sc_barrier();
    /* Everything aimed at me this round, recomputed from the senders' plans. */
    int64_t want_ctr[NCTR] = {0};
    for (int q = 0; q < np; q++) {
      int qn = plan(r, q, theirs);
      for (int j = 0; j < NOPS; j++) {
        op *o = j < qn ? &theirs[j] : NULL;
        int to_me = o && o->target == me;
        int is_put = to_me && (o->kind == OP_PUT || o->kind == OP_PUT_CTR || o->kind == OP_WRITE);
        int is_store = to_me && (o->kind == OP_STORE || o->kind == OP_STORE_K);
        unsigned char *ps = putbox + slot_at(par, q, j), *ss = stobox + slot_at(par, q, j);
        size_t pn = is_put ? o->size : 0, sn = is_store ? o->size : 0;
        if (pn) CHECK_PAT(ps, pn, q, tag_of(r, j), "round %d: put %d of %zu bytes from %d", r, j, pn, q);
        if (sn) CHECK_PAT(ss, sn, q, tag_of(r, j), "round %d: store %d of %zu bytes from %d", r, j, sn, q);
        for (size_t b = pn; b < SLOTB; b++)
          if (ps[b]) {
            CHECK(0, "round %d: put slot %d of %d changed at byte %zu", r, j, q, b);
            break;
          }
        for (size_t b = sn; b < SLOTB; b++)
          if (ss[b]) {
            CHECK(0, "round %d: store slot %d of %d changed at byte %zu", r, j, q, b);
            break;
          }
        if (to_me && (o->kind == OP_FADD || o->kind == OP_CSWAP_INC)) want_ctr[o->slot] += o->v;
      }
    }
    for (int s = 0; s < NCTR; s++)
      CHECK_EQ(ctrs[par * NCTR + s], want_ctr[s], "round %d: atomic counter %d", r, s);
    memset(putbox + slot_at(par, 0, 0), 0, (size_t)np * NOPS * SLOTB);
    memset(stobox + slot_at(par, 0, 0), 0, (size_t)np * NOPS * SLOTB);
    memset(&ctrs[par * NCTR], 0, NCTR * sizeof(int64_t));
  }
  sc_barrier();
  sc_stctr_free(k);
  free(getbuf), free(src), free(roref);
  return check_done("stress");
}
