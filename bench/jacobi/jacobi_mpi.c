/* jacobi_mpi.c (bench) - bench/jacobi/jacobi.zpl written by hand in C with MPI, as a good MPI
 * programmer would, to compare with what azc generates (bench/distributed.sh).
 *
 * - The same 2-D block decomposition as azc (bench/mpi_grid.h, shared with star_mpi.c).
 * - Each process holds its block plus one ghost row/column on every side; where the block touches
 *   the edge of the grid the ghost cells are the boundary (0, and 1.0 below the last row).
 * - Every iteration: halo exchange with MPI_Irecv/MPI_Isend to the four neighbours (rows are
 *   contiguous, columns go as an MPI_Type_vector), MPI_Waitall, then the stencil and the max of
 *   |A - Temp| in one loop (fused, as azc fuses lines 22 and 23 and as jacobi_ref.c does), the max
 *   combined with MPI_Allreduce, then the copy A := Temp as a separate loop (memcpy per row, as
 *   jacobi_ref.c; azc also runs it as its own loop nest). No overlap of communication and
 *   computation: the same algorithm as the ZPL program.
 * - The final sum: each process sums its block in row-major order and the partial sums are added
 *   in rank order (MPI_Allgather), which is what azc does, so the rounding is the same at every P
 *   (MPI_Allreduce's order of summation is the library's choice).
 * - Command line as jacobi_ref.c (-sn=, -siters=); output as the ZPL program; "loop seconds" is
 *   MPI_Wtime around the iteration loop (after a barrier), the largest over the processes. */
#include <math.h>
#include "../mpi_grid.h"
#include "../smpi_work.h"

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  bench_grid g;
  bench_grid_setup(&g, argc, argv, 512, 100, 1, "jacobi_mpi");
  int iters = (int)g.iters, me = g.me, nr = (int)g.nr, nc = (int)g.nc;
  int north = g.north, south = g.south, west = g.west, east = g.east;
  MPI_Comm grid = g.comm;
  /* local (nr + 2) x (nc + 2); local (i, j) is global (rlo - 1 + i, clo - 1 + j) */
  int w = nc + 2;
  double *restrict a = calloc((size_t)(nr + 2) * (size_t)w, sizeof *a);
  double *restrict t = calloc((size_t)(nr + 2) * (size_t)w, sizeof *t);
  if (!a || !t)
    MPI_Abort(MPI_COMM_WORLD, 1);
  if (south == MPI_PROC_NULL)     /* [south of R] A := 1.0 */
    for (int j = 1; j <= nc; j++)
      a[(size_t)(nr + 1) * w + j] = 1.0;
  MPI_Datatype column;
  MPI_Type_vector(nr, 1, w, MPI_DOUBLE, &column);
  MPI_Type_commit(&column);

  double err = 0;
  MPI_Barrier(grid);
  bench_work_start_loop();
  double t0 = MPI_Wtime();
  for (int it = 0; it < iters; it++) {
    MPI_Request rq[8];
    bench_work_flush();
    MPI_Irecv(&a[0 * w + 1], nc, MPI_DOUBLE, north, 1, grid, &rq[0]);
    MPI_Irecv(&a[(size_t)(nr + 1) * w + 1], nc, MPI_DOUBLE, south, 0, grid, &rq[1]);
    MPI_Irecv(&a[1 * w + 0], 1, column, west, 3, grid, &rq[2]);
    MPI_Irecv(&a[1 * w + nc + 1], 1, column, east, 2, grid, &rq[3]);
    MPI_Isend(&a[1 * w + 1], nc, MPI_DOUBLE, north, 0, grid, &rq[4]);
    MPI_Isend(&a[(size_t)nr * w + 1], nc, MPI_DOUBLE, south, 1, grid, &rq[5]);
    MPI_Isend(&a[1 * w + 1], 1, column, west, 2, grid, &rq[6]);
    MPI_Isend(&a[1 * w + nc], 1, column, east, 3, grid, &rq[7]);
    MPI_Waitall(8, rq, MPI_STATUSES_IGNORE);
    double e = 0;
    for (int i = 1; i <= nr; i++)
      for (int j = 1; j <= nc; j++) {
        size_t k = (size_t)i * w + j;
        double v = (a[k - w] + a[k + 1] + a[k - 1] + a[k + w]) / 4.0;
        t[k] = v;
        double d = fabs(a[k] - v);
        if (d > e)
          e = d;
      }
    bench_work((double)nr * nc);
    bench_work_flush();
    MPI_Allreduce(&e, &err, 1, MPI_DOUBLE, MPI_MAX, grid);
    for (int i = 1; i <= nr; i++)
      memcpy(&a[(size_t)i * w + 1], &t[(size_t)i * w + 1], sizeof(double) * (size_t)nc);
    bench_work((double)nr * nc);
  }
  bench_work_flush();
  double secs = MPI_Wtime() - t0, maxsecs;
  bench_work_end_loop(secs, me);
  MPI_Allreduce(&secs, &maxsecs, 1, MPI_DOUBLE, MPI_MAX, grid);

  double part = 0;
  for (int i = 1; i <= nr; i++)
    for (int j = 1; j <= nc; j++)
      part += a[(size_t)i * w + j];
  double sum = bench_sum_in_rank_order(part, &g);
  if (me == 0) {
    printf("err = %.10e  sum = %.10e\n", err, sum);
    printf("loop seconds: %.6f\n", maxsecs);
  }
  free(a);
  free(t);
  MPI_Type_free(&column);
  MPI_Comm_free(&grid);
  MPI_Finalize();
  return 0;
}
