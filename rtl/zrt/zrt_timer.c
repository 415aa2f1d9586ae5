/* zrt_timer.c - ResetTimer and CheckTimer (section 8.2): one program timer; every process
 * returns the largest value over all processes. */
#include "zrt_internal.h"
#include <time.h>

static bool timer_started;
static double timer_start;

/* Seconds on a monotonic clock. */
static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The largest v over all processes. */
static double max_over_processes(double v) {
  if (zrt_g.nprocs == 1 || !zrt_g.mpi)
    return v;
  double max = v;
  MPI_Request rq;
  MPI_Iallreduce(&v, &max, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD, &rq);
  zrt_wait(&rq);
  return max;
}

double zrt_reset_timer(void) {
  zrt_stats_timer_reset();
  double t = now();
  double elapsed = timer_started ? t - timer_start : 0.0;
  timer_started = true;
  timer_start = t;
  return max_over_processes(elapsed);
}

double zrt_check_timer(void) {
  double elapsed = timer_started ? now() - timer_start : 0.0;
  zrt_stats_timer_check();
  return max_over_processes(elapsed);
}
