/* sc_rma.c - libsplit's MPI-3 passive-target RMA transport (the default).
 *
 * The segment is one window locked for the whole run (lock_all, NOCHECK); a global pointer's
 * offset is the window displacement. Across nodes (MPI_Win_allocate) gets and puts are
 * MPI_Get/MPI_Put, and a counter remembers the targets it has to flush; a store is an MPI_Put
 * whose byte count is kept back per (counter, target) and published in a batch: flush the target
 * (the data is there), accumulate the count onto the target's counter slot, flush again. On one
 * node the window is shared (MPI_Win_allocate_shared) and every process's segment is mapped into
 * every other: gets, puts and stores are plain copies, complete when they return, and a publish
 * is one CPU atomic add per (counter, target), released after the data. Publishing happens before
 * every blocking entry, at every poll, and when enough bytes are pending. The store counters live
 * in the segment header, two slots per id alternating with the id's all_store_sync epoch, so a
 * single barrier separates one epoch's signals from the next. A slot only grows during its epoch;
 * its owner counts what it has consumed and tests the slot with an atomic load (an MPI atomic read
 * in the separate memory model), and zeroes it with a plain store only when nobody can target it. */
#include "sc_internal.h"
#include <stdlib.h>
#include <string.h>

/* Header layout: the counter slots start here (offset 0 stays unused: it is SC_NULL). */
#define SLOT_BASE 64
/* Publish a process's pending store signals once this many bytes are waiting (publishing
 * flushes, which waits for the data: large enough that bulk stores, even of a megabyte or two,
 * are signalled once per batch at the next blocking entry or poll, not one by one). */
#define PUBLISH_BYTES ((int64_t)4 << 20)
/* Up to this many distinct targets are flushed one by one when publishing; more: flush_all. */
#define FLUSH_EACH_MAX 4
/* MPI counts are ints: bigger transfers go in pieces of this size. */
#define CHUNK ((size_t)1 << 30)
/* sc_ctr.flags */
#define F_GET 1u
#define F_PUT 2u
/* Cached MPI datatypes of sections. */
#define TYPE_CACHE 16

static struct {
  MPI_Win win;
  MPI_Comm comm;            /* all_store_sync barriers; progress probes */
  char *base;               /* my segment: SC_SEG_ALIGN-aligned, inside the window memory */
  MPI_Aint *shift;          /* [np]: where each process's segment starts in its window memory */
  char **peer;              /* [np] on one node: each process's segment mapped here, for plain
                             * loads, stores and CPU atomics without MPI calls; else NULL */
  int me, np, K;
  bool separate;            /* MPI_WIN_SEPARATE memory model */
  bool need_progress;       /* processes on several nodes: targets must enter MPI to serve us */
  bool unflushed;           /* remote gets/puts/stores issued since the last flush_all */
  bool stores_unflushed;    /* stores whose source may not be locally complete yet */
  unsigned char *epoch;     /* [K]: the slot parity of each counter */
  int64_t *consumed;        /* [K]: bytes of the current slot already consumed (slots only grow) */
  int64_t *pend;            /* [np*K]: bytes stored to (target, counter), not yet signalled */
  int64_t pend_total;
  uint32_t *dirty;          /* indices into pend of the nonzero entries */
  int64_t *vals;            /* accumulate origin buffers, one per dirty entry */
  size_t ndirty, dirty_cap;
  int32_t *dtargets;        /* the distinct targets of the dirty entries */
  size_t ndt;
  unsigned char *tmark;     /* [np]: target is in dtargets */
  struct { sc_section s; MPI_Datatype t; } types[TYPE_CACHE];
  int ntypes, next_type;
  uint64_t publishes;
} rma;

/* The segment offset of counter k's slot of the given parity. */
static inline uint64_t slot(int k, int parity) {
  return SLOT_BASE + ((uint64_t)parity * (uint64_t)rma.K + (uint64_t)k) * sizeof(int64_t);
}

/* The window displacement of segment offset off at proc (segments start aligned inside the
 * window memory, at a distance that may differ per process). */
static inline MPI_Aint disp(int proc, uint64_t off) { return rma.shift[proc] + (MPI_Aint)off; }

/* ---------------- set-up ---------------- */

/* One node, shared window: where every process's segment is in my address space. */
static void map_peers(void) {
  rma.peer = malloc((size_t)rma.np * sizeof *rma.peer);
  if (!rma.peer)
    sc_fatal("sc_init: out of memory");
  for (int q = 0; q < rma.np; q++) {
    MPI_Aint size;
    int unit;
    char *at;
    MPI_Win_shared_query(rma.win, q, &size, &unit, &at);
    rma.peer[q] = at + rma.shift[q];
  }
}

static void rma_init(size_t bytes, int K) {
  MPI_Comm_rank(MPI_COMM_WORLD, &rma.me);
  MPI_Comm_size(MPI_COMM_WORLD, &rma.np);
  rma.K = K;
  if (SLOT_BASE + 2 * (size_t)K * sizeof(int64_t) > SC_SEG_HEADER)
    sc_fatal("sc_init: %d store counters do not fit the segment header", K);
  MPI_Comm shm;
  int shm_size;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &shm);
  MPI_Comm_size(shm, &shm_size);
  MPI_Comm_free(&shm);
  /* LIBSPLIT_SHARED=0: as between nodes even on one (MPI_Win_allocate; with mpirun --mca btl
   * self,tcp --mca osc pt2pt every one-sided operation then goes over TCP). */
  const char *shared = getenv("LIBSPLIT_SHARED");
  if (shared && strcmp(shared, "0") != 0 && strcmp(shared, "1") != 0)
    sc_fatal("LIBSPLIT_SHARED must be 0 or 1, not '%s'", shared);
  rma.need_progress = shm_size != rma.np || (shared && strcmp(shared, "0") == 0);
  /* On one node a shared window (osc/sm: loads, stores and CPU atomics). MPI_Win_allocate
   * would pick osc/rdma over vader there, whose MPI_Compare_and_swap crashes in Open MPI 4.1. */
  /* Room to start the segment SC_SEG_ALIGN-aligned inside the window memory. */
  MPI_Aint wbytes = (MPI_Aint)bytes + SC_SEG_ALIGN;
  char *wbase;
  MPI_Info info;
  MPI_Info_create(&info);
  MPI_Info_set(info, "accumulate_ops", "same_op_no_op");
  if (rma.need_progress)
    MPI_Win_allocate(wbytes, 1, info, MPI_COMM_WORLD, &wbase, &rma.win);
  else {
    MPI_Info_set(info, "alloc_shared_noncontig", "true");
    MPI_Win_allocate_shared(wbytes, 1, info, MPI_COMM_WORLD, &wbase, &rma.win);
  }
  MPI_Info_free(&info);
  MPI_Aint myshift = (MPI_Aint)(-(uintptr_t)wbase & (SC_SEG_ALIGN - 1));
  rma.base = wbase + myshift;
  rma.shift = malloc((size_t)rma.np * sizeof *rma.shift);
  if (!rma.shift)
    sc_fatal("sc_init: out of memory");
  MPI_Allgather(&myshift, 1, MPI_AINT, rma.shift, 1, MPI_AINT, MPI_COMM_WORLD);
  int *model, flag = 0;
  MPI_Win_get_attr(rma.win, MPI_WIN_MODEL, &model, &flag);
  rma.separate = flag && *model == MPI_WIN_SEPARATE;
  const char *map = getenv("LIBSPLIT_RMA_MAP");
  if (map && strcmp(map, "0") != 0 && strcmp(map, "1") != 0)
    sc_fatal("LIBSPLIT_RMA_MAP must be 0 or 1, not '%s'", map);
  if (!rma.need_progress && !rma.separate && !(map && strcmp(map, "0") == 0))
    map_peers();
  MPI_Comm_dup(MPI_COMM_WORLD, &rma.comm);

  rma.epoch = calloc((size_t)K, 1);
  rma.consumed = calloc((size_t)K, sizeof *rma.consumed);
  rma.pend = calloc((size_t)rma.np * (size_t)K, sizeof *rma.pend);
  rma.tmark = calloc((size_t)rma.np, 1);
  rma.dtargets = malloc((size_t)rma.np * sizeof *rma.dtargets);
  rma.dirty_cap = 64;
  rma.dirty = malloc(rma.dirty_cap * sizeof *rma.dirty);
  rma.vals = malloc(rma.dirty_cap * sizeof *rma.vals);
  if (!rma.epoch || !rma.consumed || !rma.pend || !rma.tmark || !rma.dtargets || !rma.dirty || !rma.vals)
    sc_fatal("sc_init: out of memory");
  rma.pend_total = 0;
  rma.ndirty = rma.ndt = 0;
  rma.unflushed = rma.stores_unflushed = false;
  rma.ntypes = rma.next_type = 0;

  memset(rma.base, 0, SC_SEG_HEADER);    /* the store counters start at zero */
  MPI_Win_lock_all(MPI_MODE_NOCHECK, rma.win);
  MPI_Win_sync(rma.win);
  MPI_Barrier(rma.comm);
  sc_seg.base = rma.base;
  sc_seg.bytes = bytes;
}

bool sc_segments_mapped(void) { return sc_transport_used() == SC_TRANSPORT_RMA && rma.peer != NULL; }

static void rma_finalize(void) {
  MPI_Win_unlock_all(rma.win);
  MPI_Win_free(&rma.win);
  MPI_Comm_free(&rma.comm);
  for (int i = 0; i < rma.ntypes; i++)
    MPI_Type_free(&rma.types[i].t);
  free(rma.shift);
  free(rma.epoch);
  free(rma.pend);
  free(rma.consumed);
  free(rma.peer);
  free(rma.tmark);
  free(rma.dtargets);
  free(rma.dirty);
  free(rma.vals);
  memset(&rma, 0, sizeof rma);
}

/* ---------------- store signals ---------------- */

/* On one node: the data is in place (plain copies; MPI operations flushed first), so the counts
 * go out as CPU atomics, released after the data. */
static void signal_direct(void) {
  if (rma.unflushed) {
    MPI_Win_flush_all(rma.win);
    rma.unflushed = false;
  }
  for (size_t j = 0; j < rma.ndirty; j++) {
    uint32_t i = rma.dirty[j];
    int t = (int)(i / (uint32_t)rma.K), k = (int)(i % (uint32_t)rma.K);
    __atomic_fetch_add((int64_t *)(rma.peer[t] + slot(k, rma.epoch[k])), rma.pend[i], __ATOMIC_RELEASE);
    rma.pend[i] = 0;
  }
}

/* Across nodes: flush the targets (the data is there), accumulate the counts, flush again. */
static void signal_rma(void) {
  bool all = rma.ndt > FLUSH_EACH_MAX;
  if (all)
    MPI_Win_flush_all(rma.win);
  else
    for (size_t i = 0; i < rma.ndt; i++)
      if (rma.dtargets[i] != rma.me)
        MPI_Win_flush(rma.dtargets[i], rma.win);
  for (size_t j = 0; j < rma.ndirty; j++) {
    uint32_t i = rma.dirty[j];
    int t = (int)(i / (uint32_t)rma.K), k = (int)(i % (uint32_t)rma.K);
    rma.vals[j] = rma.pend[i];
    rma.pend[i] = 0;
    MPI_Accumulate(&rma.vals[j], 1, MPI_INT64_T, t, disp(t, slot(k, rma.epoch[k])), 1, MPI_INT64_T,
                   MPI_SUM, rma.win);
  }
  if (all) {
    MPI_Win_flush_all(rma.win);
    rma.unflushed = false;
  } else
    for (size_t i = 0; i < rma.ndt; i++)
      MPI_Win_flush(rma.dtargets[i], rma.win);
}

/* Send the pending byte counts of every (target, counter) to the targets' counter slots. */
static void publish(void) {
  if (rma.peer)
    signal_direct();
  else
    signal_rma();
  for (size_t i = 0; i < rma.ndt; i++)
    rma.tmark[rma.dtargets[i]] = 0;
  rma.ndirty = rma.ndt = 0;
  rma.pend_total = 0;
  rma.stores_unflushed = false;
  rma.publishes++;
}

/* Count n bytes stored to (proc, k), to be signalled at the next publish. */
static inline void pend_add(int proc, sc_stctr k, size_t n) {
  uint32_t i = (uint32_t)proc * (uint32_t)rma.K + (uint32_t)k;   /* < 2^20 * 2048 */
  if (rma.pend[i] == 0) {
    if (rma.ndirty == rma.dirty_cap) {
      rma.dirty_cap *= 2;
      rma.dirty = realloc(rma.dirty, rma.dirty_cap * sizeof *rma.dirty);
      rma.vals = realloc(rma.vals, rma.dirty_cap * sizeof *rma.vals);
      if (!rma.dirty || !rma.vals)
        sc_fatal("out of memory");
    }
    rma.dirty[rma.ndirty++] = i;
    if (!rma.tmark[proc]) {
      rma.tmark[proc] = 1;
      rma.dtargets[rma.ndt++] = proc;
    }
  }
  rma.pend[i] += (int64_t)n;
  if ((rma.pend_total += (int64_t)n) >= PUBLISH_BYTES)
    publish();
}

/* ---------------- gets and puts ---------------- */

/* Remember that c has an operation at proc. */
static inline void touch(sc_ctr *c, int proc, uint32_t flag) {
  c->outstanding++;
  c->flags |= flag;
  uint32_t n = c->ntouched;
  if (n > SC_CTR_TARGETS)
    return;
  for (uint32_t i = 0; i < n; i++)
    if (c->touched[i] == proc)
      return;
  if (n < SC_CTR_TARGETS)
    c->touched[n] = proc;
  c->ntouched = n + 1;   /* SC_CTR_TARGETS + 1: too many, flush all */
}

static void get_bytes(void *dst, int proc, uint64_t off, size_t n) {
  char *d = dst;
  for (; n > CHUNK; n -= CHUNK, d += CHUNK, off += CHUNK)
    MPI_Get(d, (int)CHUNK, MPI_BYTE, proc, disp(proc, off), (int)CHUNK, MPI_BYTE, rma.win);
  MPI_Get(d, (int)n, MPI_BYTE, proc, disp(proc, off), (int)n, MPI_BYTE, rma.win);
}

static void put_bytes(int proc, uint64_t off, const void *src, size_t n) {
  const char *s = src;
  for (; n > CHUNK; n -= CHUNK, s += CHUNK, off += CHUNK)
    MPI_Put(s, (int)CHUNK, MPI_BYTE, proc, disp(proc, off), (int)CHUNK, MPI_BYTE, rma.win);
  MPI_Put(s, (int)n, MPI_BYTE, proc, disp(proc, off), (int)n, MPI_BYTE, rma.win);
}

static void rma_get(void *dst, int proc, uint64_t off, size_t n, sc_ctr *c) {
  if (proc == rma.me || rma.peer) {
    memcpy(dst, (rma.peer ? rma.peer[proc] : rma.base) + off, n);
    return;
  }
  get_bytes(dst, proc, off, n);
  touch(c, proc, F_GET);
  rma.unflushed = true;
}

static void rma_put(int proc, uint64_t off, const void *src, size_t n, sc_ctr *c) {
  if (proc == rma.me || rma.peer) {
    memcpy((rma.peer ? rma.peer[proc] : rma.base) + off, src, n);
    return;
  }
  put_bytes(proc, off, src, n);
  touch(c, proc, F_PUT);
  rma.unflushed = true;
}

static void rma_store(int proc, uint64_t off, const void *src, size_t n, sc_stctr k) {
  if (n == 0)
    return;
  if (proc == rma.me || rma.peer)
    memcpy((rma.peer ? rma.peer[proc] : rma.base) + off, src, n);
  else {
    put_bytes(proc, off, src, n);
    rma.unflushed = rma.stores_unflushed = true;
  }
  pend_add(proc, k, n);
}

/* ---------------- sections ---------------- */

/* The cache index of the MPI datatype of section s (the cache owns the type); never evicts
 * entry keep. */
static int section_type(const sc_section *s, int keep) {
  sc_section key = {s->ndim, s->elem, {0}, {0}};
  for (int d = 0; d < s->ndim; d++) {
    key.count[d] = s->count[d];
    key.stride[d] = s->stride[d];
  }
  for (int i = 0; i < rma.ntypes; i++)
    if (memcmp(&rma.types[i].s, &key, sizeof key) == 0)
      return i;
  int i;
  if (rma.ntypes < TYPE_CACHE)
    i = rma.ntypes++;
  else {
    if (rma.next_type == keep)
      rma.next_type = (rma.next_type + 1) % TYPE_CACHE;
    i = rma.next_type;
    rma.next_type = (i + 1) % TYPE_CACHE;
    MPI_Type_free(&rma.types[i].t);   /* operations in flight keep their own reference */
  }
  rma.types[i].s = key;
  rma.types[i].t = sc_section_type(&key);
  return i;
}

/* The datatypes of a local section ls and a remote section rs. */
static void section_types(const sc_section *ls, const sc_section *rs, MPI_Datatype *lt, MPI_Datatype *rt) {
  int li = section_type(ls, -1);
  int ri = section_type(rs, li);
  *lt = rma.types[li].t;
  *rt = rma.types[ri].t;
}

static void rma_get_section(void *dst, const sc_section *ds, int proc, uint64_t off,
                            const sc_section *ss, sc_ctr *c) {
  if (proc == rma.me) {
    sc_section_copy(dst, ds, rma.base + off, ss);
    return;
  }
  MPI_Datatype dt, st;
  section_types(ds, ss, &dt, &st);
  MPI_Get(dst, 1, dt, proc, disp(proc, off), 1, st, rma.win);
  touch(c, proc, F_GET);
  rma.unflushed = true;
}

/* Put section ss at src into section ds at (proc, off). */
static void put_section(int proc, uint64_t off, const sc_section *ds, const void *src, const sc_section *ss) {
  MPI_Datatype st, dt;
  section_types(ss, ds, &st, &dt);
  MPI_Put(src, 1, st, proc, disp(proc, off), 1, dt, rma.win);
  rma.unflushed = true;
}

static void rma_put_section(int proc, uint64_t off, const sc_section *ds, const void *src,
                            const sc_section *ss, sc_ctr *c) {
  if (proc == rma.me) {
    sc_section_copy(rma.base + off, ds, src, ss);
    return;
  }
  put_section(proc, off, ds, src, ss);
  touch(c, proc, F_PUT);
}

static void rma_store_section(int proc, uint64_t off, const sc_section *ds, const void *src,
                              const sc_section *ss, sc_stctr k) {
  size_t n = sc_section_bytes(ss);
  if (n == 0)
    return;
  if (proc == rma.me)
    sc_section_copy(rma.base + off, ds, src, ss);
  else {
    put_section(proc, off, ds, src, ss);
    rma.stores_unflushed = true;
  }
  pend_add(proc, k, n);
}

/* ---------------- completion ---------------- */

/* Gets are completed with MPI_Win_flush too, not flush_local: the data is there either way, and
 * osc/pt2pt (Open MPI 4.1) can hang in MPI_Win_flush_local. */
static void rma_sync_ctr(sc_ctr *c) {
  if (rma.ndirty)
    publish();
  if (c->outstanding) {
    if (c->ntouched > SC_CTR_TARGETS) {
      MPI_Win_flush_all(rma.win);
      rma.unflushed = rma.stores_unflushed = false;
    } else
      for (uint32_t i = 0; i < c->ntouched; i++)
        MPI_Win_flush(c->touched[i], rma.win);
  }
  c->outstanding = 0;
  c->flags = 0;
  c->ntouched = 0;
}

/* A flush completes whatever it covers at once: testing is syncing. */
static int rma_test_ctr(sc_ctr *c) {
  rma_sync_ctr(c);
  return 1;
}

static void rma_sync_all(void) {
  if (rma.ndirty)
    publish();
  if (rma.unflushed) {
    MPI_Win_flush_all(rma.win);
    rma.unflushed = rma.stores_unflushed = false;
  }
}

/* A counter's slot only grows while its epoch lasts (writers accumulate into it); what this
 * process has consumed of it is counted here, so a test is one read: in the unified memory model
 * an atomic load of my own memory, else an MPI atomic read. */
static int rma_store_test(sc_stctr k, size_t n) {
  if (n == 0)
    return 1;
  int64_t have;
  uint64_t off = slot(k, rma.epoch[k]);
  if (!rma.separate) {
    /* An atomic load sees the writers' accumulates on coherent memory; MPI_Win_sync (a full
     * synchronization of the window, costly inside a polling loop) only every 64 tests, and
     * before the data is read. */
    static unsigned polls;
    if (++polls % 64 == 0)
      MPI_Win_sync(rma.win);
    have = __atomic_load_n((const int64_t *)(rma.base + off), __ATOMIC_ACQUIRE);
  } else {
    MPI_Win_sync(rma.win);
    MPI_Fetch_and_op(NULL, &have, MPI_INT64_T, rma.me, disp(rma.me, off), MPI_NO_OP, rma.win);
    MPI_Win_flush(rma.me, rma.win);
  }
  if (have - rma.consumed[k] < (int64_t)n)
    return 0;
  rma.consumed[k] += (int64_t)n;
  MPI_Win_sync(rma.win);   /* the data behind the count is visible to my loads */
  return 1;
}

static void rma_all_store_sync(sc_stctr k) {
  /* Publish every pending signal, k's too: a process may still be waiting in store_sync for
   * them before it joins this collective (never block holding unpublished stores). */
  if (rma.ndirty)
    publish();
  if (rma.unflushed) {
    MPI_Win_flush_all(rma.win);   /* every store of mine is complete at its target */
    rma.unflushed = rma.stores_unflushed = false;
  }
  for (size_t i = 0; i < rma.ndt; i++)
    rma.tmark[rma.dtargets[i]] = 0;
  rma.ndt = 0;
  MPI_Win_sync(rma.win);
  MPI_Request r;
  MPI_Ibarrier(rma.comm, &r);
  sc_wait_request(&r, SC_ST_ALL_STORE_SYNC, k ? "sc_all_store_sync_ctr" : "sc_all_store_sync");
  MPI_Win_sync(rma.win);
  /* Nobody targets the old slot any more, and nobody targets the new one until it is zero. */
  int old = rma.epoch[k];
  rma.epoch[k] = (unsigned char)(old ^ 1);
  rma.consumed[k] = 0;
  *(int64_t *)(rma.base + slot(k, old)) = 0;
  MPI_Win_sync(rma.win);
}

static void rma_store_local_sync(void) {
  if (rma.stores_unflushed) {
    MPI_Win_flush_local_all(rma.win);
    rma.stores_unflushed = false;
  }
}

/* ---------------- atomics ---------------- */

static int64_t rma_fetch_add(int proc, uint64_t off, int64_t v) {
  if (rma.ndirty)
    publish();
  int64_t old;
  MPI_Fetch_and_op(&v, &old, MPI_INT64_T, proc, disp(proc, off), MPI_SUM, rma.win);
  MPI_Win_flush(proc, rma.win);
  return old;
}

static int64_t rma_cswap(int proc, uint64_t off, int64_t expect, int64_t desired) {
  if (rma.ndirty)
    publish();
  int64_t old;
  MPI_Compare_and_swap(&desired, &expect, &old, MPI_INT64_T, proc, disp(proc, off), rma.win);
  MPI_Win_flush(proc, rma.win);
  return old;
}

/* ---------------- progress ---------------- */

static void rma_poll(void) {
  if (rma.ndirty)
    publish();
  if (rma.need_progress) {
    int flag;
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, rma.comm, &flag, MPI_STATUS_IGNORE);
  }
}

static void rma_flush(void) {
  if (rma.ndirty)
    publish();
  MPI_Win_sync(rma.win);
}

static void rma_dump(FILE *f) {
  int me = rma.me;
  fprintf(f, "libsplit: process %d: rma: window model %s, %s; %llu publishes; %zu signals "
          "pending (%lld bytes) to %zu targets%s\n", me, rma.separate ? "separate" : "unified",
          rma.need_progress ? "several nodes" : "one node", (unsigned long long)rma.publishes,
          rma.ndirty, (long long)rma.pend_total, rma.ndt,
          rma.unflushed ? "; operations not yet flushed" : "");
  for (size_t j = 0; j < rma.ndirty; j++) {
    uint32_t i = rma.dirty[j];
    fprintf(f, "libsplit: process %d: rma:   %lld bytes to process %u on counter %u unsignalled\n",
            me, (long long)rma.pend[i], i / (uint32_t)rma.K, i % (uint32_t)rma.K);
  }
  for (int k = 0; k < rma.K; k++) {
    int64_t v[2];
    MPI_Fetch_and_op(NULL, &v[0], MPI_INT64_T, me, disp(me, slot(k, 0)), MPI_NO_OP, rma.win);
    MPI_Fetch_and_op(NULL, &v[1], MPI_INT64_T, me, disp(me, slot(k, 1)), MPI_NO_OP, rma.win);
    MPI_Win_flush(me, rma.win);
    if (v[rma.epoch[k]] != rma.consumed[k] || v[rma.epoch[k] ^ 1] || rma.epoch[k])
      fprintf(f, "libsplit: process %d: rma:   store counter %d: epoch parity %d, %lld bytes "
              "received and not consumed (other slot %lld)\n", me, k, rma.epoch[k],
              (long long)(v[rma.epoch[k]] - rma.consumed[k]), (long long)v[rma.epoch[k] ^ 1]);
  }
}

const sc_transport_ops sc_rma_ops = {
  .name = "rma",
  .init = rma_init,
  .finalize = rma_finalize,
  .get = rma_get,
  .put = rma_put,
  .store = rma_store,
  .get_section = rma_get_section,
  .put_section = rma_put_section,
  .store_section = rma_store_section,
  .test_ctr = rma_test_ctr,
  .sync_ctr = rma_sync_ctr,
  .sync_all = rma_sync_all,
  .store_test = rma_store_test,
  .all_store_sync = rma_all_store_sync,
  .store_local_sync = rma_store_local_sync,
  .fetch_add = rma_fetch_add,
  .cswap = rma_cswap,
  .poll = rma_poll,
  .flush = rma_flush,
  .dump = rma_dump,
};
