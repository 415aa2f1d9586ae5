/* zrt_view.c - ghost views: the array whose ghost cells serve the shifts of an array by directions
 * known only at run time (direction constants, section 15.1: U@^dir110[k]). The array itself when
 * the ghost cells it was allocated with hold every index the shifts read, else a copy of its
 * values with ghost cells wide enough. The decision depends only on what every process knows
 * alike (the region, the directions, the ghost cells asked for at allocation), so all processes
 * describe their transfers over arrays of the same shape. */
#include "zrt_internal.h"
#include "zrt_region.h"
#include <stdlib.h>
#include <string.h>

/* Dimension k of a and of the region its shifts are read under: the region's first and last index
 * there, and whether a's storage holds border cells below or above its declared region. */
typedef struct view_dim {
  int64_t first, last;
  bool border_lo, border_hi;
} view_dim;

static view_dim view_dim_of(const zrt_array *a, const zrt_region *c, int k) {
  view_dim v = {zrt_region_first(c, k, c->lo[k]), zrt_region_last(c, k),
                a->slo[k] < zrt_array_first(a, k, a->dlo[k]), a->shi[k] > zrt_array_last(a, k, a->dhi[k])};
  return v;
}

/* The ghost cells (in indices) the shift d of a under the region of v needs in dimension k: below
 * the block and above it (*flo, *fhi), and beyond the storage region (*wlo, *whi, wrap-around
 * only). True if a's ghost cells serve it: wide enough, and no border storage where a wrap-around
 * shift leaves the declared region (its wrapped values go beyond it). */
static bool shift_served(const zrt_array *a, const view_dim *v, bool wrap, int64_t d, int k, int64_t *flo,
                         int64_t *fhi, int64_t *wlo, int64_t *whi) {
  *flo = d < 0 ? -d : 0;
  *fhi = d > 0 ? d : 0;
  *wlo = wrap && a->slo[k] - (v->first + d) > 0 ? a->slo[k] - (v->first + d) : 0;
  *whi = wrap && v->last + d - a->shi[k] > 0 ? v->last + d - a->shi[k] : 0;
  if (*flo > a->fluff_lo[k] || *fhi > a->fluff_hi[k] || *wlo > a->wrap_lo[k] || *whi > a->wrap_hi[k]) return false;
  return !wrap || !((v->first + d < a->dlo[k] && v->border_lo) || (v->last + d > a->dhi[k] && v->border_hi));
}

/* Copy every cell a holds into b, which holds at least as many around the same indices. */
static void copy_cells(zrt_array *b, const zrt_array *a) {
  int64_t lo[ZRT_MAX_RANK], hi[ZRT_MAX_RANK];
  for (int k = 0; k < a->rank; k++) {
    if (a->lo[k] > a->hi[k]) return;
    bool flood = a->flood >> k & 1; /* one cell, any index */
    lo[k] = flood ? 0 : a->lo[k];
    hi[k] = flood ? 0 : a->hi[k];
  }
  zrt_copy_box_from(b, a, lo, hi);
}

zrt_array *zrt_ghost_view(zrt_array *a, const zrt_region *c, bool wrap, int n, const int64_t *dirs, zrt_array *tmp,
                          int line) {
  return zrt_ghost_view_moved(a, c, wrap, n, dirs, NULL, tmp, line);
}

/* The views that needed no copy are remembered (zrt_memo.c): a statement asks the same of the same
 * array at every call (MG's operators: some 24 views a V-cycle, each of 20-26 shifts in three
 * dimensions), and the answer depends only on the array's shape and ghost cells, the region and the
 * shifts: fit_head and the shifts are the key. */
static zrt_memo *fits_seen;

enum { FIT_HEAD = 6 + 14 * ZRT_MAX_RANK };

/* The key's head: what a view's answer depends on besides the shifts. */
static int fit_head(const zrt_array *a, const zrt_region *c, bool wrap, int n, bool moved, int64_t *h) {
  int m = 0;
  h[m++] = n, h[m++] = wrap, h[m++] = moved, h[m++] = a->rank, h[m++] = a->flood, h[m++] = c->flood;
  for (int k = 0; k < a->rank; k++) {
    h[m++] = a->slo[k], h[m++] = a->shi[k], h[m++] = a->dlo[k], h[m++] = a->dhi[k];
    h[m++] = a->step[k], h[m++] = a->phase[k], h[m++] = a->fluff_lo[k], h[m++] = a->fluff_hi[k];
    h[m++] = a->wrap_lo[k], h[m++] = a->wrap_hi[k];
    h[m++] = c->lo[k], h[m++] = c->hi[k], h[m++] = c->stride[k], h[m++] = c->align[k];
  }
  return m;
}

zrt_array *zrt_ghost_view_moved(zrt_array *a, const zrt_region *c, bool wrap, int n, const int64_t *dirs,
                                const int64_t *moves, zrt_array *tmp, int line) {
  memset(tmp, 0, sizeof *tmp);
  if (!a->allocated || c->rank != a->rank) return a;
  int64_t head[FIT_HEAD];
  int nd = n * a->rank;
  const zrt_memo_part key[3] = {{head, fit_head(a, c, wrap, n, moves != NULL, head)}, {dirs, nd}, {moves, moves ? nd : 0}};
  if (zrt_memo_knows(&fits_seen, key, 3)) return a;
  for (int k = 0; k < c->rank; k++)
    if (!(c->flood >> k & 1) && zrt_region_count(c, k) == 0) return a; /* nothing is read */
  bool fits = true;
  int64_t flo[ZRT_MAX_RANK] = {0}, fhi[ZRT_MAX_RANK] = {0}, wlo[ZRT_MAX_RANK] = {0}, whi[ZRT_MAX_RANK] = {0};
  for (int k = 0; k < a->rank; k++) {
    if ((a->flood | c->flood) >> k & 1) continue;
    const view_dim vc = view_dim_of(a, c, k);
    /* a dimension's answer depends only on the shift's offset and move there, and a statement's
     * shifts repeat few of them (MG's 20: -1, 0 and 1): each pair is looked at once */
    enum { KEPT = 8 };
    int64_t seen_d[KEPT], seen_m[KEPT];
    int nseen = 0;
    for (int i = 0; i < n; i++) { /* each shift under its own region: c, or c moved */
      int64_t d = dirs[(size_t)i * (size_t)a->rank + k], m = moves ? moves[(size_t)i * (size_t)a->rank + k] : 0;
      bool seen = false;
      for (int j = 0; j < nseen && !seen; j++) seen = seen_d[j] == d && seen_m[j] == m;
      if (seen) continue;
      if (nseen < KEPT) seen_d[nseen] = d, seen_m[nseen++] = m;
      view_dim v = vc;
      v.first += m, v.last += m; /* c moved by m: its indices move by m */
      int64_t l, h, wl, wh;
      fits = shift_served(a, &v, wrap, d, k, &l, &h, &wl, &wh) && fits;
      flo[k] = l > flo[k] ? l : flo[k], fhi[k] = h > fhi[k] ? h : fhi[k];
      wlo[k] = wl > wlo[k] ? wl : wlo[k], whi[k] = wh > whi[k] ? wh : whi[k];
    }
  }
  if (fits) {
    zrt_memo_learn(&fits_seen, key, 3);
    return a;
  }
  zrt_region decl = {a->rank, {0}, {0}, {1, 1, 1, 1, 1, 1}, {0}, a->flood};
  for (int k = 0; k < a->rank; k++) {
    decl.lo[k] = a->dlo[k], decl.hi[k] = a->dhi[k], decl.stride[k] = a->step[k], decl.align[k] = a->phase[k];
    /* what the copy needs, at least what a has (its own shifts by constants read those) */
    flo[k] = flo[k] > a->fluff_lo[k] ? flo[k] : a->fluff_lo[k];
    fhi[k] = fhi[k] > a->fluff_hi[k] ? fhi[k] : a->fluff_hi[k];
    wlo[k] = wlo[k] > a->wrap_lo[k] ? wlo[k] : a->wrap_lo[k];
    whi[k] = whi[k] > a->wrap_hi[k] ? whi[k] : a->wrap_hi[k];
  }
  memcpy(tmp->dlo, a->dlo, sizeof a->dlo);
  memcpy(tmp->dhi, a->dhi, sizeof a->dhi);
  memcpy(tmp->slo, a->slo, sizeof a->slo);
  memcpy(tmp->shi, a->shi, sizeof a->shi);
  zrt_array_alloc_wide(tmp, a->rank, a->elem, a->slo, a->shi, a->flood, flo, fhi, wlo, whi, &decl, line);
  copy_cells(tmp, a);
  return tmp;
}

void zrt_ghost_view_end(zrt_array *view, zrt_array *tmp) {
  if (view == tmp) zrt_array_free(tmp);
}
