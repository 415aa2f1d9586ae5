/* jacobi_ref.c (bench) - the same Jacobi iteration written by hand in C, as a good C programmer
 * would: (n+2) x (n+2) arrays with the boundary inside, fused stencil and max, then a copy. */
#include <math.h>
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
  int n = 512, iters = 100;
  for (int i = 1; i < argc; i++) {
    if (!strncmp(argv[i], "-sn=", 4)) n = atoi(argv[i] + 4);
    if (!strncmp(argv[i], "-siters=", 8)) iters = atoi(argv[i] + 8);
  }
  int w = n + 2;
  double *restrict a = calloc((size_t)w * w, sizeof *a), *restrict t = calloc((size_t)w * w, sizeof *t);
  for (int j = 1; j <= n; j++) a[(n + 1) * w + j] = 1.0;
  double err = 0;
  double t0 = now();
  for (int it = 0; it < iters; it++) {
    err = 0;
    for (int i = 1; i <= n; i++)
      for (int j = 1; j <= n; j++) {
        double v = (a[(i - 1) * w + j] + a[i * w + j + 1] + a[i * w + j - 1] + a[(i + 1) * w + j]) / 4.0;
        t[i * w + j] = v;
        double d = fabs(a[i * w + j] - v);
        if (d > err) err = d;
      }
    for (int i = 1; i <= n; i++) memcpy(&a[i * w + 1], &t[i * w + 1], sizeof(double) * (size_t)n);
  }
  double secs = now() - t0;
  double sum = 0;
  for (int i = 1; i <= n; i++)
    for (int j = 1; j <= n; j++) sum += a[i * w + j];
  printf("err = %.10e  sum = %.10e\n", err, sum);
  printf("loop seconds: %.6f\n", secs);
  return 0;
}
