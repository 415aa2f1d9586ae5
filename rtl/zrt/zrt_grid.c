/* zrt_grid.c - process grids and the block distribution of section 11: one grid per array rank
 * (zg_dims_create, the choice of MPI_Dims_create, or --az-grid), the bounding box cut into nearly
 * equal contiguous blocks, and the part of an index range that this process owns (indices outside
 * the box go with the first or last block). The arithmetic is zrt_geom.c's, which azc shares. */
#include "zrt_internal.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static zg_grid grids[ZRT_MAX_RANK + 1];          /* the distribution of rank-r arrays */
static int my_coords[ZRT_MAX_RANK + 1][ZRT_MAX_RANK]; /* this process's position in each */
static zg_bbox boxes[ZRT_MAX_RANK + 1];          /* zrt_bbox_add */
static struct {
  bool set;
  int dims[ZRT_MAX_RANK];
} requests[ZRT_MAX_RANK + 1];                    /* --az-grid */

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
  memset(my_coords, 0, sizeof my_coords);
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
  zg_grid *g = &grids[rank];
  g->set = true;
  memcpy(g->dims, dims, (size_t)rank * sizeof *dims);
  zrt_grid_coords(me, rank, dims, my_coords[rank]);
  memcpy(g->lo, lo, (size_t)rank * sizeof *lo);
  memcpy(g->hi, hi, (size_t)rank * sizeof *hi);
}

void zrt_distribute(int rank, const int64_t *lo, const int64_t *hi) {
  check_rank(rank);
  int dims[ZRT_MAX_RANK] = { 0 };
  if (requests[rank].set)
    memcpy(dims, requests[rank].dims, sizeof dims);
  else
    zg_dims_create(zrt_g.mpi ? zrt_g.nprocs : 1, rank, dims);
  zrt_distribute_as(rank, lo, hi, zrt_g.me, dims);
}

/* The distribution of rank-r arrays; one process and no zrt_distribute means one block. */
static const zg_grid *grid_for(int rank) {
  check_rank(rank);
  zg_grid *g = &grids[rank];
  if (!g->set && zrt_g.nprocs > 1)
    zrt_error(0, "internal error: rank-%d arrays are used before zrt_distribute", rank);
  return g;
}

bool zrt_grid_of(int rank, int *dims, int *coords) {
  if (rank < 1 || rank > ZRT_MAX_RANK || !grids[rank].set)
    return false;
  memcpy(dims, grids[rank].dims, (size_t)rank * sizeof *dims);
  memcpy(coords, my_coords[rank], (size_t)rank * sizeof *coords);
  return true;
}

const zg_grid *zrt_grids_for(int rank) {
  grid_for(rank);
  return grids;
}

bool zrt_block_at(int rank, int dim, int coord, int64_t *blo, int64_t *bhi) {
  return zg_block_at(grid_for(rank), dim, coord, blo, bhi);
}

bool zrt_my_block(int rank, int dim, int64_t *blo, int64_t *bhi) {
  const zg_grid *g = grid_for(rank);
  return zg_block_at(g, dim, g->set ? my_coords[rank][dim] : 0, blo, bhi);
}

bool zrt_my_block_first(int rank, int dim, int64_t *first) {
  int64_t blo, bhi;
  if (!zrt_my_block(rank, dim, &blo, &bhi))
    return false;
  *first = blo == INT64_MIN && grids[rank].set ? grids[rank].lo[dim] : blo;
  return true;
}

bool zrt_proc_coords(int rank, int proc, int *coords) {
  return zg_proc_coords(grid_for(rank), rank, proc, coords);
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
  if (r->rank < 1 || r->rank > ZRT_MAX_RANK)
    return;
  zg_bbox_add(&boxes[r->rank], r);
}

void zrt_distribute_all(void) {
  for (int r = 1; r <= ZRT_MAX_RANK; r++) {
    int64_t lo[ZRT_MAX_RANK], hi[ZRT_MAX_RANK];
    zg_bbox_bounds(&boxes[r], r, lo, hi);
    zrt_distribute(r, lo, hi);
  }
}
