/* zrt_work.c - the computation at a fixed cost per element under SimGrid SMPI (AZ_SMPI_WORK).
 * SMPI times each burst of computation between two MPI calls on this machine and charges it to the
 * simulated host; with hundreds of simulated processes taking turns on one core, every burst starts
 * with the caches full of the other processes' arrays, so the simulated time says more about this
 * machine than about the program (docs/scaling.md). With AZ_SMPI_WORK=F (flops, a positive number)
 * every loop nest instead costs F flops per element of this process's part of its region
 * (ZRT_WORK, which the generated C calls once per nest), executed on the simulated host (its
 * speed and availability profile apply) at the next runtime call that communicates or reads the
 * clock; the run must not also time the computation (--cfg=smpi/simulate-computation:no).
 * AZ_SMPI_WORK=count only counts: at the end process 0 prints the elements of the last interval
 * timed (ResetTimer to CheckTimer, or a stopwatch's StartTimer to StopTimer), its length, and the F that would charge that interval its
 * length on this host (bench/scale.sh takes F from one process whose computation SMPI timed).
 * Outside SMPI the generated C's ZRT_WORK is nothing and AZ_SMPI_WORK is an error. */
#include "zrt_internal.h"
#include "zrt_region.h"
#include <math.h>
#ifdef SC_SIMULATED
#include <simgrid/host.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef SC_SIMULATED
static double flops_per_element; /* > 0: charge the work; 0: off */
static bool counting;             /* AZ_SMPI_WORK=count */
static double pending;            /* elements not charged yet */
static double total;              /* elements since the start */
static double at_reset, timed;    /* total at the last ResetTimer or StartTimer; elements of the last interval */
static double timed_seconds;      /* the last interval's length on this process */

void zrt_work(const zrt_region *r) {
  if (flops_per_element <= 0 && !counting)
    return;
  double n = 1;
  for (int k = 0; k < r->rank; k++)
    n *= (double)zrt_region_count(r, k);
  pending += n;
  total += n;
}

void zrt_work_flush(void) {
  if (pending > 0 && flops_per_element > 0)
    smpi_execute_flops(pending * flops_per_element);
  pending = 0;
}

void zrt_work_timer_reset(void) { at_reset = total; }

void zrt_work_timer_check(double seconds) {
  timed = total - at_reset;
  timed_seconds = seconds;
}
#endif

const char *zrt_work_setup(void) {
  const char *v = getenv("AZ_SMPI_WORK");
  if (!v || !*v)
    return NULL;
#ifdef SC_SIMULATED
  if (!strcmp(v, "count")) {
    counting = true;
    return NULL;
  }
  char *end;
  double f = strtod(v, &end);
  if (*end == 0 && end != v && isfinite(f) && f > 0) {
    flops_per_element = f;
    return NULL;
  }
  return "AZ_SMPI_WORK must be a positive number of flops per element or 'count'";
#else
  return "AZ_SMPI_WORK works only under SimGrid SMPI (azc --mpi=smpi; docs/scaling.md)";
#endif
}

void zrt_work_report(FILE *out) {
#ifdef SC_SIMULATED
  if (counting && zrt_g.me == 0) {
    double speed = sg_host_get_speed(sg_host_self());
    fprintf(out, "AZ_SMPI_WORK: %.0f elements in %.9f s timed (%.0f in all), host speed %g flop/s: %.6g flops per element\n",
            timed, timed_seconds, total, speed, timed > 0 ? timed_seconds * speed / timed : 0.0);
  }
#else
  (void)out;
#endif
}
