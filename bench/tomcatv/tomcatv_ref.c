/* tomcatv_ref.c (bench) - samples/tomcatv.zpl (Thompson's mesh generation, TOMCATV) written by hand
 * in serial C, as a good C programmer would, for the flag matrix of bench/flags.sh: n x n arrays
 * (row-major, rows contiguous), the coefficients and residuals of every interior point in one loop
 * with the differences in local variables, the two max reductions in the same loop, then the
 * tridiagonal solve down the columns a row at a time and the corrections. Every formula is
 * evaluated in the order the ZPL program writes it, so that (compiled without contraction into
 * fused multiply-adds) every printed digit agrees. Command line as the ZPL program (-sn=,
 * -siters=, -sreport=, -stiming=true); output as the ZPL program's. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { NARRAYS = 8 };
static const double rel = 2.0, bump = 0.25;
static int n = 33;

/* Seconds on the monotonic clock. */
static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Element (i, j) of x, i and j in 1..n. */
#define AT(x, i, j) (x)[(long)((i) - 1) * n + ((j) - 1)]

/* The sum of x over the mesh in row-major order. */
static double sum(const double *x) {
  double s = 0;
  for (long k = 0; k < (long)n * n; k++) s += x[k];
  return s;
}

int main(int argc, char **argv) {
  int iters = 60, report = 15, timing = 0;
  for (int i = 1; i < argc; i++) {
    if (!strncmp(argv[i], "-sn=", 4)) n = atoi(argv[i] + 4);
    if (!strncmp(argv[i], "-siters=", 8)) iters = atoi(argv[i] + 8);
    if (!strncmp(argv[i], "-sreport=", 9)) report = atoi(argv[i] + 9);
    if (!strcmp(argv[i], "-stiming=true")) timing = 1;
  }
  double *arr[NARRAYS];
  for (int k = 0; k < NARRAYS; k++)
    if (!(arr[k] = calloc((size_t)n * (size_t)n, sizeof(double)))) return 1;
  double *restrict x = arr[0], *restrict y = arr[1], *restrict aa = arr[2], *restrict dd = arr[3];
  double *restrict d = arr[4], *restrict rx = arr[5], *restrict ry = arr[6];

  double h = 1.0 / (n - 1);
  for (int i = 1; i <= n; i++)
    for (int j = 1; j <= n; j++) {
      AT(x, i, j) = (j - 1) * h;
      AT(y, i, j) = 1.0 - (i - 1) * h * (1.0 - bump * pow(sin(M_PI * AT(x, i, j)), 2));
    }
  for (int i = 2; i <= n - 1; i++)
    for (int j = 2; j <= n - 1; j++) {
      AT(x, i, j) = AT(x, i, j) + 0.3 * h * sin(7.0 * i + 3.0 * j);
      AT(y, i, j) = AT(y, i, j) + 0.3 * h * cos(5.0 * i - 11.0 * j);
    }

  int falling = 1;
  double rxm_old = DBL_MAX, rym_old = DBL_MAX;
  double t0 = now();
  for (int it = 1; it <= iters; it++) {
    double rxm = -DBL_MAX, rym = -DBL_MAX;
    for (int i = 2; i <= n - 1; i++)
      for (int j = 2; j <= n - 1; j++) {
        double xi = AT(x, i + 1, j) - AT(x, i - 1, j), yi = AT(y, i + 1, j) - AT(y, i - 1, j);
        double xj = AT(x, i, j + 1) - AT(x, i, j - 1), yj = AT(y, i, j + 1) - AT(y, i, j - 1);
        double a = 0.25 * (xj * xj + yj * yj), b = 0.25 * (xi * xi + yi * yi), c = 0.125 * (xi * xj + yi * yj);
        AT(aa, i, j) = -a;
        AT(dd, i, j) = a + a + b * rel;
        double r1 = a * (AT(x, i + 1, j) - 2.0 * AT(x, i, j) + AT(x, i - 1, j)) +
                    b * (AT(x, i, j + 1) - 2.0 * AT(x, i, j) + AT(x, i, j - 1)) -
                    c * (AT(x, i + 1, j + 1) - AT(x, i + 1, j - 1) - AT(x, i - 1, j + 1) + AT(x, i - 1, j - 1));
        double r2 = a * (AT(y, i + 1, j) - 2.0 * AT(y, i, j) + AT(y, i - 1, j)) +
                    b * (AT(y, i, j + 1) - 2.0 * AT(y, i, j) + AT(y, i, j - 1)) -
                    c * (AT(y, i + 1, j + 1) - AT(y, i + 1, j - 1) - AT(y, i - 1, j + 1) + AT(y, i - 1, j - 1));
        AT(rx, i, j) = r1;
        AT(ry, i, j) = r2;
        rxm = fabs(r1) > rxm ? fabs(r1) : rxm;
        rym = fabs(r2) > rym ? fabs(r2) : rym;
      }
    falling = falling && rxm < rxm_old && rym < rym_old;
    rxm_old = rxm, rym_old = rym;
    if (it == 1 || it % report == 0)
      printf("iteration %4d   max residuals  x %.6e  y %.6e\n", it, rxm, rym);

    for (int j = 2; j <= n - 1; j++) AT(d, 2, j) = 1.0 / AT(dd, 2, j);
    for (int i = 3; i <= n - 1; i++)
      for (int j = 2; j <= n - 1; j++) {
        double r = AT(aa, i, j) * AT(d, i - 1, j);
        AT(d, i, j) = 1.0 / (AT(dd, i, j) - AT(aa, i - 1, j) * r);
        AT(rx, i, j) = AT(rx, i, j) - AT(rx, i - 1, j) * r;
        AT(ry, i, j) = AT(ry, i, j) - AT(ry, i - 1, j) * r;
      }
    for (int j = 2; j <= n - 1; j++) {
      AT(rx, n - 1, j) = AT(rx, n - 1, j) * AT(d, n - 1, j);
      AT(ry, n - 1, j) = AT(ry, n - 1, j) * AT(d, n - 1, j);
    }
    for (int i = n - 2; i >= 2; i--)
      for (int j = 2; j <= n - 1; j++) {
        AT(rx, i, j) = (AT(rx, i, j) - AT(aa, i, j) * AT(rx, i + 1, j)) * AT(d, i, j);
        AT(ry, i, j) = (AT(ry, i, j) - AT(aa, i, j) * AT(ry, i + 1, j)) * AT(d, i, j);
      }
    for (int i = 2; i <= n - 1; i++)
      for (int j = 2; j <= n - 1; j++) {
        AT(x, i, j) = AT(x, i, j) + AT(rx, i, j);
        AT(y, i, j) = AT(y, i, j) + AT(ry, i, j);
      }
  }
  double secs = now() - t0;
  printf("residuals fell at every iteration: %s\n", falling ? "true" : "false");
  printf("checksum x %.10e  y %.10e\n", sum(x), sum(y));
  if (timing) printf("loop seconds: %.6f\n", secs);
  for (int k = 0; k < NARRAYS; k++) free(arr[k]);
  return 0;
}
