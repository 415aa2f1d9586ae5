/* prim.c - each libsplit primitive on its own, aimed at the next process and at this process (the
 * local path): global-pointer helpers, symmetric and local allocation, get/put/store/read/write of
 * 8 bytes, 64 KiB and 1 MiB with the implicit and explicit counters, sc_barrier completing gets
 * and puts, strided sections of 1, 2 and 3 dimensions, fetch-and-add under contention, compare-
 * and-swap as a lock, and independent store counters. */
#include "check.h"

#define MIB ((size_t)1 << 20)

static int me, np, right, left;
static unsigned char *src_area, *put_area, *sto_area;   /* symmetric, 1 MiB each */

/* The process whose operations aimed at target t of mine land on me: my left one for t = right. */
static int origin_of(int t) { return t == me ? me : left; }

static void test_gptr(void) {
  CHECK(sc_gptr_make(3, 0) == SC_NULL, "gptr_make(3, 0) is SC_NULL");
  CHECK_EQ(sc_toproc(SC_NULL), 0, "toproc(SC_NULL)");
  CHECK_EQ(sc_tooffset(SC_NULL), 0, "tooffset(SC_NULL)");
  sc_gptr g = sc_gptr_make(3, 12345);
  CHECK(g != SC_NULL, "gptr_make(3, 12345) is not null");
  CHECK_EQ(sc_toproc(g), 3, "toproc(<3, 12345>)");
  CHECK_EQ(sc_tooffset(g), 12345, "tooffset(<3, 12345>)");
  CHECK_EQ(sc_is_local(g), me == 3, "is_local(<3, 12345>)");
  sc_gptr big = sc_gptr_make((1 << 20) - 1, (UINT64_C(1) << 44) - 1);
  CHECK_EQ(sc_toproc(big), (1 << 20) - 1, "toproc of the largest process");
  CHECK_EQ(sc_tooffset(big), (int64_t)((UINT64_C(1) << 44) - 1), "tooffset of the largest offset");
  sc_gptr a = sc_gadd(g, 10, 8);
  CHECK_EQ(sc_toproc(a), 3, "gadd keeps the process");
  CHECK_EQ(sc_tooffset(a), 12345 + 80, "gadd(g, 10, 8)");
  CHECK_EQ(sc_tooffset(sc_gadd(g, -3, 4)), 12345 - 12, "gadd(g, -3, 4)");
  CHECK(sc_is_local(sc_gptr_make(me, 64)), "a pointer to me is local");
  CHECK(np == 1 || !sc_is_local(sc_gptr_make(right, 64)), "a pointer to the next process is not local");

  char *p = sc_all_alloc(64, 0);
  sc_gptr mine = sc_toglobal(me, p);
  CHECK(mine != SC_NULL, "toglobal of segment memory is not null");
  CHECK(sc_is_local(mine), "toglobal(me, p) is local");
  CHECK(sc_tolocal(mine) == p, "tolocal(toglobal(me, p)) == p");
  CHECK(sc_tolocal(sc_toglobal(me, p + 17)) == p + 17, "tolocal(toglobal(me, p + 17)) == p + 17");
  CHECK(sc_tolocal(sc_gadd(mine, 5, 8)) == p + 40, "tolocal(gadd(toglobal(me, p), 5, 8)) == p + 40");
  sc_gptr there = sc_toglobal(right, p);
  CHECK_EQ(sc_toproc(there), right, "toglobal(right, p) names the next process");
  CHECK_EQ(sc_tooffset(there), sc_tooffset(mine), "toglobal(right, p) has p's offset");
  CHECK(sc_tooffset(mine) >= 1, "a segment offset is not 0");
  sc_all_free(p);
  CHECK_EQ(sc_procs(), np, "procs");
  CHECK(me >= 0 && me < np, "myproc %d in range", me);
  const char *want = getenv("LIBSPLIT_TRANSPORT");
  if (want && *want)
    CHECK(strcmp(sc_transport_name(), want) == 0, "transport name %s, $LIBSPLIT_TRANSPORT %s",
          sc_transport_name(), want);
  CHECK(sc_transport_used() == (strcmp(sc_transport_name(), "am") == 0 ? SC_TRANSPORT_AM : SC_TRANSPORT_RMA),
        "transport_used agrees with transport_name %s", sc_transport_name());
}

static void test_alloc(void) {
  char *a = sc_all_alloc(1000, 0), *b = sc_all_alloc(24, 256), *c = sc_all_alloc(8, 0);
  uint64_t off[3] = {seg_off(a), seg_off(b), seg_off(c)};
  for (int i = 0; i < 3; i++) {
    CHECK_EQ(all_min_i64((int64_t)off[i]), (int64_t)off[i], "all_alloc block %d: smallest offset anywhere",
             i);
    CHECK_EQ(all_max_i64((int64_t)off[i]), (int64_t)off[i], "all_alloc block %d: largest offset anywhere", i);
  }
  CHECK((uintptr_t)a % 16 == 0 && (uintptr_t)c % 16 == 0,
        "sc_all_alloc(1000, 0) and (8, 0) returned %p and %p (offsets %" PRIu64 ", %" PRIu64
        "): not 16-byte aligned",
        (void *)a, (void *)c, off[0], off[2]);
  CHECK((uintptr_t)b % 256 == 0,
        "sc_all_alloc(24, 256) returned %p (offset %" PRIu64 "): not 256-byte aligned", (void *)b, off[1]);
  CHECK(off[1] >= off[0] + 1000 || off[1] + 24 <= off[0], "blocks a and b overlap");
  CHECK(off[2] >= off[1] + 24 || off[2] + 8 <= off[1], "blocks b and c overlap");
  CHECK(off[2] >= off[0] + 1000 || off[2] + 8 <= off[0], "blocks a and c overlap");
  memset(a, 1, 1000), memset(b, 2, 24), memset(c, 3, 8);
  sc_all_free(c), sc_all_free(b), sc_all_free(a);
  /* Freed memory is reusable: two blocks of 10 MiB one after the other fit in a 16 MiB segment. */
  for (int round = 0; round < 2; round++) {
    char *huge = sc_all_alloc(10 * MIB, 0);
    CHECK(huge != NULL, "all_alloc of 10 MiB, round %d", round);
    huge[0] = huge[10 * MIB - 1] = (char)round;
    sc_all_free(huge);
  }
  char *a2 = sc_all_alloc(1000, 0);
  CHECK_EQ(all_max_i64((int64_t)seg_off(a2)) - all_min_i64((int64_t)seg_off(a2)), 0,
           "offset after free/alloc is symmetric");

  /* Local blocks: mine only, reached by the others through the global pointer I give them. */
  enum { LB = 4096 };
  unsigned char *loc = sc_local_alloc(LB);
  unsigned char *loc2 = sc_local_alloc(100);
  CHECK(loc != NULL && loc2 != NULL, "local_alloc");
  CHECK(loc2 + 100 <= loc || loc + LB <= loc2, "two local blocks overlap");
  CHECK(loc + LB <= (unsigned char *)a2 || (unsigned char *)a2 + 1000 <= loc,
        "local block overlaps a symmetric one");
  pat_fill(loc, LB / 2, me, 7);
  memset(loc + LB / 2, 0, LB / 2);
  int64_t *gp = calloc((size_t)np, sizeof *gp);
  gp[me] = (int64_t)sc_toglobal(me, loc);
  sc_all_reduce(sc_team_all, gp, (size_t)np, SC_I64, SC_SUM);   /* everybody's pointer */
  CHECK_EQ(sc_toproc((sc_gptr)gp[right]), right, "the next process's local block pointer");
  unsigned char got[LB / 2];
  sc_get(got, (sc_gptr)gp[right], LB / 2);
  sc_sync();
  CHECK_PAT(got, LB / 2, right, 7, "get from the next process's local block");
  unsigned char mine[LB / 2];
  pat_fill(mine, LB / 2, me, 8);
  sc_put(sc_gadd((sc_gptr)gp[right], LB / 2, 1), mine, LB / 2);
  sc_sync();
  sc_barrier();
  CHECK_PAT(loc + LB / 2, LB / 2, left, 8, "put into my local block by the previous process");
  sc_barrier();
  free(gp);
  sc_local_free(loc2);
  sc_local_free(loc);
  sc_all_free(a2);
}

/* get, put, store, read and write of n bytes to target t, with every way of completing them. */
static void test_transfers(size_t n, int t, int tagbase) {
  unsigned char *buf = malloc(n), *buf2 = malloc(n);
  int from = origin_of(t);
  const char *where = t == me ? "to myself" : "to the next process";
  size_t piece = n >= 64 ? n / 8 : n;

  /* get, implicit counter: several outstanding, one sync. */
  memset(buf, 0, n);
  for (size_t o = 0; o < n; o += piece) sc_get(buf + o, on(t, src_area + o), piece);
  sc_sync();
  CHECK_PAT(buf, n, t, 0, "get %zu bytes %s", n, where);

  /* get, explicit counter, completed by polling sc_test_ctr; then one completed by sc_sync_ctr. */
  memset(buf, 0, n);
  sc_ctr c = SC_CTR_INIT;
  for (size_t o = 0; o < n; o += piece) sc_get_ctr(buf + o, on(t, src_area + o), piece, &c);
  long polls = 0;
  while (!sc_test_ctr(&c)) polls++;
  CHECK_PAT(buf, n, t, 0, "get_ctr %zu bytes %s after sc_test_ctr (%ld polls)", n, where, polls);
  CHECK(sc_test_ctr(&c), "sc_test_ctr of a completed counter");
  memset(buf2, 0, n);
  sc_get_ctr(buf2, on(t, src_area), n, &c);
  sc_sync_ctr(&c);
  CHECK_PAT(buf2, n, t, 0, "get_ctr %zu bytes %s after sc_sync_ctr", n, where);

  /* put, implicit counter; the source is changed after the sync, before anyone looks. */
  memset(put_area, 0, n);
  sc_barrier();
  pat_fill(buf, n, me, tagbase + 1);
  for (size_t o = 0; o < n; o += piece) sc_put(on(t, put_area + o), buf + o, piece);
  sc_sync();
  memset(buf, 0xee, n);
  sc_barrier();
  CHECK_PAT(put_area, n, from, tagbase + 1, "put %zu bytes %s (sync, barrier)", n, where);
  sc_barrier();

  /* put, explicit counter, polled. */
  memset(put_area, 0, n);
  sc_barrier();
  pat_fill(buf, n, me, tagbase + 2);
  sc_ctr pc = SC_CTR_INIT;
  for (size_t o = 0; o < n; o += piece) sc_put_ctr(on(t, put_area + o), buf + o, piece, &pc);
  while (!sc_test_ctr(&pc)) sc_poll();
  memset(buf, 0xee, n);
  sc_barrier();
  CHECK_PAT(put_area, n, from, tagbase + 2, "put_ctr %zu bytes %s (test_ctr, barrier)", n, where);
  sc_barrier();

  /* A get after my own put and sync sees the put. */
  pat_fill(buf, n, me, tagbase + 7);
  sc_put(on(t, put_area), buf, n);
  sc_sync();
  memset(buf2, 0, n);
  sc_get(buf2, on(t, put_area), n);
  sc_sync();
  CHECK_PAT(buf2, n, me, tagbase + 7, "get %zu bytes %s after my put and sync", n, where);
  sc_barrier();

  /* get and put completed by sc_barrier alone. */
  memset(put_area, 0, n);
  memset(buf2, 0, n);
  sc_barrier();
  pat_fill(buf, n, me, tagbase + 3);
  sc_put(on(t, put_area), buf, n);
  sc_get(buf2, on(t, src_area), n);
  sc_barrier();
  CHECK_PAT(put_area, n, from, tagbase + 3, "put %zu bytes %s completed by sc_barrier", n, where);
  CHECK_PAT(buf2, n, t, 0, "get %zu bytes %s completed by sc_barrier", n, where);
  sc_barrier();

  /* store + all_store_sync; the source is changed after sc_store_local_sync. */
  memset(sto_area, 0, n);
  sc_barrier();
  pat_fill(buf, n, me, tagbase + 4);
  for (size_t o = 0; o < n; o += piece) sc_store(on(t, sto_area + o), buf + o, piece);
  sc_store_local_sync();
  memset(buf, 0xee, n);
  sc_all_store_sync();
  CHECK_PAT(sto_area, n, from, tagbase + 4, "store %zu bytes %s (store_local_sync, all_store_sync)", n,
            where);
  sc_barrier();

  /* store + store_sync(n) at the receiver, which knows that n bytes come. */
  memset(sto_area, 0, n);
  sc_barrier();
  pat_fill(buf, n, me, tagbase + 5);
  sc_store(on(t, sto_area), buf, n);
  sc_store_sync(n);
  CHECK_PAT(sto_area, n, from, tagbase + 5, "store %zu bytes %s (store_sync(%zu))", n, where, n);
  sc_store_local_sync();
  sc_barrier();

  /* read and write; a read after my own write sees it. */
  memset(buf2, 0, n);
  sc_read(buf2, on(t, src_area), n);
  CHECK_PAT(buf2, n, t, 0, "read %zu bytes %s", n, where);
  memset(put_area, 0, n);
  sc_barrier();
  pat_fill(buf, n, me, tagbase + 6);
  sc_write(on(t, put_area), buf, n);
  memset(buf, 0xee, n);
  memset(buf2, 0, n);
  sc_read(buf2, on(t, put_area), n);
  CHECK_PAT(buf2, n, me, tagbase + 6, "read back %zu bytes just written %s", n, where);
  sc_barrier();
  CHECK_PAT(put_area, n, from, tagbase + 6, "write %zu bytes %s", n, where);
  sc_barrier();
  free(buf);
  free(buf2);
}

/* ---- strided sections ---- */

/* The byte offset of element number k (row-major order) of section s. */
static ptrdiff_t sec_at(const sc_section *s, size_t k) {
  ptrdiff_t off = 0;
  for (int d = s->ndim - 1; d >= 0; d--) {
    off += (ptrdiff_t)(k % s->count[d]) * s->stride[d];
    k /= s->count[d];
  }
  return off;
}
static size_t sec_n(const sc_section *s) {
  size_t n = 1;
  for (int d = 0; d < s->ndim; d++) n *= s->count[d];
  return n;
}
static sc_section sec1(size_t elem, size_t c0, ptrdiff_t s0) {
  return (sc_section){1, elem, {c0, 1, 1}, {s0, 0, 0}};
}
static sc_section sec2(size_t elem, size_t c0, ptrdiff_t s0, size_t c1, ptrdiff_t s1) {
  return (sc_section){2, elem, {c0, c1, 1}, {s0, s1, 0}};
}
static sc_section sec3(size_t elem, size_t c0, ptrdiff_t s0, size_t c1, ptrdiff_t s1, size_t c2,
                       ptrdiff_t s2) {
  return (sc_section){3, elem, {c0, c1, c2}, {s0, s1, s2}};
}

/* After a section transfer: element k of section ds at dst equals element k of ss at src, and
 * the bytes of dst (dst_bytes long) outside ds still hold the fill byte. */
static void check_section(const char *what, const unsigned char *dst, size_t dst_bytes, const sc_section *ds,
                          const unsigned char *src, const sc_section *ss, unsigned char fill) {
  size_t n = sec_n(ds);
  CHECK_EQ(n, sec_n(ss), "%s: element counts of the shapes", what);
  CHECK_EQ(sc_section_bytes(ds), n * ds->elem, "%s: sc_section_bytes", what);
  unsigned char *covered = calloc(dst_bytes, 1);
  int bad = 0;
  for (size_t k = 0; k < n && !bad; k++) {
    ptrdiff_t d = sec_at(ds, k), s = sec_at(ss, k);
    if (memcmp(dst + d, src + s, ds->elem) != 0) {
      CHECK(0, "%s: element %zu (dst byte %td, src byte %td) differs", what, k, d, s);
      bad = 1;
    }
    memset(covered + d, 1, ds->elem);
  }
  for (size_t i = 0; i < dst_bytes && !bad; i++)
    if (!covered[i] && dst[i] != fill) {
      CHECK(0, "%s: byte %zu outside the section was changed", what, i);
      bad = 1;
    }
  free(covered);
}

enum { R = 8, C = 10 };                       /* a row-major R x C array of int64 */
enum { D0 = 4, D1 = 5, D2 = 6 };              /* a D0 x D1 x D2 array of int32 */
enum { BR = 512, BC = 512 };                  /* a big BR x BC array of int64 (2 MiB) */

static void fill_src(unsigned char *p, size_t n, int proc) { pat_fill(p, n, proc, 40); }

static void test_sections(int t, sc_stctr k) {
  const char *where = t == me ? "myself" : "the next process";
  int from = origin_of(t);
  /* Source arrays live at the start of src_area (pattern 40 of the owner); destinations are
   * local buffers (gets) or put_area/sto_area (puts, stores). */
  unsigned char *arr2 = src_area, *arr3 = src_area + 4096, *big = src_area + 65536;
  unsigned char *their = malloc(65536 + BR * BC * 8);
  fill_src(their, 65536 + BR * BC * 8, t);          /* what t's src_area holds */
  unsigned char *mine = malloc(65536 + BR * BC * 8);
  fill_src(mine, 65536 + BR * BC * 8, me);
  unsigned char *fromsrc = malloc(65536);
  fill_src(fromsrc, 65536, from);
  char what[128];
  unsigned char loc[4096];
  sc_ctr c = SC_CTR_INIT;

  /* a) get column 3 of t's R x C array into a contiguous vector. */
  sc_section ss = sec1(8, R, C * 8), ds = sec1(8, R, 8);
  memset(loc, 0xaa, sizeof loc);
  sc_get_section(loc, &ds, on(t, arr2 + 3 * 8), &ss, &c);
  sc_sync_ctr(&c);
  snprintf(what, sizeof what, "get_section column of a 2-D array from %s", where);
  check_section(what, loc, sizeof loc, &ds, their + 3 * 8, &ss, 0xaa);

  /* b) get the 2-D block rows 2..5, columns 3..8 into a local 4 x 7 array at column 1. */
  ss = sec2(8, 4, C * 8, 6, 8);
  ds = sec2(8, 4, 7 * 8, 6, 8);
  memset(loc, 0xaa, sizeof loc);
  sc_get_section(loc + 8, &ds, on(t, arr2 + (2 * C + 3) * 8), &ss, &c);
  while (!sc_test_ctr(&c)) sc_poll();
  snprintf(what, sizeof what, "get_section 2-D block from %s", where);
  check_section(what, loc + 8, sizeof loc - 8, &ds, their + (2 * C + 3) * 8, &ss, 0xaa);

  /* c) the same 24 elements into every other element of a vector (shapes differ). */
  ds = sec1(8, 24, 16);
  memset(loc, 0xaa, sizeof loc);
  sc_get_section(loc, &ds, on(t, arr2 + (2 * C + 3) * 8), &ss, &c);
  sc_sync_ctr(&c);
  snprintf(what, sizeof what, "get_section 2-D block into a strided vector from %s", where);
  check_section(what, loc, sizeof loc, &ds, their + (2 * C + 3) * 8, &ss, 0xaa);

  /* d) 3-D: every other plane, every other row, every third int32 of D0 x D1 x D2, into a 3 x 4
   * contiguous array (elements of 4 bytes). */
  ss = sec3(4, 2, 2 * D1 * D2 * 4, 3, 2 * D2 * 4, 2, 3 * 4);
  ds = sec2(4, 3, 4 * 4, 4, 4);
  memset(loc, 0xaa, sizeof loc);
  sc_get_section(loc, &ds, on(t, arr3 + (D1 * D2) * 4), &ss, &c);
  sc_sync_ctr(&c);
  snprintf(what, sizeof what, "get_section 3-D into 2-D from %s", where);
  check_section(what, loc, sizeof loc, &ds, their + 4096 + (D1 * D2) * 4, &ss, 0xaa);

  /* e) bulk: columns 100..355 of rows 7..262 of t's 512 x 512 array (512 KiB, rows of 2 KiB). */
  ss = sec2(8, 256, BC * 8, 256, 8);
  ds = sec2(8, 256, 256 * 8, 256, 8);
  unsigned char *bulk = malloc(256 * 256 * 8);
  memset(bulk, 0xaa, 256 * 256 * 8);
  sc_get_section(bulk, &ds, on(t, big + (7 * BC + 100) * 8), &ss, &c);
  sc_sync_ctr(&c);
  snprintf(what, sizeof what, "get_section 256 x 256 block of a 512 x 512 array from %s", where);
  check_section(what, bulk, 256 * 256 * 8, &ds, their + 65536 + (7 * BC + 100) * 8, &ss, 0xaa);
  /* and a whole column of it (512 elements 4 KiB apart). */
  ss = sec1(8, BR, BC * 8);
  ds = sec1(8, BR, 8);
  memset(bulk, 0xaa, 256 * 256 * 8);
  sc_get_section(bulk, &ds, on(t, big + 511 * 8), &ss, &c);
  sc_sync_ctr(&c);
  snprintf(what, sizeof what, "get_section last column of a 512 x 512 array from %s", where);
  check_section(what, bulk, 256 * 256 * 8, &ds, their + 65536 + 511 * 8, &ss, 0xaa);
  free(bulk);

  /* f) put a contiguous vector into column 5 of t's R x C array in put_area. */
  memset(put_area, 0xaa, 4096);
  sc_barrier();
  ds = sec1(8, R, C * 8);
  ss = sec1(8, R, 8);
  sc_put_section(on(t, put_area + 5 * 8), &ds, mine, &ss, &c);
  sc_sync_ctr(&c);
  sc_barrier();
  snprintf(what, sizeof what, "put_section into a column of %s", where);
  check_section(what, put_area + 5 * 8, 4096 - 5 * 8, &ds, fromsrc, &ss, 0xaa);
  sc_barrier();

  /* g) put a strided vector (12 elements 16 bytes apart) into a 2 x 2 x 3 box (every other
   * plane) of a 4 x 4 x 4 int64 array. */
  memset(put_area, 0xaa, 4096);
  sc_barrier();
  ss = sec1(8, 12, 16);
  ds = sec3(8, 2, 16 * 8 * 2, 2, 4 * 8, 3, 8);
  sc_put_section(on(t, put_area + (16 + 4 + 1) * 8), &ds, mine + 8, &ss, &c);
  while (!sc_test_ctr(&c)) sc_poll();
  sc_barrier();
  snprintf(what, sizeof what, "put_section strided vector into a 3-D box of %s", where);
  check_section(what, put_area + (16 + 4 + 1) * 8, 4096 - (16 + 4 + 1) * 8, &ds, fromsrc + 8, &ss, 0xaa);
  sc_barrier();

  /* h) store a 2-D block (3 x 4 of the R x C array) into a column vector of t on counter k; the
   * receiver waits for exactly the payload bytes. */
  memset(sto_area, 0xaa, 4096);
  sc_barrier();
  ss = sec2(8, 3, C * 8, 4, 8);
  ds = sec1(8, 12, 3 * 8);
  sc_store_section(on(t, sto_area), &ds, mine + (C + 1) * 8, &ss, k);
  sc_store_sync_ctr(k, sc_section_bytes(&ds));
  snprintf(what, sizeof what, "store_section 2-D into a strided vector of %s (store_sync_ctr)", where);
  check_section(what, sto_area, 4096, &ds, fromsrc + (C + 1) * 8, &ss, 0xaa);
  CHECK(!sc_store_test_ctr(k, 1), "store counter %d has nothing left after store_sync_ctr", (int)k);
  sc_store_local_sync();
  sc_barrier();

  /* i) store a 3-D box of 24-byte elements from a contiguous source on counter 0 +
   * all_store_sync. */
  memset(sto_area, 0xaa, 4096);
  sc_barrier();
  ss = sec1(24, 12, 24);
  ds = sec3(24, 2, 24 * 12, 3, 24 * 3, 2, 24 * 2);
  sc_store_section(on(t, sto_area + 24), &ds, mine + 100, &ss, SC_STCTR_DEFAULT);
  sc_all_store_sync();
  snprintf(what, sizeof what, "store_section 24-byte elements into a 3-D box of %s (all_store_sync)", where);
  check_section(what, sto_area + 24, 4096 - 24, &ds, fromsrc + 100, &ss, 0xaa);
  sc_barrier();

  free(their);
  free(mine);
  free(fromsrc);
}

/* ---- atomics ---- */

static void test_atomics(void) {
  enum { K = 60, M = 25 };
  int64_t *w = sc_all_alloc(4 * 8, 0);
  memset(w, 0, 4 * 8);
  sc_barrier();
  sc_gptr cnt = on(0, &w[0]), sum = on(np - 1, &w[1]);
  int *seen = calloc((size_t)np * K, sizeof *seen);
  int64_t last = -1;
  for (int i = 0; i < K; i++) {
    int64_t v = sc_fetch_add_i64(cnt, 1);
    if (v >= 0 && v < (int64_t)np * K) seen[v]++;
    else CHECK(0, "fetch_add returned %" PRId64 ", outside [0, %d)", v, np * K);
    int64_t s = sc_fetch_add_i64(sum, me + 1);
    CHECK(s > last, "fetch_add(+%d) results grow: %" PRId64 " after %" PRId64, me + 1, s, last);
    last = s;
  }
  sc_all_reduce(sc_team_all, seen, (size_t)np * K, SC_I32, SC_SUM);
  int dup = 0;
  for (int v = 0; v < np * K; v++)
    if (seen[v] != 1 && dup++ < 3) CHECK(0, "fetch_add result %d was returned %d times", v, seen[v]);
  free(seen);
  sc_barrier();
  int64_t final;
  sc_read(&final, cnt, 8);
  CHECK_EQ(final, (int64_t)np * K, "counter after %d fetch_add(1) by %d processes", K, np);
  sc_read(&final, sum, 8);
  CHECK_EQ(final, (int64_t)K * np * (np + 1) / 2, "sum after fetch_add(me + 1)");
  CHECK_EQ(sc_fetch_add_i64(on(me, &w[3]), -5), 0, "fetch_add(-5) on a fresh local word");
  CHECK_EQ(w[3], -5, "local word after fetch_add(-5)");
  sc_barrier();

  /* compare-and-swap: a failing one changes nothing and returns the old value. */
  if (me == 0) {
    sc_gptr g = on(np - 1, &w[3]);
    CHECK_EQ(sc_cswap_i64(g, 12345, 7), -5, "cswap with a wrong expectation returns the old value");
    CHECK_EQ(sc_cswap_i64(g, -5, 9), -5, "cswap with the right expectation returns the old value");
    CHECK_EQ(sc_cswap_i64(g, 9, 9), 9, "cswap stored the new value");
  }
  sc_barrier();
  memset(w, 0, 4 * 8);
  sc_barrier();

  /* compare-and-swap as a lock around read-modify-write with blocking read and write. */
  sc_gptr lock = on(np / 2, &w[0]), owner = on(0, &w[1]), shared = on(np - 1, &w[2]);
  for (int i = 0; i < M; i++) {
    int64_t old;
    while ((old = sc_cswap_i64(lock, 0, me + 1)) != 0) {
      CHECK(old >= 1 && old <= np && old != me + 1, "lock held by %" PRId64, old);
      sc_poll();
    }
    int64_t o, v;
    sc_read(&o, owner, 8);
    CHECK_EQ(o, 0, "owner word on entering the critical section");
    o = me + 1;
    sc_write(owner, &o, 8);
    sc_read(&v, shared, 8);
    v++;
    sc_write(shared, &v, 8);
    sc_read(&o, owner, 8);
    CHECK_EQ(o, me + 1, "owner word inside the critical section");
    o = 0;
    sc_write(owner, &o, 8);
    CHECK_EQ(sc_cswap_i64(lock, me + 1, 0), me + 1, "releasing the lock");
  }
  sc_barrier();
  int64_t v;
  sc_read(&v, shared, 8);
  CHECK_EQ(v, (int64_t)np * M, "increments under the cswap lock");
  sc_barrier();
  sc_all_free(w);
}

/* ---- store counters ---- */

static void test_store_counters(void) {
  sc_stctr k1 = sc_stctr_alloc(), k2 = sc_stctr_alloc();
  CHECK(k1 != SC_STCTR_DEFAULT && k2 != SC_STCTR_DEFAULT && k1 != k2, "new store counters %d %d", (int)k1,
        (int)k2);
  CHECK_EQ(all_min_i64(k1), k1, "stctr_alloc gives the same id everywhere");
  CHECK_EQ(all_max_i64(k2), k2, "stctr_alloc gives the same id everywhere");
  unsigned char *box = sc_all_alloc(4096, 0);
  memset(box, 0, 4096);
  unsigned char out[4096];
  pat_fill(out, sizeof out, me, 50);
  sc_barrier();
  /* k1: 8 + 16 + 24 bytes; k2: 40 + 100 bytes, to the next process. */
  static const size_t sz1[] = {8, 16, 24}, sz2[] = {40, 100};
  size_t o = 0;
  for (int i = 0; i < 2; i++, o += 256) sc_store_ctr(on(right, box + 2048 + o), out + 2048 + o, sz2[i], k2);
  o = 0;
  for (int i = 0; i < 3; i++, o += 256) sc_store_ctr(on(right, box + o), out + o, sz1[i], k1);
  sc_store_sync_ctr(k2, 140);
  unsigned char want[4096];
  pat_fill(want, sizeof want, left, 50);
  for (int i = 0; i < 2; i++)
    CHECK(memcmp(box + 2048 + 256 * i, want + 2048 + 256 * i, sz2[i]) == 0,
          "store %d on counter k2 after store_sync_ctr(k2, 140)", i);
  CHECK(!sc_store_test_ctr(k2, 1), "k2 is empty after its 140 bytes");
  sc_store_sync_ctr(k1, 48);
  for (int i = 0; i < 3; i++)
    CHECK(memcmp(box + 256 * i, want + 256 * i, sz1[i]) == 0,
          "store %d on counter k1 after store_sync_ctr(k1, 48)", i);
  CHECK(!sc_store_test_ctr(k1, 1), "k1 is empty after its 48 bytes");
  CHECK(!sc_store_test_ctr(SC_STCTR_DEFAULT, 1), "the default counter saw none of the k1/k2 bytes");
  sc_store_local_sync();
  sc_barrier();
  sc_all_free(box);
  sc_stctr_free(k2);
  sc_stctr_free(k1);
  /* Many counters can be allocated and freed. */
  sc_stctr ks[20];
  for (int i = 0; i < 20; i++) ks[i] = sc_stctr_alloc();
  for (int i = 0; i < 20; i++)
    for (int j = 0; j < i; j++)
      CHECK(ks[i] != ks[j], "store counters %d and %d are both %d", i, j, (int)ks[i]);
  for (int i = 19; i >= 0; i--) sc_stctr_free(ks[i]);
}

int main(int argc, char **argv) {
  check_init(&argc, &argv);
  me = sc_myproc();
  np = sc_procs();
  right = (me + 1) % np;
  left = (me + np - 1) % np;
  test_gptr();
  test_alloc();

  src_area = sc_all_alloc(4 * MIB, 0);
  put_area = sc_all_alloc(MIB, 0);
  sto_area = sc_all_alloc(MIB, 0);
  fill_src(src_area, 4 * MIB, me);
  pat_fill(src_area, MIB, me, 0);   /* the first MiB: pattern 0 for the plain transfers */
  sc_barrier();
  static const size_t sizes[] = {8, 64 << 10, 1 << 20};
  for (int s = 0; s < 3; s++) {
    test_transfers(sizes[s], right, 10 * s);
    test_transfers(sizes[s], me, 10 * s + 100);
  }
  /* Sections read pattern 40 from src_area. */
  fill_src(src_area, 4 * MIB, me);
  sc_barrier();
  sc_stctr k = sc_stctr_alloc();
  test_sections(right, k);
  test_sections(me, k);
  sc_stctr_free(k);
  test_atomics();
  test_store_counters();
  sc_stats_print();
  return check_done("prim");
}
