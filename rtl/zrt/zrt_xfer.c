/* zrt_xfer.c - ghost-cell transfers for shifted reads (A@d) between the processes of a block
 * distribution: the plan (which boxes of which array each process sends to and receives from
 * which other process, computed the same way on every process from the grid alone) and the
 * bindings of the four Ironman calls, chosen at run time with AZ_COMM:
 *   msg   (two-sided MPI) DR posts the receives, SR packs and sends, DN waits and unpacks into
 *         the fluff, SV waits for the sends; a transfer whose shifts go diagonally does it one
 *         grid dimension after the other (zrt_phases.c);
 *   put   (libsplit) DR stores a ready token to each source, SR waits for the tokens of its
 *         destinations, puts the packed data into their receive buffers and signals, DN waits
 *         for the signals and unpacks, then at once sends the tokens of the next round (the
 *         buffer is free again), so that from the second round on DR has nothing to do and a
 *         sender rarely waits in SR; a plan that changes first collects the tokens sent for it;
 *   store (libsplit) like put, but the data goes as signalling stores counted in
 *         bytes at the receiver, and SV waits until the send buffers are free again;
 *   tailored like store, but in the steady state of a pattern loop (zrt_pattern.c) only the
 *         messages the pattern analysis cannot prove safe get a ready token; when the proof
 *         needs two receive buffers, the transfer alternates between two (and two counters).
 *         A round that does not follow a complete iteration of its pattern (the loop's first,
 *         or after anything else ran) sends every token, as store does;
 *   auto  (the default) msg, except that a transfer switches to tailored for good at its first
 *         round in the steady state of a pattern loop when libsplit's segments are mapped (one
 *         node: a token and a store are CPU stores, no MPI call); a plan that changes after that
 *         goes back to msg for good. Every process decides the same at the same round. Where a
 *         transfer's plan changes from round to round (tomcatv's row sweeps, simple's loops that
 *         are not patterns) every round of put, store and tailored begins with a handshake (ready
 *         tokens) that msg does not need: there msg is the faster protocol.
 * Receive buffers live in the libsplit segment at the same offset everywhere; a process finds
 * its slot in another's buffer from the plan, which every process can compute for every pair.
 * A counter says data arrived; only the DR token lets a sender overwrite a receive buffer. */
#include "pdl.h"
#include "zrt_xfer_plan.h"
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

static binding comm_binding = BIND_AUTO;
static bool one_sided_cheap;       /* auto: libsplit's segments are mapped (see one_sided_ready) */
static bool one_sided_tried;       /* auto: libsplit was started (and kept or shut down) */
static bool sc_started;
static char *token_sink;           /* libsplit: 8 bytes per process, where DR tokens and put signals land */


static zrt_xfer_plan *all_plans;
static bool timing;                /* AZ_STATS is on: time the waits */

/* Now, when the waits are timed (a clock read per call costs about as much as a small transfer). */
static double now(void) { return timing ? MPI_Wtime() : 0.0; }

/* ---- packing ---- */

/* Prepare box b of pe's box list for array a: a sender reads box + off (where a wrap-around item's
 * values are), a receiver writes box; within an array (within), box + off is copied into box. */
static void prepare_box(xfer_peer *pe, int b, const zrt_array *a, bool sending, bool within) {
  if (within) {
    zrt_box_copy_prepare(&pe->prep[b], a, a, pe->boxes[b].lo, pe->boxes[b].hi, a, pe->off[b]);
    return;
  }
  int64_t lo[ZRT_MAX_RANK], hi[ZRT_MAX_RANK];
  for (int k = 0; k < a->rank; k++) {
    lo[k] = pe->boxes[b].lo[k] + (sending ? pe->off[b][k] : 0);
    hi[k] = pe->boxes[b].hi[k] + (sending ? pe->off[b][k] : 0);
  }
  zrt_box_copy_prepare(&pe->prep[b], a, a, lo, hi, NULL, NULL);
}

/* Make pe's prepared box copies fit the arrays of p's items now. They are prepared at the first
 * call, and again only when an item's array has another layout (the same plan serves arrays of one
 * shape, not always one allocation, and an item may be another array at the next call): the boxes
 * of one item are always prepared together, so the first box of each run of an item's boxes
 * answers for the run. */
static void prepare_peer(const zrt_xfer_plan *p, xfer_peer *pe, bool sending, bool within) {
  if (!pe->prep && pe->nboxes > 0 && !(pe->prep = calloc((size_t)pe->nboxes, sizeof *pe->prep)))
    zrt_error(0, "out of memory");
  for (int b = 0; b < pe->nboxes; b++) {
    int it = pe->item[b];
    const zrt_array *a = p->items[it].a;
    if ((b > 0 && pe->item[b - 1] == it) || zrt_box_copy_fits(&pe->prep[b], a, within ? a : NULL))
      continue;
    for (int c = b; c < pe->nboxes; c++)
      if (pe->item[c] == it)
        prepare_box(pe, c, a, sending, within);
  }
}

/* Pack (to_buf) or unpack all of pe's boxes through its buffer (or from); returns the bytes. */
size_t xfer_copy_peer(const zrt_xfer_plan *p, xfer_peer *pe, const char *from, bool to_buf) {
  size_t at = 0;
  char *buf = to_buf ? pe->buf : (char *)from;
  prepare_peer(p, pe, to_buf, false);
  for (int b = 0; b < pe->nboxes; b++)
    at += zrt_box_copy_run(&pe->prep[b], p->items[pe->item[b]].a, NULL, buf + at, to_buf);
  return at;
}

/* Copy pe's boxes within this process's arrays: each from box + off (the wrapped pieces and the
 * hops of a phase this process holds itself). */
void xfer_copy_within(const zrt_xfer_plan *p, xfer_peer *pe) {
  prepare_peer(p, pe, false, true);
  for (int b = 0; b < pe->nboxes; b++) {
    const zrt_array *a = p->items[pe->item[b]].a;
    zrt_box_copy_run(&pe->prep[b], a, a, NULL, false);
  }
}

/* ---- plans ---- */

void xfer_free_peer(xfer_peer *pe) {
  free(pe->prep);
  free(pe->item);
  free(pe->boxes);
  free(pe->off);
  free(pe->buf);
}

static void free_peers(xfer_peer *v, int n) {
  for (int i = 0; i < n; i++)
    xfer_free_peer(&v[i]);
  free(v);
}

static void plan_clear(zrt_xfer_plan *p) {
  free(p->slot);
  free(p->rslot);
  free(p->send_free);
  free(p->recv_free);
  p->slot = p->rslot = NULL;
  p->send_free = p->recv_free = NULL;
  p->decided = false;
  free_peers(p->sends, p->nsends);
  free_peers(p->recvs, p->nrecvs);
  xfer_free_peer(&p->self);
  memset(&p->self, 0, sizeof p->self);
  for (int k = 0; k < p->nphases; k++) {
    free_peers(p->phase[k].sends, p->phase[k].nsends);
    free_peers(p->phase[k].recvs, p->phase[k].nrecvs);
    xfer_free_peer(&p->phase[k].local);
  }
  memset(p->phase, 0, sizeof p->phase);
  p->nphases = 0;
  p->sends = p->recvs = NULL;
  p->nsends = p->nrecvs = 0;
  p->valid = false;
}

/* The bytes of key k that describe it: its region and its items (a key holds room for
 * XFER_MAX_ITEMS, some 13 KiB, of which a transfer uses a few). */
static size_t key_size(const xfer_key *k) {
  return offsetof(xfer_key, items) + (size_t)k->nitems * sizeof k->items[0];
}

static bool key_equal(const xfer_key *a, const xfer_key *b) {
  return a->nitems == b->nitems && memcmp(a, b, key_size(a)) == 0;
}

static void key_copy(xfer_key *to, const xfer_key *from) { memcpy(to, from, key_size(from)); }

#define SWAP(T, a, b) do { T swap_tmp_ = (a); (a) = (b); (b) = swap_tmp_; } while (0)

/* Swap what plan p computed for its key with shelved plan e. */
static void plan_swap(zrt_xfer_plan *p, shelved_plan *e) {
  SWAP(xfer_key *, p->key, e->key);
  SWAP(xfer_peer *, p->sends, e->sends);
  SWAP(xfer_peer *, p->recvs, e->recvs);
  SWAP(int, p->nsends, e->nsends);
  SWAP(int, p->nrecvs, e->nrecvs);
  SWAP(xfer_peer, p->self, e->self);
  SWAP(int, p->nphases, e->nphases);
  for (int k = 0; k < ZRT_MAX_RANK; k++)
    SWAP(xfer_phase, p->phase[k], e->phase[k]);
}

/* Free shelved plan e (swapped into plan p, cleared and keyless, and cleared there). */
static void shelved_free(zrt_xfer_plan *p, shelved_plan *e) {
  plan_swap(p, e);
  plan_clear(p);
  free(p->key);
  p->key = NULL;
}

static void shelf_clear(zrt_xfer_plan *p) {
  for (int i = 0; i < p->nshelf; i++)
    shelved_free(p, &p->shelf[i]);
  free(p->shelf);
  p->shelf = NULL;
  p->nshelf = 0;
}

static void free_all_plans(void) {
  while (all_plans) {
    zrt_xfer_plan *next = all_plans->next;
    plan_clear(all_plans);
    free(all_plans->key);
    all_plans->key = NULL;
    shelf_clear(all_plans);
    free(all_plans);
    all_plans = next;
  }
}

/* What process src sends process dst: what dst needs that src owns, per item, with overlapping
 * boxes merged (zg_pair_boxes); with src == dst, the wrapped pieces dst copies within its own
 * arrays. Every process computes the same for the same pair. */
void xfer_pair_boxes(const zrt_xfer_plan *p, int src, int dst, xfer_peer *pe) {
  memset(pe, 0, sizeof *pe);
  pe->rq = MPI_REQUEST_NULL;
  const zg_grid *grids = NULL;
  for (int i = 0; i < p->nitems; i++)
    grids = zrt_grids_for(p->items[i].a->rank);
  if (!grids)
    return;
  static zg_pair g; /* large: not on the stack */
  zg_pair_boxes(grids, &p->c, p->items, p->nitems, src, dst, &g);
  if (g.overflow)
    zrt_error(p->line, "transfer %d: its wrap-around shifts need more than %d boxes of ghost cells", p->id, ZG_MAX_BOXES);
  if (g.nboxes == 0)
    return;
  size_t n = (size_t)g.nboxes;
  pe->item = malloc(n * sizeof *pe->item);
  pe->boxes = malloc(n * sizeof *pe->boxes);
  pe->off = malloc(n * sizeof *pe->off);
  if (!pe->item || !pe->boxes || !pe->off)
    zrt_error(p->line, "out of memory");
  memcpy(pe->item, g.item, n * sizeof *pe->item);
  memcpy(pe->boxes, g.boxes, n * sizeof *pe->boxes);
  memcpy(pe->off, g.off, n * sizeof *pe->off);
  pe->nboxes = g.nboxes;
  pe->bytes = g.bytes;
}

/* Append pe (the exchange with proc) to *v if it has anything, else free it. */
static void keep_peer(xfer_peer **v, int *n, xfer_peer *pe, int proc) {
  if (pe->nboxes == 0) {
    xfer_free_peer(pe);
    return;
  }
  *v = realloc(*v, (size_t)(*n + 1) * sizeof **v);
  if (!*v)
    zrt_error(0, "out of memory");
  pe->proc = proc;
  (*v)[(*n)++] = *pe;
}

/* True if box b lies inside the allocation of a on this process (its block and fluff). */
bool xfer_inside_allocation(const zrt_array *a, const box *b) {
  for (int k = 0; k < a->rank; k++)
    if (!(a->flood >> k & 1) && (b->lo[k] < a->lo[k] || b->hi[k] > a->hi[k]))
      return false;
  return true;
}

/* The message buffers of n peers. */
void xfer_alloc_bufs(const zrt_xfer *x, xfer_peer *v, int n) {
  for (int i = 0; i < n; i++)
    if (!(v[i].buf = malloc(v[i].bytes ? v[i].bytes : 1)))
      zrt_error(x->line, "out of memory");
}

/* Compute who sends what to whom: receive from q what I need that q owns, send to q what q needs
 * that I own. Both sides find the same boxes. Only the processes around this one where nothing can
 * come from further (xfer_near_procs): a plan costs a pair computation per process asked. */
static void plan_build(zrt_xfer *x, zrt_xfer_plan *p) {
  plan_clear(p);
  int me = zrt_g.me;
  static int near[ZRT_NEAR_MAX];
  int nnear = xfer_near_procs(p, me, near); /* -1: every process */
  for (int i = 0; i < (nnear < 0 ? zrt_g.nprocs : nnear); i++) {
    int q = nnear < 0 ? i : near[i];
    if (q == me)
      continue;
    xfer_peer pe;
    xfer_pair_boxes(p, q, me, &pe);
    for (int b = 0; b < pe.nboxes; b++)
      if (!xfer_inside_allocation(p->items[pe.item[b]].a, &pe.boxes[b]))
        zrt_error(x->line, "internal error: transfer %d needs more ghost cells than were allocated", x->id);
    keep_peer(&p->recvs, &p->nrecvs, &pe, q);
    xfer_pair_boxes(p, me, q, &pe);
    keep_peer(&p->sends, &p->nsends, &pe, q);
  }
  xfer_pair_boxes(p, me, me, &p->self);
  p->self.proc = me;
  for (int b = 0; b < p->self.nboxes; b++)
    if (!xfer_inside_allocation(p->items[p->self.item[b]].a, &p->self.boxes[b]))
      zrt_error(x->line, "internal error: transfer %d needs more ghost cells than were allocated", x->id);
  xfer_peer *lists[3] = {p->sends, p->recvs, &p->self};
  int counts[3] = {p->nsends, p->nrecvs, 1};
  for (int l = 0; l < 3; l++)
    xfer_alloc_bufs(x, lists[l], counts[l]);
  xfer_plan_phases(x, p);
  p->valid = true;
  p->built++;
}

/* The key of the transfer as described now (its used bytes: see key_size). */
static void make_key(const zrt_xfer_plan *p, xfer_key *k) {
  memset(k, 0, offsetof(xfer_key, items) + (size_t)p->nitems * sizeof k->items[0]);
  k->c = p->c;
  k->nitems = p->nitems;
  for (int i = 0; i < p->nitems; i++) {
    const zrt_array *a = p->items[i].a;
    k->items[i].rank = a->rank;
    k->items[i].elem = a->elem;
    k->items[i].flood = a->flood;
    memcpy(k->items[i].slo, a->slo, sizeof a->slo);
    memcpy(k->items[i].shi, a->shi, sizeof a->shi);
    memcpy(k->items[i].d, p->items[i].d, sizeof p->items[i].d);
    memcpy(k->items[i].move, p->items[i].move, sizeof p->items[i].move);
    memcpy(k->items[i].step, a->step, sizeof a->step);
    memcpy(k->items[i].phase, a->phase, sizeof a->phase);
    if ((k->items[i].wrap = p->items[i].wrap)) {
      memcpy(k->items[i].dlo, a->dlo, sizeof a->dlo);
      memcpy(k->items[i].dhi, a->dhi, sizeof a->dhi);
    }
    k->items[i].like_before = i > 0 && p->items[i - 1].a == a && p->items[i - 1].wrap == p->items[i].wrap;
  }
}

/* Bytes process src sends process dst in this transfer (src != dst). */
static size_t pair_bytes(const zrt_xfer_plan *p, int src, int dst) {
  xfer_peer pe;
  xfer_pair_boxes(p, src, dst, &pe);
  xfer_free_peer(&pe);
  return pe.bytes;
}

/* The libsplit side of a new plan (collective): counters (once), the receive buffer (the largest
 * any process needs, the same offset everywhere), and the slots: a source's data goes after that
 * of every lower-numbered source. What a process needs is its receives' bytes, the largest of them
 * one reduction; where the sources of a destination are the processes around it
 * (xfer_near_procs), a slot costs a pair computation for each of those, else one per process. */
static void plan_segment(zrt_xfer *x, zrt_xfer_plan *p) {
  if (!p->counters) {
    p->dat = sc_stctr_alloc();
    p->tok = sc_stctr_alloc();
    p->counters = true;
  }
  int P = zrt_g.nprocs, me = zrt_g.me;
  int64_t most = 0;
  for (int i = 0; i < p->nrecvs; i++)
    most += (int64_t)p->recvs[i].bytes;
  sc_all_reduce(sc_team_all, &most, 1, SC_I64, SC_MAX);
  if ((size_t)most > p->rbuf_bytes) {
    p->rbuf = sc_all_alloc((size_t)most, 64);  /* an outgrown buffer stays: frees must be last-in first-out */
    p->rbuf_bytes = (size_t)most;
  }
  free(p->slot);
  free(p->rslot);
  p->slot = calloc((size_t)p->nsends + 1, sizeof *p->slot);
  p->rslot = calloc((size_t)p->nrecvs + 1, sizeof *p->rslot);
  if (!p->slot || !p->rslot)
    zrt_error(x->line, "out of memory");
  static int near[ZRT_NEAR_MAX];
  for (int i = 0; i < p->nsends; i++) {
    int dst = p->sends[i].proc, nnear = xfer_near_procs(p, dst, near); /* -1: every process */
    for (int j = 0; j < (nnear < 0 ? P : nnear); j++) {
      int q = nnear < 0 ? j : near[j];
      if (q < me && q != dst)
        p->slot[i] += pair_bytes(p, q, dst);
    }
  }
  for (int i = 1; i < p->nrecvs; i++)
    p->rslot[i] = p->rslot[i - 1] + p->recvs[i - 1].bytes;
}

/* ---- the calls ---- */

/* True if regions a and b are the same. */
static bool region_same(const zrt_region *a, const zrt_region *b) {
  if (a->rank != b->rank || a->flood != b->flood)
    return false;
  for (int k = 0; k < a->rank; k++)
    if (a->lo[k] != b->lo[k] || a->hi[k] != b->hi[k] || a->stride[k] != b->stride[k] || a->align[k] != b->align[k])
      return false;
  return true;
}

/* True if item i of key k is array a (allocated) shifted by d, wrapping or not: what the plan
 * was built for. prev: the array of the item before, which matched the key's item before: where
 * a is that array and the key's item has the same array as the one before (like_before), a's
 * fields match already, and only the shift is compared (MG's 20 shifts of one array a transfer). */
static bool key_item_is(const xfer_key *k, int i, const zrt_array *a, const int64_t *d, bool wrap, const int64_t *move,
                        const zrt_array *prev) {
  if (i >= k->nitems || !a->allocated || k->items[i].wrap != wrap)
    return false;
  if (!(k->items[i].like_before && a == prev)) {
    if (k->items[i].rank != a->rank || k->items[i].elem != a->elem || k->items[i].flood != a->flood)
      return false;
    for (int j = 0; j < a->rank; j++)
      if (k->items[i].slo[j] != a->slo[j] || k->items[i].shi[j] != a->shi[j] || k->items[i].step[j] != a->step[j] ||
          k->items[i].phase[j] != a->phase[j])
        return false;
    for (int j = 0; wrap && j < a->rank; j++)
      if (k->items[i].dlo[j] != a->dlo[j] || k->items[i].dhi[j] != a->dhi[j])
        return false;
  }
  for (int j = 0; j < a->rank; j++)
    if (k->items[i].d[j] != d[j] || k->items[i].move[j] != move[j])
      return false;
  return true;
}

/* True if the calls of transfer x have nothing to do: its items' storage does not cover what they
 * read, or one process has no wrap-around item to copy within its arrays. */
static bool idle(const zrt_xfer *x) {
  return x->plan->skip || (zrt_g.nprocs == 1 && x->plan->nitems == 0);
}

static bool shelf_take_region(zrt_xfer_plan *p, const zrt_region *c);

void zrt_xfer_begin(zrt_xfer *x, const zrt_region *c) {
  if (!x->plan) {
    if (!(x->plan = calloc(1, sizeof *x->plan)))
      zrt_error(x->line, "out of memory");
    if (!all_plans)
      atexit(free_all_plans);
    x->plan->next = all_plans;
    x->plan->id = x->id;
    x->plan->line = x->line;
    all_plans = x->plan;
  }
  zrt_xfer_plan *p = x->plan;
  if (p->receiving || p->sending)
    zrt_error(x->line, "internal error: transfer %d begun again before it completed", x->id);
  memset(&p->c, 0, sizeof p->c);
  p->c = *c;
  p->nitems = 0;
  p->skip = false;
  p->same = p->valid && (region_same(c, &p->key->c) || shelf_take_region(p, c));
}

/* Append item (a, d, wrap, under the region moved by move) to the transfer being described. */
static void add_item(zrt_xfer_plan *p, zrt_array *a, const int64_t *d, bool wrap, const int64_t *move) {
  xfer_item *it = &p->items[p->nitems++];
  it->a = a;
  it->wrap = wrap;
  for (int k = 0; k < ZRT_MAX_RANK; k++) { /* zero beyond the rank: keys compare whole vectors */
    it->d[k] = k < a->rank ? d[k] : 0;
    it->move[k] = k < a->rank ? move[k] : 0;
  }
}

static const int64_t no_move[ZRT_MAX_RANK];

/* zrt_xfer_add, zrt_xfer_add_wrap, zrt_xfer_add_view(_moved) and (inside: false) zrt_xfer_fill_wrap. */
static void add_moved(zrt_xfer *x, zrt_array *a, const int64_t *d, bool wrap, bool inside, const int64_t *move) {
  zrt_xfer_plan *p = x->plan;
  if (p->nitems == XFER_MAX_ITEMS)
    zrt_error(x->line, "internal error: transfer %d has too many arrays", x->id);
  if (p->same && key_item_is(p->key, p->nitems, a, d, wrap, move, p->nitems > 0 ? p->items[p->nitems - 1].a : NULL)) { /* contained when the plan was built */
    add_item(p, a, d, wrap, move);
    return;
  }
  p->same = false;
  int64_t dd[ZRT_MAX_RANK] = {0};
  if (a->allocated)
    memcpy(dd, d, (size_t)a->rank * sizeof *d);
  zrt_region c = zrt_region_at(p->c, move);
  if (a->allocated && wrap && inside && !zrt_inside_declared(&c, a))
    zrt_error(x->line, "internal error: transfer %d wraps around an array whose declared region does not hold its region", x->id);
  if (!a->allocated || (!wrap && !zrt_contains(&c, a, dd))) {
    p->skip = true;  /* the same on every process: all skip */
    return;
  }
  add_item(p, a, d, wrap, move);
}

static void add(zrt_xfer *x, zrt_array *a, const int64_t *d, bool wrap, bool inside) { add_moved(x, a, d, wrap, inside, no_move); }

void zrt_xfer_add(zrt_xfer *x, zrt_array *a, const int64_t *d) {
  if (zrt_g.nprocs > 1)
    add(x, a, d, false, true);
}

void zrt_xfer_add_wrap(zrt_xfer *x, zrt_array *a, const int64_t *d) { add(x, a, d, true, true); }

void zrt_xfer_add_view(zrt_xfer *x, zrt_array *a, const int64_t *d, bool wrap) {
  if (wrap || zrt_g.nprocs > 1)
    add(x, a, d, wrap, false);
}

void zrt_xfer_add_view_moved(zrt_xfer *x, zrt_array *a, const int64_t *d, bool wrap, const int64_t *move) {
  if (wrap || zrt_g.nprocs > 1)
    add_moved(x, a, d, wrap, false, move);
}

void zrt_xfer_fill_wrap(zrt_xfer *x, zrt_array *a) {
  static const int64_t zero[ZRT_MAX_RANK];
  add(x, a, zero, true, false);
}

bool zrt_wrap_by_ghosts(const zrt_region *r, const zrt_array *a) {
  if (!a->allocated || r->rank != a->rank || r->flood != a->flood)
    return false;
  for (int k = 0; k < r->rank; k++)
    if (!(r->flood >> k & 1) && (r->stride[k] != 1 || r->lo[k] != a->dlo[k] || r->hi[k] != a->dhi[k]))
      return false;
  return true;
}

/* The global pointer of byte off of process proc's receive buffer of plan p / of its token sink
 * slot for me. */
static sc_gptr rbuf_at(const zrt_xfer_plan *p, int proc, size_t off) {
  return sc_gadd(sc_toglobal(proc, p->rbuf), (ptrdiff_t)off, 1);
}
static sc_gptr token_at(int proc) {
  return sc_gadd(sc_toglobal(proc, token_sink), zrt_g.me, 8);
}

/* Which of my receives a call sends ready tokens for. */
typedef enum { TOKENS_ALL, TOKENS_NEEDED, TOKENS_FREE } token_set;

/* Tell the processes that send here (those of set) that my receive buffer may be overwritten. */
static void send_tokens(zrt_xfer_plan *p, token_set set) {
  static const int64_t token = 1;
  uint64_t n = 0;
  for (int i = 0; i < p->nrecvs; i++) {
    if (set != TOKENS_ALL && (set == TOKENS_FREE) != (p->recv_free[i] != 0))
      continue;
    sc_store_ctr(token_at(p->recvs[i].proc), &token, 8, p->tok);
    n++;
  }
  p->control += n;
  zrt_pattern_control(n);
}

/* The ready tokens my destinations send me for this round (at their last DN and at this DR). */
static size_t tokens_expected(const zrt_xfer_plan *p) {
  if (p->early == EARLY_NONE)
    return 0;
  return (size_t)(p->early == EARLY_TOKENS && p->steady ? p->token_sends : p->nsends);
}

/* Tailored: look up what the pattern analysis decided for my messages, once per plan (at the
 * first steady round, the same round everywhere); a second receive buffer and counter when some
 * message of the transfer needs two (collective, like every allocation in the segment). */
static void decide(zrt_xfer *x, zrt_xfer_plan *p) {
  p->decided = true;
  p->send_free = calloc((size_t)p->nsends + 1, 1);
  p->recv_free = calloc((size_t)p->nrecvs + 1, 1);
  if (!p->send_free || !p->recv_free)
    zrt_error(x->line, "out of memory");
  p->token_sends = 0;
  bool two = false;
  for (int i = 0; i < p->nsends; i++) {
    int mode = zrt_pattern_loop_mode(x->id, zrt_g.me, p->sends[i].proc);
    p->send_free[i] = mode != PDL_LOOP_TOKEN;
    p->token_sends += mode == PDL_LOOP_TOKEN;
  }
  for (int i = 0; i < p->nrecvs; i++)
    p->recv_free[i] = zrt_pattern_loop_mode(x->id, p->recvs[i].proc, zrt_g.me) != PDL_LOOP_TOKEN;
  for (int src = 0; src < zrt_g.nprocs && !two; src++)
    for (int dst = 0; dst < zrt_g.nprocs && !two; dst++)
      two = src != dst && zrt_pattern_loop_mode(x->id, src, dst) == PDL_LOOP_FREE2;
  if (two && p->rbuf_bytes > 0) {
    p->half = p->rbuf_bytes;
    p->rbuf = sc_all_alloc(2 * p->half, 64);
    p->rbuf_bytes = 2 * p->half;
    p->dat_odd = sc_stctr_alloc();
  }
}

/* Where this round's data goes in my receive buffer, and the counter that counts it. */
static size_t round_offset(const zrt_xfer_plan *p) { return p->half && (p->round & 1) ? p->half : 0; }
static sc_stctr round_counter(const zrt_xfer_plan *p) { return p->half && (p->round & 1) ? p->dat_odd : p->dat; }

/* True if plan p may use the shelf: msg, never run one-sided (its libsplit state belongs to one
 * description), and built. */
static bool shelf_usable(const zrt_xfer_plan *p) { return p->bind == BIND_MSG && !p->counters && p->valid; }

/* Take up shelved plan i (what the plan computed for the current key goes in its place). */
static void take_from_shelf(zrt_xfer_plan *p, int i) {
  plan_swap(p, &p->shelf[i]);
  p->reused++;
  p->split_valid = false;
  p->tailor_off = true;
}

/* A msg plan about to be described under region c, which its key does not have (MG's operators
 * go from level to level): take up the shelved plan built under c, if there is one, so that the
 * description is checked against it item by item as it is given (add_moved) instead of as a
 * whole new key at the DR. True if one was taken. An item that differs from it sends the DR to
 * plan_from_shelf as before. The same on every process: c is. */
static bool shelf_take_region(zrt_xfer_plan *p, const zrt_region *c) {
  if (!shelf_usable(p))
    return false;
  for (int i = 0; i < p->nshelf; i++)
    if (region_same(c, &p->shelf[i].key->c)) {
      take_from_shelf(p, i);
      p->reused_at_begin++;
      return true;
    }
  return false;
}

/* A msg plan whose description changed (key k): put what it computed for the old one on the shelf
 * and take up what it computed for k before, if it did; false if it must be built. Only for
 * plans that never ran one-sided (whose libsplit state belongs to one description); plan_rebuild
 * clears a plan whose geometry went to the shelf as one that has none. Every process shelves and
 * finds the same plans at the same round. The shelf keeps the SHELF_MAX latest. */
static bool plan_from_shelf(zrt_xfer *x, zrt_xfer_plan *p, const xfer_key *k) {
  if (!shelf_usable(p))
    return false;
  if (!p->shelf && !(p->shelf = calloc(SHELF_MAX, sizeof *p->shelf)))
    zrt_error(x->line, "out of memory");
  int found = -1;
  for (int i = 0; i < p->nshelf && found < 0; i++)
    if (key_equal(p->shelf[i].key, k))
      found = i;
  if (found >= 0) {
    take_from_shelf(p, found);
    return true;
  }
  if (p->nshelf == SHELF_MAX) { /* forget the oldest */
    static zrt_xfer_plan scratch; /* cleared again by shelved_free */
    shelved_free(&scratch, &p->shelf[0]);
    memmove(p->shelf, p->shelf + 1, (SHELF_MAX - 1) * sizeof *p->shelf);
    p->nshelf--;
  }
  shelved_plan *e = &p->shelf[p->nshelf++];
  memset(e, 0, sizeof *e);
  plan_swap(p, e);
  return false;
}

/* The plan changed: collect the tokens sent for a next round of the old one, build the new one,
 * and stop tailoring it (the analysis saw the old one). */
static void plan_rebuild(zrt_xfer *x, zrt_xfer_plan *p, const xfer_key *k) {
  bool was_valid = p->valid;
  size_t sent = p->early == EARLY_ALL ? (size_t)p->nsends : p->early == EARLY_TOKENS ? (size_t)p->token_sends : 0;
  if (was_valid && p->bind != BIND_MSG && sent > 0)
    sc_store_sync_ctr(p->tok, 8 * sent);
  if (was_valid && comm_binding == BIND_AUTO && p->bind != BIND_MSG) {
    p->bind = BIND_MSG;
    p->auto_msg = true;
  }
  plan_build(x, p);
  if (p->bind != BIND_MSG)
    plan_segment(x, p);
  if (!p->key && !(p->key = malloc(sizeof *p->key)))
    zrt_error(x->line, "out of memory");
  key_copy(p->key, k);
  p->split_valid = false;
  p->early = EARLY_NONE;
  p->tailor_off = was_valid;
  p->half = 0;
}

static void start_libsplit(void);

/* Auto: libsplit is started at the first switch (a run with no pattern loop pays nothing for it),
 * and shut down again at once where its segments are not mapped (between nodes, AM): every
 * transfer stays msg then. Collective: the caller's round is the same on every process. */
static bool one_sided_ready(void) {
  if (!one_sided_tried) {
    one_sided_tried = true;
    start_libsplit();
    one_sided_cheap = sc_segments_mapped(); /* the same everywhere: one shared window or none */
    if (!one_sided_cheap)
      zrt_comm_teardown();
  }
  return one_sided_cheap;
}

/* Auto: a transfer in the steady state of a pattern loop whose plan has not changed since it was
 * built switches to tailored, where libsplit's one-sided operations are CPU stores. Every process
 * asks at the same round with the same answers (the plan, its history and the pattern's steady
 * state are the same everywhere), so libsplit starts and the segment grows everywhere alike. */
static void auto_choose(zrt_xfer *x, zrt_xfer_plan *p) {
  if (p->bind != BIND_MSG || p->auto_msg || p->tailor_off || !zrt_pattern_steady() || !one_sided_ready())
    return;
  p->bind = BIND_TAILORED;
  plan_segment(x, p); /* collective: every process switches at this round */
  p->early = EARLY_NONE;
}

bool zrt_xfer_untailored(void) {
  if (comm_binding == BIND_AUTO)
    return one_sided_tried && !one_sided_cheap;
  return comm_binding != BIND_TAILORED;
}

void zrt_dr(zrt_xfer *x) {
  zrt_work_flush();
  ZRT_COMM_SPAN(ZRT_COMM_GHOST);
  if (idle(x))
    return;
  zrt_xfer_plan *p = x->plan;
  if (!p->valid) /* msg where libsplit is not running (one process, auto between nodes) */
    p->bind = comm_binding == BIND_AUTO || !sc_started ? BIND_MSG : comm_binding;
  if (!p->same || p->nitems != p->key->nitems) {
    xfer_key k;
    make_key(p, &k);
    if ((!p->valid || !key_equal(&k, p->key)) && !plan_from_shelf(x, p, &k))
      plan_rebuild(x, p, &k);
  }
  if (comm_binding == BIND_AUTO)
    auto_choose(x, p);
  p->round++;
  p->steady = p->bind == BIND_TAILORED && !p->tailor_off && zrt_pattern_steady();
  if (p->steady && !p->decided)
    decide(x, p);
  if (zrt_pattern_recording())
    for (int i = 0; i < p->nrecvs; i++)
      zrt_pattern_event(ZRT_PEV_BEGIN_RECV, p->recvs[i].proc, x->id, p->recvs[i].bytes);
  p->phased_round = p->bind == BIND_MSG && p->nphases > 0 && !zrt_pattern_recording();
  if (p->phased_round) {
    xfer_phase_post(x, &p->phase[0]);
  } else if (p->bind == BIND_MSG) {
    for (int i = 0; i < p->nrecvs; i++)
      MPI_Irecv(p->recvs[i].buf, (int)p->recvs[i].bytes, MPI_BYTE, p->recvs[i].proc, x->id, MPI_COMM_WORLD,
                &p->recvs[i].rq);
  } else if (p->early == EARLY_NONE) { /* ready tokens: my receive buffer may be overwritten */
    send_tokens(p, TOKENS_ALL);
    p->early = EARLY_ALL;              /* as if a DN had sent them: SR expects them all */
  } else if (p->early == EARLY_TOKENS && !p->steady) {
    send_tokens(p, TOKENS_FREE);       /* the last DN sent only the others */
  }
  p->receiving = true;
}

void zrt_sr(zrt_xfer *x) {
  zrt_work_flush();
  ZRT_COMM_SPAN(ZRT_COMM_GHOST);
  if (idle(x))
    return;
  zrt_xfer_plan *p = x->plan;
  if (p->phased_round) {
    xfer_copy_within(p, &p->self);
    xfer_phase_send(x, p, &p->phase[0]);
    p->phase_at = p->phase_in = 0;
    p->count++;
    p->sending = true;
    return;
  }
  if (p->bind != BIND_MSG && tokens_expected(p) > 0) { /* the destinations' buffers are free */
    double t0 = now();
    sc_store_sync_ctr(p->tok, 8 * tokens_expected(p));
    p->dn_wait += now() - t0;
  }
  sc_ctr ctr = SC_CTR_INIT;
  size_t off = round_offset(p);
  sc_stctr dat = round_counter(p);
  for (int i = 0; i < p->nsends; i++) {
    xfer_peer *pe = &p->sends[i];
    if (zrt_pattern_recording())
      zrt_pattern_event(ZRT_PEV_BEGIN_SEND, pe->proc, x->id, pe->bytes);
    xfer_copy_peer(p, pe, NULL, true);
    if (p->bind == BIND_MSG)
      MPI_Isend(pe->buf, (int)pe->bytes, MPI_BYTE, pe->proc, x->id, MPI_COMM_WORLD, &pe->rq);
    else if (p->bind == BIND_PUT)
      sc_put_ctr(rbuf_at(p, pe->proc, p->slot[i]), pe->buf, pe->bytes, &ctr);
    else
      sc_store_ctr(rbuf_at(p, pe->proc, off + p->slot[i]), pe->buf, pe->bytes, dat);
    p->bytes += pe->bytes;
  }
  if (p->bind == BIND_PUT && p->nsends > 0) { /* the data is there: signal each destination */
    static const int64_t signal = 1;
    sc_sync_ctr(&ctr);
    for (int i = 0; i < p->nsends; i++)
      sc_store_ctr(token_at(p->sends[i].proc), &signal, 8, p->dat);
    p->control += (uint64_t)p->nsends;
    zrt_pattern_control((uint64_t)p->nsends);
  }
  if (p->bind != BIND_MSG && p->nsends > 0)
    sc_poll(); /* signal the stores now: the receivers need not wait for my next blocking call */
  /* the wrapped pieces this process holds itself: its values are final; sources inside the
   * declared region, destinations beyond */
  xfer_copy_within(p, &p->self);
  p->messages += (uint64_t)p->nsends;
  p->count++;
  p->sending = true;
}

void zrt_dn(zrt_xfer *x) {
  zrt_work_flush();
  ZRT_COMM_SPAN(ZRT_COMM_GHOST);
  if (idle(x))
    return;
  zrt_xfer_plan *p = x->plan;
  double t0 = now();
  if (p->phased_round) { /* each phase once the one before it is in */
    xfer_phases_finish(x, p);
    p->dn_wait += now() - t0;
    p->receiving = false;
    return;
  }
  size_t off = round_offset(p);
  if (p->bind != BIND_MSG && p->nrecvs > 0) {
    size_t total = 0;
    for (int i = 0; i < p->nrecvs; i++)
      total += p->recvs[i].bytes;
    sc_store_sync_ctr(round_counter(p), p->bind == BIND_PUT ? 8 * (size_t)p->nrecvs : total);
  }
  for (int i = 0; i < p->nrecvs; i++) {
    xfer_peer *pe = &p->recvs[i];
    const char *from = pe->buf;
    if (p->bind == BIND_MSG)
      zrt_wait(&pe->rq);
    else
      from = p->rbuf + off + p->rslot[i];
    p->dn_wait += now() - t0;
    t0 = now();
    xfer_copy_peer(p, pe, from, false);
  }
  if (zrt_pattern_recording())
    for (int i = 0; i < p->nrecvs; i++)
      zrt_pattern_event(ZRT_PEV_END_RECV, p->recvs[i].proc, x->id, p->recvs[i].bytes);
  if (p->bind != BIND_MSG) { /* the buffer is free again: the next round's DR is done now */
    if (p->nrecvs > 0)
      send_tokens(p, p->decided ? TOKENS_NEEDED : TOKENS_ALL);
    p->early = p->decided ? EARLY_TOKENS : EARLY_ALL;
  }
  p->receiving = false;
}

void zrt_sv(zrt_xfer *x) {
  zrt_work_flush();
  ZRT_COMM_SPAN(ZRT_COMM_GHOST);
  if (idle(x))
    return;
  zrt_xfer_plan *p = x->plan;
  double t0 = now();
  if (p->phased_round)
    for (int k = 0; k < p->nphases; k++)
      for (int i = 0; i < p->phase[k].nsends; i++)
        zrt_wait(&p->phase[k].sends[i].rq);
  else if (p->bind == BIND_MSG)
    for (int i = 0; i < p->nsends; i++)
      zrt_wait(&p->sends[i].rq);
  else if (p->bind != BIND_PUT && p->nsends > 0)
    sc_store_local_sync();      /* the send buffers may be packed again */
  p->sv_wait += now() - t0;
  if (zrt_pattern_recording())
    for (int i = 0; i < p->nsends; i++)
      zrt_pattern_event(ZRT_PEV_END_SEND, p->sends[i].proc, x->id, p->sends[i].bytes);
  p->sending = false;
}

/* ---- overlap ---- */

/* Narrow [*ilo, *ihi], this process's part of dimension k of a rank-r region, to its interior:
 * the indices whose reads through x's items stay in what the process holds before DN, its block
 * [blo, bhi] (open-ended at the grid's ends) and, for a wrap-around item, the declared region too,
 * unless the process holds all of that in dimension k (then it copied the wrapped cells at SR). */
static void interior(const zrt_xfer_plan *p, int r, int k, int64_t blo, int64_t bhi, int64_t *ilo, int64_t *ihi) {
  for (int i = 0; i < p->nitems; i++) {
    const xfer_item *it = &p->items[i];
    const zrt_array *a = it->a;
    if (a->rank != r || (a->flood >> k & 1))
      continue;
    int64_t lo_ok = blo, hi_ok = bhi, d = it->d[k];
    if (it->wrap && (blo > a->dlo[k] || bhi < a->dhi[k])) {
      lo_ok = a->dlo[k] > lo_ok ? a->dlo[k] : lo_ok;
      hi_ok = a->dhi[k] < hi_ok ? a->dhi[k] : hi_ok;
    }
    if (d < 0 && lo_ok != INT64_MIN && lo_ok - d > *ilo)
      *ilo = lo_ok - d;  /* the rows below read a lower (or wrapped) neighbour's cells */
    if (d > 0 && hi_ok != INT64_MAX && hi_ok - d < *ihi)
      *ihi = hi_ok - d;
  }
}

static int split_parts(zrt_region *parts, int *border, const zrt_region *c, const zrt_xfer *x);

/* The split depends on the region, the plan and the grid only: computed once per plan and region. */
static int split_kept(zrt_region *parts, int *border, const zrt_region *c, const zrt_xfer *x) {
  zrt_xfer_plan *p = x->plan;
  if (zrt_g.nprocs == 1 || !p || p->skip || !p->valid)
    return split_parts(parts, border, c, x);
  if (!p->split_valid || !region_same(c, &p->split_c)) {
    p->nsplit = split_parts(p->split, &p->split_border, c, x);
    p->split_c = *c;
    p->split_valid = true;
  }
  memcpy(parts, p->split, (size_t)p->nsplit * sizeof *parts);
  *border = p->split_border;
  return p->nsplit;
}

int zrt_xfer_split(zrt_region *parts, int *border, const zrt_region *c, const zrt_xfer *x) {
  int n = split_kept(parts, border, c, x);
  if (n > *border && parts[0].lo[0] <= parts[0].hi[0]) /* an interior, then a border */
    zrt_overlap_note(*border);
  return n;
}

/* A part with no index: like's, emptied in dimension 0. */
static zrt_region empty_part(const zrt_region *like) {
  zrt_region r = *like;
  r.lo[0] = 1;
  r.hi[0] = 0;
  return r;
}

/* parts[0] an empty region, parts[1] this process's part of c: all of it waits. */
static int split_none(zrt_region *parts, int *border, const zrt_region *c) {
  zrt_region_mine(&parts[1], c);
  parts[0] = empty_part(&parts[1]);
  *border = 1;
  return 2;
}

void zrt_xfer_part(zrt_xfer *x, int i, int border) {
  if (i == border) {
    zrt_dn(x);
  } else if (i < border && x->plan->phased_round) {
    zrt_work_flush();
    xfer_phases_progress(x, x->plan);
  }
}

/* How many chunks the interior comes in: where the transfer goes by phases, one more than the
 * phases (ZRT_SPLIT_CHUNKS at most), each of SPLIT_CHUNK_MIN indices of dimension 0 at least;
 * else one. */
#define SPLIT_CHUNK_MIN 4
static int interior_chunks(const zrt_xfer_plan *p, const zrt_region *in) {
  if (p->bind != BIND_MSG || p->nphases < 2)
    return 1;
  int64_t n = zrt_region_count(in, 0) / SPLIT_CHUNK_MIN;
  int m = p->nphases + 1 < ZRT_SPLIT_CHUNKS ? p->nphases + 1 : ZRT_SPLIT_CHUNKS;
  return n < 1 ? 1 : n < m ? (int)n : m;
}

/* Interior region in cut into m chunks along dimension 0, into parts[0..m-1]. */
static void chunk_interior(zrt_region *parts, const zrt_region *in, int m) {
  int64_t first = zrt_region_first(in, 0, in->lo[0]), s = in->stride[0], n = zrt_region_count(in, 0);
  for (int j = 0; j < m; j++) {
    parts[j] = *in;
    parts[j].lo[0] = first + j * n / m * s;
    parts[j].hi[0] = first + ((j + 1) * n / m - 1) * s;
  }
}

/* What split_parts does with this process's part *mine of region c: */
typedef enum {
  SPLIT_WHOLE,    /* one part, all of it: nothing to receive, or nothing of it needs what comes */
  SPLIT_CUT,      /* its interior [ilo, ihi] first, then the border strips around it */
  SPLIT_WAIT      /* no interior: all of it waits (split_none) */
} split_kind;

/* How this process's part *mine of c splits for transfer x, and where it does, its interior's
 * bounds [ilo, ihi] (bounds, not necessarily indices of a strided region). */
static split_kind split_bounds(zrt_region *mine, int64_t *ilo, int64_t *ihi, const zrt_region *c, const zrt_xfer *x) {
  zrt_region_mine(mine, c);
  const zrt_xfer_plan *p = x->plan;
  int dims[ZRT_MAX_RANK], coords[ZRT_MAX_RANK], r = c->rank;
  if (zrt_g.nprocs == 1 || !p || p->skip || p->nrecvs == 0 || !zrt_grid_of(r, dims, coords))
    return SPLIT_WHOLE;
  bool cut = false, whole = false;
  for (int k = 0; k < r; k++) {
    ilo[k] = mine->lo[k];
    ihi[k] = mine->hi[k];
    if (mine->lo[k] > mine->hi[k])
      return SPLIT_WHOLE; /* I own nothing of it */
    whole |= c->flood >> k & 1;
  }
  for (int k = 0; k < r && !whole; k++) {
    int64_t blo, bhi;
    if (!zrt_my_block(r, k, &blo, &bhi))
      return SPLIT_WHOLE;
    interior(p, r, k, blo, bhi, &ilo[k], &ihi[k]);
    cut |= ilo[k] != mine->lo[k] || ihi[k] != mine->hi[k];
  }
  if (!cut && !whole)
    return SPLIT_WHOLE;
  /* kept simple: no overlap over flood dimensions, where all of it waits; a strided region's parts
   * keep its stride and alignment (their bounds need not be its indices) */
  for (int k = 0; k < r; k++)
    if (whole || ilo[k] > ihi[k]) /* no interior */
      return SPLIT_WAIT;
  return SPLIT_CUT;
}

/* parts[] of *mine cut at interior [ilo, ihi]: the interior in chunks, then the strips around it;
 * returns their number, *border the chunks'. */
static int cut_parts(zrt_region *parts, int *border, const zrt_region *mine, const int64_t *ilo, const int64_t *ihi,
                     const zrt_xfer_plan *p) {
  zrt_region strips[2 * ZRT_MAX_RANK], rest = *mine;
  int n = 0;
  for (int k = 0; k < mine->rank; k++) {
    if (ilo[k] > rest.lo[k]) {
      strips[n] = rest;
      strips[n++].hi[k] = ilo[k] - 1;
      rest.lo[k] = ilo[k];
    }
    if (ihi[k] < rest.hi[k]) {
      strips[n] = rest;
      strips[n++].lo[k] = ihi[k] + 1;
      rest.hi[k] = ihi[k];
    }
  }
  *border = interior_chunks(p, &rest);
  chunk_interior(parts, &rest, *border);
  memcpy(parts + *border, strips, (size_t)n * sizeof *strips);
  return *border + n;
}

static int split_parts(zrt_region *parts, int *border, const zrt_region *c, const zrt_xfer *x) {
  zrt_region mine;
  int64_t ilo[ZRT_MAX_RANK], ihi[ZRT_MAX_RANK];
  switch (split_bounds(&mine, ilo, ihi, c, x)) {
  case SPLIT_CUT: return cut_parts(parts, border, &mine, ilo, ihi, x->plan);
  case SPLIT_WAIT: return split_none(parts, border, c);
  default:
    parts[0] = mine;
    *border = 1;
    return 1;
  }
}

/* The statements of a nest of rows are cut at one interior, in the frame of the first one's region:
 * statement j's region is c[0]'s moved by c[j].lo - c[0].lo (interp's parity classes), so its
 * interior is the common one moved the same way; two statements whose rows pair up (neighbours
 * along the last dimension) then keep the same rows and neighbouring first elements in every
 * part. Any other region is cut correctly too: each one's interior lies inside its own. *border
 * is the fewest interior parts of a statement that waits for x at all. */
int zrt_xfer_split_rows(zrt_region *parts, int *border, int n, const zrt_region *const *c, const zrt_xfer *x) {
  zrt_region mine[ZRT_ROWS_SPLIT_MAX];
  int64_t ilo[ZRT_ROWS_SPLIT_MAX][ZRT_MAX_RANK], ihi[ZRT_ROWS_SPLIT_MAX][ZRT_MAX_RANK], clo[ZRT_MAX_RANK], chi[ZRT_MAX_RANK];
  split_kind kind[ZRT_ROWS_SPLIT_MAX];
  int r = c[0]->rank, cut = 0;
  if (n > ZRT_ROWS_SPLIT_MAX)
    zrt_error(x->line, "internal error: a nest of %d statements split for transfer %d", n, x->id);
  for (int k = 0; k < r; k++) {
    clo[k] = INT64_MIN;
    chi[k] = INT64_MAX;
  }
  for (int j = 0; j < n; j++) {
    kind[j] = split_bounds(&mine[j], ilo[j], ihi[j], c[j], x);
    if (kind[j] != SPLIT_CUT)
      continue;
    cut++;
    for (int k = 0; k < r; k++) { /* in c[0]'s frame */
      int64_t move = c[j]->lo[k] - c[0]->lo[k];
      clo[k] = ilo[j][k] - move > clo[k] ? ilo[j][k] - move : clo[k];
      chi[k] = ihi[j][k] - move < chi[k] ? ihi[j][k] - move : chi[k];
    }
  }
  bool empty = false;
  for (int k = 0; k < r; k++)
    empty |= clo[k] > chi[k];
  int most = 1;
  *border = ZRT_SPLIT_MAX;
  for (int j = 0; j < n; j++) {
    zrt_region *pj = parts + (size_t)j * ZRT_SPLIT_MAX;
    int bj = 1, nj = 1;
    if (kind[j] == SPLIT_WAIT || (kind[j] == SPLIT_CUT && empty)) {
      nj = split_none(pj, &bj, c[j]);
    } else if (kind[j] == SPLIT_CUT) {
      for (int k = 0; k < r; k++) {
        int64_t move = c[j]->lo[k] - c[0]->lo[k];
        ilo[j][k] = clo[k] + move;
        ihi[j][k] = chi[k] + move;
      }
      nj = cut_parts(pj, &bj, &mine[j], ilo[j], ihi[j], x->plan);
    } else {
      pj[0] = mine[j];
    }
    most = nj > most ? nj : most;
    if (kind[j] != SPLIT_WHOLE) /* one that needs nothing of x runs whole in part 0, before any DN */
      *border = bj < *border ? bj : *border;
    for (int i = nj; i < ZRT_SPLIT_MAX; i++) /* past its parts: nothing */
      pj[i] = empty_part(&pj[0]);
  }
  if (cut && !empty)
    zrt_overlap_note(*border);
  return most;
}

/* ---- the binding ---- */

/* Two counters per transfer, three when tailored. */
static const sc_config libsplit_config = {0, SC_TRANSPORT_DEFAULT, 2048};

void zrt_comm_setup(void) {
  const char *stats = getenv("AZ_STATS");
  timing = stats && strcmp(stats, "0") != 0;
  const char *v = getenv("AZ_COMM");
  if (!v || !strcmp(v, "auto"))
    comm_binding = BIND_AUTO;
  else if (!strcmp(v, "store"))
    comm_binding = BIND_STORE;
  else if (!strcmp(v, "tailored"))
    comm_binding = BIND_TAILORED;
  else if (!strcmp(v, "put"))
    comm_binding = BIND_PUT;
  else if (!strcmp(v, "msg"))
    comm_binding = BIND_MSG;
  else
    zrt_bad_env("AZ_COMM", "'auto', 'msg', 'put', 'store' or 'tailored'", v);
  if (zrt_g.nprocs == 1 || !zrt_g.mpi || comm_binding == BIND_MSG)
    return;
  if (comm_binding == BIND_AUTO) {
    /* libsplit starts at the first switch to tailored (one_sided_ready); its environment is
     * checked now, so that a bad value stops every run. Under SimGrid SMPI libsplit runs on
     * active messages (no RMA there): auto is msg there, the faster binding in simulation
     * (docs/scaling.md), and needs no pattern analysis. */
    sc_check_config(&libsplit_config);
    if (sc_simulated())
      one_sided_tried = true;
    else
      zrt_pattern_tailor_setup();
    return;
  }
  start_libsplit();
  if (comm_binding == BIND_TAILORED)
    zrt_pattern_tailor_setup();
}

/* Start libsplit (collective): its segment, the token sink, and the runtime's waits polling it. */
static void start_libsplit(void) {
  int argc = 0;
  char **argv = NULL;
  sc_init(&argc, &argv, &libsplit_config);
  sc_started = true;
  zrt_progress = sc_poll;  /* every runtime wait publishes pending stores and serves requests */
  token_sink = sc_all_alloc(8 * (size_t)zrt_g.nprocs, 64);
}

void zrt_comm_teardown(void) {
  if (!sc_started)
    return;
  sc_started = false;
  zrt_progress = NULL;
  sc_finalize();
}

/* ---- AZ_STATS ---- */

void zrt_xfer_totals(zrt_comm_volume *v) {
  *v = (zrt_comm_volume){0};
  for (zrt_xfer_plan *p = all_plans; p; p = p->next) {
    v->ops += p->count;
    v->messages += p->messages;
    v->control += p->control;
    v->bytes += p->bytes;
  }
}

enum { ST_COUNT, ST_BYTES, ST_MESSAGES, ST_CONTROL, ST_LINE, ST_BUILT, ST_REUSED, ST_REUSED_AT_BEGIN, ST_N };

void zrt_xfer_stats_print(FILE *out) {
  if (zrt_g.nprocs == 1 || !zrt_g.mpi)
    return;
  int n = 0, all_n = 0;
  for (zrt_xfer_plan *p = all_plans; p; p = p->next)
    if (p->id > n)
      n = p->id;
  MPI_Request rq;
  MPI_Iallreduce(&n, &all_n, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD, &rq);
  zrt_wait(&rq);
  if (all_n == 0)
    return;
  uint64_t *mine = calloc((size_t)all_n * ST_N, sizeof *mine), *sum = calloc((size_t)all_n * ST_N, sizeof *sum);
  double *wait = calloc((size_t)all_n * 2, sizeof *wait), *wmax = calloc((size_t)all_n * 2, sizeof *wmax);
  if (!mine || !sum || !wait || !wmax)
    zrt_error(0, "out of memory");
  for (zrt_xfer_plan *p = all_plans; p; p = p->next) {
    uint64_t *m = &mine[(size_t)(p->id - 1) * ST_N];
    m[ST_COUNT] = p->count;
    m[ST_BYTES] = p->bytes;
    m[ST_MESSAGES] = p->messages;
    m[ST_CONTROL] = p->control;
    m[ST_LINE] = (uint64_t)p->line;
    m[ST_BUILT] = p->built;
    m[ST_REUSED] = p->reused;
    m[ST_REUSED_AT_BEGIN] = p->reused_at_begin;
    wait[(p->id - 1) * 2] = p->dn_wait;
    wait[(p->id - 1) * 2 + 1] = p->sv_wait;
  }
  MPI_Ireduce(mine, sum, all_n * ST_N, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD, &rq);
  zrt_wait(&rq);
  MPI_Ireduce(wait, wmax, all_n * 2, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD, &rq);
  zrt_wait(&rq);
  if (zrt_g.me == 0) {
    int P = zrt_g.nprocs;
    if (comm_binding == BIND_AUTO)
      fprintf(out, "AZ_STATS: binding auto: libsplit %s\n",
              one_sided_cheap ? "started at the first switch to tailored"
              : one_sided_tried ? "not running (its segments are not mapped here: every transfer msg)"
                                : "never started (no transfer switched to tailored)");
    fprintf(out, "AZ_STATS: ghost-cell transfers on %d processes (bytes and messages: all processes; waits: the slowest)\n", P);
    fprintf(out, "%9s %6s %10s %14s %10s %10s %12s %12s\n", "transfer", "line", "count", "bytes", "messages", "control",
            "DN wait s", "SV wait s");
    for (int i = 0; i < all_n; i++) {
      uint64_t *m = &sum[(size_t)i * ST_N];
      if (m[ST_COUNT] == 0)
        continue;
      fprintf(out, "%9d %6llu %10llu %14llu %10llu %10llu %12.6f %12.6f\n", i + 1, (unsigned long long)(m[ST_LINE] / (uint64_t)P),
              (unsigned long long)(m[ST_COUNT] / (uint64_t)P), (unsigned long long)m[ST_BYTES],
              (unsigned long long)m[ST_MESSAGES], (unsigned long long)m[ST_CONTROL], wmax[i * 2], wmax[i * 2 + 1]);
    }
    uint64_t built = 0, reused = 0, at_begin = 0;
    for (int i = 0; i < all_n; i++) {
      built += sum[(size_t)i * ST_N + ST_BUILT], reused += sum[(size_t)i * ST_N + ST_REUSED];
      at_begin += sum[(size_t)i * ST_N + ST_REUSED_AT_BEGIN];
    }
    fprintf(out, "AZ_STATS: transfer plans: %llu built, %llu taken up again, %llu of them as their region was given (a process's; "
            "msg plans of earlier descriptions)\n", (unsigned long long)(built / (uint64_t)P),
            (unsigned long long)(reused / (uint64_t)P), (unsigned long long)(at_begin / (uint64_t)P));
    fflush(out);
  }
  free(mine);
  free(sum);
  free(wait);
  free(wmax);
}
