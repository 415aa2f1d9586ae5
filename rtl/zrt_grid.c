/* zrt_grid.c - process grids and the block distribution of section 11: one grid per array rank
 * (MPI_Dims_create, or --az-grid), the bounding box cut into nearly equal contiguous blocks, and
 * the part of an index range that this process owns (indices outside the box go with the first
 * or last block). */
#include "zrt_internal.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* The distribution of rank-r arrays. */
typedef struct grid {
  bool set;
  int dims[ZRT_MAX_RANK];      /* processes per dimension */
  int coords[ZRT_MAX_RANK];    /* this process's position */
  int64_t lo[ZRT_MAX_RANK], hi[ZRT_MAX_RANK]; /* the bounding box */
} grid;

static grid grids[ZRT_MAX_RANK + 1];
static grid boxes[ZRT_MAX_RANK + 1];     /* zrt_bbox_add: set and lo/hi are used */
static grid requests[ZRT_MAX_RANK + 1];   /* --az-grid: only set and dims are used */

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

bool zrt_parse_grid(const char *text, int *dims, int *r) {
  *r = 0;
  const char *p = text;
  for (;;) {
    if (!isdigit((unsigned char)*p) || *r == ZRT_MAX_RANK)
      return false;
    long v = 0;
    for (; isdigit((unsigned char)*p); p++)
      if ((v = v * 10 + (*p - '0')) > 1000000)
        return false;
    if (v == 0)
      return false;
    dims[(*r)++] = (int)v;
    if (*p == '\0')
      return true;
    if (*p++ != 'x')
      return false;
  }
}

void zrt_grid_request(int r, const int *dims) {
  requests[r].set = true;
  memcpy(requests[r].dims, dims, (size_t)r * sizeof *dims);
}

void zrt_grid_reset(void) {
  memset(grids, 0, sizeof grids);
  memset(requests, 0, sizeof requests);
  memset(boxes, 0, sizeof boxes);
}

/* Stop with an internal error when the generated code passes an impossible rank. */
static void check_rank(int rank) {
  if (rank < 1 || rank > ZRT_MAX_RANK)
    zrt_error(0, "internal error: arrays of rank %d are not supported", rank);
}

void zrt_distribute_as(int rank, const int64_t *lo, const int64_t *hi, int me, const int *dims) {
  check_rank(rank);
  grid *g = &grids[rank];
  g->set = true;
  memcpy(g->dims, dims, (size_t)rank * sizeof *dims);
  zrt_grid_coords(me, rank, dims, g->coords);
  memcpy(g->lo, lo, (size_t)rank * sizeof *lo);
  memcpy(g->hi, hi, (size_t)rank * sizeof *hi);
}

void zrt_distribute(int rank, const int64_t *lo, const int64_t *hi) {
  check_rank(rank);
  int dims[ZRT_MAX_RANK] = { 0 };
  if (requests[rank].set)
    memcpy(dims, requests[rank].dims, sizeof dims);
  else if (zrt_g.mpi)
    MPI_Dims_create(zrt_g.nprocs, rank, dims);
  else
    for (int k = 0; k < rank; k++)
      dims[k] = 1;
  zrt_distribute_as(rank, lo, hi, zrt_g.me, dims);
}

/* The distribution of rank-r arrays; one process and no zrt_distribute means one block. */
static const grid *grid_for(int rank) {
  check_rank(rank);
  grid *g = &grids[rank];
  if (!g->set && zrt_g.nprocs > 1)
    zrt_error(0, "internal error: rank-%d arrays are used before zrt_distribute", rank);
  return g;
}

bool zrt_grid_of(int rank, int *dims, int *coords) {
  if (rank < 1 || rank > ZRT_MAX_RANK || !grids[rank].set)
    return false;
  memcpy(dims, grids[rank].dims, (size_t)rank * sizeof *dims);
  memcpy(coords, grids[rank].coords, (size_t)rank * sizeof *coords);
  return true;
}

/* The block of the process at grid coordinate coord in dimension dim of rank-r arrays, in global
 * indices and open-ended (INT64_MIN / INT64_MAX) where it is the first / last block that owns
 * anything. An empty bounding box is owned entirely by the first block. False if the block owns
 * nothing. */
bool zrt_block_at(int rank, int dim, int coord, int64_t *blo, int64_t *bhi) {
  const grid *g = grid_for(rank);
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

bool zrt_my_block(int rank, int dim, int64_t *blo, int64_t *bhi) {
  const grid *g = grid_for(rank);
  return zrt_block_at(rank, dim, g->set ? g->coords[dim] : 0, blo, bhi);
}

bool zrt_proc_coords(int rank, int proc, int *coords) {
  const grid *g = grid_for(rank);
  if (!g->set) {
    for (int k = 0; k < rank; k++)
      coords[k] = 0;
    return proc == 0;
  }
  zrt_grid_coords(proc, rank, g->dims, coords);
  return true;
}

bool zrt_my_range(int rank, int dim, int64_t lo, int64_t hi, int64_t *mylo, int64_t *myhi) {
  int64_t blo, bhi;
  if (!zrt_my_block(rank, dim, &blo, &bhi)) {
    *mylo = 0;
    *myhi = -1;
    return false;
  }
  *mylo = lo > blo ? lo : blo;
  *myhi = hi < bhi ? hi : bhi;
  return *mylo <= *myhi;
}

#include "zrt_region.h"

void zrt_bbox_add(const zrt_region *r) {
  grid *b = &boxes[r->rank];
  if (r->rank < 1 || r->rank > ZRT_MAX_RANK)
    return;
  for (int k = 0; k < r->rank; k++) {
    if (r->flood >> k & 1)
      continue;
    int64_t lo = r->lo[k], hi = r->hi[k];
    if (lo > hi)
      continue;                 /* an empty dimension adds nothing */
    if (!b->dims[k] || lo < b->lo[k])
      b->lo[k] = lo;
    if (!b->dims[k] || hi > b->hi[k])
      b->hi[k] = hi;
    b->dims[k] = 1;             /* this dimension has a range */
  }
  b->set = true;
}

void zrt_distribute_all(void) {
  for (int r = 1; r <= ZRT_MAX_RANK; r++) {
    int64_t lo[ZRT_MAX_RANK], hi[ZRT_MAX_RANK];
    for (int k = 0; k < r; k++) {
      bool known = boxes[r].set && boxes[r].dims[k];
      lo[k] = known ? boxes[r].lo[k] : 0;
      hi[k] = known ? boxes[r].hi[k] : -1;
    }
    zrt_distribute(r, lo, hi);
  }
}
