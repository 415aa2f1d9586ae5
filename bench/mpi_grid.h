/* mpi_grid.h (bench) - what the hand-written MPI reference programs share: the command line
 * (-sn=, -siters=) and azc's 2-D block decomposition: MPI_Dims_create(P, 2), a Cartesian
 * communicator in row-major rank order (no reordering), rows and columns of 1..n cut into nearly
 * equal blocks (the first n % p blocks one larger). */
#ifndef BENCH_MPI_GRID_H
#define BENCH_MPI_GRID_H
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct bench_grid {
  long n, iters;                  /* the problem size and the iteration count */
  MPI_Comm comm;                  /* the Cartesian communicator */
  int me, dims[2], coords[2];
  int north, south, west, east;   /* neighbours (MPI_PROC_NULL at the edges) */
  long rlo, rhi, clo, chi;        /* this process's block of rows and columns */
  long nr, nc;                    /* its extents */
} bench_grid;

/* Block k of p of the indices 1..n: [*lo, *hi]. */
static inline void bench_block(long n, int p, int k, long *lo, long *hi) {
  long base = n / p, rem = n % p;
  *lo = 1 + k * base + (k < rem ? k : rem);
  *hi = *lo + base + (k < rem) - 1;
}

/* After MPI_Init: read the command line (defaults n, iters), build the grid and this process's
 * block; stop the job when a block has fewer than min_extent rows or columns. */
static inline void bench_grid_setup(bench_grid *g, int argc, char **argv, long n, long iters, long min_extent,
                                    const char *name) {
  g->n = n;
  g->iters = iters;
  for (int i = 1; i < argc; i++) {
    if (!strncmp(argv[i], "-sn=", 4)) g->n = atol(argv[i] + 4);
    if (!strncmp(argv[i], "-siters=", 8)) g->iters = atol(argv[i] + 8);
  }
  int P, periods[2] = {0, 0};
  MPI_Comm_size(MPI_COMM_WORLD, &P);
  g->dims[0] = g->dims[1] = 0;
  MPI_Dims_create(P, 2, g->dims);
  MPI_Cart_create(MPI_COMM_WORLD, 2, g->dims, periods, 0, &g->comm);
  MPI_Comm_rank(g->comm, &g->me);
  MPI_Cart_coords(g->comm, g->me, 2, g->coords);
  MPI_Cart_shift(g->comm, 0, 1, &g->north, &g->south);
  MPI_Cart_shift(g->comm, 1, 1, &g->west, &g->east);
  bench_block(g->n, g->dims[0], g->coords[0], &g->rlo, &g->rhi);
  bench_block(g->n, g->dims[1], g->coords[1], &g->clo, &g->chi);
  g->nr = g->rhi - g->rlo + 1;
  g->nc = g->chi - g->clo + 1;
  if (g->nr < min_extent || g->nc < min_extent) {
    if (g->me == 0)
      fprintf(stderr, "%s: n = %ld is too small for %d x %d processes\n", name, g->n, g->dims[0], g->dims[1]);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
}

/* The sum of every process's part, added in rank order (as azc combines reductions), so the
 * rounding is the same at every process count. */
static inline double bench_sum_in_rank_order(double part, const bench_grid *g) {
  int P = g->dims[0] * g->dims[1];
  double *parts = malloc((size_t)P * sizeof *parts);
  if (!parts)
    MPI_Abort(MPI_COMM_WORLD, 1);
  MPI_Allgather(&part, 1, MPI_DOUBLE, parts, 1, MPI_DOUBLE, g->comm);
  double sum = parts[0];
  for (int q = 1; q < P; q++)
    sum += parts[q];
  free(parts);
  return sum;
}
#endif
