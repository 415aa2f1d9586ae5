/* zrt_ops.h - the language's arithmetic for generated code (section 6.3): checked integer division
 * and remainder (R1), exact integer powers, bit shifts (R14), @^ index wrapping. Header-only and
 * inline so that no element-wise work becomes a function call. Generated code is compiled with
 * -fwrapv, so signed overflow wraps as the language requires. A public header of rtl/zrt/, the
 * language runtime. */
#ifndef AZC_ZRT_OPS_H
#define AZC_ZRT_OPS_H
#include <stdint.h>
#include <string.h>
#include "zrt.h"

/* Keys of float and double values in IEEE 754's total order (-NaN < -inf < ... < -0 < +0 < ... <
 * +inf < +NaN) as signed integers: max and min under them are commutative and associative to the
 * bit, so an exact reduction's parts may be combined in any order (zrt_allreduce). For numbers
 * other than NaN and the zeros they agree with > and <. */
static inline int64_t zrt_order_key_d(double x) {
  int64_t i;
  memcpy(&i, &x, sizeof i);
  return i < 0 ? i ^ INT64_MAX : i;
}
static inline int32_t zrt_order_key_f(float x) {
  int32_t i;
  memcpy(&i, &x, sizeof i);
  return i < 0 ? i ^ INT32_MAX : i;
}

/* Checked division and remainder, and exact powers, for a signed integer type. */
#define ZRT_SIGNED_OPS(T, NAME)                                                                      \
  static inline T zrt_div_##NAME(T a, T b, int line) {                                               \
    if (b == 0) zrt_error(line, "integer division by zero");                                         \
    if (b == -1) return (T)(0 - (uint64_t)a); /* wraps for the minimum value */                      \
    return a / b;                                                                                    \
  }                                                                                                  \
  static inline T zrt_mod_##NAME(T a, T b, int line) {                                               \
    if (b == 0) zrt_error(line, "integer division by zero");                                         \
    return b == -1 ? 0 : a % b;                                                                      \
  }                                                                                                  \
  static inline T zrt_pow_##NAME(T base, T e, int line) {                                            \
    if (e < 0) {                                                                                     \
      if (base == 0) zrt_error(line, "integer division by zero");                                    \
      if (base == 1) return 1;                                                                       \
      if (base == -1) return (e % 2) ? -1 : 1;                                                       \
      return 0;                                                                                      \
    }                                                                                                \
    return (T)zrt_upow((uint64_t)base, (uint64_t)e);                                                 \
  }

/* The same for an unsigned integer type. */
#define ZRT_UNSIGNED_OPS(T, NAME)                                                                    \
  static inline T zrt_div_##NAME(T a, T b, int line) {                                               \
    if (b == 0) zrt_error(line, "integer division by zero");                                         \
    return a / b;                                                                                    \
  }                                                                                                  \
  static inline T zrt_mod_##NAME(T a, T b, int line) {                                               \
    if (b == 0) zrt_error(line, "integer division by zero");                                         \
    return a % b;                                                                                    \
  }                                                                                                  \
  static inline T zrt_pow_##NAME(T base, T e, int line) {                                            \
    (void)line;                                                                                      \
    return (T)zrt_upow((uint64_t)base, (uint64_t)e);                                                 \
  }

/* base^e with wrap-around (square and multiply). */
static inline uint64_t zrt_upow(uint64_t base, uint64_t e) {
  uint64_t r = 1;
  for (; e; e >>= 1) {
    if (e & 1) r *= base;
    base *= base;
  }
  return r;
}

ZRT_SIGNED_OPS(int32_t, i32)
ZRT_UNSIGNED_OPS(uint32_t, u32)
ZRT_SIGNED_OPS(int64_t, i64)
ZRT_UNSIGNED_OPS(uint64_t, u64)
/* A shift count check for bsl/bsr (R14). */
static inline int zrt_shift_count(int64_t n, int bits, int line, const char *op) {
  if (n < 0 || n >= bits) zrt_error(line, "shift count %lld is out of range for '%s'", (long long)n, op);
  return (int)n;
}

/* abs of a signed integer; of the minimum value, the value itself (negated in unsigned arithmetic). */
static inline int64_t zrt_iabs(int64_t x) { return x < 0 ? (int64_t)(0 - (uint64_t)x) : x; }

/* lo + ((i - lo) mod n) with the result in lo..hi (the @^ wrap of section 6.5). */
static inline int64_t zrt_wrap(int64_t i, int64_t lo, int64_t hi) {
  int64_t n = hi - lo + 1;
  if (n <= 0) return i;
  int64_t m = (i - lo) % n;
  return lo + (m < 0 ? m + n : m);
}

/* max and min for every arithmetic C type the language's max/min can produce. */
#define ZRT_MINMAX(T, NAME)                                                    \
  static inline T zrt_max_##NAME(T a, T b) { return a >= b ? a : b; }         \
  static inline T zrt_min_##NAME(T a, T b) { return a <= b ? a : b; }
ZRT_MINMAX(int32_t, i32)
ZRT_MINMAX(uint32_t, u32)
ZRT_MINMAX(int64_t, i64)
ZRT_MINMAX(uint64_t, u64)
ZRT_MINMAX(float, f)
ZRT_MINMAX(double, d)
ZRT_MINMAX(long double, q)

/* sqr and cube of section 8.1: computed in double. */
static inline double zrt_sqr(double x) { return x * x; }
static inline double zrt_cube(double x) { return x * x * x; }

/* The row-major position of element idx of an indexed array with bounds lo..hi (section 4.4),
 * checking every subscript (R2). */
static inline int64_t zrt_iindex(const int64_t *idx, const int64_t *lo, const int64_t *hi, int ndims, int line,
                                 const char *name) {
  int64_t pos = 0;
  for (int k = 0; k < ndims; k++) {
    if (idx[k] < lo[k] || idx[k] > hi[k])
      zrt_error(line, "subscript %lld is out of bounds %lld..%lld for dimension %d of '%s'", (long long)idx[k],
                (long long)lo[k], (long long)hi[k], k + 1, name);
    pos = pos * (hi[k] - lo[k] + 1) + (idx[k] - lo[k]);
  }
  return pos;
}

/* Population count of the low `bits` bits. */
static inline int32_t zrt_bpop(uint64_t v, int bits) {
  if (bits < 64) v &= ((uint64_t)1 << bits) - 1;
  return (int32_t)__builtin_popcountll(v);
}
#endif
