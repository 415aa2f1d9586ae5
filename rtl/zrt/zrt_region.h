/* zrt_region.h - regions as values in generated code: literals, the operators of/in/at/by
 * (section 5.5), and this process's part of a region. Header-only: small and called once per
 * statement, never per element. A public header of rtl/zrt/, the language runtime. */
#ifndef AZC_ZRT_REGION_H
#define AZC_ZRT_REGION_H
#include <stdint.h>
#include "zrt.h"
#include "zrt_ops.h"

typedef struct zrt_region {
  int rank;
  int64_t lo[ZRT_MAX_RANK], hi[ZRT_MAX_RANK];
  int64_t stride[ZRT_MAX_RANK]; /* >= 1 */
  int64_t align[ZRT_MAX_RANK];  /* surviving indices are == align (mod stride) */
  unsigned flood;               /* bit k: dimension k is '*' */
} zrt_region;

/* The value of a direction constant (section 15.1): its components, zeros beyond its rank. */
typedef struct zrt_dir {
  int64_t d[ZRT_MAX_RANK];
} zrt_dir;

/* A direction of rank r from its components. */
static inline zrt_dir zrt_dir_make(int rank, const int64_t *c) {
  zrt_dir v;
  for (int k = 0; k < ZRT_MAX_RANK; k++) v.d[k] = k < rank ? c[k] : 0;
  return v;
}

/* R16: every component of v has the sign its type requires (signs: '+', '-' or '0' per
 * component); returns v. */
static inline zrt_dir zrt_dir_check_signs(zrt_dir v, const char *signs, int line) {
  for (int k = 0; signs[k]; k++) {
    char s = signs[k];
    if (s == '+' ? v.d[k] < 0 : s == '-' ? v.d[k] > 0 : v.d[k] != 0)
      zrt_error(line, "direction component %d is %lld, but its type requires %s", k + 1, (long long)v.d[k],
                s == '+' ? ">= 0" : s == '-' ? "<= 0" : "0");
  }
  return v;
}

/* A region from bounds (stride 1). */
static inline zrt_region zrt_region_make(int rank, const int64_t *lo, const int64_t *hi, unsigned flood) {
  zrt_region r;
  r.rank = rank;
  r.flood = flood;
  for (int k = 0; k < ZRT_MAX_RANK; k++) {
    r.lo[k] = k < rank ? lo[k] : 0;
    r.hi[k] = k < rank ? hi[k] : 0;
    r.stride[k] = 1;
    r.align[k] = r.lo[k];
  }
  return r;
}

/* Named region r (NAME) read by a procedure, which may run during elaboration (section 3.3): R11
 * if its declaration is not elaborated yet (the zero region, of rank 0: no region has that). */
static inline zrt_region zrt_region_elaborated(zrt_region r, int line, const char *name) {
  if (r.rank == 0) zrt_error(line, "'%s' is used before its declaration is elaborated", name);
  return r;
}

/* d of b: the region just outside b on side d. */
static inline zrt_region zrt_region_of(zrt_region b, const int64_t *d) {
  for (int k = 0; k < b.rank; k++) {
    if (d[k] == 0 || (b.flood >> k & 1)) continue;
    int64_t lo = b.lo[k], hi = b.hi[k];
    b.lo[k] = d[k] < 0 ? lo + d[k] : hi + 1;
    b.hi[k] = d[k] < 0 ? lo - 1 : hi + d[k];
    b.stride[k] = 1;
    b.align[k] = b.lo[k];
  }
  return b;
}

/* d in b: the part of b just inside its edge on side d. */
static inline zrt_region zrt_region_in(zrt_region b, const int64_t *d) {
  for (int k = 0; k < b.rank; k++) {
    if (d[k] == 0 || (b.flood >> k & 1)) continue;
    int64_t lo = b.lo[k], hi = b.hi[k];
    b.lo[k] = d[k] < 0 ? lo : hi - d[k] + 1;
    b.hi[k] = d[k] < 0 ? lo - d[k] - 1 : hi;
    b.stride[k] = 1;
    b.align[k] = b.lo[k];
  }
  return b;
}

/* b at d: b translated by d. */
static inline zrt_region zrt_region_at(zrt_region b, const int64_t *d) {
  for (int k = 0; k < b.rank; k++) {
    if (b.flood >> k & 1) continue;
    b.lo[k] += d[k];
    b.hi[k] += d[k];
    b.align[k] += d[k];
  }
  return b;
}

/* b by d: stride multiplied by |d_k|, aligned at the low (d_k > 0) or high (d_k < 0) bound. */
static inline zrt_region zrt_region_by(zrt_region b, const int64_t *d) {
  for (int k = 0; k < b.rank; k++) {
    if (b.flood >> k & 1) continue;
    int64_t s = d[k] < 0 ? -d[k] : d[k];
    int64_t old = b.stride[k];
    b.stride[k] *= s;
    if (d[k] > 0) {
      /* the first index >= lo that survives the old stride */
      int64_t first = b.lo[k] + (((b.align[k] - b.lo[k]) % old) + old) % old;
      b.align[k] = first;
    } else {
      int64_t last = b.hi[k] - (((b.hi[k] - b.align[k]) % old) + old) % old;
      b.align[k] = last;
    }
  }
  return b;
}

/* b by d, with the run-time check R12 for a zero component. */
static inline zrt_region zrt_region_by_checked(zrt_region b, const int64_t *d, int line) {
  for (int k = 0; k < b.rank; k++) {
    if (d[k] == 0) zrt_error(line, "direction component %d of 'by' is zero", k + 1);
    /* a loop steps from the last index by the stride: it must stay a longint (issue 23) */
    int64_t s, stride;
    if (!(b.flood >> k & 1) &&
        (__builtin_sub_overflow(0, d[k] < 0 ? d[k] : -d[k], &s) || __builtin_mul_overflow(b.stride[k], s, &stride) ||
         b.hi[k] > INT64_MAX - stride || b.lo[k] < INT64_MIN + stride))
      zrt_error(line, "direction component %d of 'by' makes the stride too large for the region's bounds", k + 1);
  }
  return zrt_region_by(b, d);
}

/* R10: dimension k of the source region s of op must have the same indices as the cover c. */
static inline void zrt_check_same_dim(const zrt_region *s, const zrt_region *c, int k, int line, const char *op) {
  bool sf = s->flood >> k & 1, cf = c->flood >> k & 1;
  if (sf != cf || (!sf && (s->lo[k] != c->lo[k] || s->hi[k] != c->hi[k] || s->stride[k] != c->stride[k])))
    zrt_error(line, "dimension %d of the region of '%s' does not match the covering region", k + 1, op);
}

/* R4 for a named-region parameter: the argument's declared region must be that region. Returns a. */
static inline zrt_array *zrt_check_param_region(zrt_array *a, const zrt_region *r, int arg, const char *proc, int line,
                                                const char *rname) {
  for (int k = 0; k < r->rank && k < a->rank; k++) {
    bool rf = r->flood >> k & 1, af = a->flood >> k & 1;
    if (rf != af || (!rf && (a->dlo[k] != r->lo[k] || a->dhi[k] != r->hi[k])))
      zrt_error(line, "argument %d of '%s': region of the argument does not match parameter region '%s'", arg, proc, rname);
  }
  return a;
}

/* x modulo s (>= 1), from 0 to s - 1: a mask where s is a power of two (the strides of
 * hierarchies), else two divisions. */
static inline int64_t zrt_mod(int64_t x, int64_t s) {
  return (s & (s - 1)) == 0 ? (x & (s - 1)) : ((x % s) + s) % s;
}
/* The number of steps of s (>= 1) in x (>= 0): a shift where s is a power of two (the strides of
 * hierarchies), else a division. */
static inline int64_t zrt_steps(int64_t x, int64_t s) {
  return (s & (s - 1)) == 0 ? x >> __builtin_ctzll((unsigned long long)s) : x / s;
}
/* The first index of dimension k at or above lo that the region contains. */
static inline int64_t zrt_region_first(const zrt_region *r, int k, int64_t lo) {
  int64_t s = r->stride[k];
  if (s == 1 || lo == r->align[k]) return lo; /* the common cases */
  return lo + zrt_mod(r->align[k] - lo, s);
}
/* The last index of dimension k the region contains (below lo if it is empty). */
static inline int64_t zrt_region_last(const zrt_region *r, int k) {
  if (r->flood >> k & 1) return 0;
  int64_t s = r->stride[k];
  if (s == 1) return r->hi[k];
  return r->hi[k] - zrt_mod(r->hi[k] - r->align[k], s);
}

/* The number of indices of dimension k ('*' counts as one). */
static inline int64_t zrt_region_count(const zrt_region *r, int k) {
  if (r->flood >> k & 1) return 1;
  int64_t first = zrt_region_first(r, k, r->lo[k]), last = zrt_region_last(r, k);
  if (last < first) return 0;
  return zrt_steps(last - first, r->stride[k]) + 1;
}

/* The last dimension with more than one index (0 if none): where array output breaks lines. */
static inline int zrt_region_line_dim(const zrt_region *r) {
  for (int k = r->rank - 1; k >= 0; k--)
    if (zrt_region_count(r, k) > 1) return k;
  return 0;
}

/* ---- the indices a compactly stored array holds (section 15.3; dense: every index) ---- */

/* True if index i is one of the strided indices of dimension k of a. */
static inline bool zrt_array_holds(const zrt_array *a, int k, int64_t i) {
  return a->step[k] <= 1 || zrt_mod(i - a->phase[k], a->step[k]) == 0;
}
/* The first strided index of dimension k of a at or above i / the last at or below i. */
static inline int64_t zrt_array_first(const zrt_array *a, int k, int64_t i) {
  int64_t s = a->step[k];
  return s <= 1 ? i : i + zrt_mod(a->phase[k] - i, s);
}
static inline int64_t zrt_array_last(const zrt_array *a, int k, int64_t i) {
  int64_t s = a->step[k];
  return s <= 1 ? i : i - zrt_mod(i - a->phase[k], s);
}
/* The number of strided indices of dimension k of a in [lo, hi]. */
static inline int64_t zrt_array_count(const zrt_array *a, int k, int64_t lo, int64_t hi) {
  int64_t first = zrt_array_first(a, k, lo), last = zrt_array_last(a, k, hi);
  if (last < first) return 0;
  return a->step[k] <= 1 ? last - first + 1 : zrt_steps(last - first, a->step[k]) + 1;
}

/* The storage bound of a dimension of declared region d below (hi: above) it with a border of b
 * indices: a strided dimension's border continues its stride, ceil(b / stride) cells (section 15.3). */
static inline int64_t zrt_border_bound(zrt_region d, int k, int64_t b, bool hi) {
  int64_t s = (d.flood >> k & 1) ? 1 : d.stride[k];
  if (s <= 1) return hi ? d.hi[k] + b : d.lo[k] - b;
  int64_t span = (b + s - 1) / s * s;
  return hi ? zrt_region_last(&d, k) + span : zrt_region_first(&d, k, d.lo[k]) - span;
}

/* The dimension (from 1) where a is a flood array and region c, a statement writing a under it,
 * has no '*' (a flood array is written under '*' in its flood dimensions: one element stands for
 * every index there); 0 if none. azc checks this at compile time but for a parameter of a
 * generic type, whose argument may be a flood array. */
static inline int zrt_flood_written_dim(const zrt_region *c, const zrt_array *a) {
  for (int k = 0; k < c->rank && k < a->rank; k++)
    if ((a->flood >> k & 1) && !(c->flood >> k & 1)) return k + 1;
  return 0;
}

/* True if every index of region c, shifted by d (NULL: no shift), lies in a's storage region
 * (section 5.8): flood dimensions of a contain every index, a flood dimension of c ("any index",
 * section 6.8) only a flood dimension, and an empty region accesses nothing. A strided array holds
 * only its strided indices: c's must keep their remainder modulo the stride (section 15.3). */
static inline bool zrt_contains(const zrt_region *c, const zrt_array *a, const int64_t *d) {
  for (int k = 0; k < c->rank; k++)
    if (!(c->flood >> k & 1) && zrt_region_count(c, k) == 0) return true;
  for (int k = 0; k < c->rank && k < a->rank; k++) {
    if (a->flood >> k & 1) continue;
    if (c->flood >> k & 1) return false;
    int64_t lo = zrt_region_first(c, k, c->lo[k]) + (d ? d[k] : 0), hi = zrt_region_last(c, k) + (d ? d[k] : 0);
    if (lo < a->slo[k] || hi > a->shi[k]) return false;
    if (!zrt_array_holds(a, k, lo) || (hi > lo && c->stride[k] % (a->step[k] > 1 ? a->step[k] : 1) != 0)) return false;
  }
  return true;
}

/* True if s (>= 1) divides x: a mask where s is a power of two (the strides of hierarchies), else
 * a division. */
static inline bool zrt_divides(int64_t s, int64_t x) { return zrt_mod(x, s) == 0; }

/* True if A@^d under region c reads only indices a holds in dimension k, where first and last are
 * c's first and last indices there and dk is d's offset: where a's declared region is strided,
 * every wrapped index of c + d must keep the remainder modulo the stride (section 6.5, R3). Where
 * wrapping keeps the remainder (the declared extent a multiple of the step) and c's stride does too,
 * its first index stands for all. */
static inline bool zrt_wrap_dim_holds(const zrt_region *c, const zrt_array *a, int k, int64_t first, int64_t last,
                                      int64_t dk) {
  int64_t s = a->step[k];
  if ((a->flood >> k & 1) || (c->flood >> k & 1) || s <= 1) return true;
  int64_t extent = a->dhi[k] - a->dlo[k] + 1, end = last;
  if (extent > 0 && zrt_divides(s, extent) && zrt_divides(s, c->stride[k])) end = first;
  for (int64_t i = first; i <= end; i += c->stride[k])
    if (!zrt_array_holds(a, k, zrt_wrap(i + dk, a->dlo[k], a->dhi[k]))) return false;
  return true;
}

/* c's first and last index of each dimension that is not '*' (first, last); false if c is empty. */
static inline bool zrt_region_bounds(const zrt_region *c, int64_t *first, int64_t *last) {
  for (int k = 0; k < c->rank; k++) {
    if (c->flood >> k & 1) continue;
    first[k] = zrt_region_first(c, k, c->lo[k]);
    last[k] = zrt_region_last(c, k);
    if (last[k] < first[k]) return false;
  }
  return true;
}

/* True if A@^d under region c reads only indices a holds (zrt_wrap_dim_holds in every dimension;
 * an empty region reads nothing). */
static inline bool zrt_wrap_contains(const zrt_region *c, const zrt_array *a, const int64_t *d) {
  int64_t first[ZRT_MAX_RANK], last[ZRT_MAX_RANK];
  if (!zrt_region_bounds(c, first, last)) return true;
  for (int k = 0; k < c->rank && k < a->rank; k++)
    if (!zrt_wrap_dim_holds(c, a, k, first[k], last[k], d[k])) return false;
  return true;
}

/* True if region c lies inside a's declared region (or is empty): where a wrap-around shift of a
 * is served by ghost cells. */
static inline bool zrt_inside_declared(const zrt_region *c, const zrt_array *a) {
  for (int k = 0; k < c->rank; k++)
    if (!(c->flood >> k & 1) && zrt_region_count(c, k) == 0) return true;
  for (int k = 0; k < c->rank && k < a->rank; k++) {
    if (a->flood >> k & 1) continue;
    if (c->flood >> k & 1) return false;
    if (zrt_region_first(c, k, c->lo[k]) < a->dlo[k] || zrt_region_last(c, k) > a->dhi[k]) return false;
  }
  return true;
}

/* True if regions a and b of one rank have no index in common: in some dimension their indices
 * do not meet (empty, apart, or on lattices of their strides that never cross). A '*' dimension
 * meets every other. Statements whose rows share a loop nest need it (backend/emit_rows.c). */
static inline bool zrt_regions_disjoint(const zrt_region *a, const zrt_region *b) {
  for (int k = 0; k < a->rank; k++) {
    if ((a->flood | b->flood) >> k & 1) continue;
    int64_t fa = zrt_region_first(a, k, a->lo[k]), la = zrt_region_last(a, k);
    int64_t fb = zrt_region_first(b, k, b->lo[k]), lb = zrt_region_last(b, k);
    if (la < fa || lb < fb || (fa > fb ? fa : fb) > (la < lb ? la : lb)) return true;
    int64_t g = a->stride[k], h = b->stride[k]; /* the lattices meet where gcd(g, h) divides fa - fb */
    while (h) {
      int64_t t = g % h;
      g = h;
      h = t;
    }
    if ((fa - fb) % g != 0) return true;
  }
  return false;
}

/* A region with no dimensions, for code that needs one where none is in effect. */
static const zrt_region zregion_none = {0, {0}, {0}, {1, 1, 1, 1, 1, 1}, {0}, 0};
#endif
