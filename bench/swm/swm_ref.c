/* swm_ref.c (bench) - samples/swm.zpl (the shallow-water model SWM) written by hand in serial C, as
 * a good C programmer would, for the flag matrix of bench/flags.sh: (m+2) x (n+2) arrays whose
 * border row and column on each side hold the periodic copies, every formula in the order the ZPL
 * program writes it (so that, compiled without contraction into fused multiply-adds, every printed
 * digit agrees), the four statements of each stage in one loop, U, V, P and their new values
 * exchanged by pointer instead of copied. Command line as the ZPL program (-sm=, -sn=, -siters=,
 * -smprint=, -stiming=true); output as the ZPL program's. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { NARRAYS = 14 };
static const double dt = 90.0, dx = 1.0e5, dy = 1.0e5, a = 1.0e6, alpha = 0.001;
static int m = 64, n = 48, w;

/* Seconds on the monotonic clock. */
static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Element (i, j) of x, i in 0..m+1, j in 0..n+1. */
#define AT(x, i, j) (x)[(long)(i) * w + (j)]

/* The periodic copies: row 0 from row m (im), row m+1 from row 1 (ip), column 0 from column n (jm),
 * column n+1 from column 1 (jp), each over the interior of the other dimension. */
static void wrap_im(double *x) { memcpy(&AT(x, 0, 1), &AT(x, m, 1), sizeof(double) * (size_t)n); }
static void wrap_ip(double *x) { memcpy(&AT(x, m + 1, 1), &AT(x, 1, 1), sizeof(double) * (size_t)n); }
static void wrap_jm(double *x) {
  for (int i = 1; i <= m; i++) AT(x, i, 0) = AT(x, i, n);
}
static void wrap_jp(double *x) {
  for (int i = 1; i <= m; i++) AT(x, i, n + 1) = AT(x, i, 1);
}

/* The sum of |x| (or x) over the grid in row-major order. */
static double sum(const double *x, int absolute) {
  double s = 0;
  for (int i = 1; i <= m; i++)
    for (int j = 1; j <= n; j++) s += absolute ? fabs(AT(x, i, j)) : AT(x, i, j);
  return s;
}

int main(int argc, char **argv) {
  int iters = 40, mprint = 10, timing = 0;
  for (int i = 1; i < argc; i++) {
    if (!strncmp(argv[i], "-sm=", 4)) m = atoi(argv[i] + 4);
    if (!strncmp(argv[i], "-sn=", 4)) n = atoi(argv[i] + 4);
    if (!strncmp(argv[i], "-siters=", 8)) iters = atoi(argv[i] + 8);
    if (!strncmp(argv[i], "-smprint=", 9)) mprint = atoi(argv[i] + 9);
    if (!strcmp(argv[i], "-stiming=true")) timing = 1;
  }
  w = n + 2;
  double *x[NARRAYS];
  for (int k = 0; k < NARRAYS; k++)
    if (!(x[k] = calloc((size_t)(m + 2) * (size_t)w, sizeof(double)))) return 1;
  double *u = x[0], *v = x[1], *p = x[2], *uold = x[3], *vold = x[4], *pold = x[5], *unew = x[6], *vnew = x[7];
  double *pnew = x[8], *cu = x[9], *cv = x[10], *z = x[11], *h = x[12], *psi = x[13];

  double di = 2.0 * M_PI / m, dj = 2.0 * M_PI / n, pcf = M_PI * M_PI * a * a / (n * dx * n * dx);
  for (int i = 1; i <= m; i++)
    for (int j = 1; j <= n; j++) {
      AT(psi, i, j) = a * sin((i - 0.5) * di) * sin((j - 0.5) * dj);
      AT(p, i, j) = pcf * (cos(2.0 * (i - 1) * di) + cos(2.0 * (j - 1) * dj)) + 50000.0;
    }
  wrap_jp(psi);
  wrap_ip(psi);
  for (int i = 1; i <= m; i++)
    for (int j = 1; j <= n; j++) {
      AT(u, i, j) = -(AT(psi, i, j + 1) - AT(psi, i, j)) / dy;
      AT(v, i, j) = (AT(psi, i + 1, j) - AT(psi, i, j)) / dx;
    }
  memcpy(uold, u, sizeof(double) * (size_t)(m + 2) * (size_t)w);
  memcpy(vold, v, sizeof(double) * (size_t)(m + 2) * (size_t)w);
  memcpy(pold, p, sizeof(double) * (size_t)(m + 2) * (size_t)w);
  double mass = sum(p, 0);

  printf("number of points in the x direction %8d\n", m);
  printf("number of points in the y direction %8d\n", n);
  printf("grid spacing in the x direction     %8.0f\n", dx);
  printf("grid spacing in the y direction     %8.0f\n", dy);
  printf("time step                           %8.0f\n", dt);
  printf("time filter parameter               %8.3f\n", alpha);

  double fsdx = 4.0 / dx, fsdy = 4.0 / dy, tdt = dt;
  double t0 = now();
  for (int ncycle = 1; ncycle <= iters; ncycle++) {
    wrap_im(p), wrap_im(v), wrap_jm(p), wrap_jm(u);
    AT(p, 0, 0) = AT(p, m, n);
    wrap_ip(u), wrap_jp(v);
    for (int i = 1; i <= m; i++)
      for (int j = 1; j <= n; j++) {
        AT(cu, i, j) = 0.5 * (AT(p, i, j) + AT(p, i - 1, j)) * AT(u, i, j);
        AT(cv, i, j) = 0.5 * (AT(p, i, j) + AT(p, i, j - 1)) * AT(v, i, j);
        AT(z, i, j) = (fsdx * (AT(v, i, j) - AT(v, i - 1, j)) - fsdy * (AT(u, i, j) - AT(u, i, j - 1))) /
                      (AT(p, i - 1, j - 1) + AT(p, i, j - 1) + AT(p, i, j) + AT(p, i - 1, j));
        AT(h, i, j) = AT(p, i, j) + 0.25 * (AT(u, i + 1, j) * AT(u, i + 1, j) + AT(u, i, j) * AT(u, i, j) +
                                            AT(v, i, j + 1) * AT(v, i, j + 1) + AT(v, i, j) * AT(v, i, j));
      }
    wrap_ip(cu), wrap_ip(z), wrap_jp(cv), wrap_jp(z), wrap_im(cv), wrap_im(h), wrap_jm(cu), wrap_jm(h);
    AT(cv, 0, n + 1) = AT(cv, m, 1);
    AT(cu, m + 1, 0) = AT(cu, 1, n);
    double tdts8 = tdt / 8.0, tdtsdx = tdt / dx, tdtsdy = tdt / dy;
    for (int i = 1; i <= m; i++)
      for (int j = 1; j <= n; j++) {
        AT(unew, i, j) = AT(uold, i, j) +
                         tdts8 * (AT(z, i, j + 1) + AT(z, i, j)) *
                             (AT(cv, i, j + 1) + AT(cv, i - 1, j + 1) + AT(cv, i - 1, j) + AT(cv, i, j)) -
                         tdtsdx * (AT(h, i, j) - AT(h, i - 1, j));
        AT(vnew, i, j) = AT(vold, i, j) -
                         tdts8 * (AT(z, i + 1, j) + AT(z, i, j)) *
                             (AT(cu, i + 1, j) + AT(cu, i, j) + AT(cu, i, j - 1) + AT(cu, i + 1, j - 1)) -
                         tdtsdy * (AT(h, i, j) - AT(h, i, j - 1));
        AT(pnew, i, j) = AT(pold, i, j) - tdtsdx * (AT(cu, i + 1, j) - AT(cu, i, j)) -
                         tdtsdy * (AT(cv, i, j + 1) - AT(cv, i, j));
      }
    if (ncycle % mprint == 0) {
      printf("\ncycle number %5d  model time in hours %6.2f\n", ncycle, ncycle * dt / 3600.0);
      printf("Pcheck = %.9e\n", sum(pnew, 1));
      printf("Ucheck = %.9e\n", sum(unew, 1));
      printf("Vcheck = %.9e\n", sum(vnew, 1));
      printf("mass conserved: %s\n", fabs(sum(pnew, 0) - mass) <= 1.0e-12 * mass ? "true" : "false");
    }
    if (ncycle == 1) {
      tdt = tdt + tdt;
      for (int i = 1; i <= m; i++) {
        memcpy(&AT(uold, i, 1), &AT(u, i, 1), sizeof(double) * (size_t)n);
        memcpy(&AT(vold, i, 1), &AT(v, i, 1), sizeof(double) * (size_t)n);
        memcpy(&AT(pold, i, 1), &AT(p, i, 1), sizeof(double) * (size_t)n);
      }
    } else {
      for (int i = 1; i <= m; i++)
        for (int j = 1; j <= n; j++) {
          AT(uold, i, j) = AT(u, i, j) + alpha * (AT(unew, i, j) - 2.0 * AT(u, i, j) + AT(uold, i, j));
          AT(vold, i, j) = AT(v, i, j) + alpha * (AT(vnew, i, j) - 2.0 * AT(v, i, j) + AT(vold, i, j));
          AT(pold, i, j) = AT(p, i, j) + alpha * (AT(pnew, i, j) - 2.0 * AT(p, i, j) + AT(pold, i, j));
        }
    }
    double *s = u; u = unew, unew = s; /* U := UNEW and so on: the new values become the current ones */
    s = v, v = vnew, vnew = s;
    s = p, p = pnew, pnew = s;
  }
  double secs = now() - t0;
  if (timing) printf("loop seconds: %.6f\n", secs);
  for (int k = 0; k < NARRAYS; k++) free(x[k]);
  return 0;
}
