/* stream.c (bench) - the machine's roofs for bench/roofline.sh: a STREAM-like memory bandwidth
 * probe and a peak floating-point probe, on one core.
 *
 *   stream -n=ELEMENTS [-t=TIMES]   copy, scale, add and triad over three arrays of ELEMENTS
 *                                   doubles each (McCalpin's kernels), TIMES repetitions (10);
 *                                   prints "KERNEL BEST-GB/s MEDIAN-GB/s" per kernel, bytes counted
 *                                   as STREAM does (copy and scale 16, add and triad 24 per
 *                                   element: what is read plus what is written, no write-allocate).
 *   stream -peak [-t=TIMES]         independent FMA chains on doubles, 256-bit and 512-bit vectors;
 *                                   prints "peak256 GFLOP/s" and "peak512 GFLOP/s" (best of TIMES, 5).
 *
 * Build: gcc -std=gnu11 -O3 -march=native -fopenmp-simd -o stream stream.c
 * The first repetition of each kernel is a warm-up and is not counted, as in STREAM. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { KERNELS = 4, CHAINS = 12, PEAK_STEPS = 20000000 };

static const char *const kernel_names[KERNELS] = {"copy", "scale", "add", "triad"};
static const double kernel_bytes[KERNELS] = {16, 16, 24, 24}; /* per element */
static volatile double sink; /* keeps the results alive */

/* Wall-clock seconds. */
static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Ascending order of doubles, for qsort. */
static int by_value(const void *x, const void *y) {
  double a = *(const double *)x, b = *(const double *)y;
  return (a > b) - (a < b);
}

/* Run kernel k once over n elements; returns its seconds. */
static double run_kernel(int k, double *restrict a, double *restrict b, double *restrict c, long n) {
  const double s = 3.0;
  double t = now();
  switch (k) {
  case 0:
#pragma omp simd
    for (long i = 0; i < n; i++) c[i] = a[i];
    break;
  case 1:
#pragma omp simd
    for (long i = 0; i < n; i++) b[i] = s * c[i];
    break;
  case 2:
#pragma omp simd
    for (long i = 0; i < n; i++) c[i] = a[i] + b[i];
    break;
  default:
#pragma omp simd
    for (long i = 0; i < n; i++) a[i] = b[i] + s * c[i];
    break;
  }
  return now() - t;
}

/* The bandwidth probe: prints best and median GB/s of every kernel. */
static int bandwidth(long n, int times) {
  double *a = aligned_alloc(64, (size_t)n * sizeof(double) + 64);
  double *b = aligned_alloc(64, (size_t)n * sizeof(double) + 64);
  double *c = aligned_alloc(64, (size_t)n * sizeof(double) + 64);
  double *secs = malloc((size_t)KERNELS * (size_t)times * sizeof *secs);
  if (!a || !b || !c || !secs) {
    fprintf(stderr, "stream: out of memory for 3 x %ld doubles\n", n);
    return 1;
  }
  for (long i = 0; i < n; i++) a[i] = 1.0, b[i] = 2.0, c[i] = 0.0;
  for (int r = 0; r <= times; r++)
    for (int k = 0; k < KERNELS; k++) {
      double t = run_kernel(k, a, b, c, n);
      if (r > 0) secs[k * times + r - 1] = t;
    }
  printf("elements %ld arrays_MB %.1f\n", n, 3.0 * (double)n * sizeof(double) / 1e6);
  for (int k = 0; k < KERNELS; k++) {
    double *s = secs + k * times;
    qsort(s, (size_t)times, sizeof *s, by_value);
    double median = times % 2 ? s[times / 2] : (s[times / 2 - 1] + s[times / 2]) / 2;
    double bytes = kernel_bytes[k] * (double)n;
    printf("%s %.2f %.2f\n", kernel_names[k], bytes / s[0] / 1e9, bytes / median / 1e9);
  }
  double check = 0;
  for (long i = 0; i < n; i += 4096) check += a[i] + b[i] + c[i];
  sink = check;
  free(a), free(b), free(c), free(secs);
  return 0;
}

typedef double v4d __attribute__((vector_size(32)));
typedef double v8d __attribute__((vector_size(64)));

/* GFLOP/s of CHAINS independent FMA chains on 4-double vectors (2 flops per lane per step). */
static double peak256(double x) {
  v4d acc[CHAINS], m = {x, x, x, x}, p = {1e-9, 1e-9, 1e-9, 1e-9};
  for (int c = 0; c < CHAINS; c++) acc[c] = (v4d){c, c + 1, c + 2, c + 3};
  double t = now();
  for (long s = 0; s < PEAK_STEPS; s++)
    for (int c = 0; c < CHAINS; c++) acc[c] = acc[c] * m + p;
  t = now() - t;
  double sum = 0;
  for (int c = 0; c < CHAINS; c++) sum += acc[c][0] + acc[c][3];
  sink = sum;
  return 2.0 * 4 * CHAINS * (double)PEAK_STEPS / t / 1e9;
}

/* The same on 8-double vectors (AVX-512). */
static double peak512(double x) {
  v8d acc[CHAINS], m = {x, x, x, x, x, x, x, x}, p = {1e-9, 1e-9, 1e-9, 1e-9, 1e-9, 1e-9, 1e-9, 1e-9};
  for (int c = 0; c < CHAINS; c++) acc[c] = (v8d){c, c + 1, c + 2, c + 3, c + 4, c + 5, c + 6, c + 7};
  double t = now();
  for (long s = 0; s < PEAK_STEPS; s++)
    for (int c = 0; c < CHAINS; c++) acc[c] = acc[c] * m + p;
  t = now() - t;
  double sum = 0;
  for (int c = 0; c < CHAINS; c++) sum += acc[c][0] + acc[c][7];
  sink = sum;
  return 2.0 * 8 * CHAINS * (double)PEAK_STEPS / t / 1e9;
}

/* The compute probe: best of `times` runs of each vector width. */
static int peak(double x, int times) {
  double b4 = 0, b8 = 0;
  for (int r = 0; r < times; r++) {
    double g4 = peak256(x), g8 = peak512(x);
    if (g4 > b4) b4 = g4;
    if (g8 > b8) b8 = g8;
  }
  printf("peak256 %.2f\npeak512 %.2f\n", b4, b8);
  return 0;
}

int main(int argc, char **argv) {
  long n = 0;
  int times = 0, want_peak = 0;
  for (int i = 1; i < argc; i++) {
    if (!strncmp(argv[i], "-n=", 3)) n = atol(argv[i] + 3);
    else if (!strncmp(argv[i], "-t=", 3)) times = atoi(argv[i] + 3);
    else if (!strcmp(argv[i], "-peak")) want_peak = 1;
    else {
      fprintf(stderr, "usage: stream -n=ELEMENTS [-t=TIMES] | stream -peak [-t=TIMES]\n");
      return 2;
    }
  }
  if (want_peak) return peak(argc > 99 ? 0.5 : 0.9999999, times > 0 ? times : 5); /* x unknown to the compiler */
  if (times == 0) times = 10;
  if (n <= 0 || times <= 0) {
    fprintf(stderr, "stream: -n=ELEMENTS (> 0) is needed\n");
    return 2;
  }
  return bandwidth(n, times);
}
