/* zrt_watchdog.c - the run's watchdog (LIBSPLIT_WATCHDOG=SECONDS, issue 23): every wait of the
 * runtime, under every binding (the runtime's own waits, zrt_wait_until, and libsplit's through
 * sc_wait_hook), stops the run with a run-time error once it has lasted that long, and the error
 * names the processes that are late rather than the one that waits.
 *
 * Each process of a node stamps its clock into a shared-memory table whenever it shows a sign of
 * life: at the start of a wait and every few dozen polls inside one. A stopped process (SIGSTOP),
 * or one that computes without ever waiting, stops stamping; a process that waits for it keeps
 * stamping. When a wait fires, the processes of the node whose stamp is older than the watchdog
 * time are the late ones. The table is read with plain loads, so a late process need not help. */
#include "zrt_internal.h"
#include "libsplit.h"
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double limit;                  /* seconds; 0: off */
static MPI_Win beat_win = MPI_WIN_NULL;
static volatile double *beats;        /* per process of my node: its last sign of life */
static int *node_rank;                /* the world rank of each process of my node */
static int node_n, node_me;

/* Seconds on the node's monotonic clock (the same clock for every process of a node). */
static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double zrt_watchdog_seconds(void) { return limit; }

void zrt_alive(void) {
  if (beats)
    beats[node_me] = now();
}

/* The late processes of my node, as " 2, 5" (static buffer); "" if none. */
static const char *late_list(double t, int *count) {
  static char buf[512];
  size_t n = 0;
  *count = 0;
  buf[0] = 0;
  for (int i = 0; beats && i < node_n; i++) {
    if (i == node_me || t - beats[i] <= limit)
      continue;
    if (node_rank[i] == 0)
      zrt_error_zero_late();
    int w = snprintf(buf + n, sizeof buf - n, "%s%d", *count ? ", " : "", node_rank[i]);
    if (w < 0 || (size_t)w >= sizeof buf - n) {
      snprintf(buf + n, sizeof buf - n, ", ...");
      break;
    }
    n += (size_t)w;
    (*count)++;
  }
  return buf;
}

/* A wait has lasted waited seconds: stop the run, naming the late processes. */
static _Noreturn void fire(double waited, const char *what) {
  int count;
  const char *late = late_list(now(), &count);
  if (count)
    zrt_error(0, "watchdog: process%s %s showed no sign of life for more than %g s (process %d waited %.1f s in %s; "
              "LIBSPLIT_WATCHDOG=%g)", count == 1 ? "" : "es", late, limit, zrt_g.me, waited, what, limit);
  if (!beats)
    zrt_error(0, "watchdog: process %d waited %.1f s in %s (the late processes cannot be named: the processes share no "
              "memory here; LIBSPLIT_WATCHDOG=%g)", zrt_g.me, waited, what, limit);
  zrt_error(0, "watchdog: process %d waited %.1f s in %s, and every process of its node is waiting too (a deadlock, "
            "or a process on another node is late; LIBSPLIT_WATCHDOG=%g)", zrt_g.me, waited, what, limit);
  abort(); /* not reached: zrt_error does not return */
}

void zrt_watchdog_check(double *start, const char *what) {
  if (!limit)
    return;
  double t = now();
  if (beats)
    beats[node_me] = t;
  if (*start == 0)
    *start = t;
  else if (t - *start > limit)
    fire(t - *start, what);
}

/* libsplit's waits: a sign of life, and the same check. */
static void libsplit_wait(double waited, const char *what) {
  zrt_alive();
  if (limit && waited > limit)
    fire(waited, what);
}

void zrt_watchdog_setup(void) {
  const char *v = getenv("LIBSPLIT_WATCHDOG");
  if (v && *v) {
    char *end;
    errno = 0;
    double s = strtod(v, &end);
    if (errno || end == v || *end || !(s > 0) || !isfinite(s))
      zrt_bad_env("LIBSPLIT_WATCHDOG", "a positive number of seconds", v);
    limit = s;
  }
  if (!limit || !zrt_g.mpi || zrt_g.nprocs == 1)
    return;
  sc_wait_hook = libsplit_wait;
  MPI_Comm node;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
  MPI_Comm_size(node, &node_n);
  MPI_Comm_rank(node, &node_me);
  node_rank = zrt_xmalloc(sizeof(int) * (size_t)node_n);
  MPI_Allgather(&zrt_g.me, 1, MPI_INT, node_rank, 1, MPI_INT, node);
  double *mine;
  /* No shared memory (e.g. mpirun --mca osc pt2pt): the watchdog still fires, without names. */
  MPI_Comm_set_errhandler(node, MPI_ERRORS_RETURN);
  int ok = MPI_Win_allocate_shared(sizeof(double), sizeof(double), MPI_INFO_NULL, node, &mine, &beat_win) == MPI_SUCCESS;
  int all_ok;
  MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, node);
  if (!all_ok) {
    if (ok)
      MPI_Win_free(&beat_win);
    beat_win = MPI_WIN_NULL;
    MPI_Comm_free(&node);
    return;
  }
  MPI_Aint size;
  int unit;
  double *first;
  MPI_Win_shared_query(beat_win, 0, &size, &unit, &first);
  beats = first;
  beats[node_me] = now();
  MPI_Barrier(node);
  MPI_Comm_free(&node);
}

void zrt_watchdog_teardown(void) {
  sc_wait_hook = NULL;
  beats = NULL;
  if (beat_win != MPI_WIN_NULL)
    MPI_Win_free(&beat_win);
  free(node_rank);
  node_rank = NULL;
}
