/* nine_ref.c (bench) - bench/nine/nine.zpl written by hand in serial C, as a good C programmer
 * would: (n+2) x (n+2) arrays with the boundary inside, the stencil and the max of the change in
 * one loop, then the two arrays exchanged (their boundaries are the same). Each expression is
 * evaluated in the order the ZPL program writes it. Command line as the ZPL program (-sn=,
 * -sdelta=, -siters=); output as the ZPL program's. */
#include <float.h>
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
  int n = 512, iters = 1000;
  double delta = 0.0;
  for (int i = 1; i < argc; i++) {
    if (!strncmp(argv[i], "-sn=", 4)) n = atoi(argv[i] + 4);
    if (!strncmp(argv[i], "-siters=", 8)) iters = atoi(argv[i] + 8);
    if (!strncmp(argv[i], "-sdelta=", 8)) delta = atof(argv[i] + 8);
  }
  long w = n + 2;
  double *a = calloc((size_t)(w * w), sizeof *a), *t = calloc((size_t)(w * w), sizeof *t);
  if (!a || !t) return 1;
  for (long i = 1; i <= n; i++)
    for (long j = 1; j <= n; j++) a[i * w + j] = 0.5;
  for (int j = 1; j <= n; j++) a[(n + 1) * w + j] = t[(n + 1) * w + j] = 1.0;
  double err;
  int it = 0;
  double t0 = now();
  do {
    err = -DBL_MAX;
    for (long i = 1; i <= n; i++)
      for (long j = 1; j <= n; j++) {
        const double *c = &a[i * w + j];
        double v = 0.2 * c[0] + 0.125 * (c[-w] + c[w] + c[1] + c[-1]) + 0.075 * (c[-w - 1] + c[-w + 1] + c[w - 1] + c[w + 1]);
        t[i * w + j] = v;
        double d = fabs(c[0] - v);
        err = d > err ? d : err;
      }
    double *s = a;
    a = t, t = s;
    it += 1;
  } while (!(err < delta || it >= iters));
  double secs = now() - t0;
  double sum = 0;
  for (long i = 1; i <= n; i++)
    for (long j = 1; j <= n; j++) sum += a[i * w + j];
  printf("iterations: %9d \n", it);
  printf("err = %.10e  sum = %.10e\n", err, sum);
  printf("loop seconds: %.6f\n", secs);
  free(a);
  free(t);
  return 0;
}
