/* calibrate.c (bench/platforms) - this machine's compute rate for SimGrid's smpi/host-speed: the
 * 5-point stencil of jacobi (4 additions and 1 multiplication per point, 5 flops) on a grid that
 * fits the cache, timed with the per-thread CPU clock that SMPI times computation bursts with.
 * Prints the median rate of 7 runs in flop/s. Usage: calibrate [N] (grid side, default 256). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* Thread CPU seconds (what SMPI measures a burst with). */
static double cpu_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  long n = argc > 1 ? strtol(argv[1], NULL, 10) : 256;
  if (n < 8 || n > 4096) {
    fprintf(stderr, "calibrate: the grid side must be between 8 and 4096\n");
    return 1;
  }
  long w = n + 2, sweeps = 200000000 / (n * n) + 1;
  double *a = calloc((size_t)(w * w), sizeof *a), *t = calloc((size_t)(w * w), sizeof *t);
  if (!a || !t)
    return 1;
  for (long j = 0; j < w; j++)
    a[(n + 1) * w + j] = t[(n + 1) * w + j] = 1.0;
  double rates[7];
  for (int r = 0; r < 7; r++) {
    double t0 = cpu_seconds();
    for (long s = 0; s < sweeps; s++) {
      for (long i = 1; i <= n; i++)
        for (long j = 1; j <= n; j++)
          t[i * w + j] = (a[(i - 1) * w + j] + a[(i + 1) * w + j] + a[i * w + j - 1] + a[i * w + j + 1]) * 0.25;
      double *x = a;
      a = t;
      t = x;
    }
    rates[r] = 5.0 * (double)(n * n) * (double)sweeps / (cpu_seconds() - t0);
  }
  qsort(rates, 7, sizeof rates[0], by_value);
  printf("%.4g\n", rates[3] + 0 * a[n / 2 * w + n / 2]);
  free(a);
  free(t);
  return 0;
}
