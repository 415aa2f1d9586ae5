/* zrt_phases.c - ghost-cell transfers by dimension under the msg binding (see below): the phases
 * of a plan, computed from the grid alone like the direct plan, and the rounds that run them. */
#include "zrt_xfer_plan.h"
#include <stdlib.h>
#include <string.h>

/* ---- exchanges by dimension ----
 * A transfer whose shifts go diagonally (A@[1,1]: MG's 27-point operators) talks to up to 3^r - 1
 * neighbours at once, each message costing both processes its overhead. By dimension, as NPB's
 * comm3 does, it talks to 2r: in phase k every process exchanges with its neighbours along grid
 * dimension k only, and the values bound for a diagonal neighbour travel one dimension at a time,
 * each hop storing them in the ghost cells of the process in between (which holds them at the same
 * global indices, its allocation having the same extent as the destination's in the dimensions
 * already crossed and owning them in the others). A box that process s sends r directly (pair_boxes)
 * crosses dimension k from process (r_0..r_k-1, s_k, ..., s_n-1) to (r_0..r_k, s_k+1, ..., s_n-1)
 * when s_k != r_k, or within one process when a wrap-around piece is read across dimension k
 * there (off[k] != 0); in between it sits at box + the offsets of the dimensions not yet crossed.
 * Only the msg binding goes by phases (its rounds: phase 0 in SR, the others in DN, each after the
 * one before it arrived); the one-sided bindings, and rounds whose calls a pattern records, keep the
 * direct exchange. A transfer goes by phases where every block of the grid is at least as wide as
 * every shift, so that every piece comes from a neighbouring block (the same answer everywhere),
 * and some shift is diagonal across two distributed dimensions (else the phases would only wait
 * for one another). */

/* True if the plan's items allow and profit from phases on grid g of rank r. */
/* True if every piece of the plan's items comes from a block next to the receiver's (around the
 * grid) on grid g of rank r: every block at least as wide as every shift, and the declared region
 * of a wrap-around item spanning the grid; *diagonal: some shift crosses two distributed dimensions. */
static bool near_blocks(const zrt_xfer_plan *p, const zg_grid *g, int r, bool *diagonal) {
  *diagonal = false;
  if (!g->set || p->c.flood || p->c.rank != r)
    return false;
  for (int i = 0; i < p->nitems; i++) {
    const xfer_item *it = &p->items[i];
    if (it->a->rank != r || it->a->flood)
      return false;
    int across = 0;
    for (int k = 0; k < r; k++) {
      int64_t n = g->hi[k] - g->lo[k] + 1, d = it->d[k] < 0 ? -it->d[k] : it->d[k];
      if (g->dims[k] == 1)
        continue;
      /* a wrapped read comes from the first or last block only if the declared region spans the
       * grid (no covering region beyond it, as [east of R] wrap A has) */
      if (it->wrap && (it->a->dlo[k] != g->lo[k] || it->a->dhi[k] != g->hi[k]))
        return false;
      if (n < g->dims[k] || d > n / g->dims[k])
        return false;
      across += d != 0;
    }
    *diagonal |= across >= 2;
  }
  return true;
}

/* Phases pay where they at least halve the messages of a full neighbourhood: 2 x 2 x 2 processes
 * (7 neighbours, 3 phase partners), 3 x 3 (8, 4), 4 x 4 x 4 (26, 6); not on 2 x 2 (3, 2) or 4 x 2
 * (5, 3), where waiting for one phase after the other costs more than the message saved. */
static bool phases_worth(const zrt_xfer_plan *p, const zg_grid *g, int r) {
  bool diagonal;
  if (!near_blocks(p, g, r, &diagonal) || !diagonal)
    return false;
  int direct = 1, phased = 0;
  for (int k = 0; k < r; k++) {
    int n = g->dims[k] >= 3 ? 2 : g->dims[k] - 1;
    direct *= 1 + n;
    phased += n;
  }
  return direct - 1 >= 2 * phased;
}

/* The process at grid coordinates c (row-major numbering). */
static int proc_at(const zg_grid *g, int r, const int *c) {
  int id = 0;
  for (int k = 0; k < r; k++)
    id = id * g->dims[k] + c[k];
  return id;
}

/* The coordinates near c in dimension k: c - 1, c, c + 1 around the grid, without repeats; n of them. */
static int near_coords(const zg_grid *g, int k, int c, int *out) {
  int n = 0;
  for (int d = -1; d <= 1; d++) {
    int v = ((c + d) % g->dims[k] + g->dims[k]) % g->dims[k];
    bool seen = false;
    for (int i = 0; i < n; i++)
      seen |= out[i] == v;
    if (!seen)
      out[n++] = v;
  }
  return n;
}

/* Advance the counters at[0..r-1] (at[j] < n[j]) like an odometer, the last fastest; false once
 * they all wrapped around. */
static bool odometer_next(int *at, const int *n, int r) {
  int j = r - 1;
  while (j >= 0 && ++at[j] == n[j])
    at[j--] = 0;
  return j >= 0;
}

static int id_order(const void *x, const void *y) {
  int a = *(const int *)x, b = *(const int *)y;
  return (a > b) - (a < b);
}

int xfer_near_procs(const zrt_xfer_plan *p, int proc, int *out) {
  int r = p->c.rank;
  const zg_grid *grids = r >= 1 && r <= ZRT_MAX_RANK ? zrt_grids_for(r) : NULL;
  bool diagonal;
  int me[ZRT_MAX_RANK];
  if (zrt_g.nprocs == 1 || p->nitems == 0 || !grids || !near_blocks(p, &grids[r], r, &diagonal) ||
      !zg_proc_coords(&grids[r], r, proc, me))
    return -1;
  const zg_grid *g = &grids[r];
  int opts[ZRT_MAX_RANK][3], nopt[ZRT_MAX_RANK], at[ZRT_MAX_RANK] = {0}, n = 0;
  for (int k = 0; k < r; k++)
    nopt[k] = near_coords(g, k, me[k], opts[k]);
  do {
    int c[ZRT_MAX_RANK];
    for (int k = 0; k < r; k++)
      c[k] = opts[k][at[k]];
    int q = proc_at(g, r, c);
    if (q != proc)
      out[n++] = q;
  } while (odometer_next(at, nopt, r));
  qsort(out, (size_t)n, sizeof *out, id_order);
  return n;
}

/* The pairs (s, r) whose boxes cross dimension k at this process, as receiver (recv: it is the
 * process after the hop) or as sender (the process before it): every process finds the same pairs
 * for the same hop. Sorted by s, then r, so that both ends list their boxes in the same order. */
typedef struct route_pair {
  int s, r;
} route_pair;

static int pair_order(const void *x, const void *y) {
  const route_pair *a = x, *b = y;
  return a->s != b->s ? (a->s > b->s) - (a->s < b->s) : (a->r > b->r) - (a->r < b->r);
}

static int route_pairs(const zg_grid *g, int r, int k, const int *me, bool recv, route_pair *out) {
  /* s: near me before k, me after k (and at k when I send); r: me before k (and at k when I
   * receive), near me after k; at k the free one is near me */
  int opts_s[ZRT_MAX_RANK][3], ns[ZRT_MAX_RANK], opts_r[ZRT_MAX_RANK][3], nr[ZRT_MAX_RANK];
  for (int j = 0; j < r; j++) {
    bool s_free = j < k || (j == k && recv), r_free = j > k || (j == k && !recv);
    ns[j] = s_free ? near_coords(g, j, me[j], opts_s[j]) : (opts_s[j][0] = me[j], 1);
    nr[j] = r_free ? near_coords(g, j, me[j], opts_r[j]) : (opts_r[j][0] = me[j], 1);
  }
  int n = 0, is[ZRT_MAX_RANK] = {0};
  do {
    int sc[ZRT_MAX_RANK], rc[ZRT_MAX_RANK], ir[ZRT_MAX_RANK] = {0};
    for (int j = 0; j < r; j++)
      sc[j] = opts_s[j][is[j]];
    do {
      for (int j = 0; j < r; j++)
        rc[j] = opts_r[j][ir[j]];
      if (recv || rc[k] != me[k]) /* a hop within me is listed once, on the receiving side */
        out[n++] = (route_pair){proc_at(g, r, sc), proc_at(g, r, rc)};
    } while (odometer_next(ir, nr, r));
  } while (odometer_next(is, ns, r));
  qsort(out, (size_t)n, sizeof *out, pair_order);
  int m = 0;
  for (int i = 0; i < n; i++)
    if (out[i].s != out[i].r && (m == 0 || pair_order(&out[m - 1], &out[i]) != 0))
      out[m++] = out[i];
  return m;
}

/* Append box b of item it (the sender reads it at b + off) to pe. */
static void box_append(xfer_peer *pe, int it, const box *b, const int64_t *off, size_t bytes) {
  pe->item = realloc(pe->item, (size_t)(pe->nboxes + 1) * sizeof *pe->item);
  pe->boxes = realloc(pe->boxes, (size_t)(pe->nboxes + 1) * sizeof *pe->boxes);
  pe->off = realloc(pe->off, (size_t)(pe->nboxes + 1) * sizeof *pe->off);
  if (!pe->item || !pe->boxes || !pe->off)
    zrt_error(0, "out of memory");
  pe->item[pe->nboxes] = it;
  pe->boxes[pe->nboxes] = *b;
  memcpy(pe->off[pe->nboxes], off, sizeof pe->off[0]);
  pe->nboxes++;
  pe->bytes += bytes;
}

/* The peer of process proc in *v (appended when new). */
static xfer_peer *peer_of(xfer_peer **v, int *n, int proc) {
  for (int i = 0; i < *n; i++)
    if ((*v)[i].proc == proc)
      return &(*v)[i];
  *v = realloc(*v, (size_t)(*n + 1) * sizeof **v);
  if (!*v)
    zrt_error(0, "out of memory");
  xfer_peer *pe = &(*v)[(*n)++];
  memset(pe, 0, sizeof *pe);
  pe->proc = proc;
  pe->rq = MPI_REQUEST_NULL;
  return pe;
}

/* Phase k of the plan at this process (coordinates me): the hops across dimension k it receives or
 * makes within itself (recv), then those it sends. */
static void phase_build(const zrt_xfer *x, zrt_xfer_plan *p, const zg_grid *g, int r, int k, const int *me) {
  xfer_phase *ph = &p->phase[k];
  static route_pair pairs[2 * 729]; /* 3^(r-1) candidates each side, r <= 6 */
  for (int recv = 1; recv >= 0; recv--) {
    int n = route_pairs(g, r, k, me, recv, pairs);
    for (int i = 0; i < n; i++) {
      int sc[ZRT_MAX_RANK], rc[ZRT_MAX_RANK], before[ZRT_MAX_RANK], after[ZRT_MAX_RANK];
      zg_proc_coords(g, r, pairs[i].s, sc);
      zg_proc_coords(g, r, pairs[i].r, rc);
      for (int j = 0; j < r; j++) {
        before[j] = j < k ? rc[j] : sc[j];
        after[j] = j <= k ? rc[j] : sc[j];
      }
      int from = proc_at(g, r, before), to = proc_at(g, r, after);
      xfer_peer pe;
      xfer_pair_boxes(p, pairs[i].s, pairs[i].r, &pe);
      for (int b = 0; b < pe.nboxes; b++) {
        if (sc[k] == rc[k] && pe.off[b][k] == 0)
          continue; /* this box does not cross dimension k */
        box at = pe.boxes[b]; /* where it is after the hop: offsets of the dimensions not yet crossed */
        int64_t hop[ZRT_MAX_RANK] = {0};
        for (int j = k + 1; j < r; j++) {
          at.lo[j] += pe.off[b][j];
          at.hi[j] += pe.off[b][j];
        }
        hop[k] = pe.off[b][k];
        const zrt_array *a = p->items[pe.item[b]].a;
        size_t bytes = zg_box_count(&at, a) * a->elem;
        if (!recv)
          box_append(peer_of(&ph->sends, &ph->nsends, to), pe.item[b], &at, hop, bytes);
        else {
          if (!xfer_inside_allocation(a, &at))
            zrt_error(x->line, "internal error: transfer %d routes ghost cells outside an allocation", x->id);
          box_append(from == zrt_g.me ? &ph->local : peer_of(&ph->recvs, &ph->nrecvs, from), pe.item[b], &at, hop, bytes);
        }
      }
      xfer_free_peer(&pe);
    }
  }
  xfer_alloc_bufs(x, ph->sends, ph->nsends);
  xfer_alloc_bufs(x, ph->recvs, ph->nrecvs);
}

/* The phases of the plan, where phases_worth says so (nphases stays 0 otherwise). */
void xfer_plan_phases(const zrt_xfer *x, zrt_xfer_plan *p) {
  int r = p->c.rank;
  if (zrt_g.nprocs == 1 || p->nitems == 0 || r < 2 || r > ZRT_MAX_RANK || p->skip)
    return;
  const zg_grid *grids = zrt_grids_for(r);
  if (!grids || !phases_worth(p, &grids[r], r))
    return;
  int me[ZRT_MAX_RANK];
  if (!zg_proc_coords(&grids[r], r, zrt_g.me, me))
    return;
  for (int k = 0; k < r; k++)
    phase_build(x, p, &grids[r], r, k, me);
  p->nphases = r;
}

/* ---- the msg binding by phases (see plan_phases) ---- */

void xfer_phase_post(const zrt_xfer *x, xfer_phase *ph) {
  for (int i = 0; i < ph->nrecvs; i++)
    MPI_Irecv(ph->recvs[i].buf, (int)ph->recvs[i].bytes, MPI_BYTE, ph->recvs[i].proc, x->id, MPI_COMM_WORLD,
              &ph->recvs[i].rq);
}

/* The hops of a phase within this process, then its sends (their cells are final: the phases
 * before it arrived). */
void xfer_phase_send(const zrt_xfer *x, zrt_xfer_plan *p, xfer_phase *ph) {
  xfer_copy_within(p, &ph->local);
  for (int i = 0; i < ph->nsends; i++) {
    xfer_peer *pe = &ph->sends[i];
    xfer_copy_peer(p, pe, NULL, true);
    MPI_Isend(pe->buf, (int)pe->bytes, MPI_BYTE, pe->proc, x->id, MPI_COMM_WORLD, &pe->rq);
    p->bytes += pe->bytes;
  }
  p->messages += (uint64_t)ph->nsends;
}

/* The phase being received is in: on to the next, posted and sent. */
static void next_phase(const zrt_xfer *x, zrt_xfer_plan *p) {
  p->phase_in = 0;
  if (++p->phase_at < p->nphases) {
    xfer_phase_post(x, &p->phase[p->phase_at]);
    xfer_phase_send(x, p, &p->phase[p->phase_at]);
  }
}

/* The phases that arrived, received (their cells to their places), each followed by the next one
 * posted and sent; waiting for each receive (wait), or returning at the first not in yet. */
static void phases_advance(const zrt_xfer *x, zrt_xfer_plan *p, bool wait) {
  while (p->phase_at < p->nphases) {
    xfer_phase *ph = &p->phase[p->phase_at];
    for (; p->phase_in < ph->nrecvs; p->phase_in++) {
      xfer_peer *pe = &ph->recvs[p->phase_in];
      int in = 1;
      if (wait)
        zrt_wait(&pe->rq);
      else
        MPI_Test(&pe->rq, &in, MPI_STATUS_IGNORE);
      if (!in)
        return;
      xfer_copy_peer(p, pe, pe->buf, false);
    }
    next_phase(x, p);
    if (!wait)
      zrt_overlap_phase_note();
  }
}

void xfer_phases_progress(const zrt_xfer *x, zrt_xfer_plan *p) { phases_advance(x, p, false); }

void xfer_phases_finish(const zrt_xfer *x, zrt_xfer_plan *p) { phases_advance(x, p, true); }
