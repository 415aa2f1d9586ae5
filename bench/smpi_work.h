/* smpi_work.h (bench) - the hand-written MPI references' side of AZ_SMPI_WORK (rtl/zrt/zrt_work.c):
 * under SimGrid SMPI (smpicc) with AZ_SMPI_WORK=F, each loop nest of n elements costs F flops per
 * element on the simulated host, charged at the next MPI call (bench_work_flush) instead of the
 * time this machine takes with the other simulated processes' arrays in its caches; with
 * AZ_SMPI_WORK=count process 0 prints at the end the elements of the timed loop and the F that
 * charges them the loop's own time (bench/scale.sh measures F on one process, as for azc's
 * programs). Outside SMPI every call is nothing. Include it once, in the program's main file. */
#ifndef BENCH_SMPI_WORK_H
#define BENCH_SMPI_WORK_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef SMPI_HELPERS_H
#include <simgrid/host.h>
static double bench_work_flops = -1; /* < 0: AZ_SMPI_WORK not read yet; 0: off */
static int bench_work_counting;
static double bench_work_pending, bench_work_total, bench_work_start;
static void bench_work_setup(void) {
  const char *v = getenv("AZ_SMPI_WORK");
  bench_work_flops = 0;
  if (v && !strcmp(v, "count"))
    bench_work_counting = 1;
  else if (v && *v)
    bench_work_flops = atof(v);
}
/* n more elements of work */
static inline void bench_work(double n) {
  if (bench_work_flops < 0)
    bench_work_setup();
  bench_work_pending += n;
  bench_work_total += n;
}
/* charge the work so far (before an MPI call that communicates or reads the clock) */
static inline void bench_work_flush(void) {
  if (bench_work_flops > 0 && bench_work_pending > 0)
    smpi_execute_flops(bench_work_pending * bench_work_flops);
  bench_work_pending = 0;
}
/* the timed loop starts: its elements are counted from here */
static inline void bench_work_start_loop(void) {
  bench_work_flush();
  bench_work_start = bench_work_total;
}
/* the timed loop took seconds on this process (process me): report F (AZ_SMPI_WORK=count) */
static inline void bench_work_end_loop(double seconds, int me) {
  double n = bench_work_total - bench_work_start;
  if (bench_work_counting && me == 0) {
    double speed = sg_host_get_speed(sg_host_self());
    fprintf(stderr, "AZ_SMPI_WORK: %.0f elements in %.9f s timed (%.0f in all), host speed %g flop/s: %.6g flops per element\n",
            n, seconds, bench_work_total, speed, n > 0 ? seconds * speed / n : 0.0);
  }
}
#else
static inline void bench_work(double n) { (void)n; }
static inline void bench_work_flush(void) {}
static inline void bench_work_start_loop(void) {}
static inline void bench_work_end_loop(double seconds, int me) { (void)seconds; (void)me; }
#endif
#endif
