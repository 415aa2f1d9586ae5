/* zrt_geom.c - the pure geometry of distributed arrays and their communication (zrt_geom.h): grids,
 * blocks, bounding boxes, the boxes of a transfer per pair of processes, the rounds of a gather.
 * No MPI and no allocation: the runtime and azc call the same functions. */
#include "zrt_geom.h"
#include <string.h>

/* ---- process grids and blocks ---- */

/* The prime factors of n (>= 2) in increasing order, with multiplicity; returns their number. */
static int prime_factors(int n, int *f) {
  int k = 0;
  for (int d = 2; (int64_t)d * d <= n; d += d == 2 ? 1 : 2)
    while (n % d == 0) {
      f[k++] = d;
      n /= d;
    }
  if (n > 1)
    f[k++] = n;
  return k;
}

void zg_dims_create(int nprocs, int rank, int *dims) {
  for (int k = 0; k < rank; k++)
    dims[k] = 1;
  int f[32];
  int nf = nprocs > 1 ? prime_factors(nprocs, f) : 0;
  for (int j = nf - 1; j >= 0; j--) { /* the largest factor first, to the smallest dimension */
    int min = 0;
    for (int k = 1; k < rank; k++)
      if (dims[k] < dims[min])
        min = k;
    dims[min] *= f[j];
  }
  for (int i = 0; i < rank - 1; i++) /* decreasing order */
    for (int j = i + 1; j < rank; j++)
      if (dims[j] > dims[i]) {
        int t = dims[i];
        dims[i] = dims[j];
        dims[j] = t;
      }
}

void zrt_block_of(int64_t n, int p, int k, int64_t *lo, int64_t *hi) {
  if (n <= 0 || p <= 0 || k < 0 || k >= p) {
    *lo = 0;
    *hi = -1;
    return;
  }
  int64_t base = n / p, rem = n % p;
  *lo = (int64_t)k * base + (k < rem ? k : rem);
  *hi = *lo + base + (k < rem) - 1;
}

void zrt_grid_coords(int id, int r, const int *dims, int *coords) {
  for (int k = r - 1; k >= 0; k--) {
    coords[k] = id % dims[k];
    id /= dims[k];
  }
}

bool zg_block_at(const zg_grid *g, int dim, int coord, int64_t *blo, int64_t *bhi) {
  if (!g->set) {
    *blo = INT64_MIN;
    *bhi = INT64_MAX;
    return coord == 0;
  }
  int p = g->dims[dim];
  int64_t n = g->hi[dim] - g->lo[dim] + 1;
  int64_t owners = n <= 0 ? 1 : n < p ? n : p;   /* blocks that own something */
  if (coord >= owners)
    return false;
  int64_t s = 0, e = 0;
  zrt_block_of(n, p, coord, &s, &e);
  *blo = coord == 0 ? INT64_MIN : g->lo[dim] + s;
  *bhi = coord == owners - 1 ? INT64_MAX : g->lo[dim] + e;
  return true;
}

bool zg_proc_coords(const zg_grid *g, int rank, int proc, int *coords) {
  if (!g->set) {
    for (int k = 0; k < rank; k++)
      coords[k] = 0;
    return proc == 0;
  }
  zrt_grid_coords(proc, rank, g->dims, coords);
  return true;
}

/* ---- bounding boxes ---- */

void zg_bbox_add(zg_bbox *b, const zrt_region *r) {
  for (int k = 0; k < r->rank; k++) {
    if (r->flood >> k & 1)
      continue;
    int64_t lo = r->lo[k], hi = r->hi[k];
    if (lo > hi)
      continue;                 /* an empty dimension adds nothing */
    if (!b->has[k] || lo < b->lo[k])
      b->lo[k] = lo;
    if (!b->has[k] || hi > b->hi[k])
      b->hi[k] = hi;
    b->has[k] = true;
  }
}

void zg_bbox_bounds(const zg_bbox *b, int rank, int64_t *lo, int64_t *hi) {
  for (int k = 0; k < rank; k++) {
    lo[k] = b->has[k] ? b->lo[k] : 0;
    hi[k] = b->has[k] ? b->hi[k] : -1;
  }
}

/* ---- boxes ---- */

static bool box_empty(const zg_box *b, int rank) {
  for (int k = 0; k < rank; k++)
    if (b->lo[k] > b->hi[k])
      return true;
  return false;
}

static zg_box box_intersect(const zg_box *a, const zg_box *b, int rank) {
  zg_box r = {{0}, {0}};
  for (int k = 0; k < rank; k++) {
    r.lo[k] = a->lo[k] > b->lo[k] ? a->lo[k] : b->lo[k];
    r.hi[k] = a->hi[k] < b->hi[k] ? a->hi[k] : b->hi[k];
  }
  return r;
}

/* The bounding box of a and b. */
static zg_box box_hull(const zg_box *a, const zg_box *b, int rank) {
  zg_box r = {{0}, {0}};
  for (int k = 0; k < rank; k++) {
    r.lo[k] = a->lo[k] < b->lo[k] ? a->lo[k] : b->lo[k];
    r.hi[k] = a->hi[k] > b->hi[k] ? a->hi[k] : b->hi[k];
  }
  return r;
}

/* The elements of array a in box b: the indices of its strides only (section 15.3). */
size_t zg_box_count(const zg_box *b, const zrt_array *a) {
  size_t n = 1;
  for (int k = 0; k < a->rank; k++)
    n *= (size_t)zrt_array_count(a, k, b->lo[k], b->hi[k]);
  return n;
}

/* ---- ghost-cell transfers ---- */

/* The part of array a that process proc owns: its block clipped to a's storage region (flood
 * dimensions: the single index 0). False if it owns nothing. */
static bool owned_box(const zg_grid *grids, const zrt_array *a, int proc, zg_box *b) {
  const zg_grid *g = &grids[a->rank];
  int coords[ZRT_MAX_RANK];
  if (!zg_proc_coords(g, a->rank, proc, coords))
    return false;
  for (int k = 0; k < a->rank; k++) {
    if (a->flood >> k & 1) {
      b->lo[k] = b->hi[k] = 0;
      continue;
    }
    int64_t blo, bhi;
    if (!zg_block_at(g, k, coords[k], &blo, &bhi))
      return false;
    b->lo[k] = a->slo[k] > blo ? a->slo[k] : blo;
    b->hi[k] = a->shi[k] < bhi ? a->shi[k] : bhi;
  }
  return !box_empty(b, a->rank);
}

/* What process proc reads of item it over region c: (c ∩ its block) shifted by d, as a box (the
 * bounding box of a strided region). Flood dimensions read index 0. Where c lies inside the
 * array's storage region (every transfer but those of views, zrt_ghost_view), c ∩ its block is c
 * ∩ its part of the array. */
static bool needed_box(const zg_grid *grids, const zrt_region *c0, const zg_item *it, int proc, zg_box *b) {
  const zrt_array *a = it->a;
  zrt_region moved = zrt_region_at(*c0, it->move), *c = &moved;
  zg_box own;
  int coords[ZRT_MAX_RANK];
  if (!zg_proc_coords(&grids[a->rank], a->rank, proc, coords))
    return false;
  for (int k = 0; k < a->rank; k++)
    if (!(a->flood >> k & 1) && !zg_block_at(&grids[a->rank], k, coords[k], &own.lo[k], &own.hi[k]))
      return false;
  for (int k = 0; k < a->rank; k++) {
    if ((a->flood >> k & 1) || (c->flood >> k & 1)) {
      b->lo[k] = b->hi[k] = 0;
      continue;
    }
    /* c's first and last index in the part (of a strided c: indices of its stride) */
    int64_t first = zrt_region_first(c, k, c->lo[k] > own.lo[k] ? c->lo[k] : own.lo[k]), last = zrt_region_last(c, k);
    int64_t hi = last < own.hi[k] ? last : own.hi[k], lo = first;
    if (hi < last)
      hi -= (((hi - c->align[k]) % c->stride[k]) + c->stride[k]) % c->stride[k];
    if (lo > hi)
      return false;
    b->lo[k] = lo + it->d[k];
    b->hi[k] = hi + it->d[k];
  }
  return true;
}

/* True if boxes i and j of pe have the same offset. */
static bool same_off(const zg_pair *pe, int i, int j, int rank) {
  for (int k = 0; k < rank; k++)
    if (pe->off[i][k] != pe->off[j][k])
      return false;
  return true;
}

/* Remove box j of pe. */
static void drop_box(zg_pair *pe, int j) {
  int after = pe->nboxes - j - 1;
  memmove(&pe->boxes[j], &pe->boxes[j + 1], (size_t)after * sizeof *pe->boxes);
  memmove(&pe->item[j], &pe->item[j + 1], (size_t)after * sizeof *pe->item);
  memmove(&pe->off[j], &pe->off[j + 1], (size_t)after * sizeof *pe->off);
  pe->nboxes--;
}

/* Send overlapping boxes of one array once: the boxes a peer exchanges for several directions of
 * the same array (A@north, A@ne and A@nw all need the row above) become their bounding box when
 * that box is no larger than the two together and both are read at the same offset. The hull lies
 * inside the sender's block and the receiver's allocation, as the boxes do. */
static void merge_boxes(const zg_item *items, zg_pair *pe) {
  bool merged = true;
  while (merged) {
    merged = false;
    for (int i = 0; i < pe->nboxes && !merged; i++)
      for (int j = i + 1; j < pe->nboxes && !merged; j++) {
        const zrt_array *a = items[pe->item[i]].a;
        if (items[pe->item[j]].a != a || !same_off(pe, i, j, a->rank))
          continue;
        zg_box h = box_hull(&pe->boxes[i], &pe->boxes[j], a->rank);
        size_t ni = zg_box_count(&pe->boxes[i], a), nj = zg_box_count(&pe->boxes[j], a), nh = zg_box_count(&h, a);
        if (nh > ni + nj)
          continue;
        pe->bytes = pe->bytes - (ni + nj) * a->elem + nh * a->elem;
        pe->boxes[i] = h;
        drop_box(pe, j);
        merged = true;
      }
  }
}

/* Append box b of item i, read at offset off (NULL: none). */
static void add_part(zg_pair *out, int i, const zg_box *b, const int64_t *off, const zrt_array *a) {
  if (zg_box_count(b, a) == 0) /* only between strided indices */
    return;
  if (out->nboxes == ZG_MAX_BOXES) {
    out->overflow = true;
    return;
  }
  out->item[out->nboxes] = i;
  out->boxes[out->nboxes] = *b;
  for (int k = 0; k < ZRT_MAX_RANK; k++)
    out->off[out->nboxes][k] = off && k < a->rank ? off[k] : 0;
  out->nboxes++;
  out->bytes += zg_box_count(b, a) * a->elem;
}

/* The most pieces a wrapped dimension's ghost cells are cut into (extents smaller than the shift
 * wrap more than once). */
#define MAX_PIECES 24

/* The pieces of [lo, hi] in dimension k of wrap-around item it: piece p holds [plo[p], phi[p]],
 * whose values are those of [plo[p] + t[p], phi[p] + t[p]] inside the declared region (t[p] a
 * multiple of its extent). Flood dimensions and unshifted ones are one piece. Returns the count. */
static int wrap_pieces(const zrt_array *a, int k, int64_t lo, int64_t hi, int64_t *plo, int64_t *phi, int64_t *t) {
  int64_t dlo = a->dlo[k], n = a->dhi[k] - a->dlo[k] + 1;
  if ((a->flood >> k & 1) || n <= 0 || (lo >= dlo && hi <= a->dhi[k])) {
    plo[0] = lo, phi[0] = hi, t[0] = 0;
    return 1;
  }
  int np = 0;
  int64_t m = lo - dlo >= 0 ? (lo - dlo) / n : -((dlo - lo + n - 1) / n); /* the period lo lies in */
  for (int64_t at = lo; at <= hi && np < MAX_PIECES; m++) {
    int64_t end = dlo + (m + 1) * n - 1 < hi ? dlo + (m + 1) * n - 1 : hi;
    plo[np] = at, phi[np] = end, t[np++] = -m * n;
    at = end + 1;
  }
  return np;
}

/* The parts of wrap-around item i (needed box need of dst) that src owns (own), with their offsets:
 * every combination of the dimensions' pieces. */
static void wrap_parts(const zg_item *it, int i, const zg_box *need, const zg_box *own, bool self, zg_pair *out) {
  const zrt_array *a = it->a;
  int r = a->rank, np[ZRT_MAX_RANK], at[ZRT_MAX_RANK] = {0};
  int64_t plo[ZRT_MAX_RANK][MAX_PIECES], phi[ZRT_MAX_RANK][MAX_PIECES], t[ZRT_MAX_RANK][MAX_PIECES];
  for (int k = 0; k < r; k++)
    np[k] = wrap_pieces(a, k, need->lo[k], need->hi[k], plo[k], phi[k], t[k]);
  for (;;) {
    zg_box src = {{0}, {0}}, part = {{0}, {0}};
    int64_t off[ZRT_MAX_RANK] = {0};
    bool moved = false, empty = false;
    for (int k = 0; k < r; k++) {
      off[k] = t[k][at[k]];
      moved |= off[k] != 0;
      src.lo[k] = (plo[k][at[k]] + off[k]) > own->lo[k] ? plo[k][at[k]] + off[k] : own->lo[k];
      src.hi[k] = (phi[k][at[k]] + off[k]) < own->hi[k] ? phi[k][at[k]] + off[k] : own->hi[k];
      empty |= src.lo[k] > src.hi[k];
      part.lo[k] = src.lo[k] - off[k];
      part.hi[k] = src.hi[k] - off[k];
    }
    if (!empty && (moved || !self))
      add_part(out, i, &part, off, a);
    int k = r - 1;
    while (k >= 0 && ++at[k] == np[k])
      at[k--] = 0;
    if (k < 0)
      return;
  }
}

void zg_pair_boxes(const zg_grid *grids, const zrt_region *c, const zg_item *items, int n, int src, int dst,
                   zg_pair *out) {
  out->nboxes = 0;
  out->bytes = 0;
  out->overflow = false;
  for (int i = 0; i < n && i < ZG_MAX_ITEMS; i++) {
    const zrt_array *a = items[i].a;
    zg_box need, own;
    if (src == dst && !items[i].wrap)
      continue;
    if (!needed_box(grids, c, &items[i], dst, &need) || !owned_box(grids, a, src, &own))
      continue;
    if (items[i].wrap) {
      wrap_parts(&items[i], i, &need, &own, src == dst, out);
      continue;
    }
    zg_box part = box_intersect(&need, &own, a->rank);
    if (!box_empty(&part, a->rank))
      add_part(out, i, &part, NULL, a);
  }
  merge_boxes(items, out);
}

/* ---- gathers ---- */

/* The largest power of two not above P (P >= 1). */
static int pow2_floor(int P) {
  int p2 = 1;
  while (p2 <= P / 2) p2 *= 2;
  return p2;
}

static int log2_of(int p2) {
  int k = 0;
  while ((1 << k) < p2) k++;
  return k;
}

int zg_gather_steps(int P, zg_gather_alg alg) {
  if (P <= 1) return 0;
  if (alg == ZG_FLAT) return 1;
  if (alg == ZG_TREE) {
    int p2 = pow2_floor(P);
    return log2_of(p2) + (P > p2 ? 2 : 0);
  }
  int steps = 0;
  for (int dist = 1; dist < P; dist *= 2) steps++;
  return steps;
}

/* Step s of a tree (see ZG_TREE): at most one message. */
static int tree_step(int P, int me, int s, size_t n, zg_gather_msg *msgs) {
  int p2 = pow2_floor(P), extra = P > p2, last = zg_gather_steps(P, ZG_TREE) - 1;
  int from = -1, to = -1;
  if (extra && s == 0) { /* the processes beyond p2 hand in their parts */
    if (me >= p2) to = me - p2;
    else if (me < P - p2) from = me + p2;
  } else if (extra && s == last) { /* and get the result back */
    if (me < P - p2) to = me + p2;
    else if (me >= p2) from = me - p2;
  } else if (me < p2) { /* doubling: exchange with the partner 2^k away */
    from = to = me ^ (1 << (s - extra));
  }
  if (from < 0 && to < 0) return 0;
  msgs[0] = (zg_gather_msg){from, to, n, n};
  return 1;
}

bool zg_tree_takes_result(int P, int me, int s) {
  int p2 = pow2_floor(P);
  return P > p2 && me >= p2 && s == zg_gather_steps(P, ZG_TREE) - 1;
}

int zg_gather_step(int P, int me, zg_gather_alg alg, int s, size_t n, zg_gather_msg *msgs) {
  if (alg == ZG_TREE) return tree_step(P, me, s, n, msgs);
  if (alg == ZG_FLAT) { /* block k comes straight from process me + k */
    for (int k = 1; k < P; k++)
      msgs[k - 1] = (zg_gather_msg){(me + k) % P, (me - k + P) % P, (size_t)k * n, n};
    return P - 1;
  }
  int dist = 1 << s; /* the first min(dist, P - dist) blocks go to me - dist */
  int cnt = dist < P - dist ? dist : P - dist;
  msgs[0] = (zg_gather_msg){(me + dist) % P, (me - dist + P) % P, (size_t)dist * n, (size_t)cnt * n};
  return 1;
}

/* ---- compact storage of strided arrays ---- */

/* The inverse of odd m modulo 2^64 (Newton's iteration doubles the correct bits each step). */
static uint64_t odd_inverse(uint64_t m) {
  uint64_t x = m; /* correct to 3 bits: m * m == 1 (mod 8) */
  for (int i = 0; i < 5; i++)
    x *= 2 - m * x;
  return x;
}

void zrt_array_set_steps(zrt_array *a, int rank, const zrt_region *decl) {
  for (int k = 0; k < ZRT_MAX_RANK; k++) {
    int64_t s = decl && k < rank && k < decl->rank && !((decl->flood | a->flood) >> k & 1) && decl->stride[k] > 1
                    ? decl->stride[k] : 1;
    a->step[k] = s;
    a->phase[k] = s > 1 ? ((decl->align[k] % s) + s) % s : 0;
    int shift = 0;
    while (!(s >> shift & 1))
      shift++;
    a->shift[k] = shift;
    a->inv[k] = odd_inverse((uint64_t)(s >> shift));
  }
}
