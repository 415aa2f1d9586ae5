/* star_prk.c (bench, roofline) - the Parallel Research Kernels' Stencil (MPI1 version: star shape,
 * radius 2) written the PRK's way, for issue 9's second goal in bench/roofline.sh: azc's
 * bench/star/star.zpl against it. bench/star/star_mpi.c is the ZPL program by hand (A := B copied
 * every iteration); the PRK kernel instead keeps an input and an output array and never copies:
 *
 *   every iteration: the halo exchange of IN (two rows and two columns each way, no corners),
 *   OUT(i,j) += the 9 weighted points of IN around (i,j) for the points at least 2 away from the
 *   grid's edge, then IN(i,j) += 1 everywhere.
 *
 * The weights are the PRK's: +-1/(2 j R) at distance j = 1, 2 along each axis (R = 2), 0 at the
 * centre; IN(i,j) = i + j at the start (COEFX = COEFY = 1). The PRK counts 2 x 9 + 1 = 19 flops per
 * updated point ("active" points, (n - 4)^2), and checks the L1 norm of OUT over them: iters x
 * (COEFX + COEFY). Decomposition as azc's (bench/mpi_grid.h). Command line -sn=, -siters=; prints
 * "norm = ..." (with "ok" or "WRONG") and "loop seconds: ..." (MPI_Wtime over the iteration loop
 * after a barrier, the largest over the processes; unlike the PRK no untimed first iteration, as
 * in azc's programs). Build: mpicc -std=gnu11 -O3 -march=native. */
#include <math.h>
#include "../mpi_grid.h"

enum { R = 2 };

/* Fill the ghost rows and columns (R wide) of in (local width w) from the four neighbours. */
static void exchange(double *in, const bench_grid *g, long w, MPI_Datatype rows, MPI_Datatype cols) {
  long nr = g->nr, nc = g->nc;
  MPI_Request rq[8];
  MPI_Irecv(&in[0 * w + R], 1, rows, g->north, 1, g->comm, &rq[0]);
  MPI_Irecv(&in[(nr + R) * w + R], 1, rows, g->south, 0, g->comm, &rq[1]);
  MPI_Irecv(&in[R * w + 0], 1, cols, g->west, 3, g->comm, &rq[2]);
  MPI_Irecv(&in[R * w + nc + R], 1, cols, g->east, 2, g->comm, &rq[3]);
  MPI_Isend(&in[R * w + R], 1, rows, g->north, 0, g->comm, &rq[4]);
  MPI_Isend(&in[nr * w + R], 1, rows, g->south, 1, g->comm, &rq[5]);
  MPI_Isend(&in[R * w + R], 1, cols, g->west, 2, g->comm, &rq[6]);
  MPI_Isend(&in[R * w + nc], 1, cols, g->east, 3, g->comm, &rq[7]);
  MPI_Waitall(8, rq, MPI_STATUSES_IGNORE);
}

/* OUT += the star stencil of IN over local rows i0..i1 and columns j0..j1. */
static void apply(const double *restrict in, double *restrict out, long w, long i0, long i1, long j0, long j1) {
  const double w1 = 1.0 / (2 * 1 * R), w2 = 1.0 / (2 * 2 * R);
  for (long i = i0; i <= i1; i++)
    for (long j = j0; j <= j1; j++) {
      const double *p = &in[i * w + j];
      out[i * w + j] += w1 * p[1] - w1 * p[-1] + w2 * p[2] - w2 * p[-2] + w1 * p[w] - w1 * p[-w] + w2 * p[2 * w] -
                        w2 * p[-2 * w];
    }
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  bench_grid g;
  bench_grid_setup(&g, argc, argv, 4000, 10, R, "star_prk");
  long iters = g.iters, nr = g.nr, nc = g.nc, n = g.n;
  long w = nc + 2 * R; /* local (nr + 4) x (nc + 4); local (i, j) is global (rlo - R + i, clo - R + j) */
  double *in = calloc((size_t)((nr + 2 * R) * w), sizeof *in);
  double *out = calloc((size_t)((nr + 2 * R) * w), sizeof *out);
  if (!in || !out) MPI_Abort(MPI_COMM_WORLD, 1);
  for (long i = R; i < nr + R; i++)
    for (long j = R; j < nc + R; j++) in[i * w + j] = (double)(g.rlo - R + i) + (double)(g.clo - R + j);
  /* the active points: global rows and columns R+1 .. n-R (1-based) */
  long i0 = (g.rlo > R + 1 ? g.rlo : R + 1) - g.rlo + R, i1 = (g.rhi < n - R ? g.rhi : n - R) - g.rlo + R;
  long j0 = (g.clo > R + 1 ? g.clo : R + 1) - g.clo + R, j1 = (g.chi < n - R ? g.chi : n - R) - g.clo + R;
  MPI_Datatype rows, cols;
  MPI_Type_vector(R, (int)nc, (int)w, MPI_DOUBLE, &rows);
  MPI_Type_commit(&rows);
  MPI_Type_vector((int)nr, R, (int)w, MPI_DOUBLE, &cols);
  MPI_Type_commit(&cols);

  MPI_Barrier(g.comm);
  double t0 = MPI_Wtime();
  for (long it = 0; it < iters; it++) {
    exchange(in, &g, w, rows, cols);
    apply(in, out, w, i0, i1, j0, j1);
    for (long i = R; i < nr + R; i++)
      for (long j = R; j < nc + R; j++) in[i * w + j] += 1.0;
  }
  double secs = MPI_Wtime() - t0, maxsecs;
  MPI_Allreduce(&secs, &maxsecs, 1, MPI_DOUBLE, MPI_MAX, g.comm);

  double part = 0;
  for (long i = i0; i <= i1; i++)
    for (long j = j0; j <= j1; j++) part += fabs(out[i * w + j]);
  double norm = bench_sum_in_rank_order(part, &g) / (double)((n - 2 * R) * (n - 2 * R));
  if (g.me == 0) {
    double want = (double)iters * 2.0;
    printf("norm = %.10e %s\n", norm, fabs(norm - want) <= 1e-8 * want ? "ok" : "WRONG");
    printf("loop seconds: %.6f\n", maxsecs);
  }
  free(in);
  free(out);
  MPI_Type_free(&rows);
  MPI_Type_free(&cols);
  MPI_Comm_free(&g.comm);
  MPI_Finalize();
  return 0;
}
