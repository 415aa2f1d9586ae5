/* cg_mpi.c (bench) - bench/cg/cg.zpl (conjugate gradient on the 2-D 5-point Laplacian) written by
 * hand in C with MPI, as a good MPI programmer would, to compare with what azc generates
 * (bench/noise.sh).
 *
 * - The same 2-D block decomposition as azc (bench/mpi_grid.h, shared with jacobi_mpi.c).
 * - x, r and q are the block alone; p has one ghost row/column on every side, zero where the block
 *   touches the edge of the grid (the Dirichlet boundary, p's border in the ZPL program).
 * - Every iteration: halo exchange of p with MPI_Irecv/MPI_Isend to the four neighbours (rows are
 *   contiguous, columns go as an MPI_Type_vector), MPI_Waitall; q := A p and p.q in one loop; the
 *   first dot product; x += alpha p; r -= alpha q and r.r in one loop; the second dot product;
 *   p := r + beta p. The loops are those of azc's code (it fuses each dot product with the
 *   statement before it and runs the x and p updates as their own loop nests); each expression
 *   is evaluated in the order the ZPL program writes it. No overlap of communication and
 *   computation: the same algorithm as the ZPL program.
 * - The dot products and the final sum: each process sums its block in row-major order and the
 *   partial sums are added in rank order (MPI_Allgather, bench_sum_in_rank_order), which is what
 *   azc does, so the rounding is the same as azc's at every P (MPI_Allreduce's order of summation
 *   is the library's choice). Compile without contracting a * b + c into fused multiply-adds, as
 *   azc compiles its C: -O2 without -march does not contract on x86-64; with -march=native add
 *   -ffp-contract=off.
 * - Command line as jacobi_mpi.c (-sn=, -siters=); output as the ZPL program; "loop seconds" is
 *   MPI_Wtime around the iteration loop (after a barrier), the largest over the processes.
 * - Under SimGrid SMPI each loop nest reports its points to bench/smpi_work.h (bench_work), charged
 *   before the next MPI call (bench_work_flush): AZ_SMPI_WORK=F gives each point F flops, as
 *   azc's ZRT_WORK does for cg.zpl's nests (bench/scale.sh). */
#include "../mpi_grid.h"
#include "../smpi_work.h"

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  bench_grid g;
  bench_grid_setup(&g, argc, argv, 256, 100, 1, "cg_mpi");
  long iters = g.iters, nr = g.nr, nc = g.nc;
  int me = g.me, north = g.north, south = g.south, west = g.west, east = g.east;
  MPI_Comm grid = g.comm;
  /* p: local (nr + 2) x (nc + 2), local (i, j) is global (rlo - 1 + i, clo - 1 + j);
   * x, r, q: local nr x nc, local (i, j) is global (rlo + i, clo + j) */
  long w = nc + 2;
  double *restrict p = calloc((size_t)((nr + 2) * w), sizeof *p);
  double *restrict x = calloc((size_t)(nr * nc), sizeof *x);
  double *restrict r = calloc((size_t)(nr * nc), sizeof *r);
  double *restrict q = calloc((size_t)(nr * nc), sizeof *q);
  if (!p || !x || !r || !q)
    MPI_Abort(MPI_COMM_WORLD, 1);
  MPI_Datatype column;
  MPI_Type_vector((int)nr, 1, (int)w, MPI_DOUBLE, &column);
  MPI_Type_commit(&column);

  /* x = 0, r = b - A x = b = 1, p = r, rr = r.r */
  double part = 0;
  for (long i = 0; i < nr; i++)
    for (long j = 0; j < nc; j++) {
      r[i * nc + j] = 1.0;
      p[(i + 1) * w + j + 1] = r[i * nc + j];
      part += r[i * nc + j] * r[i * nc + j];
    }
  bench_work((double)nr * nc);
  bench_work_flush();
  double rr = bench_sum_in_rank_order(part, &g);

  MPI_Barrier(grid);
  bench_work_start_loop();
  double t0 = MPI_Wtime();
  for (long it = 0; it < iters; it++) {
    MPI_Request rq[8];
    bench_work_flush();
    MPI_Irecv(&p[0 * w + 1], (int)nc, MPI_DOUBLE, north, 1, grid, &rq[0]);
    MPI_Irecv(&p[(nr + 1) * w + 1], (int)nc, MPI_DOUBLE, south, 0, grid, &rq[1]);
    MPI_Irecv(&p[1 * w + 0], 1, column, west, 3, grid, &rq[2]);
    MPI_Irecv(&p[1 * w + nc + 1], 1, column, east, 2, grid, &rq[3]);
    MPI_Isend(&p[1 * w + 1], (int)nc, MPI_DOUBLE, north, 0, grid, &rq[4]);
    MPI_Isend(&p[nr * w + 1], (int)nc, MPI_DOUBLE, south, 1, grid, &rq[5]);
    MPI_Isend(&p[1 * w + 1], 1, column, west, 2, grid, &rq[6]);
    MPI_Isend(&p[1 * w + nc], 1, column, east, 3, grid, &rq[7]);
    MPI_Waitall(8, rq, MPI_STATUSES_IGNORE);
    /* q := A p; pq := p.q */
    part = 0;
    for (long i = 0; i < nr; i++)
      for (long j = 0; j < nc; j++) {
        const double *pk = &p[(i + 1) * w + j + 1];
        double v = 4.0 * pk[0] - (pk[-w] + pk[w] + pk[1] + pk[-1]);
        q[i * nc + j] = v;
        part += pk[0] * v;
      }
    bench_work((double)nr * nc);
    bench_work_flush();
    double pq = bench_sum_in_rank_order(part, &g);
    double alpha = rr / pq;
    for (long i = 0; i < nr; i++)
      for (long j = 0; j < nc; j++)
        x[i * nc + j] = x[i * nc + j] + alpha * p[(i + 1) * w + j + 1];
    bench_work((double)nr * nc);
    /* r := r - alpha q; rr_new := r.r */
    part = 0;
    for (long k = 0; k < nr * nc; k++) {
      double v = r[k] - alpha * q[k];
      r[k] = v;
      part += v * v;
    }
    bench_work((double)nr * nc);
    bench_work_flush();
    double rr_new = bench_sum_in_rank_order(part, &g);
    double beta = rr_new / rr;
    rr = rr_new;
    for (long i = 0; i < nr; i++)
      for (long j = 0; j < nc; j++)
        p[(i + 1) * w + j + 1] = r[i * nc + j] + beta * p[(i + 1) * w + j + 1];
    bench_work((double)nr * nc);
  }
  bench_work_flush();
  double secs = MPI_Wtime() - t0, maxsecs;
  bench_work_end_loop(secs, me);
  MPI_Allreduce(&secs, &maxsecs, 1, MPI_DOUBLE, MPI_MAX, grid);

  part = 0;
  for (long k = 0; k < nr * nc; k++)
    part += x[k];
  double sum = bench_sum_in_rank_order(part, &g);
  if (me == 0) {
    printf("rr = %.10e  sum = %.10e\n", rr, sum);
    printf("loop seconds: %.6f\n", maxsecs);
  }
  free(p);
  free(x);
  free(r);
  free(q);
  MPI_Type_free(&column);
  MPI_Comm_free(&grid);
  MPI_Finalize();
  return 0;
}
