/* check.h - what the libsplit test programs share: CHECK and CHECK_EQ (print "FAIL process P:
 * file:line: what" and count the failure), check_done (the exit status), a seeded random number
 * generator, byte patterns for bulk data, and a few collective helpers (header-only). */
#ifndef CHECK_H
#define CHECK_H
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "libsplit.h"

#define CHECK_MAX_PRINTED 20   /* failures printed per process; the rest are only counted */

static long check_failures;

__attribute__((format(printf, 3, 4), unused))
static void check_fail(const char *file, int line, const char *fmt, ...) {
  check_failures++;
  if (check_failures > CHECK_MAX_PRINTED) return;
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  fprintf(stderr, "FAIL process %d: %s:%d: %s\n", sc_myproc(), file, line, msg);
  fflush(stderr);
}

/* CHECK(cond, "format", ...): a failure names what was checked. */
#define CHECK(cond, ...) do { if (!(cond)) check_fail(__FILE__, __LINE__, __VA_ARGS__); } while (0)
/* CHECK_EQ(got, want, "format", ...): integers; a failure shows both values. */
#define CHECK_EQ(got, want, ...) do { \
    int64_t got_ = (int64_t)(got), want_ = (int64_t)(want); \
    if (got_ != want_) { \
      char what_[256]; snprintf(what_, sizeof what_, __VA_ARGS__); \
      check_fail(__FILE__, __LINE__, "%s: got %" PRId64 ", expected %" PRId64, what_, got_, want_); \
    } \
  } while (0)

/* The end of every test: finalize, report, and the exit status (0 when nothing failed here; a
 * non-zero status of any process makes mpirun fail). */
__attribute__((unused))
static int check_done(const char *name) {
  sc_finalize();
  if (check_failures > 0) {
    fprintf(stderr, "FAIL process %d: %s: %ld check(s) failed\n", sc_myproc(), name, check_failures);
    return 1;
  }
  return 0;
}

/* Start libsplit with a 16 MiB segment and the transport from $LIBSPLIT_TRANSPORT. */
__attribute__((unused))
static void check_init(int *argc, char ***argv) {
  sc_config cfg = {.segment_bytes = (size_t)16 << 20, .transport = SC_TRANSPORT_DEFAULT,
                   .n_store_counters = 0};
  sc_init(argc, argv, &cfg);
}

/* splitmix64: the same sequence from the same seed on every process. */
typedef struct { uint64_t s; } rng;
static inline uint64_t rng_next(rng *r) {
  uint64_t z = (r->s += UINT64_C(0x9e3779b97f4a7c15));
  z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
  return z ^ (z >> 31);
}
/* A number in [0, n). */
static inline uint64_t rng_below(rng *r, uint64_t n) { return n ? rng_next(r) % n : 0; }
static inline rng rng_seed(uint64_t a, uint64_t b, uint64_t c) {
  rng r = {a * UINT64_C(1000003) ^ b * UINT64_C(0x100000001b3) ^ c * UINT64_C(0xc2b2ae3d27d4eb4f)};
  rng_next(&r);
  return r;
}

/* Byte i of the pattern that process proc writes under tag. */
static inline unsigned char pat_byte(int proc, size_t i, int tag) {
  return (unsigned char)(proc * 31 + i * 7 + (i >> 8) * 13 + (i >> 16) * 5 + (size_t)tag * 101 + 1);
}
__attribute__((unused))
static void pat_fill(void *buf, size_t n, int proc, int tag) {
  unsigned char *b = buf;
  for (size_t i = 0; i < n; i++) b[i] = pat_byte(proc, i, tag);
}
/* The index of the first byte of buf that differs from the pattern, or n. */
__attribute__((unused))
static size_t pat_mismatch(const void *buf, size_t n, int proc, int tag) {
  const unsigned char *b = buf;
  for (size_t i = 0; i < n; i++)
    if (b[i] != pat_byte(proc, i, tag)) return i;
  return n;
}
/* CHECK_PAT(buf, n, proc, tag, "what", ...): buf holds the pattern of proc under tag. */
#define CHECK_PAT(buf, n, proc, tag, ...) do { \
    size_t at_ = pat_mismatch((buf), (n), (proc), (tag)); \
    if (at_ != (size_t)(n)) { \
      char what_[256]; snprintf(what_, sizeof what_, __VA_ARGS__); \
      check_fail(__FILE__, __LINE__, \
                 "%s: byte %zu of %zu is %d, expected %d (pattern of process %d, tag %d)", what_, at_, \
                 (size_t)(n), ((const unsigned char *)(buf))[at_], pat_byte((proc), at_, (tag)), (proc), \
                 (tag)); \
    } \
  } while (0)

/* Collective helpers over every process. */
__attribute__((unused))
static int64_t all_sum_i64(int64_t v) {
  sc_all_reduce(sc_team_all, &v, 1, SC_I64, SC_SUM);
  return v;
}
__attribute__((unused))
static int64_t all_min_i64(int64_t v) {
  sc_all_reduce(sc_team_all, &v, 1, SC_I64, SC_MIN);
  return v;
}
__attribute__((unused))
static int64_t all_max_i64(int64_t v) {
  sc_all_reduce(sc_team_all, &v, 1, SC_I64, SC_MAX);
  return v;
}

/* The segment offset of local segment address p (the same on every process for sc_all_alloc). */
__attribute__((unused))
static uint64_t seg_off(const void *p) { return sc_tooffset(sc_toglobal(sc_myproc(), p)); }
/* The global pointer to symmetric local address p on process proc. */
__attribute__((unused))
static sc_gptr on(int proc, const void *p) { return sc_toglobal(proc, p); }

#endif
