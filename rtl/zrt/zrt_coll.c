/* zrt_coll.c - the collective steps of distributed statements: gathering every process's partial
 * result of a reduction (combined by the generated code in process order, so every process gets
 * the same value whatever the distribution) or, for exact reductions, combining the parts on the
 * way (a reduction tree), and gathering a distributed array over a region to process 0 for
 * output. Every wait polls (zrt_wait). */
#include "zrt_internal.h"
#include "zrt_region.h"
#include <stdlib.h>
#include <string.h>

#define GATHER_TAG 32001

/* ---- allgather: flat, Bruck's dissemination or a tree, over point-to-point messages ----
 * Up to ZG_FLAT_MAX processes (or with AZ_GATHER=flat) a gather is one step: every process sends
 * its block to each of the others, so a late process delays the others by its own lateness only.
 * Beyond, in step r (distance k = 2^r) every process sends the min(k, P - k) blocks it has to
 * process me - k and receives as many from me + k; after ceil(log2 P) steps it has all P blocks,
 * rotated by the process's own number. An exact reduction (zrt_allreduce: its parts may be
 * combined in any order and give the same bits) goes instead through a tree of one block per
 * message, combined as it arrives, so its bytes do not grow with P (ZG_TREE; zg_gather_step,
 * shared with azc's pattern files). Each collective has its own tags (a sequence number every process counts
 * alike, times 64, plus the step), on a communicator of the runtime's own, so several can be in
 * flight and none mixes with other traffic. A step that has to wait returns; the waits poll
 * (zrt_wait_until). */

#define GATHER_MAX 64              /* split-phase allgathers in flight at once */
/* Reductions that run ahead (zrt_allreduce_begin_ahead) travel together, up to BATCH_MAX in one
 * tree: each reduction's messages cost both processes their overhead, and on 1024 processes a
 * tree of ten steps a loop iteration cost jacobi more than its ghost cells (docs/scaling.md). */
#define BATCH_MAX 8

typedef struct gather_op {
  bool busy;
  zg_gather_alg alg;
  zrt_combine_fn combine;          /* an exact reduction's: the result is one combined block */
  size_t n;                        /* bytes per process */
  char *tmp, *out;                 /* P blocks each: rotated as received, in process order */
  size_t cap;                      /* bytes of tmp and out */
  int step, steps;                 /* the step in flight; steps when all are done */
  int tag;
  int pdl_tag;                     /* the step's tag in pattern files: stable from iteration to iteration */
  int nmsgs;                       /* messages of the step in flight */
  zg_gather_msg *msgs;             /* room for P - 1 */
  MPI_Request *rq;                 /* two per message: receive, send */
  /* batches of reductions that run ahead (see start_held) */
  bool held;                       /* begun, its messages not yet sent */
  int batch;                       /* >= 0: the gather its block travels in, at byte off */
  size_t off;
  int nmembers, unfinished;        /* a batch: its reductions (members), those not ended yet */
  int members[BATCH_MAX];
} gather_op;

static gather_op gathers[GATHER_MAX + 1]; /* the last one serves the blocking zrt_allgather */
static MPI_Comm coll_comm = MPI_COMM_NULL;
static unsigned coll_seq;
static zg_gather_alg gather_alg, reduce_alg; /* AZ_GATHER: this run's algorithms, of gathers and of exact reductions */

/* Run-ahead (AZ_RUNAHEAD=K): a gather the generated code defers (its result is not needed before
 * the loop ends) may stay in flight while K later ones are begun; they complete in begin order.
 * K = 0: every gather completes where it is begun (blocking collectives). */
#define RUNAHEAD_MAX 48
#define RUNAHEAD_DEFAULT 32
typedef struct deferred_gather {
  int handle;
  void (*done)(const void *parts, void *arg);
  void *arg;
} deferred_gather;
static int runahead = RUNAHEAD_DEFAULT;
static deferred_gather deferred[RUNAHEAD_MAX + 1];
static int ndeferred;
/* Split-phase line gathers: a partial reduction's parts begun in its statement and ended where a
 * later statement needs its result. Each has its own buffer; several may be in flight. */
#define LINE_GATHER_MAX 16
typedef struct line_gather {
  bool busy;
  MPI_Request rq;
  char *buf;
  size_t cap;
  int count;
} line_gather;
static line_gather line_gathers[LINE_GATHER_MAX];

static int held[BATCH_MAX];        /* reductions begun ahead, not started yet, in begin order */
static int nheld;
static char *batch_blocks;         /* their blocks side by side, to start a batch */
static size_t batch_cap;

static int in_flight;              /* split-phase gathers begun and not ended */
long zrt_poll_budget = ZRT_POLL_NEVER; /* elements until the next zrt_poll (ZRT_POLL) */

/* One more (+1) or one fewer (-1) split-phase gather in flight: ZRT_POLL polls while any is. */
static void in_flight_add(int d) {
  in_flight += d;
  if (in_flight == 0)
    zrt_poll_budget = ZRT_POLL_NEVER;
  else if (zrt_poll_budget > ZRT_POLL_ELEMS)
    zrt_poll_budget = ZRT_POLL_ELEMS;
}

static void free_gathers(void) {
  free(batch_blocks);
  for (int i = 0; i <= GATHER_MAX; i++) {
    free(gathers[i].tmp);
    free(gathers[i].out);
    free(gathers[i].msgs);
    free(gathers[i].rq);
  }
} /* coll_comm goes with MPI_Finalize */

const char *zrt_coll_setup(void) {
  const char *v = getenv("AZ_RUNAHEAD");
  if (v && *v) {
    char *end;
    long k = strtol(v, &end, 10);
    if (end == v || *end || k < 0 || k > RUNAHEAD_MAX)
      return zrt_aprintf("AZ_RUNAHEAD must be a number of collectives from 0 to %d, not '%s'", RUNAHEAD_MAX, v);
    runahead = (int)k;
  }
  gather_alg = zg_gather_alg_default(zrt_g.nprocs, false);
  reduce_alg = zg_gather_alg_default(zrt_g.nprocs, true);
  v = getenv("AZ_GATHER");
  if (v && *v) {
    if (!strcmp(v, "flat"))
      gather_alg = reduce_alg = ZG_FLAT;
    else if (!strcmp(v, "dissemination"))
      gather_alg = reduce_alg = ZG_DISSEMINATION;
    else if (!strcmp(v, "tree"))
      gather_alg = ZG_DISSEMINATION, reduce_alg = ZG_TREE;
    else if (strcmp(v, "auto"))
      return zrt_aprintf("AZ_GATHER must be auto, flat, dissemination or tree, not '%s'", v);
  }
  atexit(free_gathers);
  if (zrt_g.mpi && zrt_g.nprocs > 1)
    MPI_Comm_dup(MPI_COMM_WORLD, &coll_comm);
  return NULL;
}

/* Post the current step's receives and sends (a tree's step may have only one of them). */
static void gather_post(gather_op *g) {
  g->nmsgs = zg_gather_step(zrt_g.nprocs, zrt_g.me, g->alg, g->step, g->n, g->msgs);
  for (int i = 0; i < g->nmsgs; i++) {
    const zg_gather_msg *m = &g->msgs[i];
    g->rq[2 * i] = g->rq[2 * i + 1] = MPI_REQUEST_NULL;
    if (m->from >= 0)
      MPI_Irecv(g->tmp + m->at, (int)m->bytes, MPI_BYTE, m->from, g->tag, coll_comm, &g->rq[2 * i]);
    if (m->to >= 0)
      MPI_Isend(g->tmp, (int)m->bytes, MPI_BYTE, m->to, g->tag, coll_comm, &g->rq[2 * i + 1]);
    if (zrt_pattern_recording()) {
      if (m->from >= 0)
        zrt_pattern_event(ZRT_PEV_BEGIN_RECV, m->from, g->pdl_tag, m->bytes);
      if (m->to >= 0)
        zrt_pattern_event(ZRT_PEV_BEGIN_SEND, m->to, g->pdl_tag, m->bytes);
    }
  }
}

/* Fold part into acc: g's exact reduction, or for a batch each member's over its own bytes. */
static void combine_parts(const gather_op *g, char *acc, const char *part) {
  if (!g->nmembers) {
    g->combine(acc, part);
    return;
  }
  for (int i = 0; i < g->nmembers; i++) {
    const gather_op *m = &gathers[g->members[i]];
    m->combine(acc + m->off, part + m->off);
  }
}

/* The step of g just completed: a tree combines the block received into its own (or takes the
 * result); a pattern being recorded notes the step's ends. */
static void gather_step_done(gather_op *g) {
  for (int i = 0; i < g->nmsgs; i++) {
    const zg_gather_msg *m = &g->msgs[i];
    if (g->alg == ZG_TREE && m->from >= 0) {
      if (zg_tree_takes_result(zrt_g.nprocs, zrt_g.me, g->step))
        memcpy(g->tmp, g->tmp + m->at, g->n);
      else
        combine_parts(g, g->tmp, g->tmp + m->at);
    }
    if (!zrt_pattern_recording())
      continue;
    if (m->from >= 0)
      zrt_pattern_event(ZRT_PEV_END_RECV, m->from, g->pdl_tag, m->bytes);
    if (m->to >= 0)
      zrt_pattern_event(ZRT_PEV_END_SEND, m->to, g->pdl_tag, m->bytes);
  }
}

/* Make g a gather of the n bytes at v by alg (combine: an exact reduction's, else NULL), with no
 * message posted yet. */
static void gather_prepare(gather_op *g, const void *v, size_t n, zrt_combine_fn combine, zg_gather_alg alg) {
  int P = zrt_g.nprocs;
  size_t total = n * (size_t)P;
  if (total > g->cap) {
    free(g->tmp);
    free(g->out);
    g->tmp = zrt_xmalloc(total);
    g->out = zrt_xmalloc(total);
    g->cap = total;
  }
  if (!g->msgs) {
    g->msgs = zrt_xmalloc((size_t)P * sizeof *g->msgs);
    g->rq = zrt_xmalloc(2 * (size_t)P * sizeof *g->rq);
  }
  g->busy = true;
  g->alg = alg;
  g->combine = combine;
  g->n = n;
  memcpy(g->tmp, v, n);
  g->step = g->steps = 0;
  g->held = false;
  g->batch = -1;
  g->nmembers = 0;
}

/* Start gathering n bytes at v into g by alg (combine: an exact reduction's, else NULL). */
static void gather_start(gather_op *g, const void *v, size_t n, zrt_combine_fn combine, zg_gather_alg alg) {
  gather_prepare(g, v, n, combine, alg);
  g->steps = coll_comm != MPI_COMM_NULL ? zg_gather_steps(zrt_g.nprocs, g->alg) : 0;
  g->tag = (int)(coll_seq++ % 1024u) * 64;
  g->pdl_tag = zg_gather_tag(zrt_pattern_recording() ? zrt_pattern_collective() : 0, 0);
  if (g->steps > 0)
    gather_post(g);
}

/* The first free gather slot (the blocking zrt_allgather has its own, GATHER_MAX). */
static int free_slot(void) {
  int h = 0;
  while (h < GATHER_MAX && gathers[h].busy)
    h++;
  if (h == GATHER_MAX)
    zrt_error(0, "internal error: more than %d reductions in flight", GATHER_MAX);
  return h;
}

/* Start the held reductions as one tree: their blocks side by side (each at a multiple of 16
 * bytes), each combined by its own function. Every process holds and starts the same reductions
 * at the same calls (begin and end are program order; polls never start a batch), so the batches
 * match. */
static void start_held(void) {
  if (nheld == 0)
    return;
  size_t total = 0;
  for (int i = 0; i < nheld; i++) {
    gather_op *m = &gathers[held[i]];
    m->off = total;
    total += (m->n + 15) / 16 * 16;
  }
  if (total > batch_cap) {
    free(batch_blocks);
    batch_blocks = zrt_xmalloc(total);
    batch_cap = total;
  }
  memset(batch_blocks, 0, total);
  for (int i = 0; i < nheld; i++)
    memcpy(batch_blocks + gathers[held[i]].off, gathers[held[i]].tmp, gathers[held[i]].n);
  int b = free_slot();
  gather_op *g = &gathers[b];
  gather_start(g, batch_blocks, total, NULL, ZG_TREE);
  g->nmembers = g->unfinished = nheld;
  for (int i = 0; i < nheld; i++) {
    g->members[i] = held[i];
    gathers[held[i]].held = false;
    gathers[held[i]].batch = b;
  }
  nheld = 0;
  zrt_comm_batch(total);
}

/* Whether a reduction that runs ahead may wait for others to travel with: beyond a few processes
 * (the tree), with run-ahead on, and not while a pattern's calls are recorded or checked or where a
 * tailored transfer's proof counts on the gathers' messages. */
static bool may_hold(void) {
  return runahead > 0 && reduce_alg == ZG_TREE && coll_comm != MPI_COMM_NULL && !zrt_pattern_recording() &&
         zrt_xfer_untailored();
}

/* Advance g as far as it can go without waiting; true when it is complete. */
static bool gather_step(void *arg) {
  gather_op *g = arg;
  while (g->step < g->steps) {
    int done = 0;
    MPI_Testall(2 * g->nmsgs, g->rq, &done, MPI_STATUSES_IGNORE);
    if (!done)
      return false;
    gather_step_done(g);
    g->step++;
    g->tag++;
    g->pdl_tag++;
    if (g->step < g->steps)
      gather_post(g);
  }
  return true;
}

/* Block until g's current step is complete. */
static void gather_block(void *arg) {
  gather_op *g = arg;
  MPI_Waitall(2 * g->nmsgs, g->rq, MPI_STATUSES_IGNORE);
}

/* True if the runtime may advance gathers other than the one it waits for: not while a pattern's
 * calls are recorded, checked or proven, whose order is the order the gathers' ends make. */
static bool may_advance_others(void) { return !zrt_pattern_recording() && !zrt_pattern_steady(); }

/* Advance every gather in flight as far as it goes without waiting (where allowed), then g; true
 * when g is complete. Deferred gathers completed one after another (run-ahead's flush) so overlap
 * their steps instead of taking steps x latency each: on 1024 simulated processes jacobi's 20
 * deferred max<< reductions took 0.35 ms at the loop's end one by one. */
static bool gather_step_all(void *arg) {
  if (may_advance_others())
    for (int h = 0; h <= GATHER_MAX; h++)
      if (gathers[h].busy && &gathers[h] != arg)
        gather_step(&gathers[h]);
  return gather_step(arg);
}

/* Wait for g; returns the blocks in process order, or an exact reduction's combined block (the
 * blocks of a flat or dissemination gather combined in process order, which for an exact
 * reduction gives the bits any other order gives). */
static const void *gather_finish(gather_op *g) {
  if (g->held)
    start_held();
  if (g->batch >= 0) { /* its block's part of the batch's result */
    gather_op *b = &gathers[g->batch];
    zrt_wait_blocking(gather_step_all, gather_block, b);
    memcpy(g->tmp, b->tmp + g->off, g->n);
    g->busy = false;
    g->batch = -1;
    if (--b->unfinished == 0)
      b->busy = false;
    return g->tmp;
  }
  zrt_wait_blocking(gather_step_all, gather_block, g);
  g->busy = false;
  if (g->alg == ZG_TREE)
    return g->tmp;
  int P = zrt_g.nprocs, me = zrt_g.me;
  for (int i = 0; i < P; i++)
    memcpy(g->out + (size_t)((me + i) % P) * g->n, g->tmp + (size_t)i * g->n, g->n);
  for (int q = 1; g->combine && q < P; q++)
    g->combine(g->out, g->out + (size_t)q * g->n);
  return g->out;
}

static const void *allgather(const void *v, size_t n, zrt_combine_fn combine) {
  ZRT_COMM_SPAN_GATHER(n, combine != NULL);
  gather_op *g = &gathers[GATHER_MAX];
  gather_start(g, v, n, combine, combine ? reduce_alg : gather_alg);
  return gather_finish(g);
}

const void *zrt_allgather(const void *v, size_t n) { return allgather(v, n, NULL); }

const void *zrt_allreduce(const void *v, size_t n, zrt_combine_fn combine) { return allgather(v, n, combine); }

static int allgather_begin(const void *v, size_t n, zrt_combine_fn combine) {
  zrt_work_flush();
  ZRT_COMM_SPAN_GATHER(n, combine != NULL);
  int h = free_slot();
  gather_start(&gathers[h], v, n, combine, combine ? reduce_alg : gather_alg);
  in_flight_add(1);
  if (runahead == 0) /* blocking collectives: complete it here; the end finds it done */
    zrt_wait_blocking(gather_step, gather_block, &gathers[h]);
  return h;
}

int zrt_allgather_begin(const void *v, size_t n) { return allgather_begin(v, n, NULL); }

int zrt_allreduce_begin(const void *v, size_t n, zrt_combine_fn combine) { return allgather_begin(v, n, combine); }

int zrt_allreduce_begin_ahead(const void *v, size_t n, zrt_combine_fn combine) {
  if (!may_hold()) {
    start_held();
    return allgather_begin(v, n, combine);
  }
  zrt_work_flush();
  ZRT_COMM_SPAN(ZRT_COMM_REDUCE);
  zrt_comm_count(ZRT_COMM_REDUCE, 1, 0, 0); /* its messages count with its batch's */
  int h = free_slot();
  gather_prepare(&gathers[h], v, n, combine, ZG_TREE);
  gathers[h].held = true;
  held[nheld++] = h;
  in_flight_add(1);
  if (nheld == BATCH_MAX)
    start_held();
  return h;
}

zg_gather_alg zrt_gather_alg(bool exact) { return exact ? reduce_alg : gather_alg; }

const void *zrt_allgather_end(int handle) {
  ZRT_COMM_SPAN(ZRT_COMM_REDUCE);
  in_flight_add(-1);
  return gather_finish(&gathers[handle]);
}

/* Complete the oldest deferred gather and hand its result over. */
static void complete_oldest(void) {
  deferred_gather d = deferred[0];
  memmove(deferred, deferred + 1, (size_t)--ndeferred * sizeof *deferred);
  d.done(zrt_allgather_end(d.handle), d.arg);
}

void zrt_allgather_defer(int handle, void (*done)(const void *parts, void *arg), void *arg) {
  ZRT_COMM_SPAN(ZRT_COMM_REDUCE);
  deferred[ndeferred++] = (deferred_gather){handle, done, arg};
  while (ndeferred > runahead)
    complete_oldest();
}

void zrt_allgather_flush(void) {
  ZRT_COMM_SPAN(ZRT_COMM_REDUCE);
  while (ndeferred > 0)
    complete_oldest();
}

void zrt_poll(void) {
  zrt_work_flush();
  ZRT_COMM_SPAN(ZRT_COMM_REDUCE);
  zrt_poll_budget = in_flight ? ZRT_POLL_ELEMS : ZRT_POLL_NEVER;
  if (zrt_pattern_recording() || zrt_pattern_steady())
    return; /* a pattern's calls are recorded and analysed in the order the gathers' ends make them */
  for (int h = 0; h < GATHER_MAX; h++)
    if (gathers[h].busy)
      gather_step(&gathers[h]);
  for (int h = 0; h < LINE_GATHER_MAX; h++) {
    int done = 0;
    if (line_gathers[h].busy && line_gathers[h].rq != MPI_REQUEST_NULL)
      MPI_Test(&line_gathers[h].rq, &done, MPI_STATUS_IGNORE);
  }
  if (zrt_progress)
    zrt_progress();
}

void zrt_region_mine(zrt_region *mine, const zrt_region *c) {
  *mine = *c;
  for (int k = 0; k < c->rank; k++) {
    if (c->flood >> k & 1)
      continue;
    int64_t blo, bhi;
    if (!zrt_my_block(c->rank, k, &blo, &bhi)) {
      mine->lo[k] = 0;
      mine->hi[k] = -1;
      continue;
    }
    if (mine->lo[k] < blo)
      mine->lo[k] = blo;
    if (mine->hi[k] > bhi)
      mine->hi[k] = bhi;
  }
}

static bool owned_box_part(const zrt_array *a, const zrt_region *c, int proc, int64_t *lo, int64_t *hi);

/* The index box of c (bounding box; flood dimensions 0..0) that process proc owns of array a,
 * or false if none or it holds no index of a (a block between the strided indices of a coarse
 * level: its process sends nothing). */
static bool owned_part(const zrt_array *a, const zrt_region *c, int proc, int64_t *lo, int64_t *hi) {
  return owned_box_part(a, c, proc, lo, hi) && zrt_box_elems(a, lo, hi) > 0;
}

static bool owned_box_part(const zrt_array *a, const zrt_region *c, int proc, int64_t *lo, int64_t *hi) {
  int coords[ZRT_MAX_RANK];
  if (!zrt_proc_coords(a->rank, proc, coords))
    return false;
  for (int k = 0; k < a->rank; k++) {
    if ((a->flood >> k & 1) || (c->flood >> k & 1)) {
      lo[k] = hi[k] = 0;
      continue;
    }
    int64_t blo, bhi;
    if (!zrt_block_at(a->rank, k, coords[k], &blo, &bhi))
      return false;
    lo[k] = zrt_region_first(c, k, c->lo[k]);
    hi[k] = zrt_region_last(c, k);
    if (lo[k] < blo)
      lo[k] = blo;
    if (hi[k] > bhi)
      hi[k] = bhi;
    if (lo[k] > hi[k])
      return false;
  }
  return true;
}

void zrt_gather(zrt_array *whole, const zrt_array *a, const zrt_region *c, int line) {
  zrt_work_flush();
  ZRT_COMM_SPAN_OUTPUT();
  int64_t lo[ZRT_MAX_RANK], hi[ZRT_MAX_RANK];
  for (int k = 0; k < a->rank; k++) {
    bool fl = (a->flood >> k & 1) || (c->flood >> k & 1);
    lo[k] = fl ? 0 : zrt_region_first(c, k, c->lo[k]);
    hi[k] = fl ? 0 : zrt_region_last(c, k);
  }
  zrt_array_alloc_root(whole, a->rank, a->elem, lo, hi, a->flood | c->flood, line);
  int64_t plo[ZRT_MAX_RANK], phi[ZRT_MAX_RANK];
  if (zrt_g.nprocs == 1 || !zrt_g.mpi) { /* a copy */
    if (owned_part(a, c, 0, plo, phi)) {
      size_t n = zrt_box_elems(a, plo, phi) * a->elem;
      char *buf = malloc(n ? n : 1);
      if (!buf)
        zrt_error(line, "out of memory");
      zrt_copy_box(a, a, plo, phi, buf, true);
      zrt_copy_box(whole, a, plo, phi, buf, false);
      free(buf);
    }
    return;
  }
  if (zrt_g.me != 0) {
    if (!owned_part(a, c, zrt_g.me, plo, phi))
      return;
    size_t n = zrt_box_elems(a, plo, phi) * a->elem;
    char *buf = malloc(n ? n : 1);
    if (!buf)
      zrt_error(line, "out of memory");
    zrt_copy_box(a, a, plo, phi, buf, true);
    MPI_Request rq;
    MPI_Isend(buf, (int)n, MPI_BYTE, 0, GATHER_TAG, MPI_COMM_WORLD, &rq);
    zrt_wait(&rq);
    free(buf);
    return;
  }
  for (int q = 0; q < zrt_g.nprocs; q++) {
    if (!owned_part(a, c, q, plo, phi))
      continue;
    size_t n = zrt_box_elems(a, plo, phi) * a->elem;
    char *buf = malloc(n ? n : 1);
    if (!buf)
      zrt_error(line, "out of memory");
    if (q == 0) {
      zrt_copy_box(a, a, plo, phi, buf, true);
    } else {
      MPI_Request rq;
      MPI_Irecv(buf, (int)n, MPI_BYTE, q, GATHER_TAG, MPI_COMM_WORLD, &rq);
      zrt_wait(&rq);
    }
    zrt_copy_box(whole, a, plo, phi, buf, false);
    free(buf);
  }
}

/* ---- lines of the process grid: partial reductions ---- */

/* The communicator of my line of the rank-r grid through the dimensions in mask (processes
 * with my coordinates in every other dimension), made on first use and kept until
 * MPI_Finalize. */
static MPI_Comm line_comms[ZRT_MAX_RANK + 1][1u << ZRT_MAX_RANK];

static MPI_Comm line_comm(int rank, unsigned mask) {
  MPI_Comm *c = &line_comms[rank][mask & ((1u << rank) - 1)];
  if (*c)
    return *c;
  int coords[ZRT_MAX_RANK] = {0}, dims[ZRT_MAX_RANK] = {0};
  zrt_proc_coords(rank, zrt_g.me, coords);
  if (!zrt_grid_of(rank, dims, coords))
    for (int k = 0; k < rank; k++)
      dims[k] = 1;
  int color = 0, key = 0;
  for (int k = 0; k < rank; k++) {
    if (mask >> k & 1)
      key = key * dims[k] + coords[k];
    else
      color = color * dims[k] + coords[k];
  }
  if (zrt_progress)
    zrt_progress(); /* blocking below: nothing of mine may be held back meanwhile */
  MPI_Comm_split(MPI_COMM_WORLD, color, key, c);
  return *c;
}

static char *gathered;          /* the buffer zrt_line_allgather returns, reused */
static size_t gathered_bytes;

static void free_gathered(void) {
  free(gathered);
  gathered = NULL;
}

const void *zrt_line_allgather(int rank, unsigned mask, const void *v, size_t n, int *count) {
  zrt_work_flush();
  ZRT_COMM_SPAN_LINE(rank, mask, n);
  if (zrt_g.nprocs == 1 || !zrt_g.mpi || rank < 1 || rank > ZRT_MAX_RANK) {
    *count = 1;
    return zrt_allgather(v, n);
  }
  MPI_Comm c = line_comm(rank, mask);
  int size = 1;
  MPI_Comm_size(c, &size);
  size_t total = n * (size_t)size;
  if (total > gathered_bytes || !gathered) {
    if (!gathered)
      atexit(free_gathered);
    free(gathered);
    gathered = zrt_xmalloc(total);
    gathered_bytes = total;
  }
  MPI_Request rq = MPI_REQUEST_NULL;
  if (zrt_collectives_block())
    MPI_Allgather(v, (int)n, MPI_BYTE, gathered, (int)n, MPI_BYTE, c);
  else
    MPI_Iallgather(v, (int)n, MPI_BYTE, gathered, (int)n, MPI_BYTE, c, &rq);
  zrt_wait(&rq);
  *count = size;
  return gathered;
}

static void free_line_gathers(void) {
  for (int h = 0; h < LINE_GATHER_MAX; h++)
    free(line_gathers[h].buf);
}

int zrt_line_allgather_begin(int rank, unsigned mask, const void *v, size_t n) {
  zrt_work_flush();
  ZRT_COMM_SPAN_LINE(rank, mask, n);
  int h = 0;
  while (h < LINE_GATHER_MAX && line_gathers[h].busy)
    h++;
  if (h == LINE_GATHER_MAX)
    zrt_error(0, "internal error: more than %d partial reductions in flight", LINE_GATHER_MAX);
  static bool registered;
  if (!registered)
    atexit(free_line_gathers);
  registered = true;
  line_gather *g = &line_gathers[h];
  bool alone = zrt_g.nprocs == 1 || !zrt_g.mpi || rank < 1 || rank > ZRT_MAX_RANK;
  MPI_Comm c = alone ? MPI_COMM_NULL : line_comm(rank, mask);
  g->count = 1;
  if (!alone)
    MPI_Comm_size(c, &g->count);
  size_t total = n * (size_t)g->count;
  if (total > g->cap || !g->buf) {
    free(g->buf);
    g->buf = zrt_xmalloc(total ? total : 1);
    g->cap = total;
  }
  g->busy = true;
  g->rq = MPI_REQUEST_NULL;
  if (alone)
    memcpy(g->buf, v, n);
  else if (zrt_collectives_block())
    MPI_Allgather(v, (int)n, MPI_BYTE, g->buf, (int)n, MPI_BYTE, c);
  else
    MPI_Iallgather(v, (int)n, MPI_BYTE, g->buf, (int)n, MPI_BYTE, c, &g->rq);
  in_flight_add(1);
  if (runahead == 0 && g->rq != MPI_REQUEST_NULL) /* blocking collectives: complete it here */
    zrt_wait(&g->rq);
  return h;
}

const void *zrt_line_allgather_end(int handle, int *count) {
  ZRT_COMM_SPAN(ZRT_COMM_REDUCE);
  line_gather *g = &line_gathers[handle];
  if (g->rq != MPI_REQUEST_NULL)
    zrt_wait(&g->rq);
  g->busy = false;
  in_flight_add(-1);
  *count = g->count;
  return g->buf;
}

/* ---- lines of the process grid: scans ---- */

/* Process coords' part of region c in dimension k (bounding range; flood: 0..0); false if none. */
static bool part_range(const zrt_region *c, int k, const int *coords, int64_t *lo, int64_t *hi) {
  if (c->flood >> k & 1) {
    *lo = *hi = 0;
    return true;
  }
  int64_t blo, bhi;
  if (!zrt_block_at(c->rank, k, coords[k], &blo, &bhi))
    return false;
  *lo = zrt_region_first(c, k, c->lo[k] > blo ? c->lo[k] : blo);
  *hi = zrt_region_last(c, k);
  if (*hi > bhi)
    *hi = bhi;
  return *lo <= *hi;
}

void zrt_region_line(zrt_region *out, const zrt_region *c, unsigned mask) {
  zrt_region mine;
  zrt_region_mine(&mine, c);
  *out = *c;
  for (int k = 0; k < c->rank; k++)
    if (!(mask >> k & 1)) {
      out->lo[k] = mine.lo[k];
      out->hi[k] = mine.hi[k];
    }
}

/* A line assembly in flight: the boxes of the line's members and the bytes gathered. */
struct zrt_line_assembly {
  zrt_array *whole;
  zrt_array like;            /* the part's descriptor: which indices of a box it holds */
  int nmembers;
  int *counts, *displs;
  int64_t (*blo)[ZRT_MAX_RANK], (*bhi)[ZRT_MAX_RANK];
  bool *has;
  char *all, *mine;
  MPI_Request rq;
};

zrt_line_assembly *zrt_line_assemble_begin(zrt_array *whole, const zrt_array *part, const zrt_region *c, unsigned mask,
                                           int line) {
  zrt_work_flush();
  ZRT_COMM_SPAN(ZRT_COMM_REDUCE);
  int r = c->rank;
  int me[ZRT_MAX_RANK] = {0}, dims[ZRT_MAX_RANK] = {0}, mc[ZRT_MAX_RANK] = {0};
  zrt_proc_coords(r, zrt_g.me, me);
  if (!zrt_grid_of(r, dims, mc))
    for (int k = 0; k < r; k++)
      dims[k] = 1;
  /* the line's box: all of c in the masked dimensions, my part elsewhere */
  int64_t lo[ZRT_MAX_RANK], hi[ZRT_MAX_RANK];
  bool empty = false;
  for (int k = 0; k < r; k++) {
    if ((mask >> k & 1) && !(c->flood >> k & 1)) {
      lo[k] = zrt_region_first(c, k, c->lo[k]);
      hi[k] = zrt_region_last(c, k);
    } else if (!part_range(c, k, me, &lo[k], &hi[k])) {
      empty = true;
    }
    if (lo[k] > hi[k])
      empty = true;
  }
  zrt_array_alloc_box(whole, r, part->elem, lo, hi, c->flood | part->flood, empty, line);
  /* the members of my line, in line order (zrt_line_allgather's key: row-major in the masked dims) */
  zrt_line_assembly *a = zrt_xmalloc(sizeof *a);
  a->whole = whole;
  a->like = *part;
  a->nmembers = 1;
  for (int k = 0; k < r; k++)
    if (mask >> k & 1)
      a->nmembers *= dims[k];
  int n = a->nmembers;
  a->counts = zrt_xcalloc((size_t)n, sizeof *a->counts);
  a->displs = zrt_xcalloc((size_t)n, sizeof *a->displs);
  a->blo = zrt_xcalloc((size_t)n, sizeof *a->blo);
  a->bhi = zrt_xcalloc((size_t)n, sizeof *a->bhi);
  a->has = zrt_xcalloc((size_t)n, sizeof *a->has);
  size_t total = 0, mine_bytes = 0;
  int my_index = 0;
  for (int j = 0; j < n; j++) {
    int co[ZRT_MAX_RANK];
    memcpy(co, me, sizeof co);
    int rest = j;
    for (int k = r - 1; k >= 0; k--)
      if (mask >> k & 1) {
        co[k] = rest % dims[k];
        rest /= dims[k];
      }
    bool same = true;
    for (int k = 0; k < r; k++)
      same &= co[k] == me[k];
    if (same)
      my_index = j;
    a->has[j] = !empty;
    for (int k = 0; k < r && a->has[j]; k++)
      a->has[j] = part_range(c, k, co, &a->blo[j][k], &a->bhi[j][k]);
    size_t bytes = a->has[j] ? zrt_box_elems(part, a->blo[j], a->bhi[j]) * part->elem : 0;
    a->counts[j] = (int)bytes;
    a->displs[j] = (int)total;
    total += bytes;
    if (same)
      mine_bytes = bytes;
  }
  a->all = zrt_xmalloc(total);
  a->mine = zrt_xmalloc(mine_bytes);
  a->rq = MPI_REQUEST_NULL;
  if (mine_bytes)
    zrt_copy_box(part, part, a->blo[my_index], a->bhi[my_index], a->mine, true);
  if (zrt_g.nprocs == 1 || !zrt_g.mpi || n == 1)
    memcpy(a->all, a->mine, mine_bytes);
  else if (zrt_collectives_block())
    MPI_Allgatherv(a->mine, (int)mine_bytes, MPI_BYTE, a->all, a->counts, a->displs, MPI_BYTE, line_comm(r, mask));
  else
    MPI_Iallgatherv(a->mine, (int)mine_bytes, MPI_BYTE, a->all, a->counts, a->displs, MPI_BYTE, line_comm(r, mask), &a->rq);
  return a;
}

void zrt_line_assemble_end(zrt_line_assembly *a) {
  ZRT_COMM_SPAN(ZRT_COMM_REDUCE);
  if (a->rq != MPI_REQUEST_NULL)
    zrt_wait(&a->rq);
  for (int j = 0; j < a->nmembers; j++)
    if (a->has[j] && a->counts[j])
      zrt_copy_box(a->whole, &a->like, a->blo[j], a->bhi[j], a->all + a->displs[j], false);
  free(a->all);
  free(a->mine);
  free(a->counts);
  free(a->displs);
  free(a->blo);
  free(a->bhi);
  free(a->has);
  free(a);
}

void zrt_line_assemble(zrt_array *whole, const zrt_array *part, const zrt_region *c, unsigned mask, int line) {
  zrt_line_assemble_end(zrt_line_assemble_begin(whole, part, c, mask, line));
}
