/* zrt_timer.c - ResetTimer and CheckTimer (section 8.2): one program timer; every process
 * returns the largest value over all processes. The timer type of section 15.6: ClearTimer,
 * StartTimer, StopTimer and ReadTimer on stopwatches the program holds, on the same clock. */
#include "zrt_internal.h"
#include <time.h>

int zrt_elementwise;

static bool timer_started;
static double timer_start;

/* Seconds on a monotonic clock. */
static double now(void) {
  zrt_work_flush(); /* AZ_SMPI_WORK: the work before this moment is charged first */
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The largest v over all processes. */
static double max_over_processes(double v) {
  if (zrt_g.nprocs == 1 || !zrt_g.mpi || zrt_elementwise > 0)
    return v;
  double max = v;
  if (zrt_collectives_block()) {
    MPI_Allreduce(&v, &max, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    return max;
  }
  MPI_Request rq;
  MPI_Iallreduce(&v, &max, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD, &rq);
  zrt_wait(&rq);
  return max;
}

/* The timer starts again after the collective that gives the last interval's maximum, so that the
 * next interval does not hold it: a collective's end reaches the processes at different times, and
 * on 1024 simulated processes SMPI's default allreduce put 0.35 ms of it into jacobi's 0.5 ms loop. */
double zrt_reset_timer(void) {
  zrt_stats_timer_reset();
  zrt_work_timer_reset();
  double elapsed = timer_started ? now() - timer_start : 0.0;
  double max = max_over_processes(elapsed);
  timer_started = true;
  timer_start = now();
  return max;
}

double zrt_check_timer(void) {
  double elapsed = timer_started ? now() - timer_start : 0.0;
  zrt_stats_timer_check();
  zrt_work_timer_check(elapsed);
  return max_over_processes(elapsed);
}

void zrt_clear_timer(zrt_timer *t) {
  t->total = 0.0;
  t->start = 0.0;
  t->running = 0;
}

/* Every process waits for all the others. */
static void synchronize(void) {
  if (zrt_g.nprocs == 1 || !zrt_g.mpi || zrt_elementwise > 0)
    return;
  MPI_Request rq;
  MPI_Ibarrier(MPI_COMM_WORLD, &rq);
  zrt_wait(&rq);
}

void zrt_start_timer(zrt_timer *t, int64_t sync) {
  if (sync != 0)
    synchronize();
  if (t->running)
    return;
  t->running = 1;
  zrt_work_timer_reset();
  t->start = now();
}

void zrt_stop_timer(zrt_timer *t) {
  if (!t->running)
    return;
  double interval = now() - t->start;
  t->total += interval;
  t->running = 0;
  zrt_work_timer_check(interval);
}

double zrt_read_timer(zrt_timer t, zrt_bool free_timer) {
  double v = t.total + (t.running ? now() - t.start : 0.0);
  return free_timer ? v : max_over_processes(v);
}
