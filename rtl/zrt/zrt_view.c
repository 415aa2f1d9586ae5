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

/* The ghost cells (in indices) the shifts dirs of a under c need in dimension k: below the block
 * and above it (*flo, *fhi), and beyond the storage region (*wlo, *whi, wrap-around only). */
static void needed(const zrt_array *a, const zrt_region *c, bool wrap, int n, const int64_t *dirs, int k, int64_t *flo,
                   int64_t *fhi, int64_t *wlo, int64_t *whi) {
  *flo = *fhi = *wlo = *whi = 0;
  int64_t first = zrt_region_first(c, k, c->lo[k]), last = zrt_region_last(c, k);
  for (int i = 0; i < n; i++) {
    int64_t d = dirs[i * a->rank + k];
    if (-d > *flo) *flo = -d;
    if (d > *fhi) *fhi = d;
    if (wrap && a->slo[k] - (first + d) > *wlo) *wlo = a->slo[k] - (first + d);
    if (wrap && last + d - a->shi[k] > *whi) *whi = last + d - a->shi[k];
  }
}

/* True if a's ghost cells serve the shifts in dimension k, which need flo, fhi, wlo and whi
 * (needed): wide enough, and no border storage where a wrap-around shift leaves the declared
 * region (its wrapped values go beyond it). */
static bool serves(const zrt_array *a, const zrt_region *c, bool wrap, int n, const int64_t *dirs, int k, int64_t flo,
                   int64_t fhi, int64_t wlo, int64_t whi) {
  if (flo > a->fluff_lo[k] || fhi > a->fluff_hi[k] || wlo > a->wrap_lo[k] || whi > a->wrap_hi[k]) return false;
  if (!wrap) return true;
  int64_t first = zrt_region_first(c, k, c->lo[k]), last = zrt_region_last(c, k);
  bool border_lo = a->slo[k] < zrt_array_first(a, k, a->dlo[k]), border_hi = a->shi[k] > zrt_array_last(a, k, a->dhi[k]);
  for (int i = 0; i < n; i++) {
    int64_t d = dirs[i * a->rank + k];
    if ((first + d < a->dlo[k] && border_lo) || (last + d > a->dhi[k] && border_hi)) return false;
  }
  return true;
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

zrt_array *zrt_ghost_view_moved(zrt_array *a, const zrt_region *c, bool wrap, int n, const int64_t *dirs,
                                const int64_t *moves, zrt_array *tmp, int line) {
  memset(tmp, 0, sizeof *tmp);
  if (!a->allocated || c->rank != a->rank) return a;
  for (int k = 0; k < c->rank; k++)
    if (!(c->flood >> k & 1) && zrt_region_count(c, k) == 0) return a; /* nothing is read */
  bool fits = true;
  int64_t flo[ZRT_MAX_RANK] = {0}, fhi[ZRT_MAX_RANK] = {0}, wlo[ZRT_MAX_RANK] = {0}, whi[ZRT_MAX_RANK] = {0};
  for (int i = 0; i < n; i++) { /* each shift under its own region: c, or c moved */
    zrt_region ci = moves ? zrt_region_at(*c, moves + (size_t)i * (size_t)a->rank) : *c;
    const int64_t *d = dirs + (size_t)i * (size_t)a->rank;
    for (int k = 0; k < a->rank; k++) {
      if ((a->flood | c->flood) >> k & 1) continue;
      int64_t l, h, wl, wh;
      needed(a, &ci, wrap, 1, d, k, &l, &h, &wl, &wh);
      fits = fits && serves(a, &ci, wrap, 1, d, k, l, h, wl, wh);
      flo[k] = l > flo[k] ? l : flo[k], fhi[k] = h > fhi[k] ? h : fhi[k];
      wlo[k] = wl > wlo[k] ? wl : wlo[k], whi[k] = wh > whi[k] ? wh : whi[k];
    }
  }
  if (fits) return a;
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
