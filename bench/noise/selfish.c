/* selfish.c (bench) - the machine's own noise, measured the way Pakin's selfish-detour benchmark
 * does (seed 002, section 6.1): spin reading the clock for SECONDS (default 1) and count every gap
 * between two readings longer than 5 microseconds as time the process lost to something else.
 * Prints the share of time lost, the number of gaps and the longest one. bench/noise.sh runs one
 * copy per core before and after its measurements. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  double seconds = argc > 1 ? atof(argv[1]) : 1.0;
  if (seconds <= 0 || seconds > 60) {
    fprintf(stderr, "selfish: error: SECONDS must be between 0 and 60, not '%s'\n", argv[1]);
    return 2;
  }
  double start = now(), last = start, lost = 0, longest = 0;
  long gaps = 0;
  for (;;) {
    double t = now();
    double gap = t - last;
    if (gap > 5e-6) {
      lost += gap;
      gaps++;
      if (gap > longest)
        longest = gap;
    }
    last = t;
    if (t - start >= seconds)
      break;
  }
  printf("lost %.1f%% of %.1f s in %ld gaps over 5 us, longest %.2f ms\n", 100 * lost / (last - start), last - start, gaps,
         longest * 1e3);
  return 0;
}
