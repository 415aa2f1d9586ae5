/* zrt_noise.c - injected noise for measuring how well a program tolerates a late process
 * (AZ_NOISE=RANKS:PERIOD_US:DURATION_US; Pakin's detours, seed 002 section 6.1). The chosen
 * processes lose the CPU for DURATION_US microseconds (they sleep: descheduled, as by the
 * operating system or an interrupt) about every PERIOD_US microseconds: a one-shot timer whose
 * interval is drawn uniformly from [PERIOD/2, 3 PERIOD/2], with a generator seeded by the rank so
 * that runs repeat and processes are independent. The detour lands wherever the process is,
 * computing or waiting; one that lands in a wait costs nothing, which is the point. Off by
 * default: nothing is installed then. No MPI: bench/noise/preload.c puts the same detours into the
 * hand-written MPI reference programs. */
#include "zrt_noise.h"
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
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

const char *zrt_noise_start(const char *spec, int me, int nprocs) {
  static char why[256];
  if (!spec || !*spec)
    return NULL;
  long rank;
  if (!parse(spec, &rank)) {
    snprintf(why, sizeof why, "AZ_NOISE must be RANKS:PERIOD_US:DURATION_US (RANKS a process number or 'all', "
                              "0 < DURATION_US < PERIOD_US), not '%s'", spec);
    return why;
  }
  if (rank >= nprocs) {
    snprintf(why, sizeof why, "AZ_NOISE names process %ld, but the run has %d process%s", rank, nprocs,
             nprocs == 1 ? "" : "es");
    return why;
  }
#ifdef SC_SIMULATED
  /* A timer signal would interrupt the simulator, not a simulated process, in real time. */
  snprintf(why, sizeof why, "AZ_NOISE does not run under SimGrid SMPI: give the hosts a speed or availability "
                            "profile in the platform instead (docs/scaling.md)");
  return why;
#endif
  if (rank >= 0 && rank != me)
    return NULL;
  rng = 0x9e3779b97f4a7c15ULL * (unsigned long long)(me + 1);
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = detour;
  sa.sa_flags = SA_RESTART;
  sigemptyset(&sa.sa_mask);
  struct sigevent ev;
  memset(&ev, 0, sizeof ev);
  ev.sigev_notify = SIGEV_SIGNAL;
  ev.sigev_signo = SIGRTMIN + 3;
  if (sigaction(SIGRTMIN + 3, &sa, NULL) != 0 || timer_create(CLOCK_MONOTONIC, &ev, &timer) != 0) {
    snprintf(why, sizeof why, "AZ_NOISE: cannot set up a timer: %s", strerror(errno));
    return why;
  }
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

long zrt_noise_detours(void) { return (long)detours; }
long zrt_noise_duration_us(void) { return duration_us; }
