/* zrt_noise.c - injected noise for measuring how well a program tolerates a late process
 * (AZ_NOISE=RANKS:PERIOD_US:DURATION_US; Pakin's detours, seed 002 section 6.1). The chosen
 * processes lose the CPU for DURATION_US microseconds (they sleep: descheduled, as by the
 * operating system or an interrupt) about every PERIOD_US microseconds: a one-shot timer whose
 * interval is drawn uniformly from [PERIOD/2, 3 PERIOD/2], with a generator seeded by the rank so
 * that runs repeat and processes are independent. The detour lands wherever the process is,
 * computing or waiting; one that lands in a wait costs nothing, which is the point. Off by
 * default: nothing is installed then. */
#include "zrt_internal.h"
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static timer_t timer;
static bool active;
static long period_us, duration_us;
static unsigned long long rng;        /* xorshift state */
static volatile sig_atomic_t detours; /* detours taken */

static unsigned long long next_random(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}

/* Arm the timer for the next detour. */
static void arm(void) {
  long us = period_us / 2 + (long)(next_random() % (unsigned long long)(period_us + 1));
  struct itimerspec when = {{0, 0}, {us / 1000000, (us % 1000000) * 1000}};
  timer_settime(timer, 0, &when, NULL);
}

/* The detour: sleep DURATION_US (resumed after other signals), then arm the next one. */
static void detour(int sig) {
  (void)sig;
  int saved = errno;
  struct timespec left = {duration_us / 1000000, (duration_us % 1000000) * 1000};
  while (nanosleep(&left, &left) != 0 && errno == EINTR)
    ;
  detours++;
  arm();
  errno = saved;
}

/* Parse a decimal number > 0 from *s up to the next ':' or the end; NULL if malformed. */
static const char *number(const char *s, long *v) {
  char *end;
  errno = 0;
  long x = strtol(s, &end, 10);
  if (end == s || errno != 0 || x <= 0 || x > 100000000 || (*end != ':' && *end != '\0'))
    return NULL;
  *v = x;
  return end;
}

/* RANKS:PERIOD_US:DURATION_US; *rank gets RANKS (-1: all). */
static bool parse(const char *v, long *rank) {
  const char *s = v + 3;
  if (strncmp(v, "all:", 4) == 0)
    *rank = -1;
  else {
    char *end;
    errno = 0;
    *rank = strtol(v, &end, 10);
    if (end == v || *end != ':' || *rank < 0 || errno != 0)
      return false;
    s = end;
  }
  s = number(s + 1, &period_us);
  if (!s || *s != ':')
    return false;
  s = number(s + 1, &duration_us);
  return s && *s == '\0' && duration_us < period_us;
}

const char *zrt_noise_setup(void) {
  const char *v = getenv("AZ_NOISE");
  if (!v || !*v)
    return NULL;
  long rank;
  if (!parse(v, &rank))
    return zrt_aprintf("AZ_NOISE must be RANKS:PERIOD_US:DURATION_US (RANKS a process number or 'all', "
                       "0 < DURATION_US < PERIOD_US), not '%s'", v);
  if (rank >= zrt_g.nprocs)
    return zrt_aprintf("AZ_NOISE names process %ld, but the run has %d process%s", rank, zrt_g.nprocs,
                       zrt_g.nprocs == 1 ? "" : "es");
  if (rank >= 0 && rank != zrt_g.me)
    return NULL;
  rng = 0x9e3779b97f4a7c15ULL * (unsigned long long)(zrt_g.me + 1);
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = detour;
  sa.sa_flags = SA_RESTART;
  sigemptyset(&sa.sa_mask);
  struct sigevent ev;
  memset(&ev, 0, sizeof ev);
  ev.sigev_notify = SIGEV_SIGNAL;
  ev.sigev_signo = SIGRTMIN + 3;
  if (sigaction(SIGRTMIN + 3, &sa, NULL) != 0 || timer_create(CLOCK_MONOTONIC, &ev, &timer) != 0)
    return zrt_aprintf("AZ_NOISE: cannot set up a timer: %s", strerror(errno));
  active = true;
  arm();
  return NULL;
}

void zrt_noise_stop(void) {
  if (!active)
    return;
  timer_delete(timer);
  active = false;
}

void zrt_noise_stats_print(FILE *out) {
  const char *v = getenv("AZ_NOISE");
  if (!v || !*v)
    return;
  int P = zrt_g.nprocs;
  long mine = (long)detours, *all = calloc((size_t)P, sizeof *all);
  if (!all)
    zrt_error(0, "out of memory");
  if (P > 1 && zrt_g.mpi) {
    MPI_Request rq;
    MPI_Igather(&mine, 1, MPI_LONG, all, 1, MPI_LONG, 0, MPI_COMM_WORLD, &rq);
    zrt_wait(&rq);
  } else
    all[0] = mine;
  if (zrt_g.me == 0) {
    fprintf(out, "AZ_NOISE: %s: detours of %ld us per process:", v, duration_us);
    for (int p = 0; p < P; p++)
      fprintf(out, " %d:%ld", p, all[p]);
    fputc('\n', out);
  }
  free(all);
}
