/* helpers.c - the C side of externs.zpl: the functions and globals it declares extern. */
#include <stdint.h>
int32_t c_calls = 0;
double c_level = 0.0;
const int32_t c_limit = 0;
const double c_eps = 0.5;
const uint8_t c_flag = 0;
double c_scale(double x, int32_t *counter) { *counter += 1; return 3.0 * x; }
void c_tick(void) { c_calls += 10; }
void c_split(double v, int64_t *whole, double *frac) { *whole = (int64_t)v; *frac = v - (double)*whole; }
