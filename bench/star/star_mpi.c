/* star_mpi.c (bench) - bench/star/star.zpl (radius-2 star stencil) written by hand in C with MPI,
 * as a good MPI programmer would, to compare with what azc generates (bench/distributed.sh).
 *
 * - The same 2-D block decomposition as azc (bench/mpi_grid.h, shared with jacobi_mpi.c). Every
 *   block needs at least two rows and two columns.
 * - Each process holds its block plus two ghost rows/columns on every side (zero where the block
 *   touches the edge of the grid: the border of A).
 * - Every iteration: halo exchange with MPI_Irecv/MPI_Isend to the four neighbours (two rows and
 *   two columns each way, both as MPI_Type_vector; the star needs no corners), MPI_Waitall, the
 *   stencil into B, then the copy A := B as a separate loop (memcpy per row, as star_ref.c and as
 *   azc's own loop nest). No overlap of communication and computation: the same algorithm as
 *   the ZPL program.
 * - The final sum: each process sums its block in row-major order and the partial sums are added
 *   in rank order (MPI_Allgather), which is what azc does, so the rounding is the same at every P.
 * - Command line as star_ref.c (-sn=, -siters=); output as the ZPL program; "loop seconds" is
 *   MPI_Wtime around the iteration loop (after a barrier), the largest over the processes. */
#include "../mpi_grid.h"

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  bench_grid g;
  bench_grid_setup(&g, argc, argv, 4000, 10, 2, "star_mpi");
  long iters = g.iters, nr = g.nr, nc = g.nc, rlo = g.rlo, clo = g.clo;
  int me = g.me, north = g.north, south = g.south, west = g.west, east = g.east;
  MPI_Comm grid = g.comm;
  /* local (nr + 4) x (nc + 4); local (i, j) is global (rlo - 2 + i, clo - 2 + j) */
  long w = nc + 4;
  double *restrict a = calloc((size_t)((nr + 4) * w), sizeof *a);
  double *restrict b = calloc((size_t)((nr + 4) * w), sizeof *b);
  if (!a || !b)
    MPI_Abort(MPI_COMM_WORLD, 1);
  for (long i = 2; i < nr + 2; i++)
    for (long j = 2; j < nc + 2; j++)
      a[i * w + j] = (double)(rlo - 2 + i) * 0.001 + (double)(clo - 2 + j) * 0.002;
  MPI_Datatype rows, columns;
  MPI_Type_vector(2, (int)nc, (int)w, MPI_DOUBLE, &rows);
  MPI_Type_commit(&rows);
  MPI_Type_vector((int)nr, 2, (int)w, MPI_DOUBLE, &columns);
  MPI_Type_commit(&columns);

  MPI_Barrier(grid);
  double t0 = MPI_Wtime();
  for (long it = 0; it < iters; it++) {
    MPI_Request rq[8];
    MPI_Irecv(&a[0 * w + 2], 1, rows, north, 1, grid, &rq[0]);
    MPI_Irecv(&a[(nr + 2) * w + 2], 1, rows, south, 0, grid, &rq[1]);
    MPI_Irecv(&a[2 * w + 0], 1, columns, west, 3, grid, &rq[2]);
    MPI_Irecv(&a[2 * w + nc + 2], 1, columns, east, 2, grid, &rq[3]);
    MPI_Isend(&a[2 * w + 2], 1, rows, north, 0, grid, &rq[4]);
    MPI_Isend(&a[nr * w + 2], 1, rows, south, 1, grid, &rq[5]);
    MPI_Isend(&a[2 * w + 2], 1, columns, west, 2, grid, &rq[6]);
    MPI_Isend(&a[2 * w + nc], 1, columns, east, 3, grid, &rq[7]);
    MPI_Waitall(8, rq, MPI_STATUSES_IGNORE);
    for (long i = 2; i < nr + 2; i++)
      for (long j = 2; j < nc + 2; j++) {
        const double *p = &a[i * w + j];
        b[i * w + j] = 0.5 * p[0] + 0.125 * (p[-w] + p[w] + p[-1] + p[1]) - 0.0625 * (p[-2 * w] + p[2 * w] + p[-2] + p[2]);
      }
    for (long i = 2; i < nr + 2; i++)
      memcpy(&a[i * w + 2], &b[i * w + 2], sizeof(double) * (size_t)nc);
  }
  double secs = MPI_Wtime() - t0, maxsecs;
  MPI_Allreduce(&secs, &maxsecs, 1, MPI_DOUBLE, MPI_MAX, grid);

  double part = 0;
  for (long i = 2; i < nr + 2; i++)
    for (long j = 2; j < nc + 2; j++)
      part += a[i * w + j];
  double sum = bench_sum_in_rank_order(part, &g);
  if (me == 0) {
    printf("sum = %.10e\n", sum);
    printf("loop seconds: %.6f\n", maxsecs);
  }
  free(a);
  free(b);
  MPI_Type_free(&rows);
  MPI_Type_free(&columns);
  MPI_Comm_free(&grid);
  MPI_Finalize();
  return 0;
}
