/* jacobi_mpi.c (bench) - bench/jacobi/jacobi.zpl written by hand in C with MPI, as a good MPI
 * programmer would, to compare with what azc generates (bench/distributed.sh).
 *
 * - The same 2-D block decomposition as azc: MPI_Dims_create(P, 2), a Cartesian communicator in
 *   row-major rank order (no reordering), rows and columns of 1..n cut into nearly equal blocks
 *   (the first n % p blocks one larger).
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
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Block k of p of the indices 1..n: [*lo, *hi]. */
static void block(int n, int p, int k, int *lo, int *hi) {
  int base = n / p, rem = n % p;
  *lo = 1 + k * base + (k < rem ? k : rem);
  *hi = *lo + base + (k < rem) - 1;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int n = 512, iters = 100;
  for (int i = 1; i < argc; i++) {
    if (!strncmp(argv[i], "-sn=", 4)) n = atoi(argv[i] + 4);
    if (!strncmp(argv[i], "-siters=", 8)) iters = atoi(argv[i] + 8);
  }
  int P, me;
  MPI_Comm_size(MPI_COMM_WORLD, &P);
  int dims[2] = {0, 0}, periods[2] = {0, 0}, coords[2];
  MPI_Dims_create(P, 2, dims);
  MPI_Comm grid;
  MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &grid);
  MPI_Comm_rank(grid, &me);
  MPI_Cart_coords(grid, me, 2, coords);
  int north, south, west, east;
  MPI_Cart_shift(grid, 0, 1, &north, &south);
  MPI_Cart_shift(grid, 1, 1, &west, &east);

  int rlo, rhi, clo, chi;
  block(n, dims[0], coords[0], &rlo, &rhi);
  block(n, dims[1], coords[1], &clo, &chi);
  int nr = rhi - rlo + 1, nc = chi - clo + 1;
  if (nr < 1 || nc < 1) {
    if (me == 0)
      fprintf(stderr, "jacobi_mpi: n = %d is too small for %d x %d processes\n", n, dims[0], dims[1]);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
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
  double t0 = MPI_Wtime();
  for (int it = 0; it < iters; it++) {
    MPI_Request rq[8];
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
    MPI_Allreduce(&e, &err, 1, MPI_DOUBLE, MPI_MAX, grid);
    for (int i = 1; i <= nr; i++)
      memcpy(&a[(size_t)i * w + 1], &t[(size_t)i * w + 1], sizeof(double) * (size_t)nc);
  }
  double secs = MPI_Wtime() - t0, maxsecs;
  MPI_Allreduce(&secs, &maxsecs, 1, MPI_DOUBLE, MPI_MAX, grid);

  double part = 0;
  for (int i = 1; i <= nr; i++)
    for (int j = 1; j <= nc; j++)
      part += a[(size_t)i * w + j];
  double *parts = malloc((size_t)P * sizeof *parts);
  if (!parts)
    MPI_Abort(MPI_COMM_WORLD, 1);
  MPI_Allgather(&part, 1, MPI_DOUBLE, parts, 1, MPI_DOUBLE, grid);
  double sum = parts[0];
  for (int q = 1; q < P; q++)
    sum += parts[q];
  if (me == 0) {
    printf("err = %.10e  sum = %.10e\n", err, sum);
    printf("loop seconds: %.6f\n", maxsecs);
  }
  free(parts);
  free(a);
  free(t);
  MPI_Type_free(&column);
  MPI_Comm_free(&grid);
  MPI_Finalize();
  return 0;
}
