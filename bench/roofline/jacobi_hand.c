/* jacobi_hand.c (bench, roofline) - bench/jacobi/jacobi.zpl's loop written by hand three ways, for
 * issue 9's first goal in bench/roofline.sh (azc's loop time against the best hand-written one):
 *
 *   -variant=copy  the fused stencil + max loop, then A := Temp as a memcpy per row: what
 *                  bench/jacobi/jacobi_mpi.c does (the default);
 *   -variant=swap  the same loop, but A and Temp exchange their buffers instead of copying (both
 *                  buffers hold the boundary: 0, and 1.0 below the last row);
 *   -variant=simd  swapped, and the max reduction vectorized with `#pragma omp simd
 *                  reduction(max:e)` (build with -fopenmp-simd; no fast-math, so the rounding of
 *                  every value is the ZPL program's).
 *
 * Otherwise as jacobi_mpi.c: azc's 2-D block decomposition (bench/mpi_grid.h), a halo exchange
 * with MPI_Irecv/MPI_Isend, the max combined with MPI_Allreduce every iteration, the final sum in
 * rank order; command line -sn=, -siters=; output as the ZPL program ("err = ...  sum = ..." and
 * "loop seconds: ..."). Build: mpicc -std=gnu11 -O3 -march=native -fopenmp-simd. */
#include <math.h>
#include "../mpi_grid.h"

enum variant { COPY, SWAP, SIMD };

/* The variant named on the command line (-variant=copy|swap|simd), COPY if none. */
static enum variant variant_of(int argc, char **argv) {
  enum variant v = COPY;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "-variant=swap")) v = SWAP;
    else if (!strcmp(argv[i], "-variant=simd")) v = SIMD;
    else if (!strcmp(argv[i], "-variant=copy")) v = COPY;
    else if (!strncmp(argv[i], "-variant=", 9)) {
      fprintf(stderr, "jacobi_hand: unknown %s (copy, swap or simd)\n", argv[i]);
      MPI_Abort(MPI_COMM_WORLD, 2);
    }
  }
  return v;
}

/* Fill a's ghost rows and columns from the four neighbours. */
static void exchange(double *a, const bench_grid *g, int w, MPI_Datatype column) {
  int nr = (int)g->nr, nc = (int)g->nc;
  MPI_Request rq[8];
  MPI_Irecv(&a[0 * w + 1], nc, MPI_DOUBLE, g->north, 1, g->comm, &rq[0]);
  MPI_Irecv(&a[(size_t)(nr + 1) * w + 1], nc, MPI_DOUBLE, g->south, 0, g->comm, &rq[1]);
  MPI_Irecv(&a[1 * w + 0], 1, column, g->west, 3, g->comm, &rq[2]);
  MPI_Irecv(&a[1 * w + nc + 1], 1, column, g->east, 2, g->comm, &rq[3]);
  MPI_Isend(&a[1 * w + 1], nc, MPI_DOUBLE, g->north, 0, g->comm, &rq[4]);
  MPI_Isend(&a[(size_t)nr * w + 1], nc, MPI_DOUBLE, g->south, 1, g->comm, &rq[5]);
  MPI_Isend(&a[1 * w + 1], 1, column, g->west, 2, g->comm, &rq[6]);
  MPI_Isend(&a[1 * w + nc], 1, column, g->east, 3, g->comm, &rq[7]);
  MPI_Waitall(8, rq, MPI_STATUSES_IGNORE);
}

/* Temp := the 4-point average of a; returns max |a - Temp| (a scalar reduction). */
static double sweep(const double *restrict a, double *restrict t, int nr, int nc, int w) {
  double e = 0;
  for (int i = 1; i <= nr; i++)
    for (int j = 1; j <= nc; j++) {
      size_t k = (size_t)i * w + j;
      double v = (a[k - w] + a[k + 1] + a[k - 1] + a[k + w]) / 4.0;
      t[k] = v;
      double d = fabs(a[k] - v);
      if (d > e) e = d;
    }
  return e;
}

/* The same with the row's max reduction vectorized. */
static double sweep_simd(const double *restrict a, double *restrict t, int nr, int nc, int w) {
  double e = 0;
  for (int i = 1; i <= nr; i++) {
    const double *restrict ar = a + (size_t)i * w;
    double *restrict tr = t + (size_t)i * w;
#pragma omp simd reduction(max : e)
    for (int j = 1; j <= nc; j++) {
      double v = (ar[j - w] + ar[j + 1] + ar[j - 1] + ar[j + w]) / 4.0;
      tr[j] = v;
      double d = fabs(ar[j] - v);
      e = d > e ? d : e;
    }
  }
  return e;
}

/* A fresh grid buffer with the boundary of jacobi.zpl: 0, and 1.0 below the last row. */
static double *new_buffer(const bench_grid *g, int w) {
  double *a = calloc((size_t)(g->nr + 2) * (size_t)w, sizeof *a);
  if (!a) MPI_Abort(MPI_COMM_WORLD, 1);
  if (g->south == MPI_PROC_NULL) /* [south of R] A := 1.0 */
    for (int j = 1; j <= g->nc; j++) a[(size_t)(g->nr + 1) * w + j] = 1.0;
  return a;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  enum variant v = variant_of(argc, argv);
  bench_grid g;
  bench_grid_setup(&g, argc, argv, 512, 100, 1, "jacobi_hand");
  int iters = (int)g.iters, nr = (int)g.nr, nc = (int)g.nc;
  int w = nc + 2; /* local (nr + 2) x (nc + 2); local (i, j) is global (rlo - 1 + i, clo - 1 + j) */
  double *a = new_buffer(&g, w), *t = new_buffer(&g, w);
  MPI_Datatype column;
  MPI_Type_vector(nr, 1, w, MPI_DOUBLE, &column);
  MPI_Type_commit(&column);

  double err = 0;
  MPI_Barrier(g.comm);
  double t0 = MPI_Wtime();
  for (int it = 0; it < iters; it++) {
    exchange(a, &g, w, column);
    double e = v == SIMD ? sweep_simd(a, t, nr, nc, w) : sweep(a, t, nr, nc, w);
    MPI_Allreduce(&e, &err, 1, MPI_DOUBLE, MPI_MAX, g.comm);
    if (v == COPY) {
      for (int i = 1; i <= nr; i++) memcpy(&a[(size_t)i * w + 1], &t[(size_t)i * w + 1], sizeof(double) * (size_t)nc);
    } else {
      double *x = a;
      a = t, t = x;
    }
  }
  double secs = MPI_Wtime() - t0, maxsecs;
  MPI_Allreduce(&secs, &maxsecs, 1, MPI_DOUBLE, MPI_MAX, g.comm);

  double part = 0;
  for (int i = 1; i <= nr; i++)
    for (int j = 1; j <= nc; j++) part += a[(size_t)i * w + j];
  double sum = bench_sum_in_rank_order(part, &g);
  if (g.me == 0) {
    printf("err = %.10e  sum = %.10e\n", err, sum);
    printf("loop seconds: %.6f\n", maxsecs);
  }
  free(a);
  free(t);
  MPI_Type_free(&column);
  MPI_Comm_free(&g.comm);
  MPI_Finalize();
  return 0;
}
