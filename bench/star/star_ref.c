/* star_ref.c (bench) - the same radius-2 star stencil by hand in C: (n+4) x (n+4) arrays with a
 * border of two, the stencil into B, then a copy back. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Seconds on the monotonic clock. */
static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(int argc, char **argv) {
  long n = 4000, iters = 10;
  for (int i = 1; i < argc; i++) {
    if (!strncmp(argv[i], "-sn=", 4)) n = atol(argv[i] + 4);
    if (!strncmp(argv[i], "-siters=", 8)) iters = atol(argv[i] + 8);
  }
  long w = n + 4;
  double *restrict a = calloc((size_t)(w * w), sizeof *a), *restrict b = calloc((size_t)(w * w), sizeof *b);
  for (long i = 1; i <= n; i++)
    for (long j = 1; j <= n; j++) a[(i + 1) * w + j + 1] = (double)i * 0.001 + (double)j * 0.002;
  double t0 = now();
  for (long it = 0; it < iters; it++) {
    for (long i = 2; i < n + 2; i++)
      for (long j = 2; j < n + 2; j++) {
        const double *p = &a[i * w + j];
        b[i * w + j] = 0.5 * p[0] + 0.125 * (p[-w] + p[w] + p[-1] + p[1]) - 0.0625 * (p[-2 * w] + p[2 * w] + p[-2] + p[2]);
      }
    for (long i = 2; i < n + 2; i++) memcpy(&a[i * w + 2], &b[i * w + 2], sizeof(double) * (size_t)n);
  }
  double t = now() - t0;
  double sum = 0;
  for (long i = 2; i < n + 2; i++)
    for (long j = 2; j < n + 2; j++) sum += a[i * w + j];
  printf("sum = %.10e\n", sum);
  printf("loop seconds: %.6f\n", t);
  return 0;
}
