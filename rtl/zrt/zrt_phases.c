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
 * direct exchange. A transfer goes by phases where some shift is diagonal across two distributed
 * dimensions (else the phases would only wait for one another) and the blocks within its shifts'
 * reach are few enough to list (items_reach, the same answer everywhere): next to each other where
 * every block is at least as wide as every shift; further where a shift is wider (a hierarchy's
 * coarse levels on many processes, whose points lie some blocks apart), a piece then crossing a
 * dimension straight from its block to the one it is bound for. */

/* How far, in blocks of grid g of rank r, the pieces of the plan's items can come from in each
 * dimension (reach[k] >= 1: a shift of d cells crosses at most d / (the narrowest block) blocks,
 * rounded up), computed from the grid and the items alone, so every process finds the same; false
 * where some item does not allow phases: a flood, another rank, a wrap-around item whose declared
 * region does not span the grid (no covering region beyond it, as [east of R] wrap A has: a wrapped
 * read comes from the first or last block only then), or fewer indices than processes in a
 * distributed dimension. *diagonal: some shift crosses two distributed dimensions. */
static bool items_reach(const zrt_xfer_plan *p, const zg_grid *g, int r, int *reach, bool *diagonal) {
  *diagonal = false;
  if (!g->set || p->c.flood || p->c.rank != r)
    return false;
  for (int k = 0; k < r; k++)
    reach[k] = 1;
  for (int i = 0; i < p->nitems; i++) {
    const xfer_item *it = &p->items[i];
    if (it->a->rank != r || it->a->flood)
      return false;
    int across = 0;
    for (int k = 0; k < r; k++) {
      int64_t n = g->hi[k] - g->lo[k] + 1, d = it->d[k] < 0 ? -it->d[k] : it->d[k];
      if (g->dims[k] == 1)
        continue;
      if (it->wrap && (it->a->dlo[k] != g->lo[k] || it->a->dhi[k] != g->hi[k]))
        return false;
      if (n < g->dims[k])
        return false;
      int64_t narrowest = n / g->dims[k], blocks = (d + narrowest - 1) / narrowest;
      if (blocks > reach[k])
        reach[k] = blocks < g->dims[k] ? (int)blocks : g->dims[k];
      across += d != 0;
    }
    *diagonal |= across >= 2;
  }
  return true;
}

/* The coordinates within reach blocks of c in dimension k of g, around the grid, without repeats
 * (all of them where the reach goes around); their number (reach_product's factor). */
static int reach_coords(const zg_grid *g, int k, int c, int reach, int *out) {
  int m = g->dims[k];
  if (2 * reach + 1 >= m) {
    for (int i = 0; i < m; i++)
      out[i] = i;
    return m;
  }
  for (int d = -reach; d <= reach; d++)
    out[d + reach] = ((c + d) % m + m) % m;
  return 2 * reach + 1;
}

/* The most candidate pairs a phase may list on one side (route_pairs): beyond it a plan would cost
 * more to build than phases save, and the transfer goes direct. */
enum { ROUTE_MAX = 4096 };

/* The candidates per dimension (reach_coords around any coordinate) and their product. */
static int64_t reach_product(const zg_grid *g, int r, const int *reach) {
  int64_t n = 1;
  for (int k = 0; k < r; k++)
    n *= 2 * reach[k] + 1 < g->dims[k] ? 2 * reach[k] + 1 : g->dims[k];
  return n;
}

/* Phases pay where they at least halve the messages of a full neighbourhood: 2 x 2 x 2 processes
 * (7 neighbours, 3 phase partners), 3 x 3 (8, 4), 4 x 4 x 4 (26, 6); not on 2 x 2 (3, 2) or 4 x 2
 * (5, 3), where waiting for one phase after the other costs more than the message saved. A shift
 * wider than a block (a coarse level of a hierarchy on many processes: MG's level of 4 x 4 x 4
 * points on 8 x 8 x 8 processes reads 2 blocks away) counts the blocks within its reach. */
static bool phases_worth(const zrt_xfer_plan *p, const zg_grid *g, int r, int *reach) {
  bool diagonal;
  if (!items_reach(p, g, r, reach, &diagonal) || !diagonal || reach_product(g, r, reach) > ROUTE_MAX)
    return false;
  int64_t direct = 1, phased = 0;
  for (int k = 0; k < r; k++) {
    int n = 2 * reach[k] < g->dims[k] - 1 ? 2 * reach[k] : g->dims[k] - 1;
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
  int me[ZRT_MAX_RANK], reach[ZRT_MAX_RANK];
  if (zrt_g.nprocs == 1 || p->nitems == 0 || !grids || !items_reach(p, &grids[r], r, reach, &diagonal) ||
      reach_product(&grids[r], r, reach) > ZRT_NEAR_MAX || !zg_proc_coords(&grids[r], r, proc, me))
    return -1;
  const zg_grid *g = &grids[r];
  int opts[ZRT_MAX_RANK][ZRT_NEAR_MAX], nopt[ZRT_MAX_RANK], at[ZRT_MAX_RANK] = {0}, n = 0;
  for (int k = 0; k < r; k++)
    nopt[k] = reach_coords(g, k, me[k], reach[k], opts[k]);
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

static int route_pairs(const zg_grid *g, int r, int k, const int *me, const int *reach, bool recv,
                       route_pair *out) {
  /* s: near me before k, me after k (and at k when I send); r: me before k (and at k when I
   * receive), near me after k; at k the free one is near me ("near": within reach) */
  int *opts_s[ZRT_MAX_RANK], ns[ZRT_MAX_RANK], *opts_r[ZRT_MAX_RANK], nr[ZRT_MAX_RANK];
  for (int j = 0; j < r; j++) {
    bool s_free = j < k || (j == k && recv), r_free = j > k || (j == k && !recv);
    opts_s[j] = malloc((size_t)g->dims[j] * sizeof *opts_s[j]);
    opts_r[j] = malloc((size_t)g->dims[j] * sizeof *opts_r[j]);
    if (!opts_s[j] || !opts_r[j])
      zrt_error(0, "out of memory");
    ns[j] = s_free ? reach_coords(g, j, me[j], reach[j], opts_s[j]) : (opts_s[j][0] = me[j], 1);
    nr[j] = r_free ? reach_coords(g, j, me[j], reach[j], opts_r[j]) : (opts_r[j][0] = me[j], 1);
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
  for (int j = 0; j < r; j++) {
    free(opts_s[j]);
    free(opts_r[j]);
  }
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
static void phase_build(const zrt_xfer *x, zrt_xfer_plan *p, const zg_grid *g, int r, int k, const int *me,
                        const int *reach) {
  xfer_phase *ph = &p->phase[k];
  static route_pair pairs[ROUTE_MAX]; /* the candidates of one side: at most reach_product */
  for (int recv = 1; recv >= 0; recv--) {
    int n = route_pairs(g, r, k, me, reach, recv, pairs);
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
  int me[ZRT_MAX_RANK], reach[ZRT_MAX_RANK];
  if (!grids || !phases_worth(p, &grids[r], r, reach) || !zg_proc_coords(&grids[r], r, zrt_g.me, me))
    return;
  for (int k = 0; k < r; k++)
    phase_build(x, p, &grids[r], r, k, me, reach);
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
